"""Keyflower (with The Farmers) board and private images, drawn only from ``ENGINE.view``.

Every image is 1000 px wide (``WIDTH``) and no text in it is smaller than ``SMALL``
(render.common.readable_size: 18 px, 11 px where Discord shows the image 616 px wide). What
does not fit is laid out again, never shrunk: texts wrap, a tile's name takes a third line
or breaks at a hyphenation point of its language, and a name that still does not fit whole
on its hex (or leaves no room for what lies on the tile) gets a numbered badge and is written
in full under its village.

``render_board(view, tr)``: the image posted after each move: the season and whose turn it
is (the players' badges and names); the tiles on auction and the turn-order tiles as cards
(hexes with their roads and water, the name whole on a plate that roads do not cross, what
the visible side does, the colour lock, each bid as badge + name + worker figure and count,
the leader starred, workers placed there by uses); the boats (public workers and skill
tiles, owner); the village of the player to act drawn large (tiles by name and season
colour, the upgraded side with a gold inner border and a star, roads and water on the edges,
The Farmers' field borders, animals where they stand, resources lying on tiles, workers
standing on tiles this season, summer boat faces, the Sheep shelter); a line of public
counts for every other player (tiles, VP printed on the tiles, winter tiles in hand,
animals). When a huge auction leaves no room, the village goes (every player gets a line),
then those lines, then the boats. At the end it is the full board.

``render_full_board(view, tr)``: every village as a hex map (the Full map button), two side
by side when their hexes stay large, and a legend; then the same auction and boats when
they leave the villages large enough; at the end with the scores and the screens the view
reveals.

``render_hand(view, tr)``: the seat's screen (workers by colour, skill tiles, wheat) and its
winter tiles in hand; None for a spectator view.
``private_text(view, tr)``: the same as a short Discord-markdown text.

Every counted noun is one counted message (engines.keyflower.texts); players are named by
their display names (``view["names"]``, render.common.seat_name) beside their badges."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engines.base import T
from engines.keyflower import texts as X
from render.common import (clauses, INK, MUTED, PAPER, canvas, clip, finish, fit, hyphenated_lines,
                           ink_on, language_of, mark, own_seat, readable_size, rounded, seat_name,
                           seat_rgb, seat_style, text, text_width, wrap)
from render.shapes import (SQRT3, axial_bounds, axial_to_pixel, clansman, compact, dashed_line,
                           hex_corners, hex_edge, ink_for, resolve_ref, star, stroked, text_of)


def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


MAX_HEIGHT = 2990
WIDTH = 1000                    # every image: Discord shows it about 616 px wide
SMALL = readable_size(WIDTH)    # the smallest text (18 px: 11 px where Discord shows it)

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
    """Sizes of one kind of image (the close-up post, or the full map). Every image is
    ``WIDTH`` px wide and no text is smaller than ``SMALL``."""
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


CLOSE = Style(width=WIDTH, margin=20, title=30, sub=24, info=SMALL, section=24, name=22,
              effect=SMALL, row=SMALL, row_h=34, card_min=230, card_max=240, hex_max=84,
              boat_w=230, boat_name=20, boat_row=SMALL, head=26, facts=19, village_max=96)
FULL = Style(width=WIDTH, margin=20, title=30, sub=24, info=SMALL, section=24, name=22,
             effect=SMALL, row=SMALL, row_h=34, card_min=230, card_max=240, hex_max=84,
             boat_w=230, boat_name=20, boat_row=SMALL, head=24, facts=SMALL, village_max=84)
VILLAGE_MIN = 60        # the close-up's village hexes at least (else every player gets a line)


# ----------------------------------------------------------------------------- small helpers
def _remembering(tr):
    """tr that answers each message once per image (a layout is measured before it is
    drawn, and the same labels come back many times)."""
    if getattr(tr, "_remembers", False):
        return tr
    known: dict = {}

    def t(message, **params):
        key = repr((message, sorted(params.items())))
        if key not in known:
            known[key] = tr(message, **params)
        return known[key]
    t.locale = language_of(tr)
    t._remembers = True
    return t


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

PLATE_PAD = 3           # px of plate on each side of a tile's name


def _plate_width(s: float, size: int, n: int) -> int:
    """How wide n lines of a name at this size may be on a hex of radius s: the plate under
    them stays inside the hex's sides."""
    half = n * (size + 4) / 2 + 3          # half the height of the plate
    return int(min(2 * (s - half / SQRT3) - 2 * PLATE_PAD - 4, 1.66 * s))


def _whole_lines(label: str, width: int, size: int, n: int) -> list[str] | None:
    """label in at most n lines of whole words (bold), or None (nothing is shortened, so a
    layout that is only tried leaves no trace)."""
    lines: list[str] = []
    cur = ""
    for w in label.split():
        if text_width(w, size, True) > width:
            return None
        joined = f"{cur} {w}" if cur else w
        if text_width(joined, size, True) <= width:
            cur = joined
            continue
        lines.append(cur)
        cur = w
        if len(lines) >= n:
            return None
    if cur:
        lines.append(cur)
    return lines


def name_lines(label: str, s: float, size: int, lang: str | None = "en",
               least: int = SMALL) -> tuple[list[str] | None, int]:
    """A tile's name laid out inside a flat-top hex of circumradius s: on one line or two
    at the largest size from ``size`` down to ``least`` (the smallest readable size) that shows
    it whole (never crossing the hex's sides); then on two lines with a long word hyphenated
    in the name's language (``lang``), then on three. Returns the lines and the font size;
    (None, least) when nothing shows it whole: the tile then gets a number, and its name is
    written in full beside the map."""
    lines, sz = _name_lines(" ".join(str(label).split()), round(float(s), 1), int(size),
                            lang or "en", int(least))
    return (list(lines) if lines is not None else None), sz


def _laid_out(label: str, s: float, size: int, lang: str | None) -> tuple[list[str] | None, int]:
    """name_lines for a layout that is only tried (what is drawn goes through name_lines)."""
    lines, sz = _name_lines(" ".join(str(label).split()), round(float(s), 1), int(size),
                            lang or "en", SMALL)
    return (list(lines) if lines is not None else None), sz


@lru_cache(maxsize=8192)
def _name_lines(label: str, s: float, size: int, lang: str, least: int):
    size = max(least, size)
    for sz in range(size, least - 1, -1):
        for n in (1, 2):
            lines = _whole_lines(label, _plate_width(s, sz, n), sz, n)
            if lines:
                return tuple(lines), sz
    for n in (2, 3):
        for sz in range(size, least - 1, -1):
            width = _plate_width(s, sz, n)
            lines = (_whole_lines(label, width, sz, n) if n == 3 else None) or \
                hyphenated_lines(label, width, sz, True, max_lines=n, lang=lang)
            if lines:
                return tuple(lines), sz
    return None, least


def _plate_box(lines: list[str], size: int, cx, cy) -> tuple[float, float, float, float]:
    """The plate under a name's lines centred on (cx, cy)."""
    w = max([text_width(ln, size, True) for ln in lines] + [1]) + 2 * PLATE_PAD
    h = len(lines) * (size + 4) + 4
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def _badge_box(number: int, cx, cy) -> tuple[float, float, float, float]:
    r = max(SMALL * 0.8, text_width(str(number), SMALL, True) / 2 + 6)
    return cx - r, cy - r, cx + r, cy + r


