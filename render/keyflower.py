"""Keyflower (with The Farmers) board and private images, drawn only from ``ENGINE.view``.

``render_board(view, tr)``: the image posted after each move, sized for Discord's preview
(1000 px wide, legible scaled to 550 px): the season and whose turn it is (the players'
badges and names); the tiles on auction and the turn-order tiles as cards (hexes with their
roads and water, the name whole on a plate that roads do not cross, what the visible side
does, the colour lock, each bid as badge + name + worker figure and count, the leader
starred, workers placed there by uses); the boats (public workers and skill tiles, owner);
the village of the player to act drawn large (tiles by name and season colour, the
upgraded side with a gold inner border and a star, roads and water on the edges, The
Farmers' field borders, animals where they stand, resources lying on tiles, workers standing
on tiles this season, summer boat faces, the Sheep shelter); a line of public counts for
every other player (tiles, VP printed on the tiles, winter tiles in hand, animals). At the
end it is the full board.

``render_full_board(view, tr)``: every village as a hex map (the Full map button), with the
same auction, boats and a legend; at the end with the scores and the screens the view
reveals.

``render_hand(view, tr)``: the seat's screen (workers by colour, skill tiles, wheat) and its
winter tiles in hand; None for a spectator view.
``private_text(view, tr)``: the same as a short Discord-markdown text.

Every counted noun is one counted message (engines.keyflower.texts); players are named by
their display names (``view["names"]``, render.common.seat_name) beside their badges."""
from __future__ import annotations

import math
from dataclasses import dataclass

from engines.base import T
from engines.keyflower import texts as X
from render.common import (clauses, INK, MIN_TEXT, MUTED, PAPER, canvas, clip, finish, fit, own_seat,
                           player_tag, rounded, seat_name, seat_rgb, text,
                           language_of, text_width, wrap, hyphenated_lines)
from render.shapes import (SQRT3, axial_bounds, axial_to_pixel, clansman, compact, dashed_line,
                           hex_corners, hex_edge, ink_for, resolve_ref, star, stroked, text_of)


def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


MAX_HEIGHT = 2990

SEASONS = ("spring", "summer", "autumn", "winter")
SEASON_NAMES = {"spring": _("Spring"), "summer": _("Summer"), "autumn": _("Autumn"),
                "winter": _("Winter")}
COLOURS = ("blue", "red", "yellow", "green")
COLOUR_NAMES = {"blue": _("blue"), "red": _("red"), "yellow": _("yellow"), "green": _("green")}
LOCK_NAMES = {"blue": _("blue lock"), "red": _("red lock"), "yellow": _("yellow lock"),
              "green": _("green lock")}
WORKER = {"blue": (45, 105, 200), "red": (205, 50, 45), "yellow": (246, 206, 40),
          "green": (60, 160, 70)}
RESOURCES = ("wood", "stone", "iron", "gold")
RES_NAMES = {"wood": _("wood"), "stone": _("stone"), "iron": _("iron"), "gold": _("gold")}
RES_COLOUR = {"wood": (150, 98, 45), "stone": (165, 165, 165), "iron": (78, 92, 112),
              "gold": (236, 186, 28)}
ANIMALS = ("sheep", "pig", "cow")
ANIMAL_NAMES = {"sheep": _("sheep"), "pig": _("pig"), "cow": _("cow")}
ANIMAL_COLOUR = {"sheep": (255, 255, 255), "pig": (240, 160, 180), "cow": (85, 55, 35)}
SKILLS = ("saw", "pick", "anvil")
SKILL_NAMES = {"saw": _("saw"), "pick": _("pick axe"), "anvil": _("anvil")}
TYPE_COLOUR = {
    "spring": (178, 216, 140), "summer": (247, 224, 128), "autumn": (238, 172, 112),
    "winter": (214, 228, 242), "home": (214, 196, 230), "boat": (150, 196, 232),
    "turn_order": (212, 212, 212),
}
OTHER = (230, 230, 230)
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
CARD = (252, 250, 244)


def _light(c, t=0.5):
    """A colour mixed with white (the plate under a tile's name)."""
    return tuple(int(round(v + (255 - v) * t)) for v in c)


def _colours():
    from render.common import SEAT_STYLES
    types = list(TYPE_COLOUR.values()) + [OTHER]
    return ([INK, MUTED, PAPER, PANEL, GOLD, HILITE, WHITE, ROAD, WATER, FENCE, TILE_BACK,
             PURPLE, CARD, (220, 212, 194), (225, 120, 145), (235, 225, 200),
             (150, 120, 30), (236, 196, 48), (90, 90, 100)]
            + list(WORKER.values()) + list(RES_COLOUR.values()) + list(ANIMAL_COLOUR.values())
            + types + [_light(c) for c in types] + [c for _, c in SEAT_STYLES])


@dataclass(frozen=True)
class Style:
    """Sizes of one kind of image (the close-up post, or the full map)."""
    width: int
    margin: int
    title: int          # font sizes
    sub: int
    info: int
    section: int
    name: int           # a tile's name on an auction card (largest; smaller when it must)
    effect: int         # what a tile does, under its card
    row: int            # bids, lock and users on a card
    row_h: int
    card_min: int       # card widths
    card_max: int
    hex_max: float      # auction hex radius at most
    boat_w: int
    boat_name: int
    boat_row: int
    head: int           # a player's name over the village
    facts: int          # the lines of public counts
    village_max: float  # village hex radius at most


CLOSE = Style(width=1000, margin=20, title=32, sub=24, info=18, section=24, name=21, effect=17,
              row=18, row_h=32, card_min=180, card_max=240, hex_max=80, boat_w=235,
              boat_name=20, boat_row=20, head=28, facts=20, village_max=96)
# the close-up when the auction is long (many winter tiles, many bids): denser cards
DENSE = Style(width=1000, margin=16, title=28, sub=22, info=16, section=22, name=18, effect=15,
              row=16, row_h=27, card_min=160, card_max=240, hex_max=70, boat_w=235,
              boat_name=18, boat_row=17, head=24, facts=17, village_max=90)
FULL = Style(width=1600, margin=30, title=34, sub=24, info=17, section=24, name=18, effect=15,
             row=16, row_h=28, card_min=190, card_max=220, hex_max=70, boat_w=250, boat_name=18,
             boat_row=17, head=24, facts=17, village_max=96)


# ----------------------------------------------------------------------------- small helpers
def _num(v, default=0) -> int:
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        return default


def _name(view: dict, seat) -> str:
    """A player's name for a text (the alt text, a line): at most 40 characters."""
    return clip(seat_name(view, str(seat)), 40)


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


def _join(tr, items) -> str:
    """Translated counted items, one after the other ("3 blue workers, 1 saw")."""
    return ", ".join(tr(t) for t in items)


def _workers_text(tr, counts) -> str:
    return _join(tr, X.worker_list(_counts(counts))) or tr("none")


def _skills_text(tr, counts) -> str:
    return _join(tr, X.goods({k: v for k, v in _counts(counts).items() if k in SKILLS}))


