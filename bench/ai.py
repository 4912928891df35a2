"""The game's AI against a uniformly random player, in 2-seat games, seats alternating.

    python -m bench.ai libertalia --games 500

The last line printed is a JSON object with ``games`` and ``ai_win_rate`` (a tie counts half)."""
from __future__ import annotations

import argparse
import sys

import engines
from bench.common import play_game, print_result, random_policy


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    ai = engines.ai(args.game)
    wins = ties = 0
    margin = 0
    for i in range(args.games):
        ai_seat, rnd_seat = ("A", "B") if i % 2 == 0 else ("B", "A")
        _, _, outcome, _ = play_game(args.game, 2, args.seed * 7919 + i,
                                     policies={ai_seat: ai.choose, rnd_seat: random_policy})
        if outcome.ranks[ai_seat] < outcome.ranks[rnd_seat]:
            wins += 1
        elif outcome.ranks[ai_seat] == outcome.ranks[rnd_seat]:
            ties += 1
        margin += outcome.scores[ai_seat] - outcome.scores[rnd_seat]
    print_result({
        "game": args.game,
        "games": args.games,
        "ai_wins": wins,
        "ties": ties,
        "ai_win_rate": round((wins + ties / 2) / args.games, 3),
        "mean_score_margin": round(margin / args.games, 2),
    })
    return 0


if __name__ == "__main__":
    sys.exit(main())
