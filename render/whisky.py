"""The Whisky Game board and private images, drawn only from ``ENGINE.view``.

Readable where Discord shows them: every image is ``WIDTH`` (1000) px wide and its smallest
text is ``TS`` (18) px, which the desktop client's 616 px wide preview shows at 11 px. No text
covers another text or a symbol of the map (every symbol is marked for the recorder of
``render.common``), and a game's text is never cut inside a word: it wraps, or is shortened
at a word boundary; only players' names may be cut anywhere.

``render_board(view, tr)`` — the posted board, about 1000 x 900 px: above, the round, the
goal and whose turn it is; on the left a close-up of the map around the player to act
(every destination of the move menu inside it, marked with the menu's letter; the
distilleries' map numbers in their discs; pawns as seat badges, the acting one named; as
many place names as fit beside their fields without covering anything); beside it the
question being asked (or the last one), the move menu's destinations and the close-up's
distilleries with their numbers and bottles left; below, one card per player (name with the
seat's badge, points, character, special cards, position and effects, regions with bottles,
face-down lost bottles, ingredients).

``render_full_board(view, tr)`` — the whole map at one pixel per board unit (1000 px wide,
about 2600 px tall): fields coloured by region, land edges, dashed sea routes, airports,
numbered distilleries, pawns; the round and whose turn in the empty north-west sea, the
legends of regions and of field shapes in the empty west, the numbered distilleries with the
bottles still there in the empty south-east; below the map a table with a column per player
(points, character, position and effects, the bottles of each region, ingredients, special
cards) and a line per player for lost-distillery and bonus bottles. The bot shows it behind a
"Full map" button.

Neither ever draws hidden data: face-down lost-distillery bottles are a count, the open
question's answer is not in the view. Players are named by ``view["names"]`` (the letter
when it is missing) next to their seat's badge.

The board geometry is static data that the view names by reference (``view["board"]["ref"]``,
e.g. "engines.whisky.data:BOARD"); names of regions, characters and cards come from the same
module when the view only carries ids.

``render_hand(view, tr)``: the seat's special cards, own lost-distillery values and true
total. ``private_text(view, tr)``: the same as short Discord markdown."""
from __future__ import annotations

import math
from functools import lru_cache

from engines.base import T
from render.common import (INK, MUTED, PAPER, canvas, clauses, clip, finish, fit, font,
                           hyphenated_lines, ink_on, language_of, mark, own_seat, readable_size,
                           rounded, seat_name, seat_rgb, seat_style, text, text_width, wrap)
from render.shapes import compact, dashed_line, ink_for, resolve_ref, stroked


def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


WIDTH = 1000                     # every image
TS = readable_size(WIDTH)        # 18: the smallest text, 11 px at Discord's 616 px
MARGIN = 14
GAP = 16
BADGE_R = TS                     # a seat's badge: its letter is as large as its radius

# the posted close-up
CROP = 620                       # the square map window, in pixels (pasted 1:1)
COL_X = MARGIN + CROP + GAP      # the column beside it
COL_W = WIDTH - COL_X - MARGIN
PANEL_W = COL_W                  # the question box beside the close-up
HEAD_H = 84                      # the header above the close-up
MAX_ZOOM = 2.4                   # pixels per board unit at most (the board's fields are
MIN_SIDE = CROP / MAX_ZOOM       # >= 34 units apart: >= 80 px at this zoom)
PAD = 64                         # pixels kept free around the points a close-up must show

# the full map: the board's drawing coordinates at one pixel per unit
MAP_W, MAP_H = 1000, 1917        # the board's canvas (board.json)
MAP_OX, MAP_OY = -7, 10          # where board point (0, 0) lands on the image
MAP_BOTTOM = 1906                # the sea ends here; the player table follows

DISC_R = 15                      # a distillery's disc holds an 18 px two-digit number
STROKE = 3                       # the white halo of place names on the map

REGION_ORDER = ["IRE", "LOW", "HIGH", "ISL", "ISLAY", "SPEY"]
REGION_COLOUR = {
    "IRE": (118, 190, 118),
    "LOW": (190, 160, 225),
    "HIGH": (214, 178, 130),
    "ISL": (120, 200, 205),
    "ISLAY": (236, 140, 140),
    "SPEY": (245, 205, 90),
    None: (170, 200, 235),
}
REGION_TINT = {k: tuple(round(c + (255 - c) * 0.62) for c in v)
               for k, v in REGION_COLOUR.items() if k}
REGION_FALLBACK = {"IRE": _("Ireland"), "LOW": _("Lowlands & Campbeltown"),
                   "HIGH": _("Highlands"), "ISL": _("Islands"), "ISLAY": _("Islay"),
                   "SPEY": _("Speyside")}
SEA = (205, 225, 240)
SEA_LINE = (40, 100, 180)
EDGE = (150, 140, 125)
PANEL = (238, 231, 214)
HILITE = (200, 40, 40)
DARK = (70, 60, 60)
PORT = (30, 60, 130)
PUB = (160, 90, 30)
START = (210, 40, 40)
WHITE = (255, 255, 255)
QBOX = (255, 252, 235)
QOLD = (244, 240, 230)
LEGEND_BG = (250, 247, 238)
EMPTY = (235, 235, 235)
CARD_BG = (255, 252, 240)
DEST = (150, 20, 60)             # the move menu's letters on the map
LOST_INK = (120, 60, 60)
NONE_BG = (250, 248, 242)
INGR_COLOUR = {"barley": (220, 180, 60), "water": (80, 150, 220), "yeast": (235, 225, 200)}


def _colours():
    from render.common import GAME_COLOURS, SEAT_STYLES
    return ([INK, MUTED, PAPER, SEA, SEA_LINE, EDGE, PANEL, HILITE, DARK, PORT, PUB, START, WHITE,
             QBOX, QOLD, LEGEND_BG, EMPTY, CARD_BG, DEST, (200, 200, 200), NONE_BG, LOST_INK]
            + list(REGION_COLOUR.values()) + list(REGION_TINT.values())
            + list(INGR_COLOUR.values())
            + [c for _, c in SEAT_STYLES] + list(GAME_COLOURS.values()))


EFFECT_NAMES = {"prohibition": _("Prohibition"), "hangover": _("Hangover"),
                "carriage": _("Horse-drawn Carriage"), "truck": _("Truck")}
PHASE_NAMES = {"move": _("moving"), "question": _("answering a question"), "fly": _("flying"),
               "ready": _("rolling"), "start": _("starting"), "distillery": _("at a distillery"),
               "pub": _("at a pub"), "airport": _("at an airport"),
               "lost": _("at a lost distillery"), "smuggle": _("smuggling"),
               "savage": _("Nick Savage's jump"), "teleport": _("teleporting"),
               "victim": _("choosing an opponent"), "bottle": _("choosing a bottle"),
               "angels": _("playing Angels"), "gordon": _("playing Gordon & MacPhail"),
               "shackleton": _("playing Shackleton's Whisky")}
INGR_NAMES = {"barley": _("barley"), "water": _("water"), "yeast": _("yeast")}


# ----------------------------------------------------------------------------- counted texts
def _points(n) -> T:
    return T("{n} point", plural="{n} points", n=_int(n))


def _tokens(kind: str, n) -> T:
    n = _int(n)
    if kind == "barley":
        return T("{n} barley", plural="{n} barley", n=n)
    if kind == "water":
        return T("{n} water", plural="{n} water", n=n)
    if kind == "yeast":
        return T("{n} yeast", plural="{n} yeast", n=n)
    return T("{n} × {what}", what=str(kind), n=n)


def _ingredients(tr, ingr: dict) -> str:
    """Ingredients as one label: "2 barley, 0 water, 1 yeast"."""
    ingr = ingr if isinstance(ingr, dict) else {}
    return tr(T("{barley}, {water}, {yeast}", barley=_tokens("barley", ingr.get("barley")),
                water=_tokens("water", ingr.get("water")),
                yeast=_tokens("yeast", ingr.get("yeast"))))


