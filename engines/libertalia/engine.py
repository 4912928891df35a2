"""Libertalia (Paolo Mori, 2012) — the pure rules engine.

State machine: each day starts with a secret simultaneous pick ("pick"); the reveal lines the
characters up on the ship; then "day" (ascending), "dusk" (descending, loot), "night" (all dens,
one global descending order). The engine runs automatically until a seat must decide something
(``state["pending"]``); a decision with a single possible answer is taken automatically.
After day 6 the campaign is scored; after campaign 3 the game ends.

Rules decisions (docs/rules/libertalia.md §18). Switchable ones live in ``data.RULES`` and are
all read by the engine: Q3 French Officer threshold, Q8 Gunner pays without a target / may aim at his
own den, Q12 Spy returns his officers before drawing, Q14 end-of-campaign netting
("net_then_floor") or one-by-one ("sequential"), Q19 halving rounds the loss down, Q21 a lone
Mutineer gains nothing. Fixed (no switch): a Parrot with an empty hand stays on the ship (Q5);
the Beggar's receiver gets only what is paid (Q7); every Topman tied for the smallest den
gains (Q9); the First Mate counts himself (Q10); a Cook takes his second token after an
officer (Q11); the Merchant makes one exchange (Q13); one global descending Night order (Q15);
doubloons are public (Q17); a card played again re-triggers its abilities (Q20).

Table options: ``final_tiebreak`` (Q16), ``influence`` and ``abilities`` (Q4):
"mandatory" (official FAQ; the default, only the Waitress "may") or "optional" (the Greek
rulebook's text): then every Day, Dusk, Night and End-of-campaign ability first asks its owner
(pending kind "ability": use or skip; the Waitress keeps her own sell-or-keep question).
Skipping leaves everything as if the card had no ability (a skipped Cook or Cabin Boy takes
one token like any character). The owner is not asked when using the ability could have no
effect; that test reads public facts only (den token counts, never the kinds of secret
tokens), so the question and its two buttons are a public decision.

This module holds the engine class: the contract (``to_act``, ``legal``, ``_apply``), the
automatic loop (``_run``) and what the search needs (``copy``, ``advance``). The rules live
in mixins, one module per phase or concern (they call each other through ``self``):
  setup       options, ``new`` and the start of a campaign (deal, loot of the six days)
  picks       dawn: the secret pick and the reveal that lines the ship up
  day         the Day abilities, one handler per character (``DAY_ABILITIES``), and the
              decisions they ask for (Parrot, Recruiter, Surgeon, Preacher, Merchant, Gunner)
  dusk        loot from the top of the ship down, the Spanish officer, the saber
  night       the Night abilities in one global order, the Waitress, the end of a day
  scoring     the End abilities, the campaign's scoring and cleanup, the outcome
  optional    the "optional" abilities option: when an owner is asked, use or skip
  decisions   what each pending decision offers, and the handler of each answer (``RESOLVERS``)
  labels      action labels, prompts and the status line
  view        what a seat (or a spectator) sees
  known       the public record of each seat's hand and graveyard (``state["known"]``)
  texts       card and token names, the sentences abilities say
  common      ``MAX_CHOICES`` and the small state helpers (influence, loot, doubloons, bag)
"""
from __future__ import annotations

from engines.base import BaseEngine, Event, IllegalAction

from .common import StateHelpers
from .day import Day
from .decisions import Decisions
from .dusk import Dusk
from .known import KnownRecord
from .labels import Labels
from .night import Night
from .optional import OptionalAbilities
from .picks import Picks
from .scoring import Scoring
from .setup import GameSetup
from .view import Views


