"""Keyflower: a full state rebuilt from one seat's view, with what that seat cannot know
sampled at random (for the AI seats and the search; engines/base.py ``determinize``).

Known to the seat (copied from the view): every tile on the table and in the villages, the
sites, boats, supplies, the end-of-season queues, the order in which tiles came into play and
bids were made, the number of workers / skill tiles / wheat behind each screen, the size of
each winter hand and the seat's own screen, winter hand and pick, allocation panel.

Sampled:
  * the colours of the other players' workers and the bag's content: the workers of each
    colour not seen anywhere (a colour's total minus boats, sites and the seat's own screen)
    are shuffled and dealt to the other screens (their counts are public), the rest is the
    bag. Uniform over these deals given the view alone: colours a perfect memory could pin
    down from the public history (boat contents taken, losing bids sent home) are not used.
  * the types of the other players' skill tiles and the skill pile, the same way;
  * the other players' winter hands (uniform among the winter tiles not in the seat's hand;
    in the Farmers variant every Farmers winter tile is dealt), and, for a player who has
    already chosen, the offered tiles (a uniform non-empty subset of that hand); a player
    still choosing has offered nothing yet (a toggle in progress is a sub-step);
  * the tiles of later seasons (drawn as setup draws them) and the seed of future draws
    (a fresh seed from ``rng``, ``rng_n`` 0);
  * another player's unfinished bid or use (hidden steps): the player is back at the main
    menu of the turn (nothing is committed in those steps, so nothing else changes), page 0;
  * in the allocation phase, the other players' panels: the suggested (best) allocation of
    their sampled items, as if untouched (a confirmed one as if the suggestion was taken).
"""
from __future__ import annotations

import random
from typing import Mapping

from . import data
from .data import COLOURS, SKILLS, TILES

_TILE_KEYS = ("owner", "pos", "rot", "up", "res", "animals", "shelter", "face")


