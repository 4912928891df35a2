"""Every special card, base and add-on (rules 8)."""
import json

import pytest

from engines.base import IllegalAction
from engines.whisky import data as D
from whisky_helpers import (correct_option, current, dice, do, kinds, legal_types,  # noqa: F401
                            make_engine, new_game, place, public_blob, roll, start_turn_of)


def draw(eng, st, dice, card, seat=None, **pfields):
    """The current player lands exactly on Falkirk ("S") with ``card`` on top of the deck."""
    seat = seat or current(eng, st)
    place(st, seat, "SC_EDINBURGH", **pfields)
    st["special_deck"].insert(0, card)
    roll(eng, st, dice, 2)
    return do(eng, st, {"type": "move", "to": "LO_FALKIRK"})


@pytest.fixture
def game():
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=8)
    seat = current(eng, st)
    st["players"][seat]["character"] = "walker"
    opp = [s for s in st["order"] if s != seat]
    return eng, st, seat, opp


def test_every_card_of_the_table_is_handled():
    handled = {"fifty", "gwilt", "paskin", "broom", "maclean", "jackson", "birthday", "faker",
               "feis_ile", "ticket_one_way", "ticket_return", "hangover", "carriage",
               "leaking_barrel", "enthusiast", "luck_irish", "prohibition", "smuggler",
               "spirit_speyside", "truck", "coffey", "angels", "broken_cork", "gordon_macphail",
               "offerman", "shackleton", "pattisons_crash", "warehouse", "whisky_show",
               *D.BONUS_BOTTLES}
    assert handled == set(D.SPECIALS)


def test_held_cards_are_secret(game, dice):
    eng, st, seat, opp = game
    ev = draw(eng, st, dice, "faker")
    assert st["players"][seat]["hand"] == ["faker"]
    assert "faker" not in public_blob(ev) and "Faker" not in public_blob(ev)
    for viewer in [None] + opp:
        v = eng.view(st, viewer)
        assert v["players"][seat]["special_cards"] == 1
        assert "faker" not in json.dumps(v["players"]) and v.get("hand", []) == []
    assert eng.view(st, seat)["hand"] == ["faker"]


def test_experts_all_work_the_same(game, dice):
    eng, st, seat, opp = game
    for e in D.EXPERTS:
        start_turn_of(eng, st, seat)
        place(st, seat, "LO_MUSSELBURGH", hand=[e], bottles=[])
        st["stock"]["LO_GLENKINCHIE"] = [1, 3, 5]
        roll(eng, st, dice, 1)
        do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
        do(eng, st, {"type": "ask", "level": "medium"})
        do(eng, st, {"type": "play", "card": e})
        assert st["players"][seat]["bottles"] == [{"d": "LO_GLENKINCHIE", "v": 3}], e
        assert st["special_deck"][-1] == e


def test_birthday_own_bottle_chosen(game, dice):
    eng, st, seat, opp = game
    p = st["players"][seat]
    p["bottles"] = [{"d": "LO_BLADNOCH", "v": 5}, {"d": "IY_ARDBEG", "v": 1}]
    st["stock"]["LO_BLADNOCH"] = [1, 3]
    draw(eng, st, dice, "birthday")
    assert kinds(eng, st) == "bottle"
    assert eng.legal(st, seat) == [{"type": "pick", "bottle": "b0"}, {"type": "pick", "bottle": "b1"}]
    do(eng, st, {"type": "pick", "bottle": "b0"})
    assert p["bottles"] == [{"d": "IY_ARDBEG", "v": 1}] and st["stock"]["LO_BLADNOCH"] == [1, 3, 5]
    assert "birthday" in st["special_deck"]


def test_birthday_without_bottles_hits_a_random_opponent(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[1]]["bottles"] = [{"d": "IY_ARDBEG", "v": 3}]
    st["stock"]["IY_ARDBEG"] = [1, 5]
    draw(eng, st, dice, "birthday")
    assert st["players"][opp[1]]["bottles"] == [] and st["stock"]["IY_ARDBEG"] == [1, 3, 5]


