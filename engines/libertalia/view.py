"""Libertalia: the view of the table for one seat or for spectators."""
from __future__ import annotations

from typing import Any

from . import data as D
from .data import CHARACTERS, TOKEN_ORDER
from .texts import _name


class Views:
    """The view (mixin of LibertaliaEngine)."""

    def view(self, state, seat) -> dict:
        P = state["players"]
        seats = state["seats"]

        def char(s, r):
            return {"rank": r, "name": _name(r).msg, "influence": self.inf(state, s, r)}

        players = {}
        for s in seats:
            p = P[s]
            players[s] = {
                "colour": D.COLOURS[p["colour"]],
                "doubloons": p["doubloons"],
                "score": p["score"],
                "campaign_scores": list(p["campaign_scores"]),
                "den": [char(s, r) for r in sorted(p["den"])],
                "loot": {t: p["loot"][t] for t in TOKEN_ORDER if p["loot"].get(t)},
                "hidden_loot": sum(p["secret"].values()),
                "loot_total": self._total(p),
                "hand_size": len(p["hand"]),
                "graveyard_size": len(p["grave"]),
                "picked": s in state["picks"],
                # public facts an AI seat needs to rebuild a position (determinize.py):
                # the tie-break cycle, the scored campaigns and what the table knows of
                # the hand and graveyard (see _known)
                "tie": p["tie"],
                "breakdowns": [dict(b) for b in p["breakdowns"]],
            }
            k = self._known(state, s)
            if k is not None:
                players[s]["known"] = {"hand": list(k["hand"]), "grave": list(k["grave"]),
                                       "slots": [dict(x, cards=list(x["cards"]))
                                                 for x in k["slots"]]}
        pend = state["pending"]
        v: dict[str, Any] = {
            "game": "libertalia",
            "seats": list(seats),
            # each seat's card colour (render.common.GAME_COLOURS names): the bot's seat
            # legend and every image draw the seat in it
            "seat_colours": {s: D.COLOURS[P[s]["colour"]] for s in seats},
            "campaign": state["campaign"],
            "round": state["campaign"],
            "day": state["day"],
            "phase": state["phase"],
            "to_act": self.to_act(state),
            "picked": [s for s in seats if s in state["picks"]],
            "ship": [{"seat": e["seat"], **char(e["seat"], e["rank"]), "day_done": e["day_done"],
                      "take": e["take"], "officer": e["officer"]} for e in state["ship"]],
            "loot_days": [{"day": i + 1, "tokens": dict(d), "current": i + 1 == state["day"]}
                          for i, d in enumerate(state["loot_days"])],
            "dealt": list(state["dealt"]),
            "bag_size": sum(state["bag"].values()),
            "players": players,
            "pending": ({"kind": pend["kind"], "seat": pend["seat"], "rank": pend["rank"],
                         "name": _name(pend["rank"]).msg,
                         "text": self._pending_text(pend, own=False).to_json(),
                         **{x: pend[x] for x in ("when", "den") if x in pend}}
                        if pend else None),
            # more public facts for determinize.py: the table options, the cards not dealt
            # yet, the Night's order and the End-of-campaign questions still to ask
            "options": dict(state["options"]),
            "pool": sorted(state["pool"]),
            "night": [list(x) for x in state["night"]],
            "status": self.status(state).to_json(),
            "finished": state["finished"],
        }
        if "end_queue" in state:
            v["end_queue"] = [list(x) for x in state["end_queue"]]
            v["end_skip"] = [list(x) for x in state.get("end_skip", [])]
        if state["finished"]:
            v["outcome"] = self.outcome(state).to_json()
            v["breakdowns"] = {s: P[s]["breakdowns"] for s in seats}
        if seat is not None and seat in P:
            p = P[seat]
            v["you"] = seat
            v["hand"] = [{**char(seat, r), "effect": CHARACTERS[r].effect.to_json()}
                         for r in sorted(p["hand"])]
            v["my_pick"] = state["picks"].get(seat)
            v["graveyard"] = [char(seat, r) for r in sorted(p["grave"])]
            v["secret_loot"] = {t: p["secret"][t] for t in TOKEN_ORDER if p["secret"].get(t)}
            v["prompt"] = self.prompt(state, seat).to_json()
        return v
