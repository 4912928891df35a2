"""The Whisky Game: the pure rules engine (rules reference: docs/rules/whisky_game.md).

A turn is a sequence of small decisions kept on a stack (``state["pending"]``); the top one
belongs to the seat to act (``view()["pending"]["kind"]``). Automatic steps (skipped turns,
Prohibition rolls, sea landings, the end of a turn, the next player's start) run in
``_advance`` until a decision is needed.

Decisions (pending kind -> actions):
  start       {"type": "start", "field": "SC_EDINBURGH" | "IE_DUBLIN"}
  ready       {"type": "roll"} | {"type": "play", "card": c} | {"type": "sail", "route": sea_id}
              | {"type": "pour"} (Richard Paterson) | {"type": "end"} (when no roll is due)
  move        {"type": "move", "to": field}   (one per reachable stopping field, lettered
              A, B, … in this order: the labels and the public view()["move"] give the letters
              that the board image draws at the fields)
  fly         {"type": "fly", "to": airport}
  distillery  {"type": "ask", "level": "easy"|"medium"|"hard" [, "smuggler": true]} | {"type": "leave"}
  question    {"type": "answer", "option": 0-3} (index in the order shown) | {"type": "timeout"}
              | {"type": "play", "card": "fifty" | expert} | {"type": "rescue", "how": "roll"|"swap"}
              | {"type": "accept"} (after a wrong answer: give up, see the answer)
  smuggle     {"type": "take", "distillery": d}
  savage      {"type": "jump"} | {"type": "stay"}
  lost        {"type": "buy"} | {"type": "leave"}
  pub         {"type": "trade", "give": [k, k], "get": k} | {"type": "leave"}
  airport     {"type": "book", "ticket": "one_way"|"return"} | {"type": "leave"}
  teleport    {"type": "go", "field": f}
  victim      {"type": "target", "seat": s}
  bottle      {"type": "pick", "bottle": "b<i>" | "l<i>"}  (distillery / lost bottle index)
  angels      {"type": "pick", "seat": s, "bottle": "b<i>"}
  gordon      {"type": "pick", "bottle": "b<i>", "value": 3|5}
  shackleton  {"type": "take", "distillery": d, "value": v}
distillery, lost, pub and airport also offer the cards playable now ({"type": "play", ...}) and
{"type": "pour"}; the field decision resumes afterwards.
Any list longer than 25 is paged: {"type": "page", "n": k} turns to page k.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from engines.base import (BaseEngine, Event, IllegalAction, N_, Option, Outcome, T, Text, letter,
                          private, public, rng)

from . import data as D

FIELD_KINDS = ("distillery", "lost", "pub", "airport")
PAGE = 23  # items per page when a list is longer than one Discord select (25)
LETTERS = "ABCD"
ANSWER_LABEL_MAX = 77   # answer text on a button, after "A: "


def _yes_no():
    return [True, False]


def tokens(kind: str, n: int) -> Text:
    """n ingredient tokens of one kind, as a counted label ("2 barley")."""
    if kind == "barley":
        return T("{n} barley", plural="{n} barley", n=n)
    if kind == "water":
        return T("{n} water", plural="{n} water", n=n)
    return T("{n} yeast", plural="{n} yeast", n=n)


def token_list(kinds: Sequence[str]) -> Text:
    """Ingredient tokens (kinds, repeated as drawn) as one label: "1 barley and 2 water"."""
    counts = {k: kinds.count(k) for k in D.INGREDIENTS if k in kinds}
    parts = [tokens(k, n) for k, n in counts.items()]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return T("{first} and {second}", first=parts[0], second=parts[1])
    return T("{first}, {second} and {third}", first=parts[0], second=parts[1], third=parts[2])


def level_name(level: str) -> Text:
    """A question's difficulty as a label ("Easy"), for sentences that quote it."""
    if level == "easy":
        return T("Easy", context="difficulty")
    if level == "medium":
        return T("Medium", context="difficulty")
    return T("Hard", context="difficulty")


def _event(text: Text, kind: str = "log", data: dict | None = None) -> Event:
    """A public event from a prepared Text (a message chosen among several)."""
    return Event(text, None, kind, data or {})


