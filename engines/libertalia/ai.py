"""A heuristic Libertalia player.

It is called on a world sampled from its seat's view (``engine.determinize``), never on the
real game, and even there reads only what its seat may know (its hand, the public board;
never another seat's pick, hand or secret tokens, which are only guesses in that world):
every decision scores the legal options with simple estimates of loot value, character
effects and rank competition on the ship, and takes the best (ties broken by rng).
"""
from __future__ import annotations

from . import data as D
from .data import AMOUNTS as A
from .data import TOKENS

# rough worth of having a card in hand for later (it will be played some day)
CARD_IN_HAND = 2.0


# ------------------------------------------------------------------------------ helpers
# end-of-campaign doubloons that do not depend on the den (keys of data.AMOUNTS)
_END_AMOUNT = {D.PREACHER: "preacher_end", D.CARPENTER: "carpenter_end",
               D.GAMBLER: "gambler_end", D.QUARTERMASTER: "quartermaster_end"}


def _p(state, seat):
    return state["players"][seat]


def _optional(state):
    """Table option abilities = "optional": a costly ability can be skipped, so it costs 0."""
    return state["options"].get("abilities") == "optional"


def _cost(state, v):
    """An ability's worth: under optional abilities a loss is skipped (worth 0)."""
    return max(0, v) if _optional(state) else v


def _count(p, t):
    return p["loot"].get(t, 0) + p["secret"].get(t, 0)


def _seen(state, viewer, seat, t):
    """Tokens of type t in seat's den as the viewer knows them (others' Spy draws are secret)."""
    p = _p(state, seat)
    return _count(p, t) if viewer == seat else p["loot"].get(t, 0)


def _total(p):
    return sum(p["loot"].values()) + sum(p["secret"].values())


def _nights_left(state):
    return D.DAYS - state["day"] + 1


def token_value(state, seat, t, officer_cost=0.0, extra=None):
    """What one more token of type t is worth to this seat."""
    p = _p(state, seat)
    held = _count(p, t) + (extra or {}).get(t, 0)
    if t in ("chest", "jewels", "goods"):
        v = TOKENS[t].value
        if D.TREASURER in p["den"]:
            v += 1
        return v
    if t == "map":
        m = held % D.MAP_SET
        late = state["day"] >= 5
        if m == 2:
            return 10.0
        if m == 1:
            return 1.5 if late else 4.5
        return 0.5 if late else 2.5
    if t == "relic":
        v = -3.0
        if D.CAPTAIN in p["den"]:
            v -= 3
        return v
    if t == "saber":
        best = saber_target_value(state, seat)
        return max(0.3, best)
    if t == "officer":
        return -officer_cost
    return 0.0


def den_value(state, seat, rank, viewer=None):
    """How much a character still in seat's den is worth to that seat from now on, as the
    viewer (default: the owner) can judge it."""
    p = _p(state, seat)
    viewer = seat if viewer is None else viewer

    def _count(_p, t):
        return _seen(state, viewer, seat, t)
    nights = _nights_left(state)
    v = 1.0  # den presence: First Mate, Bosun, Topman counts
    if rank in _END_AMOUNT:
        v += _cost(state, A[_END_AMOUNT[rank]])
    elif rank == D.CAPTAIN:
        v += _cost(state, A["captain_per_relic"] * _count(p, "relic"))
    elif rank == D.DAUGHTER:
        others = sum(1 for s in state["seats"] if s != seat and D.DAUGHTER in _p(state, s)["den"])
        v += _cost(state, A["daughter_alone"] if not others else A["daughter_shared"])
    elif rank == D.FIRST_MATE:
        v += len(p["den"])
    elif rank == D.TOPMAN:
        v += 2.5
    elif rank == D.TREASURER:
        v += sum(_count(p, t) for t in D.TREASURER_TYPES) + 1
    elif rank == D.BARKEEP:
        v += nights
    elif rank == D.FREED_SLAVE:
        v += nights * sum(1 for x in p["den"] if x > 12)
    elif rank == D.ARMORER:
        v += nights * _count(p, "saber")
    elif rank == D.GRANNY_WATA:
        v += 2 * nights
    elif rank == D.WAITRESS:
        v += min(nights, _count(p, "map")) * 1.5
    elif rank == D.MUTINEER:
        v += nights
    return v


