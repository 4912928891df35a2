"""Libertalia: Dusk — from the top of the ship down, each character takes its loot (rules
§7: Cook and Cabin Boy, the Spanish officer, the saber) and goes to its den."""
from __future__ import annotations

from engines.base import Event, public

from . import data as D
from .texts import _name, _takes


class Dusk:
    """Dusk and the loot decision (mixin of LibertaliaEngine)."""

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

    def _set_take(self, e, n, events):
        e["take"] = n
        if n == 0:
            if events is not None:
                events.append(public("{seat}'s {card} takes no loot.", seat=e["seat"],
                                     card=_name(e["rank"])))

    def _do_loot(self, state, pend, a, events):
        seat, rank = pend["seat"], pend["rank"]
        P = state["players"]
        p = P[seat]
        card = _name(rank)
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
