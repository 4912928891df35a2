"""Victory with hidden lost-distillery values, end rules, ranking and the safety stop (rules 6)."""
import random

from engines.whisky import ai
from whisky_helpers import (correct_option, current, dice, do, make_engine, new_game,  # noqa: F401
                            place, public_blob, roll)

FIVE_REGIONS = [{"d": "IE_COOLEY", "v": 5}, {"d": "LO_BLADNOCH", "v": 5}, {"d": "HI_EDRADOUR", "v": 5},
                {"d": "IS_ARRAN", "v": 5}, {"d": "IY_ARDBEG", "v": 1}]


def setup_near_win(eng, st, seat, lost_value):
    for b in FIVE_REGIONS:
        st["stock"][b["d"]].remove(b["v"])
    place(st, seat, "SP_ROTHES", character="walker", bottles=[dict(b) for b in FIVE_REGIONS],
          lost=[{"v": lost_value, "revealed": False, "at": "IY_LOST_LOSSIT"}])


def win_macallan_easy(eng, st, dice):
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
    do(eng, st, {"type": "ask", "level": "easy"})
    return do(eng, st, {"type": "answer", "option": correct_option(eng, st)})


def test_hidden_value_completes_the_goal_and_ends_at_once(dice):
    eng = make_engine()
    st = new_game(eng, seed=11)
    seat = current(eng, st)
    setup_near_win(eng, st, seat, lost_value=4)        # 21 visible + 4 hidden
    v = eng.view(st, None)["players"][seat]
    assert v["points_visible"] == 21 and v["lost_hidden"] == 1
    assert "goal_reached" not in eng.view(st, None)
    assert eng.view(st, seat)["goal_reached"] is False
    ev = win_macallan_easy(eng, st, dice)
    assert st["phase"] == "over" and st["result"]["reason"] == "goal"
    out = eng.outcome(st)
    assert out.winners == [seat] and out.ranks[seat] == 1 and out.scores[seat] == 26
    assert out.breakdown[seat] == {"Distillery bottles": 22, "Character bonus": 0,
                                   "Lost distillery bottles": 4, "Bonus bottle cards": 0}
    end = [e for e in ev if e.kind == "game_end"][0]
    assert end.data["lost"][seat] == [4]               # revealed at the end
    assert eng.view(st, None)["players"][seat]["lost_revealed"] == [4]
    assert eng.view(st, None)["finished"] and eng.view(st, None)["outcome"]["winners"] == [seat]


def test_too_small_hidden_value_does_not_win(dice):
    eng = make_engine()
    st = new_game(eng, seed=11)
    seat = current(eng, st)
    setup_near_win(eng, st, seat, lost_value=2)        # 21 + 1 + 2 = 24
    ev = win_macallan_easy(eng, st, dice)
    assert st["phase"] == "play"
    # nothing public gives away how close the player is
    assert "24" not in public_blob(ev)
    assert eng.view(st, None)["players"][seat]["points_visible"] == 22


def test_points_without_all_regions_do_not_win(dice):
    eng = make_engine()
    st = new_game(eng, seed=11)
    seat = current(eng, st)
    place(st, seat, "SP_ROTHES", character="winchester",
          bottles=[{"d": "SP_GLENLIVET", "v": 5}, {"d": "HI_EDRADOUR", "v": 5}, {"d": "IE_COOLEY", "v": 5}])
    assert eng._points(st, seat) == 25
    win_macallan_easy(eng, st, dice)
    assert st["phase"] == "play"


def test_finish_round_variant(dice):
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=11, end_rule="finish_round")
    seat = st["order"][0]
    setup_near_win(eng, st, seat, lost_value=4)
    ev = win_macallan_easy(eng, st, dice)
    assert st["phase"] == "play" and st["final_round"]
    assert current(eng, st) == st["order"][1]
    # the others still play their turn of this round
    for s in st["order"][1:]:
        assert current(eng, st) == s
        place(st, s, "SC_EDINBURGH")
        roll(eng, st, dice, 1)
        do(eng, st, {"type": "move", "to": "LO_LINLITHGOW"})
    assert st["phase"] == "over" and eng.outcome(st).winners == [seat]


def test_finish_round_highest_qualifier_wins():
    eng = make_engine()
    st = new_game(eng, ("A", "B"), seed=11, end_rule="finish_round")
    six = [{"d": d, "v": 5} for d in ("IE_COOLEY", "LO_BLADNOCH", "HI_EDRADOUR", "IS_ARRAN",
                                      "IY_ARDBEG", "SP_MACALLAN")]
    st["players"]["A"]["bottles"] = [dict(b) for b in six]
    st["players"]["B"]["bottles"] = [dict(b) for b in six] + [{"d": "IE_MIDLETON", "v": 1}]
    eng._finish(st, [], "goal")
    out = eng.outcome(st)
    assert out.winners == ["B"] and out.ranks == {"B": 1, "A": 2}


def test_ranking_qualifier_first_then_points_regions_bottles():
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C", "D"), seed=11, victory_points=10)
    P = st["players"]
    P["A"]["bottles"] = [{"d": d, "v": 3} for d in ("IE_COOLEY", "LO_BLADNOCH", "HI_EDRADOUR",
                                                    "IS_ARRAN", "IY_ARDBEG", "SP_MACALLAN")]   # 18, qualifies
    P["B"]["bottles"] = [{"d": "IE_COOLEY", "v": 5}, {"d": "IE_MIDLETON", "v": 5},
                         {"d": "IE_TEELING", "v": 5}, {"d": "IE_KILBEGGAN", "v": 5}]             # 20, 1 region
    P["C"]["bottles"] = [{"d": "LO_BLADNOCH", "v": 5}, {"d": "IY_ARDBEG", "v": 5},
                         {"d": "IE_TULLAMORE", "v": 5}, {"d": "IE_BUSHMILLS", "v": 5}]           # 20, 3 regions
    P["D"]["bottles"] = [{"d": "LO_BLADNOCH", "v": 5}, {"d": "IY_ARDBEG", "v": 5},
                         {"d": "IE_TULLAMORE", "v": 5}, {"d": "IE_BUSHMILLS", "v": 5}]
    eng._finish(st, [], "rounds")
    out = eng.outcome(st)
    assert out.ranks == {"A": 1, "C": 2, "D": 2, "B": 4}
    assert out.winners == ["A"] and out.tiebreak is not None


def test_safety_stop_after_max_rounds():
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=12, max_rounds=10)
    r = random.Random(3)
    n = 0
    while eng.outcome(st) is None:
        seat = eng.to_act(st)[0]
        eng.apply(st, seat, r.choice(eng.legal(st, seat)))
        n += 1
        assert n < 5000
    assert st["result"]["reason"] == "rounds" and st["round"] == 10
    assert set(eng.outcome(st).ranks) == {"A", "B", "C"}


def test_question_pools_running_out_ends_the_game():
    eng = make_engine()
    st = eng.new(["A", "B"], seed=14)
    r = random.Random(5)
    choose = ai.make_choose({"easy": 1.0, "medium": 1.0, "hard": 1.0})
    n = 0
    while eng.outcome(st) is None:
        seat = eng.to_act(st)[0]
        eng.apply(st, seat, choose(eng, st, seat, r))
        n += 1
        assert n < 20000
    used = st["used_questions"]
    assert len(used) == len(set(used))
    assert st["result"]["reason"] == "questions"
    assert not any(st["pools"].values()) and len(used) == 24
    assert not any(eng._qualifies(st, s) for s in st["seats"])
