"""Every tile of the data table, taken through the normal actions: cost, one-time bonus and
activation effect."""
import pytest

from engines.glen_more import ENGINE as E
from engines.glen_more import data as D

from glen_more_util import at, cubes, fmt, home, new, put_tile, tile

SPOT = {"river": [0, 2], "road": [2, 0], "none": [1, 1]}
BANK = ["wood", "stone", "sheep", "cattle", "grain"]


def setup_for(tid):
    st = new(4, seed=1)                  # empty warehouse: buying costs 1
    p = home(st)
    t = D.TILES[tid]
    bank = at(p, 0, 0)
    for r, n in t["cost"].items():
        if r in D.RESOURCES:
            bank["cubes"] += [r] * n
    if "whisky" in t["cost"]:
        p["whisky"] = 1
    if "distinct_resources" in t["cost"]:
        bank["cubes"] += ["wood", "stone"]
    return st, p


@pytest.mark.parametrize("tid", [t["id"] for t in D.TILES_LIST])
def test_every_tile(tid):
    t = D.TILES[tid]
    typ = t["type"]
    st, p = setup_for(tid)
    space = put_tile(st, tid)
    before = {"coins": p["coins"], "whisky": p["whisky"], "cubes": sum(cubes(p).values()),
              "men": sum(x["men"] for x in p["tiles"])}
    legal = E.legal(st, "A")
    assert {"type": "take", "space": space} in legal
    label = fmt(E.label(st, "A", {"type": "take", "space": space}))
    assert fmt(D.TILES[tid]["name"]) in label and len(label) <= 80
    E.apply(st, "A", {"type": "take", "space": space})
    assert st["spaces"][space] == {"pawn": "A"}
    # --- cost
    cost = t["cost"]
    if "clansman_or_chieftain" in cost:
        assert st["turn"]["step"] == "ness_pay"
        E.apply(st, "A", {"type": "pay_ness", "with": [0, 0]})
        assert at(p, 0, 0)["men"] == 0
    elif "distinct_resources" in cost:
        assert st["turn"]["step"] == "oich_pay"
        E.apply(st, "A", {"type": "pay_pair", "res": ["wood", "stone"]})
        assert sum(cubes(p).values()) == before["cubes"] - 2
    elif "whisky" in cost:
        assert p["whisky"] == 0
    else:
        assert sum(cubes(p).values()) == before["cubes"] - sum(cost.values())
        assert p["coins"] == before["coins"]
    assert st["turn"]["step"] == "place"
    x, y = SPOT[t["edges"]]
    E.apply(st, "A", {"type": "place", "at": [x, y]})
    new_tile = at(p, x, y)
    # --- one-time bonus
    card = t.get("card")
    if card:
        assert p["cards"] == [card]
    else:
        assert p["cards"] == []
    if typ == "village":
        assert new_tile["men"] == 1
    elif typ == "castle":
        assert new_tile["men"] == (2 if card == "Castle Stalker" else 1)
        assert p["whisky"] == {"Castle Moil": 1, "Donan Castle": 2}.get(card, 0)
        assert p["coins"] == before["coins"] + (3 if card == "Armadale Castle" else 0)
    elif typ == "distillery":
        assert p["whisky"] == 1
    else:
        assert new_tile["men"] == 0
        if "whisky" not in cost:
            assert p["whisky"] == 0
    # --- special steps before the activation
    if card == "Loch Lochy":
        assert st["turn"]["step"] == "lochy"
        assert len(E.legal(st, "A")) == 15 + len([a for a in E.legal(st, "A") if a["type"] == "sell"])
        E.apply(st, "A", {"type": "lochy", "res": ["cattle", "grain"]})
        assert new_tile["cubes"] == ["cattle", "grain"]
    if card == "Loch Shiel":
        assert st["turn"]["step"] == "shiel"
        at(p, 0, 1)["cubes"] = []
        at(p, 1, 0)["cubes"] = ["stone"]
        E.apply(st, "A", {"type": "shiel"})
        assert at(p, 0, 1)["cubes"] == ["sheep"]      # empty meadow filled
        assert at(p, 1, 0)["cubes"] == ["stone"]      # quarry had a cube: nothing
    assert st["turn"]["step"] == "activate"
    if card == "Loch Oich":
        assert sorted(map(tuple, st["turn"]["activatable"])) == sorted((q["x"], q["y"]) for q in p["tiles"])
        assert st["turn"]["ness"] is None
    else:
        expect = {(x, y)} | {(q["x"], q["y"]) for q in p["tiles"]
                             if max(abs(q["x"] - x), abs(q["y"] - y)) == 1}
        assert {tuple(c) for c in st["turn"]["activatable"]} == expect
    # --- activation of the new tile
    act = {"type": "activate", "at": [x, y]}
    vp0, wh0, mp0 = p["vp"], p["whisky"], st["turn"]["mp"]
    bank = at(p, 0, 0)
    if typ in D.PRODUCTION:
        E.apply(st, "A", act)
        assert new_tile["cubes"] == [D.PRODUCTION[typ]]
    elif typ in D.GREY_TYPES:
        E.apply(st, "A", act)
        assert st["turn"]["mp"] == mp0 + 1
    elif typ == "tavern":
        E.apply(st, "A", act)
        assert p["vp"] == vp0 + t["vp"] and p["parts"]["Taverns"] == t["vp"]
    elif typ == "distillery":
        bank["cubes"] = ["grain"]
        E.apply(st, "A", act)
        assert p["whisky"] == wh0 + 1 and bank["cubes"] == []
    elif typ in ("butcher_sheep", "butcher_cattle", "butcher_mixed", "bridge"):
        pay, vp, _ = D.FIXED_ACTIVATIONS[typ][-1]
        bank["cubes"] = [r for r in BANK for _ in range(pay.get(r, 0))]
        E.apply(st, "A", act)
        if typ in ("butcher_sheep", "butcher_cattle"):
            E.apply(st, "A", {"type": "butcher", "n": 2})
        assert p["vp"] == vp0 + vp and bank["cubes"] == []
        assert vp == {"butcher_sheep": 4, "butcher_cattle": 4, "butcher_mixed": 5, "bridge": 7}[typ]
    elif typ == "fair":
        k = t["max_types"]
        bank["cubes"] = BANK[:k]
        E.apply(st, "A", act)
        for r in BANK[:k]:
            E.apply(st, "A", {"type": "add", "res": r})
        assert not [a for a in E.legal(st, "A") if a["type"] == "add"]   # no more types allowed
        E.apply(st, "A", {"type": "pay"})
        assert p["vp"] == vp0 + {3: 5, 4: 8, 5: 12}[k] and bank["cubes"] == []
    elif typ == "grocer":
        bank["cubes"] = ["wood", "wood", "sheep"]
        E.apply(st, "A", act)
        for r in ("wood", "wood", "sheep"):
            E.apply(st, "A", {"type": "add", "res": r})
        E.apply(st, "A", {"type": "pay"})
        assert p["vp"] == vp0 + 8 and bank["cubes"] == []
    elif typ == "iona_abbey":
        E.apply(st, "A", act)
        E.apply(st, "A", {"type": "choose", "res": "cattle"})
        assert new_tile["cubes"] == ["cattle"]
    elif typ == "loch":
        assert act not in E.legal(st, "A")         # a loch has no activation effect
    else:  # pragma: no cover
        raise AssertionError(typ)
    if typ != "loch":
        assert [x, y] in st["turn"]["activated"]
        assert act not in E.legal(st, "A")         # once per turn
    if card == "Loch Ness":
        assert st["turn"]["ness"] == "available"
    E.apply(st, "A", {"type": "done"})


