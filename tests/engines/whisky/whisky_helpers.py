"""Shared helpers of the Whisky Game tests: a small fixture question bank, scripted dice
and shortcuts to put a game into a wanted position."""
from __future__ import annotations

import json

import pytest

from engines.base import rng as base_rng
from engines.whisky import common, fields, game_setup, movement, questions, specials, turns
from engines.whisky.engine import WhiskyEngine

# the engine modules that draw random numbers (each imported engines.base.rng by name)
RNG_MODULES = (common, fields, game_setup, movement, questions, specials, turns)

LEVELS = ("easy", "medium", "hard")


def fixture_bank(per_level: int = 8) -> dict[str, dict]:
    bank = {}
    for lv in LEVELS:
        for n in range(per_level):
            qid = f"T{lv[0].upper()}{n:02d}"
            bank[qid] = {
                "id": qid, "difficulty": lv,
                "question": f"Fixture question {qid}?",
                "options": [f"{qid} option {k}" for k in "wxyz"],
                "answer": n % 4, "distillery": None,
                "info": f"Fixture fact for {qid}.", "ordered_options": False, "source": "test",
            }
    bank["TM00"]["distillery"] = "LO_GLENKINCHIE"
    bank["TH01"]["ordered_options"] = True
    return bank


BANK = fixture_bank()


def make_engine(bank=None) -> WhiskyEngine:
    return WhiskyEngine(bank=bank if bank is not None else BANK)


class Dice:
    """Scripted die faces: every randint of the engine takes the next face while any
    are left (other random draws stay seeded)."""

    def __init__(self):
        self.faces: list[int] = []

    def __call__(self, *faces):
        self.faces.extend(faces)
        return self


@pytest.fixture
def dice(monkeypatch):
    d = Dice()

    def fake(state):
        r = base_rng(state)
        orig = r.randint

        def randint(a, b):
            if d.faces:
                return d.faces.pop(0)
            return orig(a, b)
        r.randint = randint
        return r
    for mod in RNG_MODULES:
        if hasattr(mod, "rng"):
            monkeypatch.setattr(mod, "rng", fake)
    return d


def new_game(eng, seats=("A", "B"), seed=1, starts=None, **options):
    """A game after the start fields are chosen (everyone in Edinburgh unless told)."""
    st = eng.new(list(seats), seed=seed, options=options or None)
    while st["phase"] == "setup":
        seat = eng.to_act(st)[0]
        field = (starts or {}).get(seat, "SC_EDINBURGH")
        eng.apply(st, seat, {"type": "start", "field": field})
    return st


def current(eng, st) -> str:
    return eng.to_act(st)[0]


def place(st, seat, field, character=None, **fields):
    p = st["players"][seat]
    p["pos"] = field
    if character:
        p["character"] = character
    p.update(fields)


def kinds(eng, st) -> str:
    return st["pending"][-1]["kind"] if st["pending"] else None


def legal_types(eng, st, seat=None):
    seat = seat or current(eng, st)
    return [a["type"] for a in eng.legal(st, seat)]


def dests(eng, st) -> dict:
    top = st["pending"][-1]
    assert top["kind"] == "move", top["kind"]
    return {o["to"]: o for o in top["options"]}


def do(eng, st, action, seat=None):
    seat = seat or current(eng, st)
    return eng.apply(st, seat, action)


def roll(eng, st, dice, *faces, seat=None):
    dice(*faces)
    return do(eng, st, {"type": "roll"}, seat)


def correct_option(eng, st) -> int:
    q = st["question"]
    return q["order"].index(eng.bank(st)[q["id"]]["answer"])


def wrong_option(eng, st) -> int:
    c = correct_option(eng, st)
    return next(i for i in range(4) if i != c and i not in st["question"]["removed"])


def public_blob(events) -> str:
    return json.dumps([e.to_json() for e in events if e.public], ensure_ascii=False)


def start_turn_of(eng, st, seat):
    """Make ``seat`` the player to act at the start of a fresh turn (ready to roll)."""
    st["pending"] = []
    st["turn"] = None
    st["turn_idx"] = st["order"].index(seat)
    ev = []
    eng._advance(st, ev)
    return ev


def asked(eng, dice, level, seats=("A", "B")):
    """A fresh game whose first seat has walked to Glenkinchie and asked a question of
    ``level``; (state, that seat)."""
    st = new_game(eng, seats, seed=7)
    seat = current(eng, st)
    place(st, seat, "LO_MUSSELBURGH", character="winchester")
    roll(eng, st, dice, 1)
    do(eng, st, {"type": "move", "to": "LO_GLENKINCHIE"})
    do(eng, st, {"type": "ask", "level": level})
    return st, seat
