"""Glen More: the chain and the turn — whose turn it is, the die, the refill of the chain,
which tiles can be taken and how a taken tile is paid."""
from __future__ import annotations

from itertools import combinations

from engines.base import Action, Event, IllegalAction, State, public, rng

from . import data as D
from .common import RES, N_SPACES, cells_of, grid, plan_payment
from .texts import res_list, tile_name, tile_ref


class ChainMixin:
    """The rondel chain, the start and end of a turn, and the tile choice."""

    def _draw(self, state: State, events: list[Event]) -> str | None:
        for k, pile in enumerate(state["stacks"]):
            if pile:
                tid = pile.pop()
                if not pile and k >= 1:
                    state.setdefault("pending_scorings", []).append(k)
                return tid
        return None

    def head(self, state: State) -> int:
        return (state["gap"] + 1) % N_SPACES

    def chain(self, state: State) -> list[int]:
        """Occupied spaces from the head to the end of the chain."""
        out = []
        i = self.head(state)
        for _ in range(N_SPACES):
            if i == state["gap"]:
                break
            out.append(i)
            i = (i + 1) % N_SPACES
        return out

    def reachable(self, state: State) -> list[int]:
        return [i for i in self.chain(state)[1:] if state["spaces"][i] and "tile" in state["spaces"][i]]

    def active(self, state: State) -> str | None:
        t = state.get("turn")
        return t["seat"] if t else None

    def to_act(self, state: State) -> list[str]:
        if state["finished"] or not state["turn"]:
            return []
        return [state["turn"]["seat"]]

    # ------------------------------------------------------------------ tile choice
    def take_problem(self, state: State, seat: str, space: int) -> IllegalAction | None:
        """Why the active seat cannot take the tile on ``space`` (None: it can), as a message
        for the player (``_take_reason`` is the fast check used by ``legal``)."""
        if not isinstance(space, int) or isinstance(space, bool) or space not in self.reachable(state):
            return IllegalAction("Space {space} holds no tile within your reach: pick a tile "
                                 "ahead of your pawn in the chain.", space=str(space))
        tid = state["spaces"][space]["tile"]
        p = state["players"][seat]
        tile = D.TILES[tid]
        cost = tile["cost"]
        if "whisky" in cost and p["whisky"] < cost["whisky"]:
            return IllegalAction("{tile} costs 1 whisky barrel and you have none.", tile=tile_name(tid))
        if "clansman_or_chieftain" in cost:
            if not self.ness_payments(p, tid):
                return IllegalAction("{tile} costs a clansman or a chieftain, and you have none "
                                     "to spare that still leaves you a legal spot.", tile=tile_name(tid))
            return None
        if "distinct_resources" in cost:
            if not self.oich_pairs(state, p):
                return IllegalAction("{tile} costs 2 resources of different types: you cannot "
                                     "pay that, even with the warehouse.", tile=tile_name(tid))
        else:
            res_cost = {r: n for r, n in cost.items() if r in RES}
            if res_cost and plan_payment(p, state["market"], res_cost) is None:
                return IllegalAction("You cannot pay {cost} for {tile}, even by selling and buying: "
                                     "pick another tile.", cost=res_list(res_cost), tile=tile_name(tid))
        if not self.legal_spots(p, tid):
            return IllegalAction("{tile} has no legal spot in your territory (sides must match, "
                                 "a clansman must be next to it).", tile=tile_name(tid))
        return None

    def _take_reason(self, state: State, seat: str, space: int, memo: dict | None = None) -> str | None:
        tid = state["spaces"][space]["tile"]
        p = state["players"][seat]
        cost = D.TILES[tid]["cost"]
        if "whisky" in cost and p["whisky"] < cost["whisky"]:
            return "whisky"
        if "clansman_or_chieftain" in cost:
            return None if self.ness_payments(p, tid) else "ness"
        if "distinct_resources" in cost:
            if not self.oich_pairs(state, p):
                return "cost"
        elif cost and plan_payment(p, state["market"], cost) is None:
            return "cost"
        kind = D.TILES[tid]["edges"]
        if memo is None:
            memo = {}
        if kind not in memo:
            memo[kind] = bool(self.legal_spots(p, tid))
        return None if memo[kind] else "spot"

    def ness_payments(self, p: dict, tid: str) -> list[Action]:
        out = []
        if p["chieftains"] > 0 and self.legal_spots(p, tid):
            out.append({"type": "pay_ness", "with": "chieftain"})
        for t in p["tiles"]:
            if t["men"] > 0 and self.legal_spots(p, tid, minus_man=(t["x"], t["y"])):
                out.append({"type": "pay_ness", "with": [t["x"], t["y"]]})
        return out

    def oich_pairs(self, state: State, p: dict) -> list[tuple[tuple[str, str], dict]]:
        out = []
        for a, b in combinations(RES, 2):
            plan = plan_payment(p, state["market"], {a: 1, b: 1})
            if plan is not None:
                out.append(((a, b), plan))
        return out

    # ------------------------------------------------------------------ turns
    def _start_turn(self, state: State, events: list[Event]) -> None:
        """Give the head of the chain its turn; the die plays itself."""
        while not state["finished"]:
            occ = state["spaces"][self.head(state)]
            if occ and occ.get("die"):
                self._die_turn(state, events)
                continue
            seat = occ["pawn"]
            state["turn"] = {"seat": seat, "step": "choose", "old_gap": state["gap"],
                             "space": None, "tile": None, "at": None, "activatable": [],
                             "activated": [], "ness": None, "oich": False, "mp": 0,
                             "sub": None, "selling": None, "page": None, "ness_paid": None,
                             "paying": None}
            return
        state["turn"] = None

    def _die_turn(self, state: State, events: list[Event]) -> None:
        r = rng(state)
        roll = D.DIE_FACES[r.randrange(len(D.DIE_FACES))]
        old_gap = state["gap"]
        h = self.head(state)
        tiles_ahead = self.reachable(state)
        if not tiles_ahead:                       # cannot happen during play; be safe
            state["finished"] = True
            return
        dest = tiles_ahead[min(roll, len(tiles_ahead)) - 1]
        tid = state["spaces"][dest]["tile"]
        state["removed"].append(tid)
        state["spaces"][dest] = {"die": True}
        state["spaces"][h] = None
        state["last_die"] = {"roll": roll, "tile": tid, "space": dest}
        events.append(public("The die rolls {roll} and removes {tile} from space {space}.",
                             data={"die": roll, "tile": tid, "space": dest},
                             roll=roll, tile=tile_name(tid), space=dest))
        self._cleanup(state, old_gap, events)

    def _cleanup(self, state: State, old_gap: int, events: list[Event]) -> None:
        """Discard tiles behind the new head, refill the end of the chain, score."""
        sp = state["spaces"]
        i = (old_gap + 1) % N_SPACES
        while not (sp[i] and ("pawn" in sp[i] or "die" in sp[i])):
            i = (i + 1) % N_SPACES
        head = i
        discarded = []
        j = (old_gap + 1) % N_SPACES
        while j != head:
            if sp[j] and "tile" in sp[j]:
                discarded.append(sp[j]["tile"])
                sp[j] = None
            j = (j + 1) % N_SPACES
        if discarded:
            state["removed"].extend(discarded)
            events.append(public("Left behind and removed: {tiles}.",
                                 data={"tiles": discarded},
                                 tiles=[tile_name(t) for t in discarded]))
        new_gap = (head - 1) % N_SPACES
        j = old_gap
        laid = []
        while j != new_gap:
            tid = self._draw(state, events)
            if tid is not None:
                sp[j] = {"tile": tid}
                laid.append(tid)
            j = (j + 1) % N_SPACES
        state["gap"] = new_gap
        if laid:
            events.append(public("New tiles at the end of the chain: {tiles}.",
                                 data={"tiles": laid}, tiles=[tile_name(t) for t in laid]))
        for k in state.pop("pending_scorings", []):
            self._scoring(state, k, events)
        if state["scorings"] >= 3:
            self._final(state, events)

    def _do_take(self, state, seat, p, turn, action, events):
        space = action["space"]
        tid = state["spaces"][space]["tile"]
        h = self.head(state)
        state["spaces"][space] = {"pawn": seat}
        state["spaces"][h] = None
        turn["space"] = space
        turn["tile"] = tid
        events.append(public("{player} moves to space {space} and takes {tile}.", player=seat,
                             space=space, tile=tile_name(tid), data={"space": space, "tile": tid}))
        cost = D.TILES[tid]["cost"]
        if "clansman_or_chieftain" in cost:
            turn["step"] = "ness_pay"
            return
        if "distinct_resources" in cost:
            turn["step"] = "oich_pay"
            return
        if "whisky" in cost:
            p["whisky"] -= cost["whisky"]
            events.append(public("{player} pays 1 whisky barrel.", player=seat))
        res_cost = {r: n for r, n in cost.items() if r in RES}
        if res_cost:
            plan = plan_payment(p, state["market"], res_cost)
            self._pay(state, seat, res_cost, plan, events)
            events.append(public("{player} pays {items}.", player=seat, items=res_list(res_cost)))
        turn["step"] = "place"

    def _do_pass(self, state, seat, p, turn, action, events):
        h = self.head(state)
        space = self.reachable(state)[0]
        tid = state["spaces"][space]["tile"]
        state["removed"].append(tid)
        state["spaces"][space] = {"pawn": seat}
        state["spaces"][h] = None
        events.append(public("{player} can take no tile: the pawn moves to space {space} and "
                             "{tile} leaves the game.", player=seat, space=space, tile=tile_name(tid)))
        self._end_turn(state, events)

    def _do_pay_ness(self, state, seat, p, turn, action, events):
        w = action["with"]
        if w == "chieftain":
            p["chieftains"] -= 1
            events.append(public("{player} pays a chieftain for Loch Ness.", player=seat))
        else:
            t = grid(p)[tuple(w)]
            t["men"] -= 1
            turn["ness_paid"] = list(w)
            events.append(public("{player} pays a clansman from {tile} for Loch Ness.", player=seat,
                                 tile=tile_ref(cells_of(p), tuple(w))))
        turn["step"] = "place"

    def _do_pay_pair(self, state, seat, p, turn, action, events):
        a, b = action["res"]
        cost = {a: 1, b: 1}
        plan = plan_payment(p, state["market"], cost)
        self._pay(state, seat, cost, plan, events)
        events.append(public("{player} pays {items}.", player=seat, items=res_list(cost)))
        turn["step"] = "place"

    def _end_turn(self, state: State, events: list[Event]) -> None:
        turn = state["turn"]
        seat = turn["seat"]
        state["turn"] = None
        self._cleanup(state, turn["old_gap"], events)
        if state["finished"]:
            return
        self._start_turn(state, events)
        nxt = self.active(state)
        if nxt:
            events.append(public("{player} plays next.", player=nxt,
                                 data={"again": nxt == seat}))
