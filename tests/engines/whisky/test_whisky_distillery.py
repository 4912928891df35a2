"""Distilleries and the question flow (rules 5.4, 11), lost distilleries (5.5), pubs (5.6)."""
import json

import pytest

from engines.base import IllegalAction
from whisky_helpers import (BANK, correct_option, current, dests, dice, do,  # noqa: F401
                            kinds, legal_types, make_engine, new_game, place, public_blob, roll,
                            start_turn_of, wrong_option)


def at_glenkinchie(eng, st, dice, seat=None, **pfields):
    """Walk the current player from Musselburgh onto Glenkinchie (1 step)."""
    seat = seat or current(eng, st)
    place(st, seat, "LO_MUSSELBURGH", **pfields)
    roll(eng, st, dice, 1)
    if kinds(eng, st) == "move":
        do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    return seat


@pytest.fixture
def game():
    eng = make_engine()
    st = new_game(eng, seed=4)
    return eng, st


def test_difficulty_choice_and_right_answer_wins_the_bottle(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, character="winchester")
    assert kinds(eng, st) == "distillery"
    assert eng.legal(st, seat) == [{"type": "ask", "level": "easy"}, {"type": "ask", "level": "medium"},
                                   {"type": "ask", "level": "hard"}, {"type": "leave"}]
    ev = do(eng, st, {"type": "ask", "level": "hard"})
    q = st["question"]
    assert q["level"] == "hard" and q["value"] == 5 and q["id"].startswith("TH")
    qev = [e for e in ev if e.kind == "question"]
    assert len(qev) == 1 and qev[0].public
    assert [o["text"] for o in qev[0].data["options"]] == [BANK[q["id"]]["options"][j] for j in q["order"]]
    assert {"type": "timeout"} in eng.legal(st, seat)
    ev = do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    p = st["players"][seat]
    assert p["bottles"] == [{"d": "LO_GLENKINCHIE", "v": 5}]
    assert st["stock"]["LO_GLENKINCHIE"] == [1, 3]
    ans = [e for e in ev if e.kind == "answer"][0]
    assert ans.data["correct"] == correct_option(eng, st) if st["question"] else True
    assert ans.data["info"] == BANK[ans.data["id"]]["info"] and ans.data["result"] == "right"
    assert st["question"] is None and st["last_question"]["id"] == q["id"]
    # the question ends the turn
    assert current(eng, st) != seat
    assert eng.view(st, None)["players"][seat]["points_visible"] == 5


