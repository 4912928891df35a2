"""Glen More's ``evaluate`` (the search's leaf estimate): the stages, the features, the
weights on concrete positions, and how well it foresees the winner of heuristic games."""
from __future__ import annotations

import random

import pytest

from engines.glen_more import ENGINE as E
from engines.glen_more import ai
from engines.glen_more import data as D
from engines.glen_more import evaluate as EV
from glen_more_util import new, tile


def _drawn(st, n):
    """Remove ``n`` tiles from the stacks, the first stacks first (as the draws do)."""
    for pile in st["stacks"]:
        while n and pile:
            pile.pop()
            n -= 1


def test_stages():
    st = new(2)
    assert EV.stage(st) == 0
    _drawn(st, EV.EARLY - (sum(D.STACK_SIZES.values()) - sum(len(p) for p in st["stacks"])))
    assert EV.stage(st) == 1
    st["scorings"] = 1
    assert EV.stage(st) == 2
    st["scorings"] = 2
    assert EV.stage(st) == 3


def test_start_position_values_the_seat_behind_in_the_chain():
    """At the start both displays are equal: the only difference is that A's pawn is behind
    B's (A moves next), worth the tempo weight of one space. A: 6 coins + 1 tile x 0.21 +
    0.75; B: 6 + 0.21."""
    st = new(2)
    ev = E.evaluate(st)
    assert ev == {"A": pytest.approx(6.96), "B": pytest.approx(6.21)}
    f = EV.features(E, st)
    assert f["A"][EV.FEATURES.index("behind")] == 1
    assert f["B"][EV.FEATURES.index("behind")] == 0


def test_a_jump_in_the_chain_costs_tempo():
    """B's pawn five spaces ahead of A's instead of one: A gains 4 more spaces of tempo."""
    st = new(2)
    base = E.evaluate(st)
    st["spaces"][5] = st["spaces"][1]
    st["spaces"][1] = None
    ev = E.evaluate(st)
    assert ev["A"] == pytest.approx(base["A"] + 4 * 0.75)
    assert ev["B"] == pytest.approx(base["B"])


def test_last_stage_tile_penalty_and_end_cards():
    """Before scoring 3: an extra village for A costs it 1.43 (tile count) + 1.43 (one tile
    above the smallest display), near the 3 VP of the final penalty; Iona Abbey counts its
    2 VP per yellow tile as the final scoring does."""
    st = new(2)
    st["scorings"] = 2
    base = E.evaluate(st)
    st["players"]["A"]["tiles"].append(tile("T14", 1, 0))
    ev = E.evaluate(st)
    assert ev["A"] == pytest.approx(base["A"] - 2.86)
    assert ev["B"] == pytest.approx(base["B"])
    # B takes Iona Abbey (a yellow tile itself) and a forest: 2 tiles x 2 VP at the end
    pb = st["players"]["B"]
    pb["tiles"] += [tile("T48", 1, 0), tile("T02", -1, 0)]
    pb["cards"].append("Iona Abbey")
    ev2 = E.evaluate(st)
    w = EV._W[3]
    fb = dict(zip(EV.FEATURES, EV.features(E, st)["B"]))
    assert fb["endc"] == 4 and fb["prod"] == 1 and fb["cards"] == 1 and fb["tiles"] == 3
    assert fb["extra"] == -1         # A and B: 2 and 3 tiles
    assert ev2["B"] == pytest.approx(sum(w[i] * fb[k] for i, k in enumerate(EV.FEATURES)))
    # the special location also leads the coming scoring (1 ahead: 1 VP)
    assert fb["dcards"] == 1


def test_points_and_coins_count_one_to_one_in_every_stage():
    for k in range(4):
        st = new(3)
        if k == 1:
            _drawn(st, EV.EARLY)
        elif k >= 2:
            st["scorings"] = k - 1
        assert EV.stage(st) == k
        base = E.evaluate(st)
        st["players"]["C"]["vp"] += 5
        st["players"]["C"]["coins"] += 1
        ev = E.evaluate(st)
        assert ev["C"] == pytest.approx(base["C"] + 6)
        assert ev["A"] == pytest.approx(base["A"]) and ev["B"] == pytest.approx(base["B"])


def _game(seed):
    st = E.new(["A", "B"], seed=seed)
    rng = random.Random(seed)
    late = None
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        t = st["turn"]
        if st["scorings"] == 2 and late is None and t["step"] == "choose" and not t["sub"]:
            late = E.copy(st)
        E.advance(st, seat, ai.choose(E, st, seat, rng))
    return late, E.outcome(st).scores


def test_late_estimate_foresees_the_winner_better_than_the_points():
    """At the start of the last stage of 30 two-player heuristic games, the seat the estimate
    puts ahead wins more often than the seat ahead on points (on 400 held-out games with
    10% random moves: 86% of the positions of that stage against the former estimate's 85%,
    and the points alone far less)."""
    est = pts = 0
    for i in range(30):
        late, scores = _game(500 + i)
        if scores["A"] == scores["B"]:
            continue
        win = "A" if scores["A"] > scores["B"] else "B"
        lose = "B" if win == "A" else "A"
        ev = E.evaluate(late)
        est += ev[win] > ev[lose]
        pts += late["players"][win]["vp"] > late["players"][lose]["vp"]
    assert est >= 20, est
    assert est > pts, (est, pts)
