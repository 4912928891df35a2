"""Movement (rules 4), ingredients (5.2), ports and sea crossings (5.7), airports (5.8)."""
import json

import pytest

from engines.base import IllegalAction
from engines.whisky import data as D
from whisky_helpers import (current, dests, dice, do, kinds, legal_types, make_engine,  # noqa: F401
                            new_game, place, roll, start_turn_of)


@pytest.fixture
def game():
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", character="winchester")
    return eng, st, seat


def test_exact_landing_for_special_fields_and_stops_anywhere(game, dice):
    eng, st, seat = game
    roll(eng, st, dice, 3)
    d = dests(eng, st)
    # Glenkinchie (distillery) is 2 steps away: a roll of 3 may stop there
    assert "LO_GLENKINCHIE" in d and not d["LO_GLENKINCHIE"]["exact"]
    assert d["LO_GLENKINCHIE"]["path"] == ["SC_EDINBURGH", "LO_MUSSELBURGH", "LO_GLENKINCHIE"]
    # Falkirk ("S") is 2 steps away: only an exact roll of 2 may end there
    assert "LO_FALKIRK" not in d
    # plain fields only by exact count
    assert "LO_KINROSS" not in d and "LO_LINLITHGOW" in d  # Linlithgow: via the pub dead end
    assert {"HI_PERTH", "LO_LOST_STRATHEDEN", "HI_STIRLING", "LO_CUMBERNAULD"} <= set(d)
    assert len(eng.legal(st, seat)) == len(d) <= 25


def test_exact_two_lands_on_special_and_draws_a_card(game, dice):
    eng, st, seat = game
    st["special_deck"].insert(0, "truck")
    roll(eng, st, dice, 2)
    assert "LO_FALKIRK" in dests(eng, st)
    ev = do(eng, st, {"type": "move", "to": "LO_FALKIRK"})
    p = st["players"][seat]
    assert p["pos"] == "LO_FALKIRK" and p["hand"] == ["truck"]
    assert len(st["special_deck"]) == 45
    pub = [e for e in ev if e.public]
    assert any(e.text.msg == "{player} draws a special card." for e in pub)
    assert "truck" not in json.dumps([e.to_json() for e in pub])
    assert any(e.to == seat and e.text.params["card"].msg == "Truck" for e in ev if not e.public)


def test_passing_a_special_field_draws_nothing(game, dice):
    eng, st, seat = game
    roll(eng, st, dice, 3)
    do(eng, st, {"type": "move", "to": "HI_STIRLING"})   # through Falkirk ("S")
    assert st["players"][seat]["hand"] == [] and len(st["special_deck"]) == 45


def test_passing_an_ingredient_field_draws_a_token(game, dice):
    eng, st, seat = game
    roll(eng, st, dice, 3)
    d = dests(eng, st)
    assert d["HI_PERTH"]["ingr"] == 1  # through Kinross
    do(eng, st, {"type": "move", "to": "HI_PERTH"})
    p = st["players"][seat]
    assert sum(p["ingredients"].values()) == 1
    assert sum(st["bag"].values()) == 59


def test_ingredient_field_pays_once_per_move_unless_switched_off(dice):
    eng = make_engine()
    for once, expected in ((True, 1), (False, 2)):
        st = new_game(eng, seed=2, ingredient_once_per_field_per_move=once)
        seat = current(eng, st)
        roll(eng, st, dice, 3)
        # Edinburgh - Musselburgh - Glenkinchie (dead end, may turn) - Musselburgh
        assert dests(eng, st)["LO_MUSSELBURGH"]["ingr"] == expected
        do(eng, st, {"type": "move", "to": "LO_MUSSELBURGH"})
        assert sum(st["players"][seat]["ingredients"].values()) == expected


def test_no_u_turn_unless_dead_end_or_allowed(dice):
    eng = make_engine()
    for allow, present in ((False, False), (True, True)):
        st = new_game(eng, seed=2, allow_u_turn=allow)
        seat = current(eng, st)
        place(st, seat, "LO_LINLITHGOW")
        roll(eng, st, dice, 2)
        assert ("LO_LINLITHGOW" in dests(eng, st)) is present
    # at a dead end the figure may turn: Teeling (only linked to Dublin), roll 2
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "IE_TEELING")
    roll(eng, st, dice, 2)
    assert "IE_MAYNOOTH" in dests(eng, st)


