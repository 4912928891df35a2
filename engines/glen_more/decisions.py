"""Glen More: the shape of the decisions — decisions over lettered cells, pages, the
sub-decisions, and why an action is refused."""
from __future__ import annotations

from engines.base import Action, IllegalAction, State, T

from . import data as D
from .common import RES, MAX_LEGAL, DIRS8, grid, held, tile_type, plan_payment
from .texts import _, letter, res_count, tile_name


class DecisionsMixin:
    """Building the lists of legal actions and explaining refusals."""

    # Decisions over cells of a territory: the kind of decision, the action type of its
    # cells and where the cell goes in that action.
    CELL_ACTIONS = {"sell_from": ("sell_from", "at"), "pay_from": ("pay_from", "at"), "ness_target": ("ness_target", "at"),
                    "move_to": ("move_to", "at"), "pay_ness": ("pay_ness", "with"),
                    "place": ("place", "at"), "activate": ("activate", "at"),
                    "clansman": ("clansman", "at")}

    def cell_choices(self, state: State) -> tuple[str, list[tuple[int, int]]] | None:
        """The current decision over cells of the acting seat's territory: (kind, cells in
        the order ``legal`` lists them), or None when the decision is not over cells. The
        letters A, B, C... of labels and board follow this order (across pages too). Only
        public facts decide the cells: territory, clansmen, cubes, coins and the market."""
        turn = state.get("turn")
        if state.get("finished") or not turn:
            return None
        p = state["players"][turn["seat"]]
        if turn.get("paying"):
            return "pay_from", self._pay_options(state, p)
        if turn["selling"]:
            r = turn["selling"]
            return "sell_from", [(t["x"], t["y"]) for t in p["tiles"] if r in t["cubes"]]
        sub = turn["sub"]
        if sub:
            if sub["kind"] == "ness_target":
                return "ness_target", self._ness_targets(state, p)
            if sub["kind"] == "clansman":
                x, y = sub["at"]
                g = grid(p)
                return "move_to", [(x + dx, y + dy) for dx, dy in DIRS8 if (x + dx, y + dy) in g]
            return None
        step = turn["step"]
        if step == "ness_pay":
            return "pay_ness", [tuple(a["with"]) for a in self.ness_payments(p, turn["tile"])
                                if a["with"] != "chieftain"]
        if step == "place":
            return "place", self.legal_spots(p, turn["tile"])
        if step == "activate":
            return "activate", self._activatable_now(state, p)
        if step == "move":
            if turn["mp"] <= 0:
                return "clansman", []
            return "clansman", [(t["x"], t["y"]) for t in sorted(p["tiles"], key=lambda t: (-t["y"], t["x"]))
                                if t["men"] > 0]
        return None

    def _letter_of(self, state: State, action: Action) -> str:
        """The letter of a cell action: its place in ``cell_choices`` (A for the first)."""
        cc = self.cell_choices(state)
        cell = action.get("at") if action.get("type") != "pay_ness" else action.get("with")
        if cc and isinstance(cell, list) and tuple(cell) in cc[1]:
            return letter(cc[1].index(tuple(cell)))
        return "?"

    def _cell_decision(self, state: State, seat: str) -> tuple[list[Action], list[Action]] | None:
        """For decisions over cells (which may need pages): (cell actions, other actions)."""
        turn = state["turn"]
        p = state["players"][seat]
        if turn["selling"]:
            return None
        cc = self.cell_choices(state)
        if cc is None or cc[0] == "move_to":
            return None
        kind, cells = cc
        typ, key = self.CELL_ACTIONS[kind]
        acts = [{"type": typ, key: list(c)} for c in cells]
        sells = self._sell_actions(state, p)
        if kind == "ness_target":
            return acts, [{"type": "cancel"}] + sells
        if kind == "pay_ness":
            chief = [a for a in self.ness_payments(p, turn["tile"]) if a["with"] == "chieftain"]
            return acts, chief + sells
        if kind == "activate":
            extras = [{"type": "loch_ness"}] if self._ness_targets(state, p) else []
            return acts, extras + [{"type": "done"}] + sells
        if kind == "clansman":
            return acts, [{"type": "end"}] + sells
        return acts, sells

    def _sell_actions(self, state: State, p: dict) -> list[Action]:
        h = held(p)
        return [{"type": "sell", "res": r} for r in RES if h[r] > 0 and state["market"][r] > 0]

    def _paged(self, turn: dict, cells: list[Action], extras: list[Action]) -> list[Action]:
        pages = self._pages(cells, extras)
        if pages is None:
            return cells + extras
        pg = turn.get("page")
        if pg is None or not (0 <= pg < len(pages)):
            return [{"type": "page", "n": k} for k in range(len(pages))] + extras
        return pages[pg] + [{"type": "page", "n": -1}] + extras

    @staticmethod
    def _pages(cells: list[Action], extras: list[Action]) -> list[list[Action]] | None:
        limit = MAX_LEGAL - len(extras)
        if len(cells) <= limit:
            return None
        size = limit - 1
        return [cells[i:i + size] for i in range(0, len(cells), size)]

    def _sub_legal(self, state: State, seat: str, p: dict, sub: dict) -> list[Action]:
        kind = sub["kind"]
        cancel = [{"type": "cancel"}]
        if kind == "iona":
            return [{"type": "choose", "res": r} for r in RES] + cancel
        if kind == "butcher":
            t = grid(p)[tuple(sub["at"])]
            opts = D.FIXED_ACTIVATIONS[tile_type(t)]
            return [{"type": "butcher", "n": i + 1} for i, (pay, _, _) in enumerate(opts)
                    if plan_payment(p, state["market"], pay, allow_sell=False) is not None] + cancel
        if kind == "basket":
            t = grid(p)[tuple(sub["at"])]
            typ = tile_type(t)
            basket = sub["basket"]
            if typ == "fair":
                adds = self._fair_adds(state, p, basket, D.TILES[t["id"]]["max_types"])
                can_pay = bool(basket) and self._basket_plan(state, p, typ, basket) is not None
            else:
                adds = self._grocer_adds(state, p, basket)
                can_pay = len(basket) == D.GROCER_RESOURCES and \
                    self._basket_plan(state, p, typ, basket) is not None
            return [{"type": "add", "res": r} for r in adds] + \
                ([{"type": "pay"}] if can_pay else []) + cancel
        if kind == "clansman":
            _kind, cells = self.cell_choices(state)
            acts = [{"type": "move_to", "at": list(c)} for c in cells]
            return acts + [{"type": "chieftain"}] + cancel
        if kind == "confirm_last":
            return [{"type": "confirm"}] + cancel
        return cancel  # pragma: no cover

    def _why(self, state: State, seat: str, action: Action) -> IllegalAction:
        turn = state["turn"]
        typ = action.get("type")
        p = state["players"][seat]
        if turn.get("paying"):
            return IllegalAction("Pick the tile that pays {item} first.",
                                 item=res_count(turn["paying"]["queue"][0][0], 1))
        if turn["selling"] and typ != "buy":
            return IllegalAction("Pick the tile to sell from, or cancel.")
        if typ == "buy":
            return IllegalAction("You cannot buy to keep a resource: the warehouse sells only "
                                 "what you pay at once for a tile or an activation, and the "
                                 "engine buys it for you then.")
        if typ == "sell":
            r = action.get("res")
            if r not in RES:
                return IllegalAction("Only wood, stone, sheep, cattle and grain can be sold.")
            if held(p)[r] == 0:
                return IllegalAction("You have no {res} to sell.", res=T(r))
            return IllegalAction("Nobody buys {res} now: its warehouse row is empty.", res=T(r))
        if turn["sub"]:
            return IllegalAction("Finish the current choice first (or cancel it).")
        step = turn["step"]
        if typ == "take" and step == "choose":
            prob = self.take_problem(state, seat, action.get("space"))
            if prob:
                return prob
        if typ == "place" and step == "place":
            at = action.get("at")
            if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at):
                prob = self.placement_problem(p, turn["tile"], at[0], at[1])
                if prob:
                    return prob
            return IllegalAction("Pick one of the offered spots for {tile}.", tile=tile_name(turn["tile"]))
        if typ == "activate" and step == "activate":
            return IllegalAction("That tile cannot be activated now: only the new tile and its 8 "
                                 "neighbours, each once, and only with something to gain or pay.")
        if typ in ("clansman", "move_to", "chieftain") and step == "move":
            if turn["mp"] <= 0:
                return IllegalAction("You have no movement points left: end your turn.")
        return IllegalAction(self.NOT_NOW[step])

    NOT_NOW = {
        "choose": _("That is not possible now: pick a tile from the chain first."),
        "ness_pay": _("That is not possible now: pay Loch Ness with a clansman or a "
                      "chieftain first."),
        "oich_pay": _("That is not possible now: choose the two different resources to pay "
                      "for Loch Oich first."),
        "place": _("That is not possible now: place your tile first."),
        "lochy": _("That is not possible now: choose the two resources for Loch Lochy first."),
        "shiel": _("That is not possible now: apply Loch Shiel first."),
        "activate": _("That is not possible now: activate your tiles or finish the "
                      "activations."),
        "move": _("That is not possible now: move clansmen, make chieftains or end your turn."),
    }

    def _page_cells(self, state: State, seat: str) -> list[list[Action]] | None:
        """The pages of the current cell decision (None when it fits in one list)."""
        split = self._cell_decision(state, seat)
        return self._pages(*split) if split else None

    def _do_page(self, state, seat, p, turn, action, events):
        turn["page"] = None if action["n"] < 0 else action["n"]

    def _do_cancel(self, state, seat, p, turn, action, events):
        if turn["selling"]:
            turn["selling"] = None
        else:
            turn["sub"] = None
