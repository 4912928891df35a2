"""Keyflower images name the players (badge and name) and show every tile's name whole, on a
plate no road crosses (or, on a village hex too small for it, as a numbered badge with the
name written in full under the village); the posted board stays legible at Discord's width.
Screenshots scaled to 616 px wide (what Discord shows) go to tests/output/screenshots/."""
from __future__ import annotations

import copy
import io
import random
import re
from functools import lru_cache
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import engines
from core.i18n import translator
from engines.keyflower.data import TILES
from render import common as C
from render import keyflower as R

tr = translator("en")
E = engines.get("keyflower")
AI = engines.ai("keyflower")
SEATS = list("ABCDEF")
OUT = Path(__file__).resolve().parents[1] / "output" / "screenshots"
PREVIEW = C.DISPLAY_WIDTH
# long names, accents and Greek; none is the start of a tile's name
NAMES = {"A": "Annabelle Fitzgerald-Smythe", "B": "Bob", "C": "Χαράλαμπος Παπαδόπουλος",
         "D": "Dörte Müller-Lüdenscheidt", "E": "Éowyn", "F": "Xavier the Magnificent"}
ALL_NAMES = {R._tile_name(tr, {"name": t["name"], "num": t.get("num")}) for t in TILES.values()}


def _play(n: int, seed: int, farmers: bool = True) -> dict[str, dict]:
    """Positions of one AI game: a turn of each season (a use under way when there is one),
    the winter auction, a boat choice, a placement, and the end."""
    st = E.new(SEATS[:n], seed=seed, options=None if farmers else {"farmers": False})
    rng = random.Random(seed)
    shots = {}
    while E.outcome(st) is None:
        seat = E.to_act(st)[0]
        E.apply(st, seat, AI.choose(E, st, seat, rng))
        key = st["phase"] + str(st["season"])
        if st["phase"] == "play":
            key = ("using" if (st["ctx"] or {}).get("step") == "effect" else "turn") + key
        if key not in shots:
            shots[key] = copy.deepcopy(st)
    shots["end"] = st
    return shots


_CACHE: dict = {}


def games() -> dict[str, dict]:
    if not _CACHE:
        for n, seed, farmers in ((2, 4, True), (3, 7, False), (4, 3, True), (6, 2, True)):
            for k, st in _play(n, seed, farmers).items():
                _CACHE[f"{n}p_{k}"] = st
    return _CACHE


def _named(view: dict) -> dict:
    return dict(view, names={s: NAMES[s] for s in view["seats"]})


class Spy:
    """Every string drawn, and every tile name laid out on a hex (label, s, lines, size)."""

    def __init__(self, monkeypatch):
        self.drawn: list[str] = []
        self.plates: list[tuple[str, float, list[str], int]] = []
        real_text, real_lines = ImageDraw.ImageDraw.text, R.name_lines

        def spy_text(draw, xy, s, *a, **k):
            self.drawn.append(s)
            return real_text(draw, xy, s, *a, **k)

        def spy_lines(label, s, size, lang="en", least=R.SMALL):
            lines, sz = real_lines(label, s, size, lang, least)
            self.plates.append((label, s, lines, sz))
            return lines, sz

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy_text)
        monkeypatch.setattr(R, "name_lines", spy_lines)

    def clear(self):
        self.drawn.clear()
        self.plates.clear()


def _save(r, name: str) -> Image.Image:
    OUT.mkdir(parents=True, exist_ok=True)
    ignore = OUT / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*.png\n")
    img = Image.open(io.BytesIO(r.png)).convert("RGB")
    small = img.resize((PREVIEW, round(img.height * PREVIEW / img.width)), Image.LANCZOS)
    small.save(OUT / f"keyflower_{name}_{PREVIEW}.png")
    return img


SHOTS = ("4p_turnplay0", "4p_usingplay1", "6p_turnplay2", "6p_turnplay3", "6p_place3",
         "2p_boats1", "3p_usingplay2", "6p_end")


