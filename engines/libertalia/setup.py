"""Libertalia: table options, a new game and the start of each campaign (rules §3-4)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engines.base import Event, N_, Option, public, rng

from . import data as D
from .data import TOKEN_ORDER, TOKENS
from .texts import _name


class GameSetup:
    """Options, ``new`` and ``_start_campaign`` (mixin of LibertaliaEngine)."""

    def options(self):
        return {
            "final_tiebreak": Option("shared", ["shared", "campaign3"],
                                     "Equal final scores: share the win (official rule) or the most "
                                     "points in campaign 3 wins (FAQ variant).",
                                     label=N_("Equal final scores"),
                                     values={"shared": N_("shared win"),
                                             "campaign3": N_("the best campaign 3 wins")}),
            "influence": Option("cards_2012", ["cards_2012", "seat_rotation"],
                                "Tie-break numbers: the printed 2012 card values by colour, or the "
                                "same cycle driven by a random seat order.",
                                label=N_("Tie-break numbers"),
                                values={"cards_2012": N_("as printed on the cards"),
                                        "seat_rotation": N_("by a random seat order")}),
            "abilities": Option("mandatory", ["mandatory", "optional"],
                                "Character abilities: mandatory unless the card says \"may\" "
                                "(official FAQ) or optional, each owner choosing to use or skip "
                                "every ability (Greek rulebook text).",
                                label=N_("Character abilities"),
                                values={"mandatory": N_("mandatory (FAQ)"),
                                        "optional": N_("optional (Greek rulebook text)")}),
        }

    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None):
        self.check_seats(seats)
        opts = self.resolve_options(options)
        state: dict[str, Any] = {
            "game": "libertalia", "seed": int(seed), "rng_n": 0, "seats": list(seats),
            "options": opts, "campaign": 0, "day": 0, "phase": "pick",
            "pool": list(D.RANKS), "dealt": [], "bag": {}, "loot_days": [],
            "players": {}, "picks": {}, "ship": [], "pending": None, "night": [],
            "finished": False,
            # what the whole table knows of each hand and graveyard (see _known)
            "known": {s: {"hand": [], "grave": [], "slots": []} for s in seats},
        }
        r = rng(state)
        colours = list(range(len(D.COLOURS)))
        r.shuffle(colours)
        tie = list(range(len(D.COLOURS)))
        if opts["influence"] == "seat_rotation":
            r.shuffle(tie)
        for i, s in enumerate(seats):
            c = colours[i]
            state["players"][s] = {
                "colour": c, "tie": c if opts["influence"] == "cards_2012" else tie[i],
                "hand": [], "den": [], "grave": [], "loot": {}, "secret": {},
                "doubloons": 0, "score": 0, "campaign_scores": [], "breakdowns": [],
            }
        events: list[Event] = []
        self._start_campaign(state, events)
        return state

    def _start_campaign(self, state, events):
        state["campaign"] += 1
        state["day"] = 1
        r = rng(state)
        n = D.FIRST_HAND if state["campaign"] == 1 else D.LATER_DEAL
        pool = sorted(state["pool"])
        dealt = sorted(r.sample(pool, n))
        state["pool"] = [x for x in pool if x not in dealt]
        state["dealt"] = dealt
        self._known_deal(state, dealt)
        state["bag"] = {t: TOKENS[t].count for t in TOKEN_ORDER}
        for s in state["seats"]:
            p = state["players"][s]
            p["hand"] = sorted(p["hand"] + dealt)
            p["den"], p["grave"], p["loot"], p["secret"] = [], [], {}, {}
            p["doubloons"] = D.START_DOUBLOONS
        per_day = len(state["seats"]) * D.LOOT_PER_PLAYER_PER_DAY
        state["loot_days"] = []
        for _ in range(D.DAYS):
            day: dict[str, int] = {}
            for _ in range(per_day):
                self._add(day, self._draw(state, r))
            state["loot_days"].append({t: day[t] for t in TOKEN_ORDER if t in day})
        state["phase"] = "pick"
        state["picks"] = {}
        state["ship"] = []
        if events is not None:
            events.append(public("Campaign {campaign} begins. Everyone adds: {cards}.",
                                 campaign=state["campaign"], cards=[_name(x) for x in dealt],
                                 data={"dealt": dealt}))
