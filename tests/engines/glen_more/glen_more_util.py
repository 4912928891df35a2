"""Helpers shared by the Glen More tests (a unique module name: test dirs are not packages)."""
from __future__ import annotations

import json

from core.i18n import tr
from engines.base import Text
from engines.glen_more import ENGINE as E
from engines.glen_more import data as D

SEATS = list("ABCDE")


def new(n: int = 2, seed: int = 1, **options):
    return E.new(SEATS[:n], seed=seed, options=options or None)


def tile(tid: str, x: int, y: int, cubes=(), men: int = 0) -> dict:
    return {"id": tid, "x": x, "y": y, "cubes": list(cubes), "men": men}


def fmt(text) -> str:
    """English rendering of a Text as players read it (counted messages in the form their
    ``n`` asks for, lists joined with ', ')."""
    if isinstance(text, Text):
        return tr(text)
    if isinstance(text, list):
        return ", ".join(fmt(x) for x in text)
    return str(text)


def active(state) -> str:
    return E.to_act(state)[0]


def first_space(state) -> int:
    """The first space of the chain ahead of the active pawn."""
    return E.chain(state)[1]


def put_tile(state, tid: str, space: int | None = None) -> int:
    """Put tile ``tid`` on a chain space ahead of the active pawn (first one by default)."""
    if space is None:
        space = E.reachable(state)[0]
    state["spaces"][space] = {"tile": tid}
    return space


def play(state, *actions, seat=None):
    events = []
    for a in actions:
        events += E.apply(state, seat or active(state), a)
    return events


def home(state, seat="A", men_on=None, extra=()):
    """A small prepared display: start village (0,0) with a clansman, a river meadow (0,1) and
    a road quarry (1,0), both with a clansman: every kind of tile has a legal spot."""
    p = state["players"][seat]
    p["tiles"] = [tile("START", 0, 0, men=1), tile("T03", 0, 1, men=1), tile("T01", 1, 0, men=1)]
    p["tiles"] += list(extra)
    return p


def cubes(p) -> dict:
    out = {r: 0 for r in D.RESOURCES}
    for t in p["tiles"]:
        for c in t["cubes"]:
            out[c] += 1
    return out


def at(p, x, y) -> dict:
    return next(t for t in p["tiles"] if (t["x"], t["y"]) == (x, y))


def finish_turn(state):
    """Complete the active player's turn with the simplest choices."""
    seat = active(state)
    for _ in range(200):
        if not E.to_act(state) or active(state) != seat or state["turn"]["step"] == "choose":
            return
        turn = state["turn"]
        legal = E.legal(state, seat)
        if turn.get("paying"):
            E.apply(state, seat, legal[0])
            continue
        if turn["sub"] or turn["selling"]:
            E.apply(state, seat, {"type": "cancel"})
            continue
        step = turn["step"]
        pick = {"place": "place", "activate": "done", "move": "end", "ness_pay": "pay_ness",
                "oich_pay": "pay_pair", "lochy": "lochy", "shiel": "shiel"}[step]
        cand = [a for a in legal if a["type"] == pick] or [a for a in legal if a["type"] == "page"]
        E.apply(state, seat, cand[0])


def roundtrip(state):
    return E.load(json.loads(json.dumps(E.dump(state))))
