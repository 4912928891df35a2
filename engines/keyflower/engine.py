"""Keyflower with The Farmers: the pure rules engine (rules: docs/rules/keyflower.md).

State layout (plain JSON):
  tiles[tid]      every tile in play: owner, pos ([q, r] once placed), rot, up (upgraded),
                  res (resources lying on it), animals (region index -> species counts),
                  shelter (sheep on the Sheep shelter), face (summer boats)
  site[tid]       this season's placements at a tile: colour lock, uses (sizes), on (workers on
                  the tile by colour), bids (seat -> {colour, n}), laid (4a/4b laid-down workers)
  players[seat]   workers/skills/wheat behind the screen (hidden), winter hand (hidden), won
                  tiles still to place, home tile, boat rank (tie-break)
  ctx             the current player's unfinished decision (target, workers, effect steps)

A bid or a use is asked in as few decisions as one select allows. A complete placement is
one action {"type": "place", ...} naming the tile, the colour, the losing bids moved along
("groups") and the workers from the screen ("n"); it names only what the decision so far has
not. When every complete bid and use of the turn fits in one list (25 with Pass), the main
menu is that list. Otherwise: menu (pass / bid / use where / shelter) -> tile (a tile with
only one way is offered as that way) -> every way for that tile in one list (ctx step
"colour" when several colours are possible, else "workers"); only a list of more than 24
falls back to colour -> losing bids one by one -> workers from the screen. Nothing of these
steps shows to the other players (the view's "pending" is None) until the workers are placed.
A use then runs its effect steps (choose, pay or skip, swap, place each animal, transport
moves one road step at a time, wheat, upgrade and its payment). Lists longer than 25 are
paged ({"type": "page"}). Rule choices the texts leave open follow rules section 15 and
data.RULES; DECISIONS.md lists every one. Counted nouns and the sentences naming a colour, an
animal or a skill are in texts.py.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping, Sequence

from engines.base import BaseEngine, Event, IllegalAction, Outcome, T, Text, private, public, rng

from . import data, fields, hexes
from . import texts as X
from .data import ANIMALS, COLOURS, RESOURCES, SKILLS, TILES
from .scoring import score_player

PAGE = 23  # options per page when a list is longer than 25


def _w0():
    return {c: 0 for c in COLOURS}


def _tn(tid: str) -> Text:
    return T(data.name(tid), n=TILES[tid].get("num", ""))


_qty = X.good        # "2 wood", "1 green worker": one counted message per good


def _event(text: Text, kind: str = "log", data: dict | None = None) -> Event:
    """A public event from a whole sentence (one of texts.py's)."""
    return Event(text, None, kind, data or {})


def _subsets(items: list) -> list[tuple]:
    """Every subset of a short list, smaller ones first (in list order)."""
    return [c for r in range(len(items) + 1) for c in combinations(items, r)]


class KeyflowerEngine(BaseEngine):
    name = "keyflower"
    title = "Keyflower"
    min_players = 2
    max_players = 6

    def options(self):
        return {
            "farmers": (True, [True, False], "Play with The Farmers expansion."),
            "farmers_variant": (False, [True, False],
                                "Farmers variant: every Farmers tile is in play (needs The Farmers)."),
        }

    # ------------------------------------------------------------------ setup
    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None):
        self.check_seats(seats)
        opts = self.resolve_options(options)
        if opts["farmers_variant"] and not opts["farmers"]:
            raise IllegalAction("The Farmers variant needs The Farmers.")
        n = len(seats)
        st: dict[str, Any] = {
            "game": "keyflower", "seed": seed, "rng_n": 0, "seats": list(seats), "opts": opts,
            "season": 0, "phase": "play", "start": 0, "turn": 0, "passes": 0,
            "bag": {"blue": data.BAG_WORKERS["blue"], "red": data.BAG_WORKERS["red"],
                    "yellow": data.BAG_WORKERS["yellow"], "green": 0},
            "green": data.GREEN_WORKERS,
            "supply": dict(data.SUPPLY), "pile": dict(data.SKILL_COUNT),
            "tiles": {}, "site": {}, "auction": [], "to_tiles": [], "boats": {},
            "players": {}, "pools": {}, "ctx": None, "page": 0, "end": None,
            "result": None,
        }
        r = rng(st)
        farmers = opts["farmers"]
        setup = data.SETUP[n]
        k = setup["season_tiles"]
        for season in ("spring", "summer", "autumn"):
            base = data.tile_ids(season, "base")
            far = data.tile_ids(season, "farmers") if farmers else []
            if opts["farmers_variant"]:
                chosen = far + r.sample(base, k - len(far))
            else:
                chosen = r.sample(base + far, k)
            st["pools"][season] = chosen
        per = setup["winter_farmers" if farmers else "winter_base"]
        wbase = data.tile_ids("winter", "base")
        wfar = data.tile_ids("winter", "farmers") if farmers else []
        if opts["farmers_variant"]:
            wpool = wfar + r.sample(wbase, max(0, per * n - len(wfar)))
        else:
            wpool = wbase + wfar
        r.shuffle(wpool)
        homes = r.sample([f"home{i}" for i in range(1, 7)], n)
        for i, s in enumerate(seats):
            p = {"workers": _w0(), "skills": {k_: 0 for k_ in SKILLS}, "wheat": 0,
                 "winter": sorted(wpool[i * per:(i + 1) * per]), "pick": [], "picked": False,
                 "won": [], "home": homes[i], "boat_rank": None, "placing": None}
            st["players"][s] = p
            self._add_tile(st, homes[i], s, [0, 0], 0)
        # 8 workers each, secretly
        for s in seats:
            self._draw_workers(st, s, data.START_WORKERS, [])
        st["start"] = min(range(n), key=lambda i: TILES[homes[i]]["num"])
        st["turn"] = st["start"]
        # boats and turn-order tiles
        for b in data.BOAT_ORDER:
            if TILES[b]["min_players"] <= n:
                st["boats"][b] = {"workers": _w0(), "skills": {k_: 0 for k_ in SKILLS}, "owner": None}
                st["tiles"][b] = self._tile_rec(None)
        for num in range(1, setup["turn_order"] + 1):
            tid = f"fto{num}" if farmers and num <= 3 else f"to{num}"
            st["to_tiles"].append(tid)
            st["tiles"][tid] = self._tile_rec(None)
        self._start_season(st, [])
        return st

    @staticmethod
    def _tile_rec(owner, pos=None, rot=0):
        return {"owner": owner, "pos": pos, "rot": rot, "up": False,
                "res": {k: 0 for k in RESOURCES}, "animals": {}, "shelter": 0, "face": None}

    def _add_tile(self, st, tid, owner, pos, rot):
        st["tiles"][tid] = self._tile_rec(owner, pos, rot)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def seat_index(st, seat):
        return st["seats"].index(seat)

    @staticmethod
    def season_name(st):
        return data.SEASONS[st["season"]]

    @staticmethod
    def village(st, seat) -> dict:
        return {tid: t for tid, t in st["tiles"].items() if t["owner"] == seat and t["pos"] is not None}

    @staticmethod
    def faces(st, seat) -> set:
        return {t["face"] for tid, t in st["tiles"].items()
                if t["owner"] == seat and t["face"]}

    @staticmethod
    def side(st, tid) -> dict:
        t = TILES[tid]
        return (t["back"] if st["tiles"][tid]["up"] else t["front"]) or {}

    def fmap(self, st, seat):
        return fields.compute(self.village(st, seat))

    @staticmethod
    def animals_by_node(st, seat) -> dict:
        out = {}
        for tid, t in st["tiles"].items():
            if t["owner"] == seat and t["pos"] is not None:
                for idx, c in t["animals"].items():
                    out[f"{tid}:{idx}"] = c
        return out

    def field_contents(self, st, seat, fmap=None):
        fmap = fmap or self.fmap(st, seat)
        return fmap, fields.contents(fmap, self.animals_by_node(st, seat))

    @staticmethod
    def add_animal(st, node, sp, n=1):
        tid, idx = node.split(":")
        a = st["tiles"][tid]["animals"].setdefault(idx, {x: 0 for x in ANIMALS})
        a[sp] += n
        if sum(a.values()) == 0:
            del st["tiles"][tid]["animals"][idx]

    def _draw_workers(self, st, seat, n, events, green_ok=True):
        bag = st["bag"]
        r = rng(st)
        got = _w0()
        for _ in range(n):
            total = sum(bag.values())
            if total == 0:
                break
            x = r.randrange(total)
            for c in COLOURS:
                if x < bag[c]:
                    bag[c] -= 1
                    got[c] += 1
                    break
                x -= bag[c]
        for c in COLOURS:
            st["players"][seat]["workers"][c] += got[c]
        k = sum(got.values())
        if events is not None and k:
            events.append(private(seat, "You drew {blue} blue, {red} red, {yellow} yellow and {green} green.",
                                  **got))
        return k

    def _draw_skills(self, st, n):
        pile = st["pile"]
        r = rng(st)
        got = {s: 0 for s in SKILLS}
        for _ in range(n):
            total = sum(pile.values())
            if total == 0:
                break
            x = r.randrange(total)
            for s in SKILLS:
                if x < pile[s]:
                    pile[s] -= 1
                    got[s] += 1
                    break
                x -= pile[s]
        return got

    def _to_bag(self, st, workers: dict):
        for c in COLOURS:
            st["bag"][c] += workers.get(c, 0)

    def _to_screen(self, st, seat, workers: dict):
        for c in COLOURS:
            st["players"][seat]["workers"][c] += workers.get(c, 0)

    # ------------------------------------------------------------------ seasons
    def _start_season(self, st, events):
        season = self.season_name(st)
        n = len(st["seats"])
        st["site"] = {}
        st["passes"] = 0
        st["ctx"] = None
        st["page"] = 0
        for b in st["boats"]:
            st["boats"][b]["owner"] = None
        if season == "winter":
            st["phase"] = "winter_pick"
            events.append(public("Winter: everyone secretly chooses winter tiles to offer.", kind="log"))
            return
        # boats: refill one worker at a time, in boat order, never above the printed number
        r_skill = []
        boats = [b for b in data.BOAT_ORDER if b in st["boats"]]
        want = {b: TILES[b]["contents"][season] for b in boats}
        maxw = max(w for w, _ in want.values())
        for i in range(maxw):
            for b in boats:
                if want[b][0] > i:
                    rr = rng(st)
                    bag = st["bag"]
                    total = sum(bag.values())
                    if total:
                        x = rr.randrange(total)
                        for c in COLOURS:
                            if x < bag[c]:
                                bag[c] -= 1
                                st["boats"][b]["workers"][c] += 1
                                break
                            x -= bag[c]
        for b in boats:
            got = self._draw_skills(st, want[b][1])
            for s in SKILLS:
                st["boats"][b]["skills"][s] += got[s]
            r_skill.append(got)
        # season tiles
        st["auction"] = list(st["pools"].pop(season))
        for tid in st["auction"]:
            st["tiles"][tid] = self._tile_rec(None)
            if TILES[tid].get("summer_boat"):
                st["tiles"][tid]["face"] = rng(st).choice(TILES[tid]["summer_boat"])
        st["phase"] = "play"
        st["turn"] = st["start"]
        # (the message id is the one the hidden-information test names; a season always
        # has 6 tiles or more, so English never needs its singular)
        events.append(public("{season} begins: {n} tiles are up for auction.", kind="log",
                             plural="{season} begins: {n} tiles are up for auction.",
                             season=T(season.capitalize()), n=len(st["auction"])))

    def _finish_winter_pick(self, st, events):
        chosen = []
        for s in st["seats"]:
            p = st["players"][s]
            chosen += p["pick"]
            p["winter"] = []
            p["pick"] = []
        r = rng(st)
        r.shuffle(chosen)
        st["auction"] = chosen
        for tid in chosen:
            st["tiles"][tid] = self._tile_rec(None)
        st["phase"] = "play"
        st["turn"] = st["start"]
        events.append(public("The winter tiles are revealed: {tiles}.", kind="log",
                             tiles=[_tn(t) for t in chosen], data={"tiles": chosen}))

    def _site(self, st, tid):
        s = st["site"].get(tid)
        if s is None:
            s = {"colour": None, "uses": [], "on": _w0(), "bids": {}}
            st["site"][tid] = s
        return s

    @staticmethod
    def _winner(site):
        best, who = 0, None
        for seat, b in site["bids"].items():
            if b["n"] > best:
                best, who = b["n"], seat
        return who

    def _end_season(self, st, events):
        season = self.season_name(st)
        seats = st["seats"]
        n = len(seats)
        events.append(public("{season} ends.", kind="round_end", season=T(season.capitalize())))
        biddable = st["auction"] + st["to_tiles"]
        winners = {}
        # 1. losing bids go back behind the screens
        for tid in biddable:
            site = st["site"].get(tid)
            if not site:
                continue
            w = self._winner(site)
            winners[tid] = w
            for seat, b in list(site["bids"].items()):
                if seat != w:
                    self._to_screen(st, seat, {b["colour"]: b["n"]})
                    del site["bids"][seat]
        # 2. unbid season tiles leave the game
        for tid in list(st["auction"]):
            if winners.get(tid) is None:
                site = st["site"].get(tid)
                if site:
                    self._to_bag(st, site["on"])
                del st["tiles"][tid]
                st["auction"].remove(tid)
                events.append(public("Nobody won {tile}: it leaves the game.", tile=_tn(tid)))
        # 3. collect won tiles, from the start player clockwise
        order = [seats[(st["start"] + i) % n] for i in range(n)]
        for seat in order:
            for tid in list(st["auction"]):
                if winners.get(tid) != seat:
                    continue
                site = st["site"][tid]
                self._to_screen(st, seat, site["on"])
                self._to_bag(st, {site["bids"][seat]["colour"]: site["bids"][seat]["n"]})
                site["on"] = _w0()
                site["bids"] = {}
                st["tiles"][tid]["owner"] = seat
                st["players"][seat]["won"].append(tid)
                st["auction"].remove(tid)
                events.append(public("{player} wins {tile}.", player=seat, tile=_tn(tid)))
        # 4. workers in villages go behind their village owner's screen
        for tid, t in st["tiles"].items():
            site = st["site"].get(tid)
            if site and t["owner"] and t["pos"] is not None:
                self._to_screen(st, t["owner"], site["on"])
                site["on"] = _w0()
        # 5. turn-order tiles and boats
        to_holders = []
        for tid in st["to_tiles"]:
            w = winners.get(tid)
            site = st["site"].get(tid)
            if w and site:
                b = site["bids"].pop(w)
                self._to_bag(st, {b["colour"]: b["n"]})
            to_holders.append((tid, w))
        start_tile = st["to_tiles"][-1]
        queue = []
        done = set()
        for tid, w in to_holders:
            if w is None:
                continue
            item = {"seat": w, "to": tid, "start": tid == start_tile, "choose": w not in done}
            queue.append(item)
            done.add(w)
        st["end"] = {"queue": queue, "rest": None, "nobody_start": winners.get(start_tile) is None,
                     "to_won": {tid: w for tid, w in to_holders if w}}
        st["phase"] = "boats"
        st["site"] = {}
        self._run_boats(st, events)

    def _boats_left(self, st):
        return [b for b in data.BOAT_ORDER if b in st["boats"] and st["boats"][b]["owner"] is None]

    def _run_boats(self, st, events):
        """Resolve the boat queue until a player has a real choice to make."""
        end = st["end"]
        seats = st["seats"]
        n = len(seats)
        while True:
            if not end["queue"]:
                if end["rest"] is None:
                    start = st["start"]
                    holders = {w for w in end["to_won"].values()}
                    end["rest"] = True
                    end["queue"] = [{"seat": seats[(start + i) % n], "to": None, "start": False, "choose": True}
                                    for i in range(n) if seats[(start + i) % n] not in holders]
                    continue
                break
            item = end["queue"][0]
            if item["start"] and st["start"] != self.seat_index(st, item["seat"]):
                st["start"] = self.seat_index(st, item["seat"])
                events.append(public("{player} takes the first-player marker.", player=item["seat"]))
            if not item["choose"]:
                end["queue"].pop(0)
                continue
            left = self._boats_left(st)
            if len(left) == 1:
                self._take_boat(st, item["seat"], left[0], events)
                end["queue"].pop(0)
                continue
            return  # a decision is awaited
        # all boats taken
        if end["nobody_start"]:
            st["start"] = (st["start"] + 1) % n
            events.append(public("Nobody bid for first player: {player} becomes first player.",
                                 player=seats[st["start"]]))
        if self.season_name(st) != "winter":
            # turn-order tiles stay; boats are emptied
            if data.RULES["breed_before_place"]:
                self._breed(st, events)
        else:
            for tid, w in end["to_won"].items():
                st["tiles"][tid]["owner"] = w
                st["players"][w]["won"].append(tid)
            for tid in st["to_tiles"]:
                if tid not in end["to_won"]:
                    del st["tiles"][tid]
            st["to_tiles"] = []
        st["end"] = None
        self._begin_place(st, events)

    def _take_boat(self, st, seat, boat, events):
        season = self.season_name(st)
        b = st["boats"][boat]
        b["owner"] = seat
        p = st["players"][seat]
        if season == "winter":
            st["tiles"][boat]["owner"] = seat
            p["won"].append(boat)
            rank = sum(1 for s in st["seats"] if st["players"][s]["boat_rank"] is not None)
            p["boat_rank"] = rank
            events.append(public("{player} takes the boat {boat} for the village.", player=seat, boat=_tn(boat)))
        else:
            self._to_screen(st, seat, b["workers"])
            for s in SKILLS:
                p["skills"][s] += b["skills"][s]
            got = X.worker_list(b["workers"])
            k = sum(b["skills"].values())
            if k:
                got.append(X.good("skill", k))
            contents = {"workers": dict(b["workers"]), "skills": dict(b["skills"])}
            if got:
                events.append(public("{player} takes the {boat} boat: {goods}.", player=seat,
                                     boat=_tn(boat), goods=got, data=contents))
            else:
                events.append(public("{player} takes the empty {boat} boat.", player=seat,
                                     boat=_tn(boat), data=contents))
            b["workers"] = _w0()
            b["skills"] = {s: 0 for s in SKILLS}
        # Farmers turn-order bonuses: every turn-order tile won
        for tid, w in st["end"]["to_won"].items():
            if w == seat and TILES[tid].get("bonus"):
                self._bonus(st, seat, TILES[tid]["bonus"], events, _tn(tid))
        # summer boats owned
        for face in sorted(self.faces(st, seat)):
            bonus = data.SUMMER_BOAT_FACES[face].get("bonus")
            if bonus:
                self._bonus(st, seat, bonus, events, T(data.SUMMER_BOAT_FACES[face]["name"]))

    def _bonus(self, st, seat, bonus, events, src):
        p = st["players"][seat]
        home = p["home"]
        for k, v in bonus.items():
            if k in RESOURCES:
                got = min(v, st["supply"][k])
                st["supply"][k] -= got
                st["tiles"][home]["res"][k] += got
                events.append(public("{player} gets {goods} from {src}.", player=seat,
                                     goods=_qty(k, got), src=src))
            elif k == "wheat":
                got = min(v, st["supply"]["wheat"])
                st["supply"]["wheat"] -= got
                p["wheat"] += got
                events.append(public("{player} gets {goods} from {src}.", player=seat,
                                     goods=_qty(k, got), src=src))
            elif k == "worker":
                got = self._draw_workers(st, seat, v, events)
                events.append(public("{player} draws {n} worker from the bag ({src}).",
                                     plural="{player} draws {n} workers from the bag ({src}).",
                                     player=seat, n=got, src=src))
            elif k == "green":
                got = min(v, st["green"])
                st["green"] -= got
                p["workers"]["green"] += got
                events.append(public("{player} gets {goods} from {src}.", player=seat,
                                     goods=X.workers("green", got), src=src))
            elif k in ANIMALS:
                self._auto_animal(st, seat, k, v, events, src)

    def _auto_animal(self, st, seat, sp, n, events, src):
        """Place animals into a qualifying field touching the home tile, automatically
        (6b and turn-order bonuses; different fields are not required for one species)."""
        p = st["players"][seat]
        mixed = "5a" in self.faces(st, seat)
        for _ in range(n):
            if st["supply"][sp] <= 0:
                events.append(_event(X.none_left(sp)))
                return
            fmap, cont = self.field_contents(st, seat)
            opts = [f for f in fields.touching(fmap, p["home"]) if fields.accepts(cont[f], sp, mixed)]
            if not opts:
                events.append(_event(X.no_field_for(sp, seat, src)))
                return
            # prefer a field that already holds this species (breeding), else the first empty one
            opts.sort(key=lambda f: (-cont[f][sp], f))
            st["supply"][sp] -= 1
            self.add_animal(st, opts[0], sp)
            events.append(public("{player} gets {goods} from {src}.", player=seat,
                                 goods=_qty(sp, 1), src=src))

    def _breed(self, st, events):
        if not st["opts"]["farmers"]:
            return
        seats = st["seats"]
        n = len(seats)
        for i in range(n):
            seat = seats[(st["start"] + i) % n]
            mixed = "5a" in self.faces(st, seat)
            fmap, cont = self.field_contents(st, seat)
            for f in sorted(cont):
                c = cont[f]
                present = [a for a in ANIMALS if c[a] > 0]
                for a in ANIMALS:
                    if c[a] >= 2 and (len(present) == 1 or mixed):
                        if st["supply"][a] > 0:
                            st["supply"][a] -= 1
                            self.add_animal(st, f, a)
                            events.append(_event(X.born(a, seat), data={"field": f}))

    def _begin_place(self, st, events):
        st["phase"] = "place"
        if not any(st["players"][s]["won"] for s in st["seats"]):
            self._after_place(st, events)

    def _after_place(self, st, events):
        if not data.RULES["breed_before_place"] and self.season_name(st) != "winter":
            self._breed(st, events)
        if self.season_name(st) == "winter":
            owner = st["tiles"].get("flipper", {}).get("owner") if "flipper" in st["tiles"] else None
            if owner and self._flip_targets(st, owner):
                st["phase"] = "flip"
                return
            self._final(st, events)
            return
        st["season"] += 1
        self._start_season(st, events)

    def _flip_targets(self, st, seat):
        return [tid for tid, t in sorted(self.village(st, seat).items())
                if not t["up"] and TILES[tid].get("back") is not None]

    def _final(self, st, events):
        st["phase"] = "over"
        res = {s: score_player(self, st, s) for s in st["seats"]}
        st["result"] = res
        for s in st["seats"]:
            events.append(public("{player} scores {n} point.", kind="scoring",
                                 plural="{player} scores {n} points.", player=s,
                                 n=res[s]["total"], data={"breakdown": res[s]["breakdown"]}))
        o = self.outcome(st)
        events.append(public("The game is over. Winner: {winners}.", kind="game_end",
                             plural="The game is over. Winners: {winners}.", n=len(o.winners),
                             winners=list(o.winners), data={"scores": o.scores}))

    # ------------------------------------------------------------------ availability
    def _losing_groups(self, st, seat, colour=None):
        """Own losing bids as (tile, colour, n)."""
        out = []
        for tid, site in st["site"].items():
            b = site["bids"].get(seat)
            if b and (colour is None or b["colour"] == colour) and self._winner(site) != seat:
                out.append((tid, b["colour"], b["n"]))
        out.sort()
        return out

    def _avail_all(self, st, seat):
        """Workers a seat may place now, per colour (screen + own losing bids), and the losing
        bid lying at each tile (which cannot be moved onto a bid at that same tile)."""
        tot = dict(st["players"][seat]["workers"])
        excl = {}
        for tid, c, n in self._losing_groups(st, seat):
            tot[c] += n
            excl[tid] = (c, n)
        return tot, excl

    @staticmethod
    def _av(tab, colour, exclude=None):
        tot, excl = tab
        e = excl.get(exclude)
        return tot[colour] - (e[1] if e and e[0] == colour else 0)

    def _avail(self, st, seat, colour, exclude=None):
        return self._av(self._avail_all(st, seat), colour, exclude)

    @staticmethod
    def _fits(sizes, screen, have, need, room):
        """Can whole losing groups (sizes) plus 0..screen workers bring a use from `have`
        workers to between need and room?"""
        sums = {0}
        for g in sizes:
            sums |= {x + g for x in sums if have + x + g <= room}
        lo = max(need, 1)
        return any(have + x <= room and have + x + screen >= lo for x in sums)

    def _use_fits(self, st, seat, colour, need, room):
        sizes = [n for _, _, n in self._losing_groups(st, seat, colour)]
        return self._fits(sizes, st["players"][seat]["workers"][colour], 0, need, room)

    def _usable(self, st, tid):
        t = TILES[tid]
        if t["season"] in ("turn_order", "boat", "winter") or t.get("summer_boat"):
            return False
        side = self.side(st, tid)
        return any(k in side for k in ("gain", "choose", "pay", "transport", "swap"))

    def _bid_colours(self, st, seat, tid, faces=None):
        site = st["site"].get(tid)
        if site and seat in site["bids"]:
            return [site["bids"][seat]["colour"]]
        lock = site["colour"] if site else None
        if lock is None:
            return list(COLOURS)
        faces = self.faces(st, seat) if faces is None else faces
        if "4a" in faces and any(
                b["colour"] in ("blue", "red", "yellow") for s, b in site["bids"].items() if s != seat):
            return list(COLOURS)
        return [lock]

    def _bid_state(self, st, seat, tid):
        site = st["site"].get(tid)
        if not site:
            return 0, 0
        best = max([b["n"] for s, b in site["bids"].items() if s != seat] or [0])
        own = site["bids"].get(seat, {}).get("n", 0)
        return best, own

    def _use_colours(self, st, seat, tid, faces=None):
        site = st["site"].get(tid)
        lock = site["colour"] if site else None
        if lock is None:
            return list(COLOURS)
        faces = self.faces(st, seat) if faces is None else faces
        if "4b" in faces:
            return list(COLOURS)
        return [lock]

    def _use_need(self, st, tid):
        site = st["site"].get(tid)
        if not site:
            return 1, 6
        return (site["uses"][-1] + 1 if site["uses"] else 1), 6 - sum(site["on"].values())

    def _can_bid(self, st, seat, tid, tab=None, faces=None):
        tab = tab or self._avail_all(st, seat)
        best, own = self._bid_state(st, seat, tid)
        need = max(1, best + 1 - own)
        return any(self._av(tab, c, tid) >= need for c in self._bid_colours(st, seat, tid, faces))

    def _can_use(self, st, seat, tid, tab=None, faces=None):
        if not self._usable(st, tid):
            return False
        if tid in st["auction"] and self.season_name(st) == "winter":
            return False
        need, room = self._use_need(st, tid)
        if need > room:
            return False
        tab = tab or self._avail_all(st, seat)
        return any(self._av(tab, c) >= need and self._use_fits(st, seat, c, need, room)
                   for c in self._use_colours(st, seat, tid, faces))

    def _bid_targets(self, st, seat, tab=None, faces=None):
        tab = tab or self._avail_all(st, seat)
        faces = self.faces(st, seat) if faces is None else faces
        return [t for t in st["auction"] + st["to_tiles"] if self._can_bid(st, seat, t, tab, faces)]

    def _use_targets(self, st, seat, where, tab=None, faces=None):
        if where == "auction":
            tids = list(st["auction"])
        else:
            tids = sorted(t for t, v in st["tiles"].items() if v["owner"] == where and v["pos"] is not None)
        tab = tab or self._avail_all(st, seat)
        faces = self.faces(st, seat) if faces is None else faces
        return [t for t in tids if self._can_use(st, seat, t, tab, faces)]

    def _shelter_ok(self, st, seat):
        t = st["tiles"].get("sheep_shelter")
        if not t or t["owner"] != seat or t["pos"] is None:
            return False
        fmap, cont = self.field_contents(st, seat)
        return cont[fmap["sheep_shelter:0"]]["sheep"] > 0

    # ------------------------------------------------------------------ options
    def to_act(self, st):
        ph = st["phase"]
        if ph == "play":
            return [st["seats"][st["turn"]]]
        if ph == "winter_pick":
            return [s for s in st["seats"] if not st["players"][s]["picked"]]
        if ph == "boats":
            return [st["end"]["queue"][0]["seat"]]
        if ph == "place":
            return [s for s in st["seats"] if st["players"][s]["won"]]
        if ph == "flip":
            return [st["tiles"]["flipper"]["owner"]]
        return []

    def legal(self, st, seat):
        if seat not in self.to_act(st):
            return []
        opts = self._options(st, seat)
        if len(opts) <= 25:
            return opts
        page = st.get("page", 0)
        npages = (len(opts) + PAGE - 1) // PAGE
        page = min(page, npages - 1)
        out = opts[page * PAGE:(page + 1) * PAGE]
        if page > 0:
            out.append({"type": "page", "page": page - 1})
        if page < npages - 1:
            out.append({"type": "page", "page": page + 1})
        return out

    def _options(self, st, seat):
        ph = st["phase"]
        p = st["players"][seat]
        if ph == "winter_pick":
            out = [{"type": "winter", "tile": t} for t in p["winter"]]
            if p["pick"]:
                out.append({"type": "winter_done"})
            return out
        if ph == "boats":
            return [{"type": "boat", "boat": b} for b in self._boats_left(st)]
        if ph == "place":
            return self._place_options(st, seat)
        if ph == "flip":
            return [{"type": "flip", "tile": t} for t in self._flip_targets(st, seat)] + [{"type": "skip"}]
        ctx = st["ctx"]
        if ctx is None:
            head = [{"type": "pass"}]
            tail = [{"type": "shelter"}] if self._shelter_ok(st, seat) else []
            whole = self._whole_turn(st, seat, 25 - len(head) - len(tail))
            if whole is not None:       # every complete bid and use fits in one select
                return head + whole + tail
            out = head
            tab, faces = self._avail_all(st, seat), self.faces(st, seat)
            if self._bid_targets(st, seat, tab, faces):
                out.append({"type": "bid"})
            if self.season_name(st) != "winter" and self._use_targets(st, seat, "auction", tab, faces):
                out.append({"type": "use", "where": "auction"})
            for s in st["seats"]:
                if self._use_targets(st, seat, s, tab, faces):
                    out.append({"type": "use", "where": s})
            return out + tail
        step = ctx["step"]
        if step == "target":
            tiles = (self._bid_targets(st, seat) if ctx["intent"] == "bid"
                     else self._use_targets(st, seat, ctx["where"]))
            out = []
            for t in tiles:             # a tile with one way only: that way at once
                ways = self._ways(st, seat, ctx["intent"], t, limit=1)
                out.append(self._way_action(ways[0], tile=t) if len(ways) == 1
                           else {"type": "tile", "tile": t})
            return out + [{"type": "cancel"}]
        if step == "colour":
            ways = self._ways(st, seat, ctx["intent"], ctx["tile"], limit=24)
            if len(ways) <= 24:         # colour, losing bids and screen in one select
                return [self._way_action(w, colour=True) for w in ways] + [{"type": "cancel"}]
            return [{"type": "colour", "colour": c} for c in self._colour_choices(st, seat, ctx)] + [{"type": "cancel"}]
        if step == "workers":
            if not ctx["groups"]:
                ways = self._ways(st, seat, ctx["intent"], ctx["tile"], ctx["colour"], limit=24)
                if len(ways) <= 24:     # losing bids and screen in one select
                    return [self._way_action(w) for w in ways] + [{"type": "cancel"}]
            return self._worker_options(st, seat, ctx) + [{"type": "cancel"}]
        if step == "effect":
            return self._effect_options(st, seat, ctx)
        return []

    def _ways(self, st, seat, intent, tid, colour=None, limit=None):
        """Every complete way to bid on (intent "bid") or use tid now, as (colour, losing
        bids moved along as wholes, workers from the screen), in the order offered: by
        colour, then by size, the screen before losing bids. With ``colour``, that colour
        only; with ``limit``, the search stops at limit + 1 ways (too many for one select)."""
        p = st["players"][seat]
        if intent == "bid":
            best, own = self._bid_state(st, seat, tid)
            cols = self._bid_colours(st, seat, tid)
            lo, room = max(1, best + 1 - own), None
        else:
            need, room = self._use_need(st, tid)
            cols = self._use_colours(st, seat, tid)
            lo = max(need, 1)
        out = []
        for c in COLOURS:
            if c not in cols or colour not in (None, c):
                continue
            groups = [(g, n) for g, _, n in self._losing_groups(st, seat, c)
                      if intent == "use" or g != tid]
            screen = p["workers"][c]
            for sub in _subsets(groups):
                have = sum(n for _, n in sub)
                top = screen if room is None else min(screen, room - have)
                for k in range(max(0, lo - have), top + 1):
                    out.append((c, [g for g, _ in sub], k, have + k))
                    if limit is not None and len(out) > limit:
                        return out
        out.sort(key=lambda w: (COLOURS.index(w[0]), w[3], len(w[1]), w[1]))
        return [w[:3] for w in out]

    @staticmethod
    def _way_action(way, *, intent=None, tile=None, colour=False) -> dict:
        """A complete placement as an action: it names what the decision so far has not
        (the intent and tile at the main menu, the colour when several are possible)."""
        c, groups, k = way[:3]
        a: dict = {"type": "place"}
        if intent:
            a["intent"] = intent
        if tile:
            a["tile"] = tile
        if tile or colour:
            a["colour"] = c
        if groups:
            a["groups"] = list(groups)
        a["n"] = k
        return a

    def _whole_turn(self, st, seat, limit):
        """Every complete bid and use of the turn as actions, or None when there are more
        than ``limit``."""
        out: list = []
        tab, faces = self._avail_all(st, seat), self.faces(st, seat)
        plan = [("bid", t) for t in self._bid_targets(st, seat, tab, faces)]
        wheres = (["auction"] if self.season_name(st) != "winter" else []) + list(st["seats"])
        plan += [("use", t) for w in wheres for t in self._use_targets(st, seat, w, tab, faces)]
        for intent, t in plan:
            ways = self._ways(st, seat, intent, t, limit=limit - len(out))
            if len(out) + len(ways) > limit:
                return None
            out += [self._way_action(w, intent=intent, tile=t) for w in ways]
        return out

    def _colour_choices(self, st, seat, ctx):
        tid = ctx["tile"]
        tab = self._avail_all(st, seat)
        if ctx["intent"] == "bid":
            best, own = self._bid_state(st, seat, tid)
            need = max(1, best + 1 - own)
            return [c for c in self._bid_colours(st, seat, tid) if self._av(tab, c, tid) >= need]
        need, room = self._use_need(st, tid)
        return [c for c in self._use_colours(st, seat, tid)
                if self._av(tab, c) >= need and self._use_fits(st, seat, c, need, room)]

    def _worker_options(self, st, seat, ctx):
        tid, c = ctx["tile"], ctx["colour"]
        have = sum(n for g, _, n in self._losing_groups(st, seat, c) if g in ctx["groups"])
        out = []
        screen = st["players"][seat]["workers"][c]
        if ctx["intent"] == "use":
            need, room = self._use_need(st, tid)
            free = [(g, n) for g, _, n in self._losing_groups(st, seat, c) if g not in ctx["groups"]]
            for g, n in free:
                rest = [m for h, m in free if h != g]
                if have + n <= room and self._fits(rest, screen, have + n, need, room):
                    out.append({"type": "group", "tile": g})
            for k in range(0, screen + 1):
                tot = have + k
                if tot >= max(need, 1) and tot <= room:
                    out.append({"type": "place", "n": k})
        else:
            best, own = self._bid_state(st, seat, tid)
            for g, _, n in self._losing_groups(st, seat, c):
                if g not in ctx["groups"] and g != tid:
                    out.append({"type": "group", "tile": g})
            ks = [k for k in range(0, screen + 1) if have + k >= 1 and own + have + k > best]
            for k in ks[:data.RULES["bid_count_options"]]:
                out.append({"type": "place", "n": k})
        return out

    def _place_options(self, st, seat):
        p = st["players"][seat]
        pl = p["placing"]
        if pl is None:
            if len(p["won"]) > 1:
                return [{"type": "place_tile", "tile": t} for t in p["won"]]
            pl = {"tile": p["won"][0], "hex": None}
        tid = pl["tile"]
        ign = "2a" in self.faces(st, seat)
        spots = hexes.placements(self.village(st, seat), tid, ign)
        if pl["hex"] is None:
            return [{"type": "hex", "hex": h} for h in spots]
        return [{"type": "rotate", "rot": r} for r in spots[pl["hex"]]]

    # ------------------------------------------------------------------ effects: options
    def _effect_options(self, st, seat, ctx):
        step = ctx["queue"][0]
        k = step["k"]
        p = st["players"][seat]
        if k == "choose":
            out = []
            for i, g in enumerate(step["opts"]):
                if any(a in g for a in ANIMALS) and not self._animal_fields(st, seat, next(a for a in ANIMALS if a in g), step["tile"]):
                    continue
                out.append({"type": "choose", "i": i})
            return out
        if k == "pay":
            what = step["what"]
            out = []
            if what.startswith("worker"):
                cols = [what.split("_")[1]] if "_" in what else list(COLOURS)
                for c in cols:
                    if p["workers"][c] > 0:
                        out.append({"type": "pay", "from": "screen", "colour": c})
                    for g, _, n in self._losing_groups(st, seat, c):
                        out.append({"type": "pay", "from": g, "colour": c})
            else:
                kinds = list(SKILLS) if what == "skill" else [what]
                for s in kinds:
                    if p["skills"][s] > 0:
                        out.append({"type": "pay", "skill": s})
            if out or self._holds_any(st, seat, what):
                # whether the player is asked depends on how many workers or skills they
                # hold (public knowledge), never on their hidden colours or kinds
                return out + [{"type": "skip"}]
            return []
        if k == "swap":
            out = [{"type": "swap", "skill": s} for s in SKILLS if p["skills"][s] > 0]
            return out + [{"type": "skip"}] if out else []
        if k == "animal":
            return [{"type": "field", "field": f} for f in self._animal_fields(st, seat, step["sp"], step["tile"])]
        if k == "transport":
            return self._transport_options(st, seat, step)
        return []

    def _holds_any(self, st, seat, what):
        """Does the seat hold anything of the sort a payment asks for (a worker behind the
        screen or in a losing bid, or a skill tile), whatever its colour or kind?"""
        p = st["players"][seat]
        if what.startswith("worker"):
            return sum(p["workers"].values()) > 0 or bool(self._losing_groups(st, seat))
        return sum(p["skills"].values()) > 0

    def _animal_fields(self, st, seat, sp, tile):
        fmap, cont = self.field_contents(st, seat)
        mixed = "5a" in self.faces(st, seat)
        return [f for f in fields.touching(fmap, tile) if fields.accepts(cont[f], sp, mixed)]

    def _transport_options(self, st, seat, step):
        sub = step.get("sub")
        vil = self.village(st, seat)
        pts = step["pts"]
        if sub is None:
            out = []
            if pts >= 1:
                adj = hexes.road_graph(vil, "2a" in self.faces(st, seat))
                for tid in sorted(vil):
                    if adj[tid] and sum(vil[tid]["res"].values()) > 0:
                        out.append({"type": "t_from", "tile": tid})
                for node in sorted(self.animals_by_node(st, seat)):
                    if self._animal_moves(st, seat, node, pts):
                        out.append({"type": "a_from", "node": node})
            if st["opts"]["farmers"] and st["players"][seat]["wheat"] > 0:
                out.append({"type": "wheat"})
            if step["ups"] >= 1:
                for tid in sorted(vil):
                    if not vil[tid]["up"] and TILES[tid].get("back") is not None and self._upgrade_payments(st, seat, tid):
                        out.append({"type": "upgrade", "tile": tid})
            if self._shelter_ok(st, seat):
                out.append({"type": "shelter"})
            out.append({"type": "t_end"})
            return out
        if "from" in sub:
            tid = sub["from"]
            adj = hexes.road_graph(vil, "2a" in self.faces(st, seat))
            out = [{"type": "t_move", "res": r, "to": n} for r in RESOURCES if vil[tid]["res"][r] > 0
                   for n in sorted(adj[tid])]
            return out + [{"type": "t_back"}]
        if "node" in sub:
            return [{"type": "a_move", "sp": sp, "to": f} for sp, f, _ in self._animal_moves(st, seat, sub["node"], pts)] + [{"type": "t_back"}]
        if "up" in sub:
            return [{"type": "u_pay", "i": i} for i in range(len(self._upgrade_payments(st, seat, sub["up"])))] + [{"type": "t_back"}]
        return [{"type": "t_back"}]

    def _animal_moves(self, st, seat, node, pts):
        tid, idx = node.split(":")
        have = st["tiles"][tid]["animals"].get(idx, {})
        fmap, cont = self.field_contents(st, seat)
        mixed = "5a" in self.faces(st, seat)
        adj = fields.adjacency(fmap, self.village(st, seat))
        src = fmap[node]
        dist = fields.field_distances(adj, src)
        out = []
        for sp in ANIMALS:
            if have.get(sp, 0) <= 0:
                continue
            for f in sorted(dist):
                d = dist[f]
                if 1 <= d <= pts and fields.accepts(cont[f], sp, mixed):
                    out.append((sp, f, d))
        return out

    def _upgrade_payments(self, st, seat, tid, skills=None):
        cost = TILES[tid]["cost"] or {}
        on = st["tiles"][tid]["res"]
        skills = st["players"][seat]["skills"] if skills is None else skills
        three_a = "3a" in self.faces(st, seat)
        spec = {r: cost.get(r, 0) for r in RESOURCES if cost.get(r, 0)}
        anyr = cost.get("any_res", 0)
        res_opts = []
        if three_a:
            res_opts = _multisets(on, sum(spec.values()) + anyr)
        else:
            if all(on[r] >= n for r, n in spec.items()):
                rest = {r: on[r] - spec.get(r, 0) for r in RESOURCES}
                for m in _multisets(rest, anyr):
                    res_opts.append({r: m.get(r, 0) + spec.get(r, 0) for r in RESOURCES if m.get(r, 0) + spec.get(r, 0)})
        sspec = {s: cost.get(s, 0) for s in SKILLS if cost.get(s, 0)}
        sk_opts = []
        if all(skills[s] >= n for s, n in sspec.items()):
            rest = {s: skills[s] - sspec.get(s, 0) for s in SKILLS}
            for m in _multisets(rest, cost.get("any_skill", 0)):
                sk_opts.append({s: m.get(s, 0) + sspec.get(s, 0) for s in SKILLS if m.get(s, 0) + sspec.get(s, 0)})
        return [{"res": a, "skills": b} for a in res_opts for b in sk_opts]

    def _upgrade_conceivable(self, st, seat, step):
        """Could the seat upgrade a tile now, as far as the other players can tell? They see
        the resources on the tiles and how many skill tiles the seat holds, not which ones:
        so a transport waits for its player whenever an upgrade might be paid, and an
        upgrade asks how to pay whenever its cost takes any skill (several ways to pay may
        hide behind the screen), never depending on the kinds of skill held."""
        if step["ups"] < 1:
            return False
        held = sum(st["players"][seat]["skills"].values())
        for tid, t in self.village(st, seat).items():
            if t["up"] or TILES[tid].get("back") is None:
                continue
            cost = TILES[tid]["cost"] or {}
            spec = {s: cost.get(s, 0) for s in SKILLS}
            extra = held - sum(spec.values())
            if extra < cost.get("any_skill", 0):
                continue
            spec[SKILLS[0]] += extra
            if self._upgrade_payments(st, seat, tid, skills=spec):
                return True
        return False

    # ------------------------------------------------------------------ apply
    def _apply(self, st, seat, action):
        if st["phase"] == "over":
            raise IllegalAction("The game is over.")
        if seat not in st["seats"]:
            raise IllegalAction("You are not playing at this table.")
        if seat not in self.to_act(st):
            raise IllegalAction("It is not your turn: wait for {players}.", players=self.to_act(st))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a Keyflower action.")
        legal = self.legal(st, seat)
        if action not in legal:
            raise IllegalAction("You cannot do that now: pick one of the offered choices.")
        events: list = []
        t = action["type"]
        if t == "page":
            st["page"] = action["page"]
            return events
        st["page"] = 0
        ph = st["phase"]
        if ph == "winter_pick":
            self._do_winter(st, seat, action, events)
        elif ph == "boats":
            self._take_boat(st, seat, action["boat"], events)
            st["end"]["queue"].pop(0)
            self._run_boats(st, events)
        elif ph == "place":
            self._do_place(st, seat, action, events)
        elif ph == "flip":
            if t == "flip":
                st["tiles"][action["tile"]]["up"] = True
                events.append(public("{player} flips {tile} for free (Flipper).", player=seat, tile=_tn(action["tile"])))
            self._final(st, events)
        else:
            self._do_play(st, seat, action, events)
        return events

    def _do_winter(self, st, seat, action, events):
        p = st["players"][seat]
        if action["type"] == "winter":
            tid = action["tile"]
            if tid in p["pick"]:
                p["pick"].remove(tid)
            else:
                p["pick"].append(tid)
                p["pick"].sort()
            return
        p["picked"] = True
        events.append(public("{player} has chosen winter tiles.", player=seat))
        if all(st["players"][s]["picked"] for s in st["seats"]):
            events.append(public("Winter tiles offered: {counts}.", counts=[
                T("{player}: {n} tile", plural="{player}: {n} tiles", player=s,
                  n=len(st["players"][s]["pick"])) for s in st["seats"]]))
            self._finish_winter_pick(st, events)

    def _do_place(self, st, seat, action, events):
        p = st["players"][seat]
        t = action["type"]
        if t == "place_tile":
            p["placing"] = {"tile": action["tile"], "hex": None}
            return
        if p["placing"] is None:
            p["placing"] = {"tile": p["won"][0], "hex": None}
        pl = p["placing"]
        if t == "hex":
            pl["hex"] = action["hex"]
            rots = hexes.placements(self.village(st, seat), pl["tile"], "2a" in self.faces(st, seat))[pl["hex"]]
            if len(set(tuple(hexes.edges_of(pl["tile"], r)) for r in rots)) > 1:
                return
            rot = rots[0]
        else:
            rot = action["rot"]
        tid = pl["tile"]
        q, r = hexes.unkey(pl["hex"])
        st["tiles"][tid]["pos"] = [q, r]
        st["tiles"][tid]["rot"] = rot
        p["won"].remove(tid)
        p["placing"] = None
        events.append(public("{player} builds {tile} into the village.", player=seat, tile=_tn(tid),
                             data={"tile": tid, "pos": [q, r], "rot": rot}))
        if not any(st["players"][s]["won"] for s in st["seats"]):
            self._after_place(st, events)

    def _end_turn(self, st):
        st["ctx"] = None
        st["passes"] = 0
        st["turn"] = (st["turn"] + 1) % len(st["seats"])

    def _do_play(self, st, seat, action, events):
        t = action["type"]
        ctx = st["ctx"]
        if t == "pass":
            events.append(public("{player} passes.", player=seat))
            st["passes"] += 1
            st["turn"] = (st["turn"] + 1) % len(st["seats"])
            if st["passes"] >= len(st["seats"]):
                self._end_season(st, events)
            return
        if t == "cancel":
            st["ctx"] = None
            return
        if t == "shelter":
            self._shelter(st, seat, events)
            return
        if t == "bid":
            st["ctx"] = {"step": "target", "intent": "bid", "where": None}
            return
        if t == "use":
            st["ctx"] = {"step": "target", "intent": "use", "where": action["where"]}
            return
        if t == "tile":
            ctx.update(tile=action["tile"], groups=[], colour=None)
            cols = self._colour_choices(st, seat, ctx)
            if len(cols) == 1:
                ctx.update(step="workers", colour=cols[0])
            else:
                ctx["step"] = "colour"
            return
        if t == "colour":
            ctx.update(step="workers", colour=action["colour"])
            return
        if t == "group":
            ctx["groups"].append(action["tile"])
            return
        if t == "place":
            self._commit(st, seat, ctx, action, events)
            return
        # effect steps
        self._effect_action(st, seat, action, events)

    def _take_group(self, st, seat, g):
        site = st["site"][g]
        b = site["bids"].pop(seat)
        self._recheck_lock(site)
        return b["n"]

    @staticmethod
    def _recheck_lock(site):
        lock = site["colour"]
        if sum(site["on"].values()) or any(b["colour"] == lock for b in site["bids"].values()):
            return
        for b in site["bids"].values():
            site["colour"] = b["colour"]
            return

    @staticmethod
    def _placement(ctx, action):
        """(intent, tile, colour, losing bids moved, workers from the screen) of a "place"
        action: what the action names, the rest from the decision so far."""
        ctx = ctx or {}
        return (action.get("intent") or ctx.get("intent"), action.get("tile") or ctx.get("tile"),
                action.get("colour") or ctx.get("colour"),
                list(ctx.get("groups") or []) + list(action.get("groups") or []), action["n"])

    def _commit(self, st, seat, ctx, action, events):
        intent, tid, c, groups, k = self._placement(ctx, action)
        total = k
        for g in groups:
            total += self._take_group(st, seat, g)
        st["players"][seat]["workers"][c] -= k
        site = self._site(st, tid)
        if site["colour"] is None:
            site["colour"] = c
        if intent == "bid":
            b = site["bids"].setdefault(seat, {"colour": c, "n": 0})
            b["n"] += total
            if b["n"] == total:
                events.append(_event(X.says_bid(c, total, seat, _tn(tid))))
            else:
                events.append(_event(X.says_raise(c, b["n"], seat, _tn(tid))))
            self._end_turn(st)
            return
        site["uses"].append(total)
        site["on"][c] += total
        events.append(_event(X.says_use(c, total, seat, _tn(tid))))
        self._start_effect(st, seat, tid, events)

    def _start_effect(self, st, seat, tid, events):
        side = self.side(st, tid)
        own = st["tiles"][tid]["owner"] == seat and st["tiles"][tid]["pos"] is not None
        target = tid if own else st["players"][seat]["home"]
        queue = []
        st["ctx"] = {"step": "effect", "tile": tid, "target": target, "queue": queue}
        if "choose" in side:
            queue.append({"k": "choose", "opts": [dict(g) for g in side["choose"]], "tile": target})
        if "pay" in side:
            queue.append({"k": "pay", "what": next(iter(side["pay"])), "gain": dict(side.get("gain", {}))})
        elif "gain" in side:
            self._gain(st, seat, side["gain"], target, events)
        if "swap" in side:
            queue.append({"k": "swap", "draw": side["swap"]})
        if "transport" in side:
            mv, up = side["transport"]
            if "2b" in self.faces(st, seat):
                mv, up = mv * 2, up * 2
            queue.append({"k": "transport", "pts": mv, "ups": up, "sub": None})
        self._settle(st, seat, events)

    def _gain(self, st, seat, gain, target, events):
        p = st["players"][seat]
        ctx = st["ctx"]
        got = {}
        for k, v in gain.items():
            if k in RESOURCES:
                n = min(v, st["supply"][k])
                st["supply"][k] -= n
                st["tiles"][target]["res"][k] += n
                got[k] = n
            elif k == "wheat":
                n = min(v, st["supply"]["wheat"])
                st["supply"]["wheat"] -= n
                p["wheat"] += n
                got[k] = n
            elif k == "skill":
                s = self._draw_skills(st, v)
                for x in SKILLS:
                    p["skills"][x] += s[x]
                got[k] = sum(s.values())
                if got[k]:
                    events.append(private(seat, "You drew skills: {saw} saw, {pick} pick axe, {anvil} anvil.", **s))
            elif k == "worker":
                got[k] = self._draw_workers(st, seat, v, events)
            elif k == "green":
                n = min(v, st["green"])
                st["green"] -= n
                p["workers"]["green"] += n
                got[k] = n
            elif k in ANIMALS:
                # each animal is placed by the player (queued before any transport)
                steps = [{"k": "animal", "sp": k, "tile": target} for _ in range(v)]
                ctx["queue"][0:0] = steps
        shown = {k: v for k, v in got.items() if v}
        if shown:
            events.append(public("{player} gains {goods}.", player=seat,
                                 goods=[_qty(k, v) for k, v in shown.items()], data={"gain": shown}))

    def _settle(self, st, seat, events):
        """Resolve automatic effect steps; end the turn when nothing is left to decide."""
        ctx = st["ctx"]
        while ctx is not None and ctx.get("step") == "effect":
            if not ctx["queue"]:
                self._end_turn(st)
                return
            step = ctx["queue"][0]
            opts = self._effect_options(st, seat, ctx)
            if step["k"] == "animal":
                if st["supply"][step["sp"]] <= 0:
                    events.append(_event(X.none_left(step["sp"])))
                    ctx["queue"].pop(0)
                    continue
                if not opts:
                    events.append(_event(X.not_gained(step["sp"], seat)))
                    ctx["queue"].pop(0)
                    continue
                if len(opts) == 1:
                    self._effect_action(st, seat, opts[0], events, settle=False)
                    continue
                return
            if step["k"] == "transport":
                if opts == [{"type": "t_end"}] and not self._upgrade_conceivable(st, seat, step):
                    ctx["queue"].pop(0)
                    continue
                return
            if not opts:
                ctx["queue"].pop(0)
                continue
            return

    def _effect_action(self, st, seat, action, events, settle=True):
        ctx = st["ctx"]
        step = ctx["queue"][0]
        p = st["players"][seat]
        t = action["type"]
        k = step["k"]
        if k == "choose":
            ctx["queue"].pop(0)
            self._gain(st, seat, step["opts"][action["i"]], step["tile"], events)
        elif k == "pay":
            ctx["queue"].pop(0)
            if t == "pay" and "skill" in action:
                p["skills"][action["skill"]] -= 1
                st["pile"][action["skill"]] += 1
                if step["what"] == "skill":  # any skill: returned face down, type stays hidden
                    events.append(public("{player} returns a skill tile.", player=seat))
                else:
                    events.append(_event(X.says_return_skill(action["skill"], seat)))
                self._gain(st, seat, step["gain"], ctx["target"], events)
            elif t == "pay":
                c = action["colour"]
                if action["from"] == "screen":
                    p["workers"][c] -= 1
                else:
                    site = st["site"][action["from"]]
                    site["bids"][seat]["n"] -= 1
                    if site["bids"][seat]["n"] == 0:
                        del site["bids"][seat]
                        self._recheck_lock(site)
                events.append(_event(X.says_pay(c, seat)))
                # the paid worker joins the bag only after the draw (Tavern: it cannot be redrawn)
                self._gain(st, seat, step["gain"], ctx["target"], events)
                st["bag"][c] += 1
        elif k == "swap":
            ctx["queue"].pop(0)
            if t == "swap":
                s = action["skill"]
                p["skills"][s] -= 1
                got = self._draw_skills(st, step["draw"])
                for x in SKILLS:
                    p["skills"][x] += got[x]
                st["pile"][s] += 1
                events.append(public("{player} swaps a skill tile for {n} new one.",
                                     plural="{player} swaps a skill tile for {n} new ones.",
                                     player=seat, n=sum(got.values())))
                events.append(private(seat, "You drew skills: {saw} saw, {pick} pick axe, {anvil} anvil.", **got))
        elif k == "animal":
            ctx["queue"].pop(0)
            st["supply"][step["sp"]] -= 1
            self.add_animal(st, action["field"], step["sp"])
            events.append(_event(X.into_field(step["sp"], seat), data={"field": action["field"]}))
        elif k == "transport":
            self._transport_action(st, seat, step, action, events)
        if settle:
            self._settle(st, seat, events)

    def _transport_action(self, st, seat, step, action, events):
        t = action["type"]
        ctx = st["ctx"]
        if t == "t_end":
            ctx["queue"].pop(0)
            return
        if t == "t_back":
            step["sub"] = None
            return
        if t == "t_from":
            step["sub"] = {"from": action["tile"]}
            return
        if t == "a_from":
            step["sub"] = {"node": action["node"]}
            return
        if t == "upgrade":
            pays = self._upgrade_payments(st, seat, action["tile"])
            if len(pays) == 1 and not (TILES[action["tile"]]["cost"] or {}).get("any_skill"):
                self._upgrade(st, seat, action["tile"], pays[0], step, events)
            else:
                step["sub"] = {"up": action["tile"]}
            return
        if t == "u_pay":
            tid = step["sub"]["up"]
            self._upgrade(st, seat, tid, self._upgrade_payments(st, seat, tid)[action["i"]], step, events)
            step["sub"] = None
            return
        if t == "wheat":
            st["players"][seat]["wheat"] -= 1
            st["supply"]["wheat"] += 1
            step["pts"] += 1
            events.append(public("{player} spends a wheat for one more transport point.",
                                 player=seat))
            return
        if t == "shelter":
            self._shelter(st, seat, events)
            return
        if t == "t_move":
            src = step["sub"]["from"]
            st["tiles"][src]["res"][action["res"]] -= 1
            st["tiles"][action["to"]]["res"][action["res"]] += 1
            step["pts"] -= 1
            events.append(public("{player} moves {goods} from {a} to {b}.", player=seat,
                                 goods=_qty(action["res"], 1), a=_tn(src), b=_tn(action["to"])))
            if st["tiles"][src]["res"][action["res"]] == 0 or step["pts"] == 0 or sum(st["tiles"][src]["res"].values()) == 0:
                step["sub"] = None
            return
        if t == "a_move":
            node = step["sub"]["node"]
            cost = next(d for sp, f, d in self._animal_moves(st, seat, node, step["pts"])
                        if sp == action["sp"] and f == action["to"])
            self.add_animal(st, node, action["sp"], -1)
            self.add_animal(st, action["to"], action["sp"], 1)
            step["pts"] -= cost
            step["sub"] = None
            events.append(public("{player} moves {goods} to another field.", player=seat,
                                 goods=_qty(action["sp"], 1)))
            return

    def _upgrade(self, st, seat, tid, pay, step, events):
        t = st["tiles"][tid]
        for r, n in pay["res"].items():
            t["res"][r] -= n
            st["supply"][r] += n
        for s, n in pay["skills"].items():
            st["players"][seat]["skills"][s] -= n
            st["pile"][s] += n
        t["up"] = True
        step["ups"] -= 1
        step["sub"] = None
        events.append(public("{player} upgrades {tile}.", player=seat, tile=_tn(tid)))

    def _shelter(self, st, seat, events):
        fmap, _ = self.field_contents(st, seat)
        f = fmap["sheep_shelter:0"]
        for node, c in sorted(self.animals_by_node(st, seat).items()):
            if fmap.get(node) == f and c.get("sheep", 0) > 0:
                self.add_animal(st, node, "sheep", -1)
                st["tiles"]["sheep_shelter"]["shelter"] += 1
                events.append(public("{player} puts a sheep on the Sheep shelter.", player=seat))
                return


