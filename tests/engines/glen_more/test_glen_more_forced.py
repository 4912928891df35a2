"""``forced``: the lone choices the table may take for a player.

Glen More hides only the running scores (and the order of the stacks), and no choice
depends on them: any lone legal action is forced, e.g. "No tile can be taken" and the one
spot for a tile. A lone choice beside a possible sale is not alone: selling now or later is
a choice. The shared tests (tests/engines/test_forced.py) check the same over whole games."""
from engines.base import english
from engines.glen_more import ENGINE as E

from glen_more_util import new, put_tile, tile

PASS = {"type": "pass"}


def no_tile_for_a():
    st = new(4)
    p = st["players"]["A"]
    p["tiles"] = [tile("START", 0, 0, men=0), tile("T03", 0, 1, cubes=["sheep"])]
    p["chieftains"] = 1                  # no clansman: no tile can be taken
    return st, p


def test_no_tile_can_be_taken_moves_on_without_asking():
    st, p = no_tile_for_a()
    assert E.legal(st, "A") == [PASS]    # the warehouse has no room for a sheep now
    assert E.forced(st, "A") == PASS
    assert english(E.label(st, "A", PASS)).startswith("No tile can be taken")
    assert E.forced(st, "B") is None     # not B's turn
    p["vp"] += 7                         # the secret score changes nothing
    assert E.forced(st, "A") == PASS


def test_a_possible_sale_keeps_the_pass_a_click():
    st, p = no_tile_for_a()
    st["market"]["sheep"] = 2            # the warehouse buys sheep now
    assert E.legal(st, "A") == [PASS, {"type": "sell", "res": "sheep"}]
    assert E.forced(st, "A") is None


def test_the_only_spot_is_taken_without_asking():
    st = new(4)
    st["players"]["A"]["tiles"] = [tile("START", 0, 0, men=1), tile("T03", 0, 1)]
    E.apply(st, "A", {"type": "take", "space": put_tile(st, "T02")})
    spot = {"type": "place", "at": [0, -1]}
    assert E.legal(st, "A") == [spot] and E.forced(st, "A") == spot
    assert english(E.label(st, "A", spot)) == "Spot A — south of Start village"
    E.apply(st, "A", spot)
    assert st["turn"]["step"] == "activate" and E.forced(st, "A") is None   # a real choice
