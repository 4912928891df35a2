"""Libertalia: the Day — the characters' Day abilities in ascending order (rules §6), one
handler per character, and the decisions they ask for (Parrot, Recruiter, Surgeon, Preacher,
Merchant, Gunner)."""
from __future__ import annotations

from engines.base import T, private, public, rng

from . import data as D
from .data import AMOUNTS as A
from .data import RULES, TOKEN_ORDER
from .texts import _gains, _name, sayer


class Day:
    """Day abilities (mixin of LibertaliaEngine)."""

    # the handler of each character's Day ability; a character not listed has none
    DAY_ABILITIES = {
        D.PARROT: "_day_parrot", D.MONKEY: "_day_monkey", D.BEGGAR: "_day_beggar",
        D.RECRUITER: "_day_recruiter", D.PREACHER: "_day_preacher",
        D.CARPENTER: "_day_carpenter", D.FRENCH_OFFICER: "_day_french_officer",
        D.VOODOO_WITCH: "_day_voodoo_witch", D.BRUTE: "_day_brute", D.GUNNER: "_day_gunner",
        D.SPANISH_SPY: "_day_spanish_spy", D.BOSUN: "_day_bosun", D.MERCHANT: "_day_merchant",
        D.SURGEON: "_day_surgeon", D.GAMBLER: "_day_gambler",
        D.QUARTERMASTER: "_day_quartermaster", D.CAPTAIN: "_day_captain",
        D.SPANISH_GOVERNOR: "_day_spanish_governor",
    }

    def _step_day(self, state, events):
        todo = [e for e in state["ship"] if not e["day_done"]]
        if not todo:
            state["phase"] = "dusk"
            if events is not None:
                events.append(public("Dusk: the crew shares out today's loot."))
            return
        e = todo[0]
        e["day_done"] = True
        if self._optional(state) and self._day_has_effect(state, e["seat"], e["rank"]):
            self._ask(state, "day", e["seat"], e["rank"])
            return
        self._day_ability(state, e, events)

    def _day_has_effect(self, state, seat, rank) -> bool:
        P = state["players"]
        p = P[seat]
        if rank == D.PARROT:
            return bool(p["hand"])
        if rank in (D.MONKEY, D.SPANISH_SPY):
            return self._may_hold(p, self.SECRET_LOOT_ABILITIES[(rank, "day")])
        if rank == D.BEGGAR:
            top = state["ship"][-1]["seat"]
            return top != seat and P[top]["doubloons"] > 0
        if rank in (D.RECRUITER, D.SPANISH_GOVERNOR):
            return bool(p["den"])
        if rank == D.PREACHER:
            return self._total(p) >= 2
        if rank == D.CARPENTER:
            return self._half(p["doubloons"]) > 0
        if rank == D.FRENCH_OFFICER:
            return p["doubloons"] < RULES["french_officer_below"]
        if rank in (D.VOODOO_WITCH, D.SURGEON):
            return bool(p["grave"])
        if rank in (D.BRUTE, D.CAPTAIN):
            return True
        if rank == D.GUNNER:
            return self._gunner_has_target(state, seat) or (
                RULES["gunner_pays_without_target"] and p["doubloons"] > 0)
        if rank == D.BOSUN:
            return any(x < A["bosun_below"] for x in p["den"])
        if rank == D.MERCHANT:
            return any(p["loot"].get(t, 0) >= 2 for t in TOKEN_ORDER) or (
                sum(p["secret"].values()) > 0 and self._total(p) >= 2)
        if rank == D.GAMBLER:
            return self._total(p) > 0 and p["doubloons"] > 0
        if rank == D.QUARTERMASTER:
            return self._total(p) > 0
        return False

    def _gunner_has_target(self, state, seat) -> bool:
        return any(state["players"][s]["den"] for s in state["seats"]
                   if RULES["gunner_own_den"] or s != seat)

    def _day_ability(self, state, e, events):
        """The Day ability of the ship's character ``e``: its handler is given the ship entry,
        the owner's player record, ``say`` (a public line about the owner's character) and
        the event list (None for search)."""
        handler = self.DAY_ABILITIES.get(e["rank"])
        if handler is not None:
            say = sayer(events, e["seat"], _name(e["rank"]))
            getattr(self, handler)(state, e, state["players"][e["seat"]], say, events)

    # ------------------------------------------------------------------ the characters
    def _day_parrot(self, state, e, p, say, events):
        seat, rank = e["seat"], e["rank"]
        if p["hand"]:
            state["ship"].remove(e)
            self._to_grave(state, seat, rank)
            if events is not None:
                say(T("{seat}'s {card} flies off: {seat} puts another character in its place."))
            self._pend(state, "parrot", seat, rank)
        else:
            if events is not None:
                say(T("{seat}'s {card} has no card to swap with and stays on the ship."))

    def _day_monkey(self, state, e, p, say, events):
        n = self._count(p, "relic")
        left = self._neighbours(state, e["seat"])[0]
        if n:
            for part in ("loot", "secret"):
                p[part].pop("relic", None)
            self._add(state["players"][left]["loot"], "relic", n)
            if events is not None:
                say(T("{seat}'s {card} passes {n} cursed relic to {victim}.",
                      plural="{seat}'s {card} passes {n} cursed relics to {victim}.",
                      n=n, victim=left))
        else:
            if events is not None:
                say(T("{seat}'s {card} has no cursed relic to pass to {victim}.", victim=left))

    def _day_beggar(self, state, e, p, say, events):
        top = state["ship"][-1]
        if top["seat"] == e["seat"]:
            if events is not None:
                say(T("{seat}'s {card} is the top card: nobody pays."))
        else:
            paid = -self._gain(state["players"][top["seat"]], -A["beggar"])
            self._gain(p, paid)
            if events is not None:
                say(T("{seat}'s {card} begs: {victim} pays {n} doubloon.",
                      plural="{seat}'s {card} begs: {victim} pays {n} doubloons.",
                      victim=top["seat"], n=paid))

    def _day_recruiter(self, state, e, p, say, events):
        if p["den"]:
            self._pend(state, "recruit", e["seat"], e["rank"])
        else:
            if events is not None:
                say(T("{seat}'s {card} finds nobody in the den to recruit."))

    def _day_preacher(self, state, e, p, say, events):
        if self._total(p) >= 2:
            self._pend(state, "preacher", e["seat"], e["rank"])
        else:
            if events is not None:
                say(T("{seat}'s {card} has nothing to give away."))

    def _day_carpenter(self, state, e, p, say, events):
        loss = self._half(p["doubloons"])
        self._gain(p, -loss)
        if events is not None:
            say(T("{seat}'s {card} spends {n} doubloon.",
                  plural="{seat}'s {card} spends {n} doubloons.", n=loss))

    def _day_french_officer(self, state, e, p, say, events):
        if p["doubloons"] < RULES["french_officer_below"]:
            self._gain(p, A["french_officer"])
            if events is not None:
                say(_gains(A["french_officer"]))
        else:
            if events is not None:
                say(T("{seat}'s {card} gains nothing: {seat} is too rich."))

    def _day_voodoo_witch(self, state, e, p, say, events):
        n = A["witch_per_card"] * len(p["grave"])
        self._gain(p, n)
        if events is not None:
            say(_gains(n))

    def _day_brute(self, state, e, p, say, events):
        top = state["ship"][-1]
        state["ship"].remove(top)
        self._to_grave(state, top["seat"], top["rank"])
        if events is not None:
            events.append(public("{seat}'s {card} throws {victim_seat}'s {target} overboard.",
                                 seat=e["seat"], card=_name(e["rank"]), victim_seat=top["seat"],
                                 target=_name(top["rank"]),
                                 data={"seat": top["seat"], "card": top["rank"]}))

    def _day_gunner(self, state, e, p, say, events):
        seat = e["seat"]
        target = self._gunner_has_target(state, seat)
        if target or RULES["gunner_pays_without_target"]:
            paid = -self._gain(p, -A["gunner_cost"])
            if events is not None:
                say(T("{seat}'s {card} pays {n} doubloon for the powder.",
                      plural="{seat}'s {card} pays {n} doubloons for the powder.", n=paid))
        if target:
            self._pend(state, "gunner", seat, e["rank"], den=None)
        else:
            if events is not None:
                say(T("{seat}'s {card} finds no target."))

    def _day_spanish_spy(self, state, e, p, say, events):
        n = self._count(p, "officer")
        if not n:
            if events is not None:
                say(T("{seat}'s {card} has no Spanish officer to send back."))
            return
        first = RULES["spy_returns_before_draw"]
        if first:   # back first: the bag holds as many tokens as he draws
            self._remove_loot(state, p, "officer", n)
        r = rng(state)
        drawn = [self._draw(state, r) for _ in range(min(n, sum(state["bag"].values())))]
        if not first:   # his officers go back only after the draw
            self._remove_loot(state, p, "officer", n)
        for t in drawn:
            self._add(p["secret"], t)
        if events is not None:
            say(T("{seat}'s {card} returns {n} Spanish officer and draws as many tokens "
                  "in secret.",
                  plural="{seat}'s {card} returns {n} Spanish officers and draws as many "
                         "tokens in secret.", n=n))
        if events is not None:
            events.append(private(e["seat"], "Your {card} drew: {tokens}.", card=_name(e["rank"]),
                                  tokens=[D.token_count(t, drawn.count(t))
                                          for t in TOKEN_ORDER if t in drawn],
                                  data={"drawn": drawn}))

    def _day_bosun(self, state, e, p, say, events):
        n = A["bosun_per_card"] * sum(1 for x in p["den"] if x < A["bosun_below"])
        self._gain(p, n)
        if events is not None:
            say(_gains(n))

    def _day_merchant(self, state, e, p, say, events):
        if any(self._count(p, t) >= 2 for t in TOKEN_ORDER):
            self._pend(state, "merchant", e["seat"], e["rank"])
        else:
            if events is not None:
                say(T("{seat}'s {card} has no pair to trade."))

    def _day_surgeon(self, state, e, p, say, events):
        if p["grave"]:
            self._pend(state, "surgeon", e["seat"], e["rank"])
        else:
            if events is not None:
                say(T("{seat}'s {card} finds the graveyard empty."))

    def _day_gambler(self, state, e, p, say, events):
        paid = -self._gain(p, -A["gambler_per_token"] * self._total(p))
        if events is not None:
            say(T("{seat}'s {card} pays {n} doubloon.",
                  plural="{seat}'s {card} pays {n} doubloons.", n=paid))

    def _day_quartermaster(self, state, e, p, say, events):
        n = A["quartermaster_per_token"] * self._total(p)
        self._gain(p, n)
        if events is not None:
            say(_gains(n))

    def _day_captain(self, state, e, p, say, events):
        self._gain(p, A["captain_day"])
        if events is not None:
            say(_gains(A["captain_day"]))

    def _day_spanish_governor(self, state, e, p, say, events):
        victims = sorted(p["den"])
        p["den"] = []
        for x in victims:
            self._to_grave(state, e["seat"], x)
        if victims:
            if events is not None:
                say(T("{seat}'s {card} clears the den: {n} character discarded.",
                      plural="{seat}'s {card} clears the den: {n} characters discarded.",
                      n=len(victims), victims=[_name(x) for x in victims]))
        else:
            if events is not None:
                say(T("{seat}'s {card} finds the den empty."))

    # ------------------------------------------------------------------ their decisions
    def _do_parrot(self, state, pend, a, events):
        seat, p, c = pend["seat"], state["players"][pend["seat"]], a["card"]
        p["hand"].remove(c)
        self._known_out(state, seat, c)
        state["ship"].append({"seat": seat, "rank": c, "inf": self.inf(state, seat, c),
                              "day_done": False, "take": None, "officer": False})
        self._sort_ship(state)
        if events is not None:
            events.append(public("{seat} plays {new} ({rank}) in place of the Parrot.",
                                 seat=seat, new=_name(c), rank=c,
                                 data={"seat": seat, "card": c}))

    def _do_recruit(self, state, pend, a, events):
        seat, p, c = pend["seat"], state["players"][pend["seat"]], a["card"]
        p["den"].remove(c)
        p["hand"].append(c)
        p["hand"].sort()
        self._known_in(state, seat, c)
        if events is not None:
            events.append(public("{seat}'s {card} calls {new} back to hand.", seat=seat,
                                 card=_name(pend["rank"]), new=_name(c),
                                 data={"seat": seat, "card": c}))

    def _do_surgeon(self, state, pend, a, events):
        seat, p, c = pend["seat"], state["players"][pend["seat"]], a["card"]
        card = _name(pend["rank"])
        p["grave"].remove(c)
        p["hand"].append(c)
        p["hand"].sort()
        self._known_surgeon(state, seat)
        if events is not None:
            events.append(public("{seat}'s {card} takes a card back from the graveyard.",
                                 seat=seat, card=card))
        if events is not None:
            events.append(private(seat, "Your {card} brought back {new}.", card=card,
                                  new=_name(c), data={"card": c}))

    def _do_keep(self, state, pend, a, events):
        p = state["players"][pend["seat"]]
        keep = a["token"]
        # the kept token stays as it was, a visible one when there is one (keeping a
        # secret one instead would show that there was a secret token of that kind)
        kept_secret = p["loot"].get(keep, 0) == 0
        n = self._total(p) - 1
        for tt in TOKEN_ORDER:
            self._remove_loot(state, p, tt, self._count(p, tt))
        self._add(p["secret" if kept_secret else "loot"], keep)
        self._add(state["bag"], keep, -1)
        if events is not None:
            events.append(public("{seat}'s {card} keeps one token and returns {n} token to "
                                 "the bag.",
                                 plural="{seat}'s {card} keeps one token and returns {n} "
                                        "tokens to the bag.", seat=pend["seat"],
                                 card=_name(pend["rank"]), n=n))

    def _do_trade(self, state, pend, a, events):
        p = state["players"][pend["seat"]]
        tok, k = a["token"], a["count"]
        self._remove_loot(state, p, tok, k)
        gain = A["merchant_2"] if k == 2 else A["merchant_3"]
        self._gain(p, gain)
        if events is not None:
            events.append(public("{seat}'s {card} trades {tokens} for {n} doubloon.",
                                 plural="{seat}'s {card} trades {tokens} for {n} doubloons.",
                                 seat=pend["seat"], card=_name(pend["rank"]),
                                 tokens=D.token_count(tok, k), n=gain))

    def _do_den(self, state, pend, a, events):
        """The Gunner first picks a den (when his targets are too many for one list)."""
        self._pend(state, "gunner", pend["seat"], pend["rank"], den=a["seat"])