def test_only_available_values_and_one_bottle_per_player(game, dice):
    eng, st = game
    st["stock"]["LO_GLENKINCHIE"] = [3]
    seat = at_glenkinchie(eng, st, dice)
    assert eng.legal(st, seat) == [{"type": "ask", "level": "medium"}, {"type": "leave"}]
    do(eng, st, {"type": "ask", "level": "medium"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert st["stock"]["LO_GLENKINCHIE"] == []
    # empty distillery: no question for anybody
    other = current(eng, st)
    at_glenkinchie(eng, st, dice, seat=other)
    assert kinds(eng, st) != "distillery"
    # a player who owns a bottle from it cannot ask again even when it is refilled
    st["stock"]["LO_GLENKINCHIE"] = [1, 5]
    start_turn_of(eng, st, seat)
    at_glenkinchie(eng, st, dice, seat=seat)
    assert kinds(eng, st) != "distillery"


def test_wrong_answer_blocks_the_same_distillery_until_another_question(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, character="winchester")
    do(eng, st, {"type": "ask", "level": "easy"})
    ev = do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    p = st["players"][seat]
    assert p["bottles"] == [] and p["last_failed"] == "LO_GLENKINCHIE"
    assert [e for e in ev if e.kind == "answer"][0].data["result"] == "wrong"
    start_turn_of(eng, st, seat)
    at_glenkinchie(eng, st, dice, seat=seat)
    assert kinds(eng, st) != "distillery"
    # a question at another distillery lifts the block
    start_turn_of(eng, st, seat)
    place(st, seat, "LO_CLYDEBANK")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_AUCHENTOSHAN"})
    do(eng, st, {"type": "ask", "level": "easy"})
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    assert p["last_failed"] == "LO_AUCHENTOSHAN"
    start_turn_of(eng, st, seat)
    at_glenkinchie(eng, st, dice, seat=seat)
    assert kinds(eng, st) == "distillery"


def test_timeout_counts_as_wrong(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, character="winchester")
    do(eng, st, {"type": "ask", "level": "medium"})
    ev = do(eng, st, {"type": "timeout"})
    assert st["players"][seat]["bottles"] == []
    assert [e for e in ev if e.kind == "answer"][0].data["result"] == "wrong"
    assert any("Time is up" in e.text.msg for e in ev)


def test_questions_are_never_repeated_and_prefer_the_distillery(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, character="winchester")
    do(eng, st, {"type": "ask", "level": "medium"})
    assert st["question"]["id"] == "TM00"          # tagged with Glenkinchie
    assert "TM00" not in st["pools"]["medium"]
    seen = {"TM00"}
    do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    for _ in range(5):
        start_turn_of(eng, st, seat)
        place(st, seat, "LO_MUSSELBURGH", last_failed=None)
        roll(eng, st, dice, 1)
        do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
        do(eng, st, {"type": "ask", "level": "medium"})
        assert st["question"]["id"] not in seen
        seen.add(st["question"]["id"])
        do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    assert len(st["used_questions"]) == len(set(st["used_questions"])) == 6


def test_option_order_shuffle_and_ordered_questions():
    eng = make_engine()
    st = new_game(eng, seed=4)
    orders = []
    for i in range(8):
        st["pools"]["easy"] = [f"TE{i:02d}"]
        eng._ask(st, current(eng, st), "LO_GLENKINCHIE", "easy", False, [], prev=[])
        orders.append(tuple(st["question"]["order"]))
        st["pending"].pop()
    assert len(set(orders)) > 1
    st["pools"]["hard"] = ["TH01"]                 # ordered_options: kept as stored
    eng._ask(st, current(eng, st), "LO_GLENKINCHIE", "hard", False, [], prev=[])
    assert st["question"]["order"] == [0, 1, 2, 3]
    st2 = new_game(eng, seed=4, keep_option_order=True)
    eng._ask(st2, current(eng, st2), "LO_GLENKINCHIE", "easy", False, [], prev=[])
    assert st2["question"]["order"] == [0, 1, 2, 3]


def test_empty_pool_draws_from_another_keeping_the_value(game, dice):
    eng, st = game
    st["pools"]["hard"] = []
    seat = at_glenkinchie(eng, st, dice)
    ev = do(eng, st, {"type": "ask", "level": "hard"})
    assert st["question"]["id"].startswith("TM") and st["question"]["value"] == 5
    note = [e.text for e in ev if "questions are left" in e.text.msg]
    assert note and note[0].params["level"].msg == "Hard" and note[0].params["n"] == 5
    assert note[0].params["level"].context == "difficulty" and note[0].plural


def test_all_pools_empty_stops_the_game(game, dice):
    eng, st = game
    st["pools"] = {"easy": ["TE00"], "medium": [], "hard": []}
    seat = at_glenkinchie(eng, st, dice)
    do(eng, st, {"type": "ask", "level": "easy"})
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert st["phase"] == "over" and st["result"]["reason"] == "questions"
    assert eng.outcome(st).winners == [seat]
    assert eng.to_act(st) == [] and eng.legal(st, seat) == []


def test_fifty_fifty_keeps_the_right_option_and_one_wrong(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, hand=["fifty"], character="winchester")
    do(eng, st, {"type": "ask", "level": "medium"})
    right = correct_option(eng, st)
    ev = do(eng, st, {"type": "play", "card": "fifty"})
    q = st["question"]
    assert len(q["removed"]) == 2 and right not in q["removed"]
    answers = [a["option"] for a in eng.legal(st, seat) if a["type"] == "answer"]
    assert len(answers) == 2 and right in answers
    assert {"type": "play", "card": "fifty"} not in eng.legal(st, seat)
    assert "fifty" in st["special_deck"] and st["players"][seat]["hand"] == []
    removed_answer = {"type": "answer", "option": q["removed"][0]}
    with pytest.raises(IllegalAction):
        eng.apply(st, seat, removed_answer)
    blob = public_blob(ev)
    assert '"correct"' not in blob and BANK[q["id"]]["info"] not in blob
    vq = eng.view(st, None)["question"]
    assert sum(o["removed"] for o in vq["options"]) == 2


def test_expert_card_instead_of_answering_and_after_a_wrong_answer(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, hand=["broom", "jackson"], character="winchester")
    do(eng, st, {"type": "ask", "level": "hard"})
    assert {"type": "play", "card": "broom"} in eng.legal(st, seat)
    do(eng, st, {"type": "play", "card": "broom"})
    assert st["players"][seat]["bottles"] == [{"d": "LO_GLENKINCHIE", "v": 5}]
    # after a wrong answer, before the answer is shown
    start_turn_of(eng, st, seat)
    place(st, seat, "LO_CLYDEBANK")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_AUCHENTOSHAN"})
    do(eng, st, {"type": "ask", "level": "medium"})
    ev = do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    assert not [e for e in ev if e.kind == "answer"]           # not revealed yet
    assert st["question"]["status"] == "rescue"
    assert set(legal_types(eng, st)) == {"play", "accept", "timeout"}
    ev = do(eng, st, {"type": "play", "card": "jackson"})
    assert {"d": "LO_AUCHENTOSHAN", "v": 3} in st["players"][seat]["bottles"]
    assert [e for e in ev if e.kind == "answer"][0].data["how"] == "expert"


def test_public_events_and_views_never_show_the_answer_early(game, dice):
    eng, st = game
    seat = at_glenkinchie(eng, st, dice, character="walker")
    ev = do(eng, st, {"type": "ask", "level": "easy"})
    q = st["question"]
    rec = BANK[q["id"]]
    for e in ev:
        assert '"correct"' not in json.dumps(e.to_json())
        assert rec["info"] not in json.dumps(e.to_json())
    for viewer in [None] + st["seats"]:
        v = eng.view(st, viewer)
        blob = json.dumps(v)
        assert rec["info"] not in blob
        assert set(v["question"]) == {"id", "seat", "distillery", "distillery_name", "level", "value",
                                      "question", "options", "status", "smuggler", "timeout_s",
                                      "swapped"}
        for o in v["question"]["options"]:
            assert set(o) == {"index", "letter", "text", "removed", "wrong"}
    ev = do(eng, st, {"type": "answer", "option": wrong_option(eng, st)})
    assert st["question"]["status"] == "rescue"   # Billy Walker may roll
    assert rec["info"] not in public_blob(ev) and '"correct"' not in public_blob(ev)
    assert rec["info"] not in json.dumps(eng.view(st, None))
    ev = do(eng, st, {"type": "accept"})
    assert rec["info"] in public_blob(ev)
    assert eng.view(st, None)["last_question"]["correct"] == q["order"].index(rec["answer"])


def test_lost_distillery_purchase_is_secret(dice):
    eng = make_engine()
    st = new_game(eng, seed=4)
    seat = current(eng, st)
    other = [s for s in st["order"] if s != seat][0]
    place(st, seat, "LO_KINROSS", character="winchester",
          ingredients={"barley": 2, "water": 3, "yeast": 2})
    top_value = st["lost_deck"][0]
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_LOST_STRATHEDEN"})
    assert kinds(eng, st) == "lost"
    ev = do(eng, st, {"type": "buy"})
    p = st["players"][seat]
    assert p["ingredients"] == {"barley": 0, "water": 1, "yeast": 0}
    assert st["bag"] == {"barley": 22, "water": 22, "yeast": 22}
    assert p["lost"] == [{"v": top_value, "revealed": False, "at": "LO_LOST_STRATHEDEN"}]
    priv = [e for e in ev if not e.public]
    assert priv and priv[0].to == seat and priv[0].text.params["n"] == top_value
    assert priv[0].text.plural == "Your lost distillery bottle is worth {n} points."
    pv = eng.view(st, None)["players"][seat]
    assert pv["lost_hidden"] == 1 and pv["lost_revealed"] == [] and pv["points_visible"] == 0
    assert "lost_values" not in eng.view(st, None) and eng.view(st, other)["lost_values"] == []
    assert eng.view(st, other)["players"][seat] == pv
    assert eng.view(st, seat)["lost_values"] == [top_value]
    assert eng.view(st, seat)["points_total"] == top_value
    # public events say nothing about the value
    for e in ev:
        if e.public:
            assert "value" not in e.text.params and str(top_value) not in json.dumps(e.data)


def test_lost_distillery_needs_two_of_each_except_friar_john_cor(dice):
    eng = make_engine()
    st = new_game(eng, seed=4)
    seat = current(eng, st)
    place(st, seat, "LO_KINROSS", character="winchester",
          ingredients={"barley": 1, "water": 2, "yeast": 5})
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_LOST_STRATHEDEN"})
    assert kinds(eng, st) != "lost"
    st = new_game(eng, seed=4)
    seat = current(eng, st)
    place(st, seat, "LO_KINROSS", character="cor", ingredients={"barley": 1, "water": 2, "yeast": 5})
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_LOST_STRATHEDEN"})
    assert kinds(eng, st) == "lost"
    do(eng, st, {"type": "buy"})
    p = st["players"][seat]
    assert sum(p["ingredients"].values()) == 2 and len(p["lost"]) == 1


def test_pub_trades_two_for_one(dice):
    eng = make_engine()
    st = new_game(eng, seed=4)
    seat = current(eng, st)
    # the rules' example: 3 barley, 1 water, 4 yeast; give 2 yeast for 1 water
    place(st, seat, "SC_EDINBURGH", ingredients={"barley": 3, "water": 1, "yeast": 4})
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_PUB_EDI"})
    assert kinds(eng, st) == "pub"
    legal = eng.legal(st, seat)
    assert {"type": "trade", "give": ["yeast", "yeast"], "get": "water"} in legal
    assert {"type": "trade", "give": ["barley", "yeast"], "get": "water"} in legal
    assert all(a["get"] not in a["give"] for a in legal if a["type"] == "trade")
    do(eng, st, {"type": "trade", "give": ["yeast", "yeast"], "get": "water"})
    p = st["players"][seat]
    assert p["ingredients"] == {"barley": 3, "water": 2, "yeast": 2}
    assert st["bag"] == {"barley": 20, "water": 19, "yeast": 22}
    assert kinds(eng, st) == "pub"              # several trades per visit
    st["bag"]["barley"] = 0
    assert all(a.get("get") != "barley" for a in eng.legal(st, seat))
    do(eng, st, {"type": "leave"})
    assert kinds(eng, st) != "pub"


def test_prohibition_closes_distilleries_lost_distilleries_and_pubs(dice):
    eng = make_engine()
    st = new_game(eng, seed=4)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", prohibition=True, ingredients={"barley": 4, "water": 4, "yeast": 4})
    st["turn"] = None
    st["pending"] = []
    dice(1, 2, 3)                                # three failed lifting rolls
    eng._advance(st, [])
    assert st["players"][seat]["prohibition"]
    roll(eng, st, dice, 3)
    d = dests(eng, st)
    assert "LO_GLENKINCHIE" not in d             # cannot stop early there
    do(eng, st, {"type": "move", "to": "LO_MUSSELBURGH"})
    start_turn_of(eng, st, seat)
    st["players"][seat]["prohibition"] = True
    roll(eng, st, dice, 1)          # nor end there exactly: Edinburgh is the only end field
    assert st["players"][seat]["pos"] == "SC_EDINBURGH"
    assert kinds(eng, st) != "distillery"
    # a six lifts it and the turn goes on normally
    st["pending"], st["turn"] = [], None
    st["turn_idx"] = st["order"].index(seat)
    dice(4, 6)
    ev = []
    eng._advance(st, ev)
    assert not st["players"][seat]["prohibition"] and "prohibition" in st["special_deck"]
    assert any("lifts Prohibition" in e.text.msg for e in ev)
