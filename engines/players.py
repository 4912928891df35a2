"""How an AI seat chooses its move: the one door between a match and any AI.

Fair by construction: the AI is handed ``engine.ai_view(state, seat)`` (what that seat's
player knows) and nothing else; every level, the heuristic included, plays on worlds
sampled from that view by ``engine.determinize``. ``choose_from_view`` takes only plain
data, so the platform can run it in a worker process.

    choose(engine, state, seat, level="hard", seed="42:17:B") -> action
"""
from __future__ import annotations

import random

import engines
from engines import search

LEVELS = tuple(search.LEVELS)          # ("easy", "normal", "hard"), weakest first
DEFAULT_LEVEL = "easy"


def level_of(name: str | None) -> search.Level:
    return search.LEVELS.get(name or DEFAULT_LEVEL, search.LEVELS[DEFAULT_LEVEL])


def choose(engine, state, seat: str, level: str | None = None, seed: object = 0) -> dict:
    """The move of an AI seat of the given level, seeded (same seed, same move)."""
    game = engine.name
    if game not in engines.GAMES:
        # a game registered by a test (toy engines) has no hidden information to protect
        return engines.ai(game).choose(engine, state, seat, random.Random(str(seed)))
    return choose_from_view(game, engine.ai_view(state, seat), seat, level, seed)


def choose_from_view(game: str, view: dict, seat: str, level: str | None = None,
                     seed: object = 0) -> dict:
    """The same from the seat's view alone (picklable arguments, for a process pool)."""
    engine = engines.get(game)
    return search.choose(engine, view, seat, random.Random(str(seed)), level_of(level), game)


def warm() -> int:
    """Import every game and its AI (run once in each AI worker process at start-up, so the
    first hard AI of the evening does not pay for the imports)."""
    for game in engines.GAMES:
        engines.get(game)
        engines.ai(game)
    return len(engines.GAMES)


def policy(level: str | None = None):
    """A bench/test policy ``(engine, state, seat, rng) -> action`` for this level."""
    def play(engine, state, seat, rng):
        return choose(engine, state, seat, level, rng.random())
    return play