def test_six_gives_an_optional_extra_roll(game, dice):
    eng, st, seat = game
    assert "end" not in legal_types(eng, st)      # the first roll is not optional
    roll(eng, st, dice, 6)
    plain = [f for f, o in dests(eng, st).items() if D.FIELDS[f]["type"] in ("path", "ingredient")]
    do(eng, st, {"type": "move", "to": plain[0]})
    assert kinds(eng, st) == "ready"
    assert {"roll", "end"} <= set(legal_types(eng, st))
    do(eng, st, {"type": "end"})
    assert current(eng, st) != seat


def test_six_rolls_again_switch(dice):
    eng = make_engine()
    st = new_game(eng, seed=2, six_rolls_again=False)
    seat = current(eng, st)
    roll(eng, st, dice, 6)
    assert st["turn"]["moves"] == 0


def test_hangover_modifier_and_its_end(game, dice):
    eng, st, seat = game
    p = st["players"][seat]
    p["hangover"] = True
    ev = roll(eng, st, dice, 2)
    assert p["pos"] == "SC_EDINBURGH" and any("stays" in e.text.msg for e in ev)
    start_turn_of(eng, st, seat)
    roll(eng, st, dice, 5)
    assert st["pending"][-1]["value"] == 3
    start_turn_of(eng, st, seat)
    deck = len(st["special_deck"])
    roll(eng, st, dice, 6)
    assert st["pending"][-1]["value"] == 4
    assert not p["hangover"] and len(st["special_deck"]) == deck + 1
    assert st["turn"]["moves"] == 0      # no extra roll for that six


def test_jameson_carriage_truck_order(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "IE_DUBLIN", character="jameson", carriage=True, truck=True)
    roll(eng, st, dice, 3)
    assert st["pending"][-1]["value"] == (3 + 5 + 2) * 2
    # in Scotland Jameson gets no bonus
    start_turn_of(eng, st, seat)
    place(st, seat, "SC_EDINBURGH", carriage=False, truck=False)
    roll(eng, st, dice, 3)
    assert st["pending"][-1]["value"] == 3


def test_luck_of_the_irish_moves_ten_without_u_turn(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "IE_DUBLIN", hand=["luck_irish"])
    assert {"type": "play", "card": "luck_irish"} in eng.legal(st, seat)
    do(eng, st, {"type": "play", "card": "luck_irish"})
    d = dests(eng, st)
    assert st["pending"][-1]["value"] == 10
    # Dublin -> Teeling is a dead end: Luck of the Irish ends there (no turning)
    assert "IE_TEELING" in d and not d["IE_TEELING"]["exact"]
    assert "luck_irish" in st["special_deck"] and st["players"][seat]["hand"] == []
    assert all(len(o["path"]) - 1 <= 10 for o in d.values())


