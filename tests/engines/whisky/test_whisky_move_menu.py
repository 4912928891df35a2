"""The move menu's letters (labels and the public view the map is drawn from) and the
translatable texts of the engine: counted messages carry their count as ``n`` and a plural."""
import copy
import json
import re

import pytest

from core.i18n import SEAT_PARAMS, translator
from scripts.catalogs import extract
from engines.base import Text
from engines.whisky import data as D
from engines.base import letter as move_letter
from engines.whisky.engine import token_list, tokens
from whisky_helpers import current, dests, dice, do, make_engine, new_game, place, roll  # noqa: F401

tr = translator("en")


@pytest.fixture
def game():
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=2)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", character="winchester")
    return eng, st, seat


def test_letters_follow_the_order_of_the_menu(game, dice):
    eng, st, seat = game
    roll(eng, st, dice, 3)
    legal = eng.legal(st, seat)
    assert len(legal) >= 5 and all(a["type"] == "move" for a in legal)
    move = eng.view(st, None)["move"]
    assert move["seat"] == seat and move["value"] == 3
    assert [o["to"] for o in move["options"]] == [a["to"] for a in legal]
    assert [o["letter"] for o in move["options"]] == [move_letter(i) for i in range(len(legal))]
    d = dests(eng, st)
    for a, o in zip(legal, move["options"]):
        label = tr(eng.label(st, seat, a))
        name = D.FIELDS[a["to"]]["name"]
        assert label.startswith(f"{o['letter']} — Move to {name} (") and len(label) <= 80
        assert o["ingredients"] == d[a["to"]]["ingr"]
        if o["ingredients"] == 1:
            assert label.endswith("+1 ingredient")
        elif o["ingredients"] > 1:
            assert label.endswith(f"+{o['ingredients']} ingredients")
    # the seat's own view adds the paths, with the same letters
    mine = eng.view(st, seat)["move_options"]
    assert [o["letter"] for o in mine] == [o["letter"] for o in move["options"]]


def test_the_move_menu_is_public_and_never_depends_on_a_hand(game, dice):
    eng, st, seat = game
    st["players"][seat]["hand"] = ["faker"]
    roll(eng, st, dice, 4)
    views = [eng.view(st, s) for s in [None] + st["seats"]]
    assert all(v["move"] == views[0]["move"] for v in views) and views[0]["move"]
    other = copy.deepcopy(st)
    other["players"][seat]["hand"] = ["truck", "smuggler"]
    assert eng.view(other, None)["move"] == views[0]["move"]
    assert "faker" not in json.dumps(views[0]["move"])


def test_no_move_menu_without_a_move_decision(game, dice):
    eng, st, seat = game
    assert eng.view(st, None)["move"] is None            # ready to roll
    roll(eng, st, dice, 3)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    assert eng.view(st, None)["move"] is None


def test_luck_of_the_irish_is_announced_and_its_menu_is_public(dice):
    eng = make_engine()
    st = new_game(eng, ("A", "B"), seed=2)
    seat = current(eng, st)
    place(st, seat, "IE_DUBLIN", hand=["luck_irish"])
    ev = do(eng, st, {"type": "play", "card": "luck_irish"})
    assert any(e.public and "Luck of the Irish" in e.text.msg for e in ev)
    move = eng.view(st, None)["move"]
    assert move["value"] == 10 and move["seat"] == seat
    assert {o["to"] for o in move["options"]} == {a["to"] for a in eng.legal(st, seat)
                                                  if a["type"] == "move"} | \
        {o["to"] for o in st["pending"][-1]["options"]}


def test_letters_beyond_z():
    assert [move_letter(i) for i in (0, 1, 25, 26, 27, 51, 52)] == \
        ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_letters_stay_the_same_across_pages(game, dice):
    eng, st, seat = game
    top = {"kind": "move", "seat": seat, "page": 0, "value": 9,
           "options": [{"to": f, "path": [f], "ingr": 0, "exact": True}
                       for f in sorted(D.FIELDS)[:30]]}
    st["pending"] = [top]
    first = eng.legal(st, seat)
    assert first[-1] == {"type": "page", "n": 1}
    do(eng, st, {"type": "page", "n": 1})
    second = [a for a in eng.legal(st, seat) if a["type"] == "move"]
    label = tr(eng.label(st, seat, second[0]))
    assert label.startswith(move_letter(23) + " — ")
    assert eng.view(st, None)["move"]["options"][23]["letter"] == "X"


def test_ingredient_tokens_read_as_whole_labels():
    assert tr(tokens("barley", 1)) == "1 barley"
    assert tr(token_list(["water", "water"])) == "2 water"
    assert tr(token_list(["yeast", "barley"])) == "1 barley and 1 yeast"
    assert tr(token_list(["yeast", "barley", "water"])) == "1 barley, 1 water and 1 yeast"


# ----------------------------------------------------------------------------- the texts
COUNTED = re.compile(r"\{(\w+)\}\)? ?(points?|ingredients?|turns?|cards?|bottles?|regions?|"
                     r"fields?|questions?|special cards?|tokens?|flights?|more)\b")

NAMED = {"place", "card", "player", "owner", "kind", "region", "character", "what"}


def _whisky_messages():
    return [(m, p, c, f, line) for m, p, c, f, line in extract()
            if f.startswith(("engines/whisky/", "render/whisky/"))]


def test_every_counted_noun_is_a_counted_message():
    msgs = _whisky_messages()
    assert len(msgs) > 150
    bad = []
    for msg, plural, _ctx, f, line in msgs:
        for m in COUNTED.finditer(msg):
            if m.group(1) in NAMED:          # "your {place} bottle": a name, not a count
                continue
            if m.group(1) != "n" or plural is None:
                bad.append((f, line, msg))
    assert not bad, bad


def test_no_article_before_a_translated_level_and_no_lists_built_from_words():
    for msg, _p, _c, f, line in _whisky_messages():
        assert not re.search(r"\b(a|an|the) \{level\}", msg), (f, line, msg)
        assert "{level} question" not in msg, (f, line, msg)


def test_events_labels_and_prompts_of_real_games_format_in_english(dice):
    """Play AI games and format every text: no placeholder is left, no "1 points", seats
    stand in seat parameters."""
    from engines.whisky import ai
    import random
    eng = make_engine()
    seen = set()
    for seed in range(4):
        st = eng.new(["A", "B", "C"], seed=seed, options={"victory_points": 10,
                                                          "regions_required": 2})
        rng = random.Random(seed)
        steps = 0
        while eng.outcome(st) is None and steps < 600:
            seat = eng.to_act(st)[0]
            texts = [eng.prompt(st, seat), eng.status(st)]
            texts += [eng.label(st, seat, a) for a in eng.legal(st, seat)]
            ev = eng.apply(st, seat, ai.choose(eng, st, seat, rng))
            texts += [e.text for e in ev]
            for t in texts:
                s = tr(t)
                seen.add(t.msg)
                assert "{" not in s, (t, s)
                assert not re.search(r"\b1 (points|ingredients|fields|turns)\b", s), s
                assert not re.search(r"\b([02-9]|\d\d+) (point|ingredient|field)\b(?! bottle)", s), s
                for k, v in t.params.items():
                    if isinstance(v, str) and v in st["seats"] and len(v) == 1 and \
                            k not in ("letter", "first", "second"):
                        assert k in SEAT_PARAMS, (t.msg, k)
                    assert not isinstance(v, list) or all(not isinstance(x, Text) for x in v), \
                        (t.msg, k)
            steps += 1
    assert len(seen) > 30
