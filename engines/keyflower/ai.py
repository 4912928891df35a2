"""A heuristic Keyflower player: win useful tiles cheaply (never raising a bid that already
leads: winning workers go to the bag), produce what the village's upgrades miss, upgrade
whenever it can, spread the animals over the fields, offer and bid on the winter tiles by what
they add to the exact final allocation, pass when nothing is worth it. It is also the search's
rollout policy (engines/search.py)."""
from __future__ import annotations

from dataclasses import replace

from . import allocation, data, hexes
from .common import page_of
from .data import ANIMALS, RESOURCES, SKILLS, TILES


def _tile_value(engine, st, seat, tid):
    """Rough worth of owning a tile, in points."""
    t = TILES[tid]
    season = engine.season_name(st)
    left = {"spring": 3, "summer": 2, "autumn": 1, "winter": 0}[season]
    if t["season"] == "turn_order":
        return 3.0 if season == "winter" else 1.5
    if t["season"] == "winter":
        return _winter_value(engine, st, seat, tid)
    if t.get("summer_boat"):
        return 2.0
    front, back = t["front"] or {}, t["back"] or {}
    cost = t.get("cost") or {}
    skills = st["players"][seat]["skills"]
    skill_cost = all(k in SKILLS for k in cost)
    easy = skill_cost and all(skills[k] >= n for k, n in cost.items())
    v = front.get("vp", 0) + (0.8 if easy else 0.35) * (back.get("vp", 0) - front.get("vp", 0))
    if "gain" in front or "choose" in front:
        v += 1.2 * left
    if "transport" in front:
        v += 1.0 * left + 1
    if any(a in (front.get("gain") or {}) for a in ANIMALS):
        v += 1.0
    if "score_on_tile" in front:
        v += 1.5
    return v + 0.5


def _winter_gain(engine, st, seat, tid):
    """What owning winter tile ``tid`` would add to the seat's final score if the game ended
    now (the exact best allocation with and without it), plus a little for what the rest of
    winter can still bring to it."""
    p = st["players"][seat]
    key = (id(st), seat, st["rng_n"], tuple(p["workers"].values()), tuple(p["skills"].values()),
           p["wheat"], sum(sum(t["res"].values()) + len(t["animals"]) for t in st["tiles"].values()
                           if t["owner"] == seat))
    def now():
        pos = allocation.position(engine, st, seat)
        return pos, allocation.best_allocation(pos)["total"]
    pos, base = _memo(key, now)
    kind = TILES[tid].get("winter")
    if tid in allocation.POOL_TILES:
        v = allocation.best_allocation(replace(pos, tiles=pos.tiles | {tid}))["total"] - base
        return v + 1.0
    if kind == "keythedral":
        return 12.0
    if kind == "hillside":
        return 3.0
    fvp = TILES[tid].get("field_vp")
    if fvp:
        (sp, vp), = fvp.items()
        n = sum(1 for f in pos.fields.values() if sp in f)
        return n * (vp - pos.field_vp.get(sp, 0)) + 1.0
    return 2.0


