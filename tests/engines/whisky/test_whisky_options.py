"""Table options of rules section 14 that change the rules."""
import sys

from engines.whisky.engine import WhiskyEngine
from whisky_helpers import (correct_option, current, dice, do, kinds, make_engine, new_game,  # noqa: F401
                            place, roll)


def test_generic_bottles_when_one_value_per_bottle_is_off(dice):
    eng = make_engine()
    st = new_game(eng, seed=5, one_value_per_bottle=False)
    assert st["stock"]["LO_GLENKINCHIE"] == [0, 0, 0]
    seat = current(eng, st)
    place(st, seat, "LO_MUSSELBURGH", character="winchester")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    do(eng, st, {"type": "ask", "level": "hard"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert st["players"][seat]["bottles"] == [{"d": "LO_GLENKINCHIE", "v": 5}]
    assert st["stock"]["LO_GLENKINCHIE"] == [0, 0]
    # another hard bottle can still be won there by someone else
    other = current(eng, st)
    place(st, other, "LO_MUSSELBURGH", character="winchester")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    assert {"type": "ask", "level": "hard"} in eng.legal(st, other)


def test_lost_bottles_give_region_switch():
    eng = make_engine()
    for give, regions in ((False, []), (True, ["ISLAY"])):
        st = new_game(eng, seed=5, lost_bottles_give_region=give)
        seat = current(eng, st)
        st["players"][seat]["lost"] = [{"v": 3, "revealed": False, "at": "IY_LOST_LOSSIT"}]
        assert eng._regions(st, seat) == regions


def test_teleport_without_arrival_and_country_change_switch(dice):
    eng = make_engine()
    st = new_game(eng, seed=5, teleport_counts_as_arrival=False)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH")
    st["special_deck"].insert(0, "feis_ile")
    roll(eng, st, dice, 2)
    do(eng, st, {"type": "move", "to": "LO_FALKIRK"})
    do(eng, st, {"type": "go", "field": "IY_LAGAVULIN"})
    assert st["players"][seat]["pos"] == "IY_LAGAVULIN" and kinds(eng, st) != "distillery"
    # Nick Offerman moves an Irish player to Scotland: the Truck stays when switched off
    for any_means, kept in ((True, False), (False, True)):
        st = new_game(eng, seed=5, country_change_any_means=any_means)
        seat = current(eng, st)
        victim = [s for s in st["order"] if s != seat][0]
        place(st, victim, "IE_DUBLIN", truck=True)
        place(st, seat, "SC_EDINBURGH", hand=["offerman"])
        do(eng, st, {"type": "play", "card": "offerman"})
        do(eng, st, {"type": "target", "seat": victim})
        assert st["players"][victim]["truck"] is kept


def test_distillery_need_not_end_the_turn(dice):
    eng = make_engine()
    st = new_game(eng, seed=5, distillery_ends_turn=False)
    seat = current(eng, st)
    place(st, seat, "LO_MUSSELBURGH", character="winchester")
    roll(eng, st, dice, 6)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    do(eng, st, {"type": "ask", "level": "easy"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert current(eng, st) == seat and {"type": "roll"} in eng.legal(st, seat)


def test_bank_falls_back_to_generated_without_qbank(monkeypatch):
    import engines.whisky
    monkeypatch.setitem(sys.modules, "engines.whisky.qbank", None)   # import fails
    monkeypatch.delattr(engines.whisky, "qbank", raising=False)
    eng = WhiskyEngine()
    st = eng.new(["A", "B"], seed=1)
    assert st["bank"] == "generated"
    assert all(q.startswith("G") for lv in ("easy", "medium", "hard") for q in st["pools"][lv])


def test_question_time_limit_is_a_table_option():
    eng = make_engine()
    st = new_game(eng, seed=5, question_timeout_s=30)
    assert eng.view(st, None)["question_timeout_s"] == 30