def test_sailing_takes_two_turns_and_crossing_to_ireland_ends_carriage(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    other = [s for s in st["order"] if s != seat][0]
    place(st, seat, "LO_CAIRNRYAN", carriage=True)
    assert {"type": "sail", "route": "SEA_NORTH_CHANNEL"} in eng.legal(st, seat)
    do(eng, st, {"type": "sail", "route": "SEA_NORTH_CHANNEL"})
    p = st["players"][seat]
    assert p["pos"] == "SEA_NORTH_CHANNEL" and current(eng, st) == other
    start_turn_of(eng, st, seat)
    assert p["pos"] == "IE_LARNE" and not p["carriage"]
    assert "carriage" in st["special_deck"]
    types = legal_types(eng, st)
    assert "roll" in types and "end" not in types and "sail" not in types


def test_islay_ferry_does_not_leave_the_country(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "LO_KENNACRAIG", truck=True)
    sails = [a for a in eng.legal(st, seat) if a["type"] == "sail"]
    assert {a["route"] for a in sails} == {"SEA_ISLAY_SOUTH", "SEA_ISLAY_NORTH"}
    do(eng, st, {"type": "sail", "route": "SEA_ISLAY_SOUTH"})
    start_turn_of(eng, st, seat)
    assert st["players"][seat]["pos"] == "IY_PORTELLEN" and st["players"][seat]["truck"]


def test_reaching_a_port_stops_and_sailing_only_at_turn_start(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "LO_KILWINNING")
    roll(eng, st, dice, 3)
    assert "LO_ARDROSSAN" in dests(eng, st)  # a port is a stop-anywhere field
    do(eng, st, {"type": "move", "to": "LO_ARDROSSAN"})
    assert current(eng, st) != seat          # no sailing in the same turn
    start_turn_of(eng, st, seat)
    assert {"type": "sail", "route": "SEA_FIRTH_OF_CLYDE"} in eng.legal(st, seat)


def test_one_way_flight(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "LO_GLASGOW", hand=["ticket_one_way"], truck=True)
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLA_AIR"})
    assert kinds(eng, st) == "airport"
    deck = len(st["special_deck"])
    do(eng, st, {"type": "book", "ticket": "one_way"})
    p = st["players"][seat]
    assert p["hand"] == [] and len(st["special_deck"]) == deck + 1
    assert p["travel"]["kind"] == "flight" and current(eng, st) != seat
    start_turn_of(eng, st, seat)
    assert eng.legal(st, seat) == [{"type": "fly", "to": "IE_DUB_AIR"}, {"type": "fly", "to": "HI_ABZ_AIR"}]
    do(eng, st, {"type": "fly", "to": "IE_DUB_AIR"})
    assert p["pos"] == "IE_DUB_AIR" and p["travel"] is None
    assert not p["truck"]                      # Scotland -> Ireland
    assert "end" not in legal_types(eng, st) and "roll" in legal_types(eng, st)


def test_return_ticket_gives_two_flights(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    p = st["players"][seat]
    place(st, seat, "LO_GLASGOW", hand=["ticket_return"])
    n = st["special_deck"].count("ticket_return")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLA_AIR"})
    do(eng, st, {"type": "book", "ticket": "return"})
    assert p["hand"] == [] and p["return_ticket"] == 2
    start_turn_of(eng, st, seat)
    do(eng, st, {"type": "fly", "to": "HI_ABZ_AIR"})
    assert p["return_ticket"] == 1 and st["special_deck"].count("ticket_return") == n
    # back at an airport later: the kept return ticket books the second flight
    start_turn_of(eng, st, seat)
    place(st, seat, "HI_ABERDEEN")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "HI_ABZ_AIR"})
    assert eng.legal(st, seat) == [{"type": "book", "ticket": "return"}, {"type": "leave"}]
    do(eng, st, {"type": "book", "ticket": "return"})
    start_turn_of(eng, st, seat)
    do(eng, st, {"type": "fly", "to": "LO_GLA_AIR"})
    assert p["return_ticket"] == 0 and st["special_deck"][-1] == "ticket_return"
    assert st["special_deck"].count("ticket_return") == n + 1


def test_no_airport_decision_without_a_ticket(dice):
    eng = make_engine()
    st = new_game(eng, seed=2)
    seat = current(eng, st)
    place(st, seat, "LO_GLASGOW")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLA_AIR"})
    assert current(eng, st) != seat


def test_double_move_characters(dice):
    eng = make_engine()
    for char, field, twice in (("swan", "SC_EDINBURGH", True), ("macleod", "SC_EDINBURGH", True),
                               ("quinn", "IE_DUBLIN", True), ("quinn", "SC_EDINBURGH", False),
                               ("swan", "IE_DUBLIN", False)):
        st = new_game(eng, seed=2)
        seat = current(eng, st)
        place(st, seat, field, character=char)
        roll(eng, st, dice, 1)
        assert st["turn"]["moves"] == (1 if twice else 0), (char, field)


