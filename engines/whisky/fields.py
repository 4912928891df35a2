"""Fields (rules 5): what happens where a move ends (arrival), and the field decisions:
distillery (take a question or not), lost distillery, pub, airport; Nick Savage's jump from
The Macallan to Bladnoch (rules 7)."""
from __future__ import annotations

from engines.base import private, public

from . import data as D
from .common import tokens, token_list


class Fields:
    """Field decisions and arrival (mixin of WhiskyEngine)."""

    def _arrive(self, state, seat, field, exact, ev):
        p = self._p(state, seat)
        ftype = D.FIELDS[field]["type"]
        if ftype == "special":
            if exact:
                self._draw_special(state, seat, ev)
        elif ftype == "distillery":
            # a question is possible, or a held card might be (the Smuggler): which cards
            # are held is secret, so only their number decides whether to ask
            if self._can_visit(state, seat, field) and self._any_pool(state) and (
                    self._card_count(p) or any(self._stock_has(state, field, v)
                                               for v in D.LEVEL_VALUE.values())):
                self._push(state, "distillery", seat, field=field)
        elif ftype == "lost":
            coffey_could_help = (self._card_count(p) and state["lost_deck"]
                                 and state["options"]["coffey_mode"] == "double_holdings"
                                 and self._total_tokens(p) >= 3)
            if not p["prohibition"] and (self._can_buy_lost(state, seat) or coffey_could_help):
                self._push(state, "lost", seat, field=field)
        elif ftype == "pub":
            if not p["prohibition"] and len(self._ch_pub(state, seat, p, {})) > 1:
                self._push(state, "pub", seat, field=field)
        elif ftype == "airport":
            if self._card_count(p):    # a ticket is a secret card: ask every card holder
                self._push(state, "airport", seat, field=field)

    def _ch_distillery(self, state, seat, p, dec):
        d = dec["field"]
        out = []
        if not self._any_pool(state) or not self._can_visit(state, seat, d):
            return [{"type": "leave"}]
        for lv in D.LEVELS:
            if self._stock_has(state, d, D.LEVEL_VALUE[lv]):
                out.append({"type": "ask", "level": lv})
        if "smuggler" in p["hand"]:
            for lv in D.LEVELS:
                if self._smuggler_targets(state, seat, D.LEVEL_VALUE[lv]):
                    out.append({"type": "ask", "level": lv, "smuggler": True})
        out.append({"type": "leave"})
        return out

    def _do_distillery(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        if a["type"] == "leave":
            ev.append(public("{player} does not take a question.", player=seat))
            return
        p = self._p(state, seat)
        smug = bool(a.get("smuggler"))
        if smug:
            p["hand"].remove("smuggler")
            ev.append(public("{player} plays the Smuggler before the question.", player=seat))
        if state["options"]["distillery_ends_turn"]:
            state["turn"]["ended"] = True
        self._ask(state, seat, dec["field"], a["level"], smug, ev, prev=[])

    def _can_visit(self, state, seat, d) -> bool:
        p = self._p(state, seat)
        if p["prohibition"] or d in self._owned_distilleries(p) or p["last_failed"] == d:
            return False
        return True

    def _any_pool(self, state) -> bool:
        return any(state["pools"][lv] for lv in D.LEVELS)

    def _ch_lost(self, state, seat, p, dec):
        out = []
        if self._can_buy_lost(state, seat):
            out.append({"type": "buy"})
        out.append({"type": "leave"})
        return out

    def _do_lost(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        if a["type"] == "leave":
            return
        p = self._p(state, seat)
        ing = p["ingredients"]
        if all(ing[k] >= n for k, n in D.LOST_PRICE.items()):
            pay = dict(D.LOST_PRICE)
        else:  # Friar John Cor: any 6, taken from the largest piles
            pay = {k: 0 for k in D.INGREDIENTS}
            for _ in range(6):
                k = max(D.INGREDIENTS, key=lambda x: ing[x] - pay[x])
                pay[k] += 1
        for k, n in pay.items():
            ing[k] -= n
            state["bag"][k] += n
        v = state["lost_deck"].pop(0)
        p["lost"].append({"v": v, "revealed": False, "at": dec["field"]})
        ev.append(public("{player} buys a lost distillery bottle at {place}.", player=seat,
                         place=self._fname(dec["field"]), data={"paid": pay}))
        ev.append(private(seat, "Your lost distillery bottle is worth {n} point.",
                          plural="Your lost distillery bottle is worth {n} points.", n=v))

    def _can_buy_lost(self, state, seat):
        p = self._p(state, seat)
        if not state["lost_deck"]:
            return False
        ing = p["ingredients"]
        if D.CHARACTERS[p["character"]]["kind"] == "any_six":
            return self._total_tokens(p) >= 6
        return all(ing[k] >= n for k, n in D.LOST_PRICE.items())

    def _ch_pub(self, state, seat, p, dec):
        out = []
        ing = p["ingredients"]
        for get in D.INGREDIENTS:
            if state["bag"][get] <= 0:
                continue
            others = [k for k in D.INGREDIENTS if k != get]
            pairs = [[others[0], others[0]], [others[0], others[1]], [others[1], others[1]]]
            for give in pairs:
                need = {k: give.count(k) for k in set(give)}
                if all(ing[k] >= n for k, n in need.items()):
                    out.append({"type": "trade", "give": give, "get": get})
        out.append({"type": "leave"})
        return out

    def _do_pub(self, state, seat, dec, a, ev):
        if a["type"] == "leave":
            self._pop(state, dec)
            return
        p = self._p(state, seat)
        for k in a["give"]:
            p["ingredients"][k] -= 1
            state["bag"][k] += 1
        p["ingredients"][a["get"]] += 1
        state["bag"][a["get"]] -= 1
        ev.append(public("{player} trades {give} for {get}.", player=seat,
                         give=token_list(a["give"]), get=tokens(a["get"], 1)))
        if len(self._ch_pub(state, seat, p, dec)) <= 1:
            self._pop(state, dec)

    def _ch_airport(self, state, seat, p, dec):
        out = []
        if "ticket_one_way" in p["hand"]:
            out.append({"type": "book", "ticket": "one_way"})
        if p["return_ticket"] > 0 or "ticket_return" in p["hand"]:
            out.append({"type": "book", "ticket": "return"})
        out.append({"type": "leave"})
        return out

    def _do_airport(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        if a["type"] == "leave":
            return
        p = self._p(state, seat)
        if a["ticket"] == "one_way":
            p["hand"].remove("ticket_one_way")
            self._discard(state, "ticket_one_way")
        elif p["return_ticket"] == 0:
            p["hand"].remove("ticket_return")
            p["return_ticket"] = state["options"]["return_ticket_flights"]
        p["travel"] = {"kind": "flight", "ticket": a["ticket"]}
        state["turn"]["ended"] = True
        ev.append(public("{player} checks in for a flight.", player=seat))

    def _can_jump(self, state, seat) -> bool:
        """Nick Savage may jump whenever he stands at The Macallan on his turn (question or
        not, bottle or not, stock or not), except under Prohibition: Bladnoch is a
        distillery, which he may not enter. Public facts only (character, position,
        Prohibition), so offering it reveals nothing."""
        p = self._p(state, seat)
        t = state["turn"]
        return bool(t and t["seat"] == seat and p["pos"] == D.MACALLAN and not p["prohibition"]
                    and D.CHARACTERS[p["character"]]["kind"] == "jump")

    def _jump(self, state, seat, ev):
        p = self._p(state, seat)
        p["pos"] = D.BLADNOCH
        ev.append(public("{player} jumps from The Macallan to Bladnoch.", player=seat))
        if state["options"]["teleport_counts_as_arrival"]:
            self._arrive(state, seat, D.BLADNOCH, True, ev)

    # The jump used to be a decision of its own after a Macallan question; it is now a
    # choice of the ready decision. Kept so that a saved game waiting on it still plays.
    def _ch_savage(self, state, seat, p, dec):
        return [{"type": "jump"}, {"type": "stay"}]

    def _do_savage(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        if a["type"] == "jump":
            self._jump(state, seat, ev)
