"""The Whisky Game board and private images, drawn only from ``ENGINE.view``.

``render_board(view, tr)`` — the posted board, made to be read at Discord's preview width
(about 550 px): a close-up of the map around the player to act (every destination of the
move menu inside it, marked with the menu's letter), drawn large enough that place names and
numbers stay readable, beside it the question being asked or the move menu's destinations
and the distilleries of the close-up with their map numbers and bottles left, above it
whose turn it is, below it one compact card per player (name with the seat's badge,
character, points, position, effects, regions, ingredients, special cards). 1000 px wide,
about as tall (never above 3000 px).

``render_full_board(view, tr)`` — the whole map (every field at the board's drawing
coordinates, coloured by region, land edges, dashed sea routes, airports, numbered
distilleries with a legend that names them and lists the bottles still there, pawns as seat
badges) with a large panel per player; the bot shows it behind a "Full map" button.

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

from engines.base import T
from render.common import (clauses, INK, MUTED, PAPER, canvas, clip, finish, fit, own_seat, player_tag,
                           rounded, seat_badge, seat_name, seat_rgb, text, text_width, wrap)
from render.shapes import compact, dashed_line, ink_for, resolve_ref, stroked


def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


MAP_W, MAP_H = 1000, 1900        # drawing area of the full board (board.json canvas, cropped)
PANEL_W = 700
GAP = 16
MARGIN = 14

# the posted close-up
WIDTH = 1000                     # the whole image
CROP = 620                       # the square map window, in pixels
COL_X = MARGIN + CROP + GAP      # the column beside it
COL_W = WIDTH - COL_X - MARGIN
HEAD_H = 84
MAX_ZOOM = 2.4                   # pixels per board unit at most (the board's fields are
MIN_SIDE = CROP / MAX_ZOOM       # >= 30 units apart: >= 72 px at this zoom)
PAD = 64                         # pixels kept free around the points a close-up must show

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
INGR_COLOUR = {"barley": (220, 180, 60), "water": (80, 150, 220), "yeast": (235, 225, 200)}


def _colours():
    from render.common import GAME_COLOURS, SEAT_STYLES
    return ([INK, MUTED, PAPER, SEA, SEA_LINE, EDGE, PANEL, HILITE, DARK, PORT, PUB, START, WHITE,
             QBOX, QOLD, LEGEND_BG, EMPTY, CARD_BG, DEST, (200, 200, 200), (250, 248, 242),
             (120, 60, 60)]
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


def _badge(d, view, seat, xy, radius) -> None:
    """A seat's badge: its colour and letter."""
    seat_badge(d, xy, _seat_index(view, seat), radius, colour=seat_rgb(view, seat))


def _name(view, seat, width, size, bold=False) -> str:
    """A player's name shortened to width pixels (the seat letter without names)."""
    return fit(seat_name(view, seat), width, size, bold)


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


# ----------------------------------------------------------------------------- markers
def _marker(d, t, x, y, m=1.0, col=(200, 200, 200), number=None, empty=False) -> None:
    """The symbol of a field type at (x, y), m times its normal size."""
    def r(v):
        return v * m
    w = max(1, round(2 * min(m, 1.5)))
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
        d.ellipse((x - r(12), y - r(12), x + r(12), y + r(12)), fill=PORT, outline=INK, width=w)
        text(d, (x, y + 1), "✈", size=round(16 * m), fill=WHITE, anchor="mm")
    elif t == "start":
        d.ellipse((x - r(11), y - r(11), x + r(11), y + r(11)), fill=START, outline=INK, width=w)
    elif t == "sea":
        d.ellipse((x - r(6), y - r(6), x + r(6), y + r(6)), fill=SEA_LINE, outline=INK, width=1)
    elif t == "lost":
        d.ellipse((x - r(13), y - r(13), x + r(13), y + r(13)), fill=DARK, outline=INK, width=w)
        if number is not None:
            text(d, (x, y), str(number), size=round(14 * m), fill=WHITE, bold=True, anchor="mm")
    elif t == "distillery":
        d.ellipse((x - r(13), y - r(13), x + r(13), y + r(13)), fill=EMPTY if empty else col,
                  outline=INK, width=w)
        if number is not None:
            text(d, (x, y), str(number), size=round(14 * m), fill=INK, bold=True, anchor="mm")
    else:
        d.ellipse((x - r(5), y - r(5), x + r(5), y + r(5)), fill=col, outline=INK)


def _marker_radius(t, m=1.0) -> float:
    return m * {"distillery": 13, "lost": 13, "airport": 12, "start": 11, "pub": 9,
                "ingredient": 8, "port": 8, "special": 7}.get(t, 6)


def _is_empty(view, fid) -> bool:
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    return (fid in counts and not counts.get(fid)) or (fid in stock and not stock[fid])


def _draw_fields(d, view, board, numbers, proj, m, visible) -> None:
    """Land halos, edges, sea routes and every field marker (distilleries last, on top)."""
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
    for pass_ in (0, 1):
        for fid in visible:
            f = fields[fid]
            t = f.get("type")
            if (t in ("distillery", "lost")) != bool(pass_):
                continue
            x, y = proj(f)
            col = REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None])
            _marker(d, t, x, y, m, col, numbers.get(fid), _is_empty(view, fid))
    q = view.get("question")
    if isinstance(q, dict) and q.get("distillery") in vis:     # where the question is asked
        x, y = proj(fields[q["distillery"]])
        rr = 19 * m
        d.ellipse((x - rr, y - rr, x + rr, y + rr), outline=HILITE, width=max(5, round(5 * m)))


