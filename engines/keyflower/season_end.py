"""Keyflower: the end of a season — bids resolved, won tiles collected, turn-order tiles
and boats, bonuses, breeding, and building the won tiles into the villages."""
from __future__ import annotations

from engines.base import T, public

from . import data, fields, hexes
from . import texts as X
from .data import ANIMALS, RESOURCES, SKILLS, TILES
from .common import _event, _qty, _tn, _w0


class SeasonEndMixin:
    """Everything from the last pass of a season to the start of the next one."""

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
                     "to_won": {tid: w for tid, w in to_holders if w}, "animals": [],
                     "stage": "tiles" if self._tiles_first(st) else "boats"}
        st["site"] = {}
        if st["end"]["stage"] == "tiles":
            # Greek rulebook: the won village tiles are taken and placed before the turn-order
            # tiles and boats are resolved (and so before breeding)
            self._begin_place(st, events)
            return
        st["phase"] = "boats"
        self._run_boats(st, events)

    @staticmethod
    def _tiles_first(st):
        """The table's end-of-season order: the Greek rulebook's (won tiles placed, then boats,
        then breeding) or the older one (boats, breeding, then the tiles). A game saved before
        the option existed keeps the older order it started with."""
        return st["opts"].get("season_end", "boats_first") == "greek"

    def _boats_left(self, st):
        return [b for b in data.BOAT_ORDER if b in st["boats"] and st["boats"][b]["owner"] is None]

    def _run_boats(self, st, events):
        """Resolve the boat queue until a player has a real choice to make."""
        end = st["end"]
        seats = st["seats"]
        n = len(seats)
        while True:
            if end.get("animals"):      # animals of a bonus, placed by their owner one by one
                if self._settle_bonus_animal(st, events):
                    return  # a decision is awaited
                continue
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
            # turn-order tiles stay; boats are emptied. Breeding comes after the boats (and
            # their animals) in both orders
            st["end"] = None
            if not self._breed(st, events):
                return  # a player short of newborns chooses their fields
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
                self._bonus(st, seat, TILES[tid]["bonus"], events, tid)
        # summer boats owned
        for face in sorted(self.faces(st, seat)):
            bonus = data.SUMMER_BOAT_FACES[face].get("bonus")
            if bonus:
                self._bonus(st, seat, bonus, events, face)

    def _bonus(self, st, seat, bonus, events, key):
        """A turn-order tile's or summer boat's bonus (key: the tile id or the boat face)."""
        p = st["players"][seat]
        src = self._src_name(key)
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
                self._auto_animal(st, seat, k, v, events, key)

    def _auto_animal(self, st, seat, sp, n, events, src):
        """Animals of a bonus (6b, turn-order tiles): queued, then placed by the player, one
        at a time, into a field of their choice touching the home tile (automatic only when one
        field fits). ``src`` is the tile id or summer-boat face that gives them."""
        for _ in range(n):
            st["end"]["animals"].append({"seat": seat, "sp": sp, "src": src})

    @staticmethod
    def _src_name(src):
        if src in data.SUMMER_BOAT_FACES:
            return T(data.SUMMER_BOAT_FACES[src]["name"])
        return _tn(src)

    def _bonus_fields(self, st, seat, sp):
        fmap, cont = self.field_contents(st, seat)
        mixed = "5a" in self.faces(st, seat)
        home = st["players"][seat]["home"]
        return [f for f in fields.touching(fmap, home) if fields.accepts(cont[f], sp, mixed)]

    def _settle_bonus_animal(self, st, events):
        """Resolve the first queued bonus animal if nobody has a choice to make (none left, no
        field, one field); True when its owner must choose the field."""
        a = st["end"]["animals"][0]
        seat, sp = a["seat"], a["sp"]
        if st["supply"][sp] <= 0:
            events.append(_event(X.none_left(sp)))
            st["end"]["animals"].pop(0)
            return False
        opts = self._bonus_fields(st, seat, sp)
        if not opts:
            events.append(_event(X.no_field_for(sp, seat, self._src_name(a["src"]))))
            st["end"]["animals"].pop(0)
            return False
        if len(opts) == 1:
            self._put_bonus_animal(st, opts[0], events)
            return False
        return True

    def _put_bonus_animal(self, st, field, events):
        a = st["end"]["animals"].pop(0)
        st["supply"][a["sp"]] -= 1
        self.add_animal(st, field, a["sp"])
        events.append(public("{player} gets {goods} from {src}.", player=a["seat"],
                             goods=_qty(a["sp"], 1), src=self._src_name(a["src"]),
                             data={"field": field}))

    def _breed(self, st, events):
        """Breeding (not in winter): every field with 2 or more animals of one species (any
        species with 5a) gains one. Players go in marker order, each taking all their newborns
        before the next; when a species runs short, the player chooses which of their fields
        get the newborns left (one at a time). True when breeding is over, False while a
        player has that choice to make (phase "breed")."""
        if not st["opts"]["farmers"]:
            return True
        seats = st["seats"]
        n = len(seats)
        st["breed"] = {"queue": [seats[(st["start"] + i) % n] for i in range(n)], "due": None}
        return self._run_breed(st, events)

    def _newborns_due(self, st, seat):
        """{species: [fields]} of the fields of a seat that breed."""
        mixed = "5a" in self.faces(st, seat)
        _, cont = self.field_contents(st, seat)
        due = {a: [] for a in ANIMALS}
        for f in sorted(cont):
            c = cont[f]
            present = [a for a in ANIMALS if c[a] > 0]
            for a in ANIMALS:
                if c[a] >= 2 and (len(present) == 1 or mixed):
                    due[a].append(f)
        return due

    def _run_breed(self, st, events):
        br = st["breed"]
        while br["queue"]:
            seat = br["queue"][0]
            if br["due"] is None:
                br["due"] = self._newborns_due(st, seat)
            for a in ANIMALS:
                fs = br["due"][a]
                if not fs:
                    continue
                if st["supply"][a] <= 0:
                    fs.clear()
                    continue
                if st["supply"][a] < len(fs):
                    st["phase"] = "breed"
                    return False      # the player picks the fields that get the newborns
                for f in list(fs):
                    self._newborn(st, seat, a, f, events)
            br["queue"].pop(0)
            br["due"] = None
        st["breed"] = None
        return True

    def _newborn(self, st, seat, a, f, events):
        st["supply"][a] -= 1
        self.add_animal(st, f, a)
        st["breed"]["due"][a].remove(f)
        events.append(_event(X.born(a, seat), data={"field": f}))

    def _breed_pick(self, st):
        """(seat, species, fields) of the pending newborn choice."""
        br = st["breed"]
        for a in ANIMALS:
            if br["due"][a]:
                return br["queue"][0], a, list(br["due"][a])
        return None

    def _do_breed(self, st, seat, action, events):
        _, a, _ = self._breed_pick(st)
        self._newborn(st, seat, a, action["field"], events)
        if st["supply"][a] <= 0:
            st["breed"]["due"][a] = []
        if self._run_breed(st, events):
            self._begin_place(st, events)

    def _begin_place(self, st, events):
        st["phase"] = "place"
        if not any(st["players"][s]["won"] for s in st["seats"]):
            self._after_place(st, events)

    def _after_place(self, st, events):
        end = st.get("end")
        if end and end.get("stage") == "tiles":
            # Greek order: the tiles are built; now the turn-order tiles and boats
            end["stage"] = "boats"
            st["phase"] = "boats"
            self._run_boats(st, events)
            return
        if self.season_name(st) == "winter":
            owner = st["tiles"].get("flipper", {}).get("owner") if "flipper" in st["tiles"] else None
            if owner and self._flip_targets(st, owner):
                st["phase"] = "flip"
                return
            self._final(st, events)
            return
        st["season"] += 1
        self._start_season(st, events)

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
            # the rotations at the chosen hex (the action came from the hexes offered: none
            # fits there only when none fits anywhere, and then every rotation is allowed)
            hq, hr = hexes.unkey(pl["hex"])
            rots = (hexes.legal_rotations(self.village(st, seat), pl["tile"], hq, hr,
                                          "2a" in self.faces(st, seat)) or list(range(6)))
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
