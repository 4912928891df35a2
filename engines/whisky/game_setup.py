"""Options, the question bank and the setup of a new game (characters, start rolls,
decks, bag, distillery stock); the start-field decision (rules 2)."""
from __future__ import annotations

import threading
from typing import Any, Mapping, Sequence

from engines.base import IllegalAction, N_, Option, public, rng

from . import data as D
from .common import _yes_no

_BANK_LOCK = threading.Lock()     # changes of an engine's bank cache (see GameSetup.bank)
_READING = threading.Lock()       # banks read ahead or again (preload, reload_bank)


class GameSetup:
    """Options, question bank and setup (mixin of WhiskyEngine)."""

    def options(self) -> dict:
        return {
            "victory_points": (25, [10, 15, 20, 25, 30, 35, 40], "Points needed to win."),
            "regions_required": (6, [1, 2, 3, 4, 5, 6], "Regions with a bottle needed to win."),
            "end_rule": Option("immediate", ["immediate", "finish_round"],
                               "End at once when someone wins, or finish the round first.",
                               label=N_("When someone wins"),
                               values={"immediate": N_("the game ends at once"),
                                       "finish_round": N_("the round is finished")}),
            "max_rounds": (60, [5, 10, 15, 20, 30, 40, 60, 80, 100, 150], "Safety stop after this many rounds."),
            "six_rolls_again": (True, _yes_no(), "A 6 gives another (optional) roll."),
            "distillery_ends_turn": (True, _yes_no(), "A distillery question ends the turn."),
            "one_value_per_bottle": (True, _yes_no(),
                                     "Each distillery holds one 1, one 3 and one 5 point bottle."),
            "allow_u_turn": (False, _yes_no(), "Allow stepping straight back during a move."),
            "ingredient_once_per_field_per_move": (True, _yes_no(),
                                                   "An ingredient field pays once per move."),
            "lost_bottles_give_region": (False, _yes_no(),
                                         "Lost distillery bottles count for their region."),
            "lost_deck": (dict(D.DEFAULT_LOST_DECK), [],
                          "Lost distillery values: value -> number of cards."),
            "bag": (dict(D.DEFAULT_BAG), [], "Ingredient tokens in the bag."),
            "return_ticket_flights": (2, [1, 2, 3], "Flights per return ticket."),
            "extra_characters": (True, _yes_no(), "Include the 5 extra characters."),
            "base_specials": (True, _yes_no(), "Put the base special cards in the Special deck."),
            "supplementary_specials": (True, _yes_no(), "Add the supplementary special cards."),
            "bonus_bottle_points": (2, [1, 2, 3, 4, 5], "Points of each bonus bottle card."),
            "coffey_mode": Option("double_holdings", ["double_holdings", "double_this_turn"],
                                  "What Aeneas Coffey doubles.", label=N_("Aeneas Coffey doubles"),
                                  values={"double_holdings": N_("the ingredients held"),
                                          "double_this_turn": N_("this turn's ingredients")}),
            "teleport_counts_as_arrival": (True, _yes_no(),
                                           "Fèis Ìle, Spirit of Speyside and Nick Savage use the field reached."),
            "country_change_any_means": (True, _yes_no(),
                                         "Carriage and Truck also end when a teleport changes country."),
            "question_timeout_s": Option(60, [0, 20, 30, 45, 60, 90, 120, 180],
                                         "Seconds to answer a question (0 = no limit).",
                                         label=N_("Seconds to answer a question"),
                                         values={0: N_("no limit")}),
            "prefer_distillery_questions": (True, _yes_no(),
                                            "Prefer questions about the visited distillery."),
            "keep_option_order": (False, _yes_no(), "Show answer options in their stored order."),
            "question_lang": Option("en", [], "Language of the questions (the table's, set by the bot).",
                                    label=None),
            "question_bank": Option("standard", ["standard", "generated"],
                                    "standard = the shipped question bank; generated = practice placeholders.",
                                    label=N_("Questions"),
                                    values={"standard": N_("the question bank"),
                                            "generated": N_("practice placeholders")}),
            "question_packs": Option("", [], "Server whose question packs this table uses (set by the bot).",
                                     label=None),
        }

    def resolve_options(self, options):
        out = super().resolve_options(options)
        for key, kinds in (("lost_deck", None), ("bag", D.INGREDIENTS)):
            val = out[key]
            if not isinstance(val, Mapping):
                raise IllegalAction("Option {option} must map names to numbers.", option=key)
            clean = {}
            for k, v in val.items():
                if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 200:
                    raise IllegalAction("Option {option} must map names to numbers.", option=key)
                if kinds is None:
                    try:
                        if int(k) < 0:
                            raise ValueError
                    except (TypeError, ValueError):
                        raise IllegalAction("Option {option} must map names to numbers.",
                                            option=key) from None
                elif k not in kinds:
                    raise IllegalAction("Option {option} must map names to numbers.", option=key)
                clean[str(k)] = v
            out[key] = clean
        return out

    def bank(self, state) -> dict[str, dict]:
        """The question bank a game uses (id -> record). Read from disk the first time a
        bank is asked for (the bot reads it beforehand, off its event loop: ``preload``)."""
        if self._bank_override is not None:
            return self._bank_override
        key = self._bank_key(state.get("bank", "generated"), state["options"])
        bank = self._bank_cache.get(key)
        return bank if bank is not None else self._cache_bank(key)

    # The cache holds one bank per (source, language, server): a server's packs are read once
    # for all its tables in that language, and only that server's packs changing reads them
    # again. Filled from threads as well (``preload``), so changes take a lock; a look-up
    # does not need one.
    _BANK_CACHE_MAX = 64

    @staticmethod
    def _bank_key(src: str, options: Mapping) -> str:
        lang = options.get("question_lang", "en")
        # the packs of one server only (option question_packs = its id, "" for none)
        packs = str(options.get("question_packs") or "")
        return f"{src}:{lang}:{packs}"

    def _read_bank(self, key: str) -> dict[str, dict]:
        src, lang, packs = key.split(":")
        if src == "generated":
            return D.generated_bank()
        from engines.whisky import qbank
        extra = self._extra_dirs if self._extra_dirs is not None \
            else qbank.installed_pack_dirs(packs or None)
        return qbank.load_bank(lang, extra)

    def _cache_bank(self, key: str) -> dict[str, dict]:
        bank = self._read_bank(key)
        with _BANK_LOCK:
            if key not in self._bank_cache and len(self._bank_cache) >= self._BANK_CACHE_MAX:
                self._bank_cache.pop(next(iter(self._bank_cache)))   # the oldest: bounded
            self._bank_cache[key] = bank
        return bank

    def preloaded(self, options: Mapping) -> bool:
        """Whether a game with these (resolved) options finds its question bank read."""
        if self._bank_override is not None:
            return True
        return self._bank_key(self._bank_source(options), options) in self._bank_cache

    def preload(self, options: Mapping) -> None:
        """Read the question bank of a game with these (resolved) options, unless it was
        read already. Blocking (a server's packs may be many megabytes): the bot calls it in
        a thread before the engine needs the bank, so ``bank`` then only looks it up."""
        if self.preloaded(options):
            return
        with _READING:               # one at a time: a second asker then finds it read
            if not self.preloaded(options):
                self._cache_bank(self._bank_key(self._bank_source(options), options))

    def reload_bank(self, guild_id: int | str | None = None) -> None:
        """A server's packs changed (``guild_id``): its banks are read again, and every
        other server's stay as they are; None forgets every bank. Blocking: the banks are
        read before they replace the old ones, so a table of that server never waits for
        them (the old bank holds every question the table drew)."""
        if guild_id is None:
            with _BANK_LOCK:
                self._bank_cache.clear()
            return
        ending = f":{guild_id}"
        with _READING:
            for key in [k for k in list(self._bank_cache) if k.endswith(ending)]:
                try:
                    bank = self._read_bank(key)
                except Exception:        # read again when next asked for, and refused then
                    with _BANK_LOCK:
                        self._bank_cache.pop(key, None)
                    continue
                with _BANK_LOCK:
                    self._bank_cache[key] = bank

    def _bank_source(self, opts) -> str:
        packs = opts.get("question_packs", "")
        if not isinstance(packs, str) or not (packs == "" or packs.isascii() and packs.isdigit()):
            raise IllegalAction("Option {option} cannot be {value}.",
                                option="question_packs", value=str(packs)[:40])
        if self._bank_override is not None:
            return "injected"
        if opts["question_bank"] == "generated":
            return "generated"
        try:
            from engines.whisky import qbank  # noqa: F401
        except ImportError:
            return "generated"
        return "qbank"

    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None):
        self.check_seats(seats)
        opts = self.resolve_options(options)
        seats = list(seats)
        state: dict[str, Any] = {
            "game": "whisky", "seed": seed, "rng_n": 0, "options": opts, "seats": seats,
            "phase": "setup", "round": 1, "turn_idx": 0, "final_round": False,
            "turn": None, "pending": [], "question": None, "last_question": None,
            "result": None,
        }
        state["bank"] = self._bank_source(opts)
        r = rng(state)
        chars = [c for c, d in D.CHARACTERS.items() if opts["extra_characters"] or not d["extra"]]
        r.shuffle(chars)
        # highest roll starts, ties re-roll among themselves; then clockwise (seat order)
        rolls: dict[str, list[int]] = {s: [] for s in seats}
        contenders = list(seats)
        while True:
            for s in contenders:
                rolls[s].append(r.randint(1, 6))
            best = max(rolls[s][-1] for s in contenders)
            contenders = [s for s in contenders if rolls[s][-1] == best]
            if len(contenders) == 1:
                break
        first = seats.index(contenders[0])
        state["order"] = seats[first:] + seats[:first]
        state["start_rolls"] = rolls
        state["players"] = {
            s: {"character": chars[i], "pos": None, "bottles": [], "lost": [], "bonus": [],
                "ingredients": {k: 0 for k in D.INGREDIENTS}, "hand": [], "return_ticket": 0,
                "travel": None, "skip": 0, "prohibition": False, "hangover": False,
                "carriage": False, "truck": False, "last_failed": None,
                "paterson_targets": [], "last_roll": None}
            for i, s in enumerate(seats)
        }
        base = opts["base_specials"]
        deck = [c for c in D.special_deck(opts["supplementary_specials"])
                if base or D.SPECIALS[c]["set"] != "base"]
        r.shuffle(deck)
        state["special_deck"] = deck
        lost = [int(v) for v, n in sorted(opts["lost_deck"].items(), key=lambda kv: int(kv[0]))
                for _ in range(n)]
        r.shuffle(lost)
        state["lost_deck"] = lost
        state["bag"] = {k: int(opts["bag"].get(k, 0)) for k in D.INGREDIENTS}
        stock_vals = [1, 3, 5] if opts["one_value_per_bottle"] else [0, 0, 0]
        state["stock"] = {d: list(stock_vals) for d in sorted(D.DISTILLERY_IDS)}
        bank = self.bank(state)
        pools = {lv: sorted(q for q, rec in bank.items() if rec["difficulty"] == lv)
                 for lv in D.LEVELS}
        for lv in D.LEVELS:
            r.shuffle(pools[lv])
        state["pools"] = pools
        state["used_questions"] = []
        self._advance(state, [])
        return state

    def _ch_start(self, state, seat, p, dec):
        return [{"type": "start", "field": f} for f in D.START_FIELDS]

    def _do_start(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        self._p(state, seat)["pos"] = a["field"]
        ev.append(public("{player} starts in {place}.", player=seat, place=self._fname(a["field"])))
