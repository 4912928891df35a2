"""What a seat may see (``view``): public holdings and the seat's own hand and secret
values; the question being asked and the pending move's lettered destinations."""
from __future__ import annotations

import json

from engines.base import letter

from . import data as D
from .common import LETTERS


class Views:
    """Per-seat views (mixin of WhiskyEngine)."""

    def view(self, state, seat):
        over = state["phase"] == "over"
        players = {}
        occupants: dict[str, list[str]] = {}
        for s in state["seats"]:
            p = self._p(state, s)
            if p["pos"]:
                occupants.setdefault(p["pos"], []).append(s)
            ch = D.CHARACTERS[p["character"]]
            by_region = {r: [] for r in D.REGION_ORDER}
            for b in p["bottles"]:
                by_region[D.region(b["d"])].append({"distillery": b["d"], "value": b["v"],
                                                   "points": self._bottle_points(p, b)})
            effects = []
            for flag in ("prohibition", "hangover", "carriage", "truck"):
                if p[flag]:
                    effects.append(flag)
            if p["skip"]:
                effects.append("skip")
            players[s] = {
                "position": p["pos"],
                "position_name": D.FIELDS[p["pos"]]["name"] if p["pos"] else None,
                "character": p["character"], "character_name": ch["name"],
                "ability": ch["ability"],
                "bottles": by_region,
                "regions": self._regions(state, s),
                "points_visible": self._points(state, s, hidden=over),
                "lost_hidden": 0 if over else sum(1 for x in p["lost"] if not x["revealed"]),
                "lost_revealed": [x["v"] for x in p["lost"] if x["revealed"] or over],
                "bonus_cards": list(p["bonus"]),
                "ingredients": dict(p["ingredients"]),
                "special_cards": self._card_count(p),
                "effects": effects, "skip_turns": p["skip"],
                "travel": ({"kind": p["travel"]["kind"], "to": p["travel"].get("to")}
                           if p["travel"] else None),
                "last_roll": p["last_roll"],
            }
        top = self._top(state)
        t = state["turn"]
        v = {
            "game": "whisky", "seats": list(state["seats"]), "order": list(state["order"]),
            "phase": state["phase"], "to_act": self.to_act(state), "round": state["round"],
            "max_rounds": state["options"]["max_rounds"], "final_round": state["final_round"],
            "current": t["seat"] if t else None,
            "turn": ({"seat": t["seat"], "moves_left": t["moves"], "movement_over": t["ended"],
                      "moved": t["moved"]} if t else None),
            "board": {"ref": D.BOARD_REF, "occupants": occupants},
            "players": players,
            "question": self._question_view(state),
            "last_question": state["last_question"],
            "distilleries": {d: len(st) for d, st in state["stock"].items()},
            "distillery_stock": {d: list(st) for d, st in state["stock"].items()},
            "pending": {"kind": top["kind"], "seat": top["seat"]} if top else None,
            "move": self._move_view(top),
            "decks": {"special": len(state["special_deck"]), "lost": len(state["lost_deck"]),
                      "questions": {lv: len(state["pools"][lv]) for lv in D.LEVELS}},
            "bag": dict(state["bag"]),
            "goal": {"points": state["options"]["victory_points"],
                     "regions": state["options"]["regions_required"]},
            "question_timeout_s": state["options"]["question_timeout_s"],
            "start_rolls": state["start_rolls"],
            "finished": over,
            "outcome": self.outcome(state).to_json() if over else None,
            "table": self._table_view(state, seat),
        }
        if seat is not None and seat in state["players"]:
            p = self._p(state, seat)
            v["you"] = seat
            v["hand"] = sorted(p["hand"])
            v["return_ticket_flights"] = p["return_ticket"]
            v["lost_values"] = [x["v"] for x in p["lost"]]
            v["points_total"] = self._points(state, seat)
            v["goal_reached"] = self._qualifies(state, seat)
            if top and top["kind"] == "move" and top["seat"] == seat:
                v["move_options"] = [{"to": o["to"], "path": o["path"], "ingredients": o["ingr"],
                                      "letter": letter(i)}
                                     for i, o in enumerate(top["options"])]
        return v

    @staticmethod
    def _table_view(state, seat):
        """The public bookkeeping of the table that the rest of the view leaves out (the
        options, the turn's flags, the stack of decisions, bottles in the order they were
        won, tickets in front of a player, the questions read out): what a player at the
        table knows from watching, and what ``determinize`` rebuilds a state from. Nothing
        hidden: no hand, no face-down value, no deck or question order, no seed. Pages
        turned in another seat's menu are left out. A few keys are renamed so that no card
        id appears as a word here ("coffey" of the turn, the option "coffey_mode")."""
        opts = {k: (dict(v) if isinstance(v, dict) else v)
                for k, v in state["options"].items() if k != "coffey_mode"}
        t = state["turn"]
        turn = None
        if t is not None:
            turn = {("doubled" if k == "coffey" else k): v for k, v in t.items()}
        pending = []
        for dec in state["pending"]:
            d = dict(dec)
            if d["seat"] != seat:
                d["page"] = 0
            if d["kind"] == "move":
                d["options"] = [dict(o, path=list(o["path"])) for o in d["options"]]
            elif "targets" in d:
                d["targets"] = list(d["targets"])
            pending.append(d)
        players = {}
        for s in state["seats"]:
            p = state["players"][s]
            players[s] = {
                "bottles": [dict(b) for b in p["bottles"]],
                "lost": [{"v": x["v"] if x["revealed"] else None, "revealed": x["revealed"],
                          "at": x["at"]} for x in p["lost"]],
                "return_ticket": p["return_ticket"],
                "travel": dict(p["travel"]) if p["travel"] else None,
                "last_failed": p["last_failed"],
                "paterson_targets": list(p["paterson_targets"]),
            }
        q = state["question"]
        question = None
        if q:
            question = {"order": list(q["order"]), "wrong": list(q["wrong"]),
                        "roll_used": q["roll_used"],
                        "prev": [{"id": o["id"], "order": list(o["order"]),
                                  "wrong": list(o["wrong"])} for o in q["prev"]]}
        res = state["result"]
        return {"options": opts, "doubling": state["options"]["coffey_mode"],
                "bank": state.get("bank"), "turn_idx": state["turn_idx"], "turn": turn,
                "pending": pending, "question": question, "players": players,
                "used_questions": list(state["used_questions"]),
                "result": json.loads(json.dumps(res)) if res else res}

    def _question_view(self, state):
        q = state["question"]
        if not q:
            return None
        rec = self.bank(state)[q["id"]]
        return {"id": q["id"], "seat": q["seat"], "distillery": q["distillery"],
                "distillery_name": D.FIELDS[q["distillery"]]["name"], "level": q["level"],
                "value": q["value"], "question": rec["question"],
                "options": [{"index": i, "letter": LETTERS[i], "text": rec["options"][j],
                             "removed": i in q["removed"], "wrong": i in q["wrong"]}
                            for i, j in enumerate(q["order"])],
                "status": q["status"], "smuggler": q["smuggler"],
                "timeout_s": state["options"]["question_timeout_s"],
                "swapped": len(q["prev"])}

    @staticmethod
    def _move_view(top):
        """The pending move's destinations with their menu letters, or None. Public: they
        follow from the position, the number moved (a roll, or Luck of the Irish, which is
        announced when played) and the public effects (Prohibition), never from a hand."""
        if not top or top["kind"] != "move":
            return None
        return {"seat": top["seat"], "value": top.get("value"),
                "options": [{"to": o["to"], "letter": letter(i), "ingredients": o["ingr"]}
                            for i, o in enumerate(top["options"])]}