def _multisets(avail: dict, n: int) -> list[dict]:
    """Every way to take n items from counts avail (as dicts without zero entries)."""
    keys = [k for k in avail if avail[k] > 0]
    out = []

    def rec(i, left, cur):
        if left == 0:
            out.append({k: v for k, v in cur.items() if v})
            return
        if i == len(keys):
            return
        k = keys[i]
        for take in range(min(left, avail[k]), -1, -1):
            cur[k] = take
            rec(i + 1, left - take, cur)
        cur[k] = 0

    rec(0, n, {})
    return out


# ---------------------------------------------------------------------- presentation
def _tile_view(eng, st, tid):
    t = st["tiles"][tid]
    d = TILES[tid]
    v = {"id": tid, "name": d["name"], "num": d.get("num"), "season": d["season"], "set": d["set"],
         "up": t["up"], "owner": t["owner"], "pos": t["pos"], "rot": t["rot"],
         "edges": list(hexes.edges_of(tid, t["rot"])),
         "regions": [[(s + 2 * t["rot"]) % 12 for s in reg] for reg in fields.regions_printed(tid)],
         "res": dict(t["res"]), "animals": {k: dict(a) for k, a in t["animals"].items()},
         "shelter": t["shelter"], "face": t["face"],
         "vp": (eng.side(st, tid).get("vp", 0) or 0),
         "usable": eng._usable(st, tid),
         "upgradable": d.get("back") is not None and not t["up"],
         "cost": d.get("cost"), "front": d.get("front"), "back": d.get("back"),
         "bonus": d.get("bonus")}
    if t["face"]:
        v["face_help"] = data.SUMMER_BOAT_FACES[t["face"]]["help"]
    site = st["site"].get(tid)
    if site:
        v["site"] = {"colour": site["colour"], "uses": list(site["uses"]), "on": dict(site["on"]),
                     "bids": {s: dict(b) for s, b in site["bids"].items()},
                     "leader": KeyflowerEngine._winner(site)}
    else:
        v["site"] = {"colour": None, "uses": [], "on": _w0(), "bids": {}, "leader": None}
    return v


