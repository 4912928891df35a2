"""Glen More (alea / Ravensburger, 2010), 2-5 players: the pure rules engine.

The rules are docs/rules/glen_more.md; every tile and card fact is in ``data.py``.

A turn is a row of small decisions (``state["turn"]["step"]``):

``choose``     take a tile of the chain (only tiles you can pay for *and* place are offered)
``ness_pay``   Loch Ness only: pay with a chieftain or with a clansman from a tile
``oich_pay``   Loch Oich only: which two different resources to pay
``place``      pick the spot in your territory
``lochy``      Loch Lochy only: which two resources go on the loch
``shiel``      Loch Shiel only: apply it (you may sell first to empty tiles)
``activate``   activate the new tile and its 8 neighbours one by one (Loch Ness: one more)
``move``       spend movement points (move clansmen, make chieftains), then end the turn

Sub-decisions inside a step (``turn["sub"]``): a resource for Iona Abbey, how many animals
for a butcher, the basket of a fair or the grocer, the target of Loch Ness, the destination
of a clansman.  Selling is possible in every decision of your own turn; when the resource
lies on several tiles you then pick the tile (``turn["selling"]``).  Long lists of cells are
split into pages (``turn["page"]``) so that no decision offers more than 25 actions.

Coordinates: x grows to the east, y to the north; the start village is at (0, 0).  Players
never see them: every decision over cells of a territory (where to place a tile, which tile
to activate, pay from, sell from, move a clansman from or to) gives its cells letters A, B,
C... in the order ``legal`` lists them (``cell_choices``), labels read "Spot C — north of
Quarry", and the public view lists them under ``spots`` so that the board draws the same
letters.  The candidate cells depend only on public facts (territory, clansmen, cubes,
coins, market), never on the secret scores.

Decisions where the printed rules are silent (rules file §18 and [engine] marks):
* The first seat is the start player (space 0); the others follow on 1, 2, ...; the die
  (2-3 players) comes next; the refill draws from the lowest stack that still has tiles.
* Cubes paid for a cost are taken from the tile holding the most cubes (ties: the tile
  placed first); a cube sold by hand comes from the tile the player picks.
* A tile cost is paid the cheapest way: own cubes, then the deficit is bought, and when
  coins are short surplus cubes are sold automatically, best price first.  Activation costs
  are paid with own cubes and coins only (sell by hand first if needed).
* Any activation may be declined (Q10); lochs and full production tiles are not offered.
* Loch Ness: usable in the turn it is placed (Q2); its target list leaves out the tiles of
  the normal activation (activating those through Loch Ness would only waste it).  A paid
  clansman no longer counts for placement (Q12).  Loch Lochy's cubes go on the loch (Q4).
* Loch Oich: the mass activation replaces the normal one; movement afterwards follows the
  ``oich_movement`` option (default on, Q6).  Duart counts the start village (Q5).
* A player who cannot take any tile moves to the first tile of the chain, which leaves the
  game (Q3).  Making the last clansman a chieftain needs a confirmation (Q11).
* Strict edge matching on every side (Q7); T55 has no road (Q1).
* Running scores are secret by default (option ``secret_scores``): the view shows each seat
  only its own score; the gains of activations and scorings are public, as at the table.
"""
from __future__ import annotations

import copy
from itertools import combinations, combinations_with_replacement
from typing import Any, Mapping, Sequence

from engines.base import (Action, BaseEngine, Event, IllegalAction, N_, Option, Outcome, State, T, Text,
                          private, public, rng)

from . import data as D
from .texts import (_, coin_change, coins, letter, res_count, res_list, resources, tile_name, tile_ref,
                    vp as n_vp, where, whisky_barrels)

RES = D.RESOURCES
N_SPACES = D.RONDEL_SPACES
MAX_LEGAL = 25
DIRS8 = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}

SCORING_CATEGORIES = ("whisky", "chieftains", "special locations")


# Score categories of the three scorings (English message ids), by scoring and category.
SCORING_PARTS = {
    1: {"whisky": _("Scoring 1: whisky"), "chieftains": _("Scoring 1: chieftains"),
        "special locations": _("Scoring 1: special locations")},
    2: {"whisky": _("Scoring 2: whisky"), "chieftains": _("Scoring 2: chieftains"),
        "special locations": _("Scoring 2: special locations")},
    3: {"whisky": _("Scoring 3: whisky"), "chieftains": _("Scoring 3: chieftains"),
        "special locations": _("Scoring 3: special locations")},
}
# Every score category, in the order of the Outcome breakdown.
PARTS = ([_("Fairs"), _("Butchers"), _("Grocer"), _("Bridge"), _("Taverns")]
         + [SCORING_PARTS[k][c] for k in (1, 2, 3) for c in SCORING_CATEGORIES]
         + [_("Iona Abbey"), _("Loch Morar"), _("Duart Castle"), _("Coins"), _("Tile penalty")])


def cells_of(p: dict) -> dict[tuple[int, int], str]:
    """A territory as cell -> tile id (for position words)."""
    return {(t["x"], t["y"]): t["id"] for t in p["tiles"]}


# --------------------------------------------------------------------------------------
# player helpers (plain functions on the player dict)

def grid(p: dict) -> dict[tuple[int, int], dict]:
    return {(t["x"], t["y"]): t for t in p["tiles"]}


def held(p: dict) -> dict[str, int]:
    out = {r: 0 for r in RES}
    for t in p["tiles"]:
        for c in t["cubes"]:
            out[c] += 1
    return out


def clansmen(p: dict) -> int:
    return sum(t["men"] for t in p["tiles"])


def hats(p: dict) -> int:
    return sum(D.CARDS[c]["hats"] for c in p["cards"])