def saber_target_value(state, seat):
    from .engine import ENGINE
    best = 0.0
    for s in ENGINE._neighbours(state, seat):
        for r in _p(state, s)["den"]:
            best = max(best, den_value(state, s, r, seat))
    return best


def _loot_rank_values(state, seat):
    day = state["loot_days"][state["day"] - 1]
    vals = []
    for t, n in day.items():
        for _ in range(n):
            vals.append(token_value(state, seat, t, officer_cost=3.0))
    vals.sort(reverse=True)
    return vals


def play_value(state, seat, c, above: float, hand_after: int):
    """Estimated worth of putting character c on today's ship.

    ``above`` = expected number of characters that will take loot before c at Dusk."""
    p = _p(state, seat)
    nights = _nights_left(state)
    money = p["doubloons"]
    tokens = _total(p)
    # loot: greedy opponents take the best tokens first
    vals = _loot_rank_values(state, seat)
    take = D.LOOT_TAKEN.get(c, 1)
    loot = 0.0
    if take and vals:
        i = int(round(above))
        rest = vals[i:] if i < len(vals) else []
        got = rest[:take]
        loot = sum(got)
        if not rest:
            loot = 0.0
    v = loot
    # a character that survives to the den brings its den value
    v += den_value_for_new(state, seat, c, nights)
    if c == D.PARROT:
        v = 1.0 if hand_after > 0 else loot
    elif c == D.MONKEY:
        v += -TOKENS["relic"].value * _count(p, "relic") * (2 if D.CAPTAIN in p["den"] else 1)
    elif c == D.BEGGAR:
        v += A["beggar"] * 0.9
    elif c == D.RECRUITER:
        v += 1.0 if p["den"] else 0.0
    elif c == D.PREACHER:
        if tokens >= 2:
            alltok = [token_value(state, seat, t) for t in D.TOKEN_ORDER for _ in range(_count(p, t))]
            v += _cost(state, max(alltok) - sum(alltok))
    elif c == D.CARPENTER:
        v -= 0 if _optional(state) else money // 2
    elif c == D.FRENCH_OFFICER:
        v += A["french_officer"] if money < D.RULES["french_officer_below"] else 0
    elif c == D.VOODOO_WITCH:
        v += A["witch_per_card"] * len(p["grave"])
    elif c == D.BRUTE:
        v += 2.5
    elif c == D.GUNNER:
        best = 0.0
        for s in state["seats"]:
            if s == seat:
                continue
            for r in _p(state, s)["den"]:
                best = max(best, den_value(state, s, r, seat))
        v += _cost(state, best - min(money, A["gunner_cost"]))
    elif c == D.SPANISH_SPY:
        v += 0.8 * _count(p, "officer")
    elif c == D.BOSUN:
        v += A["bosun_per_card"] * sum(1 for x in p["den"] if x < A["bosun_below"])
    elif c == D.MERCHANT:
        v += max([0.0] + [merchant_gain(state, seat, t, k) for t in D.TOKEN_ORDER
                          for k in (2, 3) if _count(p, t) >= k])
    elif c == D.SURGEON:
        v += CARD_IN_HAND if p["grave"] else 0
    elif c == D.GAMBLER:
        v -= 0 if _optional(state) else min(money, tokens)
    elif c == D.QUARTERMASTER:
        v += tokens
    elif c == D.CAPTAIN:
        v += A["captain_day"]
    elif c == D.SPANISH_GOVERNOR:
        v += _cost(state, -sum(den_value(state, seat, r) for r in p["den"]))
    return v