def _view(eng, st, seat):
    seats = st["seats"]
    season = eng.season_name(st)
    out = {
        "game": "keyflower", "seats": list(seats), "phase": st["phase"], "season": season,
        "season_index": st["season"], "round": st["season"] + 1, "to_act": eng.to_act(st),
        "current": seats[st["turn"]] if st["phase"] == "play" else None,
        "start_player": seats[st["start"]], "passes": st["passes"], "options": dict(st["opts"]),
        "bag_count": sum(st["bag"].values()), "green_supply": st["green"], "supply": dict(st["supply"]),
        "skill_pile": sum(st["pile"].values()),
        "geometry": {"coords": "axial q,r; flat-top hexes", "dirs": hexes.DIRS,
                     "edge_order": "edge i faces dirs[i], clockwise from north",
                     "slots": "edge i holds slots 2i and 2i+1, clockwise"},
        "auction": [_tile_view(eng, st, t) for t in st["auction"]],
        "turn_order": [_tile_view(eng, st, t) for t in st["to_tiles"]],
        "boats": [{"id": b, "name": TILES[b]["name"], "owner": v["owner"],
                   "face": "a" if season in TILES[b]["face_a"] else "b",
                   "workers": dict(v["workers"]), "skills": dict(v["skills"]),
                   "scoring": TILES[b]["boat_score"]} for b, v in st["boats"].items()],
        "players": {}, "finished": st["phase"] == "over", "pending": None,
    }
    for s in seats:
        p = st["players"][s]
        fmap, cont = eng.field_contents(st, s)
        groups = fields.groups(fmap)
        tiles_here = [tid for tid, t in st["tiles"].items() if t["owner"] == s]
        out["players"][s] = {
            "home": p["home"], "purple": seats[st["start"]] == s,
            "village": [_tile_view(eng, st, t) for t in sorted(tiles_here) if st["tiles"][t]["pos"] is not None],
            "to_place": [_tile_view(eng, st, t) for t in p["won"]],
            "summer_boats": sorted(eng.faces(st, s)),
            "fields": [{"id": f, "nodes": groups[f], "tiles": sorted({n.split(":")[0] for n in groups[f]}),
                        "animals": cont[f]} for f in sorted(groups)],
            "winter_hand_count": len(p["winter"]),
            "winter_done": p["picked"], "boat_rank": p["boat_rank"],
        }
    ctx = st["ctx"]
    if st["phase"] == "play" and ctx:
        pend = {k: v for k, v in ctx.items() if k != "queue"}
        if ctx.get("queue"):
            pend["effect"] = ctx["queue"][0]["k"]
            step = ctx["queue"][0]
            pend["effect_step"] = {k: v for k, v in step.items() if k != "k"}
            if step["k"] == "transport":
                pend["transport"] = {"points": step["pts"], "upgrades": step["ups"]}
        if seat != seats[st["turn"]]:
            pend = _public_pending(pend)
        out["pending"] = pend
    if st["phase"] == "place":
        out["placing"] = {s: st["players"][s]["placing"] for s in seats}
    if seat is not None and seat in st["players"]:
        p = st["players"][seat]
        out["you"] = seat
        out["private"] = {"workers": dict(p["workers"]), "skills": dict(p["skills"]), "wheat": p["wheat"],
                          "winter_hand": list(p["winter"]), "winter_pick": list(p["pick"])}
    if st["phase"] == "over":
        o = eng.outcome(st)
        out["outcome"] = o.to_json()
        out["final"] = {s: {"workers": dict(st["players"][s]["workers"]), "skills": dict(st["players"][s]["skills"]),
                            "wheat": st["players"][s]["wheat"], "purple_as": st["result"][s]["purple"]}
                        for s in seats}
    return out