class _Space:
    """Boxes already taken on a map (labels, letters, pawns) and the field markers that labels
    keep clear of."""

    def __init__(self, area, markers, reserved=()):
        self.area = area
        self.markers = markers          # (x, y, r, field id)
        self.boxes: list[tuple] = list(reserved)
        self.reserved = list(reserved)

    def inside(self, box) -> bool:
        x0, y0, x1, y1 = self.area
        return box[0] >= x0 and box[1] >= y0 and box[2] <= x1 and box[3] <= y1 and \
            not any(_overlap(box, r) for r in self.reserved)

    def cost(self, box, own=None) -> int:
        n = 0 if self.inside(box) else 1000
        n += 20 * sum(1 for b in self.boxes if _overlap(box, b))
        for x, y, r, fid in self.markers:
            if fid != own and box[0] - r < x < box[2] + r and box[1] - r < y < box[3] + r:
                n += 1
        return n

    def free(self, box, own=None, markers=True) -> bool:
        if not self.inside(box) or any(_overlap(box, b) for b in self.boxes):
            return False
        return not markers or not any(
            fid != own and box[0] - r < x < box[2] + r and box[1] - r < y < box[3] + r
            for x, y, r, fid in self.markers)

    def take(self, box) -> None:
        self.boxes.append(box)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _ring(dist, n=8):
    return [(dist * math.cos(a), dist * math.sin(a))
            for a in [-math.pi / 4 + j * 2 * math.pi / n for j in range(n)]]


def _draw_letters(d, view, fields, proj, space, m, size, later=None) -> dict[str, tuple]:
    """The move menu's letters beside their fields (a ring around each destination); returns
    field -> the letter's box. With ``later`` (a list), the rings are drawn now and the
    letters are appended to it as drawing steps, to go on top of everything."""
    mv = _move(view)
    out: dict[str, tuple] = {}
    if not mv:
        return out
    steps = later if later is not None else []
    half = size * 0.75
    opts = [o for o in mv["options"] if isinstance(o, dict) and o.get("to") in fields]
    for o in opts:                       # rings first, so no letter is drawn over
        f = fields[o["to"]]
        x, y = proj(f)
        rr = _marker_radius(f.get("type"), m) + 5
        d.ellipse((x - rr, y - rr, x + rr, y + rr), outline=DEST, width=max(3, round(2 * m)))
    for o in opts:
        f = fields[o["to"]]
        x, y = proj(f)
        letter = str(o.get("letter") or "?")[:3]
        w = max(half, text_width(letter, size, True) / 2 + size * 0.3)
        dist = _marker_radius(f.get("type"), m) + 8 + half
        cands = [(x + dx, y + dy) for dx, dy in _ring(dist)] + \
                [(x + dx, y + dy) for dx, dy in _ring(dist + half * 1.6)]
        cx, cy = min(cands, key=lambda c: space.cost((c[0] - w, c[1] - half, c[0] + w,
                                                       c[1] + half), o["to"]))
        box = (cx - w, cy - half, cx + w, cy + half)
        space.take(box)
        dist0 = math.hypot(cx - x, cy - y) or 1
        r0 = _marker_radius(f.get("type"), m) + 5

        def step(x=x, y=y, cx=cx, cy=cy, r0=r0, dist0=dist0, box=box, letter=letter):
            d.line((x + (cx - x) * r0 / dist0, y + (cy - y) * r0 / dist0, cx, cy), fill=DEST,
                   width=3)
            d.rounded_rectangle(box, radius=6, fill=DEST, outline=WHITE, width=2)
            text(d, (cx, cy), letter, size=size, fill=WHITE, bold=True, anchor="mm")
        steps.append(step)
        out[o["to"]] = box
    if later is None:
        for step in steps:
            step()
    return out


def _draw_pawns(d, view, fields, proj, space, radius, name_size=0, later=None) -> None:
    """Every seat's pawn beside its field; the acting seat's with a red ring (and its
    player's name when name_size is given). With ``later`` (a list), the pawns are placed now
    and drawn by the steps appended to it."""
    steps = later if later is not None else []
    occupants = (view.get("board") or {}).get("occupants") or {}
    acting = None if view.get("finished") else _acting(view)
    order = sorted(occupants.items(), key=lambda kv: acting in (kv[1] or []))
    for fid, seats in order:
        if fid not in fields:
            continue
        x, y = proj(fields[fid])
        ax0, ay0, ax1, ay1 = space.area
        if not (ax0 <= x <= ax1 and ay0 <= y <= ay1):       # off this map window
            continue
        for seat in sorted(seats or [], key=lambda s: s == acting):
            base = _marker_radius(fields[fid].get("type"), radius / 16) + radius + 8
            cands = [(x + dx, y + dy) for dist in (base, base + radius * 1.4, base + radius * 2.8)
                     for dx, dy in _ring(dist)]
            px, py = min(cands, key=lambda c: space.cost(
                (c[0] - radius - 3, c[1] - radius - 3, c[0] + radius + 3, c[1] + radius + 3), fid))
            space.take((px - radius - 4, py - radius - 4, px + radius + 4, py + radius + 4))
            dist = math.hypot(px - x, py - y) or 1
            r0 = _marker_radius(fields[fid].get("type"), radius / 16) + 2

            def step(x=x, y=y, px=px, py=py, dist=dist, r0=r0, seat=seat):
                d.line((x + (px - x) * r0 / dist, y + (py - y) * r0 / dist, px, py), fill=INK,
                       width=3)
                if seat == acting:
                    d.ellipse((px - radius - 7, py - radius - 7, px + radius + 7, py + radius + 7),
                              outline=HILITE, width=4)
                d.ellipse((px - radius - 3, py - radius - 3, px + radius + 3, py + radius + 3),
                          fill=WHITE)
                _badge(d, view, seat, (px, py), radius)
            steps.append(step)
            if name_size and seat == acting:
                steps.append(_name_tag(d, view, seat, px, py, radius + 8, space, name_size))
    if later is None:
        for step in steps:
            step()