def chieftain_value(p: dict) -> int:
    mult = 2 if "Castle of Mey" in p["cards"] else 1
    return p["chieftains"] * mult + hats(p)


def take_cube(p: dict, r: str) -> dict:
    """Remove one cube of r from the display: from the tile holding the most cubes (ties:
    the tile placed first). Returns the tile."""
    best = None
    for t in p["tiles"]:
        if r in t["cubes"] and (best is None or len(t["cubes"]) > len(best["cubes"])):
            best = t
    assert best is not None
    best["cubes"].remove(r)
    return best


def add_cube(t: dict, r: str) -> bool:
    if len(t["cubes"]) >= D.TILE_CUBE_CAP:
        return False
    t["cubes"].append(r)
    t["cubes"].sort(key=RES.index)
    return True


def tile_type(t: dict) -> str:
    return D.TILES[t["id"]]["type"]


# --------------------------------------------------------------------------------------
# market helpers

def buy_price(f: int) -> int | None:
    return D.WAREHOUSE_VALUES[f] if f < len(D.WAREHOUSE_VALUES) else None


def sell_price(f: int) -> int | None:
    return D.WAREHOUSE_VALUES[f - 1] if f > 0 else None


def plan_payment(p: dict, market: Mapping[str, int], cost: Mapping[str, int],
                 allow_sell: bool = True) -> dict | None:
    """Cheapest way to pay a resource cost: own cubes first, buy the deficit, and (for a
    tile cost) sell surplus cubes, best price first, when coins are short. None if
    impossible. Exact because the warehouse rows are independent (rules §6)."""
    h = held(p)
    buy: dict[str, int] = {}
    price = 0
    for r in RES:
        need = cost.get(r, 0)
        d = max(0, need - h[r])
        if d:
            f = market[r]
            if f + d > len(D.WAREHOUSE_VALUES):
                return None
            price += sum(D.WAREHOUSE_VALUES[f + k] for k in range(d))
            buy[r] = d
    sell: dict[str, int] = {}
    proceeds = 0
    if p["coins"] < price:
        if not allow_sell:
            return None
        fill = dict(market)
        surplus = {r: h[r] - min(h[r], cost.get(r, 0)) for r in RES if r not in buy}
        while p["coins"] + proceeds < price:
            cands = [r for r in surplus if surplus[r] > 0 and fill[r] > 0]
            if not cands:
                return None
            r = max(cands, key=lambda x: (fill[x], -RES.index(x)))
            proceeds += sell_price(fill[r])
            fill[r] -= 1
            surplus[r] -= 1
            sell[r] = sell.get(r, 0) + 1
    use = {r: min(h[r], cost.get(r, 0)) for r in RES if min(h[r], cost.get(r, 0)) > 0}
    return {"buy": buy, "sell": sell, "price": price, "proceeds": proceeds, "use": use}