def test_every_tile_is_reachable_in_play():
    """All 67 tiles are on the chain or in the stacks at the start of every game (none is
    removed for any player count); test_every_tile takes each one through the actions."""
    for n in (2, 3, 4, 5):
        st = new(n, seed=123 + n)
        on_chain = [o["tile"] for o in st["spaces"] if o and "tile" in o]
        assert sorted(on_chain + sum(st["stacks"], [])) == sorted(t["id"] for t in D.TILES_LIST)


def test_fair_values_for_fewer_types_and_no_repeats():
    st, p = setup_for("T55")
    space = put_tile(st, "T55")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [1, 1]})
    at(p, 0, 0)["cubes"] = ["cattle", "cattle", "sheep", "sheep"]
    p["coins"] = 0
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})
    E.apply(st, "A", {"type": "add", "res": "cattle"})
    # a second cattle is not a different type; with no coins nothing else can be bought
    adds = [a["res"] for a in E.legal(st, "A") if a["type"] == "add"]
    assert adds == ["sheep"]
    E.apply(st, "A", {"type": "add", "res": "sheep"})
    E.apply(st, "A", {"type": "pay"})
    assert p["vp"] == 3 and cubes(p)["cattle"] == 1 and cubes(p)["sheep"] == 1


def test_butcher_one_animal_and_cancel():
    st, p = setup_for("T10")
    space = put_tile(st, "T10")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [1, 1]})
    at(p, 0, 0)["cubes"] = ["sheep"]
    p["coins"] = 0
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})
    assert {"type": "butcher", "n": 2} not in E.legal(st, "A")     # 2nd sheep not affordable
    E.apply(st, "A", {"type": "cancel"})
    assert {"type": "activate", "at": [1, 1]} in E.legal(st, "A")  # cancel keeps it available
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})
    E.apply(st, "A", {"type": "butcher", "n": 1})
    assert p["vp"] == 2 and p["parts"]["Butchers"] == 2