def _j(x):
    if isinstance(x, dict):
        return {k: _j(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_j(v) for v in x]
    return x


def _tile_rec(tv):
    return {"owner": tv["owner"], "pos": _j(tv["pos"]), "rot": tv["rot"], "up": tv["up"],
            "res": dict(tv["res"]), "animals": {k: dict(a) for k, a in tv["animals"].items()},
            "shelter": tv["shelter"], "face": tv["face"]}


def _deal(pool: dict, kinds, counts: list[int], rng: random.Random) -> list[dict]:
    """Shuffle the items of ``pool`` (counts by kind) and deal ``counts[i]`` to hand i; the
    last entry of the result is what is left over."""
    items = [k for k in kinds for _ in range(pool[k])]
    rng.shuffle(items)
    out, i = [], 0
    for n in counts:
        h = {k: 0 for k in kinds}
        for k in items[i:i + n]:
            h[k] += 1
        out.append(h)
        i += n
    rest = {k: 0 for k in kinds}
    for k in items[i:]:
        rest[k] += 1
    out.append(rest)
    return out


def determinize(engine, view: Mapping, rng: random.Random) -> dict:
    me = view["you"]
    seats = list(view["seats"])
    opts = dict(view["options"])
    n = len(seats)
    phase = view["phase"]
    priv = view["private"]
    season = view["season_index"]
    st: dict = {
        "game": "keyflower", "seed": rng.getrandbits(62), "rng_n": 0, "seats": seats, "opts": opts,
        "season": season, "phase": phase, "start": seats.index(view["start_player"]),
        "turn": seats.index(view["current"]) if view.get("current") else seats.index(view["start_player"]),
        "passes": view["passes"], "bag": None, "green": view["green_supply"],
        "supply": dict(view["supply"]), "pile": None, "tiles": {}, "site": {},
        "auction": [t["id"] for t in view["auction"]], "to_tiles": [t["id"] for t in view["turn_order"]],
        "boats": {}, "players": {}, "pools": {}, "ctx": None, "pages": {me: priv.get("page", 0)},
        "end": _j(view.get("end")), "breed": _j(view.get("breed")), "result": None,
    }
    # ---- tiles and sites (in the order they came into play / were bid on)
    tviews = {}
    for tv in view["auction"] + view["turn_order"]:
        tviews[tv["id"]] = tv
    for s in seats:
        for tv in view["players"][s]["village"] + view["players"][s]["to_place"]:
            tviews[tv["id"]] = tv
    order = view["order"]
    for tid in order["tiles"]:
        st["tiles"][tid] = _tile_rec(tviews[tid]) if tid in tviews else engine._tile_rec(None)
    for tid in order["site"]:
        site = tviews[tid]["site"]
        st["site"][tid] = {"colour": site["colour"], "uses": list(site["uses"]), "on": dict(site["on"]),
                           "bids": {s: dict(b) for s, b in site["bids"].items()}}
    seen = {c: 0 for c in COLOURS}
    seen_sk = {k: 0 for k in SKILLS}
    for b in view["boats"]:
        st["boats"][b["id"]] = {"workers": dict(b["workers"]), "skills": dict(b["skills"]), "owner": b["owner"]}
        for c in COLOURS:
            seen[c] += b["workers"][c]
        for k in SKILLS:
            seen_sk[k] += b["skills"][k]
    for s_ in st["site"].values():
        for c in COLOURS:
            seen[c] += s_["on"][c]
        for bd in s_["bids"].values():
            seen[bd["colour"]] += bd["n"]
    # ---- players
    others = [s for s in seats if s != me]
    final = view.get("final")
    for s in seats:
        pv = view["players"][s]
        st["players"][s] = {
            "workers": None, "skills": None, "wheat": pv["screen"]["wheat"], "winter": [], "pick": [],
            "picked": pv["winter_done"], "won": [t["id"] for t in pv["to_place"]], "home": pv["home"],
            "boat_rank": pv["boat_rank"],
            "placing": _j(view["placing"][s]) if view.get("placing") else None}
    mine = st["players"][me]
    mine["workers"] = dict(priv["workers"])
    mine["skills"] = dict(priv["skills"])
    mine["winter"] = list(priv["winter_hand"])
    mine["pick"] = list(priv["winter_pick"])
    for c in COLOURS:
        seen[c] += priv["workers"][c]
    for k in SKILLS:
        seen_sk[k] += priv["skills"][k]
    if final:                                          # the game is over: screens are open
        for s in others:
            st["players"][s]["workers"] = dict(final[s]["workers"])
            st["players"][s]["skills"] = dict(final[s]["skills"])
            for c in COLOURS:
                seen[c] += final[s]["workers"][c]
            for k in SKILLS:
                seen_sk[k] += final[s]["skills"][k]
    total = dict(data.BAG_WORKERS)
    total["green"] = data.GREEN_WORKERS - view["green_supply"]
    unseen = {c: total.get(c, 0) - seen[c] for c in COLOURS}
    unseen_sk = {k: data.SKILL_COUNT[k] - seen_sk[k] for k in SKILLS}
    hidden = [] if final else others
    hands = _deal(unseen, COLOURS, [view["players"][s]["screen"]["workers"] for s in hidden], rng)
    skills = _deal(unseen_sk, SKILLS, [view["players"][s]["screen"]["skills"] for s in hidden], rng)
    for i, s in enumerate(hidden):
        st["players"][s]["workers"] = hands[i]
        st["players"][s]["skills"] = skills[i]
    st["bag"] = hands[-1]
    st["pile"] = skills[-1]
    # ---- winter hands and picks of the others
    need = {s: view["players"][s]["winter_hand_count"] for s in others}
    if any(need.values()):
        far = opts["farmers"]
        wbase = data.tile_ids("winter", "base")
        wfar = data.tile_ids("winter", "farmers") if far else []
        out = set(mine["winter"]) | set(st["tiles"])
        if opts["farmers_variant"]:
            sure = [t for t in wfar if t not in out]
            maybe = [t for t in wbase if t not in out]
            k = sum(need.values()) - len(sure)
            cards = sure + rng.sample(maybe, k)
        else:
            cards = rng.sample([t for t in wbase + wfar if t not in out], sum(need.values()))
        rng.shuffle(cards)
        i = 0
        for s in others:
            p = st["players"][s]
            p["winter"] = sorted(cards[i:i + need[s]])
            i += need[s]
            if p["picked"] and p["winter"]:
                k = rng.randint(1, len(p["winter"]))
                p["pick"] = sorted(rng.sample(p["winter"], k))
    # ---- tiles of later seasons
    k = data.SETUP[n]["season_tiles"]
    used = set(st["tiles"])
    for sn in ("spring", "summer", "autumn")[season + 1:] if season < 3 else ():
        base = [t for t in data.tile_ids(sn, "base") if t not in used]
        farm = [t for t in data.tile_ids(sn, "farmers") if t not in used] if opts["farmers"] else []
        if opts["farmers_variant"]:
            st["pools"][sn] = farm + rng.sample(base, k - len(farm))
            rng.shuffle(st["pools"][sn])
        else:
            st["pools"][sn] = rng.sample(base + farm, k)
    # ---- the unfinished decision of the current player
    pend = view.get("pending")
    if phase == "play" and pend is not None:
        ctx = {k: _j(v) for k, v in pend.items() if k not in ("effect", "effect_step", "transport")}
        st["ctx"] = ctx
    # ---- allocation panels
    if phase in ("allocate", "over"):
        _allocation(engine, st, view, me)
    if phase == "over":
        st["result"] = _j(view["result"])
    return st


def _allocation(engine, st, view, me):
    from .allocation import best_allocation, position
    panel = {}
    to_act = set(view["to_act"])
    for s in st["seats"]:
        if s == me and view.get("private", {}).get("allocation"):
            a = view["private"]["allocation"]
            panel[s] = {"best": _j(a["suggested"]), "best_total": a["suggested_total"], "cur": _j(a["current"]),
                        "hist": _j(a["history"]), "step": _j(a["step"]), "done": a["confirmed"]}
            continue
        if view["phase"] == "over":
            r = view["result"][s]
            alloc = {"purple": _j(r["purple"]), "weaver_hold": r["weaver_hold"], "tiles": _j(r["tiles"])}
            panel[s] = {"best": alloc, "best_total": r["suggested_total"], "cur": _j(alloc), "hist": [],
                        "step": None, "done": True}
            continue
        best = best_allocation(position(engine, st, s))
        alloc = {k: _j(best[k]) for k in ("purple", "weaver_hold", "tiles")}
        panel[s] = {"best": alloc, "best_total": best["total"], "cur": _j(alloc), "hist": [], "step": None,
                    "done": s not in to_act}
    st["allocate"] = panel
