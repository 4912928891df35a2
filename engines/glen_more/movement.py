"""Glen More: the movement phase — moving clansmen and making chieftains, then the end
of the turn."""
from __future__ import annotations

from engines.base import public

from .common import cells_of, grid, clansmen
from .texts import tile_ref


class MovementMixin:
    """Spending movement points."""

    def _do_clansman(self, state, seat, p, turn, action, events):
        turn["sub"] = {"kind": "clansman", "at": list(action["at"])}

    def _do_move_to(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        g = grid(p)
        g[tuple(sub["at"])]["men"] -= 1
        g[tuple(action["at"])]["men"] += 1
        turn["mp"] -= 1
        events.append(public("{player} moves a clansman from {a} to {b}.", player=seat,
                             a=tile_ref(cells_of(p), tuple(sub["at"])),
                             b=tile_ref(cells_of(p), tuple(action["at"]))))

    def _do_chieftain(self, state, seat, p, turn, action, events):
        if clansmen(p) == 1:
            turn["sub"] = {"kind": "confirm_last", "at": turn["sub"]["at"]}
            return
        self._make_chieftain(state, seat, p, turn, events)

    def _do_confirm(self, state, seat, p, turn, action, events):
        self._make_chieftain(state, seat, p, turn, events)

    def _make_chieftain(self, state, seat, p, turn, events):
        sub = turn["sub"]
        turn["sub"] = None
        grid(p)[tuple(sub["at"])]["men"] -= 1
        p["chieftains"] += 1
        turn["mp"] -= 1
        events.append(public("{player} makes a clansman on {tile} a chieftain.", player=seat,
                             tile=tile_ref(cells_of(p), tuple(sub["at"]))))

    def _do_end(self, state, seat, p, turn, action, events):
        self._end_turn(state, events)