def test_illegal_moves_are_refused_without_change(game, dice):
    eng, st, seat = game
    other = [s for s in st["order"] if s != seat][0]
    before = eng.dump(st)
    for bad in ({"type": "move", "to": "LO_FALKIRK"}, {"type": "fly", "to": "IE_DUB_AIR"},
                {"type": "sail", "route": "SEA_NORTH_CHANNEL"}, {"type": "end"}, {"kind": 3}, "roll", None):
        with pytest.raises(IllegalAction):
            eng.apply(st, seat, bad)
        assert eng.dump(st) == before
    with pytest.raises(IllegalAction):
        eng.apply(st, other, {"type": "roll"})
    with pytest.raises(IllegalAction):
        eng.apply(st, "Z", {"type": "roll"})
    assert eng.dump(st) == before


def _prohibited(eng, st, seat, field):
    start_turn_of(eng, st, seat)
    place(st, seat, field, prohibition=True)
    st["turn"]["bonus_checked"] = True


def test_prohibition_move_may_not_end_on_distillery_lost_distillery_or_pub(game, dice):
    """Prohibition: the victim "may not enter a distillery, lost distillery or pub". Under
    Prohibition a move may not end on such a field, by exact count or by stopping early."""
    eng, st, seat = game
    _prohibited(eng, st, seat, "SP_CRAIGELLACHIE")
    roll(eng, st, dice, 1)
    d = dests(eng, st)
    # neighbours: Aberlour and The Macallan (distilleries), the Craigellachie pub,
    # Dufftown ("S") and Rothes (ingredient)
    assert set(d) == {"SP_DUFFTOWN", "SP_ROTHES"}
    assert len(eng.legal(st, seat)) == 2
    # a lost distillery is closed as well: two steps from Blair Atholl lie only Dalwhinnie,
    # Edradour (distilleries) and Auchnagie (lost distillery), so the figure stays
    _prohibited(eng, st, seat, "HI_BLAIRATHOLL")
    roll(eng, st, dice, 2)
    assert st["players"][seat]["pos"] == "HI_BLAIRATHOLL"
    # without Prohibition the same moves may end there
    start_turn_of(eng, st, seat)
    place(st, seat, "SP_CRAIGELLACHIE", prohibition=False)
    st["turn"]["bonus_checked"] = True
    roll(eng, st, dice, 1)
    assert {"SP_ABERLOUR", "SP_MACALLAN", "SP_PUB_CRAIGELLACHIE"} <= set(dests(eng, st))


def test_prohibition_move_may_pass_through_a_distillery(game, dice):
    """Prohibition: the victim "may not enter a distillery, lost distillery or pub" - as an
    end field; the move may pass through one on the way (it "still plays the turn")."""
    eng, st, seat = game
    _prohibited(eng, st, seat, "IE_CLARA")
    roll(eng, st, dice, 2)
    d = dests(eng, st)
    assert set(d) == {"IE_KINNEGAD", "IE_MOUNTMELLICK"}
    assert d["IE_KINNEGAD"]["path"] == ["IE_CLARA", "IE_KILBEGGAN", "IE_KINNEGAD"]
    assert d["IE_MOUNTMELLICK"]["path"] == ["IE_CLARA", "IE_TULLAMORE", "IE_MOUNTMELLICK"]
    do(eng, st, {"type": "move", "to": "IE_MOUNTMELLICK"})
    assert st["players"][seat]["pos"] == "IE_MOUNTMELLICK"


def test_prohibition_dead_end_the_figure_stays(game, dice):
    """Prohibition: the victim "may not enter a distillery, lost distillery or pub". When
    every field where the move could end is one of those, the figure stays where it is
    (as with a move of 0: nothing triggers, no ingredient, no card); the turn goes on."""
    eng, st, seat = game
    _prohibited(eng, st, seat, "IE_CLARA")      # both neighbours are distilleries
    deck = list(st["special_deck"])
    ev = roll(eng, st, dice, 1)
    p = st["players"][seat]
    assert p["pos"] == "IE_CLARA" and kinds(eng, st) != "move"
    assert st["special_deck"] == deck           # Clara is an "S" field: no draw, no move
    stay = [e for e in ev if e.text.msg.startswith("Prohibition: every field")]
    assert len(stay) == 1 and stay[0].public and stay[0].text.params["place"].msg == "Clara"
    assert current(eng, st) != seat             # no cards, no roll left: the turn ends
