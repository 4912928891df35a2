"""The Whisky Game: the pure rules engine (rules reference: docs/rules/whisky_game.md).

A turn is a sequence of small decisions kept on a stack (``state["pending"]``); the top one
belongs to the seat to act (``view()["pending"]["kind"]``). Automatic steps (skipped turns,
Prohibition rolls, sea landings, the end of a turn, the next player's start) run in
``_advance`` until a decision is needed.

This class is the dispatcher: ``legal`` asks ``_ch_<kind>`` for the choices of the pending
decision, ``apply`` hands the action to ``_do_<kind>``. The rules live in one module per phase,
mixed into the class (they call each other through ``self``):
  game_setup  options, question bank, ``new`` and the start-field choice (rules 2)
  turns       ``_advance``, start and end of a turn (rules 3)
  movement    ready decision, rolls and modifiers, destinations, walking, flights (rules 4, 5.7-5.8)
  fields      arrival and the field decisions: distillery, lost distillery, pub, airport;
              Nick Savage's jump (rules 5, 7)
  questions   drawing, answering, rescues, settling, bottles, Smuggler (rules 5.4, 11)
  specials    special cards and their targets; Richard Paterson's pour (rules 8)
  scoring     points, regions, goal, final ranking (rules 6)
  view, text  what a seat sees; labels, prompts, status
  common      constants, ingredient labels and small state helpers
For AI seats and the search (engines/base.py): ``ai_view`` (the view plus ``known_answer``
for the seat being asked), ``determinize`` (determinize.py), ``evaluate`` (evaluate.py),
``copy`` (a structural deep copy) and ``advance`` (apply without checks, rollback or events).

Rule decisions (where the rules reference leaves a reading open; details in its sections):
  - Nick Savage ("if you visit the Macallan, you can jump straight to Bladnoch"): the jump is
    offered in the ready decision whenever he stands at The Macallan on his turn: after a
    question there (right or wrong), after declining one, when he owns a Macallan bottle or
    the distillery is empty, and when his turn starts there. It does not use the roll (he may
    jump, then roll from Bladnoch) and counts as arriving at Bladnoch (option
    teleport_counts_as_arrival). It is not offered under Prohibition: Bladnoch is a
    distillery. The offer depends only on public facts (character, position, Prohibition).
  - Prohibition ("may not enter a distillery, lost distillery or pub"): a move may not end on
    such a field, by exact count or by stopping early; it may pass through one. If every
    field where the move could end is one of them, the figure stays where it is, like a
    move of 0 (no ingredient, no special card); later moves of the turn are still made.

Decisions (pending kind -> actions):
  start       {"type": "start", "field": "SC_EDINBURGH" | "IE_DUBLIN"}
  ready       {"type": "roll"} | {"type": "play", "card": c} | {"type": "sail", "route": sea_id}
              | {"type": "pour"} (Richard Paterson) | {"type": "jump"} (Nick Savage at The
              Macallan) | {"type": "end"} (when no roll is due)
  move        {"type": "move", "to": field}   (one per reachable stopping field, lettered
              A, B, … in this order: the labels and the public view()["move"] give the letters
              that the board image draws at the fields)
  fly         {"type": "fly", "to": airport}
  distillery  {"type": "ask", "level": "easy"|"medium"|"hard" [, "smuggler": true]} | {"type": "leave"}
  question    {"type": "answer", "option": 0-3} (index in the order shown) | {"type": "timeout"}
              | {"type": "play", "card": "fifty" | expert} | {"type": "rescue", "how": "roll"|"swap"}
              | {"type": "accept"} (after a wrong answer: give up, see the answer)
  smuggle     {"type": "take", "distillery": d}
  savage      {"type": "jump"} | {"type": "stay"}   (no longer pushed: the jump is a ready
              choice; kept so that a saved game waiting on it still plays)
  lost        {"type": "buy"} | {"type": "leave"}
  pub         {"type": "trade", "give": [k, k], "get": k} | {"type": "leave"}
  airport     {"type": "book", "ticket": "one_way"|"return"} | {"type": "leave"}
  teleport    {"type": "go", "field": f}
  victim      {"type": "target", "seat": s}
  bottle      {"type": "pick", "bottle": "b<i>" | "l<i>"}  (distillery / lost bottle index)
  angels      {"type": "pick", "seat": s, "bottle": "b<i>"}
  gordon      {"type": "pick", "bottle": "b<i>", "value": 3|5}
  shackleton  {"type": "take", "distillery": d, "value": v}
distillery, lost, pub and airport also offer the cards playable now ({"type": "play", ...}) and
{"type": "pour"}; the field decision resumes afterwards.
Any list longer than 25 is paged: {"type": "page", "n": k} turns to page k.
"""
from __future__ import annotations

from typing import Mapping

