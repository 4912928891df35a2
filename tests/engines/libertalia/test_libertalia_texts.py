"""What Libertalia says, as a translator and the bot see it: every counted noun is one counted
message (its count as ``n``), every seat sits in a seat parameter (so the bot shows names),
every message is in the catalog template, and the seats' card colours are in the view."""
from __future__ import annotations

import random
import re

import pytest

from core import i18n
from scripts import catalogs
from core.i18n import SEAT_PARAMS, tr
from engines.base import IllegalAction, Text
from engines.libertalia import ENGINE as E
from engines.libertalia import ai
from engines.libertalia import data as D

from libertalia_util import act, finish_campaign, make, play

NAMES = {"A": "Anna", "B": "Bruno", "C": "Chloé", "D": "Dora", "E": "Emil", "F": "Fanni"}
# a number right before one of these words is a counted noun
NOUNS = r"(doubloons?|points?|tokens?|cards?|characters?|relics?|officers?|maps?|chests?|" \
        r"jewels?|goods|sabers?|players?)"
COUNTED = re.compile(r"\{(\w+)\}(?: (?:cursed|treasure|Spanish|hidden|other))? " + NOUNS
                     + r"\b")


def _texts(t: Text):
    """t and every Text inside its parameters."""
    yield t
    for v in t.params.values():
        for x in (v if isinstance(v, list) else [v]):
            if isinstance(x, Text):
                yield from _texts(x)


def _game_texts(seeds=range(12)):
    """Every text of some AI games: events, prompts, labels, status, the tie-break."""
    for seed in seeds:
        n = 2 + seed % 5
        s = E.new(list("ABCDEF"[:n]), seed=seed)
        rng = random.Random(seed)
        while E.outcome(s) is None:
            seat = E.to_act(s)[0]
            yield E.status(s)
            yield E.prompt(s, seat)
            for a in E.legal(s, seat):
                yield E.label(s, seat, a)
            for e in E.apply(s, seat, ai.choose(E, s, seat, rng)):
                yield e.text
        yield E.status(s)
        if E.outcome(s).tiebreak:
            yield E.outcome(s).tiebreak


@pytest.fixture(scope="module")
def texts() -> list[Text]:
    return [x for t in _game_texts() for x in _texts(t)]


def test_every_counted_noun_is_a_counted_message(texts):
    for t in texts:
        for m in COUNTED.finditer(t.msg):
            assert m.group(1) == "n" and t.plural is not None, t.msg
        if t.plural is not None:
            assert isinstance(t.params.get("n"), int), t.msg
            assert set(re.findall(r"\{\w+\}", t.plural)) == set(re.findall(r"\{\w+\}", t.msg))


def test_every_seat_is_in_a_seat_parameter(texts):
    for t in texts:
        for k, v in t.params.items():
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, str) and x in NAMES:
                    assert k in SEAT_PARAMS, (t.msg, k)
        shown = tr(t, seat_names=NAMES)
        assert "{" not in shown, shown


def test_every_message_is_in_the_catalog_template(texts):
    cat = catalogs.template_catalog()
    missing = {t.msg for t in texts if cat.get(t.msg, context=t.context) is None}
    assert not missing, sorted(missing)
    for t in texts:
        if t.plural is not None:
            assert cat.get(t.msg, context=t.context).id == (t.msg, t.plural), t.msg


def test_no_sentence_is_glued_from_translated_fragments(texts):
    """A translated text inside another stands alone as a name, a counted noun or a whole
    sentence: never "{n} {what}" or a sentence that starts with a translated fragment."""
    for t in texts:
        assert not re.search(r"\{\w+\} \{\w+\}", t.msg) or t.msg == "{first} {then}", t.msg
        assert not t.msg.startswith("{cause}"), t.msg


def _one(events, start):
    found = [e for e in events if e.to is None and e.text.msg.startswith(start)]
    assert len(found) == 1, [e.text.msg for e in events]
    return found[0]


def test_doubloon_counts_take_the_singular_for_one():
    s = make(hands={"A": [7], "B": [5]})
    ev = play(s, {"A": 7, "B": 5})           # Barkeep: +1 at night
    e = _one(ev, "{seat}'s {card} earns")
    assert tr(e.text, seat_names=NAMES) == "Anna's Barkeep earns 1 doubloon."
    s = make(hands={"A": [29], "B": [12]})
    ev = play(s, {"A": 29, "B": 12})         # Captain: +3 by day
    e = _one(ev, "{seat}'s {card} gains")
    assert tr(e.text, seat_names=NAMES) == "Anna's Captain gains 3 doubloons."


