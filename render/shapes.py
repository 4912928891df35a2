"""Small drawing helpers used by the Glen More and Whisky renderers (general, not game
specific). The basics (font, text, fit, wrap, seat_badge, canvas, finish) are in
``render.common``; this module only adds what those do not cover."""
from __future__ import annotations

import importlib
import math
from functools import lru_cache
from typing import Any

from engines.base import Text
from render.common import INK, rounded, text, text_width


def text_of(tr, data: Any, default: str = "") -> str:
    """Translate a view value that may be a serialised Text ({"msg", "params"}), a Text, a
    message id string or None."""
    if data is None:
        return default
    if isinstance(data, Text):
        return tr(data)
    if isinstance(data, dict) and "msg" in data:
        try:
            return tr(Text.from_json(data))
        except Exception:  # a malformed Text must never crash a board post
            return tr(str(data.get("msg", default)))
    return tr(str(data))


def resolve_ref(ref: str | None, default=None):
    """A view may point to static game data by reference ("package.module:NAME") instead of
    copying it into every view; load it, or return ``default`` when it cannot be found."""
    if not ref or ":" not in str(ref):
        return default
    mod, _, attr = str(ref).partition(":")
    try:
        return getattr(importlib.import_module(mod), attr)
    except Exception:
        return default


def dashed_line(draw, p0, p1, fill=INK, width=2, dash=10, gap=7) -> None:
    x0, y0 = p0
    x1, y1 = p1
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        draw.line((x0 + dx * pos, y0 + dy * pos, x0 + dx * end, y0 + dy * end), fill=fill,
                  width=width)
        pos = end + gap


def dashed_rect(draw, box, fill=INK, width=2, dash=10, gap=7) -> None:
    x0, y0, x1, y1 = box
    for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                 ((x0, y1), (x0, y0))):
        dashed_line(draw, a, b, fill, width, dash, gap)


def chip(draw, x, y, label: str, fill, ink=INK, size=15, bold=True, pad=8) -> int:
    """A rounded label; returns its width."""
    w = text_width(label, size, bold) + 2 * pad
    rounded(draw, (x, y, x + w, y + size + 12), fill=fill, radius=8, width=1)
    text(draw, (x + pad, y + 5), label, size=size, fill=ink, bold=bold)
    return w


def stroked(draw, xy, s: str, size=15, fill=INK, stroke=(255, 255, 255), bold=False,
            anchor="la", stroke_width=3):
    """Text with a halo, readable on top of a map."""
    return text(draw, xy, s, size, fill, bold, anchor, stroke_width, stroke)


def ink_for(fill) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on this fill."""
    r, g, b = fill[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else (255, 255, 255)


def clansman(draw, cx, cy, h, fill, outline=INK) -> None:
    """A meeple-like figure of height h centred on (cx, cy)."""
    r = h * 0.2
    draw.ellipse((cx - r, cy - h / 2, cx + r, cy - h / 2 + 2 * r), fill=fill, outline=outline,
                 width=2)
    body = [(cx - h * 0.36, cy + h / 2), (cx - h * 0.2, cy - h / 2 + 2 * r + 1),
            (cx + h * 0.2, cy - h / 2 + 2 * r + 1), (cx + h * 0.36, cy + h / 2)]
    draw.polygon(body, fill=fill, outline=outline)


def star(draw, cx, cy, r, fill, outline=INK) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    draw.polygon(pts, fill=fill, outline=outline)


def n_of(view: dict, key: str, default=0) -> int:
    """An int from a view, tolerant of None/strings."""
    try:
        return int(view.get(key, default) or 0)
    except (TypeError, ValueError):
        return default


def compact(img, colours=None):
    """The image as 256-colour PNG data (flat drawings lose nothing visible): faster to
    encode and about half the bytes of an RGB PNG. With ``colours`` (every colour the
    renderer draws with), a cached palette holding them and their antialiasing blends is
    used, which is several times faster than computing a palette per image."""
    from PIL import Image
    if colours:
        return img.quantize(palette=_palette(tuple(sorted(set(map(tuple, colours))))),
                            dither=Image.Dither.NONE)
    return img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


@lru_cache(maxsize=8)
def _palette(colours: tuple):
    """A palette image: the solid colours exactly, then the blends between every pair of
    them (antialiased edges and text), reduced to the remaining entries."""
    from PIL import Image
    solid = [tuple(int(v) for v in c[:3]) for c in colours][:128]
    steps = 10
    pairs = [(a, b) for i, a in enumerate(solid) for b in solid[i + 1:]]
    sw = Image.new("RGB", (steps, max(1, len(pairs))))
    px = sw.load()
    for j, (a, b) in enumerate(pairs):
        for k in range(steps):
            t = k / (steps - 1)
            px[k, j] = tuple(round(a[c] + (b[c] - a[c]) * t) for c in range(3))
    rest = sw.quantize(colors=256 - len(solid), method=Image.Quantize.FASTOCTREE,
                       dither=Image.Dither.NONE)
    flat = [v for c in solid for v in c] + rest.getpalette()[: 3 * (256 - len(solid))]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


# ----------------------------------------------------------------------------- hexes
SQRT3 = math.sqrt(3)


def hex_corners(cx, cy, r, flat: bool = True) -> list[tuple[float, float]]:
    """The six corners of a hexagon of circumradius r. Flat-top (flat=True): corner k at
    60·k degrees, clockwise on screen from east, so the top edge joins corners 4 and 5 and
    edge i (0 north, then clockwise) joins corners (4 + i) % 6 and (5 + i) % 6.
    Pointy-top: corners at 30 + 60·k degrees."""
    off = 0 if flat else 30
    return [(cx + r * math.cos(math.radians(off + 60 * k)),
             cy + r * math.sin(math.radians(off + 60 * k))) for k in range(6)]


def hex_edge(cx, cy, r, i: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Corners (clockwise) of edge i of a flat-top hexagon (0 north, then clockwise)."""
    c = hex_corners(cx, cy, r)
    return c[(4 + i) % 6], c[(5 + i) % 6]


def axial_to_pixel(q: int, r: int, size: float) -> tuple[float, float]:
    """Centre of flat-top hex (q, r) in axial coordinates, hex (0, 0) at the origin; the
    neighbour (0, -1) is north, (1, -1) north-east."""
    return 1.5 * size * q, SQRT3 * size * (r + q / 2)


def axial_bounds(cells) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the flat-top hexes at these axial cells, in units of
    the hex size (circumradius 1)."""
    cells = list(cells) or [(0, 0)]
    xs = [1.5 * q for q, _ in cells]
    ys = [SQRT3 * (r + q / 2) for q, r in cells]
    return min(xs) - 1, min(ys) - SQRT3 / 2, max(xs) + 1, max(ys) + SQRT3 / 2
