"""The 15 characters (rules 7)."""
import pytest

from engines.whisky import data as D
from whisky_helpers import (BANK, correct_option, current, dests, dice, do, kinds,  # noqa: F401
                            legal_types, make_engine, new_game, place, public_blob, roll,
                            start_turn_of, wrong_option)


def ask_at_glenkinchie(eng, st, dice, seat, level="easy", **pfields):
    start_turn_of(eng, st, seat)
    place(st, seat, "LO_MUSSELBURGH", **pfields)
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    do(eng, st, {"type": "ask", "level": level})


@pytest.fixture
def game():
    eng = make_engine()
    st = new_game(eng, seed=6)
    return eng, st, current(eng, st)


@pytest.mark.parametrize("char,dist,factor", [
    ("winchester", "SP_GLENLIVET", 3), ("leighton", "IE_MIDLETON", 2), ("motion", "IS_HIGHLANDPARK", 2),
    ("barrie", "HI_GLENDRONACH", 2), ("campbell", "IY_LAPHROAIG", 2)])
def test_bottle_multipliers(game, char, dist, factor):
    eng, st, seat = game
    p = st["players"][seat]
    p["character"] = char
    p["bottles"] = [{"d": dist, "v": 5}, {"d": "LO_BLADNOCH", "v": 3}]
    assert eng._points(st, seat) == 5 * factor + 3
    parts = eng._score_parts(st, seat)
    assert parts["Distillery bottles"] == 8 and parts["Character bonus"] == 5 * (factor - 1)
    p["character"] = "walker"
    assert eng._points(st, seat) == 8


@pytest.mark.parametrize("char", ["walker", "stewart"])
def test_rescue_roll_one_or_two_wins(game, dice, char):
    eng, st, seat = game
    ask_at_glenkinchie(eng, st, dice, seat, "hard", character=char)
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    assert {"type": "rescue", "how": "roll"} in eng.legal(st, seat)
    dice(2)
    ev = do(eng, st, {"type": "rescue", "how": "roll"})
    assert st["players"][seat]["bottles"] == [{"d": "LO_GLENKINCHIE", "v": 5}]
    assert [e for e in ev if e.kind == "answer"][0].data["how"] == "roll"


def test_rescue_roll_fails_on_three_and_only_once(game, dice):
    eng, st, seat = game
    ask_at_glenkinchie(eng, st, dice, seat, "easy", character="walker", hand=["gwilt"])
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    dice(3)
    ev = do(eng, st, {"type": "rescue", "how": "roll"})
    assert not [e for e in ev if e.kind == "answer"]          # the expert is still there
    assert {"type": "rescue", "how": "roll"} not in eng.legal(st, seat)
    ev = do(eng, st, {"type": "accept"})
    assert st["players"][seat]["bottles"] == [] and [e for e in ev if e.kind == "answer"]
    assert st["players"][seat]["hand"] == ["gwilt"]


def test_jim_mcewan_swaps_the_question_on_an_even_roll(game, dice):
    eng, st, seat = game
    ask_at_glenkinchie(eng, st, dice, seat, "medium", character="mcewan")
    first = st["question"]["id"]
    first_info = BANK[first]["info"]
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    dice(4)
    ev = do(eng, st, {"type": "rescue", "how": "swap"})
    q = st["question"]
    assert q["id"] != first and q["level"] == "medium" and q["status"] == "asking"
    assert first_info not in public_blob(ev)                   # first answer still secret
    assert [e for e in ev if e.kind == "question"]
    ev = do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    # no rescue left (one swap per turn): settled at once
    assert st["question"] is None and kinds(eng, st) != "question"
    ans = [e for e in ev if e.kind == "answer"][0]
    assert ans.data["earlier"][0]["id"] == first and first_info in public_blob(ev)


def test_jim_mcewan_odd_roll_no_swap(game, dice):
    eng, st, seat = game
    ask_at_glenkinchie(eng, st, dice, seat, "easy", character="mcewan")
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    dice(3)
    ev = do(eng, st, {"type": "rescue", "how": "swap"})
    assert [e for e in ev if e.kind == "answer"][0].data["result"] == "wrong"


