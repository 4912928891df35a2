"""The Glen More board, Full map and private images: drawn from views at several points of
real games with 2 to 5 players, phone-sized, translated, and never showing a secret score."""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from core.i18n import translator
from engines.glen_more import ENGINE as E
from engines.glen_more import ai
from render import glen_more as R

tr = translator("en")
NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve"]
PNG = b"\x89PNG\r\n\x1a\n"


def _snapshots(n: int, seed: int, options=None) -> dict[str, dict]:
    """States of one AI game: start, a placement (legal spots drawn), an activation, the
    second part, the end."""
    s = E.new(NAMES[:n], seed=seed, options=options)
    rng = random.Random(seed)
    shots = {"start": copy.deepcopy(s)}
    while E.outcome(s) is None:
        turn = s.get("turn") or {}
        if (turn.get("step") == "place" and not turn.get("paying") and "place" not in shots
                and s["scorings"] >= 1):
            shots["place"] = copy.deepcopy(s)
        if (turn.get("step") == "activate" and not turn.get("paying") and "activate" not in shots
                and len(s["players"][turn["seat"]]["tiles"]) > 4):
            shots["activate"] = copy.deepcopy(s)
        if s["scorings"] == 2 and "part3" not in shots:
            shots["part3"] = copy.deepcopy(s)
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, rng))
    shots["end"] = s
    return shots


_CACHE: dict = {}


def snapshots(n, seed=7, options=None):
    key = (n, seed, repr(options))
    if key not in _CACHE:
        _CACHE[key] = _snapshots(n, seed, options)
    return _CACHE[key]


FULL_MAX_H = 6000       # the Full map of five late territories is tall


def _check_image(r, max_h=3000):
    assert r.png.startswith(PNG)
    img = Image.open(io.BytesIO(r.png))
    assert img.width >= 1000 and img.width == r.width and img.height == r.height
    assert img.height <= max_h
    assert len(r.png) < 2 * 1024 * 1024
    return img


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_board_renders_at_several_points(n):
    shots = snapshots(n)
    assert {"start", "place", "end"} <= set(shots)
    names = list(shots) if n in (3, 5) else ["start", "place", "end"]  # keep the file fast
    for name in names:
        s = shots[name]
        v = E.view(s, None)
        r = R.render_board(v, tr)
        _check_image(r)
        assert r.alt.startswith("Glen More") and len(r.alt) > 60
        full = R.render_full_board(v, tr)          # the Full map: every territory
        _check_image(full, max_h=FULL_MAX_H)
        assert full.alt == r.alt
        for seat in s["seats"]:
            assert f"{seat}:" in r.alt, (name, seat)
        if name == "end":
            assert "game over" in r.alt and "Winner" in r.alt
            for seat, p in s["players"].items():     # scores are public at the end
                assert f"{seat}: " in r.alt and f"{p['vp']} VP" in r.alt
        else:
            assert "VP" not in r.alt                  # secret scores (the default)


def test_placement_spots_and_tile_in_hand_are_named():
    s = snapshots(3)["place"]
    v = E.view(s, None)
    assert v["spots"]["decision"] == "place" and v["spots"]["cells"]
    r = R.render_board(v, tr)
    tile = E._tile_view(s["turn"]["tile"])["name"]
    assert f"placing {tile}" in r.alt
    for c in v["spots"]["cells"]:                 # every spot in words, by its letter
        assert f"{c['letter']}: " in r.alt


def test_secret_scores_stay_out_of_the_public_image():
    s = snapshots(4)["part3"]
    assert s["options"]["secret_scores"]
    other = copy.deepcopy(s)
    for k, seat in enumerate(other["seats"]):
        other["players"][seat]["vp"] += 111 + k
        for part in other["players"][seat]["parts"]:
            other["players"][seat]["parts"][part] += 3
    a = R.render_board(E.view(s, None), tr)
    b = R.render_board(E.view(other, None), tr)
    assert a.png == b.png and a.alt == b.alt
    a = R.render_full_board(E.view(s, None), tr)
    b = R.render_full_board(E.view(other, None), tr)
    assert a.png == b.png and a.alt == b.alt
    # the seat's own view shows its own score only, and the public image stays the same
    own = E.view(other, "Bob")
    c = R.render_board(own, tr)
    vp = other["players"]["Bob"]["vp"]
    assert f"{vp} VP" in c.alt
    for seat in ("Ann", "Cyd", "Dee"):
        assert f"{other['players'][seat]['vp']} VP" not in c.alt


def test_public_scores_are_drawn_when_the_option_is_off():
    s = _snapshots(2, 3, {"secret_scores": False})["part3"]
    v = E.view(s, None)
    r = R.render_board(v, tr)
    for seat in s["seats"]:
        assert f"{s['players'][seat]['vp']} VP" in r.alt
    assert R.render_hand(E.view(s, "Ann"), tr) is None


def test_private_image_and_text():
    s = copy.deepcopy(snapshots(4)["part3"])
    s["players"]["Bob"]["vp"] = 987
    s["players"]["Ann"]["vp"] = 654
    h = R.render_hand(E.view(s, "Ann"), tr)
    _check_image(h)
    assert "654" in h.alt and "987" not in h.alt
    assert R.render_hand(E.view(s, None), tr) is None
    t = R.private_text(E.view(s, "Ann"), tr)
    assert 0 < len(t) < 1500 and "654" in t and "987" not in t
    # once the game is over nothing is secret any more
    assert R.render_hand(E.view(snapshots(4)["end"], "Ann"), tr) is None
    assert "You are not playing" in R.private_text(E.view(s, None), tr)


def test_every_label_goes_through_tr():
    calls = []

    def spy(msg, **params):
        calls.append(msg)
        return "§" + tr(msg, **params)

    s = snapshots(3)["part3"]
    r = R.render_board(E.view(s, None), spy)
    assert r.alt.startswith("§") and len(calls) > 50
    assert any(c == "Market" for c in calls) and any(c == "wood" for c in calls)
    assert "§" in R.private_text(E.view(s, "Ann"), spy)


def test_defensive_against_a_sparse_view():
    r = R.render_board({"seats": ["Ann", "Bob"], "players": {"Ann": {}, "Bob": {"tiles": []}}},
                       tr)
    _check_image(r)
    assert "Ann:" in r.alt and "Bob:" in r.alt
    _check_image(R.render_full_board({"seats": ["Ann", "Bob"], "players": {"Ann": {},
                                                                          "Bob": {"tiles": []}}},
                                     tr))
