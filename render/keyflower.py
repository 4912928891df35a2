"""Keyflower (with The Farmers) board and private images, drawn only from ``ENGINE.view``.

``render_board(view, tr)``: the season and whose turn it is; the tiles on auction this season
(hexes with their roads and water, what the visible side does in a few words, the colour lock
as a thick coloured outline and a label, each bid as seat badge + worker figure in the bid
colour + count, the leader starred, workers placed there by uses); the boats (public workers and skill tiles, owner); the turn-order
tiles; and every player's village as a hex map in the engine's own axial coordinates: tiles by
name and season colour, the upgraded side with a gold inner border and a star, roads and water
on the edges, The Farmers' field boundaries (fences between regions), animals where they stand
(sheep, pigs, cows as symbols with counts), resources lying on tiles, workers standing on tiles
this season, summer boat faces, the Sheep shelter. Each player's header holds only public
counts (tiles, VP printed on the tiles, winter tiles in hand, boats, animals; the screens only
once the game is over and the view reveals them).

``render_hand(view, tr)``: the seat's screen (workers by colour, skill tiles, wheat) and its
winter tiles in hand; None for a spectator view.
``private_text(view, tr)``: the same as a short Discord-markdown text."""
from __future__ import annotations

import math

from render.common import (INK, MUTED, PAPER, canvas, finish, fit, own_seat, rounded, seat_badge,
                           seat_style, text, text_width, wrap)
from render.shapes import (SQRT3, axial_bounds, axial_to_pixel, clansman, compact, dashed_line,
                           hex_corners, hex_edge, ink_for, resolve_ref, star, stroked, text_of)


def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


WIDTH = 1600
MARGIN = 30
MAX_HEIGHT = 2990

SEASONS = ("spring", "summer", "autumn", "winter")
SEASON_NAMES = {"spring": _("Spring"), "summer": _("Summer"), "autumn": _("Autumn"),
                "winter": _("Winter")}
COLOURS = ("blue", "red", "yellow", "green")
COLOUR_NAMES = {"blue": _("blue"), "red": _("red"), "yellow": _("yellow"), "green": _("green")}
WORKER = {"blue": (45, 105, 200), "red": (205, 50, 45), "yellow": (246, 206, 40),
          "green": (60, 160, 70)}
RESOURCES = ("wood", "stone", "iron", "gold")
RES_NAMES = {"wood": _("wood"), "stone": _("stone"), "iron": _("iron"), "gold": _("gold")}
RES_COLOUR = {"wood": (150, 98, 45), "stone": (165, 165, 165), "iron": (78, 92, 112),
              "gold": (236, 186, 28)}
ANIMALS = ("sheep", "pig", "cow")
ANIMAL_NAMES = {"sheep": _("sheep"), "pig": _("pig"), "cow": _("cow")}
ANIMAL_PLURAL = {"sheep": _("{n} sheep"), "pig": _("{n} pigs"), "cow": _("{n} cows")}
ANIMAL_COLOUR = {"sheep": (255, 255, 255), "pig": (240, 160, 180), "cow": (85, 55, 35)}
SKILLS = ("saw", "pick", "anvil")
SKILL_NAMES = {"saw": _("saw"), "pick": _("pick axe"), "anvil": _("anvil")}
TYPE_COLOUR = {
    "spring": (178, 216, 140), "summer": (247, 224, 128), "autumn": (238, 172, 112),
    "winter": (214, 228, 242), "home": (214, 196, 230), "boat": (150, 196, 232),
    "turn_order": (212, 212, 212),
}
TYPE_NAMES = {"spring": _("spring"), "summer": _("summer"), "autumn": _("autumn"),
              "winter": _("winter"), "home": _("home"), "boat": _("boat"),
              "turn_order": _("turn order")}
# End-game scoring of the winter tiles (rules 12.7), shown with the seat's winter hand.
WINTER_HELP = {
    "apothecary": _("3 VP per 5 workers"),
    "craftsmans_guild": _("3 VP per blue + red + yellow worker set"),
    "jeweller": _("2 VP per gold"),
    "key_guild": _("10 VP per 5 skill tiles"),
    "keythedral": _("12 VP"),
    "key_market": _("2 VP per green worker"),
    "mercers_guild": _("5 VP per 3 different resources"),
    "scholar": _("3 VP per skill tile of one type"),
    "scribes": _("10 VP per saw + pick axe + anvil"),
    "village_hall": _("1 VP per worker of one colour"),
    "watermill": _("1 VP per resource of one type"),
    "windmill": _("5 VP per 5 resources"),
    "bakery": _("4 VP per resource + wheat + skill"),
    "dairy": _("7 VP per field with cows"),
    "granary": _("3 VP per 2 wheat"),
    "hillside": _("1 VP per tile of its field"),
    "truffle_orchard": _("5 VP per field with pigs"),
    "weaver": _("3 VP per field with sheep"),
}
# The engine's score categories (outcome breakdown), listed here for the catalog extraction.
SCORE_CATEGORIES = (_("Scoring tiles"), _("Sheep shelter"), _("Fields"), _("Tile points"),
                    _("Winter tiles"), _("Boats"), _("Turn-order tiles"), _("Gold"))
ROAD = (128, 92, 58)
WATER = (48, 128, 214)
FENCE = (70, 110, 50)
PANEL = (238, 231, 214)
GOLD = (212, 170, 40)
HILITE = (200, 40, 40)
WHITE = (255, 255, 255)
TILE_BACK = (222, 202, 160)
PURPLE = (120, 70, 160)


def _colours():
    from render.common import SEAT_STYLES
    return ([INK, MUTED, PAPER, PANEL, GOLD, HILITE, WHITE, ROAD, WATER, FENCE, TILE_BACK,
             PURPLE, (252, 250, 244), (220, 212, 194), (225, 120, 145), (235, 225, 200),
             (150, 120, 30), (236, 196, 48), (90, 90, 100)]
            + list(WORKER.values()) + list(RES_COLOUR.values()) + list(ANIMAL_COLOUR.values())
            + list(TYPE_COLOUR.values()) + [c for _, c in SEAT_STYLES])


# ----------------------------------------------------------------------------- small helpers
def _num(v, default=0) -> int:
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        return default


def _seat_index(view: dict, seat) -> int:
    seats = view.get("seats") or []
    return seats.index(seat) if seat in seats else 0


def _tile_name(tr, tile) -> str:
    """A tile's translated name ("Home {n}" gets its number)."""
    if isinstance(tile, str):
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(tile) or {}
        tile = {"name": data.get("name") or tile, "num": data.get("num")}
    if not isinstance(tile, dict):
        return "?"
    name = tile.get("name") or tile.get("id") or "?"
    if isinstance(name, dict):
        return text_of(tr, name, "?")
    num = tile.get("num")
    return tr(str(name), n=num if num is not None else "")


def _tile_type(tile: dict) -> str:
    season = tile.get("season") or ""
    if tile.get("face") or season == "boat" or str(tile.get("id") or "").startswith("boat"):
        return "boat"
    return season if season in TYPE_COLOUR else "other"


def _counts(d) -> dict:
    return {k: _num(v) for k, v in (d or {}).items()} if isinstance(d, dict) else {}