def den_value_for_new(state, seat, c, nights):
    p = _p(state, seat)
    v = 0.8
    if c in _END_AMOUNT:
        v += _cost(state, A[_END_AMOUNT[c]])
    elif c == D.CAPTAIN:
        v += _cost(state, A["captain_per_relic"] * (_count(p, "relic") + 0.3 * (nights - 1)))
    elif c == D.DAUGHTER:
        others = sum(1 for s in state["seats"] if s != seat and D.DAUGHTER in _p(state, s)["den"])
        v += 1.0 if not others else _cost(state, A["daughter_shared"])
    elif c == D.FIRST_MATE:
        v += len(p["den"]) + 1 + 0.5 * (nights - 1)
    elif c == D.TOPMAN:
        v += 2.0
    elif c == D.TREASURER:
        v += sum(_count(p, t) for t in D.TREASURER_TYPES) + 0.5 * (nights - 1) + 1
    elif c == D.BARKEEP:
        v += nights
    elif c == D.FREED_SLAVE:
        v += nights * sum(1 for x in p["den"] if x > 12)
    elif c == D.ARMORER:
        v += nights * _count(p, "saber")
    elif c == D.GRANNY_WATA:
        v += 2 * nights - 1
    elif c == D.WAITRESS:
        v += min(nights, _count(p, "map")) * 1.0
    elif c == D.MUTINEER:
        v += 2 * nights - sum(1 for x in p["den"] if x < D.MUTINEER) * 0.5
    # End-ability cards are at risk for the rest of the campaign (sabers, gunners)
    return v


def merchant_gain(state, seat, t, k):
    gain = A["merchant_2"] if k == 2 else A["merchant_3"]
    lost = 0.0
    extra = {}
    for _ in range(k):
        extra[t] = extra.get(t, 0) - 1
        lost += token_value(state, seat, t, extra=extra)
    return gain - lost


# ------------------------------------------------------------------------------ decisions
def _expected_above(state, seat, c, hand):
    """Expected number of opponents whose character will outrank c (by rank only)."""
    others = [x for x in hand if x != c]
    if not others:
        return 0.0
    frac = sum(1 for x in others if x > c) / len(others)
    return frac * (len(state["seats"]) - 1)


def _choose_pick(engine, state, seat, legal, rng):
    p = _p(state, seat)
    hand = p["hand"]
    days_left = D.DAYS - state["day"]
    scored = []
    for a in legal:
        c = a["card"]
        v = play_value(state, seat, c, _expected_above(state, seat, c, hand), len(hand) - 1)
        # keep strong end-of-campaign cards for late days, night earners early
        if "E" in D.CHARACTERS[c].times and c not in (D.QUARTERMASTER, D.CAPTAIN):
            v -= 0.25 * days_left
        # high ranks are worth more on days with good loot; keep them otherwise
        v -= 0.05 * c * (1 if days_left > 0 else 0) * 0.5
        scored.append((v + rng.random() * 0.01, a))
    return max(scored, key=lambda x: x[0])[1]


def _choose_parrot(engine, state, seat, legal, rng):
    ship = state["ship"]
    hand = _p(state, seat)["hand"]
    scored = []
    for a in legal:
        c = a["card"]
        key = (c, engine.inf(state, seat, c))
        above = sum(1 for e in ship if (e["rank"], e["inf"]) > key and e["rank"] != D.CABIN_BOY)
        scored.append((play_value(state, seat, c, above, len(hand) - 1) + rng.random() * 0.01, a))
    return max(scored, key=lambda x: x[0])[1]


def _harm(state, seat, target_seat, rank):
    v = den_value(state, target_seat, rank, seat)
    return -v if target_seat == seat else v


