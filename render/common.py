"""Drawing helpers shared by every game's renderer (Pillow only; no discord, no db).

A renderer is a function ``render_xxx(view: dict, tr) -> Rendered``: it draws only from an
engine's ``view`` and writes every label through ``tr`` (core.i18n.translator(locale)).
Images are at least 1000 px wide with no text under 14 px, and seats are told apart by a
colour *and* a letter (colour-blind players)."""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

MIN_WIDTH = 1000
MIN_TEXT = 14

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


def text(draw: ImageDraw.ImageDraw, xy, s: str, size: int = 20, fill=INK, bold=False,
         anchor: str = "la") -> tuple[int, int, int, int]:
    """Draw text and return its bounding box."""
    f = font(size, bold)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor)
    return draw.textbbox(xy, s, font=f, anchor=anchor)


def text_width(s: str, size: int = 20, bold=False) -> int:
    f = font(size, bold)
    l, _, r, _ = f.getbbox(s)
    return r - l


def fit(s: str, width: int, size: int = 20, bold=False) -> str:
    """Shorten s with an ellipsis so that it fits in width pixels."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s + "…"


def wrap(s: str, width: int, size: int = 20, bold=False) -> list[str]:
    words, lines, cur = s.split(), [], ""
    for w in words:
        cand = f"{cur} {w}".strip()
        if text_width(cand, size, bold) <= width or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def seat_badge(draw: ImageDraw.ImageDraw, xy, index: int, radius: int = 16) -> None:
    """A filled circle in the seat's colour with the seat's letter on it."""
    letter, colour = seat_style(index)
    x, y = xy
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK, width=2)
    text(draw, (x, y), letter, size=max(MIN_TEXT, radius), fill=INK, bold=True, anchor="mm")


def rounded(draw: ImageDraw.ImageDraw, box, fill, outline=INK, radius=10, width=2) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def canvas(width: int, height: int, colour=PAPER) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (max(MIN_WIDTH, width), height), colour)
    return img, ImageDraw.Draw(img)


def finish(img: Image.Image, alt: str, filename: str = "board.png") -> Rendered:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, compress_level=6)
    return Rendered(buf.getvalue(), alt[:1024], filename, img.width, img.height)


def bar_chart(title: str, rows: list[tuple[str, int, int]], tr_total: str = "Total") -> Rendered:
    """A horizontal score chart: rows of (label, seat index, score). Used for results."""
    row_h, top = 56, 80
    img, d = canvas(MIN_WIDTH, top + row_h * len(rows) + 30)
    text(d, (30, 24), title, size=30, bold=True)
    best = max([r[2] for r in rows] + [1])
    for i, (label, seat_index, score) in enumerate(rows):
        y = top + i * row_h
        seat_badge(d, (50, y + 22), seat_index, 18)
        text(d, (80, y + 10), fit(label, 260, 22), size=22)
        w = int(560 * max(score, 0) / best)
        _, colour = seat_style(seat_index)
        d.rectangle((360, y + 6, 360 + max(w, 2), y + 40), fill=colour, outline=INK)
        text(d, (370 + max(w, 2), y + 10), str(score), size=22, bold=True)
    alt = f"{title}: " + "; ".join(f"{label} {score}" for label, _, score in rows)
    return finish(img, alt, "scores.png")