def _animals_text(tr, counts) -> str:
    return _join(tr, X.goods({k: v for k, v in _counts(counts).items() if k in ANIMALS}))


def _safe_counts(counts, keys) -> dict:
    """Only the known keys of a count dict (a view from elsewhere may carry others)."""
    c = _counts(counts)
    return {k: c[k] for k in keys if c.get(k)}


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

def _whole(lines: list[str], label: str) -> bool:
    """Do these lines show the whole label (nothing shortened)?"""
    return " ".join(lines) == " ".join(label.split())


def name_lines(label: str, s: float, size: int, lang: str | None = "en") -> tuple[list[str], int]:
    """A tile's name laid out inside a flat-top hex of circumradius s: on one line or two
    at the largest size from ``size`` down to the 14 px minimum that shows it whole (never
    crossing the hex's sides); then on two lines with a long word hyphenated in the name's
    language (``lang``), then on three; only when nothing shows it whole, shortened at 14 px. Returns the lines and
    the font size."""
    def width(sz, n):
        half = n * (sz + 4) / 2 + 3          # half the height of the plate
        return int(min(2 * (s - half / SQRT3) - 14, 1.66 * s))
    size = max(MIN_TEXT, int(size))
    for sz in range(size, MIN_TEXT - 1, -1):
        for n in (1, 2):
            lines = wrap(label, width(sz, n), sz, True, max_lines=n)
            if _whole(lines, label):
                return lines, sz
    for n in (2, 3):
        for sz in range(size, MIN_TEXT - 1, -1):
            lines = (wrap(label, width(sz, n), sz, True, max_lines=n) if n == 3 else None)
            if not (lines and _whole(lines, label)):
                lines = hyphenated_lines(label, width(sz, n), sz, True, max_lines=n, lang=lang)
            if lines:
                return lines, sz
    return wrap(label, width(MIN_TEXT, 2), MIN_TEXT, True, max_lines=2), MIN_TEXT


def _name_plate(d, label, cx, cy, s, fill, size, box_fill=None, lang="en"):
    """The name on a plate in the tile's colour: roads and field borders stop at its edge.
    Returns the plate's box."""
    lines, sz = name_lines(label, s, size, lang)
    lh = sz + 4
    w = max([text_width(ln, sz, True) for ln in lines] + [1]) + 10
    h = len(lines) * lh + 4
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    d.rounded_rectangle(box, radius=6, fill=box_fill or _light(fill))
    y = cy - (len(lines) - 1) * lh / 2
    for ln in lines:
        text(d, (cx, y), ln, size=sz, bold=True, anchor="mm")
        y += lh
    return box


def _draw_hex_tile(d, tr, tile: dict, cx, cy, s, farmers=True, outline=INK, outline_w=2,
                   show_name=True, big: str | None = None, name_size: int = 17):
    """One tile as a flat-top hex at (cx, cy) with circumradius s, its name on a plate in
    the middle (``big``: a large label instead, the turn-order number). Returns the box of
    the name (or None)."""
    kind = _tile_type(tile)
    fill = TYPE_COLOUR.get(kind, OTHER)
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
        size = max(20, int(s * 0.7))
        w = text_width(big, size, True) + 12
        box = (cx - w / 2, cy - size * 0.62, cx + w / 2, cy + size * 0.62)
        d.rounded_rectangle(box, radius=6, fill=_light(fill))
        text(d, (cx, cy), big, size=size, bold=True, anchor="mm")
        return box
    return _name_plate(d, _tile_name(tr, tile), cx, cy, s, fill, name_size, lang=language_of(tr))


def _village_name_size(s: float) -> int:
    """The largest font for tile names on a village hex of radius s."""
    return max(MIN_TEXT, min(22, int(s * 0.22)))


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
           "flip": _("Flipper: choosing a tile to upgrade"),
           "breed": _("choosing the fields of newborn animals"),
           "allocate": _("allocating their items for the final scoring")}
_STEPS = {"target": _("choosing a tile"), "colour": _("choosing the workers"),
          "workers": _("choosing the workers")}


def _title(view, tr) -> str:
    if view.get("finished") or view.get("phase") == "over":
        return tr("Keyflower — game over")
    return tr("Keyflower — {season} (season {number} of 4)", season=_season_label(tr, view),
              number=_num(view.get("round"), 1) or 1)


def _turn(view, tr) -> tuple[str, list[str], str]:
    """(label, seats, what) of the header's second line: "To play:" A "— using Keywood"."""
    seats = view.get("seats") or []
    if view.get("finished") or view.get("phase") == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, str)]
        tb = text_of(tr, outcome.get("tiebreak")) if outcome.get("tiebreak") else ""
        if not winners:
            return "", [], tb
        return tr(T("Winner:", plural="Winners:", n=len(winners))), winners, tb
    to_act = [s for s in view.get("to_act") or [] if isinstance(s, str)]
    to_act = [s for s in to_act if s in seats] or to_act
    phase = view.get("phase") or ""
    if phase in _PHASES:
        return tr("Waiting for:"), to_act, tr(_PHASES[phase])
    what = ""
    pend = view.get("pending") or {}
    step = pend.get("step")
    tile = pend.get("tile")
    if step == "effect" and tile:
        what = tr("using {tile}", tile=_tile_name(tr, _find_tile(view, tile)))
    elif step in _STEPS:
        what = tr(_STEPS[step])
    return tr("To play:"), to_act, what


def _info(view, tr) -> str:
    return " · ".join(tr(t) for t in (
        T("{n} worker in the bag", plural="{n} workers in the bag", n=_num(view.get("bag_count"))),
        T("{n} green worker left", plural="{n} green workers left",
          n=_num(view.get("green_supply"))),
        T("{n} skill tile in the pile", plural="{n} skill tiles in the pile",
          n=_num(view.get("skill_pile")))))


def _tag_width(view, seat, size, bold=True) -> int:
    radius = max(MIN_TEXT, size) // 2 + 2
    return 2 * radius + 8 + text_width(seat_name(view, seat), size, bold)


