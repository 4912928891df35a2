"""Keyflower's small figures: workers, resources, animals, skills, wheat and their counted rows."""
from __future__ import annotations

import math

from render.common import INK, mark, MUTED, text, text_width
from render.shapes import clansman, ink_for, star
from render.keyflower.layout import (_num, ANIMAL_COLOUR, COLOURS, GOLD, RES_COLOUR, ROAD, SKILLS,
                                     SMALL, TILE_BACK, WHITE, WORKER)


# ----------------------------------------------------------------------------- glyphs
# Every glyph tells the recorder (render.common.mark) where it is: no text may cover it.
def _worker(d, cx, cy, h, colour) -> None:
    clansman(d, cx, cy, h, WORKER.get(colour, (200, 200, 200)))
    mark(d, (cx - h * 0.36, cy - h / 2, cx + h * 0.36, cy + h / 2))


def _cube(d, x, y, size, res, n=None) -> None:
    """A resource cube; with the count n written on it when given."""
    fill = RES_COLOUR.get(res, (200, 0, 200))
    d.rectangle((x, y, x + size, y + size), fill=fill, outline=INK, width=2)
    icon = mark(d, (x, y, x + size, y + size))
    if n is not None:
        text(d, (x + size / 2, y + size / 2), str(n), size=SMALL, bold=True, fill=ink_for(fill),
             anchor="mm", owner=icon)


def _star(d, cx, cy, r, fill=GOLD) -> None:
    star(d, cx, cy, r, fill)
    mark(d, (cx - r, cy - r, cx + r, cy + r))


def _animal(d, cx, cy, r, sp, n=None, frame=None) -> None:
    """An animal token of radius r: a woolly white sheep, a pink pig with ears, a dark cow
    with horns; with the count n written on it when given (``frame``: the box of a token
    drawn around it, the Sheep shelter, which the count belongs to as well)."""
    fill = ANIMAL_COLOUR.get(sp, (200, 200, 200))
    if sp == "sheep":       # a woolly cloud
        for k in range(8):
            a = k * math.pi / 4
            bx, by = cx + math.cos(a) * r * 0.62, cy + math.sin(a) * r * 0.62
            rr = r * 0.4
            d.ellipse((bx - rr, by - rr, bx + rr, by + rr), fill=fill, outline=INK, width=1)
        d.ellipse((cx - r * 0.72, cy - r * 0.72, cx + r * 0.72, cy + r * 0.72), fill=fill)
    elif sp == "pig":       # a round face with two ears
        for sgn in (-1, 1):
            d.polygon([(cx + sgn * r * 0.25, cy - r * 0.85), (cx + sgn * r * 0.95, cy - r * 1.05),
                       (cx + sgn * r * 0.8, cy - r * 0.35)], fill=(225, 120, 145), outline=INK)
        d.ellipse((cx - r * 0.9, cy - r * 0.85, cx + r * 0.9, cy + r * 0.95), fill=fill,
                  outline=INK, width=2)
        if n is None:
            d.ellipse((cx - r * 0.4, cy - r * 0.05, cx + r * 0.4, cy + r * 0.5),
                      fill=(225, 120, 145), outline=INK, width=1)
    else:                   # a cow: dark head with light horns
        for sgn in (-1, 1):
            d.polygon([(cx + sgn * r * 1.1, cy - r * 1.05), (cx + sgn * r * 0.45, cy - r * 0.7),
                       (cx + sgn * r * 0.7, cy - r * 0.4)], fill=(235, 225, 200), outline=INK)
        d.rounded_rectangle((cx - r * 0.85, cy - r * 0.8, cx + r * 0.85, cy + r * 0.9),
                            radius=max(2, int(r * 0.35)), fill=fill, outline=INK, width=2)
        if n is None:
            d.ellipse((cx - r * 0.2, cy - r * 0.35, cx + r * 0.3, cy + r * 0.15), fill=WHITE)
    icon = mark(d, frame or (cx - r * 1.1, cy - r * 1.05, cx + r * 1.1, cy + r * 1.02))
    if n is not None:
        text(d, (cx, cy + r * 0.06), str(n), size=SMALL, bold=True, fill=ink_for(fill),
             anchor="mm", owner=icon)