def test_double_move_lost_after_a_question(game, dice):
    eng, st, seat = game
    place(st, seat, "LO_MUSSELBURGH", character="swan")
    roll(eng, st, dice, 1)
    assert st["turn"]["moves"] == 1
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    do(eng, st, {"type": "ask", "level": "easy"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert current(eng, st) != seat


def test_double_move_second_move_after_a_plain_field(game, dice):
    eng, st, seat = game
    place(st, seat, "SC_EDINBURGH", character="macleod")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_LINLITHGOW"})
    assert kinds(eng, st) == "ready" and set(legal_types(eng, st)) >= {"roll", "end"}
    roll(eng, st, dice, 1)
    assert set(dests(eng, st)) == {"SC_EDINBURGH", "LO_FALKIRK"}   # a new move may go back
    assert st["turn"]["moves"] == 0


def test_nick_savage_jumps_from_macallan_to_bladnoch(game, dice):
    """Nick Savage: "if you visit the Macallan, you can jump straight to Bladnoch"
    (rules 7: "after visiting Macallan, the player may jump straight to Bladnoch")."""
    eng, st, seat = game
    place(st, seat, "SP_ROTHES", character="savage")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
    do(eng, st, {"type": "ask", "level": "easy"})
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    # the question ended the movement; the jump is offered with the end of the turn
    assert kinds(eng, st) == "ready"
    assert set(legal_types(eng, st)) == {"jump", "end"}
    do(eng, st, {"type": "jump"})
    assert st["players"][seat]["pos"] == "LO_BLADNOCH"
    assert kinds(eng, st) == "distillery"                      # arrival at Bladnoch
    do(eng, st, {"type": "ask", "level": "medium"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert st["players"][seat]["bottles"] == [{"d": "LO_BLADNOCH", "v": 3}]
    assert current(eng, st) != seat


@pytest.mark.parametrize("situation", ["leaves", "owns_a_macallan_bottle", "macallan_is_empty"])
def test_nick_savage_jump_needs_no_question_at_the_macallan(game, dice, situation):
    """Nick Savage: "if you visit the Macallan, you can jump straight to Bladnoch". The jump
    is offered whenever he stands at the Macallan on his turn: whether or not he took a
    question there, owns a Macallan bottle, or the distillery is empty."""
    eng, st, seat = game
    place(st, seat, "SP_ROTHES", character="savage")
    if situation == "owns_a_macallan_bottle":
        st["players"][seat]["bottles"] = [{"d": "SP_MACALLAN", "v": 3}]
        st["stock"]["SP_MACALLAN"] = [1, 5]
    if situation == "macallan_is_empty":
        st["stock"]["SP_MACALLAN"] = []
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
    if situation == "leaves":
        assert kinds(eng, st) == "distillery"
        do(eng, st, {"type": "leave"})
    else:
        assert kinds(eng, st) == "ready"            # no question possible: no distillery step
    assert st["players"][seat]["pos"] == "SP_MACALLAN"
    assert set(legal_types(eng, st)) == {"jump", "end"}
    ev = do(eng, st, {"type": "jump"})
    assert st["players"][seat]["pos"] == "LO_BLADNOCH"
    assert any(e.text.msg == "{player} jumps from The Macallan to Bladnoch." for e in ev)
    assert kinds(eng, st) == "distillery" and st["pending"][-1]["field"] == "LO_BLADNOCH"


def test_nick_savage_may_jump_at_the_start_of_his_turn_and_still_roll(game, dice):
    """Nick Savage: "if you visit the Macallan, you can jump straight to Bladnoch" - also
    when his turn starts on the Macallan; the jump does not use his roll."""
    eng, st, seat = game
    start_turn_of(eng, st, seat)
    place(st, seat, "SP_MACALLAN", character="savage", bottles=[{"d": "LO_BLADNOCH", "v": 1}])
    st["stock"]["LO_BLADNOCH"] = [3, 5]
    assert set(legal_types(eng, st)) == {"roll", "jump"}      # no end: the roll is due
    assert eng.prompt(st, seat).msg.startswith("Your turn: roll the die, jump to Bladnoch")
    do(eng, st, {"type": "jump"})
    assert st["players"][seat]["pos"] == "LO_BLADNOCH"
    assert kinds(eng, st) == "ready" and legal_types(eng, st) == ["roll"]
    roll(eng, st, dice, 1)
    assert st["players"][seat]["pos"] == "LO_NEWTONSTEWART"


def test_nick_savage_declines_the_jump(game, dice):
    """Nick Savage: "if you visit the Macallan, you can jump straight to Bladnoch" - he may,
    so ending the turn there is a choice too."""
    eng, st, seat = game
    place(st, seat, "SP_ROTHES", character="savage")
    st["stock"]["SP_MACALLAN"] = []
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
    assert eng.prompt(st, seat).msg == ("Jump to Bladnoch (Nick Savage), play a card or end "
                                        "your turn.")
    do(eng, st, {"type": "end"})
    assert current(eng, st) != seat and st["players"][seat]["pos"] == "SP_MACALLAN"


def test_nick_savage_cannot_jump_under_prohibition(game, dice):
    """Prohibition: the victim "may not enter a distillery, lost distillery or pub", and
    Bladnoch is a distillery, so Nick Savage's jump is not offered while it lasts."""
    eng, st, seat = game
    start_turn_of(eng, st, seat)
    place(st, seat, "SP_MACALLAN", character="savage", prohibition=True)
    assert "jump" not in legal_types(eng, st)
    st["players"][seat]["prohibition"] = False
    assert "jump" in legal_types(eng, st)


def test_nick_savage_jump_offer_reveals_no_card(game, dice):
    """The jump offer and the pauses around it depend on public facts only (character,
    position, Prohibition, the number of cards held): two hands of the same size but
    different cards give the same steps and the same non-card choices."""
    eng, st, seat = game
    seen = []
    for hand in (["fifty", "shackleton"], ["smuggler", "luck_irish"]):
        start_turn_of(eng, st, seat)
        place(st, seat, "SP_ROTHES", character="savage", hand=list(hand))
        st["stock"]["SP_MACALLAN"] = []
        roll(eng, st, dice, 1)
        do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
        steps = []
        while kinds(eng, st) != "ready":
            steps.append((kinds(eng, st), eng.view(st, None)["pending"]))
            do(eng, st, {"type": "leave"})
        steps.append((kinds(eng, st), sorted(a["type"] for a in eng.legal(st, seat)
                                             if a["type"] != "play")))
        seen.append(steps)
    assert seen[0] == seen[1]
    assert seen[0][-1] == ("ready", ["end", "jump"])


def test_other_characters_do_not_jump(game, dice):
    eng, st, seat = game
    place(st, seat, "SP_ROTHES", character="walker")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SP_MACALLAN"})
    do(eng, st, {"type": "ask", "level": "easy"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert current(eng, st) != seat


def test_richard_paterson_pours_once_per_opponent(dice):
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=6)
    seat = current(eng, st)
    opp = [s for s in st["order"] if s != seat]
    place(st, seat, "SC_EDINBURGH", character="paterson")
    st["players"][opp[0]]["bottles"] = [{"d": "LO_BLADNOCH", "v": 3}]
    st["stock"]["LO_BLADNOCH"] = [1, 5]
    st["players"][opp[1]]["bottles"] = [{"d": "IY_ARDBEG", "v": 5}]
    assert {"type": "pour"} in eng.legal(st, seat)
    do(eng, st, {"type": "pour"})
    assert eng.legal(st, seat) == [{"type": "target", "seat": opp[0]}, {"type": "target", "seat": opp[1]}]
    do(eng, st, {"type": "target", "seat": opp[0]})
    assert st["players"][opp[0]]["bottles"] == [] and st["stock"]["LO_BLADNOCH"] == [1, 3, 5]
    assert {"type": "pour"} not in eng.legal(st, seat)         # once per turn
    start_turn_of(eng, st, seat)
    do(eng, st, {"type": "pour"})
    assert eng.legal(st, seat) == [{"type": "target", "seat": opp[1]}]
    do(eng, st, {"type": "target", "seat": opp[1]})
    start_turn_of(eng, st, seat)
    st["players"][opp[0]]["bottles"] = [{"d": "LO_BLADNOCH", "v": 3}]
    assert {"type": "pour"} not in eng.legal(st, seat)         # each opponent once per game


def test_paterson_may_pour_a_face_down_lost_bottle(dice):
    eng = make_engine()
    st = new_game(eng, seed=6)
    seat = current(eng, st)
    opp = [s for s in st["order"] if s != seat][0]
    place(st, seat, "SC_EDINBURGH", character="paterson")
    st["players"][opp]["lost"] = [{"v": 6, "revealed": False, "at": "IY_LOST_LOSSIT"}]
    do(eng, st, {"type": "pour"})
    ev = do(eng, st, {"type": "target", "seat": opp})
    assert st["players"][opp]["lost"] == [] and st["lost_deck"][-1] == 6
    assert "6" not in str([e.text.params for e in ev if e.public])
    assert any(e.to == opp and e.text.params.get("n") == 6
               and e.text.plural is not None for e in ev)


def test_every_character_is_known_to_the_engine():
    assert set(D.CHARACTERS) == {"winchester", "leighton", "walker", "stewart", "motion", "mcewan",
                                 "quinn", "savage", "barrie", "paterson", "cor", "swan", "campbell",
                                 "jameson", "macleod"}
