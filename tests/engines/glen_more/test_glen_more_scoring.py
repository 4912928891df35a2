"""The three scorings with the board's difference table, the final scoring, ties."""
import pytest

from engines.glen_more import ENGINE as E
from engines.glen_more import data as D

from glen_more_util import active, finish_turn, fmt, new, put_tile, tile


def score(st, k=1):
    events = []
    E._scoring(st, k, events)
    return events


@pytest.mark.parametrize("d,vp", [(0, 0), (1, 1), (2, 2), (3, 3), (4, 5), (5, 8), (6, 8), (11, 8)])
def test_difference_table(d, vp):
    assert D.difference_vp(d) == vp


def test_whisky_example_5_2_1():
    st = new(3)
    for s, w in zip("ABC", (5, 2, 1)):
        st["players"][s]["whisky"] = w
    events = score(st)
    got = {s: st["players"][s]["parts"]["Scoring 1: whisky"] for s in "ABC"}
    assert got == {"A": 5, "B": 1, "C": 0}
    ev = [e for e in events if e.kind == "scoring"]
    assert len(ev) == 1 and ev[0].public
    assert ev[0].data["result"]["A"]["whisky"] == {"value": 5, "difference": 4, "vp": 5}
    # nothing is spent
    assert st["players"]["A"]["whisky"] == 5


def test_chieftain_example_with_mey_and_cawdor():
    st = new(3)
    a, b, c = (st["players"][s] for s in "ABC")
    a["chieftains"], a["cards"] = 2, ["Castle of Mey"]       # 2 x 2 + 1 hat = 5
    b["chieftains"], b["cards"] = 1, ["Cawdor Castle"]       # 1 + 3 hats = 4
    score(st, 2)
    got = {s: st["players"][s]["parts"]["Scoring 2: chieftains"] for s in "ABC"}
    assert got == {"A": 8, "B": 5, "C": 0}
    # special locations: 1 / 1 / 0 cards
    assert {s: st["players"][s]["parts"]["Scoring 2: special locations"] for s in "ABC"} == \
        {"A": 1, "B": 1, "C": 0}


def test_hats_are_not_doubled_and_minimum_includes_zero():
    st = new(2)
    st["players"]["A"]["cards"] = ["Castle of Mey", "Castle Stalker"]      # 0 chieftains, 2 hats
    st["players"]["B"]["chieftains"] = 1
    score(st, 3)
    assert st["players"]["A"]["parts"]["Scoring 3: chieftains"] == 1      # 2 - 1
    assert st["players"]["B"]["parts"]["Scoring 3: chieftains"] == 0
    assert st["players"]["A"]["parts"]["Scoring 3: special locations"] == 2


@pytest.mark.parametrize("k", [1, 2])
def test_scoring_is_triggered_by_the_last_tile_of_a_stack(k):
    st = new(4, seed=3)
    for j in range(k):
        st["stacks"][j] = []
    st["stacks"][k] = ["T24"]
    st["scorings"] = k - 1
    st["players"]["B"]["whisky"] = 3
    space = put_tile(st, "T03")
    events = E.apply(st, "A", {"type": "take", "space": space})
    assert st["scorings"] == k - 1                # scoring waits for the clean-up
    E.apply(st, "A", {"type": "place", "at": [0, 1]})
    events = E.apply(st, "A", {"type": "done"})
    events += E.apply(st, "A", {"type": "end"}) if E.to_act(st) == ["A"] and st["turn"]["step"] == "move" else []
    assert st["scorings"] == k
    assert [e.data["scoring"] for e in events if e.kind == "scoring"] == [k]
    assert st["players"]["B"]["parts"]["Scoring %d: whisky" % k] == 3
    assert st["players"]["A"]["parts"]["Scoring %d: whisky" % k] == 0
    # each player is told their own new total privately
    mine = [e for e in events if e.to == "B"]
    assert mine and mine[0].text.params["score"].params["n"] == st["players"]["B"]["vp"]
    assert fmt(mine[0].text) == "Scoring %d: you gain 3 VP; your score is now %d VP." % (
        k, st["players"]["B"]["vp"])
    assert not st["finished"]
    # the next tiles now come from the next stack
    assert st["stacks"][k + 1] and all(len(st["stacks"][j]) == 0 for j in range(k + 1))