from engines.base import BaseEngine, IllegalAction, Outcome, Text

# the labels and constants stay importable from here (engines.whisky.engine.token_list, ...)
from .common import (ANSWER_LABEL_MAX, FIELD_KINDS, LETTERS, PAGE, StateHelpers,  # noqa: F401
                     level_name, token_list, tokens)
from .fields import Fields
from .game_setup import GameSetup
from .movement import Movement
from .questions import Questions
from .scoring import Scoring
from .specials import Specials
from .text import Texts
from .turns import Turns
from .view import Views


_FLAT_LISTS = frozenset({"special_deck", "lost_deck", "used_questions", "seats", "order"})
_LIST_MAPS = frozenset({"pools", "stock", "start_rolls"})


def _deep(x):
    """A deep copy of JSON data (dicts and lists copied, scalars shared)."""
    if type(x) is dict:
        return {k: (_deep(v) if type(v) is dict or type(v) is list else v)
                for k, v in x.items()}
    return [(_deep(v) if type(v) is dict or type(v) is list else v) for v in x]


_PLAYER_FLAT = ("bonus", "hand", "paterson_targets")
_PLAYER_KEYS = frozenset({"character", "pos", "bottles", "lost", "bonus", "ingredients", "hand",
                          "return_ticket", "travel", "skip", "prohibition", "hangover",
                          "carriage", "truck", "last_failed", "paterson_targets", "last_roll"})


def _player(p):
    """A player's record, copied key by key (any key this does not know: deep copy)."""
    c = dict(p)
    c["bottles"] = [dict(b) for b in p["bottles"]]
    c["lost"] = [dict(x) for x in p["lost"]]
    for k in _PLAYER_FLAT:
        c[k] = list(p[k])
    c["ingredients"] = dict(p["ingredients"])
    t = p["travel"]
    if t is not None:
        c["travel"] = dict(t)
    if len(p) != len(_PLAYER_KEYS) or not _PLAYER_KEYS.issuperset(p):
        for k, v in p.items():
            if k not in _PLAYER_KEYS and (type(v) is dict or type(v) is list):
                c[k] = _deep(v)
    return c


class _Sink(list):
    """An event list that keeps nothing (``advance``: the search ignores events)."""
    __slots__ = ()

    def append(self, item) -> None:
        pass


