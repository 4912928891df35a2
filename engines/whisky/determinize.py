"""The Whisky Game: a full state sampled from what one seat knows (``engine.determinize``).

The input is the seat's ``ai_view`` (``view["you"]`` is the seat). Everything on the table
is copied back into a state: positions, bottles (in the order they were won, from
``view["table"]``), ingredients, the bag, the distilleries' stock, effects, tickets and
travel, the turn and the whole stack of decisions, the question being asked, the options.
The seat's own hand and its own face-down lost bottle values come from the view. What the
seat cannot know is sampled with ``rng``:

* the seed: a fresh one (``rng_n`` 0), so future dice, ingredient draws and shuffles are
  not the real ones;
* the other players' special cards and the Special deck: every card of the game that is
  not in the seat's hand, not in front of a player (bonus bottles, Prohibition, Hangover,
  Carriage, Truck, a return ticket in use) and not being played right now (a card whose
  decision is still open, the Smuggler of the question) is in another hand or in the deck.
  The other hands (their sizes are public) are dealt uniformly from the *held* cards of
  that pool (drawn-at-once cards are never held); the rest, shuffled uniformly, is the deck;
* the face-down lost distillery bottles of the other players and the lost deck: the values
  of the lost deck option, less every face-up value and the seat's own face-down ones, are
  dealt uniformly to the others' face-down bottles (their number is public), the rest
  shuffled into the deck;
* the question decks: each holds the bank's questions of its difficulty that were not read
  out yet (``used_questions``), in a uniformly shuffled order;
* the answer of a question being asked to another seat: a uniformly drawn option among
  those not removed by a 50/50 and not already answered wrong, kept in the state as
  ``question["answer_at"]`` (the engine reads it instead of the bank). The seat being
  asked keeps the real answer (its ``known_answer``).

Approximate (exactly these; the view holds no history):
* the Special deck is treated as one uniformly shuffled pool with the other hands. At the
  table one could know more: discarded cards go under the deck in a public order, so the
  bottom of the deck is known, and a card drawn from that known part is known in the hand
  that drew it; the seat also remembers cards it drew and let go. All of this is ignored.
* likewise a lost bottle that went back to the lost deck (Faker, Birthday, ...) goes under
  it in a known place; it is shuffled in with the rest. The seat's own past lost bottles
  that went back are not remembered.
* if the question bank changed during the game (a pack was installed), the question decks
  are a uniform sample of the right size from the unread questions of the bank.
* the answers of earlier questions of a McEwan swap asked to another seat (revealed only
  in the final answer text) are not resampled: no rule depends on them.
* if the card or lost-value book-keeping above does not add up to the public counts (it
  does in every position the tests reach), the pool is trimmed or topped up at random.
"""
from __future__ import annotations

import random
from typing import Mapping

from engines.base import State

from . import data as D

# cards taken from a hand or drawn whose decision is still open: (pending kind, key) -> card
_LIMBO_PURPOSES = ("prohibition", "offerman", "warehouse", "faker", "broken_cork", "enthusiast")
_LIMBO_KINDS = {"angels": "angels", "gordon": "gordon_macphail", "shackleton": "shackleton"}


def all_specials(options: Mapping) -> list[str]:
    """Every special card of a game with these options (the unshuffled deck)."""
    base = options["base_specials"]
    return [c for c in D.special_deck(options["supplementary_specials"])
            if base or D.SPECIALS[c]["set"] != "base"]


def _take(pool: list, card) -> None:
    try:
        pool.remove(card)
    except ValueError:
        pass


