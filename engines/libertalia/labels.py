"""Libertalia: what players read — action labels, prompts and the status line."""
from __future__ import annotations

from engines.base import T, Text

from . import data as D
from .data import AMOUNTS as A
from .data import CHARACTERS, TOKENS
from .texts import _name, _tok


class Labels:
    """Labels, prompts and status (mixin of LibertaliaEngine)."""

    def label(self, state, seat, action) -> Text:
        t = action.get("type")
        if t in ("pick", "parrot"):
            c = action["card"]
            return T("{card} ({rank}) — {effect}", card=_name(c), rank=c,
                     effect=CHARACTERS[c].effect)
        if t == "recruit":
            return T("Take {card} ({rank}) back to hand", card=_name(action["card"]),
                     rank=action["card"])
        if t == "surgeon":
            return T("Bring back {card} ({rank})", card=_name(action["card"]),
                     rank=action["card"])
        if t == "keep":
            return T("{token}: keep one, return the rest", token=_tok(action["token"]))
        if t == "trade":
            gain = A["merchant_2"] if action["count"] == 2 else A["merchant_3"]
            return T("Trade {tokens} for {n} doubloon",
                     plural="Trade {tokens} for {n} doubloons",
                     tokens=D.token_count(action["token"], action["count"]), n=gain)
        if t == "loot":
            return TOKENS[action["token"]].take
        if t == "discard":
            return T("Discard {seat}'s {card} ({rank})", seat=action["seat"],
                     card=_name(action["card"]), rank=action["card"])
        if t == "den":
            return T("Aim at {seat}'s den", seat=action["seat"])
        if t == "ability":
            card = _name(state["pending"]["rank"])
            if action["use"]:
                return T("Use the {card}'s ability", card=card)
            return T("Skip the {card}'s ability", card=card)
        if t == "waitress":
            if action["sell"]:
                return T("Sell a treasure map (+{n})", n=A["waitress"])
            if not self._count(state["players"][seat], "map"):
                return T("Go on: no treasure map to sell")
            return T("Keep your treasure maps")
        return super().label(state, seat, action)

    def prompt(self, state, seat) -> Text:
        if state["finished"]:
            return T("The game is over.")
        if state["phase"] == "pick":
            if seat in state["picks"]:
                return T("Waiting for the other players to choose.")
            return T("Choose your character for day {day} of campaign {campaign}.",
                     day=state["day"], campaign=state["campaign"])
        pend = state["pending"]
        if not pend or pend["seat"] != seat:
            return T("Please wait for the other players.")
        return self._pending_text(pend, own=True)

    def _pending_text(self, pend, own: bool) -> Text:
        kind, card = pend["kind"], _name(pend["rank"])
        if own:
            msgs = {
                "parrot": T("Your {card} flies off: which character takes its place?", card=card),
                "recruit": T("Your {card}: take which den character back to hand?", card=card),
                "surgeon": T("Your {card}: bring which card back from your graveyard?", card=card),
                "preacher": T("Your {card}: which loot token do you keep?", card=card),
                "merchant": T("Your {card}: which tokens do you trade?", card=card),
                "loot": T("Your {card}: which loot token do you take?", card=card),
                "saber": T("Saber! Discard a character from a neighbour's den.", card=card),
                "gunner": T("Your {card}: discard a character from any den.", card=card),
                "waitress": T("Your {card}: sell a treasure map for {n} doubloon?",
                              plural="Your {card}: sell a treasure map for {n} doubloons?",
                              card=card, n=A["waitress"]),
                "ability": T("Use your {card}'s ability? ({effect})", card=card,
                             effect=CHARACTERS[pend["rank"]].effect),
            }
            return msgs[kind]
        seat = pend["seat"]
        msgs = {
            "parrot": T("{seat} is choosing a character to replace the Parrot.", seat=seat),
            "recruit": T("{seat}'s {card} is choosing whom to recruit.", seat=seat, card=card),
            "surgeon": T("{seat}'s {card} is choosing a card from the graveyard.", seat=seat, card=card),
            "preacher": T("{seat}'s {card} is choosing a token to keep.", seat=seat, card=card),
            "merchant": T("{seat}'s {card} is choosing a trade.", seat=seat, card=card),
            "loot": T("{seat}'s {card} is choosing loot.", seat=seat, card=card),
            "saber": T("{seat} is choosing a saber victim.", seat=seat, card=card),
            "gunner": T("{seat}'s {card} is choosing a target.", seat=seat, card=card),
            "waitress": T("{seat}'s {card} may sell a treasure map.", seat=seat, card=card),
            "ability": T("{seat} is deciding whether to use the {card}'s ability.", seat=seat,
                         card=card),
        }
        return msgs[kind]

    def status(self, state) -> Text:
        if state["finished"]:
            o = self.outcome(state)
            return T("Game over. Winner: {winners}.", plural="Game over. Winners: {winners}.",
                     winners=o.winners, n=len(o.winners))
        c, d = state["campaign"], state["day"]
        if state["phase"] == "pick":
            return T("Campaign {c}, day {d}: waiting for picks ({n} of {m} chosen).", c=c, d=d,
                     n=len(state["picks"]), m=len(state["seats"]))
        pend = state["pending"]
        what = self._pending_text(pend, own=False) if pend else T("resolving")
        return T("Campaign {c}, day {d}: {what}", c=c, d=d, what=what)
