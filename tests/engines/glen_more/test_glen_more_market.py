"""The warehouse: prices, buying only for an immediate cost, selling any time, the rulebook's
Anna / Iona Abbey example with its exact numbers."""
import pytest

from engines.base import IllegalAction
from engines.glen_more import ENGINE as E
from engines.glen_more.engine import buy_price, plan_payment, sell_price

from glen_more_util import at, cubes, fmt, home, new, put_tile, tile


def test_price_table():
    assert [buy_price(f) for f in range(4)] == [1, 2, 3, None]
    assert [sell_price(f) for f in range(4)] == [None, 1, 2, 3]


def test_view_market_rows():
    st = new(2)
    st["market"]["stone"] = 2
    m = E.view(st, None)["market"]
    assert list(m) == ["wood", "stone", "sheep", "cattle", "grain"]
    assert m["stone"] == {"filled": 2, "buy": 3, "sell": 2,
                          "spaces": [{"value": 1, "coins": 1}, {"value": 2, "coins": 2},
                                     {"value": 3, "coins": 0}]}
    assert m["wood"]["buy"] == 2 and m["wood"]["sell"] == 1     # 2 players: 1 coin on each "1"
    st4 = new(4)
    assert E.view(st4, None)["market"]["wood"] == {
        "filled": 0, "buy": 1, "sell": None,
        "spaces": [{"value": 1, "coins": 0}, {"value": 2, "coins": 0}, {"value": 3, "coins": 0}]}


def anna():
    st = new(4, seed=1)
    p = st["players"]["A"]
    p["tiles"] = [tile("START", 0, 0, cubes=["wood", "wood", "cattle"], men=1),
                  tile("T49", 1, 0, men=1),              # medium fair (road)
                  tile("T23", 1, 1), tile("T12", 1, -1)]  # quarry, meadow (plain)
    p["coins"] = 3
    st["market"] = {"wood": 0, "stone": 1, "sheep": 2, "cattle": 2, "grain": 0}
    return st, p


def test_anna_iona_abbey_example():
    st, p = anna()
    space = put_tile(st, "T48")
    # affordable: 1 stone (2) + 1 sheep (3) = 5 <= 3 coins + 2 for the cattle
    assert {"type": "take", "space": space} in E.legal(st, "A")
    label = fmt(E.label(st, "A", {"type": "take", "space": space}))
    assert label == "Iona Abbey #4 — sell 1 cattle (+2) to buy 1 stone, 1 sheep (-5)"
    # 1. sell the cattle by hand
    E.apply(st, "A", {"type": "sell", "res": "cattle"})
    assert p["coins"] == 5 and st["market"]["cattle"] == 1
    # 2-4. take the abbey: buy stone (2) and sheep (3), pay 1 of the 2 wood
    E.apply(st, "A", {"type": "take", "space": space})
    assert p["coins"] == 0
    assert st["market"]["stone"] == 2 and st["market"]["sheep"] == 3
    assert cubes(p)["wood"] == 1
    E.apply(st, "A", {"type": "place", "at": [2, 0]})
    assert "Iona Abbey" in p["cards"]
    # 5. activations: quarry, meadow, abbey (sheep)
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})
    E.apply(st, "A", {"type": "activate", "at": [1, -1]})
    E.apply(st, "A", {"type": "activate", "at": [2, 0]})
    E.apply(st, "A", {"type": "choose", "res": "sheep"})
    assert at(p, 2, 0)["cubes"] == ["sheep"] and at(p, 1, 1)["cubes"] == ["stone"]
    # 6. sell the abbey's sheep (sheep on two tiles: pick the tile)
    E.apply(st, "A", {"type": "sell", "res": "sheep"})
    E.apply(st, "A", {"type": "sell_from", "at": [2, 0]})
    assert p["coins"] == 3 and st["market"]["sheep"] == 2 and at(p, 2, 0)["cubes"] == []
    # 7-8. the fair with 4 different resources, buying the grain (price 1)
    E.apply(st, "A", {"type": "activate", "at": [1, 0]})
    for r in ("grain", "wood", "stone", "sheep"):
        E.apply(st, "A", {"type": "add", "res": r})
    assert fmt(E.label(st, "A", {"type": "pay"})).startswith("Pay 1 wood, 1 stone, 1 sheep, 1 grain for 8 VP")
    E.apply(st, "A", {"type": "pay"})
    assert p["vp"] == 8 and p["parts"]["Fairs"] == 8
    assert p["coins"] == 2 and st["market"]["grain"] == 1
    assert sum(cubes(p).values()) == 0
    assert p["cards"] == ["Iona Abbey"]