def test_faker_returns_an_opponent_bottle(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[0]]["bottles"] = [{"d": "IY_ARDBEG", "v": 5}]
    st["players"][opp[0]]["lost"] = [{"v": 4, "revealed": False, "at": "IY_LOST_LOSSIT"}]
    st["stock"]["IY_ARDBEG"] = [1, 3]
    place(st, seat, "SC_EDINBURGH", hand=["faker"])
    do(eng, st, {"type": "play", "card": "faker"})
    assert eng.legal(st, seat) == [{"type": "target", "seat": opp[0]}]
    do(eng, st, {"type": "target", "seat": opp[0]})
    legal = eng.legal(st, seat)
    assert legal == [{"type": "pick", "bottle": "b0"}, {"type": "pick", "bottle": "l0"}]
    label = eng.label(st, seat, {"type": "pick", "bottle": "l0"})
    assert "4" not in json.dumps(label.to_json())           # chosen blind
    do(eng, st, {"type": "pick", "bottle": "l0"})
    assert st["players"][opp[0]]["lost"] == [] and st["lost_deck"][-1] == 4
    assert "faker" in st["special_deck"]


def test_broken_cork(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[1]]["bottles"] = [{"d": "IY_ARDBEG", "v": 5}]
    st["stock"]["IY_ARDBEG"] = [1, 3]
    place(st, seat, "SC_EDINBURGH", hand=["broken_cork"])
    do(eng, st, {"type": "play", "card": "broken_cork"})
    do(eng, st, {"type": "target", "seat": opp[1]})
    do(eng, st, {"type": "pick", "bottle": "b0"})
    assert st["players"][opp[1]]["bottles"] == [] and st["stock"]["IY_ARDBEG"] == [1, 3, 5]


@pytest.mark.parametrize("card,region", [("feis_ile", "ISLAY"), ("spirit_speyside", "SPEY")])
def test_teleports(game, dice, card, region):
    eng, st, seat, opp = game
    st["players"][seat]["truck"] = True
    draw(eng, st, dice, card)
    legal = eng.legal(st, seat)
    assert {D.FIELDS[a["field"]]["region"] for a in legal} == {region}
    assert len(legal) == sum(1 for f in D.FIELDS.values() if f["region"] == region) <= 25
    target = "IY_LAGAVULIN" if region == "ISLAY" else "SP_GLENLIVET"
    do(eng, st, {"type": "go", "field": target})
    assert st["players"][seat]["pos"] == target
    assert kinds(eng, st) == "distillery"            # the field's action
    assert st["players"][seat]["truck"]              # still Scotland


@pytest.mark.parametrize("card,region", [("feis_ile", "ISLAY"), ("spirit_speyside", "SPEY")])
def test_a_teleport_under_prohibition_may_not_end_on_a_distillery_lost_distillery_or_pub(
        game, dice, card, region):
    """Fèis Ìle and Spirit of Speyside: "Prohibition still applies" - the victim may not
    enter a distillery, lost distillery or pub, so only the region's other fields are offered."""
    eng, st, seat, opp = game
    draw(eng, st, dice, card, prohibition=True)
    offered = {a["field"] for a in eng.legal(st, seat)}
    open_fields = {f for f, d in D.FIELDS.items()
                   if d["region"] == region and d["type"] not in ("distillery", "lost", "pub")}
    assert offered == open_fields and offered
    closed = "IY_LAGAVULIN" if region == "ISLAY" else "SP_PUB_CRAIGELLACHIE"
    before = eng.dump(st)
    with pytest.raises(IllegalAction):
        eng.apply(st, seat, {"type": "go", "field": closed})
    assert eng.dump(st) == before
    target = sorted(open_fields)[0]
    do(eng, st, {"type": "go", "field": target})
    assert st["players"][seat]["pos"] == target


def test_teleport_to_special_field_draws(game, dice):
    eng, st, seat, opp = game
    draw(eng, st, dice, "feis_ile")
    st["special_deck"].insert(0, "truck")
    do(eng, st, {"type": "go", "field": "IY_KILDALTON"})
    assert st["players"][seat]["hand"] == ["truck"]


def test_hangover_when_drawn(game, dice):
    eng, st, seat, opp = game
    n = len(st["special_deck"])
    draw(eng, st, dice, "hangover")
    assert st["players"][seat]["hangover"] and len(st["special_deck"]) == n


