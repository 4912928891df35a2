"""``forced``: Libertalia gives no choice away. A pending decision with one answer is
resolved by the engine without asking; what is still asked with one answer is asked
because of hidden facts (the Waitress), and the sunrise pick is secret. The shared tests
(tests/engines/test_forced.py) check this over whole games."""
from engines.libertalia import ENGINE as E

from libertalia_util import make, play


def test_the_sunrise_pick_is_never_taken_for_a_player():
    s = make(hands={"A": [8], "B": [5, 9]})        # even a hand of one card (never dealt)
    assert E.legal(s, "A") == [{"type": "pick", "card": 8}]
    assert E.forced(s, "A") is None and E.forced(s, "B") is None


def test_the_waitress_with_secret_tokens_keeps_her_question():
    # no visible map, but a secret token that could be one: "keep" is the only answer here,
    # and skipping the question would show that the secret token is not a map
    s = make(secret={"A": {"chest": 1}})
    play(s, {"A": 8, "B": 5})
    assert s["pending"]["kind"] == "waitress"
    assert E.legal(s, "A") == [{"type": "waitress", "sell": False}]
    assert E.forced(s, "A") is None


def test_a_waitress_without_a_possible_map_is_not_asked_at_all():
    s = make()
    play(s, {"A": 8, "B": 5})
    assert s["pending"] is None or s["pending"]["kind"] != "waitress"
