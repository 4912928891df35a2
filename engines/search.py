"""The search AI shared by every game: determinized Monte Carlo with UCB1 at the root.

An AI seat knows only its ``ai_view``. Each iteration of the search samples one world
consistent with it (``engine.determinize``), plays one of the seat's legal actions there,
then lets every seat play on with the game's heuristic AI (``ai.choose``, with a little
noise) for a bounded number of actions, and values the position it reaches with
``engine.evaluate`` (the final ranks once the game is over). UCB1 spreads the iterations
over the root actions, and an action whose rollouts show it clearly worse than the best
one is dropped (successive elimination): once one action is left, the search stops early
and the rest of the budget is not spent. The action played is the one with the best mean
value among the well-visited ones. An action the engine lists in ``forfeits`` (one that
gives up the rest of a phase) is searched only when the heuristic picks it.

Why this and not a full information-set tree: our games are long (60 to 400 actions) and a
heuristic decision costs 0.1 to 0.5 ms, so a second buys a few hundred short rollouts, not a
deep tree. A flat search over several sampled worlds ("perfect-information Monte Carlo")
with the heuristic as its rollout policy is where such a budget pays off; deeper trees
spend it on nodes visited once. The heuristic's own choice is always a candidate and wins
ties, so the search only departs from it when the rollouts say so.

Reproducible: the budget is counted in simulated actions, not seconds. ``budget_ms`` is
turned into a number of actions with the game's measured cost per action on our 2-core
reference machine (``ACTIONS_PER_MS``), so the same seed plays the same game on any
machine; a wall-clock cap (``WALL_CAP``× the budget) keeps the promised thinking time on a
slow or busy machine, at the price of exact replays there.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Mapping

import engines

#: simulated actions (a heuristic choice plus an ``advance``) per millisecond of budget on
#: the reference machine (2 cores): about 85% of what ``python -m bench.ai GAME --calibrate``
#: measured (Dec 2026: 16.8, 6.1, 9.3 and, since its stronger heuristic, Keyflower 2.29), so
#: that slower positions stay near the budget
ACTIONS_PER_MS = {"libertalia": 14.0, "glen_more": 5.0, "whisky": 8.0, "keyflower": 2.0}
DEFAULT_ACTIONS_PER_MS = 2.0
WALL_CAP = 1.3           # a search never takes more than this many times its budget
EXPLORATION = 0.5        # UCB1's constant; rewards lie in [0, 1]
CONFIDENCE = 1.0         # standard errors by which an action must beat the heuristic's pick
NOISE = 0.1              # chance that a rollout move is uniformly random instead of heuristic
ELIMINATE_AFTER = 8      # rollouts every remaining action has had before any is dropped
ELIMINATE_Z = 2.5        # standard errors apart before an action is dropped as worse
SETTLE_MAX = 60          # actions a player may still take to finish a turn before a leaf is valued


@dataclass(frozen=True)
class Level:
    """One strength of AI seat. ``budget_ms`` 0 means the heuristic alone."""
    name: str
    budget_ms: int
    horizon: int          # actions per rollout (per seat at the table: scaled by players)
    candidates: int       # root actions searched: the heuristic's pick plus the best by a 1-ply look
    eliminate: bool = False   # drop clearly worse actions and stop early (see ``survivors``)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0, 0, 1),
    "normal": Level("normal", 100, 4, 4),
    # normal's budget buys each action a few dozen rollouts at most (a handful in Keyflower),
    # little for a test to drop one on: it spends its 100 ms; hard stops once one is left
    "hard": Level("hard", 1000, 8, 8, eliminate=True),
}


def reward(values: Mapping[str, float], seat: str, scale: float) -> float:
    """How good a position is for ``seat``, in [0, 1]: its lead over the other seats' mean,
    squashed (a lead of ``scale`` points is worth about 0.88). With two players that is the
    lead over the opponent. With more, a point taken from one rival is worth a third of a
    point of one's own (at four), so the AI plays for its own points rather than against
    the leader alone."""
    mine = values.get(seat, 0.0)
    others = [v for s, v in values.items() if s != seat]
    lead = mine - (sum(others) / len(others) if others else 0.0)
    return 0.5 + 0.5 * math.tanh(lead / scale)


def value_of(engine, state, seat: str, scale: float) -> float:
    """A position's worth to ``seat`` in [0, 1]. A finished game is worth what its ranks say,
    not its points: in some games the winner is who reaches a goal first (Whisky), not who
    has most. 1 for the sole winner, 0.75 for a shared win; below the winners, half the
    share of the other seats finished ahead of (ties count half), so that at a larger table
    second place is still worth more than last. An unfinished one is judged by
    ``engine.evaluate``."""
    outcome = engine.outcome(state)
    if outcome is None:
        return reward(engine.evaluate(state), seat, scale)
    return rank_value(outcome.ranks, seat)


def rank_value(ranks: Mapping[str, int], seat: str) -> float:
    """The worth of a finished game's ranks to ``seat`` (see ``value_of``)."""
    mine = ranks.get(seat)
    best = min(ranks.values())
    if mine == best:
        return 1.0 if sum(1 for r in ranks.values() if r == best) == 1 else 0.75
    others = [r for s, r in ranks.items() if s != seat]
    ahead = sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others)
    return 0.5 * ahead / len(others)


