"""The Farmers' fields (rules sections 10.2 and 11.2-11.3).

Every tile side splits its 12 edge slots (edge i holds slots 2i, 2i+1, clockwise) into regions.
A field is a connected set of (tile, region) nodes: regions of neighbouring tiles join across a
shared edge unless either side of it is water. Nodes are written "tid:index".
"""
from __future__ import annotations

from functools import lru_cache

from . import data
from .hexes import edges_of, grid, key, neighbour


@lru_cache(maxsize=None)
def regions_printed(tid: str) -> list[list[int]]:
    """Regions in printed (unrotated) slot numbers, from the generators of section 11.2.
    Cached: callers must not modify the result."""
    t = data.TILES[tid]
    e = t["edges"]
    if "regions" in t:
        return t["regions"]
    if t["season"] == "home":
        w = e.index("W")
        m = lambda *xs: sorted(x % 12 for x in xs)  # noqa: E731
        return [m(2 * w - 1, 2 * w, 2 * w + 1, 2 * w + 2), m(2 * w + 3, 2 * w + 4),
                m(2 * w + 5, 2 * w + 6, 2 * w + 7, 2 * w + 8), m(2 * w + 9, 2 * w + 10)]
    if e.count("W") == 2:
        w = e.index("W")
        a = sorted(s % 12 for s in range(2 * w + 1, 2 * (w + 3) + 1))
        return [a, sorted(set(range(12)) - set(a))]
    roads = [i for i, c in enumerate(e) if c == "R"]
    if len(roads) <= 1:
        return [list(range(12))]
    out = []
    for m, r0 in enumerate(roads):
        r1 = roads[(m + 1) % len(roads)]
        start, end = 2 * r0 + 1, 2 * r1
        if end < start:
            end += 12
        out.append(sorted(s % 12 for s in range(start, end + 1)))
    return out


@lru_cache(maxsize=None)
def slot_region(tid: str, rot: int) -> list[int]:
    """World slot -> region index for a tile placed with rotation rot."""
    out = [0] * 12
    for idx, reg in enumerate(regions_printed(tid)):
        for s in reg:
            out[(s + 2 * rot) % 12] = idx
    return out


@lru_cache(maxsize=None)
def nodes_of(tid: str) -> list[str]:
    return [f"{tid}:{i}" for i in range(len(regions_printed(tid)))]


_MEMO: dict = {}


def compute(village: dict) -> dict[str, str]:
    """node -> field id (the smallest node name of its field). Memoised on the tiles'
    places (a pure function of them; the search meets the same villages again and again);
    each caller gets its own dict."""
    k = tuple((tid, v["pos"][0], v["pos"][1], v["rot"]) for tid, v in village.items())
    got = _MEMO.get(k)
    if got is None:
        if len(_MEMO) > 20000:
            _MEMO.clear()
        got = _MEMO[k] = _compute(village)
    return dict(got)


def _compute(village: dict) -> dict[str, str]:
    parent: dict[str, str] = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            if rb < ra:
                ra, rb = rb, ra
            parent[rb] = ra

    for tid in village:
        for n in nodes_of(tid):
            parent[n] = n
    g = grid(village)
    for tid, v in village.items():
        q, r = v["pos"]
        mine_e = edges_of(tid, v["rot"])
        mine_s = slot_region(tid, v["rot"])
        for d in range(3):  # each shared edge once: directions 0,1,2 and their opposites
            nk = key(*neighbour(q, r, d))
            if nk not in g:
                continue
            other = g[nk]
            ov = village[other]
            j = (d + 3) % 6
            if mine_e[d] == "W" or edges_of(other, ov["rot"])[j] == "W":
                continue
            os_ = slot_region(other, ov["rot"])
            union(f"{tid}:{mine_s[2 * d]}", f"{other}:{os_[2 * j + 1]}")
            union(f"{tid}:{mine_s[2 * d + 1]}", f"{other}:{os_[2 * j]}")
    return {n: find(n) for n in parent}


def groups(fmap: dict[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for n, f in fmap.items():
        out.setdefault(f, []).append(n)
    for v in out.values():
        v.sort()
    return out


def touching(fmap: dict[str, str], tid: str) -> list[str]:
    """Field ids touching a tile."""
    return sorted({fmap[n] for n in nodes_of(tid)})


def contents(fmap: dict[str, str], animals: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """field id -> species counts (animals: node -> {species: n})."""
    out = {f: {a: 0 for a in data.ANIMALS} for f in set(fmap.values())}
    for n, c in animals.items():
        if n in fmap:
            for a, k in c.items():
                out[fmap[n]][a] += k
    return out


def adjacency(fmap: dict[str, str], village: dict) -> dict[str, set[str]]:
    """Fields F != G are adjacent when one tile holds regions of both (section 10.4)."""
    adj = {f: set() for f in set(fmap.values())}
    for tid in village:
        fs = touching(fmap, tid)
        for a in fs:
            for b in fs:
                if a != b:
                    adj[a].add(b)
    return adj


def field_distances(adj: dict[str, set[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for x in frontier:
            for y in sorted(adj[x]):
                if y not in dist:
                    dist[y] = dist[x] + 1
                    nxt.append(y)
        frontier = nxt
    return dist


def accepts(content: dict[str, int], species: str, mixed_ok: bool) -> bool:
    """May an animal of this species stop in a field with this content (section 10.3)?"""
    if mixed_ok:
        return True
    return all(k == 0 for a, k in content.items() if a != species)


def tiles_in_field(fmap: dict[str, str], field: str) -> int:
    return len({n.split(":")[0] for n, f in fmap.items() if f == field})
