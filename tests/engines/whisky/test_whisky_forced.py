"""``forced``: the lone choices the table may take for a player, and those it must not.

How many special cards a player holds is public, which ones is not. So with an empty hand
"Roll the die" (or "End your turn") is the only choice for everyone to see; with a card in
hand the same lone choice may mean "no card of mine is playable now", which the click keeps
secret. The shared tests (tests/engines/test_forced.py) check the same over whole games."""
import json

from engines.base import english
from whisky_helpers import current, dice, do, kinds, make_engine, new_game, place, roll  # noqa: F401
from whisky_helpers import start_turn_of


def fresh_turn(hand=(), **fields):
    eng = make_engine()
    st = new_game(eng, seed=7)
    seat = current(eng, st)
    place(st, seat, "LO_MUSSELBURGH", character="winchester", hand=list(hand), **fields)
    start_turn_of(eng, st, seat)
    return eng, st, seat


def test_an_empty_hand_rolls_without_asking():
    eng, st, seat = fresh_turn()
    assert kinds(eng, st) == "ready" and eng.legal(st, seat) == [{"type": "roll"}]
    assert eng.forced(st, seat) == {"type": "roll"}
    assert english(eng.label(st, seat, {"type": "roll"})) == "Roll the die"
    other = next(s for s in st["seats"] if s != seat)
    assert eng.forced(st, other) is None                 # not the seat to act


def test_a_card_in_hand_keeps_the_roll_a_click():
    # a 50/50 card cannot be played before the roll: the roll is the only choice, but the
    # table only knows that a card is held; with Luck of the Irish there would be two
    eng, st, seat = fresh_turn(hand=["fifty"])
    assert eng.legal(st, seat) == [{"type": "roll"}]
    assert eng.forced(st, seat) is None
    st["players"][seat]["hand"] = ["luck_irish"]
    assert len(eng.legal(st, seat)) == 2 and eng.forced(st, seat) is None


def test_end_turn_with_possible_hidden_anytime_cards_is_not_forced(dice):
    eng, st, seat = fresh_turn(hand=["fifty"])
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SC_EDINBURGH"})
    # the move is made; the turn pauses because a card is held (which one is secret)
    assert kinds(eng, st) == "ready" and eng.legal(st, seat) == [{"type": "end"}]
    assert eng.forced(st, seat) is None
    # the same position with a card playable now: two choices, the table cannot tell
    st["players"][seat]["hand"] = ["carriage"]
    assert eng.legal(st, seat) == [{"type": "play", "card": "carriage"}, {"type": "end"}]
    assert eng.forced(st, seat) is None


def test_a_kept_return_ticket_alone_ends_the_turn_without_asking(dice):
    # a kept return ticket lies open and counts as a card, so the turn pauses; with no
    # card in hand (public: the count minus the open ticket) End turn is all there is
    eng, st, seat = fresh_turn(return_ticket=2)
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "SC_EDINBURGH"})
    assert kinds(eng, st) == "ready" and eng.legal(st, seat) == [{"type": "end"}]
    assert eng.forced(st, seat) == {"type": "end"}


def birthday(dice, **pfields):
    """The current player draws Birthday with the given bottles (at Falkirk, by exact roll)."""
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=8)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", character="walker", **pfields)
    st["special_deck"].insert(0, "birthday")
    roll(eng, st, dice, 2)
    do(eng, st, {"type": "move", "to": "LO_FALKIRK"})
    assert kinds(eng, st) == "bottle"
    return eng, st, seat


def test_a_single_bottle_on_the_table_is_given_back_without_asking(dice):
    eng, st, seat = birthday(dice, bottles=[{"d": "IY_ARDBEG", "v": 3}])
    assert eng.forced(st, seat) == {"type": "pick", "bottle": "b0"}


def test_a_single_face_down_bottle_is_still_picked_by_hand(dice):
    # its label, for its owner, tells the value: announcing it would show it to the table
    eng, st, seat = birthday(dice, lost=[{"v": 4, "revealed": False, "at": "IY_LOST_LOSSIT"}])
    a = {"type": "pick", "bottle": "l0"}
    assert eng.legal(st, seat) == [a]
    assert "4" in json.dumps(eng.label(st, seat, a).to_json())
    assert eng.forced(st, seat) is None
    st["players"][seat]["lost"][0]["revealed"] = True       # once face up, it is public
    assert eng.forced(st, seat) == a
