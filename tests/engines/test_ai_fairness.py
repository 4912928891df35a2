"""AI seats are fair by construction: they read the seat's ``ai_view`` and nothing else.

At sampled positions of seeded games, the real state is replaced by a *scrambled* one: the
same position for the deciding seat, with everything it cannot know (other hands and picks,
bag and deck orders, face-down values, the seed that fixes future draws) sampled anew by
``determinize``. An AI that read any of those would, somewhere, choose differently; every
level must choose the same action in both. The search levels run on a small action budget
here (the same code path as in play, a fraction of the time)."""
from __future__ import annotations

import random

import pytest

import engines
from engines import players, search

GAMES = ("libertalia", "glen_more", "whisky", "keyflower")
QUICK = search.Level("quick", 4, 2, 3)        # a search, on a tiny budget


def hidden_parts_differ(state: dict, scrambled: dict) -> bool:
    """Whether the scrambled state differs from the real one beyond its seed."""
    def strip(s):
        return {k: v for k, v in s.items() if k not in ("seed", "rng_n")}
    return strip(state) != strip(scrambled)


def positions(game: str, n_players: int, seed: int, every: int):
    """(state, seat) at every ``every``-th decision of an easy-AI game."""
    engine = engines.get(game)
    state = engine.new([chr(65 + i) for i in range(n_players)], seed=seed)
    rng = random.Random(seed)
    k = 0
    while engine.outcome(state) is None and k < 2000:
        seat = engine.to_act(state)[0]
        if k % every == 0 and len(engine.legal(state, seat)) > 1:
            yield engine, state, seat
        engine.apply(state, seat, players.choose(engine, state, seat, "easy", rng.random()))
        k += 1


@pytest.mark.parametrize("game", GAMES)
def test_the_ai_cannot_read_what_its_seat_does_not_know(game, monkeypatch):
    monkeypatch.setitem(search.LEVELS, "quick", QUICK)
    monkeypatch.setattr(search, "WALL_CAP", 1e6)     # only the action budget ends a search
    checked = differing = 0
    for engine, state, seat in positions(game, 3, seed=11, every=9):
        view = engine.ai_view(state, seat)
        scrambled = engine.determinize(view, random.Random(checked + 1))
        assert engine.ai_view(scrambled, seat) == view
        differing += hidden_parts_differ(state, scrambled)
        for level in ("easy", "quick"):
            seed = f"fair:{checked}"
            assert (players.choose(engine, state, seat, level, seed)
                    == players.choose(engine, scrambled, seat, level, seed)), (game, level, checked)
        checked += 1
    assert checked >= 5
    # the test has teeth only where something is hidden: most positions must differ
    assert differing * 2 >= checked, (differing, checked)


@pytest.mark.parametrize("game", GAMES)
def test_a_search_is_reproducible_and_legal(game, monkeypatch):
    monkeypatch.setitem(search.LEVELS, "quick", QUICK)
    monkeypatch.setattr(search, "WALL_CAP", 1e6)
    for i, (engine, state, seat) in enumerate(positions(game, 2, seed=5, every=25)):
        a = players.choose(engine, state, seat, "quick", f"r:{i}")
        assert a in engine.legal(state, seat)
        assert a == players.choose(engine, state, seat, "quick", f"r:{i}")
        if i >= 4:
            break


@pytest.mark.parametrize("game", GAMES)
def test_a_search_does_not_wander_between_menus(game, monkeypatch):
    """A search AI must not take a step the heuristic then backs out of (choose a transport
    source, go back, choose it again …): seen once as a Keyflower game of 1,571 actions
    instead of about 300. A whole game with one searching seat stays near the usual length
    (without the guard, even this tiny search made a Keyflower game 38% longer)."""
    monkeypatch.setitem(search.LEVELS, "quick", QUICK)
    monkeypatch.setattr(search, "WALL_CAP", 1e6)
    from bench.common import play_game
    _, _, _, usual = play_game(game, 2, 4, policies={s: players.policy("easy") for s in "AB"})
    _, _, _, searched = play_game(game, 2, 4, policies={"A": players.policy("quick"),
                                                        "B": players.policy("easy")})
    assert searched < 1.2 * usual, (searched, usual)