class WhiskyEngine(BaseEngine):
    name = "whisky"
    title = "The Whisky Game"
    min_players = 2
    max_players = 6

    def __init__(self, bank: Mapping[str, dict] | None = None,
                 extra_dirs: list[str] | None = None) -> None:
        """``bank`` (question id -> record) replaces the question bank, for tests;
        ``extra_dirs`` are admin question packs passed to qbank.load_bank."""
        self._bank_override = dict(bank) if bank is not None else None
        self._extra_dirs = list(extra_dirs) if extra_dirs else None
        self._bank_cache: dict[str, dict] = {}

    # ------------------------------------------------------------------ options / bank
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
        """The question bank a game uses (id -> record)."""
        if self._bank_override is not None:
            return self._bank_override
        src = state.get("bank", "generated")
        lang = state["options"].get("question_lang", "en")
        # the packs of one server only (option question_packs = its id, "" for none)
        packs = str(state["options"].get("question_packs") or "")
        key = f"{src}:{lang}:{packs}"
        if key not in self._bank_cache:
            if len(self._bank_cache) >= 64:      # one entry per server with packs: bounded
                self._bank_cache.pop(next(iter(self._bank_cache)))
            if src == "generated":
                self._bank_cache[key] = D.generated_bank()
            else:
                from engines.whisky import qbank
                extra = self._extra_dirs if self._extra_dirs is not None \
                    else qbank.installed_pack_dirs(packs or None)
                self._bank_cache[key] = qbank.load_bank(lang, extra)
        return self._bank_cache[key]

    def reload_bank(self) -> None:
        """Forget every loaded bank, of every server (after a server installed a pack)."""
        self._bank_cache.clear()

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

    # ------------------------------------------------------------------ setup
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

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _p(state, seat):
        return state["players"][seat]

    @staticmethod
    def _cur(state) -> str:
        return state["order"][state["turn_idx"]]

    @staticmethod
    def _top(state):
        return state["pending"][-1] if state["pending"] else None

    @staticmethod
    def _push(state, kind, seat, **data):
        dec = {"kind": kind, "seat": seat, "page": 0}
        dec.update(data)
        state["pending"].append(dec)
        return dec

    @staticmethod
    def _fname(fid) -> Text:
        return T(D.FIELDS[fid]["name"])

    @staticmethod
    def _cname(card) -> Text:
        return T(D.SPECIALS[card]["name"])

    def _opponents(self, state, seat):
        return [s for s in state["order"] if s != seat]

    def _owned_distilleries(self, p) -> set:
        return {b["d"] for b in p["bottles"]}

    def _stock_has(self, state, d, value) -> bool:
        st = state["stock"][d]
        if state["options"]["one_value_per_bottle"]:
            return value in st
        return len(st) > 0

    def _stock_take(self, state, d, value):
        st = state["stock"][d]
        st.remove(value if state["options"]["one_value_per_bottle"] else 0)

    def _stock_return(self, state, d, value):
        state["stock"][d].append(value if state["options"]["one_value_per_bottle"] else 0)
        state["stock"][d].sort()

    def _bottle_points(self, p, b) -> int:
        ch = D.CHARACTERS[p["character"]]
        if ch["kind"] == "multiplier" and ch["distillery"] == b["d"]:
            return b["v"] * ch["factor"]
        return b["v"]

    def _score_parts(self, state, seat, hidden=True) -> dict[str, int]:
        p = self._p(state, seat)
        base = sum(b["v"] for b in p["bottles"])
        total = sum(self._bottle_points(p, b) for b in p["bottles"])
        lost = sum(x["v"] for x in p["lost"] if hidden or x["revealed"])
        bonus = len(p["bonus"]) * state["options"]["bonus_bottle_points"]
        return {N_("Distillery bottles"): base, N_("Character bonus"): total - base,
                N_("Lost distillery bottles"): lost, N_("Bonus bottle cards"): bonus}

    def _points(self, state, seat, hidden=True) -> int:
        return sum(self._score_parts(state, seat, hidden).values())

    def _regions(self, state, seat) -> list[str]:
        p = self._p(state, seat)
        regs = {D.region(b["d"]) for b in p["bottles"]}
        if state["options"]["lost_bottles_give_region"]:
            regs |= {D.region(x["at"]) for x in p["lost"]}
        return [r for r in D.REGION_ORDER if r in regs]

    def _qualifies(self, state, seat) -> bool:
        o = state["options"]
        return (self._points(state, seat) >= o["victory_points"]
                and len(self._regions(state, seat)) >= o["regions_required"])

    def _bottle_count(self, p) -> int:
        return len(p["bottles"]) + len(p["lost"]) + len(p["bonus"])

    def _discard(self, state, card):
        state["special_deck"].append(card)

    def _total_tokens(self, p) -> int:
        return sum(p["ingredients"].values())

    @staticmethod
    def _card_count(p) -> int:
        """Special cards in front of a player, as everybody can count them (a kept return
        ticket included). Which cards they are is secret, so whether the game pauses for
        a card decision depends on this count only, never on the cards themselves."""
        return len(p["hand"]) + (1 if p["return_ticket"] else 0)

    # ------------------------------------------------------------------ contract
    def to_act(self, state) -> list[str]:
        if state["phase"] == "over":
            return []
        top = self._top(state)
        return [top["seat"]] if top else []

    def outcome(self, state) -> Outcome | None:
        res = state.get("result")
        if not res:
            return None
        tb = res.get("tiebreak")
        return Outcome(scores=dict(res["scores"]), ranks=dict(res["ranks"]),
                       breakdown={s: dict(b) for s, b in res["breakdown"].items()},
                       winners=list(res["winners"]),
                       tiebreak=Text.from_json(tb) if tb else None)

    def legal(self, state, seat) -> list[dict]:
        if state["phase"] == "over":
            return []
        top = self._top(state)
        if not top or top["seat"] != seat:
            return []
        items = self._choices(state, top)
        if len(items) <= 25:
            return items
        page = top.get("page", 0)
        out = items[page * PAGE:(page + 1) * PAGE]
        if (page + 1) * PAGE < len(items):
            out.append({"type": "page", "n": page + 1})
        if page > 0:
            out.append({"type": "page", "n": page - 1})
        return out

    # ------------------------------------------------------------------ choices per decision
    def _choices(self, state, dec) -> list[dict]:
        kind = dec["kind"]
        seat = dec["seat"]
        p = self._p(state, seat)
        fn = getattr(self, "_ch_" + kind)
        items = fn(state, seat, p, dec)
        if kind in FIELD_KINDS:   # cards may be played at a field too (rules 3)
            items = items[:-1] + self._extra_plays(state, seat) + items[-1:]
        return items

    def _extra_plays(self, state, seat) -> list[dict]:
        p = self._p(state, seat)
        out = [{"type": "play", "card": c} for c in sorted(set(p["hand"]))
               if c in D.ANYTIME_CARDS and self._card_targets(state, seat, c) is not None]
        if self._pour_targets(state, seat):
            out.append({"type": "pour"})
        return out

    def _ch_start(self, state, seat, p, dec):
        return [{"type": "start", "field": f} for f in D.START_FIELDS]

    def _ch_fly(self, state, seat, p, dec):
        return [{"type": "fly", "to": a} for a in D.AIRPORTS if a != p["pos"]]

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
        for card in sorted(set(p["hand"])):
            if card in D.ANYTIME_CARDS and self._card_targets(state, seat, card) is not None:
                out.append({"type": "play", "card": card})
        if self._pour_targets(state, seat):
            out.append({"type": "pour"})
        if not (can_move and t["must_roll"]):
            out.append({"type": "end"})
        return out

    def _ch_move(self, state, seat, p, dec):
        return [{"type": "move", "to": o["to"]} for o in dec["options"]]

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

    def _ch_question(self, state, seat, p, dec):
        q = state["question"]
        out = []
        if q["status"] == "asking":
            for i in range(4):
                if i not in q["removed"]:
                    out.append({"type": "answer", "option": i})
            if "fifty" in p["hand"] and not q["removed"]:
                out.append({"type": "play", "card": "fifty"})
        else:
            ch = D.CHARACTERS[p["character"]]["kind"]
            if ch == "swap" and not state["turn"]["mcewan_used"]:
                out.append({"type": "rescue", "how": "swap"})
            if ch == "rescue_roll" and not q["roll_used"]:
                out.append({"type": "rescue", "how": "roll"})
            out.append({"type": "accept"})
        for e in D.EXPERTS:
            if e in p["hand"]:
                out.append({"type": "play", "card": e})
        out.append({"type": "timeout"})
        return out

    def _answering(self, state, seat) -> bool:
        top = self._top(state)
        q = state.get("question")
        return bool(top and top["seat"] == seat and top["kind"] == "question" and q
                    and q.get("status") == "asking")

    def decision_timer(self, state, seat):
        """The question's time limit: an unanswered question counts as wrong."""
        limit = state["options"]["question_timeout_s"]
        if limit and self._answering(state, seat):
            return float(limit), {"type": "timeout"}
        return None

    def public_decision(self, state, seat):
        """The question is read out to the whole table; only its player may answer."""
        return self._answering(state, seat)

    def public_actions(self, state, seat):
        """Only the answers are offered at the table: card plays (50/50, experts) are
        secret until played and stay in the player's own panel."""
        if not self._answering(state, seat):
            return []
        return [a for a in self.legal(state, seat) if a["type"] == "answer"]

    def _ch_smuggle(self, state, seat, p, dec):
        return [{"type": "take", "distillery": d}
                for d in self._smuggler_targets(state, seat, dec["value"])]

    def _ch_savage(self, state, seat, p, dec):
        return [{"type": "jump"}, {"type": "stay"}]

    def _ch_lost(self, state, seat, p, dec):
        out = []
        if self._can_buy_lost(state, seat):
            out.append({"type": "buy"})
        out.append({"type": "leave"})
        return out

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

    def _ch_airport(self, state, seat, p, dec):
        out = []
        if "ticket_one_way" in p["hand"]:
            out.append({"type": "book", "ticket": "one_way"})
        if p["return_ticket"] > 0 or "ticket_return" in p["hand"]:
            out.append({"type": "book", "ticket": "return"})
        out.append({"type": "leave"})
        return out

    def _ch_teleport(self, state, seat, p, dec):
        reg = dec["region"]
        return [{"type": "go", "field": f} for f, d in D.FIELDS.items()
                if d["region"] == reg]

    def _ch_victim(self, state, seat, p, dec):
        # prohibition victim, Nick Offerman, Warehouse Collapse, Paterson, Faker, Cork, Enthusiast
        return [{"type": "target", "seat": s} for s in dec["targets"]]

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

    def _ch_angels(self, state, seat, p, dec):
        return [{"type": "pick", "seat": s, "bottle": f"b{i}"}
                for s, i in self._angels_targets(state, seat)]

    def _ch_gordon(self, state, seat, p, dec):
        return [{"type": "pick", "bottle": f"b{i}", "value": v}
                for i, v in self._gordon_targets(state, seat)]

    def _ch_shackleton(self, state, seat, p, dec):
        return [{"type": "take", "distillery": d, "value": v}
                for d, v in self._shackleton_targets(state, seat)]

    # ------------------------------------------------------------------ card targets
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

    def _smuggler_targets(self, state, seat, value):
        own = self._owned_distilleries(self._p(state, seat))
        return [d for d in sorted(D.DISTILLERY_IDS)
                if d not in own and self._stock_has(state, d, value)]

    def _can_buy_lost(self, state, seat):
        p = self._p(state, seat)
        if not state["lost_deck"]:
            return False
        ing = p["ingredients"]
        if D.CHARACTERS[p["character"]]["kind"] == "any_six":
            return self._total_tokens(p) >= 6
        return all(ing[k] >= n for k, n in D.LOST_PRICE.items())

    def _any_pool(self, state) -> bool:
        return any(state["pools"][lv] for lv in D.LEVELS)

    def _can_visit(self, state, seat, d) -> bool:
        p = self._p(state, seat)
        if p["prohibition"] or d in self._owned_distilleries(p) or p["last_failed"] == d:
            return False
        return True

    # ------------------------------------------------------------------ apply
    def _apply(self, state, seat, action):
        if state["phase"] == "over":
            raise IllegalAction("The game is over.")
        if seat not in state["seats"]:
            raise IllegalAction("You are not playing at this table.")
        top = self._top(state)
        if not top or top["seat"] != seat:
            waiting = self.to_act(state)
            raise IllegalAction("It is not your turn: waiting for {player}.",
                                player=waiting[0] if waiting else "-")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("That is not a valid action. Pick one of the offered choices.")
        if action not in self.legal(state, seat):
            if top["kind"] == "question" and action.get("type") == "answer":
                raise IllegalAction("That answer is not available. Pick one of the options shown.")
            raise IllegalAction("You cannot do that now. Pick one of the offered choices.")
        ev: list = []
        if action["type"] == "page":
            top["page"] = action["n"]
            return ev
        if top["kind"] in FIELD_KINDS and action["type"] == "pour":
            self._push(state, "victim", seat, purpose="pour", targets=self._pour_targets(state, seat))
        elif top["kind"] in FIELD_KINDS and action["type"] == "play":
            self._play_anytime(state, seat, action["card"], ev)
        else:
            getattr(self, "_do_" + top["kind"])(state, seat, top, action, ev)
        if state["phase"] != "over":
            self._check_victory(state, ev)
        if state["phase"] != "over":
            self._advance(state, ev)
        return ev

    def _pop(self, state, dec):
        state["pending"].remove(dec)

    # --- setup
    def _do_start(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        self._p(state, seat)["pos"] = a["field"]
        ev.append(public("{player} starts in {place}.", player=seat, place=self._fname(a["field"])))

    # --- ready: roll, luck, sail, play, pour, end
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
        if not opts:
            ev.append(public("{player} stays in {place}.", player=seat, place=self._fname(p["pos"])))
            return
        if len(opts) == 1:
            self._do_walk(state, seat, opts[0], ev)
            return
        self._push(state, "move", seat, options=opts, value=value)

    def destinations(self, state, seat, value, luck=False) -> list[dict]:
        """Every field where a move of ``value`` steps may end, with one path each (the one
        that collects the most ingredients)."""
        p = self._p(state, seat)
        o = state["options"]
        allow_u = o["allow_u_turn"] and not luck
        once = o["ingredient_once_per_field_per_move"]
        blocked = {"distillery", "lost", "pub"} if p["prohibition"] else set()
        best: dict[str, dict] = {}

        def record(node, cnt, path, exact):
            cur = best.get(node)
            if cur is None or cnt > cur["ingr"] or (cnt == cur["ingr"] and exact and not cur["exact"]):
                best[node] = {"to": node, "path": list(path), "ingr": cnt, "exact": exact}

        start = p["pos"]
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

    def _draw_ingredients(self, state, seat, n, ev):
        p = self._p(state, seat)
        bag = state["bag"]
        got = []
        for _ in range(n):
            total = sum(bag.values())
            if total <= 0:
                break
            k = rng(state).randrange(total)
            for kind in D.INGREDIENTS:
                if k < bag[kind]:
                    break
                k -= bag[kind]
            bag[kind] -= 1
            p["ingredients"][kind] += 1
            got.append(kind)
        if got:
            ev.append(public("{player} collects {tokens}.", player=seat,
                             tokens=token_list(got), data={"tokens": got}))
        else:
            ev.append(public("The ingredient bag is empty.", player=seat))

    def _lose_tokens(self, state, seat, n, ev, why):
        p = self._p(state, seat)
        r = rng(state)
        lost = []
        for _ in range(n):
            pool = [k for k in D.INGREDIENTS for _ in range(p["ingredients"][k])]
            if not pool:
                break
            k = r.choice(pool)
            p["ingredients"][k] -= 1
            state["bag"][k] += 1
            lost.append(k)
        ev.append(public("{player} loses {n} ingredient ({why}).",
                         plural="{player} loses {n} ingredients ({why}).", player=seat,
                         n=len(lost), why=why, data={"tokens": lost}))

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

    # --- distillery & question
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

    def _draw_question(self, state, level, field):
        pools = state["pools"]
        order = {"easy": ["easy", "medium", "hard"], "medium": ["medium", "easy", "hard"],
                 "hard": ["hard", "medium", "easy"]}[level]
        bank = self.bank(state)
        for lv in order:
            pool = pools[lv]
            pool[:] = [q for q in pool if q in bank]   # a card removed from the bank is skipped
            if not pool:
                continue
            pick = 0
            if state["options"]["prefer_distillery_questions"]:
                for i, q in enumerate(pool):
                    if bank.get(q, {}).get("distillery") == field:
                        pick = i
                        break
            return pool.pop(pick), lv
        return None, None

    def _ask(self, state, seat, field, level, smug, ev, prev):
        qid, drawn_lv = self._draw_question(state, level, field)
        if qid is None:
            self._finish(state, ev, "questions")
            return
        state["used_questions"].append(qid)
        rec = self.bank(state)[qid]
        order = [0, 1, 2, 3]
        if not state["options"]["keep_option_order"] and not rec.get("ordered_options"):
            rng(state).shuffle(order)
        q = {"id": qid, "seat": seat, "distillery": field, "level": level,
             "value": D.LEVEL_VALUE[level], "order": order, "removed": [], "wrong": [],
             "status": "asking", "smuggler": smug, "roll_used": False, "prev": prev}
        state["question"] = q
        if drawn_lv != level:
            ev.append(public("No “{level}” questions are left: this one is a “{other}” question, "
                             "still worth {n} point.",
                             plural="No “{level}” questions are left: this one is a “{other}” "
                                    "question, still worth {n} points.",
                             level=level_name(level), other=level_name(drawn_lv),
                             n=D.LEVEL_VALUE[level]))
        self._push(state, "question", seat)
        qv = self._question_view(state)
        ev.append(_event(self._asked(seat, level, self._fname(field), rec["question"]),
                         kind="question", data=qv))

    @staticmethod
    def _asked(seat, level, place, question) -> Text:
        """The public line that reads a question out, one whole sentence per difficulty."""
        n = D.LEVEL_VALUE[level]
        if level == "easy":
            return T("{player} is asked an easy question at {place} for the bottle worth {n} "
                     "point: {question}",
                     plural="{player} is asked an easy question at {place} for the bottle worth "
                            "{n} points: {question}",
                     player=seat, place=place, n=n, question=question)
        if level == "medium":
            return T("{player} is asked a medium question at {place} for the bottle worth {n} "
                     "point: {question}",
                     plural="{player} is asked a medium question at {place} for the bottle "
                            "worth {n} points: {question}",
                     player=seat, place=place, n=n, question=question)
        return T("{player} is asked a hard question at {place} for the bottle worth {n} "
                 "point: {question}",
                 plural="{player} is asked a hard question at {place} for the bottle worth {n} "
                        "points: {question}",
                 player=seat, place=place, n=n, question=question)

    def _do_question(self, state, seat, dec, a, ev):
        q = state["question"]
        p = self._p(state, seat)
        typ = a["type"]
        if typ == "play" and a["card"] == "fifty":
            p["hand"].remove("fifty")
            self._discard(state, "fifty")
            correct = q["order"].index(self.bank(state)[q["id"]]["answer"])
            wrong = [i for i in range(4) if i != correct]
            keep = rng(state).choice(wrong)
            q["removed"] = sorted(i for i in wrong if i != keep)
            first, second = (LETTERS[i] for i in q["removed"])
            ev.append(public("{player} plays 50/50: options {first} and {second} are removed.",
                             player=seat, first=first, second=second,
                             data={"removed": q["removed"]}))
            return
        if typ == "play":  # expert card
            p["hand"].remove(a["card"])
            self._discard(state, a["card"])
            ev.append(public("{player} calls on the expert {card} and gets the bottle.",
                             player=seat, card=self._cname(a["card"])))
            self._settle(state, seat, True, ev, how="expert")
            return
        if typ == "answer":
            rec = self.bank(state)[q["id"]]
            if q["order"][a["option"]] == rec["answer"]:
                ev.append(public("{player} answers {letter}: right!", player=seat,
                                 letter=LETTERS[a["option"]]))
                self._settle(state, seat, True, ev, how="answer")
                return
            q["wrong"].append(a["option"])
            ev.append(public("{player} answers {letter}: not correct.", player=seat,
                             letter=LETTERS[a["option"]]))
            self._after_wrong(state, seat, ev)
            return
        if typ == "timeout":
            if q["status"] == "asking":
                ev.append(public("Time is up for {player}: that counts as a wrong answer.", player=seat))
                self._after_wrong(state, seat, ev)
            else:
                self._settle(state, seat, False, ev, how="wrong")
            return
        if typ == "accept":
            self._settle(state, seat, False, ev, how="wrong")
            return
        if typ == "rescue" and a["how"] == "roll":
            q["roll_used"] = True
            face = rng(state).randint(1, 6)
            if face <= 2:
                ev.append(public("{player} rolls {face}: the bottle is won after all!",
                                 player=seat, face=face))
                self._settle(state, seat, True, ev, how="roll")
            else:
                ev.append(public("{player} rolls {face}: no luck.", player=seat, face=face))
                self._after_wrong(state, seat, ev)
            return
        if typ == "rescue" and a["how"] == "swap":
            state["turn"]["mcewan_used"] = True
            face = rng(state).randint(1, 6)
            if face % 2 == 0:
                ev.append(public("{player} rolls {face}: a new question of the same difficulty.",
                                 player=seat, face=face))
                self._pop(state, dec)
                prev = q["prev"] + [{"id": q["id"], "order": q["order"], "wrong": q["wrong"]}]
                state["question"] = None
                self._ask(state, seat, q["distillery"], q["level"], q["smuggler"], ev, prev=prev)
                if state["question"] is not None:
                    state["question"]["roll_used"] = q["roll_used"]
            else:
                ev.append(public("{player} rolls {face}: no new question.", player=seat, face=face))
                self._after_wrong(state, seat, ev)
            return

    def _after_wrong(self, state, seat, ev):
        q = state["question"]
        q["status"] = "rescue"
        p = self._p(state, seat)
        options = self._ch_question(state, seat, p, None)
        # the answer is held back for a rescue ability (public) or for any card holder (an
        # expert card is secret, so every card holder is asked alike)
        if not self._card_count(p) and not any(o["type"] == "rescue" for o in options):
            self._settle(state, seat, False, ev, how="wrong")

    def _settle(self, state, seat, right, ev, how):
        q = state["question"]
        dec = self._top(state)
        if dec and dec["kind"] == "question":
            self._pop(state, dec)
        p = self._p(state, seat)
        bank = self.bank(state)
        rec = bank[q["id"]]
        correct = q["order"].index(rec["answer"])
        revealed = []
        for old in q["prev"]:
            orec = bank[old["id"]]
            revealed.append({"id": old["id"], "question": orec["question"],
                             "correct": old["order"].index(orec["answer"]),
                             "answer": orec["options"][orec["answer"]], "info": orec["info"]})
        last = {"id": q["id"], "seat": seat, "distillery": q["distillery"], "level": q["level"],
                "value": q["value"], "question": rec["question"],
                "options": [rec["options"][i] for i in q["order"]], "correct": correct,
                "answer": rec["options"][rec["answer"]], "info": rec["info"],
                "result": "right" if right else "wrong", "how": how, "wrong": q["wrong"],
                "earlier": revealed}
        state["last_question"] = last
        state["question"] = None
        ev.append(public("The answer was {letter}: {answer}. {info}", kind="answer", data=last,
                         letter=LETTERS[correct], answer=last["answer"], info=rec["info"]))
        d = q["distillery"]
        p["last_failed"] = None if right else d
        if q["smuggler"]:
            self._discard(state, "smuggler")
        if D.CHARACTERS[p["character"]]["kind"] == "jump" and d == D.MACALLAN:
            self._push(state, "savage", seat)
        if right:
            if q["smuggler"]:
                if self._smuggler_targets(state, seat, q["value"]):
                    self._push(state, "smuggle", seat, value=q["value"])
                else:
                    ev.append(public("No bottle of that value is left anywhere for {player}.", player=seat))
            else:
                self._give_bottle(state, seat, d, q["value"], ev)

    def _give_bottle(self, state, seat, d, value, ev):
        p = self._p(state, seat)
        self._stock_take(state, d, value)
        p["bottles"].append({"d": d, "v": value})
        ev.append(public("{player} wins the bottle worth {n} point from {place}.",
                         plural="{player} wins the bottle worth {n} points from {place}.",
                         player=seat, n=value, place=self._fname(d),
                         data={"distillery": d, "value": value}))

    def _do_smuggle(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        self._give_bottle(state, seat, a["distillery"], dec["value"], ev)

    def _do_savage(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        if a["type"] == "stay":
            return
        p = self._p(state, seat)
        p["pos"] = D.BLADNOCH
        ev.append(public("{player} jumps from The Macallan to Bladnoch.", player=seat))
        if state["options"]["teleport_counts_as_arrival"]:
            self._arrive(state, seat, D.BLADNOCH, True, ev)

    # --- lost distillery, pub, airport
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

    # --- special cards
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

    def _do_shackleton(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        self._discard(state, "shackleton")
        ev.append(public("{player} trades Shackleton's Whisky for a Highlands bottle.", player=seat))
        self._give_bottle(state, seat, a["distillery"], a["value"], ev)

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

    # ------------------------------------------------------------------ flow
    def _advance(self, state, ev):
        guard = 0
        while state["phase"] != "over" and not state["pending"]:
            guard += 1
            if guard > 10000:  # pragma: no cover - defensive
                raise RuntimeError("whisky engine made no progress")
            if state["phase"] == "setup":
                for s in state["order"]:
                    if self._p(state, s)["pos"] is None:
                        self._push(state, "start", s)
                        break
                else:
                    state["phase"] = "play"
                    ev.append(public("Round {round} begins.", round=1))
                continue
            t = state["turn"]
            if t is None:
                self._start_turn(state, ev)
                continue
            seat = t["seat"]
            if t.get("over"):
                self._end_turn(state, ev)
                continue
            can_move = t["moves"] > 0 and not t["ended"]
            if can_move:
                self._push(state, "ready", seat)
                continue
            # the turn pauses for a card decision when the player holds cards at all (which
            # ones is secret) or can use the public Paterson ability
            if self._card_count(self._p(state, seat)) or self._pour_targets(state, seat):
                self._push(state, "ready", seat)
                continue
            self._end_turn(state, ev)

    def _start_turn(self, state, ev):
        seat = self._cur(state)
        p = self._p(state, seat)
        t = {"seat": seat, "moves": 1, "must_roll": True, "moved": False, "ended": False,
             "can_sail": True, "mcewan_used": False, "pour_used": False, "coffey": False,
             "bonus_checked": False, "over": False}
        state["turn"] = t
        ev.append(public("It is {player}'s turn.", player=seat))
        if p["skip"] > 0:
            p["skip"] -= 1
            ev.append(public("{player} misses this turn.", player=seat))
            t["over"] = True
            return
        if p["prohibition"]:
            r = rng(state)
            rolls = []
            for _ in range(3):
                rolls.append(r.randint(1, 6))
                if rolls[-1] == 6:
                    break
            if rolls[-1] == 6:
                p["prohibition"] = False
                self._discard(state, "prohibition")
                ev.append(public("{player} rolls {rolls} and lifts Prohibition.", player=seat,
                                 rolls=rolls))
            else:
                ev.append(public("{player} rolls {rolls}: Prohibition stays this turn.",
                                 player=seat, rolls=rolls))
        trav = p["travel"]
        if trav and trav["kind"] == "sea":
            old = p["pos"]
            p["pos"] = trav["to"]
            p["travel"] = None
            t["can_sail"] = False
            ev.append(public("{player} lands at {place}.", player=seat, place=self._fname(trav["to"])))
            frm = [x for x in D.SEA_ROUTES[old]["ports"] if x != trav["to"]][0]
            self._country_change(state, seat, frm, trav["to"], ev, travel=True)
        elif trav and trav["kind"] == "flight":
            t["can_sail"] = False
            self._push(state, "fly", seat)

    def _end_turn(self, state, ev):
        seat = state["turn"]["seat"]
        state["turn"] = None
        o = state["options"]
        if not self._any_pool(state):
            self._finish(state, ev, "questions")
            return
        if o["end_rule"] == "finish_round" and not state["final_round"] and self._qualifies(state, seat):
            # Holdings only grow in their owner's turn, so only this player can have just
            # reached the goal. As at the real table, they announce it and show the
            # face-down bottles that count towards it: the announcement is a reveal.
            state["final_round"] = True
            shown = [x for x in self._p(state, seat)["lost"] if not x["revealed"]]
            for x in shown:
                x["revealed"] = True
            ev.append(public("{player} has reached the goal: this is the final round.", kind="reveal",
                             player=seat, data={"revealed": [x["v"] for x in shown]}))
            if shown:
                ev.append(public("{player} shows their face-down lost distillery bottle: {values}.",
                                 plural="{player} shows their face-down lost distillery bottles: "
                                        "{values}.",
                                 player=seat, n=len(shown),
                                 values=", ".join(str(x["v"]) for x in shown)))
        state["turn_idx"] += 1
        if state["turn_idx"] >= len(state["order"]):
            state["turn_idx"] = 0
            if state["final_round"]:
                if any(self._qualifies(state, s) for s in state["order"]):
                    self._finish(state, ev, "goal")
                    return
                state["final_round"] = False
            state["round"] += 1
            if state["round"] > o["max_rounds"]:
                state["round"] = o["max_rounds"]
                self._finish(state, ev, "rounds")
                return
            ev.append(public("Round {round} begins.", round=state["round"]))

    def _check_victory(self, state, ev):
        if state["options"]["end_rule"] != "immediate" or state["phase"] != "play":
            return
        t = state["turn"]
        seat = t["seat"] if t else None
        if seat and self._qualifies(state, seat):
            self._finish(state, ev, "goal", winner=seat)

    def _finish(self, state, ev, reason, winner=None):
        state["phase"] = "over"
        state["pending"] = []
        seats = state["order"]
        qual = {s: self._qualifies(state, s) for s in seats}
        pts = {s: self._points(state, s) for s in seats}
        regs = {s: len(self._regions(state, s)) for s in seats}
        cnt = {s: self._bottle_count(self._p(state, s)) for s in seats}

        def key(s):
            return (1 if s == winner else 0, 1 if qual[s] else 0, pts[s], regs[s], cnt[s])
        ranked = sorted(seats, key=key, reverse=True)
        ranks = {}
        for i, s in enumerate(ranked):
            ranks[s] = ranks[ranked[i - 1]] if i and key(ranked[i - 1]) == key(s) else i + 1
        tiebreak = None
        for i in range(1, len(ranked)):
            a, b = ranked[i - 1], ranked[i]
            if pts[a] == pts[b] and qual[a] == qual[b] and key(a) != key(b):
                tiebreak = T("Equal points are decided by regions covered, then by number of bottles.")
        winners = [s for s in seats if ranks[s] == 1]
        state["result"] = {
            "reason": reason, "scores": pts, "ranks": ranks,
            "breakdown": {s: self._score_parts(state, s) for s in seats},
            "winners": winners, "qualified": qual, "regions": regs,
            "tiebreak": tiebreak.to_json() if tiebreak else None,
        }
        for s in seats:
            for x in self._p(state, s)["lost"]:
                x["revealed"] = True
        data = {"reason": reason, "scores": pts, "ranks": ranks,
                "lost": {s: [x["v"] for x in self._p(state, s)["lost"]] for s in seats}}
        n = len(winners)
        if reason == "goal":
            ev.append(public("The game is over: {winners} reached the goal.",
                             plural="The game is over: {winners} reached the goal.",
                             kind="game_end", winners=winners, n=n, data=data))
        elif reason == "rounds":
            ev.append(public("The game stops after the last round: {winners} ranked first.",
                             plural="The game stops after the last round: {winners} ranked first.",
                             kind="game_end", winners=winners, n=n, data=data))
        else:
            ev.append(public("The question cards are used up: {winners} ranked first.",
                             plural="The question cards are used up: {winners} ranked first.",
                             kind="game_end", winners=winners, n=n, data=data))

    # ------------------------------------------------------------------ view
    def _question_view(self, state):
        q = state["question"]
        if not q:
            return None
        rec = self.bank(state)[q["id"]]
        return {"id": q["id"], "seat": q["seat"], "distillery": q["distillery"],
                "distillery_name": D.FIELDS[q["distillery"]]["name"], "level": q["level"],
                "value": q["value"], "question": rec["question"],
                "options": [{"index": i, "letter": LETTERS[i], "text": rec["options"][j],
                             "removed": i in q["removed"], "wrong": i in q["wrong"]}
                            for i, j in enumerate(q["order"])],
                "status": q["status"], "smuggler": q["smuggler"],
                "timeout_s": state["options"]["question_timeout_s"],
                "swapped": len(q["prev"])}

    @staticmethod
    def _move_view(top):
        """The pending move's destinations with their menu letters, or None. Public: they
        follow from the position, the number moved (a roll, or Luck of the Irish, which is
        announced when played) and the public effects (Prohibition), never from a hand."""
        if not top or top["kind"] != "move":
            return None
        return {"seat": top["seat"], "value": top.get("value"),
                "options": [{"to": o["to"], "letter": letter(i), "ingredients": o["ingr"]}
                            for i, o in enumerate(top["options"])]}

    def view(self, state, seat):
        over = state["phase"] == "over"
        players = {}
        occupants: dict[str, list[str]] = {}
        for s in state["seats"]:
            p = self._p(state, s)
            if p["pos"]:
                occupants.setdefault(p["pos"], []).append(s)
            ch = D.CHARACTERS[p["character"]]
            by_region = {r: [] for r in D.REGION_ORDER}
            for b in p["bottles"]:
                by_region[D.region(b["d"])].append({"distillery": b["d"], "value": b["v"],
                                                   "points": self._bottle_points(p, b)})
            effects = []
            for flag in ("prohibition", "hangover", "carriage", "truck"):
                if p[flag]:
                    effects.append(flag)
            if p["skip"]:
                effects.append("skip")
            players[s] = {
                "position": p["pos"],
                "position_name": D.FIELDS[p["pos"]]["name"] if p["pos"] else None,
                "character": p["character"], "character_name": ch["name"],
                "ability": ch["ability"],
                "bottles": by_region,
                "regions": self._regions(state, s),
                "points_visible": self._points(state, s, hidden=over),
                "lost_hidden": 0 if over else sum(1 for x in p["lost"] if not x["revealed"]),
                "lost_revealed": [x["v"] for x in p["lost"] if x["revealed"] or over],
                "bonus_cards": list(p["bonus"]),
                "ingredients": dict(p["ingredients"]),
                "special_cards": self._card_count(p),
                "effects": effects, "skip_turns": p["skip"],
                "travel": ({"kind": p["travel"]["kind"], "to": p["travel"].get("to")}
                           if p["travel"] else None),
                "last_roll": p["last_roll"],
            }
        top = self._top(state)
        t = state["turn"]
        v = {
            "game": "whisky", "seats": list(state["seats"]), "order": list(state["order"]),
            "phase": state["phase"], "to_act": self.to_act(state), "round": state["round"],
            "max_rounds": state["options"]["max_rounds"], "final_round": state["final_round"],
            "current": t["seat"] if t else None,
            "turn": ({"seat": t["seat"], "moves_left": t["moves"], "movement_over": t["ended"],
                      "moved": t["moved"]} if t else None),
            "board": {"ref": D.BOARD_REF, "occupants": occupants},
            "players": players,
            "question": self._question_view(state),
            "last_question": state["last_question"],
            "distilleries": {d: len(st) for d, st in state["stock"].items()},
            "distillery_stock": {d: list(st) for d, st in state["stock"].items()},
            "pending": {"kind": top["kind"], "seat": top["seat"]} if top else None,
            "move": self._move_view(top),
            "decks": {"special": len(state["special_deck"]), "lost": len(state["lost_deck"]),
                      "questions": {lv: len(state["pools"][lv]) for lv in D.LEVELS}},
            "bag": dict(state["bag"]),
            "goal": {"points": state["options"]["victory_points"],
                     "regions": state["options"]["regions_required"]},
            "question_timeout_s": state["options"]["question_timeout_s"],
            "start_rolls": state["start_rolls"],
            "finished": over,
            "outcome": self.outcome(state).to_json() if over else None,
        }
        if seat is not None and seat in state["players"]:
            p = self._p(state, seat)
            v["you"] = seat
            v["hand"] = sorted(p["hand"])
            v["return_ticket_flights"] = p["return_ticket"]
            v["lost_values"] = [x["v"] for x in p["lost"]]
            v["points_total"] = self._points(state, seat)
            v["goal_reached"] = self._qualifies(state, seat)
            if top and top["kind"] == "move" and top["seat"] == seat:
                v["move_options"] = [{"to": o["to"], "path": o["path"], "ingredients": o["ingr"],
                                      "letter": letter(i)}
                                     for i, o in enumerate(top["options"])]
        return v

    # ------------------------------------------------------------------ text
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
                # a button label holds 80 characters: "A: " and the option, cut if need be
                text = text if len(text) <= ANSWER_LABEL_MAX else text[:ANSWER_LABEL_MAX - 1] + "…"
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
            if t["moves"] > 0 and not t["ended"]:
                return T("Your turn: roll the die, or play a card.")
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
