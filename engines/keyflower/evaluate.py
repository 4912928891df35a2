"""Keyflower: a cheap estimate of each seat's final score from any position (search leaves).

A finished game gives its outcome scores (the players' allocations included); during the
final allocation each player gets the suggested (best) allocation's total, which the panel
has already computed. Before that the estimate is a weighted sum, per season, of features
of each seat's village and screen (``features``): the points printed on the tiles built or
won, the upgrade points still open (times the seasons left, and times how much of the cost
lies ready), resources on scoring tiles, gold, other resources, producing tiles times the
seasons left, animals (species present, breeding pairs), sheep on the shelter, what the owned
winter tiles make of the screen, turn-order tiles, scoring boats, workers, skills, wheat, the
best winter tile in hand and the purple marker; plus the points everybody still makes. The
weights were fitted for the order of final scores in 2- and 4-player games of the heuristic
AI. It reads the state only (no field or road computation): about 0.05 ms per position.
"""
from __future__ import annotations

from . import data
from .data import ANIMALS, RESOURCES, TILES

_FIELD_VP = data.FIELD_VP
_LEFT = {0: 3.0, 1: 2.0, 2: 1.0, 3: 0.0}
_NON_GOLD = tuple(r for r in RESOURCES if r != "gold")
_BOATS = ("keyflower_boat", "sea_bastion", "sea_breese")


