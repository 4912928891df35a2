"""A fast heuristic player for Glen More.

No search: every decision is scored with simple estimates of what a tile, a resource, a
whisky barrel or a card is worth to this player now.  Always returns one of
``engine.legal(state, seat)``.
"""
from __future__ import annotations

from . import data as D
from .engine import RES, DIRS8, clansmen, grid, held, plan_payment, sell_price, buy_price, tile_type

CARD_BASE = 3.0          # a special location counts in three scorings
WHISKY_VALUE = 2.0
CUBE_VALUE = 1.0
MOVE_PENALTY = 0.9       # per chain space skipped


def choose(engine, state, seat, rng, level="easy"):
    """The heuristic's action. It reads only what ``seat`` may know (its own display, the
    public table, the stack sizes): it is called on a determinized state. ``level`` is
    accepted for the search's sake and ignored."""
    legal = engine.legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    action = _choose(engine, state, seat, rng, legal)
    if action in legal:
        return action
    # never illegal: fall back to the first page, else the first real choice
    pages = [a for a in legal if a["type"] == "page" and a["n"] >= 0]
    return pages[0] if pages else legal[0]


def _choose(engine, state, seat, rng, legal):
    turn = state["turn"]
    p = state["players"][seat]
    if turn.get("paying"):
        return _pay_from(engine, state, p, legal)
    if turn["selling"]:
        return _best(legal, lambda a: len(grid(p)[tuple(a["at"])]["cubes"]) if a["type"] == "sell_from" else -1)
    sub = turn["sub"]
    if sub:
        return _sub(engine, state, seat, p, turn, sub, legal, rng)
    step = turn["step"]
    if step == "choose":
        return _choose_tile(engine, state, seat, p, legal, rng)
    if step == "ness_pay":
        def v(a):
            if a["with"] == "chieftain":
                return -3 if clansmen(p) > 1 else 5
            t = grid(p)[tuple(a["with"])]
            return t["men"] + (0 if clansmen(p) > 1 else -10)
        return _best([a for a in legal if a["type"] == "pay_ness"], v)
    if step == "oich_pay":
        h = held(p)
        return _best([a for a in legal if a["type"] == "pay_pair"],
                     lambda a: sum(h[r] for r in a["res"]) - _plan_cost(state, p, {a["res"][0]: 1, a["res"][1]: 1}))
    if step == "place":
        return _navigate(engine, state, seat, legal, _best_spot(engine, p, turn["tile"]), "place")
    if step == "lochy":
        h = held(p)
        return _best([a for a in legal if a["type"] == "lochy"],
                     lambda a: -sum(h[r] for r in a["res"]) + (0 if a["res"][0] == a["res"][1] else 1.5)
                     + rng.random() * 0.1)
    if step == "shiel":
        h = held(p)
        return _best([a for a in legal if a["type"] == "shiel"],
                     lambda a: -h[a["res"]] if "res" in a else 0)
    if step == "activate":
        return _activate(engine, state, seat, p, turn, legal, rng)
    if step == "move":
        return _move(engine, state, seat, p, turn, legal)
    return legal[0]


def _pay_from(engine, state, p, legal):
    """Which tile pays: the engine's suggestion (listed first: the tile holding the most
    cubes, which frees room where production would be lost)."""
    return legal[0]


def _best(actions, key):
    best, bv = None, None
    for a in actions:
        v = key(a)
        if bv is None or v > bv:
            best, bv = a, v
    return best


def _plan_cost(state, p, cost):
    plan = plan_payment(p, state["market"], cost)
    if plan is None:
        return 99
    used = sum(plan["use"].values()) * CUBE_VALUE
    return used + plan["price"] + sum(plan["sell"].values()) * CUBE_VALUE - plan["proceeds"]


def _endgame(state) -> bool:
    st = state["stacks"]
    return not st[0] and not st[1] and not st[2] and len(st[3]) <= 3


def _navigate(engine, state, seat, legal, target, kind):
    """Reach ``target`` (a cell) through the pages when the list is split."""
    want = {"type": kind, "at": list(target)} if target is not None else None
    if want in legal:
        return want
    pages = engine._page_cells(state, seat)
    if pages and want is not None:
        for k, pg in enumerate(pages):
            if want in pg:
                act = {"type": "page", "n": k}
                if act in legal:
                    return act
        back = {"type": "page", "n": -1}
        if back in legal:
            return back
    cands = [a for a in legal if a["type"] == kind]
    if cands:
        return cands[0]
    pages_acts = [a for a in legal if a["type"] == "page" and a["n"] >= 0]
    return pages_acts[0] if pages_acts else legal[0]