def test_buying_to_stockpile_is_refused():
    st = new(2)
    dump = E.dump(st)
    for a in ({"type": "buy", "res": "wood"}, {"type": "buy"}):
        with pytest.raises(IllegalAction) as ei:
            E.apply(st, "A", a)
        assert "buy" in ei.value.message
    assert E.dump(st) == dump


def test_selling_rules():
    st = new(2)
    p = home(st)
    at(p, 0, 1)["cubes"] = ["sheep"]
    st["market"]["sheep"] = 0
    dump = E.dump(st)
    with pytest.raises(IllegalAction):                  # row empty: nobody buys sheep
        E.apply(st, "A", {"type": "sell", "res": "sheep"})
    with pytest.raises(IllegalAction):                  # nothing to sell
        E.apply(st, "A", {"type": "sell", "res": "wood"})
    with pytest.raises(IllegalAction):                  # not your turn
        E.apply(st, "B", {"type": "sell", "res": "sheep"})
    assert E.dump(st) == dump
    p = st["players"]["A"]          # a refused action restores a copy of the state
    st["market"]["sheep"] = 3
    E.apply(st, "A", {"type": "sell", "res": "sheep"})
    assert p["coins"] == 9 and st["market"]["sheep"] == 2 and at(p, 0, 1)["cubes"] == []


def test_tile_cost_bought_only_while_the_row_has_room():
    st = new(4)
    p = home(st)
    space = put_tile(st, "T14")                           # village, 1 stone (river)
    st["market"]["stone"] = 3                              # row full: stone cannot be bought
    assert {"type": "take", "space": space} not in E.legal(st, "A")
    with pytest.raises(IllegalAction) as ei:
        E.apply(st, "A", {"type": "take", "space": space})
    assert "cannot pay" in ei.value.message
    st["market"]["stone"] = 2
    p = st["players"]["A"]
    E.apply(st, "A", {"type": "take", "space": space})
    assert p["coins"] == 3 and st["market"]["stone"] == 3


def test_castle_moil_label_buys_the_missing_grain():
    st = new(2)
    p = home(st)
    at(p, 0, 1)["cubes"] = ["wood"]
    at(p, 1, 0)["cubes"] = ["stone"]
    space = put_tile(st, "T26")
    label = fmt(E.label(st, "A", {"type": "take", "space": space}))
    assert label == "Castle Moil #{} — 1 wood, 1 stone, 1 grain: buy 1 grain for 2 coins".format(space)


def test_plan_payment_sells_surplus_best_price_first():
    p = {"tiles": [tile("START", 0, 0, cubes=["wood", "cattle", "grain"])], "coins": 0}
    market = {"wood": 0, "stone": 0, "sheep": 0, "cattle": 1, "grain": 3}
    plan = plan_payment(p, market, {"wood": 1, "stone": 2})
    # stone: 1 + 2 = 3 coins; sell grain (3) first
    assert plan == {"buy": {"stone": 2}, "sell": {"grain": 1}, "price": 3, "proceeds": 3,
                    "use": {"wood": 1}}
    assert plan_payment(p, market, {"stone": 4}) is None          # only 3 spaces in a row
    assert plan_payment(p, market, {"sheep": 3}) is None          # 6 coins, only 4 from sales
    assert plan_payment(p, market, {"sheep": 1}, allow_sell=False) is None


def test_selling_is_possible_in_every_decision_of_the_own_turn():
    st = new(2)
    p = home(st)
    at(p, 1, 0)["cubes"] = ["stone", "stone"]
    space = put_tile(st, "T02")
    assert {"type": "sell", "res": "stone"} in E.legal(st, "A")
    E.apply(st, "A", {"type": "take", "space": space})
    assert {"type": "sell", "res": "stone"} in E.legal(st, "A")      # place step
    E.apply(st, "A", {"type": "place", "at": [0, 2]})
    assert {"type": "sell", "res": "stone"} in E.legal(st, "A")      # activation step
    E.apply(st, "A", {"type": "sell", "res": "stone"})
    assert p["coins"] == 7
    assert E.legal(st, "B") == []
