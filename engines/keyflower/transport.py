"""Keyflower: transport — moving resources one road step, animals between fields,
wheat for extra points, and upgrades with their payments."""
from __future__ import annotations

from engines.base import public

from . import fields, hexes
from .data import ANIMALS, RESOURCES, SKILLS, TILES
from .common import _multisets, _qty, _tn


class TransportMixin:
    """Transport steps and upgrades."""

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
                    if not vil[tid]["up"] and TILES[tid].get("back") is not None and self._can_pay_upgrade(st, seat, tid):
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

    def _transport_only_end(self, st, seat, step):
        """_transport_options(...) == [t_end], stopping at the first other option found
        (the cheap checks first)."""
        if step.get("sub") is not None:
            return self._transport_options(st, seat, step) == [{"type": "t_end"}]
        if st["opts"]["farmers"] and st["players"][seat]["wheat"] > 0:
            return False
        vil = self.village(st, seat)
        if step["ups"] >= 1:
            for tid in vil:
                if not vil[tid]["up"] and TILES[tid].get("back") is not None \
                        and self._can_pay_upgrade(st, seat, tid):
                    return False
        if self._shelter_ok(st, seat):
            return False
        pts = step["pts"]
        if pts >= 1:
            if any(sum(t["res"].values()) > 0 for t in vil.values()):
                adj = hexes.road_graph(vil, "2a" in self.faces(st, seat))
                if any(adj[tid] and sum(vil[tid]["res"].values()) > 0 for tid in vil):
                    return False
            for node in self.animals_by_node(st, seat):
                if self._animal_moves(st, seat, node, pts):
                    return False
        return True

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

    def _can_pay_upgrade(self, st, seat, tid, skills=None):
        """bool(self._upgrade_payments(...)) without listing the payments (a tile with many
        resources and boat 3a has a great many)."""
        cost = TILES[tid]["cost"] or {}
        on = st["tiles"][tid]["res"]
        skills = st["players"][seat]["skills"] if skills is None else skills
        anyr = cost.get("any_res", 0)
        need = sum(cost.get(r, 0) for r in RESOURCES)
        if "3a" in self.faces(st, seat):
            if sum(on.values()) < need + anyr:
                return False
        else:
            if any(on[r] < cost.get(r, 0) for r in RESOURCES):
                return False
            if sum(on[r] - cost.get(r, 0) for r in RESOURCES) < anyr:
                return False
        if any(skills[k] < cost.get(k, 0) for k in SKILLS):
            return False
        return sum(skills[k] - cost.get(k, 0) for k in SKILLS) >= cost.get("any_skill", 0)

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
            if self._can_pay_upgrade(st, seat, tid, skills=spec):
                return True
        return False

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
