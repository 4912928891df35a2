"""The exact final-scoring allocation (engines/keyflower/allocation.py), rules section 8.

Each hand-computed case shows what the old search (engines/keyflower/scoring.py: Bakery sets take
the most plentiful items, Mercer's guild and Windmill greedy above 3,000 states, boat 5b at most
10 conversions) finds, and the true optimum."""
import copy
import itertools
import random

import pytest

from engines.keyflower import ENGINE as E
from engines.keyflower import scoring as old
from engines.keyflower.allocation import (KINDS, POOL_TILES, RES_TILES, SKILL_TILES, WORKER_TILES,
                                          AllocationError, Position, _allowed, _outside,
                                          _pool_items, best_allocation, position, score_allocation)
from engines.keyflower.data import COLOURS, RESOURCES, SKILLS

from .helpers import random_game


def W(b=0, r=0, y=0, g=0):
    return {"blue": b, "red": r, "yellow": y, "green": g}


def S(saw=0, pick=0, anvil=0):
    return {"saw": saw, "pick": pick, "anvil": anvil}


def R(wood=0, stone=0, iron=0, gold=0):
    return {"wood": wood, "stone": stone, "iron": iron, "gold": gold}


def greedy(pos):
    """The old search on the same position: every purple declaration and held-back sheep,
    the old pool solver (scoring.best_pool)."""
    best = None
    for decl in pos.purple_options():
        have = _pool_items(pos, decl)
        pool = old.best_pool({c: have[c] for c in COLOURS}, {s: have[s] for s in SKILLS},
                             tuple(have[r] for r in RESOURCES), have["wheat"], set(pos.tiles),
                             pos.boat3b, pos.boat5b)
        for hold in pos.hold_options():
            v = sum(pool) + _outside(pos, decl, hold) + sum(pos.fixed.values())
            best = v if best is None else max(best, v)
    return best


def check(pos, greedy_total, best_total, tiles=None):
    assert greedy(pos) == greedy_total
    a = best_allocation(pos)
    assert a["total"] == best_total
    assert score_allocation(pos, a)["total"] == best_total
    if tiles is not None:
        assert a["tiles"] == tiles
    return a


# ---------------------------------------------------------------- hand-computed optima
def test_bakery_and_scholar():
    """Bakery: "4 VP per set of 1 resource + 1 wheat + 1 skill"; Scholar: "choose one skill type
    you hold: 3 VP per skill of that type". The pool is "allocated to scoring tiles as the player
    likes". 2 saws, 1 pick, 1 wood, 1 wheat. Greedy: the Bakery takes a saw (the most plentiful),
    4 + Scholar 1 saw 3 = 7. Optimum: the Bakery takes the pick, 4 + Scholar 2 saws 6 = 10."""
    pos = Position(skills=S(2, 1), resources=R(wood=1), wheat=1, tiles=frozenset({"bakery", "scholar"}))
    check(pos, 7, 10, {"bakery": {"pick": 1, "wood": 1, "wheat": 1}, "scholar": {"saw": 2}})


def test_bakery_and_watermill():
    """Watermill: "choose one resource type: 1 VP per resource of that type". 3 wood, 1 stone,
    1 saw, 1 wheat. Greedy: the Bakery takes a wood, 4 + Watermill 2 wood = 6. Optimum: the
    Bakery takes the stone, 4 + Watermill 3 wood = 7."""
    pos = Position(skills=S(1), resources=R(wood=3, stone=1), wheat=1, tiles=frozenset({"bakery", "watermill"}))
    check(pos, 6, 7, {"bakery": {"saw": 1, "stone": 1, "wheat": 1}, "watermill": {"wood": 3}})


def test_bakery_scholar_watermill_together():
    """Both choices at once: 3 anvils, 1 saw, 3 stone, 1 iron, 1 wheat. Greedy: Bakery takes
    an anvil and a stone: 4 + Scholar 2 anvils 6 + Watermill 2 stone 2 = 12. Optimum: Bakery
    takes the saw and the iron: 4 + 9 + 3 = 16."""
    pos = Position(skills=S(1, 0, 3), resources=R(stone=3, iron=1), wheat=1,
                   tiles=frozenset({"bakery", "scholar", "watermill"}))
    check(pos, 12, 16, {"bakery": {"saw": 1, "iron": 1, "wheat": 1}, "scholar": {"anvil": 3},
                        "watermill": {"stone": 3}})


