"""Final scoring (rules section 8, 10.6, 12.7) and the tie-break (section 9)."""
import pytest

from engines.keyflower import ENGINE as E
from engines.keyflower import scoring
from engines.keyflower.scoring import best_pool, best_resources, best_skills, best_workers, score_player

from .helpers import add_animals, give_res, give_skills, home, put, screen, table


def W(b=0, r=0, y=0, g=0):
    return {"blue": b, "red": r, "yellow": y, "green": g}


def S(saw=0, pick=0, anvil=0):
    return {"saw": saw, "pick": pick, "anvil": anvil}


@pytest.mark.parametrize("tiles,workers,vp", [
    ({"apothecary"}, W(4, 3, 3), 6),            # 10 workers: 2 x 3
    ({"craftsmans_guild"}, W(2, 3, 2), 6),      # 2 sets
    ({"key_market"}, W(1, 0, 0, 3), 6),         # 2 per green
    ({"village_hall"}, W(5, 2, 1), 5),          # the best colour
    ({"white_wind"}, W(1, 1, 1, 1), 4),
    ({"apothecary", "white_wind"}, W(5, 0, 0), 5),   # a worker counts once
    ({"key_market", "village_hall"}, W(0, 0, 0, 2), 4),
])
def test_worker_tiles(tiles, workers, vp):
    assert best_workers(workers, tiles) == vp


@pytest.mark.parametrize("tiles,skills,vp", [
    ({"key_guild"}, S(4, 3, 3), 20),
    ({"scholar"}, S(1, 4, 2), 12),
    ({"scribes"}, S(2, 3, 2), 20),
    ({"scribes", "scholar"}, S(1, 1, 4), 19),   # 1 set (10) + 3 anvils (9)
])
def test_skill_tiles(tiles, skills, vp):
    assert best_skills(skills, tiles) == vp


@pytest.mark.parametrize("tiles,res,expect", [
    (set(), (1, 1, 1, 3), (0, 3)),                      # gold 1 VP each
    ({"jeweller"}, (0, 0, 0, 3), (6, 0)),               # instead of the usual 1
    ({"mercers_guild"}, (1, 1, 1, 0), (5, 0)),
    ({"mercers_guild"}, (2, 0, 0, 2), (5, 0)),          # gold replaces the missing types
    ({"watermill"}, (3, 1, 0, 1), (3, 1)),
    ({"windmill"}, (2, 2, 1, 0), (5, 0)),
])
def test_resource_tiles(tiles, res, expect):
    assert best_resources(res, frozenset(tiles), False) == expect


def test_granary_and_bakery():
    assert best_pool(W(), S(), (0, 0, 0, 0), 5, {"granary"}, False, False) == (6, 0)
    assert best_pool(W(), S(1, 1), (1, 0, 0, 0), 3, {"bakery"}, False, False) == (4, 0)


def test_boat_5b_wheat_as_gold_and_3b_any_resource():
    # 5b: wheat counts as a gold
    assert best_pool(W(), S(), (0, 0, 0, 0), 2, {"jeweller"}, False, True)[0] == 4
    # 3b: stone counts as iron for a mercer's set of three types
    assert best_resources((0, 3, 0, 0), frozenset({"mercers_guild"}), True) == (5, 0)


def test_keythedral_fixed_and_categories_order():
    st = table()
    st["start"] = 1
    screen(st, "A")
    for s in ("saw", "pick", "anvil"):
        st["pile"][s] += st["players"]["A"]["skills"][s]
        st["players"]["A"]["skills"][s] = 0
    put(st, "A", "keythedral", 1, 0, 5)
    r = score_player(E, st, "A")
    assert list(r["breakdown"]) == list(scoring.CATEGORIES)
    assert r["breakdown"]["Winter tiles"] == 12 and r["total"] == 12


def test_sheep_shelter_and_weaver_hold_back():
    st = table()
    st["start"] = 1
    screen(st, "A")
    put(st, "A", "sheep_shelter", 1, 0, 0)
    st["tiles"]["sheep_shelter"]["shelter"] = 2
    st["supply"]["sheep"] -= 2
    r = score_player(E, st, "A")
    assert r["breakdown"]["Sheep shelter"] == 4
    put(st, "A", "weaver", 0, 1, 0)
    r = score_player(E, st, "A")
    # one sheep held back to make the shelter's field a Weaver field: 2 + 3
    assert r["breakdown"]["Sheep shelter"] == 2 and r["breakdown"]["Fields"] == 3 and r["weaver_hold"]


def test_sheep_go_on_the_shelter_during_play():
    st = table()
    screen(st, "A", blue=2)
    put(st, "A", "sheep_shelter", 1, 0, 0)
    fm = E.fmap(st, "A")
    node = next(n for n, f in fm.items() if f == fm["sheep_shelter:0"] and not n.startswith("sheep"))
    add_animals(st, node, sheep=2)
    assert {"type": "shelter"} in E.legal(st, "A")
    E.apply(st, "A", {"type": "shelter"})
    assert st["tiles"]["sheep_shelter"]["shelter"] == 1
    assert st["turn"] == 0     # free: still A's turn


@pytest.mark.parametrize("tile,species,vp", [("dairy", "cow", 7), ("truffle_orchard", "pig", 5), ("weaver", "sheep", 3)])
def test_field_rate_winter_tiles(tile, species, vp):
    st = table()
    st["start"] = 1
    screen(st, "A")
    h = home(st, "A")
    put(st, "A", tile, 1, 0, 5)     # joins home fields 1 and 2
    add_animals(st, f"{h}:1", **{species: 2})
    add_animals(st, f"{h}:3", **{species: 1})
    r = score_player(E, st, "A")
    assert r["breakdown"]["Fields"] == 2 * vp


