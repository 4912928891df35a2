"""Property tests over whole random games: conservation, decision size, legality, refusals,
JSON round trip, hidden information."""
import json
import random

import pytest

from engines.base import IllegalAction, Text
from engines.keyflower import ENGINE as E
from engines.keyflower import ai
from engines.keyflower.data import SKILL_COUNT, SUPPLY

from .helpers import WORKERS_TOTAL, random_game, totals

BAD = [{"type": "pass", "x": 1}, {"type": "nope"}, {"type": "tile"}, {"type": "place", "n": -1},
       {"type": "boat", "boat": "titanic"}, {"type": "hex", "hex": "99,99"}, {}, None, "pass"]


def check_conservation(st):
    w, sk, g = totals(st)
    assert w == WORKERS_TOTAL
    assert sk == SKILL_COUNT
    assert g == SUPPLY
    for t in st["tiles"].values():
        assert min(t["res"].values()) >= 0
        for a in t["animals"].values():
            assert min(a.values()) >= 0
    for p in st["players"].values():
        assert min(p["workers"].values()) >= 0 and min(p["skills"].values()) >= 0 and p["wheat"] >= 0


def hidden_of(st, seat):
    p = st["players"][seat]
    return {"winter": list(p["winter"]) + list(p["pick"])}


def check_hidden(st, events=()):
    pub = E.view(st, None)
    assert "private" not in pub and "you" not in pub
    for s, pv in pub["players"].items():
        assert not {"workers", "skills", "wheat", "winter_hand"} & set(pv)
    blob = json.dumps(pub)
    views = {o: json.dumps(E.view(st, o)) for o in st["seats"]}
    for s in st["seats"]:
        others = [views[o] for o in st["seats"] if o != s]
        for t in hidden_of(st, s)["winter"]:
            if t in st["auction"]:
                continue
            assert f'"{t}"' not in blob
            for o in others:
                assert f'"{t}"' not in o
    for ev in events:
        if ev.to is None:
            text = json.dumps(ev.to_json())
            for s in st["seats"]:
                for t in hidden_of(st, s)["winter"]:
                    assert f'"{t}"' not in text


def fuzz_hook(every_legal=25):
    counter = {"n": 0}

    def hook(st, seat, legal, action, r):
        counter["n"] += 1
        assert 0 < len(legal) <= 25
        assert action in legal
        if counter["n"] % every_legal == 0:
            before = E.dump(st)
            # every legal action is accepted
            for a in legal:
                cp = E.load(before)
                E.apply(cp, seat, a)
            # malformed and foreign actions are refused and change nothing
            for bad in BAD:
                with pytest.raises(IllegalAction):
                    E.apply(st, seat, bad)
                assert E.dump(st) == before
            for other in st["seats"]:
                if other not in E.to_act(st):
                    with pytest.raises(IllegalAction):
                        E.apply(st, other, legal[0])
                    assert E.dump(st) == before
            assert E.load(json.loads(json.dumps(E.dump(st)))) == st
            if counter["n"] % (every_legal * 4) == 0:
                check_hidden(st)
            for a in legal:
                lbl = E.label(st, seat, a)
                assert isinstance(lbl, Text) and lbl.msg != "Unknown choice"
            assert isinstance(E.prompt(st, seat), Text) and isinstance(E.status(st), Text)
        check_conservation(st)
    return hook


SIZES = (2, 3, 4, 2, 3, 5, 2, 4, 6, 3)


@pytest.mark.parametrize("seed", range(40))
def test_random_games(seed):
    n = SIZES[seed % 10]
    st, steps = random_game(seed, n, {"farmers": seed % 4 != 3}, hook=fuzz_hook())
    check_conservation(st)
    o = E.outcome(st)
    assert o is not None and set(o.scores) == set(st["seats"])
    assert sorted(o.ranks.values())[0] == 1
    v = E.view(st, None)
    assert v["finished"] and v["outcome"]["scores"] == o.scores
    for s in st["seats"]:
        assert sum(o.breakdown[s].values()) == o.scores[s]


def mixed_policy(engine, st, seat, rng):
    if seat in ("A", "C", "E"):
        return ai.choose(engine, st, seat, rng)
    return rng.choice(engine.legal(st, seat))


@pytest.mark.parametrize("seed", range(10))
def test_ai_games_with_checks(seed):
    n = SIZES[(seed * 3) % 10]
    st, _ = random_game(1000 + seed, n, {"farmers": seed % 3 != 2, "farmers_variant": seed % 3 == 1},
                        policy=mixed_policy, hook=fuzz_hook(every_legal=40))
    check_conservation(st)
    assert E.outcome(st) is not None


def test_events_of_a_game_keep_secrets():
    r = random.Random(5)
    st = E.new(list("AB"), seed=5)
    while E.outcome(st) is None:
        s = r.choice(E.to_act(st))
        evs = E.apply(st, s, ai.choose(E, st, s, r))
        check_hidden(st, evs)
        for ev in evs:
            assert ev.kind in ("log", "round_end", "scoring", "game_end")
            if ev.to is not None:
                assert ev.to == s or ev.kind == "log"


def test_replay_is_deterministic():
    a, _ = random_game(77, 3, {"farmers": True})
    b, _ = random_game(77, 3, {"farmers": True})
    assert E.dump(a) == E.dump(b)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_thousand_random_games(chunk):
    for i in range(100):
        seed = 10000 + chunk * 100 + i
        n = 2 + seed % 5

        def hook(st, seat, legal, action, r):
            assert 0 < len(legal) <= 25
            check_conservation(st)
        random_game(seed, n, {"farmers": seed % 2 == 0}, hook=hook)
