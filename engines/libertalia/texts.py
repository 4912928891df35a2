"""Libertalia: card and token names and the sentences a character's ability says (pure;
shared by every phase of the engine)."""
from __future__ import annotations

from engines.base import Event, T, Text

from .data import CHARACTERS, TOKENS


def _name(rank: int) -> Text:
    return CHARACTERS[rank].name


def _tok(t: str) -> Text:
    return TOKENS[t].name


def _gains(n: int) -> Text:
    """A character's Day ability brings its owner n doubloons (seat and card added by say)."""
    return T("{seat}'s {card} gains {n} doubloon.", plural="{seat}'s {card} gains {n} doubloons.",
             n=n)


def _earns(n: int) -> Text:
    """A character's Night ability brings its owner n doubloons (seat and card added by say)."""
    return T("{seat}'s {card} earns {n} doubloon.", plural="{seat}'s {card} earns {n} doubloons.",
             n=n)


def _takes(token: str, seat: str, card: Text) -> Text:
    """The public line of a character taking a loot token (one sentence per kind of token)."""
    return {
        "chest": T("{seat}'s {card} takes a treasure chest.", seat=seat, card=card),
        "jewels": T("{seat}'s {card} takes jewels.", seat=seat, card=card),
        "goods": T("{seat}'s {card} takes goods.", seat=seat, card=card),
        "map": T("{seat}'s {card} takes a treasure map.", seat=seat, card=card),
        "relic": T("{seat}'s {card} takes a cursed relic.", seat=seat, card=card),
        "saber": T("{seat}'s {card} takes a saber.", seat=seat, card=card),
        "officer": T("{seat}'s {card} takes a Spanish officer.", seat=seat, card=card),
    }[token]


def sayer(events, seat: str, card: Text):
    """``say(t)``: a public line about this seat's character (``seat`` and ``card`` added to
    the text's parameters); nothing when no events are written."""

    def say(t: Text):
        if events is not None:
            events.append(Event(Text(t.msg, {"seat": seat, "card": card, **t.params}, t.plural,
                                     t.context)))
    return say
