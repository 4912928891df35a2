"""Drawing helpers shared by every game's renderer (Pillow only; no discord, no db).

A renderer is a function ``render_xxx(view: dict, tr) -> Rendered``: it draws only from an
engine's ``view`` and writes every label through ``tr`` (core.i18n.translator(locale)).
Images are at least 1000 px wide, and seats are told apart by a colour *and* a letter
(colour-blind players).

Readable where Discord shows it: the desktop client shows an image about ``DISPLAY_WIDTH``
(616) px wide, so the smallest text, scaled to that width, is at least ``DISPLAY_MIN_TEXT``
(11) px. What a renderer draws can be recorded (``recording``): every text with its box and
size, the icons it marks (``mark``), and every text that ``fit`` shortened, so that tests can
check sizes, overlaps and cuts in every language."""
from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from pathlib import Path
from types import ModuleType

import pyphen
from PIL import Image, ImageDraw, ImageFont

from engines.base import T

MIN_WIDTH = 1000
MIN_TEXT = 14
DISPLAY_WIDTH = 616         # px: how wide Discord's desktop client shows an image
DISPLAY_MIN_TEXT = 11       # px: the smallest readable text at that width

# Fonts: DejaVu covers Greek and Hungarian; Pillow's bundled font is the fallback.
_FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]

# Okabe-Ito palette: distinguishable with the common colour-vision deficiencies.
SEAT_STYLES = [
    ("A", (230, 159, 0)),    # orange
    ("B", (86, 180, 233)),   # sky blue
    ("C", (0, 158, 115)),    # bluish green
    ("D", (240, 228, 66)),   # yellow
    ("E", (204, 121, 167)),  # reddish purple
    ("F", (213, 94, 0)),     # vermillion
]
INK = (30, 30, 30)
PAPER = (248, 244, 234)
MUTED = (120, 120, 120)


@dataclass
class Rendered:
    png: bytes
    alt: str            # a summary of the position in words (attachment description)
    filename: str = "board.png"
    width: int = 0
    height: int = 0


@lru_cache(maxsize=64)
def font(size: int = 20, bold: bool = False) -> ImageFont.FreeTypeFont:
    size = max(MIN_TEXT, int(size))
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for d in _FONT_DIRS:
        p = d / name
        if p.exists():
            return ImageFont.truetype(str(p), size)
    return ImageFont.load_default(size=size)