def _name_tag(d, view, seat, px, py, gap, space, size):
    """The acting player's name on a white tag beside their pawn: placed now, drawn by the
    step returned."""
    name = _name(view, seat, 190, size, True)
    w = text_width(name, size, True) + 14
    h = size + 12
    cands = [(px + gap, py - h / 2), (px - gap - w, py - h / 2), (px - w / 2, py - gap - h),
             (px - w / 2, py + gap)]
    x0, y0 = min(cands, key=lambda c: space.cost((c[0], c[1], c[0] + w, c[1] + h)))
    box = (x0, y0, x0 + w, y0 + h)
    space.take(box)

    def step():
        d.rounded_rectangle(box, radius=7, fill=WHITE, outline=seat_rgb(view, seat), width=3)
        text(d, (x0 + 7, y0 + h / 2), name, size=size, bold=True, anchor="lm")
    return step


def _label(d, space, fid, x, y, r, s, size, bold=True, must=False) -> bool:
    """A place name beside its marker where it covers nothing else (or, when it must be
    shown, where it covers the least)."""
    w = text_width(s, size, bold) + 6
    h = size + 6
    cands = [((x + r + 4, y - h / 2, x + r + 4 + w, y + h / 2), (x + r + 7, y), "lm"),
             ((x - r - 4 - w, y - h / 2, x - r - 4, y + h / 2), (x - r - 7, y), "rm"),
             ((x - w / 2, y + r + 3, x + w / 2, y + r + 3 + h), (x, y + r + 5), "mt"),
             ((x - w / 2, y - r - 3 - h, x + w / 2, y - r - 3), (x, y - r - 5), "mb")]
    if must:        # a name that must be shown may also stand a line further off
        for dy in (-h, h):
            cands += [((x + r - 2, y + dy - h / 2, x + r - 2 + w, y + dy + h / 2),
                       (x + r + 1, y + dy), "lm"),
                      ((x - r + 2 - w, y + dy - h / 2, x - r + 2, y + dy + h / 2),
                       (x - r - 1, y + dy), "rm")]
    ok = [c for c in cands if space.free(c[0], fid)]
    if not ok:
        if not must:
            return False
        ok = [min(cands, key=lambda c: space.cost(c[0], fid))]
    box, xy, anchor = ok[0]
    space.take(box)
    stroked(d, xy, s, size=size, bold=bold, anchor=anchor)
    return True


# ----------------------------------------------------------------------------- full map
def _draw_map(d, view, tr, ox, oy, board, numbers, reserved=()) -> None:
    """The whole board at its drawing coordinates; ``reserved``: boxes (legends) that
    labels and pawns keep clear of."""
    fields = _fields(board)
    proj = _Proj(0, 0, 1.0, ox, oy)
    d.rectangle((ox, oy, ox + MAP_W, oy + MAP_H), fill=SEA)
    _draw_fields(d, view, board, numbers, proj, 1.0, list(fields))
    markers = [(*proj(f), _marker_radius(f.get("type")) + 1, fid) for fid, f in fields.items()]
    space = _Space((ox, oy, ox + MAP_W, oy + MAP_H), markers, reserved)
    later: list = []
    _draw_letters(d, view, fields, proj, space, 1.0, 18, later)
    # start fields and airports named (few, and players steer by them)
    for fid, f in fields.items():
        if f.get("type") in ("start", "airport"):
            x, y = proj(f)
            _label(d, space, fid, x, y, 14, fit(tr(str(f.get("name", fid))), 170, 14, True), 14,
                   must=True)
    _draw_pawns(d, view, fields, proj, space, 16)
    for step in later:
        step()


def _draw_legend_types(d, tr, x, y) -> int:
    """The field shapes, drawn in the empty west of Scotland."""
    text(d, (x, y), tr(T("Fields", context="map legend: kinds of field")), size=18, bold=True)
    y += 28
    items = [("distillery", tr("distillery (number)")), ("lost", tr("lost distillery")),
             ("ingredient", tr("ingredients")), ("special", tr("special card")),
             ("pub", tr("pub")), ("port", tr("port")), ("sea", tr("sea route")),
             ("airport", tr("airport")), ("start", tr("start")), ("path", tr("path"))]
    for t, label in items:
        cx, cy = x + 14, y + 10
        if t == "sea":
            dashed_line(d, (cx - 14, cy), (cx + 14, cy), fill=SEA_LINE, width=3, dash=6, gap=4)
        else:
            _marker(d, t, cx, cy, 0.92, (200, 200, 200),
                    {"distillery": 7, "lost": 9}.get(t))
        text(d, (x + 36, y + 1), fit(label, 210, 15), size=15)
        y += 28
    return y


