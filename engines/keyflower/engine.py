"""Keyflower with The Farmers: the pure rules engine (rules: docs/rules/keyflower.md).

State layout (plain JSON):
  tiles[tid]      every tile in play: owner, pos ([q, r] once placed), rot, up (upgraded),
                  res (resources lying on it), animals (region index -> species counts),
                  shelter (sheep on the Sheep shelter), face (summer boats)
  site[tid]       this season's placements at a tile: colour lock, uses (sizes), on (workers on
                  the tile by colour), bids (seat -> {colour, n}), laid (4a/4b laid-down workers)
  players[seat]   workers/skills/wheat behind the screen (hidden), winter hand (hidden), won
                  tiles still to place, home tile, boat rank (tie-break)
  ctx             the current player's unfinished decision (target, workers, effect steps)

A bid or a use is asked in as few decisions as one select allows. A complete placement is
one action {"type": "place", ...} naming the tile, the colour, the losing bids moved along
("groups") and the workers from the screen ("n"); it names only what the decision so far has
not. When every complete bid and use of the turn fits in one list (25 with Pass), the main
menu is that list. Otherwise: menu (pass / bid / use where / shelter) -> tile (a tile with
only one way is offered as that way) -> every way for that tile in one list (ctx step
"colour" when several colours are possible, else "workers"); only a list of more than 24
falls back to colour -> losing bids one by one -> workers from the screen. Nothing of these
steps shows to the other players (the view's "pending" is None) until the workers are placed.
A use then runs its effect steps (choose, pay or skip, swap, place each animal, transport
moves one road step at a time, wheat, upgrade and its payment). Lists longer than 25 are
paged ({"type": "page"}). Rule choices the texts leave open follow rules section 15 and
data.RULES; DECISIONS.md lists every one. Counted nouns and the sentences naming a colour, an
animal or a skill are in texts.py.

Modules, by phase: setup.py (game and season setup, winter tiles), auction.py (bids and uses:
availability, menus, commit), uses.py (a used tile's effect steps), transport.py (transport
and upgrades), season_end.py (bids resolved, boats, breeding, building the won tiles),
final_scoring.py (Flipper, the players' allocation panel, scores, outcome), view.py (view, labels, prompts), common.py
(shared helpers). The engine class below only dispatches.
"""
from __future__ import annotations

from engines.base import N_, BaseEngine, IllegalAction, Option, T

from .auction import AuctionMixin
from .common import PAGE, StateMixin, page_of, _event, _multisets, _qty, _subsets, _tn, _w0  # noqa: F401 (re-exported)
from .final_scoring import AllocatePanelMixin, FinalScoringMixin
from .season_end import SeasonEndMixin
from .setup import SetupMixin
from .transport import TransportMixin
from .uses import UsesMixin
from .view import (_boat_label, _detail, _field_label, _label, _placement_label, _prompt,  # noqa: F401
                   _public_pending, _rotation_label, _space_words, _tile_view, _view)