class GlenMoreEngine(BaseEngine):
    name = "glen_more"
    title = "Glen More"
    min_players = 2
    max_players = 5

    # ------------------------------------------------------------------ setup
    def options(self):
        return {
            "secret_scores": Option(True, [True, False],
                                    "Keep running scores secret (as the face-down tokens of the "
                                    "box): spectators see none, each player sees their own.",
                                    label=N_("Secret scores")),
            "oich_movement": Option(True, [True, False],
                                    "After Loch Oich, movement points of the mass activation can "
                                    "still be spent (off: the turn ends after the activation).",
                                    label=N_("Movement after Loch Oich")),
        }

    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None) -> State:
        self.check_seats(seats)
        opts = self.resolve_options(options)
        seats = list(seats)
        n = len(seats)
        state: State = {"seed": seed, "rng_n": 0, "seats": seats, "options": opts}
        r = rng(state)
        stacks = []
        for k in sorted(D.STACK_SIZES):
            pile = [t["id"] for t in D.TILES_LIST if t["stack"] == k]
            r.shuffle(pile)
            stacks.append(pile)
        state["stacks"] = stacks
        state["market"] = {res: D.WAREHOUSE_START_FILLED[n] for res in RES}
        state["players"] = {s: {
            "tiles": [{"id": "START", "x": 0, "y": 0, "cubes": [], "men": D.START_CLANSMEN}],
            "coins": D.START_COINS, "whisky": 0, "chieftains": 0, "cards": [],
            "vp": 0, "parts": {k: 0 for k in PARTS},
        } for s in seats}
        spaces: list[Any] = [None] * N_SPACES
        for i, s in enumerate(seats):            # start player (first seat) on space 0
            spaces[i] = {"pawn": s}
        pos = n
        if n in D.DIE_PLAYER_COUNTS:
            spaces[pos] = {"die": True}
            pos += 1
        state["spaces"] = spaces
        state["gap"] = N_SPACES - 1
        state["scorings"] = 0
        state["removed"] = []                    # tiles out of the game (behind the head, die)
        state["finished"] = False
        state["result"] = None
        state["turn"] = None
        state["last_die"] = None
        for i in range(pos, N_SPACES - 1):
            spaces[i] = {"tile": self._draw(state, [])}
        self._start_turn(state, [])
        return state

    def _draw(self, state: State, events: list[Event]) -> str | None:
        for k, pile in enumerate(state["stacks"]):
            if pile:
                tid = pile.pop()
                if not pile and k >= 1:
                    state.setdefault("pending_scorings", []).append(k)
                return tid
        return None

    # ------------------------------------------------------------------ chain
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
        if not any((x + dx, y + dy) in g and
                   g[(x + dx, y + dy)]["men"] - (1 if minus_man == (x + dx, y + dy) else 0) > 0
                   for dx, dy in DIRS8):
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
                             "sub": None, "selling": None, "page": None, "ness_paid": None}
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

    # ------------------------------------------------------------------ scoring
    def _add_vp(self, state: State, seat: str, part: str, vp: int) -> None:
        p = state["players"][seat]
        p["vp"] += vp
        p["parts"][part] = p["parts"].get(part, 0) + vp

    def scoring_values(self, state: State) -> dict[str, dict[str, int]]:
        out = {}
        for s in state["seats"]:
            p = state["players"][s]
            out[s] = {"whisky": p["whisky"], "chieftains": chieftain_value(p),
                      "special locations": len(p["cards"])}
        return out

    def _scoring(self, state: State, k: int, events: list[Event]) -> None:
        vals = self.scoring_values(state)
        result: dict[str, dict] = {s: {} for s in state["seats"]}
        for cat in SCORING_CATEGORIES:
            low = min(vals[s][cat] for s in state["seats"])
            for s in state["seats"]:
                d = vals[s][cat] - low
                vp = D.difference_vp(d)
                self._add_vp(state, s, SCORING_PARTS[k][cat], vp)
                result[s][cat] = {"value": vals[s][cat], "difference": d, "vp": vp}
        state["scorings"] = k
        events.append(public("Scoring {k} of 3: whisky, chieftains and special locations "
                             "are compared with the lowest player.", kind="scoring",
                             data={"scoring": k, "result": result}, k=k))
        for s in state["seats"]:
            events.append(private(s, "Scoring {k}: you gain {vp}; your score is now {score}.",
                                  k=k, vp=n_vp(sum(v["vp"] for v in result[s].values())),
                                  score=n_vp(state["players"][s]["vp"])))

    def _final(self, state: State, events: list[Event]) -> None:
        if state["finished"]:
            return
        seats = state["seats"]
        counts = {s: len(state["players"][s]["tiles"]) for s in seats}
        low = min(counts.values())
        for s in seats:
            p = state["players"][s]
            types = [D.TILES[t["id"]] for t in p["tiles"]]
            if "Iona Abbey" in p["cards"]:
                self._add_vp(state, s, "Iona Abbey", D.CARDS["Iona Abbey"]["vp"] *
                             sum(1 for t in types if t["colour"] == D.YELLOW_COLOUR))
            if "Loch Morar" in p["cards"]:
                self._add_vp(state, s, "Loch Morar", D.CARDS["Loch Morar"]["vp"] *
                             sum(1 for t in types if t["colour"] == D.GREEN_COLOUR))
            if "Duart Castle" in p["cards"]:
                self._add_vp(state, s, "Duart Castle", D.CARDS["Duart Castle"]["vp"] *
                             sum(1 for t in types if t["type"] in D.VILLAGE_TYPES))
            self._add_vp(state, s, "Coins", p["coins"] * D.VP_PER_COIN)
            self._add_vp(state, s, "Tile penalty", -D.TILE_PENALTY * (counts[s] - low))
        scores = {s: state["players"][s]["vp"] for s in seats}
        cubes = {s: sum(held(state["players"][s]).values()) for s in seats}
        ranks = {s: 1 + sum(1 for o in seats if (scores[o], cubes[o]) > (scores[s], cubes[s]))
                 for s in seats}
        best = max(scores.values())
        tied = [s for s in seats if scores[s] == best]
        tiebreak = None
        if len(tied) > 1:
            top = max(cubes[s] for s in tied)
            still = [s for s in tied if cubes[s] == top]
            if len(still) > 1:
                tiebreak = {"msg": _("Tied on points and on resource cubes: a shared victory "
                                     "for {players}."), "players": still}
            else:
                tiebreak = {"msg": _("Tied on points: {player} wins with more resource cubes."),
                            "players": still}
        state["result"] = {"scores": scores, "ranks": ranks, "cubes": cubes, "tiebreak": tiebreak,
                           "breakdown": {s: {k: state["players"][s]["parts"].get(k, 0) for k in PARTS}
                                         for s in seats}}
        state["finished"] = True
        state["turn"] = None
        winners = [s for s in seats if ranks[s] == 1]
        events.append(public("Game over. Final scoring: end-game cards, coins and the tile "
                             "penalty. Winner: {winners}.", kind="game_end",
                             data={"scores": scores, "ranks": ranks,
                                   "breakdown": state["result"]["breakdown"]},
                             plural="Game over. Final scoring: end-game cards, coins and the "
                                    "tile penalty. Winners: {winners}.",
                             n=len(winners), winners=winners))

    def outcome(self, state: State) -> Outcome | None:
        res = state.get("result")
        if not state["finished"] or not res:
            return None
        tb = None
        if res["tiebreak"]:
            still = list(res["tiebreak"]["players"])
            tb = T(res["tiebreak"]["msg"], player=still[0], players=still)
        return Outcome(scores=dict(res["scores"]), ranks=dict(res["ranks"]),
                       breakdown={s: dict(b) for s, b in res["breakdown"].items()},
                       winners=[s for s in state["seats"] if res["ranks"][s] == 1], tiebreak=tb)

    # ------------------------------------------------------------------ legal
    def legal(self, state: State, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        turn = state["turn"]
        p = state["players"][seat]
        sells = self._sell_actions(state, p)
        if turn["selling"]:
            _kind, cells = self.cell_choices(state)
            return [{"type": "sell_from", "at": list(c)} for c in cells] + [{"type": "cancel"}]
        sub = turn["sub"]
        if sub and sub["kind"] == "ness_target":
            return self._paged(turn, *self._cell_decision(state, seat))
        if sub:
            return self._sub_legal(state, seat, p, sub) + sells
        step = turn["step"]
        if step == "choose":
            memo: dict = {}
            takes = [{"type": "take", "space": i} for i in self.reachable(state)
                     if self._take_reason(state, seat, i, memo) is None]
            if not takes:
                takes = [{"type": "pass"}]
            return takes + sells
        if step == "ness_pay":
            return self._paged(turn, *self._cell_decision(state, seat))
        if step == "oich_pay":
            return [{"type": "pay_pair", "res": list(pair)} for pair, _ in self.oich_pairs(state, p)] + sells
        if step == "place":
            return self._paged(turn, *self._cell_decision(state, seat))
        if step == "lochy":
            return [{"type": "lochy", "res": [a, b]} for a, b in combinations_with_replacement(RES, 2)] + sells
        if step == "shiel":
            iona = [t for t in p["tiles"] if tile_type(t) == "iona_abbey" and not t["cubes"]]
            if iona:
                acts = [{"type": "shiel", "res": r} for r in RES]
            else:
                acts = [{"type": "shiel"}]
            return acts + sells
        if step in ("activate", "move"):
            return self._paged(turn, *self._cell_decision(state, seat))
        return []  # pragma: no cover

    # Decisions over cells of a territory: the kind of decision, the action type of its
    # cells and where the cell goes in that action.
    CELL_ACTIONS = {"sell_from": ("sell_from", "at"), "ness_target": ("ness_target", "at"),
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

    def _tile_effect_possible(self, state: State, p: dict, t: dict) -> bool:
        typ = tile_type(t)
        if typ in D.PRODUCTION or typ == "iona_abbey":
            return len(t["cubes"]) < D.TILE_CUBE_CAP
        if typ in D.GREY_TYPES or typ == "tavern":
            return True
        if typ in D.FIXED_ACTIVATIONS:
            return any(plan_payment(p, state["market"], pay, allow_sell=False) is not None
                       for pay, _, _ in D.FIXED_ACTIVATIONS[typ])
        if typ == "fair":
            return any(plan_payment(p, state["market"], {r: 1}, allow_sell=False) is not None for r in RES)
        if typ == "grocer":
            return self._grocer_possible(state, p)
        return False   # lochs: no activation effect

    @staticmethod
    def _grocer_possible(state: State, p: dict) -> bool:
        """Can 3 resources be paid (own cubes first, the rest bought with coins)?"""
        missing = D.GROCER_RESOURCES - sum(held(p).values())
        if missing <= 0:
            return True
        prices = sorted(D.WAREHOUSE_VALUES[f] for r in RES
                        for f in range(state["market"][r], len(D.WAREHOUSE_VALUES)))
        return len(prices) >= missing and sum(prices[:missing]) <= p["coins"]

    def _activatable_now(self, state: State, p: dict) -> list[tuple[int, int]]:
        turn = state["turn"]
        g = grid(p)
        done = {tuple(c) for c in turn["activated"]}
        out = []
        for c in turn["activatable"]:
            c = tuple(c)
            if c not in done and c in g and self._tile_effect_possible(state, p, g[c]):
                out.append(c)
        return out

    def _ness_targets(self, state: State, p: dict) -> list[tuple[int, int]]:
        turn = state["turn"]
        if turn["ness"] != "available" or "Loch Ness" not in p["cards"]:
            return []
        done = {tuple(c) for c in turn["activated"]}
        normal = {tuple(c) for c in turn["activatable"]}
        return [(t["x"], t["y"]) for t in sorted(p["tiles"], key=lambda t: (-t["y"], t["x"]))
                if (t["x"], t["y"]) not in done and (t["x"], t["y"]) not in normal
                and self._tile_effect_possible(state, p, t)]

    def _grocer_adds(self, state: State, p: dict, basket: list[str]) -> list[str]:
        if len(basket) >= D.GROCER_RESOURCES:
            return []
        out = []
        for r in RES:
            cost = {x: basket.count(x) for x in RES}
            cost[r] += 1
            cost = {k: v for k, v in cost.items() if v}
            if plan_payment(p, state["market"], cost, allow_sell=False) is not None:
                out.append(r)
        return out

    def _fair_adds(self, state: State, p: dict, basket: list[str], max_types: int) -> list[str]:
        if len(basket) >= max_types:
            return []
        out = []
        for r in RES:
            if r in basket:
                continue
            cost = {x: 1 for x in basket + [r]}
            if plan_payment(p, state["market"], cost, allow_sell=False) is not None:
                out.append(r)
        return out

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

    def _basket_plan(self, state: State, p: dict, typ: str, basket: list[str]) -> dict | None:
        cost = {r: basket.count(r) for r in RES if basket.count(r)}
        return plan_payment(p, state["market"], cost, allow_sell=False)

    # ------------------------------------------------------------------ apply
    def _apply(self, state: State, seat: str, action: Action) -> list[Event]:
        if state["finished"]:
            raise IllegalAction("The game is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a valid action.")
        if seat not in state["seats"]:
            raise IllegalAction("You are not playing at this table.")
        act = self.active(state)
        if seat != act:
            raise IllegalAction("It is not your turn: {player} is playing.", player=act)
        legal = self.legal(state, seat)
        if action not in legal:
            raise self._why(state, seat, action)
        turn = state["turn"]
        p = state["players"][seat]
        events: list[Event] = []
        typ = action["type"]
        if typ != "page":
            turn["page"] = None
        if typ == "page":
            turn["page"] = None if action["n"] < 0 else action["n"]
            return events
        if typ == "sell":
            r = action["res"]
            holders = [t for t in p["tiles"] if r in t["cubes"]]
            if len(holders) == 1:
                self._sell(state, seat, holders[0], r, events)
            else:
                turn["selling"] = r
            return events
        if typ == "sell_from":
            t = grid(p)[tuple(action["at"])]
            r = turn["selling"]
            turn["selling"] = None
            self._sell(state, seat, t, r, events)
            return events
        if typ == "cancel":
            if turn["selling"]:
                turn["selling"] = None
            else:
                turn["sub"] = None
            return events
        if typ == "buy":  # pragma: no cover - never legal, caught by _why
            raise IllegalAction("You only buy to pay a cost right now.")
        handler = getattr(self, "_do_" + typ)
        handler(state, seat, p, turn, action, events)
        return events

    def _why(self, state: State, seat: str, action: Action) -> IllegalAction:
        turn = state["turn"]
        typ = action.get("type")
        p = state["players"][seat]
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

    # -- market
    def _sell(self, state: State, seat: str, t: dict, r: str, events: list[Event]) -> None:
        f = state["market"][r]
        price = sell_price(f)
        t["cubes"].remove(r)
        state["market"][r] = f - 1
        state["players"][seat]["coins"] += price
        events.append(public("{player} sells {item} for {n} coin.", plural="{player} sells {item} "
                             "for {n} coins.", player=seat, item=res_count(r, 1), n=price,
                             data={"sell": r, "coins": price}))

    def _pay(self, state: State, seat: str, cost: Mapping[str, int], plan: dict,
             events: list[Event]) -> None:
        p = state["players"][seat]
        for r, n in plan["sell"].items():
            for _ in range(n):
                # surplus cube: never one needed for the cost
                f = state["market"][r]
                take_cube(p, r)
                state["market"][r] = f - 1
                p["coins"] += sell_price(f)
        if plan["sell"]:
            events.append(public("{player} sells {items} for {n} coin.",
                                 plural="{player} sells {items} for {n} coins.", player=seat,
                                 items=res_list(plan["sell"]), n=plan["proceeds"]))
        for r, n in plan["buy"].items():
            for _ in range(n):
                f = state["market"][r]
                p["coins"] -= buy_price(f)
                state["market"][r] = f + 1
        if plan["buy"]:
            events.append(public("{player} buys {items} for {n} coin and pays with them at once.",
                                 plural="{player} buys {items} for {n} coins and pays with them "
                                        "at once.",
                                 player=seat, items=res_list(plan["buy"]), n=plan["price"]))
        for r, n in plan["use"].items():
            for _ in range(n):
                take_cube(p, r)
        assert p["coins"] >= 0

    # -- step handlers
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

    def _do_activate(self, state, seat, p, turn, action, events):
        self._activate(state, seat, p, turn, tuple(action["at"]), False, events)

    def _do_loch_ness(self, state, seat, p, turn, action, events):
        turn["sub"] = {"kind": "ness_target"}

    def _do_ness_target(self, state, seat, p, turn, action, events):
        turn["sub"] = None
        self._activate(state, seat, p, turn, tuple(action["at"]), True, events)

    def _activate(self, state, seat, p, turn, c, ness, events):
        t = grid(p)[c]
        typ = tile_type(t)
        tid = t["id"]
        if typ in D.PRODUCTION:
            r = D.PRODUCTION[typ]
            add_cube(t, r)
            events.append(public("{player} activates {tile} and gets {item}.", player=seat,
                                 tile=tile_ref(cells_of(p), c), item=res_count(r, 1)))
            self._mark(turn, c, ness)
        elif typ in D.GREY_TYPES:
            turn["mp"] += 1
            events.append(public("{player} activates {tile}: +1 movement point.", player=seat,
                                 tile=tile_ref(cells_of(p), c)))
            self._mark(turn, c, ness)
        elif typ == "tavern":
            vp = D.TILES[tid]["vp"]
            self._add_vp(state, seat, D.ACTIVATION_CATEGORY[typ], vp)
            events.append(public("{player} activates {tile}: +{n} VP.",
                                 plural="{player} activates {tile}: +{n} VP.", player=seat,
                                 tile=tile_ref(cells_of(p), c), n=vp))
            self._mark(turn, c, ness)
        elif typ in ("distillery", "bridge", "butcher_mixed"):
            pay, vp, whisky = D.FIXED_ACTIVATIONS[typ][0]
            self._paid_activation(state, seat, p, turn, c, ness, pay, vp, whisky, events)
        elif typ in ("butcher_sheep", "butcher_cattle"):
            turn["sub"] = {"kind": "butcher", "at": list(c), "ness": ness}
        elif typ == "iona_abbey":
            turn["sub"] = {"kind": "iona", "at": list(c), "ness": ness}
        elif typ in ("fair", "grocer"):
            turn["sub"] = {"kind": "basket", "at": list(c), "ness": ness, "basket": []}
        else:  # pragma: no cover - lochs are never offered
            raise IllegalAction("That tile has nothing to activate.")

    def _mark(self, turn, c, ness):
        turn["activated"].append(list(c))
        if ness:
            turn["ness"] = "used"

    def _paid_activation(self, state, seat, p, turn, c, ness, pay, vp, whisky, events):
        plan = plan_payment(p, state["market"], pay, allow_sell=False)
        self._pay(state, seat, pay, plan, events)
        t = grid(p)[c]
        typ = tile_type(t)
        if vp:
            self._add_vp(state, seat, D.ACTIVATION_CATEGORY[typ], vp)
        p["whisky"] += whisky
        events.append(public("{player} activates {tile}: pays {items} for {gain}.", player=seat,
                             tile=tile_ref(cells_of(p), c), items=res_list(pay),
                             gain=n_vp(vp) if vp else whisky_barrels(whisky)))
        self._mark(turn, c, ness)

    def _do_choose(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        c = tuple(sub["at"])
        t = grid(p)[c]
        add_cube(t, action["res"])
        events.append(public("{player} activates Iona Abbey and puts {item} on it.", player=seat,
                             item=res_count(action["res"], 1)))
        self._mark(turn, c, sub["ness"])

    def _do_butcher(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        c = tuple(sub["at"])
        pay, vp, whisky = D.FIXED_ACTIVATIONS[tile_type(grid(p)[c])][action["n"] - 1]
        self._paid_activation(state, seat, p, turn, c, sub["ness"], pay, vp, whisky, events)

    def _do_add(self, state, seat, p, turn, action, events):
        turn["sub"]["basket"].append(action["res"])

    def _do_pay(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        c = tuple(sub["at"])
        t = grid(p)[c]
        typ = tile_type(t)
        basket = sub["basket"]
        pay = {r: basket.count(r) for r in RES if basket.count(r)}
        vp = D.FAIR_VP[D.TILES[t["id"]]["max_types"]][len(basket) - 1] if typ == "fair" else D.GROCER_VP
        self._paid_activation(state, seat, p, turn, c, sub["ness"], pay, vp, 0, events)

    def _do_done(self, state, seat, p, turn, action, events):
        turn["step"] = "move"
        if turn["oich"] and not state["options"]["oich_movement"]:
            turn["mp"] = 0
        if turn["mp"] == 0:
            self._end_turn(state, events)

    def _do_clansman(self, state, seat, p, turn, action, events):
        turn["sub"] = {"kind": "clansman", "at": list(action["at"])}

    def _do_move_to(self, state, seat, p, turn, action, events):
        sub = turn["sub"]
        turn["sub"] = None
        g = grid(p)
        g[tuple(sub["at"])]["men"] -= 1
        g[tuple(action["at"])]["men"] += 1
        turn["mp"] -= 1
        events.append(public("{player} moves a clansman from {a} to {b}.", player=seat,
                             a=tile_ref(cells_of(p), tuple(sub["at"])),
                             b=tile_ref(cells_of(p), tuple(action["at"]))))

    def _do_chieftain(self, state, seat, p, turn, action, events):
        if clansmen(p) == 1:
            turn["sub"] = {"kind": "confirm_last", "at": turn["sub"]["at"]}
            return
        self._make_chieftain(state, seat, p, turn, events)

    def _do_confirm(self, state, seat, p, turn, action, events):
        self._make_chieftain(state, seat, p, turn, events)

    def _make_chieftain(self, state, seat, p, turn, events):
        sub = turn["sub"]
        turn["sub"] = None
        grid(p)[tuple(sub["at"])]["men"] -= 1
        p["chieftains"] += 1
        turn["mp"] -= 1
        events.append(public("{player} makes a clansman on {tile} a chieftain.", player=seat,
                             tile=tile_ref(cells_of(p), tuple(sub["at"]))))

    def _do_end(self, state, seat, p, turn, action, events):
        self._end_turn(state, events)

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

    # ------------------------------------------------------------------ texts
    def label(self, state: State, seat: str, action: Action) -> Text:
        typ = action.get("type")
        p = state["players"].get(seat)
        turn = state.get("turn") or {}
        if typ == "take":
            sp = action["space"]
            tid = state["spaces"][sp]["tile"]
            cost = D.TILES[tid]["cost"]
            name = tile_name(tid)
            if not cost:
                return T("{tile} #{space} — free", tile=name, space=sp)
            if "whisky" in cost:
                return T("{tile} #{space} — pay 1 whisky barrel", tile=name, space=sp)
            if "clansman_or_chieftain" in cost:
                return T("{tile} #{space} — pay a clansman or a chieftain", tile=name, space=sp)
            if "distinct_resources" in cost:
                return T("{tile} #{space} — pay 2 different resources", tile=name, space=sp)
            plan = plan_payment(p, state["market"], cost)
            if plan is None:
                return T("{tile} #{space} — {cost}: cannot pay", tile=name, space=sp, cost=res_list(cost))
            if plan["sell"]:
                if len(plan["sell"]) + len(plan["buy"]) > 3:
                    return T("{tile} #{space} — sell {sold} and buy {bought} ({change})",
                             tile=name, space=sp, sold=resources(sum(plan["sell"].values())),
                             bought=resources(sum(plan["buy"].values())),
                             change=coin_change(plan["price"] - plan["proceeds"]))
                return T("{tile} #{space} — sell {sold} (+{proceeds}) to buy {items} (-{coins})",
                         tile=name, space=sp, sold=res_list(plan["sell"]), proceeds=plan["proceeds"],
                         items=res_list(plan["buy"]), coins=plan["price"])
            if plan["buy"] and not plan["use"]:
                return T("{tile} #{space} — buy {items} for {n} coin",
                         plural="{tile} #{space} — buy {items} for {n} coins", tile=name, space=sp,
                         items=res_list(plan["buy"]), n=plan["price"])
            if plan["buy"] and len(cost) + len(plan["buy"]) <= 4:
                return T("{tile} #{space} — {cost}: buy {items} for {n} coin",
                         plural="{tile} #{space} — {cost}: buy {items} for {n} coins", tile=name,
                         space=sp, cost=res_list(cost), items=res_list(plan["buy"]), n=plan["price"])
            if plan["buy"]:
                return T("{tile} #{space} — pay {use}, buy {items} for {n} coin",
                         plural="{tile} #{space} — pay {use}, buy {items} for {n} coins", tile=name,
                         space=sp, use=res_list(plan["use"]), items=res_list(plan["buy"]),
                         n=plan["price"])
            return T("{tile} #{space} — pay {cost}", tile=name, space=sp, cost=res_list(cost))
        if typ == "pass":
            return T("No tile can be taken: move to the first tile and discard it")
        if typ == "sell":
            r = action["res"]
            return T("Sell {item} for {n} coin", plural="Sell {item} for {n} coins",
                     item=res_count(r, 1), n=sell_price(state["market"][r]))
        if typ == "sell_from":
            t = grid(p)[tuple(action["at"])]
            return T("{letter}: sell from {tile} ({n} cube there)",
                     plural="{letter}: sell from {tile} ({n} cubes there)",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]),
                     n=len(t["cubes"]))
        if typ == "cancel":
            return T("Cancel")
        if typ == "page":
            if action["n"] < 0:
                return T("Back to the list of pages")
            split = self._cell_decision(state, seat)
            pages = self._pages(*split) if split else None
            if pages and action["n"] < len(pages):
                first = action["n"] * len(pages[0])
                last = first + len(pages[action["n"]]) - 1
                if turn.get("step") == "place" and not turn.get("sub"):
                    return T("Spots {first} to {last}", first=letter(first), last=letter(last))
                return T("Choices {first} to {last}", first=letter(first), last=letter(last))
            return T("Page {page}", page=action["n"] + 1)
        if typ == "pay_ness":
            if action["with"] == "chieftain":
                return T("Pay with a chieftain (fewer chieftains in the scorings)")
            t = grid(p)[tuple(action["with"])]
            return T("{letter}: pay with a clansman from {tile}",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]))
        if typ == "pay_pair":
            a, b = action["res"]
            plan = plan_payment(p, state["market"], {a: 1, b: 1})
            pair = res_list({a: 1, b: 1})
            if plan and plan["sell"] and len(plan["sell"]) + len(plan["buy"]) <= 3:
                return T("Pay {pair}: sell {sold} (+{proceeds}) to buy {items} (-{coins})", pair=pair,
                         sold=res_list(plan["sell"]), proceeds=plan["proceeds"],
                         items=res_list(plan["buy"]), coins=plan["price"])
            if plan and plan["sell"]:
                return T("Pay {pair}: sell {sold} and buy {bought} ({change})", pair=pair,
                         sold=resources(sum(plan["sell"].values())),
                         bought=resources(sum(plan["buy"].values())),
                         change=coin_change(plan["price"] - plan["proceeds"]))
            if plan and plan["buy"]:
                return T("Pay {pair}: buy {items} for {n} coin",
                         plural="Pay {pair}: buy {items} for {n} coins", pair=pair,
                         items=res_list(plan["buy"]), n=plan["price"])
            return T("Pay {pair} from your tiles", pair=pair)
        if typ == "place":
            x, y = action["at"]
            return T("Spot {letter} — {where}", letter=self._letter_of(state, action),
                     where=where(cells_of(p), (x, y)))
        if typ == "lochy":
            a, b = action["res"]
            return T("Loch Lochy: take {items}", items=res_list({r: [a, b].count(r) for r in RES}))
        if typ == "shiel":
            if "res" in action:
                return T("Apply Loch Shiel, with {item} on Iona Abbey", item=res_count(action["res"], 1))
            return T("Apply Loch Shiel (fills your empty production tiles)")
        if typ in ("activate", "ness_target"):
            c = tuple(action["at"])
            t = grid(p)[c]
            return T("{letter}: {tile} — {effect}", letter=self._letter_of(state, action),
                     tile=tile_name(t["id"]), effect=self._effect_text(state, p, t))
        if typ == "loch_ness":
            return T("Use Loch Ness: activate one more tile anywhere")
        if typ == "done":
            mp = turn.get("mp", 0)
            if turn.get("oich") and not state["options"]["oich_movement"]:
                mp = 0
            if not mp:
                return T("Finish activations and end the turn")
            return T("Finish activations, then spend {n} movement point",
                     plural="Finish activations, then spend {n} movement points", n=mp)
        if typ == "choose":
            return T("Put {item} on Iona Abbey", item=res_count(action["res"], 1))
        if typ == "butcher":
            t = grid(p)[tuple(turn["sub"]["at"])]
            pay, vp, _w = D.FIXED_ACTIVATIONS[tile_type(t)][action["n"] - 1]
            plan = plan_payment(p, state["market"], pay, allow_sell=False)
            return self._pay_label(res_list(pay), vp, plan)
        if typ == "add":
            r = action["res"]
            basket = turn["sub"]["basket"]
            cost = {x: basket.count(x) for x in RES}
            has = held(p)[r] > cost[r]
            if has:
                return T("Add {item} (yours)", item=res_count(r, 1))
            return T("Add {item} (bought for {n} coin)", plural="Add {item} (bought for {n} coins)",
                     item=res_count(r, 1), n=buy_price(state["market"][r] + cost[r]))
        if typ == "pay":
            sub = turn["sub"]
            t = grid(p)[tuple(sub["at"])]
            basket = sub["basket"]
            vp = D.FAIR_VP[D.TILES[t["id"]]["max_types"]][len(basket) - 1] if tile_type(t) == "fair" \
                else D.GROCER_VP
            plan = self._basket_plan(state, p, tile_type(t), basket)
            return self._pay_label(res_list({r: basket.count(r) for r in RES}), vp, plan)
        if typ == "clansman":
            t = grid(p)[tuple(action["at"])]
            return T("{letter}: move a clansman from {tile} ({n} clansman there)",
                     plural="{letter}: move a clansman from {tile} ({n} clansmen there)",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]), n=t["men"])
        if typ == "move_to":
            t = grid(p)[tuple(action["at"])]
            return T("{letter}: move it to {tile} (1 movement point)",
                     letter=self._letter_of(state, action), tile=tile_name(t["id"]))
        if typ == "chieftain":
            if clansmen(p) == 1:
                return T("Make it a chieftain — your LAST clansman: no more tiles after that!")
            return T("Make it a chieftain (1 movement point)")
        if typ == "confirm":
            return T("Yes, make my last clansman a chieftain (I can take no more tiles)")
        if typ == "end":
            if turn.get("mp"):
                return T("End turn ({n} movement point is lost)",
                         plural="End turn ({n} movement points are lost)", n=turn["mp"])
            return T("End turn")
        return T("Unknown action")

    @staticmethod
    def _pay_label(items, vp, plan) -> Text:
        if plan and plan["buy"]:
            return T("Pay {items} for {vp} (buy {n} for {coins})",
                     plural="Pay {items} for {vp} (buy {n} for {coins})", items=items,
                     vp=n_vp(vp), n=sum(plan["buy"].values()), coins=coins(plan["price"]))
        return T("Pay {items} for {vp}", items=items, vp=n_vp(vp))

    def _page_cells(self, state: State, seat: str) -> list[list[Action]] | None:
        """The pages of the current cell decision (None when it fits in one list)."""
        split = self._cell_decision(state, seat)
        return self._pages(*split) if split else None

    def _effect_text(self, state: State, p: dict, t: dict) -> Text:
        typ = tile_type(t)
        tid = t["id"]
        if typ in D.PRODUCTION:
            return T("+{item}", item=res_count(D.PRODUCTION[typ], 1))
        if typ in D.GREY_TYPES:
            return T("+1 movement point")
        if typ == "tavern":
            return T("+{n} VP", plural="+{n} VP", n=D.TILES[tid]["vp"])
        if typ == "iona_abbey":
            return T("+1 resource of your choice")
        if typ == "distillery":
            return T("1 grain for 1 whisky barrel")
        if typ == "bridge":
            return T("1 stone and 1 wood for 7 VP")
        if typ == "butcher_mixed":
            return T("1 sheep and 1 cattle for 5 VP")
        if typ == "butcher_sheep":
            return T("1 or 2 sheep for 2 or 4 VP")
        if typ == "butcher_cattle":
            return T("1 or 2 cattle for 2 or 4 VP")
        if typ == "fair":
            vps = D.FAIR_VP[D.TILES[tid]["max_types"]]
            return T("1 to {n} different resources: up to {vp}",
                     plural="1 to {n} different resources: up to {vp}", n=len(vps), vp=n_vp(vps[-1]))
        if typ == "grocer":
            return T("3 resources for 8 VP")
        return T("nothing", context="tile effect")

    def prompt(self, state: State, seat: str) -> Text:
        if state["finished"]:
            return T("The game is over.")
        turn = state["turn"]
        if not turn or seat != turn["seat"]:
            return T("Wait: {player} is playing.", player=self.active(state) or "-")
        p = state["players"][seat]
        if turn["selling"]:
            return T("Sell {item} from which tile? Its letter is on the board.",
                     item=res_count(turn["selling"], 1))
        sub = turn["sub"]
        if sub:
            k = sub["kind"]
            if k == "iona":
                return T("Iona Abbey: which resource goes on the abbey?")
            if k == "butcher":
                return T("Butcher: how many animals do you pay?")
            if k == "basket":
                if not sub["basket"]:
                    return T("Choose the resources to pay, then pay.")
                return T("Choose the resources to pay ({basket} so far), then pay.",
                         basket=res_list({r: sub["basket"].count(r) for r in RES}))
            if k == "ness_target":
                return T("Loch Ness: which tile do you activate? The letters are on the board.")
            if k == "clansman":
                return T("Where does the clansman from {tile} go? ({n} movement point left)",
                         plural="Where does the clansman from {tile} go? ({n} movement points left)",
                         tile=tile_ref(cells_of(p), tuple(sub["at"])), n=turn["mp"])
            if k == "confirm_last":
                return T("This is your last clansman. Without one you cannot take tiles any more. Sure?")
        step = turn["step"]
        if step == "choose":
            if self.legal(state, seat) and self.legal(state, seat)[0]["type"] == "pass":
                return T("No tile in the chain can be paid for and placed. Your pawn must move on.")
            return T("Choose a tile from the chain (tiles you cannot pay for or place are not offered). "
                     "You may sell resources first.")
        if step == "ness_pay":
            return T("Pay Loch Ness with a clansman or a chieftain.")
        if step == "oich_pay":
            return T("Pay Loch Oich with 2 resources of different types.")
        if step == "place":
            return T("Where does {tile} go? Pick a lettered spot on the board.",
                     tile=tile_name(turn["tile"]))
        if step == "lochy":
            return T("Loch Lochy: choose 2 resources to put on the loch.")
        if step == "shiel":
            return T("Loch Shiel fills each empty production tile; sell first to empty more tiles.")
        if step == "activate":
            return T("Activate the new tile and its neighbours, one at a time ({n} done).",
                     plural="Activate the new tile and its neighbours, one at a time ({n} done).",
                     n=len(turn["activated"]))
        if step == "move":
            return T("Spend {n} movement point, or end your turn.",
                     plural="Spend {n} movement points, or end your turn.", n=turn["mp"])
        return T("Your move.")  # pragma: no cover

    def status(self, state: State) -> Text:
        if state["finished"]:
            return T("Glen More is over.")
        stack = next((k for k, pile in enumerate(state["stacks"]) if pile), 3)
        return T("Glen More, part {part} of 3 (stack {stack}: {n} tile left) — {player} to play.",
                 plural="Glen More, part {part} of 3 (stack {stack}: {n} tiles left) — {player} "
                        "to play.",
                 part=min(3, state["scorings"] + 1), stack=stack,
                 n=len(state["stacks"][stack]), player=self.active(state) or "-")

    # ------------------------------------------------------------------ view
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
            "coordinates": {"x": "east", "y": "north", "origin": [0, 0]},
            "chain": {"spaces": spaces, "gap": state["gap"], "head": self.head(state),
                      "order": chain_order,
                      "die": next((i for i, o in enumerate(sp) if o and o.get("die")), None),
                      "last_die": state.get("last_die")},
            "stacks": [len(pile) for pile in state["stacks"]],
            "removed": len(state["removed"]),
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
                "resource": turn["selling"] if kind == "sell_from" else None,
                "cells": out}


ENGINE = GlenMoreEngine()
