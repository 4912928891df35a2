"""Movement points, clansmen and chieftains; special locations; the turn's flow."""
import pytest

from engines.base import IllegalAction
from engines.glen_more import ENGINE as E

from glen_more_util import active, at, cubes, fmt, home, new, put_tile, tile


def to_activation(st, tid, spot, seat="A"):
    space = put_tile(st, tid)
    E.apply(st, seat, {"type": "take", "space": space})
    while st["turn"]["step"] != "place":
        E.apply(st, seat, E.legal(st, seat)[0])
    E.apply(st, seat, {"type": "place", "at": spot})


def test_movement_points_moves_and_chieftains():
    st = new(4)
    p = home(st)
    st["players"]["A"]["coins"] = 6
    at(p, 0, 0)["cubes"] = ["stone"]
    to_activation(st, "T16", [1, 1])                 # village (plain): +1 clansman
    assert at(p, 1, 1)["men"] == 1
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})      # +1
    E.apply(st, "A", {"type": "activate", "at": [0, 0]})      # start village +1
    assert st["turn"]["mp"] == 2
    assert {"type": "activate", "at": [0, 1]} in E.legal(st, "A")    # the meadow: production
    E.apply(st, "A", {"type": "done"})
    assert st["turn"]["step"] == "move"
    legal = E.legal(st, "A")
    assert {"type": "clansman", "at": [1, 1]} in legal and {"type": "end"} in legal
    E.apply(st, "A", {"type": "clansman", "at": [1, 1]})
    moves = [a["at"] for a in E.legal(st, "A") if a["type"] == "move_to"]
    # every existing tile around (1,1), diagonals included
    assert sorted(moves) == sorted([[0, 1], [0, 0], [1, 0]])
    E.apply(st, "A", {"type": "move_to", "at": [0, 0]})         # a diagonal step
    assert at(p, 1, 1)["men"] == 0 and at(p, 0, 0)["men"] == 2 and st["turn"]["mp"] == 1
    E.apply(st, "A", {"type": "clansman", "at": [0, 0]})
    E.apply(st, "A", {"type": "chieftain"})
    assert p["chieftains"] == 1 and at(p, 0, 0)["men"] == 1 and st["turn"]["mp"] == 0
    assert [a for a in E.legal(st, "A") if a["type"] == "clansman"] == []
    with pytest.raises(IllegalAction) as ei:
        E.apply(st, "A", {"type": "clansman", "at": [0, 0]})
    assert "movement" in ei.value.message
    E.apply(st, "A", {"type": "end"})
    assert st["turn"]["seat"] != "A" or st["turn"]["mp"] == 0     # unused points never carry over


def test_last_clansman_needs_confirmation():
    st = new(4)
    p = st["players"]["A"]
    p["tiles"] = [tile("START", 0, 0, men=1)]
    to_activation(st, "T02", [0, 1])
    E.apply(st, "A", {"type": "activate", "at": [0, 0]})
    E.apply(st, "A", {"type": "done"})
    E.apply(st, "A", {"type": "clansman", "at": [0, 0]})
    assert "LAST" in fmt(E.label(st, "A", {"type": "chieftain"}))
    E.apply(st, "A", {"type": "chieftain"})
    assert p["chieftains"] == 0 and E.legal(st, "A")[0] == {"type": "confirm"}
    E.apply(st, "A", {"type": "confirm"})
    assert p["chieftains"] == 1 and sum(t["men"] for t in p["tiles"]) == 0


def test_no_clansman_means_no_tile_and_the_pawn_moves_on():
    st = new(4)
    p = st["players"]["A"]
    p["tiles"] = [tile("START", 0, 0, men=0)]
    p["chieftains"] = 1
    first = E.reachable(st)[0]
    tid = st["spaces"][first]["tile"]
    legal = E.legal(st, "A")
    assert [a for a in legal if a["type"] == "take"] == []
    assert {"type": "pass"} in legal
    E.apply(st, "A", {"type": "pass"})
    assert st["spaces"][first] == {"pawn": "A"} and tid in st["removed"]
    assert len(p["tiles"]) == 1


def test_out_of_turn_and_malformed_actions_change_nothing():
    st = new(3)
    dump = E.dump(st)
    bad = [("B", {"type": "take", "space": E.reachable(st)[0]}), ("Z", {"type": "end"}),
           ("A", {"type": "end"}), ("A", {"type": "nonsense"}), ("A", {}), ("A", "take"),
           ("A", {"type": "take"}), ("A", {"type": "place", "at": [0, 1]}),
           ("A", {"type": "take", "space": E.reachable(st)[0], "extra": 1})]
    for seat, a in bad:
        with pytest.raises(IllegalAction) as ei:
            E.apply(st, seat, a)
        assert ei.value.message
        assert E.dump(st) == dump
    with pytest.raises(IllegalAction) as ei:
        E.apply(st, "B", {"type": "end"})
    assert "not your turn" in ei.value.message