def test_production_respects_the_three_cube_cap():
    st, p = setup_for("T24")
    space = put_tile(st, "T24")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [1, 1]})
    at(p, 0, 1)["cubes"] = ["wood", "sheep", "sheep"]          # full meadow (any mix counts)
    assert {"type": "activate", "at": [0, 1]} not in E.legal(st, "A")
    st["market"]["sheep"] = 1
    E.apply(st, "A", {"type": "sell", "res": "sheep"})           # make room by selling
    assert at(p, 0, 1)["cubes"] == ["wood", "sheep"] and p["coins"] == 7
    assert {"type": "activate", "at": [0, 1]} in E.legal(st, "A")
    E.apply(st, "A", {"type": "activate", "at": [0, 1]})
    assert at(p, 0, 1)["cubes"] == ["wood", "sheep", "sheep"]


def test_distillery_buys_grain_for_its_activation():
    st, p = setup_for("T11")
    space = put_tile(st, "T11")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [1, 1]})
    assert p["whisky"] == 1
    label = fmt(E.label(st, "A", {"type": "activate", "at": [1, 1]}))
    assert "grain" in label and "whisky" in label
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})
    assert p["whisky"] == 2 and p["coins"] == 5 and st["market"]["grain"] == 1


def test_grocer_offered_only_when_three_resources_can_be_paid():
    st, p = setup_for("T56")
    space = put_tile(st, "T56")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [1, 1]})
    at(p, 0, 0)["cubes"] = ["wood"]
    at(p, 0, 1)["cubes"] = []
    at(p, 1, 0)["cubes"] = []
    st["market"] = {"wood": 3, "stone": 3, "sheep": 3, "cattle": 2, "grain": 3}
    p["coins"] = 3                     # one cattle (3) buyable, a second one is not
    assert {"type": "activate", "at": [1, 1]} not in E.legal(st, "A")
    p["coins"] = 0
    at(p, 0, 0)["cubes"] = ["wood", "wood"]
    assert {"type": "activate", "at": [1, 1]} not in E.legal(st, "A")
    p["coins"] = 3
    assert {"type": "activate", "at": [1, 1]} in E.legal(st, "A")
    E.apply(st, "A", {"type": "activate", "at": [1, 1]})
    E.apply(st, "A", {"type": "add", "res": "wood"})
    E.apply(st, "A", {"type": "add", "res": "wood"})
    E.apply(st, "A", {"type": "add", "res": "cattle"})
    assert fmt(E.label(st, "A", {"type": "pay"})) == "Pay 2 wood, 1 cattle for 8 VP (buy 1 for 3 coins)"
    E.apply(st, "A", {"type": "pay"})
    assert p["vp"] == 8 and p["coins"] == 0 and st["market"]["cattle"] == 3
