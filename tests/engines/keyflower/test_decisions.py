"""How a bid or a use is asked: the whole turn in one list when it fits, a tile with one way
offered as that way, every colour, losing bid and screen count of a tile in one list, and
the step-by-step path only for long lists; labels are plain sentences; nothing of the
decision shows to the others before the workers are placed."""
import json
import random

import pytest

from core.i18n import tr
from engines.keyflower import ENGINE as E
from engines.keyflower import ai

from .helpers import act, bid, offered, screen, table


def labels(st, seat):
    return [tr(E.label(st, seat, a)) for a in E.legal(st, seat)]


def details(st, seat):
    """label -> the choice's detail (a select option's description), for those that have one."""
    return {tr(E.label(st, seat, a)): tr(d) for a in E.legal(st, seat)
            if (d := E.detail(st, seat, a)) is not None}


def test_the_whole_turn_is_one_list_when_it_fits():
    st = table(auction=("keywood",))
    screen(st, "A", red=2)
    legal = E.legal(st, "A")
    assert legal[0] == {"type": "pass"}
    assert not [a for a in legal if a["type"] in ("bid", "use")]
    assert {"type": "place", "intent": "bid", "tile": "keywood", "colour": "red", "n": 2} in legal
    got = labels(st, "A")
    assert "Bid on Keywood: 1 red worker" in got and "Bid on Keywood: 2 red workers" in got
    assert "Use Keywood: 1 red worker" in got
    assert "Use Home 3: 2 red workers" in got
    assert details(st, "A")["Use Home 3: 2 red workers"] == "In B's village"
    assert len(legal) == 11          # pass, 2 × 2 bids, 3 tiles × 2 uses
    # one click: the bid is placed and the turn passes
    act(st, "A", {"type": "place", "intent": "bid", "tile": "keywood", "colour": "red", "n": 2})
    assert st["site"]["keywood"]["bids"]["A"] == {"colour": "red", "n": 2}
    assert E.to_act(st) == ["B"] and st["ctx"] is None


def test_a_long_turn_starts_with_bid_or_use():
    st = table()                     # 5 blue, 5 red, 5 yellow: far more than 25 ways
    assert [a["type"] for a in E.legal(st, "A")] == ["pass", "bid", "use", "use", "use"]
    assert labels(st, "A")[:3] == ["Pass", "Bid for a tile", "Use a tile up for auction"]


def test_one_list_for_the_tile_colour_losing_bids_and_screen():
    st = table()
    bid(st, "A", "keywood", 2, colour="red")
    bid(st, "B", "keywood", 3)
    act(st, "A", {"type": "bid"})
    assert labels(st, "A")[:2] == ["Keywood — highest bid: 3 workers", "Woodcutter — no bids yet"]
    act(st, "A", {"type": "tile", "tile": "woodcutter"})
    ways = offered(st, "A")
    # blue 1-5, yellow 1-5, red 1-3 from the screen, and the 2 red of Keywood with 0-3 more
    assert len(ways) == 5 + 5 + 3 + 4
    got = labels(st, "A")
    assert "Bid on Woodcutter: 2 red workers (2 from your bids)" in got
    assert "Bid on Woodcutter: 3 red workers (2 from your bids)" in got
    more = details(st, "A")
    assert more["Bid on Woodcutter: 2 red workers (2 from your bids)"] == \
        "From your bids on Keywood (2)"
    assert more["Bid on Woodcutter: 3 red workers (2 from your bids)"] == \
        "From your bids on Keywood (2); 1 from your screen"
    assert got[-1] == "Cancel"
    act(st, "A", {"type": "place", "colour": "red", "groups": ["keywood"], "n": 1})
    assert st["site"]["woodcutter"]["bids"]["A"] == {"colour": "red", "n": 3}
    assert "A" not in st["site"]["keywood"]["bids"]