def _number_badge(d, cx, cy, number: int) -> tuple[float, float, float, float]:
    """A dark disc with a tile's number (its name is written beside the map); returns its box."""
    label = str(number)
    box = _badge_box(number, cx, cy)
    d.ellipse(box, fill=INK, outline=WHITE, width=2)
    icon = mark(d, box)
    text(d, (cx, cy), label, size=SMALL, bold=True, fill=WHITE, anchor="mm", owner=icon)
    return box


def _name_plate(d, label, cx, cy, s, fill, size, box_fill=None, lang="en", number=None):
    """The name on a plate in the tile's colour: roads and field borders stop at its edge.
    Returns the plate's box; a name that does not fit whole gets its ``number`` instead."""
    if number is not None:
        return _number_badge(d, cx, cy, number)
    lines, sz = name_lines(label, s, size, lang)
    if lines is None:           # (never on a card or a winter tile: they are large enough)
        return _number_badge(d, cx, cy, 0)
    lh = sz + 4
    box = _plate_box(lines, sz, cx, cy)
    d.rounded_rectangle(box, radius=6, fill=box_fill or _light(fill))
    y = cy - (len(lines) - 1) * lh / 2
    for ln in lines:
        text(d, (cx, y), ln, size=sz, bold=True, anchor="mm")
        y += lh
    return box


def _draw_hex_tile(d, tr, tile: dict, cx, cy, s, farmers=True, outline=INK, outline_w=2,
                   show_name=True, big: str | None = None, name_size: int = 22,
                   number: int | None = None):
    """One tile as a flat-top hex at (cx, cy) with circumradius s, its name on a plate in
    the middle (``big``: a large label instead, the turn-order number; ``number``: what
    stands for a name that does not fit whole). Returns the box of the name (or None)."""
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
        _star(d, cx, cy - s * 0.62, max(7, s * 0.11))
    if not show_name:
        return None
    if big:
        size = max(20, int(s * 0.7))
        w = text_width(big, size, True) + 12
        box = (cx - w / 2, cy - size * 0.62, cx + w / 2, cy + size * 0.62)
        d.rounded_rectangle(box, radius=6, fill=_light(fill))
        text(d, (cx, cy), big, size=size, bold=True, anchor="mm")
        return box
    return _name_plate(d, _tile_name(tr, tile), cx, cy, s, fill, name_size, lang=language_of(tr),
                       number=number)


def _village_name_size(s: float) -> int:
    """The largest font for tile names on a village hex of radius s."""
    return max(SMALL, min(22, int(s * 0.24)))


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


def _place(cx, cy, s, w, h, want, boxes, region=None) -> tuple[float, float, bool]:
    """The centre for a w×h item: the free spot inside the tile nearest to the wanted point
    (on a grid of a tenth of the hex size), inside the region's sector (a set of slots) when
    one is given and possible; when nothing is free, the spot that overlaps least, and False
    (the tile is crowded)."""
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
                return x, y, True
            if not strict:      # crowded: remember the spot that overlaps least
                cost = _overlap_area(box, boxes)
                if best_cost is None or cost < best_cost:
                    best, best_cost = (x, y), cost
    boxes.append((best[0] - w / 2, best[1] - h / 2, best[0] + w / 2, best[1] + h / 2))
    return best[0], best[1], False


def _overlap_area(box, boxes) -> float:
    return sum(max(0, min(box[2], b[2]) - max(box[0], b[0]))
               * max(0, min(box[3], b[3]) - max(box[1], b[1])) for b in boxes)