class Budget:
    """Simulated actions left, with the wall-clock guard."""

    def __init__(self, actions: int, wall_s: float) -> None:
        self.left = actions
        self.deadline = time.perf_counter() + wall_s

    def spend(self, n: int = 1) -> None:
        self.left -= n

    @property
    def over(self) -> bool:
        return self.left <= 0 or self.late

    @property
    def late(self) -> bool:
        """Past the wall-clock guard: whatever is being simulated stops now (a Keyflower
        rollout in winter can take tens of milliseconds)."""
        return time.perf_counter() > self.deadline


def choose(engine, view: Mapping, seat: str, rng: random.Random, level: Level,
           game: str | None = None) -> dict:
    """The search AI's action for ``seat``, knowing only ``view`` (its ``ai_view``)."""
    game = game or engine.name
    heuristic = engines.ai(game)
    world = engine.determinize(view, rng)
    legal = engine.legal(world, seat)
    if not legal:
        raise ValueError("no legal action for this seat")
    first = heuristic.choose(engine, world, seat, rng, level=level.name)
    if len(legal) == 1 or level.budget_ms <= 0 or engine.knowledge_decision(world, seat):
        return first
    per_ms = ACTIONS_PER_MS.get(game, DEFAULT_ACTIONS_PER_MS)
    budget = Budget(int(level.budget_ms * per_ms), level.budget_ms / 1000 * WALL_CAP)
    scale = engine.score_scale
    seats = list(world.get("seats") or view.get("seats") or [seat])
    horizon = level.horizon * len(seats)

    arms = _candidates(engine, heuristic, world, seat, legal, first, level.candidates, scale, rng,
                       budget)
    if len(arms) == 1:
        return arms[0]
    visits = [0] * len(arms)
    totals = [0.0] * len(arms)
    squares = [0.0] * len(arms)
    active = list(range(len(arms)))
    sample = world
    it = in_sample = 0
    while not budget.over and len(active) > 1:
        it += 1
        unvisited = [i for i in active if not visits[i]]
        if unvisited:
            k = unvisited[0]
        else:
            logn = math.log(it)
            k = max(active, key=lambda i: totals[i] / visits[i]
                    + EXPLORATION * math.sqrt(logn / visits[i]))
        # a fresh sampled world once each remaining arm has had one: they share the worlds
        if in_sample == len(active):
            sample, in_sample = engine.determinize(view, rng), 0
        in_sample += 1
        value = _rollout(engine, heuristic, sample, seat, arms[k], horizon, scale, rng, budget)
        if value is None:         # cut short by the wall-clock guard: not a fair sample
            break
        visits[k] += 1
        totals[k] += value
        squares[k] += value * value
        if level.eliminate:
            active = survivors(active, visits, totals, squares)
    return arms[_pick(active, visits, totals, squares)]


def _mean_and_error(visits: list[int], totals: list[float], squares: list[float], i: int):
    """The mean reward of arm ``i`` and the standard error of that mean."""
    n = visits[i]
    mean = totals[i] / n
    return mean, math.sqrt(max(0.0, squares[i] / n - mean * mean) / max(1, n - 1))


