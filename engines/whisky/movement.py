"""Movement (rules 4): the ready decision (roll, Luck of the Irish, sail, end), die rolls
and their modifiers, the fields a move may end on, walking a path (ingredients collected on
the way), flights and country changes (rules 5.7, 5.8)."""
from __future__ import annotations

from engines.base import public, rng, T

from . import data as D


_DEST_CACHE: dict[tuple, list[dict]] = {}


class Movement:
    """Rolls, routes and travel (mixin of WhiskyEngine)."""

    def _ch_ready(self, state, seat, p, dec):
        t = state["turn"]
        out = []
        can_move = t["moves"] > 0 and not t["ended"]
        if can_move:
            out.append({"type": "roll"})
            if "luck_irish" in p["hand"]:
                out.append({"type": "play", "card": "luck_irish"})
        if t["can_sail"] and not t["moved"] and not t["ended"] and D.FIELDS[p["pos"]]["type"] == "port":
            for s in D.ports_routes(p["pos"]):
                out.append({"type": "sail", "route": s})
        if self._can_jump(state, seat):
            out.append({"type": "jump"})
        for card in sorted(set(p["hand"])):
            if card in D.ANYTIME_CARDS and self._card_targets(state, seat, card) is not None:
                out.append({"type": "play", "card": card})
        if self._pour_targets(state, seat):
            out.append({"type": "pour"})
        if not (can_move and t["must_roll"]):
            out.append({"type": "end"})
        return out

    def _do_ready(self, state, seat, dec, a, ev):
        p = self._p(state, seat)
        t = state["turn"]
        typ = a["type"]
        if typ == "end":
            self._pop(state, dec)
            t["over"] = True
            return
        if typ == "sail":
            self._pop(state, dec)
            route = D.SEA_ROUTES[a["route"]]
            other = [x for x in route["ports"] if x != p["pos"]][0]
            p["travel"] = {"kind": "sea", "route": a["route"], "to": other}
            p["pos"] = a["route"]
            t["ended"] = True
            ev.append(public("{player} sets sail on {sea} towards {place}.", player=seat,
                             sea=self._fname(a["route"]), place=self._fname(other)))
            return
        if typ == "pour":
            self._pop(state, dec)
            self._push(state, "victim", seat, purpose="pour", targets=self._pour_targets(state, seat))
            return
        if typ == "jump":   # Nick Savage; the turn goes on from Bladnoch
            self._pop(state, dec)
            self._jump(state, seat, ev)
            return
        if typ == "play" and a["card"] != "luck_irish":
            self._pop(state, dec)
            self._play_anytime(state, seat, a["card"], ev)
            return
        # a move: roll or Luck of the Irish
        self._pop(state, dec)
        if not t["bonus_checked"]:
            t["bonus_checked"] = True
            ch = D.CHARACTERS[p["character"]]
            if ch["kind"] == "double_move" and D.country(p["pos"]) == ch["country"]:
                t["moves"] += 1
                ev.append(public("{player} may move twice this turn ({character}).",
                                 player=seat, character=T(ch["name"])))
        t["moves"] -= 1
        t["must_roll"] = False
        t["moved"] = True
        luck = typ == "play"
        if luck:
            p["hand"].remove("luck_irish")
            self._discard(state, "luck_irish")
            value = 10
            ev.append(public("{player} plays Luck of the Irish: 10 fields in one direction.",
                             player=seat))
        else:
            value = self._roll_value(state, seat, t, ev)
        self._offer_move(state, seat, value, luck, ev)

    def _roll_value(self, state, seat, t, ev) -> int:
        p = self._p(state, seat)
        face = rng(state).randint(1, 6)
        p["last_roll"] = face
        value = face
        notes = []
        six_extra = face == 6 and state["options"]["six_rolls_again"]
        if p["hangover"]:
            if face == 6:
                value = 4
                p["hangover"] = False
                self._discard(state, "hangover")
                six_extra = False
                notes.append("hangover over")
            else:
                value = max(0, face - 2)
                notes.append("hangover -2")
        if D.CHARACTERS[p["character"]]["kind"] == "plus_five" and D.country(p["pos"]) == "IE":
            value += 5
            notes.append("John Jameson +5")
        if p["carriage"]:
            value += 2
            notes.append("carriage +2")
        if p["truck"]:
            value *= 2
            notes.append("truck x2")
        if six_extra:
            t["moves"] += 1
        ev.append(public("{player} rolls {face} and moves {n} field.",
                         plural="{player} rolls {face} and moves {n} fields.", kind="log",
                         data={"face": face, "value": value, "mods": notes},
                         player=seat, face=face, n=value))
        if six_extra:
            ev.append(public("A six: {player} may roll again after this move.", player=seat))
        return value

    def _offer_move(self, state, seat, value, luck, ev):
        p = self._p(state, seat)
        if value <= 0:
            ev.append(public("{player} stays in {place}.", player=seat, place=self._fname(p["pos"])))
            return
        opts = self.destinations(state, seat, value, luck)
        if not opts and p["prohibition"]:
            # every field where the move could end is closed to them: the figure stays
            ev.append(public("Prohibition: every field where the move of {player} could end is a "
                             "distillery, lost distillery or pub, so the figure stays in {place}.",
                             player=seat, place=self._fname(p["pos"])))
            return
        if not opts:
            ev.append(public("{player} stays in {place}.", player=seat, place=self._fname(p["pos"])))
            return
        if len(opts) == 1:
            self._do_walk(state, seat, opts[0], ev)
            return
        self._push(state, "move", seat, options=opts, value=value)

    def destinations(self, state, seat, value, luck=False) -> list[dict]:
        """Every field where a move of ``value`` steps may end, with one path each (the one
        that collects the most ingredients). Under Prohibition no move ends on a distillery,
        lost distillery or pub (the player "may not enter" one), though it may pass one."""
        p = self._p(state, seat)
        o = state["options"]
        allow_u = o["allow_u_turn"] and not luck
        once = o["ingredient_once_per_field_per_move"]
        # a pure function of the board: computed once per case, handed out as fresh copies
        key = (p["pos"], value, bool(luck), bool(p["prohibition"]), bool(allow_u), bool(once))
        hit = _DEST_CACHE.get(key)
        if hit is None:
            if len(_DEST_CACHE) >= 20000:
                _DEST_CACHE.clear()
            hit = _DEST_CACHE[key] = self._destinations(p["pos"], value, luck,
                                                        p["prohibition"], allow_u, once)
        return [{"to": o["to"], "path": list(o["path"]), "ingr": o["ingr"], "exact": o["exact"]}
                for o in hit]

    @staticmethod
    def _destinations(start, value, luck, prohibition, allow_u, once) -> list[dict]:
        blocked = D.PROHIBITED_TYPES if prohibition else frozenset()
        best: dict[str, dict] = {}

        def record(node, cnt, path, exact):
            if D.FIELDS[node]["type"] in blocked:
                return
            cur = best.get(node)
            if cur is None or cnt > cur["ingr"] or (cnt == cur["ingr"] and exact and not cur["exact"]):
                best[node] = {"to": node, "path": list(path), "ingr": cnt, "exact": exact}

        # breadth-first by step; per (field, previous field) keep the few best walks
        layer: dict[tuple, list] = {(start, None): [(frozenset(), 0, [start])]}
        for step in range(1, value + 1):
            nxt_layer: dict[tuple, list] = {}
            for (node, prev), variants in layer.items():
                nbrs = D.ADJ[node]
                nxt = [x for x in nbrs if allow_u or x != prev or (len(nbrs) == 1 and not luck)]
                if not nxt:
                    if step > 1:
                        for got, cnt, path in variants:
                            record(node, cnt, path, False)
                    continue
                for x in nxt:
                    ftype = D.FIELDS[x]["type"]
                    ing = ftype == "ingredient"
                    bucket = nxt_layer.setdefault((x, node), [])
                    for got, cnt, path in variants:
                        ng, nc = got, cnt
                        if ing and (not once or x not in got):
                            ng = got | {x}
                            nc = cnt + 1
                        np = path + [x]
                        if step < value and ftype in D.STOP_ANYWHERE and ftype not in blocked:
                            record(x, nc, np, False)
                        bucket.append((ng, nc, np))
            for key, bucket in nxt_layer.items():
                bucket.sort(key=lambda v: -v[1])
                kept, seen_sets = [], set()
                for v in bucket:
                    if v[0] in seen_sets:
                        continue
                    seen_sets.add(v[0])
                    kept.append(v)
                    if len(kept) >= 4:
                        break
                nxt_layer[key] = kept
            layer = nxt_layer
        for (node, prev), variants in layer.items():
            for got, cnt, path in variants:
                record(node, cnt, path, True)
        prio = {"distillery": 0, "lost": 1, "pub": 2, "airport": 3, "port": 4, "special": 5,
                "ingredient": 6, "start": 7, "path": 8}
        return sorted(best.values(), key=lambda o: (prio[D.FIELDS[o["to"]]["type"]],
                                                    D.FIELDS[o["to"]]["name"], o["to"]))

    def _ch_move(self, state, seat, p, dec):
        return [{"type": "move", "to": o["to"]} for o in dec["options"]]

    def _do_move(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        opt = next(o for o in dec["options"] if o["to"] == a["to"])
        self._do_walk(state, seat, opt, ev)

    def _do_walk(self, state, seat, opt, ev):
        p = self._p(state, seat)
        once = state["options"]["ingredient_once_per_field_per_move"]
        got = set()
        for node in opt["path"][1:]:
            if D.FIELDS[node]["type"] == "ingredient" and (not once or node not in got):
                got.add(node)
                self._draw_ingredients(state, seat, 2 if state["turn"].get("coffey") else 1, ev)
        p["pos"] = opt["to"]
        ev.append(public("{player} moves to {place}.", player=seat, place=self._fname(opt["to"]),
                         data={"path": opt["path"]}))
        self._arrive(state, seat, opt["to"], opt["exact"], ev)

    def _ch_fly(self, state, seat, p, dec):
        return [{"type": "fly", "to": a} for a in D.AIRPORTS if a != p["pos"]]

    def _do_fly(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        p = self._p(state, seat)
        if p["travel"]["ticket"] == "return":
            p["return_ticket"] -= 1
            if p["return_ticket"] <= 0:
                p["return_ticket"] = 0
                self._discard(state, "ticket_return")
        p["travel"] = None
        old = p["pos"]
        p["pos"] = a["to"]
        ev.append(public("{player} flies to {place}.", player=seat, place=self._fname(a["to"])))
        self._country_change(state, seat, old, a["to"], ev, travel=True)

    def _country_change(self, state, seat, old, new, ev, travel):
        p = self._p(state, seat)
        c_old = D.country(old) if old else None
        c_new = D.country(new)
        if c_old is None or c_new is None or c_old == c_new:
            return
        if not travel and not state["options"]["country_change_any_means"]:
            return
        for card, flag in (("carriage", "carriage"), ("truck", "truck")):
            if p[flag]:
                p[flag] = False
                self._discard(state, card)
                ev.append(public("{player} left the country: {card} is discarded.", player=seat,
                                 card=self._cname(card)))