def _public_pending(pend):
    """The current player's unfinished decision as the other players see it. How a bid or
    a use is asked depends on the colours behind the screen: the whole turn in one list,
    a tile offered with its only way, a colour step, losing bids one by one. So nothing of
    it shows until the workers are placed (then the log and the table show them); the
    effect steps of a use that follow are public."""
    if pend.get("step") in ("target", "colour", "workers"):
        return None
    return pend


def _label(eng, st, seat, a):
    t = a.get("type")
    ctx = st["ctx"] or {}
    if t == "pass":
        return T("Pass", context="the action")
    if t == "bid":
        return T("Bid for a tile")
    if t == "use":
        w = a["where"]
        if w == "auction":
            return T("Use a tile up for auction")
        if w == seat:
            return T("Use a tile in your village")
        return T("Use a tile in {player}'s village", player=w)
    if t == "shelter":
        return T("Put a sheep on the Sheep shelter")
    if t == "tile":
        tid = a["tile"]
        if ctx.get("intent") == "bid":
            best, own = eng._bid_state(st, seat, tid)
            if own > best:
                return T("{tile} — your bid leads with {n} worker",
                         plural="{tile} — your bid leads with {n} workers", tile=_tn(tid), n=own)
            if best == 0:
                return T("{tile} — no bids yet", tile=_tn(tid))
            return T("{tile} — highest bid: {n} worker", plural="{tile} — highest bid: {n} workers",
                     tile=_tn(tid), n=best)
        need, _ = eng._use_need(st, tid)
        return T("{tile} — needs {n} worker", plural="{tile} — needs {n} workers",
                 tile=_tn(tid), n=need)
    if t == "colour":
        return X.colour_choice(a["colour"], eng._avail(st, seat, a["colour"]))
    if t == "group":
        n = st["site"][a["tile"]]["bids"][seat]["n"]
        return T("Add your {n} worker from the bid on {tile}",
                 plural="Add your {n} workers from the bid on {tile}", n=n, tile=_tn(a["tile"]))
    if t == "place":
        return _placement_label(eng, st, seat, *eng._placement(ctx, a))
    if t == "cancel":
        return T("Cancel")
    if t == "choose":
        g = ctx["queue"][0]["opts"][a["i"]]
        return T("Take {goods}", goods=X.goods(g))
    if t == "pay":
        if "skill" in a:
            return X.return_skill(a["skill"])
        if a["from"] == "screen":
            return X.pay_from_screen(a["colour"])
        return X.pay_from_bid(a["colour"], _tn(a["from"]))
    if t == "skip":
        return T("Skip")
    if t == "swap":
        return X.swap_skill(a["skill"], ctx["queue"][0]["draw"])
    if t == "field":
        return _field_label(eng, st, seat, a["field"])
    if t == "t_from":
        return T("Move resources from {tile}", tile=_tn(a["tile"]))
    if t == "a_from":
        tid, idx = a["node"].split(":")
        animals = X.goods(st["tiles"][tid]["animals"].get(idx, {}))
        return T("Move animals from {tile} ({animals})", animals=animals, tile=_tn(tid))
    if t == "t_move":
        return T("Move {goods} to {tile} (1 transport point)", goods=_qty(a["res"], 1),
                 tile=_tn(a["to"]))
    if t == "a_move":
        step = ctx["queue"][0]
        d = next((d for sp, f, d in eng._animal_moves(st, seat, step["sub"]["node"], step["pts"])
                  if sp == a["sp"] and f == a["to"]), 0)
        return T("{goods} to the {field} ({n} point)", plural="{goods} to the {field} ({n} points)",
                 goods=_qty(a["sp"], 1), field=_field_label(eng, st, seat, a["to"], lower=True), n=d)
    if t == "wheat":
        return T("Spend a wheat for one more transport point")
    if t == "upgrade":
        return T("Upgrade {tile}", tile=_tn(a["tile"]))
    if t == "u_pay":
        step = ctx["queue"][0]
        pay = eng._upgrade_payments(st, seat, step["sub"]["up"])[a["i"]]
        return T("Pay {goods}", goods=X.goods({**pay["res"], **pay["skills"]}))
    if t == "t_back":
        return T("Back to the transport choices")
    if t == "t_end":
        return T("End the transport")
    if t == "winter":
        if a["tile"] in st["players"][seat]["pick"]:
            return T("Keep {tile} in your hand after all", tile=_tn(a["tile"]))
        return T("Offer {tile}", tile=_tn(a["tile"]))
    if t == "winter_done":
        n = len(st["players"][seat]["pick"])
        return T("Offer the {n} chosen winter tile", plural="Offer the {n} chosen winter tiles", n=n)
    if t == "boat":
        return _boat_label(eng, st, a["boat"])
    if t == "place_tile":
        return T("Build {tile} first", tile=_tn(a["tile"]))
    if t == "hex":
        return T("Build it {where}", where=_space_words(eng, st, seat, a["hex"]))
    if t == "rotate":
        return _rotation_label(eng, st, seat, a["rot"])
    if t == "flip":
        return T("Flip {tile} for free", tile=_tn(a["tile"]))
    if t == "page":
        return T("More choices (page {page})", page=a["page"] + 1)
    return T("Unknown choice")


