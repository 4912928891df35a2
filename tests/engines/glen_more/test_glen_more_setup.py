"""Data table, setup per player count, chain order and the die."""
from collections import Counter

import pytest

from engines.base import IllegalAction
from engines.glen_more import ENGINE as E
from engines.glen_more import data as D

from glen_more_util import finish_turn, new, put_tile, roundtrip


def test_tile_table_counts_match_the_rules():
    tiles = D.TILES_LIST
    assert len(tiles) == 67
    assert Counter(t["stack"] for t in tiles) == {0: 8, 1: 23, 2: 19, 3: 17}
    assert Counter(t["colour"] for t in tiles) == {"yellow": 17, "green": 14, "grey": 19,
                                                   "brown": 12, "blue": 5}
    assert Counter(t["edges"] for t in tiles) == {"river": 16, "road": 17, "none": 34}
    assert sum(1 for t in tiles if t["cost"]) == 34
    # every stack-0 tile carries a river or a road (first placement)
    assert all(t["edges"] != "none" for t in tiles if t["stack"] == 0)
    assert D.TILES["T55"]["edges"] == "none"          # large fair: no road (rules Q1)
    assert len({t["id"] for t in tiles}) == 67


def test_cards_match_special_tiles_and_hats():
    special = [t for t in D.TILES_LIST if t.get("card")]
    assert len(special) == 13 == len(D.CARDS)
    for t in special:
        assert D.CARDS[t["card"]]["tile"] == t["id"]
    assert sum(c["hats"] for c in D.CARDS.values()) == 8
    assert D.CARDS["Cawdor Castle"]["hats"] == 3
    assert D.CARDS["Duart Castle"]["hats"] == 0


@pytest.mark.parametrize("n,tiles,from1", [(5, 8, 0), (4, 9, 1), (3, 9, 1), (2, 10, 2)])
def test_setup_per_player_count(n, tiles, from1):
    st = new(n, seed=11)
    sp = st["spaces"]
    for i, s in enumerate("ABCDE"[:n]):
        assert sp[i] == {"pawn": s}
        p = st["players"][s]
        assert p["coins"] == 6 and p["whisky"] == 0 and p["chieftains"] == 0
        assert p["tiles"] == [{"id": "START", "x": 0, "y": 0, "cubes": [], "men": 1}]
    die = [i for i, o in enumerate(sp) if o and o.get("die")]
    assert die == ([n] if n <= 3 else [])
    laid = [o["tile"] for o in sp if o and "tile" in o]
    assert len(laid) == tiles
    assert sum(1 for t in laid if D.TILES[t]["stack"] == 0) == 8
    assert sum(1 for t in laid if D.TILES[t]["stack"] == 1) == from1
    assert sp[13] is None and st["gap"] == 13
    assert sum(1 for o in sp if o) == 13
    assert st["market"] == {r: (1 if n <= 3 else 0) for r in D.RESOURCES}
    assert [len(x) for x in st["stacks"]] == [0, 23 - from1, 19, 17]
    assert E.to_act(st) == ["A"]
    # all 67 tiles are in play: on the chain or in the stacks
    assert sorted(laid + sum(st["stacks"], [])) == sorted(t["id"] for t in D.TILES_LIST)


def test_setup_refuses_bad_seats_and_options():
    with pytest.raises(IllegalAction):
        E.new(["A"], seed=1)
    with pytest.raises(IllegalAction):
        E.new(list("ABCDEF"), seed=1)
    with pytest.raises(IllegalAction):
        E.new(["A", "A"], seed=1)
    with pytest.raises(IllegalAction):
        E.new(["A", "B"], seed=1, options={"nonsense": 1})


def test_same_seed_same_game_and_json_roundtrip():
    a, b = new(3, seed=5), new(3, seed=5)
    assert a == b
    assert roundtrip(a) == a
    assert new(3, seed=6)["stacks"] != a["stacks"]


def five_player_example():
    """§3.4: gap 13; A@0, tiles 1 2, B@3, tiles 4 5, C@6, tile 7, D@8, tile 9, E@10, tiles 11 12."""
    st = new(5, seed=3)
    layout = {0: "A", 3: "B", 6: "C", 8: "D", 10: "E"}
    free_river = ["T02", "T03", "T06", "T07", "T50", "T02", "T03", "T06"]
    k = 0
    for i in range(13):
        if i in layout:
            st["spaces"][i] = {"pawn": layout[i]}
        else:
            st["spaces"][i] = {"tile": free_river[k]}
            k += 1
    st["spaces"][13] = None
    st["gap"] = 13
    st["turn"]["old_gap"] = 13
    return st


@pytest.mark.parametrize("dest,discarded,laid_on,gap,nxt", [
    (1, [], [13], 0, "A"),
    (2, [1], [13, 0], 1, "A"),
    (5, [1, 2], [13, 0, 1], 2, "B"),
    (12, [1, 2], [13, 0, 1], 2, "B"),
])
def test_chain_worked_examples(dest, discarded, laid_on, gap, nxt):
    st = five_player_example()
    before = [dict(o) if o else None for o in st["spaces"]]
    old_tiles = {i: before[i]["tile"] for i in range(14) if before[i] and "tile" in before[i]}
    stack_before = list(st["stacks"][0] + st["stacks"][1])
    E.apply(st, "A", {"type": "take", "space": dest})
    finish_turn(st)
    sp = st["spaces"]
    assert sp[dest] == {"pawn": "A"}
    assert st["gap"] == gap and sp[gap] is None
    for i in discarded:
        assert old_tiles[i] in st["removed"]
    for i in laid_on:
        assert sp[i] and "tile" in sp[i]
    assert len(stack_before) - len(st["stacks"][0] + st["stacks"][1]) == len(laid_on)
    assert E.to_act(st) == [nxt]
    # the untouched part of the chain is unchanged
    for i in range(14):
        if i not in discarded and i not in laid_on and i not in (0, dest, gap):
            assert sp[i] == before[i]