def _skill(d, cx, cy, r, sk) -> None:
    """A skill tile: a light square with a saw, pick axe or anvil."""
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=max(2, r // 4), fill=TILE_BACK,
                        outline=INK, width=2)
    mark(d, (cx - r, cy - r, cx + r, cy + r))
    if sk == "saw":
        d.rectangle((cx - r * 0.7, cy - r * 0.45, cx + r * 0.55, cy + r * 0.05), fill=MUTED,
                    outline=INK)
        teeth = []
        for k in range(5):
            x = cx - r * 0.7 + k * r * 0.25
            teeth += [(x, cy + r * 0.05), (x + r * 0.125, cy + r * 0.35)]
        teeth.append((cx + r * 0.55, cy + r * 0.05))
        d.line(teeth, fill=INK, width=2)
        d.rectangle((cx + r * 0.5, cy - r * 0.55, cx + r * 0.8, cy + r * 0.15), fill=ROAD,
                    outline=INK)
    elif sk == "pick":
        d.line((cx - r * 0.55, cy + r * 0.7, cx + r * 0.35, cy - r * 0.3), fill=ROAD,
               width=max(3, r // 4))
        d.arc((cx - r * 0.6, cy - r * 0.85, cx + r * 0.9, cy + r * 0.45), 200, 340,
              fill=INK, width=max(3, r // 4))
    else:
        d.polygon([(cx - r * 0.75, cy - r * 0.4), (cx + r * 0.8, cy - r * 0.4),
                   (cx + r * 0.35, cy - r * 0.05), (cx + r * 0.3, cy + r * 0.25),
                   (cx + r * 0.55, cy + r * 0.6), (cx - r * 0.45, cy + r * 0.6),
                   (cx - r * 0.2, cy + r * 0.25), (cx - r * 0.25, cy - r * 0.05)],
                  fill=(90, 90, 100), outline=INK)


def _wheat(d, cx, cy, r) -> None:
    mark(d, (cx - r * 0.7, cy - r * 0.95, cx + r * 0.7, cy + r))
    d.line((cx, cy + r, cx, cy - r * 0.6), fill=(150, 120, 30), width=2)
    for k in range(3):
        y = cy - r * 0.7 + k * r * 0.45
        for s in (-1, 1):
            d.ellipse((cx + s * r * 0.05 - r * 0.22 + s * r * 0.2, y - r * 0.2,
                       cx + s * r * 0.05 + r * 0.22 + s * r * 0.2, y + r * 0.2),
                      fill=(236, 196, 48), outline=INK, width=1)


def _count_label(d, x, y, n, size=SMALL, within=None) -> int:
    """'×n' left-anchored at (x, y centre); returns its width."""
    s = f"×{n}"
    text(d, (x, y), s, size, INK, True, "lm", 2, WHITE, within=within)
    return text_width(s, size, True) + 4


def _worker_row(d, x, y, counts: dict, h=24, size=SMALL, within=None) -> int:
    """Worker figures by colour with counts, from (x, y centre); returns the width used."""
    x0 = x
    for c in COLOURS:
        n = _num((counts or {}).get(c))
        if not n:
            continue
        _worker(d, x + h * 0.4, y, h, c)
        x += h * 0.8 + 2
        x += _count_label(d, x, y, n, size, within) + 6
    return int(x - x0)


def _skill_row(d, x, y, counts: dict, r=12, size=SMALL, within=None) -> int:
    x0 = x
    for sk in SKILLS:
        n = _num((counts or {}).get(sk))
        if not n:
            continue
        _skill(d, x + r, y, r, sk)
        x += 2 * r + 3
        x += _count_label(d, x, y, n, size, within) + 6
    return int(x - x0)
