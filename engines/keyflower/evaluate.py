"""Keyflower: a cheap estimate of each seat's final score from any position (search leaves).

A finished game gives its outcome scores (the players' allocations included); during the
final allocation each player gets the suggested (best) allocation's total, which the panel
has already computed. Before that the estimate is a linear sum, per season, of features of
each seat's village, screen and bids (``features``): the points printed on the tiles built,
won or being won (a leading bid), the upgrade points still open (and how much of their cost
lies ready), resources on scoring tiles, gold, other resources, producing tiles, animals
(species present, breeding pairs), sheep on the shelter, what the owned winter tiles (and
the ones a leading bid is winning) make of the screen and the village's resources,
turn-order tiles, scoring boats, workers (the screen plus those coming back at the end of
the season), skills, wheat, the best winter tile in hand and the purple marker. The weights
(``_W``) are a non-negative least-squares fit, per season, of the differences between the
seats' final scores on the differences between their features, over about 21,000 positions
of 300 two-player and 120 four-player games of the heuristic AI (Dec 2026); the intercept
puts the estimate on the scale of final scores. Non-negative, because the search reads the
weights as what a good is worth: a fit that may go negative made wheat or the purple marker
look harmful in some seasons. On held-out games the seat the estimate puts ahead finishes
ahead in 73% (summer), 72% (autumn) and 82% (winter) of the pairs of two-player games, the
former hand-fitted weights 56%, 66% and 69%. It reads the state only (no field or road
computation): well under 0.1 ms per position.
"""
from __future__ import annotations

from . import data
from .data import ANIMALS, RESOURCES, TILES

_FIELD_VP = data.FIELD_VP
_NON_GOLD = tuple(r for r in RESOURCES if r != "gold")
_BOATS = ("keyflower_boat", "sea_bastion", "sea_breese")

FEATURES = ("vp", "up", "upfrac", "sot", "gold", "res", "prod", "anim", "breed", "shelter",
            "wint", "to", "boat", "workers", "skills", "wheat", "hand", "purple", "lead", "back")