def test_chain_view_lists_order_from_head():
    st = five_player_example()
    v = E.view(st, None)
    assert v["chain"]["head"] == 0
    assert v["chain"]["order"] == list(range(13))
    assert len(v["chain"]["spaces"]) == 14
    assert v["chain"]["spaces"][13]["gap"] is True
    assert v["chain"]["spaces"][3]["pawn"] == "B"
    assert v["chain"]["spaces"][1]["tile"]["id"] == "T02"


def test_cannot_take_behind_or_beyond_chain_or_a_pawn():
    st = five_player_example()
    dump = E.dump(st)
    for space in (0, 3, 13, 14, -1, "1", None):
        with pytest.raises(IllegalAction):
            E.apply(st, "A", {"type": "take", "space": space})
        assert E.dump(st) == dump


def die_state(n):
    """Die at the head: D@0, pawn A@1, tiles on 2..12, B (and C) later, gap 13."""
    st = new(n, seed=2)
    sp = st["spaces"]
    sp[0] = {"die": True}
    sp[1] = {"pawn": "A"}
    tiles = ["T02", "T03", "T06", "T07", "T50", "T12", "T21", "T22", "T23"]
    for i, t in enumerate(tiles):
        sp[2 + i] = {"tile": t}
    sp[11] = {"pawn": "B"}
    sp[12] = {"pawn": "C"} if n == 3 else {"tile": "T24"}
    sp[13] = None
    st["gap"] = 13
    return st


@pytest.mark.parametrize("n", [2, 3])
def test_die_moves_over_tiles_only_and_removes_its_tile(n):
    rolls = Counter()
    for seed in range(40):
        st = die_state(n)
        st["seed"] = seed
        events = []
        E._start_turn(st, events)
        roll = st["last_die"]["roll"]
        rolls[roll] += 1
        # the die skips A's pawn at space 1: roll k lands on the k-th tile, space 1 + k
        assert st["last_die"]["space"] == 1 + roll
        assert st["spaces"][1 + roll] == {"die": True}
        assert st["last_die"]["tile"] in st["removed"]
        # A is now the head (the die stands ahead of it) and plays
        assert E.to_act(st) == ["A"]
        assert st["gap"] == 0
        assert any(e.data.get("die") == roll for e in events)
    assert set(rolls) <= {1, 2, 3} and rolls[1] > rolls[3]
    assert D.DIE_FACES == (1, 1, 1, 2, 2, 3)


def test_die_plays_automatically_during_a_game():
    st = new(2, seed=9)
    seen_die = False
    for _ in range(12):
        seat = E.to_act(st)[0]
        E.apply(st, seat, E.legal(st, seat)[0])
        finish_turn(st)
        seen_die = seen_die or st["last_die"] is not None
        assert E.to_act(st)[0] in ("A", "B")
    assert seen_die


def test_several_turns_in_a_row():
    st = five_player_example()
    E.apply(st, "A", {"type": "take", "space": 1})
    finish_turn(st)
    assert E.to_act(st) == ["A"]
    E.apply(st, "A", {"type": "take", "space": 2})
    finish_turn(st)
    assert E.to_act(st) == ["A"]


def test_rulebook_red_yellow_example():
    """Red at the head, then a meadow, a village, yellow's pawn, a forest ... a loch at the end.
    Meadow or village: red plays again; forest or beyond: yellow plays, meadow and village go."""
    def board():
        st = new(4, seed=7)
        sp = st["spaces"]
        layout = [{"pawn": "A"}, {"tile": "T03"}, {"tile": "T04"}, {"pawn": "B"}, {"tile": "T02"},
                  {"tile": "T06"}, {"pawn": "C"}, {"tile": "T07"}, {"pawn": "D"}, {"tile": "T01"},
                  {"tile": "T05"}, {"tile": "T08"}, {"tile": "T09"}, None]
        for i, o in enumerate(layout):
            sp[i] = o
        st["gap"] = 13
        st["turn"]["old_gap"] = 13
        return st
    for dest, nxt, gone in ((1, "A", []), (2, "A", ["T03"]), (4, "B", ["T03", "T04"]),
                            (12, "B", ["T03", "T04"])):
        st = board()
        E.apply(st, "A", {"type": "take", "space": dest})
        finish_turn(st)
        assert E.to_act(st) == [nxt]
        assert st["removed"] == gone
        assert st["players"]["A"]["tiles"][-1]["id"] == ["T03", "T04", "T02", "T09"][[1, 2, 4, 12].index(dest)]


def test_pending_offers_explain_unavailable_tiles():
    st = new(2, seed=3)
    sp = E.reachable(st)
    put_tile(st, "T12", sp[0])         # a plain tile: no spot yet
    put_tile(st, "T03", sp[1])
    offers = {o["space"]: o for o in E.view(st, None)["pending"]["offers"]}
    assert offers[sp[0]]["takeable"] is False and "spot" in offers[sp[0]]["reason"]["msg"]
    assert offers[sp[1]]["takeable"] is True and offers[sp[1]]["reason"] is None