def _qty_list(tr, counts: dict, names: dict, order) -> list[str]:
    items = [k for k in order if counts.get(k)] + [k for k in counts if k not in order
                                                   and counts.get(k)]
    return [tr("{n} {what}", n=counts[k], what=tr(names.get(k, k))) for k in items]


def _workers_text(tr, counts) -> str:
    counts = _counts(counts)
    items = _qty_list(tr, counts, COLOUR_NAMES, COLOURS)
    return ", ".join(items) if items else tr("none")


def _animals_text(tr, counts) -> str:
    counts = _counts(counts)
    items = [tr(ANIMAL_PLURAL[a], n=counts[a]) for a in ANIMALS if counts.get(a)]
    return ", ".join(items)


# ----------------------------------------------------------------------------- glyphs
def _worker(d, cx, cy, h, colour) -> None:
    clansman(d, cx, cy, h, WORKER.get(colour, (200, 200, 200)))


def _cube(d, x, y, size, res) -> None:
    d.rectangle((x, y, x + size, y + size), fill=RES_COLOUR.get(res, (200, 0, 200)), outline=INK,
                width=2)


def _animal(d, cx, cy, r, sp, n=None) -> None:
    """An animal token of radius r: a woolly white sheep, a pink pig with ears, a dark cow
    with horns; with the count n written on it when given."""
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
    if n is not None:
        size = 14 if n < 10 else 14
        text(d, (cx, cy + r * 0.06), str(n), size=size, bold=True, fill=ink_for(fill),
             anchor="mm")


def _skill(d, cx, cy, r, sk) -> None:
    """A skill tile: a light square with a saw, pick axe or anvil."""
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=max(2, r // 4), fill=TILE_BACK,
                        outline=INK, width=2)
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
    d.line((cx, cy + r, cx, cy - r * 0.6), fill=(150, 120, 30), width=2)
    for k in range(3):
        y = cy - r * 0.7 + k * r * 0.45
        for s in (-1, 1):
            d.ellipse((cx + s * r * 0.05 - r * 0.22 + s * r * 0.2, y - r * 0.2,
                       cx + s * r * 0.05 + r * 0.22 + s * r * 0.2, y + r * 0.2),
                      fill=(236, 196, 48), outline=INK, width=1)


def _count_label(d, x, y, n, size=15) -> int:
    """'×n' left-anchored at (x, y centre); returns its width."""
    s = f"×{n}"
    stroked(d, (x, y), s, size=size, bold=True, anchor="lm", stroke_width=2)
    return text_width(s, size, True) + 4


def _worker_row(d, x, y, counts: dict, h=22, size=15) -> int:
    """Worker figures by colour with counts, from (x, y centre); returns the width used."""
    x0 = x
    for c in COLOURS:
        n = _num((counts or {}).get(c))
        if not n:
            continue
        _worker(d, x + h * 0.4, y, h, c)
        x += h * 0.8 + 2
        x += _count_label(d, x, y, n, size) + 6
    return int(x - x0)


def _skill_row(d, x, y, counts: dict, r=11, size=15) -> int:
    x0 = x
    for sk in SKILLS:
        n = _num((counts or {}).get(sk))
        if not n:
            continue
        _skill(d, x + r, y, r, sk)
        x += 2 * r + 3
        x += _count_label(d, x, y, n, size) + 6
    return int(x - x0)


# ----------------------------------------------------------------------------- a hex tile
def _slot_point(cx, cy, s, k):
    """Where slot k (edge k // 2, first or second half, clockwise) meets the tile's edge."""
    a, b = hex_edge(cx, cy, s, (k // 2) % 6)
    t = 0.25 if k % 2 == 0 else 0.75
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _edge_mid(cx, cy, s, i):
    a, b = hex_edge(cx, cy, s, i % 6)
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _lerp(p, q, t):
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def _regions(tile) -> list[list[int]]:
    out = []
    for reg in tile.get("regions") or []:
        if isinstance(reg, (list, tuple)):
            out.append([_num(k) % 12 for k in reg])
    return out


def _draw_hex_tile(d, tr, tile: dict, cx, cy, s, farmers=True, outline=INK, outline_w=2,
                   show_name=True, big: str | None = None):
    """Returns the box of the name (or None)."""
    """One tile as a flat-top hex at (cx, cy) with circumradius s."""
    kind = _tile_type(tile)
    fill = TYPE_COLOUR.get(kind, (230, 230, 230))
    corners = hex_corners(cx, cy, s)
    d.polygon(corners, fill=fill)
    edges = list(tile.get("edges") or [])[:6]
    edges += ["P"] * (6 - len(edges))
    regions = _regions(tile)
    region_of = {}
    for idx, reg in enumerate(regions):
        for k in reg:
            region_of[k] = idx
    # water: a band along each water edge; a river through the middle when there are two
    wi = [i for i, e in enumerate(edges) if e == "W"]
    for i in wi:
        a, b = hex_edge(cx, cy, s, i)
        d.polygon([a, b, _lerp(b, (cx, cy), 0.2), _lerp(a, (cx, cy), 0.2)], fill=WATER)
    if len(wi) >= 2:
        for i in wi:
            d.line((_edge_mid(cx, cy, s, i), (cx, cy)), fill=WATER, width=max(6, int(s / 5)))
        d.ellipse((cx - s / 10, cy - s / 10, cx + s / 10, cy + s / 10), fill=WATER)
    # field boundaries (The Farmers): between consecutive slots of different regions
    rw = max(4, int(s / 11))
    if farmers and len(regions) > 1 and region_of:
        for k in range(12):
            k2 = (k + 1) % 12
            if region_of.get(k) == region_of.get(k2):
                continue
            if k % 2 == 0:      # mid-edge boundary: a road, a river or a fence
                e = edges[k // 2]
                p = _edge_mid(cx, cy, s, k // 2)
                if e == "R":
                    d.line((p, (cx, cy)), fill=ROAD, width=rw)
                elif e == "P":
                    dashed_line(d, p, (cx, cy), fill=FENCE, width=3, dash=7, gap=5)
            else:               # a corner boundary
                p = hex_corners(cx, cy, s)[(5 + k // 2) % 6]
                dashed_line(d, p, (cx, cy), fill=FENCE, width=3, dash=7, gap=5)
    # roads that do not divide fields end as stubs
    for i, e in enumerate(edges):
        if e != "R":
            continue
        p = _edge_mid(cx, cy, s, i)
        divides = farmers and len(regions) > 1 and region_of.get(2 * i) != region_of.get(2 * i + 1)
        if not farmers:
            d.line((p, (cx, cy)), fill=ROAD, width=rw)
        elif not divides:
            d.line((p, _lerp(p, (cx, cy), 0.45)), fill=ROAD, width=rw)
    d.polygon(corners, outline=outline, width=outline_w)
    if tile.get("up"):
        d.polygon(hex_corners(cx, cy, s * 0.86), outline=GOLD, width=max(3, int(s / 18)))
        star(d, cx, cy - s * 0.62, max(7, s * 0.11), GOLD)
    if not show_name:
        return None
    if big:
        return stroked(d, (cx, cy), big, size=max(20, int(s * 0.7)), bold=True, anchor="mm",
                       stroke=fill, stroke_width=3)
    # the name (with a halo so that roads and fences do not hide it)
    size = 17 if s >= 88 else 16 if s >= 74 else 15 if s >= 62 else 14
    width = int(s * 1.55)
    lines = wrap(_tile_name(tr, tile), width, size, True)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), width, size, True)]
    lines = [fit(ln, width, size, True) for ln in lines]
    lh = size + 3
    y = cy - (len(lines) - 1) * lh / 2
    box = None
    for ln in lines:
        b = stroked(d, (cx, y), ln, size=size, bold=True, anchor="mm", stroke=fill,
                    stroke_width=3)
        box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]),
                                     max(box[3], b[3]))
        y += lh
    return box


