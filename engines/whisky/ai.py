"""A heuristic player for The Whisky Game.

It heads for distilleries it can still score (more for regions it lacks and for its
character's favourite distillery), picks the question level with the best expected points,
buys lost-distillery bottles, uses its cards against the leader, and answers questions like
a player of its level: right with the probability ``ACCURACY[level][difficulty]``. It reads
the right answer only from what its seat may know: ``known_answer`` of the engine's
``ai_view`` (the answer of the question that seat is asked now, never another's), and it is
called on states sampled by ``engine.determinize``, never on the real one.

    choose(engine, state, seat, rng, level="easy") -> action
    make_choose(accuracy={"easy": .8, "medium": .55, "hard": .3}) -> a choose function
"""
from __future__ import annotations

import heapq
from functools import lru_cache

from . import data as D

#: level of the AI seat -> question difficulty -> chance of answering right. "easy" is a
#: casual player (as the AI always was), "hard" a well-read one.
ACCURACY = {
    "easy": {"easy": 0.80, "medium": 0.55, "hard": 0.30},
    "normal": {"easy": 0.88, "medium": 0.68, "hard": 0.45},
    "hard": {"easy": 0.95, "medium": 0.82, "hard": 0.62},
}
SEA_COST = 5      # a crossing costs about a turn and a half of walking
DECAY = 0.88
_DECAY_POW = [DECAY ** d for d in range(256)]   # distances on the map are below 60


@lru_cache(maxsize=1)
def _distances():
    """All-pairs shortest distances: land edges cost 1, sea routes SEA_COST."""
    adj: dict[str, list[tuple[str, int]]] = {f: [(n, 1) for n in D.ADJ[f]] for f in D.FIELDS}
    for r in D.SEA_ROUTES.values():
        a, b = r["ports"]
        adj[a].append((b, SEA_COST))
        adj[b].append((a, SEA_COST))
    land_only: dict[str, dict[str, int]] = {}
    full: dict[str, dict[str, int]] = {}
    for src in D.FIELDS:
        for table, use_sea in ((full, True), (land_only, False)):
            dist = {src: 0}
            heap = [(0, src)]
            while heap:
                d, u = heapq.heappop(heap)
                if d > dist.get(u, 1 << 30):
                    continue
                for v, w in adj[u]:
                    if w > 1 and not use_sea:
                        continue
                    if d + w < dist.get(v, 1 << 30):
                        dist[v] = d + w
                        heapq.heappush(heap, (d + w, v))
            table[src] = dist
    return full, land_only


def _targets(engine, state, seat, acc) -> dict[str, float]:
    """field -> how much the AI wants to get there."""
    p = state["players"][seat]
    ch = D.CHARACTERS[p["character"]]
    regions = {D.region(b["d"]) for b in p["bottles"]}
    owned = {b["d"] for b in p["bottles"]}
    out: dict[str, float] = {}
    rich = engine._points(state, seat) >= state["options"]["victory_points"] - 4
    by_worth = sorted(D.LEVELS, key=lambda lv: -acc[lv] * D.LEVEL_VALUE[lv])
    for d, stock in state["stock"].items():
        if d in owned or not stock or p["last_failed"] == d:
            continue
        mult = ch["factor"] if ch["kind"] == "multiplier" and ch["distillery"] == d else 1
        ev = 0.0
        for lv in by_worth:           # the first bottle value left is the best one
            if engine._stock_has(state, d, D.LEVEL_VALUE[lv]):
                ev = acc[lv] * D.LEVEL_VALUE[lv] * mult
                break
        if D.region(d) not in regions:
            w = ev + 4.0 + (20.0 if rich else 0.0)
        else:
            w = ev * (0.3 if rich else 1.0)
        if w > 0:
            out[d] = w
    if engine._can_buy_lost(state, seat) and not p["prohibition"]:
        for f, info in D.FIELDS.items():
            if info["type"] == "lost":
                out[f] = max(out.get(f, 0), 2.8)
    if p["prohibition"]:
        out = {f: w * 0.3 for f, w in out.items()}
    return out


def _ranked(targets: dict[str, float]) -> list[tuple[str, float]]:
    """The targets, most wanted first (for ``_potential`` over many fields)."""
    return sorted(targets.items(), key=lambda tw: -tw[1])


def _potential(field, targets, dist) -> float:
    """The best of the targets' wants, each decayed by its distance from ``field``.
    ``targets``: a dict, or ``_ranked`` of one. The search's rollouts call this about a
    million times a game, hence the table of powers and the early stop (every later want is
    smaller, and no decay is above 1)."""
    ranked = targets if isinstance(targets, list) else _ranked(targets)
    row = dist.get(field, {})
    best = 0.0
    for t, w in ranked:
        if w <= best:
            break
        d = row.get(t)
        if d is not None:
            v = w * _DECAY_POW[d]
            if v > best:
                best = v
    return best


