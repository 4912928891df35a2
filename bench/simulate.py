"""Play many complete games with AI seats and report speed and failures.

    python -m bench.simulate libertalia --games 500 --players 2-6 --seed 1

The last line printed is one JSON object; the exit code is non-zero if any game raised."""
from __future__ import annotations

import argparse
import sys
import time
import traceback

import engines

from bench.common import parse_players, percentile, play_game, print_result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", default="2-4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-farmers", action="store_true", help="Keyflower without The Farmers")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a table option (repeatable); values are parsed as JSON when possible")
    args = ap.parse_args(argv)
    options = _parse_options(args.option)
    if args.no_farmers:
        options["farmers"] = False
    counts = parse_players(args.players)
    times, lengths, errors, finished = [], [], 0, 0
    for i in range(args.games):
        n = counts[i % len(counts)]
        seed = args.seed * 100003 + i
        t0 = time.perf_counter()
        try:
            _, _, outcome, actions = play_game(args.game, n, seed, options=options or None)
        except Exception:
            errors += 1
            print(f"game {i} ({n} players, seed {seed}) failed:", file=sys.stderr)
            traceback.print_exc()
            continue
        times.append((time.perf_counter() - t0) * 1000)
        lengths.append(actions)
        finished += outcome is not None
    costs = search_costs(args.game, counts[0], args.seed, options or None)
    print_result({
        **costs,
        "game": args.game,
        "games": args.games,
        "finished": finished,
        "errors": errors,
        "players": args.players,
        "options": options,
        "actions_per_game": round(sum(lengths) / len(lengths), 1) if lengths else 0,
        "ms_per_game_p50": round(percentile(times, 50), 2),
        "ms_per_game_p95": round(percentile(times, 95), 2),
        "ms_per_action_mean": round(sum(times) / max(1, sum(lengths)), 4),
    })
    return 1 if errors or finished < args.games else 0


def search_costs(game: str, n_players: int, seed: int, options=None, games: int = 3) -> dict:
    """What one search step costs, over every position of a few AI games: the JSON round
    trip plus a checked ``apply`` (how a state was copied before) against ``copy`` plus
    ``advance`` (what the search does). Each position is timed on its own copy."""
    engine = engines.get(game)
    positions = []
    for i in range(games):
        _, _, _, _ = play_game(game, n_players, seed * 7 + i, options=options,
                               record=positions)
    def timed(step) -> float:
        t0 = time.perf_counter()
        for state, seat, action in positions:
            step(state, seat, action)
        return (time.perf_counter() - t0) * 1000 / len(positions)
    old = timed(lambda s, seat, a: engine.apply(engine.load(engine.dump(s)), seat, a))
    clone = timed(lambda s, seat, a: engine.copy(s))
    new = timed(lambda s, seat, a: engine.advance(engine.copy(s), seat, a))
    return {"json_clone_apply_ms_mean": round(old, 4), "clone_ms_mean": round(clone, 4),
            "clone_advance_ms_mean": round(new, 4), "search_step_speedup": round(old / new, 2)}


def _parse_options(pairs):
    import json
    out = {}
    for p in pairs:
        k, _, v = p.partition("=")
        try:
            out[k] = json.loads(v)
        except ValueError:
            out[k] = v
    return out


if __name__ == "__main__":
    sys.exit(main())
