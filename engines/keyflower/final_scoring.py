"""Keyflower: the end of the game — the Flipper's free upgrade, each player's allocation of
their items to their scoring tiles (the "allocate" phase: allocation.py suggests the best one,
the player accepts it or changes it step by step), the final scores and the outcome with its
tie-break."""
from __future__ import annotations

import json

from engines.base import Outcome, T, public

from .data import COLOURS, RESOURCES, SKILLS, TILES
from . import texts as X
from .common import _tn
from .view import _field_label as view_field_label
from .allocation import (KINDS, WHEAT, _allowed, _pool_items, best_allocation,
                         position, score_allocation)


class FinalScoringMixin:
    """The Flipper, the final scoring and the outcome."""

    def _flip_targets(self, st, seat):
        return [tid for tid, t in sorted(self.village(st, seat).items())
                if not t["up"] and TILES[tid].get("back") is not None]

    def _do_flip(self, st, seat, action, events):
        if action["type"] == "flip":
            st["tiles"][action["tile"]]["up"] = True
            events.append(public("{player} flips {tile} for free (Flipper).", player=seat, tile=_tn(action["tile"])))
        self._final(st, events)

    def _final(self, st, events):
        """The end of winter: every player allocates their items to their scoring tiles at
        once (the "allocate" phase); a player whose items allow only one allocation is not
        asked. The game ends when everyone has confirmed."""
        panel = {}
        for s in st["seats"]:
            pos = position(self, st, s)
            best = best_allocation(pos)
            alloc = {k: _jcopy(best[k]) for k in ("purple", "weaver_hold", "tiles")}
            panel[s] = {"best": alloc, "best_total": best["total"], "cur": _jcopy(alloc), "hist": [],
                        "step": None, "done": not _has_choice(pos)}
        st["allocate"] = panel
        if all(v["done"] for v in panel.values()):
            self._score_final(st, events)
        else:
            st["phase"] = "allocate"

    def _score_final(self, st, events):
        st["phase"] = "over"
        res = {}
        for s in st["seats"]:
            pos = position(self, st, s)
            pan = st["allocate"][s]
            alloc = pan["cur"]
            sc = score_allocation(pos, alloc)
            res[s] = {"total": sc["total"], "breakdown": sc["breakdown"], "purple": alloc["purple"],
                      "weaver_hold": alloc["weaver_hold"], "tiles": _jcopy(alloc["tiles"]),
                      "tiles_vp": sc["tiles"], "suggested_total": pan["best_total"]}
        st["result"] = res
        for s in st["seats"]:
            events.append(public("{player} scores {n} point.", kind="scoring",
                                 plural="{player} scores {n} points.", player=s,
                                 n=res[s]["total"], data={"breakdown": res[s]["breakdown"]}))
        o = self.outcome(st)
        events.append(public("The game is over. Winner: {winners}.", kind="game_end",
                             plural="The game is over. Winners: {winners}.", n=len(o.winners),
                             winners=list(o.winners), data={"scores": o.scores}))

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


def _jcopy(x):
    return json.loads(json.dumps(x))


def _has_choice(pos) -> bool:
    """Whether the player may have more than one allocation, judged from what the other
    players know too (the number of workers and of skills, never their colours and types,
    the resources, the wheat, the tiles): whether a player is asked must not tell the table
    anything about the screen. False only when no item can go anywhere, the purple marker is
    not theirs and no shelter sheep can be held back: then the only allocation is the empty
    one."""
    if pos.purple or len(pos.hold_options()) > 1:
        return True
    nw, ns = sum(pos.workers.values()), sum(pos.skills.values())
    for t in pos.tiles:
        ok = _allowed(t, pos.boat3b, pos.boat5b)
        if nw and ok & set(COLOURS) or ns and ok & set(SKILLS):
            return True
        if any(pos.resources.get(r, 0) for r in ok & set(RESOURCES)) or (pos.wheat and WHEAT in ok):
            return True
    return False


def _item(k: str, n: int, obj: bool = False):
    """"1 green worker", "2 wood", "1 anvil": an amount of one kind of pool item (``obj``:
    as the object of a verb)."""
    return X.workers(k, n, obj) if k in COLOURS else X.good(k, n, obj)


def _items(c: dict) -> list:
    return [_item(k, c[k]) for k in KINDS if c.get(k)]


