"""Libertalia: a cheap estimate of every seat's final score (search leaves are valued by it).

Final score = points of the campaigns already scored + this campaign's result + what later
campaigns bring. This campaign's result is counted as the rules would count it now
(doubloons, End-of-campaign abilities of the den, loot; floored at 0), plus what the days
still to come are worth on average; a pair of treasure maps counts part of a third. Later
campaigns count their average result. The averages were measured in games of the heuristic
AI against itself (``PER_DAY``, ``PER_CAMPAIGN``); they are the same for every seat, so
only the position decides who leads. A finished game returns its real scores.
"""
from __future__ import annotations

from . import data as D
from .data import TOKENS

# what one more day and one more campaign bring a seat, on average (heuristic self-play,
# 2 to 6 players: a campaign scores about 19.5, starting from 10 doubloons)
PER_DAY = 1.6
PER_CAMPAIGN = 19.5
MAP_PARTIAL = (0.0, 1.5, 5.0)      # worth of 0, 1 or 2 maps beyond the complete sets

_FIXED_END = {D.PREACHER: D.AMOUNTS["preacher_end"], D.CARPENTER: D.AMOUNTS["carpenter_end"],
              D.GAMBLER: D.AMOUNTS["gambler_end"],
              D.QUARTERMASTER: D.AMOUNTS["quartermaster_end"]}
_END_CARDS = frozenset(_FIXED_END) | {D.TOPMAN, D.TREASURER, D.DAUGHTER, D.FIRST_MATE,
                                      D.CAPTAIN}
_CHEST, _JEWELS, _GOODS, _RELIC = (TOKENS[t].value for t in ("chest", "jewels", "goods", "relic"))


def evaluate(engine, state) -> dict[str, float]:
    seats = state["seats"]
    P = state["players"]
    if state["finished"]:
        return {s: float(P[s]["score"]) for s in seats}
    phase = state["phase"]
    days_left = D.DAYS - state["day"] + (1.0 if phase in ("pick", "day") else
                                         0.5 if phase == "dusk" else 0.0)
    later = (D.CAMPAIGNS - state["campaign"]) * PER_CAMPAIGN + days_left * PER_DAY
    smallest = min(len(P[s]["den"]) for s in seats)
    daughters = sum(1 for s in seats if D.DAUGHTER in P[s]["den"])
    out = {}
    for s in seats:
        p = P[s]
        loot, secret = p["loot"], p["secret"]
        chest = loot.get("chest", 0) + secret.get("chest", 0)
        jewels = loot.get("jewels", 0) + secret.get("jewels", 0)
        goods = loot.get("goods", 0) + secret.get("goods", 0)
        relic = loot.get("relic", 0) + secret.get("relic", 0)
        maps = loot.get("map", 0) + secret.get("map", 0)
        now = p["doubloons"] + _CHEST * chest + _JEWELS * jewels + _GOODS * goods + _RELIC * relic
        now += D.MAP_SET_VALUE * (maps // D.MAP_SET)
        if days_left:
            now += MAP_PARTIAL[maps % D.MAP_SET]
        den = p["den"]
        for r in den:           # the End-of-campaign abilities, as engine._end_amounts
            if r not in _END_CARDS:
                continue
            if r in _FIXED_END:
                now += _FIXED_END[r]
            elif r == D.TOPMAN:
                now += D.AMOUNTS["topman"] if len(den) == smallest else 0
            elif r == D.TREASURER:
                now += D.AMOUNTS["treasurer"] * (chest + jewels + goods)
            elif r == D.DAUGHTER:
                now += D.AMOUNTS["daughter_alone" if daughters == 1 else "daughter_shared"]
            elif r == D.FIRST_MATE:
                now += D.AMOUNTS["first_mate"] * len(den)
            else:               # the Captain
                now += D.AMOUNTS["captain_per_relic"] * relic
        out[s] = p["score"] + max(0.0, now) + later
    return out
