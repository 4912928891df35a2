"""Shared by the four determinize suites: play on from a sampled world, so that a world that
is complete in the view's eyes but broken underneath (a card nowhere, a counter off) fails."""
from __future__ import annotations

import json
import random
from typing import Callable


def play_on(E, ai, world: dict, rng: random.Random, steps: int, *,
            policy: Callable[[int], str] = lambda i: "ai", random_seat: bool = False,
            check: Callable[[dict, str, dict], None] | None = None) -> None:
    """``steps`` legal actions by the fast path (``advance``); ``policy(i)`` says whether
    step i is the heuristic's ("ai") or a random legal action; ``random_seat`` picks among
    several seats to act at random (else the first); ``check`` sees each step before it."""
    for i in range(steps):
        if E.outcome(world) is not None:
            return
        waiting = E.to_act(world)
        seat = rng.choice(waiting) if random_seat else waiting[0]
        legal = E.legal(world, seat)
        a = ai.choose(E, world, seat, rng) if policy(i) == "ai" else rng.choice(legal)
        assert a in legal
        if check is not None:
            check(world, seat, a)
        E.advance(world, seat, a)


def assert_agrees(E, real: dict, seat: str, d: dict) -> None:
    """A sampled world ``d`` plays like the real one for ``seat`` (same choices, same turn,
    finished alike), has a seed of its own and is plain JSON data. The view check stays with
    each game (Whisky's AI view carries one fact its view does not)."""
    assert E.legal(d, seat) == E.legal(real, seat)
    assert E.to_act(d) == E.to_act(real)
    assert (E.outcome(d) is None) == (E.outcome(real) is None)
    assert d["rng_n"] == 0 and d["seed"] != real["seed"]
    assert json.loads(json.dumps(d)) == d
