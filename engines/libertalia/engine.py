"""Libertalia (Paolo Mori, 2012) — the pure rules engine.

State machine: each day starts with a secret simultaneous pick ("pick"); the reveal lines the
characters up on the ship; then "day" (ascending), "dusk" (descending, loot), "night" (all dens,
one global descending order). The engine runs automatically until a seat must decide something
(``state["pending"]``); a decision with a single possible answer is taken automatically.
After day 6 the campaign is scored; after campaign 3 the game ends.

Rules decisions (docs/rules/libertalia.md §18). Switchable ones live in ``data.RULES`` and are
all read here: Q3 French Officer threshold, Q8 Gunner pays without a target / may aim at his
own den, Q12 Spy returns his officers before drawing, Q14 end-of-campaign netting
("net_then_floor") or one-by-one ("sequential"), Q19 halving rounds the loss down, Q21 a lone
Mutineer gains nothing. Fixed (no switch): a Parrot with an empty hand stays on the ship (Q5);
the Beggar's receiver gets only what is paid (Q7); every Topman tied for the smallest den
gains (Q9); the First Mate counts himself (Q10); a Cook takes his second token after an
officer (Q11); the Merchant makes one exchange (Q13); one global descending Night order (Q15);
doubloons are public (Q17); a card played again re-triggers its abilities (Q20).

Table options: ``final_tiebreak`` (Q16), ``influence`` and ``abilities`` (Q4):
"mandatory" (official FAQ; the default, only the Waitress "may") or "optional" (the Greek
rulebook's text): then every Day, Dusk, Night and End-of-campaign ability first asks its owner
(pending kind "ability": use or skip; the Waitress keeps her own sell-or-keep question).
Skipping leaves everything as if the card had no ability (a skipped Cook or Cabin Boy takes
one token like any character). The owner is not asked when using the ability could have no
effect; that test reads public facts only (den token counts, never the kinds of secret
tokens), so the question and its two buttons are a public decision.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engines.base import (BaseEngine, Event, IllegalAction, N_, Option, Outcome, T, Text, private, public,
                          rng)

from . import data as D
from .data import AMOUNTS as A
from .data import CHARACTERS, RULES, TOKEN_ORDER, TOKENS

MAX_CHOICES = 25


def _name(rank: int) -> Text:
    return CHARACTERS[rank].name


def _tok(t: str) -> Text:
    return TOKENS[t].name


def _gains(n: int) -> Text:
    """A character's Day ability brings its owner n doubloons (seat and card added by say)."""
    return T("{seat}'s {card} gains {n} doubloon.", plural="{seat}'s {card} gains {n} doubloons.",
             n=n)


def _earns(n: int) -> Text:
    """A character's Night ability brings its owner n doubloons (seat and card added by say)."""
    return T("{seat}'s {card} earns {n} doubloon.", plural="{seat}'s {card} earns {n} doubloons.",
             n=n)


def _takes(token: str, seat: str, card: Text) -> Text:
    """The public line of a character taking a loot token (one sentence per kind of token)."""
    return {
        "chest": T("{seat}'s {card} takes a treasure chest.", seat=seat, card=card),
        "jewels": T("{seat}'s {card} takes jewels.", seat=seat, card=card),
        "goods": T("{seat}'s {card} takes goods.", seat=seat, card=card),
        "map": T("{seat}'s {card} takes a treasure map.", seat=seat, card=card),
        "relic": T("{seat}'s {card} takes a cursed relic.", seat=seat, card=card),
        "saber": T("{seat}'s {card} takes a saber.", seat=seat, card=card),
        "officer": T("{seat}'s {card} takes a Spanish officer.", seat=seat, card=card),
    }[token]


