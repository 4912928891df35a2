"""The order of play never gives hidden cards away: whether the game waits for a player,
asks a field decision or holds back an answer depends only on what everybody can see (how
many special cards a player holds, public abilities), never on which cards they are."""
import json

import pytest

from engines.base import choice_fingerprint
from whisky_helpers import (correct_option, current, dice, do, kinds, make_engine,  # noqa: F401
                            new_game, place, roll, start_turn_of, wrong_option)


@pytest.fixture
def game():
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=8)
    seat = current(eng, st)
    st["players"][seat]["character"] = "winchester"   # no rescue, no movement bonus
    return eng, st, seat


def public_side(eng, st, seat):
    """Everything another player or a spectator sees of the position."""
    others = [s for s in st["seats"] if s != seat]
    return json.dumps({"spectator": eng.view(st, None),
                       "others": {s: eng.view(st, s) for s in others},
                       "status": eng.status(st).to_json(), "to_act": eng.to_act(st),
                       "public": [a for s in eng.to_act(st) for a in eng.public_actions(st, s)]},
                      sort_keys=True, default=str)


def twins(eng, st, seat, hand_a, hand_b, **fields):
    """Two copies of a position that differ only in the secret cards of ``seat``."""
    a = eng.load(eng.dump(st))
    b = eng.load(eng.dump(st))
    place(a, seat, a["players"][seat]["pos"], hand=list(hand_a), **fields)
    place(b, seat, b["players"][seat]["pos"], hand=list(hand_b), **fields)
    return a, b


def play_same(eng, a, b, dice, steps):
    """Apply the same scripted steps to both copies, comparing the public side after each."""
    seat = current(eng, a)
    for step in steps:
        if step[0] == "roll":
            dice(step[1])
            do(eng, a, {"type": "roll"}, seat)
            dice(step[1])
            do(eng, b, {"type": "roll"}, seat)
        else:
            do(eng, a, step[1], seat)
            do(eng, b, step[1], seat)
        assert public_side(eng, a, seat) == public_side(eng, b, seat)


def test_the_turn_waits_alike_whether_or_not_a_held_card_is_playable(game, dice):
    """Carriage can be played at the end of the move, 50/50 cannot: both holders are asked
    "Play a card or end your turn", so the wait reveals nothing but the card count."""
    eng, st, seat = game
    place(st, seat, "SC_EDINBURGH")
    a, b = twins(eng, st, seat, ["carriage"], ["fifty"])
    play_same(eng, a, b, dice, [("roll", 1)])
    for s in (a, b):
        if kinds(eng, s) == "move":
            do(eng, s, eng.legal(s, seat)[0], seat)
    assert kinds(eng, a) == kinds(eng, b) == "ready"
    assert eng.to_act(a) == eng.to_act(b) == [seat]
    assert {"type": "end"} in eng.legal(b, seat) and len(eng.legal(b, seat)) == 1
    assert {"type": "play", "card": "carriage"} in eng.legal(a, seat)
    assert public_side(eng, a, seat) == public_side(eng, b, seat)


def test_without_cards_the_turn_passes_at_once(game, dice):
    eng, st, seat = game
    place(st, seat, "SC_EDINBURGH", hand=[])
    roll(eng, st, dice, 1)
    if kinds(eng, st) == "move":
        do(eng, st, eng.legal(st, seat)[0], seat)
    assert current(eng, st) != seat


@pytest.mark.parametrize("hand", [["ticket_one_way"], ["fifty"]])
def test_the_airport_asks_every_card_holder(game, dice, hand):
    """A ticket is a secret card: the airport decision is asked of anyone who holds a card."""
    eng, st, seat = game
    place(st, seat, "LO_GLASGOW", hand=list(hand))
    to_air = {o["to"] for o in eng.destinations(st, seat, 1)}
    assert "LO_GLA_AIR" in to_air
    roll(eng, st, dice, 1)
    if kinds(eng, st) == "move":
        do(eng, st, {"type": "move", "to": "LO_GLA_AIR"}, seat)
    assert kinds(eng, st) == "airport"
    booking = [a for a in eng.legal(st, seat) if a["type"] == "book"]
    assert bool(booking) == (hand == ["ticket_one_way"])


def test_the_airport_does_not_stop_a_player_without_cards(game, dice):
    eng, st, seat = game
    place(st, seat, "LO_GLASGOW", hand=[])
    roll(eng, st, dice, 1)
    if kinds(eng, st) == "move":
        do(eng, st, {"type": "move", "to": "LO_GLA_AIR"}, seat)
    assert kinds(eng, st) != "airport"


