"""Placement: edge contact, clansman within the 8 cells (diagonals too), river N-S and road
E-W continuity, strict edge matching, no second river or road."""
import pytest

from engines.base import IllegalAction
from engines.glen_more import ENGINE as E

from glen_more_util import active, fmt, new, put_tile, tile

RIVER, ROAD, PLAIN = "T03", "T05", "T12"     # meadow (river), grain field (road), meadow (plain)


def spots(p, tid):
    return set(E.legal_spots(p, tid))


def player(tiles):
    return {"tiles": tiles, "coins": 6, "whisky": 0, "chieftains": 0, "cards": []}


def test_first_tile_goes_next_to_the_start_village_by_its_river_or_road():
    p = player([tile("START", 0, 0, men=1)])
    assert spots(p, RIVER) == {(0, 1), (0, -1)}
    assert spots(p, ROAD) == {(1, 0), (-1, 0)}
    assert spots(p, PLAIN) == set()             # no plain side to attach to


def test_river_must_continue_the_river_and_roads_the_road():
    p = player([tile("START", 0, 0, men=1), tile(RIVER, 0, 1, men=1), tile(ROAD, 1, 0, men=1)])
    assert spots(p, RIVER) == {(0, 2), (0, -1)}
    assert spots(p, ROAD) == {(2, 0), (-1, 0)}
    # a river tile beside the river (east of the meadow) would start a second river
    prob = E.placement_problem(p, RIVER, 1, 1)
    assert prob is not None and "river" in prob.message
    prob = E.placement_problem(p, ROAD, 1, 1)
    assert prob is not None and "road" in prob.message.lower()


def test_plain_sides_only_touch_plain_sides():
    p = player([tile("START", 0, 0, men=1), tile(RIVER, 0, 1, men=1), tile(ROAD, 1, 0, men=1)])
    s = spots(p, PLAIN)
    assert (1, 1) in s and (-1, 1) in s and (1, -1) in s
    assert (0, 2) not in s and (2, 0) not in s and (0, -1) not in s
    prob = E.placement_problem(p, PLAIN, 0, 2)
    assert prob is not None and "river" in prob.message.lower()


def test_plain_tile_blocks_the_river_end_strict_matching():
    # a plain tile north-east... and one directly north of the river's end blocks it
    p = player([tile("START", 0, 0, men=1), tile(RIVER, 0, 1, men=1), tile(PLAIN, 1, 1, men=1),
                tile(PLAIN, 1, 2, men=0), tile(PLAIN, 0, 3, men=0), tile(PLAIN, 1, 3, men=0)])
    # (0,2): river tile would touch the plain tile (0,3) with its river side
    assert (0, 2) not in spots(p, RIVER)
    prob = E.placement_problem(p, RIVER, 0, 2)
    assert "river" in prob.message


def test_needs_a_whole_side_not_a_corner():
    p = player([tile("START", 0, 0, men=1), tile(RIVER, 0, 1, men=1), tile(ROAD, 1, 0, men=1),
                tile(PLAIN, 1, 1, men=1)])
    prob = E.placement_problem(p, PLAIN, 2, 2)
    assert prob is not None and "side" in prob.message


def test_clansman_on_a_neighbour_diagonals_count():
    base = [tile("START", 0, 0), tile(RIVER, 0, 1), tile(ROAD, 1, 0)]
    # nobody anywhere: no spot at all
    assert spots(player([dict(t) for t in base]), PLAIN) == set()
    # a clansman on the road tile (1,0) reaches (1,1) orthogonally and (0,-1)/(2,1) diagonally
    tiles = [dict(t) for t in base]
    tiles[2]["men"] = 1
    p = player(tiles)
    assert (1, 1) in spots(p, PLAIN)
    assert (0, -1) in spots(p, RIVER)           # diagonal to (1,0)
    assert (-1, 1) not in spots(p, PLAIN)       # two cells away from the clansman
    prob = E.placement_problem(p, PLAIN, -1, 1)
    assert "clansman" in prob.message
    assert (0, 2) not in spots(p, RIVER)


def test_placing_through_apply_rejects_bad_spots_without_change():
    st = new(2, seed=4)
    put_tile(st, "T12")                        # plain meadow: not placeable on a bare village
    with pytest.raises(IllegalAction):
        E.apply(st, "A", {"type": "take", "space": E.reachable(st)[0]})
    sp = put_tile(st, RIVER)
    E.apply(st, "A", {"type": "take", "space": sp})
    dump = E.dump(st)
    for bad in ([1, 0], [0, 0], [5, 5], [0, 2], "x", [0]):
        with pytest.raises(IllegalAction) as ei:
            E.apply(st, "A", {"type": "place", "at": bad})
        assert ei.value.message
        assert E.dump(st) == dump
    E.apply(st, "A", {"type": "place", "at": [0, -1]})
    p = st["players"]["A"]
    assert {(t["x"], t["y"]) for t in p["tiles"]} == {(0, 0), (0, -1)}
    labels = [fmt(E.label(st, "A", a)) for a in E.legal(st, "A")]
    assert any("Meadow" in s and "+1 sheep" in s for s in labels)


def test_all_river_tiles_in_column_zero_all_roads_in_row_zero_in_random_games():
    import random
    from engines.glen_more import data as D
    for seed in range(6):
        st = new(2 + seed % 4, seed=seed)
        r = random.Random(seed)
        while E.outcome(st) is None:
            s = active(st)
            E.apply(st, s, r.choice(E.legal(st, s)))
        for p in st["players"].values():
            for t in p["tiles"]:
                e = D.TILES[t["id"]]["edges"]
                if e == "river":
                    assert t["x"] == 0
                if e == "road":
                    assert t["y"] == 0
