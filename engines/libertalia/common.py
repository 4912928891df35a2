"""Libertalia: constants and the small state helpers every phase uses (influence, loot
counts, doubloons, the bag, the ship, the graveyard), mixed into the engine class."""
from __future__ import annotations

from engines.base import Event, Text

from . import data as D
from .data import RULES, TOKEN_ORDER

MAX_CHOICES = 25


class StateHelpers:
    """Small helpers on the state (mixin of LibertaliaEngine)."""

    def inf(self, state, seat: str, rank: int) -> int:
        return D.influence(rank, state["players"][seat]["tie"])

    def _key(self, state, seat, rank):
        return (rank, self.inf(state, seat, rank))

    @staticmethod
    def _count(p, t: str) -> int:
        return p["loot"].get(t, 0) + p["secret"].get(t, 0)

    @staticmethod
    def _total(p) -> int:
        return sum(p["loot"].values()) + sum(p["secret"].values())

    @staticmethod
    def _add(d: dict, t: str, n: int = 1) -> None:
        d[t] = d.get(t, 0) + n
        if d[t] <= 0:
            del d[t]

    def _remove_loot(self, state, p, t: str, n: int) -> int:
        """Remove n tokens of type t from a den (public ones first) back into the bag."""
        took = 0
        for part in ("loot", "secret"):
            k = min(n - took, p[part].get(t, 0))
            if k:
                self._add(p[part], t, -k)
                took += k
        self._add(state["bag"], t, took)
        return took

    def _gain(self, p, n: int) -> int:
        """Change doubloons by n (never below 0); returns the real change."""
        before = p["doubloons"]
        p["doubloons"] = max(0, before + n)
        return p["doubloons"] - before

    def _neighbours(self, state, seat) -> list[str]:
        seats = state["seats"]
        i = seats.index(seat)
        left, right = seats[(i + 1) % len(seats)], seats[(i - 1) % len(seats)]
        return [left] if left == right else [left, right]

    def _draw(self, state, r) -> str:
        bag = state["bag"]
        # the i-th token of the bag laid out in TOKEN_ORDER
        i = r.randrange(sum(bag.get(t, 0) for t in TOKEN_ORDER))
        for t in TOKEN_ORDER:
            i -= bag.get(t, 0)
            if i < 0:
                break
        self._add(bag, t, -1)
        return t

    def _sort_ship(self, state):
        state["ship"].sort(key=lambda e: (e["rank"], e["inf"]))

    def _to_grave(self, state, seat, rank):
        state["players"][seat]["grave"].append(rank)
        k = self._known(state, seat)
        if k is not None:
            k["grave"].append(rank)

    def _discard_from_den(self, state, seat, rank, events, text: Text):
        """Discard a den character; ``text`` says why (a whole sentence naming it)."""
        p = state["players"][seat]
        p["den"].remove(rank)
        self._to_grave(state, seat, rank)
        if events is not None:
            events.append(Event(text, None, "log", {"seat": seat, "card": rank}))

    def _pend(self, state, kind, seat, rank, **extra):
        state["pending"] = {"kind": kind, "seat": seat, "rank": rank, **extra}

    @staticmethod
    def _optional(state) -> bool:
        return state["options"].get("abilities") == "optional"

    def _half(self, n: int) -> int:
        """The amount lost when halving n doubloons (§8, Q19)."""
        return n // 2 if RULES["halving_loss_rounds_down"] else (n + 1) // 2
