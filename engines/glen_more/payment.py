"""Glen More: the warehouse — selling a cube and paying a cost (own cubes, buying the
deficit, selling surplus) — and the choice of the tiles whose cubes pay.

The rules (docs/rules/glen_more.md §6 and §8.2): "Resource costs are paid with cubes taken
from **any** tiles of the player's display (they need not be adjacent or activated)" and
"Payment cubes for activations come from any tiles of the display".  So the player picks
the tiles: after the coins and the warehouse are settled, the cubes that leave the display
(those used for the cost and those sold automatically to afford it) are taken one at a time
(``turn["paying"]``), resource by resource.  Only choices that change the resulting position
are asked: the cubes of one resource are taken in the order of the display (a tile never
before one chosen earlier for that resource), which gives each resulting position exactly
one path, and tiles that would leave too few cubes for the rest are not offered, so a
decision with one option is made automatically.  The first option is the suggestion: the
tile the engine used to pick on its own (the one holding the most cubes, ties: placed first,
as ``take_cube``), so taking the first option every time gives that old result."""
from __future__ import annotations

from typing import Mapping

from engines.base import Event, State, public

from .common import RES, buy_price, grid, sell_price, take_cube
from .texts import res_count, res_list


class PaymentMixin:
    """Selling and paying."""

    def _do_sell(self, state, seat, p, turn, action, events):
        r = action["res"]
        holders = [t for t in p["tiles"] if r in t["cubes"]]
        if len(holders) == 1:
            self._sell(state, seat, holders[0], r, events)
        else:
            turn["selling"] = r

    def _do_sell_from(self, state, seat, p, turn, action, events):
        t = grid(p)[tuple(action["at"])]
        r = turn["selling"]
        turn["selling"] = None
        self._sell(state, seat, t, r, events)

    def _sell(self, state: State, seat: str, t: dict, r: str, events: list[Event]) -> None:
        f = state["market"][r]
        price = sell_price(f)
        t["cubes"].remove(r)
        state["market"][r] = f - 1
        state["players"][seat]["coins"] += price
        events.append(public("{player} sells {item} for {n} coin.", plural="{player} sells {item} "
                             "for {n} coins.", player=seat, item=res_count(r, 1), n=price,
                             data={"sell": r, "coins": price}))

    def _pay(self, state: State, seat: str, cost: Mapping[str, int], plan: dict,
             events: list[Event]) -> None:
        """Pay ``cost`` by ``plan``: coins and warehouse at once; the cubes that leave the
        display (sold surplus, then the cubes used) go through the choice of tiles."""
        p = state["players"][seat]
        order: list[str] = []
        for r, n in plan["sell"].items():
            for _i in range(n):
                # surplus cube: never one needed for the cost
                f = state["market"][r]
                state["market"][r] = f - 1
                p["coins"] += sell_price(f)
                order.append(r)
        if plan["sell"]:
            events.append(public("{player} sells {items} for {n} coin.",
                                 plural="{player} sells {items} for {n} coins.", player=seat,
                                 items=res_list(plan["sell"]), n=plan["proceeds"]))
        for r, n in plan["buy"].items():
            for _i in range(n):
                f = state["market"][r]
                p["coins"] -= buy_price(f)
                state["market"][r] = f + 1
        if plan["buy"]:
            events.append(public("{player} buys {items} for {n} coin and pays with them at once.",
                                 plural="{player} buys {items} for {n} coins and pays with them "
                                        "at once.",
                                 player=seat, items=res_list(plan["buy"]), n=plan["price"]))
        for r, n in plan["use"].items():
            order += [r] * n
        assert p["coins"] >= 0
        self._start_paying(state, p, order)

    # -- which tiles pay
    def _start_paying(self, state: State, p: dict, order: list[str]) -> None:
        """Take the cubes of ``order`` (resources, in the order the engine took them before
        the player chose) off the display, asking the player where it matters."""
        if not order:
            return
        # the suggestion: what take_cube would do (it reads only the tiles' cubes)
        shadow = {"tiles": [{"cubes": list(t["cubes"])} for t in p["tiles"]]}
        index = {id(t): i for i, t in enumerate(shadow["tiles"])}
        default = [[0] * len(RES) for _t in p["tiles"]]
        for r in order:
            default[index[id(take_cube(shadow, r))]][RES.index(r)] += 1
        state["turn"]["paying"] = {"queue": [[r, order.count(r)] for r in RES if r in order],
                                   "after": 0, "default": default}
        self._advance_paying(state, p)

    def _pay_options(self, state: State, p: dict) -> list[tuple[int, int]]:
        """The tiles (as cells, the suggestion first) the next cube may come from."""
        pay = state["turn"]["paying"]
        r, n = pay["queue"][0]
        tiles = p["tiles"]
        left = [0] * (len(tiles) + 1)            # cubes of r on tiles i, i+1, ...
        for i in range(len(tiles) - 1, -1, -1):
            left[i] = left[i + 1] + tiles[i]["cubes"].count(r)
        opts = [i for i in range(pay["after"], len(tiles))
                if r in tiles[i]["cubes"] and left[i] >= n]
        k = RES.index(r)
        on_path = [i for i in opts if pay["default"][i][k] > 0]
        if on_path:
            best = on_path[0]
        else:
            best = max(opts, key=lambda i: (len(tiles[i]["cubes"]), -i))
        opts.remove(best)
        return [(tiles[i]["x"], tiles[i]["y"]) for i in [best] + opts]

    def _advance_paying(self, state: State, p: dict) -> None:
        """Take cubes while there is only one way to go on; stop at a real choice."""
        pay = state["turn"]["paying"]
        while pay["queue"]:
            opts = self._pay_options(state, p)
            if len(opts) > 1:
                return
            self._take_paid_cube(state, p, opts[0])
        state["turn"]["paying"] = None

    def _take_paid_cube(self, state: State, p: dict, cell: tuple[int, int]) -> None:
        pay = state["turn"]["paying"]
        r = pay["queue"][0][0]
        i = next(k for k, t in enumerate(p["tiles"]) if (t["x"], t["y"]) == tuple(cell))
        p["tiles"][i]["cubes"].remove(r)
        k = RES.index(r)
        if pay["default"][i][k] > 0:
            pay["default"][i][k] -= 1
        pay["queue"][0][1] -= 1
        if pay["queue"][0][1] == 0:
            pay["queue"].pop(0)
            pay["after"] = 0
        else:
            pay["after"] = i

    def _do_pay_from(self, state, seat, p, turn, action, events):
        self._take_paid_cube(state, p, tuple(action["at"]))
        self._advance_paying(state, p)
