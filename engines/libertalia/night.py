"""Libertalia: Night — the Night abilities of every den in one global descending order
(rules §8, Q15), the Waitress's question, and the end of the day."""
from __future__ import annotations

from engines.base import T, public

from . import data as D
from .data import AMOUNTS as A
from .data import RULES
from .texts import _earns, _name, sayer


class Night:
    """Night abilities and the end of a day (mixin of LibertaliaEngine)."""

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
        say = sayer(events, seat, card)       # a public line about this seat's character

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

    def _do_waitress(self, state, pend, a, events):
        seat = pend["seat"]
        p = state["players"][seat]
        card = _name(pend["rank"])
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
