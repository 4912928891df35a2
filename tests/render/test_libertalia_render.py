"""The Libertalia board and hand images: drawn from views at several points of real games,
wide enough, translated, and never showing a secret pick."""
from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from core.i18n import translator
from engines.libertalia import ENGINE as E
from engines.libertalia import ai
from render.libertalia import render_board, render_hand

tr = translator("en")


def _snapshots(n, seed):
    """Views of one AI game at interesting moments: start, a half-finished secret pick,
    a pending Dusk decision, a campaign change, the end."""
    s = E.new(list("ABCDEF"[:n]), seed=seed)
    rng = random.Random(seed)
    shots = {"start": copy.deepcopy(s)}
    while E.outcome(s) is None:
        if s["phase"] == "pick" and 0 < len(s["picks"]) and "half_pick" not in shots:
            shots["half_pick"] = copy.deepcopy(s)
        if s["pending"] and s["pending"]["kind"] == "loot" and "dusk" not in shots:
            shots["dusk"] = copy.deepcopy(s)
        if s["campaign"] == 2 and "campaign2" not in shots and s["day"] == 3:
            shots["campaign2"] = copy.deepcopy(s)
        seat = E.to_act(s)[0]
        E.apply(s, seat, ai.choose(E, s, seat, rng))
    shots["end"] = s
    return shots


@pytest.mark.parametrize("n", [2, 4, 6])
def test_board_renders_at_several_points(n):
    for name, s in _snapshots(n, 20 + n).items():
        r = render_board(E.view(s, None), tr)
        img = Image.open(io.BytesIO(r.png))
        assert img.width >= 1000 and r.width == img.width and r.height == img.height
        assert r.alt.startswith("Libertalia") and len(r.alt) > 40
        for seat in s["seats"]:
            assert f"{seat}: score" in r.alt
        if name == "end":
            assert "Winner" in r.alt
        if name == "dusk":
            assert "Ship:" in r.alt and "choosing loot" in r.alt


def test_public_image_never_shows_a_secret_pick():
    s = E.new(["A", "B", "C"], seed=5)
    hand = s["players"]["A"]["hand"]
    renders = []
    for card in (hand[0], hand[-1]):
        t = copy.deepcopy(s)
        E.apply(t, "A", {"type": "pick", "card": card})
        r = render_board(E.view(t, None), tr)
        renders.append((r.png, r.alt))
        name = tr(E.label(t, "A", {"type": "pick", "card": card}).params["card"])
        assert name not in r.alt
        assert "A" not in E.view(t, None)["to_act"]
    assert renders[0] == renders[1]


def test_every_label_goes_through_tr():
    calls = []

    def spy(msg, **params):
        calls.append(msg)
        return "§" + tr(msg, **params)

    s = _snapshots(3, 9)["dusk"]
    r = render_board(E.view(s, None), spy)
    assert "§" in r.alt and len(calls) > 20
    h = render_hand(E.view(s, "B"), spy)
    assert h.alt.startswith("§")


def test_hand_image_shows_the_own_pick():
    s = E.new(["A", "B"], seed=3)
    card = s["players"]["A"]["hand"][2]
    E.apply(s, "A", {"type": "pick", "card": card})
    v = E.view(s, "A")
    r = render_hand(v, tr)
    assert r.width >= 1000
    name = next(c["name"] for c in v["hand"] if c["rank"] == card)
    assert f"Today's pick: {name}" in r.alt
    assert all(c["name"] in r.alt for c in v["hand"])