def test_loch_ness_paid_clansman_then_extra_activation_anywhere():
    st = new(4)
    p = home(st)
    p["tiles"].append(tile("T24", -1, 3, men=0))            # a far forest (not a neighbour)
    space = put_tile(st, "T37")
    E.apply(st, "A", {"type": "take", "space": space})
    pays = E.legal(st, "A")
    assert {"type": "pay_ness", "with": [0, 1]} in pays
    assert {"type": "pay_ness", "with": "chieftain"} not in pays      # none yet
    E.apply(st, "A", {"type": "pay_ness", "with": [0, 1]})
    assert at(p, 0, 1)["men"] == 0
    # (0,2) now has no clansman next to it: the paid clansman no longer counts
    spots = [a["at"] for a in E.legal(st, "A") if a["type"] == "place"]
    assert [0, 2] not in spots and [0, -1] in spots
    E.apply(st, "A", {"type": "place", "at": [0, -1]})
    assert p["cards"] == ["Loch Ness"]
    assert {"type": "loch_ness"} in E.legal(st, "A")
    E.apply(st, "A", {"type": "loch_ness"})
    targets = [a["at"] for a in E.legal(st, "A") if a["type"] == "ness_target"]
    assert [-1, 3] in targets
    E.apply(st, "A", {"type": "ness_target", "at": [-1, 3]})
    assert at(p, -1, 3)["cubes"] == ["wood"] and st["turn"]["ness"] == "used"
    assert {"type": "loch_ness"} not in E.legal(st, "A")          # once per turn


def test_loch_ness_paid_with_a_chieftain():
    st = new(4)
    p = home(st)
    p["chieftains"] = 2
    space = put_tile(st, "T37")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "pay_ness", "with": "chieftain"})
    assert p["chieftains"] == 1 and sum(t["men"] for t in p["tiles"]) == 3


def test_loch_oich_activates_everything_and_bars_loch_ness():
    st = new(4)
    p = home(st)
    p["cards"] = ["Loch Ness"]
    p["tiles"].append(tile("T24", -1, 3))
    at(p, 0, 0)["cubes"] = ["sheep", "grain"]
    space = put_tile(st, "T60")
    E.apply(st, "A", {"type": "take", "space": space})
    pairs = [a["res"] for a in E.legal(st, "A") if a["type"] == "pay_pair"]
    assert ["sheep", "grain"] in pairs and all(a != b for a, b in pairs)
    E.apply(st, "A", {"type": "pay_pair", "res": ["sheep", "grain"]})
    assert cubes(p)["sheep"] == 0 and cubes(p)["grain"] == 0
    E.apply(st, "A", {"type": "place", "at": [0, 2]})
    assert st["turn"]["oich"] and {"type": "loch_ness"} not in E.legal(st, "A")
    E.apply(st, "A", {"type": "activate", "at": [-1, 3]})          # far away, still allowed
    E.apply(st, "A", {"type": "activate", "at": [0, 0]})
    assert at(p, -1, 3)["cubes"] == ["wood"] and st["turn"]["mp"] == 1
    E.apply(st, "A", {"type": "done"})
    assert st["turn"]["step"] == "move"                     # movement still allowed (Q6)


def test_loch_oich_without_movement_option():
    st = new(4, oich_movement=False)
    p = home(st)
    at(p, 0, 0)["cubes"] = ["sheep", "grain"]
    space = put_tile(st, "T60")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "pay_pair", "res": ["sheep", "grain"]})
    E.apply(st, "A", {"type": "place", "at": [0, 2]})
    E.apply(st, "A", {"type": "activate", "at": [0, 0]})
    E.apply(st, "A", {"type": "done"})
    assert st["turn"] is None or st["turn"]["seat"] != "A" or st["turn"]["step"] == "choose"


def test_loch_shiel_fills_empty_production_tiles_and_iona():
    st = new(4)
    p = home(st)
    p["tiles"].append(tile("T48", -1, 0, men=0))
    p["cards"] = ["Iona Abbey"]
    at(p, 1, 0)["cubes"] = ["stone", "stone"]
    space = put_tile(st, "T52")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [0, 2]})
    legal = E.legal(st, "A")
    assert {"type": "shiel", "res": "grain"} in legal and {"type": "shiel"} not in legal
    E.apply(st, "A", {"type": "shiel", "res": "grain"})
    assert at(p, 0, 1)["cubes"] == ["sheep"]
    assert at(p, 1, 0)["cubes"] == ["stone", "stone"]
    assert at(p, -1, 0)["cubes"] == ["grain"]
    assert "Loch Shiel" in p["cards"]


def test_loch_lochy_cubes_respect_the_cap():
    st = new(4)
    home(st)
    space = put_tile(st, "T09")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [0, 2]})
    E.apply(st, "A", {"type": "lochy", "res": ["wood", "wood"]})
    p = st["players"]["A"]
    assert at(p, 0, 2)["cubes"] == ["wood", "wood"]


def test_castle_cards():
    for tid, check in (("T26", lambda p: p["whisky"] == 1), ("T64", lambda p: p["whisky"] == 2),
                       ("T30", lambda p: p["coins"] == 9 - 0), ("T27", lambda p: at(p, 0, 2)["men"] == 2)):
        st = new(4)
        p = home(st)
        for r in ("wood", "stone", "grain"):
            at(p, 0, 0)["cubes"].append(r)
        to_activation(st, tid, [0, 2] if tid == "T27" else ([2, 0] if tid == "T64" else [1, 1]))
        assert check(p), tid


def test_multiple_activation_order_free_and_selling_between():
    st = new(2)
    p = home(st)
    to_activation(st, "T23", [1, 1])          # quarry (plain)
    order = [[1, 0], [1, 1], [0, 1], [0, 0]]
    for c in order:
        E.apply(st, "A", {"type": "activate", "at": c})
    assert cubes(p)["stone"] == 2 and cubes(p)["sheep"] == 1
    E.apply(st, "A", {"type": "sell", "res": "stone"})
    E.apply(st, "A", {"type": "sell_from", "at": [1, 1]})
    assert at(p, 1, 1)["cubes"] == [] and p["coins"] == 7
    for c in order:
        assert {"type": "activate", "at": c} not in E.legal(st, "A")