def _leader(engine, state, seat, candidates):
    return max(candidates, key=lambda s: (engine._points(state, s, hidden=False),
                                          len(engine._regions(state, s)), s))


def make_choose(accuracy: dict | None = None):
    """A choose function whose answers are right with these chances (difficulty -> p)."""
    acc = dict(ACCURACY["easy"])
    acc.update(accuracy or {})

    def choose(engine, state, seat, rng, level=None):
        return _choose(engine, state, seat, rng, acc)
    return choose


def choose(engine, state, seat, rng, level="easy"):
    return _choose(engine, state, seat, rng, ACCURACY.get(level) or ACCURACY["easy"])


def _choose(engine, state, seat, rng, acc):
    legal = engine.legal(state, seat)
    if len(legal) == 1:
        return legal[0]
    top = state["pending"][-1]
    kind = top["kind"]
    if kind != "move":
        legal = [a for a in legal if a["type"] != "page"] or legal
    p = state["players"][seat]
    full, land = _distances()
    types = {}
    for a in legal:
        types.setdefault(a["type"], []).append(a)

    if kind == "start":
        return {"type": "start", "field": "SC_EDINBURGH"}

    if kind == "question":
        return _answer(engine, state, seat, rng, acc, legal, types)

    if kind == "ready":
        return _ready(engine, state, seat, rng, acc, legal, types, full, land)

    if kind == "move":
        targets = _ranked(_targets(engine, state, seat, acc))

        def score(o):
            f = D.FIELDS[o["to"]]
            s = _potential(o["to"], targets, full) + 0.12 * o["ingr"]
            if f["type"] == "special" and o["exact"]:
                s += 0.25
            if f["type"] == "pub" and sum(p["ingredients"].values()) >= 7:
                s += 0.3
            if f["type"] == "airport" and ("ticket_one_way" in p["hand"] or "ticket_return" in p["hand"]
                                           or p["return_ticket"]):
                s += 0.2
            return s + rng.random() * 1e-6
        best = max(top["options"], key=score)
        act = {"type": "move", "to": best["to"]}
        if act in legal:
            return act
        # the best option is on another page: turn the page towards it
        idx = top["options"].index(best)
        want = idx // 23
        pages = types.get("page", [])
        return min(pages, key=lambda a: abs(a["n"] - want))

    if kind == "distillery":
        d = top["field"]
        ch = D.CHARACTERS[p["character"]]
        best, best_ev = {"type": "leave"}, 0.0
        for a in types.get("ask", []):
            v = D.LEVEL_VALUE[a["level"]]
            mult = ch["factor"] if ch["kind"] == "multiplier" and ch["distillery"] == d else 1
            e = acc[a["level"]] * v * mult
            if a.get("smuggler"):
                e = acc[a["level"]] * v * 1.2
            if e > best_ev:
                best, best_ev = a, e
        return best

    if kind == "smuggle":
        return max(legal, key=lambda a: _bottle_want(state, seat, a["distillery"], top["value"]))

    if kind == "shackleton":
        return max(legal, key=lambda a: _bottle_want(state, seat, a["distillery"], a["value"]))

    if kind == "savage":
        ok = engine._can_visit(state, seat, D.BLADNOCH) and state["stock"][D.BLADNOCH]
        return {"type": "jump"} if ok else {"type": "stay"}

    if kind == "lost":
        if {"type": "buy"} in legal:
            return {"type": "buy"}
        if {"type": "play", "card": "coffey"} in legal:
            return {"type": "play", "card": "coffey"}
        return {"type": "leave"}

    if kind == "pub":
        ing = p["ingredients"]
        need = [k for k in D.INGREDIENTS if ing[k] < 2]
        for a in types.get("trade", []):
            if a["get"] in need:
                after = dict(ing)
                for k in a["give"]:
                    after[k] -= 1
                if all(after[k] >= 2 for k in D.INGREDIENTS if k != a["get"]):
                    return a
        return {"type": "leave"}

    if kind == "airport":
        targets = _targets(engine, state, seat, acc)
        here = _potential(p["pos"], targets, full)
        away = max(_potential(x, targets, full) for x in D.AIRPORTS if x != p["pos"]) * DECAY ** 2
        if away > here * 1.3 and types.get("book"):
            return types["book"][0]
        return {"type": "leave"}

    if kind == "fly":
        targets = _targets(engine, state, seat, acc)
        return max(legal, key=lambda a: _potential(a["to"], targets, full))

    if kind == "teleport":
        targets = _targets(engine, state, seat, acc)
        return max(legal, key=lambda a: _potential(a["field"], targets, full) + rng.random() * 1e-6)

    if kind == "victim":
        targets = [a["seat"] for a in legal]
        if top["purpose"] == "warehouse":
            pick = max(targets, key=lambda s: sum(state["players"][s]["ingredients"].values()))
        else:
            pick = _leader(engine, state, seat, targets)
        return {"type": "target", "seat": pick}

    if kind == "bottle":
        owner = top["owner"]
        q = state["players"][owner]

        def worth(a):
            ref = a["bottle"]
            if ref[0] == "l":
                x = q["lost"][int(ref[1:])]
                return x["v"] if (owner == seat or x["revealed"]) else 3.2
            b = q["bottles"][int(ref[1:])]
            regs = [D.region(o["d"]) for o in q["bottles"]]
            pts = engine._bottle_points(q, b)
            return pts + (3 if regs.count(D.region(b["d"])) == 1 else 0)
        if owner == seat:
            return min(legal, key=worth)
        return max(legal, key=worth)

    if kind == "angels":
        return max(legal, key=lambda a: state["players"][a["seat"]]["bottles"][int(a["bottle"][1:])]["v"])

    if kind == "gordon":
        return max(legal, key=lambda a: a["value"])

    return legal[rng.randrange(len(legal))]


