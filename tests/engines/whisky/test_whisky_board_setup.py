"""Board data (rules section 12) and game setup (section 2)."""
from collections import Counter, deque

import pytest

from engines.base import IllegalAction
from engines.whisky import ENGINE, data as D
from whisky_helpers import current, make_engine, new_game


def test_board_counts_match_the_rules_summary():
    types = Counter(f["type"] for f in D.FIELDS.values())
    assert types == {"start": 2, "distillery": 45, "lost": 7, "pub": 12, "port": 14,
                     "airport": 3, "special": 34, "ingredient": 45, "path": 39, "sea": 8}
    assert len(D.FIELDS) == 209
    assert len(D.BOARD["edges"]) == 219
    assert len(D.SEA_ROUTES) == 8
    assert D.AIRPORTS == ["IE_DUB_AIR", "LO_GLA_AIR", "HI_ABZ_AIR"]
    per_region = Counter(D.region(d) for d in D.DISTILLERY_IDS)
    assert per_region == {"IRE": 6, "LOW": 6, "HIGH": 10, "ISL": 7, "ISLAY": 8, "SPEY": 8}


def test_board_graph_is_consistent_and_connected():
    for a, b in D.BOARD["edges"]:
        assert b in D.ADJ[a] and a in D.ADJ[b]
        assert D.FIELDS[a]["type"] != "sea" and D.FIELDS[b]["type"] != "sea"
    ports = {f for f, d in D.FIELDS.items() if d["type"] == "port"}
    assert ports == {p for r in D.SEA_ROUTES.values() for p in r["ports"]}
    # only the North Channel leaves the country
    assert [s for s, r in D.SEA_ROUTES.items() if r["leaves_country"]] == ["SEA_NORTH_CHANNEL"]
    # every land field is reachable with land edges, sea routes and flights
    adj = {f: set(n) for f, n in D.ADJ.items()}
    for r in D.SEA_ROUTES.values():
        a, b = r["ports"]
        adj[a].add(b)
        adj[b].add(a)
    for a in D.AIRPORTS:
        adj[a] |= set(D.AIRPORTS) - {a}
    seen, todo = {"SC_EDINBURGH"}, deque(["SC_EDINBURGH"])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    land = {f for f, d in D.FIELDS.items() if d["type"] != "sea"}
    assert seen == land


def test_board_has_drawing_coordinates_inside_the_canvas():
    w, h = D.BOARD["canvas"]["width"], D.BOARD["canvas"]["height"]
    pts = set()
    for f in D.FIELDS.values():
        assert 0 <= f["x"] <= w and 0 <= f["y"] <= h
        assert f["name"] and f["place"]
        pts.add((f["x"], f["y"]))
    assert len(pts) == len(D.FIELDS)
    # north is up: Orkney above Cork
    assert D.FIELDS["IS_KIRKWALL"]["y"] < D.FIELDS["IE_MIDLETON"]["y"]


def test_special_deck_and_characters_tables():
    assert len(D.special_deck(False)) == 30
    assert len(D.special_deck(True)) == 45
    assert len(D.CHARACTERS) == 15
    assert sum(1 for c in D.CHARACTERS.values() if c["extra"]) == 5


def test_new_game_setup_and_start_fields():
    eng = make_engine()
    st = eng.new(["A", "B", "C"], seed=5)
    assert st["phase"] == "setup"
    chars = [p["character"] for p in st["players"].values()]
    assert len(set(chars)) == 3
    # the highest (last) start roll begins, then seat order
    first = st["order"][0]
    last_rolls = {s: r[-1] for s, r in st["start_rolls"].items() if len(r) == len(st["start_rolls"][first])}
    assert last_rolls[first] == max(last_rolls.values())
    assert st["order"] == ["A", "B", "C"][["A", "B", "C"].index(first):] + ["A", "B", "C"][:["A", "B", "C"].index(first)]
    seat = current(eng, st)
    assert seat == first
    assert eng.legal(st, seat) == [{"type": "start", "field": "SC_EDINBURGH"},
                                   {"type": "start", "field": "IE_DUBLIN"}]
    eng.apply(st, seat, {"type": "start", "field": "IE_DUBLIN"})
    assert st["players"][seat]["pos"] == "IE_DUBLIN"
    while st["phase"] == "setup":
        eng.apply(st, current(eng, st), {"type": "start", "field": "SC_EDINBURGH"})
    assert st["phase"] == "play" and current(eng, st) == first
    assert len(st["special_deck"]) == 45 and len(st["lost_deck"]) == 16
    assert sorted(st["lost_deck"]) == [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6]
    assert st["bag"] == {"barley": 20, "water": 20, "yeast": 20}
    assert all(v == [1, 3, 5] for v in st["stock"].values()) and len(st["stock"]) == 45


def test_option_groups_and_validation():
    eng = make_engine()
    st = eng.new(["A", "B"], seed=1, options={"supplementary_specials": False,
                                              "extra_characters": False})
    assert len(st["special_deck"]) == 30
    assert all(D.SPECIALS[c]["set"] == "base" for c in st["special_deck"])
    assert all(not D.CHARACTERS[p["character"]]["extra"] for p in st["players"].values())
    st = eng.new(["A", "B"], seed=1, options={"base_specials": False})
    assert len(st["special_deck"]) == 15
    st = eng.new(["A", "B"], seed=1, options={"lost_deck": {"2": 1, "7": 2}, "bag": {"barley": 3}})
    assert sorted(st["lost_deck"]) == [2, 7, 7]
    assert st["bag"] == {"barley": 3, "water": 0, "yeast": 0}
    with pytest.raises(IllegalAction):
        eng.new(["A", "B"], seed=1, options={"victory_points": 26})
    with pytest.raises(IllegalAction):
        eng.new(["A", "B"], seed=1, options={"bag": {"gold": 3}})
    with pytest.raises(IllegalAction):
        eng.new(["A", "B"], seed=1, options={"no_such_option": 1})
    with pytest.raises(IllegalAction):
        eng.new(["A"], seed=1)
    with pytest.raises(IllegalAction):
        eng.new(list("ABCDEFG"), seed=1)
    assert eng.options()["question_timeout_s"][0] == 60


def test_same_seed_same_game():
    eng = make_engine()
    a = new_game(eng, seed=9)
    b = new_game(eng, seed=9)
    assert eng.dump(a) == eng.dump(b)
    assert eng.load(eng.dump(a)) == a


def test_default_engine_uses_the_shipped_question_bank():
    st = ENGINE.new(["A", "B"], seed=3)
    assert st["bank"] == "qbank"
    bank = ENGINE.bank(st)
    assert all(q in bank for lv in ("easy", "medium", "hard") for q in st["pools"][lv])
    st2 = ENGINE.new(["A", "B"], seed=3, options={"question_bank": "generated"})
    assert st2["bank"] == "generated" and st2["pools"]["easy"][0].startswith("GE")
