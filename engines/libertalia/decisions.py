"""Libertalia: the pending decisions — what each kind offers (``legal``) and which handler
an answer goes to (``_resolve``); the handlers live with their phase (day.py, dusk.py,
night.py, optional.py), the discard of the saber and of the Gunner here."""
from __future__ import annotations

from engines.base import T

from .common import MAX_CHOICES
from .data import RULES, TOKEN_ORDER
from .texts import _name


class Decisions:
    """Pending decisions (mixin of LibertaliaEngine)."""

    # the handler of each type of answer to a pending decision
    RESOLVERS = {
        "ability": "_do_ability", "parrot": "_do_parrot", "recruit": "_do_recruit",
        "surgeon": "_do_surgeon", "keep": "_do_keep", "trade": "_do_trade", "loot": "_do_loot",
        "discard": "_do_discard", "den": "_do_den", "waitress": "_do_waitress",
    }

    def _pending_actions(self, state) -> list[dict]:
        pend = state["pending"]
        seat, kind = pend["seat"], pend["kind"]
        P = state["players"]
        p = P[seat]
        if kind == "parrot":
            return [{"type": "parrot", "card": r} for r in sorted(p["hand"])]
        if kind == "recruit":
            return [{"type": "recruit", "card": r} for r in sorted(p["den"])]
        if kind == "surgeon":
            return [{"type": "surgeon", "card": r} for r in sorted(set(p["grave"]))]
        if kind == "preacher":
            return [{"type": "keep", "token": t} for t in TOKEN_ORDER if self._count(p, t)]
        if kind == "merchant":
            out = []
            for t in TOKEN_ORDER:
                n = self._count(p, t)
                for k in (2, 3):
                    if n >= k:
                        out.append({"type": "trade", "token": t, "count": k})
            return out
        if kind == "loot":
            day = state["loot_days"][state["day"] - 1]
            return [{"type": "loot", "token": t} for t in TOKEN_ORDER if day.get(t, 0)]
        if kind == "saber":
            return [{"type": "discard", "seat": s, "card": r}
                    for s in self._neighbours(state, seat) for r in sorted(P[s]["den"])]
        if kind == "gunner":
            targets = [(s, r) for s in state["seats"] for r in sorted(P[s]["den"])
                       if RULES["gunner_own_den"] or s != seat]
            if pend.get("den"):
                return [{"type": "discard", "seat": pend["den"], "card": r}
                        for r in sorted(P[pend["den"]]["den"])]
            if len(targets) <= MAX_CHOICES:
                return [{"type": "discard", "seat": s, "card": r} for s, r in targets]
            return [{"type": "den", "seat": s} for s in state["seats"] if P[s]["den"]
                    and (RULES["gunner_own_den"] or s != seat)]
        if kind == "ability":
            return [{"type": "ability", "use": True}, {"type": "ability", "use": False}]
        if kind == "waitress":
            return ([{"type": "waitress", "sell": True}] if self._count(p, "map") else []) + \
                [{"type": "waitress", "sell": False}]
        return []  # pragma: no cover

    def _resolve(self, state, a, events):
        """Answer the pending decision with ``a`` (one of its legal actions): the decision is
        cleared, then the handler of the action's type gets it (with the decision)."""
        pend = state["pending"]
        state["pending"] = None
        handler = self.RESOLVERS.get(a["type"])
        if handler is not None:
            getattr(self, handler)(state, pend, a, events)

    def _do_discard(self, state, pend, a, events):
        """A saber (Dusk) or the Gunner (Day) discards a den character."""
        seat, kind = pend["seat"], pend["kind"]
        card = _name(pend["rank"])
        victim, target = a["seat"], _name(a["card"])
        if events is None:
            why = None
        elif kind == "saber":
            why = T("{seat}'s saber strikes {victim_seat}'s {target}: it is discarded.",
                    seat=seat, victim_seat=victim, target=target)
        else:
            why = T("{seat}'s {card} shoots {victim_seat}'s {target}: it is discarded.",
                    seat=seat, card=card, victim_seat=victim, target=target)
        self._discard_from_den(state, victim, a["card"], events, why)
