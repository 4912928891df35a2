"""Libertalia: a whole position sampled from one seat's view (for AI seats and the search).

What the seat knows is copied from its view: the board, every den and its visible loot, the
ship, the loot of the six days, doubloons and scores, its own hand, graveyard, secret pick
and secret tokens, the options, the cards not dealt yet, the Night's order and, per seat,
what the table knows of each hand and graveyard (``players[s]["known"]``, kept by the
engine from the public history: every seat is dealt the same cards and every card played,
recruited or discarded is seen; only a Surgeon's card is not).

What it does not know is sampled with ``rng``:
- another seat's hand and graveyard: the cards known to be in that hand, plus for each
  Surgeon "slot" (n of these cards went back to hand, the rest lie in the graveyard or have
  left the game) n cards drawn uniformly;
- the character another seat has secretly picked today: uniformly one of its sampled hand;
- the kinds of the other seats' secret (Spy-drawn) tokens and the bag's content: the tokens
  nobody has seen (the full set less the day spaces, the visible den loot and the seat's own
  secret tokens) are shuffled and dealt, as many to each den as it holds in secret, the
  rest is the bag;
- the seed: a fresh one from ``rng`` (``rng_n`` 0), so the real seed, which fixes the Spy's
  future draws and the next campaigns' deals, is never used.

Approximations (the sampling is uniform over what the view allows, not over what the public
history allows): public hints about the kinds of secret tokens are ignored (an Armorer's
night income counts the sabers, a Monkey passes every relic, a Merchant or Waitress may
have had to use a secret token of the kind traded or sold); two Surgeons of one seat in one
campaign are one merged slot (see ``engine._known``); picks and Surgeon choices are taken
as uniformly random rather than as a player's likely choice. A view without the ``known``
record (a game saved before it existed) gets each other hand drawn from every dealt card
not seen in that seat's den or on the ship.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from . import data as D
from .data import TOKEN_ORDER, TOKENS


def determinize(engine, view: Mapping, rng: random.Random) -> dict:
    me = view["you"]
    seats = list(view["seats"])
    V = view["players"]
    colour = {c: i for i, c in enumerate(D.COLOURS)}
    players: dict[str, Any] = {}
    hands: dict[str, list[int]] = {}
    graves: dict[str, list[int]] = {}
    for s in seats:
        v = V[s]
        if s == me:
            hands[s] = [c["rank"] for c in view["hand"]]
            graves[s] = [c["rank"] for c in view["graveyard"]]
        else:
            hands[s], graves[s] = _sample_cards(view, s, rng)
        players[s] = {
            "colour": colour[v["colour"]], "tie": v["tie"],
            "hand": sorted(hands[s]), "den": [c["rank"] for c in v["den"]],
            "grave": graves[s], "loot": dict(v["loot"]), "secret": {},
            "doubloons": v["doubloons"], "score": v["score"],
            "campaign_scores": list(v["campaign_scores"]),
            "breakdowns": [dict(b) for b in v["breakdowns"]],
        }
    players[me]["secret"] = dict(view["secret_loot"])

    # the tokens nobody but their holder has seen: secret den tokens and the bag
    unseen = {t: TOKENS[t].count for t in TOKEN_ORDER}
    for d in view["loot_days"]:
        for t, n in d["tokens"].items():
            unseen[t] -= n
    for s in seats:
        for t, n in V[s]["loot"].items():
            unseen[t] -= n
    for t, n in view["secret_loot"].items():
        unseen[t] -= n
    pile = [t for t in TOKEN_ORDER for _ in range(max(0, unseen[t]))]
    rng.shuffle(pile)
    for s in seats:
        if s == me:
            continue
        secret: dict[str, int] = {}
        for _ in range(V[s]["hidden_loot"]):
            t = pile.pop() if pile else "goods"     # only a hand-made position runs short
            secret[t] = secret.get(t, 0) + 1
        players[s]["secret"] = {t: secret[t] for t in TOKEN_ORDER if t in secret}
    bag = {t: 0 for t in TOKEN_ORDER}
    for t in pile:
        bag[t] += 1
    bag = {t: n for t, n in bag.items() if n}

    picks = {}
    for s in view["picked"]:
        picks[s] = view["my_pick"] if s == me else rng.choice(hands[s])

    pend = view["pending"]
    state: dict[str, Any] = {
        "game": "libertalia", "seed": rng.getrandbits(62), "rng_n": 0, "seats": seats,
        "options": dict(view["options"]), "campaign": view["campaign"], "day": view["day"],
        "phase": view["phase"], "pool": list(view["pool"]), "dealt": list(view["dealt"]),
        "bag": bag, "loot_days": [dict(d["tokens"]) for d in view["loot_days"]],
        "players": players, "picks": picks,
        "ship": [{"seat": e["seat"], "rank": e["rank"], "inf": e["influence"],
                  "day_done": e["day_done"], "take": e["take"], "officer": e["officer"]}
                 for e in view["ship"]],
        "pending": ({"kind": pend["kind"], "seat": pend["seat"], "rank": pend["rank"],
                     **{x: pend[x] for x in ("when", "den") if x in pend}}
                    if pend else None),
        "night": [list(x) for x in view["night"]],
        "finished": view["finished"],
    }
    if all("known" in V[s] for s in seats):
        state["known"] = {s: {"hand": list(V[s]["known"]["hand"]),
                              "grave": list(V[s]["known"]["grave"]),
                              "slots": [dict(x, cards=list(x["cards"]))
                                        for x in V[s]["known"]["slots"]]} for s in seats}
    if "end_queue" in view:
        state["end_queue"] = [list(x) for x in view["end_queue"]]
        state["end_skip"] = [list(x) for x in view["end_skip"]]
    return state


def _sample_cards(view: Mapping, s: str, rng: random.Random) -> tuple[list[int], list[int]]:
    """Seat s's hand and graveyard as the viewer may imagine them."""
    v = view["players"][s]
    size, gsize = v["hand_size"], v["graveyard_size"]
    known = v.get("known")
    if known is not None:
        hand, grave = list(known["hand"]), list(known["grave"])
        for slot in known["slots"]:
            cards = list(slot["cards"])
            rng.shuffle(cards)
            hand += cards[:slot["n"]]
            if slot["grave"]:
                grave += cards[slot["n"]:]
        if len(hand) == size and len(grave) == gsize:
            return hand, grave
    # no (or no fitting) record: any dealt card not seen in this seat's den or on the ship
    seen = {c["rank"] for c in v["den"]} | {e["rank"] for e in view["ship"] if e["seat"] == s}
    free = [r for r in D.RANKS if r not in view["pool"] and r not in seen]
    rng.shuffle(free)
    return free[:size], free[size:size + gsize]
