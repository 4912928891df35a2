"""The Keyflower board and private images: drawn from views at several points of real AI games
with 2, 4 and 6 players, with and without The Farmers; phone-sized, translated, and never
showing a screen or a winter hand in the public image."""
from __future__ import annotations

import copy
import io
import random
import re

import pytest
from PIL import Image, ImageDraw

import engines
from core.i18n import translator
from render import keyflower as R

tr = translator("en")
E = engines.get("keyflower")
AI = engines.ai("keyflower")
SEATS = ["A", "B", "C", "D", "E", "F"]
PNG = b"\x89PNG\r\n\x1a\n"


def _play(n: int, seed: int, farmers: bool) -> dict[str, dict]:
    """States of one AI game: the start, the middle of each season (after the first pass),
    the winter offer, a boat choice, a placement, and the end."""
    st = E.new(SEATS[:n], seed=seed, options=None if farmers else {"farmers": False})
    rng = random.Random(seed)
    shots = {"start": copy.deepcopy(st)}
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        E.apply(st, seat, AI.choose(E, st, seat, rng))
        season, phase = st["season"], st["phase"]
        key = f"mid{season}" if phase == "play" and st["passes"] >= 1 else phase
        if key in ("boats", "place"):
            key = f"{phase}{season}"
        if key not in shots and key != "play":
            shots[key] = copy.deepcopy(st)
    shots["end"] = st
    return shots


_CACHE: dict = {}


def game(n, farmers=True, seed=None):
    seed = seed if seed is not None else {2: 4, 4: 3, 6: 2}.get(n, 1)
    key = (n, farmers, seed)
    if key not in _CACHE:
        _CACHE[key] = _play(n, seed, farmers)
    return _CACHE[key]


def _check(r, max_h=3000):
    assert r.png.startswith(PNG)
    img = Image.open(io.BytesIO(r.png))
    assert img.width >= 1000 and img.width == r.width and img.height == r.height
    assert img.height <= max_h
    assert len(r.png) < 2 * 1024 * 1024
    return img


@pytest.mark.parametrize("n,farmers", [(2, True), (2, False), (4, True), (4, False),
                                       (6, True), (6, False)])
def test_board_renders_at_several_points(n, farmers):
    shots = game(n, farmers)
    assert {"start", "mid0", "mid3", "winter_pick", "end"} <= set(shots), list(shots)
    names = ["start", "mid0", "mid1", "mid2", "mid3", "winter_pick", "boats3", "place3", "end"] \
        if (n, farmers) == (4, True) else ["start", "mid1", "mid3", "end"]
    for name in names:
        st = shots[name]
        r = R.render_board(E.view(st, None), tr)
        _check(r)
        assert r.alt.startswith("Keyflower") and len(r.alt) <= 1024
        for seat in st["seats"]:
            assert f"{seat}: " in r.alt, (name, seat)
        if name == "end":
            assert "game over" in r.alt and "Winner" in r.alt
            for seat, score in E.view(st, None)["outcome"]["scores"].items():
                assert f"{score} VP" in r.alt
        else:
            season = ["Spring", "Summer", "Autumn", "Winter"][st["season"]]
            assert season in r.alt


def test_bids_locks_and_animals_are_described():
    st = game(4)["mid2"]
    v = E.view(st, None)
    r = R.render_board(v, tr)
    bid_tiles = [t for t in v["auction"] if t["site"]["bids"]]
    assert bid_tiles
    for t in bid_tiles:
        assert t["name"] in r.alt
        for seat, b in t["site"]["bids"].items():
            worker = "worker" if b["n"] == 1 else "workers"
            assert f"{seat}: {b['n']} {b['colour']} {worker}" in r.alt
    # The Farmers' animals are counted per player in the alt text
    p = next(p for p in v["players"].values()
             if any(sum(f["animals"].values()) for f in p["fields"]))
    assert re.search(r"\d+ (sheep|pigs|cows)", r.alt)
    assert p is not None


def _hidden_twin(st, seat):
    """A copy of the state that differs only in what is hidden from the public: the seat's
    screen (workers, skills, wheat), its winter hand (same size) and winter pick."""
    other = copy.deepcopy(st)
    p = other["players"][seat]
    p["workers"] = {"blue": 17, "red": 0, "yellow": 23, "green": 5}
    p["skills"] = {"saw": 9, "pick": 0, "anvil": 4}
    p["wheat"] = 13
    in_play = set(other["tiles"]) | {t for q in other["players"].values() for t in q["winter"]}
    spare = [t for t in ("keythedral", "scribes", "windmill", "granary", "weaver", "bakery",
                         "apothecary", "jeweller", "key_guild", "scholar", "watermill",
                         "village_hall") if t not in in_play]
    if p["winter"]:
        k = min(len(p["winter"]), len(spare))
        p["winter"] = sorted(spare[:k] + p["winter"][k:])
        p["pick"] = p["winter"][:1] if p["pick"] else []
    return other


@pytest.mark.parametrize("point", ["mid1", "winter_pick", "mid3"])
def test_hidden_information_never_changes_the_public_image(point):
    st = game(4)[point]
    twin = _hidden_twin(_hidden_twin(st, "B"), "C")
    assert twin["players"]["B"]["workers"] != st["players"]["B"]["workers"]
    a = R.render_board(E.view(st, None), tr)
    b = R.render_board(E.view(twin, None), tr)
    assert a.png == b.png and a.alt == b.alt
    # a player's own view draws the same public image
    c = R.render_board(E.view(twin, "B"), tr)
    assert c.png == a.png and c.alt == a.alt


