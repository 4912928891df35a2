"""The posted Whisky board at Discord's preview width: screenshots scaled to 616 px wide are
saved to tests/output/screenshots/ (ignored by git) for a human to look at, and the strings
the renderer draws are recorded to check that the close-up marks every destination of the
move menu with the menu's letter at its field, names the acting player, and shows the acting
player's field."""
from __future__ import annotations

import copy
import io
import math
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from core.i18n import translator
from engines.whisky import ENGINE as E
from engines.whisky import ai
from engines.whisky import data as D
from render import common as C
from render import whisky as R

tr = translator("en")
OUT = Path(__file__).resolve().parents[1] / "output" / "screenshots"
NAMES = {"A": "Annabelle Featherstonehaugh", "B": "Bob", "C": "AI 1", "D": "Dee", "E": "AI 2",
         "F": "Fay"}
PREVIEW = C.DISPLAY_WIDTH         # 616 px: how wide Discord's desktop client shows it


def _play(n, seed, until, limit=4000):
    s = E.new(list("ABCDEF")[:n], seed=seed)
    rng = random.Random(seed)
    for step in range(limit):
        if E.outcome(s) is not None or (step > 5 and until(s)):
            break
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, rng))
    return s


def _moving(min_options):
    def until(s):
        top = s["pending"][-1] if s["pending"] else None
        return bool(top and top["kind"] == "move" and len(top["options"]) >= min_options)
    return until


def _luck_state():
    s = E.new(list("ABC"), seed=4, options={"question_bank": "generated"})
    rng = random.Random(4)
    while s["phase"] == "setup":
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, rng))
    seat = E.to_act(s)[0]
    s["players"][seat]["pos"] = "IE_DUBLIN"
    s["players"][seat]["hand"] = ["luck_irish"]
    E.apply(s, seat, {"type": "play", "card": "luck_irish"})
    assert s["pending"][-1]["kind"] == "move"
    return s


_STATES: dict = {}


def states() -> dict:
    if not _STATES:
        _STATES.update({
            "move_4p": _play(4, 3, _moving(6)),
            "move_6p": _play(6, 8, lambda s: s["round"] > 3 and _moving(3)(s)),
            "move_2p": _play(2, 5, lambda s: s["round"] > 2 and _moving(2)(s)),
            "luck_3p": _luck_state(),
            "question_3p": _play(3, 5, lambda s: bool(s.get("question")) and s["round"] > 2),
            "ready_5p": _play(5, 7, lambda s: s["round"] > 3 and s["pending"]
                              and s["pending"][-1]["kind"] == "ready"),
        })
    return _STATES


def _view(s):
    v = E.view(s, None)
    v["names"] = {seat: NAMES[seat] for seat in s["seats"]}
    return v


@pytest.fixture
def drawn(monkeypatch) -> list[tuple]:
    """(image size, xy, string) of every string drawn from now on."""
    seen: list[tuple] = []
    orig = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *a, **k):
        seen.append((self.im.size, tuple(xy), text))
        return orig(self, xy, text, *a, **k)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    return seen


def _save(name, r) -> Image.Image:
    img = Image.open(io.BytesIO(r.png)).convert("RGB")
    small = img.resize((PREVIEW, round(img.height * PREVIEW / img.width)), Image.LANCZOS)
    OUT.mkdir(parents=True, exist_ok=True)
    small.save(OUT / f"whisky_{name}_{PREVIEW}.png")
    return img


@pytest.mark.parametrize("name", ["move_4p", "move_6p", "move_2p", "luck_3p", "question_3p",
                                  "ready_5p"])