def _winter_points(kind, w, sk, wheat, nw, res=None, anim=None):
    """What a winter scoring tile is likely to give at the end (rough: each tile is given the
    whole pool, as if it were the only one)."""
    if kind == "apothecary":
        return 3 * (nw // 5) + 0.3 * (nw % 5)      # a part set may still fill up
    if kind == "craftsmans_guild":
        return 3 * min(w["blue"], w["red"], w["yellow"])
    if kind == "key_market":
        return 2 * w["green"]
    if kind == "village_hall":
        return max(w.values())
    if kind == "key_guild":
        return 10 * (sum(sk.values()) // 5) + sum(sk.values()) % 5
    if kind == "scholar":
        return 3 * max(sk.values())
    if kind == "scribes":
        return 10 * min(sk.values())
    if kind == "keythedral":
        return 12
    if kind == "granary":
        return 3 * (wheat // 2)
    if kind == "bakery":
        return 4 * min(wheat, sum(sk.values()), sum(res.values()) if res else 0)
    if res is not None:
        total = sum(res.values())
        if kind == "mercers_guild":
            return 4 * (total // 3)
        if kind == "windmill":
            return 5 * (total // 5)
        if kind == "watermill":
            return max(res[r] for r in _NON_GOLD)
        if kind == "jeweller":
            return res["gold"]
    if anim is not None:
        if kind == "dairy":
            return 4 * anim["cow"]
        if kind == "truffle_orchard":
            return 3 * anim["pig"]
        if kind == "weaver":
            return 2 * anim["sheep"]
    return 3.0


# Weights per season (0 spring .. 3 winter), fitted as the module says, rounded; "c" is the
# intercept. A feature left out weighs nothing (the fit put it at 0).
_W = {
    0: dict(c=25.26, vp=1.53, up=0.25, upfrac=1.14, prod=2.31, breed=0.04, workers=2.82,
            skills=1.29, wheat=0.07, lead=2.61, back=1.73),
    1: dict(c=3.85, vp=2.67, up=0.35, upfrac=0.92, gold=0.98, res=1.06, prod=3.14,
            workers=2.55, skills=1.61, wheat=0.68, hand=0.05, back=1.59),
    2: dict(c=10.14, vp=1.06, gold=1.48, res=0.53, prod=0.94, anim=0.06, workers=1.85,
            skills=0.78, wheat=0.68, hand=0.09, purple=3.68, back=1.31),
    3: dict(c=6.56, vp=0.99, up=0.01, upfrac=0.05, gold=1.04, res=0.24, prod=0.01, anim=0.38,
            wint=0.41, to=4.16, workers=1.31, skills=0.38, wheat=0.36, lead=1.26, back=0.53),
}


def features(st, seat_list=None) -> dict:
    """Per seat, the raw quantities the estimate weighs."""
    seats = seat_list or st["seats"]
    players = st["players"]
    winter = st["season"] == 3
    out = {s: dict.fromkeys(FEATURES, 0.0) for s in seats}
    pool = {s: {r: 0 for r in RESOURCES} for s in seats}
    anim = {s: {a: 0 for a in ANIMALS} for s in seats}
    wtiles = {s: [] for s in seats}
    site = st.get("site") or {}
    # who leads each bid: the tile counts as (nearly) won
    leader = {}
    for tid, sv in site.items():
        best, who = 0, None
        for s, b in sv["bids"].items():
            if b["n"] > best:
                best, who = b["n"], s
        if who is not None:
            leader[tid] = who
            for s, b in sv["bids"].items():
                if s != who and s in out:
                    out[s]["back"] += b["n"]
        t = st["tiles"].get(tid)
        if t and t["owner"] in out and t["pos"] is not None:
            out[t["owner"]]["back"] += sum(sv["on"].values())
    for tid, t in st["tiles"].items():
        s = t["owner"]
        lead = False
        if s is None:
            s = leader.get(tid)
            lead = True
        if s is None or s not in out:
            continue
        f = out[s]
        d = TILES[tid]
        kind = d["season"]
        if lead:
            f["lead"] += 1
            if kind == "winter":
                wtiles[s].append(d.get("winter"))
                continue
            if kind == "turn_order":
                f["to"] += 1
                continue
        up = t["up"]
        side = (d["back"] if up else d["front"]) or {}
        f["vp"] += side.get("vp", 0) or 0
        res = t["res"]
        sot = side.get("score_on_tile")
        if sot:
            f["sot"] += sot["vp"] * sum(res[r] for r in sot["accepts"])
            f["res"] += sum(res.values())
        else:
            f["gold"] += res["gold"]
            f["res"] += sum(res[r] for r in _NON_GOLD)
            pr = pool[s]
            for r in RESOURCES:
                pr[r] += res[r]
        back = d.get("back")
        if not up and back is not None:
            gain = (back.get("vp", 0) or 0) - (side.get("vp", 0) or 0)
            f["up"] += gain
            f["upfrac"] += gain * _upgrade_cover(d.get("cost"), res, players[s]["skills"])
        if not up and ("gain" in side or "choose" in side or "transport" in side):
            f["prod"] += 1
        for c in t["animals"].values():
            for a in ANIMALS:
                n = c[a]
                if n:
                    f["anim"] += _FIELD_VP[a]
                    f["breed"] += n // 2
                    anim[s][a] += 1
        f["shelter"] += t["shelter"]
        if kind == "winter":
            wtiles[s].append(d.get("winter"))
        elif kind == "turn_order":
            f["to"] += 1
        elif kind == "boat" and tid in _BOATS:
            f["boat"] += 1
    purple = st["seats"][st["start"]]
    for s in seats:
        p = players[s]
        f = out[s]
        w = p["workers"]
        nw = sum(w.values())
        f["workers"] = nw
        f["skills"] = sum(p["skills"].values())
        f["wheat"] = p["wheat"]
        for kind in wtiles[s]:
            f["wint"] += _winter_points(kind, w, p["skills"], p["wheat"], nw + f["back"], pool[s],
                                        anim[s])
        if p["winter"] and not winter:
            f["hand"] = max(_winter_points(TILES[t].get("winter"), w, p["skills"], p["wheat"], nw,
                                           pool[s], anim[s]) for t in p["winter"])
        f["purple"] = 1.0 if s == purple else 0.0
    return out


def evaluate(engine, st) -> dict:
    ph = st["phase"]
    if ph == "over" and st.get("result"):
        return {s: float(st["result"][s]["total"]) for s in st["seats"]}
    if ph == "allocate":        # the suggested (best) allocation, exact
        return {s: float(st["allocate"][s]["best_total"]) for s in st["seats"]}
    w = _W[st["season"]]
    c = w["c"]
    return {s: c + sum(w.get(k, 0.0) * v for k, v in f.items() if v) for s, f in features(st).items()}


def _upgrade_cover(cost, res: dict, skills: dict) -> float:
    """How much of a tile's upgrade cost the owner already has on it (resources) or in hand
    (skill tiles), as a fraction: 1.0 when it could be paid now."""
    need = have = 0
    for k, n in (cost or {}).items():
        if k in res:
            have += min(n, res[k])
        elif k in skills:
            have += min(n, skills[k])
        elif k == "any_skill":
            have += min(n, sum(skills.values()))
        elif k == "any_res":
            have += min(n, sum(res.values()))
        else:
            continue
        need += n
    return have / need if need else 1.0