# ---------------------------------------------------------------------------- tile value
def _tile_value(engine, state, p, tid):
    t = D.TILES[tid]
    typ = t["type"]
    h = held(p)
    v = 0.0
    if typ in D.PRODUCTION:
        r = D.PRODUCTION[typ]
        same = sum(1 for x in p["tiles"] if D.PRODUCTION.get(tile_type(x)) == r)
        v = 3.0 - 0.6 * same
        if r in ("wood", "stone"):
            v += 0.5
    elif typ == "village":
        v = 3.5 if clansmen(p) < 4 else 2.5
    elif typ == "castle":
        v = 5.0
    elif typ == "distillery":
        v = 3.0 + (1.0 if h["grain"] or any(tile_type(x) == "grain_field" for x in p["tiles"]) else 0)
    elif typ == "tavern":
        v = t["vp"] * 1.2 - WHISKY_VALUE * 0.6
    elif typ == "fair":
        types = sum(1 for r in RES if h[r] or any(D.PRODUCTION.get(tile_type(x)) == r for x in p["tiles"]))
        v = 1.0 + 0.8 * min(types, t["max_types"])
    elif typ.startswith("butcher"):
        v = 1.5
    elif typ == "grocer":
        v = 3.5
    elif typ == "bridge":
        v = 3.0
    elif typ == "iona_abbey":
        v = 2.0 * (1 + sum(1 for x in p["tiles"] if D.TILES[x["id"]]["colour"] == "yellow")) + 1
    elif typ == "loch":
        card = t["card"]
        if card == "Loch Lochy":
            v = 2.5
        elif card == "Loch Morar":
            v = 2.0 * sum(1 for x in p["tiles"] if D.TILES[x["id"]]["colour"] == "green") + 2
        elif card == "Loch Ness":
            v = 1.0
        elif card == "Loch Shiel":
            v = 1.2 * sum(1 for x in p["tiles"] if tile_type(x) in D.PRODUCTION and not x["cubes"])
        elif card == "Loch Oich":
            v = 0.8 * len(p["tiles"])
    card = t.get("card")
    if card:
        v += CARD_BASE * _scorings_left(state) / 3.0 + D.CARDS[card]["hats"] * 1.0
        c = D.CARDS[card]
        v += c.get("whisky", 0) * WHISKY_VALUE + c.get("coins", 0) + c.get("clansmen", 0) * 1.0
        if card == "Duart Castle":
            v += 3.0 * sum(1 for x in p["tiles"] if tile_type(x) in D.VILLAGE_TYPES)
    if typ == "distillery":
        v += WHISKY_VALUE * 0.5
    # the end-of-game tile penalty: late tiles must pay for themselves
    v -= 1.0 if _scorings_left(state) <= 1 else 0.4
    return v


def _scorings_left(state):
    return 3 - state["scorings"]


def _best_spot(engine, p, tid, memo=None):
    kind = D.TILES[tid]["edges"]
    if memo is not None and kind in memo:
        return memo[kind]
    best = _best_spot_uncached(engine, p, tid)
    if memo is not None:
        memo[kind] = best
    return best


def _best_spot_uncached(engine, p, tid):
    spots = engine.legal_spots(p, tid)
    if not spots:
        return None
    g = grid(p)
    typ = D.TILES[tid]["type"]

    def v(c):
        x, y = c
        score = 0.0
        for dx, dy in DIRS8:
            n = g.get((x + dx, y + dy))
            if n is None:
                continue
            nt = tile_type(n)
            if nt in D.PRODUCTION:
                score += 1.2 if len(n["cubes"]) < 3 else 0.3
            elif nt in D.GREY_TYPES:
                score += 1.0
            elif nt in ("fair", "grocer", "tavern", "bridge", "distillery") or nt.startswith("butcher"):
                score += 1.1
            else:
                score += 0.3
            score += 0.2 * min(n["men"], 2)
        if typ in D.GREY_TYPES:
            score += 0.1 * (abs(x) + abs(y))      # spread clansmen outwards a little
        return score - 0.05 * (abs(x) + abs(y))
    return max(spots, key=v)