def _tags(d, view, x, y, seats, width, size, bold=True) -> int:
    """Players' badges and names side by side from x (centre line y), all within width
    pixels (long names shortened alike); returns the x after the last."""
    seats = [s for s in seats if isinstance(s, str)]
    if not seats:
        return x
    gap = 16
    share = max(2 * (max(MIN_TEXT, size) // 2 + 2) + 30, (width - gap * (len(seats) - 1)) // len(seats))
    for s in seats:
        w = min(_tag_width(view, s, size, bold), share)
        if d is not None:
            player_tag(d, (x, y), view, s, w, size, bold)
        x += w + gap
    return x - gap


def _tag_rows(view, seats, x, width, size) -> list[list[tuple[str, int]]]:
    """Players' tags (badge and name, each at most half the width) in rows: the first row
    starts at x, the next ones at the left edge (0) of a line ``width`` wide."""
    rows: list[list[tuple[str, int]]] = [[]]
    pos = x
    for s in seats:
        w = min(_tag_width(view, s, size), width // 2)
        if rows[-1] and pos + w > width:
            rows.append([])
            pos = 0
        rows[-1].append((s, w))
        pos += w + 18
    return rows


def _header_layout(view, tr, st: Style):
    """(label, what, tag rows, whether what goes on a line of its own) of the header's turn
    line: "To play: (A) Ann — using Keywood", the names wrapping onto more lines."""
    inner = st.width - 2 * st.margin
    label, seats, what = _turn(view, tr)
    lw = text_width(label, st.sub, True) + 12 if label else 0
    finished = bool(view.get("finished"))
    rows = _tag_rows(view, seats, lw, inner, st.sub) if seats else []
    end = (lw if len(rows) == 1 else 0) + sum(w + 18 for _, w in rows[-1]) if rows else lw
    below = bool(what) and (finished or end + text_width("— " + what, st.sub) > inner)
    return label, what, rows, below


def _draw_header(d, view, tr, st: Style) -> int:
    """Title, whose turn (badges and names), the bag and supplies; returns the height."""
    inner = st.width - 2 * st.margin
    x0, y = st.margin, 14
    text(d, (x0, y), fit(_title(view, tr), inner, st.title, True), size=st.title, bold=True)
    y += st.title + 16
    label, what, rows, below = _header_layout(view, tr, st)
    finished = bool(view.get("finished"))
    line_h = st.sub + 14
    cy = y + st.sub // 2 + 2
    x = x0
    if label:
        x = text(d, (x, cy), fit(label, inner // 2, st.sub, True), size=st.sub, bold=True,
                 anchor="lm")[2] + 12
    for k, row in enumerate(rows):
        x = x if k == 0 else x0
        for seat, w in row:
            player_tag(d, (x, cy), view, seat, w, st.sub, True)
            x += w + 18
        if k < len(rows) - 1:
            cy += line_h
    if what and not below:
        text(d, (x - (4 if rows else 0), cy), fit(("— " if rows or label else "") + what,
                                                  x0 + inner - x, st.sub), size=st.sub,
             anchor="lm")
    cy += line_h
    y = cy - st.sub // 2 - 2
    if what and below:          # what they do on a line of its own (at the end: the tie-break)
        size = st.info if finished else st.sub
        for ln in wrap(what if finished else "— " + what, inner, size)[:2]:
            text(d, (x0, y), ln, size=size)
            y += size + 8
    info = _info(view, tr)
    text(d, (x0, y), fit(info, inner, st.info), size=st.info, fill=MUTED)
    y += st.info + 12
    d.line((x0, y, st.width - st.margin, y), fill=INK, width=2)
    return y + 12


def _header_height(view, tr, st: Style) -> int:
    label, what, rows, below = _header_layout(view, tr, st)
    h = 14 + st.title + 16 + max(1, len(rows)) * (st.sub + 14) + st.info + 12 + 12
    if what and below:
        finished = bool(view.get("finished"))
        size = st.info if finished else st.sub
        h += len(wrap(what if finished else "— " + what, st.width - 2 * st.margin,
                      size)[:2]) * (size + 8)
    return h


def _find_tile(view, tid):
    for t in (view.get("auction") or []) + (view.get("turn_order") or []):
        if isinstance(t, dict) and t.get("id") == tid:
            return t
    for p in (view.get("players") or {}).values():
        for t in ((p or {}).get("village") or []) + ((p or {}).get("to_place") or []):
            if isinstance(t, dict) and t.get("id") == tid:
                return t
    return tid


# ----------------------------------------------------------------------------- auction
def _bid_lines(site: dict) -> list[tuple[str, str, int, bool]]:
    bids = site.get("bids") or {}
    leader = site.get("leader")
    out = []
    for seat, b in bids.items():
        if not isinstance(b, dict) or not _num(b.get("n")):
            continue
        out.append((str(seat), str(b.get("colour") or ""), _num(b.get("n")), seat == leader))
    out.sort(key=lambda x: (-x[2], not x[3]))
    return out


def _bids_text(view, tr, t: dict) -> str:
    """The bids on a tile in words for the alt text ("Ann: 2 red workers, leads"), or ""."""
    out = []
    for s_, c, n, lead in _bid_lines(t.get("site") or {}):
        what = tr(X.workers(c, n)) if c in COLOURS else tr(X.good("worker", n))
        out.append(tr("{name}: {workers}, leads", name=_name(view, s_), workers=what) if lead
                   else tr("{name}: {workers}", name=_name(view, s_), workers=what))
    return clauses(tr, out)


def _goods(tr, d: dict, plus=False, obj=False) -> str:
    items = [tr(X.good(k, _num(n), obj)) for k, n in (d or {}).items() if _num(n)]
    return ", ".join("+" + i for i in items) if plus else ", ".join(items)


_ON_TILE = {("wood", "stone", "iron", "gold"): "all", ("iron", "gold"): "iron",
            ("stone", "gold"): "stone", ("wood", "gold"): "wood"}


def _scored_on_tile(tr, acc, n) -> str:
    kind = _ON_TILE.get(tuple(acc))
    if kind == "all":
        return tr(T("{n} VP per resource on it", plural="{n} VP per resource on it", n=n))
    if kind == "iron":
        return tr(T("{n} VP per iron or gold on it", plural="{n} VP per iron or gold on it", n=n))
    if kind == "stone":
        return tr(T("{n} VP per stone or gold on it", plural="{n} VP per stone or gold on it",
                    n=n))
    if kind == "wood":
        return tr(T("{n} VP per wood or gold on it", plural="{n} VP per wood or gold on it", n=n))
    return tr(X.vp(n))


def _effect_text(tr, tile: dict) -> str:
    """What the tile's visible side does, in a few words (cards)."""
    kind = str(tile.get("id") or "")
    if tile.get("season") == "winter" and kind in WINTER_HELP:
        return tr(WINTER_HELP[kind])
    if tile.get("face_help"):
        return text_of(tr, tile.get("face_help"))
    if tile.get("season") == "turn_order":
        bits = [_goods(tr, tile.get("bonus"), plus=True)] if isinstance(tile.get("bonus"), dict) else []
        if tile.get("start"):
            bits.append(tr("start player"))
        return clauses(tr, bits)
    side = tile.get("back") if tile.get("up") else tile.get("front")
    if not isinstance(side, dict):
        return ""
    bits = []
    gain = _goods(tr, side.get("gain"), plus=True) if isinstance(side.get("gain"), dict) else ""
    if isinstance(side.get("choose"), list):
        opts = [_goods(tr, o, plus=True) for o in side["choose"] if isinstance(o, dict)]
        gain = " / ".join(x for x in [gain] + opts if x)
    if isinstance(side.get("pay"), dict) and side["pay"]:
        bits.append(tr("pay {goods}: {gain}", goods=_goods(tr, side["pay"], obj=True), gain=gain or "—"))
    elif gain:
        bits.append(gain)
    tp = side.get("transport")
    if isinstance(tp, (list, tuple)) and len(tp) == 2:
        bits.append(_join(tr, [X.transport_points(_num(tp[0])), X.upgrades(_num(tp[1]))]))
    if side.get("swap"):
        n = _num(side["swap"])
        bits.append(tr(T("swap a skill tile for {n} new one",
                         plural="swap a skill tile for {n} new ones", n=n)))
    sot = side.get("score_on_tile")
    if isinstance(sot, dict):
        bits.append(_scored_on_tile(tr, sot.get("accepts") or [], _num(sot.get("vp"))))
    if side.get("shelter_vp"):
        n = _num(side["shelter_vp"])
        bits.append(tr(T("{n} VP per sheep on it", plural="{n} VP per sheep on it", n=n)))
    if _num(side.get("vp")):
        bits.append(tr(X.vp(_num(side["vp"]))))
    return clauses(tr, bits)


def _card_height(tile: dict, s: float, st: Style) -> int:
    site = tile.get("site") or {}
    h = int(SQRT3 * s) + 14 + (st.effect + 5) * len(tile.get("_effect") or [])
    if site.get("colour"):
        h += st.row_h
    h += st.row_h * len(_bid_lines(site))
    if any(_counts(site.get("on")).values()):
        h += st.row_h
    if tile.get("owner"):
        h += st.row_h
    return h + 8


def _draw_card(d, view, tr, tile: dict, x0, y0, w, s, farmers, st: Style, big=None) -> None:
    """An auction (or turn-order) tile: the hex, its lock, its bids and its users."""
    site = tile.get("site") or {}
    cx, cy = x0 + w / 2, y0 + SQRT3 * s / 2 + 4
    lock = site.get("colour")
    if lock:
        d.polygon(hex_corners(cx, cy, s + 6), fill=WORKER.get(lock, MUTED))
    nb = _draw_hex_tile(d, tr, tile, cx, cy, s, farmers, big=big, name_size=st.name)
    _draw_tile_contents(d, tr, {k: v for k, v in tile.items() if k != "site"}, cx, cy, s, nb)
    y = y0 + SQRT3 * s + 12
    for ln in tile.get("_effect") or []:
        text(d, (x0 + w / 2, y + st.effect / 2 + 1), ln, size=st.effect, anchor="mm")
        y += st.effect + 5
    y += 2
    mid = st.row_h / 2 - 2
    if lock:
        label = tr(LOCK_NAMES.get(lock) or _("colour lock"))
        sq = st.row - 2
        d.rectangle((x0 + 6, y + mid - sq / 2, x0 + 6 + sq, y + mid + sq / 2),
                    fill=WORKER.get(lock, MUTED), outline=INK)
        text(d, (x0 + sq + 12, y + mid), fit(label, w - sq - 18, st.row, True), size=st.row,
             bold=True, anchor="lm")
        y += st.row_h
    fig = st.row + 6
    for seat, colour, n, lead in _bid_lines(site):
        cy2 = y + mid
        count = f"×{n}"
        cw = text_width(count, st.row, True)
        right = x0 + w - 6 - cw
        text(d, (right, cy2), count, size=st.row, bold=True, anchor="lm")
        right -= fig * 0.8 + 2
        _worker(d, right + fig * 0.4, cy2, fig, colour)
        if lead:
            right -= st.row + 2
            star(d, right + st.row / 2, cy2, st.row / 2, GOLD)
        player_tag(d, (x0 + 4, cy2), view, seat, int(right - x0 - 8), st.row - 1)
        y += st.row_h
    on = _counts(site.get("on"))
    if any(on.values()):
        label = tr("used:")
        text(d, (x0 + 6, y + mid), label, size=st.row - 2, anchor="lm", fill=MUTED)
        _worker_row(d, x0 + 12 + text_width(label, st.row - 2), y + mid,
                    {c: on.get(c, 0) for c in COLOURS}, st.row + 2, st.row - 2)
        y += st.row_h
    owner = tile.get("owner")
    if owner:
        label = tr("won by")
        box = text(d, (x0 + 6, y + mid), fit(label, w // 2, st.row - 2), size=st.row - 2,
                   anchor="lm", fill=MUTED)
        player_tag(d, (box[2] + 6, y + mid), view, owner, int(x0 + w - box[2] - 12), st.row - 1)


def _card_layout(tiles, width, st: Style):
    n = max(1, len(tiles))
    per_row = max(1, min(n, width // st.card_min))
    rows = math.ceil(n / per_row)
    per_row = math.ceil(n / rows)
    w = min(st.card_max, width // per_row)
    s = min(st.hex_max, (w - 16) / 2)
    return per_row, rows, w, s


def _with_effect(tr, tiles, w, st: Style):
    """The tiles with their effect text wrapped to the card (at most 2 lines, 3 for a boat)."""
    out = []
    for t in tiles:
        lines = wrap(_effect_text(tr, t), w - 12, st.effect)
        most = 3 if t.get("face_help") else 2
        if len(lines) > most:
            lines = lines[:most - 1] + [fit(" ".join(lines[most - 1:]), w - 12, st.effect)]
        out.append({**t, "_effect": [fit(ln, w - 12, st.effect) for ln in lines]})
    return out


def _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st: Style, title: str,
                hint: str = "", big=False, measure=False) -> int:
    """A titled grid of cards; returns its height."""
    if big:         # turn-order tiles: small cards with their number
        w = _TO_CARD[st.width <= 1000]
        per_row = max(1, min(len(tiles), width // w))
        rows = math.ceil(len(tiles) / per_row)
        s = min(46, (w - 16) / 2)
    else:
        per_row, rows, w, s = _card_layout(tiles, width, st)
    tiles = _with_effect(tr, tiles, w - 6, st)
    heights = []
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        heights.append(max([_card_height(t, s, st) for t in line] + [int(SQRT3 * s) + 20]))
    top = st.section + 14
    total = top + sum(heights) + 8 * rows if tiles else top + st.facts + 20
    if measure:
        return total
    text(d, (x0, y0), fit(title, width - (text_width(hint, st.info) + 20 if hint else 0),
                          st.section, True), size=st.section, bold=True)
    if hint:
        text(d, (x0 + width, y0 + 4), fit(hint, width // 2, st.info), size=st.info, fill=MUTED,
             anchor="ra")
    if not tiles:
        text(d, (x0, y0 + top + 4), tr("No tiles on auction."), size=st.facts, fill=MUTED)
    y = y0 + top
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        for k, t in enumerate(line):
            cx0 = x0 + k * w
            rounded(d, (cx0 + 3, y, cx0 + w - 3, y + heights[r]), fill=CARD, radius=10, width=1)
            num = t.get("num")
            _draw_card(d, view, tr, t, cx0 + 3, y + 2, w - 6, s, farmers, st,
                       big=str(num) if big and num is not None else None)
        y += heights[r] + 8
    return total


def _auction(view) -> list[dict]:
    return [t for t in view.get("auction") or [] if isinstance(t, dict)]


def _turn_order(view) -> list[dict]:
    tiles = [t for t in view.get("turn_order") or [] if isinstance(t, dict)]
    return [dict(t, start=(i == len(tiles) - 1)) for i, t in enumerate(tiles)]


def _draw_auction(d, view, tr, x0, y0, width, farmers, st: Style, measure=False) -> int:
    tiles = _auction(view)
    if not tiles and view.get("phase") != "play":
        return 0            # between seasons, and at the end: no auction to show
    title = tr(T("On auction: {n} tile", plural="On auction: {n} tiles", n=len(tiles)))
    return _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st, title,
                       tr("★ leads the bidding"), measure=measure)


# ----------------------------------------------------------------------------- boats & order
def _boat_h(st: Style) -> int:
    return st.boat_name + 2 * (st.boat_row + 16) + 34


def _boats_layout(view, width, st: Style):
    boats = [b for b in view.get("boats") or [] if isinstance(b, dict)]
    per_row = max(1, min(len(boats) or 1, width // st.boat_w))
    rows = math.ceil(len(boats) / per_row) if boats else 1
    return boats, per_row, rows, width // per_row


def _draw_boats(d, view, tr, x0, y0, width, st: Style, measure=False) -> int:
    boats, per_row, rows, w = _boats_layout(view, width, st)
    bh = _boat_h(st)
    total = st.section + 14 + rows * (bh + 8)
    if measure:
        return total
    text(d, (x0, y0), tr("Boats"), size=st.section, bold=True)
    if not boats:
        text(d, (x0, y0 + st.section + 20), tr("No boats."), size=st.facts, fill=MUTED)
        return total
    for k, b in enumerate(boats):
        r, c = divmod(k, per_row)
        bx, y = x0 + c * w, y0 + st.section + 14 + r * (bh + 8)
        rounded(d, (bx + 3, y, bx + w - 5, y + bh), fill=TYPE_COLOUR["boat"], radius=10, width=2)
        name = tr(str(b.get("name") or b.get("id") or "?"))
        face = b.get("face")
        side = tr("side {face}", face=str(face).upper()) if face else ""
        sw = text_width(side, st.boat_row - 4) + 10 if side else 0
        if text_width(name, st.boat_name, True) + sw > w - 24:
            sw = 0
        elif side:
            text(d, (bx + w - 14, y + 8), side, size=st.boat_row - 4, anchor="ra")
        text(d, (bx + 12, y + 6), fit(name, w - 24 - sw, st.boat_name, True), size=st.boat_name,
             bold=True)
        r1 = y + st.boat_name + 12 + st.boat_row // 2 + 4
        r2 = r1 + st.boat_row + 16
        owner = b.get("owner")
        if owner:
            label = tr("taken by")
            box = text(d, (bx + 12, r1), fit(label, w // 2, st.boat_row - 2), size=st.boat_row - 2,
                       anchor="lm", fill=MUTED)
            player_tag(d, (box[2] + 8, r1), view, owner, int(bx + w - box[2] - 24), st.boat_row)
            continue
        workers = _counts(b.get("workers"))
        skills = _counts(b.get("skills"))
        if any(workers.values()):
            _worker_row(d, bx + 12, r1, {c: workers.get(c, 0) for c in COLOURS},
                        st.boat_row + 6, st.boat_row - 2)
        else:
            text(d, (bx + 12, r1), tr("no workers"), size=st.boat_row - 2, fill=MUTED, anchor="lm")
        if any(skills.values()):
            _skill_row(d, bx + 12, r2, {k: skills.get(k, 0) for k in SKILLS},
                       st.boat_row // 2 + 2, st.boat_row - 2)
        else:
            text(d, (bx + 12, r2), tr("no skill tiles"), size=st.boat_row - 2, fill=MUTED,
                 anchor="lm")
    return total


def _draw_turn_order(d, view, tr, x0, y0, width, farmers, st: Style, measure=False) -> int:
    tiles = _turn_order(view)
    if not tiles:
        return 0
    return _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st, tr("Turn-order tiles"),
                       big=True, measure=measure)


_TO_CARD = {True: 180, False: 160}      # turn-order card width: 1000 px, 1600 px


def _turn_order_width(view, st: Style) -> int:
    return len(_turn_order(view)) * _TO_CARD[st.width <= 1000]


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


def _draw_legend(d, tr, x0, y0, width, farmers, measure=False, size=16) -> int:
    x, y = x0, y0
    for kind, key, label in _legend_items(tr, farmers):
        w = 30 + text_width(label, size) + 16
        if x + w > x0 + width:
            x, y = x0, y + size + 15
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
            text(d, (x + 28, cy), label, size=size, anchor="lm")
        x += w
    return y + size + 15 - y0


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


def _village_tiles(p: dict) -> list[dict]:
    return [t for t in (p or {}).get("village") or [] if isinstance(t, dict)]


def _animals_of(p: dict) -> dict:
    animals = {a: 0 for a in ANIMALS}
    for f in p.get("fields") or []:
        for a, n in _counts((f or {}).get("animals")).items():
            if a in animals:
                animals[a] += n
    for t in _village_tiles(p):
        animals["sheep"] += _num(t.get("shelter"))
    return animals


def _facts(view, tr, p) -> list[str]:
    """A player's public counts, each a short translated item."""
    village = _village_tiles(p)
    out = [tr(X.tiles(len(village))),
           tr(T("{n} VP printed on tiles", plural="{n} VP printed on tiles",
                n=sum(_num(t.get("vp")) for t in village))),
           tr(X.winter_in_hand(_num(p.get("winter_hand_count"))))]
    gold = sum(_counts(t.get("res")).get("gold", 0) for t in village)
    if gold:
        out.append(tr(T("{n} gold on tiles", plural="{n} gold on tiles", n=gold)))
    at = _animals_text(tr, _animals_of(p))
    if at:
        out.append(at)
    return out


def _player_lines(view, tr, seat, p) -> list[str]:
    lines = [" · ".join(_facts(view, tr, p))]
    second = []
    boats = p.get("summer_boats") or []
    if boats:
        second.append(tr("summer boats: {list}", list=", ".join(map(str, boats))))
    if view.get("phase") == "winter_pick":
        second.append(tr("winter tiles offered") if p.get("winter_done")
                      else tr("choosing winter tiles"))
    if p.get("boat_rank") is not None:
        second.append(tr("boat choice #{rank}", rank=_num(p.get("boat_rank")) + 1))
    if second:
        lines.append(" · ".join(second))
    to_place = [t for t in p.get("to_place") or [] if t]
    if to_place:
        lines.append(tr("won, to build: {tiles}", tiles=", ".join(_tile_name(tr, t)
                                                                   for t in to_place)))
    parts = ((view.get("outcome") or {}).get("breakdown") or {}).get(seat)
    if isinstance(parts, dict) and parts:
        lines.append(" · ".join(tr(T("{what}: {n} VP", plural="{what}: {n} VP",
                                     what=T(str(k)), n=_num(v)))
                                for k, v in parts.items() if v) or tr("no points"))
    final = (view.get("final") or {}).get(seat)
    if isinstance(final, dict):
        items = (X.worker_list(_safe_counts(final.get("workers"), COLOURS))
                 + X.goods(_safe_counts(final.get("skills"), SKILLS)))
        if _num(final.get("wheat")):
            items.append(X.good("wheat", _num(final.get("wheat"))))
        lines.append(tr("behind the screen: {items}", items=_join(tr, items) or tr("nothing")))
    return lines


def _head_height(view, tr, seat, p, width, st: Style) -> int:
    n = sum(len(wrap(line, width - 32, st.facts)[:2]) for line in _player_lines(view, tr, seat, p))
    return st.head + 30 + n * (st.facts + 6) + 6


def _chip(d, x, y, label, fill, ink, size) -> int:
    w = text_width(label, size, True) + 16
    rounded(d, (x, y - size / 2 - 6, x + w, y + size / 2 + 6), fill=fill, radius=8, width=1)
    text(d, (x + 8, y), label, size=size, bold=True, fill=ink, anchor="lm")
    return w


def _draw_player(d, view, tr, seat, p, box, s, head_h, farmers, st: Style) -> None:
    x0, y0, x1, y1 = box
    colour = seat_rgb(view, seat)
    to_act = seat in (view.get("to_act") or []) and not view.get("finished")
    rounded(d, box, fill=PANEL, radius=14, width=5 if to_act else 2,
            outline=colour if to_act else INK)
    score = ((view.get("outcome") or {}).get("scores") or {}).get(seat)
    score_w = text_width(tr(X.vp(_num(score))), st.head, True) + 20 if score is not None else 0
    chips = []
    if to_act:
        chips.append((tr("to play"), HILITE, WHITE))
    if p.get("purple"):
        chips.append((tr("start player"), PURPLE, WHITE))
    chips_w = sum(text_width(c[0], st.facts - 2, True) + 26 for c in chips)
    cy = y0 + 12 + st.head // 2 + 4
    name_w = int(x1 - x0 - 28 - score_w - chips_w)
    tx = player_tag(d, (x0 + 14, cy), view, seat, max(60, name_w), st.head, True) + 12
    for label, fill, ink in chips:
        if tx + text_width(label, st.facts - 2, True) + 16 < x1 - 16 - score_w:
            tx += _chip(d, tx, cy, label, fill, ink, st.facts - 2) + 10
    if score is not None:
        text(d, (x1 - 16, cy), tr(X.vp(_num(score))), size=st.head, bold=True, anchor="rm")
    y = y0 + st.head + 30
    for k, line in enumerate(_player_lines(view, tr, seat, p)):
        for ln in wrap(line, x1 - x0 - 32, st.facts)[:2]:
            text(d, (x0 + 16, y), fit(ln, x1 - x0 - 32, st.facts), size=st.facts)
            y += st.facts + 6
    # the village map
    _draw_village(d, view, tr, seat, p, (x0 + 10, y0 + head_h, x1 - 10, y1 - 8), s, farmers)


def _draw_village(d, view, tr, seat, p, box, s, farmers) -> None:
    mx0, my0, mx1, my1 = box
    spot = _placing_cell(view, seat)
    cells = _village_cells(p, spot)
    bx0, by0, bx1, by1 = axial_bounds(cells)
    ox = mx0 + ((mx1 - mx0) - (bx1 - bx0) * s) / 2 - bx0 * s
    oy = my0 + ((my1 - my0) - (by1 - by0) * s) / 2 - by0 * s
    ns = _village_name_size(s)
    for t in _village_tiles(p):
        pos = t.get("pos")
        if not (isinstance(pos, (list, tuple)) and len(pos) == 2):
            continue
        px, py = axial_to_pixel(_num(pos[0]), _num(pos[1]), s)
        nb = _draw_hex_tile(d, tr, t, ox + px, oy + py, s - 1, farmers, name_size=ns)
        _draw_tile_contents(d, tr, t, ox + px, oy + py, s - 1, nb)
    if spot:        # the space picked for the tile being built: a dashed outline
        px, py = axial_to_pixel(spot[0], spot[1], s)
        corners = hex_corners(ox + px, oy + py, s - 3)
        for k in range(6):
            dashed_line(d, corners[k], corners[(k + 1) % 6], fill=seat_rgb(view, seat), width=4,
                        dash=9, gap=6)
        tile = (view.get("placing") or {}).get(seat, {}).get("tile")
        lines, sz = name_lines(_tile_name(tr, _find_tile(view, tile)), s, ns, language_of(tr))
        for k, ln in enumerate(lines):
            stroked(d, (ox + px, oy + py - (len(lines) - 1) * (sz + 4) / 2 + (sz + 4) * k), ln,
                    size=sz, bold=True, anchor="mm")


def _village_units(view, seat) -> tuple[float, float]:
    p = (view.get("players") or {}).get(seat) or {}
    b = axial_bounds(_village_cells(p, _placing_cell(view, seat)))
    return b[2] - b[0], b[3] - b[1]


def _draw_others(d, view, tr, seats, x0, y0, width, st: Style, measure=False) -> int:
    """One or two lines per player: badge, name and public counts (the close-up's summary
    of the villages not drawn; Full map draws them)."""
    players = view.get("players") or {}
    y = y0
    if seats and not measure:
        text(d, (x0, y), tr("The other players (Full map: every village)"), size=st.section,
             bold=True)
    if seats:
        y += st.section + 14
    name_w = min(300, width // 3)
    for seat in seats:
        p = players.get(seat) or {}
        facts = " · ".join(_facts(view, tr, p) + ([tr("start player")] if p.get("purple") else []))
        lines = wrap(facts, width - name_w - 20, st.facts)[:2]
        h = max(st.facts + 16, len(lines) * (st.facts + 6) + 10)
        if not measure:
            rounded(d, (x0, y, x0 + width, y + h), fill=PANEL, radius=10, width=1)
            player_tag(d, (x0 + 10, y + h / 2), view, seat, name_w - 14, st.facts, True)
            ly = y + h / 2 - (len(lines) - 1) * (st.facts + 6) / 2
            for ln in lines:
                text(d, (x0 + name_w + 10, ly), fit(ln, width - name_w - 20, st.facts),
                     size=st.facts, anchor="lm")
                ly += st.facts + 6
        y += h + 8
    return y - y0


# ----------------------------------------------------------------------------- boards
def _order(view) -> list[str]:
    seats = [s for s in view.get("seats") or [] if isinstance(s, str)]
    players = view.get("players") or {}
    return [s for s in seats if s in players] + [s for s in players if s not in seats]


def _focus(view) -> str | None:
    """The player whose village the close-up draws large: the one to play."""
    order = _order(view)
    cur = view.get("current")
    if cur in order:
        return cur
    for s in view.get("to_act") or []:
        if s in order:
            return s
    return view.get("start_player") if view.get("start_player") in order else \
        (order[0] if order else None)


def _middle(d, view, tr, y, farmers, st: Style, measure=False) -> int:
    """Turn-order tiles and boats side by side (stacked when too wide); returns the height."""
    inner = st.width - 2 * st.margin
    to_w = _turn_order_width(view, st)
    stacked = bool(to_w) and inner - to_w - 20 < 2 * st.boat_w
    boats_w = inner if stacked or not to_w else inner - to_w - 20
    to_h = _draw_turn_order(None, view, tr, 0, 0, to_w, farmers, st, measure=True) if to_w else 0
    boats_h = _draw_boats(None, view, tr, 0, 0, boats_w, st, measure=True)
    if not measure:
        if stacked:
            _draw_turn_order(d, view, tr, st.margin, y, inner, farmers, st)
            _draw_boats(d, view, tr, st.margin, y + to_h + 10, inner, st)
        else:
            if to_w:
                _draw_turn_order(d, view, tr, st.margin, y, to_w, farmers, st)
            _draw_boats(d, view, tr, st.width - st.margin - boats_w, y, boats_w, st)
    return to_h + 10 + boats_h if stacked else max(to_h, boats_h)


def _close_layout(view, tr, st: Style, focus, others, farmers):
    """Heights of the close-up's parts and the village hex size, in one style."""
    inner = st.width - 2 * st.margin
    p = (view.get("players") or {}).get(focus) or {} if focus is not None else {}
    head = _header_height(view, tr, st)
    auction_h = _draw_auction(None, view, tr, st.margin, 0, inner, farmers, st, measure=True)
    middle_h = _middle(None, view, tr, 0, farmers, st, measure=True)
    others_h = _draw_others(None, view, tr, others, st.margin, 0, inner, st, measure=True)
    if focus is not None:
        ph = _head_height(view, tr, focus, p, inner, st)
        uw, uh = _village_units(view, focus)
        s = min(st.village_max, (inner - 28) / uw)
    else:
        ph, uh, s = 0, 0, 0
    fixed = head + auction_h + 14 + middle_h + 16 + (ph + 28 if focus else 0) + others_h + 10
    if focus is not None and fixed + uh * s > MAX_HEIGHT:
        s = (MAX_HEIGHT - fixed) / uh
    return p, auction_h, middle_h, ph, uh, s, fixed


def _as_board(r):
    r.filename = "keyflower.png"
    return r


def render_board(view: dict, tr):
    """The close-up posted after each move (see the module's docstring); the full board
    at the end, or when a huge auction leaves no room for a legible village."""
    view = view or {}
    if view.get("finished") or view.get("phase") == "over":
        return _as_board(render_full_board(view, tr))
    farmers = bool((view.get("options") or {}).get("farmers", True))
    focus = _focus(view)
    others = [s for s in _order(view) if s != focus]
    for st in (CLOSE, DENSE):
        p, auction_h, middle_h, ph, uh, s, fixed = _close_layout(view, tr, st, focus, others,
                                                                  farmers)
        if focus is None or s >= 40:
            break
    else:
        return _as_board(render_full_board(view, tr))
    inner = st.width - 2 * st.margin
    img, d = canvas(st.width, int(fixed + uh * s), PAPER)
    y = _draw_header(d, view, tr, st)
    _draw_auction(d, view, tr, st.margin, y, inner, farmers, st)
    y += auction_h + 14
    _middle(d, view, tr, y, farmers, st)
    y += middle_h + 16
    if focus is not None:
        box = (st.margin, y, st.width - st.margin, y + ph + int(uh * s) + 16)
        _draw_player(d, view, tr, focus, p, box, s, ph, farmers, st)
        y = box[3] + 12
    _draw_others(d, view, tr, others, st.margin, y, inner, st)
    return finish(compact(img, _colours()), board_alt(view, tr), "keyflower.png")


def _village_layout(view, tr, order, villages_top, st: Style):
    """Panels in 2 columns (3 when that gives bigger hexes, 1 for a lone player) and the hex
    size: as big as the widest village allows, then shrunk until the image fits MAX_HEIGHT."""
    players = view.get("players") or {}
    inner = st.width - 2 * st.margin
    n = len(order)
    best = None
    for cols in ((1,) if n <= 1 else (2, 3) if n >= 5 else (2,)):
        pw = (inner - (cols - 1) * 20) // cols
        lines = [order[i:i + cols] for i in range(0, n, cols)]
        heads = [max([_head_height(view, tr, x, players[x] or {}, pw, st) for x in line] + [60])
                 for line in lines]
        row_units = [max(_village_units(view, x)[1] for x in line) for line in lines]
        s = min(st.village_max, min([(pw - 24) / _village_units(view, x)[0] for x in order]
                                    + [st.village_max]))
        fixed = villages_top + sum(h + 16 + 20 for h in heads) + 10
        if row_units and fixed + sum(row_units) * s > MAX_HEIGHT:
            s = max(12.0, (MAX_HEIGHT - fixed) / sum(row_units))
        if best is None or s > best[5] + 4:
            best = (cols, pw, lines, heads, row_units, s, fixed)
    return best


def render_full_board(view: dict, tr):
    """Every village as a hex map, with the auction, the boats and a legend."""
    view = view or {}
    st = FULL
    order = _order(view)
    players = view.get("players") or {}
    farmers = bool((view.get("options") or {}).get("farmers", True))
    inner = st.width - 2 * st.margin
    head = _header_height(view, tr, st)
    auction_h = _draw_auction(None, view, tr, st.margin, 0, inner, farmers, st, measure=True)
    middle_h = _middle(None, view, tr, 0, farmers, st, measure=True)
    legend_h = _draw_legend(None, tr, st.margin, 0, inner, farmers, measure=True)
    villages_top = head + auction_h + 14 + middle_h + 10 + legend_h + 14
    cols, pw, lines, heads, row_units, s, fixed = _village_layout(view, tr, order, villages_top, st)
    height = int(fixed + sum(row_units) * s)
    img, d = canvas(st.width, height, PAPER)
    y = _draw_header(d, view, tr, st)
    _draw_auction(d, view, tr, st.margin, y, inner, farmers, st)
    y += auction_h + 14
    _middle(d, view, tr, y, farmers, st)
    y += middle_h + 10
    _draw_legend(d, tr, st.margin, y, inner, farmers)
    y += legend_h + 14
    for li, line in enumerate(lines):
        ph = heads[li] + int(row_units[li] * s) + 16
        for ci, seat in enumerate(line):
            x = st.margin + ci * (pw + 20)
            _draw_player(d, view, tr, seat, players[seat] or {}, (x, y, x + pw, y + ph), s,
                         heads[li], farmers, st)
        y += ph + 20
    return finish(compact(img, _colours()), board_alt(view, tr), "keyflower_map.png")


def board_alt(view: dict, tr) -> str:
    """The position in words; players first so that every one is named within 1024 chars."""
    label, seats, what = _turn(view, tr)
    turn = " ".join(x for x in (label, ", ".join(_name(view, s) for s in seats),
                                ("— " + what) if what and not view.get("finished") else what)
                    if x)
    parts = [f"{_title(view, tr)}. {turn.rstrip('.')}." if turn else f"{_title(view, tr)}."]
    players = view.get("players") or {}
    scores = (view.get("outcome") or {}).get("scores") or {}
    for seat in _order(view) or list(view.get("seats") or []):
        p = players.get(seat) or {}
        bits = _facts(view, tr, p)
        if p.get("purple"):
            bits.append(tr("start player"))
        if view.get("phase") == "winter_pick":
            bits.append(tr("winter tiles offered") if p.get("winter_done")
                        else tr("choosing winter tiles"))
        if seat in scores:
            bits.append(tr(X.vp(_num(scores[seat]))))
        parts.append(f"{_name(view, seat)}: " + ", ".join(bits) + ".")
    items = []
    for t in _auction(view):
        b = _bids_text(view, tr, t)
        items.append(f"{_tile_name(tr, t)} ({b})" if b else _tile_name(tr, t))
    if items:
        parts.append(tr("On auction: {items}.", items=", ".join(items)))
    order = []
    for t in _turn_order(view):
        b = _bids_text(view, tr, t)
        if b:
            order.append(f"{_tile_name(tr, t)} ({b})")
    if order:
        parts.append(tr("Turn-order bids: {items}.", items=", ".join(order)))
    boats = []
    for b in view.get("boats") or []:
        if not isinstance(b, dict):
            continue
        name = tr(str(b.get("name") or b.get("id") or "?"))
        if b.get("owner"):
            boats.append(tr("{boat} taken by {name}", boat=name, name=_name(view, b["owner"])))
        else:
            w = _safe_counts(b.get("workers"), COLOURS)
            boats.append(tr("{boat}: {workers}", boat=name, workers=_workers_text(tr, w)) if w
                         else tr("{boat}: empty", boat=name))
    if boats:
        parts.append(tr("Boats: {items}.", items=clauses(tr, boats)))
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


HAND_W = 1000
HAND_HEX = 74


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
    W, hs, per_row = HAND_W, HAND_HEX, 5
    cell_h = int(SQRT3 * hs + 96)
    hand_rows = max(1, math.ceil(len(hand) / per_row))
    height = 360 + hand_rows * cell_h + 20
    img, d = canvas(W, height, PAPER)
    player_tag(d, (30, 44), view, seat, W - 60, 30, True)
    text(d, (30, 84), fit(tr("Behind your screen — only you can see this."), W - 60, 20), size=20,
         fill=MUTED)
    y = 130
    col = 230
    text(d, (30, y), tr("Workers"), size=24, bold=True)
    x = col
    for c in COLOURS:
        _worker(d, x + 16, y + 14, 36, c)
        label = tr(X.workers(c, workers.get(c, 0)))
        text(d, (x + 40, y + 14), label, size=20, bold=True, anchor="lm")
        x += 60 + max(110, text_width(label, 20, True))
        if x > W - 200 and c != COLOURS[-1]:
            x, y = col, y + 44
    y += 60
    text(d, (30, y), tr("Skill tiles"), size=24, bold=True)
    x = col
    for k in SKILLS:
        _skill(d, x + 16, y + 14, 16, k)
        label = tr(X.good(k, skills.get(k, 0)))
        text(d, (x + 40, y + 14), label, size=20, bold=True, anchor="lm")
        x += 60 + max(110, text_width(label, 20, True))
    y += 60
    if farmers or wheat:
        text(d, (30, y), tr("Wheat"), size=24, bold=True)
        _wheat(d, col + 16, y + 14, 16)
        text(d, (col + 40, y + 14), tr(X.good("wheat", wheat)), size=20, bold=True, anchor="lm")
        y += 60
    text(d, (30, y), tr(X.winter_in_hand(len(hand))), size=24, bold=True)
    if picked:
        text(d, (W - 30, y + 4), fit(tr("gold outline: chosen to offer"), W // 2, 18), size=18,
             fill=MUTED, anchor="ra")
    y += 44
    if not hand:
        text(d, (30, y), tr("none"), size=20, fill=MUTED)
    cw = (W - 60) // per_row
    for k, tid in enumerate(hand):
        r, c = divmod(k, per_row)
        cx = 30 + c * cw + cw / 2
        cy = y + r * cell_h + SQRT3 * hs / 2
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(tid) or {}
        tile = {"id": tid, "name": data.get("name") or tid, "season": "winter",
                "edges": list(data.get("edges") or "RPPPPP"), "regions": [list(range(12))]}
        if tid in picked:
            d.polygon(hex_corners(cx, cy, hs + 6), fill=GOLD)
        _draw_hex_tile(d, tr, tile, cx, cy, hs, farmers, name_size=19)
        ty = cy + SQRT3 * hs / 2 + 18
        kind = str(data.get("winter") or tid)
        if kind in WINTER_HELP:
            for ln in wrap(tr(WINTER_HELP[kind]), cw - 12, 16)[:2]:
                text(d, (cx, ty), fit(ln, cw - 12, 16), size=16, anchor="mm")
                ty += 20
        if tid in picked:
            text(d, (cx, ty), fit(tr("chosen to offer"), cw - 12, 16, True), size=16, bold=True,
                 fill=HILITE, anchor="mm")
    return finish(compact(img, _colours()), hand_alt(view, tr), "keyflower_private.png")


def _screen_items(tr, priv) -> str:
    items = (X.worker_list(_safe_counts(priv.get("workers"), COLOURS))
             + X.goods(_safe_counts(priv.get("skills"), SKILLS)))
    if _num(priv.get("wheat")):
        items.append(X.good("wheat", _num(priv.get("wheat"))))
    return _join(tr, items) or tr("nothing")


def hand_alt(view, tr) -> str:
    seat, _p = own_seat(view)
    priv = view.get("private") or {}
    hand = _winter_names(tr, priv.get("winter_hand"))
    return tr("{name}, behind your screen: {items}. Winter tiles in hand: {tiles}.",
              name=_name(view, seat), items=_screen_items(tr, priv),
              tiles=", ".join(hand) or tr("none"))


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view or {})
    if seat is None:
        return tr("You are not playing at this table.")
    priv = view.get("private") or {}
    lines = [tr("**Behind your screen**: {workers}",
                workers=_workers_text(tr, priv.get("workers"))),
             tr("**Skill tiles**: {skills}", skills=_skills_text(tr, priv.get("skills"))
                or tr("none"))]
    farmers = bool((view.get("options") or {}).get("farmers", True))
    if farmers or _num(priv.get("wheat")):
        lines.append(tr("**Wheat**: {amount}", amount=_num(priv.get("wheat"))))
    hand = _winter_names(tr, priv.get("winter_hand"), help=True)
    lines.append(tr("**Winter tiles in hand**: {tiles}", tiles=", ".join(hand) or tr("none")))
    pick = _winter_names(tr, priv.get("winter_pick"))
    if pick:
        lines.append(tr("**Chosen to offer**: {tiles}", tiles=", ".join(pick)))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