def _placement_label(eng, st, seat, intent, tid, colour, groups, k):
    """A complete bid or use in one plain sentence: the colour, how many workers, and where
    they come from (the screen, losing bids moved along as wholes)."""
    tile = _tn(tid)
    owner = st["tiles"][tid]["owner"]
    if intent == "use" and owner not in (None, seat):
        tile = T("{tile} in {player}'s village", tile=tile, player=owner)
    moved = [(st["site"][g]["bids"][seat]["n"], g) for g in groups]
    total = k + sum(n for n, _ in moved)
    sources = [X.from_bid(n, _tn(g)) for n, g in moved] + ([X.from_screen(k)] if k else [])
    if intent == "bid":
        own = eng._bid_state(st, seat, tid)[1]
        if not groups:
            return (X.raise_from_screen(colour, k, own + k, tile) if own
                    else X.bid_from_screen(colour, k, tile))
        return X.raise_from(tile, sources) if own else X.bid_from(colour, total, tile, sources)
    if not groups:
        return X.use_from_screen(colour, k, tile)
    return X.use_from(colour, total, tile, sources)


def _boat_label(eng, st, boat):
    if eng.season_name(st) == "winter":
        return T("Take {boat} for your village", boat=_tn(boat))
    b = st["boats"][boat]
    got = X.worker_list(b["workers"])
    k = sum(b["skills"].values())
    if k:
        got.append(X.good("skill", k))
    if not got:
        return T("Take {boat}: it is empty", boat=_tn(boat))
    return T("Take {boat}: {goods}", boat=_tn(boat), goods=got)


