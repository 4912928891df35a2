"""Shared helpers of the benchmark scripts: play whole games with AI or random seats."""
from __future__ import annotations

import json
import random
import statistics
from typing import Callable

import engines

SEAT_NAMES = "ABCDEF"
MAX_ACTIONS = 20000  # a game that needs more than this is stalled: counted as an error


def seat_names(n: int) -> list[str]:
    return list(SEAT_NAMES[:n])


def random_policy(engine, state, seat, rng):
    return rng.choice(engine.legal(state, seat))


def play_game(game: str, n_players: int, seed: int, policies: dict[str, Callable] | None = None,
              options: dict | None = None, max_actions: int = MAX_ACTIONS,
              record: list | None = None):
    """Play one game to the end. ``policies`` maps seat -> choose function (default: the
    game's AI). Returns (engine, state, outcome, number of actions). ``record`` (a list)
    receives a copy of every position with the seat and action played there."""
    engine = engines.get(game)
    ai = engines.ai(game)
    seats = seat_names(n_players)
    state = engine.new(seats, seed=seed, options=options)
    rng = random.Random(seed)
    actions = 0
    while engine.outcome(state) is None:
        waiting = engine.to_act(state)
        if not waiting:
            raise RuntimeError(f"no seat to act and no outcome (seed {seed})")
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        choose = (policies or {}).get(seat, ai.choose)
        action = choose(engine, state, seat, rng)
        if record is not None:
            record.append((engine.copy(state), seat, action))
        engine.apply(state, seat, action)
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"game stalled after {max_actions} actions (seed {seed})")
    return engine, state, engine.outcome(state), actions


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = max(0, min(len(s) - 1, round(p / 100 * (len(s) - 1))))
    return s[k]


def parse_players(spec: str) -> list[int]:
    if "-" in spec:
        lo, hi = spec.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in spec.split(",")]


def print_result(result: dict) -> None:
    print(json.dumps(result, sort_keys=True))


__all__ = ["play_game", "percentile", "parse_players", "print_result", "random_policy",
           "seat_names", "statistics"]


def run_against_stand_in(run, args) -> int:
    """The end of a bench that drives the stand-in: logging (the stand-in's own only with
    ``-v``), ``asyncio.run(run(args))``, its result printed as the last line."""
    import asyncio
    import logging
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("sandbox").setLevel(logging.WARNING if args.verbose else logging.ERROR)
    print_result(asyncio.run(run(args)))
    return 0
