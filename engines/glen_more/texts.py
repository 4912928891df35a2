"""Glen More's counted nouns, position words and spot letters (pure; shared by the engine
and the renderer so that both say the same thing the same way).

Every counted noun is one counted message taking its count as ``n`` (each language picks
its own form: Hungarian keeps the singular after a number, Greek has two forms); a list of
amounts is a list of such whole items, never "{n} {what}" with a translated noun."""
from __future__ import annotations

from typing import Mapping

from engines.base import T, Text, letter  # noqa: F401 - letter: re-exported for this game

from . import data as D


def _(message: str) -> str:
    """Marks a message id for the catalog (scripts.catalogs extracts calls to ``_``)."""
    return message


def res_count(res: str, n: int) -> Text:
    """"2 wood", "1 sheep": a resource amount as one counted message."""
    if res == "wood":
        return T("{n} wood", plural="{n} wood", n=n)
    if res == "stone":
        return T("{n} stone", plural="{n} stone", n=n)
    if res == "sheep":
        return T("{n} sheep", plural="{n} sheep", n=n)
    if res == "cattle":
        return T("{n} cattle", plural="{n} cattle", n=n)
    if res == "grain":
        return T("{n} grain", plural="{n} grain", n=n)
    return T("{res}: {count}", res=T(str(res)), count=n)     # never in the game's data


def res_list(counts: Mapping[str, int]) -> list[Text]:
    """[1 wood, 2 stone] in warehouse order: a list of whole counted items."""
    return [res_count(r, counts[r]) for r in D.RESOURCES if counts.get(r, 0) > 0]


def vp(n: int) -> Text:
    return T("{n} VP", plural="{n} VP", n=n)


def coins(n: int) -> Text:
    return T("{n} coin", plural="{n} coins", n=n)


def coin_change(net: int) -> Text:
    """What a trade costs ("-3 coins") or, when the sale brings more, gains ("+1 coin")."""
    return T("-{coins}", coins=coins(net)) if net >= 0 else T("+{coins}", coins=coins(-net))


def movement_points(n: int) -> Text:
    return T("{n} movement point", plural="{n} movement points", n=n)


def whisky_barrels(n: int) -> Text:
    return T("{n} whisky barrel", plural="{n} whisky barrels", n=n)


def clansmen(n: int) -> Text:
    return T("{n} clansman", plural="{n} clansmen", n=n)


def chieftains(n: int) -> Text:
    return T("{n} chieftain", plural="{n} chieftains", n=n)


def tiles(n: int) -> Text:
    return T("{n} tile", plural="{n} tiles", n=n)


def resources(n: int) -> Text:
    return T("{n} resource", plural="{n} resources", n=n)


def different_resources(n: int) -> Text:
    return T("{n} different resource", plural="{n} different resources", n=n)


def tile_name(tid: str) -> Text:
    return T(D.TILES[tid]["name"])


def direction(dx: int, dy: int, tile: Text) -> Text:
    """Where a cell lies seen from a tile (dx east, dy north of it, not both 0), in words."""
    if dx == 0 and dy > 0:
        return T("north of {tile}", tile=tile)
    if dx == 0 and dy < 0:
        return T("south of {tile}", tile=tile)
    if dy == 0 and dx > 0:
        return T("east of {tile}", tile=tile)
    if dy == 0 and dx < 0:
        return T("west of {tile}", tile=tile)
    if dx > 0 and dy > 0:
        return T("north-east of {tile}", tile=tile)
    if dx < 0 and dy > 0:
        return T("north-west of {tile}", tile=tile)
    if dx > 0 and dy < 0:
        return T("south-east of {tile}", tile=tile)
    return T("south-west of {tile}", tile=tile)


# the order in which neighbours are preferred when several are as near (N, S, E, W, ...)
_DIR_ORDER = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]


def where(tiles_at: Mapping[tuple[int, int], str], cell: tuple[int, int]) -> Text:
    """A cell of a territory in words, relative to the nearest other tile ("north of
    Quarry"): orthogonal neighbours first, then a tile whose name is unique in the
    territory, then north, south, east, west, the diagonals. ``tiles_at``: cell -> tile id."""
    x, y = cell
    names: dict[str, int] = {}
    for tid in tiles_at.values():
        nm = D.TILES[tid]["name"]
        names[nm] = names.get(nm, 0) + 1
    best = None
    for (tx, ty), tid in tiles_at.items():
        if (tx, ty) == (x, y):
            continue
        dx, dy = x - tx, y - ty
        d2 = dx * dx + dy * dy
        step = (max(-1, min(1, dx)), max(-1, min(1, dy)))
        key = (d2, names[D.TILES[tid]["name"]] > 1, _DIR_ORDER.index(step) if step in _DIR_ORDER
               else 9, ty, tx)
        if best is None or key < best[0]:
            best = (key, dx, dy, tid)
    if best is None:
        return T("beside your start village")
    _, dx, dy, tid = best
    return direction(dx, dy, tile_name(tid))


def tile_ref(tiles_at: Mapping[tuple[int, int], str], cell: tuple[int, int]) -> Text:
    """A tile of a territory for the log: its name, with its position when another tile of
    the territory has the same name ("Quarry (north of Meadow)")."""
    tid = tiles_at[tuple(cell)]
    nm = D.TILES[tid]["name"]
    if sum(1 for t in tiles_at.values() if D.TILES[t]["name"] == nm) > 1:
        return T("{tile} ({where})", tile=tile_name(tid), where=where(tiles_at, tuple(cell)))
    return tile_name(tid)