def _direction(d: int, tile: Text) -> Text:
    """Where a space lies seen from a tile, in words (d: a hexes.DIRS index)."""
    if d == 0:
        return T("north of {tile}", tile=tile)
    if d == 1:
        return T("north-east of {tile}", tile=tile)
    if d == 2:
        return T("south-east of {tile}", tile=tile)
    if d == 3:
        return T("south of {tile}", tile=tile)
    if d == 4:
        return T("south-west of {tile}", tile=tile)
    return T("north-west of {tile}", tile=tile)


def _space_words(eng, st, seat, hx):
    """An empty space of a village in words, seen from a neighbouring tile (the home tile
    when it is one): "north-east of Keywood"."""
    q, r = hexes.unkey(hx)
    vil = eng.village(st, seat)
    grid = hexes.grid(vil)
    home = st["players"][seat]["home"]
    near = []
    for d in range(6):
        nq, nr = hexes.neighbour(q, r, d)
        tid = grid.get(hexes.key(nq, nr))
        if tid:
            near.append((tid != home, data.name(tid), (d + 3) % 6, tid))
    if not near:
        return T("away from your village ({hex})", hex=hx)
    _, _, d, tid = min(near)
    return _direction(d, _tn(tid))


def _compass(d: int) -> Text:
    """A direction in words (d: a hexes.DIRS index)."""
    if d == 0:
        return T("north", context="direction")
    if d == 1:
        return T("north-east", context="direction")
    if d == 2:
        return T("south-east", context="direction")
    if d == 3:
        return T("south", context="direction")
    if d == 4:
        return T("south-west", context="direction")
    return T("north-west", context="direction")


