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

from engines.base import BaseEngine, Event, IllegalAction, T, Text, private, public, rng

from . import data as D
from .common import MAX_CHOICES, StateHelpers
from .data import AMOUNTS as A
from .data import RULES, TOKEN_ORDER
from .known import KnownRecord
from .labels import Labels
from .optional import OptionalAbilities
from .picks import Picks
from .scoring import Scoring
from .setup import GameSetup
from .texts import _earns, _gains, _name, _takes
from .view import Views


class LibertaliaEngine(GameSetup, Picks, OptionalAbilities, Scoring, Labels, Views,
                       KnownRecord, StateHelpers, BaseEngine):
    name = "libertalia"
    title = "Libertalia"
    min_players = 2
    max_players = 6

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

    def _set_take(self, e, n, events):
        e["take"] = n
        if n == 0:
            if events is not None:
                events.append(public("{seat}'s {card} takes no loot.", seat=e["seat"],
                                     card=_name(e["rank"])))

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