def test_mercer_and_windmill_beyond_3000_states():
    """Mercer's guild: "5 VP per set of 3 different resources; gold may replace any (then it
    scores no gold VP)"; Windmill: "5 VP per 5 resources of any types". 5 wood, 11 stone,
    6 iron, 5 gold (6*12*7*6 = 3,024 states: the old search goes greedy) = 27 items, 40 there.
    A set holds at most one stone, so it needs 2 of the 16 other items: at most 8 sets. 8 sets
    use 24 items (all gold), 3 stone are left: 40. 7 sets (21 items) leave 6: a Windmill set
    and 1 gold: 35 + 5 + 1 = 41. 6 sets or fewer: at most 30 + 5 + 4 = 39. Optimum 41."""
    pos = Position(resources=R(5, 11, 6, 5), tiles=frozenset({"mercers_guild", "windmill"}))
    a = check(pos, 40, 41)
    assert a["tiles_vp"] == {"mercers_guild": 35, "windmill": 5}
    assert a["breakdown"]["Gold"] == 1


def test_mercer_windmill_and_watermill_beyond_3000_states():
    """11 wood, 12 stone, 4 iron, 4 gold with Mercer's guild, Windmill and Watermill (3,900
    states). Greedy: 46. Optimum 47: 8 Mercer sets (8 wood, 8 stone, 4 iron, 4 gold) 40,
    a Windmill set (1 wood, 4 stone) 5, the Watermill on the 2 wood left 2."""
    pos = Position(resources=R(11, 12, 4, 4), tiles=frozenset({"mercers_guild", "windmill", "watermill"}))
    a = check(pos, 46, 47)
    assert a["tiles_vp"] == {"mercers_guild": 40, "windmill": 5, "watermill": 2}


def test_boat_5b_more_than_ten_conversions():
    """Boat 5b: "wheat may count as any resource and any resource as wheat" (§8). 14 wood and a
    Granary ("3 VP per pair of wheat"): the old search converted at most 10 (5 pairs, 15);
    all 14 as wheat make 7 pairs: 21."""
    pos = Position(resources=R(wood=14), tiles=frozenset({"granary"}), boat5b=True)
    check(pos, 15, 21, {"granary": {"wood": 14}})


def test_apothecary_takes_a_green_worker():
    """Apothecary: "3 VP per 5 workers (any colours incl. green)"; Key market: "2 VP per green
    worker". 4 blue + 1 green: the old search kept the green on the Key market (2); all five on
    the Apothecary score 3."""
    pos = Position(workers=W(4, 0, 0, 1), tiles=frozenset({"apothecary", "key_market"}))
    check(pos, 2, 3, {"apothecary": {"blue": 4, "green": 1}})


def test_purple_marker_weaver_and_shelter_with_bakery_and_scholar():
    """Purple marker: "its holder may declare it as one resource, skill or worker of any colour
    ... or as one animal of any species in any field"; Weaver: "may hold one shelter sheep back
    ... so it can help a field score for the Weaver". 2 saws, 1 pick, 1 wood, no wheat; Bakery,
    Scholar, Weaver; 1 sheep (2 VP) on the Sheep shelter, whose field holds a pig.
    Greedy: as a wheat, the marker lets the Bakery take a saw (4 + Scholar 1 saw 3 = 7), so it
    becomes a third saw (Scholar 9); the held-back sheep scores 3 (instead of 2), the pig 2:
    9 + 3 + 2 = 14. Optimum: the marker is the wheat, the Bakery takes the pick (4) + Scholar
    2 saws (6), held-back sheep 3, pig 2: 15."""
    pos = Position(skills=S(2, 1), resources=R(wood=1), tiles=frozenset({"bakery", "scholar"}),
                   purple=True, fields={"f1": frozenset({"pig"})}, field_vp={"sheep": 3, "pig": 2, "cow": 3},
                   shelter_sheep=1, shelter_vp=2, shelter_field="f1", weaver=True)
    a = check(pos, 14, 15, {"bakery": {"pick": 1, "wood": 1, "wheat": 1}, "scholar": {"saw": 2}})
    assert a["purple"] == ["wheat"] and a["weaver_hold"] is True


