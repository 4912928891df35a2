"""Glen More: the view of the table for one seat or for spectators (scores stay secret
per the option)."""
from __future__ import annotations

import copy
from typing import Any

from engines.base import State

from . import data as D
from .common import RES, cells_of, held, clansmen, hats, chieftain_value, buy_price, sell_price
from .texts import letter, where


class ViewMixin:
    """The view."""

    def view(self, state: State, seat: str | None) -> dict:
        secret = state["options"]["secret_scores"] and not state["finished"]
        sp = state["spaces"]
        chain_order = self.chain(state)
        spaces = []
        for i, occ in enumerate(sp):
            e: dict[str, Any] = {"space": i, "gap": i == state["gap"],
                                 "chain_pos": chain_order.index(i) if i in chain_order else None,
                                 "tile": None, "pawn": None}
            if occ and "tile" in occ:
                e["tile"] = self._tile_view(occ["tile"])
            elif occ and "pawn" in occ:
                e["pawn"] = occ["pawn"]
            elif occ and occ.get("die"):
                e["pawn"] = "die"
            spaces.append(e)
        market = {}
        for r in RES:
            f = state["market"][r]
            market[r] = {"filled": f, "spaces": [{"value": v, "coins": v if k < f else 0}
                                                 for k, v in enumerate(D.WAREHOUSE_VALUES)],
                         "buy": buy_price(f), "sell": sell_price(f)}
        players = {}
        for s in state["seats"]:
            p = state["players"][s]
            cells = []
            for t in p["tiles"]:
                info = self._tile_view(t["id"])
                info.update({"x": t["x"], "y": t["y"],
                             "cubes": {r: t["cubes"].count(r) for r in RES if r in t["cubes"]},
                             "clansmen": t["men"]})
                cells.append(info)
            xs = [t["x"] for t in p["tiles"]]
            ys = [t["y"] for t in p["tiles"]]
            pv = {"seat": s, "tiles": cells, "tile_count": len(cells),
                  "bounds": {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)},
                  "whisky": p["whisky"], "coins": p["coins"], "chieftains": p["chieftains"],
                  "clansmen": clansmen(p), "hats": hats(p), "cards": list(p["cards"]),
                  "resources": held(p),
                  "scoring_values": {"whisky": p["whisky"], "chieftains": chieftain_value(p),
                                     "special locations": len(p["cards"])}}
            if not secret or s == seat:
                pv["score"] = p["vp"]
                pv["score_parts"] = dict(p["parts"])
            players[s] = pv
        v = {
            "game": self.name,
            "seats": list(state["seats"]),
            "phase": "finished" if state["finished"] else (state["turn"]["step"] if state["turn"] else "none"),
            "to_act": self.to_act(state),
            "part": min(3, state["scorings"] + 1),
            "scorings_done": state["scorings"],
            "secret_scores": bool(state["options"]["secret_scores"]),
            "oich_movement": bool(state["options"]["oich_movement"]),
            "coordinates": {"x": "east", "y": "north", "origin": [0, 0]},
            "chain": {"spaces": spaces, "gap": state["gap"], "head": self.head(state),
                      "order": chain_order,
                      "die": next((i for i, o in enumerate(sp) if o and o.get("die")), None),
                      "last_die": state.get("last_die")},
            "stacks": [len(pile) for pile in state["stacks"]],
            "removed": len(state["removed"]),
            "removed_tiles": list(state["removed"]),     # face up when they left: public
            "market": market,
            "difference_vp": list(D.DIFFERENCE_VP),
            "players": players,
            "pending": self._pending_view(state),
            "spots": self._spots_view(state),
            "finished": state["finished"],
            "outcome": None,
        }
        if seat is not None and seat in state["seats"]:
            v["you"] = seat
        o = self.outcome(state)
        if o:
            v["outcome"] = o.to_json()
        return v

    def _tile_view(self, tid: str) -> dict:
        t = D.TILES[tid]
        out = {"id": tid, "name": t["name"], "type": t["type"], "colour": t["colour"],
               "edges": t["edges"], "river": t["edges"] in ("river", "both"),
               "road": t["edges"] in ("road", "both"), "cost": dict(t["cost"]), "card": t.get("card")}
        if t.get("stack") is not None:
            out["stack"] = t["stack"]
        return out

    def _pending_view(self, state: State) -> dict | None:
        turn = state["turn"]
        if not turn:
            return None
        p = state["players"][turn["seat"]]
        out = {"seat": turn["seat"], "step": turn["step"], "tile": turn["tile"],
               "space": turn["space"], "at": turn["at"], "movement_points": turn["mp"],
               "activatable": turn["activatable"], "activated": turn["activated"],
               "loch_ness": turn["ness"], "loch_oich": turn["oich"],
               "sub": copy.deepcopy(turn["sub"]), "selling": turn["selling"],
               "paying": copy.deepcopy(turn.get("paying")),
               "page": turn.get("page"), "ness_paid": turn.get("ness_paid"),
               "prompt": self.prompt(state, turn["seat"]).to_json()}
        if turn["step"] == "choose":
            offers = []
            for i in self.reachable(state):
                prob = self.take_problem(state, turn["seat"], i)
                offers.append({"space": i, "tile": state["spaces"][i]["tile"], "takeable": prob is None,
                               "reason": prob.text.to_json() if prob else None})
            out["offers"] = offers
        return out

    def _spots_view(self, state: State) -> dict | None:
        """The lettered cells of the decision the acting seat faces (None when it is not a
        decision over cells): the same letters as the labels, for the board to draw. Only
        public facts go in: the cells follow from the territory, clansmen, cubes, coins and
        market (``cell_choices``)."""
        cc = self.cell_choices(state)
        if not cc or not cc[1]:
            return None
        kind, cells = cc
        turn = state["turn"]
        p = state["players"][turn["seat"]]
        at = cells_of(p)
        out = []
        for i, c in enumerate(cells):
            e: dict[str, Any] = {"cell": list(c), "letter": letter(i), "tile": at.get(c)}
            if c not in at:
                e["where"] = where(at, c).to_json()
            out.append(e)
        return {"seat": turn["seat"], "decision": kind,
                "tile": turn["tile"] if kind == "place" else None,
                "from": list(turn["sub"]["at"]) if kind == "move_to" else None,
                "resource": (turn["selling"] if kind == "sell_from" else
                             turn["paying"]["queue"][0][0] if kind == "pay_from" else None),
                "cells": out}