def _winter_points(kind, w, sk, wheat, nw):
    """What an owned winter scoring tile is likely to give at the end (rough)."""
    if kind == "apothecary":
        return 3 * nw / 5
    if kind == "craftsmans_guild":
        return 3 * min(w["blue"], w["red"], w["yellow"])
    if kind == "key_market":
        return 2 * w["green"]
    if kind == "village_hall":
        return max(w.values())
    if kind == "key_guild":
        return 10 * (sum(sk.values()) // 5)
    if kind == "scholar":
        return 3 * max(sk.values())
    if kind == "scribes":
        return 10 * min(sk.values())
    if kind == "keythedral":
        return 12
    if kind == "granary":
        return 3 * (wheat // 2)
    if kind == "bakery":
        return 4 * min(wheat, sum(sk.values()))
    return 3.0


# Weights per season (spring and summer share one set), fitted by hand and by a coordinate
# search for the order of final scores in AI games of 2 and 4 players, rounded.
_W = {
    1: dict(vp=1.6, up=0.07, upfrac=0.5, sot=1.0, gold=1.0, res=-0.5, prod=1.2, anim=1.0, breed=0.75,
            shelter=2.0, wint=1.0, to=2.0, boat=3.0, workers=0.5, skills=0.3, wheat=0.4, hand=1.0,
            purple=0.7),
    2: dict(vp=1.5, up=0.57, upfrac=1.5, sot=1.0, gold=0.9, res=-0.3, prod=0.2, anim=0.0, breed=0.3,
            shelter=2.0, wint=1.0, to=2.0, boat=3.0, workers=0.5, skills=0.3, wheat=1.5, hand=1.0,
            purple=1.0),
    3: dict(vp=4.0, up=0.0, upfrac=0.4, sot=1.0, gold=0.0, res=0.5, prod=0.0, anim=0.0, breed=0.0,
            shelter=2.0, wint=1.0, to=2.0, boat=3.0, workers=0.0, skills=0.1, wheat=1.3, hand=1.0,
            purple=2.25),
}
_W[0] = _W[1]
# the points still to come for everybody, and what one printed point weighs (so that the
# estimate is on the scale of final scores)
_SCALE = {0: 1 / 1.6, 1: 1 / 1.6, 2: 1 / 1.5, 3: 1 / 4.0}
_AHEAD = {0: 18.0, 1: 14.0, 2: 7.5, 3: 17.5}


def features(st, seat_list=None) -> dict:
    """Per seat, the raw quantities the estimate weighs."""
    season = st["season"]
    left = _LEFT[season]
    seats = seat_list or st["seats"]
    players = st["players"]
    out = {s: dict(vp=0.0, up=0.0, upfrac=0.0, sot=0.0, gold=0.0, res=0.0, prod=0.0, anim=0.0, breed=0.0,
                   shelter=0.0, wint=0.0, to=0.0, boat=0.0, workers=0.0, skills=0.0, wheat=0.0, hand=0.0,
                   purple=0.0) for s in seats}
    for tid, t in st["tiles"].items():
        s = t["owner"]
        if s is None or s not in out:
            continue
        f = out[s]
        p = players[s]
        d = TILES[tid]
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
        back = d.get("back")
        if not up and back is not None:
            gain = (back.get("vp", 0) or 0) - (side.get("vp", 0) or 0)
            f["up"] += gain * left
            f["upfrac"] += gain * _upgrade_cover(d.get("cost"), res, p["skills"])
        if not up and left and ("gain" in side or "choose" in side or "transport" in side):
            f["prod"] += left
        for c in t["animals"].values():
            for a in ANIMALS:
                n = c[a]
                if n:
                    f["anim"] += _FIELD_VP[a]
                    f["breed"] += (n // 2) * left
        f["shelter"] += t["shelter"]
        kind = d["season"]
        if kind == "winter":
            w = p["workers"]
            f["wint"] += _winter_points(d.get("winter"), w, p["skills"], p["wheat"], sum(w.values()))
        elif kind == "turn_order":
            f["to"] += 1
        elif kind == "boat" and tid in ("keyflower_boat", "sea_bastion", "sea_breese"):
            f["boat"] += 1
    purple = st["seats"][st["start"]]
    for s in seats:
        p = players[s]
        f = out[s]
        f["workers"] = sum(p["workers"].values())
        f["skills"] = sum(p["skills"].values())
        f["wheat"] = p["wheat"]
        if p["winter"]:
            w = p["workers"]
            nw = sum(w.values())
            f["hand"] = max(_winter_points(TILES[t].get("winter"), w, p["skills"], p["wheat"], nw)
                            for t in p["winter"])
        f["purple"] = 1.0 if s == purple else 0.0
    return out


def evaluate(engine, st) -> dict:
    ph = st["phase"]
    if ph == "over" and st.get("result"):
        return {s: float(st["result"][s]["total"]) for s in st["seats"]}
    if ph == "allocate":        # the suggested (best) allocation, exact
        return {s: float(st["allocate"][s]["best_total"]) for s in st["seats"]}
    season = st["season"]
    w = _W[season]
    scale = _SCALE[season]
    left = _LEFT[season]
    players = st["players"]
    # the same sum as over features(), written out (evaluate is called at every leaf)
    w_vp, w_up, w_upf, w_sot, w_gold, w_res = w["vp"], w["up"] * left, w["upfrac"], w["sot"], w["gold"], w["res"]
    w_prod, w_anim, w_breed = w["prod"] * left, w["anim"], w["breed"] * left
    w_sh, w_wint, w_to, w_boat = w["shelter"], w["wint"], w["to"], w["boat"]
    acc = {s: 0.0 for s in st["seats"]}
    for tid, t in st["tiles"].items():
        s = t["owner"]
        if s is None:
            continue
        d = TILES[tid]
        up = t["up"]
        side = (d["back"] if up else d["front"]) or {}
        vp = side.get("vp", 0) or 0
        v = w_vp * vp
        res = t["res"]
        sot = side.get("score_on_tile")
        if sot:
            v += w_sot * sot["vp"] * sum(res[r] for r in sot["accepts"]) + w_res * sum(res.values())
        else:
            v += w_gold * res["gold"] + w_res * (sum(res.values()) - res["gold"])
        if not up:
            back = d.get("back")
            if back is not None:
                p = players[s]
                gain = (back.get("vp", 0) or 0) - vp
                v += gain * (w_up + w_upf * _upgrade_cover(d.get("cost"), res, p["skills"]))
            if w_prod and ("gain" in side or "choose" in side or "transport" in side):
                v += w_prod
        if t["animals"]:
            for c in t["animals"].values():
                for a in ANIMALS:
                    n = c[a]
                    if n:
                        v += w_anim * _FIELD_VP[a] + w_breed * (n // 2)
        if t["shelter"]:
            v += w_sh * t["shelter"]
        kind = d["season"]
        if kind == "winter":
            p = players[s]
            wk = p["workers"]
            v += w_wint * _winter_points(d.get("winter"), wk, p["skills"], p["wheat"], sum(wk.values()))
        elif kind == "turn_order":
            v += w_to
        elif kind == "boat" and tid in _BOATS:
            v += w_boat
        acc[s] += v
    purple = st["seats"][st["start"]]
    out = {}
    for s, v in acc.items():
        p = players[s]
        wk = p["workers"]
        v += w["workers"] * sum(wk.values()) + w["skills"] * sum(p["skills"].values()) + w["wheat"] * p["wheat"]
        if p["winter"]:
            nw = sum(wk.values())
            v += w["hand"] * max(_winter_points(TILES[x].get("winter"), wk, p["skills"], p["wheat"], nw)
                                 for x in p["winter"])
        if s == purple:
            v += w["purple"]
        out[s] = _AHEAD[season] + scale * v
    return out


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