def _renders(key, st):
    """The posted board, the full map (at the end, the winter auction and placements) and
    the private screen of the player to act."""
    v = _named(E.view(st, None))
    yield "board", R.render_board(v, tr), v
    if key.endswith(("end", "play3", "place1")) or key.startswith("3p"):
        yield "map", R.render_full_board(v, tr), v
    seat = (E.to_act(st) or st["seats"])[0]
    vs = _named(E.view(st, seat))
    yield f"hand_{seat}", R.render_hand(vs, tr), vs


def test_tile_names_are_whole_and_players_named_in_real_games(monkeypatch):
    spy = Spy(monkeypatch)
    saved = set()
    for key, st in games().items():
        for kind, r, v in _renders(key, st):
            assert r.width >= 1000 and r.height <= 3000, (key, kind, r.width, r.height)
            # every tile name laid out on a hex is whole, at the readable size or more; one
            # that does not fit is written in full beside its village
            assert spy.plates or kind.startswith("hand"), (key, kind)
            for label, s, lines, size in spy.plates:
                assert lines and _shown(lines) == label and size >= R.SMALL, \
                    (key, kind, label, s, lines)
                assert not any(ln.endswith("…") for ln in lines), (key, kind, label)
            shown = {lb for lb, *_ in spy.plates}
            if kind == "map":
                for p in v["players"].values():      # every village tile is named
                    for t in p["village"]:
                        name = R._tile_name(tr, t)
                        assert name in shown or name in spy.drawn, (key, name)
            # and no string drawn anywhere is a shortened tile name
            for s_ in spy.drawn:
                kept = s_[:-1]
                if s_.endswith("…") and not any(n.startswith(kept) for n in NAMES.values()):
                    # (a heading cut between words, "Turn…" of "Turn-order tiles", is no tile name)
                    assert not any(n.startswith(kept) and n[len(kept):len(kept) + 1].isalnum()
                                   for n in ALL_NAMES), (key, kind, s_)
            if kind == "board" and v["phase"] == "play":
                for t in v["auction"]:           # the auction names every tile on its hex
                    if t["season"] != "turn_order":
                        assert t["name"] in shown or t["name"].replace("{n}", str(t["num"])) \
                            in shown, (key, t["name"])
                        assert all(lines for label, _, lines, _ in spy.plates
                                   if label == t["name"]), (key, t["name"])
            if kind in ("board", "map"):
                # players: each name (or its start, shortened) with the seat's letter badge
                for seat in v["seats"]:
                    name = NAMES[seat]
                    assert any(s_ == name or (s_.endswith("…") and name.startswith(s_[:-1])
                                              and len(s_) > 2) for s_ in spy.drawn), (key, seat)
                    assert seat in spy.drawn                    # the badge's letter
                    assert f"{name}: " in r.alt
                assert not any(f"{seat}: " in r.alt for seat in v["seats"])
            if key in SHOTS and kind in ("board", "hand_A"):
                _save(r, key if kind == "board" else f"{key}_{kind}")
                saved.add(key)
            spy.clear()
    assert saved == set(SHOTS)


@lru_cache(maxsize=None)
def _village_sizes() -> tuple[float, ...]:
    """The hex sizes of the village the posted board draws large, in the real games."""
    return tuple(R._close_layout(v, tr, R.CLOSE, True).s
                 for v in (_named(E.view(st, None)) for st in games().values())
                 if not v["finished"])


def _shown(lines: list[str]) -> str:
    """The name the lines show, a word broken at a hyphenation point joined again."""
    return re.sub(r"- \n?", "", " ".join(lines)) if any(ln.endswith("-") for ln in lines) \
        else " ".join(lines)


