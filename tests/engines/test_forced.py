"""``engine.forced(state, seat)``: the one action a seat is given without asking.

The platform takes it for a human seat and announces it in the thread, so it must be a
legal action of a seat that is to act (and normally its only one), and it must follow from
public facts alone: taken for the player, it tells the table that nothing else was
possible. The test of "public" is the one of the AI seats (test_ai_fairness.py): every
world that ``determinize`` samples from another seat's view (so the acting seat's hand,
screen, picks and secret values are sampled anew), or from the seat's own view (the other
seats' hidden parts, the decks), must give the same answer and the same label. The last
test checks that this comparison catches an engine that peeks: a ``forced`` that reads
hidden data fails it.

Positions come from seeded games of 2 to 6 players, mostly the game's AI with some random
moves (so that rarer decisions come up), with options varied as in the leak tests.
"""
from __future__ import annotations

import json
import random

import pytest

import engines
from engines.base import english

GAMES = ("libertalia", "glen_more", "whisky", "keyflower")
#: (players, seed) of the games each test walks through
TABLES = {
    "libertalia": [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)],
    "glen_more": [(2, 1), (3, 2), (4, 3), (5, 4)],
    "whisky": [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (2, 6)],
    "keyflower": [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5)],
}
AI_SHARE = 0.85           # the rest of the moves are uniformly random legal ones
MAX_STEPS = 3000


def options(game: str, seed: int) -> dict | None:
    if game == "libertalia":
        return {"abilities": "optional"} if seed % 2 else None
    if game == "glen_more":
        return {"oich_movement": seed % 3 != 1}
    if game == "whisky":
        return {"end_rule": "finish_round"} if seed % 3 == 1 else None
    if game == "keyflower":
        return {"farmers": seed % 4 != 3, "farmers_variant": seed % 4 == 1}
    return None


def walk(game: str, n: int, seed: int):
    """Every position of a seeded game (the same state object, moved on after each yield)."""
    E = engines.get(game)
    ai = engines.ai(game)
    st = E.new([chr(65 + i) for i in range(n)], seed=seed, options=options(game, seed))
    rng = random.Random(f"forced:{game}:{seed}")
    for _ in range(MAX_STEPS):
        if E.outcome(st) is not None:
            return
        yield E, st
        seat = rng.choice(E.to_act(st))
        legal = E.legal(st, seat)
        a = ai.choose(E, st, seat, rng) if rng.random() < AI_SHARE else rng.choice(legal)
        E.apply(st, seat, a)
    raise AssertionError(f"{game} seed {seed}: no end after {MAX_STEPS} moves")


def tables(game):
    return [pytest.param(game, n, seed, id=f"{game}-{n}p-s{seed}") for n, seed in TABLES[game]]


ALL_TABLES = [p for g in GAMES for p in tables(g)]


# ------------------------------------------------------------------ legal, and the only one
@pytest.mark.parametrize("game,n,seed", ALL_TABLES)
def test_forced_is_the_only_legal_action_of_a_seat_to_act(game, n, seed):
    forced_seen = 0
    for E, st in walk(game, n, seed):
        waiting = E.to_act(st)
        before = json.dumps(st, sort_keys=True)
        for seat in st["seats"]:
            a = E.forced(st, seat)
            if seat not in waiting:
                assert a is None, (game, seed, seat, a)
                continue
            if a is not None:
                legal = E.legal(st, seat)
                assert legal == [a], (game, seed, seat, a, legal)
                forced_seen += 1
        assert json.dumps(st, sort_keys=True) == before, "forced() changed the state"
    if game != "libertalia":          # Libertalia asks no lone choice the table could know
        assert forced_seen, (game, n, seed)


# ------------------------------------------------------------------ fairness
def sampled_worlds(E, st, rng):
    """(viewer, world): a world sampled from each seat's view (the acting seats' own
    included): every hidden part that viewer cannot see is drawn anew."""
    for viewer in st["seats"]:
        yield viewer, E.determinize(E.ai_view(st, viewer), rng)


def unfair(E, st, forced, rng) -> list:
    """Where ``forced`` gives another answer (or label) in a sampled world than in ``st``."""
    out = []
    for seat in E.to_act(st):
        real = forced(E, st, seat)
        label = english(E.label(st, seat, real)) if real is not None else None
        for viewer, world in sampled_worlds(E, st, rng):
            got = forced(E, world, seat)
            if got != real:
                out.append((seat, viewer, real, got))
            elif real is not None and english(E.label(world, seat, got)) != label:
                out.append((seat, viewer, label, english(E.label(world, seat, got))))
    return out


def engine_forced(E, st, seat):
    return E.forced(st, seat)


def fairness_positions(game, n, seed, every):
    """Positions worth checking: every one where a seat to act has a single legal action
    (forced or not: that is where hidden facts make a lone choice) and every ``every``-th
    other one (a sampled world might have a lone choice where the real one has more)."""
    for k, (E, st) in enumerate(walk(game, n, seed)):
        lone = any(len(E.legal(st, s)) == 1 for s in E.to_act(st))
        if lone or k % every == 0:
            yield E, st


@pytest.mark.parametrize("game,n,seed", ALL_TABLES)
def test_forced_reads_public_facts_only(game, n, seed):
    rng = random.Random(seed)
    checked = forced_checked = 0
    for E, st in fairness_positions(game, n, seed, every=7):
        assert unfair(E, st, engine_forced, rng) == [], (game, n, seed)
        checked += 1
        forced_checked += any(E.forced(st, s) is not None for s in E.to_act(st))
    assert checked >= 10
    if game != "libertalia":
        assert forced_checked, (game, n, seed)


# ------------------------------------------------------------------ the fairness test has teeth
def lone_action(E, st, seat):
    """Peeks: the lone legal action whatever makes it lone (a hidden hand or screen)."""
    legal = E.legal(st, seat)
    return legal[0] if len(legal) == 1 else None


def peek_at_score(E, st, seat):
    """Peeks: Glen More's lone action, but only while the secret score is even."""
    a = E.forced(st, seat)
    return a if a is not None and st["players"][seat]["vp"] % 2 == 0 else None


def peek_at_picks(E, st, seat):
    """Peeks: at sunrise, Libertalia's pick of the rank another seat has secretly picked."""
    if st["phase"] != "pick" or seat not in E.to_act(st):
        return None
    hand = st["players"][seat]["hand"]
    for other, rank in sorted(st["picks"].items()):
        if other != seat and rank in hand:
            return {"type": "pick", "card": rank}
    return None


CHEATS = {"keyflower": lone_action, "whisky": lone_action, "glen_more": peek_at_score,
          "libertalia": peek_at_picks}


@pytest.mark.parametrize("game", GAMES)
def test_the_fairness_check_catches_a_forced_that_peeks(game):
    """The same positions as above, with a ``forced`` that reads hidden data: somewhere a
    sampled world must tell it apart (in Keyflower a lone choice from hidden facts is rare:
    a payment with only "skip", a transport with only "end")."""
    for n, seed in TABLES[game]:
        rng = random.Random(seed)
        for E, st in fairness_positions(game, n, seed, every=7):
            if unfair(E, st, CHEATS[game], rng):
                return
    pytest.fail(f"{game}: {CHEATS[game].__name__} was never caught")