class LibertaliaEngine(GameSetup, Picks, Day, Dusk, Night, Scoring, OptionalAbilities, Decisions,
                       Labels, Views, KnownRecord, StateHelpers, BaseEngine):
    name = "libertalia"
    title = "Libertalia"
    min_players = 2
    max_players = 6

    def forced(self, state, seat):
        """Never: Libertalia asks no decision with one choice that the table could know.
        A pending decision with a single answer is already taken by ``_run`` without
        asking. What is left: the sunrise pick (a secret choice: a hand holds at least 4
        cards at sunrise, and taking a pick for the player would announce it); the
        Waitress, asked only when a map could be in the den, a visible one (sell or keep)
        or any secret token: her lone "keep" then means that no secret token is a map, and
        skipping the question would say so; an optional ability (use or skip) and the
        other questions offer two choices or more."""
        return None

    # ------------------------------------------------------------------ search (AI seats)
    # The top-level keys of a state; copy() copies any other one the generic way.
    _KEYS = frozenset(["game", "seed", "rng_n", "seats", "options", "campaign", "day", "phase",
                       "pool", "dealt", "bag", "loot_days", "players", "picks", "ship",
                       "pending", "night", "finished", "known"])

    def copy(self, state):
        """An independent copy, for search: written out for this state's shape (about twice
        as fast as marshal); keys it does not know are copied the generic way."""
        d = state.copy()
        d["players"] = {s: _copy_player(p) for s, p in state["players"].items()}
        d["loot_days"] = [x.copy() for x in state["loot_days"]]
        d["ship"] = [e.copy() for e in state["ship"]]
        d["night"] = [x.copy() for x in state["night"]]
        for key in ("seats", "options", "pool", "dealt", "bag", "picks"):
            d[key] = state[key].copy()
        if state["pending"] is not None:
            d["pending"] = state["pending"].copy()
        known = state.get("known")
        if known is not None:
            d["known"] = {s: {"hand": k["hand"].copy(), "grave": k["grave"].copy(),
                              "slots": [dict(x, cards=x["cards"].copy()) for x in k["slots"]]}
                          for s, k in known.items()}
        if len(state) > len(self._KEYS) - (known is None):
            for key in state.keys() - self._KEYS:      # end_queue, end_skip
                d[key] = super().copy(state[key])
        return d

    def advance(self, state, seat, action) -> list[Event]:
        """``apply`` for search on a throw-away copy: the action comes from ``legal``, so it
        is not checked again, and no event is written (returns [])."""
        if state["phase"] == "pick":
            self._pick(state, seat, action["card"], None)
        else:
            self._resolve(state, action, None)
        self._run(state, None)
        return []

    def determinize(self, view, rng):
        from .determinize import determinize
        return determinize(self, view, rng)

    def evaluate(self, state):
        from .evaluate import evaluate
        return evaluate(self, state)

    # ------------------------------------------------------------------ contract
    def to_act(self, state) -> list[str]:
        if state["finished"]:
            return []
        if state["phase"] == "pick":
            return [s for s in state["seats"] if s not in state["picks"]]
        if state["pending"]:
            return [state["pending"]["seat"]]
        return []

    def legal(self, state, seat) -> list[dict]:
        if state["finished"] or seat not in state["players"]:
            return []
        if state["phase"] == "pick":
            if seat in state["picks"]:
                return []
            return [{"type": "pick", "card": r} for r in sorted(state["players"][seat]["hand"])]
        pend = state["pending"]
        if not pend or pend["seat"] != seat:
            return []
        return self._pending_actions(state)

    def _apply(self, state, seat, action) -> list[Event]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That action is not recognised.")
        if state["finished"]:
            raise IllegalAction("The game is over: no more moves.")
        if seat not in state["players"]:
            raise IllegalAction("{seat} is not seated at this table.", seat=str(seat))
        if seat not in self.to_act(state):
            if state["phase"] == "pick" and seat in state["picks"]:
                raise IllegalAction("You have already chosen today's character: wait for the others.")
            raise IllegalAction("It is not your turn: please wait for the other players.")
        legal = self.legal(state, seat)
        match = next((a for a in legal if _same(a, action)), None)
        if match is None:
            if state["phase"] == "pick":
                if action["type"] != "pick":
                    raise IllegalAction("First choose your character for today.")
                raise IllegalAction("You do not hold that character: choose one from your hand.")
            if all(a["type"] != action["type"] for a in legal):
                raise IllegalAction("That is not the question being asked: please answer the current choice.")
            raise IllegalAction("That choice is not available right now: pick one of the offered options.")
        events: list[Event] = []
        if state["phase"] == "pick":
            self._pick(state, seat, match["card"], events)
        else:
            self._resolve(state, match, events)
        self._run(state, events)
        return events

    # ------------------------------------------------------------------ the automatic loop
    def _run(self, state, events):
        for _ in range(10000):
            if state["finished"] or state["phase"] == "pick":
                return
            if state["pending"]:
                acts = self._pending_actions(state)
                if not acts:  # nothing left to choose (cannot normally happen)
                    state["pending"] = None
                    continue
                if len(acts) == 1 and state["pending"]["kind"] != "waitress":
                    self._resolve(state, acts[0], events)
                    continue
                return
            ph = state["phase"]
            if ph == "day":
                self._step_day(state, events)
            elif ph == "dusk":
                self._step_dusk(state, events)
            elif ph == "night":
                self._step_night(state, events)
            elif ph == "end":
                self._step_end(state, events)
        raise RuntimeError("libertalia: resolution loop did not settle")  # pragma: no cover


def _copy_player(p: dict) -> dict:
    q = p.copy()
    q["hand"], q["den"], q["grave"] = p["hand"].copy(), p["den"].copy(), p["grave"].copy()
    q["loot"], q["secret"] = p["loot"].copy(), p["secret"].copy()
    q["campaign_scores"] = p["campaign_scores"].copy()
    q["breakdowns"] = [b.copy() for b in p["breakdowns"]]
    return q


def _same(a: dict, b: dict) -> bool:
    if set(a) != set(b):
        return False
    return all(type(a[k]) is type(b[k]) and a[k] == b[k] for k in a)


ENGINE = LibertaliaEngine()
