"""Every image of every game is readable where Discord shows it, in every language: games
are played by the AIs, and at several moments each image kind (the board, the full map, each
player's own image, the results chart) is drawn in English, Greek and Hungarian while
``render.common.recording`` watches. An image fails on

- text smaller than 11 px once the image is scaled to Discord's 616 px (``DISPLAY_WIDTH``);
- text outside the image, or outside the box it was drawn for (``text(within=...)``);
- two texts, or a text and an icon (``mark``), that overlap;
- a game's text cut inside a word by ``fit`` (a player's name may be cut anywhere)."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest

import engines
import render
from core.i18n import translator
from render import common as C

LANGS = ("en", "el", "hu")
NAMES = {
    "en": ["Anna", "Bartholomew", "Chloé", "Dmitri", "Elif", "Farid"],
    "el": ["Αναστασία", "Βαρθολομαίος", "Χλόη", "Δημήτρης", "Ελένη", "Φαρίντ"],
    "hu": ["Annamária", "Bertalan", "Csilla", "Dömötör", "Erzsébet", "Ferenc"],
}
OVERLAP_PX = 2          # boxes may touch (anti-aliasing, accents): more is an overlap


def _moments(game: str, players: int, seed: int, count: int = 3) -> list[dict]:
    """States of one AI game: after its first move, some in the middle, and its end."""
    E, ai = engines.get(game), engines.ai(game)
    state = E.new([chr(65 + i) for i in range(players)], seed=seed)
    rng = random.Random(seed)
    history = []
    while E.outcome(state) is None and len(history) < 3000:
        seat = E.to_act(state)[0]
        E.apply(state, seat, ai.choose(E, state, seat, rng))
        history.append(E.dump(state))
    picks = [history[0]] + [history[len(history) * k // count] for k in range(1, count)] + [history[-1]]
    return [E.load(h) for h in picks]


def _images(game: str, state: dict, lang: str) -> list[tuple[str, C.Rendered | None, list[C.Drawn]]]:
    E = engines.get(game)
    seats = E.to_act(state) or []
    names = dict(zip([chr(65 + i) for i in range(6)], NAMES[lang]))
    tr = translator(lang, names)
    out = []

    def draw(kind, fn, *args):
        with C.recording() as found:
            r = fn(*args)
        out.append((kind, r, found))

    public = E.view(state, None)
    public["names"] = names
    draw("board", render.board, game, public, tr)
    if render.has_full_board(game):
        draw("full_board", render.full_board, game, public, tr)
    for seat in sorted({*seats, "A", "B"}):
        own = E.view(state, seat)
        own["names"] = names
        draw(f"private {seat}", render.private, game, own, tr)
    outcome = E.outcome(state)
    if outcome is not None:
        rows = [(f"{s} {names[s]}", i, outcome.scores[s], C.seat_rgb(public, s))
                for i, s in enumerate(sorted(outcome.scores))]
        draw("results", C.bar_chart, tr("Final scores"), rows)
    return out


def _overlaps(items: list[C.Drawn]) -> list[str]:
    boxes = [(i, d) for i, d in enumerate(items) if d.kind in ("text", "icon")]
    found = []
    by_canvas = defaultdict(list)
    for i, d in boxes:
        by_canvas[d.canvas].append((i, d))
    for group in by_canvas.values():
        group.sort(key=lambda x: x[1].box[0])
        for a in range(len(group)):
            i, d = group[a]
            for b in range(a + 1, len(group)):
                j, e = group[b]
                if e.box[0] >= d.box[2] - OVERLAP_PX:
                    break
                if d.kind == "icon" and e.kind == "icon":
                    continue            # icons may sit on icons (a token on a tile)
                if d.owner == j or e.owner == i or (d.owner is not None and d.owner == e.owner):
                    continue            # a badge and its letter
                w = min(d.box[2], e.box[2]) - max(d.box[0], e.box[0])
                h = min(d.box[3], e.box[3]) - max(d.box[1], e.box[1])
                if w > OVERLAP_PX and h > OVERLAP_PX:
                    found.append(f"{d.kind} {d.text!r} {d.box} overlaps {e.kind} {e.text!r} {e.box}")
    return found


def problems(rendered: C.Rendered, items: list[C.Drawn]) -> list[str]:
    """Why an image is not readable where Discord shows it ([] when it is)."""
    out = []
    width = rendered.width
    for d in items:
        if d.kind == "text":
            shown = d.size * d.scale * C.DISPLAY_WIDTH / width
            if shown < C.DISPLAY_MIN_TEXT - 0.01:
                out.append(f"text {d.text!r} is {shown:.1f} px at Discord's width (size {d.size})")
            cw, ch = d.canvas_size
            x0, y0, x1, y1 = d.box
            if x0 < 0 or y0 < 0 or x1 > cw or y1 > ch:
                out.append(f"text {d.text!r} {d.box} leaves its image {d.canvas_size}")
            if d.within is not None:
                a0, b0, a1, b1 = d.within
                if x0 < a0 - 1 or y0 < b0 - 1 or x1 > a1 + 1 or y1 > b1 + 1:
                    out.append(f"text {d.text!r} {d.box} leaves its box {d.within}")
        elif d.kind == "cut" and d.mid_word and not d.name:
            out.append(f"{d.source!r} cut inside a word: {d.text!r}")
    return out + _overlaps(items)


CASES = [(game, players) for game in engines.GAMES for players in (2, 4)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", engines.GAMES)
def test_every_image_is_readable_at_discords_width(game, lang):
    found = []
    for players, seed in ((2, 11), (4, 12)):
        for k, state in enumerate(_moments(game, players, seed)):
            for kind, rendered, items in _images(game, state, lang):
                if rendered is None:
                    continue
                found += [f"{players}p moment {k} {kind}: {p}" for p in problems(rendered, items)]
    assert not found, f"{len(found)} problems, e.g.:\n" + "\n".join(found[:25])


# ------------------------------------------------------------------- the checks themselves
def _canvas(width=1000, height=400):
    return C.canvas(width, height)


def test_small_text_is_found_at_discords_width():
    img, d = _canvas(1600)
    with C.recording() as items:
        C.text(d, (10, 10), "market", size=15)
        C.text(d, (10, 100), "big enough", size=29)
    r = C.finish(img, "x")
    found = problems(r, items)
    assert len(found) == 1 and "'market'" in found[0]


def test_overlapping_texts_and_icons_are_found():
    img, d = _canvas()
    with C.recording() as items:
        C.text(d, (10, 10), "Πλακίδια ικανότητας", size=20)
        C.mark(d, (60, 5, 100, 40))                       # an icon under the text
        C.seat_badge(d, (300, 100), 0, 18)                 # a badge and its own letter: fine
        C.text(d, (10, 200), "one", size=20)
        C.text(d, (400, 200), "two", size=20)
    found = problems(C.finish(img, "x"), items)
    assert len(found) == 1 and "overlaps icon" in found[0]


def test_text_outside_its_box_or_image_is_found():
    img, d = _canvas()
    with C.recording() as items:
        C.text(d, (990, 10), "edge", size=20)
        C.text(d, (10, 100), "a long label", size=20, within=(0, 90, 60, 130))
        C.text(d, (10, 200), "fits", size=20, within=(0, 190, 200, 230))
    found = problems(C.finish(img, "x"), items)
    assert len(found) == 2 and "leaves its image" in found[0] and "leaves its box" in found[1]


def test_fit_cuts_between_words_and_reports_a_word_cut_in_half():
    with C.recording() as items:
        assert C.fit("Kocsma (Crown Liquors)", 200, 20) == "Kocsma (Crown…"
        assert C.fit("Anna, Bruno, Chloé", 80, 20) == "Anna…"
        assert C.fit("Governor's Daughter", 150, 20) == "Governor's…"
        cut = C.fit("Supercalifragilistic", 60, 20)
        name = C.fit("Bartholomew the Great", 100, 20, name=True)
    assert cut.endswith("…") and C.text_width(cut, 20) <= 60
    assert name.startswith("Bart") and name.endswith("…")
    found = problems(C.finish(_canvas()[0], "x"), items)
    assert found == [f"'Supercalifragilistic' cut inside a word: {cut!r}"]
