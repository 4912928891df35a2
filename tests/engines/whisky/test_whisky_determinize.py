"""What an AI seat may know, and the worlds sampled from it (engine.ai_view, determinize,
copy, advance, evaluate) and the AI's answering accuracy per level.

Seeded AI games in which every AI decision is taken on a determinized world; at the checked
steps, for each seat to act and one seat not to act: the sampled world looks the same to
that seat (view, legal, to_act, outcome, known answer), survives JSON, differs in its hidden
parts between two rngs, and plays on with the AI and a random policy. Every action played
is also checked: advance on a copy equals apply on another copy, and the copy is
independent of the state it was taken from."""
from __future__ import annotations

import json
import math
import random

import pytest

from engines.whisky import ai
from engines.whisky import data as D
from engines.whisky.determinize import unseen_lost, unseen_specials
from engines.whisky.engine import WhiskyEngine
from whisky_helpers import asked, current, dice, do, make_engine, new_game, place, roll  # noqa: F401
from tests.engines.worlds import assert_agrees, play_on as play_on_from

E = WhiskyEngine()
SEATS = "ABCDEF"


def ai_move(eng, st, seat, rng, level="easy"):
    world = eng.determinize(eng.ai_view(st, seat), rng)
    return ai.choose(eng, world, seat, rng, level=level)


def options_for(i):
    opts = {"question_bank": "generated" if i % 2 else "standard"}
    if i % 3 == 1:
        opts["end_rule"] = "finish_round"
    if i < 100:                       # the CI games: a nearer goal, shorter games
        opts.update(victory_points=20, regions_required=4)
    return opts


def hidden_parts(d, seat):
    others = [s for s in d["seats"] if s != seat]
    return json.dumps([d["special_deck"], d["lost_deck"], d["pools"],
                       [sorted(d["players"][s]["hand"]) for s in others],
                       [[x["v"] for x in d["players"][s]["lost"]] for s in others],
                       (d["question"] or {}).get("answer_at")])


def strip(v):
    return {k: x for k, x in v.items() if k != "known_answer"}


def check_world(st, seat, rng, play_on):
    av = E.ai_view(st, seat)
    d = E.determinize(av, random.Random(rng.random()))
    assert E.view(d, seat) == E.view(st, seat) == strip(av)
    assert_agrees(E, st, seat, d)
    assert E.ai_view(d, seat).get("known_answer") == av.get("known_answer")
    assert E.load(E.dump(d)) == d
    # the pools of unseen cards and values are exactly what lies hidden in the real state
    others = [s for s in st["seats"] if s != seat]
    assert unseen_specials(av) == sorted(st["special_deck"] + [
        c for s in others for c in st["players"][s]["hand"]])
    assert unseen_lost(av) == sorted(st["lost_deck"] + [
        x["v"] for s in others for x in st["players"][s]["lost"] if not x["revealed"]])
    d2 = E.determinize(av, random.Random(rng.random() + 1))
    differs = hidden_parts(d, seat) != hidden_parts(d2, seat)
    if play_on:
        for policy in ("ai", "random"):
            play_on_from(E, ai, E.copy(d), random.Random(rng.random()), 30,
                    policy=lambda i, policy=policy: policy)
    return differs


def check_step(st, seat, action):
    a, b = E.copy(st), E.load(E.dump(st))
    assert a == st == b
    E.advance(a, seat, action)
    assert st == b                       # advancing the copy left the original alone
    E.apply(b, seat, action)
    assert a == b                        # advance == apply
    c = E.copy(a)
    who = E.to_act(a)
    if who:
        E.advance(a, who[0], E.legal(a, who[0])[0])
        assert c == b                    # and the other way round


def check_ai_view_secrecy(st):
    q = st["question"]
    if not q:
        return
    info = E.bank(st)[q["id"]]["info"]
    for s in st["seats"]:
        v = E.ai_view(st, s)
        if s == q["seat"]:
            assert v["known_answer"] == q["order"].index(E.bank(st)[q["id"]]["answer"])
        else:
            assert "known_answer" not in v
        assert info not in json.dumps(v, ensure_ascii=False)


def play_and_check(i, every=1, play_every=12):
    n = 2 + i % 5
    st = E.new(list(SEATS[:n]), seed=1000 + i, options=options_for(i))
    rng = random.Random(i)
    step = checked = differing = 0
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        if step % every == 0:
            check_ai_view_secrecy(st)
            idle = rng.choice([s for s in st["seats"] if s != seat])
            for k, s in enumerate((seat, idle)):
                differing += check_world(st, s, rng, play_on=k == 0 and step % play_every == 0)
                checked += 1
        a = ai_move(E, st, seat, rng)
        check_step(st, seat, a)
        E.apply(st, seat, a)
        step += 1
        assert step < 5000
    assert E.evaluate(st) == {s: float(v) for s, v in E.outcome(st).scores.items()}
    for s in st["seats"][:2]:                    # a finished game is rebuilt as finished
        check_world(st, s, rng, play_on=False)
        assert E.outcome(E.determinize(E.ai_view(st, s), rng)).to_json() == \
            E.outcome(st).to_json()
    # the question decks alone hold more than one question almost always
    assert differing > checked * 0.9
    return step