def test_the_close_up_at_preview_width(name, drawn):
    s = states()[name]
    v = _view(s)
    r = R.render_board(v, tr)
    img = _save(name, r)
    # a size that Discord previews large, within the project's limits
    assert img.width >= 1000 and img.height <= 3000
    assert 0.9 <= img.width / img.height <= 1.45, img.size
    win = R.crop_window(v)
    seat = R._acting(v)
    assert seat == E.to_act(s)[0]
    # the acting player's name is drawn (shortened to fit, so compare its beginning)
    texts = [t for _, _, t in drawn]
    assert any(t.startswith(NAMES[seat][:12]) for t in texts), NAMES[seat]
    assert NAMES[seat][:12] in r.alt
    # every letter of the move menu is drawn on the close-up, beside its field
    mv = v["move"]
    on_crop = [(xy, t) for size, xy, t in drawn if size == (R.CROP, R.CROP)]
    if s["pending"][-1]["kind"] == "move":
        assert mv and mv["seat"] == seat
        legal = [a["to"] for a in E.legal(s, seat) if a["type"] == "move"]
        letters = {o["to"]: o["letter"] for o in mv["options"]}
        for to in legal:
            label = tr(E.label(s, seat, {"type": "move", "to": to}))
            assert label.startswith(letters[to] + " — ")        # the menu's own letter
            f = D.FIELDS[to]
            fx = (f["x"] - win["x0"]) * win["scale"]
            fy = (f["y"] - win["y0"]) * win["scale"]
            assert 0 <= fx <= R.CROP and 0 <= fy <= R.CROP, to
            near = [xy for xy, t in on_crop if t == letters[to]
                    and math.hypot(xy[0] - fx, xy[1] - fy) < 110]
            assert near, (name, to, letters[to])
    else:
        assert mv is None


@pytest.mark.parametrize("name", ["move_4p", "question_3p", "ready_5p", "luck_3p"])
def test_the_close_up_contains_the_acting_players_field(name):
    s = states()[name]
    v = _view(s)
    seat = E.to_act(s)[0]
    pos = s["players"][seat]["pos"]
    win = R.crop_window(v)
    assert win["focus"] == pos and win["seat"] == seat
    f = D.FIELDS[pos]
    x = (f["x"] - win["x0"]) * win["scale"]
    y = (f["y"] - win["y0"]) * win["scale"]
    assert R.PAD * 0.5 <= x <= R.CROP - R.PAD * 0.5 and R.PAD * 0.5 <= y <= R.CROP - R.PAD * 0.5
    assert win["scale"] <= R.MAX_ZOOM + 1e-9
    # the acting pawn's red ring is drawn around that spot on the posted image
    img = Image.open(io.BytesIO(R.render_board(v, tr).png)).convert("RGB")
    ox, oy = R.MARGIN, R.MARGIN + R.HEAD_H
    box = (int(ox + x - 110), int(oy + y - 110), int(ox + x + 110), int(oy + y + 110))
    colours = dict((c, n) for n, c in img.crop(box).getcolors(maxcolors=1 << 16))
    assert colours.get(R.HILITE, 0) > 30


def test_the_whole_window_is_zoomed_in_when_little_must_be_shown():
    v = _view(states()["question_3p"])
    win = R.crop_window(v)
    assert win["scale"] == pytest.approx(R.MAX_ZOOM)
    # every text is drawn at TS px or more on a 1000 px image: 11 px at Discord's 616 px
    assert R.WIDTH == 1000 and R.TS == C.readable_size(R.WIDTH) == 18


def test_without_names_the_letters_stand_in(drawn):
    s = states()["move_2p"]
    v = E.view(s, None)
    r = R.render_board(v, tr)
    seat = E.to_act(s)[0]
    assert f"{seat} (" in r.alt
    assert any(t == seat for _, _, t in drawn)          # the badge and the name tag


def test_hidden_cards_change_nothing_on_the_close_up():
    s = states()["move_4p"]
    other = copy.deepcopy(s)
    for p in other["players"].values():
        p["hand"] = ["truck"] * len(p["hand"])
    a = R.render_board(_view(s), tr)
    b = R.render_board(_view(other), tr)
    assert a.png == b.png and a.alt == b.alt


@pytest.mark.parametrize("lang", ["en", "el", "hu"])
def test_open_questions_and_three_to_six_players_are_readable_too(lang):
    """The readability test of every game plays 2 and 4 players; here the same checks run on
    these states (an open question, a Luck of the Irish move, 3, 5 and 6 players)."""
    from tests.render.test_readable import _images, problems
    found = []
    for name, s in states().items():
        for kind, r, items in _images("whisky", s, lang):
            if r is not None:
                found += [f"{name} {kind}: {p}" for p in problems(r, items)]
    assert not found, f"{len(found)} problems, e.g.:\n" + "\n".join(found[:25])