def _choose_tile(engine, state, seat, p, legal, rng):
    takes = [a for a in legal if a["type"] == "take"]
    if not takes:
        if _endgame(state):
            sells = [a for a in legal if a["type"] == "sell"]
            if sells:
                return sells[0]
        return next((a for a in legal if a["type"] == "pass"), legal[0])
    order = engine.chain(state)
    memo = {}
    best, bv = None, None
    for a in takes:
        tid = state["spaces"][a["space"]]["tile"]
        t = D.TILES[tid]
        v = _tile_value(engine, state, p, tid)
        cost = t["cost"]
        res_cost = {r: n for r, n in cost.items() if r in RES}
        if res_cost:
            v -= _plan_cost(state, p, res_cost)
        if "distinct_resources" in cost:
            v -= 2.5
        if "clansman_or_chieftain" in cost:
            v -= 2.0
        spot = _best_spot(engine, p, tid, memo) if D.TILES[tid]["type"] not in D.GREY_TYPES \
            else _best_spot(engine, p, tid)
        if spot is not None:
            g = grid(p)
            n = sum(1 for dx, dy in DIRS8 if (spot[0] + dx, spot[1] + dy) in g)
            v += 0.5 * n
        dist = order.index(a["space"]) - 1
        v -= MOVE_PENALTY * dist
        v += rng.random() * 0.05
        if bv is None or v > bv:
            best, bv = a, v
    return best


# ---------------------------------------------------------------------------- activation
def _activation_value(engine, state, p, t):
    typ = tile_type(t)
    if typ in D.PRODUCTION:
        return 2.0 if len(t["cubes"]) < 3 else -1
    if typ in D.GREY_TYPES:
        return 0.8
    if typ == "tavern":
        return 10
    if typ == "iona_abbey":
        return 2.0 if len(t["cubes"]) < 3 else -1
    if typ in D.FIXED_ACTIVATIONS:
        best = -1.0
        for pay, vp, whisky in D.FIXED_ACTIVATIONS[typ]:
            plan = plan_payment(p, state["market"], pay, allow_sell=False)
            if plan is None:
                continue
            val = vp + whisky * WHISKY_VALUE - sum(plan["use"].values()) * CUBE_VALUE - plan["price"]
            best = max(best, val)
        return best
    if typ == "fair":
        h = held(p)
        k = min(sum(1 for r in RES if h[r]), D.TILES[t["id"]]["max_types"])
        if k == 0:
            return -1
        return D.FAIR_VP[D.TILES[t["id"]]["max_types"]][k - 1] - k * CUBE_VALUE
    if typ == "grocer":
        n = sum(held(p).values())
        return 8 - 3 * CUBE_VALUE if n >= 3 else -1
    return -1


def _activate(engine, state, seat, p, turn, legal, rng):
    g = grid(p)
    acts = [a for a in legal if a["type"] == "activate"]
    free_first = []
    paid = []
    for a in acts:
        t = g[tuple(a["at"])]
        typ = tile_type(t)
        val = _activation_value(engine, state, p, t)
        if val <= 0:
            continue
        if typ in D.PRODUCTION or typ in D.GREY_TYPES or typ in ("tavern", "iona_abbey"):
            free_first.append((val, a))
        else:
            paid.append((val, a))
    if free_first:
        return max(free_first, key=lambda x: x[0])[1]
    if paid:
        return max(paid, key=lambda x: x[0])[1]
    if {"type": "loch_ness"} in legal:
        targets = engine._ness_targets(state, p)
        if any(_activation_value(engine, state, p, g[c]) > 0.5 for c in targets):
            return {"type": "loch_ness"}
    pages = [a for a in legal if a["type"] == "page"]
    if pages:
        # Loch Oich: look through every page for something worth doing
        all_cells = [c for c in engine._activatable_now(state, p)
                     if _activation_value(engine, state, p, g[c]) > 0]
        if all_cells:
            return _navigate(engine, state, seat, legal, all_cells[0], "activate")
    return {"type": "done"}