def _winter_value(engine, st, seat, tid):
    if engine.season_name(st) == "winter":
        return _winter_gain(engine, st, seat, tid)
    p = st["players"][seat]
    w = sum(p["workers"].values())
    sk = sum(p["skills"].values())
    kind = TILES[tid].get("winter")
    table = {"apothecary": 3 * w / 5, "craftsmans_guild": 3 * min(p["workers"]["blue"], p["workers"]["red"], p["workers"]["yellow"]),
             "key_market": 2 * p["workers"]["green"], "village_hall": max(p["workers"].values()),
             "key_guild": 10 * (sk // 5), "scholar": 3 * max(p["skills"].values()),
             "scribes": 10 * min(p["skills"].values()), "keythedral": 12, "hillside": 4,
             "granary": 3 * (p["wheat"] // 2), "bakery": 4 * min(p["wheat"], sk),
             "jeweller": 4, "mercers_guild": 5, "watermill": 3, "windmill": 5,
             "dairy": 4, "truffle_orchard": 3, "weaver": 3}
    return 2 + table.get(kind, 3)


def _needs(engine, st, seat):
    """Resources wanted on each own upgradable tile: {tid: {res: missing}}; once per
    decision (the scores of one decision ask for it dozens of times). Read-only."""
    return _memo(("needs", seat), lambda: _count_needs(engine, st, seat))


def _count_needs(engine, st, seat):
    out = {}
    for tid, t in engine.village(st, seat).items():
        cost = TILES[tid].get("cost")
        if not cost or t["up"] or TILES[tid].get("back") is None:
            continue
        gain = (TILES[tid]["back"] or {}).get("vp", 0) - (TILES[tid]["front"] or {}).get("vp", 0)
        miss = {}
        anyr = cost.get("any_res", 0)
        have = dict(t["res"])
        for r in RESOURCES:
            m = max(0, cost.get(r, 0) - have[r])
            if m:
                miss[r] = m
            have[r] = max(0, have[r] - cost.get(r, 0))
        extra = max(0, anyr - sum(have.values()))
        if extra:
            miss["any"] = extra
        skill_ok = all(st["players"][seat]["skills"][s] >= cost.get(s, 0) for s in SKILLS)
        if cost.get("any_skill") and sum(st["players"][seat]["skills"].values()) < cost["any_skill"]:
            skill_ok = False
        out[tid] = {"miss": miss, "skill_ok": skill_ok, "gain": gain}
    return out


# values computed from the position once per decision (the heuristic never changes the state)
_MEMO: dict = {}


def _memo(key, compute):
    """``compute()``, worked out once per decision under ``key``."""
    if key not in _MEMO:
        _MEMO[key] = compute()
    return _MEMO[key]


def choose(engine, st, seat, rng, level="easy"):
    legal = engine.legal(st, seat)
    if len(legal) == 1:
        return legal[0]
    _MEMO.clear()
    try:
        a = _choose(engine, st, seat, rng, legal)
    except Exception:  # never let a heuristic bug make an illegal move
        a = None
    if a not in legal:
        a = _fallback(st, seat, legal)
    return a


def _fallback(st, seat, legal):
    """The wanted choice is not on this page (or the heuristic failed): turn the page
    forward, else finish the current step rather than loop."""
    forward = [a for a in legal if a["type"] == "page" and a["page"] > page_of(st, seat)]
    if forward:
        return forward[0]
    for t in ("t_end", "skip", "t_back", "place", "pass"):
        for a in legal:
            if a["type"] == t:
                return a
    return legal[0]


def _by_type(legal, t):
    return [a for a in legal if a["type"] == t]


def _choose(engine, st, seat, rng, legal):
    ph = st["phase"]
    p = st["players"][seat]
    if ph == "allocate":                                # the suggestion: the best allocation
        return {"type": "alloc_accept"}
    if ph == "winter_pick":
        gains = {t: _winter_gain(engine, st, seat, t) for t in p["winter"]}
        top = max(gains.values())
        # offer every tile worth having (more tiles to bid on), always the best one
        want = sorted(t for t, g in gains.items() if g >= max(4.0, 0.5 * top) or g == top)
        for t in p["winter"]:
            if (t in want) != (t in p["pick"]):
                return {"type": "winter", "tile": t}
        return {"type": "winter_done"}
    if ph == "boats" and _by_type(legal, "field"):     # a bonus animal: a field to breed in
        sp = st["end"]["animals"][0]["sp"]
        return _best_field(engine, st, seat, sp, _by_type(legal, "field"))
    if ph == "breed":                                   # too few newborns: the best fields
        _, sp, _ = engine._breed_pick(st)
        return _best_field(engine, st, seat, sp, _by_type(legal, "newborn"))
    if ph == "boats":
        def bval(b):
            if engine.season_name(st) == "winter":
                return _boat_score_guess(engine, st, seat, b)
            bb = st["boats"][b]
            return sum(bb["workers"].values()) + 1.5 * sum(bb["skills"].values())
        return max(_by_type(legal, "boat"), key=lambda a: bval(a["boat"]))
    if ph == "place":
        return _place(engine, st, seat, legal)
    if ph == "flip":
        flips = _by_type(legal, "flip")
        if not flips:
            return {"type": "skip"}
        return max(flips, key=lambda a: (TILES[a["tile"]]["back"] or {}).get("vp", 0) - (TILES[a["tile"]]["front"] or {}).get("vp", 0))
    pages = _by_type(legal, "page")
    ctx = st["ctx"]
    if ctx is None:
        return _main(engine, st, seat, rng, legal)
    step = ctx["step"]
    if step == "target":
        # tiles to choose from, and tiles offered with their only way to place workers
        tiles = [a for a in legal if a["type"] in ("tile", "place")]
        if not tiles:
            return pages[0] if pages else {"type": "cancel"}
        score = _bid_score if ctx["intent"] == "bid" else _use_score
        return max(tiles, key=lambda a: (score(engine, st, seat, a["tile"]), a["tile"]))
    if step == "mixed":                 # 4b: several colours, step by step
        return _mixed_step(engine, st, seat, legal)
    if step == "colour" and not _by_type(legal, "colour") and not _by_type(legal, "place") \
            and _by_type(legal, "mixed"):
        return _by_type(legal, "mixed")[0]
    if step == "colour" and _by_type(legal, "colour"):
        cols = _by_type(legal, "colour")
        return max(cols, key=lambda a: _colour_pref(engine, st, seat, a["colour"]))
    groups = _by_type(legal, "group")
    places = _by_type(legal, "place")
    if step == "workers" and groups:       # losing bids added one by one (a long list)
        if ctx["intent"] == "bid":
            return groups[0]
        if places:
            return min(places, key=lambda a: a["n"])
        return groups[0]
    if step in ("colour", "workers"):
        if places:
            return _best_placement(engine, st, seat, ctx, places)
        return pages[0] if pages else {"type": "cancel"}
    return _effect(engine, st, seat, rng, legal)


def _mixed_step(engine, st, seat, legal):
    """Gather the fewest workers a 4b mixed use needs: losing bids first (they would only
    come back), then the colour the screen holds most of."""
    groups = _by_type(legal, "group")
    if groups:
        return groups[0]
    if {"type": "mix_done"} in legal:
        return {"type": "mix_done"}
    adds = _by_type(legal, "add")
    if not adds:
        return {"type": "cancel"}
    p = st["players"][seat]["workers"]
    return max(adds, key=lambda a: (a["colour"] != "green", p[a["colour"]], a["colour"]))


def _best_field(engine, st, seat, sp, opts):
    """A field for an animal: one without the species (it scores once per field), then one
    where it makes a breeding pair, then the fewest other animals."""
    _, cont = engine.field_contents(st, seat)

    def key(a):
        c = cont[a["field"]]
        return (c[sp] == 0, c[sp] == 1, -sum(c.values()), a["field"])
    return max(opts, key=key)


def _colour_pref(engine, st, seat, colour):
    """Place the colour the seat holds most of (screen and losing bids); green last."""
    return engine._avail(st, seat, colour) - (3 if colour == "green" else 0)


def _best_placement(engine, st, seat, ctx, places):
    """Among complete placements of one tile: the preferred colour, then for a bid every
    losing bid moved along and as few screen workers as win; for a use the screen first
    and as few workers as the tile needs."""
    def key(a):
        intent, tid, colour, groups, k = engine._placement(ctx, a)
        moved = sum(st["site"][g]["bids"][seat]["n"] for g in groups)
        if intent == "bid":
            return (_colour_pref(engine, st, seat, colour), moved, -k)
        return (_colour_pref(engine, st, seat, colour), -len(groups), -(moved + k))
    return max(places, key=key)


def _boat_score_guess(engine, st, seat, b):
    vil = engine.village(st, seat)
    kind = TILES[b]["boat_score"]
    if kind == "transport":
        return sum(engine.side(st, t)["transport"][0] for t in vil if t in data.TRANSPORT_TILES)
    if kind == "road_loop":
        return hexes.longest_road_loop(vil, 20000)
    if kind == "river":
        return 2
    if kind == "flipper":
        return 6
    if kind == "fixed":
        return 5
    if kind == "workers":
        return sum(st["players"][seat]["workers"].values())
    return 0


SEASON_LEFT = {"spring": 3, "summer": 2, "autumn": 1, "winter": 0}


def _bid_score(engine, st, seat, tid):
    """Worth of bidding on a tile now: its value minus the workers a winning bid loses."""
    best, own = engine._bid_state(st, seat, tid)
    if own > best:          # already leading: more workers would only go to the bag
        return -99.0
    total = best + 1
    return _tile_value(engine, st, seat, tid) - 1.1 * total - (0.3 if own == 0 else 0)


_WORKER_TILES = ("apothecary", "village_hall", "craftsmans_guild", "key_market")


def _worker_cost(engine, st, seat):
    """What a worker given away for good is worth (a use in another village): in winter a
    worker left over scores only on the worker winter tiles. Bids keep 1.1 in winter too:
    cheaper bids there only started bidding wars for the winter tiles (fewer points)."""
    if engine.season_name(st) != "winter":
        return 1.1
    vil = engine.village(st, seat)
    return 0.9 if any(t in vil for t in _WORKER_TILES) else 0.5


def _gain_value(engine, st, seat, gain, target, own):
    season = engine.season_name(st)
    left = SEASON_LEFT[season]
    needs = _needs(engine, st, seat)
    aim = _hand_aims(st, seat)
    v = 0.0
    short = _memo(("shortfall", seat), lambda: _shortfall(engine, st, seat, needs))
    for k, n in gain.items():
        if k in RESOURCES:
            want = (target in needs and (k in needs[target]["miss"] or "any" in needs[target]["miss"])
                    or short.get(k, 0) > 0)
            v += n * (1.6 if want else (0.9 if left else 0.5 + (0.5 if k == "gold" else 0)) + aim["res"])
        elif k in ("worker", "green"):
            v += (0.9 + aim["worker"] + (aim["green"] if k == "green" else 0)) * n
        elif k == "skill":
            v += (1.2 + aim["skill"]) * n
        elif k == "wheat":
            v += (0.4 + aim["wheat"]) * n
        elif k in ANIMALS:
            if engine._animal_fields(st, seat, k, target if own else st["players"][seat]["home"]):
                v += n * (data.FIELD_VP[k] * 0.6 + 0.4 * left)
    return v


def _shortfall(engine, st, seat, needs):
    """Per resource, how many the seat's upgrades (with their skills at hand) still miss
    beyond what lies spare in the village (more than a tile's own upgrade takes): what is
    worth producing, even on the home tile, as transport can bring it over."""
    spare = {r: 0 for r in RESOURCES}
    for tid, t in engine.village(st, seat).items():
        cost = (TILES[tid].get("cost") or {}) if tid in needs else {}
        for r in RESOURCES:       # what a tile's own upgrade takes is not spare
            spare[r] += max(0, t["res"][r] - cost.get(r, 0))
    out = {}
    anyn = 0
    for n in needs.values():
        if n["gain"] <= 0 or not n["skill_ok"]:
            continue
        for r, m in n["miss"].items():
            if r == "any":
                anyn += m
            else:
                out[r] = out.get(r, 0) + m
    for r in RESOURCES:
        out[r] = out.get(r, 0) - spare[r]
    extra = sum(-v for v in out.values() if v < 0)
    if anyn > extra:
        for r in ("wood", "stone", "iron"):
            out[r] = max(out[r], 1)
    return out


def _hand_aims(st, seat):
    """Extra worth of a good for the winter tiles in the seat's own hand: a player dealt the
    Scholar collects skills, one dealt the Granary wheat, and so on (points per item, rough)."""
    out = {"res": 0.0, "worker": 0.0, "green": 0.0, "skill": 0.0, "wheat": 0.0}
    for tid in st["players"][seat]["winter"]:
        kind = TILES[tid].get("winter")
        if kind in ("scholar", "key_guild", "scribes"):
            out["skill"] += 0.8
        elif kind in ("mercers_guild", "windmill", "watermill", "jeweller"):
            out["res"] += 0.4
        elif kind in ("apothecary", "village_hall", "craftsmans_guild"):
            out["worker"] += 0.3
        elif kind == "key_market":
            out["green"] += 1.0
        elif kind in ("granary", "bakery"):
            out["wheat"] += 0.8
    return {k: min(v, 1.5) for k, v in out.items()}


def _use_score(engine, st, seat, tid):
    """Worth of using a tile now, counting where its workers end up."""
    side = engine.side(st, tid)
    t = st["tiles"][tid]
    own = t["owner"] == seat and t["pos"] is not None
    need, _ = engine._use_need(st, tid)
    target = tid if own else st["players"][seat]["home"]
    v = 0.0
    if "transport" in side:
        needs = _needs(engine, st, seat)
        ups = side["transport"][1] * (2 if "2b" in engine.faces(st, seat) else 1)
        ready = sorted((n["gain"] for n in needs.values() if not n["miss"] and n["skill_ok"] and n["gain"] > 0), reverse=True)
        v += sum(ready[:ups]) * 0.9
        if _plan_move(engine, st, seat, {"pts": side["transport"][0]}):
            # resources can be brought closer to a tile that needs them for its upgrade
            v += 1.0 + 0.3 * min(side["transport"][0], 4)
    if "choose" in side:
        v += max(_gain_value(engine, st, seat, g, target, own) for g in side["choose"])
    elif "gain" in side:
        v += _gain_value(engine, st, seat, side["gain"], target, own)
    if "swap" in side:
        v += 0.5 if sum(st["players"][seat]["skills"].values()) else 0
    if "pay" in side:
        what = next(iter(side["pay"]))
        p = st["players"][seat]
        if what.startswith("worker"):
            c = what.split("_")[1] if "_" in what else None
            have = engine._avail(st, seat, c) if c else sum(p["workers"].values())
            v = v - 0.8 if have > need else 0
        elif what == "skill":
            v = v - 1.0 if sum(p["skills"].values()) else 0
        elif p["skills"].get(what, 0) == 0:
            v = 0
        else:
            v -= 1.0
    # workers placed in your own village come back; elsewhere they are gone
    cost = 0.1 * need if own else 0.55 * _worker_cost(engine, st, seat) * need
    return v - cost


def _main(engine, st, seat, rng, legal):
    if {"type": "shelter"} in legal:
        return {"type": "shelter"}
    places = _by_type(legal, "place")
    mixed = _by_type(legal, "mixed")
    if places or mixed:  # the whole turn in one list: the best tile, then the best way
        best, tile = 0.4, None
        for t in dict.fromkeys([(a["intent"], a["tile"]) for a in places]
                               + [("use", a["tile"]) for a in mixed]):
            sc = (_bid_score if t[0] == "bid" else _use_score)(engine, st, seat, t[1])
            if sc > best or (sc == best and tile is not None and t > tile):
                best, tile = sc, t
        if tile is None:
            return {"type": "pass"}
        ways = [a for a in places if (a["intent"], a["tile"]) == tile]
        if not ways:
            return {"type": "mixed", "tile": tile[1]}
        return _best_placement(engine, st, seat, None, ways)
    best, choice = 0.4, {"type": "pass"}
    if {"type": "bid"} in legal:
        for t in engine._bid_targets(st, seat):
            sc = _bid_score(engine, st, seat, t)
            if sc > best:
                best, choice = sc, {"type": "bid"}
    for a in _by_type(legal, "use"):
        for t in engine._use_targets(st, seat, a["where"]):
            sc = _use_score(engine, st, seat, t)
            if sc > best:
                best, choice = sc, {"type": "use", "where": a["where"]}
    return choice


def _effect(engine, st, seat, rng, legal):
    ctx = st["ctx"]
    step = ctx["queue"][0]
    k = step["k"]
    pages = _by_type(legal, "page")
    if k == "choose":
        needs = _needs(engine, st, seat)
        want = needs.get(step["tile"], {}).get("miss", {})
        def cv(a):
            g = step["opts"][a["i"]]
            sc = 0
            for key, n in g.items():
                sc += 2 if key in want else 0
                sc += data.FIELD_VP.get(key, 0) * 1.5 + (1 if key == "skill" else 0) + (0.5 if key == "wheat" else 0)
            return sc
        return max(_by_type(legal, "choose"), key=cv)
    if k in ("pay", "swap"):
        opts = [a for a in legal if a["type"] in ("pay", "swap")]
        if k == "pay" and opts and "from" in opts[0]:
            # a losing bid pays as a whole: a bid of one worker first (it costs no more than
            # a screen worker), then the screen, then the smallest losing bid if worth it
            ones = [a for a in opts if a["from"] != "screen" and a["n"] == 1]
            screen = [a for a in opts if a["from"] == "screen"]
            if ones or screen:
                return (ones or screen)[0]
            lose = sorted((a for a in opts if a["from"] != "screen"), key=lambda a: a["n"])
            return lose[0] if lose and lose[0]["n"] <= 2 else {"type": "skip"}
        if k == "pay" and opts:
            p = st["players"][seat]
            return max(opts, key=lambda a: p["skills"][a["skill"]])
        return opts[0] if opts else {"type": "skip"}
    if k == "animal":
        fs = _by_type(legal, "field")
        if not fs:
            return pages[0]
        fmap, cont = engine.field_contents(st, seat)
        sp = step["sp"]

        def key(a):
            # a field scores once per species in it: a new field first, then a breeding pair
            c = cont[a["field"]]
            return (c[sp] == 0, c[sp] == 1, -sum(c.values()), a["field"])
        return max(fs, key=key)
    if k == "transport":
        return _transport(engine, st, seat, rng, legal, step)
    return legal[0]


def _transport(engine, st, seat, rng, legal, step):
    sub = step.get("sub")
    ups = _by_type(legal, "upgrade")
    if sub is None:
        if ups:
            def gain(a):
                t = TILES[a["tile"]]
                return (t["back"] or {}).get("vp", 0) - (t["front"] or {}).get("vp", 0) + (2 if "transport" in (t["front"] or {}) else 0)
            return max(ups, key=gain)
        move = _plan_move(engine, st, seat, step)
        if move:
            return {"type": "t_from", "tile": move[0]}
        if _by_type(legal, "page"):
            return _by_type(legal, "page")[0]
        return {"type": "t_end"}
    if "from" in sub:
        move = _plan_move(engine, st, seat, step, src=sub["from"])
        if move:
            a = {"type": "t_move", "res": move[1], "to": move[2]}
            if a in legal:
                return a
        return {"type": "t_back"}
    if "up" in sub:
        return _by_type(legal, "u_pay")[0]
    return {"type": "t_back"}


def _plan_move(engine, st, seat, step, src=None):
    """(source tile, resource, next tile) moving a needed resource one road step closer to a
    tile that needs it for its upgrade; None if nothing useful fits."""
    if step["pts"] < 1:
        return None
    vil = engine.village(st, seat)
    needs = _needs(engine, st, seat)
    adj = hexes.road_graph(vil, "2a" in engine.faces(st, seat))
    best = None
    for target, n in needs.items():
        if not n["miss"] or not n["skill_ok"] or n["gain"] <= 0:
            continue
        dist = hexes.distances(adj, target)
        total_missing = sum(n["miss"].values())
        for tid, t in vil.items():
            if tid == target or tid not in dist or (src and tid != src):
                continue
            if dist[tid] > step["pts"] + 2:
                continue
            for r in RESOURCES:
                if t["res"][r] <= 0 or (r not in n["miss"] and "any" not in n["miss"]):
                    continue
                # do not strip a tile of what it needs itself
                own_cost = TILES[tid]["cost"] or {}
                if tid in needs and needs[tid]["skill_ok"] and needs[tid]["gain"] > 0 \
                        and t["res"][r] <= own_cost.get(r, 0) + own_cost.get("any_res", 0):
                    continue
                for nb in adj[tid]:
                    if nb in dist and dist[nb] < dist[tid]:
                        score = (dist[tid] <= step["pts"], -total_missing, -dist[tid])
                        if best is None or score > best[0]:
                            best = (score, (tid, r, nb))
    return best[1] if best else None


def _place(engine, st, seat, legal):
    tiles = _by_type(legal, "place_tile")
    if tiles:
        return tiles[0]
    hx = _by_type(legal, "hex")
    vil = engine.village(st, seat)
    pl = st["players"][seat]["placing"]
    tid = pl["tile"] if pl else st["players"][seat]["won"][0]
    if hx:
        home = st["players"][seat]["home"]
        hq, hr = vil[home]["pos"]

        def hval(a):
            q, r = hexes.unkey(a["hex"])
            rots = hexes.placements(vil, tid, "2a" in engine.faces(st, seat)).get(a["hex"], [0])
            roads = max(_roads_joined(vil, tid, q, r, rot) for rot in rots)
            d = (abs(q - hq) + abs(r - hr) + abs(q + r - hq - hr)) / 2
            return (roads, -d)
        return max(hx, key=hval)
    rots = _by_type(legal, "rotate")
    if rots:
        q, r = hexes.unkey(pl["hex"])
        return max(rots, key=lambda a: _roads_joined(vil, tid, q, r, a["rot"]))
    return legal[0]


def _roads_joined(vil, tid, q, r, rot):
    mine = hexes.edges_of(tid, rot)
    g = hexes.grid(vil)
    n = 0
    for d in range(6):
        nk = hexes.key(*hexes.neighbour(q, r, d))
        if nk in g and mine[d] == "R":
            o = g[nk]
            if hexes.edges_of(o, vil[o]["rot"])[(d + 3) % 6] == "R":
                n += 1
    return n
