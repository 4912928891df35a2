"""Hostile text (question packs, player names) costs the renderers no more than normal text:
no string longer than a line's worth of characters is ever measured or drawn, every string is
drawn on one line, images keep their normal size and alt texts stay within Discord's limit.
``fit`` and ``wrap`` give the same lines as before for normal text."""
from __future__ import annotations

import ast
import io
import itertools
import json
import random
import unicodedata
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

import engines
import render
from core.i18n import translator
from render import common as C

tr = translator("en")
ROOT = Path(__file__).resolve().parents[2]

HUGE = ("lorem ipsum dolor sit amet " * 600)[:16000]     # a 16,000-character text
WORD = "x" * 900_000                                     # a 900,000-character word
HOSTILE = [HUGE, WORD, "Ann\n" * 1250, "e" + "\u0301" * 4999, "W\t\x00" * 1666]
# seats named with 5,000 characters: words, one word, newlines, combining accents
NAMES = ["Ann " * 1250, "B" * 5000, "Cyd\n" * 1250, "D" + "\u0301" * 4999]
TEXT_KEYS = {"name", "text", "question", "answer", "info", "distillery_name", "position_name",
             "character_name", "ability", "effect", "face_help", "prompt", "status", "tiebreak"}
LONGEST = C.room(C.MAX_PX, C.MIN_TEXT)       # 572 characters: 2000 px of 14 px text


# ----------------------------------------------------------------------------- the spy
# (class, method, index of the text among the positional arguments after self)
MEASURED = [(ImageFont.FreeTypeFont, "getbbox", 0), (ImageFont.FreeTypeFont, "getlength", 0),
            (ImageFont.FreeTypeFont, "getmask2", 0), (ImageFont.FreeTypeFont, "getmask", 0),
            (ImageDraw.ImageDraw, "text", 1), (ImageDraw.ImageDraw, "textbbox", 1),
            (ImageDraw.ImageDraw, "textlength", 0)]


@pytest.fixture
def measured(monkeypatch) -> list[str]:
    """Every string that Pillow measures or draws from now on."""
    seen: list[str] = []
    C._width.cache_clear()          # widths measured by earlier tests would not be measured again
    for cls, name, i in MEASURED:
        def spy(self, *args, _orig=getattr(cls, name), _i=i, **kwargs):
            s = kwargs["text"] if "text" in kwargs else args[_i]
            seen.append(s if isinstance(s, str) else s.decode("latin-1"))
            return _orig(self, *args, **kwargs)
        monkeypatch.setattr(cls, name, spy)
    return seen


def _check(r, seen):
    assert r.png.startswith(b"\x89PNG")
    img = Image.open(io.BytesIO(r.png))
    assert (img.width, img.height) == (r.width, r.height)
    assert 1000 <= img.width <= C.MAX_PX and img.height <= 3000
    assert len(r.alt) <= C.ALT_MAX
    assert seen, "nothing was measured: the spy is not in place"
    assert max(map(len, seen)) <= LONGEST
    assert not any("\n" in s for s in seen)         # one line each, never multiline text
    assert max(map(_accents, seen)) <= 3            # no column of stacked accents


def _accents(s: str) -> int:
    """The most combining marks on one letter of s."""
    most = run = 0
    for c in s:
        run = run + 1 if unicodedata.combining(c) else 0
        most = max(most, run)
    return most


# ----------------------------------------------------------------------------- hostile views
def _play(game: str, until, names=NAMES, seed=3, limit=400):
    """A game of AI players (with hostile names), up to the first state where until(state)
    holds (after a few moves)."""
    E, AI = engines.get(game), engines.ai(game)
    s = E.new(names, seed=seed)
    rng = random.Random(seed)
    for step in range(limit):
        if E.outcome(s) is not None or (step > 20 and until(s)):
            break
        seat = E.to_act(s)[0]
        E.apply(s, seat, AI.choose(E, s, seat, rng))
    return E, s


def _hostile(view, texts=None):
    """The view with every text field (names, question texts, options, effects…) replaced by
    hostile texts in turn."""
    texts = texts if texts is not None else itertools.cycle(HOSTILE)
    if isinstance(view, list):
        return [_hostile(x, texts) for x in view]
    if not isinstance(view, dict):
        return view
    return {k: next(texts) if k in TEXT_KEYS and (isinstance(v, str) or
                                                   isinstance(v, dict) and "msg" in v)
            else _hostile(v, texts) for k, v in view.items()}


def _whisky(seat):
    E, s = _play("whisky", lambda s: bool(s.get("question")))
    v = _hostile(E.view(s, seat))
    q = v["question"]
    q["question"], q["options"][0]["text"], q["options"][1]["text"] = HUGE, WORD, HUGE
    v["last_question"] = {"seat": NAMES[1], "question": HUGE, "answer": HUGE, "info": WORD,
                          "result": "wrong", "options": [HUGE, WORD]}
    if seat:
        v["hand"] = ["faker", WORD, HUGE]
    return v


