"""Hidden-information leak checks shared by every engine (used by test_hidden_information.py).

The idea: take a real position of a seeded random game, pick a seat P and build a *perturbed
twin* in which only P's hidden data differs, in a way that agrees with everything public (a
different secret pick, other face-down cards, other worker colours behind the screen, another
secret score, ...). Everything another seat or a spectator can see must then be identical in
the two positions, and stay identical after the same move is applied to both, unless that
move reveals the hidden data by the rules themselves (a short per-game table of
rule-inherent reveals).

A perturbation may also be *seatless* (P is None): data hidden from everybody (the order of a
face-down stack, the tiles of a later season). Then every seat's side must stay identical.

Each game has an adapter class (one instance per played game, so it can keep track of what
the public has seen):

    new()                          -> the start position
    perturb(state, seat, rng)      -> (what, twin) | None   (seat None: seatless data)
    observe(before, seat, action, events, after)   (optional bookkeeping after a real move)
    reveal(what, seat, mover, action, events_a, events_b) -> reason | None
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterable

from engines.base import Event, Text, choice_fingerprint

MAX_STEPS = 30000


def jcopy(x):
    return json.loads(json.dumps(x))


def _tj(t) -> Any:
    return t.to_json() if isinstance(t, Text) else t


# ------------------------------------------------------------------------------ public side
def public_side(E, st, hidden_seat: str | None) -> dict[str, str]:
    """Everything a seat other than ``hidden_seat`` or a spectator sees of a position, one
    entry per check (the key names the check), each as canonical JSON text."""
    seats = list(st["seats"])
    others = [s for s in seats if s != hidden_seat]
    out: dict[str, Any] = {
        "view(None)": E.view(st, None),
        "status": _tj(E.status(st)),
        "to_act": E.to_act(st),
    }
    for s in others:
        out[f"view({s})"] = E.view(st, s)
        out[f"prompt({s})"] = _tj(E.prompt(st, s))
        legal = E.legal(st, s)
        out[f"legal({s})"] = legal
        out[f"labels({s})"] = [_tj(E.label(st, s, a)) for a in legal]
        out[f"decision_timer({s})"] = E.decision_timer(st, s)
    for x in seats:
        pd = bool(E.public_decision(st, x))
        out[f"public_decision({x})"] = pd
        if pd:
            acts = E.public_actions(st, x)
            out[f"public_actions({x})"] = acts
            out[f"public_labels({x})"] = [_tj(E.label(st, x, a)) for a in acts]
            out[f"public_prompt({x})"] = _tj(E.prompt(st, x))
            out[f"public_fingerprint({x})"] = choice_fingerprint(acts)
            out[f"public_timer({x})"] = E.decision_timer(st, x)
    return {k: json.dumps(v, sort_keys=True) for k, v in out.items()}


def seen_events(events: Iterable[Event], hidden_seat: str | None) -> list:
    """The events another seat or a spectator receives: public ones and private ones
    addressed to a seat other than ``hidden_seat``."""
    return [e.to_json() for e in events if e.to is None or e.to != hidden_seat]


# ------------------------------------------------------------------------------ diffs
def diff(a, b, path: str = "", out: list | None = None, limit: int = 4) -> list[str]:
    """The first few places where two JSON values differ, compactly."""
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'perturbed' if k in b else 'original'}: "
                           f"{_short(a.get(k, b.get(k)))}")
            elif a[k] != b[k]:
                diff(a[k], b[k], f"{path}.{k}", out, limit)
            if len(out) >= limit:
                break
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                diff(x, y, f"{path}[{i}]", out, limit)
            if len(out) >= limit:
                break
        return out
    out.append(f"{path or '.'}: original {_short(a)} != perturbed {_short(b)}")
    return out


def _short(x, n: int = 160) -> str:
    s = json.dumps(x, sort_keys=True, default=str)
    return s if len(s) <= n else s[:n] + "..."


class Leak(AssertionError):
    pass


def compare(game: str, ctx: dict, when: str, a: dict, b: dict) -> None:
    for key in a:
        if a[key] != b.get(key):
            if key not in b:
                raise Leak(_message(game, ctx, when, key, [f"only in original: {a[key][:160]}"]))
            raise Leak(_message(game, ctx, when, key,
                                diff(json.loads(a[key]), json.loads(b[key]))))
    for key in b:
        if key not in a:
            raise Leak(_message(game, ctx, when, key, [f"only in perturbed: {b[key][:160]}"]))


def compare_events(game: str, ctx: dict, a: list, b: list) -> None:
    if a == b:
        return
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else None
        y = b[i] if i < len(b) else None
        if x != y:
            raise Leak(_message(game, ctx, "after the move", f"events[{i}]",
                                diff(x, y) if x is not None and y is not None
                                else [f"original {_short(x)} != perturbed {_short(y)}"]))


def _message(game, ctx, when, key, lines) -> str:
    return (f"{game} leak: seed={ctx['seed']} step={ctx['step']} seat={ctx['seat']} "
            f"perturbation={ctx['what']} check={key} ({when}"
            + (f"; move {ctx['mover']} {json.dumps(ctx['action'], sort_keys=True)}"
               if when == "after the move" else "") + ")\n  " + "\n  ".join(lines))


# ------------------------------------------------------------------------------ the driver
class Stats:
    def __init__(self):
        self.games = 0
        self.steps = 0
        self.checked = 0
        self.after = 0
        self.revealed = 0
        self.kinds: dict[str, int] = {}

    def __repr__(self):
        return (f"games={self.games} steps={self.steps} checked={self.checked} "
                f"after={self.after} revealed={self.revealed} kinds={self.kinds}")


def play_and_check(adapter_cls, seed: int, *, sample: float = 1.0, stats: Stats | None = None,
                   on_leak: Callable[[Leak], None] | None = None) -> Stats:
    """Play one seeded random game of ``adapter_cls``; at a ``sample`` fraction of the steps,
    perturb a random seat's hidden data and compare what the others see, before and after
    the same move. Raises ``Leak`` (or hands it to ``on_leak`` and goes on)."""
    stats = stats or Stats()
    ad = adapter_cls(seed)
    E = ad.engine
    st = ad.new()
    play = random.Random(seed)                    # the game's own moves
    check = random.Random(seed * 7919 + 17)       # the checks' choices (never alter the game)
    step = 0
    while E.outcome(st) is None:
        waiting = E.to_act(st)
        assert waiting, f"{ad.name} seed={seed} step={step}: nobody to act"
        mover = play.choice(waiting)
        legal = E.legal(st, mover)
        assert legal, f"{ad.name} seed={seed} step={step}: {mover} has no legal move"
        action = play.choice(legal)
        if check.random() < sample:
            try:
                _check_step(ad, st, seed, step, mover, action, check, stats)
            except Leak as leak:
                if on_leak is None:
                    raise
                on_leak(leak)
        before = jcopy(st) if ad.wants_before else None
        events = E.apply(st, mover, action)
        ad.observe(before, mover, action, events, st)
        step += 1
        assert step < MAX_STEPS, f"{ad.name} seed={seed}: game does not end"
    stats.games += 1
    stats.steps += step
    return stats


def _check_step(ad, st, seed, step, mover, action, rng, stats) -> None:
    E = ad.engine
    seats = list(st["seats"])
    choices = seats + ([None] if ad.seatless else [])
    rng.shuffle(choices)
    for seat in choices:            # the first seat (in random order) with something hidden
        got = ad.perturb(jcopy(st), seat, rng)
        if got is not None:
            break
    else:
        return
    what, twin = got
    # a twin in which someone to act has nothing to do is not a reachable position
    if any(not E.legal(twin, s) for s in E.to_act(twin)):
        return
    stats.checked += 1
    stats.kinds[what] = stats.kinds.get(what, 0) + 1
    ctx = {"seed": seed, "step": step, "seat": seat, "what": what, "mover": mover,
           "action": action}
    compare(ad.name, ctx, "before the move", public_side(E, st, seat), public_side(E, twin, seat))
    # the same move in both positions
    legal_b = E.legal(twin, mover)
    if action not in legal_b:
        both = [a for a in E.legal(st, mover) if a in legal_b]
        if not both:
            return      # only possible when the mover is the perturbed seat
        action = rng.choice(both)
        ctx["action"] = action
    a, b = jcopy(st), twin
    ev_a = E.apply(a, mover, jcopy(action))
    ev_b = E.apply(b, mover, jcopy(action))
    why = ad.reveal(what, seat, mover, action, ev_a, ev_b)
    if why:
        stats.revealed += 1
        return
    stats.after += 1
    compare_events(ad.name, ctx, seen_events(ev_a, seat), seen_events(ev_b, seat))
    compare(ad.name, ctx, "after the move", public_side(E, a, seat), public_side(E, b, seat))


# ------------------------------------------------------------------------------ reveal rules
def event_matches(rule: tuple, seat, mover, action, events: list[Event]) -> bool:
    """One row of a reveal table:
    ("kind", k)        an event of kind k
    ("msg", m)         a public event with message id m
    ("to_other", m)    a private event with message id m to a seat other than ``seat``
    ("action", t)      the move's type is t
    ("own_action", t)  the move's type is t and the perturbed seat makes it
    """
    tag, val = rule[0], rule[1]
    if tag == "action":
        return action.get("type") == val
    if tag == "own_action":
        return action.get("type") == val and mover == seat
    for e in events:
        if tag == "kind" and e.kind == val:
            return True
        if tag == "msg" and e.to is None and e.text.msg == val:
            return True
        if tag == "to_other" and e.to is not None and e.to != seat and e.text.msg == val:
            return True
    return False


class Adapter:
    """Base of the per-game adapters."""
    name = ""
    engine: Any = None
    seatless = False          # True: also perturb data hidden from everybody (seat None)
    wants_before = False      # True: observe() gets the position before the move
    REVEALS: dict[str, list[tuple]] = {}

    def __init__(self, seed: int):
        self.seed = seed

    def new(self):  # pragma: no cover
        raise NotImplementedError

    def perturb(self, st, seat, rng):  # pragma: no cover
        raise NotImplementedError

    def observe(self, before, seat, action, events, after) -> None:
        pass

    def reveal(self, what, seat, mover, action, ev_a, ev_b) -> str | None:
        for rule in self.REVEALS.get(what, []):
            if any(self.rule_matches(rule, seat, mover, action, evs) for evs in (ev_a, ev_b)):
                return rule[-1]
        return None

    def rule_matches(self, rule, seat, mover, action, events) -> bool:
        return event_matches(rule, seat, mover, action, events)