class KeyflowerEngine(SetupMixin, AuctionMixin, UsesMixin, TransportMixin, SeasonEndMixin,
                      FinalScoringMixin, AllocatePanelMixin, StateMixin, BaseEngine):
    name = "keyflower"
    title = "Keyflower"
    min_players = 2
    max_players = 6

    def options(self):
        return {
            "farmers": (True, [True, False], "Play with The Farmers expansion."),
            "farmers_variant": (False, [True, False],
                                "Farmers variant: every Farmers tile is in play (needs The Farmers)."),
            "season_end": Option("greek", ["greek", "boats_first"],
                                 "End-of-season order: the Greek rulebook's (won tiles placed, then "
                                 "turn-order tiles and boats, then breeding) or boats and breeding "
                                 "before the tiles are placed.",
                                 label=N_("End-of-season order"),
                                 values={"greek": N_("tiles, boats, breeding (Greek rulebook)"),
                                         "boats_first": N_("boats, breeding, tiles")}),
        }

    # ------------------------------------------------------------------ whose turn, which choices
    def to_act(self, st):
        ph = st["phase"]
        if ph == "play":
            return [st["seats"][st["turn"]]]
        if ph == "winter_pick":
            return [s for s in st["seats"] if not st["players"][s]["picked"]]
        if ph == "boats":
            if st["end"].get("animals"):
                return [st["end"]["animals"][0]["seat"]]
            return [st["end"]["queue"][0]["seat"]]
        if ph == "breed":
            return [st["breed"]["queue"][0]]
        if ph == "place":
            return [s for s in st["seats"] if st["players"][s]["won"]]
        if ph == "flip":
            return [st["tiles"]["flipper"]["owner"]]
        if ph == "allocate":
            return [s for s in st["seats"] if not st["allocate"][s]["done"]]
        return []

    def legal(self, st, seat):
        if seat not in self.to_act(st):
            return []
        opts = self._options(st, seat)
        if len(opts) <= 25:
            return opts
        page = page_of(st, seat)
        npages = (len(opts) + PAGE - 1) // PAGE
        page = min(page, npages - 1)
        out = opts[page * PAGE:(page + 1) * PAGE]
        if page > 0:
            out.append({"type": "page", "page": page - 1})
        if page < npages - 1:
            out.append({"type": "page", "page": page + 1})
        return out

    #: effect steps of a use whose choices follow from public facts alone (the fields of the
    #: village); "pay", "swap" and "transport" read the screen (worker colours, skill types)
    _PUBLIC_EFFECTS = frozenset({"choose", "animal"})
    #: phases whose choices follow from public facts alone (boats left, fields, villages)
    _PUBLIC_PHASES = frozenset({"boats", "breed", "place", "flip"})

    def forced(self, st, seat):
        """The one choice a seat is given without asking, from public facts only.

        Forced: Pass at the main menu when the screen is empty (its size is public: with no
        worker behind it, every bid and use could only move a losing bid, which lies on the
        table, so the menu is public); a use's "choose" (or "animal") step with one option
        left (the options and the fields are public); a lone choice at the end of a season
        (a won tile with one hex; the boat, breeding and Flipper steps ask only real
        choices, the engine takes a lone one itself).

        Not forced, though they may offer one choice: Pass with workers behind the screen
        (whether any fits depends on their colours); the hidden steps of a bid or use
        (always with Cancel); a payment step offering only "skip" (the seat holds workers
        or skills, not of the asked colour or type), a transport offering only "end" (an
        upgrade the skill count allows but the skill types do not), a skill swap; the
        winter tiles (the hand is secret, and the label names the tile); the final
        allocation (asked only when the public facts allow a choice: a panel offering just
        the suggestion means the workers' colours or skills' types fit nowhere)."""
        if seat not in self.to_act(st):
            return None
        ph = st["phase"]
        if ph == "play":
            ctx = st["ctx"]
            if ctx is None:
                if sum(st["players"][seat]["workers"].values()):
                    return None
            elif ctx.get("step") != "effect" or not ctx["queue"] \
                    or ctx["queue"][0]["k"] not in self._PUBLIC_EFFECTS:
                return None
        elif ph not in self._PUBLIC_PHASES:
            return None
        legal = self.legal(st, seat)
        return legal[0] if len(legal) == 1 else None

    def _options(self, st, seat):
        ph = st["phase"]
        p = st["players"][seat]
        if ph == "winter_pick":
            out = [{"type": "winter", "tile": t} for t in p["winter"]]
            if p["pick"]:
                out.append({"type": "winter_done"})
            return out
        if ph == "boats":
            if st["end"].get("animals"):    # a bonus animal: the field of the owner's choice
                a = st["end"]["animals"][0]
                return [{"type": "field", "field": f} for f in self._bonus_fields(st, seat, a["sp"])]
            return [{"type": "boat", "boat": b} for b in self._boats_left(st)]
        if ph == "breed":
            return [{"type": "newborn", "field": f} for f in self._breed_pick(st)[2]]
        if ph == "place":
            return self._place_options(st, seat)
        if ph == "flip":
            return [{"type": "flip", "tile": t} for t in self._flip_targets(st, seat)] + [{"type": "skip"}]
        if ph == "allocate":
            return self._alloc_options(st, seat)
        return self._play_options(st, seat)

    # ------------------------------------------------------------------ apply
    def _apply(self, st, seat, action):
        if st["phase"] == "over":
            raise IllegalAction("The game is over.")
        if seat not in st["seats"]:
            raise IllegalAction("You are not playing at this table.")
        if seat not in self.to_act(st):
            raise IllegalAction("It is not your turn: wait for {players}.", players=self.to_act(st))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a Keyflower action.")
        self._refuse_split(st, seat, action)
        legal = self.legal(st, seat)
        if action not in legal:
            raise IllegalAction("You cannot do that now: pick one of the offered choices.")
        return self._fast_apply(st, seat, action)

    def _fast_apply(self, st, seat, action):
        events: list = []
        t = action["type"]
        if t == "page":
            st.setdefault("pages", {})[seat] = action["page"]
            return events
        st.setdefault("pages", {}).pop(seat, None)
        ph = st["phase"]
        if ph == "winter_pick":
            self._do_winter(st, seat, action, events)
        elif ph == "boats":
            if t == "field":
                self._put_bonus_animal(st, action["field"], events)
            else:
                self._take_boat(st, seat, action["boat"], events)
                st["end"]["queue"].pop(0)
            self._run_boats(st, events)
        elif ph == "breed":
            self._do_breed(st, seat, action, events)
        elif ph == "place":
            self._do_place(st, seat, action, events)
        elif ph == "flip":
            self._do_flip(st, seat, action, events)
        elif ph == "allocate":
            self._do_allocate(st, seat, action, events)
        else:
            self._do_play(st, seat, action, events)
        return events

    # ------------------------------------------------------------------ AI seats and search
    navigation = frozenset({"page", "cancel", "t_back", "alloc_back"})
    forfeits = frozenset({"pass"})

    def determinize(self, view, rng):
        from .determinize import determinize
        return determinize(self, view, rng)

    def evaluate(self, st):
        from .evaluate import evaluate
        return evaluate(self, st)

    def advance(self, st, seat, action):
        """``apply`` for search: the action comes from ``legal`` (no re-validation, no
        rollback snapshot); the events are built as ``apply`` builds them."""
        return self._fast_apply(st, seat, action)

    # ------------------------------------------------------------------ presentation (view.py)
    def view(self, st, seat):
        return _view(self, st, seat)

    def label(self, st, seat, action):
        return _label(self, st, seat, action)

    def detail(self, st, seat, action):
        return _detail(self, st, seat, action)

    def prompt(self, st, seat):
        return _prompt(self, st, seat)

    def status(self, st):
        if st["phase"] == "over":
            return T("Game over.")
        phase = {"play": T("actions"), "winter_pick": T("choosing winter tiles"), "boats": T("taking boats"),
                 "place": T("building villages"), "flip": T("Flipper's free upgrade"),
                 "breed": T("breeding"), "allocate": T("final scoring")}[st["phase"]]
        return T("{season} — {phase} — waiting for {players}.", season=T(self.season_name(st).capitalize()),
                 phase=phase, players=self.to_act(st))


ENGINE = KeyflowerEngine()