def unseen_specials(view: Mapping) -> list[str]:
    """The cards the seat cannot see: in another player's hand or in the Special deck."""
    table = view["table"]
    opts = table["options"]
    pool = all_specials(opts)
    for c in view.get("hand", []):
        _take(pool, c)
    for s, pv in view["players"].items():
        for c in pv["bonus_cards"]:
            _take(pool, c)
        for flag in ("prohibition", "hangover", "carriage", "truck"):
            if flag in pv["effects"]:
                _take(pool, flag)
        if table["players"][s]["return_ticket"] > 0:
            _take(pool, "ticket_return")
    for dec in table["pending"]:
        if dec["kind"] == "victim" and dec.get("purpose") in _LIMBO_PURPOSES:
            _take(pool, dec["purpose"])
        elif dec["kind"] == "bottle" and dec.get("card") in ("faker", "broken_cork", "enthusiast"):
            _take(pool, dec["card"])
        elif dec["kind"] in _LIMBO_KINDS:
            _take(pool, _LIMBO_KINDS[dec["kind"]])
    q = view.get("question")
    if q and q.get("smuggler"):
        _take(pool, "smuggler")
    return sorted(pool)


def unseen_lost(view: Mapping) -> list[int]:
    """The lost distillery values the seat cannot see: face down in front of another
    player or in the lost deck."""
    table = view["table"]
    pool = [int(v) for v, n in table["options"]["lost_deck"].items() for _ in range(n)]
    for s, tp in table["players"].items():
        for x in tp["lost"]:
            if x["revealed"]:
                _take(pool, x["v"])
    me = view["you"]
    for x, v in zip(table["players"][me]["lost"], view.get("lost_values", [])):
        if not x["revealed"]:
            _take(pool, v)
    return sorted(pool)


def _fit(pool: list, n: int, rng: random.Random, filler: list) -> list:
    """``pool`` shuffled, trimmed or topped up (from ``filler``) to exactly n items."""
    pool = list(pool)
    rng.shuffle(pool)
    if len(pool) > n:
        del pool[n:]
    while len(pool) < n and filler:
        pool.append(filler[rng.randrange(len(filler))])
    return pool


def _copy(x):
    """A deep copy of JSON data (containers copied, scalars shared)."""
    t = type(x)
    if t is dict:
        return {k: _copy(v) for k, v in x.items()}
    if t is list:
        return [_copy(v) for v in x]
    return x