def ask_at_glenkinchie(eng, st, seat, dice, hand):
    start_turn_of(eng, st, seat)
    place(st, seat, "LO_MUSSELBURGH", hand=list(hand), bottles=[], character="winchester")
    st["stock"]["LO_GLENKINCHIE"] = [1, 3, 5]
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"}, seat)
    do(eng, st, {"type": "ask", "level": "medium"}, seat)


def test_a_wrong_answer_is_held_back_alike_for_an_expert_and_any_other_card(game, dice):
    eng, st, seat = game
    a, b = eng.load(eng.dump(st)), eng.load(eng.dump(st))
    ask_at_glenkinchie(eng, a, seat, dice, ["broom"])
    ask_at_glenkinchie(eng, b, seat, dice, ["fifty"])
    assert public_side(eng, a, seat) == public_side(eng, b, seat)
    # the same wrong answer in both (the fixture bank has the same question drawn)
    wrong = wrong_option(eng, a)
    do(eng, a, {"type": "answer", "option": wrong}, seat)
    do(eng, b, {"type": "answer", "option": wrong}, seat)
    assert a["question"]["status"] == b["question"]["status"] == "rescue"
    assert public_side(eng, a, seat) == public_side(eng, b, seat)
    assert {"type": "play", "card": "broom"} in eng.legal(a, seat)
    assert [x["type"] for x in eng.legal(b, seat)] == ["accept", "timeout"]


def test_a_wrong_answer_without_cards_or_rescue_is_settled_at_once(game, dice):
    eng, st, seat = game
    ask_at_glenkinchie(eng, st, seat, dice, [])
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)}, seat)
    assert st["question"] is None and st["last_question"]["result"] == "wrong"


def test_the_question_panel_offers_only_the_answers(game, dice):
    """50/50 and the experts are secret cards: the panel at the table (and the fingerprint
    in its custom_id) is the same whatever the player holds."""
    eng, st, seat = game
    a, b = eng.load(eng.dump(st)), eng.load(eng.dump(st))
    ask_at_glenkinchie(eng, a, seat, dice, ["fifty", "broom"])
    ask_at_glenkinchie(eng, b, seat, dice, [])
    for s in (a, b):
        assert eng.public_decision(s, seat)
        assert all(x["type"] == "answer" for x in eng.public_actions(s, seat))
    assert eng.public_actions(a, seat) == eng.public_actions(b, seat)
    assert choice_fingerprint(eng.public_actions(a, seat)) == choice_fingerprint(eng.public_actions(b, seat))
    assert {"type": "play", "card": "fifty"} in eng.legal(a, seat)        # still playable, privately


@pytest.mark.parametrize("hand", [["smuggler"], ["fifty"]])
def test_an_empty_distillery_asks_every_card_holder(game, dice, hand):
    """With the Smuggler a player may take a question at a distillery whose own bottle of
    that value is gone; the decision is asked of any card holder so the Smuggler stays secret."""
    eng, st, seat = game
    start_turn_of(eng, st, seat)
    place(st, seat, "LO_MUSSELBURGH", hand=list(hand), bottles=[])
    st["stock"]["LO_GLENKINCHIE"] = []
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"}, seat)
    assert kinds(eng, st) == "distillery"
    smuggling = [a for a in eng.legal(st, seat) if a.get("smuggler")]
    assert bool(smuggling) == (hand == ["smuggler"])


def test_the_final_round_announcement_shows_the_hidden_bottles_it_counts(dice):
    """finish_round: a player who reaches the goal only with face-down lost bottles
    announces it, as at the real table, and the bottles counted are shown."""
    eng = make_engine()
    st = new_game(eng, ("A", "B"), seed=3, end_rule="finish_round", victory_points=10,
                  regions_required=1)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", hand=[],
          bottles=[{"d": "LO_GLENKINCHIE", "v": 3}],
          lost=[{"v": 7, "revealed": False, "at": "LO_ROSEBANK"}])
    roll(eng, st, dice, 1)
    events = []
    while current(eng, st) == seat:
        events += do(eng, st, eng.legal(st, seat)[0], seat)
    assert st["final_round"]
    announce = [e for e in events if e.kind == "reveal"]
    assert announce and announce[0].text.params["player"] == seat
    assert eng.view(st, None)["players"][seat]["lost_revealed"] == [7]
