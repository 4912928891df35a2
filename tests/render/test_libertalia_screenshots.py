"""The Libertalia board as Discord shows it (616 px wide in the desktop client): screenshots of
real games at three moments (picking, just after the reveal, the end), saved scaled to 616 px into
tests/output/screenshots/, and what the renderer draws there: every player's name, each seat's
badge in its card colour, readable badge letters, and text large enough to read."""
from __future__ import annotations

import copy
import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import render.common as C
import render.libertalia as R
from core.i18n import translator
from engines.libertalia import ENGINE as E
from engines.libertalia import ai

OUT = Path(__file__).resolve().parents[1] / "output" / "screenshots"
PREVIEW = C.DISPLAY_WIDTH
NAMES = ["Anna", "Bartholomew Roberts the Younger", "Chloé", "Δημήτρης", "Éva", "Frank"]


def _shots(n: int, seed: int) -> dict[str, dict]:
    """An AI game's states: a secret pick half done (campaign 2, day 3), the moment after
    the first reveal of campaign 2, and the end."""
    s = E.new(list("ABCDEF"[:n]), seed=seed)
    rng = random.Random(seed)
    shots = {}
    while E.outcome(s) is None:
        if (s["phase"] == "pick" and s["campaign"] == 2 and s["day"] == 3 and s["picks"]
                and "picking" not in shots):
            shots["picking"] = copy.deepcopy(s)
        seat = E.to_act(s)[0]
        was_pick = s["phase"] == "pick"
        E.apply(s, seat, ai.choose(E, s, seat, rng))
        if was_pick and s["ship"] and s["campaign"] == 2 and "reveal" not in shots:
            shots["reveal"] = copy.deepcopy(s)
    shots["end"] = s
    return shots


def _named_view(s) -> dict:
    v = E.view(s, None)
    v["names"] = dict(zip(v["seats"], NAMES))      # as the bot adds them (view_for)
    return v


@pytest.fixture
def drawn(monkeypatch):
    """What the renderer draws: ("text", string, fill, size) and ("badge", letter colour of
    the seat index, fill) records, in order."""
    ops: list[tuple] = []
    orig_text, orig_ellipse = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.ellipse

    def text(self, xy, s, fill=None, font=None, *args, **kw):
        ops.append(("text", s, fill, getattr(font, "size", 0)))
        return orig_text(self, xy, s, fill, font, *args, **kw)

    def ellipse(self, xy, fill=None, *args, **kw):
        ops.append(("ellipse", tuple(fill) if fill else None))
        return orig_ellipse(self, xy, fill, *args, **kw)

    orig_badge = C.seat_badge

    def seat_badge(draw, xy, index, radius=16, colour=None):
        ops.append(("badge", index, tuple(colour) if colour else None))
        return orig_badge(draw, xy, index, radius, colour)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "ellipse", ellipse)
    monkeypatch.setattr(C, "seat_badge", seat_badge)          # player_tag's badges
    monkeypatch.setattr(R, "seat_badge", seat_badge)          # the renderer's own
    return ops


def _save(r, name: str) -> Image.Image:
    OUT.mkdir(parents=True, exist_ok=True)
    ignore = OUT / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*.png\n")
    img = Image.open(io.BytesIO(r.png))
    small = img.resize((PREVIEW, round(img.height * PREVIEW / img.width)), Image.LANCZOS)
    small.save(OUT / name)
    return small


def _luminance(rgb) -> float:
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])


def _contrast(a, b) -> float:
    lo, hi = sorted((_luminance(a), _luminance(b)))
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("n, seed", [(3, 10), (6, 13)])
def test_board_at_preview_width_names_every_player_in_the_seat_colour(n, seed, drawn):
    tr = translator("en")
    for moment, s in _shots(n, seed).items():
        v = _named_view(s)
        drawn.clear()
        r = R.render_board(v, tr)
        assert 1000 <= r.width and r.height <= 3000
        small = _save(r, f"libertalia_{n}p_{moment}.png")
        assert small.width == PREVIEW

        texts = [op[1] for op in drawn if op[0] == "text"]
        for seat, name in v["names"].items():
            # every name is drawn, whole or shortened with an ellipsis to fit
            assert any(t == name or (t.endswith("…") and len(t) > 4 and name.startswith(t[:-1]))
                       for t in texts), (moment, name)
            assert name in r.alt, (moment, name)
        # a seat letter is drawn only on a badge, never in place of a name
        badges = [op for op in drawn if op[0] == "badge"]
        for i, seat in enumerate(v["seats"]):
            assert texts.count(seat) == sum(1 for op in badges if op[1] == i), (moment, seat)

        # each seat's badge, wherever it is drawn, is in the seat's card colour
        for i, seat in enumerate(v["seats"]):
            want = C.GAME_COLOURS[v["seat_colours"][seat]]
            mine = [op[2] for op in badges if op[1] == i]
            assert mine and set(mine) == {want}, (moment, seat, mine, want)

        # the board is readable when Discord shows it 616 px wide: nothing smaller than
        # 11 px there (readable_size), the names larger (at least 12 px shown)
        sizes = [op[3] for op in drawn if op[0] == "text"]
        assert min(sizes) >= C.readable_size(r.width)
        for name in v["names"].values():
            big = [op[3] for op in drawn if op[0] == "text" and isinstance(op[1], str)
                   and op[1][:3] == name[:3]]
            assert max(big) * PREVIEW / r.width >= 12, (moment, name, big)
        if moment == "end":
            assert "Winner" in r.alt and any(t.startswith("Winner") for t in texts)
        if moment == "reveal":
            words = " ".join(texts).split()
            for e in v["ship"]:       # the characters on the ship, in order, with their ranks
                assert str(e["rank"]) in texts and set(e["name"].split()) <= set(words)
            order = [t for t in texts if t in {str(e["rank"]) for e in v["ship"]}]
            assert order[:len(v["ship"])] == [str(e["rank"]) for e in v["ship"]]


def test_badge_letters_read_on_black_and_on_white(drawn):
    """A seat playing the black or the white cards: its badge letter is drawn in a colour
    that stands out from the badge."""
    s = E.new(list("ABCDEF"), seed=4)
    v = _named_view(s)
    assert set(v["seat_colours"].values()) == set(C.GAME_COLOURS) - {"purple", "orange"}
    R.render_board(v, translator("en"))
    checked = set()
    for i, op in enumerate(drawn):
        if op[0] != "ellipse" or op[1] not in (C.GAME_COLOURS["black"], C.GAME_COLOURS["white"]):
            continue
        letter = next(x for x in drawn[i + 1:] if x[0] == "text")
        assert letter[1] in "ABCDEF" and len(letter[1]) == 1
        assert _contrast(op[1], letter[2]) >= 4.5, (op, letter)
        checked.add(op[1])
    assert checked == {C.GAME_COLOURS["black"], C.GAME_COLOURS["white"]}


def test_the_view_gives_each_seat_its_card_colour():
    for seed in range(5):
        s = E.new(list("ABCD"), seed=seed)
        v = E.view(s, None)
        assert v["seat_colours"] == {x: v["players"][x]["colour"] for x in "ABCD"}
        assert set(v["seat_colours"].values()) <= set(C.GAME_COLOURS)
        assert len(set(v["seat_colours"].values())) == 4
        # the renderer's seat colour is the card colour (what the seat legend names)
        assert all(C.seat_rgb(v, x) == C.GAME_COLOURS[v["seat_colours"][x]] for x in "ABCD")