def _tile_contents(tile: dict, cx, cy, s, name_box=None) -> tuple[list, bool]:
    """Where the resources and skills lying on the tile, the workers standing on it this
    season, the boat face, the Sheep shelter and the animals in their regions go, so as not
    to overlap: (what to draw, each a function of the drawing, whether some of it found no
    free spot)."""
    regions = _regions(tile)
    ar = max(10, int(s * 0.14))
    fs = SMALL
    cw = lambda n: text_width(f"×{n}", fs, True) + 4  # noqa: E731
    lh = fs + 6                 # a count's height, its halo included
    boxes = [name_box or (cx - s * 0.62, cy - s * 0.2, cx + s * 0.62, cy + s * 0.2)]
    if tile.get("up"):
        boxes.append((cx - s * 0.13, cy - s * 0.75, cx + s * 0.13, cy - s * 0.5))
    plan: list = []
    free = True

    def place(w, h, want, region=None):
        nonlocal free
        x, y, ok = _place(cx, cy, s, w, h, want, boxes, region)
        free = free and ok
        return x, y

    def place_row(fy, row):
        """Items (width, height, draw(d, x_left, y_centre)) side by side around the row at
        cy + fy·s; each moves on its own to a free spot when the row does not fit."""
        x = cx - sum(w + 4 for w, _, _ in row) / 2
        for w, h, draw in row:
            px, py = place(w, h, (x + w / 2, cy + fy * s))
            plan.append(lambda d, draw=draw, px=px - w / 2, py=py: draw(d, px, py))
            x += w + 4

    # animals where they stand, one group per region (first: they must be in their field)
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
            x, y = place(w, 2 * ar + 4, _region_point(cx, cy, s, reg),
                         set(reg) if 0 < len(reg) < 12 else None)

            def herd(d, x=x - w / 2, y=y, group=group):
                for a, n in group:
                    _animal(d, x + ar + 2, y, ar, a, n if n > 1 else None)
                    x += 2 * ar + 4
            plan.append(herd)
    # resources and skills lying on the tile: a row above the name, one item per kind
    res = _counts(tile.get("res"))
    items = [(r, res[r]) for r in RESOURCES if res.get(r)] + \
        [(r, n) for r, n in res.items() if r not in RESOURCES and n]
    skills = _counts(tile.get("skills"))
    cs = max(15, int(s * 0.18))
    row = []
    for r, n in items:          # a cube, its count written on it
        size = cs if n <= 1 else max(cs, SMALL + 6, text_width(str(n), fs, True) + 8)
        row.append((size + 2, size + 2,
                    lambda d, x, y, r=r, n=n, size=size: _cube(d, x + 1, y - size / 2, size, r,
                                                               n if n > 1 else None)))
    for k in SKILLS:
        if skills.get(k):
            n = skills[k]
            row.append((cs + 3 + (cw(n) if n > 1 else 0), max(cs, lh if n > 1 else 0) + 2,
                        lambda d, x, y, k=k, n=n: (_skill(d, x + cs / 2, y, cs // 2 + 1, k),
                                                   n > 1 and _count_label(d, x + cs + 3, y, n,
                                                                          fs))))
    place_row(-0.42, row)
    # workers standing on the tile this season: a row below the name, one item per colour
    # (a lone worker without its count, like a lone cube or animal)
    on = _counts(((tile.get("site") or {}).get("on")))
    h = max(22, int(s * 0.28))
    place_row(0.55, [(h * 0.8 + 2 + cw(on[c]), max(h, lh),
                      lambda d, x, y, c=c: _worker_row(d, x, y, {c: on[c]}, h, fs))
                     if on[c] > 1 else
                     (h * 0.8 + 2, h, lambda d, x, y, c=c: _worker(d, x + h * 0.4 + 1, y, h, c))
                     for c in COLOURS if on.get(c)])
    face = tile.get("face")
    if face:
        fw = text_width(str(face), fs, True) + 6
        x, y = place(fw, lh, (cx + s * 0.5, cy + s * 0.6))
        plan.append(lambda d, x=x, y=y: stroked(d, (x, y), str(face), size=fs, bold=True,
                                                anchor="mm", stroke_width=2))
    shelter = _num(tile.get("shelter"))
    if shelter:
        x, y = place(2 * ar + 12, 2 * ar + 12, (cx, cy + s * 0.4))

        def sheltered(d, x=x, y=y):
            frame = (x - ar - 6, y - ar - 6, x + ar + 6, y + ar + 6)
            d.rounded_rectangle(frame, radius=6, fill=PURPLE, outline=INK, width=2)
            _animal(d, x, y, ar, "sheep", shelter, frame=frame)
        plan.append(sheltered)
    return plan, free


def _draw_tile_contents(d, tr, tile: dict, cx, cy, s, name_box=None) -> None:
    for draw in _tile_contents(tile, cx, cy, s, name_box)[0]:
        draw(d)


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


def _badge_radius(size: int) -> int:
    """A seat badge beside a name of this size: its letter is as large as the name, at
    least SMALL."""
    return max(14, round(max(SMALL, size) * 0.62))


def _tag_width(view, seat, size, bold=True) -> int:
    return 2 * _badge_radius(size) + 8 + text_width(seat_name(view, seat), size, bold)


def player_tag(d, xy, view: dict, seat: str, width: int, size: int = 20, bold: bool = False,
               fill=INK) -> int:
    """A seat's badge (colour and letter, the letter at least SMALL) followed by its player's
    name, fitted into width pixels from xy (the badge's left edge, centre line y). Returns
    the x after it."""
    r = _badge_radius(size)
    x, y = xy
    seats = view.get("seats") or []
    letter = seat_style(seats.index(seat) if seat in seats else 0)[0]
    colour = seat_rgb(view, seat)
    box = (x, y - r, x + 2 * r, y + r)
    d.ellipse(box, fill=colour, outline=INK, width=2)
    badge = mark(d, box)
    text(d, (x + r, y), letter, size=max(SMALL, size), fill=ink_on(colour), bold=True,
         anchor="mm", owner=badge)
    name = fit(seat_name(view, seat), max(0, width - 2 * r - 8), size, bold, name=True)
    if not name.strip("…"):
        return int(x + 2 * r)
    return text(d, (x + 2 * r + 8, y), name, size=size, fill=fill, bold=bold, anchor="lm")[2]


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


def _header_lines(view, tr, st: Style) -> tuple[list[str], int, list[str]]:
    """The lines under the turn line: what the player does when it goes on lines of its
    own (and their size), and the bag and supplies."""
    inner = st.width - 2 * st.margin
    label, what, rows, below = _header_layout(view, tr, st)
    finished = bool(view.get("finished"))
    size = st.info if finished else st.sub
    lines = wrap(what if finished else "— " + what, inner, size, max_lines=2) \
        if what and below else []
    return lines, size, wrap(_info(view, tr), inner, st.info, max_lines=2)


def _draw_header(d, view, tr, st: Style) -> int:
    """Title, whose turn (badges and names), the bag and supplies; returns the height."""
    inner = st.width - 2 * st.margin
    x0, y = st.margin, 14
    text(d, (x0, y), fit(_title(view, tr), inner, st.title, True), size=st.title, bold=True)
    y += st.title + 16
    label, what, rows, below = _header_layout(view, tr, st)
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
        text(d, (x - (4 if rows else 0), cy), ("— " if rows or label else "") + what,
             size=st.sub, anchor="lm")
    cy += line_h
    y = cy - st.sub // 2 - 2
    lines, size, info = _header_lines(view, tr, st)
    for ln in lines:            # what they do on a line of its own (at the end: the tie-break)
        text(d, (x0, y), ln, size=size)
        y += size + 8
    for ln in info:
        text(d, (x0, y), ln, size=st.info, fill=MUTED)
        y += st.info + 8
    y += 4
    d.line((x0, y, st.width - st.margin, y), fill=INK, width=2)
    return y + 12


def _header_height(view, tr, st: Style) -> int:
    label, what, rows, below = _header_layout(view, tr, st)
    lines, size, info = _header_lines(view, tr, st)
    return (14 + st.title + 16 + max(1, len(rows)) * (st.sub + 14) + len(lines) * (size + 8)
            + len(info) * (st.info + 8) + 4 + 12)


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


def _used_lines(tr, site: dict, w: int, st: Style) -> int:
    """Rows of a card's "used:" line: 0 (nobody used the tile), 1, or 2 when the label and
    the workers do not fit side by side."""
    on = _counts(site.get("on"))
    if not any(on.values()):
        return 0
    label_w = text_width(tr("used:"), st.row) + 6
    return 1 if label_w + _worker_row_width(on, st.row + 6, st.row) <= w - 12 else 2


def _worker_row_width(counts: dict, h: int, size: int) -> int:
    return int(sum(h * 0.8 + 2 + text_width(f"×{_num(n)}", size, True) + 4 + 6
                   for c, n in counts.items() if c in COLOURS and _num(n)))


def _lock_lines(tr, lock, w: int, st: Style) -> list[str]:
    """The colour lock's name on a card w px wide (on two lines on a narrow one)."""
    if not lock:
        return []
    return wrap(tr(LOCK_NAMES.get(lock) or _("colour lock")), w - st.row - 16, st.row, True,
                max_lines=2)


def _card_height(tile: dict, s: float, st: Style) -> int:
    site = tile.get("site") or {}
    h = int(SQRT3 * s) + 14 + (st.effect + 6) * len(tile.get("_effect") or [])
    if site.get("colour"):
        h += st.row_h + (st.row + 6) * (len(tile.get("_lock") or [""]) - 1)
    h += st.row_h * len(_bid_lines(site))
    h += st.row_h * _num(tile.get("_used"))
    if tile.get("owner"):
        h += st.row_h
    return h + 8


def _draw_card(d, view, tr, tile: dict, x0, y0, w, s, farmers, st: Style, big=None,
               card=None) -> None:
    """An auction (or turn-order) tile: the hex, its lock, its bids and its users (every
    text inside ``card``, the card's box)."""
    site = tile.get("site") or {}
    cx, cy = x0 + w / 2, y0 + SQRT3 * s / 2 + 4
    lock = site.get("colour")
    if lock:
        d.polygon(hex_corners(cx, cy, s + 6), fill=WORKER.get(lock, MUTED))
    nb = _draw_hex_tile(d, tr, tile, cx, cy, s, farmers, big=big, name_size=st.name)
    _draw_tile_contents(d, tr, {k: v for k, v in tile.items() if k != "site"}, cx, cy, s, nb)
    y = y0 + SQRT3 * s + 12
    for ln in tile.get("_effect") or []:
        text(d, (x0 + w / 2, y + st.effect / 2 + 1), ln, size=st.effect, anchor="mm",
             within=card)
        y += st.effect + 6
    y += 2
    mid = st.row_h / 2 - 2
    if lock:
        sq = st.row - 2
        d.rectangle((x0 + 6, y + mid - sq / 2, x0 + 6 + sq, y + mid + sq / 2),
                    fill=WORKER.get(lock, MUTED), outline=INK)
        mark(d, (x0 + 6, y + mid - sq / 2, x0 + 6 + sq, y + mid + sq / 2))
        for k, ln in enumerate(tile.get("_lock") or _lock_lines(tr, lock, w, st)):
            text(d, (x0 + sq + 12, y + mid + k * (st.row + 6)), ln, size=st.row, bold=True,
                 anchor="lm", within=card)
        y += st.row_h + (st.row + 6) * (len(tile.get("_lock") or [""]) - 1)
    fig = st.row + 6
    for seat, colour, n, lead in _bid_lines(site):
        cy2 = y + mid
        count = f"×{n}"
        cw = text_width(count, st.row, True)
        right = x0 + w - 6 - cw
        text(d, (right, cy2), count, size=st.row, bold=True, anchor="lm", within=card)
        right -= fig * 0.8 + 2
        _worker(d, right + fig * 0.4, cy2, fig, colour)
        if lead:
            right -= st.row + 2
            _star(d, right + st.row / 2, cy2, st.row / 2)
        player_tag(d, (x0 + 4, cy2), view, seat, int(right - x0 - 8), st.row)
        y += st.row_h
    on = _counts(site.get("on"))
    if any(on.values()):
        label = tr("used:")
        text(d, (x0 + 6, y + mid), fit(label, w - 12, st.row), size=st.row, anchor="lm",
             fill=MUTED, within=card)
        if _num(tile.get("_used")) > 1:
            y += st.row_h
            wx = x0 + 6
        else:
            wx = x0 + 12 + text_width(label, st.row)
        _worker_row(d, wx, y + mid, {c: on.get(c, 0) for c in COLOURS}, st.row + 6, st.row,
                    within=card)
        y += st.row_h
    owner = tile.get("owner")
    if owner:
        label = tr("won by")
        box = text(d, (x0 + 6, y + mid), fit(label, w // 2, st.row), size=st.row,
                   anchor="lm", fill=MUTED, within=card)
        player_tag(d, (box[2] + 6, y + mid), view, owner, int(x0 + w - box[2] - 12), st.row)


def _card_layout(tiles, width, st: Style):
    n = max(1, len(tiles))
    per_row = max(1, min(n, width // st.card_min))
    rows = math.ceil(n / per_row)
    per_row = math.ceil(n / rows)
    w = min(st.card_max, width // per_row)
    s = min(st.hex_max, (w - 22) / 2)
    return per_row, rows, w, s


def _with_effect(tr, tiles, w, st: Style):
    """The tiles with their effect text wrapped to the card (at most 4 lines, 6 for a boat),
    their lock's name and the rows their users take."""
    out = []
    for t in tiles:
        most = 6 if t.get("face_help") else 4
        lines = wrap(_effect_text(tr, t), w - 12, st.effect, max_lines=most)
        out.append({**t, "_effect": lines, "_used": _used_lines(tr, t.get("site") or {}, w, st),
                    "_lock": _lock_lines(tr, (t.get("site") or {}).get("colour"), w, st)})
    return out


TO_CARD = 180           # a turn-order card's width


def _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st: Style, title: str,
                hint: str = "", big=False, measure=False) -> int:
    """A titled grid of cards; returns its height."""
    if big:         # turn-order tiles: small cards with their number
        w = TO_CARD
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
    hint_w = text_width(hint, st.info) if hint else 0
    title_w = text_width(title, st.section, True)
    hint_below = bool(hint) and title_w + 20 + hint_w > width
    top = st.section + 14 + (st.info + 8 if hint_below else 0)
    total = top + sum(heights) + 8 * rows if tiles else top + st.facts + 20
    if measure:
        return total
    text(d, (x0, y0), fit(title, width, st.section, True), size=st.section, bold=True)
    if hint:
        if hint_below:
            text(d, (x0, y0 + st.section + 8), fit(hint, width, st.info), size=st.info,
                 fill=MUTED)
        else:
            text(d, (x0 + width, y0 + 4), hint, size=st.info, fill=MUTED, anchor="ra")
    if not tiles:
        text(d, (x0, y0 + top + 4), tr("No tiles on auction."), size=st.facts, fill=MUTED)
    y = y0 + top
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        for k, t in enumerate(line):
            cx0 = x0 + k * w
            box = (cx0 + 3, y, cx0 + w - 3, y + heights[r])
            rounded(d, box, fill=CARD, radius=10, width=1)
            num = t.get("num")
            _draw_card(d, view, tr, t, cx0 + 3, y + 2, w - 6, s, farmers, st,
                       big=str(num) if big and num is not None else None, card=box)
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
def _boats_layout(view, width, st: Style):
    boats = [b for b in view.get("boats") or [] if isinstance(b, dict)]
    per_row = max(1, min(len(boats) or 1, width // st.boat_w))
    rows = math.ceil(len(boats) / per_row) if boats else 1
    return boats, per_row, rows, width // per_row


def _boat_rows(tr, b: dict, w: int, st: Style) -> list[tuple[str, object, int]]:
    """What a boat card shows under its name, row by row: (kind, what, height); workers of
    more colours than a row holds go on two rows."""
    inner = w - 32
    line = st.boat_row + 6
    if b.get("owner"):
        return [("owner", b["owner"], st.boat_row + 16)]
    out = []
    workers = _counts(b.get("workers"))
    skills = _counts(b.get("skills"))
    if any(workers.values()):
        row: dict = {}
        for c in COLOURS:
            if not workers.get(c):
                continue
            if row and _worker_row_width({**row, c: workers[c]}, st.boat_row + 8,
                                         st.boat_row) > inner:
                out.append(("workers", row, st.boat_row + 16))
                row = {}
            row[c] = workers[c]
        out.append(("workers", row, st.boat_row + 16))
    if any(skills.values()):
        out.append(("skills", skills, st.boat_row + 16))
    for kind, empty in (("workers", "no workers"), ("skills", "no skill tiles")):
        if not any(k == kind for k, _, _ in out):
            lines = wrap(tr(empty), inner, st.boat_row, max_lines=2)
            out.insert(0 if kind == "workers" else len(out),
                       ("text", lines, len(lines) * line + 10))
    return out


def _boat_sides(tr, boats, w: int, st: Style) -> bool:
    """Whether the boats' sides ("side A") go on a line of their own (when one does not fit
    beside its boat's name, for all of them)."""
    for b in boats:
        if b.get("face"):
            side = tr("side {face}", face=str(b["face"]).upper())
            name = tr(str(b.get("name") or b.get("id") or "?"))
            if text_width(name, st.boat_name, True) + text_width(side, st.boat_row) + 12 > w - 28:
                return True
    return False


def _boat_h(tr, boats, w: int, st: Style) -> int:
    rows = [sum(h for *_, h in _boat_rows(tr, b, w, st)) for b in boats] or [0]
    return st.boat_name + 22 + (st.boat_row + 8 if _boat_sides(tr, boats, w, st) else 0) \
        + max(rows) + 10


def _draw_boats(d, view, tr, x0, y0, width, st: Style, measure=False) -> int:
    boats, per_row, rows, w = _boats_layout(view, width, st)
    bh = _boat_h(tr, boats, w, st)
    total = st.section + 14 + rows * (bh + 8)
    if measure:
        return total
    text(d, (x0, y0), tr("Boats"), size=st.section, bold=True)
    if not boats:
        text(d, (x0, y0 + st.section + 20), tr("No boats."), size=st.facts, fill=MUTED)
        return total
    below = _boat_sides(tr, boats, w, st)
    for k, b in enumerate(boats):
        r, c = divmod(k, per_row)
        bx, y = x0 + c * w, y0 + st.section + 14 + r * (bh + 8)
        card = (bx + 3, y, bx + w - 5, y + bh)
        rounded(d, card, fill=TYPE_COLOUR["boat"], radius=10, width=2)
        name = tr(str(b.get("name") or b.get("id") or "?"))
        face = b.get("face")
        side = tr("side {face}", face=str(face).upper()) if face else ""
        if side and not below:
            text(d, (bx + w - 14, y + 9), side, size=st.boat_row, anchor="ra", within=card)
        sw = text_width(side, st.boat_row) + 12 if side and not below else 0
        text(d, (bx + 12, y + 8), fit(name, w - 28 - sw, st.boat_name, True), size=st.boat_name,
             bold=True, within=card)
        ry = y + st.boat_name + 22
        if below:
            if side:
                text(d, (bx + 12, ry - 6), fit(side, w - 28, st.boat_row), size=st.boat_row,
                     within=card)
            ry += st.boat_row + 8
        for kind, what, h in _boat_rows(tr, b, w, st):
            mid = ry + h / 2 - 2
            if kind == "owner":
                label = tr("taken by")
                box = text(d, (bx + 12, mid), fit(label, w // 2, st.boat_row), size=st.boat_row,
                           anchor="lm", fill=MUTED, within=card)
                player_tag(d, (box[2] + 8, mid), view, what, int(bx + w - box[2] - 24),
                           st.boat_row)
            elif kind == "workers":
                _worker_row(d, bx + 12, mid, what, st.boat_row + 8, st.boat_row, within=card)
            elif kind == "skills":
                _skill_row(d, bx + 12, mid, {k: what.get(k, 0) for k in SKILLS},
                           st.boat_row // 2 + 3, st.boat_row, within=card)
            else:
                ly = ry + 5
                for ln in what:
                    text(d, (bx + 12, ly), ln, size=st.boat_row, fill=MUTED, within=card)
                    ly += st.boat_row + 6
            ry += h
    return total


def _draw_turn_order(d, view, tr, x0, y0, width, farmers, st: Style, measure=False) -> int:
    tiles = _turn_order(view)
    if not tiles:
        return 0
    return _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st, tr("Turn-order tiles"),
                       big=True, measure=measure)


def _turn_order_width(view, tr, st: Style) -> int:
    n = len(_turn_order(view))
    return max(n * TO_CARD, text_width(tr("Turn-order tiles"), st.section, True) + 8) if n else 0


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


def _chips(view, tr, seat, p) -> list[tuple[str, tuple, tuple]]:
    chips = []
    if seat in (view.get("to_act") or []) and not view.get("finished"):
        chips.append((tr("to play"), HILITE, WHITE))
    if p.get("purple"):
        chips.append((tr("start player"), PURPLE, WHITE))
    return chips


def _head(view, tr, seat, p, width, st: Style):
    """The panel's head: (whether the chips go under the name, the fact lines)."""
    score = ((view.get("outcome") or {}).get("scores") or {}).get(seat)
    score_w = text_width(tr(X.vp(_num(score))), st.head, True) + 20 if score is not None else 0
    chips_w = sum(text_width(c[0], SMALL, True) + 26 for c in _chips(view, tr, seat, p))
    below = bool(chips_w) and _tag_width(view, seat, st.head) + 12 + chips_w > width - 28 - score_w
    lines = [ln for line in _player_lines(view, tr, seat, p)
             for ln in wrap(line, width - 32, st.facts, max_lines=6)]
    return below, lines


def _head_height(view, tr, seat, p, width, st: Style) -> int:
    below, lines = _head(view, tr, seat, p, width, st)
    return st.head + 30 + (SMALL + 20 if below else 0) + len(lines) * (st.facts + 6) + 6


def _chip(d, x, y, label, fill, ink, size) -> int:
    w = text_width(label, size, True) + 16
    box = (x, y - size / 2 - 6, x + w, y + size / 2 + 6)
    rounded(d, box, fill=fill, radius=8, width=1)
    text(d, (x + 8, y), label, size=size, bold=True, fill=ink, anchor="lm", within=box)
    return w


# A village's tiles whose names do not fit whole on their hexes get numbers, and the names
# are listed under the map.
def _numbered(view, tr, seat, p, s) -> list[tuple[object, str]]:
    """(tile id, name) of the village's tiles (and of the tile being built) whose names do not
    fit whole on a hex of size s, in reading order: they are numbered 1, 2, ..."""
    lang = language_of(tr)
    ns = _village_name_size(s)
    tiles = [t for t in _village_tiles(p) if isinstance(t.get("pos"), (list, tuple))
             and len(t["pos"]) == 2]
    tiles.sort(key=lambda t: (axial_to_pixel(_num(t["pos"][0]), _num(t["pos"][1]), 1)[::-1]))
    out = []
    for t in tiles:
        name = _tile_name(tr, t)
        if _village_name_fit(t, name, s - 1, ns, lang) is None:
            out.append((t.get("id"), name))
    spot = _placing_cell(view, seat)
    if spot:
        name = _tile_name(tr, _find_tile(view, _placing_tile(view, seat)))
        if _laid_out(name, s, ns, lang)[0] is None:
            out.append(("_placing", name))
    return out


def _village_name_fit(tile, name, s, size, lang) -> int | None:
    """The font size of a village tile's name on its hex of size s: the largest from size
    down that shows it whole and leaves room for what lies on the tile (the smallest
    readable one when the tile is crowded); None when the tile gets a number."""
    key = (repr([tile.get(k) for k in ("regions", "res", "skills", "face", "shelter", "animals",
                                      "up")] + [(tile.get("site") or {}).get("on")]),
           name, round(float(s), 1), int(size), lang)
    if key not in _FITS:
        if len(_FITS) > 4096:       # renders repeat the same tiles: remember the latest ones
            _FITS.clear()
        _FITS[key] = _name_fit(tile, name, s, size, lang)
    return _FITS[key]


_FITS: dict = {}


def _name_fit(tile, name, s, size, lang) -> int | None:
    for want in dict.fromkeys((size, SMALL)):
        lines, sz = _laid_out(name, s, want, lang)
        if lines is None:
            return None
        if _tile_contents(tile, 0, 0, s, _plate_box(lines, sz, 0, 0))[1]:
            return sz
    return None


def _placing_tile(view, seat):
    pl = (view.get("placing") or {}).get(seat) if isinstance(view.get("placing"), dict) else None
    return pl.get("tile") if isinstance(pl, dict) else None


def _key_rows(items: list[tuple[object, str]], width: int) -> list[list[tuple[int, str, int]]]:
    """The numbered names in rows of at most width pixels: (number, name, item width)."""
    rows: list[list[tuple[int, str, int]]] = [[]]
    x = 0
    for k, (_, name) in enumerate(items, 1):
        badge = max(2 * SMALL * 0.8, text_width(str(k), SMALL, True) + 12)
        w = int(badge + 8 + min(text_width(name, SMALL), width - badge - 8) + 22)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((k, name, w))
        x += w
    return rows if rows[-1] else []


def _key_height(items, width) -> int:
    return len(_key_rows(items, width)) * (SMALL + 18) if items else 0


def _draw_key(d, items, x0, y0, width) -> None:
    y = y0
    for row in _key_rows(items, width):
        x = x0
        cy = y + (SMALL + 18) / 2
        for k, name, w in row:
            box = _number_badge(d, x + SMALL * 0.8 + 2, cy, k)
            tx = box[2] + 8
            text(d, (tx, cy), fit(name, int(x0 + width - tx), SMALL), size=SMALL, anchor="lm")
            x += w
        y += SMALL + 18


def _tile_list(view, tr, seat, p, width, st: Style) -> list[str]:
    """The village's tiles by name, for a panel without a map."""
    names = [_tile_name(tr, t) for t in _village_tiles(p)]
    return wrap(", ".join(names), width, st.facts, max_lines=8) if names else []


def _panel_height(view, tr, seat, p, width, s, st: Style) -> int:
    """A player's panel: head, the village map (hexes of size s), the numbered names; with
    s 0, head and the tiles by name."""
    if not s:
        return (_head_height(view, tr, seat, p, width, st)
                + len(_tile_list(view, tr, seat, p, width - 32, st)) * (st.facts + 6) + 8)
    uh = _village_units(view, seat)[1]
    return (_head_height(view, tr, seat, p, width, st) + int(uh * s) + 16
            + _key_height(_numbered(view, tr, seat, p, s), width - 32) + 8)


def _draw_player(d, view, tr, seat, p, box, s, farmers, st: Style) -> None:
    x0, y0, x1, y1 = box
    colour = seat_rgb(view, seat)
    to_act = seat in (view.get("to_act") or []) and not view.get("finished")
    rounded(d, box, fill=PANEL, radius=14, width=5 if to_act else 2,
            outline=colour if to_act else INK)
    score = ((view.get("outcome") or {}).get("scores") or {}).get(seat)
    score_w = text_width(tr(X.vp(_num(score))), st.head, True) + 20 if score is not None else 0
    chips = _chips(view, tr, seat, p)
    below, lines = _head(view, tr, seat, p, x1 - x0, st)
    cy = y0 + 12 + st.head // 2 + 4
    chips_w = 0 if below else sum(text_width(c[0], SMALL, True) + 26 for c in chips)
    name_w = int(x1 - x0 - 28 - score_w - chips_w)
    tx = player_tag(d, (x0 + 14, cy), view, seat, max(60, name_w), st.head, True) + 12
    if score is not None:
        text(d, (x1 - 16, cy), tr(X.vp(_num(score))), size=st.head, bold=True, anchor="rm",
             within=box)
    y = y0 + st.head + 30
    if below:
        tx, cy = x0 + 16, y + SMALL / 2 + 4
        y += SMALL + 20
    for label, fill, ink in chips:
        tx += _chip(d, tx, cy, label, fill, ink, SMALL) + 10
    for ln in lines:
        text(d, (x0 + 16, y), ln, size=st.facts, within=box)
        y += st.facts + 6
    if not s:                   # no room for a map: the village's tiles by name
        for ln in _tile_list(view, tr, seat, p, x1 - x0 - 32, st):
            text(d, (x0 + 16, y), ln, size=st.facts, within=box)
            y += st.facts + 6
        return
    # the village map, and the names of its numbered tiles under it
    key = _numbered(view, tr, seat, p, s)
    kh = _key_height(key, x1 - x0 - 32)
    my1 = y1 - 8 - (kh + 4 if key else 0)
    _draw_village(d, view, tr, seat, p, (x0 + 6, y + 6, x1 - 6, my1), s, farmers,
                  {k: n for n, (k, _) in enumerate(key, 1)})
    if key:
        _draw_key(d, key, x0 + 16, my1, x1 - x0 - 32)


def _draw_village(d, view, tr, seat, p, box, s, farmers, numbers=None) -> None:
    mx0, my0, mx1, my1 = box
    numbers = numbers or {}
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
        number = numbers.get(t.get("id"))
        size = ns if number is not None else \
            _village_name_fit(t, _tile_name(tr, t), s - 1, ns, language_of(tr)) or ns
        nb = _draw_hex_tile(d, tr, t, ox + px, oy + py, s - 1, farmers, name_size=size,
                            number=number)
        _draw_tile_contents(d, tr, t, ox + px, oy + py, s - 1, nb)
    if spot:        # the space picked for the tile being built: a dashed outline
        px, py = axial_to_pixel(spot[0], spot[1], s)
        cx, cy = ox + px, oy + py
        corners = hex_corners(cx, cy, s - 3)
        for k in range(6):
            dashed_line(d, corners[k], corners[(k + 1) % 6], fill=seat_rgb(view, seat), width=4,
                        dash=9, gap=6)
        name = _tile_name(tr, _find_tile(view, _placing_tile(view, seat)))
        if _laid_out(name, s, ns, language_of(tr))[0] is None:
            _number_badge(d, cx, cy, numbers.get("_placing") or 0)
            return
        _name_plate(d, name, cx, cy, s, PAPER, ns, lang=language_of(tr))


def _village_units(view, seat) -> tuple[float, float]:
    p = (view.get("players") or {}).get(seat) or {}
    b = axial_bounds(_village_cells(p, _placing_cell(view, seat)))
    return b[2] - b[0], b[3] - b[1]


def _others_title(view, tr, seats, width, st: Style) -> list[str]:
    """The heading over the other players' rows (none when every player is in a row)."""
    if not seats or len(seats) >= len(_order(view)):
        return []
    return wrap(tr("The other players (Full map: every village)"), width, st.section, True,
                max_lines=2)


def _draw_others(d, view, tr, seats, x0, y0, width, st: Style, measure=False) -> int:
    """A few lines per player: badge, name and public counts (the close-up's summary of the
    villages not drawn; Full map draws them)."""
    players = view.get("players") or {}
    y = y0
    for ln in _others_title(view, tr, seats, width, st):
        if not measure:
            text(d, (x0, y), ln, size=st.section, bold=True)
        y += st.section + 8
    if seats:
        y += 6
    name_w = min(300, width // 3)
    for seat in seats:
        p = players.get(seat) or {}
        facts = " · ".join(_facts(view, tr, p) + ([tr("start player")] if p.get("purple") else []))
        lines = wrap(facts, width - name_w - 20, st.facts, max_lines=5)
        h = max(st.facts + 16, len(lines) * (st.facts + 6) + 10)
        if not measure:
            box = (x0, y, x0 + width, y + h)
            rounded(d, box, fill=PANEL, radius=10, width=1)
            player_tag(d, (x0 + 10, y + h / 2), view, seat, name_w - 14, st.facts, True)
            ly = y + h / 2 - (len(lines) - 1) * (st.facts + 6) / 2
            for ln in lines:
                text(d, (x0 + name_w + 10, ly), ln, size=st.facts, anchor="lm", within=box)
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
    to_w = _turn_order_width(view, tr, st)
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


@dataclass
class Close:
    """The close-up's plan: its parts' heights, the village drawn large (``focus``, with hex
    size ``s``) and the players summed up in rows (``others``)."""
    head: int
    auction: int
    middle: int             # 0: the turn-order tiles and the boats are left out
    focus: str | None
    s: float
    panel: int
    others: list[str]
    others_h: int

    @property
    def height(self) -> int:
        return (self.head + self.auction + 14 + (self.middle + 16 if self.middle else 0)
                + (self.panel + 12 if self.focus is not None else 0) + self.others_h + 10)


def _close_layout(view, tr, st: Style, farmers) -> Close:
    """The close-up's parts and the village hex size: the village of the player to act as
    large as the width allows, smaller (down to VILLAGE_MIN) when the image would be taller
    than MAX_HEIGHT; else without that village (every player in a row), then without the rows,
    then without the turn-order tiles and boats. Text never gets smaller."""
    inner = st.width - 2 * st.margin
    players = view.get("players") or {}
    order = _order(view)
    focus = _focus(view)
    head = _header_height(view, tr, st)
    auction_h = _draw_auction(None, view, tr, st.margin, 0, inner, farmers, st, measure=True)
    middle_h = _middle(None, view, tr, 0, farmers, st, measure=True)

    def rows(seats):
        return _draw_others(None, view, tr, seats, st.margin, 0, inner, st, measure=True) \
            if seats else 0

    if focus is not None:
        p = players.get(focus) or {}
        others = [x for x in order if x != focus]
        plan = Close(head, auction_h, middle_h, focus, 0, 0, others, rows(others))
        uw = _village_units(view, focus)[0]
        s = min(st.village_max, (inner - 12) / uw)
        while s >= VILLAGE_MIN:
            plan.s, plan.panel = s, _panel_height(view, tr, focus, p, inner, s, st)
            if plan.height <= MAX_HEIGHT:
                return plan
            s -= 2
    plan = Close(head, auction_h, middle_h, None, 0, 0, order, rows(order))
    for drop in ("others", "middle"):
        if plan.height <= MAX_HEIGHT:
            break
        if drop == "others":
            plan.others, plan.others_h = [], 0
        else:
            plan.middle = 0
    return plan


def _as_board(r):
    r.filename = "keyflower.png"
    return r


def render_board(view: dict, tr):
    """The close-up posted after each move (see the module's docstring); the full board
    at the end."""
    view = view or {}
    tr = _remembering(tr)
    if view.get("finished") or view.get("phase") == "over":
        return _as_board(render_full_board(view, tr))
    farmers = bool((view.get("options") or {}).get("farmers", True))
    st = CLOSE
    plan = _close_layout(view, tr, st, farmers)
    inner = st.width - 2 * st.margin
    img, d = canvas(st.width, plan.height, PAPER)
    y = _draw_header(d, view, tr, st)
    _draw_auction(d, view, tr, st.margin, y, inner, farmers, st)
    y += plan.auction + 14
    if plan.middle:
        _middle(d, view, tr, y, farmers, st)
        y += plan.middle + 16
    if plan.focus is not None:
        box = (st.margin, y, st.width - st.margin, y + plan.panel)
        _draw_player(d, view, tr, plan.focus, (view.get("players") or {}).get(plan.focus) or {},
                     box, plan.s, farmers, st)
        y = box[3] + 12
    _draw_others(d, view, tr, plan.others, st.margin, y, inner, st)
    return finish(compact(img, _colours()), board_alt(view, tr), "keyflower.png")


@dataclass
class Villages:
    """The full map's villages: rows of one or two panels, each row with its hex size."""
    rows: list[list[str]]
    widths: list[list[int]]     # each panel's width
    heights: list[int]          # a row's height
    sizes: list[float]          # a row's hex size

    @property
    def height(self) -> int:
        return sum(h + 16 for h in self.heights)


PAIR_MIN = 60           # two villages share a row when their hexes can be this large


MAP_MIN = 36            # smaller village hexes have no room for what lies on them


def _village_layout(view, tr, order, budget, st: Style) -> Villages:
    """The villages in rows, two side by side (each panel as wide as its village needs) when
    their hexes can be PAIR_MIN large, and a hex size per row: the largest, up to a cap (at
    most ``st.village_max``) lowered until the villages fit in ``budget`` pixels; when even
    MAP_MIN is too large, the villages' tiles listed by name instead of maps."""
    players = view.get("players") or {}
    inner = st.width - 2 * st.margin
    both = inner - 16
    units = {x: _village_units(view, x)[0] for x in order}
    heads: dict = {}

    def panel(x, w, s):
        if (x, w) not in heads:
            heads[x, w] = _head_height(view, tr, x, players.get(x) or {}, w, st)
        if not s:
            return _panel_height(view, tr, x, players.get(x) or {}, w, s, st)
        return (heads[x, w] + int(_village_units(view, x)[1] * s) + 16
                + _key_height(_numbered(view, tr, x, players.get(x) or {}, s), w - 32) + 8)

    def pair(a, b, cap):
        if not cap:
            return 0, [both // 2, both - both // 2]
        ua, ub = units[a], units[b]
        s = min(cap, (both - 24) / (ua + ub))
        wa = int(min(max(ua * s + 12 + (both - (ua + ub) * s - 24) / 2, 0.4 * both), 0.6 * both))
        wb = both - wa
        return int(min(s, (wa - 12) / ua, (wb - 12) / ub)), [wa, wb]

    lay = Villages([], [], [], [])
    for cap in [*range(int(st.village_max), MAP_MIN - 1, -2), 0]:
        lay = Villages([], [], [], [])
        i = 0
        while i < len(order):
            row = None
            if i + 1 < len(order):
                s, widths = pair(order[i], order[i + 1], cap)
                if s >= min(cap, PAIR_MIN) and (s >= MAP_MIN or not cap):
                    row = order[i:i + 2]
                    i += 2
            if row is None:
                row, widths = order[i:i + 1], [inner]
                s = int(min(cap, (inner - 12) / units[order[i]]))
                s = s if s >= MAP_MIN else 0
                i += 1
            lay.rows.append(row)
            lay.widths.append(widths)
            lay.sizes.append(s)
            lay.heights.append(max(panel(x, w, s) for x, w in zip(row, widths)))
        if lay.height <= budget:
            break
    return lay


GOOD_VILLAGE = 64       # the full map leaves out the auction rather than draw villages smaller


def render_full_board(view: dict, tr):
    """Every village as a hex map and a legend, then the auction, the turn-order tiles and
    the boats when they leave the villages large enough (the close-up shows them too)."""
    view = view or {}
    tr = _remembering(tr)
    st = FULL
    order = _order(view)
    players = view.get("players") or {}
    farmers = bool((view.get("options") or {}).get("farmers", True))
    inner = st.width - 2 * st.margin
    head = _header_height(view, tr, st)
    legend_h = _draw_legend(None, tr, st.margin, 0, inner, farmers, measure=True)
    auction_h = _draw_auction(None, view, tr, st.margin, 0, inner, farmers, st, measure=True)
    middle_h = _middle(None, view, tr, 0, farmers, st, measure=True)
    extra = (auction_h + 14 if auction_h else 0) + middle_h + 10
    top = head + legend_h + 24
    lay = _village_layout(view, tr, order, MAX_HEIGHT - top - extra, st)
    more = top + lay.height + extra <= MAX_HEIGHT and min(lay.sizes, default=99) >= GOOD_VILLAGE
    if not more:
        lay = _village_layout(view, tr, order, MAX_HEIGHT - top, st)
    if order and not any(lay.sizes):        # no maps, no legend of their symbols
        top, legend_h = head + 10, 0
    img, d = canvas(st.width, top + lay.height + (extra if more else 0), PAPER)
    y = _draw_header(d, view, tr, st)
    for row, widths, h, s in zip(lay.rows, lay.widths, lay.heights, lay.sizes):
        x = st.margin
        for seat, w in zip(row, widths):
            _draw_player(d, view, tr, seat, players.get(seat) or {}, (x, y, x + w, y + h), s,
                         farmers, st)
            x += w + 16
        y += h + 16
    if legend_h:
        _draw_legend(d, tr, st.margin, y, inner, farmers)
        y += legend_h + 14
    if more:
        if auction_h:
            _draw_auction(d, view, tr, st.margin, y, inner, farmers, st)
            y += auction_h + 14
        _middle(d, view, tr, y, farmers, st)
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


HAND_W = WIDTH
HAND_HEX = 84
HAND_PER_ROW = 4


def render_hand(view: dict, tr):
    """The seat's screen and winter hand; None for a spectator view."""
    seat, p = own_seat(view or {})
    tr = _remembering(tr)
    if seat is None:
        return None
    height = _draw_hand(None, view, tr)
    img, d = canvas(HAND_W, height, PAPER)
    _draw_hand(d, view, tr)
    return finish(compact(img, _colours()), hand_alt(view, tr), "keyflower_private.png")


def _draw_hand(d, view: dict, tr) -> int:
    """Draws the private image (measures it when d is None); returns its height."""
    seat, p = own_seat(view)
    priv = view.get("private") or {}
    workers = _counts(priv.get("workers"))
    skills = _counts(priv.get("skills"))
    wheat = _num(priv.get("wheat"))
    hand = [t for t in priv.get("winter_hand") or []]
    picked = set(priv.get("winter_pick") or [])
    farmers = bool((view.get("options") or {}).get("farmers", True))
    W, hs, per_row, m = HAND_W, HAND_HEX, HAND_PER_ROW, 30
    inner = W - 2 * m
    if d is not None:
        player_tag(d, (m, 44), view, seat, inner, 30, True)
    y = 76
    for ln in wrap(tr("Behind your screen — only you can see this."), inner, 20, max_lines=2):
        if d is not None:
            text(d, (m, y), ln, size=20, fill=MUTED)
        y += 28
    y += 18
    sections = [(tr("Workers"), [("worker", c, tr(X.workers(c, workers.get(c, 0))))
                                 for c in COLOURS]),
                (tr("Skill tiles"), [("skill", k, tr(X.good(k, skills.get(k, 0))))
                                     for k in SKILLS])]
    if farmers or wheat:
        sections.append((tr("Wheat"), [("wheat", None, tr(X.good("wheat", wheat)))]))
    col = m + max([text_width(h, 24, True) for h, _ in sections] + [150]) + 28
    if col > W // 2:            # long headings: each above its items
        col = m
    for heading, items in sections:
        if d is not None:
            text(d, (m, y), fit(heading, inner, 24, True), size=24, bold=True)
        if col == m:
            y += 40
        x = col
        for kind, key, label in items:
            w = 44 + text_width(label, 20, True) + 30
            if x > col and x + w > W - m:
                x, y = col, y + 44
            if d is not None:
                cy = y + 14
                if kind == "worker":
                    _worker(d, x + 16, cy, 36, key)
                elif kind == "skill":
                    _skill(d, x + 16, cy, 16, key)
                else:
                    _wheat(d, x + 16, cy, 16)
                text(d, (x + 44, cy), fit(label, W - m - x - 44, 20, True), size=20, bold=True,
                     anchor="lm")
            x += w
        y += 60
    # the winter tiles in hand
    heading = tr(X.winter_in_hand(len(hand)))
    hint = tr("gold outline: chosen to offer") if picked else ""
    hint_below = bool(hint) and text_width(heading, 24, True) + 30 + text_width(hint, SMALL) > inner
    if d is not None:
        text(d, (m, y), fit(heading, inner, 24, True), size=24, bold=True)
        if hint:
            if hint_below:
                text(d, (m, y + 36), fit(hint, inner, SMALL), size=SMALL, fill=MUTED)
            else:
                text(d, (W - m, y + 4), hint, size=SMALL, fill=MUTED, anchor="ra")
    y += 44 + (SMALL + 12 if hint_below else 0)
    if not hand:
        if d is not None:
            text(d, (m, y), tr("none"), size=20, fill=MUTED)
        return y + 50
    cw = inner // per_row
    cells = []
    for tid in hand:
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(tid) or {}
        kind = str(data.get("winter") or tid)
        lines = wrap(tr(WINTER_HELP[kind]), cw - 12, SMALL, max_lines=5) \
            if kind in WINTER_HELP else []
        cells.append((tid, data, lines))
    for r in range(math.ceil(len(cells) / per_row)):
        row = cells[r * per_row:(r + 1) * per_row]
        most = max(len(lines) + (1 if tid in picked else 0) for tid, _, lines in row)
        cell_h = int(SQRT3 * hs) + 22 + most * (SMALL + 6) + 14
        for c, (tid, data, lines) in enumerate(row):
            if d is None:
                continue
            cx = m + c * cw + cw / 2
            cy = y + SQRT3 * hs / 2 + 6
            tile = {"id": tid, "name": data.get("name") or tid, "season": "winter",
                    "edges": list(data.get("edges") or "RPPPPP"), "regions": [list(range(12))]}
            if tid in picked:
                d.polygon(hex_corners(cx, cy, hs + 6), fill=GOLD)
            _draw_hex_tile(d, tr, tile, cx, cy, hs, farmers, name_size=22)
            ty = cy + SQRT3 * hs / 2 + 22
            for ln in lines:
                text(d, (cx, ty), ln, size=SMALL, anchor="mm")
                ty += SMALL + 6
            if tid in picked:
                text(d, (cx, ty), fit(tr("chosen to offer"), cw - 12, SMALL, True), size=SMALL,
                     bold=True, fill=HILITE, anchor="mm")
        y += cell_h
    return y + 10


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
