"""A tiny game that exercises the platform without any real game's rules.

Each round every seat secretly picks 1, 2 or 3 (a simultaneous hidden phase); then the
seat with the highest unique pick chooses "bank" (+pick points) or "double" (a coin flip
from the seeded rng). Three rounds."""
from __future__ import annotations

import types

from engines.base import BaseEngine, IllegalAction, Outcome, T, public, private, rng


class ToyEngine(BaseEngine):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4

    def options(self):
        return {"rounds": (3, (1, 2, 3, 5), "How many rounds.")}

    def new(self, seats, *, seed, options=None):
        self.check_seats(seats)
        opts = self.resolve_options(options)
        return {"seed": seed, "rng_n": 0, "seats": list(seats), "round": 1,
                "rounds": opts["rounds"], "phase": "pick", "picks": {}, "chooser": None,
                "score": {s: 0 for s in seats}, "last": {}}

    def to_act(self, st):
        if st["phase"] == "pick":
            return [s for s in st["seats"] if s not in st["picks"]]
        if st["phase"] == "choose":
            return [st["chooser"]]
        return []

    def legal(self, st, seat):
        if seat not in self.to_act(st):
            return []
        if st["phase"] == "pick":
            return [{"type": "pick", "n": n} for n in (1, 2, 3)]
        return [{"type": "bank"}, {"type": "double"}]

    def _apply(self, st, seat, a):
        if seat not in st["seats"]:
            raise IllegalAction("You are not in this game.")
        if seat not in self.to_act(st):
            raise IllegalAction("It is not your turn.")
        if a not in self.legal(st, seat):
            raise IllegalAction("That move is not possible now.")
        ev = []
        if a["type"] == "pick":
            st["picks"][seat] = a["n"]
            ev.append(private(seat, "You picked {n}.", n=a["n"]))
            if len(st["picks"]) == len(st["seats"]):
                picks = st["picks"]
                st["last"] = dict(picks)
                ev.append(public("Picks revealed: {picks}.", kind="reveal",
                                 picks=", ".join(f"{s}={picks[s]}" for s in st["seats"])))
                unique = [s for s in st["seats"] if list(picks.values()).count(picks[s]) == 1]
                if unique:
                    st["chooser"] = max(unique, key=lambda s: picks[s])
                    st["phase"] = "choose"
                else:
                    ev += self._next_round(st)
        else:
            pts = st["picks"][seat]
            if a["type"] == "double":
                pts = pts * 2 if rng(st).random() < 0.5 else 0
            st["score"][seat] += pts
            ev.append(public("{seat} scores {pts}.", seat=seat, pts=pts))
            ev += self._next_round(st)
        return ev

    def _next_round(self, st):
        st["picks"], st["chooser"] = {}, None
        if st["round"] >= st["rounds"]:
            st["phase"] = "over"
            return [public("Game over.", kind="game_end")]
        st["round"] += 1
        st["phase"] = "pick"
        return [public("Round {r} begins.", kind="round_end", r=st["round"])]

    def view(self, st, seat):
        v = {"game": "toy", "seats": st["seats"], "round": st["round"], "phase": st["phase"],
             "to_act": self.to_act(st), "picked": sorted(st["picks"]),
             "players": {s: {"score": st["score"][s]} for s in st["seats"]},
             "last": st["last"], "finished": st["phase"] == "over"}
        if seat is not None:
            v["you"] = seat
            v["my_pick"] = st["picks"].get(seat)
        return v

    def outcome(self, st):
        if st["phase"] != "over":
            return None
        sc = st["score"]
        ranks = {s: 1 + sum(1 for o in sc if sc[o] > sc[s]) for s in sc}
        return Outcome(dict(sc), ranks, {s: {"Points": sc[s]} for s in sc},
                       [s for s in sc if ranks[s] == 1])

    def label(self, st, seat, a):
        if a["type"] == "pick":
            return T("Pick {n}", n=a["n"])
        return T("Bank") if a["type"] == "bank" else T("Double or nothing")

    def prompt(self, st, seat):
        return T("Pick a number for round {r}.", r=st["round"]) if st["phase"] == "pick" else T("Bank or double?")

    def status(self, st):
        return T("Round {r} of {n}.", r=st["round"], n=st["rounds"])


def choose(engine, state, seat, rand):
    acts = engine.legal(state, seat)
    return acts[-1] if acts[0]["type"] == "pick" else acts[0]


ENGINE = ToyEngine()
AI = types.SimpleNamespace(choose=choose)
