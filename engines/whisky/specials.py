"""Special cards (rules 8): drawing one on an "S" field and the cards that act when drawn,
the cards played during the owner's turn, their targets, and the decisions they open
(victim, bottle, teleport, Angels, Gordon & MacPhail, Shackleton); Richard Paterson's pour."""
from __future__ import annotations

from engines.base import private, public, rng, T

from . import data as D


class Specials:
    """Special cards and Richard Paterson (mixin of WhiskyEngine)."""

    def _extra_plays(self, state, seat) -> list[dict]:
        p = self._p(state, seat)
        out = [{"type": "play", "card": c} for c in sorted(set(p["hand"]))
               if c in D.ANYTIME_CARDS and self._card_targets(state, seat, c) is not None]
        if self._pour_targets(state, seat):
            out.append({"type": "pour"})
        return out

    def _card_targets(self, state, seat, card):
        """None when the card cannot be played now, else a (possibly empty) target list."""
        p = self._p(state, seat)
        opp = self._opponents(state, seat)
        if card == "carriage":
            return [] if not p["carriage"] else None
        if card == "truck":
            return [] if not p["truck"] else None
        if card in D.BONUS_BOTTLES:
            return []
        if card == "coffey":
            if state["options"]["coffey_mode"] == "double_this_turn":
                return [] if not state["turn"].get("coffey") else None
            return [] if self._total_tokens(p) > 0 else None
        if card in ("faker", "broken_cork"):
            t = [s for s in opp if self._p(state, s)["bottles"] or self._p(state, s)["lost"]]
        elif card == "enthusiast":
            t = [s for s in opp if any(not x["revealed"] for x in self._p(state, s)["lost"])]
        elif card == "offerman":
            t = list(opp)
        elif card == "warehouse":
            t = [s for s in opp if self._total_tokens(self._p(state, s)) > 0]
        elif card == "angels":
            t = self._angels_targets(state, seat)
        elif card == "gordon_macphail":
            t = self._gordon_targets(state, seat)
        elif card == "shackleton":
            t = self._shackleton_targets(state, seat)
        else:
            return None
        return t if t else None

    def _pour_targets(self, state, seat):
        p = self._p(state, seat)
        t = state["turn"]
        if D.CHARACTERS[p["character"]]["kind"] != "pour" or not t or t["pour_used"]:
            return []
        return [s for s in self._opponents(state, seat) if s not in p["paterson_targets"]
                and (self._p(state, s)["bottles"] or self._p(state, s)["lost"])]

    def _angels_targets(self, state, seat):
        out = []
        for s in self._opponents(state, seat):
            for i, b in enumerate(self._p(state, s)["bottles"]):
                if b["v"] in (3, 5) and self._stock_has(state, b["d"], 1):
                    out.append((s, i))
        return out

    def _gordon_targets(self, state, seat):
        out = []
        for i, b in enumerate(self._p(state, seat)["bottles"]):
            if b["v"] == 1:
                for v in (3, 5):
                    if self._stock_has(state, b["d"], v):
                        out.append((i, v))
        return out

    def _shackleton_targets(self, state, seat):
        own = self._owned_distilleries(self._p(state, seat))
        out = []
        for d in sorted(D.DISTILLERY_IDS):
            if D.region(d) == "HIGH" and d not in own:
                for v in (5, 3, 1):
                    if self._stock_has(state, d, v):
                        out.append((d, v))
        return out

    def _draw_special(self, state, seat, ev):
        deck = state["special_deck"]
        if not deck:
            ev.append(public("The Special deck is empty.", player=seat))
            return
        card = deck.pop(0)
        p = self._p(state, seat)
        info = D.SPECIALS[card]
        if info["timing"] == "held":
            p["hand"].append(card)
            ev.append(public("{player} draws a special card.", player=seat))
            ev.append(private(seat, "You drew {card}: {text}", card=self._cname(card),
                              text=T(info["text"])))
            return
        ev.append(public("{player} draws {card}: {text}", player=seat, card=self._cname(card),
                         text=T(info["text"]), data={"card": card}))
        opp = self._opponents(state, seat)
        if card == "birthday":
            if p["bottles"] or p["lost"]:
                self._push(state, "bottle", seat, card="birthday", owner=seat)
            else:
                victims = [s for s in opp if self._p(state, s)["bottles"] or self._p(state, s)["lost"]]
                if victims:
                    v = rng(state).choice(victims)
                    self._remove_random_bottle(state, v, ev, why=T("Birthday"))
                else:
                    ev.append(public("Nobody has a bottle to share.", player=seat))
            self._discard(state, card)
        elif card in D.TELEPORT_REGION:
            self._push(state, "teleport", seat, card=card, region=D.TELEPORT_REGION[card])
            self._discard(state, card)
        elif card == "hangover":
            if p["hangover"]:
                self._discard(state, card)
            else:
                p["hangover"] = True
        elif card == "leaking_barrel":
            n = min(5, self._total_tokens(p))
            self._lose_tokens(state, seat, n, ev, why=T("Leaking Barrel"))
            self._discard(state, card)
        elif card == "prohibition":
            victims = [s for s in opp if not self._p(state, s)["prohibition"]]
            if not victims:
                self._discard(state, card)
                ev.append(public("Every opponent is already under Prohibition.", player=seat))
            elif len(victims) == 1:
                self._prohibit(state, victims[0], ev)
            else:
                self._push(state, "victim", seat, purpose="prohibition", targets=victims)
        elif card == "pattisons_crash":
            n = min(2, len(p["bottles"]) + len(p["lost"]))
            if n > 0:
                self._push(state, "bottle", seat, card="pattisons_crash", owner=seat, left=n)
            self._discard(state, card)
        elif card == "whisky_show":
            p["skip"] += 2
            self._discard(state, card)

    def _prohibit(self, state, victim, ev):
        self._p(state, victim)["prohibition"] = True
        ev.append(public("{victim} is now under Prohibition.", victim=victim))

    def _remove_bottle(self, state, owner, ref, ev, why, by_owner=False):
        """Return bottle ``ref`` ("b3" or "l0") of ``owner`` to the supply."""
        q = self._p(state, owner)
        idx = int(ref[1:])
        if ref[0] == "b":
            b = q["bottles"].pop(idx)
            self._stock_return(state, b["d"], b["v"])
            ev.append(public("{owner} loses the bottle worth {n} point from {place} ({why}).",
                             plural="{owner} loses the bottle worth {n} points from {place} "
                                    "({why}).",
                             owner=owner, n=b["v"], place=self._fname(b["d"]), why=why))
        else:
            x = q["lost"].pop(idx)
            state["lost_deck"].append(x["v"])
            if x["revealed"]:
                ev.append(public("{owner} loses a lost distillery bottle worth {n} point ({why}).",
                                 plural="{owner} loses a lost distillery bottle worth {n} points "
                                        "({why}).",
                                 owner=owner, n=x["v"], why=why))
            else:
                ev.append(public("{owner} loses a face-down lost distillery bottle ({why}).",
                                 owner=owner, why=why))
                ev.append(private(owner, "The lost bottle you lost was worth {n} point.",
                                  plural="The lost bottle you lost was worth {n} points.",
                                  n=x["v"]))

    def _remove_random_bottle(self, state, owner, ev, why):
        q = self._p(state, owner)
        refs = [f"b{i}" for i in range(len(q["bottles"]))] + [f"l{i}" for i in range(len(q["lost"]))]
        if refs:
            self._remove_bottle(state, owner, rng(state).choice(refs), ev, why)

    def _play_anytime(self, state, seat, card, ev):
        p = self._p(state, seat)
        p["hand"].remove(card)
        ev.append(public("{player} plays {card}.", player=seat, card=self._cname(card),
                         data={"card": card}))
        if card == "carriage":
            p["carriage"] = True
        elif card == "truck":
            p["truck"] = True
        elif card in D.BONUS_BOTTLES:
            p["bonus"].append(card)
        elif card == "coffey":
            if state["options"]["coffey_mode"] == "double_this_turn":
                state["turn"]["coffey"] = True
            else:
                gained = {}
                for k in D.INGREDIENTS:
                    n = min(p["ingredients"][k], state["bag"][k])
                    p["ingredients"][k] += n
                    state["bag"][k] -= n
                    gained[k] = n
                ev.append(public("{player} doubles their ingredients.", player=seat, data=gained))
            self._discard(state, card)
        elif card in ("faker", "broken_cork", "enthusiast", "offerman", "warehouse"):
            self._push(state, "victim", seat, purpose=card,
                       targets=self._card_targets(state, seat, card))
        elif card == "angels":
            self._push(state, "angels", seat)
        elif card == "gordon_macphail":
            self._push(state, "gordon", seat)
        elif card == "shackleton":
            self._push(state, "shackleton", seat)

    def _ch_teleport(self, state, seat, p, dec):
        # Prohibition still applies: Islay and Speyside both keep fields that are open
        reg = dec["region"]
        closed = D.PROHIBITED_TYPES if p["prohibition"] else frozenset()
        return [{"type": "go", "field": f} for f, d in D.FIELDS.items()
                if d["region"] == reg and d["type"] not in closed]

    def _do_teleport(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        p = self._p(state, seat)
        old = p["pos"]
        p["pos"] = a["field"]
        p["travel"] = None
        ev.append(public("{player} goes to {place}.", player=seat, place=self._fname(a["field"])))
        self._country_change(state, seat, old, a["field"], ev, travel=False)
        if state["options"]["teleport_counts_as_arrival"]:
            self._arrive(state, seat, a["field"], True, ev)

    def _ch_victim(self, state, seat, p, dec):
        # prohibition victim, Nick Offerman, Warehouse Collapse, Paterson, Faker, Cork, Enthusiast
        return [{"type": "target", "seat": s} for s in dec["targets"]]

    def _do_victim(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        v = a["seat"]
        purpose = dec["purpose"]
        if purpose == "prohibition":
            self._prohibit(state, v, ev)
        elif purpose == "pour":
            state["turn"]["pour_used"] = True
            self._p(state, seat)["paterson_targets"].append(v)
            ev.append(public("{player} pours out a whisky of {victim} (Richard Paterson).",
                             player=seat, victim=v))
            self._remove_random_bottle(state, v, ev, why=T("Richard Paterson"))
        elif purpose == "offerman":
            q = self._p(state, v)
            old = q["pos"]
            if q["travel"] and q["travel"]["kind"] == "sea":   # at sea: count from the port left
                old = [x for x in D.SEA_ROUTES[old]["ports"] if x != q["travel"]["to"]][0]
            # pending travel is cancelled: a handed-in one-way ticket is lost, a return
            # ticket keeps its flight (flights are counted when flown)
            q["travel"] = None
            q["pos"] = D.LAGAVULIN
            q["skip"] += 2
            ev.append(public("{victim} is sent to Lagavulin by Nick Offerman and misses two turns.",
                             victim=v))
            self._country_change(state, v, old, D.LAGAVULIN, ev, travel=False)
            self._discard(state, "offerman")
        elif purpose == "warehouse":
            self._lose_tokens(state, v, 6, ev, why=T("Warehouse Collapse"))
            self._discard(state, "warehouse")
        elif purpose in ("faker", "broken_cork", "enthusiast"):
            self._push(state, "bottle", seat, card=purpose, owner=v)

    def _ch_bottle(self, state, seat, p, dec):
        """Pick a bottle: own (Birthday, Crash) or of dec['owner'] (Faker, Cork, Enthusiast)."""
        owner = dec["owner"]
        q = self._p(state, owner)
        out = []
        if dec["card"] != "enthusiast":
            for i, b in enumerate(q["bottles"]):
                out.append({"type": "pick", "bottle": f"b{i}"})
        for i, x in enumerate(q["lost"]):
            if dec["card"] == "enthusiast" and x["revealed"]:
                continue
            out.append({"type": "pick", "bottle": f"l{i}"})
        return out

    def _do_bottle(self, state, seat, dec, a, ev):
        card = dec["card"]
        owner = dec["owner"]
        ref = a["bottle"]
        if card == "enthusiast":
            self._pop(state, dec)
            x = self._p(state, owner)["lost"][int(ref[1:])]
            x["revealed"] = True
            ev.append(public("{player} reveals a lost distillery bottle of {owner}: it is worth "
                             "{n} point.",
                             plural="{player} reveals a lost distillery bottle of {owner}: it is "
                                    "worth {n} points.",
                             player=seat, owner=owner, n=x["v"]))
            self._discard(state, card)
            return
        why = self._cname(card)
        self._remove_bottle(state, owner, ref, ev, why=why)
        if card == "pattisons_crash":
            dec["left"] -= 1
            p = self._p(state, seat)
            if dec["left"] <= 0 or not (p["bottles"] or p["lost"]):
                self._pop(state, dec)
            return
        self._pop(state, dec)
        if card in ("faker", "broken_cork"):
            self._discard(state, card)

    def _ch_angels(self, state, seat, p, dec):
        return [{"type": "pick", "seat": s, "bottle": f"b{i}"}
                for s, i in self._angels_targets(state, seat)]

    def _do_angels(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        q = self._p(state, a["seat"])
        b = q["bottles"][int(a["bottle"][1:])]
        self._stock_return(state, b["d"], b["v"])
        self._stock_take(state, b["d"], 1)
        ev.append(public("Angels: the bottle of {owner} from {place} worth {n} point becomes the "
                         "one worth 1 point.",
                         plural="Angels: the bottle of {owner} from {place} worth {n} points "
                                "becomes the one worth 1 point.",
                         owner=a["seat"], n=b["v"], place=self._fname(b["d"])))
        b["v"] = 1
        self._discard(state, "angels")

    def _ch_gordon(self, state, seat, p, dec):
        return [{"type": "pick", "bottle": f"b{i}", "value": v}
                for i, v in self._gordon_targets(state, seat)]

    def _do_gordon(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        p = self._p(state, seat)
        b = p["bottles"][int(a["bottle"][1:])]
        self._stock_take(state, b["d"], a["value"])
        self._stock_return(state, b["d"], 1)
        b["v"] = a["value"]
        ev.append(public("Gordon & MacPhail: {player} swaps the bottle from {place} worth 1 point "
                         "for the one worth {n} point.",
                         plural="Gordon & MacPhail: {player} swaps the bottle from {place} worth "
                                "1 point for the one worth {n} points.",
                         player=seat, place=self._fname(b["d"]), n=a["value"]))
        self._discard(state, "gordon_macphail")

    def _ch_shackleton(self, state, seat, p, dec):
        return [{"type": "take", "distillery": d, "value": v}
                for d, v in self._shackleton_targets(state, seat)]

    def _do_shackleton(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        self._discard(state, "shackleton")
        ev.append(public("{player} trades Shackleton's Whisky for a Highlands bottle.", player=seat))
        self._give_bottle(state, seat, a["distillery"], a["value"], ev)