def _sub(engine, state, seat, p, turn, sub, legal, rng):
    kind = sub["kind"]
    h = held(p)
    if kind == "iona":
        def v(a):
            if a["type"] != "choose":
                return -99
            r = a["res"]
            return -h[r] + 0.3 * (sell_price(state["market"][r]) or 0)
        return _best(legal, v)
    if kind == "butcher":
        opts = [a for a in legal if a["type"] == "butcher"]
        return max(opts, key=lambda a: a["n"]) if opts else {"type": "cancel"}
    if kind == "basket":
        t = grid(p)[tuple(sub["at"])]
        basket = sub["basket"]
        adds = [a for a in legal if a["type"] == "add"]
        own = [a for a in adds if h[a["res"]] > basket.count(a["res"])]
        if tile_type(t) == "grocer":
            if own:
                return max(own, key=lambda a: h[a["res"]] - basket.count(a["res"]))
            if {"type": "pay"} in legal:
                return {"type": "pay"}
            cheap = [a for a in adds if (buy_price(state["market"][a["res"]]) or 9) <= 2]
            if cheap and len(basket) >= 1:
                return cheap[0]
            return {"type": "cancel"}
        if own:
            return max(own, key=lambda a: h[a["res"]])
        vps = D.FAIR_VP[D.TILES[t["id"]]["max_types"]]
        k = len(basket)
        if adds and k < len(vps):
            gain = vps[k] - (vps[k - 1] if k else 0)
            cheapest = min(adds, key=lambda a: buy_price(state["market"][a["res"]]) or 9)
            price = buy_price(state["market"][cheapest["res"]]) or 9
            if price < gain:
                return cheapest
        if {"type": "pay"} in legal:
            return {"type": "pay"}
        return {"type": "cancel"}
    if kind == "ness_target":
        g = grid(p)
        cells = [c for c in engine._ness_targets(state, p)]
        if not cells:
            return {"type": "cancel"}
        best = max(cells, key=lambda c: _activation_value(engine, state, p, g[c]))
        return _navigate(engine, state, seat, legal, best, "ness_target")
    if kind == "clansman":
        plan = _movement_plan(engine, state, p, turn, fixed=tuple(sub["at"]))
        if plan and plan[0] == "chieftain" and {"type": "chieftain"} in legal:
            return {"type": "chieftain"}
        if plan and plan[0] == "move":
            act = {"type": "move_to", "at": list(plan[2])}
            if act in legal:
                return act
        return {"type": "cancel"}
    if kind == "confirm_last":
        return {"type": "cancel"}
    return legal[-1]


def _move(engine, state, seat, p, turn, legal):
    if _endgame(state):
        sells = [a for a in legal if a["type"] == "sell"]
        if sells:
            return sells[0]
    if turn["mp"] > 0 and any(a["type"] in ("clansman", "page") for a in legal):
        plan = _movement_plan(engine, state, p, turn)
        if plan:
            return _navigate(engine, state, seat, legal, plan[1], "clansman")
    return {"type": "end"}


def _reach(g) -> dict[tuple[int, int], int]:
    """Each open cell next to the display -> the clansmen on the eight cells around it.
    A cell with any may take a new tile (placement condition 2)."""
    open_cells = set()
    for (x, y) in g:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c = (x + dx, y + dy)
            if c not in g:
                open_cells.add(c)
    return {(x, y): sum(g[n]["men"] for dx, dy in DIRS8 if (n := (x + dx, y + dy)) in g)
            for (x, y) in open_cells}


def _around(c) -> set[tuple[int, int]]:
    return {(c[0] + dx, c[1] + dy) for dx, dy in DIRS8}


def _movement_plan(engine, state, p, turn, fixed=None):
    """("move", from, to) / ("chieftain", from) / None for the next movement point."""
    g = {c: {"men": t["men"], "id": t["id"]} for c, t in grid(p).items()}
    reach = _reach(g)
    base = sum(1 for men in reach.values() if men > 0)
    sources = [c for c, t in g.items() if t["men"] > 0 and (fixed is None or c == fixed)]
    best = None
    for c in sources:
        near_c = _around(c)
        for dx, dy in DIRS8:
            d = (c[0] + dx, c[1] + dy)
            if d not in g:
                continue
            # one clansman from c to d: only the open cells around one of them change
            near_d = _around(d)
            gain = (sum(1 for o in near_d - near_c if reach.get(o) == 0)
                    - sum(1 for o in near_c - near_d if reach.get(o) == 1))
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, c, d)
    if best:
        return ("move", best[1], best[2])
    keep = 1 if (state["scorings"] >= 2 and not any(state["stacks"][:3])
                 and len(state["stacks"][3]) <= 4) else 2
    if clansmen(p) > keep:
        bestc = None
        for c in sources:
            cov = base - sum(1 for o in _around(c) if reach.get(o) == 1)   # c's clansman leaves
            if bestc is None or cov > bestc[0]:
                bestc = (cov, c)
        if bestc and (bestc[0] >= min(base, 4) or keep == 1):
            return ("chieftain", bestc[1])
    return None
