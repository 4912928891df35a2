"""The legend of Keyflower's figures and colours."""
from __future__ import annotations

from render.common import INK, mark, PAPER, text, text_width
from render.shapes import dashed_line, hex_corners, star
from render.keyflower.icons import _animal, _cube, _skill, _worker
from render.keyflower.layout import (ANIMAL_NAMES, ANIMALS, COLOUR_NAMES, COLOURS, FENCE, GOLD,
                                     RES_NAMES, RESOURCES, ROAD, SKILL_NAMES, SKILLS, SMALL,
                                     TYPE_COLOUR, TYPE_NAMES, WATER)


# ----------------------------------------------------------------------------- legend
def _legend_items(tr, farmers):
    items = [("type", k, tr(TYPE_NAMES[k])) for k in ("home", "spring", "summer", "autumn",
                                                         "winter", "boat", "turn_order")]
    items += [("road", None, tr("road")), ("water", None, tr("water"))]
    if farmers:
        items.append(("fence", None, tr("field border")))
    items.append(("up", None, tr("upgraded")))
    items += [("worker", c, tr(COLOUR_NAMES[c])) for c in COLOURS]
    items += [("res", r, tr(RES_NAMES[r])) for r in RESOURCES]
    if farmers:
        items += [("animal", a, tr(ANIMAL_NAMES[a])) for a in ANIMALS]
    items += [("skill", k, tr(SKILL_NAMES[k])) for k in SKILLS]
    return items


def _draw_legend(d, tr, x0, y0, width, farmers, measure=False, size=SMALL) -> int:
    x, y = x0, y0
    row_h = size + 16
    for kind, key, label in _legend_items(tr, farmers):
        w = 32 + text_width(label, size) + 18
        if x + w > x0 + width:
            x, y = x0, y + row_h
        if not measure:
            cy = y + row_h // 2
            icon = (x, cy - 12, x + 24, cy + 12)
            if kind == "type":
                d.polygon(hex_corners(x + 12, cy, 12), fill=TYPE_COLOUR[key], outline=INK)
            elif kind == "road":
                d.line((x, cy, x + 24, cy), fill=ROAD, width=6)
            elif kind == "water":
                d.rectangle((x, cy - 5, x + 24, cy + 5), fill=WATER)
            elif kind == "fence":
                dashed_line(d, (x, cy), (x + 24, cy), fill=FENCE, width=3, dash=6, gap=4)
            elif kind == "up":
                d.polygon(hex_corners(x + 12, cy, 12), fill=PAPER, outline=GOLD, width=3)
                star(d, x + 12, cy, 6, GOLD)
            elif kind == "worker":
                _worker(d, x + 12, cy, 24, key)
            elif kind == "res":
                _cube(d, x + 4, cy - 8, 16, key)
            elif kind == "animal":
                _animal(d, x + 12, cy, 10, key)
            elif kind == "skill":
                _skill(d, x + 12, cy, 11, key)
            if kind in ("type", "road", "water", "fence", "up"):
                mark(d, icon)
            text(d, (x + 32, cy), label, size=size, anchor="lm")
        x += w
    return y + row_h + 4 - y0
