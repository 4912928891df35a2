"""Building hand-made Keyflower positions for tests."""
from __future__ import annotations

import random

from engines.keyflower import ENGINE as E
from engines.keyflower.data import COLOURS, RESOURCES, SKILLS, SUPPLY


def new(n=2, seed=1, **opts):
    return E.new(list("ABCDEF"[:n]), seed=seed, options=opts or None)


def put(st, seat, tid, q, r, rot=0, up=False):
    """Put a tile into a seat's village at (q, r) (taking it out of wherever it was)."""
    for lst in (st["auction"], st["to_tiles"]):
        if tid in lst:
            lst.remove(tid)
    for p in st["players"].values():
        if tid in p["won"]:
            p["won"].remove(tid)
    for k in ("spring", "summer", "autumn"):
        if k in st["pools"] and tid in st["pools"][k]:
            st["pools"][k].remove(tid)
    for p in st["players"].values():
        if tid in p["winter"]:
            p["winter"].remove(tid)
    rec = E._tile_rec(seat, [q, r], rot)
    rec["up"] = up
    old = st["tiles"].get(tid)
    if old:
        rec["res"] = old["res"]
        rec["animals"] = old["animals"]
    if tid.startswith("boat") and not rec.get("face"):
        rec["face"] = tid[-1] + "a"
    st["tiles"][tid] = rec
    return rec


def set_face(st, tid, face):
    st["tiles"][tid]["face"] = face


def home(st, seat):
    return st["players"][seat]["home"]


def screen(st, seat, **w):
    p = st["players"][seat]
    for c in COLOURS:
        st["bag"][c] += p["workers"][c]
        p["workers"][c] = 0
    for c, n in w.items():
        take = min(n, st["bag"][c])
        st["bag"][c] -= take
        if take < n and c == "green":
            st["green"] -= n - take
        p["workers"][c] = n


def give_skills(st, seat, **k):
    for s, n in k.items():
        st["pile"][s] -= n
        st["players"][seat]["skills"][s] += n


def give_res(st, tid, **r):
    for k, n in r.items():
        st["supply"][k] -= n
        st["tiles"][tid]["res"][k] += n


def add_animals(st, node, **a):
    for sp, n in a.items():
        st["supply"][sp] -= n
        E.add_animal(st, node, sp, n)


def act(st, seat, *actions):
    evs = []
    for a in actions:
        evs += E.apply(st, seat, a)
    return evs


def place(st, seat, intent, tid, n=1, colour=None, groups=(), where=None):
    """A bid or a use through whichever decisions the engine offers: the whole turn in one
    list, or the intent, then the tile (or its only way), then the colour (or every way at
    once), then the losing bids and the workers from the screen. Returns the events of the
    last action."""
    def match(a):
        if a["type"] != "place":
            return False
        i, t, c, gs, k = E._placement(st["ctx"], a)
        return (i, t, k) == (intent, tid, n) and colour in (None, c) and sorted(gs) == sorted(groups)
    for _ in range(10):
        legal = E.legal(st, seat)
        hit = [a for a in legal if match(a)]
        if hit:
            return act(st, seat, hit[0])
        ctx = st["ctx"]
        if ctx is None:
            act(st, seat, {"type": "bid"} if intent == "bid" else
                {"type": "use", "where": where or st["tiles"][tid]["owner"] or "auction"})
        elif ctx["step"] == "target":
            act(st, seat, {"type": "tile", "tile": tid})
        elif ctx["step"] == "colour":
            act(st, seat, {"type": "colour", "colour": colour})
        else:
            g = next(g for g in groups if g not in ctx["groups"])
            act(st, seat, {"type": "group", "tile": g})
    raise AssertionError(f"no way to {intent} {tid} with {n} {colour} {groups}")


def use(st, seat, tid, where, n=1, colour=None, groups=()):
    """Use tid (in where's village, or on auction) with n workers from the screen."""
    return place(st, seat, "use", tid, n, colour, groups, where)


def bid(st, seat, tid, n=1, colour=None, groups=()):
    return place(st, seat, "bid", tid, n, colour, groups)


def offered(st, seat):
    """The complete placements of the current decision as (colour, losing bids, n from the
    screen), and the colours offered by a colour step."""
    out = []
    for a in E.legal(st, seat):
        if a["type"] == "place":
            _, _, c, gs, k = E._placement(st["ctx"], a)
            out.append((c, tuple(gs), k))
        elif a["type"] == "colour":
            out.append((a["colour"], None, None))
    return out


def colours_offered(st, seat):
    return sorted({c for c, _, _ in offered(st, seat)})


def totals(st):
    """Every worker, skill, good and animal in the game, wherever it is."""
    w = dict(st["bag"])
    w["green"] += st["green"]
    for p in st["players"].values():
        for c in COLOURS:
            w[c] += p["workers"][c]
    for b in st["boats"].values():
        for c in COLOURS:
            w[c] += b["workers"][c]
    for s in st["site"].values():
        for c in COLOURS:
            w[c] += s["on"][c]
        for b in s["bids"].values():
            w[b["colour"]] += b["n"]
    sk = dict(st["pile"])
    for p in st["players"].values():
        for k in SKILLS:
            sk[k] += p["skills"][k]
    for b in st["boats"].values():
        for k in SKILLS:
            sk[k] += b["skills"][k]
    g = {k: st["supply"][k] for k in SUPPLY}
    for p in st["players"].values():
        g["wheat"] += p["wheat"]
    for t in st["tiles"].values():
        for r in RESOURCES:
            g[r] += t["res"][r]
        for a in t["animals"].values():
            for k, v in a.items():
                g[k] += v
        g["sheep"] += t["shelter"]
    return w, sk, g


WORKERS_TOTAL = {"blue": 40, "red": 40, "yellow": 40, "green": 20}


def random_game(seed, n, opts=None, policy=None, hook=None, max_steps=20000):
    st = E.new(list("ABCDEF"[:n]), seed=seed, options=opts)
    r = random.Random(seed)
    steps = 0
    while E.outcome(st) is None:
        s = r.choice(E.to_act(st))
        legal = E.legal(st, s)
        a = policy(E, st, s, r) if policy else r.choice(legal)
        if hook:
            hook(st, s, legal, a, r)
        E.apply(st, s, a)
        steps += 1
        assert steps < max_steps
    return st, steps


def set_auction(st, tids):
    for t in st["auction"]:
        st["tiles"].pop(t, None)
    st["auction"] = []
    for t in tids:
        put(st, None, t, 0, 0)
        st["tiles"][t]["pos"] = None
        st["tiles"][t]["owner"] = None
        if t.startswith("boat"):
            st["tiles"][t]["face"] = t[-1] + "a"
        st["auction"].append(t)


def table(n=2, seed=1, farmers=True, auction=("keywood", "woodcutter", "gold_mine"), **w):
    """A game whose first player is A, with known screens and auction tiles."""
    st = new(n, seed=seed, farmers=farmers)
    st["start"] = 0
    st["turn"] = 0
    for s in st["seats"]:
        screen(st, s, **(w or {"blue": 5, "red": 5, "yellow": 5}))
    set_auction(st, list(auction))
    return st


def build_all(st):
    """Build every won tile (first offered space and rotation), as the place phase asks."""
    while st["phase"] == "place":
        s = E.to_act(st)[0]
        act(st, s, E.legal(st, s)[0])
