"""Glen More: constants and plain helpers on a player's display and on the warehouse
(shared by every part of the engine and by the AI)."""
from __future__ import annotations

from typing import Mapping

from . import data as D
from .texts import _

RES = D.RESOURCES
N_SPACES = D.RONDEL_SPACES
MAX_LEGAL = 25
DIRS8 = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

SCORING_CATEGORIES = ("whisky", "chieftains", "special locations")


# Score categories of the three scorings (English message ids), by scoring and category.
SCORING_PARTS = {
    1: {"whisky": _("Scoring 1: whisky"), "chieftains": _("Scoring 1: chieftains"),
        "special locations": _("Scoring 1: special locations")},
    2: {"whisky": _("Scoring 2: whisky"), "chieftains": _("Scoring 2: chieftains"),
        "special locations": _("Scoring 2: special locations")},
    3: {"whisky": _("Scoring 3: whisky"), "chieftains": _("Scoring 3: chieftains"),
        "special locations": _("Scoring 3: special locations")},
}
# Every score category, in the order of the Outcome breakdown.
PARTS = ([_("Fairs"), _("Butchers"), _("Grocer"), _("Bridge"), _("Taverns")]
         + [SCORING_PARTS[k][c] for k in (1, 2, 3) for c in SCORING_CATEGORIES]
         + [_("Iona Abbey"), _("Loch Morar"), _("Duart Castle"), _("Coins"), _("Tile penalty")])


def cells_of(p: dict) -> dict[tuple[int, int], str]:
    """A territory as cell -> tile id (for position words)."""
    return {(t["x"], t["y"]): t["id"] for t in p["tiles"]}


# --------------------------------------------------------------------------------------
# player helpers (plain functions on the player dict)

def grid(p: dict) -> dict[tuple[int, int], dict]:
    return {(t["x"], t["y"]): t for t in p["tiles"]}


def held(p: dict) -> dict[str, int]:
    out = {r: 0 for r in RES}
    for t in p["tiles"]:
        for c in t["cubes"]:
            out[c] += 1
    return out


def clansmen(p: dict) -> int:
    return sum(t["men"] for t in p["tiles"])


def hats(p: dict) -> int:
    return sum(D.CARDS[c]["hats"] for c in p["cards"])


def chieftain_value(p: dict) -> int:
    mult = 2 if "Castle of Mey" in p["cards"] else 1
    return p["chieftains"] * mult + hats(p)


def take_cube(p: dict, r: str) -> dict:
    """Remove one cube of r from the display: from the tile holding the most cubes (ties:
    the tile placed first). Returns the tile."""
    best = None
    for t in p["tiles"]:
        if r in t["cubes"] and (best is None or len(t["cubes"]) > len(best["cubes"])):
            best = t
    assert best is not None
    best["cubes"].remove(r)
    return best


def add_cube(t: dict, r: str) -> bool:
    if len(t["cubes"]) >= D.TILE_CUBE_CAP:
        return False
    t["cubes"].append(r)
    t["cubes"].sort(key=RES.index)
    return True


def tile_type(t: dict) -> str:
    return D.TILES[t["id"]]["type"]


# --------------------------------------------------------------------------------------
# market helpers

def buy_price(f: int) -> int | None:
    return D.WAREHOUSE_VALUES[f] if f < len(D.WAREHOUSE_VALUES) else None


def sell_price(f: int) -> int | None:
    return D.WAREHOUSE_VALUES[f - 1] if f > 0 else None


def plan_payment(p: dict, market: Mapping[str, int], cost: Mapping[str, int],
                 allow_sell: bool = True) -> dict | None:
    """Cheapest way to pay a resource cost: own cubes first, buy the deficit, and (for a
    tile cost) sell surplus cubes, best price first, when coins are short. None if
    impossible. Exact because the warehouse rows are independent (rules §6)."""
    h = held(p)
    buy: dict[str, int] = {}
    price = 0
    for r in RES:
        need = cost.get(r, 0)
        d = max(0, need - h[r])
        if d:
            f = market[r]
            if f + d > len(D.WAREHOUSE_VALUES):
                return None
            price += sum(D.WAREHOUSE_VALUES[f + k] for k in range(d))
            buy[r] = d
    sell: dict[str, int] = {}
    proceeds = 0
    if p["coins"] < price:
        if not allow_sell:
            return None
        fill = dict(market)
        surplus = {r: h[r] - min(h[r], cost.get(r, 0)) for r in RES if r not in buy}
        while p["coins"] + proceeds < price:
            cands = [r for r in surplus if surplus[r] > 0 and fill[r] > 0]
            if not cands:
                return None
            r = max(cands, key=lambda x: (fill[x], -RES.index(x)))
            proceeds += sell_price(fill[r])
            fill[r] -= 1
            surplus[r] -= 1
            sell[r] = sell.get(r, 0) + 1
    use = {r: min(h[r], cost.get(r, 0)) for r in RES if min(h[r], cost.get(r, 0)) > 0}
    return {"buy": buy, "sell": sell, "price": price, "proceeds": proceeds, "use": use}
