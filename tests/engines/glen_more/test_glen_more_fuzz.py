"""Random games: limits of every decision, every listed action accepted, refused actions
change nothing, JSON round trip, secret scores never in public views or events."""
import json
import random

import pytest

from engines.base import IllegalAction
from engines.glen_more import ENGINE as E
from engines.glen_more import data as D

from glen_more_util import fmt, new, roundtrip

BAD = [{"type": "buy", "res": "wood"}, {"type": "take", "space": 99}, {"type": "place", "at": [50, 50]},
       {"type": "activate", "at": [40, 40]}, {"type": "end", "x": 1}, {"type": 5}, {"no": "type"},
       {"type": "sell", "res": "whisky"}, {"type": "move_to", "at": [9, 9]}, {"type": "pay"}]


def check_views(st):
    secret = st["options"]["secret_scores"] and not st["finished"]
    pub = json.dumps(E.view(st, None))
    if secret:
        assert '"score"' not in pub and '"score_parts"' not in pub
    for s in st["seats"]:
        v = E.view(st, s)
        assert v["you"] == s and v["players"][s]["score"] == st["players"][s]["vp"]
        for o in st["seats"]:
            if o != s and secret:
                assert "score" not in v["players"][o]
    json.dumps(E.view(st, st["seats"][0]))


def play_random(n, seed, full_check_every=1, bad_every=1):
    st = new(n, seed=seed)
    r = random.Random(seed)
    steps = 0
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        legal = E.legal(st, seat)
        assert 1 <= len(legal) <= 25
        assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal)
        for a in legal:
            assert len(fmt(E.label(st, seat, a))) <= 80, fmt(E.label(st, seat, a))
        assert fmt(E.prompt(st, seat))
        t = st["turn"]
        if t["step"] == "choose" and not t["sub"] and not t["selling"]:
            for sp in E.reachable(st):    # the explanation agrees with the offered tiles
                assert (E.take_problem(st, seat, sp) is None) == ({"type": "take", "space": sp} in legal)
        for other in st["seats"]:
            if other != seat:
                assert E.legal(st, other) == []
        if steps % bad_every == 0:
            dump = E.dump(st)
            others = [s for s in st["seats"] if s != seat]
            for a in [r.choice(BAD)] + [legal[0]]:
                who = seat if a is not legal[0] else r.choice(others)
                if a is legal[0] or a not in legal:
                    with pytest.raises(IllegalAction):
                        E.apply(st, who, a)
                    assert E.dump(st) == dump
        if steps % full_check_every == 0:
            for a in legal:
                copy = roundtrip(st)
                E.apply(copy, seat, a)
        if steps % 25 == 0:
            assert roundtrip(st) == st
            check_views(st)
        events = E.apply(st, seat, r.choice(legal))
        for e in events:
            json.dumps(e.to_json())
            if e.public and st["options"]["secret_scores"]:
                assert "score" not in e.text.params
        steps += 1
        assert steps < 5000
    assert roundtrip(st) == st
    check_views(st)
    out = E.outcome(st)
    for s in st["seats"]:
        assert sum(out.breakdown[s].values()) == out.scores[s]
    return st


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_fuzz_full_checks(n):
    play_random(n, seed=100 + n, full_check_every=1, bad_every=1)


@pytest.mark.parametrize("seed", range(12))
def test_fuzz_more_games(seed):
    play_random(2 + seed % 4, seed=seed, full_check_every=7, bad_every=5)


def test_scores_public_when_option_off():
    st = new(3, seed=1, secret_scores=False)
    v = E.view(st, None)
    assert all(v["players"][s]["score"] == 0 for s in "ABC")
    assert v["secret_scores"] is False


def test_view_is_complete_for_a_renderer():
    st = new(2, seed=1)
    v = E.view(st, "A")
    for key in ("game", "seats", "phase", "to_act", "chain", "market", "players", "pending",
                "finished", "outcome", "stacks", "coordinates", "spots"):
        assert key in v
    assert v["game"] == "glen_more" and v["phase"] == "choose" and v["to_act"] == ["A"]
    cell = v["players"]["A"]["tiles"][0]
    for key in ("x", "y", "id", "name", "colour", "type", "river", "road", "cubes",
                "clansmen"):
        assert key in cell
    assert cell["river"] and cell["road"] and cell["clansmen"] == 1
    pa = v["players"]["A"]
    for key in ("whisky", "coins", "chieftains", "cards", "hats", "tile_count", "resources"):
        assert key in pa
    assert len(v["chain"]["spaces"]) == 14 and v["chain"]["die"] == 2
    assert v["pending"]["seat"] == "A" and v["pending"]["step"] == "choose"
    assert v["spots"] is None                 # choosing a tile is no decision over cells
    assert fmt(E.status(st)).startswith("Glen More, part 1 of 3")
    json.dumps(v)


def test_prompts_and_status():
    st = new(3, seed=1)
    assert fmt(E.prompt(st, "B")) == "Wait: A is playing."
    assert fmt(E.prompt(st, "A")).startswith("Choose a tile")
    assert "A to play" in fmt(E.status(st))
    v = E.view(st, "B")
    assert v["pending"]["seat"] == "A" and "offers" in v["pending"]