def test_private_image_and_text_show_only_the_own_seat():
    st = _hidden_twin(game(4)["winter_pick"], "B")
    vb = E.view(st, "B")
    va = E.view(st, "A")
    names_b = [E.view(st, "B")["private"]["winter_hand"]]
    hb = R.render_hand(vb, tr)
    _check(hb)
    assert "17 blue" in hb.alt and "23 yellow" in hb.alt
    ha = R.render_hand(va, tr)
    _check(ha)
    ta = R.private_text(va, tr)
    tb = R.private_text(vb, tr)
    assert 0 < len(ta) < 1500 and 0 < len(tb) < 1500
    assert "17 blue" in tb and "13" in tb and "9 saw" in tb
    from engines.keyflower.data import TILES
    for tid in names_b[0]:
        assert TILES[tid]["name"] in tb
        if tid not in st["players"]["A"]["winter"]:
            assert TILES[tid]["name"] not in ta and TILES[tid]["name"] not in ha.alt
    for secret in ("17 blue", "23 yellow", "9 saw", "**Wheat**: 13"):
        assert secret not in ta and secret not in ha.alt
    # a spectator has no private view
    assert R.render_hand(E.view(st, None), tr) is None
    assert "not playing" in R.private_text(E.view(st, None), tr)


def test_private_text_adds_no_prompt_on_the_own_turn():
    st = game(4)["mid1"]
    seat = E.to_act(st)[0]
    t = R.private_text(E.view(st, seat), tr)
    assert "turn" not in t.lower() and "bid" not in t.lower()


def test_every_label_goes_through_tr(monkeypatch):
    """Every string drawn is a translated one (marked «…») or a bare number/code."""
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy_text(self, xy, s, *a, **k):
        drawn.append(s)
        return real(self, xy, s, *a, **k)

    calls = []
    said: list[str] = []

    def spy(msg, **params):
        calls.append(msg.msg if hasattr(msg, "msg") else msg)
        said.append("«" + tr(msg, **params) + "»")
        return said[-1]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy_text)
    shots = game(4)
    for name in ("mid2", "end"):
        st = shots[name]
        r = R.render_board(E.view(st, None), spy)
        assert r.alt.startswith("«")
        h = R.render_hand(E.view(st, "A"), spy)
        assert h.alt.startswith("«")
        assert "«" in R.private_text(E.view(st, "A"), spy)
    bare = re.compile(r"^(×?\d+|\d[ab]|[A-F]|[A-F]: .*)$")

    def inside(s):          # a middle line of a translated text laid out on three lines
        return any(s.rstrip("-") in t for t in said)

    untranslated = {s for s in drawn if "«" not in s and "»" not in s and not bare.match(s)
                    and not inside(s)}
    assert not untranslated, sorted(untranslated)[:20]
    # tile names, colours, resources and seasons are looked up in the catalog
    for msg in ("Home {n}", "blue", "wood", "Autumn", "saw", "pick axe"):
        assert msg in calls, msg
    assert any(c in calls for c in ("Forge", "Sawmill", "Sculptor", "Goldsmith", "Well"))


def test_defensive_against_sparse_views():
    r = R.render_board({"seats": ["A", "B"], "players": {"A": {}, "B": {"village": []}}}, tr)
    _check(r)
    assert "A: " in r.alt and "B: " in r.alt
    r = R.render_board({}, tr)
    _check(r)
    odd = {"seats": ["A"], "season": "summer", "phase": "play", "to_act": ["A"],
           "auction": [{"id": "x", "name": {"msg": "Home {n}", "params": {"n": 9}},
                        "site": {"bids": {"A": {"colour": "purple", "n": "2"}}, "colour": "pink"},
                        "edges": "RW", "regions": [[1, 2, "x"]], "animals": {"q": {"emu": 2}}}],
           "boats": [None, {"name": "Keyflower", "workers": None}],
           "players": {"A": {"village": [{"id": "home1", "name": "Home {n}", "num": 1,
                                          "pos": [0, 0], "edges": ["W", "R"], "up": True,
                                          "animals": {"0": {"sheep": 3}}, "res": {"gold": 2}}],
                             "fields": [None]}}}
    _check(R.render_board(odd, tr))
    assert R.render_hand({}, tr) is None
    assert isinstance(R.private_text({"you": "A", "players": {"A": {}}}, tr), str)
    h = R.render_hand({"you": "A", "seats": ["A"], "players": {"A": {}}}, tr)
    _check(h)


def test_huge_villages_and_auctions_stay_within_limits():
    """Six long villages, eighteen winter tiles with six bids each: still ≤ 3000 px, < 2 MB,
    the full map too."""
    v = E.view(game(6)["mid3"], None)
    v = copy.deepcopy(v)
    pool = [t for t in v["auction"]]
    while len(v["auction"]) < 18:
        v["auction"].append(copy.deepcopy(pool[len(v["auction"]) % len(pool)]))
    for t in v["auction"]:
        t["site"]["bids"] = {s: {"colour": "red", "n": 3 + k} for k, s in enumerate(v["seats"])}
        t["site"]["colour"] = "red"
    for k, (seat, p) in enumerate(v["players"].items()):
        base = p["village"][0]
        p["village"] = [dict(base, pos=[q if k % 2 else 0, 0 if k % 2 else q])
                        for q in range(-6, 7)]
    r = R.render_board(v, tr)
    img = _check(r)
    assert img.height > 2000
    _check(R.render_full_board(v, tr))


def test_size_of_a_mid_game_board():
    # (render time is measured by bench.interaction, not by a unit test)
    r = R.render_board(E.view(game(4)["mid3"], None), tr)
    assert len(r.png) < 2 * 1024 * 1024