def choose(engine, state, seat, rng, level="easy"):
    """The heuristic's action. ``state`` is a world sampled from the seat's view
    (``engine.determinize``); ``level`` is ignored (the search adds its own)."""
    legal = engine.legal(state, seat)
    if not legal:
        raise ValueError("no legal action for this seat")
    if len(legal) == 1:
        return legal[0]
    t = legal[0]["type"]
    p = _p(state, seat)
    if t == "pick":
        return _choose_pick(engine, state, seat, legal, rng)
    if t == "parrot":
        return _choose_parrot(engine, state, seat, legal, rng)
    if t == "loot":
        e = state["ship"][-1]
        cost = 0.0 if e["officer"] else den_value_for_new(state, seat, e["rank"], _nights_left(state)) + 0.5
        return max(legal, key=lambda a: (token_value(state, seat, a["token"], officer_cost=cost),
                                         rng.random()))
    if t == "discard":
        return max(legal, key=lambda a: (_harm(state, seat, a["seat"], a["card"]), rng.random()))
    if t == "den":
        def best_in(s):
            return max(_harm(state, seat, s, r) for r in _p(state, s)["den"])
        return max(legal, key=lambda a: (best_in(a["seat"]), rng.random()))
    if t == "recruit":
        return max(legal, key=lambda a: (CARD_IN_HAND - den_value(state, seat, a["card"]),
                                         rng.random()))
    if t == "surgeon":
        return max(legal, key=lambda a: (a["card"] in (D.CARPENTER, D.GAMBLER, D.PREACHER,
                                                       D.CAPTAIN), a["card"], rng.random()))
    if t == "keep":
        return max(legal, key=lambda a: (token_value(state, seat, a["token"],
                                                     extra={a["token"]: -_count(p, a["token"])}),
                                         rng.random()))
    if t == "trade":
        return max(legal, key=lambda a: (merchant_gain(state, seat, a["token"], a["count"]),
                                         rng.random()))
    if t == "ability":
        return {"type": "ability", "use": use_ability(engine, state, seat)}
    if t == "waitress":
        m = _count(p, "map")
        sell = m % D.MAP_SET == 1 or (m % D.MAP_SET == 2 and state["day"] >= 5)
        return {"type": "waitress", "sell": sell}
    return rng.choice(legal)


# ------------------------------------------------------------------------------ optional abilities
def use_ability(engine, state, seat) -> bool:
    """Optional abilities (table option): use one only when it is worth more than skipping it.
    The owner knows its own secret tokens, so this may read them."""
    pend = state["pending"]
    rank, when = pend["rank"], pend["when"]
    p = _p(state, seat)
    if when == "end":
        amount = dict(engine._end_amounts(state)[seat]).get(rank, 0)
        return amount >= 0
    if when == "dusk":
        vals = _loot_rank_values(state, seat)
        if rank == D.CABIN_BOY:        # skipping means taking one token
            return not vals or vals[0] < 0
        return len(vals) > 1 and vals[1] > 0     # Cook: a second token worth having
    if when == "night":
        if rank == D.MUTINEER:
            others = sorted(x for x in p["den"] if x != rank)
            if not others:
                return True
            return A["mutineer"] - den_value(state, seat, others[0]) > 0
        if rank == D.GRANNY_WATA:      # not alone: using it sends her (and the others) away
            return sum(1 for s in state["seats"] if D.GRANNY_WATA in _p(state, s)["den"]) == 1
        return True
    # day
    money, tokens = p["doubloons"], _total(p)
    if rank == D.CARPENTER:
        return engine._half(money) == 0
    if rank == D.GAMBLER:
        return min(money, tokens) == 0
    if rank == D.PREACHER:
        alltok = [token_value(state, seat, t) for t in D.TOKEN_ORDER for _ in range(_count(p, t))]
        return not alltok or max(alltok) - sum(alltok) > 0
    if rank == D.RECRUITER:
        return any(CARD_IN_HAND - den_value(state, seat, r) > 0 for r in p["den"])
    if rank == D.MERCHANT:
        return any(merchant_gain(state, seat, t, k) > 0 for t in D.TOKEN_ORDER for k in (2, 3)
                   if _count(p, t) >= k)
    if rank == D.BRUTE:
        return state["ship"][-1]["seat"] != seat
    if rank == D.GUNNER:
        best = max([_harm(state, seat, s, r) for s in state["seats"]
                    for r in _p(state, s)["den"]
                    if D.RULES["gunner_own_den"] or s != seat] or [0.0])
        return best - min(money, A["gunner_cost"]) > 0
    if rank == D.SPANISH_GOVERNOR:
        return sum(den_value(state, seat, r) for r in p["den"]) < 0
    if rank == D.MONKEY:
        return True
    return True     # Parrot, Beggar, French Officer, Witch, Spy, Bosun, Surgeon, QM, Captain