def test_leaking_barrel(game, dice):
    eng, st, seat, opp = game
    draw(eng, st, dice, "leaking_barrel", ingredients={"barley": 4, "water": 2, "yeast": 1})
    p = st["players"][seat]
    assert sum(p["ingredients"].values()) == 2 and sum(st["bag"].values()) == 65
    start_turn_of(eng, st, seat)
    draw(eng, st, dice, "leaking_barrel", ingredients={"barley": 1, "water": 1, "yeast": 1})
    assert sum(p["ingredients"].values()) == 0


def test_prohibition_drawn_goes_to_a_chosen_opponent(game, dice):
    eng, st, seat, opp = game
    n = st["special_deck"].count("prohibition")
    draw(eng, st, dice, "prohibition")
    assert kinds(eng, st) == "victim"
    assert eng.legal(st, seat) == [{"type": "target", "seat": s} for s in opp]
    do(eng, st, {"type": "target", "seat": opp[1]})
    assert st["players"][opp[1]]["prohibition"]
    assert st["special_deck"].count("prohibition") == n     # the card lies before the victim
    assert "prohibition" in eng.view(st, None)["players"][opp[1]]["effects"]


def test_prohibition_no_stacking(game, dice):
    eng, st, seat, opp = game
    for s in opp:
        st["players"][s]["prohibition"] = True
    draw(eng, st, dice, "prohibition")
    assert st["special_deck"][-1] == "prohibition"


def test_carriage_and_truck(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "SC_EDINBURGH", hand=["carriage", "truck"])
    assert {"type": "play", "card": "carriage"} in eng.legal(st, seat)
    do(eng, st, {"type": "play", "card": "carriage"})
    do(eng, st, {"type": "play", "card": "truck"})
    roll(eng, st, dice, 1)
    assert st["pending"][-1]["value"] == 6
    assert set(eng.view(st, None)["players"][seat]["effects"]) == {"carriage", "truck"}


def test_enthusiast_reveals_a_lost_bottle(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[0]]["lost"] = [{"v": 5, "revealed": False, "at": "IY_LOST_LOSSIT"}]
    place(st, seat, "SC_EDINBURGH", hand=["enthusiast"])
    assert eng.view(st, None)["players"][opp[0]]["lost_revealed"] == []
    do(eng, st, {"type": "play", "card": "enthusiast"})
    do(eng, st, {"type": "target", "seat": opp[0]})
    ev = do(eng, st, {"type": "pick", "bottle": "l0"})
    v = eng.view(st, None)["players"][opp[0]]
    assert v["lost_revealed"] == [5] and v["lost_hidden"] == 0 and v["points_visible"] == 5
    assert any(e.public and e.text.params.get("n") == 5 and "reveals" in e.text.msg
               for e in ev)


def test_smuggler_takes_the_bottle_anywhere(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "LO_MUSSELBURGH", hand=["smuggler"])
    st["stock"]["LO_GLENKINCHIE"] = []
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    legal = eng.legal(st, seat)
    assert legal == [{"type": "ask", "level": lv, "smuggler": True} for lv in ("easy", "medium", "hard")] \
        + [{"type": "leave"}]
    do(eng, st, {"type": "ask", "level": "hard", "smuggler": True})
    assert st["question"]["smuggler"] and st["players"][seat]["hand"] == []
    do(eng, st, {"type": "answer", "option": correct_option(eng, st)})
    assert kinds(eng, st) == "smuggle"
    legal = eng.legal(st, seat)
    assert len(legal) <= 25 and {"type": "page", "n": 1} in legal      # 44 distilleries: paged
    do(eng, st, {"type": "page", "n": 1})
    assert {"type": "page", "n": 0} in eng.legal(st, seat)
    do(eng, st, {"type": "take", "distillery": "SP_GLENLIVET"})
    assert st["players"][seat]["bottles"] == [{"d": "SP_GLENLIVET", "v": 5}]
    assert st["stock"]["SP_GLENLIVET"] == [1, 3] and "smuggler" in st["special_deck"]


