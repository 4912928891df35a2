"""Scoring and the end of the game (rules 6): bottle points, regions, the goal, and the
final ranking."""
from __future__ import annotations

from engines.base import N_, public, T

from . import data as D


class Scoring:
    """Points, goal and final ranking (mixin of WhiskyEngine)."""

    def _bottle_points(self, p, b) -> int:
        ch = D.CHARACTERS[p["character"]]
        if ch["kind"] == "multiplier" and ch["distillery"] == b["d"]:
            return b["v"] * ch["factor"]
        return b["v"]

    def _score_parts(self, state, seat, hidden=True) -> dict[str, int]:
        p = self._p(state, seat)
        base = sum(b["v"] for b in p["bottles"])
        total = sum(self._bottle_points(p, b) for b in p["bottles"])
        lost = sum(x["v"] for x in p["lost"] if hidden or x["revealed"])
        bonus = len(p["bonus"]) * state["options"]["bonus_bottle_points"]
        return {N_("Distillery bottles"): base, N_("Character bonus"): total - base,
                N_("Lost distillery bottles"): lost, N_("Bonus bottle cards"): bonus}

    def _points(self, state, seat, hidden=True) -> int:
        return sum(self._score_parts(state, seat, hidden).values())

    def _regions(self, state, seat) -> list[str]:
        p = self._p(state, seat)
        regs = {D.region(b["d"]) for b in p["bottles"]}
        if state["options"]["lost_bottles_give_region"]:
            regs |= {D.region(x["at"]) for x in p["lost"]}
        return [r for r in D.REGION_ORDER if r in regs]

    def _qualifies(self, state, seat) -> bool:
        # checked after every action: the points and regions counted inline (the same sums
        # as _points and _regions, without building the breakdown)
        o = state["options"]
        p = state["players"][seat]
        ch = D.CHARACTERS[p["character"]]
        fav = ch["distillery"] if ch["kind"] == "multiplier" else None
        pts = len(p["bonus"]) * o["bonus_bottle_points"]
        for b in p["bottles"]:
            pts += b["v"] * ch["factor"] if b["d"] == fav else b["v"]
        for x in p["lost"]:
            pts += x["v"]
        if pts < o["victory_points"]:
            return False
        return len(self._regions(state, seat)) >= o["regions_required"]

    def _bottle_count(self, p) -> int:
        return len(p["bottles"]) + len(p["lost"]) + len(p["bonus"])

    def _check_victory(self, state, ev):
        if state["options"]["end_rule"] != "immediate" or state["phase"] != "play":
            return
        t = state["turn"]
        seat = t["seat"] if t else None
        if seat and self._qualifies(state, seat):
            self._finish(state, ev, "goal", winner=seat)

    def _finish(self, state, ev, reason, winner=None):
        state["phase"] = "over"
        state["pending"] = []
        seats = state["order"]
        qual = {s: self._qualifies(state, s) for s in seats}
        pts = {s: self._points(state, s) for s in seats}
        regs = {s: len(self._regions(state, s)) for s in seats}
        cnt = {s: self._bottle_count(self._p(state, s)) for s in seats}

        def key(s):
            return (1 if s == winner else 0, 1 if qual[s] else 0, pts[s], regs[s], cnt[s])
        ranked = sorted(seats, key=key, reverse=True)
        ranks = {}
        for i, s in enumerate(ranked):
            ranks[s] = ranks[ranked[i - 1]] if i and key(ranked[i - 1]) == key(s) else i + 1
        tiebreak = None
        for i in range(1, len(ranked)):
            a, b = ranked[i - 1], ranked[i]
            if pts[a] == pts[b] and qual[a] == qual[b] and key(a) != key(b):
                tiebreak = T("Equal points are decided by regions covered, then by number of bottles.")
        winners = [s for s in seats if ranks[s] == 1]
        state["result"] = {
            "reason": reason, "scores": pts, "ranks": ranks,
            "breakdown": {s: self._score_parts(state, s) for s in seats},
            "winners": winners, "qualified": qual, "regions": regs,
            "tiebreak": tiebreak.to_json() if tiebreak else None,
        }
        for s in seats:
            for x in self._p(state, s)["lost"]:
                x["revealed"] = True
        data = {"reason": reason, "scores": pts, "ranks": ranks,
                "lost": {s: [x["v"] for x in self._p(state, s)["lost"]] for s in seats}}
        n = len(winners)
        if reason == "goal":
            ev.append(public("The game is over: {winners} reached the goal.",
                             plural="The game is over: {winners} reached the goal.",
                             kind="game_end", winners=winners, n=n, data=data))
        elif reason == "rounds":
            ev.append(public("The game stops after the last round: {winners} ranked first.",
                             plural="The game stops after the last round: {winners} ranked first.",
                             kind="game_end", winners=winners, n=n, data=data))
        else:
            ev.append(public("The question cards are used up: {winners} ranked first.",
                             plural="The question cards are used up: {winners} ranked first.",
                             kind="game_end", winners=winners, n=n, data=data))