def test_raise_and_use_labels():
    st = table()
    bid(st, "A", "keywood", 1, colour="blue")
    bid(st, "B", "keywood", 2, colour="blue")
    act(st, "A", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    assert "Raise your bid on Keywood: +2 blue workers" in labels(st, "A")
    act(st, "A", {"type": "cancel"}, {"type": "use", "where": "auction"},
        {"type": "tile", "tile": "gold_mine"})
    got = labels(st, "A")
    assert "Use Gold mine: 1 red worker" in got
    assert "Use Gold mine: 1 blue worker (1 from your bids)" in got
    assert details(st, "A")["Use Gold mine: 1 blue worker (1 from your bids)"] == \
        "From your bids on Keywood (1)"


def test_a_tile_with_one_way_is_offered_as_that_way():
    st = table()
    screen(st, "A", red=5, blue=5)
    act(st, "A", {"type": "pass"})
    bid(st, "B", "keywood", 4, colour="red")
    act(st, "A", {"type": "bid"})
    only = {"type": "place", "tile": "keywood", "colour": "red", "n": 5}
    assert only in E.legal(st, "A") and {"type": "tile", "tile": "keywood"} not in E.legal(st, "A")
    assert tr(E.label(st, "A", only)) == "Bid on Keywood: 5 red workers"
    assert {"type": "tile", "tile": "woodcutter"} in E.legal(st, "A")


def test_more_than_24_ways_fall_back_to_colour_then_workers():
    st = table()
    screen(st, "A", blue=12, red=12, yellow=3)
    act(st, "A", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    assert st["ctx"]["step"] == "colour"
    assert [a["type"] for a in E.legal(st, "A")] == ["colour"] * 3 + ["cancel"]
    assert labels(st, "A")[:2] == ["Blue workers — you have 12", "Red workers — you have 12"]
    act(st, "A", {"type": "colour", "colour": "red"})
    assert [a["n"] for a in E.legal(st, "A") if a["type"] == "place"] == list(range(1, 13))
    act(st, "A", {"type": "place", "n": 4})
    assert st["site"]["keywood"]["bids"]["A"] == {"colour": "red", "n": 4}


def test_many_losing_bids_are_added_one_by_one():
    """4 losing red bids and 9 red on the screen: 16 × 10 ways, so the losing bids come
    one by one before the count from the screen."""
    st = table(n=3, auction=("keywood", "woodcutter", "gold_mine", "alehouse", "miner"))
    screen(st, "A", red=13)
    screen(st, "B", red=10)
    screen(st, "C", red=10)
    for t in ("keywood", "woodcutter", "gold_mine", "alehouse"):
        bid(st, "A", t, 1, colour="red")
        bid(st, "B", t, 2, colour="red")
        act(st, "C", {"type": "pass"})
    act(st, "A", {"type": "bid"}, {"type": "tile", "tile": "miner"})
    assert st["ctx"]["step"] == "workers"
    legal = E.legal(st, "A")
    assert [a["tile"] for a in legal if a["type"] == "group"] == \
        sorted(["keywood", "woodcutter", "gold_mine", "alehouse"])
    assert "Add your 1 worker from the bid on Keywood" in labels(st, "A")
    act(st, "A", {"type": "group", "tile": "keywood"}, {"type": "group", "tile": "alehouse"})
    way = {"type": "place", "n": 1}
    assert tr(E.label(st, "A", way)) == "Bid on Miner: 3 red workers (2 from your bids)"
    assert tr(E.detail(st, "A", way)) == \
        "From your bids on Keywood (1), Alehouse (1); 1 from your screen"
    act(st, "A", {"type": "place", "n": 1})
    assert st["site"]["miner"]["bids"]["A"] == {"colour": "red", "n": 3}


def test_nothing_of_the_decision_shows_before_the_workers_are_placed():
    """Whether a bid takes one click (the whole turn in one list) or four (bid, tile, colour,
    workers) depends on the colours behind the screen: the others see the same table, the
    same prompt and status, at every step until the workers are placed."""
    st = table(auction=("keywood",))
    screen(st, "A", blue=12, red=12, yellow=2)
    before = {who: json.dumps(E.view(st, who), sort_keys=True) for who in (None, "B")}
    prompt, status = E.prompt(st, "B"), E.status(st)
    for a in ({"type": "bid"}, {"type": "tile", "tile": "keywood"},
              {"type": "colour", "colour": "red"}):
        act(st, "A", a)
        for who in (None, "B"):
            assert json.dumps(E.view(st, who), sort_keys=True) == before[who], (a, who)
        assert E.prompt(st, "B") == prompt and E.status(st) == status
    assert E.view(st, "A")["pending"]["step"] == "workers"      # the player still sees it
    act(st, "A", {"type": "place", "n": 3})
    assert E.view(st, None)["auction"][0]["site"]["bids"]["A"] == {"colour": "red", "n": 3}


def test_labels_read_as_sentences():
    """No label of a random game reads like a formula, and none is longer than a select
    allows."""
    r = random.Random(3)
    st = E.new(list("ABC"), seed=3)
    seen = 0
    while E.outcome(st) is None:
        s = E.to_act(st)[0]
        for a in E.legal(st, s):
            t = tr(E.label(st, s, a))
            assert "(from screen" not in t and "Place " not in t and "{" not in t, t
            assert len(t) <= 100, t
            seen += a["type"] == "place"
        E.apply(st, s, ai.choose(E, st, s, r) if s != "C" else r.choice(E.legal(st, s)))
    assert seen > 100


@pytest.mark.parametrize("seed", range(3))
def test_the_ai_plays_every_kind_of_decision(seed):
    """The AI answers the whole-turn list, a tile's list and the step-by-step path."""
    kinds = set()
    st = E.new(list("ABCD"), seed=seed)
    r = random.Random(seed)
    while E.outcome(st) is None:
        s = E.to_act(st)[0]
        a = ai.choose(E, st, s, r)
        assert a in E.legal(st, s)
        if a["type"] == "place":
            kinds.add("turn" if st["ctx"] is None else st["ctx"]["step"])
        E.apply(st, s, a)
    assert {"turn", "target"} <= kinds and kinds & {"colour", "workers"}


def test_the_ai_takes_a_way_from_the_whole_turn_list():
    st = table(auction=("keywood",))
    screen(st, "A", red=3)
    a = ai.choose(E, st, "A", random.Random(1))
    assert a in E.legal(st, "A") and a["type"] in ("place", "pass")
