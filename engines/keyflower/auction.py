"""Keyflower: placing workers — bids and uses. Which tiles take workers now, every
complete way to place them (colour, losing bids moved along, workers from the screen), the
step-by-step menus, and committing a placement."""
from __future__ import annotations

from engines.base import IllegalAction, public

from . import data
from . import texts as X
from .data import COLOURS, TILES
from .common import _event, _subsets, _tn, _w0


class AuctionMixin:
    """Bids and uses: availability, the menus and the commit."""

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
        return (any(self._av(tab, c) >= need and self._use_fits(st, seat, c, need, room)
                    for c in self._use_colours(st, seat, tid, faces))
                or self._mixed_ok(st, seat, tid, faces))

    def _mixed_ok(self, st, seat, tid, faces=None):
        """Boat 4b: "more than one different colour at the same time on a tile that already
        has a colour". Offered when the tile has a colour this season, the seat holds workers
        of two colours or more (screen and losing bids), and whole losing bids plus screen
        workers can make a legal number."""
        faces = self.faces(st, seat) if faces is None else faces
        site = st["site"].get(tid)
        if "4b" not in faces or not site or site["colour"] is None:
            return False
        need, room = self._use_need(st, tid)
        if need > room:
            return False
        screen = st["players"][seat]["workers"]
        groups = self._losing_groups(st, seat)
        colours = {c for c in COLOURS if screen[c]} | {c for _, c, _ in groups}
        if len(colours) < 2:
            return False
        return self._fits([n for _, _, n in groups], sum(screen.values()), 0, need, room)

    def _mixed_options(self, st, seat, ctx):
        """The mixed-colour worker step (4b): add whole losing bids of any colour and screen
        workers of any colour one by one, then place them."""
        tid = ctx["tile"]
        need, room = self._use_need(st, tid)
        lo = max(need, 1)
        screen = st["players"][seat]["workers"]
        groups = self._losing_groups(st, seat)
        have = sum(n for g, _, n in groups if g in ctx["groups"]) + sum(ctx["mix"].values())
        left = {c: screen[c] - ctx["mix"].get(c, 0) for c in COLOURS}
        free = [(g, n) for g, _, n in groups if g not in ctx["groups"]]
        out = []
        for g, n in free:
            rest = [m for h, m in free if h != g]
            if have + n <= room and self._fits(rest, sum(left.values()), have + n, need, room):
                out.append({"type": "group", "tile": g})
        for c in COLOURS:
            if left[c] > 0 and have + 1 <= room:
                out.append({"type": "add", "colour": c})
        if have >= lo:
            out.append({"type": "mix_done"})
        return out

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

    def _play_options(self, st, seat):
        """The choices of a turn in the action phase: the main menu, then the steps of a bid
        or a use (target, colour, workers) and the effect steps of a use."""
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
                one = len(ways) == 1 and not (ctx["intent"] == "use" and self._mixed_ok(st, seat, t))
                out.append(self._way_action(ways[0], tile=t) if one else {"type": "tile", "tile": t})
            return out + [{"type": "cancel"}]
        if step == "colour":
            mixed = ([{"type": "mixed"}] if ctx["intent"] == "use"
                     and self._mixed_ok(st, seat, ctx["tile"]) else [])
            ways = self._ways(st, seat, ctx["intent"], ctx["tile"], limit=24 - len(mixed))
            if len(ways) <= 24 - len(mixed):    # colour, losing bids and screen in one select
                return [self._way_action(w, colour=True) for w in ways] + mixed + [{"type": "cancel"}]
            return ([{"type": "colour", "colour": c} for c in self._colour_choices(st, seat, ctx)]
                    + mixed + [{"type": "cancel"}])
        if step == "mixed":
            return self._mixed_options(st, seat, ctx) + [{"type": "cancel"}]
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
            mixed = ([{"type": "mixed", "tile": t}] if intent == "use"
                     and self._mixed_ok(st, seat, t, faces) else [])
            if len(out) + len(ways) + len(mixed) > limit:
                return None
            out += [self._way_action(w, intent=intent, tile=t) for w in ways] + mixed
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
        if t == "mixed":            # 4b: workers of several colours, step by step
            if ctx is None:
                ctx = st["ctx"] = {"intent": "use", "where": None}
            ctx.update(step="mixed", tile=action.get("tile") or ctx["tile"], groups=[],
                       colour=None, mix={})
            return
        if t == "add":
            ctx["mix"][action["colour"]] = ctx["mix"].get(action["colour"], 0) + 1
            return
        if t == "mix_done":
            self._commit_mixed(st, seat, ctx, events)
            return
        if t == "tile":
            ctx.update(tile=action["tile"], groups=[], colour=None)
            cols = self._colour_choices(st, seat, ctx)
            if len(cols) == 1 and not (ctx["intent"] == "use" and self._mixed_ok(st, seat, ctx["tile"])):
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

    def _shelter(self, st, seat, events):
        fmap, _ = self.field_contents(st, seat)
        f = fmap["sheep_shelter:0"]
        for node, c in sorted(self.animals_by_node(st, seat).items()):
            if fmap.get(node) == f and c.get("sheep", 0) > 0:
                self.add_animal(st, node, "sheep", -1)
                st["tiles"]["sheep_shelter"]["shelter"] += 1
                events.append(public("{player} puts a sheep on the Sheep shelter.", player=seat))
                return

    def _refuse_split(self, st, seat, action):
        """The Greek Farmers clarifications: the workers of a lost bid "must all remain
        together". An action that takes only part of a losing bid (to pay, bid or use) is
        refused with the reason, not just as an unknown choice."""
        if not isinstance(action, dict) or st["phase"] != "play":
            return
        g = action.get("from") if action.get("type") == "pay" and "skill" not in action else None
        if g in (None, "screen"):
            return
        site = st["site"].get(g)
        bid = site["bids"].get(seat) if site else None
        if bid is None or self._winner(site) == seat:
            return
        if action.get("n") != bid["n"]:
            raise IllegalAction("The workers of a lost bid stay together: your bid on {tile} "
                                "moves as a whole, all {n} worker.",
                                plural="The workers of a lost bid stay together: your bid on "
                                       "{tile} moves as a whole, all {n} workers.",
                                tile=_tn(g), n=bid["n"])

    def _mixed_so_far(self, st, seat):
        """Workers gathered so far in the 4b mixed step, per colour."""
        ctx = st["ctx"]
        placed = {c: 0 for c in COLOURS}
        for g in ctx["groups"]:
            b = st["site"][g]["bids"][seat]
            placed[b["colour"]] += b["n"]
        for c, k in ctx["mix"].items():
            placed[c] += k
        return placed

    def _commit_mixed(self, st, seat, ctx, events):
        """Place a 4b use of several colours: whole losing bids and screen workers."""
        tid = ctx["tile"]
        site = self._site(st, tid)
        placed = {c: 0 for c in COLOURS}
        for g in ctx["groups"]:
            c = st["site"][g]["bids"][seat]["colour"]
            placed[c] += self._take_group(st, seat, g)
        for c, k in ctx["mix"].items():
            st["players"][seat]["workers"][c] -= k
            placed[c] += k
        total = sum(placed.values())
        site["uses"].append(total)
        for c in COLOURS:
            site["on"][c] += placed[c]
        events.append(public("{player} uses {tile} with workers of several colours: {workers}.",
                             player=seat, tile=_tn(tid), workers=X.worker_list(placed),
                             data={"workers": placed}))
        self._start_effect(st, seat, tid, events)