def test_purple_marker_on_an_autumn_scoring_tile():
    """The purple marker may be placed on Barn/Blacksmith/Stone yard/Timber yard: "it then
    scores in step 1". Nothing in the pool: the upgraded Blacksmith's 3 is the best use."""
    pos = Position(purple=True, score_tiles={"barn": 1, "blacksmith": 3}, farmers=False)
    a = best_allocation(pos)
    assert a["purple"] == ["tile", "blacksmith"] and a["total"] == 3


# ---------------------------------------------------------------- scoring a given allocation
def test_score_allocation_checks_the_items():
    """A player's own allocation is checked and totalled: "Items ... score at most once"."""
    pos = Position(skills=S(2), resources=R(wood=1, gold=2), wheat=1,
                   tiles=frozenset({"bakery", "scholar", "jeweller"}))
    mine = {"purple": None, "tiles": {"bakery": {"saw": 1, "wood": 1, "wheat": 1}, "scholar": {"saw": 1}}}
    r = score_allocation(pos, mine)
    assert r["tiles"] == {"bakery": 4, "scholar": 3} and r["breakdown"]["Gold"] == 2 and r["total"] == 9
    with pytest.raises(AllocationError):      # 3 saws used, 2 held
        score_allocation(pos, {"tiles": {"bakery": {"saw": 1, "wood": 1, "wheat": 1}, "scholar": {"saw": 2}}})
    with pytest.raises(AllocationError):      # a skill on the Jeweller
        score_allocation(pos, {"tiles": {"jeweller": {"saw": 1}}})
    with pytest.raises(AllocationError):      # a tile not owned
        score_allocation(pos, {"tiles": {"windmill": {"wood": 1}}})
    with pytest.raises(AllocationError):      # no purple marker
        score_allocation(pos, {"purple": ["skill", "saw"], "tiles": {}})
    assert best_allocation(pos)["total"] == 4 + 3 + 4     # Bakery, Scholar 1 saw, Jeweller 2 gold


# ---------------------------------------------------------------- brute force
def _comps(n, k):
    if k == 1:
        yield (n,)
        return
    for i in range(n + 1):
        for rest in _comps(n - i, k - 1):
            yield (i,) + rest


def brute(pos):
    """Every way to put every item on every tile that takes it (or leave it), every purple
    declaration and held-back sheep, scored by score_allocation."""
    best = None
    for decl in pos.purple_options():
        have = _pool_items(pos, decl)
        per_kind = []
        for k in KINDS:
            tl = [t for t in sorted(pos.tiles) if k in _allowed(t, pos.boat3b, pos.boat5b)]
            per_kind.append((k, [{t: c[i] for i, t in enumerate(tl) if c[i]}
                                 for c in _comps(have[k], len(tl) + 1)]))
        for hold in pos.hold_options():
            for combo in itertools.product(*[o for _, o in per_kind]):
                tiles = {}
                for (k, _), d in zip(per_kind, combo):
                    for t, n in d.items():
                        tiles.setdefault(t, {})[k] = n
                v = score_allocation(pos, {"purple": decl, "weaver_hold": hold, "tiles": tiles})["total"]
                best = v if best is None else max(best, v)
    return best


