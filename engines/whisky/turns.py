"""Turn flow (rules 3): the automatic steps between decisions (``_advance``), the start of
a turn (missed turns, Prohibition rolls, landing from the sea, a booked flight) and its end
(final round, next player, next round)."""
from __future__ import annotations

from engines.base import public, rng

from . import data as D


class Turns:
    """Automatic turn flow (mixin of WhiskyEngine)."""

    def _advance(self, state, ev):
        guard = 0
        while state["phase"] != "over" and not state["pending"]:
            guard += 1
            if guard > 10000:  # pragma: no cover - defensive
                raise RuntimeError("whisky engine made no progress")
            if state["phase"] == "setup":
                for s in state["order"]:
                    if self._p(state, s)["pos"] is None:
                        self._push(state, "start", s)
                        break
                else:
                    state["phase"] = "play"
                    ev.append(public("Round {round} begins.", round=1))
                continue
            t = state["turn"]
            if t is None:
                self._start_turn(state, ev)
                continue
            seat = t["seat"]
            if t.get("over"):
                self._end_turn(state, ev)
                continue
            can_move = t["moves"] > 0 and not t["ended"]
            if can_move:
                self._push(state, "ready", seat)
                continue
            # the turn pauses for a card decision when the player holds cards at all (which
            # ones is secret) or can use a public ability (Paterson's pour, Savage's jump)
            if (self._card_count(self._p(state, seat)) or self._pour_targets(state, seat)
                    or self._can_jump(state, seat)):
                self._push(state, "ready", seat)
                continue
            self._end_turn(state, ev)

    def _start_turn(self, state, ev):
        seat = self._cur(state)
        p = self._p(state, seat)
        t = {"seat": seat, "moves": 1, "must_roll": True, "moved": False, "ended": False,
             "can_sail": True, "mcewan_used": False, "pour_used": False, "coffey": False,
             "bonus_checked": False, "over": False}
        state["turn"] = t
        ev.append(public("It is {player}'s turn.", player=seat))
        if p["skip"] > 0:
            p["skip"] -= 1
            ev.append(public("{player} misses this turn.", player=seat))
            t["over"] = True
            return
        if p["prohibition"]:
            r = rng(state)
            rolls = []
            for _ in range(3):
                rolls.append(r.randint(1, 6))
                if rolls[-1] == 6:
                    break
            if rolls[-1] == 6:
                p["prohibition"] = False
                self._discard(state, "prohibition")
                ev.append(public("{player} rolls {rolls} and lifts Prohibition.", player=seat,
                                 rolls=rolls))
            else:
                ev.append(public("{player} rolls {rolls}: Prohibition stays this turn.",
                                 player=seat, rolls=rolls))
        trav = p["travel"]
        if trav and trav["kind"] == "sea":
            old = p["pos"]
            p["pos"] = trav["to"]
            p["travel"] = None
            t["can_sail"] = False
            ev.append(public("{player} lands at {place}.", player=seat, place=self._fname(trav["to"])))
            frm = [x for x in D.SEA_ROUTES[old]["ports"] if x != trav["to"]][0]
            self._country_change(state, seat, frm, trav["to"], ev, travel=True)
        elif trav and trav["kind"] == "flight":
            t["can_sail"] = False
            self._push(state, "fly", seat)

    def _end_turn(self, state, ev):
        seat = state["turn"]["seat"]
        state["turn"] = None
        o = state["options"]
        if not self._any_pool(state):
            self._finish(state, ev, "questions")
            return
        if o["end_rule"] == "finish_round" and not state["final_round"] and self._qualifies(state, seat):
            # Holdings only grow in their owner's turn, so only this player can have just
            # reached the goal. As at the real table, they announce it and show the
            # face-down bottles that count towards it: the announcement is a reveal.
            state["final_round"] = True
            shown = [x for x in self._p(state, seat)["lost"] if not x["revealed"]]
            for x in shown:
                x["revealed"] = True
            ev.append(public("{player} has reached the goal: this is the final round.", kind="reveal",
                             player=seat, data={"revealed": [x["v"] for x in shown]}))
            if shown:
                ev.append(public("{player} shows their face-down lost distillery bottle: {values}.",
                                 plural="{player} shows their face-down lost distillery bottles: "
                                        "{values}.",
                                 player=seat, n=len(shown),
                                 values=", ".join(str(x["v"]) for x in shown)))
        state["turn_idx"] += 1
        if state["turn_idx"] >= len(state["order"]):
            state["turn_idx"] = 0
            if state["final_round"]:
                if any(self._qualifies(state, s) for s in state["order"]):
                    self._finish(state, ev, "goal")
                    return
                state["final_round"] = False
            state["round"] += 1
            if state["round"] > o["max_rounds"]:
                state["round"] = o["max_rounds"]
                self._finish(state, ev, "rounds")
                return
            ev.append(public("Round {round} begins.", round=state["round"]))
