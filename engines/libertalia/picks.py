"""Libertalia: dawn — the secret simultaneous pick and the reveal that lines the ship up."""
from __future__ import annotations

from engines.base import T, public

from .texts import _name


class Picks:
    """The pick and the reveal (mixin of LibertaliaEngine)."""

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
