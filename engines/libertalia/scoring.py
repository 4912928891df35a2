"""Libertalia: the end of a campaign (End abilities, scoring, cleanup) and the outcome."""
from __future__ import annotations

from engines.base import Outcome, T, public

from . import data as D
from .data import AMOUNTS as A
from .data import RULES, TOKEN_ORDER, TOKENS
from .texts import _name


class Scoring:
    """End of campaign and outcome (mixin of LibertaliaEngine)."""

    def _end_amounts(self, state) -> dict[str, list[tuple[int, int]]]:
        """Every den's End abilities and their doubloon changes, by descending rank."""
        seats = state["seats"]
        P = state["players"]
        den_sizes = {s: len(P[s]["den"]) for s in seats}
        smallest = min(den_sizes.values())
        daughters = sum(1 for s in seats if D.DAUGHTER in P[s]["den"])
        out = {}
        for s in seats:
            p = P[s]
            parts: list[tuple[int, int]] = []
            for rank in sorted(p["den"], reverse=True):
                amount = None
                if rank == D.PREACHER:
                    amount = A["preacher_end"]
                elif rank == D.CARPENTER:
                    amount = A["carpenter_end"]
                elif rank == D.TOPMAN:
                    amount = A["topman"] if den_sizes[s] == smallest else 0
                elif rank == D.TREASURER:
                    amount = A["treasurer"] * sum(self._count(p, t) for t in D.TREASURER_TYPES)
                elif rank == D.GAMBLER:
                    amount = A["gambler_end"]
                elif rank == D.DAUGHTER:
                    amount = A["daughter_alone"] if daughters == 1 else A["daughter_shared"]
                elif rank == D.QUARTERMASTER:
                    amount = A["quartermaster_end"]
                elif rank == D.FIRST_MATE:
                    amount = A["first_mate"] * len(p["den"])
                elif rank == D.CAPTAIN:
                    amount = A["captain_per_relic"] * self._count(p, "relic")
                if amount is not None:
                    parts.append((rank, amount))
            out[s] = parts
        return out

    def _step_end(self, state, events):
        if state["end_queue"]:
            seat, rank = state["end_queue"].pop(0)
            self._ask(state, "end", seat, rank)
            return
        self._end_campaign(state, events)

    def _end_campaign(self, state, events):
        seats = state["seats"]
        P = state["players"]
        skipped = [tuple(x) for x in state.pop("end_skip", [])]
        state.pop("end_queue", None)
        amounts = self._end_amounts(state)
        results = {}
        for s in seats:
            p = P[s]
            parts = [(rank, amount) for rank, amount in amounts[s] if (s, rank) not in skipped]
            before = p["doubloons"]
            if RULES["end_of_campaign"] == "net_then_floor":
                after = max(0, before + sum(a for _, a in parts))
            else:   # "sequential": one by one in descending rank, each loss floored at 0
                after = before
                for _, a in parts:
                    after = max(0, after + a)
            c, j, g = (self._count(p, t) for t in ("chest", "jewels", "goods"))
            m, rel = self._count(p, "map"), self._count(p, "relic")
            values = [before, after - before, TOKENS["chest"].value * c,
                      TOKENS["jewels"].value * j, TOKENS["goods"].value * g,
                      D.MAP_SET_VALUE * (m // D.MAP_SET), TOKENS["relic"].value * rel]
            bd = dict(zip(D.CATEGORY_IDS, values))
            raw = sum(bd.values())
            bd[D.CATEGORY_IDS[-1]] = max(0, raw) - raw   # the result is never negative
            result = max(0, raw)
            p["doubloons"] = after
            p["score"] += result
            p["campaign_scores"].append(result)
            p["breakdowns"].append(bd)
            results[s] = result
            for rank, amount in parts:
                if amount >= 0:
                    if events is not None:
                        events.append(public("End of campaign: {seat}'s {card} earns {n} doubloon.",
                                             plural="End of campaign: {seat}'s {card} earns {n} "
                                                    "doubloons.",
                                             seat=s, card=_name(rank), n=amount))
                else:
                    if events is not None:
                        events.append(public("End of campaign: {seat}'s {card} costs {n} doubloon.",
                                             plural="End of campaign: {seat}'s {card} costs {n} "
                                                    "doubloons.",
                                             seat=s, card=_name(rank), n=-amount))
            loot = {t: self._count(p, t) for t in TOKEN_ORDER if self._count(p, t)}
            if events is not None:
                events.append(public(
                    "{seat} scores {n} point for campaign {campaign} ({doubloons} from doubloons, "
                    "{loot} from loot); total {total}.",
                    plural="{seat} scores {n} points for campaign {campaign} ({doubloons} from "
                           "doubloons, {loot} from loot); total {total}.",
                    kind="scoring", seat=s, n=result, campaign=state["campaign"], doubloons=after,
                    loot=result - after, total=p["score"],
                    data={"seat": s, "campaign": state["campaign"], "result": result,
                          "breakdown": bd, "loot": loot, "total": p["score"]}))
        if state["campaign"] >= D.CAMPAIGNS:
            state["phase"] = "finished"
            state["finished"] = True
            state["pending"] = None
            o = self.outcome(state)
            if events is not None:
                events.append(public("The game is over. Winner: {winners}.", kind="game_end",
                                     plural="The game is over. Winners: {winners}.",
                                     winners=o.winners, n=len(o.winners),
                                     data={"scores": o.scores, "ranks": o.ranks}))
            return
        for s in seats:   # cleanup: dens and graveyards leave the game, hands are kept
            P[s]["den"], P[s]["grave"], P[s]["loot"], P[s]["secret"] = [], [], {}, {}
        self._start_campaign(state, events)

    def outcome(self, state) -> Outcome | None:
        if not state["finished"]:
            return None
        seats = state["seats"]
        P = state["players"]
        scores = {s: P[s]["score"] for s in seats}
        use_c3 = state["options"].get("final_tiebreak") == "campaign3"

        def key(s):
            return (scores[s], P[s]["campaign_scores"][-1] if use_c3 else 0)

        ranks = {s: 1 + sum(1 for o in seats if key(o) > key(s)) for s in seats}
        breakdown = {}
        for s in seats:
            bd = {c: 0 for c in D.CATEGORY_IDS}
            for b in P[s]["breakdowns"]:
                for k, v in b.items():
                    bd[k] += v
            breakdown[s] = bd
        winners = [s for s in seats if ranks[s] == 1]
        notes = []
        seen = set()
        for s in seats:
            group = [o for o in seats if scores[o] == scores[s]]
            if len(group) < 2 or scores[s] in seen:
                continue
            seen.add(scores[s])
            if use_c3 and len({key(o) for o in group}) > 1:
                notes.append(T("{seats} tied on {n} point; the one with more points in "
                               "campaign 3 ranks higher.",
                               plural="{seats} tied on {n} points; the one with more points in "
                                      "campaign 3 ranks higher.", seats=group, n=scores[s]))
            else:
                notes.append(T("{seats} tied on {n} point and share the place.",
                               plural="{seats} tied on {n} points and share the place.",
                               seats=group, n=scores[s]))
        tiebreak = None
        for note in reversed(notes):     # one sentence after the other
            tiebreak = note if tiebreak is None else T("{first} {then}", first=note, then=tiebreak)
        return Outcome(scores, ranks, breakdown, winners, tiebreak)
