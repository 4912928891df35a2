import pytest

from engines.base import IllegalAction
from engines.keyflower import ENGINE as E
from engines.keyflower import data

from .helpers import WORKERS_TOTAL, new, totals


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("farmers", [True, False])
def test_setup_numbers(n, farmers):
    st = new(n, seed=n, farmers=farmers)
    setup = data.SETUP[n]
    assert len(st["auction"]) == setup["season_tiles"]
    assert all(data.TILES[t]["season"] == "spring" for t in st["auction"])
    for season in ("summer", "autumn"):
        assert len(st["pools"][season]) == setup["season_tiles"]
    per = setup["winter_farmers" if farmers else "winter_base"]
    hands = [st["players"][s]["winter"] for s in st["seats"]]
    assert all(len(h) == per for h in hands)
    assert len({t for h in hands for t in h}) == per * n
    boats = list(st["boats"])
    assert boats == [b for b in data.BOAT_ORDER if data.TILES[b]["min_players"] <= n]
    assert len(boats) == n
    assert len(st["to_tiles"]) == setup["turn_order"]
    if farmers:
        assert st["to_tiles"][:3] == ["fto1", "fto2", "fto3"][:setup["turn_order"]]
    else:
        assert all(t.startswith("to") for t in st["to_tiles"])
    for s in st["seats"]:
        p = st["players"][s]
        # 8 starting workers + boat contents are not theirs yet
        assert sum(p["workers"].values()) == 8
        assert p["workers"]["green"] == 0
    # green workers only from the green supply; the bag holds no green at the start
    assert st["green"] == 20 and st["bag"]["green"] == 0
    for b in boats:
        w, k = data.TILES[b]["contents"]["spring"]
        assert sum(st["boats"][b]["workers"].values()) == w
        assert sum(st["boats"][b]["skills"].values()) == k
    nums = {s: data.TILES[st["players"][s]["home"]]["num"] for s in st["seats"]}
    assert st["seats"][st["start"]] == min(nums, key=nums.get)
    assert E.to_act(st) == [st["seats"][st["start"]]]
    w, sk, g = totals(st)
    assert w == WORKERS_TOTAL and sk == data.SKILL_COUNT and g == data.SUPPLY
    if not farmers:
        allt = st["auction"] + st["pools"]["summer"] + st["pools"]["autumn"] + [t for h in hands for t in h]
        assert all(data.TILES[t]["set"] == "base" for t in allt)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_farmers_variant_uses_every_farmers_tile(n):
    st = new(n, seed=3, farmers=True, farmers_variant=True)
    for season, tiles in (("spring", st["auction"]), ("summer", st["pools"]["summer"]),
                          ("autumn", st["pools"]["autumn"])):
        assert set(data.tile_ids(season, "farmers")) <= set(tiles)
    dealt = {t for s in st["seats"] for t in st["players"][s]["winter"]}
    assert set(data.tile_ids("winter", "farmers")) <= dealt


def test_options():
    opts = E.options()
    assert opts["farmers"][0] is True and opts["farmers_variant"][0] is False
    with pytest.raises(IllegalAction):
        new(2, farmers=False, farmers_variant=True)
    with pytest.raises(IllegalAction):
        new(2, nonsense=True)
    with pytest.raises(IllegalAction):
        E.new(["A"], seed=1)
    with pytest.raises(IllegalAction):
        E.new(list("ABCDEFG"), seed=1)


def test_same_seed_same_game():
    assert E.dump(new(4, seed=9)) == E.dump(new(4, seed=9))
    assert E.dump(new(4, seed=9)) != E.dump(new(4, seed=10))


def test_data_table_is_consistent():
    for tid, t in data.TILES.items():
        assert len(t["edges"]) == 6 and set(t["edges"]) <= set("RPW"), tid
        roads = t["edges"].count("R")
        expected = {"spring": 4, "autumn": 2, "winter": 1, "home": 5, "boat": 0}
        if t.get("summer_boat"):
            assert roads == 0 and t["edges"].count("W") == 2
        elif t["season"] == "summer":
            assert roads == 3, tid
        elif t["season"] == "turn_order":
            assert roads == t["num"]
        elif tid == "sheep_shelter":
            assert roads == 0
        else:
            assert roads == expected[t["season"]], tid
    assert len(data.tile_ids("spring", "base")) == 12 and len(data.tile_ids("spring", "farmers")) == 4
    assert len(data.tile_ids("summer", "base")) == 12 and len(data.tile_ids("summer", "farmers")) == 4
    assert len(data.tile_ids("autumn", "base")) == 12 and len(data.tile_ids("autumn", "farmers")) == 4
    assert len(data.tile_ids("winter", "base")) == 12 and len(data.tile_ids("winter", "farmers")) == 6
