"""Glen More (alea / Ravensburger, 2010), 2-5 players: the pure rules engine.

The rules are docs/rules/glen_more.md; every tile and card fact is in ``data.py``.

This module holds the engine class, a short dispatcher: setup (``new``), the list of legal
actions and ``_apply``, which hands each action to its ``_do_<type>`` handler.  The phases
live in mixins, one module each:

``chain.py``       the chain and the turn: whose turn, the die, refill, scorings due, the
                   tile choice and its cost (Loch Ness / Loch Oich payments)
``placement.py``   legal spots (edge matching, clansmen) and placing; Loch Lochy, Loch Shiel
``activation.py``  activating tiles (Loch Ness, Loch Oich), paid activations and their baskets
``movement.py``    moving clansmen, making chieftains, ending the turn
``payment.py``     the warehouse: selling a cube, paying a cost, choosing the tiles that pay
``scoring.py``     the three scorings, the final scoring and the outcome
``decisions.py``   lettered cell decisions, pages, sub-decisions and refusal messages
``labels.py``      action labels, prompts and the status line
``view.py``        the view of the table
``common.py``      constants and plain helpers (display, warehouse, ``plan_payment``),
                   re-exported here for the AI and the tests

A turn is a row of small decisions (``state["turn"]["step"]``):

``choose``     take a tile of the chain (only tiles you can pay for *and* place are offered)
``ness_pay``   Loch Ness only: pay with a chieftain or with a clansman from a tile
``oich_pay``   Loch Oich only: which two different resources to pay
``place``      pick the spot in your territory
``lochy``      Loch Lochy only: which two resources go on the loch
``shiel``      Loch Shiel only: apply it (you may sell first to empty tiles)
``activate``   activate the new tile and its 8 neighbours one by one (Loch Ness: one more)
``move``       spend movement points (move clansmen, make chieftains), then end the turn

Sub-decisions inside a step (``turn["sub"]``): a resource for Iona Abbey, how many animals
for a butcher, the basket of a fair or the grocer, the target of Loch Ness, the destination
of a clansman.  Selling is possible in every decision of your own turn; when the resource
lies on several tiles you then pick the tile (``turn["selling"]``).  When a cost is paid
with cubes and the tiles they come from make a difference, you pick them one at a time
(``turn["paying"]``, see ``payment.py``; the first option is the suggestion).  Long lists
of cells are split into pages (``turn["page"]``) so that no decision offers more than 25
actions.

Coordinates: x grows to the east, y to the north; the start village is at (0, 0).  Players
never see them: every decision over cells of a territory (where to place a tile, which tile
to activate, pay from, sell from, move a clansman from or to) gives its cells letters A, B,
C... in the order ``legal`` lists them (``cell_choices``), labels read "Spot C — north of
Quarry", and the public view lists them under ``spots`` so that the board draws the same
letters.  The candidate cells depend only on public facts (territory, clansmen, cubes,
coins, market), never on the secret scores.

Decisions where the printed rules are silent (rules file §18 and [engine] marks):
* The first seat is the start player (space 0); the others follow on 1, 2, ...; the die
  (2-3 players) comes next; the refill draws from the lowest stack that still has tiles.
* Cubes paid for a cost (tile or activation, and surplus cubes sold automatically to afford
  a tile) come from the tiles the player picks, asked only where the choice changes the
  resulting display; the suggestion, listed first, is the tile holding the most cubes (ties:
  the tile placed first).  A cube sold by hand comes from the tile the player picks.
* A tile cost is paid the cheapest way: own cubes, then the deficit is bought, and when
  coins are short surplus cubes are sold automatically, best price first.  Activation costs
  are paid with own cubes and coins only (sell by hand first if needed).
* Any activation may be declined (Q10); lochs and full production tiles are not offered.
* Loch Ness: usable in the turn it is placed (Q2); its target list leaves out the tiles of
  the normal activation (activating those through Loch Ness would only waste it).  A paid
  clansman no longer counts for placement (Q12).  Loch Lochy's cubes go on the loch (Q4).
* Loch Oich: the mass activation replaces the normal one; movement afterwards follows the
  ``oich_movement`` option (default on, Q6).  Duart counts the start village (Q5).
* A player who cannot take any tile moves to the first tile of the chain, which leaves the
  game (Q3).  Making the last clansman a chieftain needs a confirmation (Q11).
* Strict edge matching on every side (Q7); T55 has no road (Q1).
* Running scores are secret by default (option ``secret_scores``): the view shows each seat
  only its own score; the gains of activations and scorings are public, as at the table.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Mapping, Sequence

from engines.base import Action, BaseEngine, Event, IllegalAction, N_, Option, State, rng

from . import data as D
from .activation import ActivationMixin
from .chain import ChainMixin
# The helpers and constants, re-exported: tests, the AI and other code import them from here.
from .common import (DIRS8, MAX_LEGAL, N_SPACES, OPPOSITE, ORTH, PARTS, RES,  # noqa: F401
                     SCORING_CATEGORIES, SCORING_PARTS, add_cube, buy_price, cells_of,
                     chieftain_value, clansmen, grid, hats, held, plan_payment, sell_price,
                     take_cube, tile_type)
from .decisions import DecisionsMixin
from .determinize import copy_state, determinize as _determinize
from .evaluate import evaluate as _evaluate
from .labels import LabelsMixin
from .movement import MovementMixin
from .payment import PaymentMixin
from .placement import PlacementMixin
from .scoring import ScoringMixin
from .view import ViewMixin


class GlenMoreEngine(ChainMixin, PlacementMixin, ActivationMixin, MovementMixin, PaymentMixin,
                     ScoringMixin, DecisionsMixin, LabelsMixin, ViewMixin, BaseEngine):
    name = "glen_more"
    title = "Glen More"
    min_players = 2
    max_players = 5

    # ------------------------------------------------------------------ setup
    def options(self):
        return {
            "secret_scores": Option(True, [True, False],
                                    "Keep running scores secret (as the face-down tokens of the "
                                    "box): spectators see none, each player sees their own.",
                                    label=N_("Secret scores")),
            "oich_movement": Option(True, [True, False],
                                    "After Loch Oich, movement points of the mass activation can "
                                    "still be spent (off: the turn ends after the activation).",
                                    label=N_("Movement after Loch Oich")),
        }

    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None) -> State:
        self.check_seats(seats)
        opts = self.resolve_options(options)
        seats = list(seats)
        n = len(seats)
        state: State = {"seed": seed, "rng_n": 0, "seats": seats, "options": opts}
        r = rng(state)
        stacks = []
        for k in sorted(D.STACK_SIZES):
            pile = [t["id"] for t in D.TILES_LIST if t["stack"] == k]
            r.shuffle(pile)
            stacks.append(pile)
        state["stacks"] = stacks
        state["market"] = {res: D.WAREHOUSE_START_FILLED[n] for res in RES}
        state["players"] = {s: {
            "tiles": [{"id": "START", "x": 0, "y": 0, "cubes": [], "men": D.START_CLANSMEN}],
            "coins": D.START_COINS, "whisky": 0, "chieftains": 0, "cards": [],
            "vp": 0, "parts": {k: 0 for k in PARTS},
        } for s in seats}
        spaces: list[Any] = [None] * N_SPACES
        for i, s in enumerate(seats):            # start player (first seat) on space 0
            spaces[i] = {"pawn": s}
        pos = n
        if n in D.DIE_PLAYER_COUNTS:
            spaces[pos] = {"die": True}
            pos += 1
        state["spaces"] = spaces
        state["gap"] = N_SPACES - 1
        state["scorings"] = 0
        state["removed"] = []                    # tiles out of the game (behind the head, die)
        state["finished"] = False
        state["result"] = None
        state["turn"] = None
        state["last_die"] = None
        for i in range(pos, N_SPACES - 1):
            spaces[i] = {"tile": self._draw(state, [])}
        self._start_turn(state, [])
        return state

    # ------------------------------------------------------------------ legal
    def legal(self, state: State, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        turn = state["turn"]
        p = state["players"][seat]
        if turn.get("paying"):
            _kind, cells = self.cell_choices(state)
            return [{"type": "pay_from", "at": list(c)} for c in cells]
        sells = self._sell_actions(state, p)
        if turn["selling"]:
            _kind, cells = self.cell_choices(state)
            return [{"type": "sell_from", "at": list(c)} for c in cells] + [{"type": "cancel"}]
        sub = turn["sub"]
        if sub and sub["kind"] == "ness_target":
            return self._paged(turn, *self._cell_decision(state, seat))
        if sub:
            return self._sub_legal(state, seat, p, sub) + sells
        step = turn["step"]
        if step == "choose":
            memo: dict = {}
            takes = [{"type": "take", "space": i} for i in self.reachable(state)
                     if self._take_reason(state, seat, i, memo) is None]
            if not takes:
                takes = [{"type": "pass"}]
            return takes + sells
        if step == "ness_pay":
            return self._paged(turn, *self._cell_decision(state, seat))
        if step == "oich_pay":
            return [{"type": "pay_pair", "res": list(pair)} for pair, _ in self.oich_pairs(state, p)] + sells
        if step == "place":
            return self._paged(turn, *self._cell_decision(state, seat))
        if step == "lochy":
            return [{"type": "lochy", "res": [a, b]} for a, b in combinations_with_replacement(RES, 2)] + sells
        if step == "shiel":
            iona = [t for t in p["tiles"] if tile_type(t) == "iona_abbey" and not t["cubes"]]
            if iona:
                acts = [{"type": "shiel", "res": r} for r in RES]
            else:
                acts = [{"type": "shiel"}]
            return acts + sells
        if step in ("activate", "move"):
            return self._paged(turn, *self._cell_decision(state, seat))
        return []  # pragma: no cover

    def forced(self, state: State, seat: str) -> Action | None:
        """The only legal action, whatever the decision: Glen More hides only the running
        scores (option ``secret_scores``) and the order of the face-down stacks, and neither
        decides any choice (``cell_choices``: territory, clansmen, cubes, coins, market).
        The usual cases: "No tile can be taken" (pass), the one tile that can be taken or
        paid for, the one spot, "Done" with nothing left to activate, "End your turn" with
        no movement point left. A decision that also offers a sale is not forced: selling
        now or later is a choice (the warehouse prices move in between)."""
        legal = self.legal(state, seat)       # [] when the seat is not to act
        return legal[0] if len(legal) == 1 else None

    # ------------------------------------------------------------------ apply
    def _apply(self, state: State, seat: str, action: Action) -> list[Event]:
        if state["finished"]:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a valid action.")
        if seat not in state["seats"]:
            raise IllegalAction("You are not playing at this table.")
        act = self.active(state)
        if seat != act:
            raise IllegalAction("It is not your turn: {player} is playing.", player=act)
        legal = self.legal(state, seat)
        if action not in legal:
            raise self._why(state, seat, action)
        turn = state["turn"]
        p = state["players"][seat]
        events: list[Event] = []
        typ = action["type"]
        if typ != "page":
            turn["page"] = None
        if typ == "buy":  # pragma: no cover - never legal, caught by _why
            raise IllegalAction("You only buy to pay a cost right now.")
        handler = getattr(self, "_do_" + typ)
        handler(state, seat, p, turn, action, events)
        return events

    # ------------------------------------------------------------------ search
    def advance(self, state: State, seat: str, action: Action) -> list[Event]:
        """The trusted fast path of the search: ``action`` comes from ``legal(state, seat)``,
        so it is not checked again (no ``legal`` call, no snapshot); the state changes
        exactly as with ``apply``. The events are returned as ``apply`` gives them."""
        turn = state["turn"]
        typ = action["type"]
        if typ != "page":
            turn["page"] = None
        events: list[Event] = []
        getattr(self, "_do_" + typ)(state, seat, state["players"][seat], turn, action, events)
        return events

    def copy(self, state: State) -> State:
        """An independent copy for the search, by the state's shape (``copy_state``)."""
        return copy_state(state)

    def determinize(self, view: Mapping, rng) -> State:
        """A full state for the seat of ``view``: see ``determinize.py`` (the stacks are
        shuffled, hidden scores estimated, a fresh seed)."""
        return _determinize(self, view, rng)

    def evaluate(self, state: State) -> dict[str, float]:
        """Each seat's expected final score: see ``evaluate.py``."""
        return _evaluate(self, state)


ENGINE = GlenMoreEngine()
