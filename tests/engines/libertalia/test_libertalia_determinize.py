"""AI seats see only their own seat: determinize, the search's copy/advance, and evaluate.

Seeded games of the heuristic AI (which itself plays on determinized worlds). At every step,
for each seat to act and one seat that is not: a world sampled from the seat's ai_view
shows that seat the same view, legal actions and turn order as the real game, survives the
JSON round trip, and the heuristic AI and a random player can play on in it; two samplings
differ somewhere in each game. Every action played is also applied with the search's fast
path (copy + advance), which must reach the same state as apply.
"""
from __future__ import annotations

import json
import random
import time

import pytest

from engines.libertalia import ENGINE as E
from engines.libertalia import ai
from engines.libertalia import data as D
from tests.engines.worlds import assert_agrees, play_on as play_on_from

SEATS = "ABCDEF"
PLAY_ON = 30


def _options(seed):
    return [None, {"abilities": "optional"}, {"influence": "seat_rotation"},
            {"abilities": "optional", "final_tiebreak": "campaign3"}][seed % 4]


def _hidden(d, seat):
    """The parts of a sampled world the seat cannot know (the seed aside)."""
    others = [s for s in d["seats"] if s != seat]
    return json.dumps({"hands": {s: sorted(d["players"][s]["hand"]) for s in others},
                       "graves": {s: sorted(d["players"][s]["grave"]) for s in others},
                       "secret": {s: d["players"][s]["secret"] for s in others},
                       "picks": {s: d["picks"].get(s) for s in others},
                       "bag": d["bag"]}, sort_keys=True)


def _check_known(s):
    """The public record of hands and graveyards (engine._known) agrees with the truth."""
    for seat in s["seats"]:
        p, k = s["players"][seat], s["known"][seat]
        hand, grave = list(p["hand"]), list(p["grave"])
        for c in k["hand"]:
            hand.remove(c)
        for c in k["grave"]:
            grave.remove(c)
        for slot in k["slots"]:
            back = [c for c in slot["cards"] if c in hand]
            assert len(back) == slot["n"] < len(slot["cards"])
            for c in back:
                hand.remove(c)
            if slot["grave"]:
                for c in slot["cards"]:
                    if c not in back:
                        grave.remove(c)
        assert hand == [] and grave == [], (seat, hand, grave, k)


def _play_on(world, rng, policy):
    """Play PLAY_ON actions from a sampled world (legal ones, by the fast path): nothing
    may fail."""
    play_on_from(E, ai, world, rng, PLAY_ON, policy=lambda i: policy, random_seat=True)


def _check_world(s, seat, rng, play_on):
    v = E.ai_view(s, seat)
    d = E.determinize(v, random.Random(rng.random()))
    assert E.view(d, seat) == v
    assert_agrees(E, s, seat, d)
    _check_known(d)
    d2 = E.determinize(v, random.Random(rng.random()))
    differs = _hidden(d, seat) != _hidden(d2, seat)
    if play_on:
        _play_on(d, rng, "ai")
        _play_on(d2, rng, "random")
    return differs


def _play(seed, n, play_on=True):
    rng = random.Random(seed)
    s = E.new(list(SEATS[:n]), seed=seed, options=_options(seed))
    differs = steps = 0
    while E.outcome(s) is None:
        waiting = E.to_act(s)
        idle = [x for x in s["seats"] if x not in waiting]
        for seat in waiting + ([rng.choice(idle)] if idle else []):
            differs += _check_world(s, seat, rng, play_on)
        seat = rng.choice(waiting)
        # the AI is called as the platform calls it: on a world sampled from its view
        world = E.determinize(E.ai_view(s, seat), random.Random(rng.random()))
        action = ai.choose(E, world, seat, rng, level="easy")
        assert action in E.legal(s, seat)
        before = json.dumps(s, sort_keys=True)
        fast, checked = E.copy(s), E.copy(s)
        assert fast == s
        assert E.advance(fast, seat, action) == []
        E.apply(checked, seat, action)
        assert fast == checked
        assert json.dumps(s, sort_keys=True) == before      # the copies share nothing with s
        E.apply(s, seat, action)
        _check_known(s)
        steps += 1
    assert differs, "two samplings differ somewhere in the game"
    return s, steps


