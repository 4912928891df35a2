"""The heuristic AI: legal, accuracy per difficulty, sensible moves, better than random."""
import random

from engines.whisky import ai
from whisky_helpers import (correct_option, current, dests, dice, do, make_engine, new_game,  # noqa: F401
                            place, roll)


def test_accuracy_is_configurable(dice):
    eng = make_engine()
    for acc, expect_right in ((1.0, True), (0.0, False)):
        choose = ai.make_choose({"easy": acc, "medium": acc, "hard": acc})
        st = new_game(eng, seed=7)
        seat = current(eng, st)
        place(st, seat, "LO_MUSSELBURGH", character="winchester")
        roll(eng, st, dice, 1)
        do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
        do(eng, st, {"type": "ask", "level": "easy"})
        a = choose(eng, st, seat, random.Random(1))
        assert a["type"] == "answer"
        assert (a["option"] == correct_option(eng, st)) is expect_right


def test_default_accuracy_roughly_matches(dice):
    eng = make_engine()
    st = new_game(eng, seed=7)
    seat = current(eng, st)
    place(st, seat, "LO_MUSSELBURGH", character="winchester")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    do(eng, st, {"type": "ask", "level": "medium"})
    r = random.Random(3)
    right = sum(ai.choose(eng, st, seat, r) == {"type": "answer", "option": correct_option(eng, st)}
                for _ in range(400))
    assert 0.45 < right / 400 < 0.65          # default 55% for medium


def test_ai_heads_for_a_distillery_it_can_score(dice):
    eng = make_engine()
    st = new_game(eng, seed=7)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", character="winchester")
    roll(eng, st, dice, 3)
    assert "LO_GLENKINCHIE" in dests(eng, st)
    assert ai.choose(eng, st, seat, random.Random(1)) == {"type": "move", "to": "LO_GLENKINCHIE"}
    # ... but not to one where it already owns a bottle
    st = new_game(eng, seed=7)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", character="winchester", bottles=[{"d": "LO_GLENKINCHIE", "v": 1}])
    roll(eng, st, dice, 3)
    assert ai.choose(eng, st, seat, random.Random(1)) != {"type": "move", "to": "LO_GLENKINCHIE"}


def test_ai_beats_random_and_stays_legal():
    eng = make_engine()
    wins = 0
    for g in range(6):
        st = eng.new(["A", "B"], seed=100 + g)
        ai_seat = "A" if g % 2 == 0 else "B"
        r = random.Random(g)
        while eng.outcome(st) is None:
            seat = eng.to_act(st)[0]
            legal = eng.legal(st, seat)
            a = ai.choose(eng, st, seat, r) if seat == ai_seat else r.choice(legal)
            assert a in legal
            eng.apply(st, seat, a)
        out = eng.outcome(st)
        other = "B" if ai_seat == "A" else "A"
        wins += out.ranks[ai_seat] < out.ranks[other]
    assert wins >= 5


def test_ai_uses_nick_savages_jump_when_bladnoch_is_worth_it(dice):
    """Nick Savage: "if you visit the Macallan, you can jump straight to Bladnoch" - the AI
    jumps when it still lacks a Lowlands bottle and Bladnoch can give one, and stays when
    Bladnoch has nothing for it."""
    eng = make_engine()
    st = new_game(eng, seed=7)
    seat = current(eng, st)
    place(st, seat, "SP_ROTHES", character="savage",
          bottles=[{"d": "SP_MACALLAN", "v": 3}, {"d": "SP_GLENLIVET", "v": 3}])
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
    assert {"type": "jump"} in eng.legal(st, seat)
    assert ai.choose(eng, st, seat, random.Random(1)) == {"type": "jump"}
    # every Lowlands distillery (Bladnoch's neighbourhood) is owned or empty: no reason to go
    for d in st["stock"]:
        if d.startswith("LO_"):
            st["stock"][d] = []
    assert ai.choose(eng, st, seat, random.Random(1)) == {"type": "end"}
