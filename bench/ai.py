"""How strong an AI level is: against a uniformly random player, or against another level.

    python -m bench.ai libertalia --games 500                  # the heuristic (easy) vs random
    python -m bench.ai glen_more --games 200 --a hard --b easy --players 2
    python -m bench.ai keyflower --games 20 --a hard --b hard --players 4   # mean scores

Seats are rotated game by game (seat k of game i plays level a when (i + k) is even, so
both levels sit in every position equally often), seeds are fixed. The last line printed is
a JSON object: ``games``, ``a_win_rate`` (a tie for first counts half), ``a_mean_score``,
``b_mean_score``, ``ms_per_decision_p50_a`` and ``_p95_a`` (and ``_b``). The first form
keeps its old keys too (``ai_win_rate``, ``mean_score_margin``). ``--workers`` plays games
in parallel processes (default: one per core). ``--record FILE`` appends each finished
game to a JSON-lines file and, run again with the same settings, plays only the games not
yet in it: a 200-game run of ``hard`` (hours of CPU) can be stopped and resumed, and its
figures are the same as one run's, since game i always has the same seed. ``--report``
(with ``--record``) prints the figures of the games recorded so far and plays none:
``games`` is then how many are recorded, ``of`` how many the run is to have."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench.common import percentile, play_game, print_result, random_policy, seat_names
from engines import players

RANDOM = "random"


def _policy(level: str, times: list[float]):
    inner = random_policy if level == RANDOM else players.policy(level)

    def play(engine, state, seat, rng):
        t0 = time.perf_counter()
        action = inner(engine, state, seat, rng)
        times.append((time.perf_counter() - t0) * 1000)
        return action
    return play


def play_one(game: str, n_players: int, seed: int, index: int, a: str, b: str,
             options: dict | None = None) -> dict:
    """One game; returns the seats of each level, the outcome and the decision times."""
    seats = seat_names(n_players)
    times = {"a": [], "b": []}
    side = {s: "a" if (index + k) % 2 == 0 else "b" for k, s in enumerate(seats)}
    policies = {s: _policy(a if side[s] == "a" else b, times[side[s]]) for s in seats}
    _, _, outcome, actions = play_game(game, n_players, seed, policies=policies, options=options)
    return {"side": side, "scores": outcome.scores, "ranks": outcome.ranks, "times": times,
            "actions": actions}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--a", default="easy", help="level of side a (easy, normal, hard, random)")
    ap.add_argument("--b", default=RANDOM, help="level of side b (default: random)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--record", metavar="FILE",
                    help="append each game to this JSON-lines file; games already in it are not played again")
    ap.add_argument("--report", action="store_true",
                    help="with --record: the figures of the games recorded so far; play none")
    ap.add_argument("--calibrate", action="store_true",
                    help="measure the game's simulated actions per millisecond (search.ACTIONS_PER_MS)")
    args = ap.parse_args(argv)
    if args.calibrate:
        print_result(calibrate(args.game, args.players, args.seed))
        return 0
    settings = {"game": args.game, "players": args.players, "seed": args.seed, "a": args.a, "b": args.b}
    if args.report and not args.record:
        ap.error("--report reads the games of a --record file")
    done = _recorded(args.record, settings) if args.record else {}
    jobs = [(args.game, args.players, args.seed * 7919 + i, i, args.a, args.b)
            for i in range(args.games) if i not in done and not args.report]
    results = {i: r for i, r in done.items() if i < args.games}
    for index, r in _play_all(jobs, args.workers):
        results[index] = r
        if args.record:
            with open(args.record, "a") as f:
                f.write(json.dumps({**settings, "index": index, "result": r}) + "\n")
    results = [results[i] for i in sorted(results)]
    played = len(results)

    wins = 0.0
    scores = {"a": [], "b": []}
    times = {"a": [], "b": []}
    margin = 0.0
    for r in results:
        for s, side in r["side"].items():
            scores[side].append(r["scores"][s])
        for side in ("a", "b"):
            times[side] += r["times"][side]
        best = min(r["ranks"].values())
        first = [s for s, rank in r["ranks"].items() if rank == best]
        # a's share of first place: a tie for first splits the win
        wins += sum(1 for s in first if r["side"][s] == "a") / len(first)
        a_mean = _mean([r["scores"][s] for s, side in r["side"].items() if side == "a"])
        b_mean = _mean([r["scores"][s] for s, side in r["side"].items() if side == "b"])
        margin += a_mean - b_mean
    result = {
        "game": args.game, "games": played, "players": args.players, "a": args.a, "b": args.b,
        "a_win_rate": round(wins / max(1, played), 3),
        "a_mean_score": round(_mean(scores["a"]), 2),
        "b_mean_score": round(_mean(scores["b"]), 2),
        "ms_per_decision_p50_a": round(percentile(times["a"], 50), 2),
        "ms_per_decision_p95_a": round(percentile(times["a"], 95), 2),
        "ms_per_decision_p50_b": round(percentile(times["b"], 50), 2),
        "ms_per_decision_p95_b": round(percentile(times["b"], 95), 2),
        "decisions_a": len(times["a"]),
    }
    if args.report:
        result["of"] = args.games
    if args.b == RANDOM:             # the old keys of `bench.ai GAME --games N`
        result["ai_win_rate"] = result["a_win_rate"]
        result["mean_score_margin"] = round(margin / max(1, played), 2)
    print_result(result)
    return 0


def _play_all(jobs: list[tuple], workers: int):
    """(index, result) of each job, in the order they finish."""
    if workers <= 1:
        for j in jobs:
            yield j[3], play_one(*j)
        return
    with ProcessPoolExecutor(workers) as pool:
        futures = {pool.submit(play_one, *j): j[3] for j in jobs}
        for f in as_completed(futures):
            yield futures[f], f.result()


def _recorded(path: str, settings: dict) -> dict[int, dict]:
    """The games of a record file played with these settings, by index."""
    if not os.path.exists(path):
        return {}
    found = {}
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            row = json.loads(line)
            if all(row.get(k) == v for k, v in settings.items()):
                found[row["index"]] = row["result"]
    return found


def calibrate(game: str, n_players: int, seed: int, actions: int = 1500) -> dict:
    """Time the search at positions of easy-AI games with a fixed budget of simulated
    actions: the game's actions per millisecond on this machine."""
    import random
    import engines
    from engines import search
    engine = engines.get(game)
    positions: list = []
    play_game(game, n_players, seed, policies={s: players.policy("easy") for s in seat_names(n_players)},
              record=positions)
    level = search.Level("calibrate", 1000, search.LEVELS["hard"].horizon, search.LEVELS["hard"].candidates)
    saved = search.ACTIONS_PER_MS.get(game)
    search.ACTIONS_PER_MS[game] = actions / 1000        # the budget is exactly ``actions``
    spent_ms = []
    try:
        for state, seat, _ in positions[:: max(1, len(positions) // 15)]:
            if len(engine.legal(state, seat)) < 2:
                continue
            view = engine.ai_view(state, seat)
            t0 = time.perf_counter()
            search.choose(engine, view, seat, random.Random(1), level, game)
            spent_ms.append((time.perf_counter() - t0) * 1000)
    finally:
        if saved is not None:
            search.ACTIONS_PER_MS[game] = saved
    mean = sum(spent_ms) / len(spent_ms)
    return {"game": game, "positions": len(spent_ms), "ms_per_search": round(mean, 1),
            "actions_per_ms": round(actions / mean, 2)}


def _mean(xs) -> float:
    return sum(xs) / len(xs) if xs else 0.0


if __name__ == "__main__":
    sys.exit(main())