@pytest.mark.parametrize("lang", ["en", "el", "hu"])
@pytest.mark.parametrize("tid", sorted(TILES))
def test_every_tile_name_fits_whole_at_every_size(tid, lang):
    """Auction cards (1 to 18 tiles, close-up and full map), the private screen, and the
    smallest hex of the village the posted board draws large in the real games, in every
    language: at the readable size or more, on up to three lines, a long word broken at one
    of its language's hyphenation points, never cut; in English on two lines of whole words.
    (The full map's villages may be smaller: a name that does not fit there is numbered and
    written beside its village, see the test of the real games.)"""
    tr_ = translator(lang)
    name = R._tile_name(tr_, {"name": TILES[tid]["name"], "num": TILES[tid].get("num")})
    sizes = []
    for st in (R.CLOSE, R.FULL):
        inner = st.width - 2 * st.margin
        sizes += [(R._card_layout(list(range(n)), inner, st)[3], st.name) for n in range(1, 19)]
    sizes.append((R.HAND_HEX, 22))
    smallest = min(_village_sizes()) - 1
    assert smallest >= R.VILLAGE_MIN - 1
    village = (smallest, R._village_name_size(smallest))
    for s, size in sizes + [village]:
        lines, sz = R.name_lines(name, s, size, lang)
        assert lines and _shown(lines) == name and len(lines) <= 3 and sz >= R.SMALL, \
            (name, s, lines)
        if lang == "en":
            assert len(lines) <= 2 and not lines[0].endswith("-"), (name, s, lines)
        half = len(lines) * (sz + 4) / 2 + 3     # the plate stays inside the hex
        for ln in lines:
            assert R.text_width(ln, sz, True) + 2 * R.PLATE_PAD <= 2 * (s - half / R.SQRT3), \
                (name, s, ln)


def test_a_long_word_breaks_at_a_hyphenation_point_of_its_language():
    lines, _ = R.name_lines("Φαρμακοποιός", 70, 21, "el")
    assert lines == ["Φαρμακο-", "ποιός"] or lines == ["Φαρμα-", "κοποιός"], lines
    # with no hyphenation point that fits, the name is not shortened: it gets a number
    assert R.name_lines("Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 70, 21, "en")[0] is None


def test_no_road_crosses_a_tile_name():
    """Without The Farmers every road runs to the tile's centre: the name's plate covers
    them, so no road pixel lies under the name."""
    img = Image.new("RGB", (400, 400), R.PAPER)
    d = ImageDraw.Draw(img)
    tile = {"id": "home1", "name": "Home {n}", "num": 1, "season": "home", "edges": "RRRRRR"}
    box = R._draw_hex_tile(d, tr, tile, 200, 200, 80, farmers=False, name_size=21)
    x0, y0, x1, y1 = (round(v) for v in box)
    road = [img.getpixel((x, y)) == R.ROAD for x in range(x0 + 1, x1 - 1)
            for y in range(y0 + 1, y1 - 1)]
    assert not any(road)
    # the roads are there, right up to the plate
    assert img.getpixel((200, y0 - 4)) == R.ROAD and img.getpixel((200, y1 + 4)) == R.ROAD


def test_the_posted_board_is_legible_at_discords_width(monkeypatch):
    """The posted board is 1000 px wide: scaled to Discord's 616 px the auction's tile names
    and the acting player's are at least 11 px high (18 px drawn, most at 22)."""
    spy = Spy(monkeypatch)
    for key, st in games().items():
        if st["phase"] != "play":
            continue
        v = _named(E.view(st, None))
        r = R.render_board(v, tr)
        assert r.width == 1000
        scale = PREVIEW / r.width
        auction = {t["name"] for t in v["auction"]}
        focus = R._focus(v)
        village = {R._tile_name(tr, t) for t in v["players"][focus]["village"]}
        for label, s, lines, size in spy.plates:
            if label in auction or label in village:
                assert lines and size * scale >= C.DISPLAY_MIN_TEXT, (key, label, size)
        spy.clear()


def test_names_shorten_but_never_push_out_the_counts(monkeypatch):
    """A 60-character name in every seat: shortened on the cards and the rows, the board
    keeps its size and the counts beside the names are still drawn."""
    spy = Spy(monkeypatch)
    st = games()["4p_turnplay1"] if "4p_turnplay1" in games() else games()["4p_end"]
    v = E.view(st, None)
    v["names"] = {s: "W" * 60 for s in v["seats"]}
    r = R.render_board(v, tr)
    assert r.width == 1000 and r.height <= 3000
    assert any(s_.startswith("WWW") and s_.endswith("…") for s_ in spy.drawn)
    assert any(s_.startswith("×") for s_ in spy.drawn)
    assert any("tiles" in s_ and "winter tile" in s_ for s_ in spy.drawn)