def _int(v, default=0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


# ----------------------------------------------------------------------------- data
def _board(view: dict) -> dict:
    board = (view.get("board") or {})
    data = resolve_ref(board.get("ref"), None)
    if isinstance(data, dict) and data.get("fields"):
        return data
    if board.get("fields"):            # the view may carry the board itself one day
        return board
    return {"fields": [], "edges": [], "sea_routes": [], "airports": []}


def _fields(board: dict) -> dict[str, dict]:
    return {f["id"]: f for f in board.get("fields") or [] if isinstance(f, dict) and "id" in f}


def _catalog(view: dict, name: str, default):
    """A static table of the game's data module (REGIONS, CHARACTERS, SPECIALS, TYPE_NAMES)."""
    ref = str((view.get("board") or {}).get("ref") or "")
    mod = ref.partition(":")[0]
    return resolve_ref(f"{mod}:{name}", default) if mod else default


def _region_name(view, tr, code) -> str:
    names = _catalog(view, "REGIONS", REGION_FALLBACK) or REGION_FALLBACK
    return tr(str(names.get(code, code)))


def _card_name(view, tr, cid) -> str:
    specials = _catalog(view, "SPECIALS", {}) or {}
    return tr(str((specials.get(cid) or {}).get("name", str(cid).replace("_", " "))))


def _card_text(view, tr, cid) -> str:
    specials = _catalog(view, "SPECIALS", {}) or {}
    t = (specials.get(cid) or {}).get("text")
    return tr(t) if t else ""


def _field_name(view: dict, fid) -> str:
    fields = _fields(_board(view))
    return str((fields.get(fid) or {}).get("name") or fid)


def _seat_index(view: dict, seat) -> int:
    seats = view.get("seats") or []
    return seats.index(seat) if seat in seats else 0


def _name(view, seat, width, size, bold=False) -> str:
    """A player's name shortened to width pixels (the seat letter without names); a name may
    be cut anywhere."""
    return fit(seat_name(view, seat), width, size, bold, name=True)


def _numbering(fields: list[dict]) -> dict[str, int]:
    """Distilleries and lost distilleries numbered by region, north to south."""
    ds = [f for f in fields if f.get("type") in ("distillery", "lost")]
    ds.sort(key=lambda f: (REGION_ORDER.index(f.get("region")) if f.get("region") in REGION_ORDER
                           else 99, f.get("y", 0), f.get("x", 0)))
    return {f["id"]: i + 1 for i, f in enumerate(ds)}


def _move(view) -> dict | None:
    """The pending move menu ({"seat", "value", "options": [{"to", "letter", ...}]})."""
    mv = view.get("move")
    if isinstance(mv, dict) and isinstance(mv.get("options"), list):
        return mv
    return None


def _acting(view) -> str | None:
    """The seat the board is about: the one to act, else the one whose turn it is, else the
    winner at the end."""
    if view.get("finished") or view.get("phase") == "over":
        winners = (view.get("outcome") or {}).get("winners") or []
        return winners[0] if winners else None
    mv = _move(view)
    if mv and mv.get("seat"):
        return mv["seat"]
    to_act = view.get("to_act") or []
    if to_act:
        return to_act[0]
    return view.get("current")


# ----------------------------------------------------------------------------- geometry
class _Proj:
    """Board coordinates -> pixels: (x - x0) * k + ox."""

    def __init__(self, x0=0.0, y0=0.0, k=1.0, ox=0.0, oy=0.0):
        self.x0, self.y0, self.k, self.ox, self.oy = x0, y0, k, ox, oy

    def __call__(self, f) -> tuple[float, float]:
        return (self.ox + (_int(f.get("x")) - self.x0) * self.k,
                self.oy + (_int(f.get("y")) - self.y0) * self.k)


def crop_window(view: dict) -> dict:
    """The part of the map the posted board shows: a square of ``side`` board units from
    (x0, y0), drawn at ``scale`` pixels per unit into a CROP x CROP window. It holds the acting
    player's field (``focus``) and every point in ``points`` (the move menu's destinations,
    the question's distillery, the airports of a flight, the start fields at the start) with
    PAD pixels to spare."""
    board = _board(view)
    fields = _fields(board)
    canvas_ = board.get("canvas") or {}
    cw, ch = _int(canvas_.get("width"), MAP_W), _int(canvas_.get("height"), MAP_H)
    seat = _acting(view)
    players = view.get("players") or {}
    pos = (players.get(seat) or {}).get("position") if seat else None
    focus = pos if pos in fields else None
    points: list[str] = [focus] if focus else []
    mv = _move(view)
    if mv:
        points += [o.get("to") for o in mv["options"] if isinstance(o, dict)]
    q = view.get("question")
    if isinstance(q, dict):
        points.append(q.get("distillery"))
    kind = (view.get("pending") or {}).get("kind")
    if kind == "fly":
        points += list(board.get("airports") or [])
    if kind == "start" or not points:
        points += [fid for fid, f in fields.items() if f.get("type") == "start"]
    pts = [fields[p] for p in points if p in fields]
    if pts:
        xs = [_int(f.get("x")) for f in pts]
        ys = [_int(f.get("y")) for f in pts]
        bx0, bx1, by0, by1 = min(xs), max(xs), min(ys), max(ys)
    else:
        bx0, bx1, by0, by1 = 0, cw, 0, ch
    extent = max(bx1 - bx0, by1 - by0)
    side = max(MIN_SIDE, extent / (1 - 2 * PAD / CROP))
    x0 = (bx0 + bx1) / 2 - side / 2
    y0 = (by0 + by1) / 2 - side / 2
    if side <= cw:                      # stay on the board where it is large enough
        x0 = min(max(x0, 0), cw - side)
    if side <= ch:
        y0 = min(max(y0, 0), ch - side)
    return {"x0": x0, "y0": y0, "side": side, "scale": CROP / side, "focus": focus,
            "points": [p for p in points if p in fields], "seat": seat}


# ----------------------------------------------------------------------------- placement
@lru_cache(maxsize=8192)
def _rel_box(s: str, size: int, bold: bool, anchor: str, stroke: int) -> tuple:
    return font(size, bold).getbbox(s, anchor=anchor, stroke_width=stroke)


def _tbox(xy, s: str, size: int, bold=False, anchor: str = "la", stroke: int = 0) -> tuple:
    """The box ``text`` will draw s in (what the recorder sees)."""
    l, t, r, b = _rel_box(s, int(size), bool(bold), anchor, int(stroke))
    return (xy[0] + l, xy[1] + t, xy[0] + r, xy[1] + b)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grow(box, n):
    return (box[0] - n, box[1] - n, box[2] + n, box[3] + n)


class _Space:
    """What is already on a map — the symbols of its fields (with their field), and what was
    placed (names, letters, pawns) — and whether a box is free: inside ``area`` and over
    nothing. Boxes are kept in a grid, so that a full map's hundreds stay quick to test."""

    CELL = 64

    def __init__(self, area, reserved=()):
        self.area = area
        self._grid: dict[tuple[int, int], list[tuple[tuple, object]]] = {}
        for box in reserved:
            self.take(box)

    def _cells(self, box):
        c = self.CELL
        for gx in range(int(box[0] // c), int(box[2] // c) + 1):
            for gy in range(int(box[1] // c), int(box[3] // c) + 1):
                yield gx, gy

    def _add(self, box, owner) -> None:
        for cell in self._cells(box):
            self._grid.setdefault(cell, []).append((box, owner))

    def icon(self, box, fid) -> None:
        """A field's symbol (``fid``: the field, whose own number may lie on it)."""
        self._add(box, fid)

    def take(self, box) -> None:
        self._add(box, None)

    def inside(self, box) -> bool:
        x0, y0, x1, y1 = self.area
        return box[0] >= x0 and box[1] >= y0 and box[2] <= x1 and box[3] <= y1

    def hits(self, box, own=None) -> int:
        seen = set()
        for cell in self._cells(box):
            for b, fid in self._grid.get(cell, ()):
                if (own is None or fid != own) and _overlap(box, b):
                    seen.add((b, fid))
        return len(seen)

    def free(self, box, own=None) -> bool:
        return self.inside(box) and not self.hits(box, own)

    def cost(self, box) -> int:
        return (0 if self.inside(box) else 1000) + self.hits(box)


def _ring(dist, n=8):
    return [(dist * math.cos(a), dist * math.sin(a))
            for a in [-math.pi / 4 + j * 2 * math.pi / n for j in range(n)]]


def _best(space, boxes):
    """The first free box, else the one over the least."""
    for b in boxes:
        if space.free(b):
            return b
    return min(boxes, key=space.cost)


# ----------------------------------------------------------------------------- markers
def _marker(d, t, x, y, m=1.0, col=(200, 200, 200), number=None, empty=False,
            owner=None) -> None:
    """The symbol of a field type at (x, y), m times its normal size. A distillery's
    ``number`` is written on it, and an airport's plane when ``number`` is given: texts of the
    icon ``owner`` (the caller left them out where they would cover another symbol)."""
    def r(v):
        return v * m
    w = max(1, round(2 * min(m, 1.5)))
    R = _marker_radius(t, m)
    if t == "path":
        d.ellipse((x - r(5), y - r(5), x + r(5), y + r(5)), fill=col, outline=INK, width=1)
    elif t == "ingredient":
        d.polygon([(x, y - r(8)), (x + r(8), y), (x, y + r(8)), (x - r(8), y)], fill=col,
                  outline=INK)
    elif t == "special":
        d.rectangle((x - r(6), y - r(6), x + r(6), y + r(6)), fill=col, outline=INK, width=w)
        d.line((x - r(3), y, x + r(3), y), fill=INK, width=w)
        d.line((x, y - r(3), x, y + r(3)), fill=INK, width=w)
    elif t == "pub":
        d.rounded_rectangle((x - r(8), y - r(8), x + r(8), y + r(8)), radius=max(2, r(3)),
                            fill=PUB, outline=INK, width=w)
    elif t == "port":
        d.rectangle((x - r(7), y - r(7), x + r(7), y + r(7)), fill=PORT, outline=INK, width=w)
    elif t == "airport":
        d.ellipse((x - R, y - R, x + R, y + R), fill=PORT, outline=INK, width=w)
        if number is not None:
            text(d, (x, y + 1), "✈", size=_plane_size(m), fill=WHITE, anchor="mm", owner=owner)
    elif t == "start":
        d.ellipse((x - r(11), y - r(11), x + r(11), y + r(11)), fill=START, outline=INK, width=w)
    elif t == "sea":
        d.ellipse((x - r(6), y - r(6), x + r(6), y + r(6)), fill=SEA_LINE, outline=INK, width=1)
    elif t == "lost":
        d.ellipse((x - R, y - R, x + R, y + R), fill=DARK, outline=INK, width=w)
        if number is not None:
            text(d, (x, y), str(number), size=_number_size(m), fill=WHITE, bold=True,
                 anchor="mm", owner=owner)
    elif t == "distillery":
        d.ellipse((x - R, y - R, x + R, y + R), fill=EMPTY if empty else col, outline=INK,
                  width=w)
        if number is not None:
            text(d, (x, y), str(number), size=_number_size(m), fill=INK, bold=True,
                 anchor="mm", owner=owner)
    else:
        d.ellipse((x - r(5), y - r(5), x + r(5), y + r(5)), fill=col, outline=INK)


def _marker_radius(t, m=1.0) -> float:
    if t in ("distillery", "lost"):
        return max(DISC_R, 13 * m)
    if t == "airport":
        return max(DISC_R - 2, 12 * m)
    return m * {"start": 11, "pub": 9, "ingredient": 8, "port": 8, "special": 7}.get(t, 6)


def _number_size(m=1.0) -> int:
    return max(TS, round(14 * m))


def _plane_size(m=1.0) -> int:
    return max(TS, round(16 * m))


def _is_empty(view, fid) -> bool:
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    return (fid in counts and not counts.get(fid)) or (fid in stock and not stock[fid])


def _draw_fields(d, view, board, numbers, proj, m, visible, space,
                 dests=()) -> tuple[dict, set]:
    """Land halos, edges, sea routes, the move menu's rings around its destinations and the
    open question's ring, then every field's symbol (distilleries last, on top). Every symbol
    is marked, and kept clear in ``space`` with its rings; a distillery's number is written on
    its disc where it covers no other symbol and stays on the image. Returns each field's
    radius with its rings, and the distilleries numbered."""
    fields = _fields(board)
    k = proj.k
    halo = 26 * max(1.0, k * 0.9)
    for fid in visible:
        f = fields[fid]
        if f.get("type") == "sea" or f.get("region") not in REGION_TINT:
            continue
        x, y = proj(f)
        d.ellipse((x - halo, y - halo, x + halo, y + halo), fill=REGION_TINT[f["region"]])
    lw = max(3, round(3 * m))
    vis = set(visible)
    for e in board.get("edges") or []:
        if len(e) != 2 or e[0] not in fields or e[1] not in fields:
            continue
        if e[0] in vis or e[1] in vis:
            d.line((*proj(fields[e[0]]), *proj(fields[e[1]])), fill=EDGE, width=lw)
    for r in board.get("sea_routes") or []:
        sea = fields.get(r.get("sea"))
        for port in r.get("ports") or []:
            if sea and port in fields and (port in vis or sea.get("id") in vis):
                dashed_line(d, proj(fields[port]), proj(sea), fill=SEA_LINE, width=lw,
                            dash=round(8 * m), gap=round(6 * m))
    q = view.get("question")
    asked = q.get("distillery") if isinstance(q, dict) else None
    dests = set(dests)
    ring_w = max(3, round(2 * m))
    for fid in visible:            # rings first: a neighbour's disc may lie on one
        x, y = proj(fields[fid])
        if fid in dests:
            rr = _marker_radius(fields[fid].get("type"), m) + 4
            d.ellipse((x - rr, y - rr, x + rr, y + rr), outline=DEST, width=ring_w)
        if fid == asked:
            rr = 19 * m
            d.ellipse((x - rr, y - rr, x + rr, y + rr), outline=HILITE, width=max(5, round(5 * m)))
    ext: dict[str, float] = {}
    symbols = _Space(space.area)
    for fid in visible:
        t = fields[fid].get("type")
        r = _marker_radius(t, m) + 1
        x, y = proj(fields[fid])
        symbols.icon((x - r, y - r, x + r, y + r), fid)
        if fid in dests:
            r = max(r, _marker_radius(t, m) + 4 + ring_w / 2 + 1)
        if fid == asked:
            r = max(r, 19 * m + 3.5)
        ext[fid] = r
        space.icon((x - r, y - r, x + r, y + r), fid)
    numbered: set = set()
    W, H = d.im.size
    for pass_ in (0, 1):
        for fid in visible:
            f = fields[fid]
            t = f.get("type")
            if (t in ("distillery", "lost")) != bool(pass_):
                continue
            x, y = proj(f)
            r = _marker_radius(t, m) + 1
            box = (x - r, y - r, x + r, y + r)
            icon = mark(d, box) if box[2] > 0 and box[3] > 0 and box[0] < W and box[1] < H \
                else None
            col = REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None])
            label = numbers.get(fid) if t in ("distillery", "lost") else \
                ("✈" if t == "airport" else None)
            if label is not None:
                size = _plane_size(m) if t == "airport" else _number_size(m)
                nb = _tbox((x, y + (1 if t == "airport" else 0)), str(label), size,
                           t != "airport", "mm")
                if not symbols.free(nb, own=fid):
                    label = None
                elif t != "airport":
                    numbered.add(fid)
            _marker(d, t, x, y, m, col, label, _is_empty(view, fid), owner=icon)
    return ext, numbered


def _place_letters(d, view, fields, proj, space, ext, size, lines, tops,
                   reach=110) -> dict[str, tuple]:
    """The move menu's letters on boxes beside their fields: each box where it covers
    nothing, as near its field as it can be (its middle at most ``reach`` px away while there
    is room there, else up to 1.8 times as far; a letter with no room at all is left out, its
    field's ring and the menu's list still showing it). The leader lines and the boxes are
    appended to ``lines`` and ``tops`` as drawing steps. Returns field -> the letter's box."""
    mv = _move(view)
    out: dict[str, tuple] = {}
    if not mv:
        return out
    opts = [o for o in mv["options"] if isinstance(o, dict) and o.get("to") in fields]
    for o in opts:
        fid = o["to"]
        x, y = proj(fields[fid])
        letter = str(o.get("letter") or "?")[:3]
        hw = max(size + 10, text_width(letter, size, True) + 14) / 2
        hh = (size + 10) / 2
        r0 = ext.get(fid, 10)
        cands = []
        dist = r0 + 4 + hh
        while dist <= 1.8 * reach + hh:           # further off only when there is no room
            n = 8 if dist < r0 + 4 + 2 * hh else 16
            for dx, dy in _ring(dist + max(0, hw - hh) * 0.7, n):
                cands.append((x + dx - hw, y + dy - hh, x + dx + hw, y + dy + hh))
            dist += hh
        box = next((b for b in cands if space.free(_grow(b, 2))), None)
        if box is None:             # no room left: the ring and the menu's list name it
            continue
        space.take(_grow(box, 2))
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        dist0 = math.hypot(cx - x, cy - y) or 1
        rr = r0 - 1

        def line(x=x, y=y, cx=cx, cy=cy, rr=rr, dist0=dist0):
            d.line((x + (cx - x) * rr / dist0, y + (cy - y) * rr / dist0, cx, cy), fill=DEST,
                   width=3)

        def top(box=box, cx=cx, cy=cy, letter=letter):
            d.rounded_rectangle(box, radius=6, fill=DEST, outline=WHITE, width=2)
            icon = mark(d, box)
            text(d, (cx, cy), letter, size=size, fill=WHITE, bold=True, anchor="mm", owner=icon)
        lines.append(line)
        tops.append(top)
        out[fid] = box
    return out


def _pawn(d, view, seat, xy, radius, acting=False) -> None:
    """A pawn: the seat's badge (colour and letter) on a white halo, the acting seat's in a
    red ring; marked as one icon, its letter on it."""
    x, y = xy
    outer = radius + (7 if acting else 3)
    if acting:
        d.ellipse((x - outer, y - outer, x + outer, y + outer), outline=HILITE, width=4)
    d.ellipse((x - radius - 3, y - radius - 3, x + radius + 3, y + radius + 3), fill=WHITE)
    _badge(d, view, seat, xy, radius, outer)


def _badge(d, view, seat, xy, radius=BADGE_R, outer=None) -> None:
    """A seat's badge: a disc in its colour with its letter, at least TS px (marked as an
    icon of radius ``outer``, the letter its own text)."""
    x, y = xy
    colour = seat_rgb(view, seat)
    letter = seat_style(_seat_index(view, seat))[0]
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK, width=2)
    o = outer or radius
    icon = mark(d, (x - o, y - o, x + o, y + o))
    text(d, (x, y), letter, size=max(TS, radius), fill=ink_on(colour), bold=True, anchor="mm",
         owner=icon)


def _place_pawns(d, view, fields, proj, space, ext, radius, lines, tops, tag_size=0) -> None:
    """Every seat's pawn beside its field, where it covers nothing (the acting seat's last,
    with its player's name on a tag when ``tag_size`` is given); drawn by the steps appended
    to ``lines`` (leader lines) and ``tops``."""
    occupants = (view.get("board") or {}).get("occupants") or {}
    acting = None if view.get("finished") else _acting(view)
    order = sorted(occupants.items(), key=lambda kv: acting in (kv[1] or []))
    ax0, ay0, ax1, ay1 = space.area
    for fid, seats in order:
        if fid not in fields:
            continue
        x, y = proj(fields[fid])
        if not (ax0 <= x <= ax1 and ay0 <= y <= ay1):       # off this map window
            continue
        for seat in sorted(seats or [], key=lambda s: s == acting):
            me = seat == acting
            outer = radius + (7 if me else 3)
            r0 = ext.get(fid, _marker_radius(fields[fid].get("type")) + 1)
            cands = [(x + dx - outer, y + dy - outer, x + dx + outer, y + dy + outer)
                     for j in range(7) for dx, dy in _ring(r0 + outer + 6 + j * outer * 0.9,
                                                           12 if j < 2 else 20)]
            box = _grow(_best(space, [_grow(b, 1) for b in cands]), -1)
            space.take(_grow(box, 1))
            px, py = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            dist = math.hypot(px - x, py - y) or 1
            rr = r0 - 1

            def line(x=x, y=y, px=px, py=py, dist=dist, rr=rr):
                d.line((x + (px - x) * rr / dist, y + (py - y) * rr / dist, px, py), fill=INK,
                       width=3)

            def top(px=px, py=py, seat=seat, me=me):
                _pawn(d, view, seat, (px, py), radius, me)
            lines.append(line)
            tops.append(top)
            if tag_size and me:
                tops.append(_name_tag(d, view, seat, px, py, outer + 3, space, tag_size))


def _name_tag(d, view, seat, px, py, gap, space, size):
    """The acting player's name on a white tag beside their pawn where it covers nothing:
    placed now, drawn by the step returned (nothing when there is no room)."""
    name = _name(view, seat, 200, size, True)
    nb = _tbox((0, 0), name, size, True, "lm")
    w, h = nb[2] - nb[0] + 16, max(nb[3] - nb[1], size) + 12
    cands = [(px + gap, py - h / 2), (px - gap - w, py - h / 2), (px - w / 2, py - gap - h),
             (px - w / 2, py + gap), (px + gap * 0.7, py - gap * 0.7 - h),
             (px + gap * 0.7, py + gap * 0.7), (px - gap * 0.7 - w, py - gap * 0.7 - h),
             (px - gap * 0.7 - w, py + gap * 0.7)]
    boxes = [(x0, y0, x0 + w, y0 + h) for x0, y0 in cands]
    box = next((b for b in boxes if space.free(_grow(b, 1))), None)
    if box is None:
        return lambda: None
    space.take(_grow(box, 1))

    def step():
        d.rounded_rectangle(box, radius=7, fill=WHITE, outline=seat_rgb(view, seat), width=3)
        icon = mark(d, box)
        text(d, (box[0] + 8 - nb[0], (box[1] + box[3]) / 2), name, size=size, bold=True,
             anchor="lm", owner=icon)
    return step


def _label(d, space, x, y, r, s, size, bold=True, far=False) -> bool:
    """A place name beside its symbol (radius r) where it covers nothing; ``far``: it may also
    stand a line above or below. Returns whether it was drawn."""
    gap = 3
    cands = [((x + r + gap, y), "lm"), ((x - r - gap, y), "rm"), ((x, y + r + gap), "mt"),
             ((x, y - r - gap), "mb")]
    if far:
        for dy in (-1, 1):
            cands += [((x + r * 0.6, y + dy * (r + size * 0.8)), "lm"),
                      ((x - r * 0.6, y + dy * (r + size * 0.8)), "rm")]
    for xy, anchor in cands:
        box = _tbox(xy, s, size, bold, anchor, STROKE)
        if space.free(_grow(box, 1)):
            space.take(_grow(box, 1))
            stroked(d, xy, s, size=size, bold=bold, anchor=anchor, stroke_width=STROKE)
            return True
    return False


# ----------------------------------------------------------------------------- texts
def _status_lines(view, tr, width=560, size=22) -> list[str]:
    """Round and whose turn (the players' names shortened to fit ``width``)."""
    if view.get("finished") or view.get("phase") == "over":
        out = [tr("Game over")]
        winners = [s for s in (view.get("outcome") or {}).get("winners") or []]
        if winners:
            each = max(60, (width - 120) // len(winners))
            out.append(tr(T("Winner: {winners}", plural="Winners: {winners}", n=len(winners),
                            winners=[_name(view, s, each, size, True) for s in winners])))
        return out
    kind = (view.get("pending") or {}).get("kind") or ""
    line = tr("Round {round}", round=view.get("round", 1))
    if view.get("final_round"):
        line += " · " + tr("final round")
    out = [line]
    seat = (view.get("to_act") or [None])[0] or view.get("current")
    who = _name(view, seat, max(60, width // 2), size, True) if seat else "-"
    if kind:
        out.append(tr("{player} to play ({what})", player=who,
                      what=tr(PHASE_NAMES.get(kind, str(kind)))))
    else:
        out.append(tr("{player} to play", player=who))
    return out


def _goal_line(view, tr) -> str:
    g = view.get("goal") or {}
    return tr(T("Goal: {points} with bottles from {regions}", points=_points(g.get("points")),
                regions=T("{n} region", plural="{n} regions", n=_int(g.get("regions")))))


def _question_head(view, tr, q, width, size) -> str:
    """"Easy question for Ann at Springbank: the bottle worth 1 point", one whole sentence
    per difficulty."""
    who = _name(view, q.get("seat"), max(80, width // 3), size, True) if q.get("seat") else "?"
    place = tr(str(q.get("distillery_name") or q.get("distillery") or "?"))
    n = _int(q.get("value"))
    level = q.get("level")
    if level == "easy":
        t = T("Easy question for {player} at {place}: the bottle worth {n} point",
              plural="Easy question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    elif level == "medium":
        t = T("Medium question for {player} at {place}: the bottle worth {n} point",
              plural="Medium question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    elif level == "hard":
        t = T("Hard question for {player} at {place}: the bottle worth {n} point",
              plural="Hard question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    else:
        t = T("Question for {player} at {place}: the bottle worth {n} point",
              plural="Question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    return tr(t)


QUESTION_BADGE = 2 * BADGE_R + 10        # the room the asked player's badge takes in the box
LINE_GAP = 7                             # between two lines of text


def _question_lines(view, tr, width, compact_=False,
                    badge=0) -> list[tuple[str, int, bool, tuple]]:
    """Lines of the question box: (text, size, bold, colour), every one at least TS px.
    ``compact_``: fewer lines (the posted board's box); ``badge``: pixels kept free at the end
    of the head's lines for the player's badge (see ``_question_box``)."""
    q = view.get("question")
    out: list[tuple[str, int, bool, tuple]] = []
    hs, qs, os_ = TS + 1, TS, TS
    q_lines, o_lines = (6, 2) if compact_ else (8, 3)
    if isinstance(q, dict):
        head = _question_head(view, tr, q, width - badge, hs)
        for line in wrap(head, width - badge, hs, True, max_lines=3 if compact_ else 2):
            out.append((line, hs, True, INK))
        for line in wrap(str(q.get("question") or ""), width, qs, max_lines=q_lines):
            out.append((line, qs, False, INK))
        for o in q.get("options") or []:
            letter = o.get("letter") or "?"
            label = f"{letter}. {o.get('text', '')}"
            colour = INK
            if o.get("removed"):
                label += "  " + tr("(removed)")
                colour = MUTED
            elif o.get("wrong"):
                label += "  " + tr("(wrong)")
                colour = HILITE
            for k, line in enumerate(wrap(label, width - 20, os_, True, max_lines=o_lines)):
                out.append((("    " if k else "") + line, os_, k == 0, colour))
        extra = []
        if q.get("smuggler"):
            extra.append(tr("smuggler declared"))
        limit = _int(q.get("timeout_s") or view.get("question_timeout_s"))
        if limit:
            extra.append(tr(T("{n} second to answer", plural="{n} seconds to answer", n=limit)))
        if extra:
            out += [(line, TS, False, MUTED) for line in _joined(extra, width, TS)[:2]]
        return out
    last = view.get("last_question")
    if isinstance(last, dict) and last.get("question"):
        who = _name(view, last.get("seat", "?"), max(80, width // 3), TS, True)
        if last.get("result") == "right":
            head = tr("Last question: {player} was right", player=who)
        else:
            head = tr("Last question: {player} was wrong", player=who)
        for line in wrap(head, width - badge, TS, True, max_lines=2):
            out.append((line, TS, True, MUTED))
        for line in wrap(str(last.get("question")), width, TS, max_lines=3):
            out.append((line, TS, False, MUTED))
        if last.get("answer") is not None:
            answer = tr("Answer: {answer}", answer=str(last.get("answer")))
            for line in wrap(answer, width, TS, True, max_lines=2):
                out.append((line, TS, True, MUTED))
    return out


def _question_box(d, view, box, lines, open_q) -> None:
    """The question box with its lines and the asked player's badge in its top right
    corner."""
    x0, y0, x1, y1 = box
    rounded(d, box, fill=QBOX if open_q else QOLD, radius=10, width=3 if open_q else 1)
    _draw_lines(d, x0 + 12, y0 + 10, lines, within=box)
    q = view.get("question") if open_q else view.get("last_question")
    seat = q.get("seat") if isinstance(q, dict) else None
    if seat in (view.get("seats") or []):
        _badge(d, view, seat, (x1 - 8 - BADGE_R, y0 + 8 + BADGE_R))


def _draw_lines(d, x, y, lines, within=None) -> int:
    for s, size, bold, colour in lines:
        text(d, (x, y), s, size=size, bold=bold, fill=colour, within=within)
        y += size + LINE_GAP
    return y


def _lines_height(lines) -> int:
    return sum(size + LINE_GAP for _, size, _, _ in lines)


def _bottle_label(b: dict) -> str:
    v, p = _int(b.get("value")), _int(b.get("points", b.get("value")))
    return str(p) if p == v or not v else f"{p} (×{p // v})"


def _where(view, tr, p) -> str:
    if p.get("position_name") or p.get("position"):
        return tr("at {place}", place=tr(str(p.get("position_name") or p.get("position"))))
    return tr("not on the board yet")


def _effects(tr, p) -> list[str]:
    """Running effects, each a whole label."""
    out = []
    for e in p.get("effects") or []:
        if e == "skip":
            out.append(tr(T("misses {n} turn", plural="misses {n} turns",
                            n=_int(p.get("skip_turns"), 1))))
        else:
            out.append(tr(EFFECT_NAMES.get(e, str(e))))
    travel = p.get("travel")
    if isinstance(travel, dict) and travel.get("kind") == "flight":
        out.append(tr("checked in for a flight"))
    elif isinstance(travel, dict) and travel.get("kind") == "sea":
        out.append(tr("at sea"))
    return out


def _lost_bits(tr, p) -> list[str]:
    """A seat's lost-distillery and bonus bottles, each a whole label."""
    bits = []
    hidden = _int(p.get("lost_hidden"))
    if hidden:
        bits.append(tr(T("{n} face-down lost distillery bottle",
                         plural="{n} face-down lost distillery bottles", n=hidden)))
    rev = p.get("lost_revealed") or []
    if rev:
        bits.append(tr("Lost distillery bottles shown: {values}",
                       values=" ".join(map(str, rev))))
    if not bits:
        bits.append(tr("No lost distillery bottles"))
    bonus = p.get("bonus_cards") or []
    if bonus:
        bits.append(tr(T("{n} bonus bottle", plural="{n} bonus bottles", n=len(bonus))))
    return bits


def _stock_tail(view, tr, fid, lost: bool) -> str:
    """What a distillery still holds, as drawn in the legends: "1 3 5", "×2" or "—"."""
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    if lost:
        return tr("lost")
    if fid in stock:
        vals = stock[fid] or []
        if vals and any(vals):
            return " ".join(str(v) for v in vals)
        return "×" + str(len(vals)) if vals else "—"
    if fid in counts:
        return "×" + str(counts[fid]) if counts[fid] else "—"
    return ""


def _joined(parts: list[str], width: int, size: int, bold=False) -> list[str]:
    """Whole labels on lines of at most width pixels, " · " between two on a line; a label
    too long for a line wraps between words."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + " · " + part, size, bold) <= width:
            lines[-1] += " · " + part
        else:
            lines += wrap(part, width, size, bold, max_lines=3)
    return lines


def _cell_lines(s: str, width: int, size: int = TS, bold=False, max_lines: int = 3,
                lang: str = "en") -> list[str]:
    """s in at most max_lines lines of a narrow cell: broken between words, else a word too
    long for a line hyphenated ("Bunna-" / "habhain"); cut with an ellipsis only when even
    that does not hold it."""
    if all(text_width(w, size, bold) <= width for w in s.split()):
        lines = wrap(s, width, size, bold, max_lines=max(max_lines, 8))
        if len(lines) <= max_lines:
            return lines
    for hy in dict.fromkeys((lang, "hu", "en", "de")):   # place names are Gaelic or Scots
        lines = hyphenated_lines(s, width, size, bold, max_lines, hy)
        if lines:
            return lines
    return wrap(s, width, size, bold, max_lines=max_lines)


def _number_disc(d, view, fields, numbers, fid, cx, cy, r=DISC_R) -> None:
    """A distillery's map number in a disc of its region's colour (dark: a lost one)."""
    f = fields.get(fid) or {}
    lost = f.get("type") == "lost"
    col = DARK if lost else (EMPTY if _is_empty(view, fid) else
                             REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None]))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=INK, width=2)
    icon = mark(d, (cx - r, cy - r, cx + r, cy + r))
    text(d, (cx, cy), str(numbers.get(fid, "")), size=TS, bold=True, anchor="mm",
         fill=WHITE if lost else INK, owner=icon)


def _square(d, box, fill, label=None, size=TS, width=1) -> None:
    """A coloured square (a region, an ingredient) marked as an icon, with its count on it."""
    d.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=width)
    icon = mark(d, box)
    if label is not None:
        text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(label), size=size, bold=True,
             anchor="mm", fill=ink_for(fill), owner=icon)


def _name_lines(view, seat, first: int, width: int, size: int, bold=True,
                max_lines: int = 2, lang: str = "en") -> list[str]:
    """A player's name in at most max_lines lines, the first ``first`` px wide (beside the
    badge), the others ``width``: broken between its words (or hyphenated, when the lines are
    equally wide), the rest cut anywhere (a name)."""
    name = clip(seat_name(view, seat), 200)
    if first == width:
        hy = hyphenated_lines(name, width, size, bold, max_lines, lang)
        if hy:
            return hy
    lines: list[str] = []
    words = name.split()
    while words and len(lines) < max_lines:
        room_ = first if not lines else width
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size, bold) <= room_:
            line += " " + words.pop(0)
        if text_width(line, size, bold) > room_ or (words and len(lines) == max_lines - 1):
            line = fit(" ".join([line] + words), room_, size, bold, name=True)
            words = []
        lines.append(line)
    return lines or [""]


def _tag(d, view, seat, x, y, width, size, bold=True, within=None) -> int:
    """A seat's badge (colour and letter) and its player's name, fitted into width pixels from
    x (the badge's left edge; y the middle). Returns the x after the name."""
    _badge(d, view, seat, (x + BADGE_R, y))
    nx = x + 2 * BADGE_R + 8
    name = _name(view, seat, max(0, x + width - nx), size, bold)
    box = text(d, (nx, y), name, size=size, bold=bold, anchor="lm", within=within)
    return box[2]


# ----------------------------------------------------------------------------- full map
# Empty sea of the board where the full map's header and legends go (image pixels).
HEADER_W = 620                                   # the north-west: nothing there
REGION_LEGEND_X = 16                             # the west, down to Islay (y 740)
TYPE_LEGEND_AT = (16, 1075)                      # between Kintyre and Ireland
DISTILLERY_LEGEND_BOX = (440, 1150, WIDTH - 8, MAP_BOTTOM - 8)   # the south-east
LEGEND_W = 300
ROW = 27                                         # a line of 18 px text in a list


def _map_proj() -> _Proj:
    return _Proj(0, 0, 1.0, MAP_OX, MAP_OY)


def _draw_map(d, view, tr, board, numbers, reserved) -> None:
    """The whole board at one pixel per unit; ``reserved``: boxes (header, legends) that
    names and pawns keep clear of."""
    fields = _fields(board)
    proj = _map_proj()
    d.rectangle((0, 0, WIDTH, MAP_BOTTOM), fill=SEA)
    space = _Space((6, 6, WIDTH - 6, MAP_BOTTOM - 6), reserved)
    mv = _move(view)
    dests = [o.get("to") for o in (mv or {}).get("options", []) if isinstance(o, dict)]
    ext, _ = _draw_fields(d, view, board, numbers, proj, 1.0, list(fields), space, dests)
    lines: list = []
    tops: list = []
    _place_pawns(d, view, fields, proj, space, ext, BADGE_R, lines, tops)
    _place_letters(d, view, fields, proj, space, ext, TS + 2, lines, tops, reach=170)
    for step in lines:
        step()
    # start fields and airports named (few, and players steer by them)
    for fid, f in fields.items():
        if f.get("type") in ("start", "airport"):
            x, y = proj(f)
            _label(d, space, x, y, ext[fid] + 1, fit(tr(str(f.get("name", fid))), 220, TS, True),
                   TS, far=True)
    for step in tops:
        step()


def _header_lines(view, tr, width) -> list[tuple[str, int, bool, tuple, bool]]:
    """The full map's header: game, round, whose turn (after the seat's badge), goal, decks
    and bag, as (text, size, bold, colour, after the badge)."""
    out = [(fit(tr("The Whisky Game"), width, 30, True), 30, True, INK, False)]
    status = _status_lines(view, tr, width, 22)
    out += [(line, 22, True, INK, False) for line in wrap(status[0], width, 22, True, max_lines=1)]
    if len(status) > 1:
        ink = INK if view.get("finished") else HILITE
        out += [(line, 22, True, ink, True)
                for line in wrap(status[1], width - 2 * BADGE_R - 8, 22, True, max_lines=2)]
    out += [(line, TS, False, INK, False) for line in wrap(_goal_line(view, tr), width, TS,
                                                            max_lines=2)]
    decks = view.get("decks") or {}
    bits = []
    if decks:
        bits += [tr(T("Special deck: {n} card", plural="Special deck: {n} cards",
                      n=_int(decks.get("special")))),
                 tr(T("Lost distillery deck: {n} card", plural="Lost distillery deck: {n} cards",
                      n=_int(decks.get("lost"))))]
    bag = view.get("bag") or {}
    if bag:
        bits.append(tr("Bag: {items}", items=_ingredients(tr, bag)))
    out += [(line, TS, False, MUTED, False) for line in _joined(bits, width, TS)[:3]]
    return out


def _header_height(lines) -> int:
    return sum(size + (12 if size > TS else 9) for _, size, *_ in lines)


def _draw_map_header(d, view, tr, lines, x, y, box) -> None:
    seat = _acting(view)
    badge = False
    for s, size, bold, ink, after in lines:
        tx = x
        if after:
            if not badge and seat in (view.get("seats") or []):
                _badge(d, view, seat, (x + BADGE_R, y + size // 2 + 2))
            badge = True
            tx = x + 2 * BADGE_R + 8
        text(d, (tx, y), s, size=size, bold=bold, fill=ink, within=box)
        y += size + (12 if size > TS else 9)


def _draw_legend_regions(d, view, tr, x, y, width) -> int:
    text(d, (x, y), tr("Regions"), size=TS + 2, bold=True)
    y += 32
    for code in REGION_ORDER:
        _square(d, (x, y, x + 26, y + 26), REGION_COLOUR[code])
        names = wrap(_region_name(view, tr, code), width - 36, TS, max_lines=2)
        for k, line in enumerate(names):
            text(d, (x + 36, y + 13 + k * 24), line, size=TS, anchor="lm")
        y += max(32, 24 * len(names) + 8)
    return y


def _draw_legend_types(d, tr, x, y, width) -> int:
    """The field shapes."""
    text(d, (x, y), tr(T("Fields", context="map legend: kinds of field")), size=TS + 2, bold=True)
    y += 32
    items = [("distillery", tr("distillery (number)")), ("lost", tr("lost distillery")),
             ("ingredient", tr("ingredients")), ("special", tr("special card")),
             ("pub", tr("pub")), ("port", tr("port")), ("sea", tr("sea route")),
             ("airport", tr("airport")), ("start", tr("start")), ("path", tr("path"))]
    for t, label in items:
        cx, cy = x + 16, y + 14
        if t == "sea":
            dashed_line(d, (cx - 16, cy), (cx + 16, cy), fill=SEA_LINE, width=3, dash=6, gap=4)
            mark(d, (cx - 16, cy - 3, cx + 16, cy + 3))
        else:
            r = _marker_radius(t) + 1
            icon = mark(d, (cx - r, cy - r, cx + r, cy + r))
            _marker(d, t, cx, cy, 1.0, (200, 200, 200),
                    {"distillery": 7, "lost": 9, "airport": "✈"}.get(t), owner=icon)
        names = wrap(label, width - 42, TS, max_lines=2)
        for k, line in enumerate(names):
            text(d, (x + 42, cy + k * 24), line, size=TS, anchor="lm")
        y += max(32, 24 * len(names) + 8)
    return y


def _types_legend_height(tr, width) -> int:
    labels = ["distillery (number)", "lost distillery", "ingredients", "special card", "pub",
              "port", "sea route", "airport", "start", "path"]
    return 32 + sum(max(32, 24 * len(wrap(tr(s), width - 42, TS, max_lines=2)) + 8)
                    for s in labels)


def _draw_legend_distilleries(d, view, tr, box, fields, numbers) -> None:
    """Numbered distilleries (each number on its region's colour, dark for a lost one,
    grey once empty) with the bottles still there, in two columns."""
    x, y, x1, y1 = box
    width = x1 - x
    rounded(d, box, fill=LEGEND_BG, radius=12, width=2)
    text(d, (x + 12, y + 8), fit(tr("Distilleries (bottles left)"), width - 24, TS + 2, True),
         size=TS + 2, bold=True, within=box)
    ids = [fid for fid, _ in sorted(numbers.items(), key=lambda kv: kv[1])]
    top = y + 44
    per_col = max(1, -(-len(ids) // 2))
    pitch = min(30, max(ROW, (y1 - 8 - top) // max(1, per_col)))
    entries = []
    for fid in ids:
        f = fields[fid]
        lost = f.get("type") == "lost"
        entries.append((fid, lost, tr(str(f.get("name", fid))), _stock_tail(view, tr, fid, lost)))

    def need(e):            # a lost one's dark number says it already: its tail may go
        _, lost, name, tail = e
        return 44 + text_width(name, TS) + (0 if lost or not tail else
                                            10 + text_width(tail, TS, True)) + 20
    cols = [entries[:per_col], entries[per_col:]]
    widths = [max(map(need, c), default=0) for c in cols]
    spare = (width - 20 - sum(widths)) / 2
    widths = [w + spare for w in widths]
    ex = x + 10
    for col, cw in zip(cols, widths):
        for r, (fid, lost, name, tail) in enumerate(col):
            cy = top + r * pitch + pitch // 2
            _number_pill(d, view, fields, numbers, fid, ex, cy)
            tx = ex + cw - 10
            room_ = tx - (ex + 44)
            if tail and lost and text_width(name, TS) + text_width(tail, TS, True) + 10 > room_:
                tail = ""
            tw = text_width(tail, TS, True) + 10 if tail else 0
            text(d, (ex + 44, cy), fit(name, room_ - tw, TS), size=TS, anchor="lm",
                 fill=MUTED if tail == "—" else INK, within=box)
            if tail:
                text(d, (tx, cy), tail, size=TS, bold=True, anchor="rm",
                     fill=LOST_INK if lost else INK, within=box)
        ex += cw


def _number_pill(d, view, fields, numbers, fid, x, cy) -> None:
    """A distillery's map number on a pill of its region's colour (legends)."""
    f = fields.get(fid) or {}
    lost = f.get("type") == "lost"
    col = DARK if lost else (EMPTY if _is_empty(view, fid) else
                             REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None]))
    box = (x, cy - 12, x + 36, cy + 12)
    d.rounded_rectangle(box, radius=12, fill=col, outline=INK, width=2)
    icon = mark(d, box)
    text(d, (x + 18, cy), str(numbers.get(fid, "")), size=TS, bold=True, anchor="mm",
         fill=WHITE if lost else INK, owner=icon)


# the player table under the full map
def _label_w(n: int) -> int:
    """The width of the table's first column (the rows' names), narrower for many players."""
    return 262 if n <= 3 else 196


def _table(view, tr, order, players, width) -> tuple[list, int]:
    """The rows of the player table: (kind, label, cells, height); and its height."""
    n = max(1, len(order))
    lw = _label_w(n)
    cw = (width - lw) // n
    lang = language_of(tr)
    rows = []
    ps = [players.get(s) if isinstance(players.get(s), dict) else {} for s in order]
    # a seat's badge with its name beside it and the points under it; else (for every seat
    # alike) the points beside it and the name under it; else both under it
    beside = cw - 16 - 2 * BADGE_R - 8
    names = [seat_name(view, seat) for seat in order]
    points = [_cell_lines(tr(_points(p.get("points_visible", 0))), cw - 20, TS, True, 2, lang)
              for p in ps]
    if all(text_width(n, TS, True) <= beside for n in names):
        heads = [(n, pts) for n, pts in zip(names, points)]
    else:
        under = [_name_lines(view, seat, cw - 20, cw - 20, TS, True, lang=lang)
                 for seat in order]
        if all(len(pts) == 1 and text_width(pts[0], TS, True) <= beside for pts in points):
            heads = [(pts[0], u) for pts, u in zip(points, under)]
        else:
            heads = [("", u + pts) for pts, u in zip(points, under)]
    rows.append(("head", heads, order, 2 * BADGE_R + 16 + 26 * max(len(u) for _, u in heads)))
    chars = [_cell_lines(tr(str(p.get("character_name") or p.get("character") or "")), cw - 14,
                         max_lines=2, lang=lang) for p in ps]
    rows.append(("lines", None, [[(s, DARK) for s in c] for c in chars], 0))
    where = []
    for p in ps:
        lines = [(s, INK) for s in _cell_lines(_where(view, tr, p), cw - 14, max_lines=5,
                                               lang=lang)]
        effects: list = []
        for e in _effects(tr, p):
            more = _cell_lines(e, cw - 14, max_lines=3, lang=lang)
            if len(effects) + len(more) <= 5:
                effects += [(s, HILITE) for s in more]
        where.append(lines + effects)
    rows.append(("lines", None, where, 0))
    for code in REGION_ORDER:
        cells = []
        for p in ps:
            have = [b for b in (p.get("bottles") or {}).get(code) or [] if isinstance(b, dict)]
            vals = "  ".join(_bottle_label(b) for b in have)
            if text_width(vals, TS, True) > cw - 24:        # the points only
                vals = "  ".join(str(_int(b.get("points", b.get("value")))) for b in have)
            cells.append((wrap(vals, cw - 24, TS, True, max_lines=2) if vals else [],
                          code in (p.get("regions") or []) or bool(have)))
        label = _cell_lines(_region_name(view, tr, code), lw - 50, max_lines=2, lang=lang)
        h = max([34, 24 * len(label) + 10] + [24 * len(c[0]) + 12 for c in cells])
        rows.append(("region", (code, label), cells, h))
    for kind in INGR_COLOUR:
        cells = [str(_int((p.get("ingredients") or {}).get(kind))) for p in ps]
        rows.append(("ingredient", (kind, tr(INGR_NAMES[kind])), cells, 32))
    cards = [[(s, INK) for s in _cell_lines(tr(T("{n} special card", plural="{n} special cards",
                                                 n=_int(p.get("special_cards")))), cw - 14,
                                            bold=True, lang=lang)] for p in ps]
    rows.append(("lines", None, cards, 0))
    rows = [(k, lab, cells, h or max(24 * max((len(c) for c in cells), default=1) + 10, 34))
            for k, lab, cells, h in rows]
    # a line per player: lost-distillery and bonus bottles, last roll
    for seat, p in zip(order, ps):
        bits = _lost_bits(tr, p)
        if p.get("last_roll"):
            bits.append(tr("last roll: {face}", face=p.get("last_roll")))
        lines = _joined(bits, width - 2 * BADGE_R - 30, TS)[:3]
        rows.append(("seat", seat, lines, 24 * len(lines) + 14))
    return rows, sum(h for *_, h in rows) + 16


def _draw_table(d, view, tr, order, rows, x, y, width) -> None:
    n = max(1, len(order))
    lw = _label_w(n)
    cw = (width - lw) // n
    box = (x, y, x + width, y + sum(h for *_, h in rows) + 16)
    rounded(d, box, fill=PANEL, radius=12, width=2)
    y += 8
    acting = None if view.get("finished") else _acting(view)
    for i, (kind, label, cells, h) in enumerate(rows):
        if kind != "head" and kind != "seat" and i % 2:
            d.rectangle((x + 2, y, x + width - 2, y + h), fill=LEGEND_BG)
        if kind == "seat":
            d.line((x + 10, y, x + width - 10, y), fill=EDGE, width=1)
        lx = x + 12
        if kind == "head":
            for j, (seat, name) in enumerate(zip(cells, label)):
                cx = x + lw + j * cw
                cell = (cx, y, cx + cw, y + h)
                if seat == acting:
                    d.rounded_rectangle((cx + 2, y, cx + cw - 2, y + h), radius=8,
                                        outline=seat_rgb(view, seat), width=4)
                _badge(d, view, seat, (cx + 8 + BADGE_R, y + 4 + BADGE_R))
                beside, under = name
                if beside:
                    text(d, (cx + 8 + 2 * BADGE_R + 8, y + 4 + BADGE_R), beside, size=TS,
                         bold=True, anchor="lm", within=cell)
                for k, line in enumerate(under):
                    text(d, (cx + 10, y + 4 + 2 * BADGE_R + 16 + 26 * k), line, size=TS,
                         bold=True, anchor="lm", within=cell)
        elif kind == "lines":
            for j, lines in enumerate(cells):
                cx = x + lw + j * cw
                for k, (s, colour) in enumerate(lines):
                    text(d, (cx + 10, y + 17 + 24 * k), s, size=TS, fill=colour, anchor="lm",
                         within=(cx, y, cx + cw, y + h))
        elif kind == "region":
            code, names = label
            _square(d, (lx, y + h / 2 - 13, lx + 26, y + h / 2 + 13), REGION_COLOUR[code])
            for k, line in enumerate(names):
                text(d, (lx + 36, y + h / 2 + (k - (len(names) - 1) / 2) * 24), line, size=TS,
                     anchor="lm")
            for j, (vals, counts) in enumerate(cells):
                cx = x + lw + j * cw
                if vals:
                    inner = (cx + 4, y + 4, cx + cw - 4, y + h - 4)
                    d.rounded_rectangle(inner, radius=6, fill=REGION_COLOUR[code], outline=INK,
                                        width=1)
                    for k, line in enumerate(vals):
                        text(d, (cx + 12, y + h / 2 + (k - (len(vals) - 1) / 2) * 24), line,
                             size=TS, bold=True, anchor="lm", fill=ink_for(REGION_COLOUR[code]),
                             within=inner)
                else:
                    text(d, (cx + 12, y + h / 2), "—", size=TS, anchor="lm", fill=MUTED)
        elif kind == "ingredient":
            key, name = label
            _square(d, (lx + 3, y + h / 2 - 10, lx + 23, y + h / 2 + 10), INGR_COLOUR[key])
            text(d, (lx + 36, y + h / 2), fit(name, lw - 50, TS), size=TS, anchor="lm")
            for j, v in enumerate(cells):
                cx = x + lw + j * cw
                text(d, (cx + 12, y + h / 2), v, size=TS, bold=True, anchor="lm")
        elif kind == "seat":
            _badge(d, view, label, (lx + BADGE_R, y + 7 + 12))
            for k, line in enumerate(cells):
                text(d, (lx + 2 * BADGE_R + 14, y + 7 + 12 + 24 * k), line, size=TS, anchor="lm",
                     within=box)
        y += h


def render_full_board(view: dict, tr):
    """The whole map with the game's state, its legends and a table of the players (the Full
    map button)."""
    board = _board(view)
    fields = _fields(board)
    numbers = _numbering(list(fields.values()))
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or seats) if s in players] or \
        [s for s in seats if s in players]
    rows, table_h = _table(view, tr, order, players, WIDTH - 2 * MARGIN)
    height = MAP_BOTTOM + GAP + table_h + MARGIN
    img, d = canvas(WIDTH, height, PAPER)

    hx, hy = MARGIN + 2, MARGIN
    hw = HEADER_W - hx - 10
    head = _header_lines(view, tr, hw)
    header = (0, 0, HEADER_W, hy + _header_height(head) + 6)
    rx, ry = REGION_LEGEND_X, header[3] + 16
    regions_box = (0, ry - 6, rx + LEGEND_W, ry + 32 + 6 * 40)
    tx, ty = TYPE_LEGEND_AT
    types_box = (0, ty - 6, tx + LEGEND_W, ty + _types_legend_height(tr, LEGEND_W) + 6)
    _draw_map(d, view, tr, board, numbers,
              reserved=[header, regions_box, types_box, DISTILLERY_LEGEND_BOX])
    _draw_map_header(d, view, tr, head, hx, hy, header)
    _draw_legend_regions(d, view, tr, rx, ry, LEGEND_W)
    _draw_legend_types(d, tr, tx, ty, LEGEND_W)
    _draw_legend_distilleries(d, view, tr, DISTILLERY_LEGEND_BOX, fields, numbers)
    _draw_table(d, view, tr, order, rows, MARGIN, MAP_BOTTOM + GAP, WIDTH - 2 * MARGIN)
    return finish(compact(img, _colours()), board_alt(view, tr), "whisky_map.png")


# ----------------------------------------------------------------------------- close-up
def _draw_crop(view, tr, board, numbers, win):
    """The map window of the posted board, as an image of CROP x CROP pixels; returns it and
    the distilleries whose numbers it shows."""
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (CROP, CROP), SEA)
    d = ImageDraw.Draw(img)
    fields = _fields(board)
    k = win["scale"]
    proj = _Proj(win["x0"], win["y0"], k, 0, 0)
    m = min(1.7, max(1.0, k * 0.72))            # markers grow with the zoom, a little less
    margin = 60 * m
    visible = [fid for fid, f in fields.items()
               if -margin <= proj(f)[0] <= CROP + margin and -margin <= proj(f)[1] <= CROP + margin]
    space = _Space((3, 3, CROP - 3, CROP - 3))
    mv = _move(view)
    dests = [o.get("to") for o in (mv or {}).get("options", []) if isinstance(o, dict)]
    ext, numbered = _draw_fields(d, view, board, numbers, proj, m, visible, space, dests)
    lines: list = []
    tops: list = []
    _place_pawns(d, view, fields, proj, space, ext, max(BADGE_R, round(16 * min(1.35, m))),
                 lines, tops, tag_size=TS)
    _place_letters(d, view, fields, proj, space, ext, TS + 4, lines, tops, reach=105)
    for step in lines:
        step()
    # place names, the most useful first, where they fit
    focus = win.get("focus")
    prio = {"distillery": 2, "lost": 2, "airport": 3, "start": 3, "port": 4, "pub": 4,
            "special": 5, "ingredient": 5, "path": 5, "sea": 6}
    order = sorted(visible, key=lambda fid: (0 if fid == focus else 1 if fid in dests
                                             else prio.get(fields[fid].get("type"), 6),
                                             fields[fid].get("y", 0)))
    for fid in order:
        f = fields[fid]
        if f.get("type") == "sea" and fid != focus:
            continue
        x, y = proj(f)
        if not (0 <= x <= CROP and 0 <= y <= CROP):
            continue
        must = fid == focus or fid in dests
        low = not must and prio.get(f.get("type"), 6) >= 5
        name = fit(tr(str(f.get("name") or fid)), 230, TS, not low)
        _label(d, space, x, y, ext[fid] + 1, name, TS, bold=not low, far=must)
    for step in tops:                   # pawns and letters on top of all
        step()
    d.rectangle((0, 0, CROP - 1, CROP - 1), outline=INK, width=2)
    return img, [fid for fid in visible if fid in numbered]


def _draw_move_legend(d, view, tr, fields, numbers, x, y, width, bottom, within) -> int:
    """The move menu's letters with their fields' names (and a distillery's map number and
    bottles left), in the menu's order."""
    mv = _move(view)
    if not mv:
        return y
    who = _name(view, mv.get("seat"), width // 2, TS + 1, True)
    head = tr(T("{player} moves {n} field: choose a letter",
                plural="{player} moves {n} fields: choose a letter",
                player=who, n=_int(mv.get("value"))))
    for line in wrap(head, width, TS + 1, True, max_lines=2):
        text(d, (x, y), line, size=TS + 1, bold=True, within=within)
        y += 27
    y += 4
    opts = [o for o in mv["options"] if isinstance(o, dict)]
    row = 33
    room_rows = max(1, (bottom - y) // row)
    shown = opts if len(opts) <= room_rows else opts[:room_rows - 1]
    for o in shown:
        letter = str(o.get("letter") or "?")[:3]
        lw = max(32, text_width(letter, TS + 2, True) + 12)
        cy = y + 14
        box = (x, y, x + lw, y + 28)
        d.rounded_rectangle(box, radius=5, fill=DEST)
        icon = mark(d, box)
        text(d, (x + lw / 2, cy), letter, size=TS + 2, fill=WHITE, bold=True, anchor="mm",
             owner=icon)
        fid = o.get("to")
        f = fields.get(fid) or {}
        nx = x + lw + 8
        if fid in numbers:
            _number_disc(d, view, fields, numbers, fid, nx + DISC_R, cy)
            nx += 2 * DISC_R + 6
        tail_x = x + width
        n = _int(o.get("ingredients"))
        if n:                           # +n and the ingredient field's diamond
            tail = f"+{n}"
            tb = text(d, (tail_x, cy), tail, size=TS, bold=True, fill=DARK, anchor="rm",
                      within=within)
            tail_x = tb[0] - 14
            icon = mark(d, (tail_x - 9, cy - 9, tail_x + 9, cy + 9))
            _marker(d, "ingredient", tail_x, cy, 1.0, (200, 200, 200), owner=icon)
            tail_x -= 17
        name = tr(str(f.get("name") or fid))
        if fid in numbers:
            lost = f.get("type") == "lost"
            stock = _stock_tail(view, tr, fid, lost)
            if lost and text_width(name, TS) + text_width(stock, TS, True) + 10 > tail_x - nx:
                stock = ""              # its dark disc says it is a lost one
            if stock:
                sb = text(d, (tail_x, cy), stock, size=TS, bold=True, anchor="rm",
                          fill=LOST_INK if f.get("type") == "lost" else INK, within=within)
                tail_x = sb[0] - 10
        text(d, (nx, cy), fit(name, max(0, tail_x - nx), TS), size=TS, anchor="lm",
             within=within)
        y += row
    if len(shown) < len(opts):
        more = len(opts) - len(shown)
        text(d, (x, y + 2), fit(tr(T("… and {n} more", plural="… and {n} more", n=more)),
                                width, TS), size=TS, fill=MUTED, within=within)
        y += row
    return y + 8


def _draw_near_distilleries(d, view, tr, fields, numbers, shown_ids, x, y, width, bottom,
                            within) -> int:
    """The distilleries numbered on the close-up: map number, name, bottles left."""
    ds = sorted((fid for fid in shown_ids if fid in numbers), key=lambda f: numbers[f])
    row = 33
    if not ds or bottom - y < 30 + 2 * row:
        return y
    for line in wrap(tr("Distilleries (bottles left)"), width, TS + 1, True, max_lines=2):
        text(d, (x, y), line, size=TS + 1, bold=True, within=within)
        y += 27
    y += 4
    room_rows = max(1, (bottom - y) // row)
    shown = ds if len(ds) <= room_rows else ds[:room_rows - 1]
    for fid in shown:
        f = fields[fid]
        lost = f.get("type") == "lost"
        cy = y + 14
        _number_disc(d, view, fields, numbers, fid, x + DISC_R, cy)
        tail = _stock_tail(view, tr, fid, lost)
        tx = x + width
        name = tr(str(f.get("name") or fid))
        if lost and text_width(name, TS) + text_width(tail, TS, True) + 10 > \
                width - 2 * DISC_R - 8:
            tail = ""                   # its dark disc says it is a lost one
        if tail:
            tb = text(d, (tx, cy), tail, size=TS, bold=True, anchor="rm",
                      fill=LOST_INK if lost else INK, within=within)
            tx = tb[0] - 10
        text(d, (x + 2 * DISC_R + 8, cy), fit(name, max(0, tx - (x + 2 * DISC_R + 8)), TS),
             size=TS, anchor="lm",
             fill=MUTED if tail == "—" else INK, within=within)
        y += row
    if len(shown) < len(ds):
        text(d, (x, y), fit(tr(T("… and {n} more", plural="… and {n} more",
                                 n=len(ds) - len(shown))), width, TS), size=TS, fill=MUTED,
             within=within)
        y += row
    return y


# the players' cards under the close-up
CARD_SQ = 26                     # a region's square (its bottle count on it)
CARD_LINE = 26                   # a line of 18 px text on a card
CARD_TOP = 44                    # the name row


def _narrow(width) -> bool:
    """Whether a card is too narrow for its squares and ingredients on one row (three cards a
    row): its ingredients and special cards then stand on a row below the squares."""
    return width < 420


def _card_height(width: int) -> int:
    rows = 2 if _narrow(width) else 1
    return CARD_TOP + 2 * CARD_LINE + rows * (CARD_SQ + 5) + 8


def _where_line(view, tr, p, room_) -> list[tuple[str, tuple]]:
    """Where a player is and the effects running, on one line: (text, colour) parts; the
    place shortened at a word boundary when both do not fit."""
    where = _where(view, tr, p)
    labels = _effects(tr, p)
    if not labels:
        return [(fit(where, room_, TS), INK)]
    sep = " · "
    effects = sep.join(labels)
    if text_width(where + sep + effects, TS) <= room_:
        return [(where + sep, INK), (effects, HILITE)]
    effects = _some(labels, int(room_ * 0.6), TS)
    rest = room_ - text_width(effects, TS) - text_width(sep, TS)
    where = fit(where, rest, TS) if rest > 60 else ""
    return [(where + sep, INK), (effects, HILITE)] if where else [(effects, HILITE)]


def _some(labels: list[str], width: int, size: int) -> str:
    """As many whole labels as fit in width pixels, " · " between them, "…" after them when
    some are left out (the first shortened at a word boundary when even it is too long)."""
    out = ""
    for k, label in enumerate(labels):
        more = " …" if k < len(labels) - 1 else ""
        cand = f"{out} · {label}" if out else label
        if text_width(cand + more, size) > width:
            return (out + " …") if out else fit(label, width, size)
        out = cand
    return out


def _card(d, view, tr, seat, p, box) -> None:
    """A player's compact card: name and badge, points, character, special cards, where and
    effects, regions with their bottles (and face-down lost bottles), ingredients."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    narrow = _narrow(w)
    acting = seat == _acting(view) and not view.get("finished")
    colour = seat_rgb(view, seat)
    rounded(d, box, fill=PANEL, radius=10, width=4 if acting else 2,
            outline=colour if acting else INK)
    pts = tr(_points(p.get("points_visible", 0)))
    pw = text_width(pts, TS + 2, True)
    _tag(d, view, seat, x0 + 10, y0 + 24, w - 30 - pw, TS + 2, within=box)
    text(d, (x1 - 12, y0 + 24), pts, size=TS + 2, bold=True, anchor="rm", within=box)
    y = y0 + CARD_TOP + CARD_LINE // 2
    cards = tr(T("{n} card", plural="{n} cards", n=_int(p.get("special_cards"))))
    cw = 0 if narrow else text_width(cards, TS, True) + 16
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    text(d, (x0 + 12, y), fit(char, w - 24 - cw, TS), size=TS, fill=DARK, anchor="lm",
         within=box)
    if not narrow:
        text(d, (x1 - 12, y), cards, size=TS, bold=True, anchor="rm", within=box)
    y += CARD_LINE
    x = x0 + 12
    for s, ink in _where_line(view, tr, p, w - 24):
        text(d, (x, y), s, size=TS, anchor="lm", fill=ink, within=box)
        x += font(TS).getlength(s)
    # regions: a square per region in its colour when a bottle counts there, with the bottles
    y = y0 + CARD_TOP + 2 * CARD_LINE + 3
    bottles = p.get("bottles") or {}
    regions = p.get("regions") or []
    sq = CARD_SQ
    x = x0 + 12
    for code in REGION_ORDER:
        have = [b for b in bottles.get(code) or [] if isinstance(b, dict)]
        fill = REGION_COLOUR[code] if (have or code in regions) else NONE_BG
        _square(d, (x, y, x + sq, y + sq), fill, len(have) if have else None,
                width=2 if have else 1)
        x += sq + 3
    hidden = _int(p.get("lost_hidden"))
    if hidden:
        d.ellipse((x, y, x + sq, y + sq), fill=DARK, outline=INK, width=2)
        icon = mark(d, (x, y, x + sq, y + sq))
        text(d, (x + sq / 2, y + sq / 2), str(hidden), size=TS, bold=True, fill=WHITE,
             anchor="mm", owner=icon)
        x += sq + 3
    if narrow:                  # ingredients and special cards on a row below
        x, y = x0 + 12, y + sq + 5
        text(d, (x1 - 12, y + sq / 2), cards, size=TS, bold=True, anchor="rm", within=box)
    else:
        x += 10
    ingr = p.get("ingredients") or {}
    for kind in INGR_COLOUR:
        v = str(_int(ingr.get(kind)))
        _square(d, (x, y + 4, x + 18, y + 22), INGR_COLOUR[kind])
        tb = text(d, (x + 24, y + sq / 2), v, size=TS, bold=True, anchor="lm", within=box)
        x = tb[2] + 12


def render_board(view: dict, tr):
    """The posted board: the map around the player to act, the move menu's letters and the
    distilleries near them, the question, a card per player."""
    board = _board(view)
    fields = _fields(board)
    numbers = _numbering(list(fields.values()))
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or seats) if s in players] or \
        [s for s in seats if s in players]
    cols = 3 if len(order) in (3, 5, 6) else 2
    rows = max(1, -(-len(order) // cols))
    cw = (WIDTH - 2 * MARGIN - (cols - 1) * 10) // cols
    card_h = _card_height(cw)
    top = MARGIN + HEAD_H
    cards_y = top + CROP + GAP
    height = cards_y + rows * (card_h + 10) + MARGIN - 10
    img, d = canvas(WIDTH, height, PAPER)

    # header: game, round, goal; whose turn
    head = (MARGIN, MARGIN, WIDTH - MARGIN, top - 4)
    lines = _status_lines(view, tr, WIDTH - 2 * MARGIN - 60, 24)
    title = tr("The Whisky Game") + " · " + lines[0]
    goal = _goal_line(view, tr)
    gw = min(text_width(goal, TS), 430)
    text(d, (MARGIN, MARGIN + 18), fit(title, WIDTH - 2 * MARGIN - gw - 24, 26, True), size=26,
         bold=True, anchor="lm", within=head)
    text(d, (WIDTH - MARGIN, MARGIN + 18), fit(goal, 430, TS), size=TS, fill=DARK, anchor="rm",
         within=head)
    seat = _acting(view)
    x = MARGIN
    if seat and seat in seats:
        _badge(d, view, seat, (MARGIN + BADGE_R, MARGIN + 58))
        x = MARGIN + 2 * BADGE_R + 10
    if len(lines) > 1:
        text(d, (x, MARGIN + 58), fit(lines[1], WIDTH - MARGIN - x, 24, True), size=24,
             bold=True, anchor="lm", fill=HILITE if not view.get("finished") else INK,
             within=head)

    # the map window
    win = crop_window(view)
    crop, numbered = _draw_crop(view, tr, board, numbers, win)
    img.paste(crop, (MARGIN, top))

    # beside it: the question (or the last one), the move menu, the distilleries near by
    x, y, bottom = COL_X, top, top + CROP
    column = (COL_X, top, COL_X + COL_W, bottom)
    open_q = isinstance(view.get("question"), dict)
    qlines = _question_lines(view, tr, COL_W - 24, compact_=True, badge=QUESTION_BADGE) \
        if open_q or not _move(view) else []
    if qlines:
        room_ = CROP - 20 - (0 if open_q else 120)
        while qlines and _lines_height(qlines) > room_:
            qlines = qlines[:-1]
        h = _lines_height(qlines) + 20
        _question_box(d, view, (x, y, x + COL_W, y + h), qlines, open_q)
        y += h + 12
    y = _draw_move_legend(d, view, tr, fields, numbers, x, y, COL_W, bottom - 90, column)
    dests = {o.get("to") for o in (_move(view) or {}).get("options", []) if isinstance(o, dict)}
    _draw_near_distilleries(d, view, tr, fields, numbers, [f for f in numbered if f not in dests],
                            x, y, COL_W, bottom, column)

    # a card per player, in turn order
    for i, s in enumerate(order):
        r, c = divmod(i, cols)
        bx, by = MARGIN + c * (cw + 10), cards_y + r * (card_h + 10)
        p = players.get(s) if isinstance(players.get(s), dict) else {}
        _card(d, view, tr, s, p, (bx, by, bx + cw, by + card_h))
    return finish(compact(img, _colours()), board_alt(view, tr), "whisky.png")


def board_alt(view: dict, tr) -> str:
    """The position in words: status, the open question (shortened), the move menu, then
    every seat; the whole stays within Discord's 1024 characters so that every seat is
    named."""
    parts = [tr("The Whisky Game") + ": " + ". ".join(_status_lines(view, tr, 1600)) + ". "
             + _goal_line(view, tr) + "."]
    q = view.get("question")
    if isinstance(q, dict):
        opts = clauses(tr, [f"{o.get('letter', '?')}. {clip(o.get('text', ''), 100)}"
                            for o in q.get("options") or [] if not o.get("removed")])
        qt = tr("Question for {player}: {question} Options: {options}.",
                player=clip(seat_name(view, q.get("seat", "?")), 40), options=opts,
                question=clip(q.get("question") or "", 300))
        parts.append(clip(qt, 400))
    mv = _move(view)
    if mv:
        fields = _fields(_board(view))
        dests = ", ".join(f"{o.get('letter', '?')} {clip(tr(str((fields.get(o.get('to')) or {}).get('name') or o.get('to'))), 30)}"
                          for o in mv["options"][:12] if isinstance(o, dict))
        parts.append(clip(tr(T("{player} moves {n} field: {destinations}.",
                               plural="{player} moves {n} fields: {destinations}.",
                               player=clip(seat_name(view, mv.get("seat")), 40),
                               n=_int(mv.get("value")), destinations=dests)), 300))
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or []) if s in players]
    order += [s for s in view.get("seats") or [] if s not in order]
    many = len(order) > 4
    for seat in order:
        p = players.get(seat)
        name = clip(seat_name(view, seat), 40)
        if not isinstance(p, dict):
            parts.append(f"{name}.")
            continue
        regions = p.get("regions") or []
        if many:
            regs = tr(T("{n} region", plural="{n} regions", n=len(regions)))
        else:
            regs = tr("regions: {list}", list=", ".join(_region_name(view, tr, r)
                                                        for r in regions) or tr("none"))
        bits = [tr(_points(p.get("points_visible", 0))), regs]
        if p.get("position_name"):
            bits.insert(0, tr("at {place}", place=tr(str(p["position_name"]))))
        if p.get("lost_hidden"):
            bits.append(tr(T("{n} face-down lost bottle", plural="{n} face-down lost bottles",
                             n=_int(p["lost_hidden"]))))
        bits.append(tr(T("{n} special card", plural="{n} special cards",
                         n=_int(p.get("special_cards")))))
        parts.append(f"{name} ({tr(str(p.get('character_name') or ''))}): " + ", ".join(bits)
                     + ".")
    return " ".join(parts)


# ----------------------------------------------------------------------------- private
def render_hand(view: dict, tr):
    """The seat's special cards, own lost-distillery values and true total; None for a
    spectator or when the seat holds nothing private."""
    seat, p = own_seat(view)
    if p is None:
        return None
    hand = list(view.get("hand") or [])
    lost = list(view.get("lost_values") or [])
    ticket = view.get("return_ticket_flights") or 0
    if not hand and not lost and not ticket:
        return None
    rows = []
    for cid in hand:
        rows.append((_card_name(view, tr, cid), _card_text(view, tr, cid)))
    if ticket:
        rows.append((tr("Return ticket"), tr(T("{n} flight left", plural="{n} flights left",
                                               n=_int(ticket)))))
    wrapped = []
    for name, desc in rows:
        wrapped.append((wrap(name, 880, TS + 2, True, max_lines=2),
                        wrap(desc, 880, TS, max_lines=3) if desc else []))
    x, width = 36 + 2 * 22 + 14, WIDTH - 36 - 2 * 22 - 14 - 40
    total = view.get("points_total", p.get("points_visible", 0))
    head = wrap(tr("{player}: your private view", player=_name(view, seat, 600, 28, True)),
                width, 28, True, max_lines=2)
    points = wrap(tr(T("{n} point including your face-down bottles",
                       plural="{n} points including your face-down bottles", n=_int(total))),
                  width, 22, True, max_lines=2)
    lost_line = wrap(tr("Your lost distillery bottles: {values}",
                        values=" ".join(map(str, lost)) if lost else tr("none")), width, TS,
                     max_lines=2)
    goal = wrap(tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr), width,
                TS, max_lines=2)
    top_h = 24 + 36 * len(head) + 30 * len(points) + 26 * (len(lost_line) + len(goal)) + 24
    height = top_h + sum(20 + 28 * len(n) + 26 * len(ls) + 8 for n, ls in wrapped) + 24
    img, d = canvas(WIDTH, height, PAPER)
    _badge(d, view, seat, (36 + 22, 24 + 20), 22)
    y = 24
    for line in head:
        text(d, (x, y), line, size=28, bold=True)
        y += 36
    for line in points:
        text(d, (x, y), line, size=22, bold=True)
        y += 30
    for line in lost_line:
        text(d, (x, y), line, size=TS)
        y += 26
    for line in goal:
        text(d, (x, y), line, size=TS, fill=MUTED)
        y += 26
    y = top_h
    for names, lines in wrapped:
        box = (36, y, WIDTH - 36, y + 12 + 28 * len(names) + 26 * len(lines) + 8)
        rounded(d, box, fill=CARD_BG, radius=10, width=2)
        ty = y + 10
        for line in names:
            text(d, (56, ty), line, size=TS + 2, bold=True, within=box)
            ty += 28
        for line in lines:
            text(d, (56, ty), line, size=TS, within=box)
            ty += 26
        y = box[3] + 8
    alt = tr(T("{player}: {n} point; special cards: {cards}; lost bottles: {values}",
               plural="{player}: {n} points; special cards: {cards}; lost bottles: {values}",
               player=clip(seat_name(view, seat), 60), n=_int(total),
               cards=", ".join(name for name, _ in rows) or tr(T("none", context="special cards")),
               values=" ".join(map(str, lost)) or tr("none")))
    return finish(compact(img, _colours()), alt, "whisky_private.png")


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view)
    if p is None:
        return tr("You are not playing at this table.")
    lines = []          # the caller puts the game, table and seat in front
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    ability = tr(str(p.get("ability"))) if p.get("ability") else ""
    lines.append(tr("Character: **{name}** — {ability}", name=char, ability=ability))
    if p.get("position_name"):
        lines.append(tr("You are at {place}.", place=tr(str(p["position_name"]))))
    total = view.get("points_total", p.get("points_visible", 0))
    lost = list(view.get("lost_values") or [])
    lines.append(tr("Points: **{points}** (others see {visible})", points=total,
                    visible=p.get("points_visible", 0)))
    if lost:
        lines.append(tr("Your lost distillery bottles: {values}",
                        values=", ".join(map(str, lost))))
    # "none" with a context each: Greek agrees it with the noun (cards and regions are feminine)
    regs = ", ".join(_region_name(view, tr, r) for r in p.get("regions") or []) \
        or tr(T("none", context="regions"))
    lines.append(tr("Regions: {list}", list=regs))
    lines.append(tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr))
    lines.append(tr("Ingredients: {items}", items=_ingredients(tr, p.get("ingredients") or {})))
    hand = list(view.get("hand") or [])
    lines.append(tr("Special cards: {cards}",
                    cards=", ".join(_card_name(view, tr, c) for c in hand)
                    or tr(T("none", context="special cards"))))
    if view.get("return_ticket_flights"):
        lines.append(tr(T("Return ticket: {n} flight left", plural="Return ticket: {n} flights left",
                          n=_int(view["return_ticket_flights"]))))
    if seat in (view.get("to_act") or []):
        kind = (view.get("pending") or {}).get("kind") or ""
        lines.append("➡ " + tr("Your turn ({what}).", what=tr(PHASE_NAMES.get(kind, str(kind)))))
        moves = view.get("move_options") or []
        if moves:
            lines.append(tr("Where to? The letters are on the board:"))
            for o in moves[:10]:
                if not isinstance(o, dict):
                    continue
                place = tr(_field_name(view, o.get("to")))
                n = _int(o.get("ingredients"))
                letter = o.get("letter") or "?"
                if n:
                    lines.append("• " + tr(T("{letter} — {place}, +{n} ingredient",
                                             plural="{letter} — {place}, +{n} ingredients",
                                             letter=letter, place=place, n=n)))
                else:
                    lines.append("• " + tr("{letter} — {place}", letter=letter, place=place))
            if len(moves) > 10:
                lines.append(tr(T("… and {n} more", plural="… and {n} more", n=len(moves) - 10)))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
