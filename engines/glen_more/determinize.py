"""Glen More: a full state sampled from what one seat knows (``engine.determinize``).

The input is the seat's ``ai_view`` (its ``view``). Everything on the table is copied back
into a state: the chain, the warehouse, every territory with its cubes and clansmen, coins,
whisky, chieftains, cards, the tiles out of the game (``removed_tiles``), the turn in
progress (``pending``), the options.  What the seat cannot know is sampled:

* the face-down stacks: stack k still holds exactly the tiles of stack k that nobody has
  seen (not in the chain, in a territory, taken this turn or removed); their content is
  therefore exact and their order is shuffled uniformly with ``rng``;
* the seed: a fresh one from ``rng`` (``rng_n`` 0), so the future die rolls are not the
  real ones;
* the running scores of the other seats when the option ``secret_scores`` hides them.  The
  view holds no history, so they are **estimated**, not sampled: each score category gets
  its expected value from what lies on the table (see ``_estimate_parts``).  The seat's own
  score and categories, and every score when they are public, are copied exactly.

Two details of a state that no decision depends on are rebuilt canonically: the order of
the cubes on a tile (resource order) and ``turn["old_gap"]``, which is always the gap
during a turn.
"""
from __future__ import annotations

import random
from typing import Mapping

from engines.base import State

from . import data as D
from .common import PARTS, RES, SCORING_CATEGORIES, SCORING_PARTS, chieftain_value

# Expected VP of one activation opportunity of a paid-activation tile (its placement, and
# each later tile placed in its 8-neighbourhood), measured over heuristic-AI games.
ACTIVATION_VP = {"fair": 4.3, "butcher_sheep": 1.4, "butcher_cattle": 1.4, "butcher_mixed": 1.4,
                 "grocer": 7.0, "bridge": 3.4}
TAVERN_USE = 0.9            # share of a tavern's opportunities that pay off its VP
STACK_ENDS = []             # tiles drawn when stack k (1, 2, 3) runs out: its scoring
_n = 0
for _k in sorted(D.STACK_SIZES):
    _n += D.STACK_SIZES[_k]
    STACK_ENDS.append(_n)
TOTAL_TILES = _n


def unseen_stacks(view: Mapping) -> list[list[str]]:
    """The tiles still in each face-down stack (sorted by id): every tile of the stack that
    is not in the chain, a territory, the turn in progress or the removed ones."""
    seen = set(view.get("removed_tiles") or [])
    for e in view["chain"]["spaces"]:
        if e.get("tile"):
            seen.add(e["tile"]["id"])
    for pv in view["players"].values():
        for t in pv["tiles"]:
            seen.add(t["id"])
    pending = view.get("pending") or {}
    if pending.get("tile"):
        seen.add(pending["tile"])
    out = []
    for k in sorted(D.STACK_SIZES):
        out.append(sorted(t["id"] for t in D.TILES_LIST if t["stack"] == k and t["id"] not in seen))
    return out


def determinize(engine, view: Mapping, rng: random.Random) -> State:
    seats = list(view["seats"])
    state: State = {"seed": rng.randrange(1 << 62), "rng_n": 0, "seats": seats,
                    "options": {"secret_scores": bool(view["secret_scores"]),
                                "oich_movement": bool(view.get("oich_movement", True))}}
    stacks = unseen_stacks(view)
    for k, pile in enumerate(stacks):
        if len(pile) != view["stacks"][k]:
            raise ValueError("the view's stacks do not match the tiles seen")
        rng.shuffle(pile)
    state["stacks"] = stacks
    state["market"] = {r: view["market"][r]["filled"] for r in RES}
    players = {}
    for s in seats:
        pv = view["players"][s]
        tiles = []
        for t in pv["tiles"]:
            cubes = []
            for r in RES:
                cubes += [r] * t["cubes"].get(r, 0)
            tiles.append({"id": t["id"], "x": t["x"], "y": t["y"], "cubes": cubes,
                          "men": t["clansmen"]})
        players[s] = {"tiles": tiles, "coins": pv["coins"], "whisky": pv["whisky"],
                      "chieftains": pv["chieftains"], "cards": list(pv["cards"]),
                      "vp": 0, "parts": {k: 0 for k in PARTS}}
    state["players"] = players
    for s in seats:
        pv = view["players"][s]
        p = players[s]
        if "score" in pv:
            p["vp"] = pv["score"]
            p["parts"] = dict(pv["score_parts"])
        else:
            p["parts"] = _estimate_parts(view, players, s)
            p["vp"] = sum(p["parts"].values())
    spaces = []
    for e in view["chain"]["spaces"]:
        if e.get("tile"):
            spaces.append({"tile": e["tile"]["id"]})
        elif e.get("pawn") == "die":
            spaces.append({"die": True})
        elif e.get("pawn"):
            spaces.append({"pawn": e["pawn"]})
        else:
            spaces.append(None)
    state["spaces"] = spaces
    state["gap"] = view["chain"]["gap"]
    state["scorings"] = view["scorings_done"]
    state["removed"] = list(view.get("removed_tiles") or [])
    state["finished"] = bool(view["finished"])
    state["result"] = _result(view) if view["finished"] else None
    state["turn"] = _turn(view)
    last = view["chain"].get("last_die")
    state["last_die"] = dict(last) if last else None
    return state


