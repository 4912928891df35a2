"""Libertalia: the public record of each seat's hand and graveyard (``state["known"]``)."""
from __future__ import annotations


class KnownRecord:
    """What the whole table knows of hands and graveyards (mixin of LibertaliaEngine)."""

    # What the whole table knows of each seat's hand and graveyard (state["known"], shown in
    # every view; AI seats sample the unknown rest from it, see determinize.py). Dealt, played,
    # recruited and discarded cards are public; only the card a Surgeon takes back is not.
    # A Surgeon leaves a "slot": n of its cards went back to hand, the others lie in the
    # graveyard ("grave": True) or, after the campaign, have left the game. A card of a slot
    # played later was one of those n. Two Surgeons of one campaign merge into one slot of
    # n = 2 (this forgets which graveyard each drew from). States built without the record
    # (old saves, hand-made test positions) simply have none.
    @staticmethod
    def _known(state, seat):
        known = state.get("known")
        return known.get(seat) if known else None

    def _known_out(self, state, seat, card):
        """A card of seat's hand is played (revealed on the ship, or in place of a Parrot)."""
        k = self._known(state, seat)
        if k is None:
            return
        if card in k["hand"]:
            k["hand"].remove(card)
            return
        for slot in k["slots"]:
            if card in slot["cards"]:
                slot["cards"].remove(card)
                slot["n"] -= 1
                if slot["n"] <= 0:
                    if slot["grave"]:
                        k["grave"] = sorted(k["grave"] + slot["cards"])
                    k["slots"].remove(slot)
                return

    def _known_in(self, state, seat, card):
        """A den card goes back to hand in the open (Recruiter)."""
        k = self._known(state, seat)
        if k is not None:
            k["hand"] = sorted(k["hand"] + [card])

    def _known_surgeon(self, state, seat):
        """A card of the graveyard goes back to hand in secret."""
        k = self._known(state, seat)
        if k is None:
            return
        cards, n = list(k["grave"]), 1
        for slot in [x for x in k["slots"] if x["grave"]]:
            cards += slot["cards"]
            n += slot["n"]
            k["slots"].remove(slot)
        k["grave"] = []
        if len(cards) <= n:
            k["hand"] = sorted(k["hand"] + cards)
        else:
            k["slots"].append({"n": n, "cards": sorted(cards), "grave": True})

    def _known_deal(self, state, dealt):
        """A new campaign: graveyards leave the game, everyone adds the dealt cards."""
        for s in state["seats"]:
            k = self._known(state, s)
            if k is None:
                continue
            k["grave"] = []
            for slot in k["slots"]:
                slot["grave"] = False
            k["hand"] = sorted(k["hand"] + dealt)
