"""The Whisky Game's images: sizes, colours, names, counted texts and the view's data."""
from __future__ import annotations

from engines.base import T
from render.common import fit, INK, MUTED, PAPER, readable_size, seat_name
from render.shapes import resolve_ref


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


def _map_and_order(view: dict):
    """What both boards start from: the map (board, its fields, the distilleries' numbers),
    the seats, the players and their order of play."""
    board = _board(view)
    fields = _fields(board)
    numbers = _numbering(list(fields.values()))
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or seats) if s in players] or \
        [s for s in seats if s in players]
    return board, fields, numbers, seats, players, order


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


ROW = 27                                         # a line of 18 px text in a list