def _rotation_label(eng, st, seat, rot):
    """A way to turn the tile being built: where its roads lead, and the neighbours they
    join."""
    pl = st["players"][seat]["placing"]
    tid = pl["tile"]
    q, r = hexes.unkey(pl["hex"])
    vil = eng.village(st, seat)
    grid = hexes.grid(vil)
    edges = hexes.edges_of(tid, rot)
    joined = []
    for d in range(6):
        nq, nr = hexes.neighbour(q, r, d)
        other = grid.get(hexes.key(nq, nr))
        if other and edges[d] == "R" and hexes.edges_of(other, vil[other]["rot"])[(d + 3) % 6] == "R":
            joined.append(_tn(other))
    roads = [_compass(d) for d in range(6) if edges[d] == "R"]
    if joined:
        return T("Turn {turn}: roads {dirs}, joining {tiles}", turn=rot + 1, dirs=roads,
                 tiles=joined)
    if roads:
        return T("Turn {turn}: roads {dirs}, joining no neighbour", turn=rot + 1, dirs=roads)
    return T("Turn {turn}", turn=rot + 1)


def _field_label(eng, st, seat, f, lower=False):
    fmap, cont = eng.field_contents(st, seat)
    tiles = sorted({n.split(":")[0] for n, g in fmap.items() if g == f})
    names = [_tn(t) for t in tiles[:3]]
    animals = X.goods(cont.get(f, {}))
    if animals:
        if lower:
            return T("field on {tiles} with {animals}", tiles=names, animals=animals)
        return T("Field on {tiles} with {animals}", tiles=names, animals=animals)
    if lower:
        return T("empty field on {tiles}", tiles=names)
    return T("Empty field on {tiles}", tiles=names)


