"""Libertalia: optional abilities (table option abilities = "optional"): when an owner is
asked, and what a use or a skip does."""
from __future__ import annotations

from engines.base import public

from . import data as D
from .texts import _name


class OptionalAbilities:
    """Ask before an ability (mixin of LibertaliaEngine)."""

    # Under the table option abilities = "optional" (the Greek rulebook's "using a special
    # action is optional"), every Day, Dusk, Night and End ability asks its owner first
    # (pending kind "ability", answered {"type": "ability", "use": True/False}) — unless using
    # it could have no effect at all. Whether to ask is decided from public facts only (den
    # loot counts, not the kinds of the secret Spy-drawn tokens), so being asked tells the
    # other players nothing; the question is then a public decision.
    # Abilities whose effect depends on the den's secret tokens (and the token kinds that
    # matter; the Merchant needs any pair, see _day_has_effect).
    SECRET_LOOT_ABILITIES = {(D.MONKEY, "day"): ("relic",), (D.SPANISH_SPY, "day"): ("officer",),
                             (D.MERCHANT, "day"): (), (D.ARMORER, "night"): ("saber",),
                             (D.TREASURER, "end"): D.TREASURER_TYPES,
                             (D.CAPTAIN, "end"): ("relic",)}

    def _may_hold(self, p, types) -> bool:
        """Could this den hold a token of one of these types, as the other players know it
        (a visible one, or any secret token)?"""
        return any(p["loot"].get(t, 0) for t in types) or sum(p["secret"].values()) > 0

    def _end_queue(self, state) -> list[list]:
        """The End abilities to ask about (optional abilities), in one global descending
        (rank, influence) order: those that could change their owner's doubloons."""
        P = state["players"]
        queue = []
        for s, parts in self._end_amounts(state).items():
            for rank, amount in parts:
                hidden = self.SECRET_LOOT_ABILITIES.get((rank, "end"))
                if hidden is not None:
                    ask = self._may_hold(P[s], hidden)
                else:
                    ask = amount != 0
                if ask:
                    queue.append([s, rank])
        queue.sort(key=lambda x: self._key(state, x[0], x[1]), reverse=True)
        return queue

    def _ask(self, state, when, seat, rank):
        self._pend(state, "ability", seat, rank, when=when)

    def public_decision(self, state, seat) -> bool:
        """Use or skip an optional ability: asked from public facts only, so the whole table
        may see the question and its two buttons."""
        pend = state.get("pending")
        return bool(pend and pend["seat"] == seat and pend["kind"] == "ability")

    def _resolve_ability(self, state, pend, use: bool, events):
        seat, rank, when = pend["seat"], pend["rank"], pend["when"]
        if when == "dusk":
            e = state["ship"][-1]
            self._set_take(e, D.LOOT_TAKEN[rank] if use else 1, events)
        if not use:
            if when == "end":
                state["end_skip"].append([seat, rank])
            if events is not None:
                events.append(public("{seat}'s {card} does not use its ability.", seat=seat,
                                     card=_name(rank), data={"seat": seat, "card": rank}))
            return
        if when == "day":
            e = next(x for x in state["ship"] if x["seat"] == seat and x["rank"] == rank)
            self._day_ability(state, e, events)
        elif when == "night":
            self._night_ability(state, seat, rank, events)
        # "end": a used End ability is simply counted at the scoring

    def _do_ability(self, state, pend, a, events):
        self._resolve_ability(state, pend, a["use"], events)
