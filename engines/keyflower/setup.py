"""Keyflower: setting up the game and each season (boats refilled, season tiles dealt,
the winter tiles chosen and revealed)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engines.base import IllegalAction, T, public, rng

from . import data
from .data import COLOURS, SKILLS, TILES
from .common import _tn, _w0


class SetupMixin:
    """Game setup, the start of each season and the winter-tile choice."""

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
            "players": {}, "pools": {}, "ctx": None, "pages": {}, "end": None, "breed": None,
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

    def _start_season(self, st, events):
        season = self.season_name(st)
        n = len(st["seats"])
        st["site"] = {}
        st["passes"] = 0
        st["ctx"] = None
        st["pages"] = {}
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