def test_coffey_doubles_holdings(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "SC_EDINBURGH", hand=["coffey"], ingredients={"barley": 2, "water": 0, "yeast": 1})
    do(eng, st, {"type": "play", "card": "coffey"})
    assert st["players"][seat]["ingredients"] == {"barley": 4, "water": 0, "yeast": 2}
    assert st["bag"] == {"barley": 18, "water": 20, "yeast": 19}


def test_coffey_double_this_turn_mode(dice):
    eng = make_engine()
    st = new_game(eng, seed=8, coffey_mode="double_this_turn")
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", hand=["coffey"])
    do(eng, st, {"type": "play", "card": "coffey"})
    roll(eng, st, dice, 3)
    do(eng, st, {"type": "move", "to": "HI_PERTH"})      # passes Kinross
    assert sum(st["players"][seat]["ingredients"].values()) == 2


def test_angels(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[0]]["bottles"] = [{"d": "IY_ARDBEG", "v": 5}, {"d": "LO_BLADNOCH", "v": 3}]
    st["stock"]["IY_ARDBEG"] = [1, 3]
    st["stock"]["LO_BLADNOCH"] = [5]                 # no 1 point bottle there: not offered
    place(st, seat, "SC_EDINBURGH", hand=["angels"])
    do(eng, st, {"type": "play", "card": "angels"})
    assert eng.legal(st, seat) == [{"type": "pick", "seat": opp[0], "bottle": "b0"}]
    do(eng, st, {"type": "pick", "seat": opp[0], "bottle": "b0"})
    assert st["players"][opp[0]]["bottles"][0] == {"d": "IY_ARDBEG", "v": 1}
    assert st["stock"]["IY_ARDBEG"] == [3, 5]


def test_gordon_macphail(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "SC_EDINBURGH", hand=["gordon_macphail"], bottles=[{"d": "IY_ARDBEG", "v": 1}])
    st["stock"]["IY_ARDBEG"] = [3, 5]
    do(eng, st, {"type": "play", "card": "gordon_macphail"})
    assert eng.legal(st, seat) == [{"type": "pick", "bottle": "b0", "value": 3},
                                   {"type": "pick", "bottle": "b0", "value": 5}]
    do(eng, st, {"type": "pick", "bottle": "b0", "value": 5})
    assert st["players"][seat]["bottles"] == [{"d": "IY_ARDBEG", "v": 5}]
    assert st["stock"]["IY_ARDBEG"] == [1, 3]


def test_bonus_bottle_cards(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "SC_EDINBURGH", hand=["bottle_royalsalute21"])
    do(eng, st, {"type": "play", "card": "bottle_royalsalute21"})
    assert st["players"][seat]["bonus"] == ["bottle_royalsalute21"]
    assert eng._points(st, seat) == 2
    assert eng.view(st, None)["players"][seat]["points_visible"] == 2
    assert eng._regions(st, seat) == []


def test_nick_offerman(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[0]]["pos"] = "IE_DUBLIN"
    st["players"][opp[0]]["carriage"] = True
    st["players"][opp[0]]["travel"] = {"kind": "flight", "ticket": "return"}
    place(st, seat, "SC_EDINBURGH", hand=["offerman"])
    do(eng, st, {"type": "play", "card": "offerman"})
    do(eng, st, {"type": "target", "seat": opp[0]})
    q = st["players"][opp[0]]
    assert q["pos"] == "IY_LAGAVULIN" and q["skip"] == 2 and q["travel"] is None
    assert not q["carriage"]                          # Ireland -> Scotland
    assert "offerman" in st["special_deck"]
    # the victim misses two turns
    ev = start_turn_of(eng, st, opp[0])
    assert current(eng, st) != opp[0] and q["skip"] == 1
    assert any("misses" in e.text.msg for e in ev)


def test_shackleton(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "SC_EDINBURGH", hand=["shackleton"], bottles=[{"d": "HI_EDRADOUR", "v": 1}])
    do(eng, st, {"type": "play", "card": "shackleton"})
    legal = eng.legal(st, seat)
    assert all(D.region(a["distillery"]) == "HIGH" for a in legal if a["type"] == "take")
    assert not any(a.get("distillery") == "HI_EDRADOUR" for a in legal)
    assert len(legal) <= 25
    do(eng, st, {"type": "take", "distillery": "HI_OBAN_DIST", "value": 5})
    assert {"d": "HI_OBAN_DIST", "v": 5} in st["players"][seat]["bottles"]
    assert st["players"][seat]["pos"] == "SC_EDINBURGH"


