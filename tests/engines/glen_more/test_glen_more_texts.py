"""Texts a player reads: lettered spots ("Spot B — north of Quarry") that match the board's
``spots``, counted nouns as counted messages with their count as ``n``, every message in the
catalog template, and seats only in the parameters the platform shows as names."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

from core import i18n
from scripts import catalogs
from engines.base import Event, IllegalAction, Text
from engines.glen_more import ENGINE as E
from engines.glen_more import ai
from engines.glen_more.texts import letter, tile_ref, where

from glen_more_util import fmt, home, new, put_tile, tile


def labels(st, seat="A"):
    return [fmt(E.label(st, seat, a)) for a in E.legal(st, seat)]


def spots(st):
    v = E.view(st, None)["spots"]
    return v and [(c["letter"], tuple(c["cell"]), c["tile"]) for c in v["cells"]]


def test_letters_run_a_to_z_then_aa():
    assert [letter(i) for i in (0, 1, 2, 25, 26, 27, 51, 52)] == \
        ["A", "B", "C", "Z", "AA", "AB", "AZ", "BA"]


def test_position_words_prefer_the_nearest_tile_with_a_unique_name():
    at = {(0, 0): "START", (0, 1): "T03", (1, 2): "T12", (2, 1): "T01"}    # two Meadows
    assert fmt(where(at, (1, 1))) == "west of Quarry"       # the Meadows are as near
    assert fmt(where(at, (2, 2))) == "north of Quarry"      # orthogonal first, then north
    assert fmt(where(at, (1, 3))) == "north of Meadow"      # the only one beside it
    assert fmt(where({(0, 0): "START"}, (-1, -1))) == "south-west of Start village"
    assert fmt(where({(0, 0): "START"}, (1, 1))) == "north-east of Start village"
    # a tile is named with its position only when its name is not unique
    assert fmt(tile_ref(at, (0, 1))) == "Meadow (north of Start village)"
    assert fmt(tile_ref(at, (2, 1))) == "Quarry"
    # Greek names the tile with "the tile" before it, so no article has to agree with a name
    greek = i18n.tr(where(at, (1, 1)), "el")
    assert greek.startswith("δυτικά από το πλακίδιο ") and greek != "δυτικά από το πλακίδιο Quarry"


def _placing(seed=1):
    st = new(2, seed=seed)
    home(st)                                   # start village, Meadow N of it, Quarry E of it
    space = put_tile(st, "T12")                # a plain Meadow
    E.apply(st, "A", {"type": "take", "space": space})
    return st


def test_placement_spots_are_lettered_in_legal_order_and_described_in_words():
    st = _placing()
    assert labels(st) == ["Spot A — west of Meadow", "Spot B — north of Quarry",
                          "Spot C — south of Quarry"]
    v = E.view(st, None)
    assert v["spots"]["seat"] == "A" and v["spots"]["decision"] == "place"
    assert v["spots"]["tile"] == "T12"
    assert [(c["letter"], c["cell"], c["tile"]) for c in v["spots"]["cells"]] == \
        [("A", [-1, 1], None), ("B", [1, 1], None), ("C", [1, -1], None)]
    assert fmt(Text.from_json(v["spots"]["cells"][1]["where"])) == "north of Quarry"
    # every seat and the spectators see the same letters: they are public
    assert E.view(st, "A")["spots"] == E.view(st, "B")["spots"] == v["spots"]
    assert fmt(E.prompt(st, "A")) == "Where does Meadow go? Pick a lettered spot on the board."
    ev = E.apply(st, "A", {"type": "place", "at": [1, 1]})
    assert fmt(ev[0].text) == "A places Meadow north of Quarry."


def test_spots_never_depend_on_the_secret_scores():
    st = _placing()
    other = copy.deepcopy(st)
    other["players"]["A"]["vp"] += 17
    other["players"]["B"]["vp"] += 5
    assert E.view(other, None)["spots"] == E.view(st, None)["spots"]
    assert [E.label(other, "A", a) for a in E.legal(other, "A")] == \
        [E.label(st, "A", a) for a in E.legal(st, "A")]


def test_activation_movement_and_selling_are_lettered_too():
    st = _placing()
    E.apply(st, "A", {"type": "place", "at": [1, 1]})
    # the new tile first, then its neighbours in the engine's order
    assert spots(st) == [("A", (1, 1), "T12"), ("B", (0, 1), "T03"), ("C", (0, 0), "START"),
                         ("D", (1, 0), "T01")]
    assert labels(st)[:4] == ["A: Meadow — +1 sheep", "B: Meadow — +1 sheep",
                              "C: Start village — +1 movement point", "D: Quarry — +1 stone"]
    assert E.view(st, None)["spots"]["decision"] == "activate"
    ev = E.apply(st, "A", {"type": "activate", "at": [0, 0]})
    assert fmt(ev[0].text) == "A activates Start village: +1 movement point."
    # letters follow the list as it is now: the start village is done
    assert [s[0] + s[2] for s in spots(st)] == ["AT12", "BT03", "CT01"]
    ev = E.apply(st, "A", {"type": "activate", "at": [0, 1]})
    assert fmt(ev[0].text) == "A activates Meadow (north of Start village) and gets 1 sheep."
    E.apply(st, "A", {"type": "done"})
    assert st["turn"]["step"] == "move"
    assert E.view(st, None)["spots"]["decision"] == "clansman"
    assert labels(st)[:3] == ["A: move a clansman from Meadow (1 clansman there)",
                              "B: move a clansman from Start village (1 clansman there)",
                              "C: move a clansman from Quarry (1 clansman there)"]
    assert "End turn (1 movement point is lost)" in labels(st)
    E.apply(st, "A", {"type": "clansman", "at": [0, 1]})
    assert spots(st) == [("A", (1, 1), "T12"), ("B", (0, 0), "START"), ("C", (1, 0), "T01")]
    assert E.view(st, None)["spots"]["from"] == [0, 1]
    assert labels(st)[:3] == ["A: move it to Meadow (1 movement point)",
                              "B: move it to Start village (1 movement point)",
                              "C: move it to Quarry (1 movement point)"]
    assert fmt(E.prompt(st, "A")) == \
        "Where does the clansman from Meadow (north of Start village) go? (1 movement point left)"
    ev = E.apply(st, "A", {"type": "move_to", "at": [1, 1]})
    assert fmt(ev[0].text) == "A moves a clansman from Meadow (north of Start village) to " \
                              "Meadow (north of Quarry)."
    assert st["turn"]["mp"] == 0 and E.view(st, None)["spots"] is None   # nothing to letter


def test_selling_from_one_of_several_tiles_is_lettered():
    st = new(2, seed=1)
    p = home(st)
    p["tiles"][1]["cubes"] = ["sheep", "sheep"]
    p["tiles"].append(tile("T12", 1, 1, cubes=["sheep"], men=0))
    st["market"]["sheep"] = 1
    E.apply(st, "A", {"type": "sell", "res": "sheep"})
    assert spots(st) == [("A", (0, 1), "T03"), ("B", (1, 1), "T12")]
    assert E.view(st, None)["spots"]["resource"] == "sheep"
    assert labels(st) == ["A: sell from Meadow (2 cubes there)",
                          "B: sell from Meadow (1 cube there)", "Cancel"]
    assert fmt(E.prompt(st, "A")) == "Sell 1 sheep from which tile? Its letter is on the board."
    ev = E.apply(st, "A", {"type": "sell_from", "at": [1, 1]})
    assert fmt(ev[0].text) == "A sells 1 sheep for 1 coin."


def test_counted_labels_take_the_form_of_their_count():
    st = new(2, seed=1)
    p = home(st)
    p["tiles"][2]["cubes"] = ["stone"]
    st["market"]["stone"] = 2
    assert "Sell 1 stone for 2 coins" in labels(st)
    st["market"]["stone"] = 1
    assert "Sell 1 stone for 1 coin" in labels(st)
    st["stacks"][0] = ["T01", "T02"]
    assert "(stack 0: 2 tiles left)" in fmt(E.status(st))
    st["stacks"][0] = ["T01"]
    assert "(stack 0: 1 tile left)" in fmt(E.status(st))


def test_placement_problems_name_tiles_and_positions():
    st = _placing()
    p = st["players"]["A"]
    assert fmt(E.placement_problem(p, "T12", 0, 1).text) == \
        "Meadow already lies there: pick an empty spot."
    p["tiles"][1]["men"] = p["tiles"][2]["men"] = p["tiles"][0]["men"] = 0
    p["tiles"].append(tile("T12", 0, 2, men=0))
    prob = E.placement_problem(p, "T12", -1, 2)
    assert prob is not None and "clansman" in prob.message
    assert fmt(prob.text) == "You need a clansman on one of the 8 tiles around the spot " \
                             "west of Meadow."


def test_the_winner_is_named_by_the_platform():
    st = E.new(["S1", "S2", "S3"], seed=3)
    r = random.Random(3)
    events = []
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        events = E.apply(st, seat, ai.choose(E, st, seat, r))
    end = next(e for e in events if e.kind == "game_end")
    assert end.text.params["winners"] == E.outcome(st).winners
    names = {"S1": "Ann", "S2": "Dmitri", "S3": "Zoë"}
    shown = i18n.tr(end.text, seat_names=names)
    winners = [names[s] for s in E.outcome(st).winners]
    word = "Winner" if len(winners) == 1 else "Winners"
    assert shown.endswith(f"{word}: {', '.join(winners)}.")


# ------------------------------------------------------------------- every text of real games
SEAT_NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
COUNTED = r"(coins?|VP|tiles?|cubes?|chieftains?|clansm[ae]n|movement points?|whisky barrels?|" \
          r"resources?|wood|stone|sheep|cattle|grain)\b"


def _texts(t, path="") -> list[tuple[Text, str]]:
    """A Text and every Text inside its parameters, each with the parameter path to it."""
    out = [(t, path)]
    for k, v in t.params.items():
        for x in v if isinstance(v, list) else [v]:
            if isinstance(x, Text):
                out += _texts(x, f"{path}.{k}")
    return out


@pytest.fixture(scope="module")
def catalog():
    ids = {}
    for msg, plural, context, _path, _line in catalogs.extract():
        ids.setdefault((msg, context), plural)
    for msg in catalogs.data_strings():
        ids.setdefault((msg, None), None)
    return ids


def _check(t: Text, seats, catalog, where_from):
    for x, path in _texts(t):
        key = (x.msg, x.context)
        assert key in catalog, f"not in the template: {x.msg!r} ({where_from})"
        assert catalog[key] == x.plural, f"plural differs from the template: {x.msg!r}"
        if "{n}" in x.msg or x.plural:
            assert x.plural is not None and isinstance(x.params.get("n"), int), x
        assert "{n} {" not in x.msg, x.msg           # a number before a translated noun
        m = re.search(r"\{(\w+)\} " + COUNTED, x.msg)
        assert m is None or m.group(1) == "n", f"a counted noun outside a counted message: {x.msg!r}"
        for k, v in x.params.items():
            vals = v if isinstance(v, list) else [v]
            if any(isinstance(s, str) and s in seats for s in vals):
                assert k in i18n.SEAT_PARAMS, f"a seat in {k!r} of {x.msg!r}"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_text_of_a_game_is_a_catalog_message_with_counts_and_seats_in_place(n, catalog):
    seats = SEAT_NAMES[:n]
    st = E.new(seats, seed=20 + n, options={"secret_scores": n % 2 == 0})
    r = random.Random(n)
    steps = 0
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        legal = E.legal(st, seat)
        for a in legal:
            _check(E.label(st, seat, a), seats, catalog, f"label {a}")
        _check(E.prompt(st, seat), seats, catalog, "prompt")
        _check(E.status(st), seats, catalog, "status")
        for bad in ({"type": "place", "at": [9, 9]}, {"type": "take", "space": 99},
                    {"type": "sell", "res": "gold"}, {"type": "activate", "at": [0, 0]}):
            try:
                E.legal(st, seat) and bad not in legal and E.apply(st, seat, bad)
            except IllegalAction as e:
                _check(e.text, seats, catalog, f"refusal of {bad}")
        v = E.view(st, None)
        if v["spots"]:
            for c in v["spots"]["cells"]:
                if c.get("where"):
                    _check(Text.from_json(c["where"]), seats, catalog, "spot")
        a = ai.choose(E, st, seat, r) if steps % 3 else r.choice(legal)
        for ev in E.apply(st, seat, a):
            assert isinstance(ev, Event)
            _check(ev.text, seats, catalog, f"event of {a}")
        steps += 1
    o = E.outcome(st)
    if o.tiebreak:
        _check(o.tiebreak, seats, catalog, "tiebreak")
    for part in next(iter(o.breakdown.values())):
        assert (part, None) in catalog, part
    json.dumps(E.view(st, None))


def _language(code: str, entries: dict):
    """A language kept in memory with two plural forms (n != 1), as Greek and Hungarian
    catalogs have: {msgid or (msgid, plural): msgstr or [forms]}."""
    import gettext
    import io as _io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    cat = Catalog(locale="en", domain="tablemaster")      # nplurals=2; plural=(n != 1)
    for mid, s in entries.items():
        cat.add(mid, s)
    buf = _io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    i18n.register(code, gettext.GNUTranslations(buf))


def test_counted_items_take_each_languages_own_form():
    """A label with two counts: each counted item picks its own form for its own n."""
    hu = {("{n} coin", "{n} coins"): ["{n} érme", "{n} érme"],          # singular after numbers
          ("{n} sheep", "{n} sheep"): ["{n} juh", "{n} juh"],
          ("Sell {item} for {n} coin", "Sell {item} for {n} coins"):
              ["{item} eladása: {n} érme", "{item} eladása: {n} érme"]}
    el = {("{n} coin", "{n} coins"): ["{n} νόμισμα", "{n} νομίσματα"],
          ("{n} sheep", "{n} sheep"): ["{n} πρόβατο", "{n} πρόβατα"],
          ("Sell {item} for {n} coin", "Sell {item} for {n} coins"):
              ["Πούλησε {item} για {n} νόμισμα", "Πούλησε {item} για {n} νομίσματα"]}
    try:
        _language("xh", hu)
        _language("xg", el)
        st = new(2, seed=1)
        p = home(st)
        p["tiles"][1]["cubes"] = ["sheep"]
        st["market"]["sheep"] = 2
        sell = E.label(st, "A", {"type": "sell", "res": "sheep"})
        assert i18n.tr(sell, "xh") == "1 juh eladása: 2 érme"
        assert i18n.tr(sell, "xg") == "Πούλησε 1 πρόβατο για 2 νομίσματα"
        st["market"]["sheep"] = 1
        sell = E.label(st, "A", {"type": "sell", "res": "sheep"})
        assert i18n.tr(sell, "xg") == "Πούλησε 1 πρόβατο για 1 νόμισμα"
    finally:
        i18n.unregister("xh")
        i18n.unregister("xg")