def test_monkey_names_the_neighbour_who_receives_the_relics():
    s = make(hands={"A": [2], "B": [12]}, loot={"A": {"relic": 1}})
    ev = play(s, {"A": 2, "B": 12})
    e = _one(ev, "{seat}'s {card} passes")
    assert e.text.params["victim"] == "B" and e.text.params["n"] == 1
    assert tr(e.text, seat_names=NAMES) == "Anna's Monkey passes 1 cursed relic to Bruno."
    s = make(hands={"A": [2], "B": [12]})
    ev = play(s, {"A": 2, "B": 12})
    assert tr(_one(ev, "{seat}'s {card} has no cursed").text, seat_names=NAMES) == \
        "Anna's Monkey has no cursed relic to pass to Bruno."


def test_beggar_names_who_pays():
    s = make(hands={"A": [3], "B": [29]})
    ev = play(s, {"A": 3, "B": 29})
    e = _one(ev, "{seat}'s {card} begs")
    assert tr(e.text, seat_names=NAMES) == "Anna's Beggar begs: Bruno pays 3 doubloons."


def test_merchant_trade_counts_tokens_and_doubloons():
    s = make(hands={"A": [21], "B": [12]}, loot={"A": {"map": 3, "jewels": 2}})
    play(s, {"A": 21, "B": 12})
    labels = {tr(E.label(s, "A", a)) for a in E.legal(s, "A")}
    assert labels == {"Trade 2 jewels for 3 doubloons", "Trade 2 treasure maps for 3 doubloons",
                      "Trade 3 treasure maps for 5 doubloons"}
    ev = act(s, "A", {"type": "trade", "token": "map", "count": 3})
    e = _one(ev, "{seat}'s {card} trades")
    assert tr(e.text, seat_names=NAMES) == "Anna's Merchant trades 3 treasure maps for 5 doubloons."


def test_discards_say_who_strikes_whom():
    s = make(hands={"A": [15], "B": [12]}, dens={"B": [9]}, money={"A": 10})
    ev = play(s, {"A": 15, "B": 12})
    e = _one(ev, "{seat}'s {card} shoots")
    assert (e.text.params["seat"], e.text.params["victim_seat"]) == ("A", "B")
    assert tr(e.text, seat_names=NAMES) == \
        "Anna's Gunner shoots Bruno's Carpenter: it is discarded."
    assert e.data == {"seat": "B", "card": 9}


def test_loot_taken_is_one_whole_sentence_per_kind():
    s = make(hands={"A": [29], "B": [12]}, day_loot={"chest": 1, "jewels": 1})
    ev = play(s, {"A": 29, "B": 12})
    ev += act(s, "A", {"type": "loot", "token": "chest"})
    assert tr(_one(ev, "{seat}'s {card} takes a").text, seat_names=NAMES) == \
        "Anna's Captain takes a treasure chest."


def test_scoring_and_the_end_count_points_and_winners():
    s = make(hands={"A": [7], "B": [12]})
    s["campaign"] = D.CAMPAIGNS
    ev = finish_campaign(s)
    scoring = [e for e in ev if e.kind == "scoring"]
    assert all(e.text.plural and e.text.params["n"] == e.data["result"] for e in scoring)
    assert tr(scoring[0].text, seat_names=NAMES) == \
        "Anna scores 10 points for campaign 3 (10 from doubloons, 0 from loot); total 10."
    end = [e for e in ev if e.kind == "game_end"][0]
    assert end.text.params["n"] == len(end.text.params["winners"]) == 2
    assert tr(end.text, seat_names=NAMES) == "The game is over. Winners: Anna, Bruno."
    assert tr(E.status(s), seat_names=NAMES) == "Game over. Winners: Anna, Bruno."
    assert tr(E.outcome(s).tiebreak, seat_names=NAMES) == \
        "Anna, Bruno tied on 10 points and share the place."


def test_refusals_are_sentences_with_their_params():
    s = make()
    with pytest.raises(IllegalAction) as exc:
        E.apply(s, "Z", {"type": "pick", "card": 1})
    assert exc.value.params == {"seat": "Z"} and "Z is not seated" in str(exc.value)


def test_the_view_names_each_seats_card_colour():
    s = E.new(list("ABC"), seed=8)
    v = E.view(s, None)
    assert v["seat_colours"] == {x: D.COLOURS[s["players"][x]["colour"]] for x in "ABC"}
    assert E.view(s, "A")["seat_colours"] == v["seat_colours"]