def _region_point(cx, cy, s, reg: list[int]) -> tuple[float, float]:
    """A point well inside the region's part of the tile (its slots' centroid, pushed out)."""
    if reg and len(reg) < 12:
        pts = [_slot_point(cx, cy, s, k) for k in reg]
        mx = sum(p[0] for p in pts) / len(pts) - cx
        my = sum(p[1] for p in pts) / len(pts) - cy
        dist = math.hypot(mx, my)
        if dist > 1e-6:
            return cx + mx / dist * s * 0.56, cy + my / dist * s * 0.56
    return cx, cy + s * 0.5


def _inside(box, cx, cy, s) -> bool:
    """Is the box inside the flat-top hex (with a small margin)?"""
    r = s - 4
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(x - cx), abs(y - cy)
        if dy > SQRT3 / 2 * r or SQRT3 * dx + dy > SQRT3 * r:
            return False
    return True


def _overlaps(box, boxes) -> bool:
    return any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
               for b in boxes)


_GRID = [(fx / 10, fy / 40) for fx in range(-7, 8) for fy in range(-30, 31, 3)]


def _slot_at(dx, dy) -> int | None:
    """The slot (0-11) whose sector of the tile holds the offset (dx, dy) from the centre."""
    if abs(dx) < 1e-6 and abs(dy) < 1e-6:
        return None
    ang = math.degrees(math.atan2(dy, dx)) % 360
    return int(((ang - 240) % 360) // 30) % 12


def _place(cx, cy, s, w, h, want, boxes, region=None) -> tuple[float, float]:
    """The centre for a w×h item: the free spot inside the tile nearest to the wanted point
    (on a grid of a tenth of the hex size), inside the region's sector (a set of slots) when
    one is given and possible; the wanted point when nothing is free."""
    wx, wy = (want[0] - cx) / s, (want[1] - cy) / s
    cands = [(wx, wy)] + sorted(_GRID, key=lambda p: (p[0] - wx) ** 2 + (p[1] - wy) ** 2)
    best, best_cost = want, None
    for strict in ((True, False) if region else (False,)):
        for fx, fy in cands:
            if strict and _slot_at(fx, fy) not in region:
                continue
            x, y = cx + fx * s, cy + fy * s
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if not _inside(box, cx, cy, s):
                continue
            if not _overlaps(box, boxes):
                boxes.append(box)
                return x, y
            if not strict:      # crowded: remember the spot that overlaps least
                cost = _overlap_area(box, boxes)
                if best_cost is None or cost < best_cost:
                    best, best_cost = (x, y), cost
    boxes.append((best[0] - w / 2, best[1] - h / 2, best[0] + w / 2, best[1] + h / 2))
    return best


def _overlap_area(box, boxes) -> float:
    return sum(max(0, min(box[2], b[2]) - max(box[0], b[0]))
               * max(0, min(box[3], b[3]) - max(box[1], b[1])) for b in boxes)


def _place_row(cx, cy, s, fy, row, boxes) -> None:
    """Place items (width, height, draw(x_left, y_centre)) side by side around the row at
    cy + fy·s; each item moves on its own to a free spot when the row does not fit."""
    total = sum(w + 4 for w, _, _ in row)
    x = cx - total / 2
    for w, h, draw in row:
        px, py = _place(cx, cy, s, w, h, (x + w / 2, cy + fy * s), boxes)
        draw(px - w / 2, py)
        x += w + 4


def _draw_tile_contents(d, tr, tile: dict, cx, cy, s, name_box=None) -> None:
    """Resources and skills lying on the tile, workers standing on it this season, the boat
    face, the Sheep shelter, and the animals in their regions, placed so as not to overlap."""
    regions = _regions(tile)
    ar = max(11, int(s * 0.16))
    fs = 15 if s >= 60 else 14
    cw = lambda n: text_width(f"×{n}", fs, True) + 4  # noqa: E731
    boxes = [name_box or (cx - s * 0.62, cy - s * 0.2, cx + s * 0.62, cy + s * 0.2)]
    if tile.get("up"):
        boxes.append((cx - s * 0.13, cy - s * 0.75, cx + s * 0.13, cy - s * 0.5))
    # resources and skills lying on the tile: a row above the name, one item per kind
    res = _counts(tile.get("res"))
    items = [(r, res[r]) for r in RESOURCES if res.get(r)] + \
        [(r, n) for r, n in res.items() if r not in RESOURCES and n]
    skills = _counts(tile.get("skills"))
    cs = max(13, int(s * 0.18))
    row = []
    for r, n in items:
        row.append((cs + 3 + (cw(n) if n > 1 else 0), cs + 2,
                    lambda x, y, r=r, n=n: (_cube(d, x, y - cs / 2, cs, r),
                                            n > 1 and _count_label(d, x + cs + 3, y, n, fs))))
    for k in SKILLS:
        if skills.get(k):
            n = skills[k]
            row.append((cs + 3 + (cw(n) if n > 1 else 0), cs + 2,
                        lambda x, y, k=k, n=n: (_skill(d, x + cs / 2, y, cs // 2 + 1, k),
                                                n > 1 and _count_label(d, x + cs + 3, y, n, fs))))
    _place_row(cx, cy, s, -0.42, row, boxes)
    # workers standing on the tile this season: a row below the name, one item per colour
    on = _counts(((tile.get("site") or {}).get("on")))
    h = max(18, int(s * 0.28))
    row = [(h * 0.8 + 2 + cw(on[c]), h,
            lambda x, y, c=c: _worker_row(d, x, y, {c: on[c]}, h, fs))
           for c in COLOURS if on.get(c)]
    _place_row(cx, cy, s, 0.55, row, boxes)
    face = tile.get("face")
    if face:
        fw = text_width(str(face), fs, True) + 6
        x, y = _place(cx, cy, s, fw, fs + 6, (cx + s * 0.5, cy + s * 0.6), boxes)
        stroked(d, (x, y), str(face), size=fs, bold=True, anchor="mm", stroke_width=2)
    shelter = _num(tile.get("shelter"))
    if shelter:
        x, y = _place(cx, cy, s, 2 * ar + 12, 2 * ar + 12, (cx, cy + s * 0.4), boxes)
        d.rounded_rectangle((x - ar - 6, y - ar - 6, x + ar + 6, y + ar + 6), radius=6,
                            fill=PURPLE, outline=INK, width=2)
        _animal(d, x, y, ar, "sheep", shelter)
    # animals where they stand, one group per region
    animals = tile.get("animals") or {}
    if isinstance(animals, dict):
        for idx in sorted(animals, key=lambda k: _num(k)):
            counts = _counts(animals.get(idx))
            group = [(a, counts[a]) for a in ANIMALS if counts.get(a)]
            if not group:
                continue
            i = _num(idx)
            reg = regions[i] if 0 <= i < len(regions) else []
            w = len(group) * (2 * ar + 4)
            x, y = _place(cx, cy, s, w, 2 * ar + 4, _region_point(cx, cy, s, reg), boxes,
                          set(reg) if 0 < len(reg) < 12 else None)
            x -= w / 2
            for a, n in group:
                _animal(d, x + ar + 2, y, ar, a, n)
                x += 2 * ar + 4


# ----------------------------------------------------------------------------- header
def _season_label(tr, view) -> str:
    season = str(view.get("season") or "")
    return tr(SEASON_NAMES.get(season, season.capitalize() or "?"))


_PHASES = {"winter_pick": _("choosing the winter tiles they offer"),
           "boats": _("choosing a boat"), "place": _("building new tiles into their village"),
           "flip": _("Flipper: choosing a tile to upgrade")}
_STEPS = {"target": _("choosing a tile"), "colour": _("choosing a colour"),
          "workers": _("choosing how many workers"), "effect": _("using a tile")}


def _header(view, tr) -> tuple[str, str]:
    seats = view.get("seats") or []
    if view.get("finished") or view.get("phase") == "over":
        outcome = view.get("outcome") or {}
        winners = outcome.get("winners") or []
        sub = tr("Winner: {players}", players=", ".join(map(str, winners))) if winners else ""
        if outcome.get("tiebreak"):
            sub += " — " + text_of(tr, outcome.get("tiebreak"))
        return tr("Keyflower — game over"), sub
    title = tr("Keyflower — {season} (season {n} of 4)", season=_season_label(tr, view),
               n=_num(view.get("round"), 1) or 1)
    to_act = [s for s in view.get("to_act") or [] if s in seats] or list(view.get("to_act") or [])
    phase = view.get("phase") or ""
    who = ", ".join(map(str, to_act)) or "—"
    if phase in _PHASES:
        sub = tr("Waiting for {players}: {what}", players=who, what=tr(_PHASES[phase]))
    else:
        sub = tr("{player} to play", player=who)
        pend = view.get("pending") or {}
        step = pend.get("step")
        if step in _STEPS:
            what = tr(_STEPS[step])
            tile = pend.get("tile")
            if tile:
                what = tr("{what}: {tile}", what=what, tile=_tile_name(tr, _find_tile(view, tile)))
            sub += " — " + what
    return title, sub


def _find_tile(view, tid):
    for t in (view.get("auction") or []) + (view.get("turn_order") or []):
        if isinstance(t, dict) and t.get("id") == tid:
            return t
    for p in (view.get("players") or {}).values():
        for t in (p.get("village") or []) + (p.get("to_place") or []):
            if isinstance(t, dict) and t.get("id") == tid:
                return t
    return tid


# ----------------------------------------------------------------------------- auction
def _bids_text(tr, t: dict) -> str:
    """The bids on a tile in words for the alt text ("A 2 red; B 3 red"), or ""."""
    return "; ".join(tr("{player} {n} {colour}", player=s_, n=n, colour=tr(COLOUR_NAMES.get(c, c)))
                     for s_, c, n, _lead in _bid_lines(t.get("site") or {}))


def _bid_lines(site: dict) -> list[tuple[str, str, int, bool]]:
    bids = site.get("bids") or {}
    leader = site.get("leader")
    out = []
    for seat, b in bids.items():
        if not isinstance(b, dict) or not _num(b.get("n")):
            continue
        out.append((seat, str(b.get("colour") or ""), _num(b.get("n")), seat == leader))
    out.sort(key=lambda x: (-x[2], not x[3]))
    return out


CARD_LINE = 28
GOOD_NAMES = {**RES_NAMES, **ANIMAL_NAMES, **SKILL_NAMES, "wheat": _("wheat"), "skill": _("skill"),
              "worker": _("worker"), "green": _("green worker"), "any_res": _("any resource"),
              "any_skill": _("any skill"), "worker_blue": _("blue worker"),
              "worker_red": _("red worker"), "worker_yellow": _("yellow worker")}


def _goods(tr, d: dict, plus=False) -> str:
    parts = []
    for k, n in (d or {}).items():
        what = tr(GOOD_NAMES.get(k, k))
        parts.append(tr("+{n} {what}", n=n, what=what) if plus else
                     tr("{n} {what}", n=n, what=what))
    return ", ".join(parts)


def _effect_text(tr, tile: dict) -> str:
    """What the tile's visible side does, in a few words (auction cards)."""
    kind = str(tile.get("id") or "")
    if tile.get("season") == "winter" and kind in WINTER_HELP:
        return tr(WINTER_HELP[kind])
    if tile.get("face_help"):
        return text_of(tr, tile.get("face_help"))
    side = tile.get("back") if tile.get("up") else tile.get("front")
    if not isinstance(side, dict):
        return ""
    bits = []
    gain = _goods(tr, side.get("gain"), plus=True) if isinstance(side.get("gain"), dict) else ""
    if isinstance(side.get("choose"), list):
        opts = [_goods(tr, o, plus=True) for o in side["choose"] if isinstance(o, dict)]
        gain = " / ".join(x for x in [gain] + opts if x)
    if isinstance(side.get("pay"), dict) and side["pay"]:
        bits.append(tr("pay {goods}: {gain}", goods=_goods(tr, side["pay"]), gain=gain or "—"))
    elif gain:
        bits.append(gain)
    tp = side.get("transport")
    if isinstance(tp, (list, tuple)) and len(tp) == 2:
        bits.append(tr("transport {n}, upgrade {u}", n=tp[0], u=tp[1]))
    if side.get("swap"):
        bits.append(tr("swap a skill for {n}", n=side["swap"]))
    sot = side.get("score_on_tile")
    if isinstance(sot, dict):
        acc = "/".join(tr(GOOD_NAMES.get(a, a)) for a in sot.get("accepts") or [])
        bits.append(tr("{n} VP per {what} on it", n=sot.get("vp", 0), what=acc))
    if side.get("shelter_vp"):
        bits.append(tr("{n} VP per sheep on it", n=side["shelter_vp"]))
    if _num(side.get("vp")):
        bits.append(tr("{n} VP", n=side["vp"]))
    return "; ".join(bits)


def _card_height(tile: dict, s: float) -> int:
    site = tile.get("site") or {}
    h = int(SQRT3 * s) + 14 + 19 * len(tile.get("_effect") or [])
    if site.get("colour"):
        h += 24
    h += CARD_LINE * len(_bid_lines(site))
    if any(_counts(site.get("on")).values()):
        h += CARD_LINE
    if tile.get("owner"):
        h += CARD_LINE
    return h + 6


def _draw_card(d, view, tr, tile: dict, x0, y0, w, s, farmers, big=None) -> None:
    """An auction (or turn-order) tile: the hex, its lock, its bids and its users."""
    site = tile.get("site") or {}
    cx, cy = x0 + w / 2, y0 + SQRT3 * s / 2 + 4
    lock = site.get("colour")
    if lock:
        d.polygon(hex_corners(cx, cy, s + 5), fill=WORKER.get(lock, MUTED))
    nb = _draw_hex_tile(d, tr, tile, cx, cy, s, farmers, big=big)
    _draw_tile_contents(d, tr, {k: v for k, v in tile.items() if k != "site"}, cx, cy, s, nb)
    y = y0 + SQRT3 * s + 12
    for ln in tile.get("_effect") or []:
        text(d, (x0 + w / 2, y + 8), ln, size=14, anchor="mm")
        y += 19
    y += 2
    if lock:
        label = fit(tr("{colour} lock", colour=tr(COLOUR_NAMES.get(lock, lock))), w - 28, 15, True)
        d.rectangle((x0 + 6, y + 1, x0 + 20, y + 15), fill=WORKER.get(lock, MUTED), outline=INK)
        text(d, (x0 + 26, y), label, size=15, bold=True)
        y += 24
    for seat, colour, n, lead in _bid_lines(site):
        idx = _seat_index(view, seat)
        cy2 = y + CARD_LINE / 2 - 2
        seat_badge(d, (x0 + 18, cy2), idx, 12)
        _worker(d, x0 + 44, cy2, 22, colour)
        text(d, (x0 + 56, cy2), f"×{n}", size=16, bold=True, anchor="lm")
        if lead:
            star(d, x0 + 104, cy2, 10, GOLD)
            if w >= 170:
                text(d, (x0 + 118, cy2), fit(tr("leads"), w - 122, 14), size=14, anchor="lm")
        y += CARD_LINE
    on = _counts(site.get("on"))
    if any(on.values()):
        label = tr("used:")
        text(d, (x0 + 6, y + CARD_LINE / 2 - 2), label, size=14, anchor="lm", fill=MUTED)
        _worker_row(d, x0 + 10 + text_width(label, 14), y + CARD_LINE / 2 - 2, on, 20, 15)
        y += CARD_LINE
    owner = tile.get("owner")
    if owner:
        seat_badge(d, (x0 + 18, y + CARD_LINE / 2 - 2), _seat_index(view, owner), 12)
        text(d, (x0 + 36, y + CARD_LINE / 2 - 2), fit(tr("won by {player}", player=owner),
                                                        w - 40, 14), size=14, anchor="lm")


def _card_layout(tiles, width, max_w=180, min_w=128):
    n = max(1, len(tiles))
    per_row = max(1, min(n, width // min_w))
    rows = math.ceil(n / per_row)
    per_row = math.ceil(n / rows)
    w = min(max_w, width // per_row)
    s = min(62, (w - 16) / 2)
    return per_row, rows, w, s


def _with_effect(tr, tiles, w):
    """The tiles with their effect text wrapped to the card (at most 2 lines)."""
    out = []
    for t in tiles:
        lines = wrap(_effect_text(tr, t), w - 14, 14)
        most = 3 if t.get("face_help") else 2
        if len(lines) > most:
            lines = lines[:most - 1] + [fit(" ".join(lines[most - 1:]), w - 14, 14)]
        out.append({**t, "_effect": [fit(ln, w - 14, 14) for ln in lines]})
    return out


def _draw_auction(d, view, tr, x0, y0, width, farmers, measure=False) -> int:
    tiles = [t for t in view.get("auction") or [] if isinstance(t, dict)]
    title = tr("On auction this season ({n} tiles)", n=len(tiles))
    per_row, rows, w, s = _card_layout(tiles, width)
    tiles = _with_effect(tr, tiles, w - 6)
    heights = []
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        heights.append(max([_card_height(t, s) for t in line] + [int(SQRT3 * s) + 20]))
    total = 34 + sum(heights) + 8 * rows if tiles else 70
    if measure:
        return total
    text(d, (x0, y0), title, size=22, bold=True)
    hint = tr("bids: seat, workers, count; ★ leads")
    text(d, (x0 + width, y0 + 4), fit(hint, width // 2, 15), size=15, fill=MUTED, anchor="ra")
    if not tiles:
        text(d, (x0, y0 + 40), tr("No tiles on auction."), size=18, fill=MUTED)
    y = y0 + 34
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        for k, t in enumerate(line):
            cx0 = x0 + k * w
            rounded(d, (cx0 + 3, y, cx0 + w - 3, y + heights[r]), fill=(252, 250, 244),
                    radius=10, width=1)
            _draw_card(d, view, tr, t, cx0 + 3, y + 2, w - 6, s, farmers)
        y += heights[r] + 8
    return total


# ----------------------------------------------------------------------------- boats & order
BOAT_H = 150


def _draw_boats(d, view, tr, x0, y0, width) -> int:
    boats = [b for b in view.get("boats") or [] if isinstance(b, dict)]
    text(d, (x0, y0), tr("Boats"), size=22, bold=True)
    if not boats:
        text(d, (x0, y0 + 40), tr("No boats."), size=18, fill=MUTED)
        return BOAT_H
    w = min(250, width // len(boats))
    y = y0 + 32
    for k, b in enumerate(boats):
        bx = x0 + k * w
        box = (bx + 3, y, bx + w - 5, y + BOAT_H - 40)
        rounded(d, box, fill=TYPE_COLOUR["boat"], radius=10, width=2)
        name = tr(str(b.get("name") or b.get("id") or "?"))
        face = b.get("face")
        side = tr("side {face}", face=str(face).upper()) if face else ""
        sw = text_width(side, 14) + 10 if side else 0
        if text_width(name, 17, True) + sw > w - 24:
            sw = 0      # a narrow box: the side goes to the bottom corner
            if side:
                text(d, (bx + w - 14, y + BOAT_H - 46), side, size=14, anchor="rd")
        elif side:
            text(d, (bx + w - 14, y + 8), side, size=14, anchor="ra")
        text(d, (bx + 12, y + 6), fit(name, w - 24 - sw, 17, True), size=17, bold=True)
        owner = b.get("owner")
        if owner:
            seat_badge(d, (bx + 24, y + 48), _seat_index(view, owner), 13)
            text(d, (bx + 42, y + 48), fit(tr("taken by {player}", player=owner), w - 55, 15),
                 size=15, anchor="lm")
            continue
        workers = _counts(b.get("workers"))
        skills = _counts(b.get("skills"))
        if any(workers.values()):
            _worker_row(d, bx + 12, y + 48, workers, 24, 16)
        else:
            text(d, (bx + 12, y + 48), tr("no workers"), size=15, fill=MUTED, anchor="lm")
        if any(skills.values()):
            _skill_row(d, bx + 12, y + 84, skills, 12, 16)
        else:
            text(d, (bx + 12, y + 84), tr("no skill tiles"), size=15, fill=MUTED, anchor="lm")
    return BOAT_H


def _draw_turn_order(d, view, tr, x0, y0, width, farmers, measure=False) -> int:
    tiles = [t for t in view.get("turn_order") or [] if isinstance(t, dict)]
    if not tiles:
        return 0
    w = max(110, min(124, width // len(tiles)))
    s = min(44, (w - 16) / 2)
    h = 32 + max(_card_height(t, s) for t in tiles)
    if measure:
        return h
    text(d, (x0, y0), fit(tr("Turn-order tiles"), width, 22, True), size=22, bold=True)
    for k, t in enumerate(tiles):
        cx0 = x0 + k * w
        rounded(d, (cx0 + 3, y0 + 32, cx0 + w - 3, y0 + h), fill=(252, 250, 244), radius=10,
                width=1)
        num = t.get("num")
        _draw_card(d, view, tr, t, cx0 + 3, y0 + 34, w - 6, s, farmers,
                   big=str(num) if num is not None else None)
    return h


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


def _draw_legend(d, tr, x0, y0, width, farmers, measure=False) -> int:
    x, y = x0, y0
    for kind, key, label in _legend_items(tr, farmers):
        w = 30 + text_width(label, 15) + 16
        if x + w > x0 + width:
            x, y = x0, y + 30
        if not measure:
            cy = y + 11
            if kind == "type":
                d.polygon(hex_corners(x + 11, cy, 11), fill=TYPE_COLOUR[key], outline=INK)
            elif kind == "road":
                d.line((x, cy, x + 22, cy), fill=ROAD, width=6)
            elif kind == "water":
                d.rectangle((x, cy - 5, x + 22, cy + 5), fill=WATER)
            elif kind == "fence":
                dashed_line(d, (x, cy), (x + 24, cy), fill=FENCE, width=3, dash=6, gap=4)
            elif kind == "up":
                d.polygon(hex_corners(x + 11, cy, 11), fill=PAPER, outline=GOLD, width=3)
                star(d, x + 11, cy, 6, GOLD)
            elif kind == "worker":
                _worker(d, x + 11, cy, 22, key)
            elif kind == "res":
                _cube(d, x + 3, cy - 8, 16, key)
            elif kind == "animal":
                _animal(d, x + 11, cy, 9, key)
            elif kind == "skill":
                _skill(d, x + 11, cy, 10, key)
            text(d, (x + 28, cy), label, size=15, anchor="lm")
        x += w
    return y + 30 - y0


# ----------------------------------------------------------------------------- villages
def _placing_cell(view, seat) -> tuple[int, int] | None:
    """The empty space a player picked for the tile being built (placement phase)."""
    placing = view.get("placing")
    pl = placing.get(seat) if isinstance(placing, dict) else None
    spot = pl.get("hex") if isinstance(pl, dict) else None
    try:
        q, r = (spot.split(",") if isinstance(spot, str) else spot)
        return int(q), int(r)
    except (TypeError, ValueError, AttributeError):
        return None


def _village_cells(p: dict, extra=None) -> list[tuple[int, int]]:
    out = [extra] if extra else []
    for t in p.get("village") or []:
        pos = t.get("pos") if isinstance(t, dict) else None
        if isinstance(pos, (list, tuple)) and len(pos) == 2:
            out.append((_num(pos[0]), _num(pos[1])))
    return out or [(0, 0)]


def _player_lines(view, tr, seat, p) -> list[str]:
    village = [t for t in p.get("village") or [] if isinstance(t, dict)]
    vp = sum(_num(t.get("vp")) for t in village)
    gold = sum(_counts(t.get("res")).get("gold", 0) for t in village)
    facts = [tr("{n} tiles", n=len(village)), tr("tile VP {n}", n=vp),
             tr("winter tiles in hand: {n}", n=_num(p.get("winter_hand_count")))]
    if gold:
        facts.append(tr("gold on tiles: {n}", n=gold))
    lines = [" · ".join(facts)]
    second = []
    animals = {a: 0 for a in ANIMALS}
    for f in p.get("fields") or []:
        for a, n in _counts((f or {}).get("animals")).items():
            animals[a] = animals.get(a, 0) + n
    for t in village:
        animals["sheep"] += _num(t.get("shelter"))
    at = _animals_text(tr, animals)
    if at:
        second.append(tr("animals: {list}", list=at))
    boats = p.get("summer_boats") or []
    if boats:
        second.append(tr("summer boats: {list}", list=", ".join(map(str, boats))))
    if view.get("phase") == "winter_pick":
        second.append(tr("winter tiles offered") if p.get("winter_done")
                      else tr("choosing winter tiles"))
    if p.get("boat_rank") is not None:
        second.append(tr("boat choice #{n}", n=_num(p.get("boat_rank")) + 1))
    if second:
        lines.append(" · ".join(second))
    to_place = [t for t in p.get("to_place") or [] if t]
    if to_place:
        lines.append(tr("won, to build: {tiles}", tiles=", ".join(_tile_name(tr, t)
                                                                   for t in to_place)))
    parts = ((view.get("outcome") or {}).get("breakdown") or {}).get(seat)
    if isinstance(parts, dict) and parts:
        lines.append(" · ".join(tr("{what} {n}", what=tr(str(k)), n=v)
                                for k, v in parts.items() if v) or tr("no points"))
    final = (view.get("final") or {}).get(seat)
    if isinstance(final, dict):
        lines.append(tr("screen: {workers}; skills: {skills}; wheat {n}",
                        workers=_workers_text(tr, final.get("workers")),
                        skills=", ".join(_qty_list(tr, _counts(final.get("skills")), SKILL_NAMES,
                                                   SKILLS)) or tr("none"),
                        n=_num(final.get("wheat"))))
    return lines


HEAD_LINE = 22


def _head_height(view, tr, seat, p, width) -> int:
    n = sum(len(wrap(line, width - 32, 16)[:2]) for line in _player_lines(view, tr, seat, p))
    return 54 + n * HEAD_LINE + 6


def _draw_player(d, view, tr, seat, p, box, s, head_h, farmers) -> None:
    x0, y0, x1, y1 = box
    idx = _seat_index(view, seat)
    _, colour = seat_style(idx)
    to_act = seat in (view.get("to_act") or []) and not view.get("finished")
    rounded(d, box, fill=PANEL, radius=14, width=5 if to_act else 2,
            outline=colour if to_act else INK)
    seat_badge(d, (x0 + 30, y0 + 28), idx, 20)
    score = ((view.get("outcome") or {}).get("scores") or {}).get(seat)
    name_w = x1 - x0 - 80 - (150 if score is not None else 0)
    name = fit(str(seat), name_w, 24, True)
    text(d, (x0 + 60, y0 + 12), name, size=24, bold=True)
    tx = x0 + 72 + text_width(name, 24, True)
    if p.get("purple"):
        label = tr("start player")
        lw = text_width(label, 15, True) + 16
        if tx + lw < x1 - 20:
            rounded(d, (tx, y0 + 14, tx + lw, y0 + 40), fill=PURPLE, radius=8, width=1)
            text(d, (tx + 8, y0 + 27), label, size=15, bold=True, fill=WHITE, anchor="lm")
            tx += lw + 10
    if to_act:
        label = tr("to play")
        if tx + text_width(label, 17, True) < x1 - 20:
            text(d, (tx, y0 + 27), label, size=17, bold=True, fill=HILITE, anchor="lm")
    if score is not None:
        text(d, (x1 - 16, y0 + 12), tr("{n} VP", n=score), size=26, bold=True, anchor="ra")
    y = y0 + 52
    for line in _player_lines(view, tr, seat, p):
        for k, ln in enumerate(wrap(line, x1 - x0 - 32, 16)[:2]):
            bold = y == y0 + 52
            text(d, (x0 + 16, y), fit(ln, x1 - x0 - 32, 16, bold), size=16, bold=bold)
            y += HEAD_LINE
    # the village map
    cells = _village_cells(p, _placing_cell(view, seat))
    bx0, by0, bx1, by1 = axial_bounds(cells)
    mx0, my0 = x0 + 10, y0 + head_h
    mw, mh = x1 - x0 - 20, y1 - 8 - my0
    ox = mx0 + (mw - (bx1 - bx0) * s) / 2 - bx0 * s
    oy = my0 + (mh - (by1 - by0) * s) / 2 - by0 * s
    for t in p.get("village") or []:
        if not isinstance(t, dict):
            continue
        pos = t.get("pos")
        if not (isinstance(pos, (list, tuple)) and len(pos) == 2):
            continue
        px, py = axial_to_pixel(_num(pos[0]), _num(pos[1]), s)
        nb = _draw_hex_tile(d, tr, t, ox + px, oy + py, s - 1, farmers)
        _draw_tile_contents(d, tr, t, ox + px, oy + py, s - 1, nb)
    spot = _placing_cell(view, seat)
    if spot:        # the space picked for the tile being built: a dashed outline
        px, py = axial_to_pixel(spot[0], spot[1], s)
        corners = hex_corners(ox + px, oy + py, s - 3)
        for k in range(6):
            dashed_line(d, corners[k], corners[(k + 1) % 6], fill=colour, width=4, dash=9, gap=6)
        tile = (view.get("placing") or {}).get(seat, {}).get("tile")
        for k, ln in enumerate(wrap(_tile_name(tr, _find_tile(view, tile)), int(s * 1.5), 14,
                                    True)[:2]):
            stroked(d, (ox + px, oy + py - 9 + 18 * k), ln, size=14, bold=True, anchor="mm")


def _village_units(view) -> dict:
    out = {}
    for seat, p in (view.get("players") or {}).items():
        b = axial_bounds(_village_cells(p or {}, _placing_cell(view, seat)))
        out[seat] = (b[2] - b[0], b[3] - b[1])
    return out


# ----------------------------------------------------------------------------- board
def _village_layout(view, tr, order, villages_top):
    """Panels in 2 columns (3 when that gives bigger hexes, 1 for a lone player) and the hex
    size: as big as the widest village allows, then shrunk until the image fits MAX_HEIGHT."""
    players = view.get("players") or {}
    units = _village_units(view)
    inner = WIDTH - 2 * MARGIN
    n = len(order)
    best = None
    for cols in ((1,) if n <= 1 else (2, 3) if n >= 5 else (2,)):
        pw = (inner - (cols - 1) * 20) // cols
        lines = [order[i:i + cols] for i in range(0, n, cols)]
        heads = [max([_head_height(view, tr, x, players[x] or {}, pw) for x in line] + [60])
                 for line in lines]
        row_units = [max(units[x][1] for x in line) for line in lines]
        s = min(96.0, min([(pw - 24) / units[x][0] for x in order] + [96.0]))
        fixed = villages_top + sum(h + 16 + 20 for h in heads) + 10
        if row_units and fixed + sum(row_units) * s > MAX_HEIGHT:
            s = max(12.0, (MAX_HEIGHT - fixed) / sum(row_units))
        if best is None or s > best[5] + 4:
            best = (cols, pw, lines, heads, row_units, s, fixed)
    return best


def render_board(view: dict, tr):
    view = view or {}
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in seats if s in players] + [s for s in players if s not in seats]
    farmers = bool((view.get("options") or {}).get("farmers", True))
    inner = WIDTH - 2 * MARGIN

    top = 104
    auction_h = _draw_auction(None, view, tr, MARGIN, 0, inner, farmers, measure=True)
    n_to = len([t for t in view.get("turn_order") or [] if isinstance(t, dict)])
    n_boats = len([b for b in view.get("boats") or [] if isinstance(b, dict)])
    to_w = min(600, max(124 * n_to, text_width(tr("Turn-order tiles"), 22, True) + 10)) \
        if n_to else 0
    to_h = _draw_turn_order(None, view, tr, 0, 0, to_w, farmers, measure=True) if to_w else 0
    stacked = bool(to_w) and 236 * n_boats + to_w + 20 > inner   # two rows when too wide
    row2_h = BOAT_H + 10 + to_h if stacked else max(BOAT_H, to_h)
    legend_h = _draw_legend(None, tr, MARGIN, 0, inner, farmers, measure=True)
    villages_top = top + auction_h + 14 + row2_h + 10 + legend_h + 14

    layout = _village_layout(view, tr, order, villages_top)
    cols, pw, lines, heads, row_units, s, fixed = layout
    height = int(fixed + sum(row_units) * s)
    img, d = canvas(WIDTH, height, PAPER)

    title, sub = _header(view, tr)
    text(d, (MARGIN, 16), fit(title, inner, 34, True), size=34, bold=True)
    info = tr("bag: {n} workers · green workers left: {g} · skill pile: {k}",
              n=_num(view.get("bag_count")), g=_num(view.get("green_supply")),
              k=_num(view.get("skill_pile")))
    text(d, (MARGIN, 60), fit(sub, inner - text_width(info, 16) - 30, 22), size=22)
    text(d, (WIDTH - MARGIN, 64), info, size=16, fill=MUTED, anchor="ra")
    d.line((MARGIN, 96, WIDTH - MARGIN, 96), fill=INK, width=2)

    y = top
    _draw_auction(d, view, tr, MARGIN, y, inner, farmers)
    y += auction_h + 14
    boats_w = inner - (to_w + 20 if to_w and not stacked else 0)
    _draw_boats(d, view, tr, MARGIN, y, boats_w)
    if stacked:
        _draw_turn_order(d, view, tr, MARGIN, y + BOAT_H + 10, to_w, farmers)
    elif to_w:
        _draw_turn_order(d, view, tr, WIDTH - MARGIN - to_w, y, to_w, farmers)
    y += row2_h + 10
    _draw_legend(d, tr, MARGIN, y, inner, farmers)
    y += legend_h + 14
    for li, line in enumerate(lines):
        ph = heads[li] + int(row_units[li] * s) + 16
        for ci, seat in enumerate(line):
            x = MARGIN + ci * (pw + 20)
            _draw_player(d, view, tr, seat, players[seat] or {}, (x, y, x + pw, y + ph), s,
                         heads[li], farmers)
        y += ph + 20
    return finish(compact(img, _colours()), board_alt(view, tr), "keyflower.png")


def board_alt(view: dict, tr) -> str:
    """The position in words; seats first so that every seat is named within 1024 chars."""
    title, sub = _header(view, tr)
    parts = [f"{title}. {sub.rstrip('.')}." if sub else f"{title}."]
    players = view.get("players") or {}
    scores = (view.get("outcome") or {}).get("scores") or {}
    for seat in view.get("seats") or []:
        p = players.get(seat) or {}
        village = [t for t in p.get("village") or [] if isinstance(t, dict)]
        bits = [tr("{n} tiles", n=len(village)),
                tr("tile VP {n}", n=sum(_num(t.get("vp")) for t in village)),
                tr("winter tiles in hand: {n}", n=_num(p.get("winter_hand_count")))]
        animals = {a: 0 for a in ANIMALS}
        for f in p.get("fields") or []:
            for a, n in _counts((f or {}).get("animals")).items():
                animals[a] = animals.get(a, 0) + n
        at = _animals_text(tr, animals)
        if at:
            bits.append(at)
        if p.get("purple"):
            bits.append(tr("start player"))
        if view.get("phase") == "winter_pick":
            bits.append(tr("winter tiles offered") if p.get("winter_done")
                        else tr("choosing winter tiles"))
        if seat in scores:
            bits.append(tr("{n} VP", n=scores[seat]))
        parts.append(f"{seat}: " + ", ".join(bits) + ".")
    items = []
    for t in view.get("auction") or []:
        if not isinstance(t, dict):
            continue
        b = _bids_text(tr, t)
        items.append(f"{_tile_name(tr, t)} ({b})" if b else _tile_name(tr, t))
    if items:
        parts.append(tr("On auction: {items}.", items=", ".join(items)))
    order = []
    for t in view.get("turn_order") or []:
        if not isinstance(t, dict):
            continue
        b = _bids_text(tr, t)
        if b:
            order.append(f"{_tile_name(tr, t)} ({b})")
    if order:
        parts.append(tr("Turn-order bids: {items}.", items=", ".join(order)))
    boats = []
    for b in view.get("boats") or []:
        if not isinstance(b, dict):
            continue
        if b.get("owner"):
            boats.append(tr("{boat} taken by {player}", boat=tr(str(b.get("name"))),
                            player=b.get("owner")))
        else:
            w = _counts(b.get("workers"))
            boats.append(tr("{boat}: {workers}", boat=tr(str(b.get("name"))),
                            workers=_workers_text(tr, w)) if any(w.values())
                         else tr("{boat}: empty", boat=tr(str(b.get("name")))))
    if boats:
        parts.append(tr("Boats: {items}.", items="; ".join(boats)))
    return " ".join(parts)


# ----------------------------------------------------------------------------- private
def _winter_names(tr, ids, help=False) -> list[str]:
    out = []
    for t in ids or []:
        name = _tile_name(tr, t)
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(t) or {}
        kind = str(data.get("winter") or t)
        if help and kind in WINTER_HELP:
            name = tr("{tile} ({help})", tile=name, help=tr(WINTER_HELP[kind]))
        out.append(name)
    return out


def render_hand(view: dict, tr):
    """The seat's screen and winter hand; None for a spectator view."""
    seat, p = own_seat(view or {})
    if seat is None:
        return None
    priv = (view or {}).get("private") or {}
    workers = _counts(priv.get("workers"))
    skills = _counts(priv.get("skills"))
    wheat = _num(priv.get("wheat"))
    hand = [t for t in priv.get("winter_hand") or []]
    picked = set(priv.get("winter_pick") or [])
    farmers = bool(((view or {}).get("options") or {}).get("farmers", True))
    W = 1200
    hs = 70
    per_row = 6
    hand_rows = max(1, math.ceil(len(hand) / per_row))
    height = 330 + hand_rows * int(SQRT3 * hs + 84) + 30
    img, d = canvas(W, height, PAPER)
    idx = _seat_index(view, seat)
    seat_badge(d, (50, 44), idx, 24)
    text(d, (90, 22), fit(tr("{player}: behind your screen", player=seat), W - 120, 30, True),
         size=30, bold=True)
    text(d, (90, 62), fit(tr("Only you can see this."), W - 120, 17), size=17, fill=MUTED)
    y = 110
    text(d, (40, y), tr("Workers"), size=22, bold=True)
    x = 200
    for c in COLOURS:
        _worker(d, x + 16, y + 14, 36, c)
        label = tr("{n} {what}", n=workers.get(c, 0), what=tr(COLOUR_NAMES[c]))
        text(d, (x + 40, y + 14), label, size=20, bold=True, anchor="lm")
        x += 60 + max(120, text_width(label, 20, True))
    y += 60
    text(d, (40, y), tr("Skill tiles"), size=22, bold=True)
    x = 200
    for k in SKILLS:
        _skill(d, x + 16, y + 14, 16, k)
        label = tr("{n} {what}", n=skills.get(k, 0), what=tr(SKILL_NAMES[k]))
        text(d, (x + 40, y + 14), label, size=20, bold=True, anchor="lm")
        x += 60 + max(120, text_width(label, 20, True))
    y += 60
    if farmers or wheat:
        text(d, (40, y), tr("Wheat"), size=22, bold=True)
        _wheat(d, 216, y + 14, 16)
        text(d, (240, y + 14), str(wheat), size=20, bold=True, anchor="lm")
        y += 60
    text(d, (40, y), tr("Winter tiles in hand ({n})", n=len(hand)), size=22, bold=True)
    if picked:
        text(d, (W - 40, y + 4), tr("gold outline: chosen to offer"), size=16, fill=MUTED,
             anchor="ra")
    y += 40
    if not hand:
        text(d, (40, y), tr("none"), size=18, fill=MUTED)
    cw = (W - 80) // per_row
    for k, tid in enumerate(hand):
        r, c = divmod(k, per_row)
        cx = 40 + c * cw + cw / 2
        cy = y + r * (SQRT3 * hs + 84) + SQRT3 * hs / 2
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(tid) or {}
        tile = {"id": tid, "name": data.get("name") or tid, "season": "winter",
                "edges": list(data.get("edges") or "RPPPPP"), "regions": [list(range(12))]}
        if tid in picked:
            d.polygon(hex_corners(cx, cy, hs + 6), fill=GOLD)
        _draw_hex_tile(d, tr, tile, cx, cy, hs, farmers)
        ty = cy + SQRT3 * hs / 2 + 16
        kind = str(data.get("winter") or tid)
        if kind in WINTER_HELP:
            for ln in wrap(tr(WINTER_HELP[kind]), cw - 12, 15)[:2]:
                text(d, (cx, ty), fit(ln, cw - 12, 15), size=15, anchor="mm")
                ty += 19
        if tid in picked:
            text(d, (cx, ty), tr("chosen to offer"), size=15, bold=True, fill=HILITE,
                 anchor="mm")
    return finish(compact(img, _colours()), hand_alt(view, tr), "keyflower_private.png")


def hand_alt(view, tr) -> str:
    seat, _p = own_seat(view)
    priv = view.get("private") or {}
    hand = _winter_names(tr, priv.get("winter_hand"))
    return tr("{player}: workers {workers}; skill tiles {skills}; wheat {wheat}; "
              "winter tiles {tiles}.", player=seat, workers=_workers_text(tr, priv.get("workers")),
              skills=", ".join(_qty_list(tr, _counts(priv.get("skills")), SKILL_NAMES, SKILLS))
              or tr("none"), wheat=_num(priv.get("wheat")),
              tiles=", ".join(hand) or tr("none"))


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view or {})
    if seat is None:
        return tr("You are not playing at this table.")
    priv = view.get("private") or {}
    skills = ", ".join(_qty_list(tr, _counts(priv.get("skills")), SKILL_NAMES, SKILLS))
    lines = [tr("**Behind your screen**: {workers}",
                workers=_workers_text(tr, priv.get("workers"))),
             tr("**Skill tiles**: {skills}", skills=skills or tr("none"))]
    farmers = bool((view.get("options") or {}).get("farmers", True))
    if farmers or _num(priv.get("wheat")):
        lines.append(tr("**Wheat**: {n}", n=_num(priv.get("wheat"))))
    hand = _winter_names(tr, priv.get("winter_hand"), help=True)
    lines.append(tr("**Winter tiles in hand**: {tiles}", tiles=", ".join(hand) or tr("none")))
    pick = _winter_names(tr, priv.get("winter_pick"))
    if pick:
        lines.append(tr("**Chosen to offer**: {tiles}", tiles=", ".join(pick)))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