def test_tile_penalty_example_15_13_16_13():
    st = new(4)
    for s, n in zip("ABCD", (15, 13, 16, 13)):
        p = st["players"][s]
        p["tiles"] = [tile("START", 0, 0, men=1)] + [tile("T12", 1, k) for k in range(n - 1)]
        p["coins"] = 0
    E._final(st, [])
    pen = {s: st["players"][s]["parts"]["Tile penalty"] for s in "ABCD"}
    assert pen == {"A": -6, "B": 0, "C": -9, "D": 0}


def test_final_cards_coins():
    st = new(2)
    a = st["players"]["A"]
    a["tiles"] = [tile("START", 0, 0), tile("T48", 1, 0), tile("T01", 2, 0), tile("T11", 1, 1),
                  tile("T35", 0, 1), tile("T12", -1, 1), tile("T05", -1, 0), tile("T43", 1, -1),
                  tile("T14", 0, 2), tile("T26", 2, 1)]
    a["cards"] = ["Iona Abbey", "Loch Morar", "Duart Castle", "Castle Moil"]
    a["coins"] = 4
    st["players"]["B"]["tiles"] = [tile("START", 0, 0)] + [tile("T12", 1, k) for k in range(9)]
    st["players"]["B"]["coins"] = 0
    events = []
    E._final(st, events)
    parts = a["parts"]
    assert parts["Iona Abbey"] == 2 * 3         # abbey, quarry, distillery
    assert parts["Loch Morar"] == 2 * 2         # meadow, grain field (the loch is blue)
    assert parts["Duart Castle"] == 3 * 2       # start village + village, castles do not count
    assert parts["Coins"] == 4 and parts["Tile penalty"] == 0
    assert st["finished"] and [e for e in events if e.kind == "game_end"]
    out = E.outcome(st)
    assert out.scores["A"] == 6 + 4 + 6 + 4
    assert sum(out.breakdown["A"].values()) == out.scores["A"]
    assert set(out.breakdown["A"]) >= {"Scoring 1: whisky", "Scoring 3: special locations",
                                       "Iona Abbey", "Loch Morar", "Duart Castle", "Coins",
                                       "Tile penalty", "Fairs", "Taverns"}


def test_tie_broken_by_cubes_then_shared():
    st = new(3)
    for s in "ABC":
        st["players"][s]["coins"] = 5
    st["players"]["B"]["tiles"][0]["cubes"] = ["wood"]
    E._final(st, [])
    out = E.outcome(st)
    assert out.ranks == {"A": 2, "B": 1, "C": 2}
    assert out.winners == ["B"] and out.tiebreak is not None
    st = new(2)
    E._final(st, [])
    out = E.outcome(st)
    assert out.ranks == {"A": 1, "B": 1} and out.winners == ["A", "B"]
    assert "shared" in out.tiebreak.msg


def test_game_ends_when_stack_3_runs_out():
    st = new(4, seed=8)
    st["stacks"] = [[], [], [], ["T53"]]
    st["scorings"] = 2
    space = put_tile(st, "T02")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "place", "at": [0, 1]})
    events = E.apply(st, "A", {"type": "done"})
    if not st["finished"]:
        events += E.apply(st, "A", {"type": "end"})
    kinds = [e.kind for e in events]
    assert "scoring" in kinds and kinds[-1] == "game_end"
    assert st["finished"] and E.to_act(st) == [] and E.legal(st, "A") == []
    out = E.outcome(st)
    assert out is not None and set(out.scores) == set("ABCD")
    v = E.view(st, None)
    assert v["finished"] and v["outcome"]["scores"] == out.scores
    assert "score" in v["players"]["B"]      # scores are public once the game is over
