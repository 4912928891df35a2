"""Glen More: what players read — action labels, prompts and the status line."""
from __future__ import annotations

from engines.base import Action, State, T, Text

from . import data as D
from .common import (RES, cells_of, grid, held, clansmen, tile_type, buy_price, sell_price,
                     plan_payment)
from .texts import (coin_change, coins, letter, res_count, res_list, resources, tile_name, tile_ref,
                    vp as n_vp, where)


class LabelsMixin:
    """Labels, prompts and status."""

    def label(self, state: State, seat: str, action: Action) -> Text:
        typ = action.get("type")
        p = state["players"].get(seat)
        turn = state.get("turn") or {}
        if typ == "take":
            sp = action["space"]
            tid = state["spaces"][sp]["tile"]
            cost = D.TILES[tid]["cost"]
            name = tile_name(tid)
            if not cost:
                return T("{tile} #{space} — free", tile=name, space=sp)
            if "whisky" in cost:
                return T("{tile} #{space} — pay 1 whisky barrel", tile=name, space=sp)
            if "clansman_or_chieftain" in cost:
                return T("{tile} #{space} — pay a clansman or a chieftain", tile=name, space=sp)
            if "distinct_resources" in cost:
                return T("{tile} #{space} — pay 2 different resources", tile=name, space=sp)
            plan = plan_payment(p, state["market"], cost)
            if plan is None:
                return T("{tile} #{space} — {cost}: cannot pay", tile=name, space=sp, cost=res_list(cost))
            if plan["sell"]:
                if len(plan["sell"]) + len(plan["buy"]) > 3:
                    return T("{tile} #{space} — sell {sold} and buy {bought} ({change})",
                             tile=name, space=sp, sold=resources(sum(plan["sell"].values())),
                             bought=resources(sum(plan["buy"].values())),
                             change=coin_change(plan["price"] - plan["proceeds"]))
                return T("{tile} #{space} — sell {sold} (+{proceeds}) to buy {items} (-{coins})",
                         tile=name, space=sp, sold=res_list(plan["sell"]), proceeds=plan["proceeds"],
                         items=res_list(plan["buy"]), coins=plan["price"])
            if plan["buy"] and not plan["use"]:
                return T("{tile} #{space} — buy {items} for {n} coin",
                         plural="{tile} #{space} — buy {items} for {n} coins", tile=name, space=sp,
                         items=res_list(plan["buy"]), n=plan["price"])
            if plan["buy"] and len(cost) + len(plan["buy"]) <= 4:
                return T("{tile} #{space} — {cost}: buy {items} for {n} coin",
                         plural="{tile} #{space} — {cost}: buy {items} for {n} coins", tile=name,
                         space=sp, cost=res_list(cost), items=res_list(plan["buy"]), n=plan["price"])
            if plan["buy"]:
                return T("{tile} #{space} — pay {use}, buy {items} for {n} coin",
                         plural="{tile} #{space} — pay {use}, buy {items} for {n} coins", tile=name,
                         space=sp, use=res_list(plan["use"]), items=res_list(plan["buy"]),
                         n=plan["price"])
            return T("{tile} #{space} — pay {cost}", tile=name, space=sp, cost=res_list(cost))
        if typ == "pass":
            return T("No tile can be taken: move to the first tile and discard it")
        if typ == "sell":
            r = action["res"]
            return T("Sell {item} for {n} coin", plural="Sell {item} for {n} coins",
                     item=res_count(r, 1), n=sell_price(state["market"][r]))
        if typ == "sell_from":
            t = grid(p)[tuple(action["at"])]
            return T("{letter}: sell from {tile} ({n} cube there)",
                     plural="{letter}: sell from {tile} ({n} cubes there)",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]),
                     n=len(t["cubes"]))
        if typ == "pay_from":
            t = grid(p)[tuple(action["at"])]
            cell = self._letter_of(state, action)
            if cell == "A":
                return T("{letter}: pay from {tile} ({n} cube there) — suggested",
                         plural="{letter}: pay from {tile} ({n} cubes there) — suggested",
                         letter=cell, tile=tile_name(t["id"]), n=len(t["cubes"]))
            return T("{letter}: pay from {tile} ({n} cube there)",
                     plural="{letter}: pay from {tile} ({n} cubes there)",
                     letter=cell, tile=tile_name(t["id"]), n=len(t["cubes"]))
        if typ == "cancel":
            return T("Cancel")
        if typ == "page":
            if action["n"] < 0:
                return T("Back to the list of pages")
            split = self._cell_decision(state, seat)
            pages = self._pages(*split) if split else None
            if pages and action["n"] < len(pages):
                first = action["n"] * len(pages[0])
                last = first + len(pages[action["n"]]) - 1
                if turn.get("step") == "place" and not turn.get("sub"):
                    return T("Spots {first} to {last}", first=letter(first), last=letter(last))
                return T("Choices {first} to {last}", first=letter(first), last=letter(last))
            return T("Page {page}", page=action["n"] + 1)
        if typ == "pay_ness":
            if action["with"] == "chieftain":
                return T("Pay with a chieftain (fewer chieftains in the scorings)")
            t = grid(p)[tuple(action["with"])]
            return T("{letter}: pay with a clansman from {tile}",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]))
        if typ == "pay_pair":
            a, b = action["res"]
            plan = plan_payment(p, state["market"], {a: 1, b: 1})
            pair = res_list({a: 1, b: 1})
            if plan and plan["sell"] and len(plan["sell"]) + len(plan["buy"]) <= 3:
                return T("Pay {pair}: sell {sold} (+{proceeds}) to buy {items} (-{coins})", pair=pair,
                         sold=res_list(plan["sell"]), proceeds=plan["proceeds"],
                         items=res_list(plan["buy"]), coins=plan["price"])
            if plan and plan["sell"]:
                return T("Pay {pair}: sell {sold} and buy {bought} ({change})", pair=pair,
                         sold=resources(sum(plan["sell"].values())),
                         bought=resources(sum(plan["buy"].values())),
                         change=coin_change(plan["price"] - plan["proceeds"]))
            if plan and plan["buy"]:
                return T("Pay {pair}: buy {items} for {n} coin",
                         plural="Pay {pair}: buy {items} for {n} coins", pair=pair,
                         items=res_list(plan["buy"]), n=plan["price"])
            return T("Pay {pair} from your tiles", pair=pair)
        if typ == "place":
            x, y = action["at"]
            return T("Spot {letter} — {where}", letter=self._letter_of(state, action),
                     where=where(cells_of(p), (x, y)))
        if typ == "lochy":
            a, b = action["res"]
            return T("Loch Lochy: take {items}", items=res_list({r: [a, b].count(r) for r in RES}))
        if typ == "shiel":
            if "res" in action:
                return T("Apply Loch Shiel, with {item} on Iona Abbey", item=res_count(action["res"], 1))
            return T("Apply Loch Shiel (fills your empty production tiles)")
        if typ in ("activate", "ness_target"):
            c = tuple(action["at"])
            t = grid(p)[c]
            return T("{letter}: {tile} — {effect}", letter=self._letter_of(state, action),
                     tile=tile_name(t["id"]), effect=self._effect_text(state, p, t))
        if typ == "loch_ness":
            return T("Use Loch Ness: activate one more tile anywhere")
        if typ == "done":
            mp = turn.get("mp", 0)
            if turn.get("oich") and not state["options"]["oich_movement"]:
                mp = 0
            if not mp:
                return T("Finish activations and end the turn")
            return T("Finish activations, then spend {n} movement point",
                     plural="Finish activations, then spend {n} movement points", n=mp)
        if typ == "choose":
            return T("Put {item} on Iona Abbey", item=res_count(action["res"], 1))
        if typ == "butcher":
            t = grid(p)[tuple(turn["sub"]["at"])]
            pay, vp, _w = D.FIXED_ACTIVATIONS[tile_type(t)][action["n"] - 1]
            plan = plan_payment(p, state["market"], pay, allow_sell=False)
            return self._pay_label(res_list(pay), vp, plan)
        if typ == "add":
            r = action["res"]
            basket = turn["sub"]["basket"]
            cost = {x: basket.count(x) for x in RES}
            has = held(p)[r] > cost[r]
            if has:
                return T("Add {item} (yours)", item=res_count(r, 1))
            return T("Add {item} (bought for {n} coin)", plural="Add {item} (bought for {n} coins)",
                     item=res_count(r, 1), n=buy_price(state["market"][r] + cost[r]))
        if typ == "pay":
            sub = turn["sub"]
            t = grid(p)[tuple(sub["at"])]
            basket = sub["basket"]
            vp = D.FAIR_VP[D.TILES[t["id"]]["max_types"]][len(basket) - 1] if tile_type(t) == "fair" \
                else D.GROCER_VP
            plan = self._basket_plan(state, p, tile_type(t), basket)
            return self._pay_label(res_list({r: basket.count(r) for r in RES}), vp, plan)
        if typ == "clansman":
            t = grid(p)[tuple(action["at"])]
            return T("{letter}: move a clansman from {tile} ({n} clansman there)",
                     plural="{letter}: move a clansman from {tile} ({n} clansmen there)",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]), n=t["men"])
        if typ == "move_to":
            t = grid(p)[tuple(action["at"])]
            return T("{letter}: move it to {tile} (1 movement point)",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]))
        if typ == "chieftain":
            if clansmen(p) == 1:
                return T("Make it a chieftain — your LAST clansman: no more tiles after that!")
            return T("Make it a chieftain (1 movement point)")
        if typ == "confirm":
            return T("Yes, make my last clansman a chieftain (I can take no more tiles)")
        if typ == "end":
            if turn.get("mp"):
                return T("End turn ({n} movement point is lost)",
                         plural="End turn ({n} movement points are lost)", n=turn["mp"])
            return T("End turn")
        return T("Unknown action")

    @staticmethod
    def _pay_label(items, vp, plan) -> Text:
        if plan and plan["buy"]:
            return T("Pay {items} for {vp} (buy {n} for {coins})",
                     plural="Pay {items} for {vp} (buy {n} for {coins})", items=items,
                     vp=n_vp(vp), n=sum(plan["buy"].values()), coins=coins(plan["price"]))
        return T("Pay {items} for {vp}", items=items, vp=n_vp(vp))

    def _effect_text(self, state: State, p: dict, t: dict) -> Text:
        typ = tile_type(t)
        tid = t["id"]
        if typ in D.PRODUCTION:
            return T("+{item}", item=res_count(D.PRODUCTION[typ], 1))
        if typ in D.GREY_TYPES:
            return T("+1 movement point")
        if typ == "tavern":
            return T("+{n} VP", plural="+{n} VP", n=D.TILES[tid]["vp"])
        if typ == "iona_abbey":
            return T("+1 resource of your choice")
        if typ == "distillery":
            return T("1 grain for 1 whisky barrel")
        if typ == "bridge":
            return T("1 stone and 1 wood for 7 VP")
        if typ == "butcher_mixed":
            return T("1 sheep and 1 cattle for 5 VP")
        if typ == "butcher_sheep":
            return T("1 or 2 sheep for 2 or 4 VP")
        if typ == "butcher_cattle":
            return T("1 or 2 cattle for 2 or 4 VP")
        if typ == "fair":
            vps = D.FAIR_VP[D.TILES[tid]["max_types"]]
            return T("1 to {n} different resources: up to {vp}",
                     plural="1 to {n} different resources: up to {vp}", n=len(vps), vp=n_vp(vps[-1]))
        if typ == "grocer":
            return T("3 resources for 8 VP")
        return T("nothing", context="tile effect")

    def prompt(self, state: State, seat: str) -> Text:
        if state["finished"]:
            return T("The game is over.")
        turn = state["turn"]
        if not turn or seat != turn["seat"]:
            return T("Wait: {player} is playing.", player=self.active(state) or "-")
        p = state["players"][seat]
        if turn.get("paying"):
            return T("Pay {item} from which tile? The letters are on the board; A is the suggested "
                     "tile.", item=res_count(turn["paying"]["queue"][0][0], 1))
        if turn["selling"]:
            return T("Sell {item} from which tile? Its letter is on the board.",
                     item=res_count(turn["selling"], 1))
        sub = turn["sub"]
        if sub:
            k = sub["kind"]
            if k == "iona":
                return T("Iona Abbey: which resource goes on the abbey?")
            if k == "butcher":
                return T("Butcher: how many animals do you pay?")
            if k == "basket":
                if not sub["basket"]:
                    return T("Choose the resources to pay, then pay.")
                return T("Choose the resources to pay ({basket} so far), then pay.",
                         basket=res_list({r: sub["basket"].count(r) for r in RES}))
            if k == "ness_target":
                return T("Loch Ness: which tile do you activate? The letters are on the board.")
            if k == "clansman":
                return T("Where does the clansman from {tile} go? ({n} movement point left)",
                         plural="Where does the clansman from {tile} go? ({n} movement points left)",
                         tile=tile_ref(cells_of(p), tuple(sub["at"])), n=turn["mp"])
            if k == "confirm_last":
                return T("This is your last clansman. Without one you cannot take tiles any more. Sure?")
        step = turn["step"]
        if step == "choose":
            if self.legal(state, seat) and self.legal(state, seat)[0]["type"] == "pass":
                return T("No tile in the chain can be paid for and placed. Your pawn must move on.")
            return T("Choose a tile from the chain (tiles you cannot pay for or place are not offered). "
                     "You may sell resources first.")
        if step == "ness_pay":
            return T("Pay Loch Ness with a clansman or a chieftain.")
        if step == "oich_pay":
            return T("Pay Loch Oich with 2 resources of different types.")
        if step == "place":
            return T("Where does {tile} go? Pick a lettered spot on the board.",
                     tile=tile_name(turn["tile"]))
        if step == "lochy":
            return T("Loch Lochy: choose 2 resources to put on the loch.")
        if step == "shiel":
            return T("Loch Shiel fills each empty production tile; sell first to empty more tiles.")
        if step == "activate":
            return T("Activate the new tile and its neighbours, one at a time ({n} done).",
                     plural="Activate the new tile and its neighbours, one at a time ({n} done).",
                     n=len(turn["activated"]))
        if step == "move":
            return T("Spend {n} movement point, or end your turn.",
                     plural="Spend {n} movement points, or end your turn.", n=turn["mp"])
        return T("Your move.")  # pragma: no cover

    def status(self, state: State) -> Text:
        if state["finished"]:
            return T("Glen More is over.")
        stack = next((k for k, pile in enumerate(state["stacks"]) if pile), 3)
        return T("Glen More, part {part} of 3 (stack {stack}: {n} tile left) — {player} to play.",
                 plural="Glen More, part {part} of 3 (stack {stack}: {n} tiles left) — {player} "
                        "to play.",
                 part=min(3, state["scorings"] + 1), stack=stack,
                 n=len(state["stacks"][stack]), player=self.active(state) or "-")
