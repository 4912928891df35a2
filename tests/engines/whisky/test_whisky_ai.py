"""The heuristic AI (legal, accuracy per difficulty, sensible moves, better than random) and
the value the search gives a position (evaluate: the race to the goal)."""
import random

from engines.whisky import ai
from engines.whisky import evaluate as ev
from whisky_helpers import (asked, correct_option, current, dests, dice, do, make_engine, new_game,  # noqa: F401
                            place, roll)



def test_accuracy_is_configurable(dice):
    eng = make_engine()
    for acc, expect_right in ((1.0, True), (0.0, False)):
        choose = ai.make_choose({"easy": acc, "medium": acc, "hard": acc})
        st, seat = asked(eng, dice, "easy")
        a = choose(eng, st, seat, random.Random(1))
        assert a["type"] == "answer"
        assert (a["option"] == correct_option(eng, st)) is expect_right


def test_default_accuracy_roughly_matches(dice):
    eng = make_engine()
    st, seat = asked(eng, dice, "medium")
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


# --- evaluate: the search's value of a position is the race to the goal -------------------
def _holdings(st, seat, bottles, pos="SC_EDINBURGH"):
    place(st, seat, pos, character="walker", bottles=[{"d": d, "v": v} for d, v in bottles],
          lost=[], bonus=[], hand=[], return_ticket=False)


SIX = [("IE_MIDLETON", 1), ("LO_GLENKINCHIE", 1), ("HI_ABERFELDY", 1), ("IS_ARRAN", 1),
       ("IY_BOWMORE", 1), ("SP_GLENLIVET", 1)]


def test_evaluate_values_regions_over_points():
    """Whoever first has the points *and* the regions wins: a seat with every region and a
    few points short is ahead of one with three times the points and half the regions."""
    eng = make_engine()
    st = new_game(eng)
    _holdings(st, "A", [(d, 3) for d, _ in SIX])                       # 18 points, 6 regions
    three = [d for pre, n in (("HI_", 4), ("LO_", 4), ("SP_", 3))
             for d in sorted(x for x in st["stock"] if x.startswith(pre))[:n]]
    _holdings(st, "B", [(d, 5) for d in three])                       # 55 points, 3 regions
    v = eng.evaluate(st)
    assert v["A"] > v["B"]


def test_evaluate_counts_the_way_to_the_missing_regions():
    """Same holdings, one region missing (Ireland): standing near an Irish distillery is
    worth more than standing in the far north-east, and the same tour is worth more when
    points are short (a bottle on the way counts)."""
    eng = make_engine()
    st = new_game(eng)
    five = SIX[1:]
    _holdings(st, "A", [(d, 5) for d, _ in five], pos="IE_DUBLIN")
    _holdings(st, "B", [(d, 5) for d, _ in five], pos="HI_ABZ_AIR")
    v = eng.evaluate(st)
    assert v["A"] > v["B"]
    near = ev.turns_to_goal(st, "A", 0)
    far = ev.turns_to_goal(st, "B", 0)
    assert 0 < near < far
    # an Irish distillery with no bottle left is no target: the tour gets longer
    shut = sum(ev._DIST_BIT[d] for d in st["stock"] if d.startswith("IE_") and d != "IE_COOLEY")
    assert ev.turns_to_goal(st, "A", shut) > near
    # fewer points: the missing ones cost turns once the tour's bottle is counted
    _holdings(st, "A", [(d, 1) for d, _ in five], pos="IE_DUBLIN")
    assert ev.turns_to_goal(st, "A", 0) > near


def test_evaluate_a_seat_that_meets_the_goal_needs_no_turn_and_tempo_counts():
    eng = make_engine()
    st = new_game(eng)
    _holdings(st, "A", [(d, 5) for d, _ in SIX])
    assert ev.turns_to_goal(st, "A", 0) == 0.0
    # identical seats: the one whose turn it is is ahead by the tempo of the turn order
    _holdings(st, "A", [(d, 3) for d, _ in SIX[:4]])
    _holdings(st, "B", [(d, 3) for d, _ in SIX[:4]])
    v = eng.evaluate(st)
    first = eng._cur(st)
    other = "B" if first == "A" else "A"
    assert v[first] > v[other]


def test_evaluate_lead_means_more_when_the_race_is_short():
    """One turn ahead near the goal is nearly a won game; early on it is a small edge. The
    values are on the scale of search.reward (differences only)."""
    eng = make_engine()
    st = new_game(eng)
    first = eng._cur(st)
    other = "B" if first == "A" else "A"
    # late: both miss Ireland only, the other seat two fields further away
    _holdings(st, first, [(d, 5) for d, _ in SIX[1:]], pos="IE_DUBLIN")
    _holdings(st, other, [(d, 5) for d, _ in SIX[1:]], pos="IE_DUBLIN")
    late_tie = eng.evaluate(st)
    _holdings(st, first, [], pos="SC_EDINBURGH")
    _holdings(st, other, [], pos="SC_EDINBURGH")
    early_tie = eng.evaluate(st)
    late = late_tie[first] - late_tie[other]
    early = early_tie[first] - early_tie[other]
    assert late > early > 0


def test_searching_levels_answer_with_their_own_accuracy(dice):
    """The search never takes an answer out of the level's hands: its look-ahead would see
    the right answer score, and the seat's view holds that answer (players answer right as
    often as their level says, not always)."""
    from engines import players, search
    eng = make_engine()           # its own question bank: search with it, not the registered engine
    st, seat = asked(eng, dice, "medium")
    assert eng.knowledge_decision(st, seat)
    assert not any(eng.knowledge_decision(st, s) for s in st["seats"] if s != seat)
    right_answer = {"type": "answer", "option": correct_option(eng, st)}
    for level, low, high in (("normal", 0.55, 0.80), ("hard", 0.70, 0.92)):     # 68%, 82%
        right = sum(search.choose(eng, eng.ai_view(st, seat), seat, random.Random(i),
                                  players.level_of(level)) == right_answer for i in range(150))
        assert low < right / 150 < high, (level, right)
