"""Glen More: a cheap estimate of each seat's final score (``engine.evaluate``), for the
leaves of the search.

A finished game returns its outcome scores. Otherwise each seat's estimate is a weighted sum,
per stage of the game, of features of its position (``features``): its points and coins
(weight 1: both count as they are at the end), resource cubes, production tiles, the
end-game cards at the current territory (Iona Abbey, Loch Morar, Duart Castle), whisky
barrels, chieftain value and special locations both raw and as the VP the next scoring would
give them against the lowest seat, the tile count and the tiles above the smallest display
(the end-game penalty), clansmen, distilleries, taverns, fairs/butchers/grocers, and the
spaces by which the seat's pawn is behind the leading pawn in the chain (the seat furthest
behind moves next: a skipped space is a turn given away).

The stages are: the first 20 tiles drawn, the rest of the time before scoring 1, before
scoring 2 and before scoring 3. The weights (``_W``) are a bounded least-squares fit, per
stage, of the differences between the seats' final scores on the differences between their
features, over about 230,000 position pairs (the start of every turn) of 1,600 two-player,
400 three- and 400 four-player games of the heuristic AI with 10% random moves (Dec 2026),
with a light ridge and the weights of points, coins and (later) the end-game cards fixed at
1. Only the estimate's differences between seats matter to the search. On 400 held-out
two-player games the seat the estimate puts ahead finishes ahead in 58% / 66% / 74% / 86%
of the positions of the four stages, the former hand-set estimate in 42% / 63% / 71% / 85%
(it ignored the chain position and valued the coming scorings at face value, which early on
ranks seats no better than chance).
"""
from __future__ import annotations

from engines.base import State

from . import data as D

_PROD = {tid for tid, t in D.TILES.items() if t["type"] in D.PRODUCTION}
_TOTAL = sum(D.STACK_SIZES.values())
_COLOUR = {tid: t["colour"] for tid, t in D.TILES.items()}
_VILLAGE = {tid for tid, t in D.TILES.items() if t["type"] in D.VILLAGE_TYPES}
_DISTILLERY = {tid for tid, t in D.TILES.items() if t["type"] == "distillery"}
_TAVERN = {tid for tid, t in D.TILES.items() if t["type"] == "tavern"}
_MARKET = {tid for tid, t in D.TILES.items()
           if t["type"] in ("fair", "grocer") or t["type"].startswith("butcher")}
_HATS = {c: v["hats"] for c, v in D.CARDS.items()}
_DVP = D.DIFFERENCE_VP
_DMAX = len(D.DIFFERENCE_VP) - 1
EARLY = 20               # tiles drawn: the end of the first stage

FEATURES = ("vp", "coins", "cubes", "prod", "endc", "whisky", "chief", "cards", "tiles", "men",
            "distil", "tavern", "market", "dwhisky", "dchief", "dcards", "extra", "behind")

# weights per stage (0: first 20 tiles, 1: before scoring 1, 2: before scoring 2, 3: before
# scoring 3), in FEATURES order; "extra" is minus the tiles above the smallest display
_W = (
    (1.0, 1.0, 0.36, 1.77, 1.0, 1.64, 0.69, 1.94, 0.21, 0.0, 0.80, 0.0, 0.0,
     1.64, 0.69, 1.94, 0.0, 0.75),
    (1.0, 1.0, 0.46, 2.96, 1.0, 2.99, 0.63, 1.40, -1.23, 1.66, 0.81, 0.0, 0.0,
     0.68, 1.74, 1.52, 1.23, 0.61),
    (1.0, 1.0, 0.50, 1.83, 1.0, 2.02, 0.88, 1.34, -1.34, 1.68, 1.16, 2.58, 0.0,
     0.22, 0.84, 0.79, 1.34, 0.63),
    (1.0, 1.0, 0.26, 0.41, 1.0, 0.28, 0.0, 1.14, -1.43, 0.54, 0.47, 1.42, 0.13,
     0.58, 0.72, 0.52, 1.43, 0.50),
)


def stage(state: State) -> int:
    k = state["scorings"]
    if k == 0:
        drawn = _TOTAL - sum(len(pile) for pile in state["stacks"])
        return 0 if drawn < EARLY else 1
    return min(k + 1, 3)


def _pawns(engine, state: State) -> dict[str, int]:
    """Each seat's pawn's place in the chain (0: the tail, the next to move)."""
    out = {}
    spaces = state["spaces"]
    for i, sp in enumerate(engine.chain(state)):
        sv = spaces[sp]
        if sv and "pawn" in sv:
            out[sv["pawn"]] = i
    return out


def features(engine, state: State) -> dict[str, list[float]]:
    """Each seat's features, in ``FEATURES`` order."""
    seats = state["seats"]
    players = state["players"]
    raw = {}
    for s in seats:
        p = players[s]
        tiles = p["tiles"]
        pc = p["cards"]
        cubes = prod = distil = tavern = market = 0
        for t in tiles:
            tid = t["id"]
            cubes += len(t["cubes"])
            if tid in _PROD:
                prod += 1
            elif tid in _DISTILLERY:
                distil += 1
            elif tid in _TAVERN:
                tavern += 1
            elif tid in _MARKET:
                market += 1
        endc = 0
        chief = p["chieftains"]
        if pc:
            if "Iona Abbey" in pc:
                endc += 2 * sum(1 for t in tiles if _COLOUR[t["id"]] == "yellow")
            if "Loch Morar" in pc:
                endc += 2 * sum(1 for t in tiles if _COLOUR[t["id"]] == "green")
            if "Duart Castle" in pc:
                endc += 3 * sum(1 for t in tiles if t["id"] in _VILLAGE)
            chief = chief * (2 if "Castle of Mey" in pc else 1) + sum(_HATS[c] for c in pc)
        raw[s] = (p["vp"], p["coins"], cubes, prod, endc, p["whisky"], chief, len(pc), len(tiles),
                  sum(t["men"] for t in tiles), distil, tavern, market)
    lw = min(r[5] for r in raw.values())
    lc = min(r[6] for r in raw.values())
    lk = min(r[7] for r in raw.values())
    lt = min(r[8] for r in raw.values())
    pawns = _pawns(engine, state)
    lead = max(pawns.values()) if pawns else 0
    out = {}
    for s in seats:
        r = raw[s]
        out[s] = list(r) + [_DVP[min(r[5] - lw, _DMAX)], _DVP[min(r[6] - lc, _DMAX)],
                            _DVP[min(r[7] - lk, _DMAX)], lt - r[8], lead - pawns.get(s, lead)]
    return out


def evaluate(engine, state: State) -> dict[str, float]:
    seats = state["seats"]
    if state["finished"]:
        res = state.get("result")
        if res:
            return {s: float(v) for s, v in res["scores"].items()}
        return {s: float(state["players"][s]["vp"]) for s in seats}
    w = _W[stage(state)]
    return {s: float(sum(a * b for a, b in zip(w, f))) for s, f in features(engine, state).items()}
