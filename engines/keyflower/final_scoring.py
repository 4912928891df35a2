"""Keyflower: the end of the game — the Flipper's free upgrade, final scores (scoring.py
searches each player's best allocation) and the outcome with its tie-break."""
from __future__ import annotations

from engines.base import Outcome, T, public

from .data import TILES
from .common import _tn
from .allocation import best_allocation, position


class FinalScoringMixin:
    """The Flipper, the final scoring and the outcome."""

    def _flip_targets(self, st, seat):
        return [tid for tid, t in sorted(self.village(st, seat).items())
                if not t["up"] and TILES[tid].get("back") is not None]

    def _do_flip(self, st, seat, action, events):
        if action["type"] == "flip":
            st["tiles"][action["tile"]]["up"] = True
            events.append(public("{player} flips {tile} for free (Flipper).", player=seat, tile=_tn(action["tile"])))
        self._final(st, events)

    def _final(self, st, events):
        st["phase"] = "over"
        res = {s: allocated_score(self, st, s) for s in st["seats"]}
        st["result"] = res
        for s in st["seats"]:
            events.append(public("{player} scores {n} point.", kind="scoring",
                                 plural="{player} scores {n} points.", player=s,
                                 n=res[s]["total"], data={"breakdown": res[s]["breakdown"]}))
        o = self.outcome(st)
        events.append(public("The game is over. Winner: {winners}.", kind="game_end",
                             plural="The game is over. Winners: {winners}.", n=len(o.winners),
                             winners=list(o.winners), data={"scores": o.scores}))

    def outcome(self, st):
        if st["phase"] != "over" or not st["result"]:
            return None
        res = st["result"]
        scores = {s: res[s]["total"] for s in st["seats"]}
        farmers = st["opts"]["farmers"]

        def keyf(s):
            r = st["players"][s]["boat_rank"]
            return (-scores[s], r if farmers and r is not None else 0)
        order = sorted(st["seats"], key=keyf)
        ranks = {}
        for i, s in enumerate(order):
            if i and keyf(s) == keyf(order[i - 1]):
                ranks[s] = ranks[order[i - 1]]
            else:
                ranks[s] = i + 1
        top = max(scores.values())
        tied = [s for s in st["seats"] if scores[s] == top]
        tb = None
        if len(tied) > 1:
            tb = (T("Tie on points: the player who chose a boat first at the end of winter wins.")
                  if farmers else T("Tie on points: the tied players share the win."))
        winners = [s for s in st["seats"] if ranks[s] == 1]
        return Outcome(scores, ranks, {s: dict(res[s]["breakdown"]) for s in st["seats"]}, winners, tb)


def allocated_score(engine, st, seat) -> dict:
    """A player's final score with the best allocation of their items to their scoring tiles
    (exact: allocation.py), the allocation kept with it so that the result can show it."""
    best = best_allocation(position(engine, st, seat))
    return {k: best[k] for k in ("total", "breakdown", "purple", "weaver_hold", "tiles")}
