"""The Whisky Game: how close each seat is to winning (``engine.evaluate``).

The first seat to have the goal's points *and* regions wins (end rule "immediate", the
default), so a position is judged as a race, not by points: each seat's estimate is the
number of its own turns it still needs to qualify,

    turns = FIELD_TURNS x the fields of a tour that visits a distillery in each region it
            still needs (nearest first, from where it stands; a sea crossing counts
            ``ai.SEA_COST`` fields; only distilleries with stock it may visit)
          + REGION_TURNS x the regions it still needs (the question, and the misses)
          + POINT_TURNS x the points still missing once the tour's bottles (``TOUR_POINTS``
            each) are counted
          - CARD_TURNS per special card, + SKIP_TURNS per missed turn ahead, and a little
            for Prohibition and a hangover (a faster carriage or truck: a little less),

plus the tempo of the turn order (a seat whose turn comes later is ``j / n`` turns behind).
The lead of turns becomes a value on the scale of ``search.reward`` (engine.score_scale
10: ``reward`` is then the logistic of lead / 5) so that it reads as a win chance: a lead
of one turn is worth more when the race is short, ``SHARPNESS / sqrt(turns of the seat
nearest the goal + SPREAD)`` units per turn. Each seat's value is minus its turns in those
units (higher is better; only the differences mean anything).

Fitted on 600 two-player games of the heuristic (default options, the question bank):
turns left of the eventual winner against the features by least squares (FIELD_TURNS ..
POINT_TURNS), then the win chance against the lead of turns by logistic regression
(SHARPNESS, SPREAD); the weights of missed turns, Prohibition, hangover, carriage and truck
are reasoned, not fitted (too rare in those games). Raw points, which the old estimate
counted, say little about who wins first: a seat with points but missing regions loses the
race (against easy, normal won 0.45 of 20 games with it, 0.95 of 40 with this).

A finished game returns the outcome's scores. It reads the state directly (no view): a few
microseconds per seat (the tours are cached).
"""
from __future__ import annotations

import math

from . import data as D
from .ai import _distances

FIELD_TURNS = 0.33     # a turn walks about three fields (a roll, sixes again, stops early)
REGION_TURNS = 0.9     # a question ends the turn; a wrong answer sends it on to the next
POINT_TURNS = 0.4      # a missing point beyond the tour: a detour or a lost bottle
TOUR_POINTS = 3        # the points a region's bottle brings on average
CARD_TURNS = 0.25      # a bonus bottle, an expert, a ticket ... on average
SKIP_TURNS = 1.0
PROHIBITION_TURNS = 1.5
HANGOVER_TURNS = 0.5
CARRIAGE_TURNS = 0.5   # +2 fields per roll until it leaves the country
TRUCK_TURNS = 1.0      # double rolls until it leaves the country
UNREACHABLE = 30       # fields charged for a region with no distillery it may still visit
# a turn of lead is worth SHARPNESS / sqrt(T + SPREAD) value units (a win chance of logistic
# slope 0.8 / sqrt(T + 2) per turn), T the turns of the seat nearest the goal
SHARPNESS = 4.0
SPREAD = 2.0

_REGION = {d: D.region(d) for d in D.DISTILLERY_IDS}
_MULT = {c: (info["distillery"], info["factor"]) for c, info in D.CHARACTERS.items()
         if info["kind"] == "multiplier"}
_REGION_BIT = {r: 1 << i for i, r in enumerate(D.REGION_ORDER)}
_DIST_BIT = {d: 1 << i for i, d in enumerate(sorted(D.DISTILLERY_IDS))}


def _build_near():
    """field -> region -> the region's distilleries as (distance, id, bit), nearest first."""
    full, _ = _distances()
    near = {}
    for f in D.FIELDS:
        row = full[f]
        near[f] = {r: tuple(sorted((row[d], d, _DIST_BIT[d]) for d in D.DISTILLERY_IDS
                                   if _REGION[d] == r and d in row))
                   for r in D.REGION_ORDER}
    return near


_NEAR = _build_near()
#: (start, regions held, regions to visit, closed distilleries) -> tour fields: the seats
#: that do not move in a rollout meet the same key again and again
_TOURS: dict[tuple, int] = {}
_TOURS_MAX = 50_000


