"""Random whole games, checking the engine contract at every step."""
from __future__ import annotations

import copy
import json
import random

import pytest

from core.i18n import tr
from engines.base import IllegalAction
from engines.libertalia import ENGINE as E
from engines.libertalia import ai

SEATS = "ABCDEF"
HIDDEN_KEYS = ("hand", "my_pick", "graveyard", "secret_loot", "you")


def _public(events):
    return json.dumps([e.to_json() for e in events if e.to is None], sort_keys=True)


def _must_refuse(s, seat, action):
    before = E.dump(s)
    with pytest.raises(IllegalAction):
        E.apply(s, seat, action)
    assert E.dump(s) == before


def _check_secret_pick(s, seat, legal, rng):
    """Two different picks of the same seat must look identical to everybody else."""
    if len(legal) < 2 or len(s["picks"]) == len(s["seats"]) - 1:
        return  # the last pick reveals everything: nothing left to hide
    a, b = rng.sample(legal, 2)
    outs = []
    for act in (a, b):
        t = copy.deepcopy(s)
        ev = E.apply(t, seat, act)
        others = [x for x in t["seats"] if x != seat]
        outs.append((json.dumps(E.view(t, None), sort_keys=True),
                     [json.dumps(E.view(t, o), sort_keys=True) for o in others],
                     _public(ev), tr(E.status(t)), E.to_act(t)))
        assert E.view(t, seat)["my_pick"] == act["card"]
    assert outs[0] == outs[1]


def _check_secret_surgeon(s, seat, legal, rng):
    """The card a Surgeon brings back is secret: any two choices look the same to others."""
    if len(legal) < 2:
        return
    outs = []
    for act in rng.sample(legal, 2):
        t = copy.deepcopy(s)
        ev = E.apply(t, seat, act)
        others = [x for x in t["seats"] if x != seat]
        outs.append((json.dumps(E.view(t, None), sort_keys=True),
                     [json.dumps(E.view(t, o), sort_keys=True) for o in others], _public(ev)))
    assert outs[0] == outs[1]


def _play(seed, n, check_all_legal=False, use_ai=False, options=None):
    rng = random.Random(seed)
    s = E.new(list(SEATS[:n]), seed=seed, options=options)
    steps = 0
    surgeons = [0]
    while E.outcome(s) is None:
        waiting = E.to_act(s)
        assert waiting, "someone must be able to act"
        for seat in s["seats"]:
            legal = E.legal(s, seat)
            assert len(legal) <= 25
            assert bool(legal) == (seat in waiting)
        v = E.view(s, None)
        assert not any(k in v for k in HIDDEN_KEYS)
        assert v["to_act"] == waiting
        assert E.load(json.loads(json.dumps(E.dump(s)))) == s
        seat = rng.choice(waiting)
        legal = E.legal(s, seat)
        if check_all_legal:
            for a in legal:
                t = copy.deepcopy(s)
                E.apply(t, seat, a)
                assert 0 < len(tr(E.label(s, seat, a))) <= 80
        # refusals: a non-acting seat, a malformed action, an out-of-phase action, a stranger
        idle = [x for x in s["seats"] if x not in waiting]
        if idle:
            _must_refuse(s, rng.choice(idle), legal[0])
        _must_refuse(s, seat, {"type": legal[0]["type"], "junk": 1})
        _must_refuse(s, seat, {"type": "loot" if s["phase"] == "pick" else "pick", "card": 1,
                               "token": "chest"})
        _must_refuse(s, "Z", legal[0])
        if s["phase"] == "pick":
            _check_secret_pick(s, seat, legal, rng)
        elif s["pending"]["kind"] == "surgeon":
            _check_secret_surgeon(s, seat, legal, rng)
            surgeons[0] += 1
        action = ai.choose(E, s, seat, rng) if use_ai and seat == "A" else rng.choice(legal)
        assert action in legal
        events = E.apply(s, seat, action)
        assert all(e.kind in ("reveal", "scoring", "game_end", "log") for e in events)
        json.dumps([e.to_json() for e in events])
        steps += 1
        assert steps < 2000
    o = E.outcome(s)
    assert set(o.ranks) == set(s["seats"]) and min(o.ranks.values()) == 1
    assert all(sum(o.breakdown[x].values()) == o.scores[x] for x in s["seats"])
    assert all(len(s["players"][x]["campaign_scores"]) == 3 for x in s["seats"])
    return s, surgeons[0]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_fuzz_random_games(n):
    seen = 0
    for i in range(6 if n <= 3 else 3):
        seen += _play(1000 * n + i, n, use_ai=(i % 2 == 1))[1]
    assert seen, "the secret Surgeon check ran at least once"


def test_fuzz_every_legal_action_is_accepted():
    _play(78, 5, check_all_legal=True)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_fuzz_optional_abilities(n):
    """The same contract checks with the table option abilities = "optional"."""
    for i in range(2):
        _play(5000 * n + i, n, use_ai=(i % 2 == 1), options={"abilities": "optional"})


def test_fuzz_optional_every_legal_action_is_accepted():
    _play(79, 4, check_all_legal=True, options={"abilities": "optional"})