def _bottle_want(state, seat, d, value):
    p = state["players"][seat]
    ch = D.CHARACTERS[p["character"]]
    regions = {D.region(b["d"]) for b in p["bottles"]}
    mult = ch["factor"] if ch["kind"] == "multiplier" and ch["distillery"] == d else 1
    return value * mult + (4 if D.region(d) not in regions else 0)


def _answer(engine, state, seat, rng, acc, legal, types):
    q = state["question"]
    p = state["players"][seat]
    if q["status"] == "rescue":
        for a in legal:
            if a["type"] == "rescue":
                return a
        for a in legal:
            if a["type"] == "play":
                return a
        return {"type": "accept"}
    # only what the seat may know: the answer of its own question (ai_view's known_answer)
    correct = engine._known_answer(state, seat)
    chance = acc[q["level"]]
    experts = [a for a in legal if a["type"] == "play" and a["card"] in D.EXPERTS]
    if {"type": "play", "card": "fifty"} in legal and q["level"] != "easy":
        return {"type": "play", "card": "fifty"}
    if q["removed"]:
        chance = chance + (1 - chance) * 0.5
    if experts and q["level"] == "hard" and chance < 0.5:
        return experts[0]
    answers = types.get("answer", [])
    if correct is None:      # not known: a guess
        return answers[rng.randrange(len(answers))] if answers else legal[0]
    if rng.random() < chance:
        return {"type": "answer", "option": correct}
    wrong = [a for a in answers if a["option"] != correct]
    return wrong[rng.randrange(len(wrong))] if wrong else {"type": "answer", "option": correct}


def _ready(engine, state, seat, rng, acc, legal, types, full, land):
    p = state["players"][seat]
    plays = {a["card"]: a for a in types.get("play", [])}
    for card in D.BONUS_BOTTLES + ["shackleton", "gordon_macphail"]:
        if card in plays:
            return plays[card]
    if "pour" in types:
        return types["pour"][0]
    for card in ("faker", "broken_cork", "angels", "offerman", "enthusiast", "warehouse"):
        if card in plays:
            return plays[card]
    for card in ("truck", "carriage"):
        if card in plays:
            return plays[card]
    if "coffey" in plays and sum(p["ingredients"].values()) >= 3:
        return plays["coffey"]
    targets = _targets(engine, state, seat, acc)
    if "jump" in types:
        # Nick Savage at The Macallan: jump when Bladnoch is nearer to what it wants (the
        # Macallan itself does not count: standing there gives no question)
        rest = {f: w for f, w in targets.items() if f != p["pos"]}
        if _potential(D.BLADNOCH, rest, full) > _potential(p["pos"], rest, full):
            return types["jump"][0]
    if "sail" in types:
        here = max([w * DECAY ** land[p["pos"]][t] for t, w in targets.items()
                    if t in land[p["pos"]]] or [0.0])
        best, best_v = None, here
        for a in types["sail"]:
            other = [x for x in D.SEA_ROUTES[a["route"]]["ports"] if x != p["pos"]][0]
            v = _potential(other, targets, full) * DECAY ** 3
            if v > best_v:
                best, best_v = a, v
        if best:
            return best
    if "roll" in types:
        t = state["turn"]
        if not t["must_roll"] and D.FIELDS[p["pos"]]["type"] == "port" and "end" in types:
            here_land = max([w * DECAY ** land[p["pos"]][x] for x, w in targets.items()
                             if x in land[p["pos"]]] or [0.0])
            if _potential(p["pos"], targets, full) > here_land * 1.2:
                return {"type": "end"}   # stay on the port and sail next turn
        if "luck_irish" in plays and rng.random() < 0.5:
            return plays["luck_irish"]
        return {"type": "roll"}
    if "end" in types:
        return {"type": "end"}
    return legal[0]
