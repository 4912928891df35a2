"""How many decisions ``engine.forced`` takes off the players, per game and table size.

    python -m bench.forced keyflower --games 20 --players 2-5 --seed 1

Plays whole games with the game's AI at every seat (as bench.simulate) and counts, as if
every seat were human, the decisions asked, those with a single legal action ("lone") and
those ``forced`` takes (a lone choice whose being alone is public; the rest of the lone ones
stay a click because hidden facts make them lone). One line per table size, then one JSON
object, last."""
from __future__ import annotations

import argparse
import collections
import random

import engines

from bench.common import parse_players, print_result, seat_names

MAX_ACTIONS = 20000


def count_game(game: str, n: int, seed: int, options: dict | None = None) -> dict:
    engine = engines.get(game)
    ai = engines.ai(game)
    state = engine.new(seat_names(n), seed=seed, options=options)
    rng = random.Random(seed)
    asked = lone = forced = 0
    kinds: collections.Counter = collections.Counter()
    while engine.outcome(state) is None:
        waiting = engine.to_act(state)
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        legal = engine.legal(state, seat)
        asked += 1
        lone += len(legal) == 1
        a = engine.forced(state, seat)
        if a is not None:
            forced += 1
            kinds[a["type"]] += 1
        else:
            a = ai.choose(engine, state, seat, rng)
        engine.apply(state, seat, a)
        if asked > MAX_ACTIONS:
            raise RuntimeError(f"{game} seed {seed}: no end after {MAX_ACTIONS} decisions")
    return {"asked": asked, "lone": lone, "forced": forced, "kinds": kinds}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=20, help="games per table size")
    ap.add_argument("--players", default="2-4")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    engine = engines.get(args.game)
    rows = {}
    for n in parse_players(args.players):
        tot = collections.Counter()
        kinds: collections.Counter = collections.Counter()
        for i in range(args.games):
            r = count_game(args.game, n, args.seed * 100003 + 1000 * n + i)
            tot.update({k: r[k] for k in ("asked", "lone", "forced")})
            kinds.update(r["kinds"])
        g = args.games
        row = {"decisions_per_game": round(tot["asked"] / g, 1),
               "lone_per_game": round(tot["lone"] / g, 1),
               "forced_per_game": round(tot["forced"] / g, 1),
               "forced_by_type": {k: round(v / g, 1) for k, v in kinds.most_common()}}
        rows[f"{n}p"] = row
        print(f"{engine.title} {n}p: {row['forced_per_game']} forced per game of "
              f"{row['decisions_per_game']} decisions ({row['lone_per_game']} with a single "
              f"choice); forced: " + ", ".join(f"{k} {v}" for k, v in row["forced_by_type"].items()))
    print_result({"game": args.game, "games_per_size": args.games, "seed": args.seed,
                  "sizes": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
