"""Player-facing texts: action labels, prompts and the status line."""
from __future__ import annotations

from engines.base import letter, T, Text

from . import data as D
from .common import LETTERS, tokens, token_list


class Texts:
    """Labels, prompts and status (mixin of WhiskyEngine)."""

    def label(self, state, seat, action) -> Text:
        typ = action.get("type")
        p = self._p(state, seat)
        top = self._top(state)
        if typ == "page":
            return T("More choices (page {n})", n=action["n"] + 1)
        if typ == "start":
            return T("Start in {place}", place=self._fname(action["field"]))
        if typ == "roll":
            return T("Roll the die")
        if typ == "end":
            return T("End your turn")
        if typ == "sail":
            r = D.SEA_ROUTES[action["route"]]
            other = [x for x in r["ports"] if x != p["pos"]]
            return T("Sail to {place} (ends your turn)", place=self._fname(other[0] if other else r["ports"][0]))
        if typ == "pour":
            return T("Pour out an opponent's whisky (Richard Paterson)")
        if typ == "move":
            opts = (top or {}).get("options", [])
            i = next((k for k, o in enumerate(opts) if o["to"] == action["to"]), None)
            f = D.FIELDS[action["to"]]
            kind = T(D.TYPE_NAMES[f["type"]])
            mark = letter(i) if i is not None else "?"
            if i is not None and opts[i]["ingr"]:
                return T("{letter} — Move to {place} ({kind}), +{n} ingredient",
                         plural="{letter} — Move to {place} ({kind}), +{n} ingredients",
                         letter=mark, place=T(f["name"]), kind=kind, n=opts[i]["ingr"])
            return T("{letter} — Move to {place} ({kind})", letter=mark, place=T(f["name"]),
                     kind=kind)
        if typ == "ask":
            return self._ask_label(action["level"], bool(action.get("smuggler")))
        if typ == "leave":
            return T("Move on")
        if typ == "answer":
            q = state.get("question")
            if q:
                rec = self.bank(state)[q["id"]]
                text = rec["options"][q["order"][action["option"]]]
                # the whole option: a question pack's text longer than a button (80
                # characters) is shortened by the panel, at a word boundary
                return T("{letter}: {text}", letter=LETTERS[action["option"]], text=text)
            return T("Answer {letter}", letter=LETTERS[action["option"]])
        if typ == "timeout":
            return T("Time is up")
        if typ == "accept":
            return T("Give up and see the answer")
        if typ == "rescue":
            if action["how"] == "swap":
                return T("Roll for a new question (even number)")
            return T("Roll for the bottle anyway (1 or 2)")
        if typ == "play":
            card = action["card"]
            if card == "fifty":
                return T("Play 50/50: remove two wrong options")
            if card in D.EXPERTS:
                return T("Play {card}: take the bottle", card=self._cname(card))
            if card == "luck_irish":
                return T("Play Luck of the Irish: move 10")
            if card in D.BONUS_BOTTLES:
                return T("Bank {card} (+{n} point)", plural="Bank {card} (+{n} points)",
                         card=self._cname(card), n=state["options"]["bonus_bottle_points"])
            return T("Play {card}", card=self._cname(card))
        if typ == "take":
            d = action["distillery"]
            value = action.get("value") or (top or {}).get("value")
            return T("Take the bottle worth {n} point from {place} ({region})",
                     plural="Take the bottle worth {n} points from {place} ({region})", n=value,
                     place=self._fname(d), region=T(D.REGIONS[D.region(d)]))
        if typ == "jump":
            return T("Jump to Bladnoch")
        if typ == "stay":
            return T("Stay here")
        if typ == "buy":
            return T("Buy a lost distillery bottle (6 ingredients)")
        if typ == "trade":
            return T("Trade {give} for {get}", give=token_list(action["give"]),
                     get=tokens(action["get"], 1))
        if typ == "book":
            if action["ticket"] == "one_way":
                return T("Check in with a one-way ticket (ends your turn)")
            return T("Check in with a return ticket (ends your turn)")
        if typ == "fly":
            return T("Fly to {place}", place=self._fname(action["to"]))
        if typ == "go":
            f = D.FIELDS[action["field"]]
            return T("Go to {place} ({kind})", place=T(f["name"]), kind=T(D.TYPE_NAMES[f["type"]]))
        if typ == "target":
            purpose = (top or {}).get("purpose", "")
            what = T("Richard Paterson") if purpose == "pour" else (
                self._cname(purpose) if purpose in D.SPECIALS else T(purpose))
            return T("Choose {player} ({what})", player=action["seat"], what=what)
        if typ == "pick":
            owner = action.get("seat") or (top or {}).get("owner", seat)
            ref = action["bottle"]
            q = self._p(state, owner)
            if ref[0] == "b":
                b = q["bottles"][int(ref[1:])]
                if "value" in action:
                    return T("Swap your {place} bottle worth 1 point for the one worth {n} point",
                             plural="Swap your {place} bottle worth 1 point for the one worth {n} "
                                    "points",
                             place=self._fname(b["d"]), n=action["value"])
                return T("{owner}: bottle worth {n} point from {place}",
                         plural="{owner}: bottle worth {n} points from {place}", owner=owner,
                         n=b["v"], place=self._fname(b["d"]))
            i = int(ref[1:])
            x = q["lost"][i]
            if owner == seat or x["revealed"]:
                return T("{owner}: lost distillery bottle worth {n} point",
                         plural="{owner}: lost distillery bottle worth {n} points", owner=owner,
                         n=x["v"])
            return T("{owner}: face-down lost distillery bottle no. {number}", owner=owner,
                     number=i + 1)
        return Text(str(action))

    @staticmethod
    def _ask_label(level: str, smuggler: bool) -> Text:
        """The distillery's question choices, one whole label per difficulty."""
        n = D.LEVEL_VALUE[level]
        if smuggler:
            if level == "easy":
                return T("Smuggler: easy question, any bottle worth {n} point",
                         plural="Smuggler: easy question, any bottle worth {n} points", n=n)
            if level == "medium":
                return T("Smuggler: medium question, any bottle worth {n} point",
                         plural="Smuggler: medium question, any bottle worth {n} points", n=n)
            return T("Smuggler: hard question, any bottle worth {n} point",
                     plural="Smuggler: hard question, any bottle worth {n} points", n=n)
        if level == "easy":
            return T("Take an easy question for the bottle worth {n} point",
                     plural="Take an easy question for the bottle worth {n} points", n=n)
        if level == "medium":
            return T("Take a medium question for the bottle worth {n} point",
                     plural="Take a medium question for the bottle worth {n} points", n=n)
        return T("Take a hard question for the bottle worth {n} point",
                 plural="Take a hard question for the bottle worth {n} points", n=n)

    def prompt(self, state, seat) -> Text:
        top = self._top(state)
        if state["phase"] == "over":
            return T("The game is over.")
        if not top or top["seat"] != seat:
            return T("Waiting for {player}.", player=top["seat"] if top else "-")
        k = top["kind"]
        p = self._p(state, seat)
        msgs = {
            "start": T("Choose your start field."),
            "fly": T("Choose the airport you fly to."),
            "move": T("You move {n} field: choose where to go (the letters on the map).",
                      plural="You move {n} fields: choose where to go (the letters on the map).",
                      n=top.get("value", 0)),
            "distillery": T("You are at {place}: choose a question or move on.",
                            place=self._fname(top["field"])) if k == "distillery" else None,
            "smuggle": T("Smuggler: choose the distillery of your bottle worth {n} point.",
                         plural="Smuggler: choose the distillery of your bottle worth {n} points.",
                         n=top.get("value") or 0),
            "savage": T("Jump from The Macallan to Bladnoch?"),
            "lost": T("Lost distillery: buy a bottle for 6 ingredients?"),
            "pub": T("Pub: trade 2 ingredients for 1 of your choice, or move on."),
            "airport": T("Airport: check in for a flight next turn?"),
            "teleport": T("Choose the field you go to."),
            "victim": T("Choose an opponent ({what}).",
                        what=T("Richard Paterson") if top.get("purpose") == "pour" else
                        (self._cname(top["purpose"]) if top.get("purpose") in D.SPECIALS else T("card")))
            if k == "victim" else None,
            "bottle": T("Choose a bottle."),
            "angels": T("Angels: choose the bottle to swap."),
            "gordon": T("Gordon & MacPhail: choose your bottle to upgrade."),
            "shackleton": T("Shackleton's Whisky: choose your Highlands bottle."),
        }
        if k == "ready":
            t = state["turn"]
            jump = self._can_jump(state, seat)
            if t["moves"] > 0 and not t["ended"]:
                if jump:
                    return T("Your turn: roll the die, jump to Bladnoch (Nick Savage), or play a "
                             "card.")
                return T("Your turn: roll the die, or play a card.")
            if jump:
                return T("Jump to Bladnoch (Nick Savage), play a card or end your turn.")
            return T("Play a card or end your turn.")
        if k == "question":
            q = state["question"]
            if q["status"] == "asking":
                return T("Answer the question: {question}", question=self.bank(state)[q["id"]]["question"])
            return T("Not correct. Use a rescue, or see the answer.")
        return msgs.get(k, T("Your move."))

    def status(self, state) -> Text:
        if state["phase"] == "over":
            return T("The game is over.")
        if state["phase"] == "setup":
            return T("Players choose their start fields.")
        top = self._top(state)
        who = top["seat"] if top else "-"
        return T("Round {round} of at most {max}: {player} to play.", round=state["round"],
                 max=state["options"]["max_rounds"], player=who)