class LibertaliaEngine(BaseEngine):
    name = "libertalia"
    title = "Libertalia"
    min_players = 2
    max_players = 6

    # ------------------------------------------------------------------ options / setup
    def options(self):
        return {
            "final_tiebreak": Option("shared", ["shared", "campaign3"],
                                     "Equal final scores: share the win (official rule) or the most "
                                     "points in campaign 3 wins (FAQ variant).",
                                     label=N_("Equal final scores"),
                                     values={"shared": N_("shared win"),
                                             "campaign3": N_("the best campaign 3 wins")}),
            "influence": Option("cards_2012", ["cards_2012", "seat_rotation"],
                                "Tie-break numbers: the printed 2012 card values by colour, or the "
                                "same cycle driven by a random seat order.",
                                label=N_("Tie-break numbers"),
                                values={"cards_2012": N_("as printed on the cards"),
                                        "seat_rotation": N_("by a random seat order")}),
            "abilities": Option("mandatory", ["mandatory", "optional"],
                                "Character abilities: mandatory unless the card says \"may\" "
                                "(official FAQ) or optional, each owner choosing to use or skip "
                                "every ability (Greek rulebook text).",
                                label=N_("Character abilities"),
                                values={"mandatory": N_("mandatory (FAQ)"),
                                        "optional": N_("optional (Greek rulebook text)")}),
        }

    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None):
        self.check_seats(seats)
        opts = self.resolve_options(options)
        state: dict[str, Any] = {
            "game": "libertalia", "seed": int(seed), "rng_n": 0, "seats": list(seats),
            "options": opts, "campaign": 0, "day": 0, "phase": "pick",
            "pool": list(D.RANKS), "dealt": [], "bag": {}, "loot_days": [],
            "players": {}, "picks": {}, "ship": [], "pending": None, "night": [],
            "finished": False,
            # what the whole table knows of each hand and graveyard (see _known)
            "known": {s: {"hand": [], "grave": [], "slots": []} for s in seats},
        }
        r = rng(state)
        colours = list(range(len(D.COLOURS)))
        r.shuffle(colours)
        tie = list(range(len(D.COLOURS)))
        if opts["influence"] == "seat_rotation":
            r.shuffle(tie)
        for i, s in enumerate(seats):
            c = colours[i]
            state["players"][s] = {
                "colour": c, "tie": c if opts["influence"] == "cards_2012" else tie[i],
                "hand": [], "den": [], "grave": [], "loot": {}, "secret": {},
                "doubloons": 0, "score": 0, "campaign_scores": [], "breakdowns": [],
            }
        events: list[Event] = []
        self._start_campaign(state, events)
        return state

    # ------------------------------------------------------------------ small helpers
    def inf(self, state, seat: str, rank: int) -> int:
        return D.influence(rank, state["players"][seat]["tie"])

    def _key(self, state, seat, rank):
        return (rank, self.inf(state, seat, rank))

    @staticmethod
    def _count(p, t: str) -> int:
        return p["loot"].get(t, 0) + p["secret"].get(t, 0)

    @staticmethod
    def _total(p) -> int:
        return sum(p["loot"].values()) + sum(p["secret"].values())

    @staticmethod
    def _add(d: dict, t: str, n: int = 1) -> None:
        d[t] = d.get(t, 0) + n
        if d[t] <= 0:
            del d[t]

    def _remove_loot(self, state, p, t: str, n: int) -> int:
        """Remove n tokens of type t from a den (public ones first) back into the bag."""
        took = 0
        for part in ("loot", "secret"):
            k = min(n - took, p[part].get(t, 0))
            if k:
                self._add(p[part], t, -k)
                took += k
        self._add(state["bag"], t, took)
        return took

    def _gain(self, p, n: int) -> int:
        """Change doubloons by n (never below 0); returns the real change."""
        before = p["doubloons"]
        p["doubloons"] = max(0, before + n)
        return p["doubloons"] - before

    def _neighbours(self, state, seat) -> list[str]:
        seats = state["seats"]
        i = seats.index(seat)
        left, right = seats[(i + 1) % len(seats)], seats[(i - 1) % len(seats)]
        return [left] if left == right else [left, right]

    def _draw(self, state, r) -> str:
        bag = state["bag"]
        # the i-th token of the bag laid out in TOKEN_ORDER
        i = r.randrange(sum(bag.get(t, 0) for t in TOKEN_ORDER))
        for t in TOKEN_ORDER:
            i -= bag.get(t, 0)
            if i < 0:
                break
        self._add(bag, t, -1)
        return t

    def _sort_ship(self, state):
        state["ship"].sort(key=lambda e: (e["rank"], e["inf"]))

    def _to_grave(self, state, seat, rank):
        state["players"][seat]["grave"].append(rank)
        k = self._known(state, seat)
        if k is not None:
            k["grave"].append(rank)

    def _discard_from_den(self, state, seat, rank, events, text: Text):
        """Discard a den character; ``text`` says why (a whole sentence naming it)."""
        p = state["players"][seat]
        p["den"].remove(rank)
        self._to_grave(state, seat, rank)
        if events is not None:
            events.append(Event(text, None, "log", {"seat": seat, "card": rank}))

    # ------------------------------------------------------------------ public hand record
    # What the whole table knows of each seat's hand and graveyard (state["known"], shown in
    # every view; AI seats sample the unknown rest from it, see determinize.py). Dealt, played,
    # recruited and discarded cards are public; only the card a Surgeon takes back is not.
    # A Surgeon leaves a "slot": n of its cards went back to hand, the others lie in the
    # graveyard ("grave": True) or, after the campaign, have left the game. A card of a slot
    # played later was one of those n. Two Surgeons of one campaign merge into one slot of
    # n = 2 (this forgets which graveyard each drew from). States built without the record
    # (old saves, hand-made test positions) simply have none.
    @staticmethod
    def _known(state, seat):
        known = state.get("known")
        return known.get(seat) if known else None

    def _known_out(self, state, seat, card):
        """A card of seat's hand is played (revealed on the ship, or in place of a Parrot)."""
        k = self._known(state, seat)
        if k is None:
            return
        if card in k["hand"]:
            k["hand"].remove(card)
            return
        for slot in k["slots"]:
            if card in slot["cards"]:
                slot["cards"].remove(card)
                slot["n"] -= 1
                if slot["n"] <= 0:
                    if slot["grave"]:
                        k["grave"] = sorted(k["grave"] + slot["cards"])
                    k["slots"].remove(slot)
                return

    def _known_in(self, state, seat, card):
        """A den card goes back to hand in the open (Recruiter)."""
        k = self._known(state, seat)
        if k is not None:
            k["hand"] = sorted(k["hand"] + [card])

    def _known_surgeon(self, state, seat):
        """A card of the graveyard goes back to hand in secret."""
        k = self._known(state, seat)
        if k is None:
            return
        cards, n = list(k["grave"]), 1
        for slot in [x for x in k["slots"] if x["grave"]]:
            cards += slot["cards"]
            n += slot["n"]
            k["slots"].remove(slot)
        k["grave"] = []
        if len(cards) <= n:
            k["hand"] = sorted(k["hand"] + cards)
        else:
            k["slots"].append({"n": n, "cards": sorted(cards), "grave": True})

    def _known_deal(self, state, dealt):
        """A new campaign: graveyards leave the game, everyone adds the dealt cards."""
        for s in state["seats"]:
            k = self._known(state, s)
            if k is None:
                continue
            k["grave"] = []
            for slot in k["slots"]:
                slot["grave"] = False
            k["hand"] = sorted(k["hand"] + dealt)

    # ------------------------------------------------------------------ campaigns
    def _start_campaign(self, state, events):
        state["campaign"] += 1
        state["day"] = 1
        r = rng(state)
        n = D.FIRST_HAND if state["campaign"] == 1 else D.LATER_DEAL
        pool = sorted(state["pool"])
        dealt = sorted(r.sample(pool, n))
        state["pool"] = [x for x in pool if x not in dealt]
        state["dealt"] = dealt
        self._known_deal(state, dealt)
        state["bag"] = {t: TOKENS[t].count for t in TOKEN_ORDER}
        for s in state["seats"]:
            p = state["players"][s]
            p["hand"] = sorted(p["hand"] + dealt)
            p["den"], p["grave"], p["loot"], p["secret"] = [], [], {}, {}
            p["doubloons"] = D.START_DOUBLOONS
        per_day = len(state["seats"]) * D.LOOT_PER_PLAYER_PER_DAY
        state["loot_days"] = []
        for _ in range(D.DAYS):
            day: dict[str, int] = {}
            for _ in range(per_day):
                self._add(day, self._draw(state, r))
            state["loot_days"].append({t: day[t] for t in TOKEN_ORDER if t in day})
        state["phase"] = "pick"
        state["picks"] = {}
        state["ship"] = []
        if events is not None:
            events.append(public("Campaign {campaign} begins. Everyone adds: {cards}.",
                                 campaign=state["campaign"], cards=[_name(x) for x in dealt],
                                 data={"dealt": dealt}))

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

    # ------------------------------------------------------------------ optional abilities
    # Under the table option abilities = "optional" (the Greek rulebook's "using a special
    # action is optional"), every Day, Dusk, Night and End ability asks its owner first
    # (pending kind "ability", answered {"type": "ability", "use": True/False}) — unless using
    # it could have no effect at all. Whether to ask is decided from public facts only (den
    # loot counts, not the kinds of the secret Spy-drawn tokens), so being asked tells the
    # other players nothing; the question is then a public decision.
    # Abilities whose effect depends on the den's secret tokens (and the token kinds that
    # matter; the Merchant needs any pair, see _day_has_effect).
    SECRET_LOOT_ABILITIES = {(D.MONKEY, "day"): ("relic",), (D.SPANISH_SPY, "day"): ("officer",),
                             (D.MERCHANT, "day"): (), (D.ARMORER, "night"): ("saber",),
                             (D.TREASURER, "end"): D.TREASURER_TYPES,
                             (D.CAPTAIN, "end"): ("relic",)}

    @staticmethod
    def _optional(state) -> bool:
        return state["options"].get("abilities") == "optional"

    def _half(self, n: int) -> int:
        """The amount lost when halving n doubloons (§8, Q19)."""
        return n // 2 if RULES["halving_loss_rounds_down"] else (n + 1) // 2

    def _gunner_has_target(self, state, seat) -> bool:
        return any(state["players"][s]["den"] for s in state["seats"]
                   if RULES["gunner_own_den"] or s != seat)

    def _may_hold(self, p, types) -> bool:
        """Could this den hold a token of one of these types, as the other players know it
        (a visible one, or any secret token)?"""
        return any(p["loot"].get(t, 0) for t in types) or sum(p["secret"].values()) > 0

    def _day_has_effect(self, state, seat, rank) -> bool:
        P = state["players"]
        p = P[seat]
        if rank == D.PARROT:
            return bool(p["hand"])
        if rank in (D.MONKEY, D.SPANISH_SPY):
            return self._may_hold(p, self.SECRET_LOOT_ABILITIES[(rank, "day")])
        if rank == D.BEGGAR:
            top = state["ship"][-1]["seat"]
            return top != seat and P[top]["doubloons"] > 0
        if rank in (D.RECRUITER, D.SPANISH_GOVERNOR):
            return bool(p["den"])
        if rank == D.PREACHER:
            return self._total(p) >= 2
        if rank == D.CARPENTER:
            return self._half(p["doubloons"]) > 0
        if rank == D.FRENCH_OFFICER:
            return p["doubloons"] < RULES["french_officer_below"]
        if rank in (D.VOODOO_WITCH, D.SURGEON):
            return bool(p["grave"])
        if rank in (D.BRUTE, D.CAPTAIN):
            return True
        if rank == D.GUNNER:
            return self._gunner_has_target(state, seat) or (
                RULES["gunner_pays_without_target"] and p["doubloons"] > 0)
        if rank == D.BOSUN:
            return any(x < A["bosun_below"] for x in p["den"])
        if rank == D.MERCHANT:
            return any(p["loot"].get(t, 0) >= 2 for t in TOKEN_ORDER) or (
                sum(p["secret"].values()) > 0 and self._total(p) >= 2)
        if rank == D.GAMBLER:
            return self._total(p) > 0 and p["doubloons"] > 0
        if rank == D.QUARTERMASTER:
            return self._total(p) > 0
        return False

    def _night_has_effect(self, state, seat, rank) -> bool:
        p = state["players"][seat]
        if rank in (D.BARKEEP, D.GRANNY_WATA):
            return True
        if rank == D.FREED_SLAVE:
            return any(x > A["freed_slave_above"] for x in p["den"])
        if rank == D.MUTINEER:
            return len(p["den"]) > 1 or RULES["mutineer_alone_gains"]
        if rank == D.ARMORER:
            return self._may_hold(p, self.SECRET_LOOT_ABILITIES[(rank, "night")])
        return False

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

    def _end_queue(self, state) -> list[list]:
        """The End abilities to ask about (optional abilities), in one global descending
        (rank, influence) order: those that could change their owner's doubloons."""
        P = state["players"]
        queue = []
        for s, parts in self._end_amounts(state).items():
            for rank, amount in parts:
                hidden = self.SECRET_LOOT_ABILITIES.get((rank, "end"))
                if hidden is not None:
                    ask = self._may_hold(P[s], hidden)
                else:
                    ask = amount != 0
                if ask:
                    queue.append([s, rank])
        queue.sort(key=lambda x: self._key(state, x[0], x[1]), reverse=True)
        return queue

    def _step_end(self, state, events):
        if state["end_queue"]:
            seat, rank = state["end_queue"].pop(0)
            self._ask(state, "end", seat, rank)
            return
        self._end_campaign(state, events)

    def _ask(self, state, when, seat, rank):
        self._pend(state, "ability", seat, rank, when=when)

    def _set_take(self, e, n, events):
        e["take"] = n
        if n == 0:
            if events is not None:
                events.append(public("{seat}'s {card} takes no loot.", seat=e["seat"],
                                     card=_name(e["rank"])))

    def public_decision(self, state, seat) -> bool:
        """Use or skip an optional ability: asked from public facts only, so the whole table
        may see the question and its two buttons."""
        pend = state.get("pending")
        return bool(pend and pend["seat"] == seat and pend["kind"] == "ability")

    def forced(self, state, seat):
        """Never: Libertalia asks no decision with one choice that the table could know.
        A pending decision with a single answer is already taken by ``_run`` without
        asking. What is left: the sunrise pick (a secret choice: a hand holds at least 4
        cards at sunrise, and taking a pick for the player would announce it); the
        Waitress, asked only when a map could be in the den, a visible one (sell or keep)
        or any secret token: her lone "keep" then means that no secret token is a map, and
        skipping the question would say so; an optional ability (use or skip) and the
        other questions offer two choices or more."""
        return None

    # ------------------------------------------------------------------ search (AI seats)
    # The top-level keys of a state; copy() copies any other one the generic way.
    _KEYS = frozenset(["game", "seed", "rng_n", "seats", "options", "campaign", "day", "phase",
                       "pool", "dealt", "bag", "loot_days", "players", "picks", "ship",
                       "pending", "night", "finished", "known"])

    def copy(self, state):
        """An independent copy, for search: written out for this state's shape (about twice
        as fast as marshal); keys it does not know are copied the generic way."""
        d = state.copy()
        d["players"] = {s: _copy_player(p) for s, p in state["players"].items()}
        d["loot_days"] = [x.copy() for x in state["loot_days"]]
        d["ship"] = [e.copy() for e in state["ship"]]
        d["night"] = [x.copy() for x in state["night"]]
        for key in ("seats", "options", "pool", "dealt", "bag", "picks"):
            d[key] = state[key].copy()
        if state["pending"] is not None:
            d["pending"] = state["pending"].copy()
        known = state.get("known")
        if known is not None:
            d["known"] = {s: {"hand": k["hand"].copy(), "grave": k["grave"].copy(),
                              "slots": [dict(x, cards=x["cards"].copy()) for x in k["slots"]]}
                          for s, k in known.items()}
        if len(state) > len(self._KEYS) - (known is None):
            for key in state.keys() - self._KEYS:      # end_queue, end_skip
                d[key] = super().copy(state[key])
        return d

    def advance(self, state, seat, action) -> list[Event]:
        """``apply`` for search on a throw-away copy: the action comes from ``legal``, so it
        is not checked again, and no event is written (returns [])."""
        if state["phase"] == "pick":
            self._pick(state, seat, action["card"], None)
        else:
            self._resolve(state, action, None)
        self._run(state, None)
        return []

    def determinize(self, view, rng):
        from .determinize import determinize
        return determinize(self, view, rng)

    def evaluate(self, state):
        from .evaluate import evaluate
        return evaluate(self, state)

    # ------------------------------------------------------------------ contract
    def to_act(self, state) -> list[str]:
        if state["finished"]:
            return []
        if state["phase"] == "pick":
            return [s for s in state["seats"] if s not in state["picks"]]
        if state["pending"]:
            return [state["pending"]["seat"]]
        return []

    def legal(self, state, seat) -> list[dict]:
        if state["finished"] or seat not in state["players"]:
            return []
        if state["phase"] == "pick":
            if seat in state["picks"]:
                return []
            return [{"type": "pick", "card": r} for r in sorted(state["players"][seat]["hand"])]
        pend = state["pending"]
        if not pend or pend["seat"] != seat:
            return []
        return self._pending_actions(state)

    def _pending_actions(self, state) -> list[dict]:
        pend = state["pending"]
        seat, kind = pend["seat"], pend["kind"]
        P = state["players"]
        p = P[seat]
        if kind == "parrot":
            return [{"type": "parrot", "card": r} for r in sorted(p["hand"])]
        if kind == "recruit":
            return [{"type": "recruit", "card": r} for r in sorted(p["den"])]
        if kind == "surgeon":
            return [{"type": "surgeon", "card": r} for r in sorted(set(p["grave"]))]
        if kind == "preacher":
            return [{"type": "keep", "token": t} for t in TOKEN_ORDER if self._count(p, t)]
        if kind == "merchant":
            out = []
            for t in TOKEN_ORDER:
                n = self._count(p, t)
                for k in (2, 3):
                    if n >= k:
                        out.append({"type": "trade", "token": t, "count": k})
            return out
        if kind == "loot":
            day = state["loot_days"][state["day"] - 1]
            return [{"type": "loot", "token": t} for t in TOKEN_ORDER if day.get(t, 0)]
        if kind == "saber":
            return [{"type": "discard", "seat": s, "card": r}
                    for s in self._neighbours(state, seat) for r in sorted(P[s]["den"])]
        if kind == "gunner":
            targets = [(s, r) for s in state["seats"] for r in sorted(P[s]["den"])
                       if RULES["gunner_own_den"] or s != seat]
            if pend.get("den"):
                return [{"type": "discard", "seat": pend["den"], "card": r}
                        for r in sorted(P[pend["den"]]["den"])]
            if len(targets) <= MAX_CHOICES:
                return [{"type": "discard", "seat": s, "card": r} for s, r in targets]
            return [{"type": "den", "seat": s} for s in state["seats"] if P[s]["den"]
                    and (RULES["gunner_own_den"] or s != seat)]
        if kind == "ability":
            return [{"type": "ability", "use": True}, {"type": "ability", "use": False}]
        if kind == "waitress":
            return ([{"type": "waitress", "sell": True}] if self._count(p, "map") else []) + \
                [{"type": "waitress", "sell": False}]
        return []  # pragma: no cover

    def _apply(self, state, seat, action) -> list[Event]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That action is not recognised.")
        if state["finished"]:
            raise IllegalAction("The game is over: no more moves.")
        if seat not in state["players"]:
            raise IllegalAction("{seat} is not seated at this table.", seat=str(seat))
        if seat not in self.to_act(state):
            if state["phase"] == "pick" and seat in state["picks"]:
                raise IllegalAction("You have already chosen today's character: wait for the others.")
            raise IllegalAction("It is not your turn: please wait for the other players.")
        legal = self.legal(state, seat)
        match = next((a for a in legal if _same(a, action)), None)
        if match is None:
            if state["phase"] == "pick":
                if action["type"] != "pick":
                    raise IllegalAction("First choose your character for today.")
                raise IllegalAction("You do not hold that character: choose one from your hand.")
            if all(a["type"] != action["type"] for a in legal):
                raise IllegalAction("That is not the question being asked: please answer the current choice.")
            raise IllegalAction("That choice is not available right now: pick one of the offered options.")
        events: list[Event] = []
        if state["phase"] == "pick":
            self._pick(state, seat, match["card"], events)
        else:
            self._resolve(state, match, events)
        self._run(state, events)
        return events

    # ------------------------------------------------------------------ pick and reveal
    def _pick(self, state, seat, card, events):
        state["picks"][seat] = card
        # no private echo of the pick: the player's panel already shows what they chose
        if events is not None:
            events.append(public("{seat} has chosen a character.", seat=seat))
        if len(state["picks"]) < len(state["seats"]):
            return
        ship = []
        for s in state["seats"]:
            r = state["picks"][s]
            state["players"][s]["hand"].remove(r)
            self._known_out(state, s, r)
            ship.append({"seat": s, "rank": r, "inf": self.inf(state, s, r), "day_done": False,
                         "take": None, "officer": False})
        state["ship"] = ship
        self._sort_ship(state)
        state["picks"] = {}
        state["phase"] = "day"
        if events is not None:
            picks = {e["seat"]: e["rank"] for e in state["ship"]}
            lineup = [T("{seat}: {card} ({rank})", seat=e["seat"], card=_name(e["rank"]),
                        rank=e["rank"]) for e in state["ship"]]
            events.append(public("Day {day}: the characters are revealed: {lineup}.", kind="reveal",
                                 day=state["day"], lineup=lineup,
                                 data={"picks": picks,
                                       "order": [[e["seat"], e["rank"]] for e in state["ship"]]}))

    # ------------------------------------------------------------------ the automatic loop
    def _run(self, state, events):
        for _ in range(10000):
            if state["finished"] or state["phase"] == "pick":
                return
            if state["pending"]:
                acts = self._pending_actions(state)
                if not acts:  # nothing left to choose (cannot normally happen)
                    state["pending"] = None
                    continue
                if len(acts) == 1 and state["pending"]["kind"] != "waitress":
                    self._resolve(state, acts[0], events)
                    continue
                return
            ph = state["phase"]
            if ph == "day":
                self._step_day(state, events)
            elif ph == "dusk":
                self._step_dusk(state, events)
            elif ph == "night":
                self._step_night(state, events)
            elif ph == "end":
                self._step_end(state, events)
        raise RuntimeError("libertalia: resolution loop did not settle")  # pragma: no cover

    def _pend(self, state, kind, seat, rank, **extra):
        state["pending"] = {"kind": kind, "seat": seat, "rank": rank, **extra}

    # Day -------------------------------------------------------------------------------
    def _step_day(self, state, events):
        todo = [e for e in state["ship"] if not e["day_done"]]
        if not todo:
            state["phase"] = "dusk"
            if events is not None:
                events.append(public("Dusk: the crew shares out today's loot."))
            return
        e = todo[0]
        e["day_done"] = True
        if self._optional(state) and self._day_has_effect(state, e["seat"], e["rank"]):
            self._ask(state, "day", e["seat"], e["rank"])
            return
        self._day_ability(state, e, events)

    def _day_ability(self, state, e, events):
        seat, rank = e["seat"], e["rank"]
        P = state["players"]
        p = P[seat]
        card = _name(rank)

        def say(t: Text):       # a public line about this seat's character
            if events is not None:
                events.append(Event(Text(t.msg, {"seat": seat, "card": card, **t.params}, t.plural,
                                         t.context)))

        if rank == D.PARROT:
            if p["hand"]:
                state["ship"].remove(e)
                self._to_grave(state, seat, rank)
                if events is not None:
                    say(T("{seat}'s {card} flies off: {seat} puts another character in its place."))
                self._pend(state, "parrot", seat, rank)
            else:
                if events is not None:
                    say(T("{seat}'s {card} has no card to swap with and stays on the ship."))
        elif rank == D.MONKEY:
            n = self._count(p, "relic")
            left = self._neighbours(state, seat)[0]
            if n:
                for part in ("loot", "secret"):
                    p[part].pop("relic", None)
                self._add(P[left]["loot"], "relic", n)
                if events is not None:
                    say(T("{seat}'s {card} passes {n} cursed relic to {victim}.",
                          plural="{seat}'s {card} passes {n} cursed relics to {victim}.",
                          n=n, victim=left))
            else:
                if events is not None:
                    say(T("{seat}'s {card} has no cursed relic to pass to {victim}.", victim=left))
        elif rank == D.BEGGAR:
            top = state["ship"][-1]
            if top["seat"] == seat:
                if events is not None:
                    say(T("{seat}'s {card} is the top card: nobody pays."))
            else:
                paid = -self._gain(P[top["seat"]], -A["beggar"])
                self._gain(p, paid)
                if events is not None:
                    say(T("{seat}'s {card} begs: {victim} pays {n} doubloon.",
                          plural="{seat}'s {card} begs: {victim} pays {n} doubloons.",
                          victim=top["seat"], n=paid))
        elif rank == D.RECRUITER:
            if p["den"]:
                self._pend(state, "recruit", seat, rank)
            else:
                if events is not None:
                    say(T("{seat}'s {card} finds nobody in the den to recruit."))
        elif rank == D.PREACHER:
            if self._total(p) >= 2:
                self._pend(state, "preacher", seat, rank)
            else:
                if events is not None:
                    say(T("{seat}'s {card} has nothing to give away."))
        elif rank == D.CARPENTER:
            loss = self._half(p["doubloons"])
            self._gain(p, -loss)
            if events is not None:
                say(T("{seat}'s {card} spends {n} doubloon.",
                      plural="{seat}'s {card} spends {n} doubloons.", n=loss))
        elif rank == D.FRENCH_OFFICER:
            if p["doubloons"] < RULES["french_officer_below"]:
                self._gain(p, A["french_officer"])
                if events is not None:
                    say(_gains(A["french_officer"]))
            else:
                if events is not None:
                    say(T("{seat}'s {card} gains nothing: {seat} is too rich."))
        elif rank == D.VOODOO_WITCH:
            n = A["witch_per_card"] * len(p["grave"])
            self._gain(p, n)
            if events is not None:
                say(_gains(n))
        elif rank == D.BRUTE:
            top = state["ship"][-1]
            state["ship"].remove(top)
            self._to_grave(state, top["seat"], top["rank"])
            if events is not None:
                events.append(public("{seat}'s {card} throws {victim_seat}'s {target} overboard.",
                                     seat=seat, card=card, victim_seat=top["seat"],
                                     target=_name(top["rank"]),
                                     data={"seat": top["seat"], "card": top["rank"]}))
        elif rank == D.GUNNER:
            target = self._gunner_has_target(state, seat)
            if target or RULES["gunner_pays_without_target"]:
                paid = -self._gain(p, -A["gunner_cost"])
                if events is not None:
                    say(T("{seat}'s {card} pays {n} doubloon for the powder.",
                          plural="{seat}'s {card} pays {n} doubloons for the powder.", n=paid))
            if target:
                self._pend(state, "gunner", seat, rank, den=None)
            else:
                if events is not None:
                    say(T("{seat}'s {card} finds no target."))
        elif rank == D.SPANISH_SPY:
            n = self._count(p, "officer")
            if n:
                first = RULES["spy_returns_before_draw"]
                if first:   # back first: the bag holds as many tokens as he draws
                    self._remove_loot(state, p, "officer", n)
                r = rng(state)
                drawn = [self._draw(state, r) for _ in range(min(n, sum(state["bag"].values())))]
                if not first:   # his officers go back only after the draw
                    self._remove_loot(state, p, "officer", n)
                for t in drawn:
                    self._add(p["secret"], t)
                if events is not None:
                    say(T("{seat}'s {card} returns {n} Spanish officer and draws as many tokens "
                          "in secret.",
                          plural="{seat}'s {card} returns {n} Spanish officers and draws as many "
                                 "tokens in secret.", n=n))
                if events is not None:
                    events.append(private(seat, "Your {card} drew: {tokens}.", card=card,
                                          tokens=[D.token_count(t, drawn.count(t))
                                                  for t in TOKEN_ORDER if t in drawn],
                                          data={"drawn": drawn}))
            else:
                if events is not None:
                    say(T("{seat}'s {card} has no Spanish officer to send back."))
        elif rank == D.BOSUN:
            n = A["bosun_per_card"] * sum(1 for x in p["den"] if x < A["bosun_below"])
            self._gain(p, n)
            if events is not None:
                say(_gains(n))
        elif rank == D.MERCHANT:
            if any(self._count(p, t) >= 2 for t in TOKEN_ORDER):
                self._pend(state, "merchant", seat, rank)
            else:
                if events is not None:
                    say(T("{seat}'s {card} has no pair to trade."))
        elif rank == D.SURGEON:
            if p["grave"]:
                self._pend(state, "surgeon", seat, rank)
            else:
                if events is not None:
                    say(T("{seat}'s {card} finds the graveyard empty."))
        elif rank == D.GAMBLER:
            paid = -self._gain(p, -A["gambler_per_token"] * self._total(p))
            if events is not None:
                say(T("{seat}'s {card} pays {n} doubloon.",
                      plural="{seat}'s {card} pays {n} doubloons.", n=paid))
        elif rank == D.QUARTERMASTER:
            n = A["quartermaster_per_token"] * self._total(p)
            self._gain(p, n)
            if events is not None:
                say(_gains(n))
        elif rank == D.CAPTAIN:
            self._gain(p, A["captain_day"])
            if events is not None:
                say(_gains(A["captain_day"]))
        elif rank == D.SPANISH_GOVERNOR:
            victims = sorted(p["den"])
            p["den"] = []
            for x in victims:
                self._to_grave(state, seat, x)
            if victims:
                if events is not None:
                    say(T("{seat}'s {card} clears the den: {n} character discarded.",
                          plural="{seat}'s {card} clears the den: {n} characters discarded.",
                          n=len(victims), victims=[_name(x) for x in victims]))
            else:
                if events is not None:
                    say(T("{seat}'s {card} finds the den empty."))

    # Dusk ------------------------------------------------------------------------------
    def _step_dusk(self, state, events):
        ship = state["ship"]
        if not ship:
            state["phase"] = "night"
            P = state["players"]
            queue = [[s, r] for s in state["seats"] for r in P[s]["den"]]
            queue.sort(key=lambda x: (x[1], D.influence(x[1], P[x[0]]["tie"])), reverse=True)
            state["night"] = queue
            if events is not None:
                events.append(public("Night falls over the dens."))
            return
        e = ship[-1]
        day = state["loot_days"][state["day"] - 1]
        if e["take"] is None:
            if (self._optional(state) and e["rank"] in D.LOOT_TAKEN
                    and sum(day.values()) > min(D.LOOT_TAKEN[e["rank"]], 1)):
                # Cabin Boy with loot left, Cook with at least two tokens left
                self._ask(state, "dusk", e["seat"], e["rank"])
                return
            self._set_take(e, D.LOOT_TAKEN.get(e["rank"], 1), events)
        if e["take"] > 0 and sum(day.values()) > 0:
            self._pend(state, "loot", e["seat"], e["rank"])
            return
        if e["take"] > 0:
            if events is not None:
                events.append(public("No loot is left for {seat}'s {card}.", seat=e["seat"],
                                     card=_name(e["rank"])))
        ship.pop()
        p = state["players"][e["seat"]]
        if e["officer"]:
            self._to_grave(state, e["seat"], e["rank"])
            if events is not None:
                events.append(public("The Spanish officer arrests {seat}'s {card}.", seat=e["seat"],
                                     card=_name(e["rank"])))
        else:
            p["den"].append(e["rank"])
            if events is not None:
                events.append(public("{seat}'s {card} goes to the den.", seat=e["seat"],
                                     card=_name(e["rank"])))

    # Night -----------------------------------------------------------------------------
    def _step_night(self, state, events):
        """The Night abilities in order, until one asks its owner something."""
        P = state["players"]
        night = state["night"]
        optional = self._optional(state)
        while night:
            seat, rank = night.pop(0)
            if rank not in P[seat]["den"]:
                continue
            if (optional and rank != D.WAITRESS     # she already asks ("may")
                    and self._night_has_effect(state, seat, rank)):
                self._ask(state, "night", seat, rank)
                return
            self._night_ability(state, seat, rank, events)
            if state["pending"]:
                return
        self._end_day(state, events)

    def _night_ability(self, state, seat, rank, events):
        P = state["players"]
        p = P[seat]
        card = _name(rank)

        def say(t: Text):       # a public line about this seat's character
            if events is not None:
                events.append(Event(Text(t.msg, {"seat": seat, "card": card, **t.params}, t.plural,
                                         t.context)))

        if rank == D.BARKEEP:
            self._gain(p, A["barkeep"])
            if events is not None:
                say(_earns(A["barkeep"]))
        elif rank == D.WAITRESS:
            # "may" sell: a map among the secret tokens is not shown by declining, so the
            # owner is asked whenever a map could be there (a visible map or any secret token)
            if p["loot"].get("map", 0) or sum(p["secret"].values()):
                self._pend(state, "waitress", seat, rank)
        elif rank == D.FREED_SLAVE:
            n = sum(1 for x in p["den"] if x > A["freed_slave_above"])
            self._gain(p, n)
            if events is not None:
                say(_earns(n))
        elif rank == D.MUTINEER:
            others = sorted(x for x in p["den"] if x != rank)
            if others:
                why = events is not None and T(
                    "{seat}'s {card} mutinies: {target} is thrown out of the den.", seat=seat,
                    card=card, target=_name(others[0]))
                self._discard_from_den(state, seat, others[0], events, why)
                self._gain(p, A["mutineer"])
                if events is not None:
                    say(_earns(A["mutineer"]))
            elif RULES["mutineer_alone_gains"]:
                self._gain(p, A["mutineer"])
                if events is not None:
                    say(_earns(A["mutineer"]))
        elif rank == D.ARMORER:
            n = A["armorer"] * self._count(p, "saber")
            self._gain(p, n)
            if events is not None:
                say(_earns(n))
        elif rank == D.GRANNY_WATA:
            holders = [s for s in state["seats"] if D.GRANNY_WATA in P[s]["den"]]
            if len(holders) == 1:
                self._gain(p, A["granny"])
                if events is not None:
                    say(_earns(A["granny"]))
            else:
                for s in holders:
                    why = events is not None and T(
                        "{seat}'s {card} is not alone in the dens and has to leave.", seat=s,
                        card=card)
                    self._discard_from_den(state, s, D.GRANNY_WATA, events, why)

    def _end_day(self, state, events):
        state["night"] = []
        if state["day"] >= D.DAYS:
            if self._optional(state):
                queue = self._end_queue(state)
                if queue:
                    state["phase"] = "end"
                    state["end_queue"] = queue
                    state["end_skip"] = []
                    return
            self._end_campaign(state, events)
            return
        state["day"] += 1
        state["phase"] = "pick"
        state["picks"] = {}
        if events is not None:
            events.append(public("Day {day} of campaign {campaign}: choose your characters.",
                                 day=state["day"], campaign=state["campaign"]))

    # ------------------------------------------------------------------ decisions
    def _resolve(self, state, a, events):
        pend = state["pending"]
        seat, kind, rank = pend["seat"], pend["kind"], pend["rank"]
        P = state["players"]
        p = P[seat]
        card = _name(rank)
        state["pending"] = None
        t = a["type"]
        if t == "ability":
            self._resolve_ability(state, pend, a["use"], events)
        elif t == "parrot":
            c = a["card"]
            p["hand"].remove(c)
            self._known_out(state, seat, c)
            state["ship"].append({"seat": seat, "rank": c, "inf": self.inf(state, seat, c),
                                  "day_done": False, "take": None, "officer": False})
            self._sort_ship(state)
            if events is not None:
                events.append(public("{seat} plays {new} ({rank}) in place of the Parrot.",
                                     seat=seat, new=_name(c), rank=c,
                                     data={"seat": seat, "card": c}))
        elif t == "recruit":
            c = a["card"]
            p["den"].remove(c)
            p["hand"].append(c)
            p["hand"].sort()
            self._known_in(state, seat, c)
            if events is not None:
                events.append(public("{seat}'s {card} calls {new} back to hand.", seat=seat,
                                     card=card, new=_name(c), data={"seat": seat, "card": c}))
        elif t == "surgeon":
            c = a["card"]
            p["grave"].remove(c)
            p["hand"].append(c)
            p["hand"].sort()
            self._known_surgeon(state, seat)
            if events is not None:
                events.append(public("{seat}'s {card} takes a card back from the graveyard.",
                                     seat=seat, card=card))
            if events is not None:
                events.append(private(seat, "Your {card} brought back {new}.", card=card,
                                      new=_name(c), data={"card": c}))
        elif t == "keep":
            keep = a["token"]
            # the kept token stays as it was, a visible one when there is one (keeping a
            # secret one instead would show that there was a secret token of that kind)
            kept_secret = p["loot"].get(keep, 0) == 0
            n = self._total(p) - 1
            for tt in TOKEN_ORDER:
                self._remove_loot(state, p, tt, self._count(p, tt))
            self._add(p["secret" if kept_secret else "loot"], keep)
            self._add(state["bag"], keep, -1)
            if events is not None:
                events.append(public("{seat}'s {card} keeps one token and returns {n} token to "
                                     "the bag.",
                                     plural="{seat}'s {card} keeps one token and returns {n} "
                                            "tokens to the bag.", seat=seat, card=card, n=n))
        elif t == "trade":
            tok, k = a["token"], a["count"]
            self._remove_loot(state, p, tok, k)
            gain = A["merchant_2"] if k == 2 else A["merchant_3"]
            self._gain(p, gain)
            if events is not None:
                events.append(public("{seat}'s {card} trades {tokens} for {n} doubloon.",
                                     plural="{seat}'s {card} trades {tokens} for {n} doubloons.",
                                     seat=seat, card=card, tokens=D.token_count(tok, k), n=gain))
        elif t == "loot":
            tok = a["token"]
            day = state["loot_days"][state["day"] - 1]
            self._add(day, tok, -1)
            self._add(p["loot"], tok)
            e = state["ship"][-1]
            e["take"] -= 1
            if events is not None:
                events.append(Event(_takes(tok, seat, card), None, "log",
                                    {"seat": seat, "token": tok}))
            if tok == "officer":
                e["officer"] = True
            elif tok == "saber":
                if any(P[s]["den"] for s in self._neighbours(state, seat)):
                    self._pend(state, "saber", seat, rank)
                else:
                    if events is not None:
                        events.append(public("The saber finds no target."))
        elif t == "discard":
            victim, target = a["seat"], _name(a["card"])
            if events is None:
                why = None
            elif kind == "saber":
                why = T("{seat}'s saber strikes {victim_seat}'s {target}: it is discarded.",
                        seat=seat, victim_seat=victim, target=target)
            else:
                why = T("{seat}'s {card} shoots {victim_seat}'s {target}: it is discarded.",
                        seat=seat, card=card, victim_seat=victim, target=target)
            self._discard_from_den(state, victim, a["card"], events, why)
        elif t == "den":
            self._pend(state, "gunner", seat, rank, den=a["seat"])
        elif t == "waitress":
            if a["sell"]:
                self._remove_loot(state, p, "map", 1)
                self._gain(p, A["waitress"])
                if events is not None:
                    events.append(public("{seat}'s {card} sells a treasure map for {n} doubloon.",
                                         plural="{seat}'s {card} sells a treasure map for {n} "
                                                "doubloons.", seat=seat, card=card,
                                         n=A["waitress"]))
            else:
                if events is not None:
                    events.append(public("{seat}'s {card} sells no treasure map.", seat=seat,
                                         card=card))

    def _resolve_ability(self, state, pend, use: bool, events):
        seat, rank, when = pend["seat"], pend["rank"], pend["when"]
        if when == "dusk":
            e = state["ship"][-1]
            self._set_take(e, D.LOOT_TAKEN[rank] if use else 1, events)
        if not use:
            if when == "end":
                state["end_skip"].append([seat, rank])
            if events is not None:
                events.append(public("{seat}'s {card} does not use its ability.", seat=seat,
                                     card=_name(rank), data={"seat": seat, "card": rank}))
            return
        if when == "day":
            e = next(x for x in state["ship"] if x["seat"] == seat and x["rank"] == rank)
            self._day_ability(state, e, events)
        elif when == "night":
            self._night_ability(state, seat, rank, events)
        # "end": a used End ability is simply counted at the scoring

    # ------------------------------------------------------------------ text
    def label(self, state, seat, action) -> Text:
        t = action.get("type")
        if t in ("pick", "parrot"):
            c = action["card"]
            return T("{card} ({rank}) — {effect}", card=_name(c), rank=c,
                     effect=CHARACTERS[c].effect)
        if t == "recruit":
            return T("Take {card} ({rank}) back to hand", card=_name(action["card"]),
                     rank=action["card"])
        if t == "surgeon":
            return T("Bring back {card} ({rank})", card=_name(action["card"]),
                     rank=action["card"])
        if t == "keep":
            return T("{token}: keep one, return the rest", token=_tok(action["token"]))
        if t == "trade":
            gain = A["merchant_2"] if action["count"] == 2 else A["merchant_3"]
            return T("Trade {tokens} for {n} doubloon",
                     plural="Trade {tokens} for {n} doubloons",
                     tokens=D.token_count(action["token"], action["count"]), n=gain)
        if t == "loot":
            return TOKENS[action["token"]].take
        if t == "discard":
            return T("Discard {seat}'s {card} ({rank})", seat=action["seat"],
                     card=_name(action["card"]), rank=action["card"])
        if t == "den":
            return T("Aim at {seat}'s den", seat=action["seat"])
        if t == "ability":
            card = _name(state["pending"]["rank"])
            if action["use"]:
                return T("Use the {card}'s ability", card=card)
            return T("Skip the {card}'s ability", card=card)
        if t == "waitress":
            if action["sell"]:
                return T("Sell a treasure map (+{n})", n=A["waitress"])
            if not self._count(state["players"][seat], "map"):
                return T("Go on: no treasure map to sell")
            return T("Keep your treasure maps")
        return super().label(state, seat, action)

    def prompt(self, state, seat) -> Text:
        if state["finished"]:
            return T("The game is over.")
        if state["phase"] == "pick":
            if seat in state["picks"]:
                return T("Waiting for the other players to choose.")
            return T("Choose your character for day {day} of campaign {campaign}.",
                     day=state["day"], campaign=state["campaign"])
        pend = state["pending"]
        if not pend or pend["seat"] != seat:
            return T("Please wait for the other players.")
        return self._pending_text(pend, own=True)

    def _pending_text(self, pend, own: bool) -> Text:
        kind, card = pend["kind"], _name(pend["rank"])
        if own:
            msgs = {
                "parrot": T("Your {card} flies off: which character takes its place?", card=card),
                "recruit": T("Your {card}: take which den character back to hand?", card=card),
                "surgeon": T("Your {card}: bring which card back from your graveyard?", card=card),
                "preacher": T("Your {card}: which loot token do you keep?", card=card),
                "merchant": T("Your {card}: which tokens do you trade?", card=card),
                "loot": T("Your {card}: which loot token do you take?", card=card),
                "saber": T("Saber! Discard a character from a neighbour's den.", card=card),
                "gunner": T("Your {card}: discard a character from any den.", card=card),
                "waitress": T("Your {card}: sell a treasure map for {n} doubloon?",
                              plural="Your {card}: sell a treasure map for {n} doubloons?",
                              card=card, n=A["waitress"]),
                "ability": T("Use your {card}'s ability? ({effect})", card=card,
                             effect=CHARACTERS[pend["rank"]].effect),
            }
            return msgs[kind]
        seat = pend["seat"]
        msgs = {
            "parrot": T("{seat} is choosing a character to replace the Parrot.", seat=seat),
            "recruit": T("{seat}'s {card} is choosing whom to recruit.", seat=seat, card=card),
            "surgeon": T("{seat}'s {card} is choosing a card from the graveyard.", seat=seat, card=card),
            "preacher": T("{seat}'s {card} is choosing a token to keep.", seat=seat, card=card),
            "merchant": T("{seat}'s {card} is choosing a trade.", seat=seat, card=card),
            "loot": T("{seat}'s {card} is choosing loot.", seat=seat, card=card),
            "saber": T("{seat} is choosing a saber victim.", seat=seat, card=card),
            "gunner": T("{seat}'s {card} is choosing a target.", seat=seat, card=card),
            "waitress": T("{seat}'s {card} may sell a treasure map.", seat=seat, card=card),
            "ability": T("{seat} is deciding whether to use the {card}'s ability.", seat=seat,
                         card=card),
        }
        return msgs[kind]

    def status(self, state) -> Text:
        if state["finished"]:
            o = self.outcome(state)
            return T("Game over. Winner: {winners}.", plural="Game over. Winners: {winners}.",
                     winners=o.winners, n=len(o.winners))
        c, d = state["campaign"], state["day"]
        if state["phase"] == "pick":
            return T("Campaign {c}, day {d}: waiting for picks ({n} of {m} chosen).", c=c, d=d,
                     n=len(state["picks"]), m=len(state["seats"]))
        pend = state["pending"]
        what = self._pending_text(pend, own=False) if pend else T("resolving")
        return T("Campaign {c}, day {d}: {what}", c=c, d=d, what=what)

    # ------------------------------------------------------------------ view
    def view(self, state, seat) -> dict:
        P = state["players"]
        seats = state["seats"]

        def char(s, r):
            return {"rank": r, "name": _name(r).msg, "influence": self.inf(state, s, r)}

        players = {}
        for s in seats:
            p = P[s]
            players[s] = {
                "colour": D.COLOURS[p["colour"]],
                "doubloons": p["doubloons"],
                "score": p["score"],
                "campaign_scores": list(p["campaign_scores"]),
                "den": [char(s, r) for r in sorted(p["den"])],
                "loot": {t: p["loot"][t] for t in TOKEN_ORDER if p["loot"].get(t)},
                "hidden_loot": sum(p["secret"].values()),
                "loot_total": self._total(p),
                "hand_size": len(p["hand"]),
                "graveyard_size": len(p["grave"]),
                "picked": s in state["picks"],
                # public facts an AI seat needs to rebuild a position (determinize.py):
                # the tie-break cycle, the scored campaigns and what the table knows of
                # the hand and graveyard (see _known)
                "tie": p["tie"],
                "breakdowns": [dict(b) for b in p["breakdowns"]],
            }
            k = self._known(state, s)
            if k is not None:
                players[s]["known"] = {"hand": list(k["hand"]), "grave": list(k["grave"]),
                                       "slots": [dict(x, cards=list(x["cards"]))
                                                 for x in k["slots"]]}
        pend = state["pending"]
        v: dict[str, Any] = {
            "game": "libertalia",
            "seats": list(seats),
            # each seat's card colour (render.common.GAME_COLOURS names): the bot's seat
            # legend and every image draw the seat in it
            "seat_colours": {s: D.COLOURS[P[s]["colour"]] for s in seats},
            "campaign": state["campaign"],
            "round": state["campaign"],
            "day": state["day"],
            "phase": state["phase"],
            "to_act": self.to_act(state),
            "picked": [s for s in seats if s in state["picks"]],
            "ship": [{"seat": e["seat"], **char(e["seat"], e["rank"]), "day_done": e["day_done"],
                      "take": e["take"], "officer": e["officer"]} for e in state["ship"]],
            "loot_days": [{"day": i + 1, "tokens": dict(d), "current": i + 1 == state["day"]}
                          for i, d in enumerate(state["loot_days"])],
            "dealt": list(state["dealt"]),
            "bag_size": sum(state["bag"].values()),
            "players": players,
            "pending": ({"kind": pend["kind"], "seat": pend["seat"], "rank": pend["rank"],
                         "name": _name(pend["rank"]).msg,
                         "text": self._pending_text(pend, own=False).to_json(),
                         **{x: pend[x] for x in ("when", "den") if x in pend}}
                        if pend else None),
            # more public facts for determinize.py: the table options, the cards not dealt
            # yet, the Night's order and the End-of-campaign questions still to ask
            "options": dict(state["options"]),
            "pool": sorted(state["pool"]),
            "night": [list(x) for x in state["night"]],
            "status": self.status(state).to_json(),
            "finished": state["finished"],
        }
        if "end_queue" in state:
            v["end_queue"] = [list(x) for x in state["end_queue"]]
            v["end_skip"] = [list(x) for x in state.get("end_skip", [])]
        if state["finished"]:
            v["outcome"] = self.outcome(state).to_json()
            v["breakdowns"] = {s: P[s]["breakdowns"] for s in seats}
        if seat is not None and seat in P:
            p = P[seat]
            v["you"] = seat
            v["hand"] = [{**char(seat, r), "effect": CHARACTERS[r].effect.to_json()}
                         for r in sorted(p["hand"])]
            v["my_pick"] = state["picks"].get(seat)
            v["graveyard"] = [char(seat, r) for r in sorted(p["grave"])]
            v["secret_loot"] = {t: p["secret"][t] for t in TOKEN_ORDER if p["secret"].get(t)}
            v["prompt"] = self.prompt(state, seat).to_json()
        return v

    # ------------------------------------------------------------------ outcome
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


def _copy_player(p: dict) -> dict:
    q = p.copy()
    q["hand"], q["den"], q["grave"] = p["hand"].copy(), p["den"].copy(), p["grave"].copy()
    q["loot"], q["secret"] = p["loot"].copy(), p["secret"].copy()
    q["campaign_scores"] = p["campaign_scores"].copy()
    q["breakdowns"] = [b.copy() for b in p["breakdowns"]]
    return q


def _same(a: dict, b: dict) -> bool:
    if set(a) != set(b):
        return False
    return all(type(a[k]) is type(b[k]) and a[k] == b[k] for k in a)


ENGINE = LibertaliaEngine()
