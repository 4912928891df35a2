"""Keyflower images: sizes, colours, styles and the small word helpers every part uses."""
from __future__ import annotations

from dataclasses import dataclass

from engines.keyflower import texts as X
from render.common import clip, INK, language_of, MUTED, PAPER, readable_size, seat_name
from render.shapes import resolve_ref, text_of


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


def _find_tile(view, tid):
    for t in (view.get("auction") or []) + (view.get("turn_order") or []):
        if isinstance(t, dict) and t.get("id") == tid:
            return t
    for p in (view.get("players") or {}).values():
        for t in ((p or {}).get("village") or []) + ((p or {}).get("to_place") or []):
            if isinstance(t, dict) and t.get("id") == tid:
                return t
    return tid


# ----------------------------------------------------------------------------- boards
def _order(view) -> list[str]:
    seats = [s for s in view.get("seats") or [] if isinstance(s, str)]
    players = view.get("players") or {}
    return [s for s in seats if s in players] + [s for s in players if s not in seats]