class AllocatePanelMixin:
    """The "allocate" phase: each player's own allocation of their items and the purple marker
    to their scoring tiles (rules: "as they wish"). The suggestion is allocation.py's optimum;
    a player accepts it or changes it one item at a time (each state scored by
    score_allocation, every reachable state legal), with Back undoing the last change. Which
    step a player is in never shows to the others (the view shows only who has confirmed)."""

    def _alloc_options(self, st, seat):
        pan = st["allocate"][seat]
        pos = position(self, st, seat)
        cur, step = pan["cur"], pan["step"]
        back = [{"type": "alloc_back"}] if pan["hist"] else []
        if step is None:
            out = [{"type": "alloc_accept"}]
            if cur != pan["best"]:
                out.append({"type": "alloc_done"})
            out += back
            out += [{"type": "alloc_tile", "tile": t} for t in sorted(pos.tiles)
                    if self._alloc_changes(pos, cur, t)]
            if pos.purple:
                out.append({"type": "alloc_purple", "path": []})
            if len(pos.hold_options()) > 1:
                out.append({"type": "alloc_hold"})
            return out
        accept = [{"type": "alloc_accept"}]      # at every step: the AI's and the timer's move
        if step["k"] == "tile":
            return accept + self._alloc_changes(pos, cur, step["tile"]) + back + [{"type": "alloc_menu"}]
        path = step["path"]
        now = tuple(cur["purple"]) if cur["purple"] else None
        out, groups = list(accept), {}
        for d in pos.purple_options():
            if d == now or (d is None and path) or (d is not None and list(d[:len(path)]) != path):
                continue
            if d is None:
                out.append({"type": "alloc_declare", "decl": None})
                continue
            groups.setdefault(d[len(path)], []).append(d)
        for key, ds in groups.items():
            if len(ds) == 1:
                out.append({"type": "alloc_declare", "decl": list(ds[0])})
            else:
                out.append({"type": "alloc_purple", "path": path + [key]})
        return out + [{"type": "alloc_menu"}]

    def _alloc_declare(self, st, seat, cur, decl):
        """Declare the purple marker; the item it counted as before comes off a tile that
        held it if none is left free (every state stays legal)."""
        cur["purple"] = decl
        free = self._alloc_free(position(self, st, seat), cur)
        for k in KINDS:
            for tile in sorted(cur["tiles"]):
                items = cur["tiles"][tile]
                while free[k] < 0 and items.get(k, 0) > 0:
                    items[k] -= 1
                    free[k] += 1
                if not items.get(k, 1):
                    del items[k]
        cur["tiles"] = {t: c for t, c in cur["tiles"].items() if c}

    @staticmethod
    def _alloc_free(pos, cur):
        have = _pool_items(pos, tuple(cur["purple"]) if cur["purple"] else None)
        for items in cur["tiles"].values():
            for k, n in items.items():
                have[k] -= n
        return have

    def _alloc_changes(self, pos, cur, tile):
        """One item more or one fewer on a tile: the changes that keep the allocation legal."""
        ok = _allowed(tile, pos.boat3b, pos.boat5b)
        free = self._alloc_free(pos, cur)
        on = cur["tiles"].get(tile, {})
        out = []
        for k in KINDS:
            if k in ok and free[k] > 0:
                out.append({"type": "alloc_add", "tile": tile, "kind": k})
            if on.get(k, 0) > 0:
                out.append({"type": "alloc_take", "tile": tile, "kind": k})
        return out

    def _do_allocate(self, st, seat, action, events):
        pan = st["allocate"][seat]
        t = action["type"]
        cur = pan["cur"]
        if t in ("alloc_accept", "alloc_done"):
            if t == "alloc_accept":
                pan["cur"] = _jcopy(pan["best"])
            pan["done"], pan["step"] = True, None
            events.append(public("{player} has confirmed their final allocation.", player=seat))
            if all(v["done"] for v in st["allocate"].values()):
                self._score_final(st, events)
            return
        if t == "alloc_back":
            pan["cur"] = pan["hist"].pop()
            return
        if t == "alloc_menu":
            pan["step"] = None
            return
        if t == "alloc_tile":
            pan["step"] = {"k": "tile", "tile": action["tile"]}
            return
        if t == "alloc_purple":
            pan["step"] = {"k": "purple", "path": list(action["path"])}
            return
        pan["hist"].append(_jcopy(cur))
        if t == "alloc_declare":
            self._alloc_declare(st, seat, cur, action["decl"])
            pan["step"] = None
        elif t == "alloc_hold":
            cur["weaver_hold"] = not cur["weaver_hold"]
        else:
            items = cur["tiles"].setdefault(action["tile"], {})
            k = action["kind"]
            items[k] = items.get(k, 0) + (1 if t == "alloc_add" else -1)
            if not items[k]:
                del items[k]
            if not items:
                del cur["tiles"][action["tile"]]
            cur["tiles"] = dict(sorted(cur["tiles"].items()))

    def _alloc_total(self, st, seat):
        return score_allocation(position(self, st, seat), st["allocate"][seat]["cur"])["total"]

    def _decl_words(self, st, seat, d):
        """The purple marker's declaration as words: "unused", "1 anvil", "Barn"…"""
        if not d:
            return T("unused", context="the purple marker")
        if d[0] in ("worker", "skill", "res"):
            return _item(d[1], 1)
        if d[0] == "wheat":
            return _item(WHEAT, 1)
        if d[0] == "tile":
            return _tn(d[1])
        return T("{goods} in the {field}", goods=_item(d[1], 1),
                 field=view_field_label(self, st, seat, d[2], lower=True))

    def _alloc_label(self, st, seat, a):
        pan = st["allocate"][seat]
        t = a["type"]
        if t == "alloc_accept":
            return T("Accept the suggestion: {n} point", plural="Accept the suggestion: {n} points",
                     n=pan["best_total"])
        if t == "alloc_done":
            return T("Confirm your allocation: {n} point", plural="Confirm your allocation: {n} points",
                     n=self._alloc_total(st, seat))
        if t == "alloc_back":
            return T("Back: undo the last change")
        if t == "alloc_menu":
            return T("Back to the whole allocation")
        if t == "alloc_tile":
            if _items(pan["cur"]["tiles"].get(a["tile"], {})):
                return T("Change {tile}", tile=_tn(a["tile"]))
            return T("Change {tile} (empty now)", tile=_tn(a["tile"]))
        if t == "alloc_add":
            return T("Add {goods}", goods=_item(a["kind"], 1, obj=True))
        if t == "alloc_take":
            return T("Take off {goods}", goods=_item(a["kind"], 1, obj=True))
        if t == "alloc_hold":
            if pan["cur"]["weaver_hold"]:
                return T("Put the held-back sheep on the Sheep shelter again")
            return T("Hold a sheep back from the Sheep shelter for its field (Weaver)")
        if t == "alloc_declare":
            d = a["decl"]
            if not d:
                return T("Do not use the purple marker")
            if d[0] == "tile":
                return T("Put the purple marker on {tile}", tile=_tn(d[1]))
            return T("Count the purple marker as {what}", what=self._decl_words(st, seat, d))
        path = a["path"]
        if not path:
            return T("Change the purple marker")
        if len(path) == 2:        # an animal species, then its field
            return T("As {goods} in a field of your choice", goods=_item(path[1], 1))
        return {"worker": T("As a worker of the colour of your choice"),
                "skill": T("As a skill tile of your choice"),
                "res": T("As a resource of your choice"),
                "tile": T("On an autumn scoring tile of your choice"),
                "animal": T("As an animal of your choice")}.get(path[0]) or T("Unknown choice")

    def _alloc_detail(self, st, seat, a):
        """What a tile of the allocation, or the purple marker, holds now (the labels name
        them only)."""
        pan = st["allocate"][seat]
        if a["type"] == "alloc_tile":
            items = _items(pan["cur"]["tiles"].get(a["tile"], {}))
            return T("Now: {items}", items=items) if items else None
        if a["type"] == "alloc_purple" and not a["path"]:
            return T("Now: {what}", what=self._decl_words(st, seat, pan["cur"]["purple"]))
        return None

    def _alloc_prompt(self, st, seat):
        pan = st["allocate"][seat]
        n = self._alloc_total(st, seat)
        step = pan["step"]
        if step is None:
            if pan["cur"] == pan["best"]:
                return T("End of the game: the suggested allocation of your items to your scoring "
                         "tiles scores {n} point. Accept it, or change it step by step.",
                         plural="End of the game: the suggested allocation of your items to your "
                                "scoring tiles scores {n} points. Accept it, or change it step by step.",
                         n=n)
            return T("Your allocation scores {n} point (the suggestion: {best}). Confirm it, "
                     "undo a change or change more.",
                     plural="Your allocation scores {n} points (the suggestion: {best}). Confirm "
                            "it, undo a change or change more.", n=n, best=pan["best_total"])
        if step["k"] == "tile":
            items = _items(pan["cur"]["tiles"].get(step["tile"], {}))
            if items:
                return T("{tile} holds {items}. Your allocation scores {n} point.",
                         plural="{tile} holds {items}. Your allocation scores {n} points.",
                         tile=_tn(step["tile"]), items=items, n=n)
            return T("{tile} is empty. Your allocation scores {n} point.",
                     plural="{tile} is empty. Your allocation scores {n} points.",
                     tile=_tn(step["tile"]), n=n)
        return T("The purple marker now counts as: {what}. Your allocation scores {n} point.",
                 plural="The purple marker now counts as: {what}. Your allocation scores {n} points.",
                 what=self._decl_words(st, seat, pan["cur"]["purple"]), n=n)