def readable_size(image_width: int) -> int:
    """The smallest font size that stays readable when an image this wide is shown at
    Discord's width (a 1000 px image needs 18 px text; 616 px, 11)."""
    return max(MIN_TEXT, -(-DISPLAY_MIN_TEXT * image_width // DISPLAY_WIDTH))


# --- what a renderer drew (tests) -------------------------------------------------------
@dataclass
class Drawn:
    """One thing a renderer drew, as ``recording`` sees it.

    kind: "text" (a string drawn), "icon" (a shape that text must not cover, see ``mark``)
    or "cut" (a string ``fit`` shortened: ``source`` is what it was given, ``mid_word``
    whether it had to cut inside a word)."""
    kind: str
    box: tuple[int, int, int, int] = (0, 0, 0, 0)
    text: str = ""
    size: int = 0
    canvas: int = 0                       # which image it was drawn on (id of its core)
    canvas_size: tuple[int, int] = (0, 0)
    within: tuple[int, int, int, int] | None = None     # the box it must stay inside
    owner: int | None = None              # index of the icon a text belongs to (a badge's letter)
    source: str = ""
    mid_word: bool = False
    name: bool = False                    # a player's name or other text from users
    scale: float = 1.0                    # how the canvas is scaled into the final image


_recording: ContextVar[list[Drawn] | None] = ContextVar("render_recording", default=None)
_scale: ContextVar[float] = ContextVar("render_scale", default=1.0)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record what renderers draw inside the block (tests)."""
    found: list[Drawn] = []
    token = _recording.set(found)
    try:
        yield found
    finally:
        _recording.reset(token)


@contextmanager
def scaled(factor: float) -> Iterator[None]:
    """Text drawn inside the block lands in the final image scaled by ``factor`` (a part
    drawn large, then shrunk into the board): its readable size is its size times that."""
    token = _scale.set(_scale.get() * factor)
    try:
        yield
    finally:
        _scale.reset(token)


def _record(draw: ImageDraw.ImageDraw | None, item: Drawn) -> int | None:
    found = _recording.get()
    if found is None:
        return None
    if draw is not None:
        item.canvas, item.canvas_size = id(draw.im), tuple(draw.im.size)
    item.scale = _scale.get()
    found.append(item)
    return len(found) - 1


def mark(draw: ImageDraw.ImageDraw, box, kind: str = "icon") -> int | None:
    """Tell the recorder that ``box`` holds an icon (a symbol, a badge, a chip) that no text
    may cover; returns its index, for the text that belongs to it (``text(owner=...)``)."""
    x0, y0, x1, y1 = (int(v) for v in box)
    return _record(draw, Drawn(kind, (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))))


def own_seat(view: dict) -> tuple[str | None, dict | None]:
    """The viewing seat of a private view and its public player record (None, None for
    a spectator view)."""
    seat = view.get("you")
    if seat is None:
        return None, None
    return seat, (view.get("players") or {}).get(seat)


def seat_style(index: int) -> tuple[str, tuple[int, int, int]]:
    """(letter, colour) for the seat at this index."""
    return SEAT_STYLES[index % len(SEAT_STYLES)]


# Text from a view is untrusted (player names, question packs): every string is cut to a
# bounded number of characters before it is measured or drawn, so that a long text costs no
# more than a line's worth of glyphs.
MIN_EM = 0.25       # narrower than any letter or ASCII sign of DejaVu (' i l: 0.27 em)
MAX_PX = 2000       # no image is wider
MAX_LINES = 10      # wrap() never returns more lines than this (no caller shows more than 8)
ALT_MAX = 1024      # Discord's limit for an attachment description
_FLAT = {c: " " for c in [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029]}
_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_PILE = re.compile(f"([{_MARKS}]{{3}})[{_MARKS}]+")     # more than 3 accents on one letter


def room(width: float, size: int = 20) -> int:
    """More characters than can fit in width pixels at this font size: a string may be cut
    there before it is measured without changing what is seen."""
    return int(max(0, width) / (max(MIN_TEXT, size) * MIN_EM)) + 1


def clip(s: str, n: int) -> str:
    """s on one line of at most n characters: control characters (newlines, tabs) become
    spaces and a longer s ends in "…"."""
    s = str(s)
    return _flat(s if len(s) <= n else s[:max(0, n - 1)] + "…")


def _flat(s: str) -> str:
    """s without line breaks and control characters, and with no pile of accents that would
    draw a column of ink across the image."""
    return _PILE.sub(r"\1", s.translate(_FLAT))


def text(draw: ImageDraw.ImageDraw, xy, s: str, size: int = 20, fill=INK, bold=False,
         anchor: str = "la", stroke_width: int = 0, stroke_fill=None, *,
         within=None, owner: int | None = None) -> tuple[int, int, int, int]:
    """Draw text (on one line, cut at the image's width) and return its bounding box.
    ``within``: the box the text belongs in (a tile, a panel), for the recorder's check;
    ``owner``: the icon (``mark``) it is written on, which it may cover."""
    f = font(size, bold)
    s = clip(s, room(draw.im.size[0], size))
    draw.text(xy, s, font=f, fill=fill, anchor=anchor, stroke_width=stroke_width,
              stroke_fill=stroke_fill)
    box = draw.textbbox(xy, s, font=f, anchor=anchor, stroke_width=stroke_width)
    if _recording.get() is not None and s.strip():
        _record(draw, Drawn("text", tuple(int(v) for v in box), s, f.size,
                            within=tuple(int(v) for v in within) if within else None, owner=owner))
    return box


def text_width(s: str, size: int = 20, bold=False) -> int:
    """Width in pixels (a string wider than any image is measured as wide as one)."""
    return _width(clip(s, room(MAX_PX, size)), size, bool(bold))


@lru_cache(maxsize=16384)
def _width(s: str, size: int, bold: bool) -> int:
    # layouts measure the same names and labels over and over, render after render
    l, _, r, _ = font(size, bold).getbbox(s)
    return r - l


def fit(s: str, width: int, size: int = 20, bold=False, *, name: bool = False) -> str:
    """s on one line, shortened with an ellipsis so that it fits in width pixels: at a word
    boundary ("Kocsma (Crown…"), or inside the first word when even that is too wide.
    ``name``: the text is a player's name or other text from users, which may be cut
    anywhere (the recorder does not count that as a word cut in half)."""
    n = room(width, size)
    t = _flat(s[:n])
    if len(s) <= n and text_width(t, size, bold) <= width:
        return t
    lo, hi = 0, len(t)          # the longest prefix that fits with "…" after it
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(t[:mid] + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    words = t[:lo] if name else _word_prefix(t, lo)
    out = (words or t[:lo]) + "…"
    if _recording.get() is not None:
        _record(None, Drawn("cut", text=out, source=s, mid_word=not words and bool(t[:lo].strip()),
                            name=name))
    return out


_WORD_END = re.compile(r"[\s(\[/–—,;:-]+$")


def _word_prefix(t: str, n: int) -> str:
    """The longest prefix of t[:n] that ends between two words, without the spaces and
    opening signs before the break ("" when the first word is already longer than n)."""
    if n < len(t) and (t[n].isspace() or t[n] in ",.;:!?)]"):
        return _WORD_END.sub("", t[:n])
    k = max(t.rfind(ch, 0, n) for ch in " \t/–—-")
    return _WORD_END.sub("", t[:k + 1]) if k > 0 else ""


def wrap(s: str, width: int, size: int = 20, bold=False,
         max_lines: int = MAX_LINES) -> list[str]:
    """s in lines of at most width pixels, broken between words; a word wider than a line is
    shortened with an ellipsis (fit). At most max_lines lines: when text is left over, the
    last one ends in "…"."""
    max_lines = max(1, max_lines)
    lines = list(islice(_lines(s, width, size, bold), max_lines + 1))
    if len(lines) > max_lines:
        lines[max_lines - 1:] = [fit(" ".join(lines[max_lines - 1:]), width, size, bold)]
    return lines


def _lines(s: str, width: int, size: int, bold) -> Iterator[str]:
    n = room(width, size)

    def fits(t: str) -> bool:
        return len(t) <= n and text_width(t, size, bold) <= width

    cur = ""
    for m in re.finditer(r"\S+", s):
        w = m.group()
        if cur and fits(f"{cur} {w}"):
            cur = f"{cur} {w}"
            continue
        if cur:
            yield cur
        if fits(w):
            cur = w
        else:           # a word wider than a line: a line of its own, shortened
            cur = ""
            yield fit(w, width, size, bold)
    if cur:
        yield cur


def clauses(tr, parts) -> str:
    """Clauses in one line, separated as the reader's language does ("; " in English, the
    Greek ano teleia "· ", since a Greek ";" is a question mark)."""
    return tr(T("; ", context="between clauses")).join(p for p in parts if p)


def language_of(tr) -> str:
    """The language a renderer's ``tr`` speaks (core.i18n.translator marks it); English for a
    plain function."""
    return getattr(tr, "locale", None) or "en"


@lru_cache(maxsize=None)
def hyphenator(lang: str) -> pyphen.Pyphen | None:
    """The hyphenation rules of a language (None when pyphen has none)."""
    found = pyphen.language_fallback(lang.replace("-", "_")) if lang else None
    return pyphen.Pyphen(lang=found) if found else None


def hyphenated_lines(s: str, width: int, size: int = 20, bold=False, max_lines: int = 2,
                     lang: str | None = "en") -> list[str] | None:
    """s in at most max_lines lines of at most width pixels, a word too long for a line broken
    at one of its language's hyphenation points ("Φαρμακο-" / "ποιός"); None when even that
    does not show the whole text. For names that must never be cut (Greek and Hungarian
    words are often longer than their English ones)."""
    hy = hyphenator(lang or "en")
    n = room(width, size)

    def fits(t: str) -> bool:
        return len(t) <= n and text_width(t, size, bold) <= width

    lines: list[str] = []
    cur = ""
    words = s.split()
    i = 0
    while i < len(words):
        w = words[i]
        joined = f"{cur} {w}" if cur else w
        if fits(joined):
            cur, i = joined, i + 1
            continue
        head = ""
        for first, rest in (hy.iterate(w) if hy else ()):       # longest first part first
            if fits(f"{cur} {first}-" if cur else f"{first}-"):
                head = first
                break
        if head:
            lines.append(f"{cur} {head}-" if cur else f"{head}-")
            words[i] = w[len(head):]
            cur = ""
        elif cur:
            lines.append(cur)
            cur = ""
        else:
            return None
        if len(lines) >= max_lines:
            return None
    if cur:
        lines.append(cur)
    return lines if len(lines) <= max_lines else None


def seat_badge(draw: ImageDraw.ImageDraw, xy, index: int, radius: int = 16,
               colour: tuple[int, int, int] | None = None) -> None:
    """A filled circle in the seat's colour with the seat's letter on it (``colour`` when
    the game gives the seat its own colour, see ``seat_rgb``)."""
    letter, own = seat_style(index)
    fill = colour or own
    x, y = xy
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=2)
    badge = mark(draw, (x - radius, y - radius, x + radius, y + radius))
    text(draw, (x, y), letter, size=max(MIN_TEXT, radius), fill=ink_on(fill), bold=True, anchor="mm",
         owner=badge)


def ink_on(rgb) -> tuple[int, int, int]:
    """Dark or light text, whichever reads better on rgb (by relative luminance)."""
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    lum = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
    return INK if lum > 0.18 else PAPER


# Game colours a view may give its seats (view["seat_colours"]: seat -> colour name).
GAME_COLOURS = {"yellow": (240, 200, 40), "red": (200, 40, 40), "blue": (40, 90, 200),
                "green": (40, 150, 70), "black": (40, 40, 40), "white": (245, 245, 245),
                "purple": (130, 60, 160), "orange": (230, 130, 20)}


def seat_name(view: dict, seat: str) -> str:
    """What a seat is called on an image: the player's name when the view carries the
    table's names (``view["names"]``, added by the bot), else the seat letter."""
    return (view.get("names") or {}).get(seat) or seat


def seat_rgb(view: dict, seat: str) -> tuple[int, int, int]:
    """A seat's colour: the game's own when the view gives seats colours, else the seat's
    place in the platform's palette. The lobby, the posts and every image agree on it."""
    own = (view.get("seat_colours") or {}).get(seat)
    if own in GAME_COLOURS:
        return GAME_COLOURS[own]
    seats = view.get("seats") or []
    return seat_style(seats.index(seat) if seat in seats else 0)[1]


def player_tag(draw: ImageDraw.ImageDraw, xy, view: dict, seat: str, width: int,
               size: int = 20, bold: bool = False, fill=INK) -> int:
    """A seat's badge (colour and letter) followed by its player's name, fitted into width
    pixels from xy (the badge's left edge, text baseline centred on y). Returns the x after it."""
    seats = view.get("seats") or []
    radius = max(MIN_TEXT, size) // 2 + 2
    x, y = xy
    seat_badge(draw, (x + radius, y), seats.index(seat) if seat in seats else 0, radius,
               colour=seat_rgb(view, seat))
    name = fit(seat_name(view, seat), max(0, width - 2 * radius - 8), size, bold, name=True)
    box = text(draw, (x + 2 * radius + 8, y), name, size=size, fill=fill, bold=bold, anchor="lm")
    return box[2]


def rounded(draw: ImageDraw.ImageDraw, box, fill, outline=INK, radius=10, width=2) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def canvas(width: int, height: int, colour=PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (max(MIN_WIDTH, width), height), colour)
    return img, ImageDraw.Draw(img)


def finish(img: Image.Image, alt: str, filename: str = "board.png") -> Rendered:
    buf = io.BytesIO()
    # level 3: half the encoding time of the default 6 for files 10-30 % larger
    img.save(buf, format="PNG", optimize=False, compress_level=3)
    return Rendered(buf.getvalue(), alt[:ALT_MAX], filename, img.width, img.height)


def bar_chart(title: str, rows: list[tuple], tr_total: str = "Total") -> Rendered:
    """A horizontal score chart: rows of (label, seat index, score[, colour]). Used for
    results; a row's colour is the seat's own when the game gives one (seat_rgb)."""
    row_h, top = 56, 80
    img, d = canvas(MIN_WIDTH, top + row_h * len(rows) + 30)
    text(d, (30, 24), fit(title, MIN_WIDTH - 60, 30, True), size=30, bold=True)
    best = max([r[2] for r in rows] + [1])
    for i, (label, seat_index, score, *rgb) in enumerate(rows):
        y = top + i * row_h
        colour = tuple(rgb[0]) if rgb else seat_style(seat_index)[1]
        seat_badge(d, (50, y + 22), seat_index, 18, colour=colour)
        text(d, (80, y + 10), fit(label, 260, 22), size=22)
        w = int(560 * max(score, 0) / best)
        d.rectangle((360, y + 6, 360 + max(w, 2), y + 40), fill=colour, outline=INK)
        text(d, (370 + max(w, 2), y + 10), str(score), size=22, bold=True)
    alt = f"{clip(title, 200)}: " + "; ".join(f"{clip(label, 100)} {score}"
                                              for label, _, score, *_ in rows)
    return finish(img, alt, "scores.png")


# ------------------------------------------------------------------ a renderer split in modules
class _OneModule(ModuleType):
    """A package that stands for one module: a name set on it (a test's spy) is set in its
    modules that hold the same object under that name too."""

    def __setattr__(self, name: str, value) -> None:
        old = self.__dict__.get(name, _MISSING)
        if old is not _MISSING:
            for key, part in list(sys.modules.items()):
                if key.startswith(self.__name__ + ".") and part.__dict__.get(name, _MISSING) is old:
                    setattr(part, name, value)
        super().__setattr__(name, value)


_MISSING = object()


def as_one_module(package: str) -> None:
    """Make a renderer package (render.keyflower) behave as the one module it was split from
    when a name is set on it, as tests do to spy on what is drawn."""
    sys.modules[package].__class__ = _OneModule
