"""The Libertalia board and hand images: drawn from views at several points of real games,
wide enough, translated, and never showing a secret pick."""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from core.i18n import translator
from engines.libertalia import ENGINE as E
from engines.libertalia import ai
from engines.libertalia.data import CHARACTERS
from render import common as C
from render.libertalia import render_board, render_hand
from tests.render.test_readable import problems

tr = translator("en")


def _snapshots(n, seed):
    """Views of one AI game at interesting moments: start, a half-finished secret pick,
    a pending Dusk decision, a campaign change, the end."""
    s = E.new(list("ABCDEF"[:n]), seed=seed)
    rng = random.Random(seed)
    shots = {"start": copy.deepcopy(s)}
    while E.outcome(s) is None:
        if s["phase"] == "pick" and 0 < len(s["picks"]) and "half_pick" not in shots:
            shots["half_pick"] = copy.deepcopy(s)
        if s["pending"] and s["pending"]["kind"] == "loot" and "dusk" not in shots:
            shots["dusk"] = copy.deepcopy(s)
        if s["campaign"] == 2 and "campaign2" not in shots and s["day"] == 3:
            shots["campaign2"] = copy.deepcopy(s)
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, rng))
    shots["end"] = s
    return shots


NAMES = {"A": "Anna", "B": "Bruno", "C": "Chloé", "D": "Dora", "E": "Emil", "F": "Fanni"}


def _view(s, seat=None):
    v = E.view(s, seat)
    v["names"] = {x: NAMES[x] for x in v["seats"]}      # as the bot adds them
    return v


@pytest.mark.parametrize("n", [2, 4, 6])
def test_board_renders_at_several_points(n):
    for name, s in _snapshots(n, 20 + n).items():
        v = _view(s)
        r = render_board(v, tr)
        img = Image.open(io.BytesIO(r.png))
        assert 1000 <= img.width and img.height <= 3000
        assert r.width == img.width and r.height == img.height
        assert r.alt.startswith("Libertalia") and len(r.alt) > 40
        for seat in s["seats"]:
            assert f"{NAMES[seat]}: " in r.alt and f"{seat}: " not in r.alt
        if name == "end":
            winners = ", ".join(NAMES[x] for x in E.outcome(s).winners)
            assert f"Winner: {winners}" in r.alt or f"Winners: {winners}" in r.alt
        if name == "dusk":
            pend = s["pending"]
            assert "Ship: " in r.alt and f"{NAMES[pend['seat']]}'s " in r.alt
            assert "choosing loot" in r.alt
        if name == "half_pick":
            waiting = ", ".join(NAMES[x] for x in E.to_act(s))
            assert f"waiting for: {waiting}." in r.alt


def test_counted_words_in_the_alt_text():
    s = _snapshots(2, 22)["start"]
    v = _view(s)
    v["players"]["A"].update(doubloons=1, score=1, loot={"map": 1, "relic": 2}, hidden_loot=1)
    v["loot_days"][0]["tokens"] = {"chest": 1, "goods": 2}
    v["loot_days"][0]["current"] = True
    alt = render_board(v, tr).alt
    assert "Anna: 1 point; doubloons: 1; den: empty; loot: 1 map, 2 relics, 1 hidden token." in alt
    assert "Today's loot: 1 chest, 2 goods." in alt


def test_engine_texts_on_the_image_name_the_players_once():
    """The pending decision (an engine text with seats) shows names, from the view's names
    or the translator's, and a player called like another seat's letter keeps their name."""
    s = _snapshots(3, 9)["dusk"]
    seat = s["pending"]["seat"]
    assert seat != "B"
    v = E.view(s, None)
    card = tr(v["pending"]["name"])
    odd = {x: ("B" if x == seat else f"Player {x}") for x in v["seats"]}
    v["names"] = odd
    both = translator("en", odd)           # the bot's translator knows the names too
    for t in (tr, both):
        alt = render_board(v, t).alt
        assert f" B's {card} is choosing loot." in alt, alt
        assert f"Player B's {card} is choosing loot." not in alt


def test_hand_names_the_player_and_counts_the_cards():
    s = E.new(["A", "B"], seed=3)
    v = _view(s, "A")
    r = render_hand(v, tr)
    assert r.width >= 1000
    from render.libertalia import private_text
    text = private_text(v, tr)
    assert text.startswith(f"Your hand, {len(v['hand'])} cards: ")
    one = dict(v, hand=v["hand"][:1])
    assert private_text(one, tr).startswith("Your hand, 1 card: ")


def test_public_image_never_shows_a_secret_pick():
    s = E.new(["A", "B", "C"], seed=5)
    hand = s["players"]["A"]["hand"]
    renders = []
    for card in (hand[0], hand[-1]):
        t = copy.deepcopy(s)
        E.apply(t, "A", {"type": "pick", "card": card})
        r = render_board(E.view(t, None), tr)
        renders.append((r.png, r.alt))
        name = tr(E.label(t, "A", {"type": "pick", "card": card}).params["card"])
        assert name not in r.alt
        assert "A" not in E.view(t, None)["to_act"]
    assert renders[0] == renders[1]