def _libertalia(seat):
    E, s = _play("libertalia", lambda s: bool(s.get("pending")))
    v = _hostile(E.view(s, seat))
    v["status"] = HUGE
    return v


def _glen_more(seat):
    E, s = _play("glen_more", lambda s: (s.get("turn") or {}).get("step") == "place")
    v = _hostile(E.view(s, seat))
    if seat:
        v["secret_scores"] = True
        v["players"][seat].update(score=5, score_parts={HUGE: 3, WORD: 2})
    return v


def _keyflower(seat):
    E, s = _play("keyflower", lambda s: s.get("passes", 0) >= 1)
    v = _hostile(E.view(s, seat))
    if seat:
        v["private"]["winter_hand"] = list(v["private"].get("winter_hand") or []) + [WORD]
    return v


VIEWS = {"whisky": _whisky, "libertalia": _libertalia, "glen_more": _glen_more,
         "keyflower": _keyflower}


@pytest.mark.parametrize("game", list(VIEWS))
def test_hostile_texts_on_the_board(game, measured):
    view = VIEWS[game](None)
    r = render.board(game, view, tr)
    _check(r, measured)


@pytest.mark.parametrize("game", list(VIEWS))
def test_hostile_texts_on_the_private_image(game, measured):
    view = VIEWS[game](NAMES[0])
    r = render.private(game, view, tr)
    assert r is not None
    _check(r, measured)


def test_a_huge_answer_of_the_last_whisky_question_is_cut_before_it_is_measured(measured):
    """The audit's case: a 16,000-character answer took minutes to fit."""
    E, s = _play("whisky", lambda s: bool(s.get("question")))
    v = E.view(s, None)
    v["question"] = None
    v["last_question"] = dict(v.get("last_question") or {}, seat="Ann", result="wrong",
                              question="Which is the oldest distillery?", answer=HUGE)
    r = render.board("whisky", v, tr)
    _check(r, measured)
    assert len(measured) < 5000


def test_the_question_box_keeps_its_size():
    """A huge question and huge options take no more lines than a real question could."""
    from render import whisky as W
    v = _whisky(None)
    lines = W._question_lines(v, tr, W.PANEL_W - 32)
    assert len(lines) <= 2 + 8 + 4 * 3 + 1
    assert all(C.text_width(s, size, bold) <= W.PANEL_W - 32 for s, size, bold, _ in lines)


def test_summary_image_and_bar_chart(measured):
    view = {"title": HUGE, "seats": NAMES,
            "players": {n: {"name": WORD, "note": HUGE, "n": 3} for n in NAMES}}
    _check(render.summary_image(view, tr), measured)
    _check(C.bar_chart(HUGE, [(name, i, 10 * i) for i, name in enumerate(NAMES)]), measured)


# ----------------------------------------------------------------------------- fit and wrap
def _old_fit(s, width, size=20, bold=False):
    """fit as it was: one character less per measurement."""
    if C.text_width(s, size, bold) <= width:
        return s
    while s and C.text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s + "…"


def _old_wrap(s, width, size=20, bold=False):
    """wrap as it was: a word wider than a line was left whole on a line of its own."""
    words, lines, cur = s.split(), [], ""
    for w in words:
        cand = f"{cur} {w}".strip()
        if C.text_width(cand, size, bold) <= width or not cur:
            cur = cand
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def _corpus() -> list[str]:
    """Real texts: every one-line string of the renderers (labels), the Whisky questions and
    options, and some Greek and Hungarian."""
    labels = [n.value for f in sorted((ROOT / "render").rglob("*.py"))
              for n in ast.walk(ast.parse(f.read_text("utf-8")))
              if isinstance(n, ast.Constant) and isinstance(n.value, str)
              and n.value.isprintable()]
    qs = [json.loads(line) for line in (ROOT / "engines" / "whisky" / "questions" / "en.jsonl")
          .read_text("utf-8").splitlines() if line.strip()]
    texts = [q["question"] for q in qs] + [o for q in qs for o in q["options"]]
    texts += [q["info"] for q in qs[::5]]
    texts += ["Καμπάνια 2 από 3 — ημέρα 4 από 6", "Ο Άννα παίζει τις κόκκινες κάρτες",
              "Kampány: 2/3 — 4. nap a 6-ból", "Árvíztűrő tükörfúrógép és a felvidéki pálinka",
              "Apothecary", "Craftsman's guild", "Butcher (sheep+cattle)", "", " ", "a  b  c"]
    return labels + texts


