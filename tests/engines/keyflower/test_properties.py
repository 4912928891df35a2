"""Hypothesis properties of the final-scoring allocation: more items never score less, and the
allocation never scores more than the sum of what the tiles could give separately."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.keyflower.scoring import best_pool, best_resources, best_skills, best_workers

WORKER_TILES = ["apothecary", "craftsmans_guild", "key_market", "village_hall", "white_wind"]
SKILL_TILES = ["key_guild", "scholar", "scribes"]
RES_TILES = ["jeweller", "mercers_guild", "watermill", "windmill"]

small = st.integers(min_value=0, max_value=6)


@settings(max_examples=60, deadline=None)
@given(w=st.tuples(small, small, small, small), tiles=st.sets(st.sampled_from(WORKER_TILES)),
       extra=st.sampled_from(["blue", "red", "yellow", "green"]))
def test_workers_monotonic(w, tiles, extra):
    d = dict(zip(["blue", "red", "yellow", "green"], w))
    more = dict(d)
    more[extra] += 1
    assert best_workers(more, tiles) >= best_workers(d, tiles)
    # never more than each tile alone summed (a worker scores once)
    assert best_workers(d, tiles) <= sum(best_workers(d, {t}) for t in tiles)


@settings(max_examples=60, deadline=None)
@given(s=st.tuples(small, small, small), tiles=st.sets(st.sampled_from(SKILL_TILES)),
       extra=st.sampled_from(["saw", "pick", "anvil"]))
def test_skills_monotonic(s, tiles, extra):
    d = dict(zip(["saw", "pick", "anvil"], s))
    more = dict(d)
    more[extra] += 1
    assert best_skills(more, tiles) >= best_skills(d, tiles)


@settings(max_examples=60, deadline=None)
@given(r=st.tuples(small, small, small, small), tiles=st.sets(st.sampled_from(RES_TILES)),
       extra=st.integers(min_value=0, max_value=3), any_type=st.booleans())
def test_resources_monotonic(r, tiles, extra, any_type):
    more = list(r)
    more[extra] += 1
    a = sum(best_resources(tuple(r), frozenset(tiles), any_type))
    b = sum(best_resources(tuple(more), frozenset(tiles), any_type))
    assert b >= a
    # gold alone is always worth at least 1 each
    assert a >= r[3]


@settings(max_examples=40, deadline=None)
@given(wheat=small, tiles=st.sets(st.sampled_from(["granary", "bakery", "jeweller"])), b5=st.booleans())
def test_wheat_monotonic(wheat, tiles, b5):
    w = {"blue": 0, "red": 0, "yellow": 0, "green": 0}
    s = {"saw": 1, "pick": 1, "anvil": 0}
    a = sum(best_pool(w, s, (1, 0, 0, 1), wheat, tiles, False, b5))
    b = sum(best_pool(w, s, (1, 0, 0, 1), wheat + 1, tiles, False, b5))
    assert b >= a