def _prompt(eng, st, seat):
    ph = st["phase"]
    if ph == "over":
        return T("The game is over.")
    if seat not in eng.to_act(st):
        return T("Waiting for {players}.", players=eng.to_act(st))
    if ph == "winter_pick":
        return T("Choose the winter tiles you offer (at least one).")
    if ph == "boats":
        return T("Choose a boat.")
    if ph == "place":
        return T("Build your new tile into your village.")
    if ph == "flip":
        return T("Flipper: choose a tile to upgrade for free.")
    ctx = st["ctx"]
    if ctx is None:
        return T("{season}: bid, use a tile or pass.", season=T(eng.season_name(st).capitalize()))
    step = ctx["step"]
    if step == "target":
        return T("Which tile do you bid on?") if ctx["intent"] == "bid" else T("Which tile do you use?")
    if step in ("colour", "workers"):
        legal = eng.legal(st, seat)
        if any(a["type"] == "colour" for a in legal):
            return T("Which colour of workers for {tile}?", tile=_tn(ctx["tile"]))
        if any(a["type"] == "group" for a in legal):
            return T("Add your losing bids, then choose how many workers from your screen go "
                     "to {tile}.", tile=_tn(ctx["tile"]))
        if ctx["intent"] == "bid":
            return T("How do you bid on {tile}?", tile=_tn(ctx["tile"]))
        return T("How do you use {tile}?", tile=_tn(ctx["tile"]))
    k = ctx["queue"][0]["k"]
    if k == "transport":
        s = ctx["queue"][0]
        return T("Transport: {left} left.", left=[X.transport_points(s["pts"]), X.upgrades(s["ups"])])
    if k == "animal":
        return X.which_field(ctx["queue"][0]["sp"])
    if k == "pay":
        return T("Pay to use {tile}, or skip.", tile=_tn(ctx["tile"]))
    if k == "swap":
        return T("Which skill do you swap?")
    return T("Choose what you take.")


class KeyflowerEngine(KeyflowerEngine):  # noqa: F811 - add presentation to the rules class
    def view(self, st, seat):
        return _view(self, st, seat)

    def label(self, st, seat, action):
        return _label(self, st, seat, action)

    def prompt(self, st, seat):
        return _prompt(self, st, seat)

    def status(self, st):
        if st["phase"] == "over":
            return T("Game over.")
        phase = {"play": T("actions"), "winter_pick": T("choosing winter tiles"), "boats": T("taking boats"),
                 "place": T("building villages"), "flip": T("Flipper's free upgrade")}[st["phase"]]
        return T("{season} — {phase} — waiting for {players}.", season=T(self.season_name(st).capitalize()),
                 phase=phase, players=self.to_act(st))

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


ENGINE = KeyflowerEngine()