def _turn(view: Mapping) -> dict | None:
    pd = view.get("pending")
    if not pd or view["finished"]:
        return None
    cp = _copy
    return {"seat": pd["seat"], "step": pd["step"], "old_gap": view["chain"]["gap"],
            "space": pd["space"], "tile": pd["tile"], "at": cp(pd["at"]),
            "activatable": cp(pd["activatable"]), "activated": cp(pd["activated"]),
            "ness": pd["loch_ness"], "oich": pd["loch_oich"], "mp": pd["movement_points"],
            "sub": cp(pd["sub"]), "selling": pd["selling"], "page": pd.get("page"),
            "ness_paid": cp(pd.get("ness_paid")), "paying": cp(pd["paying"])}


def _copy(x):
    if isinstance(x, list):
        return [_copy(v) for v in x]
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    return x


def _result(view: Mapping) -> dict:
    o = view["outcome"]
    tb = o.get("tiebreak")
    return {"scores": dict(o["scores"]), "ranks": dict(o["ranks"]),
            "cubes": {s: sum(view["players"][s]["resources"].values()) for s in view["seats"]},
            "tiebreak": ({"msg": tb["msg"], "players": list(tb["params"]["players"])}
                         if tb else None),
            "breakdown": {s: dict(b) for s, b in o["breakdown"].items()}}


def _estimate_parts(view: Mapping, players: Mapping, seat: str) -> dict[str, int]:
    """The expected score categories of ``seat`` whose score is hidden (an estimate, not a
    sample; the game-end categories are still 0 while the game runs).

    * activations (fairs, butchers, grocer, bridge, taverns): each such tile's activation
      opportunities (its placement, every later tile in its 8-neighbourhood, Loch Oich
      placed after it) times the mean VP of an opportunity (``ACTIVATION_VP``);
    * scoring k already held: the difference table applied to the seats' current values
      (whisky, chieftains, special locations) scaled down to the share of tiles drawn by
      then."""
    p = players[seat]
    parts = {k: 0 for k in PARTS}
    tiles = p["tiles"]
    oich = next((i for i, t in enumerate(tiles) if t["id"] == "T60"), None)
    for i, t in enumerate(tiles):
        info = D.TILES[t["id"]]
        typ = info["type"]
        if typ not in D.ACTIVATION_CATEGORY:
            continue
        n = 1 + sum(1 for u in tiles[i + 1:]
                    if max(abs(u["x"] - t["x"]), abs(u["y"] - t["y"])) == 1)
        if oich is not None and oich > i:
            n += 1
        per = info["vp"] * TAVERN_USE if typ == "tavern" else ACTIVATION_VP[typ]
        cat = D.ACTIVATION_CATEGORY[typ]
        parts[cat] += int(round(n * per))
    done = view["scorings_done"]
    if done:
        drawn = max(1, TOTAL_TILES - sum(view["stacks"]))
        now = {s: {"whisky": q["whisky"], "chieftains": chieftain_value(q),
                   "special locations": len(q["cards"])} for s, q in players.items()}
        for k in range(1, done + 1):
            share = min(1.0, STACK_ENDS[k] / drawn)
            est = {s: {c: int(round(v[c] * share)) for c in SCORING_CATEGORIES}
                   for s, v in now.items()}
            for c in SCORING_CATEGORIES:
                low = min(e[c] for e in est.values())
                parts[SCORING_PARTS[k][c]] = D.difference_vp(est[seat][c] - low)
    return parts


# --------------------------------------------------------------------------------------
# copying a state for the search (``engine.copy``)

def copy_state(state: State) -> State:
    """An independent copy of a Glen More state, about twice as fast as the marshal round
    trip of ``BaseEngine.copy``: the known parts are copied by their shape, anything else
    (a key a later version adds) by marshal. Equal to ``marshal.loads(marshal.dumps(s))``
    and shares no mutable object with ``state`` (tests check both)."""
    out = {}
    for k, v in state.items():
        f = _COPIERS.get(k)
        out[k] = f(v) if f is not None else (_marshal.loads(_marshal.dumps(v))
                                             if isinstance(v, (list, dict)) else v)
    return out


def _copy_players(players: dict) -> dict:
    out = {}
    for s, p in players.items():
        q = dict(p)
        q["tiles"] = [{**t, "cubes": list(t["cubes"])} for t in p["tiles"]]
        q["cards"] = list(p["cards"])
        q["parts"] = dict(p["parts"])
        out[s] = q
    return out


def _copy_turn(turn):
    if turn is None:
        return None
    return _marshal.loads(_marshal.dumps(turn))


import marshal as _marshal  # noqa: E402

_COPIERS = {
    "seats": list, "options": dict, "market": dict, "removed": list,
    "stacks": lambda st: [list(pile) for pile in st],
    "players": _copy_players,
    "spaces": lambda sp: [dict(x) if x is not None else None for x in sp],
    "turn": _copy_turn,
    "last_die": lambda d: dict(d) if d is not None else None,
    "pending_scorings": list,
}