def tour_fields(pos: str, have: int, k: int, closed: int) -> int:
    """Fields walked from ``pos`` to visit ``k`` regions not in ``have`` (bits of
    ``_REGION_BIT``), always to the nearest distillery of a region still missing next
    (greedy); ``closed`` (bits of ``_DIST_BIT``): the distilleries that cannot give a
    bottle (empty, or just failed there)."""
    key = (pos, have, k, closed)
    got = _TOURS.get(key)
    if got is not None:
        return got
    if len(_TOURS) >= _TOURS_MAX:
        _TOURS.clear()
    total = 0
    left = [r for r in D.REGION_ORDER if not have & _REGION_BIT[r]]
    cur = pos
    for step in range(k):
        near = _NEAR[cur]
        best = None
        for r in left:
            for dist, d, bit in near[r]:
                if not closed & bit:
                    if best is None or dist < best[0]:
                        best = (dist, r, d)
                    break
        if best is None:
            total += UNREACHABLE * (k - step)
            break
        total += best[0]
        left.remove(best[1])
        cur = best[2]
    _TOURS[key] = total
    return total


def turns_to_goal(state, seat: str, closed_bits: int) -> float:
    """The seat's estimated own turns until it meets the goal (0 once it does);
    ``closed_bits``: the distilleries with no bottle left (``_DIST_BIT``)."""
    opts = state["options"]
    p = state["players"][seat]
    mult = _MULT.get(p["character"])
    pts = len(p["bonus"]) * opts["bonus_bottle_points"]
    have = 0
    for b in p["bottles"]:
        d = b["d"]
        pts += b["v"] * mult[1] if mult and mult[0] == d else b["v"]
        have |= _REGION_BIT[_REGION[d]]
    for x in p["lost"]:
        pts += x["v"]
        if opts["lost_bottles_give_region"]:
            have |= _REGION_BIT[D.region(x["at"])]
    n_have = bin(have).count("1")
    k = max(0, opts["regions_required"] - n_have)
    gap = max(0, opts["victory_points"] - pts)
    if k == 0 and gap == 0:
        return 0.0
    turns = 0.0
    if k:
        failed = p["last_failed"]
        shut = closed_bits | _DIST_BIT.get(failed, 0) if failed else closed_bits
        trav = p["travel"]
        if trav and trav["kind"] == "flight":
            fields = min(tour_fields(a, have, k, shut) for a in D.AIRPORTS)
        else:
            pos = trav["to"] if trav and trav.get("to") else p["pos"]
            fields = tour_fields(pos, have, k, shut) if pos in _NEAR else UNREACHABLE * k
        turns += FIELD_TURNS * fields + REGION_TURNS * k
    turns += POINT_TURNS * max(0, gap - TOUR_POINTS * k)
    turns -= CARD_TURNS * (len(p["hand"]) + (1 if p["return_ticket"] else 0))
    turns += SKIP_TURNS * p["skip"]
    if p["prohibition"]:
        turns += PROHIBITION_TURNS
    if p["hangover"]:
        turns += HANGOVER_TURNS
    if p["carriage"]:
        turns -= CARRIAGE_TURNS
    if p["truck"]:
        turns -= TRUCK_TURNS
    return max(0.0, turns)


def evaluate(engine, state) -> dict[str, float]:
    res = state.get("result")
    if res:
        return {s: float(v) for s, v in res["scores"].items()}
    closed = 0
    for d, stock in state["stock"].items():
        if not stock:
            closed |= _DIST_BIT[d]
    order = state["order"]
    n = len(order)
    now = state.get("turn_idx", 0)
    race = {}
    for i, s in enumerate(order):
        # a seat whose turn comes later in the round is that much behind in the race
        race[s] = turns_to_goal(state, s, closed) + ((i - now) % n) / n
    if state.get("final_round"):
        # "finish_round": the round ends the game; among those who qualify, points decide
        return {s: (100.0 + engine._points(state, s) if engine._qualifies(state, s)
                    else -race[s]) for s in order}
    unit = SHARPNESS / math.sqrt(min(race.values()) + SPREAD)
    return {s: -unit * t for s, t in race.items()}
