"""The final-scoring allocation (rules section 8, step 5 and the purple marker), solved exactly.

The rules let each player allocate the free pool (workers, skills, resources not lying on the
autumn scoring tiles, wheat) and the purple marker to the scoring tiles as they wish. This module
finds the best allocation and scores a given one. It is pure: it reads a `Position`, never the
game state (`position()` builds one from the state).

How the optimum is found exactly, fast (no greedy step, no state limit):

* Workers never share a tile with anything else. For every number of Craftsman's-guild sets and
  every Village-hall colour, each remaining worker has a value on its own (Key market 2 for a
  green, Village hall / White Wind 1, else 0), and the Apothecary takes its sets of 5 from the
  cheapest workers; every number of Apothecary sets is tried.
* Skills meet resources and wheat only at the Bakery. For every number b of Bakery sets, the best
  skill score without b skills is exact: for every number of Scribes sets and every Scholar type,
  the Key guild and the Bakery take the skills the Scholar does not score first.
* Resources (and wheat with boat 5b, which makes wheat a wild resource and any resource a wheat):
  for every Watermill type t and every number m of Mercer's-guild sets, the cheapest way to use
  N items for the Mercer's guild, the Windmill and the Bakery / Granary is computed in closed
  form (gold, and wheat with 5b, are wild in a Mercer set; a resource type gives a set at most
  one item). Every N and every number of Windmill sets is tried. With boat 3b every resource
  counts as any other, so only the number of items matters.
* The purple marker is tried as every declaration the rules allow, and a Weaver owner's held-back
  shelter sheep both ways. The first best in a fixed order wins (deterministic).

`best_allocation(pos)` and `score_allocation(pos, alloc)` always agree on the total; the tests
compare both with a brute force over every item on small positions.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import data, fields
from .scoring import village_points
from .data import ANIMALS, COLOURS, RESOURCES, SKILLS, TILES

WORKER_TILES = ("craftsmans_guild", "key_market", "village_hall", "white_wind", "apothecary")
SKILL_TILES = ("scribes", "scholar", "key_guild")
RES_TILES = ("mercers_guild", "windmill", "watermill", "jeweller")
WHEAT_TILES = ("bakery", "granary")
POOL_TILES = WORKER_TILES + SKILL_TILES + RES_TILES + WHEAT_TILES
NON_GOLD = ("wood", "stone", "iron")
WHEAT = "wheat"
KINDS = COLOURS + SKILLS + RESOURCES + (WHEAT,)
SCORE_TILES = ("barn", "blacksmith", "stone_yard", "timber_yard")
CATEGORIES = ("Scoring tiles", "Sheep shelter", "Fields", "Tile points", "Winter tiles", "Boats",
              "Turn-order tiles", "Gold")


@dataclass
class Position:
    """One player's final position, as far as the allocation needs it.

    workers / skills / resources / wheat: the free pool (resources lying on the autumn scoring
    tiles are not in it). tiles: the owned pool tiles (POOL_TILES; White Wind when the boat is
    owned). score_tiles: owned autumn scoring tiles -> VP per item (the purple marker may go
    there). fields: field id -> species present. field_vp: VP per species and field.
    shelter_*: the Sheep shelter (sheep on it, VP each, its field); weaver: a sheep may be held
    back. fixed: the points no choice changes, by breakdown category."""
    workers: dict = field(default_factory=lambda: {c: 0 for c in COLOURS})
    skills: dict = field(default_factory=lambda: {s: 0 for s in SKILLS})
    resources: dict = field(default_factory=lambda: {r: 0 for r in RESOURCES})
    wheat: int = 0
    tiles: frozenset = frozenset()
    boat3b: bool = False
    boat5b: bool = False
    purple: bool = False
    farmers: bool = True
    score_tiles: dict = field(default_factory=dict)
    fields: dict = field(default_factory=dict)
    field_vp: dict = field(default_factory=lambda: {"sheep": 1, "pig": 2, "cow": 3})
    shelter_sheep: int = 0
    shelter_vp: int = 0
    shelter_field: str | None = None
    weaver: bool = False
    fixed: dict = field(default_factory=dict)

    def purple_options(self) -> list:
        """Every declaration of the purple marker the rules allow, None (unused) first."""
        if not self.purple:
            return [None]
        out = [None] + [("worker", c) for c in COLOURS] + [("skill", s) for s in SKILLS]
        out += [("res", r) for r in RESOURCES] + [("tile", t) for t in SCORE_TILES if t in self.score_tiles]
        if self.farmers:
            out.append(("wheat",))
            out += [("animal", a, f) for f in sorted(self.fields) for a in ANIMALS]
        return out

    def hold_options(self) -> list:
        can = self.weaver and self.shelter_sheep > 0 and self.shelter_field is not None
        return [False, True] if can else [False]


# ---------------------------------------------------------------- building a Position
def position(engine, st, seat) -> Position:
    """The Position of `seat` at the end of the game (read-only on the state)."""
    vil = engine.village(st, seat)
    owned = set(vil)
    p = st["players"][seat]
    fmap, cont = engine.field_contents(st, seat)
    faces = engine.faces(st, seat)
    b3 = "3b" in faces
    fixed = {c: 0 for c in CATEGORIES}
    pool = {r: 0 for r in RESOURCES}
    for tid, t in vil.items():
        for r in RESOURCES:
            pool[r] += t["res"][r]
    score_tiles = {}
    for tid in SCORE_TILES:
        if tid in vil:
            rule = engine.side(st, tid)["score_on_tile"]
            n = 0
            for r in RESOURCES:
                if b3 or r in rule["accepts"]:
                    n += vil[tid]["res"][r]
                    pool[r] -= vil[tid]["res"][r]
            fixed["Scoring tiles"] += n * rule["vp"]
            score_tiles[tid] = rule["vp"]
    fvp = dict(data.FIELD_VP)
    for tid in owned:
        fvp.update(TILES[tid].get("field_vp", {}))
    for tid in vil:
        fixed["Tile points"] += engine.side(st, tid).get("vp", 0) or 0
    if "keythedral" in owned:
        fixed["Winter tiles"] += 12
    if "hillside" in owned:
        fixed["Winter tiles"] += fields.tiles_in_field(fmap, fmap["hillside:0"])
    for k, v in village_points(engine, st, seat, vil).items():
        fixed[k] += v
    shelter = "sheep_shelter" in vil
    return Position(
        workers=dict(p["workers"]), skills=dict(p["skills"]), resources=pool, wheat=p["wheat"],
        tiles=frozenset(t for t in owned if t in POOL_TILES), boat3b=b3, boat5b="5b" in faces,
        purple=st["seats"][st["start"]] == seat, farmers=bool(st["opts"]["farmers"]),
        score_tiles=score_tiles,
        fields={f: frozenset(a for a in ANIMALS if c[a] > 0) for f, c in cont.items()},
        field_vp=fvp, shelter_sheep=st["tiles"]["sheep_shelter"]["shelter"] if shelter else 0,
        shelter_vp=engine.side(st, "sheep_shelter")["shelter_vp"] if shelter else 0,
        shelter_field=fmap.get("sheep_shelter:0") if shelter else None,
        weaver="weaver" in owned, fixed=fixed)


# ---------------------------------------------------------------- scoring a given allocation
class AllocationError(ValueError):
    """The allocation uses items the player does not have, or puts them where they cannot go."""


def _allowed(tile, b3, b5):
    if tile in ("apothecary", "white_wind", "village_hall"):
        return set(COLOURS)
    if tile == "craftsmans_guild":
        return {"blue", "red", "yellow"}
    if tile == "key_market":
        return {"green"}
    if tile in SKILL_TILES:
        return set(SKILLS)
    if tile == "bakery":
        return set(SKILLS) | set(RESOURCES) | {WHEAT}
    if tile == "granary":
        return {WHEAT} | (set(RESOURCES) if b5 else set())
    if tile == "jeweller":
        return (set(RESOURCES) if b3 else {"gold"}) | ({WHEAT} if b5 else set())
    return set(RESOURCES) | ({WHEAT} if b5 else set())   # mercer, windmill, watermill


def mercer_sets(c: dict, b3: bool, b5: bool) -> int:
    """Most Mercer's-guild sets from the items c (3 different resources; gold, and wheat with
    5b, replace any; with 3b any resource counts as any other)."""
    n = sum(c.values())
    if b3:
        return n // 3
    wild = c.get("gold", 0) + (c.get(WHEAT, 0) if b5 else 0)
    m = n // 3
    while m and sum(min(c.get(r, 0), m) for r in NON_GOLD) + wild < 3 * m:
        m -= 1
    return m


def tile_vp(tile: str, c: dict, b3: bool = False, b5: bool = False) -> int:
    """VP of one pool tile holding the items c (kind -> n)."""
    n = sum(c.values())
    g = c.get
    if tile == "apothecary":
        return 3 * (n // 5)
    if tile == "white_wind":
        return n
    if tile == "village_hall":
        return max([g(x, 0) for x in COLOURS])
    if tile == "craftsmans_guild":
        return 3 * min(g("blue", 0), g("red", 0), g("yellow", 0))
    if tile == "key_market":
        return 2 * g("green", 0)
    if tile == "key_guild":
        return 10 * (n // 5)
    if tile == "scholar":
        return 3 * max(g(s, 0) for s in SKILLS)
    if tile == "scribes":
        return 10 * min(g(s, 0) for s in SKILLS)
    if tile == "bakery":
        sk = sum(g(s, 0) for s in SKILLS)
        res = sum(g(r, 0) for r in RESOURCES)
        if b5:
            return 4 * min(sk, (res + g(WHEAT, 0)) // 2)
        return 4 * min(sk, res, g(WHEAT, 0))
    if tile == "granary":
        return 3 * (n // 2)
    if tile == "mercers_guild":
        return 5 * mercer_sets(c, b3, b5)
    if tile == "windmill":
        return 5 * (n // 5)
    if tile == "watermill":
        if b3:
            return n
        return max(g(r, 0) + (g(WHEAT, 0) if b5 else 0) for r in RESOURCES)
    if tile == "jeweller":
        return 2 * n
    raise AllocationError(f"not a pool tile: {tile}")


def _pool_items(pos: Position, decl) -> dict:
    have = {**{c: pos.workers.get(c, 0) for c in COLOURS}, **{s: pos.skills.get(s, 0) for s in SKILLS},
            **{r: pos.resources.get(r, 0) for r in RESOURCES}, WHEAT: pos.wheat}
    if decl and decl[0] in ("worker", "skill", "res"):
        have[decl[1]] += 1
    elif decl and decl[0] == "wheat":
        have[WHEAT] += 1
    return have


def score_allocation(pos: Position, alloc: dict) -> dict:
    """Score an allocation {"purple": declaration or None, "weaver_hold": bool,
    "tiles": {pool tile: {kind: n}}}. Items left out of "tiles" score only as gold (a gold; any
    resource with boat 3b; a wheat with boat 5b: 1 VP each). Raises AllocationError when the
    allocation is not allowed. Returns {"total", "breakdown" (fixed points included),
    "tiles": {tile: VP}}."""
    decl = alloc.get("purple")
    decl = tuple(decl) if decl else None
    if decl not in [d if d is None else tuple(d) for d in pos.purple_options()]:
        raise AllocationError(f"purple marker cannot be declared as {decl}")
    hold = bool(alloc.get("weaver_hold"))
    if hold not in pos.hold_options():
        raise AllocationError("no shelter sheep can be held back")
    have = _pool_items(pos, decl)
    used = {k: 0 for k in KINDS}
    per_tile = {}
    bd = {c: pos.fixed.get(c, 0) for c in CATEGORIES}
    for tile, items in sorted((alloc.get("tiles") or {}).items()):
        if tile not in pos.tiles:
            raise AllocationError(f"tile not owned: {tile}")
        ok = _allowed(tile, pos.boat3b, pos.boat5b)
        for k, n in items.items():
            if n < 0 or (n and k not in ok):
                raise AllocationError(f"{k} cannot go on {tile}")
            used[k] += n
        per_tile[tile] = tile_vp(tile, items, pos.boat3b, pos.boat5b)
        bd["Winter tiles"] += per_tile[tile]
    for k in KINDS:
        if used[k] > have[k]:
            raise AllocationError(f"not enough {k}")
    left = {k: have[k] - used[k] for k in KINDS}
    bd["Gold"] += left["gold"] + (sum(left[r] for r in NON_GOLD) if pos.boat3b else 0) \
        + (left[WHEAT] if pos.boat5b else 0)
    if decl and decl[0] == "tile":
        bd["Scoring tiles"] += pos.score_tiles[decl[1]]
    bd["Sheep shelter"] += (pos.shelter_sheep - hold) * pos.shelter_vp
    for f, present in pos.fields.items():
        pr = set(present)
        if hold and f == pos.shelter_field:
            pr.add("sheep")
        if decl and decl[0] == "animal" and decl[2] == f:
            pr.add(decl[1])
        bd["Fields"] += sum(pos.field_vp[a] for a in pr)
    return {"total": sum(bd.values()), "breakdown": bd, "tiles": per_tile}


# ---------------------------------------------------------------- workers
def _best_workers(w: dict, tiles) -> tuple[int, dict]:
    cg, km, vh, ww, ap = (t in tiles for t in ("craftsmans_guild", "key_market", "village_hall",
                                                 "white_wind", "apothecary"))
    best, arg = -1, None
    kmax = min(w["blue"], w["red"], w["yellow"]) if cg else 0
    for k in range(kmax + 1):
        rem = dict(w)
        for c in ("blue", "red", "yellow"):
            rem[c] -= k
        for hall in (COLOURS if vh else (None,)):
            val = {}
            for c in COLOURS:
                val[c] = 2 if (c == "green" and km) else (1 if (ww or hall == c) else 0)
            base = 3 * k + sum(val[c] * rem[c] for c in COLOURS)
            order = sorted(COLOURS, key=lambda c: (val[c], COLOURS.index(c)))
            a_best, a_val = 0, 0
            if ap:
                n = sum(rem.values())
                cost, taken, it = 0, 0, [(val[c], rem[c]) for c in order]
                for a in range(1, n // 5 + 1):
                    need = 5
                    for i, (v, cnt) in enumerate(it):
                        t = min(need, cnt)
                        cost += t * v
                        it[i] = (v, cnt - t)
                        need -= t
                        if not need:
                            break
                    if 3 * a - cost > a_val:
                        a_best, a_val = a, 3 * a - cost
            if base + a_val > best:
                best, arg = base + a_val, (k, hall, a_best, order, val)
    k, hall, a, order, val = arg
    out = {}
    rem = dict(w)
    if k:
        out["craftsmans_guild"] = {"blue": k, "red": k, "yellow": k}
        for c in ("blue", "red", "yellow"):
            rem[c] -= k
    if a:
        need, ap_items = 5 * a, {}
        for c in order:
            t = min(need, rem[c])
            if t:
                ap_items[c] = t
                rem[c] -= t
                need -= t
        out["apothecary"] = ap_items
    for c in COLOURS:
        if not rem[c] or not val[c]:
            continue
        tile = ("key_market" if c == "green" and "key_market" in tiles else
                "village_hall" if hall == c else "white_wind")
        out.setdefault(tile, {})[c] = rem[c]
    return best, out


# ---------------------------------------------------------------- skills
def _skill_table(s: dict, tiles) -> list:
    """For every b (skills given to the Bakery): (best VP of the other skill tiles, args)."""
    return _skill_table_c(tuple(s[x] for x in SKILLS), frozenset(tiles) & frozenset(SKILL_TILES))


@lru_cache(maxsize=64)
def _skill_table_c(sv: tuple, tiles: frozenset) -> tuple:
    s = dict(zip(SKILLS, sv))
    total = sum(s.values())
    scr, sch, kg = ("scribes" in tiles, "scholar" in tiles, "key_guild" in tiles)
    table = [(-1, None)] * (total + 1)
    for m in range(min(s.values()) + 1 if scr else 1):
        rem = {x: s[x] - m for x in SKILLS}
        left = total - 3 * m
        for t in (SKILLS if sch else (None,)):
            o3 = rem[t] if t else 0
            z = left - o3
            for k in range(left // 5 + 1 if kg else 1):
                for b in range(0, left - 5 * k + 1):
                    v = 10 * m + 10 * k + 3 * (o3 - max(0, 5 * k + b - z))
                    if v > table[b][0]:
                        table[b] = (v, (m, t, k))
    return tuple(table)


def _skill_alloc(s: dict, args, b: int) -> tuple[dict, dict]:
    """(tile allocation, skills given to the Bakery)."""
    m, t, k = args
    rem = {x: s[x] - m for x in SKILLS}
    out = {}
    if m:
        out["scribes"] = {x: m for x in SKILLS}
    order = [x for x in SKILLS if x != t] + ([t] if t else [])   # the Scholar's type last

    def take(n):
        got = {}
        for x in order:
            y = min(n, rem[x])
            if y:
                got[x] = y
                rem[x] -= y
                n -= y
        return got
    bake = take(b)
    if k:
        out["key_guild"] = take(5 * k)
    if t and rem[t]:
        out["scholar"] = {t: rem[t]}
    return out, bake


# ---------------------------------------------------------------- resources
def _res_table(cnt: dict, wild: int, gv: int, tiles, b3: bool) -> list:
    """For every D (items taken by the Bakery / Granary, any kinds): (best VP of Mercer's guild,
    Windmill, Watermill, Jeweller and gold on the rest, args). cnt: wood/stone/iron counts;
    wild: gold-like items (gold, and wheat with 5b)."""
    return _res_table_c(tuple(cnt[r] for r in NON_GOLD), wild, gv,
                        frozenset(tiles) & frozenset(RES_TILES), b3)


@lru_cache(maxsize=64)
def _res_table_c(cv: tuple, wild: int, gv: int, tiles: frozenset, b3: bool) -> tuple:
    cnt = dict(zip(NON_GOLD, cv))
    mer, win, wat = ("mercers_guild" in tiles, "windmill" in tiles, "watermill" in tiles)
    total = sum(cnt.values()) + wild
    table = [(-1, None)] * (total + 1)
    if b3:   # every item counts as any resource: only the number matters
        for m in range(total // 3 + 1 if mer else 1):
            for k in range((total - 3 * m) // 5 + 1 if win else 1):
                for d in range(total - 3 * m - 5 * k + 1):
                    v = 5 * m + 5 * k + gv * (total - d - 3 * m - 5 * k)
                    if v > table[d][0]:
                        table[d] = (v, (None, m, k, None))
        return tuple(table)
    neg = -1 << 30
    for t in ((None,) + NON_GOLD if wat else (None,)):
        T = cnt[t] if t else 0
        zeros = [r for r in NON_GOLD if r != t]
        zavail = sum(cnt[r] for r in zeros)
        v0 = T + gv * wild
        for m in range(total // 3 + 1 if mer else 1):
            zc = sum(min(cnt[r], m) for r in zeros)
            tc = min(T, m)
            # h[n]: value when n items are used (3m by the Mercer's guild), before the
            # Windmill's 5 per 5 and the items taken away
            h = [neg] * (total + 6)
            used = [None] * (total + 1)
            for n in range(3 * m, total + 1):
                r = _min_cost(n, 3 * m, zc, zavail, tc, T, wild, gv)
                if r is not None:
                    h[n] = 5 * m + v0 - r[0] + (n - 3 * m)
                    used[n] = r[1:]
            # best over windmill sets k: n = 3m + d + 5k, value h[n] - d
            suf = list(h)
            if win:
                for n in range(total - 5, 3 * m - 1, -1):
                    if suf[n + 5] > suf[n]:
                        suf[n] = suf[n + 5]
            for d in range(total - 3 * m + 1):
                n0 = 3 * m + d
                v = suf[n0] - d
                if v > table[d][0]:
                    n = n0
                    while h[n] != suf[n0]:
                        n += 5
                    table[d] = (v, (t, m, (n - n0) // 5, used[n]))
    return tuple(table)


def _min_cost(n, need, zc, zavail, tc, T, wild, gv):
    """Cheapest n items (cost 0 for a resource nothing else scores, 1 for the Watermill's type,
    gv for a gold-like item) of which a Mercer's guild can take `need` in sets: a type gives at
    most m (zc zero-cost items, tc Watermill items can count), gold-like items always count.
    Returns (cost, gold-like used, Watermill type used) or None."""
    a = min(zc, n)
    rest = n - a
    cov = max(0, need - a)
    c1 = min(tc, cov)
    e1 = cov - c1
    if e1 > wild or cov > rest:
        return None
    fill = rest - cov
    b0 = min(fill, zavail - zc)
    fill -= b0
    c2 = min(fill, T - c1)
    fill -= c2
    e2 = fill
    if e1 + e2 > wild:
        return None
    ct, cg = c1 + c2, e1 + e2
    return ct + gv * cg, cg, ct


def _res_alloc(cnt: dict, wild_kinds: list, gv_tile: bool, tiles, b3: bool, args, d: int):
    """Rebuild the resource allocation: (tile allocation, items for the Bakery / Granary)."""
    t, m, k, used = args
    have = dict(cnt)
    for kind, n in wild_kinds:
        have[kind] = have.get(kind, 0) + n
    order_w = [kind for kind, _ in wild_kinds]
    out = {}
    if b3:
        # any item is any resource: take non-gold first, wild (gold, wheat) last
        seq = list(NON_GOLD) + order_w

        def take(n):
            got = {}
            for x in seq:
                y = min(n, have[x])
                if y:
                    got[x] = y
                    have[x] -= y
                    n -= y
            return got
        if m:
            out["mercers_guild"] = take(3 * m)
        if k:
            out["windmill"] = take(5 * k)
        spare = take(d)
    else:
        cg, ct = used
        n = 3 * m + 5 * k + d
        zeros = [r for r in NON_GOLD if r != t]
        z = n - cg - ct
        cons = {x: 0 for x in have}
        for r in zeros:          # up to m of each zero type first (a Mercer set takes one)
            y = min(z, have[r], m)
            cons[r] += y
            z -= y
        for r in zeros:
            y = min(z, have[r] - cons[r])
            cons[r] += y
            z -= y
        if t:
            cons[t] = ct
        for x in order_w:
            y = min(cg, have[x])
            cons[x] += y
            cg -= y
        merc = {}
        left3 = 3 * m
        for r in NON_GOLD:
            y = min(cons[r], m, left3)
            if y:
                merc[r] = y
                left3 -= y
        for x in order_w:
            y = min(cons[x], left3)
            if y:
                merc[x] = merc.get(x, 0) + y
                left3 -= y
        for x, y in merc.items():
            cons[x] -= y
            have[x] -= y
        if m:
            out["mercers_guild"] = merc
        # the rest of the consumed items: the Bakery / Granary take wheat, then the others
        spare, wind = {}, {}
        seq = [WHEAT] + [x for x in list(NON_GOLD) + order_w if x != WHEAT]
        dd = d
        for x in seq:
            y = min(dd, cons.get(x, 0))
            if y:
                spare[x] = y
                cons[x] -= y
                dd -= y
        for x in seq:
            if cons.get(x):
                wind[x] = cons[x]
        for x, y in list(spare.items()) + list(wind.items()):
            have[x] -= y
        if k:
            out["windmill"] = wind
        if t and have[t]:
            out["watermill"] = {t: have[t]}
            have[t] = 0
    if gv_tile:   # the Jeweller takes every gold-like item left
        jw = {x: have[x] for x in (list(NON_GOLD) if b3 else []) + order_w if have.get(x)}
        if jw:
            out["jeweller"] = jw
    return out, spare


def _best_rest(pos: Position, skills: dict, res: dict, wheat: int) -> tuple[int, dict]:
    """Best VP of skills, resources and wheat on the pool tiles, and the allocation."""
    tiles = pos.tiles
    b3, b5 = pos.boat3b, pos.boat5b
    jew = "jeweller" in tiles
    gv = 2 if jew else 1
    bak, gran = "bakery" in tiles, "granary" in tiles
    stab = _skill_table(skills, tiles)
    cnt = {r: res[r] for r in NON_GOLD}
    wild_kinds = [("gold", res["gold"])] + ([(WHEAT, wheat)] if b5 else [])
    wild = sum(n for _, n in wild_kinds)
    rtab = _res_table(cnt, wild, gv, tiles, b3)
    nres = sum(res.values())
    ntot = len(rtab) - 1
    sk_total = sum(skills.values())
    best, arg = -1, None
    for b in range(sk_total + 1 if bak else 1):
        sv = stab[b][0]
        if b5:
            for p in range((ntot - 2 * b) // 2 + 1 if gran else 1):
                d = 2 * b + 2 * p
                if d > ntot:
                    break
                v = 4 * b + sv + rtab[d][0] + 3 * p
                if v > best:
                    best, arg = v, (b, p, d)
        else:
            if b > wheat or b > nres:
                break
            v = 4 * b + sv + rtab[b][0] + (3 * ((wheat - b) // 2) if gran else 0)
            if v > best:
                best, arg = v, (b, (wheat - b) // 2 if gran else 0, b)
    b, p, d = arg
    out, bake_sk = _skill_alloc(skills, stab[b][1], b)
    rout, spare = _res_alloc(cnt, wild_kinds, jew, tiles, b3, rtab[d][1], d)
    out.update(rout)
    # spare items: b for the Bakery (resource + wheat with 5b), 2p for the Granary
    if bak and b:
        bk = dict(bake_sk)
        if b5:
            need = 2 * b
            for x in [WHEAT] + [y for y in spare if y != WHEAT]:
                y = min(need, spare.get(x, 0))
                if y:
                    bk[x] = bk.get(x, 0) + y
                    spare[x] -= y
                    need -= y
        else:
            for x, y in spare.items():
                bk[x] = bk.get(x, 0) + y
                spare[x] = 0
            bk[WHEAT] = b
        out["bakery"] = bk
    if gran and p:
        if b5:
            gr = {x: y for x, y in spare.items() if y}
        else:
            gr = {WHEAT: 2 * p}
        out["granary"] = gr
    return best, out


def _outside(pos: Position, decl, hold) -> int:
    v = (pos.shelter_sheep - hold) * pos.shelter_vp
    if decl and decl[0] == "tile":
        v += pos.score_tiles[decl[1]]
    for f, present in pos.fields.items():
        pr = set(present)
        if hold and f == pos.shelter_field:
            pr.add("sheep")
        if decl and decl[0] == "animal" and decl[2] == f:
            pr.add(decl[1])
        v += sum(pos.field_vp[a] for a in pr)
    return v


def best_allocation(pos: Position) -> dict:
    """The best allocation: {"purple", "weaver_hold", "tiles", "total", "breakdown", "tiles_vp"}.
    "purple" is None or a list (["worker", colour], ["skill", s], ["res", r], ["wheat"],
    ["tile", autumn scoring tile], ["animal", species, field]). Ties go to the first in the
    order of Position.purple_options() (unused marker first), then no held-back sheep."""
    wcache, rcache = {}, {}
    best, arg = None, None
    for decl in pos.purple_options():
        have = _pool_items(pos, decl)
        wkey = tuple(have[c] for c in COLOURS)
        if wkey not in wcache:
            wcache[wkey] = _best_workers({c: have[c] for c in COLOURS}, pos.tiles)
        rkey = tuple(have[k] for k in SKILLS + RESOURCES + (WHEAT,))
        if rkey not in rcache:
            rcache[rkey] = _best_rest(pos, {s: have[s] for s in SKILLS},
                                      {r: have[r] for r in RESOURCES}, have[WHEAT])
        for hold in pos.hold_options():
            v = wcache[wkey][0] + rcache[rkey][0] + _outside(pos, decl, hold)
            if best is None or v > best:
                best, arg = v, (decl, hold, wkey, rkey)
    decl, hold, wkey, rkey = arg
    tiles = {**wcache[wkey][1], **rcache[rkey][1]}
    tiles = {t: {k: n for k, n in c.items() if n} for t, c in tiles.items()}
    alloc = {"purple": list(decl) if decl else None, "weaver_hold": hold,
             "tiles": {t: c for t, c in sorted(tiles.items()) if c}}
    sc = score_allocation(pos, alloc)
    alloc.update(total=sc["total"], breakdown=sc["breakdown"], tiles_vp=sc["tiles"])
    return alloc