@pytest.mark.parametrize("seed,n", [(11, 2), (12, 2), (13, 3), (14, 4), (15, 5), (16, 6)])
def test_determinized_worlds_in_ai_games(seed, n):
    s, steps = _play(seed, n, play_on=(seed % 2 == 1 or n <= 3))
    assert s["finished"] and steps > 40


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_determinized_worlds_many_games(block):
    for i in range(10):
        seed = 1000 + 10 * block + i
        _play(seed, 2 + seed % 5)


def test_surgeon_slot_is_sampled_from_the_graveyard():
    """B's Surgeon took one of two graveyard cards back: A's worlds give B either one."""
    s = E.new(["A", "B"], seed=3)
    # day 1: both seats throw a card to the graveyard (officer arrests), then day 2 Surgeon
    b = s["players"]["B"]
    g1, g2 = [c for c in b["hand"] if c != D.SURGEON][:2]
    b["grave"] = [g1, g2]
    b["hand"].remove(g1)
    b["hand"].remove(g2)
    s["known"]["B"]["hand"] = list(b["hand"])
    s["known"]["B"]["grave"] = [g1, g2]
    if D.SURGEON not in b["hand"]:
        b["hand"].append(D.SURGEON)
        s["known"]["B"]["hand"].append(D.SURGEON)
    E._pend(s, "surgeon", "B", D.SURGEON)
    s["phase"] = "day"
    s["ship"] = [{"seat": "B", "rank": D.SURGEON, "inf": E.inf(s, "B", D.SURGEON),
                  "day_done": True, "take": None, "officer": False}]
    E.apply(s, "B", {"type": "surgeon", "card": g1})
    assert s["known"]["B"]["slots"] == [{"n": 1, "cards": sorted([g1, g2]), "grave": True}]
    _check_known(s)
    seen = set()
    for i in range(40):
        d = E.determinize(E.ai_view(s, "A"), random.Random(i))
        back = {g1, g2} & set(d["players"]["B"]["hand"])
        assert len(back) == 1 and set(d["players"]["B"]["grave"]) == {g1, g2} - back
        seen |= back
    assert seen == {g1, g2}


def test_evaluate_is_the_outcome_at_the_end_and_favours_the_winner():
    leader_wins = 0
    times = []
    for i in range(20):
        n = 2 + i % 3
        rng = random.Random(i)
        s = E.new(list(SEATS[:n]), seed=500 + i)
        mid = None
        while E.outcome(s) is None:
            if mid is None and s["campaign"] == 2 and s["day"] == 4 and s["phase"] == "pick":
                t0 = time.process_time()
                mid = E.evaluate(s)
                times.append(time.process_time() - t0)
            seat = rng.choice(E.to_act(s))
            world = E.determinize(E.ai_view(s, seat), rng)
            E.apply(s, seat, ai.choose(E, world, seat, rng))
        o = E.outcome(s)
        assert E.evaluate(s) == {x: float(v) for x, v in o.scores.items()}
        best = max(mid.values())
        leaders = [x for x, v in mid.items() if v == best]
        leader_wins += len(leaders) == 1 and leaders[0] in o.winners
    assert leader_wins > 12, leader_wins
    assert sum(times) / len(times) < 0.001     # well under 0.1 ms on a quiet machine


def test_a_state_saved_without_the_public_record_still_determinizes():
    """Games saved before state["known"] existed: other hands come from the dealt cards."""
    rng = random.Random(5)
    s = E.new(list("ABC"), seed=5)
    for _ in range(40):
        seat = rng.choice(E.to_act(s))
        E.apply(s, seat, rng.choice(E.legal(s, seat)))
    del s["known"]
    for seat in s["seats"]:
        v = E.ai_view(s, seat)
        assert all("known" not in p for p in v["players"].values())
        d = E.determinize(v, random.Random(1))
        assert E.view(d, seat) == v and E.legal(d, seat) == E.legal(s, seat)
        _play_on(d, rng, "ai")
