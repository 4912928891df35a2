"""Shared by the four determinize suites: play on from a sampled world, so that a world that
is complete in the view's eyes but broken underneath (a card nowhere, a counter off) fails."""
from __future__ import annotations

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
