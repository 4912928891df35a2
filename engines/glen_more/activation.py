"""Glen More: activating the new tile and its neighbours (and Loch Ness / Loch Oich),
with the sub-decisions of paid activations (butchers, fairs, grocer, Iona Abbey)."""
from __future__ import annotations

from engines.base import IllegalAction, State, public

from . import data as D
from .common import RES, cells_of, grid, held, add_cube, tile_type, plan_payment
from .texts import res_count, res_list, tile_ref, vp as n_vp, whisky_barrels


class ActivationMixin:
    """Which tiles can be activated, and what an activation does."""

    def _tile_effect_possible(self, state: State, p: dict, t: dict) -> bool:
        typ = tile_type(t)
        if typ in D.PRODUCTION or typ == "iona_abbey":
            return len(t["cubes"]) < D.TILE_CUBE_CAP
        if typ in D.GREY_TYPES or typ == "tavern":
            return True
        if typ in D.FIXED_ACTIVATIONS:
            return any(plan_payment(p, state["market"], pay, allow_sell=False) is not None
                       for pay, _, _ in D.FIXED_ACTIVATIONS[typ])
        if typ == "fair":
            return any(plan_payment(p, state["market"], {r: 1}, allow_sell=False) is not None for r in RES)
        if typ == "grocer":
            return self._grocer_possible(state, p)
        return False   # lochs: no activation effect

    @staticmethod
    def _grocer_possible(state: State, p: dict) -> bool:
        """Can 3 resources be paid (own cubes first, the rest bought with coins)?"""
        missing = D.GROCER_RESOURCES - sum(held(p).values())
        if missing <= 0:
            return True
        prices = sorted(D.WAREHOUSE_VALUES[f] for r in RES
                        for f in range(state["market"][r], len(D.WAREHOUSE_VALUES)))
        return len(prices) >= missing and sum(prices[:missing]) <= p["coins"]

    def _activatable_now(self, state: State, p: dict) -> list[tuple[int, int]]:
        turn = state["turn"]
        g = grid(p)
        done = {tuple(c) for c in turn["activated"]}
        out = []
        for c in turn["activatable"]:
            c = tuple(c)
            if c not in done and c in g and self._tile_effect_possible(state, p, g[c]):
                out.append(c)
        return out

    def _ness_targets(self, state: State, p: dict) -> list[tuple[int, int]]:
        turn = state["turn"]
        if turn["ness"] != "available" or "Loch Ness" not in p["cards"]:
            return []
        done = {tuple(c) for c in turn["activated"]}
        normal = {tuple(c) for c in turn["activatable"]}
        return [(t["x"], t["y"]) for t in sorted(p["tiles"], key=lambda t: (-t["y"], t["x"]))
                if (t["x"], t["y"]) not in done and (t["x"], t["y"]) not in normal
                and self._tile_effect_possible(state, p, t)]

    def _grocer_adds(self, state: State, p: dict, basket: list[str]) -> list[str]:
        if len(basket) >= D.GROCER_RESOURCES:
            return []
        out = []
        for r in RES:
            cost = {x: basket.count(x) for x in RES}
            cost[r] += 1
            cost = {k: v for k, v in cost.items() if v}
            if plan_payment(p, state["market"], cost, allow_sell=False) is not None:
                out.append(r)
        return out

    def _fair_adds(self, state: State, p: dict, basket: list[str], max_types: int) -> list[str]:
        if len(basket) >= max_types:
            return []
        out = []
        for r in RES:
            if r in basket:
                continue
            cost = {x: 1 for x in basket + [r]}
            if plan_payment(p, state["market"], cost, allow_sell=False) is not None:
                out.append(r)
        return out

    def _basket_plan(self, state: State, p: dict, typ: str, basket: list[str]) -> dict | None:
        cost = {r: basket.count(r) for r in RES if basket.count(r)}
        return plan_payment(p, state["market"], cost, allow_sell=False)

    def _do_activate(self, state, seat, p, turn, action, events):
        self._activate(state, seat, p, turn, tuple(action["at"]), False, events)

    def _do_loch_ness(self, state, seat, p, turn, action, events):
        turn["sub"] = {"kind": "ness_target"}

    def _do_ness_target(self, state, seat, p, turn, action, events):
        turn["sub"] = None
        self._activate(state, seat, p, turn, tuple(action["at"]), True, events)

    def _activate(self, state, seat, p, turn, c, ness, events):
        t = grid(p)[c]
        typ = tile_type(t)
        tid = t["id"]
        if typ in D.PRODUCTION:
            r = D.PRODUCTION[typ]
            add_cube(t, r)
            events.append(public("{player} activates {tile} and gets {item}.", player=seat,
                                 tile=tile_ref(cells_of(p), c), item=res_count(r, 1)))
            self._mark(turn, c, ness)
        elif typ in D.GREY_TYPES:
            turn["mp"] += 1
            events.append(public("{player} activates {tile}: +1 movement point.", player=seat,
                                 tile=tile_ref(cells_of(p), c)))
            self._mark(turn, c, ness)
        elif typ == "tavern":
            vp = D.TILES[tid]["vp"]
            self._add_vp(state, seat, D.ACTIVATION_CATEGORY[typ], vp)
            events.append(public("{player} activates {tile}: +{n} VP.",
                                 plural="{player} activates {tile}: +{n} VP.", player=seat,
                                 tile=tile_ref(cells_of(p), c), n=vp))
            self._mark(turn, c, ness)
        elif typ in ("distillery", "bridge", "butcher_mixed"):
            pay, vp, whisky = D.FIXED_ACTIVATIONS[typ][0]
            self._paid_activation(state, seat, p, turn, c, ness, pay, vp, whisky, events)
        elif typ in ("butcher_sheep", "butcher_cattle"):
            turn["sub"] = {"kind": "butcher", "at": list(c), "ness": ness}
        elif typ == "iona_abbey":
            turn["sub"] = {"kind": "iona", "at": list(c), "ness": ness}
        elif typ in ("fair", "grocer"):
            turn["sub"] = {"kind": "basket", "at": list(c), "ness": ness, "basket": []}
        else:  # pragma: no cover - lochs are never offered
            raise IllegalAction("That tile has nothing to activate.")

    def _mark(self, turn, c, ness):
        turn["activated"].append(list(c))
        if ness:
            turn["ness"] = "used"

    def _paid_activation(self, state, seat, p, turn, c, ness, pay, vp, whisky, events):
        plan = plan_payment(p, state["market"], pay, allow_sell=False)
        self._pay(state, seat, pay, plan, events)
        t = grid(p)[c]
        typ = tile_type(t)
        if vp:
            self._add_vp(state, seat, D.ACTIVATION_CATEGORY[typ], vp)
        p["whisky"] += whisky
        events.append(public("{player} activates {tile}: pays {items} for {gain}.", player=seat,
                             tile=tile_ref(cells_of(p), c), items=res_list(pay),
                             gain=n_vp(vp) if vp else whisky_barrels(whisky)))
        self._mark(turn, c, ness)

    def _do_choose(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        c = tuple(sub["at"])
        t = grid(p)[c]
        add_cube(t, action["res"])
        events.append(public("{player} activates Iona Abbey and puts {item} on it.", player=seat,
                             item=res_count(action["res"], 1)))
        self._mark(turn, c, sub["ness"])

    def _do_butcher(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        c = tuple(sub["at"])
        pay, vp, whisky = D.FIXED_ACTIVATIONS[tile_type(grid(p)[c])][action["n"] - 1]
        self._paid_activation(state, seat, p, turn, c, sub["ness"], pay, vp, whisky, events)

    def _do_add(self, state, seat, p, turn, action, events):
        turn["sub"]["basket"].append(action["res"])

    def _do_pay(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        c = tuple(sub["at"])
        t = grid(p)[c]
        typ = tile_type(t)
        basket = sub["basket"]
        pay = {r: basket.count(r) for r in RES if basket.count(r)}
        vp = D.FAIR_VP[D.TILES[t["id"]]["max_types"]][len(basket) - 1] if typ == "fair" else D.GROCER_VP
        self._paid_activation(state, seat, p, turn, c, sub["ness"], pay, vp, 0, events)

    def _do_done(self, state, seat, p, turn, action, events):
        turn["step"] = "move"
        if turn["oich"] and not state["options"]["oich_movement"]:
            turn["mp"] = 0
        if turn["mp"] == 0:
            self._end_turn(state, events)