def test_every_label_goes_through_tr():
    calls = []

    def spy(msg, **params):
        calls.append(msg)
        return "§" + tr(msg, **params)

    s = _snapshots(3, 9)["dusk"]
    r = render_board(E.view(s, None), spy)
    assert "§" in r.alt and len(calls) > 20
    h = render_hand(E.view(s, "B"), spy)
    assert h.alt.startswith("§")


def test_hand_image_shows_the_own_pick():
    s = E.new(["A", "B"], seed=3)
    card = s["players"]["A"]["hand"][2]
    E.apply(s, "A", {"type": "pick", "card": card})
    v = E.view(s, "A")
    r = render_hand(v, tr)
    assert r.width >= 1000
    name = next(c["name"] for c in v["hand"] if c["rank"] == card)
    assert f"Today's pick: {name}" in r.alt
    assert all(c["name"] in r.alt for c in v["hand"])


def test_the_end_names_the_winners_and_the_tie(monkeypatch):
    """A shared victory: the winners line and the tie-break sentence on the image name the
    players, each winner with a badge."""
    import render.libertalia as R
    s = _snapshots(2, 22)["end"]
    for x in s["seats"]:                       # equal final scores: a shared win
        s["players"][x]["score"] = 50
    v = _view(s)
    seen = []
    real = R.text

    def spy(draw, xy, string, *args, **kwargs):
        seen.append(string)
        return real(draw, xy, string, *args, **kwargs)

    monkeypatch.setattr(R, "text", spy)
    r = render_board(v, tr)
    assert "Winners:" in seen
    assert "Anna, Bruno tied on 50 points and share the place." in seen
    assert "Winners: Anna, Bruno." in r.alt


# --- readable where Discord shows it beyond the 2 and 4 players of tests/render/test_readable.py
LONG_NAMES = {"en": NAMES, "el": {"A": "Αναστασία", "B": "Βαρθολομαίος", "C": "Χλόη",
                                  "D": "Δημήτρης", "E": "Ελένη", "F": "Φαρίντ"},
              "hu": {"A": "Annamária", "B": "Bertalan", "C": "Csilla", "D": "Dömötör",
                     "E": "Erzsébet", "F": "Ferenc"}}


def _problems(fn, view, lang, shortened=False):
    """What makes the image unreadable at Discord's width, and the game texts it shortened."""
    view = dict(view, names={x: LONG_NAMES[lang][x] for x in view["seats"]})
    with C.recording() as items:
        r = fn(view, translator(lang, view["names"]))
    return problems(r, items) + [f"{d.source!r} shortened" for d in items
                                 if d.kind == "cut" and not d.name and shortened]


@pytest.mark.parametrize("lang", ["en", "el", "hu"])
def test_six_players_are_readable_at_discords_width(lang):
    """Six cards on the ship (each a sixth of the width: long names break at hyphenation
    points, never inside a word with an ellipsis), six dens, six hands."""
    shots = _snapshots(6, 26)
    for name, s in shots.items():
        assert not _problems(render_board, E.view(s, None), lang), name
        for seat in s["seats"]:
            assert not _problems(render_hand, E.view(s, seat), lang), (name, seat)
    v = E.view(shots["dusk"], None)         # the longest names of every language on the ship
    v["ship"] = [dict(e, rank=r, name=CHARACTERS[r].name.msg)
                 for e, r in zip(v["ship"], (12, 17, 19, 24, 25, 30))]
    assert not _problems(render_board, v, lang, shortened=True)


@pytest.mark.parametrize("lang", ["en", "el", "hu"])
def test_a_big_hand_with_the_longest_texts_is_readable(lang):
    """Twelve cards with the longest names and abilities, a long graveyard and every kind of
    secret loot: each ability is shown whole and nothing is too small or overlaps."""
    s = E.new(list("ABCDEF"), seed=5)
    v = E.view(s, "A")

    def card(r):
        return {"rank": r, "name": CHARACTERS[r].name.msg, "influence": 3,
                "effect": CHARACTERS[r].effect.to_json()}

    v["hand"] = [card(r) for r in (3, 4, 8, 12, 13, 15, 16, 17, 22, 24, 25, 27)]
    v["my_pick"] = 27
    v["graveyard"] = [card(r) for r in (1, 2, 5, 6, 7, 9, 10, 11, 14, 18, 19, 20)]
    v["secret_loot"] = {"chest": 2, "jewels": 1, "goods": 3, "map": 2, "relic": 1, "saber": 1,
                        "officer": 2}
    assert not _problems(render_hand, v, lang, shortened=True)
