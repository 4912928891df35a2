"""Final scoring (rules section 8), in the order of the Farmers rulebook.

The free pool (workers, skills, resources not lying on the autumn scoring tiles, wheat) is
allocated to the scoring tiles by a search that takes the best allocation it finds; the purple
marker is tried as every declaration the rules allow and the best one is kept.
"""
from __future__ import annotations

from functools import lru_cache

from . import data, fields, hexes
from .data import ANIMALS, COLOURS, RESOURCES, SKILLS, TILES

SCORE_TILES = ("barn", "blacksmith", "stone_yard", "timber_yard")
CATEGORIES = ("Scoring tiles", "Sheep shelter", "Fields", "Tile points", "Winter tiles", "Boats",
              "Turn-order tiles", "Gold")


# ---------------------------------------------------------------- pool solvers
def best_workers(w: dict, owned: set) -> int:
    best = 0
    cg = "craftsmans_guild" in owned
    km = "key_market" in owned
    ww = "white_wind" in owned
    ap = "apothecary" in owned
    vh_opts = list(COLOURS) if "village_hall" in owned else [None]
    kmax = min(w["blue"], w["red"], w["yellow"]) if cg else 0
    for k in range(kmax + 1):
        rem = dict(w)
        for c in ("blue", "red", "yellow"):
            rem[c] -= k
        for vh in vh_opts:
            score = 3 * k
            one, pool = 0, 0
            for c in COLOURS:
                n = rem[c]
                if c == "green" and km:
                    score += 2 * n
                elif ww or vh == c:
                    one += n
                else:
                    pool += n
            extra = 0
            if ap:
                extra = max(3 * ((pool + t) // 5) - t for t in range(0, min(4, one) + 1))
            best = max(best, score + one + extra)
    return best


def best_skills(s: dict, owned: set) -> int:
    kg = "key_guild" in owned
    sch = "scholar" in owned
    scr = "scribes" in owned
    best = 0
    mmax = min(s.values()) if scr else 0
    for m in range(mmax + 1):
        rem = {k: v - m for k, v in s.items()}
        for t in (list(SKILLS) if sch else [None]):
            sc = rem[t] if t else 0
            other = sum(rem.values()) - sc
            for shift in range(0, min(4, sc) + 1) if kg else [0]:
                v = 10 * m + 3 * (sc - shift)
                if kg:
                    v += 10 * ((other + shift) // 5)
                best = max(best, v)
    return best


def _leftover(vec, owned):
    """(winter-tile VP, gold VP) for resources not in any set."""
    w, s, i, g = vec
    wm = max(w, s, i) if "watermill" in owned else 0
    if "jeweller" in owned:
        return wm + 2 * g, 0
    return wm, g


MERCER_SETS = [(1, 1, 1, 0), (1, 1, 0, 1), (1, 0, 1, 1), (0, 1, 1, 1), (1, 0, 0, 2), (0, 1, 0, 2),
               (0, 0, 1, 2), (0, 0, 0, 3)]


def _fives():
    out = []
    for a in range(6):
        for b in range(6 - a):
            for c in range(6 - a - b):
                out.append((a, b, c, 5 - a - b - c))
    return out


FIVES = _fives()


def best_resources(vec: tuple, owned: frozenset, any_type: bool) -> tuple[int, int]:
    """Best (winter VP, gold VP) for resources (wood, stone, iron, gold)."""
    mer = "mercers_guild" in owned
    win = "windmill" in owned
    if any_type:
        total = sum(vec)
        best = (0, 0)
        for m in range(total // 3 + 1 if mer else 1):
            for k in range((total - 3 * m) // 5 + 1 if win else 1):
                rest = total - 3 * m - 5 * k
                wv = 5 * m + 5 * k + (2 * rest if "jeweller" in owned else 0)
                gv = 0 if "jeweller" in owned else rest
                if wv + gv > sum(best):
                    best = (wv, gv)
        return best
    if not mer and not win:
        return _leftover(vec, owned)
    size = 1
    for x in vec:
        size *= x + 1

    @lru_cache(maxsize=None)
    def f(v):
        b = _leftover(v, owned)
        if mer:
            for d in MERCER_SETS:
                nv = tuple(a - x for a, x in zip(v, d))
                if min(nv) >= 0:
                    r = f(nv)
                    if r[0] + r[1] + 5 > sum(b):
                        b = (r[0] + 5, r[1])
        if win:
            for d in (FIVES if size <= 3000 else [_greedy_five(v)]):
                if d is None:
                    continue
                nv = tuple(a - x for a, x in zip(v, d))
                if min(nv) >= 0:
                    r = f(nv)
                    if r[0] + r[1] + 5 > sum(b):
                        b = (r[0] + 5, r[1])
        return b

    if size > 3000:  # keep it fast: reduce by whole sets greedily first
        return _greedy_resources(vec, owned)
    return f(tuple(vec))


def _greedy_five(v):
    v = list(v)
    d = [0, 0, 0, 0]
    for _ in range(5):
        order = sorted(range(3), key=lambda i: -v[i]) + [3]
        for i in order:
            if v[i] > 0:
                v[i] -= 1
                d[i] += 1
                break
        else:
            return None
    return tuple(d)


def _greedy_resources(vec, owned):
    v = list(vec)
    wv = 0
    while "mercers_guild" in owned:
        nz = sorted([i for i in range(3) if v[i] > 0], key=lambda i: -v[i])[:3]
        need = 3 - len(nz)
        if v[3] < need:
            break
        for i in nz:
            v[i] -= 1
        v[3] -= need
        wv += 5
    while "windmill" in owned and sum(v) >= 5:
        d = _greedy_five(v)
        v = [a - b for a, b in zip(v, d)]
        wv += 5
    a, b = _leftover(tuple(v), owned)
    return wv + a, b


def best_pool(workers, skills, res, wheat, owned: set, b3: bool, b5: bool) -> tuple[int, int]:
    """(winter-tile VP incl. White Wind, gold VP) for the free pool."""
    owned_f = frozenset(owned)
    wv = best_workers(workers, owned)
    best = None
    bak = "bakery" in owned
    gran = "granary" in owned
    total_res = sum(res)
    bmax = min(total_res + (wheat if b5 else 0), wheat, sum(skills.values())) if bak else 0
    for b in range(bmax + 1):
        r = list(res)
        wh = wheat - b
        sk = dict(skills)
        ok = True
        for _ in range(b):
            nz = sorted(range(3), key=lambda i: -r[i])
            i = nz[0] if r[nz[0]] > 0 else (3 if r[3] > 0 else None)
            if i is None:
                if b5 and wh > 0:
                    wh -= 1
                    continue
                ok = False
                break
            r[i] -= 1
        if not ok:
            continue
        for _ in range(b):
            s = max(SKILLS, key=lambda x: sk[x])
            sk[s] -= 1
        sv = best_skills(sk, owned)
        conv = [0]
        if b5:
            conv = range(-min(wh, 10), min(sum(r), 10) + 1)  # <0: wheat as gold; >0: resources as wheat
        for x in conv:
            rr = list(r)
            w2 = wh
            if x < 0:
                rr[3] += -x
                w2 += x
            elif x > 0:
                left = x
                for i in sorted(range(4), key=lambda i: (i == 3, -rr[i])):
                    t = min(left, rr[i])
                    rr[i] -= t
                    left -= t
                w2 += x
            a, g = best_resources(tuple(rr), owned_f, b3)
            gv = 3 * (w2 // 2) if gran else 0
            cand = (4 * b + sv + a + gv, g)
            if best is None or sum(cand) > sum(best):
                best = cand
    if best is None:
        best = (best_skills(skills, owned) + sum(best_resources(tuple(res), owned_f, b3)[:1]),
                best_resources(tuple(res), owned_f, b3)[1])
    return best[0] + wv, best[1]


def village_points(engine, st, seat, vil) -> dict[str, int]:
    """The boats' and turn-order tiles' points: what the village's shape gives, which no
    allocation of items changes."""
    owned, p = set(vil), st["players"][seat]
    boats = 0
    if "keyflower_boat" in owned:
        tr = sum(engine.side(st, t)["transport"][0] for t in vil if t in data.TRANSPORT_TILES)
        boats += tr * (2 if "2b" in engine.faces(st, seat) else 1)
    if "sea_bastion" in owned:
        boats += hexes.longest_road_loop(vil, data.RULES["sea_bastion_max_steps"])
    if "sea_breese" in owned:
        n = hexes.river_chain(vil, p["home"])
        boats += data.SEA_BREESE_VP[min(n, len(data.SEA_BREESE_VP) - 1)]
    turn_order = sum(len(hexes.adjacent_tiles(vil, tid)) for tid in vil
                     if TILES[tid]["season"] == "turn_order")
    return {"Boats": boats, "Turn-order tiles": turn_order}


# ---------------------------------------------------------------- per player
def score_player(engine, st, seat) -> dict:
    vil = engine.village(st, seat)
    owned = set(vil)
    p = st["players"][seat]
    purple = st["seats"][st["start"]] == seat
    fmap, cont = engine.field_contents(st, seat)
    faces = engine.faces(st, seat)
    b3, b5 = "3b" in faces, "5b" in faces
    decls = [None]
    if purple:
        decls += [("worker", c) for c in COLOURS] + [("skill", s) for s in SKILLS]
        decls += [("res", r) for r in RESOURCES] + [("tile", t) for t in SCORE_TILES if t in owned]
        if st["opts"]["farmers"]:
            decls.append(("wheat",))
            decls += [("animal", a, f) for f in sorted(cont) for a in ANIMALS]
    best = None
    for d in decls:
        for hold in ([False, True] if "weaver" in owned and "sheep_shelter" in owned
                     and st["tiles"]["sheep_shelter"]["shelter"] > 0 else [False]):
            r = _score(engine, st, seat, vil, fmap, cont, p, d, hold, b3, b5)
            if best is None or r["total"] > best["total"]:
                best = r
    return best


def _score(engine, st, seat, vil, fmap, cont, p, decl, hold, b3, b5):
    owned = set(vil)
    bd = {c: 0 for c in CATEGORIES}
    pool_res = [0, 0, 0, 0]
    for tid, t in vil.items():
        for i, r in enumerate(RESOURCES):
            pool_res[i] += t["res"][r]
    # 1. resources on the autumn scoring tiles
    for tid in SCORE_TILES:
        if tid not in vil:
            continue
        rule = engine.side(st, tid)["score_on_tile"]
        n = 0
        for i, r in enumerate(RESOURCES):
            if b3 or r in rule["accepts"]:
                n += vil[tid]["res"][r]
                pool_res[i] -= vil[tid]["res"][r]
        if decl == ("tile", tid):
            n += 1
        bd["Scoring tiles"] += n * rule["vp"]
    # 2. sheep on the Sheep shelter
    field_extra = {}
    if "sheep_shelter" in vil:
        k = st["tiles"]["sheep_shelter"]["shelter"] - (1 if hold else 0)
        bd["Sheep shelter"] += k * engine.side(st, "sheep_shelter")["shelter_vp"]
        if hold:
            field_extra[fmap["sheep_shelter:0"]] = "sheep"
    # 3. fields
    fvp = dict(data.FIELD_VP)
    for tid in owned:
        fvp.update(TILES[tid].get("field_vp", {}))
    for f, c in cont.items():
        present = {a for a in ANIMALS if c[a] > 0}
        if f in field_extra:
            present.add(field_extra[f])
        if decl and decl[0] == "animal" and decl[2] == f:
            present.add(decl[1])
        bd["Fields"] += sum(fvp[a] for a in present)
    # 4. fixed points
    for tid in vil:
        bd["Tile points"] += engine.side(st, tid).get("vp", 0) or 0
    # 5. the free pool
    workers = dict(p["workers"])
    skills = dict(p["skills"])
    wheat = p["wheat"]
    if decl:
        if decl[0] == "worker":
            workers[decl[1]] += 1
        elif decl[0] == "skill":
            skills[decl[1]] += 1
        elif decl[0] == "res":
            pool_res[RESOURCES.index(decl[1])] += 1
        elif decl[0] == "wheat":
            wheat += 1
    winter_owned = {t for t in owned if TILES[t]["season"] == "winter"}
    if "white_wind" in owned:
        winter_owned.add("white_wind")
    wv, gold_vp = best_pool(workers, skills, tuple(pool_res), wheat, winter_owned, b3, b5)
    if "keythedral" in owned:
        wv += 12
    if "hillside" in owned:
        wv += fields.tiles_in_field(fmap, fmap["hillside:0"])
    bd["Winter tiles"] += wv
    # 6. boats, 7. turn-order tiles, then gold
    for k, v in village_points(engine, st, seat, vil).items():
        bd[k] += v
    bd["Gold"] += gold_vp
    return {"total": sum(bd.values()), "breakdown": bd, "purple": list(decl) if decl else None,
            "weaver_hold": hold}