class WhiskyEngine(GameSetup, Turns, Movement, Fields, Questions,
                   Specials, Scoring, Views, Texts, StateHelpers,
                   BaseEngine):
    name = "whisky"
    title = "The Whisky Game"
    min_players = 2
    max_players = 6

    def __init__(self, bank: Mapping[str, dict] | None = None,
                 extra_dirs: list[str] | None = None) -> None:
        """``bank`` (question id -> record) replaces the question bank, for tests;
        ``extra_dirs`` are admin question packs passed to qbank.load_bank."""
        self._bank_override = dict(bank) if bank is not None else None
        self._extra_dirs = list(extra_dirs) if extra_dirs else None
        self._bank_cache: dict[str, dict] = {}

    def to_act(self, state) -> list[str]:
        if state["phase"] == "over":
            return []
        top = self._top(state)
        return [top["seat"]] if top else []

    def outcome(self, state) -> Outcome | None:
        res = state.get("result")
        if not res:
            return None
        tb = res.get("tiebreak")
        return Outcome(scores=dict(res["scores"]), ranks=dict(res["ranks"]),
                       breakdown={s: dict(b) for s, b in res["breakdown"].items()},
                       winners=list(res["winners"]),
                       tiebreak=Text.from_json(tb) if tb else None)

    def legal(self, state, seat) -> list[dict]:
        if state["phase"] == "over":
            return []
        top = self._top(state)
        if not top or top["seat"] != seat:
            return []
        items = self._choices(state, top)
        if len(items) <= 25:
            return items
        page = top.get("page", 0)
        out = items[page * PAGE:(page + 1) * PAGE]
        if (page + 1) * PAGE < len(items):
            out.append({"type": "page", "n": page + 1})
        if page > 0:
            out.append({"type": "page", "n": page - 1})
        return out

    #: decisions whose choices follow from public facts alone (position, the roll, the
    #: bottles and the stock on the table, the targets of a card played in the open)
    _PUBLIC_KINDS = frozenset({"start", "move", "fly", "teleport", "victim", "bottle", "angels",
                               "gordon", "shackleton", "smuggle", "savage"})
    #: decisions that also offer the held special cards: public only with an empty hand
    _HAND_KINDS = frozenset({"ready", "distillery", "lost", "pub", "airport"})

    def forced(self, state, seat):
        """The one choice a seat is given without asking, from public facts only.

        Forced: the lone choice of a decision that shows no hand (a single target, bottle
        or field), and "Roll the die" (or "End your turn") when the seat holds no special
        card: how many cards a hand holds is public (the count in front of the player minus
        a kept return ticket, which lies open), and with none the choices are the public
        sail, jump and pour.

        Not forced: anything while the seat holds a special card, e.g. "End your turn" at
        the end of a turn or "Move on" at a distillery, a lost distillery or an airport
        (asked of every card holder: taking it would tell that no held card is playable
        now); a question (answers, time up, rescues); picking one's own face-down lost
        bottle (Birthday, Pattison's Crash), whose label tells its value."""
        if state["phase"] == "over":
            return None
        top = self._top(state)
        if not top or top["seat"] != seat:
            return None
        kind = top["kind"]
        if kind in self._HAND_KINDS:
            if self._p(state, seat)["hand"]:
                return None
        elif kind not in self._PUBLIC_KINDS:
            return None
        legal = self.legal(state, seat)
        if len(legal) != 1:
            return None
        a = legal[0]
        if kind == "bottle" and a["bottle"][0] == "l" and top["owner"] == seat:
            lost = self._p(state, seat)["lost"][int(a["bottle"][1:])]
            if not lost["revealed"]:
                return None
        return a

    # --- what the AI seats and the search use ----------------------------------------------
    def ai_view(self, state, seat) -> dict:
        """The seat's view, plus ``known_answer`` (the right option, as an index in the order
        shown) while that seat is the one asked a question: its player may know it."""
        v = self.view(state, seat)
        known = self._known_answer(state, seat)
        if known is not None:
            v["known_answer"] = known
        return v

    def determinize(self, view, rng):
        from .determinize import determinize
        return determinize(self, view, rng)

    def evaluate(self, state) -> dict[str, float]:
        from .evaluate import evaluate
        return evaluate(self, state)

    def copy(self, state):
        """An independent copy, for search: the long lists of ids (question decks, Special
        deck) and the stock are copied as lists, everything else by a JSON-data deep copy.
        Strings and numbers are immutable, so they are shared, not re-created: several
        times faster than marshal on this state."""
        c = {}
        for k, v in state.items():
            if k in _FLAT_LISTS:
                c[k] = list(v)
            elif k in _LIST_MAPS:
                c[k] = {x: list(y) for x, y in v.items()}
            elif k == "players":
                c[k] = {x: _player(y) for x, y in v.items()}
            elif k == "options":
                c[k] = {x: (dict(y) if type(y) is dict else y) for x, y in v.items()}
            elif type(v) is dict or type(v) is list:
                c[k] = _deep(v)
            else:
                c[k] = v
        return c

    def advance(self, state, seat, action):
        """``apply`` for search on a throw-away copy: the action comes from ``legal``, so
        it is not checked again and nothing is rolled back; the events are dropped."""
        self._step(state, seat, state["pending"][-1], action, _Sink())
        return []

    def _choices(self, state, dec) -> list[dict]:
        kind = dec["kind"]
        seat = dec["seat"]
        p = self._p(state, seat)
        fn = getattr(self, "_ch_" + kind)
        items = fn(state, seat, p, dec)
        if kind in FIELD_KINDS:   # cards may be played at a field too (rules 3)
            items = items[:-1] + self._extra_plays(state, seat) + items[-1:]
        return items

    def _apply(self, state, seat, action):
        if state["phase"] == "over":
            raise IllegalAction("The game is over.")
        if seat not in state["seats"]:
            raise IllegalAction("You are not playing at this table.")
        top = self._top(state)
        if not top or top["seat"] != seat:
            waiting = self.to_act(state)
            raise IllegalAction("It is not your turn: waiting for {player}.",
                                player=waiting[0] if waiting else "-")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a valid action. Pick one of the offered choices.")
        if action not in self.legal(state, seat):
            if top["kind"] == "question" and action.get("type") == "answer":
                raise IllegalAction("That answer is not available. Pick one of the options shown.")
            raise IllegalAction("You cannot do that now. Pick one of the offered choices.")
        ev: list = []
        self._step(state, seat, top, action, ev)
        return ev

    def _step(self, state, seat, top, action, ev) -> None:
        """Carry out a legal action of the decision ``top`` (apply and advance share it)."""
        typ = action["type"]
        if typ == "page":
            top["page"] = action["n"]
            return
        if top["kind"] in FIELD_KINDS and typ == "pour":
            self._push(state, "victim", seat, purpose="pour", targets=self._pour_targets(state, seat))
        elif top["kind"] in FIELD_KINDS and typ == "play":
            self._play_anytime(state, seat, action["card"], ev)
        else:
            getattr(self, "_do_" + top["kind"])(state, seat, top, action, ev)
        if state["phase"] != "over":
            self._check_victory(state, ev)
        if state["phase"] != "over":
            self._advance(state, ev)