def test_purple_marker_becomes_the_best_item():
    st = table()
    st["start"] = 0      # A holds the marker
    screen(st, "A")
    for s in ("saw", "pick", "anvil"):
        st["pile"][s] += st["players"]["A"]["skills"][s]
        st["players"]["A"]["skills"][s] = 0
    r = score_player(E, st, "A")
    # with nothing else, the marker is best as a cow in an empty field (3) over a gold (1)
    assert r["total"] == 3 and r["purple"][0] == "animal" and r["purple"][1] == "cow"
    st["opts"]["farmers"] = False
    r = score_player(E, st, "A")
    assert r["total"] == 1 and r["purple"] == ["res", "gold"]


def test_turn_order_tiles_score_per_neighbour_and_gold_last():
    st = table()
    st["start"] = 1
    screen(st, "A")
    h = home(st, "A")
    put(st, "A", "to2", 0, 1, 0)
    put(st, "A", "keywood", 1, 0, 4)     # also next to to2
    give_res(st, h, gold=2)
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Turn-order tiles"] == 2 and bd["Gold"] == 2


def test_keyflower_boat_counts_transport_numbers():
    st = table()
    st["start"] = 1
    screen(st, "A")
    put(st, "A", "keyflower_boat", 0, -1, 0)
    put(st, "A", "stable", 0, 1, 0, up=True)
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Boats"] == 1 + 4
    assert bd["Tile points"] == 5


def test_flipper_free_upgrade_before_scoring():
    st = table(n=4)
    st["season"] = 3
    st["phase"] = "place"
    put(st, "A", "flipper", 0, -1, 0)
    put(st, "A", "keywood", 0, 1, 0)
    for s in st["seats"]:
        st["players"][s]["won"] = []
    E._after_place(st, [])
    assert st["phase"] == "flip" and E.to_act(st) == ["A"]
    E.apply(st, "A", {"type": "flip", "tile": "keywood"})
    assert st["tiles"]["keywood"]["up"] and st["phase"] == "allocate"
    for s in E.to_act(st):
        E.apply(st, s, {"type": "alloc_accept"})
    assert st["phase"] == "over"
    assert st["result"]["A"]["breakdown"]["Tile points"] >= 2 + 3


def _finished(scores, ranks_boat, farmers=True):
    st = table(farmers=farmers)
    st["phase"] = "over"
    st["result"] = {s: {"total": scores[s], "breakdown": {}, "purple": None} for s in "AB"}
    for s in "AB":
        st["players"][s]["boat_rank"] = ranks_boat[s]
    return st


def test_tie_break_earliest_boat_choice_wins():
    o = E.outcome(_finished({"A": 40, "B": 40}, {"A": 1, "B": 0}))
    assert o.winners == ["B"] and o.ranks == {"A": 2, "B": 1} and o.tiebreak is not None


def test_tie_without_farmers_is_shared():
    o = E.outcome(_finished({"A": 40, "B": 40}, {"A": 1, "B": 0}, farmers=False))
    assert set(o.winners) == {"A", "B"} and o.ranks == {"A": 1, "B": 1}


def test_no_tie():
    o = E.outcome(_finished({"A": 41, "B": 40}, {"A": 1, "B": 0}))
    assert o.winners == ["A"] and o.tiebreak is None


WINTER_EXPECT = {
    # pool: workers 5 blue 2 red 1 yellow 2 green; skills 2 saw 1 pick 1 anvil;
    # resources 2 wood 1 stone 1 iron 2 gold (on the home tile); 3 wheat
    "apothecary": 6, "craftsmans_guild": 3, "jeweller": 4, "key_guild": 0, "keythedral": 12,
    "key_market": 4, "mercers_guild": 10, "scholar": 6, "scribes": 10, "village_hall": 5,
    "watermill": 2, "windmill": 5, "bakery": 12, "granary": 3, "hillside": 2,
    "dairy": 0, "truffle_orchard": 0, "weaver": 0,
}
GOLD_LEFT = {"jeweller": 0, "mercers_guild": 0, "windmill": 1}


@pytest.mark.parametrize("tile", sorted(WINTER_EXPECT))
def test_each_winter_tile_scores(tile):
    st = table()
    st["start"] = 1
    screen(st, "A", blue=5, red=2, yellow=1, green=2)
    for s in ("saw", "pick", "anvil"):
        st["pile"][s] += st["players"]["A"]["skills"][s]
        st["players"]["A"]["skills"][s] = 0
    give_skills(st, "A", saw=2, pick=1, anvil=1)
    give_res(st, home(st, "A"), wood=2, stone=1, iron=1, gold=2)
    st["players"]["A"]["wheat"] = 3
    st["supply"]["wheat"] -= 3
    put(st, "A", tile, 1, 0, 5)
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Winter tiles"] == WINTER_EXPECT[tile]
    assert bd["Gold"] == GOLD_LEFT.get(tile, 2)


def test_white_wind_counts_every_worker():
    st = table(n=6)
    st["start"] = 1
    screen(st, "A", blue=5, red=2, yellow=1, green=2)
    put(st, "A", "white_wind", 0, -1, 0)
    assert score_player(E, st, "A")["breakdown"]["Winter tiles"] == 10
