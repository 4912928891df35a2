"""The Glen More board as Discord shows it on a laptop: scaled to about 616 px wide
(``render.common.DISPLAY_WIDTH``). The acting player's territory comes first and large, with
the letters of the spots that the buttons name ("Spot C — north of Quarry"); players are
named, with their badges.

Screenshots scaled to 616 px go to tests/output/screenshots/ (ignored by git) for a look.
What the renderer draws is recorded at Pillow's ``ImageDraw.text``: every string with its
font size, so that sizes can be judged at the preview's scale."""
from __future__ import annotations

import copy
import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from core.i18n import translator
from engines.glen_more import ENGINE as E
from engines.glen_more import ai
from render import common as C
from render import glen_more as R

tr = translator("en")
SHOTS = Path(__file__).resolve().parents[1] / "output" / "screenshots"
PREVIEW = C.DISPLAY_WIDTH
NAMES = {"A": "Anna", "B": "Bartholomew", "C": "Chloé", "D": "Dmitri", "E": "Eve"}


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, float]]:
    """Every string drawn from now on, with its font size."""
    seen: list[tuple[str, float]] = []
    orig = ImageDraw.ImageDraw.text

    def spy(self, xy, s, *args, **kwargs):
        font = kwargs.get("font")
        seen.append((s if isinstance(s, str) else str(s), getattr(font, "size", 0)))
        return orig(self, xy, s, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    return seen


def _state(n: int, seed: int, want) -> dict:
    """The first state of an AI game where want(state) holds (the end if never)."""
    s = E.new(list("ABCDE")[:n], seed=seed)
    r = random.Random(seed)
    while E.outcome(s) is None and not want(s):
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, r))
    return s


def _placing(s) -> bool:
    t = s.get("turn") or {}
    return t.get("step") == "place" and not t.get("paying") and s["scorings"] >= 2


def _view(s) -> dict:
    v = E.view(s, None)
    v["names"] = {seat: NAMES[seat] for seat in s["seats"]}
    return v


def _shoot(r, name: str) -> Image.Image:
    img = Image.open(io.BytesIO(r.png))
    assert 1000 <= img.width and img.height <= 3000
    small = img.convert("RGB").resize((PREVIEW, round(img.height * PREVIEW / img.width)),
                                      Image.LANCZOS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    small.save(SHOTS / f"glen_more_{name}_{PREVIEW}.png")
    return img


@pytest.mark.parametrize("n,seed", [(2, 11), (3, 5), (5, 4)])
def test_a_pending_placement_is_lettered_and_legible_at_preview_width(n, seed, drawn):
    s = _state(n, seed, _placing)
    v = _view(s)
    spots = v["spots"]
    assert spots and spots["decision"] == "place" and spots["seat"] == s["turn"]["seat"]
    r = R.render_board(v, tr)
    img = _shoot(r, f"place_{n}p")
    scale = PREVIEW / img.width
    sizes = {}
    for string, size in drawn:
        sizes[string] = max(size, sizes.get(string, 0))
    # every spot letter is drawn, large enough to read at the preview's width
    for c in spots["cells"]:
        assert c["letter"] in sizes, c
        assert sizes[c["letter"]] * scale >= 20, (c["letter"], sizes[c["letter"]])
    # the labels name the same letters, in the same order
    seat = spots["seat"]
    labels = [tr(E.label(s, seat, a)) for a in E.legal(s, seat) if a["type"] == "place"]
    assert labels and all(lab.startswith(f"Spot {c['letter']} — ") for lab, c in
                          zip(labels, spots["cells"]))
    # the acting player's tiles are named in letters readable at that width (the same
    # names drawn smaller elsewhere, in the chain or other territories, do not count)
    acting = {R._tile_label(tr, t) for t in v["players"][seat]["tiles"]}
    named = {name: sizes[name] for name in acting if name in sizes}
    assert named and min(named.values()) * scale >= C.DISPLAY_MIN_TEXT, named
    # every player is named (the acting player in large letters), with a badge
    for seat_ in s["seats"]:
        assert NAMES[seat_] in sizes, seat_
        assert seat_ in sizes                      # the badge's letter
    assert sizes[NAMES[seat]] * scale >= C.DISPLAY_MIN_TEXT
    assert f"{NAMES[seat]} is placing" in r.alt
    for seat_ in s["seats"]:
        assert f"{NAMES[seat_]}: " in r.alt


def test_other_decisions_over_cells_are_lettered(drawn):
    """Activation, moving clansmen, Loch Ness, selling: the tiles get letters as well."""
    s = E.new(list("ABCD"), seed=8)
    r = random.Random(8)
    seen = {}
    while E.outcome(s) is None and len(seen) < 4:
        v = E.view(s, None)
        kind = (v["spots"] or {}).get("decision")
        if kind and kind != "place" and kind not in seen and s["scorings"] >= 1:
            seen[kind] = copy.deepcopy(s)
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, r))
    assert {"activate", "clansman"} <= set(seen)
    for kind, st in seen.items():
        drawn.clear()
        v = _view(st)
        rendered = R.render_board(v, tr)
        if kind == "activate":
            _shoot(rendered, "activate_4p")
        strings = {string for string, _size in drawn}
        for c in v["spots"]["cells"]:
            assert c["letter"] in strings, (kind, c)
        assert "Letters on " in rendered.alt


def test_whose_turn_and_the_winner_are_named(drawn):
    s = _state(4, 6, lambda s: False)
    v = _view(s)
    rendered = R.render_board(v, tr)
    _shoot(rendered, "end_4p")
    winners = [NAMES[w] for w in E.outcome(s).winners]
    line = ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners) + "."
    assert line in {string for string, _size in drawn}
    assert line in rendered.alt
    # without the platform's names (unit tests), the seat letters stand in
    drawn.clear()
    v.pop("names")
    R.render_board(v, tr)
    letters = ", ".join(E.outcome(s).winners)
    assert any(string.startswith("Winner") and letters in string for string, _ in drawn)


def test_the_board_without_a_decision_over_cells_keeps_every_territory_alike(drawn):
    s = _state(3, 5, lambda s: (s.get("turn") or {}).get("step") == "choose" and s["scorings"] >= 1)
    v = _view(s)
    assert v["spots"] is None
    r = R.render_board(v, tr)
    _shoot(r, "choose_3p")
    strings = {string for string, _size in drawn}
    seat = E.to_act(s)[0]
    assert f"{NAMES[seat]} is choosing a tile from the chain." in strings
    for seat_ in s["seats"]:
        assert NAMES[seat_] in strings


def test_choosing_the_tiles_that_pay_is_lettered_and_named(drawn):
    """Paying a cost from one of several tiles: the tiles get the letters of the buttons and
    the board says who pays what."""
    s = E.new(list("ABCD"), seed=1)
    p = s["players"]["A"]
    p["tiles"] = [{"id": "START", "x": 0, "y": 0, "cubes": [], "men": 1},
                  {"id": "T01", "x": 1, "y": 0, "cubes": ["stone", "stone"], "men": 1},
                  {"id": "T23", "x": -1, "y": 0, "cubes": ["stone"], "men": 0}]
    space = E.reachable(s)[0]
    s["spaces"][space] = {"tile": "T11"}               # distillery: 1 stone
    E.apply(s, "A", {"type": "take", "space": space})
    v = _view(s)
    assert v["spots"]["decision"] == "pay_from"
    rendered = R.render_board(v, tr)
    strings = {string for string, _size in drawn}
    for c in v["spots"]["cells"]:
        assert c["letter"] in strings
    assert f"{NAMES['A']} is paying 1 stone" in rendered.alt
