"""Glen More: the three scorings, the final scoring and the outcome."""
from __future__ import annotations

from engines.base import Event, Outcome, State, T, private, public

from . import data as D
from .common import SCORING_CATEGORIES, SCORING_PARTS, PARTS, held, chieftain_value
from .texts import _, vp as n_vp


class ScoringMixin:
    """Victory points, scorings and the end of the game."""

    def _add_vp(self, state: State, seat: str, part: str, vp: int) -> None:
        p = state["players"][seat]
        p["vp"] += vp
        p["parts"][part] = p["parts"].get(part, 0) + vp

    def scoring_values(self, state: State) -> dict[str, dict[str, int]]:
        out = {}
        for s in state["seats"]:
            p = state["players"][s]
            out[s] = {"whisky": p["whisky"], "chieftains": chieftain_value(p),
                      "special locations": len(p["cards"])}
        return out

    def _scoring(self, state: State, k: int, events: list[Event]) -> None:
        vals = self.scoring_values(state)
        result: dict[str, dict] = {s: {} for s in state["seats"]}
        for cat in SCORING_CATEGORIES:
            low = min(vals[s][cat] for s in state["seats"])
            for s in state["seats"]:
                d = vals[s][cat] - low
                vp = D.difference_vp(d)
                self._add_vp(state, s, SCORING_PARTS[k][cat], vp)
                result[s][cat] = {"value": vals[s][cat], "difference": d, "vp": vp}
        state["scorings"] = k
        events.append(public("Scoring {k} of 3: whisky, chieftains and special locations "
                             "are compared with the lowest player.", kind="scoring",
                             data={"scoring": k, "result": result}, k=k))
        for s in state["seats"]:
            events.append(private(s, "Scoring {k}: you gain {vp}; your score is now {score}.",
                                  k=k, vp=n_vp(sum(v["vp"] for v in result[s].values())),
                                  score=n_vp(state["players"][s]["vp"])))

    def _final(self, state: State, events: list[Event]) -> None:
        if state["finished"]:
            return
        seats = state["seats"]
        counts = {s: len(state["players"][s]["tiles"]) for s in seats}
        low = min(counts.values())
        for s in seats:
            p = state["players"][s]
            types = [D.TILES[t["id"]] for t in p["tiles"]]
            if "Iona Abbey" in p["cards"]:
                self._add_vp(state, s, "Iona Abbey", D.CARDS["Iona Abbey"]["vp"] *
                             sum(1 for t in types if t["colour"] == D.YELLOW_COLOUR))
            if "Loch Morar" in p["cards"]:
                self._add_vp(state, s, "Loch Morar", D.CARDS["Loch Morar"]["vp"] *
                             sum(1 for t in types if t["colour"] == D.GREEN_COLOUR))
            if "Duart Castle" in p["cards"]:
                self._add_vp(state, s, "Duart Castle", D.CARDS["Duart Castle"]["vp"] *
                             sum(1 for t in types if t["type"] in D.VILLAGE_TYPES))
            self._add_vp(state, s, "Coins", p["coins"] * D.VP_PER_COIN)
            self._add_vp(state, s, "Tile penalty", -D.TILE_PENALTY * (counts[s] - low))
        scores = {s: state["players"][s]["vp"] for s in seats}
        cubes = {s: sum(held(state["players"][s]).values()) for s in seats}
        ranks = {s: 1 + sum(1 for o in seats if (scores[o], cubes[o]) > (scores[s], cubes[s]))
                 for s in seats}
        best = max(scores.values())
        tied = [s for s in seats if scores[s] == best]
        tiebreak = None
        if len(tied) > 1:
            top = max(cubes[s] for s in tied)
            still = [s for s in tied if cubes[s] == top]
            if len(still) > 1:
                tiebreak = {"msg": _("Tied on points and on resource cubes: a shared victory "
                                     "for {players}."), "players": still}
            else:
                tiebreak = {"msg": _("Tied on points: {player} wins with more resource cubes."),
                            "players": still}
        state["result"] = {"scores": scores, "ranks": ranks, "cubes": cubes, "tiebreak": tiebreak,
                           "breakdown": {s: {k: state["players"][s]["parts"].get(k, 0) for k in PARTS}
                                         for s in seats}}
        state["finished"] = True
        state["turn"] = None
        winners = [s for s in seats if ranks[s] == 1]
        events.append(public("Game over. Final scoring: end-game cards, coins and the tile "
                             "penalty. Winner: {winners}.", kind="game_end",
                             data={"scores": scores, "ranks": ranks,
                                   "breakdown": state["result"]["breakdown"]},
                             plural="Game over. Final scoring: end-game cards, coins and the "
                                    "tile penalty. Winners: {winners}.",
                             n=len(winners), winners=winners))

    def outcome(self, state: State) -> Outcome | None:
        res = state.get("result")
        if not state["finished"] or not res:
            return None
        tb = None
        if res["tiebreak"]:
            still = list(res["tiebreak"]["players"])
            tb = T(res["tiebreak"]["msg"], player=still[0], players=still)
        return Outcome(scores=dict(res["scores"]), ranks=dict(res["ranks"]),
                       breakdown={s: dict(b) for s, b in res["breakdown"].items()},
                       winners=[s for s in state["seats"] if res["ranks"][s] == 1], tiebreak=tb)