def determinize(engine, view: Mapping, rng: random.Random) -> State:
    seat = view["you"]
    table = view["table"]
    opts = _copy(table["options"])
    opts["coffey_mode"] = table["doubling"]
    seats = list(view["seats"])
    turn = None
    if table["turn"] is not None:
        turn = {("coffey" if k == "doubled" else k): v for k, v in table["turn"].items()}
    st: State = {
        "game": "whisky", "seed": rng.getrandbits(62), "rng_n": 0, "options": opts,
        "seats": seats, "phase": view["phase"], "round": view["round"],
        "turn_idx": table["turn_idx"], "final_round": view["final_round"], "turn": turn,
        "pending": _copy(table["pending"]), "question": None,
        "last_question": _copy(view["last_question"]), "result": _copy(table["result"]),
    }
    if table.get("bank") is not None:
        st["bank"] = table["bank"]
    st["order"] = list(view["order"])
    st["start_rolls"] = _copy(view["start_rolls"])

    # --- players: everything public, the seat's own secrets from the view -----------------
    players = {}
    for s in seats:
        pv = view["players"][s]
        tp = table["players"][s]
        eff = pv["effects"]
        players[s] = {
            "character": pv["character"], "pos": pv["position"],
            "bottles": [dict(b) for b in tp["bottles"]],
            "lost": [dict(x) for x in tp["lost"]],
            "bonus": list(pv["bonus_cards"]),
            "ingredients": dict(pv["ingredients"]), "hand": [],
            "return_ticket": tp["return_ticket"],
            "travel": dict(tp["travel"]) if tp["travel"] else None,
            "skip": pv["skip_turns"], "prohibition": "prohibition" in eff,
            "hangover": "hangover" in eff, "carriage": "carriage" in eff,
            "truck": "truck" in eff, "last_failed": tp["last_failed"],
            "paterson_targets": list(tp["paterson_targets"]), "last_roll": pv["last_roll"],
        }
    me = players[seat]
    me["hand"] = list(view.get("hand", []))
    for x, v in zip(me["lost"], view.get("lost_values", [])):
        x["v"] = v
    others = [s for s in seats if s != seat]

    # --- special cards: other hands and the deck ----------------------------------------
    pool = unseen_specials(view)
    held = [c for c in pool if D.SPECIALS[c]["timing"] == "held"]
    drawn = [c for c in pool if D.SPECIALS[c]["timing"] != "held"]
    need = {s: max(0, view["players"][s]["special_cards"]
                   - (1 if players[s]["return_ticket"] else 0)) for s in others}
    held = _fit(held, max(len(held), sum(need.values())), rng,
                [c for c in all_specials(opts) if D.SPECIALS[c]["timing"] == "held"])
    for s in others:
        players[s]["hand"] = held[:need[s]]
        del held[:need[s]]
    deck = _fit(held + drawn, view["decks"]["special"], rng, all_specials(opts))
    st["special_deck"] = deck

    # --- lost distillery values -----------------------------------------------------------
    lpool = unseen_lost(view)
    hidden = [x for s in others for x in players[s]["lost"] if not x["revealed"]]
    values = _fit(lpool, len(hidden) + view["decks"]["lost"], rng,
                  [int(v) for v in opts["lost_deck"]] or [3])
    for x in hidden:
        x["v"] = values.pop()
    st["lost_deck"] = values
    st["players"] = players

    st["stock"] = {d: list(v) for d, v in view["distillery_stock"].items()}
    st["bag"] = dict(view["bag"])

    # --- questions ------------------------------------------------------------------------
    used = list(table["used_questions"])
    st["used_questions"] = used
    st["pools"] = _question_decks(engine, st, set(used), view["decks"]["questions"], rng)
    qv = view.get("question")
    if qv:
        tq = table["question"]
        q = {"id": qv["id"], "seat": qv["seat"], "distillery": qv["distillery"],
             "level": qv["level"], "value": qv["value"], "order": list(tq["order"]),
             "removed": sorted(o["index"] for o in qv["options"] if o["removed"]),
             "wrong": list(tq["wrong"]), "status": qv["status"], "smuggler": qv["smuggler"],
             "roll_used": tq["roll_used"], "prev": _copy(tq["prev"])}
        if q["seat"] != seat:
            left = [i for i in range(len(q["order"])) if i not in q["removed"]
                    and i not in q["wrong"]] or list(range(len(q["order"])))
            q["answer_at"] = left[rng.randrange(len(left))]
        st["question"] = q
    return st


def _question_decks(engine, st, used, counts, rng) -> dict[str, list[str]]:
    by_level = _bank_levels(engine, st)
    out = {}
    for lv in D.LEVELS:
        left = [q for q in by_level[lv] if q not in used]
        n = counts[lv]
        if len(left) == n:
            rng.shuffle(left)
        elif len(left) > n:
            left = rng.sample(left, n)
        else:     # cannot happen with an unchanged bank; keep the public count all the same
            left = left + [left[rng.randrange(len(left))] for _ in range(n - len(left))] \
                if left else []
            rng.shuffle(left)
        out[lv] = left
    return out


def _bank_levels(engine, st) -> dict[str, list[str]]:
    """The bank's question ids by difficulty, sorted (cached per bank object)."""
    bank = engine.bank(st)
    cache = engine.__dict__.setdefault("_levels_cache", {})
    hit = cache.get(id(bank))
    if hit is None or hit[0] is not bank:
        if len(cache) > 64:
            cache.clear()
        levels = {lv: sorted(q for q, rec in bank.items() if rec["difficulty"] == lv)
                  for lv in D.LEVELS}
        hit = cache[id(bank)] = (bank, levels)
    return hit[1]
