"""Keyflower: helpers shared by every phase (counted texts, the worker colours, state
access: villages, fields, the bag and the skill pile)."""
from __future__ import annotations

from itertools import combinations

from engines.base import Event, T, Text, private, rng

from . import data, fields
from . import texts as X
from .data import ANIMALS, COLOURS, RESOURCES, SKILLS, TILES


PAGE = 23  # options per page when a list is longer than 25


def page_of(st, seat: str) -> int:
    """The page of choices ``seat`` is looking at. Each seat has its own: in winter two
    players choose at once, and one turning a page must not move the other's buttons."""
    pages = st.get("pages")
    if pages is None:        # stored before each seat had its own: the one page then shared
        return st.get("page", 0)
    return pages.get(seat, 0)


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


class StateMixin:
    """Reading and changing the state every phase shares: villages, fields and animals,
    the bag, the skill pile, the screens."""

    @staticmethod
    def _tile_rec(owner, pos=None, rot=0):
        return {"owner": owner, "pos": pos, "rot": rot, "up": False,
                "res": {k: 0 for k in RESOURCES}, "animals": {}, "shelter": 0, "face": None}

    def _add_tile(self, st, tid, owner, pos, rot):
        st["tiles"][tid] = self._tile_rec(owner, pos, rot)

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
        got = _draw_from(st["bag"], COLOURS, n, rng(st))
        for c in COLOURS:
            st["players"][seat]["workers"][c] += got[c]
        k = sum(got.values())
        if events is not None and k:
            events.append(private(seat, "You drew {blue} blue, {red} red, {yellow} yellow and {green} green.",
                                  **got))
        return k

    def _draw_skills(self, st, n):
        return _draw_from(st["pile"], SKILLS, n, rng(st))

    def _to_bag(self, st, workers: dict):
        for c in COLOURS:
            st["bag"][c] += workers.get(c, 0)

    def _to_screen(self, st, seat, workers: dict):
        for c in COLOURS:
            st["players"][seat]["workers"][c] += workers.get(c, 0)


def _draw_from(pool: dict, kinds, n: int, r) -> dict:
    """n items drawn one at a time at random from a pool of counts (the bag of workers, the
    pile of skill tiles); fewer when it runs out. Returns the count drawn of each kind."""
    got = {k: 0 for k in kinds}
    for _ in range(n):
        total = sum(pool.values())
        if total == 0:
            break
        x = r.randrange(total)
        for k in kinds:
            if x < pool[k]:
                pool[k] -= 1
                got[k] += 1
                break
            x -= pool[k]
    return got
