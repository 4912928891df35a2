"""Keyflower: the effect of a used tile — choices, payments, skill swaps, animals placed
one at a time, production; the transport itself is in transport.py."""
from __future__ import annotations

from engines.base import private, public

from . import fields
from . import texts as X
from .data import ANIMALS, COLOURS, RESOURCES, SKILLS
from .common import _event, _qty


class UsesMixin:
    """The effect steps of a use."""

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
                    # a losing bid pays as a whole: its workers all go into the bag together
                    for g, _, n in self._losing_groups(st, seat, c):
                        out.append({"type": "pay", "from": g, "colour": c, "n": n})
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
            if step["k"] == "transport":
                if self._transport_only_end(st, seat, step) and not self._upgrade_conceivable(st, seat, step):
                    ctx["queue"].pop(0)
                    continue
                return
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
                    paid = 1
                else:               # the whole losing bid: its workers stay together
                    paid = self._take_group(st, seat, action["from"])
                events.append(_event(X.says_pay(c, seat, paid)))
                # the paid workers join the bag only after the draw (Tavern: they cannot be redrawn)
                self._gain(st, seat, step["gain"], ctx["target"], events)
                st["bag"][c] += paid
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
