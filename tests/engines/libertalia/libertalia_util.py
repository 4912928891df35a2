"""Scenario helpers for the Libertalia engine tests: build a position by hand, play a day."""
from __future__ import annotations

import json

from engines.base import Event
from engines.libertalia import ENGINE as E
from engines.libertalia import data as D

SEATS = ["A", "B", "C", "D", "E", "F"]


def make(n=2, *, seed=1, hands=None, dens=None, loot=None, secret=None, money=None,
         day_loot=None, graves=None, day=1, bag=None, options=None):
    """A fresh game whose seats have colours yellow, red, blue... in seat order (so the
    influence numbers are known), with any part of the position overridden."""
    s = E.new(SEATS[:n], seed=seed, options=options)
    # plain goods on every day space unless a test says otherwise (no surprises)
    s["loot_days"] = [{"goods": n} for _ in range(D.DAYS)]
    for i, seat in enumerate(s["seats"]):
        p = s["players"][seat]
        p["colour"] = p["tie"] = i
    s["day"] = day
    for seat, v in (hands or {}).items():
        s["players"][seat]["hand"] = sorted(v)
    for seat, v in (dens or {}).items():
        s["players"][seat]["den"] = list(v)
    for seat, v in (loot or {}).items():
        s["players"][seat]["loot"] = dict(v)
    for seat, v in (secret or {}).items():
        s["players"][seat]["secret"] = dict(v)
    for seat, v in (money or {}).items():
        s["players"][seat]["doubloons"] = v
    for seat, v in (graves or {}).items():
        s["players"][seat]["grave"] = list(v)
    if day_loot is not None:
        s["loot_days"][day - 1] = dict(day_loot)
    if bag is not None:
        s["bag"] = dict(bag)
    return s


def play(s, picks: dict) -> list[Event]:
    """Every seat picks (cards are added to hands when missing); returns all events."""
    events = []
    for seat in s["seats"]:
        card = picks[seat]
        hand = s["players"][seat]["hand"]
        if card not in hand:
            hand.append(card)
            hand.sort()
        events += E.apply(s, seat, {"type": "pick", "card": card})
    return events


def act(s, seat, action) -> list[Event]:
    return E.apply(s, seat, action)


def money(s, seat):
    return s["players"][seat]["doubloons"]


def den(s, seat):
    return sorted(s["players"][seat]["den"])


def grave(s, seat):
    return sorted(s["players"][seat]["grave"])


def tokens(s, seat, t):
    p = s["players"][seat]
    return p["loot"].get(t, 0) + p["secret"].get(t, 0)


def public_json(events) -> str:
    return json.dumps([e.to_json() for e in events if e.to_json()["to"] is None], sort_keys=True)


def finish_campaign(s):
    """Jump to the end of the current campaign's last night (scores it)."""
    s["day"] = D.DAYS
    s["phase"] = "night"
    s["night"] = []
    s["ship"] = []
    s["pending"] = None
    events = []
    E._run(s, events)
    return events