WIDTHS = [(35, 14, True), (96, 15, True), (126, 16, True), (200, 17, False), (260, 22, False),
          (560, 22, True), (668, 18, False), (880, 19, False)]


def test_fit_gives_the_same_as_before_for_normal_text_or_cuts_it_between_words():
    """What fits is unchanged; what does not is cut where the old cut was or before it, at
    the end of a word (or inside the first word when that alone is too wide); a name is cut
    where the old cut was."""
    for k, s in enumerate(_corpus()):
        width, size, bold = WIDTHS[k % len(WIDTHS)]
        old, new = _old_fit(s, width, size, bold), C.fit(s, width, size, bold)
        assert C.fit(s, width, size, bold, name=True) == old, (s, width)
        if not old.endswith("…") or old == s:
            assert new == old, (s, width)
            continue
        kept = new[:-1]
        assert new.endswith("…") and old.startswith(kept) and C.text_width(new, size, bold) <= width
        between_words = not s[len(kept):len(kept) + 1].isalnum()
        inside_the_first_word = kept == old[:-1] and " " not in kept
        assert between_words or inside_the_first_word, (s, width, new)


def test_wrap_gives_the_same_lines_as_before_for_normal_text():
    """The same lines; a word wider than a line, which callers used to fit(), now comes
    already fitted."""
    for k, s in enumerate(_corpus()):
        width, size, bold = WIDTHS[k % len(WIDTHS)]
        old = [C.fit(line, width, size, bold) for line in _old_wrap(s, width, size, bold)]
        new = C.wrap(s, width, size, bold)
        if len(old) <= C.MAX_LINES:
            assert new == old, (s, width)
        else:       # at most MAX_LINES lines now, the last one saying that text was cut
            assert new[:-1] == old[:C.MAX_LINES - 1] and new[-1].endswith("…"), (s, width)


@pytest.mark.parametrize("s", HOSTILE + NAMES)
def test_fit_measures_a_bounded_prefix_a_logarithmic_number_of_times(s, measured):
    out = C.fit(s, 300, 16)
    assert out.endswith("…") and C.text_width(out, 16) <= 300
    assert max(map(len, measured)) <= C.room(300, 16) + 1
    assert len(measured) <= 3 + C.room(300, 16).bit_length()
    assert "\n" not in out and "\t" not in out


@pytest.mark.parametrize("s", HOSTILE + NAMES)
def test_wrap_bounds_its_lines_and_what_it_measures(s, measured):
    lines = C.wrap(s, 300, 16)
    assert 1 <= len(lines) <= C.MAX_LINES
    assert all(C.text_width(line, 16) <= 300 and "\n" not in line for line in lines)
    assert max(map(len, measured)) <= C.room(300, 16) + 1
    assert len(measured) < 2000
    short = C.wrap(s, 300, 16, max_lines=3)
    assert len(short) <= 3
    if len(lines) > 3:
        assert short[:2] == lines[:2] and short[2].endswith("…")


def test_wrap_of_a_long_text_says_that_it_was_cut():
    lines = C.wrap(HUGE, 400, 18, max_lines=4)
    assert len(lines) == 4 and lines[-1].endswith("…")
    assert C.wrap(HUGE, 400, 18)[:3] == lines[:3]
    assert C.wrap("one two three", 400, 18, max_lines=1) == ["one two three"]


def test_text_draws_one_line_cut_at_the_image_width(measured):
    img = Image.new("RGB", (1000, 100))
    d = ImageDraw.Draw(img)
    box = C.text(d, (10, 10), WORD, size=14)
    assert box[2] > 1000                               # still runs off the image
    assert max(map(len, measured)) <= C.room(1000, 14)
    C.text(d, (500, 50), "a\nb", size=14, anchor="mb")  # no multiline anchor error
    assert C.text_width(WORD, 14) > C.MAX_PX
    assert C.text(d, (10, 10), "Ann", 20) == d.textbbox((10, 10), "Ann", font=C.font(20))


def test_clip():
    assert C.clip("Ann", 10) == "Ann"
    assert C.clip("a\nb\tc", 10) == "a b c"
    assert C.clip(WORD, 10) == "x" * 9 + "…"
    assert len(C.clip(HUGE, 400)) == 400


def test_a_huge_question_leaves_room_in_the_alt_text_for_every_seat():
    names = ["Ann", "Bob", "Cyd", "Dee"]
    E, s = _play("whisky", lambda s: bool(s.get("question")), names)
    v = E.view(s, None)
    q = v["question"]
    q["question"], q["options"][0]["text"], q["options"][1]["text"] = HUGE, WORD, HUGE
    r = render.board("whisky", v, tr)
    assert "Question for" in r.alt and len(r.alt) <= C.ALT_MAX
    assert all(f"{name} (" in r.alt for name in names)
