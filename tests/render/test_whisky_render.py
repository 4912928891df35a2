"""The Whisky Game board and private images: drawn from views at several points of real
games with 2 to 6 players, phone-sized, translated; face-down lost-distillery values, the
answer of an open question and other seats' hands never reach a public image or another
seat's private text."""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from core.i18n import translator
from engines.base import Text
from engines.whisky import ENGINE as E
from engines.whisky import ai
from engines.whisky import data as D
from engines.whisky.engine import WhiskyEngine
from render import common as C
from render import whisky as R

tr = translator("en")
NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]
PNG = b"\x89PNG\r\n\x1a\n"


def _play(engine, n, seed, options=None):
    """States of one AI game: start, an open question, a face-down lost bottle, mid-game,
    the end."""
    s = engine.new(NAMES[:n], seed=seed, options=options)
    rng = random.Random(seed)
    shots = {"start": copy.deepcopy(s)}
    steps = 0
    while engine.outcome(s) is None and steps < 5000:
        if s.get("question") and "question" not in shots and s["round"] > 2:
            shots["question"] = copy.deepcopy(s)
        if "lost" not in shots and any(not x["revealed"] for p in s["players"].values()
                                       for x in p["lost"]):
            shots["lost"] = copy.deepcopy(s)
        if steps == 150:
            shots["mid"] = copy.deepcopy(s)
        seat = engine.to_act(s)[0]
        engine.apply(s, seat, ai.choose(engine, s, seat, rng))
        steps += 1
    shots["end"] = s
    return shots


_CACHE: dict = {}


def snapshots(n, seed=11):
    if (n, seed) not in _CACHE:
        _CACHE[(n, seed)] = _play(E, n, seed)
    return _CACHE[(n, seed)]


def _check_image(r, max_h=3000):
    assert r.png.startswith(PNG)
    img = Image.open(io.BytesIO(r.png))
    assert img.width >= 1000 and img.width == r.width and img.height == r.height
    assert img.height <= max_h
    assert len(r.png) < 2 * 1024 * 1024
    return img


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_board_renders_at_several_points(n):
    shots = snapshots(n)
    assert {"start", "mid", "end"} <= set(shots)
    names = list(shots) if n in (4, 6) else ["start", "mid", "end"]   # keep the file fast
    for name in names:
        s = shots[name]
        r = R.render_board(E.view(s, None), tr)
        _check_image(r)
        assert r.alt.startswith("The Whisky Game") and len(r.alt) > 60
        for seat in s["seats"]:
            assert f"{seat} (" in r.alt, (name, seat)
        if name == "end":
            assert "Game over" in r.alt
        if name == "question":
            assert "Question for" in r.alt


def _lost_state():
    for n, seed in ((4, 11), (5, 11), (3, 11), (6, 11), (4, 12)):
        s = snapshots(n, seed).get("lost")
        if s is not None:
            return s
    pytest.skip("no face-down lost distillery bottle in these games")


def test_face_down_lost_values_never_drawn():
    s = _lost_state()
    other = copy.deepcopy(s)
    changed = False
    for p in other["players"].values():
        for x in p["lost"]:
            if not x["revealed"]:
                x["v"] = 6 if x["v"] != 6 else 1
                changed = True
    assert changed
    a = R.render_board(E.view(s, None), tr)
    b = R.render_board(E.view(other, None), tr)
    assert a.alt == b.alt and a.png == b.png
    assert "face-down" in a.alt


def test_open_question_never_shows_the_answer():
    bank = D.generated_bank(40)
    flipped = {k: dict(v, answer=(v["answer"] + 1) % 4) for k, v in bank.items()}
    e1, e2 = WhiskyEngine(bank=bank), WhiskyEngine(bank=flipped)
    s = _play(e1, 3, 5)["question"]
    assert s["question"]["status"] == "asking"
    a = R.render_board(e1.view(s, None), tr)
    b = R.render_board(e2.view(s, None), tr)
    assert a.alt == b.alt and a.png == b.png
    rec = bank[s["question"]["id"]]
    assert rec["question"] in a.alt
    right = rec["options"][rec["answer"]]
    assert a.alt.count(right) == 1            # listed once as an option, never flagged
    assert "Answer" not in a.alt and "correct" not in a.alt.lower()


