"""Shared helpers of the Whisky Game engine: constants, ingredient and difficulty labels,
and the small state accessors every phase uses (the pending-decision stack, the distillery
stock, the Special deck, ingredient tokens).

The phase modules (movement, fields, questions, specials, turns, scoring, view, text) are
mixins of ``engine.WhiskyEngine``; they call each other through ``self``."""
from __future__ import annotations

from typing import Sequence

from engines.base import Event, public, rng, T, Text

from . import data as D

FIELD_KINDS = ("distillery", "lost", "pub", "airport")
PAGE = 23  # items per page when a list is longer than one Discord select (25)
LETTERS = "ABCD"
ANSWER_LABEL_MAX = 77   # answer text that fits a button after "A: " (longer: the panel shortens it)


def _yes_no():
    return [True, False]


def tokens(kind: str, n: int) -> Text:
    """n ingredient tokens of one kind, as a counted label ("2 barley")."""
    if kind == "barley":
        return T("{n} barley", plural="{n} barley", n=n)
    if kind == "water":
        return T("{n} water", plural="{n} water", n=n)
    return T("{n} yeast", plural="{n} yeast", n=n)


def token_list(kinds: Sequence[str]) -> Text:
    """Ingredient tokens (kinds, repeated as drawn) as one label: "1 barley and 2 water"."""
    counts = {k: kinds.count(k) for k in D.INGREDIENTS if k in kinds}
    parts = [tokens(k, n) for k, n in counts.items()]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return T("{first} and {second}", first=parts[0], second=parts[1])
    return T("{first}, {second} and {third}", first=parts[0], second=parts[1], third=parts[2])


def level_name(level: str) -> Text:
    """A question's difficulty as a label ("Easy"), for sentences that quote it."""
    if level == "easy":
        return T("Easy", context="difficulty")
    if level == "medium":
        return T("Medium", context="difficulty")
    return T("Hard", context="difficulty")


def _event(text: Text, kind: str = "log", data: dict | None = None) -> Event:
    """A public event from a prepared Text (a message chosen among several)."""
    return Event(text, None, kind, data or {})


class StateHelpers:
    """Small accessors and state helpers shared by every phase."""

    @staticmethod
    def _p(state, seat):
        return state["players"][seat]

    @staticmethod
    def _cur(state) -> str:
        return state["order"][state["turn_idx"]]

    @staticmethod
    def _top(state):
        return state["pending"][-1] if state["pending"] else None

    @staticmethod
    def _push(state, kind, seat, **data):
        dec = {"kind": kind, "seat": seat, "page": 0}
        dec.update(data)
        state["pending"].append(dec)
        return dec

    def _pop(self, state, dec):
        state["pending"].remove(dec)

    @staticmethod
    def _fname(fid) -> Text:
        return T(D.FIELDS[fid]["name"])

    @staticmethod
    def _cname(card) -> Text:
        return T(D.SPECIALS[card]["name"])

    def _opponents(self, state, seat):
        return [s for s in state["order"] if s != seat]

    def _owned_distilleries(self, p) -> set:
        return {b["d"] for b in p["bottles"]}

    def _stock_has(self, state, d, value) -> bool:
        st = state["stock"][d]
        if state["options"]["one_value_per_bottle"]:
            return value in st
        return len(st) > 0

    def _stock_take(self, state, d, value):
        st = state["stock"][d]
        st.remove(value if state["options"]["one_value_per_bottle"] else 0)

    def _stock_return(self, state, d, value):
        state["stock"][d].append(value if state["options"]["one_value_per_bottle"] else 0)
        state["stock"][d].sort()

    def _discard(self, state, card):
        state["special_deck"].append(card)

    def _total_tokens(self, p) -> int:
        return sum(p["ingredients"].values())

    @staticmethod
    def _card_count(p) -> int:
        """Special cards in front of a player, as everybody can count them (a kept return
        ticket included). Which cards they are is secret, so whether the game pauses for
        a card decision depends on this count only, never on the cards themselves."""
        return len(p["hand"]) + (1 if p["return_ticket"] else 0)

    def _draw_ingredients(self, state, seat, n, ev):
        p = self._p(state, seat)
        bag = state["bag"]
        got = []
        for _ in range(n):
            total = sum(bag.values())
            if total <= 0:
                break
            k = rng(state).randrange(total)
            for kind in D.INGREDIENTS:
                if k < bag[kind]:
                    break
                k -= bag[kind]
            bag[kind] -= 1
            p["ingredients"][kind] += 1
            got.append(kind)
        if got:
            ev.append(public("{player} collects {tokens}.", player=seat,
                             tokens=token_list(got), data={"tokens": got}))
        else:
            ev.append(public("The ingredient bag is empty.", player=seat))

    def _lose_tokens(self, state, seat, n, ev, why):
        p = self._p(state, seat)
        r = rng(state)
        lost = []
        for _ in range(n):
            pool = [k for k in D.INGREDIENTS for _ in range(p["ingredients"][k])]
            if not pool:
                break
            k = r.choice(pool)
            p["ingredients"][k] -= 1
            state["bag"][k] += 1
            lost.append(k)
        ev.append(public("{player} loses {n} ingredient ({why}).",
                         plural="{player} loses {n} ingredients ({why}).", player=seat,
                         n=len(lost), why=why, data={"tokens": lost}))