def _draw_legend_regions(d, view, tr, x, y, width) -> int:
    text(d, (x, y), tr("Regions"), size=18, bold=True)
    y += 28
    for code in REGION_ORDER:
        d.rectangle((x, y + 1, x + 22, y + 21), fill=REGION_COLOUR[code], outline=INK)
        text(d, (x + 30, y + 2), fit(_region_name(view, tr, code), width - 30, 15), size=15)
        y += 26
    return y


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


def _draw_legend_distilleries(d, view, tr, x, y, width, height, fields, numbers) -> None:
    """Numbered distilleries by region, with the bottle values still there."""
    rounded(d, (x, y, x + width, y + height), fill=LEGEND_BG, radius=12, width=2)
    text(d, (x + 12, y + 8), tr("Distilleries (bottles left)"), size=18, bold=True)
    entries: list[tuple[str, object]] = []
    by_region: dict = {}
    for fid, n in sorted(numbers.items(), key=lambda kv: kv[1]):
        by_region.setdefault(fields[fid].get("region"), []).append(fid)
    for code in REGION_ORDER + [r for r in by_region if r not in REGION_ORDER]:
        if code not in by_region:
            continue
        entries.append(("head", code))
        entries.extend(("item", fid) for fid in by_region[code])
    line_h = 20
    top = y + 38
    per_col = max(1, (height - 48) // line_h)
    ncols = max(1, -(-len(entries) // per_col))
    per_col = -(-len(entries) // ncols)
    cw = (width - 16) // ncols
    for k, (kind, val) in enumerate(entries):
        c, r = divmod(k, per_col)
        ex, ey = x + 10 + c * cw, top + r * line_h
        if kind == "head":
            d.rectangle((ex, ey + 2, ex + 16, ey + 17), fill=REGION_COLOUR.get(val), outline=INK)
            text(d, (ex + 22, ey + 1), fit(_region_name(view, tr, val), cw - 26, 15, True),
                 size=15, bold=True)
            continue
        f = fields[val]
        lost = f.get("type") == "lost"
        text(d, (ex + 20, ey + 1), str(numbers[val]), size=14, bold=True, anchor="ra")
        tail = _stock_tail(view, tr, val, lost)
        tw = text_width(tail, 14, True) if tail else 0
        text(d, (ex + 26, ey + 1), fit(tr(str(f.get("name", val))), cw - 36 - tw, 14), size=14,
             fill=MUTED if (tail == "—") else INK)
        if tail:
            text(d, (ex + cw - 8, ey + 1), tail, size=14, bold=True, anchor="ra",
                 fill=(120, 60, 60) if lost else INK)


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


def _question_lines(view, tr, width, compact_=False,
                    badge=0) -> list[tuple[str, int, bool, tuple]]:
    """Lines of the question box: (text, size, bold, colour). ``compact_``: the posted board's
    narrower, shorter box; ``badge``: pixels kept free at the end of the first lines for the
    player's badge (see ``_question_box``)."""
    q = view.get("question")
    out: list[tuple[str, int, bool, tuple]] = []
    hs, qs, os_ = (19, 18, 18) if compact_ else (20, 18, 17)
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
            out.append((fit(" · ".join(extra), width, 16), 16, False, MUTED))
        return out
    last = view.get("last_question")
    if isinstance(last, dict) and last.get("question"):
        who = _name(view, last.get("seat", "?"), max(80, width // 3), 16, True)
        if last.get("result") == "right":
            head = tr("Last question: {player} was right", player=who)
        else:
            head = tr("Last question: {player} was wrong", player=who)
        for line in wrap(head, width - badge, 16, True, max_lines=2):
            out.append((line, 16, True, MUTED))
        for line in wrap(str(last.get("question")), width, 15)[:3]:
            out.append((line, 15, False, MUTED))
        if last.get("answer") is not None:
            out.append((fit(tr("Answer: {answer}", answer=str(last.get("answer"))), width, 15,
                            True), 15, True, MUTED))
    return out


def _question_box(d, view, box, lines, open_q) -> None:
    """The question box with its lines and the asked player's badge in its top right
    corner."""
    x0, y0, x1, _ = box
    rounded(d, box, fill=QBOX if open_q else QOLD, radius=10, width=3 if open_q else 1)
    _draw_lines(d, x0 + 12, y0 + 10, lines)
    q = view.get("question") if open_q else view.get("last_question")
    seat = q.get("seat") if isinstance(q, dict) else None
    if seat in (view.get("seats") or []):
        _badge(d, view, seat, (x1 - 22, y0 + 22), 13)


def _draw_lines(d, x, y, lines) -> int:
    for s, size, bold, colour in lines:
        text(d, (x, y), s, size=size, bold=bold, fill=colour)
        y += size + 7
    return y


def _lines_height(lines) -> int:
    return sum(size + 7 for _, size, _, _ in lines)


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


def _lost_line(tr, p) -> str:
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
    return " · ".join(bits)


# ----------------------------------------------------------------------------- full panels
def _player_panel_height(view, p) -> int:
    return 236


def _draw_player(d, view, tr, seat, p, box) -> None:
    x0, y0, x1, y1 = box
    colour = seat_rgb(view, seat)
    acting = seat in (view.get("to_act") or []) or seat == view.get("current")
    rounded(d, box, fill=PANEL, radius=12, width=4 if acting else 2,
            outline=colour if acting else INK)
    pts_label = tr(_points(p.get("points_visible", 0)))
    pw = text_width(pts_label, 24, True)
    room_ = x1 - x0 - 40 - pw
    nx = player_tag(d, (x0 + 12, y0 + 25), view, seat, room_ // 2, 22, bold=True) + 14
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    text(d, (nx, y0 + 25), fit(char, max(0, x0 + 12 + room_ - nx), 19), size=19, fill=DARK,
         anchor="lm")
    text(d, (x1 - 14, y0 + 10), pts_label, size=24, bold=True, anchor="ra")
    # line 2: where, effects, last roll
    bits = [_where(view, tr, p)] + _effects(tr, p)
    if p.get("last_roll"):
        bits.append(tr("last roll: {face}", face=p.get("last_roll")))
    text(d, (x0 + 14, y0 + 48), fit(" · ".join(bits), x1 - x0 - 28, 16), size=16)
    # bottles by region: 2 rows of 3 boxes
    bottles = p.get("bottles") or {}
    regions = p.get("regions") or []
    bw = (x1 - x0 - 28 - 2 * 8) // 3
    for k, code in enumerate(REGION_ORDER):
        r, c = divmod(k, 3)
        bx, by = x0 + 14 + c * (bw + 8), y0 + 76 + r * 56
        have = bottles.get(code) or []
        fill = REGION_COLOUR[code] if (have or code in regions) else (250, 248, 242)
        d.rounded_rectangle((bx, by, bx + bw, by + 50), radius=8, fill=fill, outline=INK,
                            width=2 if have else 1)
        text(d, (bx + 8, by + 4), fit(_region_name(view, tr, code), bw - 16, 14), size=14,
             fill=ink_for(fill))
        vals = "  ".join(_bottle_label(b) for b in have if isinstance(b, dict)) or "—"
        text(d, (bx + 8, by + 25), fit(vals, bw - 16, 17, True), size=17, bold=True,
             fill=ink_for(fill))
    # lost bottles, bonus cards
    y = y0 + 190
    text(d, (x0 + 14, y), fit(_lost_line(tr, p), x1 - x0 - 28, 15), size=15)
    # ingredients and specials
    y += 22
    x = x0 + 14
    ingr = p.get("ingredients") or {}
    cards = tr(T("{n} special card", plural="{n} special cards", n=_int(p.get("special_cards"))))
    for k in INGR_COLOUR:
        if k not in ingr:
            continue
        d.rectangle((x, y + 2, x + 14, y + 16), fill=INGR_COLOUR[k], outline=INK)
        lab = fit(tr(_tokens(k, ingr[k])), 150, 15)
        text(d, (x + 20, y), lab, size=15)
        x += 30 + text_width(lab, 15)
    text(d, (x1 - 14, y), fit(cards, max(40, x1 - 14 - x), 15, True), size=15, bold=True,
         anchor="ra")


def render_full_board(view: dict, tr):
    """The whole map with a large panel per player (the Full map button)."""
    board = _board(view)
    fields = _fields(board)
    numbers = _numbering(list(fields.values()))
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or seats) if s in players] or \
        [s for s in seats if s in players]
    px0 = MARGIN + MAP_W + GAP
    width = px0 + PANEL_W + MARGIN
    qlines = _question_lines(view, tr, PANEL_W - 32, badge=36)
    q_h = (_lines_height(qlines) + 34) if qlines else 0
    panels_h = sum(_player_panel_height(view, players[s]) + 12 for s in order)
    height = max(MAP_H + 2 * MARGIN, MARGIN + q_h + panels_h + MARGIN + 10)
    img, d = canvas(width, height, PAPER)

    ox, oy = MARGIN, MARGIN
    legend_box = (ox + 470, oy + 1160, ox + MAP_W - 10, oy + MAP_H - 10)
    header_box = (ox, oy, ox + 580, oy + 250)
    _draw_map(d, view, tr, ox, oy, board, numbers, reserved=[legend_box, header_box])
    # header in the empty north-west of the map
    text(d, (ox + 16, oy + 14), tr("The Whisky Game"), size=34, bold=True)
    y = oy + 60
    seat = _acting(view)
    for i, line in enumerate(_status_lines(view, tr)):
        x = ox + 16
        if i == 1 and seat in (view.get("seats") or []):
            _badge(d, view, seat, (x + 13, y + 13), 13)
            x += 34
        text(d, (x, y), fit(line, ox + 576 - x, 22, True), size=22, bold=True)
        y += 30
    for line in wrap(_goal_line(view, tr), 560, 17)[:2]:
        text(d, (ox + 16, y), line, size=17)
        y += 22
    decks = view.get("decks") or {}
    if decks:
        line = tr(T("Special deck: {n} card", plural="Special deck: {n} cards",
                    n=_int(decks.get("special")))) + " · " + \
            tr(T("Lost distillery deck: {n} card", plural="Lost distillery deck: {n} cards",
                 n=_int(decks.get("lost"))))
        text(d, (ox + 16, y), fit(line, 560, 16), size=16, fill=MUTED)
        y += 22
    bag = view.get("bag") or {}
    if bag:
        text(d, (ox + 16, y), fit(tr("Bag: {items}", items=_ingredients(tr, bag)), 560, 16),
             size=16, fill=MUTED)
        y += 22
    # legends in the empty west and south-east of the map
    yy = _draw_legend_regions(d, view, tr, ox + 16, max(y + 14, oy + 300), 250)
    _draw_legend_types(d, tr, ox + 16, yy + 12)
    lx0, ly0, lx1, ly1 = legend_box
    _draw_legend_distilleries(d, view, tr, lx0, ly0, lx1 - lx0, ly1 - ly0, fields, numbers)

    # right panel: question, then players in turn order
    y = MARGIN
    if qlines:
        _question_box(d, view, (px0, y, px0 + PANEL_W, y + q_h - 10), qlines,
                      isinstance(view.get("question"), dict))
        y += q_h
    for seat in order:
        h = _player_panel_height(view, players[seat])
        _draw_player(d, view, tr, seat, players[seat], (px0, y, px0 + PANEL_W, y + h))
        y += h + 12
    return finish(compact(img, _colours()), board_alt(view, tr), "whisky_map.png")


# ----------------------------------------------------------------------------- close-up
def _draw_crop(view, tr, board, numbers, win):
    """The map window of the posted board, as an image of CROP x CROP pixels."""
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
    _draw_fields(d, view, board, numbers, proj, m, visible)
    markers = [(*proj(fields[fid]), _marker_radius(fields[fid].get("type"), m) + 2, fid)
               for fid in visible]
    space = _Space((4, 4, CROP - 4, CROP - 4), markers)
    letters: list = []
    pawns: list = []
    _draw_letters(d, view, fields, proj, space, m, 24, letters)
    _draw_pawns(d, view, fields, proj, space, round(16 * min(1.35, m)), 18, pawns)
    # place names, the most useful first, where they fit
    mv = _move(view)
    dests = [o.get("to") for o in (mv or {}).get("options", []) if isinstance(o, dict)]
    focus = win.get("focus")
    prio = {"distillery": 2, "lost": 2, "airport": 3, "start": 3, "port": 4, "pub": 4,
            "special": 5, "ingredient": 5, "path": 5, "sea": 6}
    order = sorted(visible, key=lambda fid: (0 if fid == focus else 1 if fid in dests
                                             else prio.get(fields[fid].get("type"), 6),
                                             fields[fid].get("y", 0)))
    size = 18 if k >= 1.2 else 16
    for fid in order:
        f = fields[fid]
        if f.get("type") == "sea" and fid != focus:
            continue
        x, y = proj(f)
        if not (0 <= x <= CROP and 0 <= y <= CROP):
            continue
        r = _marker_radius(f.get("type"), m) + 2
        low = fid != focus and fid not in dests and prio.get(f.get("type"), 6) >= 5
        sz = size - 2 if low else size
        name = fit(tr(str(f.get("name") or fid)), 210, sz, not low)
        _label(d, space, fid, x, y, r, name, sz, bold=not low, must=fid == focus or fid in dests)
    for step in pawns + letters:        # names under the pawns, letters on top of all
        step()
    d.rectangle((0, 0, CROP - 1, CROP - 1), outline=INK, width=2)
    return img, [fid for fid in visible if 0 <= proj(fields[fid])[0] <= CROP
                 and 0 <= proj(fields[fid])[1] <= CROP]


def _number_badge(d, view, fields, numbers, fid, cx, cy, r=14) -> None:
    """A distillery's map number in a disc of its region's colour (dark: a lost one)."""
    f = fields.get(fid) or {}
    lost = f.get("type") == "lost"
    col = DARK if lost else (EMPTY if _is_empty(view, fid) else
                             REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None]))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=INK, width=2)
    text(d, (cx, cy), str(numbers.get(fid, "")), size=15, bold=True, anchor="mm",
         fill=WHITE if lost else INK)


def _draw_move_legend(d, view, tr, fields, numbers, x, y, width, bottom) -> int:
    """The move menu's letters with their fields' names (and a distillery's map number and
    bottles left), in the menu's order."""
    mv = _move(view)
    if not mv:
        return y
    who = _name(view, mv.get("seat"), width // 2, 19, True)
    head = tr(T("{player} moves {n} field: choose a letter",
                plural="{player} moves {n} fields: choose a letter",
                player=who, n=_int(mv.get("value"))))
    for line in wrap(head, width, 19, True, max_lines=2):
        text(d, (x, y), line, size=19, bold=True)
        y += 26
    y += 4
    opts = [o for o in mv["options"] if isinstance(o, dict)]
    row = 30
    room_rows = max(1, (bottom - y) // row)
    shown = opts if len(opts) <= room_rows else opts[:room_rows - 1]
    for o in shown:
        letter = str(o.get("letter") or "?")[:3]
        lw = max(30, text_width(letter, 19, True) + 12)
        cy = y + 13
        d.rounded_rectangle((x, y, x + lw, y + 26), radius=5, fill=DEST)
        text(d, (x + lw / 2, cy), letter, size=19, fill=WHITE, bold=True, anchor="mm")
        fid = o.get("to")
        f = fields.get(fid) or {}
        nx = x + lw + 8
        if fid in numbers:
            _number_badge(d, view, fields, numbers, fid, nx + 13, cy, 13)
            nx += 32
        tail_x = x + width
        n = _int(o.get("ingredients"))
        if n:                           # +n and the ingredient field's diamond
            tail = f"+{n}"
            text(d, (tail_x, cy), tail, size=17, bold=True, fill=DARK, anchor="rm")
            tail_x -= text_width(tail, 17, True) + 14
            _marker(d, "ingredient", tail_x + 5, cy, 0.9, (200, 200, 200))
            tail_x -= 14
        if fid in numbers:
            stock = _stock_tail(view, tr, fid, f.get("type") == "lost")
            if stock:
                text(d, (tail_x, cy), stock, size=16, bold=True, anchor="rm",
                     fill=(120, 60, 60) if f.get("type") == "lost" else INK)
                tail_x -= text_width(stock, 16, True) + 10
        name = fit(tr(str(f.get("name") or fid)), max(0, tail_x - nx - 4), 18)
        text(d, (nx, cy), name, size=18, anchor="lm")
        y += row
    if len(shown) < len(opts):
        more = len(opts) - len(shown)
        text(d, (x, y + 2), fit(tr(T("… and {n} more", plural="… and {n} more", n=more)),
                                width, 17), size=17, fill=MUTED)
        y += row
    return y + 8


def _draw_near_distilleries(d, view, tr, fields, numbers, visible, x, y, width, bottom) -> int:
    """The distilleries of the close-up: map number, name, bottles left."""
    ds = sorted((fid for fid in visible if fid in numbers), key=lambda f: numbers[f])
    if not ds or bottom - y < 60:
        return y
    text(d, (x, y), fit(tr("Distilleries (bottles left)"), width, 19, True), size=19, bold=True)
    y += 30
    row = 28
    room_rows = max(1, (bottom - y) // row)
    shown = ds if len(ds) <= room_rows else ds[:room_rows - 1]
    for fid in shown:
        f = fields[fid]
        lost = f.get("type") == "lost"
        cx, cy = x + 15, y + 12
        _number_badge(d, view, fields, numbers, fid, cx, cy)
        tail = _stock_tail(view, tr, fid, lost)
        tw = text_width(tail, 17, True) + 8 if tail else 0
        name = fit(tr(str(f.get("name") or fid)), width - 38 - tw, 18)
        text(d, (x + 36, cy), name, size=18, anchor="lm", fill=MUTED if tail == "—" else INK)
        if tail:
            text(d, (x + width, cy), tail, size=17, bold=True, anchor="rm",
                 fill=(120, 60, 60) if lost else INK)
        y += row
    if len(shown) < len(ds):
        text(d, (x, y), fit(tr(T("… and {n} more", plural="… and {n} more",
                                 n=len(ds) - len(shown))), width, 17), size=17, fill=MUTED)
        y += row
    return y


def _card(d, view, tr, seat, p, box) -> None:
    """A player's compact card: name and badge, points, character, where and effects,
    regions with their bottles (and face-down lost bottles), ingredients, special cards."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    acting = seat == _acting(view) and not view.get("finished")
    colour = seat_rgb(view, seat)
    rounded(d, box, fill=PANEL, radius=10, width=4 if acting else 2,
            outline=colour if acting else INK)
    pts = tr(_points(p.get("points_visible", 0)))
    pw = text_width(pts, 21, True)
    player_tag(d, (x0 + 9, y0 + 22), view, seat, w - 18 - pw - 10, 21, bold=True)
    text(d, (x1 - 10, y0 + 22), pts, size=21, bold=True, anchor="rm")
    cards = tr(T("{n} card", plural="{n} cards", n=_int(p.get("special_cards"))))
    cw = text_width(cards, 17, True)
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    text(d, (x0 + 12, y0 + 50), fit(char, w - 36 - cw, 17), size=17, fill=DARK, anchor="lm")
    text(d, (x1 - 10, y0 + 50), cards, size=17, bold=True, anchor="rm")
    bits = [_where(view, tr, p)] + _effects(tr, p)
    text(d, (x0 + 12, y0 + 76), fit(" · ".join(bits), w - 24, 17), size=17, anchor="lm",
         fill=HILITE if len(bits) > 1 else INK)
    # regions: a square per region in its colour when a bottle counts there, with the bottles
    y = y0 + 92
    bottles = p.get("bottles") or {}
    regions = p.get("regions") or []
    sq = CARD_SQ
    x = x0 + 12
    for code in REGION_ORDER:
        have = [b for b in bottles.get(code) or [] if isinstance(b, dict)]
        fill = REGION_COLOUR[code] if (have or code in regions) else (250, 248, 242)
        d.rounded_rectangle((x, y, x + sq, y + sq), radius=5, fill=fill, outline=INK,
                            width=2 if have else 1)
        if have:
            text(d, (x + sq / 2, y + sq / 2), str(len(have)), size=16, bold=True, anchor="mm",
                 fill=ink_for(fill))
        x += sq + 4
    hidden = _int(p.get("lost_hidden"))
    if hidden:
        d.ellipse((x, y, x + sq, y + sq), fill=DARK, outline=INK, width=2)
        text(d, (x + sq / 2, y + sq / 2), str(hidden), size=16, bold=True, fill=WHITE, anchor="mm")
        x += sq + 4
    # ingredients: colour and number, on this row when they fit, else on the next
    if not _card_one_row(p, w):
        x, y = x0 + 12, y + sq + 6
    else:
        x += 8
    ingr = p.get("ingredients") or {}
    vals = [str(_int(ingr.get(kind))) for kind in INGR_COLOUR]
    for kind, v in zip(INGR_COLOUR, vals):
        d.rectangle((x, y + 5, x + 16, y + 21), fill=INGR_COLOUR[kind], outline=INK)
        text(d, (x + 20, y + sq / 2), v, size=17, bold=True, anchor="lm")
        x += 26 + text_width(v, 17, True)


CARD_SQ = 24


def _card_one_row(p, width) -> bool:
    """Whether a card's regions, face-down bottles and ingredients share one row."""
    ingr = p.get("ingredients") if isinstance(p.get("ingredients"), dict) else {}
    used = 12 + 6 * (CARD_SQ + 4) + ((CARD_SQ + 4) if _int(p.get("lost_hidden")) else 0) + 8
    used += sum(26 + text_width(str(_int(ingr.get(kind))), 17, True) for kind in INGR_COLOUR)
    return used <= width - 10


def _card_height(cards: list[dict], width: int) -> int:
    return 128 if all(_card_one_row(p, width) for p in cards) else 158


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
    card_h = _card_height([players[s] if isinstance(players.get(s), dict) else {}
                           for s in order], cw)
    top = MARGIN + HEAD_H
    cards_y = top + CROP + GAP
    height = cards_y + rows * (card_h + 10) + MARGIN - 10
    img, d = canvas(WIDTH, height, PAPER)

    # header: game, round, goal; whose turn
    lines = _status_lines(view, tr, WIDTH - 2 * MARGIN - 40, 24)
    title = tr("The Whisky Game") + " · " + lines[0]
    goal = _goal_line(view, tr)
    gw = min(text_width(goal, 18), 430)
    text(d, (MARGIN, MARGIN + 18), fit(title, WIDTH - 2 * MARGIN - gw - 20, 26, True), size=26,
         bold=True, anchor="lm")
    text(d, (WIDTH - MARGIN, MARGIN + 18), fit(goal, 430, 18), size=18, fill=DARK, anchor="rm")
    seat = _acting(view)
    x = MARGIN
    if seat and seat in seats:
        _badge(d, view, seat, (MARGIN + 16, MARGIN + 58), 16)
        x = MARGIN + 42
    if len(lines) > 1:
        text(d, (x, MARGIN + 58), fit(lines[1], WIDTH - MARGIN - x, 24, True), size=24,
             bold=True, anchor="lm", fill=HILITE if not view.get("finished") else INK)

    # the map window
    win = crop_window(view)
    crop, visible = _draw_crop(view, tr, board, numbers, win)
    img.paste(crop, (MARGIN, top))

    # beside it: the question (or the last one), the move menu, the distilleries near by
    x, y, bottom = COL_X, top, top + CROP
    qlines = _question_lines(view, tr, COL_W - 24, compact_=True, badge=32) \
        if isinstance(view.get("question"), dict) or not _move(view) else []
    if qlines:
        open_q = isinstance(view.get("question"), dict)
        h = min(_lines_height(qlines) + 20, CROP - (0 if open_q else 120))
        while qlines and _lines_height(qlines) + 20 > h:
            qlines = qlines[:-1]
        _question_box(d, view, (x, y, x + COL_W, y + h), qlines, open_q)
        y += h + 12
    y = _draw_move_legend(d, view, tr, fields, numbers, x, y, COL_W, bottom - 88)
    dests = {o.get("to") for o in (_move(view) or {}).get("options", []) if isinstance(o, dict)}
    _draw_near_distilleries(d, view, tr, fields, numbers, [f for f in visible if f not in dests],
                            x, y, COL_W, bottom)

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
    card_h = 0
    wrapped = []
    for name, desc in rows:
        lines = wrap(desc, 860, 17)[:3] if desc else []
        wrapped.append((name, lines))
        card_h += 40 + 22 * len(lines)
    height = 190 + card_h + 30
    img, d = canvas(1000, height, PAPER)
    _badge(d, view, seat, (44, 44), 22)
    text(d, (80, 26), fit(tr("{player}: your private view",
                             player=_name(view, seat, 600, 28, True)), 880, 28, True),
         size=28, bold=True)
    total = view.get("points_total", p.get("points_visible", 0))
    text(d, (80, 70), tr(T("{n} point including your face-down bottles",
                           plural="{n} points including your face-down bottles", n=_int(total))),
         size=22, bold=True)
    lost_line = tr("Your lost distillery bottles: {values}",
                   values=" ".join(map(str, lost)) if lost else tr("none"))
    text(d, (80, 104), fit(lost_line, 880, 19), size=19)
    goal = tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr)
    text(d, (80, 134), fit(goal, 880, 17), size=17, fill=MUTED)
    y = 176
    for name, lines in wrapped:
        box_h = 32 + 22 * len(lines)
        rounded(d, (40, y, 960, y + box_h), fill=CARD_BG, radius=10, width=2)
        text(d, (56, y + 6), fit(name, 880, 19, True), size=19, bold=True)
        for k, line in enumerate(lines):
            text(d, (56, y + 32 + 22 * k), line, size=17)
        y += box_h + 8
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