def test_private_image_and_text_show_only_the_own_seat():
    s = copy.deepcopy(snapshots(4)["mid"])
    ann, bob = s["players"]["Ann"], s["players"]["Bob"]
    ann["hand"], bob["hand"] = ["faker"], ["truck", "smuggler"]
    ann["lost"] = [{"v": 4, "at": "HI_LOST_GERSTON", "revealed": False}]
    bob["lost"] = [{"v": 6, "at": "IY_LOST_LOSSIT", "revealed": False}]
    h = R.render_hand(E.view(s, "Ann"), tr)
    _check_image(h)
    assert "Faker" in h.alt and "4" in h.alt
    assert "Truck" not in h.alt and "Robbie" not in h.alt
    t = R.private_text(E.view(s, "Ann"), tr)
    assert 0 < len(t) < 1500 and "Faker" in t and "Truck" not in t and "Robbie" not in t
    # changing Bob's hidden data changes nothing that Ann or the table sees
    other = copy.deepcopy(s)
    other["players"]["Bob"]["hand"] = ["coffey", "angels"]
    other["players"]["Bob"]["lost"][0]["v"] = 1
    assert R.private_text(E.view(other, "Ann"), tr) == t
    assert R.render_hand(E.view(other, "Ann"), tr).png == h.png
    assert R.render_board(E.view(other, None), tr).png == R.render_board(E.view(s, None), tr).png
    # nothing private: no image
    assert R.render_hand(E.view(s, None), tr) is None
    s2 = copy.deepcopy(snapshots(2)["start"])
    assert R.render_hand(E.view(s2, "Ann"), tr) is None
    own = E.view(s2, "Ann")
    assert own["players"]["Ann"]["character_name"] in R.private_text(own, tr)


def test_every_label_goes_through_tr():
    calls = []

    def spy(msg, **params):
        calls.append(msg.msg if isinstance(msg, Text) else msg)
        return "§" + tr(msg, **params)

    s = snapshots(3)["mid"]
    r = R.render_board(E.view(s, None), spy)
    assert r.alt.startswith("§") and len(calls) > 50
    names = {f["name"] for f in D.BOARD["fields"] if f["type"] == "distillery"}
    assert names & set(calls)                 # place names are translated too
    assert "§" in R.private_text(E.view(s, "Ann"), spy)
    calls.clear()
    full = R.render_full_board(E.view(s, None), spy)
    assert full.alt.startswith("§") and names & set(calls)


def test_defensive_against_a_sparse_view():
    r = R.render_board({"seats": ["Ann", "Bob"], "players": {"Ann": {}, "Bob": {}}}, tr)
    _check_image(r)
    assert "Ann (" in r.alt and "Bob (" in r.alt


@pytest.mark.parametrize("n", [2, 6])
def test_full_map_renders_the_whole_board(n):
    s = snapshots(n)["mid"]
    v = E.view(s, None)
    r = R.render_full_board(v, tr)
    img = _check_image(r)
    # the whole map at one pixel per board unit, every field on it, the player table below
    assert img.width == R.WIDTH and img.height > R.MAP_BOTTOM + 300
    proj = R._map_proj()
    for f in D.BOARD["fields"]:
        x, y = proj(f)
        rad = R._marker_radius(f["type"])
        assert rad <= x <= R.WIDTH - rad and rad <= y <= R.MAP_BOTTOM - rad, f["id"]
    assert r.alt == R.board_alt(v, tr)
    close = R.render_board(v, tr)
    assert close.width == 1000 and close.height < img.height


def test_names_replace_seat_letters_on_the_images_and_in_the_alt_text(monkeypatch):
    s = copy.deepcopy(snapshots(4)["mid"])
    v = E.view(s, None)
    v["names"] = {seat: f"Player {seat}-name" for seat in s["seats"]}
    for fn in (R.render_board, R.render_full_board):
        r = fn(v, tr)
        for seat in s["seats"]:
            assert f"Player {seat}-name (" in r.alt
    drawn = []
    orig = R.text

    def spy(draw, xy, s_, *a, **k):
        drawn.append(s_)
        return orig(draw, xy, s_, *a, **k)
    monkeypatch.setattr(R, "text", spy)
    monkeypatch.setattr(C, "text", spy)          # player_tag draws with render.common.text
    for fn in (R.render_board, R.render_full_board):
        drawn.clear()
        fn(v, tr)
        for seat in s["seats"]:      # every player's card or panel names its player
            assert f"Player {seat}-name" in drawn, (fn.__name__, seat)


def test_counted_texts_read_right_in_english():
    s = copy.deepcopy(snapshots(2)["start"])
    v = E.view(s, None)
    seat = s["seats"][0]
    v["players"][seat].update(points_visible=1, special_cards=1, lost_hidden=1,
                              regions=["IRE"])
    v["goal"] = {"points": 1, "regions": 1}
    alt = R.board_alt(v, tr)
    assert "1 point," in alt and "1 special card." in alt and "1 face-down lost bottle," in alt
    assert "Goal: 1 point with bottles from 1 region." in alt
    assert "1 points" not in alt and "1 regions" not in alt
    v["players"][seat].update(points_visible=3, special_cards=2)
    alt = R.board_alt(v, tr)
    assert "3 points," in alt and "2 special cards." in alt


def test_greek_none_agrees_with_cards_and_regions():
    """Greek "none" takes the noun's gender: special cards and regions are feminine (καμία),
    bottles neuter (κανένα)."""
    s = E.new(NAMES[:2], seed=3)
    seat = NAMES[0]
    s["players"][seat]["hand"] = []
    s["players"][seat]["regions"] = []
    text = R.private_text(E.view(s, seat), translator("el"))
    assert "Περιοχές: καμία" in text and "Ειδικές κάρτες: καμία" in text
    assert "κανένα" not in text
    english = R.private_text(E.view(s, seat), translator("en"))
    assert "Regions: none" in english and "Special cards: none" in english
