"""Village geometry (rules section 11): axial hex coordinates, flat-top hexes.

Edge i of a hex faces neighbour direction DIRS[i]: 0 north, 1 north-east, 2 south-east,
3 south, 4 south-west, 5 north-west (clockwise). A tile rotated by r puts its printed edge i at
position (i + r) % 6. Edge types: "R" road, "P" plain, "W" water.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from . import data

DIRS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def unkey(k: str) -> tuple[int, int]:
    a, b = k.split(",")
    return int(a), int(b)


def neighbour(q: int, r: int, d: int) -> tuple[int, int]:
    dq, dr = DIRS[d]
    return q + dq, r + dr


@lru_cache(maxsize=None)
def edges_of(tid: str, rot: int) -> tuple:
    """World edge types of a tile placed with rotation rot (cached, a tuple)."""
    printed = data.TILES[tid]["edges"]
    out = [""] * 6
    for i in range(6):
        out[(i + rot) % 6] = printed[i]
    return tuple(out)


@lru_cache(maxsize=None)
def is_boat(tid: str) -> bool:
    t = data.TILES[tid]
    return t["season"] == "boat" or bool(t.get("summer_boat"))


def edges_match(a: str, b: str, a_boat: bool, b_boat: bool) -> bool:
    if a == b:
        return True
    # A boat's water edge may face a plain edge (never a road), section 15 item 11.
    if a == "W" and a_boat and b == "P":
        return True
    if b == "W" and b_boat and a == "P":
        return True
    return False


def grid(village: dict) -> dict[str, str]:
    """village: tid -> {"pos": [q, r], "rot": r}; returns "q,r" -> tid."""
    return {key(*v["pos"]): tid for tid, v in village.items()}


def legal_rotations(village: dict, tid: str, q: int, r: int, ignore_edges: bool = False,
                    g: dict | None = None) -> list[int]:
    """The rotations of tid that fit at (q, r) (g: grid(village), when the caller has it)."""
    if g is None:
        g = grid(village)
    if f"{q},{r}" in g:
        return []
    neigh = []
    for d in range(6):
        dq, dr = DIRS[d]
        other = g.get(f"{q + dq},{r + dr}")
        if other is not None:
            neigh.append((d, edges_of(other, village[other]["rot"])[(d + 3) % 6], is_boat(other)))
    if not neigh:
        return []
    if ignore_edges:
        return list(range(6))
    mine_boat = is_boat(tid)
    out = []
    for rot in range(6):
        mine = edges_of(tid, rot)
        for d, theirs, other_boat in neigh:
            a = mine[d]
            if a != theirs and not edges_match(a, theirs, mine_boat, other_boat):
                break
        else:
            out.append(rot)
    return out


def frontier(village: dict, g: dict | None = None) -> list[tuple[int, int]]:
    if g is None:
        g = grid(village)
    seen, out = set(), []
    for k in sorted(g, key=lambda s: unkey(s)):
        q, r = unkey(k)
        for d in range(6):
            n = neighbour(q, r, d)
            nk = key(*n)
            if nk not in g and nk not in seen:
                seen.add(nk)
                out.append(n)
    out.sort()
    return out


def placements(village: dict, tid: str, ignore_edges: bool = False) -> dict[str, list[int]]:
    """Every empty hex where the tile fits, with its legal rotations. Falls back to any
    rotation at any frontier hex when nothing fits (section 15 item 18)."""
    out = {}
    g = grid(village)
    front = frontier(village, g)
    for q, r in front:
        rots = legal_rotations(village, tid, q, r, ignore_edges, g)
        if rots:
            out[key(q, r)] = rots
    if not out:
        for q, r in front:
            out[key(q, r)] = list(range(6))
    return out


def road_graph(village: dict, plain_too: bool = False) -> dict[str, list[str]]:
    """tid -> list of tids joined by a road (both facing edges roads); with plain_too (boat 2a)
    also across any pair of non-water facing edges."""
    g = grid(village)
    adj: dict[str, list[str]] = {tid: [] for tid in village}
    for tid, v in village.items():
        q, r = v["pos"]
        mine = edges_of(tid, v["rot"])
        for d in range(6):
            nk = key(*neighbour(q, r, d))
            if nk not in g:
                continue
            other = g[nk]
            theirs = edges_of(other, village[other]["rot"])[(d + 3) % 6]
            a, b = mine[d], theirs
            if a == "R" and b == "R":
                adj[tid].append(other)
            elif plain_too and "W" not in (a, b):
                adj[tid].append(other)
    return adj


def distances(adj: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    dq = deque([start])
    while dq:
        x = dq.popleft()
        for y in adj[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                dq.append(y)
    return dist


def adjacent_tiles(village: dict, tid: str) -> list[str]:
    g = grid(village)
    q, r = village[tid]["pos"]
    out = []
    for d in range(6):
        nk = key(*neighbour(q, r, d))
        if nk in g:
            out.append(g[nk])
    return out


def longest_road_loop(village: dict, budget: int = 200000) -> int:
    """Sea Bastion: the most distinct tiles on one closed route along road connections that
    never reuses a connection (section 11.4). Searched exhaustively within a step budget."""
    adj = road_graph(village)
    edges = set()
    for a, ns in adj.items():
        for b in ns:
            edges.add(tuple(sorted((a, b))))
    # Only tiles in a 2-edge-connected part can be on a loop: prune degree-1 chains.
    deg = {t: len(ns) for t, ns in adj.items()}
    alive = set(adj)
    changed = True
    while changed:
        changed = False
        for t in list(alive):
            if deg[t] < 2:
                alive.discard(t)
                for n in adj[t]:
                    if n in alive:
                        deg[n] -= 1
                changed = True
    if not alive:
        return 0
    best = 0
    steps = [0]

    def dfs(start, node, used, visited_count, visited):
        nonlocal best
        steps[0] += 1
        if steps[0] > budget:
            return
        for n in adj[node]:
            if n not in alive:
                continue
            e = (node, n) if node < n else (n, node)
            if e in used:
                continue
            if n == start:
                best = max(best, visited_count)
                continue
            used.add(e)
            new = n not in visited
            if new:
                visited[n] = 1
            else:
                visited[n] += 1
            dfs(start, n, used, visited_count + (1 if new else 0), visited)
            if new:
                del visited[n]
            else:
                visited[n] -= 1
            used.discard(e)

    for s in sorted(alive):
        dfs(s, s, set(), 1, {s: 1})
        if best == len(alive) or steps[0] > budget:
            break
    return best


def river_chain(village: dict, home: str) -> int:
    """Sea Breese: tiles chained by water, walking straight out of the home tile's water edge."""
    g = grid(village)
    hv = village[home]
    he = edges_of(home, hv["rot"])
    if "W" not in he:
        return 0
    d = he.index("W")
    q, r = hv["pos"]
    count = 0
    while True:
        q, r = neighbour(q, r, d)
        nk = key(q, r)
        if nk not in g:
            break
        t = g[nk]
        te = edges_of(t, village[t]["rot"])
        if te[(d + 3) % 6] != "W":
            break
        count += 1
        if te[d] != "W":
            break
    return count