def _random_position(r):
    if r.random() < 0.5:
        tiles = set(r.sample(POOL_TILES, r.randint(1, 4)))
        budget = r.randint(1, 6)
    else:   # tiles that share items, more items
        group = r.choice([RES_TILES + ("bakery", "granary"), SKILL_TILES + ("bakery",), WORKER_TILES])
        tiles = set(r.sample(group, r.randint(2, 3)))
        budget = r.randint(3, 8)
    pos = Position(tiles=frozenset(tiles), boat3b=r.random() < 0.2, boat5b=r.random() < 0.3,
                   purple=r.random() < 0.25, farmers=r.random() < 0.8)
    kinds = []
    if tiles & set(WORKER_TILES):
        kinds += list(COLOURS)
    if tiles & set(SKILL_TILES + ("bakery",)):
        kinds += list(SKILLS)
    if tiles & set(RES_TILES + ("bakery", "granary")):
        kinds += list(RESOURCES) + ["wheat"]
    for _ in range(budget):
        k = r.choice(kinds)
        if k in COLOURS:
            pos.workers[k] += 1
        elif k in SKILLS:
            pos.skills[k] += 1
        elif k in RESOURCES:
            pos.resources[k] += 1
        else:
            pos.wheat += 1
    if pos.purple and r.random() < 0.5:
        pos.score_tiles = {"barn": 1}
    if r.random() < 0.3:
        pos.fields = {"f1": frozenset({"pig"}), "f2": frozenset({"sheep"})}
        pos.field_vp = {"sheep": 3, "pig": 2, "cow": 3}
        pos.shelter_sheep, pos.shelter_vp, pos.shelter_field, pos.weaver = 2, 2, "f1", True
    return pos


@pytest.mark.parametrize("seed", range(4))
def test_optimum_equals_brute_force(seed):
    """The allocation found is the true optimum: it equals a search over every single item."""
    r = random.Random(seed)
    for _ in range(40):
        pos = _random_position(r)
        a = best_allocation(pos)
        assert a["total"] == brute(pos), pos
        assert score_allocation(pos, a)["total"] == a["total"]


def test_never_below_the_old_search_on_random_pools():
    """On random pools (large ones too) the exact allocation scores at least the old search."""
    r = random.Random(5)
    for _ in range(80):
        tiles = frozenset(r.sample(POOL_TILES, r.randint(2, 7)))
        pos = Position(tiles=tiles, workers={c: r.randint(0, 6) for c in COLOURS},
                       skills={s: r.randint(0, 6) for s in SKILLS},
                       resources={x: r.randint(0, 9) for x in RESOURCES}, wheat=r.randint(0, 8),
                       boat3b=r.random() < 0.2, purple=r.random() < 0.3)
        a = best_allocation(pos)
        assert a["total"] >= greedy(pos)    # (boat 5b makes the old search too slow here)
        assert score_allocation(pos, a)["total"] == a["total"]


# ---------------------------------------------------------------- positions from random games
@pytest.mark.parametrize("seed", range(8))
def test_agrees_with_or_beats_the_engine_on_random_games(seed):
    """Positions from seeded random games, as they end and with a bigger pool: the exact
    allocation's total (fixed points included) is never below scoring.score_player."""
    st, _ = random_game(seed, 2 + seed % 3, {"farmers": seed % 4 != 3})
    r = random.Random(seed)
    for s in st["seats"]:
        assert best_allocation(position(E, st, s))["total"] >= old.score_player(E, st, s)["total"]
        st2 = copy.deepcopy(st)
        p = st2["players"][s]
        for c in COLOURS:
            p["workers"][c] += r.randint(0, 4)
        for k in SKILLS:
            p["skills"][k] += r.randint(0, 4)
        p["wheat"] += r.randint(0, 5)
        home = p["home"]
        for x in RESOURCES:
            st2["tiles"][home]["res"][x] += r.randint(0, 5)
        pos = position(E, st2, s)
        assert best_allocation(pos)["total"] >= old.score_player(E, st2, s)["total"]


def _accepting(engine, st, seat, r):
    """Random moves, but every player accepts the suggested allocation at the end."""
    if st["phase"] == "allocate":
        return {"type": "alloc_accept"}
    return r.choice(engine.legal(st, seat))


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_final_scores_are_the_best_allocation(seed):
    """The game's own suggested allocation is the exact one: a player who accepts it scores
    the optimum of allocation.py (never below the old search), and the result keeps the
    allocation it was scored with."""
    st, _ = random_game(seed, 2 + seed % 3, {"farmers": True}, policy=_accepting)
    for s in st["seats"]:
        got = st["result"][s]
        best = best_allocation(position(E, st, s))
        assert got["total"] == best["total"] >= old.score_player(E, st, s)["total"]
        assert got["breakdown"] == best["breakdown"] and got["tiles"] == best["tiles"]
        assert score_allocation(position(E, st, s), {k: got[k] for k in ("purple", "weaver_hold", "tiles")})["total"] == got["total"]