@pytest.mark.parametrize("i", range(6))
def test_determinized_worlds_match_the_seat_view(i):
    play_and_check(i, every=5, play_every=50)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(100))
def test_determinized_worlds_match_the_seat_view_slow(i):
    play_and_check(100 + i, every=2, play_every=20)


# --- the question being asked ---------------------------------------------------------------
def test_only_the_asked_seat_knows_the_answer(dice):
    eng = make_engine()
    st, seat = asked(eng, dice, "medium", seats=("A", "B", "C"))
    q = st["question"]
    right = q["order"].index(eng.bank(st)[q["id"]]["answer"])
    assert eng.ai_view(st, seat)["known_answer"] == right
    for other in ("A", "B", "C"):
        if other == seat:
            continue
        v = eng.ai_view(st, other)
        assert "known_answer" not in v
        # a world sampled for another seat carries a sampled answer, uniformly from the options
        seen = set()
        for k in range(60):
            d = eng.determinize(v, random.Random(k))
            assert eng.view(d, other) == eng.view(st, other)
            seen.add(eng.ai_view(d, seat)["known_answer"])
        assert seen == {0, 1, 2, 3}
        # ... and plays by it: answering the sampled answer wins the bottle there
        d = eng.determinize(v, random.Random(5))
        good = d["question"]["answer_at"]
        eng.apply(d, seat, {"type": "answer", "option": good})
        assert d["last_question"]["result"] == "right" and d["last_question"]["correct"] == good


def test_the_asked_seat_keeps_its_answer_in_every_world(dice):
    eng = make_engine()
    st, seat = asked(eng, dice, "hard")
    v = eng.ai_view(st, seat)
    for k in range(20):
        d = eng.determinize(v, random.Random(k))
        assert "answer_at" not in d["question"]
        assert eng.ai_view(d, seat)["known_answer"] == v["known_answer"]


@pytest.mark.parametrize("level", sorted(ai.ACCURACY))
def test_answer_accuracy_matches_the_table(dice, level):
    eng = make_engine()
    n = 300
    for difficulty in D.LEVELS:
        st, seat = asked(eng, dice, difficulty)
        v = eng.ai_view(st, seat)
        r = random.Random(hash((level, difficulty)) & 0xFFFF)
        right = 0
        for _ in range(n):
            d = eng.determinize(v, r)
            a = ai.choose(eng, d, seat, r, level=level)
            assert a["type"] == "answer"
            right += a["option"] == v["known_answer"]
        p = ai.ACCURACY[level][difficulty]
        tol = 4 * math.sqrt(p * (1 - p) / n) + 0.01
        assert abs(right / n - p) < tol, (level, difficulty, right / n, p)


def test_harder_levels_know_more():
    for difficulty in D.LEVELS:
        assert (ai.ACCURACY["easy"][difficulty] < ai.ACCURACY["normal"][difficulty]
                < ai.ACCURACY["hard"][difficulty])
    assert ai.ACCURACY["hard"]["hard"] - ai.ACCURACY["easy"]["hard"] >= 0.25


# --- evaluate -------------------------------------------------------------------------------
def test_evaluate_ranks_the_eventual_winner_first_at_mid_game():
    # two-player games with the default goal; the heuristic plays on the real state here
    # (it reads nothing but its own question's answer there, and the test is about evaluate)
    hits = games = 0
    for i in range(20):
        st = E.new(["A", "B"], seed=500 + i, options={"question_bank": "generated"})
        rng = random.Random(i)
        history = []
        while E.outcome(st) is None:
            seat = E.to_act(st)[0]
            E.apply(st, seat, ai.choose(E, st, seat, rng))
            history.append(E.evaluate(st))
        out = E.outcome(st)
        assert E.evaluate(st) == {s: float(v) for s, v in out.scores.items()}
        if len(out.winners) != 1:
            continue
        games += 1
        mid = history[len(history) // 2]
        hits += max(mid, key=mid.get) == out.winners[0]
    assert games >= 15 and hits > 0.6 * games, (hits, games)


def test_evaluate_is_cheap():
    import time
    st = E.new(list("ABCD"), seed=3, options={"question_bank": "generated"})
    rng = random.Random(3)
    for _ in range(300):
        seat = E.to_act(st)[0]
        E.apply(st, seat, ai_move(E, st, seat, rng))
    t0 = time.perf_counter()
    for _ in range(2000):
        E.evaluate(st)
    assert (time.perf_counter() - t0) / 2000 < 0.0001
