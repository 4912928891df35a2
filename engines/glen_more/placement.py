"""Glen More: placing the new tile — legal spots (edge matching, clansmen) and the loch
steps that come right after placement (Lochy, Shiel)."""
from __future__ import annotations

from engines.base import IllegalAction, T, public

from . import data as D
from .common import RES, DIRS8, ORTH, OPPOSITE, cells_of, grid, add_cube, tile_type
from .texts import _, res_list, tile_name, where


class PlacementMixin:
    """Where a tile may go, and the placement step."""

    # ------------------------------------------------------------------ placement
    PLACEMENT_MESSAGES = {
        "taken": _("{tile} already lies there: pick an empty spot."),
        "no_side": _("A new tile must touch one of your tiles along a whole side."),
        "no_clansman": _("You need a clansman on one of the 8 tiles around the spot {where}."),
        "river_side": _("Rivers must join: a river side may only touch a river side."),
        "road_side": _("Roads must join: a road side may only touch a road side."),
        "second_river": _("A river tile must continue your river, north or south of it: "
                          "nobody may start a second river."),
        "second_road": _("A road tile must continue your road, east or west of it: "
                         "nobody may start a second road."),
    }

    @staticmethod
    def _spot_reason(g: dict, kind: str, x: int, y: int, minus_man=None) -> str | None:
        """Why a tile with edges ``kind`` cannot go on (x, y) of display ``g`` (None: it can)."""
        if (x, y) in g:
            return "taken"
        near = {side: (x + dx, y + dy) for side, (dx, dy) in ORTH.items()}
        if not any(c in g for c in near.values()):
            return "no_side"
        # a plain loop: the AI's look at every free cell makes this one of the hottest lines
        for dx, dy in DIRS8:
            c = (x + dx, y + dy)
            t = g.get(c)
            if t is not None and t["men"] - (minus_man == c) > 0:
                break
        else:
            return "no_clansman"
        edges = D.EDGES[kind]
        for side, c in near.items():
            if c not in g:
                continue
            mine = edges[side]
            theirs = D.EDGES[D.TILES[g[c]["id"]]["edges"]][OPPOSITE[side]]
            if mine != theirs:
                return "river_side" if "river" in (mine, theirs) else "road_side"
        if kind == "river" and near["N"] not in g and near["S"] not in g:
            return "second_river"
        if kind == "road" and near["E"] not in g and near["W"] not in g:
            return "second_road"
        return None

    def placement_problem(self, p: dict, tid: str, x: int, y: int,
                          minus_man: tuple[int, int] | None = None) -> IllegalAction | None:
        """Why ``tid`` cannot be placed on (x, y) (None: it can), as a message for the player."""
        g = grid(p)
        why = self._spot_reason(g, D.TILES[tid]["edges"], x, y, minus_man)
        if why is None:
            return None
        if why == "taken":
            return IllegalAction(self.PLACEMENT_MESSAGES[why], tile=tile_name(g[(x, y)]["id"]))
        if why == "no_clansman":
            return IllegalAction(self.PLACEMENT_MESSAGES[why], where=where(cells_of(p), (x, y)))
        return IllegalAction(self.PLACEMENT_MESSAGES[why])

    @staticmethod
    def candidate_cells(p: dict, g: dict | None = None) -> list[tuple[int, int]]:
        g = grid(p) if g is None else g
        cells = set()
        for (x, y) in g:
            for dx, dy in ORTH.values():
                c = (x + dx, y + dy)
                if c not in g:
                    cells.add(c)
        return sorted(cells, key=lambda c: (-c[1], c[0]))

    def legal_spots(self, p: dict, tid: str, minus_man=None) -> list[tuple[int, int]]:
        g = grid(p)
        kind = D.TILES[tid]["edges"]
        return [c for c in self.candidate_cells(p, g)
                if self._spot_reason(g, kind, c[0], c[1], minus_man) is None]

    def _do_place(self, state, seat, p, turn, action, events):
        x, y = action["at"]
        tid = turn["tile"]
        tile = D.TILES[tid]
        spot = where(cells_of(p), (x, y))
        t = {"id": tid, "x": x, "y": y, "cubes": [], "men": 0}
        p["tiles"].append(t)
        turn["at"] = [x, y]
        turn["ness_paid"] = None
        events.append(public("{player} places {tile} {where}.", player=seat, tile=tile_name(tid),
                             where=spot, data={"tile": tid, "at": [x, y]}))
        typ = tile["type"]
        men = D.BONUS_CLANSMEN.get(typ, 0)
        whisky = D.BONUS_WHISKY.get(typ, 0)
        card = tile.get("card")
        if card:
            p["cards"].append(card)
            c = D.CARDS[card]
            men += c.get("clansmen", 0)
            whisky += c.get("whisky", 0)
            if c.get("coins"):
                p["coins"] += c["coins"]
            events.append(public("{player} takes the card {card}.", player=seat, card=T(card)))
        t["men"] += men
        p["whisky"] += whisky
        if men:
            events.append(public("{player} gets {n} clansman on the new tile.",
                                 plural="{player} gets {n} clansmen on the new tile.",
                                 player=seat, n=men))
        if whisky:
            events.append(public("{player} gets {n} whisky barrel.",
                                 plural="{player} gets {n} whisky barrels.", player=seat, n=whisky))
        turn["ness"] = "available" if "Loch Ness" in p["cards"] else None
        if card == "Loch Lochy":
            turn["step"] = "lochy"
            return
        if card == "Loch Shiel":
            turn["step"] = "shiel"
            return
        self._begin_activation(state, seat, p, turn, card == "Loch Oich", events)

    def _begin_activation(self, state, seat, p, turn, oich, events):
        x, y = turn["at"]
        g = grid(p)
        if oich:
            turn["oich"] = True
            turn["ness"] = None
            turn["activatable"] = [[t["x"], t["y"]] for t in sorted(p["tiles"], key=lambda t: (-t["y"], t["x"]))]
            events.append(public("Loch Oich: {player} may activate every tile of the territory once.",
                                 player=seat))
        else:
            cells = [(x, y)] + [(x + dx, y + dy) for dx, dy in DIRS8 if (x + dx, y + dy) in g]
            turn["activatable"] = [list(c) for c in cells]
        turn["step"] = "activate"

    def _do_lochy(self, state, seat, p, turn, action, events):
        t = grid(p)[tuple(turn["at"])]
        kept = [r for r in action["res"] if add_cube(t, r)]
        events.append(public("Loch Lochy: {player} puts {items} on the loch.", player=seat,
                             items=res_list({r: kept.count(r) for r in RES})))
        self._begin_activation(state, seat, p, turn, False, events)

    def _do_shiel(self, state, seat, p, turn, action, events):
        filled = 0
        for t in p["tiles"]:
            typ = tile_type(t)
            if typ in D.PRODUCTION and not t["cubes"]:
                add_cube(t, D.PRODUCTION[typ])
                filled += 1
            elif typ == "iona_abbey" and not t["cubes"] and "res" in action:
                add_cube(t, action["res"])
                filled += 1
        events.append(public("Loch Shiel: {player} fills {n} empty tile.",
                             plural="Loch Shiel: {player} fills {n} empty tiles.", player=seat,
                             n=filled))
        self._begin_activation(state, seat, p, turn, False, events)