def survivors(active: list[int], visits: list[int], totals: list[float],
              squares: list[float]) -> list[int]:
    """The arms still worth rollouts: once each has had ``ELIMINATE_AFTER``, an arm whose
    upper bound (mean + ``ELIMINATE_Z`` standard errors) does not reach the best arm's lower
    bound is dropped. Arms that always return the same value tie: the heuristic's pick
    (arm 0) stays, so a choice the rollouts cannot tell apart costs little."""
    if len(active) < 2 or min(visits[i] for i in active) < ELIMINATE_AFTER:
        return active
    bounds = {i: _mean_and_error(visits, totals, squares, i) for i in active}
    best = max(active, key=lambda i: (bounds[i][0], i == 0))
    floor = bounds[best][0] - ELIMINATE_Z * bounds[best][1]
    return [i for i in active
            if i == best or bounds[i][0] + ELIMINATE_Z * bounds[i][1] > floor]


def _pick(active: list[int], visits: list[int], totals: list[float], squares: list[float]) -> int:
    """The arm to play: the best mean among the remaining arms visited at least half as
    often as the most visited, if it beats the heuristic's pick (arm 0) by ``CONFIDENCE``
    standard errors of the difference; else the heuristic's pick. Noisy rollouts then cannot
    talk the AI out of a sound move on a fluke. Once the heuristic's pick has been dropped,
    the best remaining arm."""
    if len(active) == 1:
        return active[0]
    most = max(visits[i] for i in active)
    if most == 0:                 # the budget ran out before any rollout
        return 0
    stats = {i: _mean_and_error(visits, totals, squares, i) for i in active if visits[i]}
    best = max((i for i in stats if visits[i] * 2 >= most), key=lambda i: (stats[i][0], i == 0))
    if best == 0 or 0 not in stats:
        return best
    margin = CONFIDENCE * math.sqrt(stats[best][1] ** 2 + stats[0][1] ** 2)
    return best if stats[best][0] - stats[0][0] > margin else 0


def _candidates(engine, heuristic, world, seat, legal, first, k, scale, rng, budget) -> list[dict]:
    """The heuristic's pick first, then the other legal actions with the best value one
    action ahead, ``k`` in all."""
    if k <= 1:
        return [first]
    scored = []
    for a in legal:
        if budget.late:
            break
        if a == first or a.get("type") in engine.navigation or a.get("type") in engine.forfeits:
            continue
        s = engine.copy(world)
        engine.advance(s, seat, a)
        budget.spend()
        if (engine.outcome(s) is None and engine.to_act(s) == [seat]
                and heuristic.choose(engine, s, seat, rng).get("type") in engine.navigation):
            continue        # a step the heuristic would back out of: the two would take turns
        _settle(engine, heuristic, s, seat, rng, budget)
        scored.append((value_of(engine, s, seat, scale), len(scored), a))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [first] + [a for _, _, a in scored[:k - 1]]


def _rollout(engine, heuristic, world, seat, action, horizon, scale, rng, budget) -> float | None:
    """The worth of ``action`` in one sampled world; None when the wall-clock guard cut the
    rollout short."""
    s = engine.copy(world)
    engine.advance(s, seat, action)
    budget.spend()
    who = seat
    for _ in range(horizon):
        if budget.late:
            return None
        if engine.outcome(s) is not None:
            break
        waiting = engine.to_act(s)
        if not waiting:
            break
        who = waiting[0] if len(waiting) == 1 else waiting[rng.randrange(len(waiting))]
        if rng.random() < NOISE:
            legal = engine.legal(s, who)
            a = legal[rng.randrange(len(legal))]
        else:
            a = heuristic.choose(engine, s, who, rng)
        engine.advance(s, who, a)
        budget.spend()
    _settle(engine, heuristic, s, who, rng, budget)
    if budget.late:
        return None
    return value_of(engine, s, seat, scale)


def _settle(engine, heuristic, s, mover, rng, budget) -> None:
    """Let ``mover`` finish a turn of several steps (pay, then place, then activate …)
    before the position is valued: halfway through one, the costs are paid and the gains
    not yet had, which would make every long turn look bad."""
    for _ in range(SETTLE_MAX):
        if engine.outcome(s) is not None or engine.to_act(s) != [mover] or budget.late:
            return
        engine.advance(s, mover, heuristic.choose(engine, s, mover, rng))
        budget.spend()