def test_pattisons_crash(game, dice):
    eng, st, seat, opp = game
    bottles = [{"d": "IY_ARDBEG", "v": 5}, {"d": "LO_BLADNOCH", "v": 1}, {"d": "IE_COOLEY", "v": 3}]
    for b in bottles:
        st["stock"][b["d"]].remove(b["v"])
    draw(eng, st, dice, "pattisons_crash", bottles=[dict(b) for b in bottles])
    assert kinds(eng, st) == "bottle"
    do(eng, st, {"type": "pick", "bottle": "b1"})
    do(eng, st, {"type": "pick", "bottle": "b1"})
    assert st["players"][seat]["bottles"] == [{"d": "IY_ARDBEG", "v": 5}]
    assert kinds(eng, st) != "bottle"
    start_turn_of(eng, st, seat)
    draw(eng, st, dice, "pattisons_crash", bottles=[])
    assert kinds(eng, st) != "bottle"             # nothing to discard


def test_warehouse_collapse(game, dice):
    eng, st, seat, opp = game
    st["players"][opp[1]]["ingredients"] = {"barley": 5, "water": 3, "yeast": 0}
    place(st, seat, "SC_EDINBURGH", hand=["warehouse"])
    do(eng, st, {"type": "play", "card": "warehouse"})
    assert eng.legal(st, seat) == [{"type": "target", "seat": opp[1]}]   # only one has tokens
    do(eng, st, {"type": "target", "seat": opp[1]})
    assert sum(st["players"][opp[1]]["ingredients"].values()) == 2


def test_whisky_show(game, dice):
    eng, st, seat, opp = game
    draw(eng, st, dice, "whisky_show")
    assert st["players"][seat]["skip"] == 2
    ev = start_turn_of(eng, st, seat)
    assert st["players"][seat]["skip"] == 1 and current(eng, st) != seat


def test_cards_offered_again_after_the_last_move(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "SC_EDINBURGH", hand=["carriage"])
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_LINLITHGOW"})
    assert kinds(eng, st) == "ready"
    assert set(legal_types(eng, st)) == {"play", "end"}
    do(eng, st, {"type": "end"})
    assert current(eng, st) != seat


def test_cards_can_be_played_at_a_field_decision(game, dice):
    eng, st, seat, opp = game
    # at a lost distillery, Aeneas Coffey makes the purchase affordable
    place(st, seat, "LO_KINROSS", hand=["coffey"], ingredients={"barley": 1, "water": 1, "yeast": 1})
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_LOST_STRATHEDEN"})
    assert kinds(eng, st) == "lost" and {"type": "buy"} not in eng.legal(st, seat)
    do(eng, st, {"type": "play", "card": "coffey"})
    assert kinds(eng, st) == "lost" and {"type": "buy"} in eng.legal(st, seat)
    do(eng, st, {"type": "buy"})
    assert len(st["players"][seat]["lost"]) == 1
    # at a pub
    start_turn_of(eng, st, seat)
    place(st, seat, "SC_EDINBURGH", hand=["coffey"], ingredients={"barley": 2, "water": 1, "yeast": 2})
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_PUB_EDI"})
    assert kinds(eng, st) == "pub"
    assert {"type": "play", "card": "coffey"} in eng.legal(st, seat)
    do(eng, st, {"type": "play", "card": "coffey"})
    assert kinds(eng, st) == "pub"             # back at the pub afterwards
    assert st["players"][seat]["ingredients"] == {"barley": 4, "water": 2, "yeast": 4}


def test_shackleton_at_a_distillery_closes_it(game, dice):
    eng, st, seat, opp = game
    place(st, seat, "HI_PITLOCHRY", hand=["shackleton"])
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "HI_EDRADOUR"})
    assert kinds(eng, st) == "distillery"
    do(eng, st, {"type": "play", "card": "shackleton"})
    do(eng, st, {"type": "take", "distillery": "HI_EDRADOUR", "value": 5})
    assert kinds(eng, st) == "distillery"
    assert eng.legal(st, seat) == [{"type": "leave"}]    # now owns a bottle from here
