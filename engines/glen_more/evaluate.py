"""Glen More: a cheap estimate of each seat's final score (``engine.evaluate``), for the
leaves of the search.

A finished game returns its outcome scores. Otherwise, per seat: the points so far, plus

* the scorings still to come, each valued with the current whisky, chieftain and special
  location values against the lowest seat (the difference table of the board);
* the game-end cards at the current territory (Iona Abbey, Loch Morar, Duart Castle);
* coins (1 VP each at the end) and resource cubes (worth about half a coin);
* the tile penalty at the current tile counts, weighed by how far the game has gone (the
  counts still change a lot early on);
* what the production tiles will still yield, weighed by the share of the game left.

The weights were checked on heuristic-AI games: at the first scoring the seat with the best
estimate goes on to win about half of the games (2 to 5 players), twice as often as the
seat with the most points then, and the winner's estimate beats a loser's in about 2 of 3
pairs.
"""
from __future__ import annotations

from engines.base import State

from . import data as D

CUBE_VP = 0.5
PRODUCTION_VP = 5.0      # a production tile over a whole game
_PROD = {tid for tid, t in D.TILES.items() if t["type"] in D.PRODUCTION}
_TOTAL = sum(D.STACK_SIZES.values())
_COLOUR = {tid: t["colour"] for tid, t in D.TILES.items()}
_VILLAGE = {tid for tid, t in D.TILES.items() if t["type"] in D.VILLAGE_TYPES}
_HATS = {c: v["hats"] for c, v in D.CARDS.items()}
_DVP = D.DIFFERENCE_VP
_DMAX = len(D.DIFFERENCE_VP) - 1


def evaluate(engine, state: State) -> dict[str, float]:
    seats = state["seats"]
    if state["finished"]:
        res = state.get("result")
        if res:
            return {s: float(v) for s, v in res["scores"].items()}
        return {s: float(state["players"][s]["vp"]) for s in seats}
    left = 3 - state["scorings"]
    drawn = _TOTAL - sum(len(pile) for pile in state["stacks"])
    progress = drawn / _TOTAL
    players = state["players"]
    base = {}
    whisky, chief, cards, ntiles = {}, {}, {}, {}
    for s in seats:
        p = players[s]
        tiles = p["tiles"]
        pc = p["cards"]
        cubes = 0
        prod = 0
        for t in tiles:
            cubes += len(t["cubes"])
            if t["id"] in _PROD:
                prod += 1
        v = p["vp"] + p["coins"] + CUBE_VP * cubes + PRODUCTION_VP * (1.0 - progress) * prod
        if pc:
            hats = 0
            for c in pc:
                hats += _HATS[c]
            if "Iona Abbey" in pc:
                v += 2 * sum(1 for t in tiles if _COLOUR[t["id"]] == "yellow")
            if "Loch Morar" in pc:
                v += 2 * sum(1 for t in tiles if _COLOUR[t["id"]] == "green")
            if "Duart Castle" in pc:
                v += 3 * sum(1 for t in tiles if t["id"] in _VILLAGE)
            chief[s] = p["chieftains"] * (2 if "Castle of Mey" in pc else 1) + hats
        else:
            chief[s] = p["chieftains"]
        base[s] = v
        whisky[s] = p["whisky"]
        cards[s] = len(pc)
        ntiles[s] = len(tiles)
    lw = min(whisky.values())
    lc = min(chief.values())
    lk = min(cards.values())
    lt = min(ntiles.values())
    out = {}
    for s in seats:
        v = base[s]
        if left > 0:
            v += left * (_DVP[min(whisky[s] - lw, _DMAX)] + _DVP[min(chief[s] - lc, _DMAX)]
                         + _DVP[min(cards[s] - lk, _DMAX)])
        v -= D.TILE_PENALTY * (ntiles[s] - lt) * progress
        out[s] = float(v)
    return out
