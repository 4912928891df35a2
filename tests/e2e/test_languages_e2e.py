"""Whole games in Greek and Hungarian through the stand-in, with players of mixed languages:
the table's posts in its language, each player's panels and DMs in theirs, and not one text
that falls back to an English message id. A pseudo-language that marks every translated
string proves that nothing a player sees bypasses the catalogs."""
from __future__ import annotations

import gettext
import random
import re

import pytest

import render.common
from render.pool import Renderer
from core import i18n
from tests.e2e.harness import (Player, ai_like, is_results, open_table, play_until,
                               start_bot_inprocess, stop_bot_inprocess)

pytestmark = pytest.mark.e2e

GAMES = {"libertalia": ("libertalia new", {}), "glen_more": ("glenmore new", {}),
         "whisky": ("whisky new", {"victory_points": 15}), "keyflower": ("keyflower new", {})}
PLAYERS = {"anna": "el", "bruno": "hu", "chloe": "en-US"}


@pytest.fixture
def untranslated(monkeypatch):
    """Every message looked up in Greek or Hungarian that the catalog does not have."""
    misses: set[tuple[str, str]] = set()
    real = i18n.template

    def template(text, lang):
        out = real(text, lang)
        if lang in ("el", "hu"):
            cat = getattr(i18n.translations(lang), "_catalog", {})
            key = (f"{text.context}\x04{text.msg}" if text.context else text.msg)
            if (key if text.plural is None else (key, 0)) not in cat:
                misses.add((lang, text.msg))
        return out
    monkeypatch.setattr(i18n, "template", template)
    return misses


async def play_in(sb, tmp_path, game: str, lang: str, seed: int, locales=PLAYERS,
                  draw_here: bool = False):
    """A whole game; ``draw_here`` renders in this process (a language registered in
    memory does not exist in the render workers)."""
    for user, locale in locales.items():
        sb.user(user).locale = locale
    bot, task, store = await start_bot_inprocess(tmp_path / f"{game}-{lang}.db", games=(game,))
    if draw_here:
        bot.controller.renderer.close()
        bot.controller.renderer = Renderer(processes=0)
    try:
        command, options = GAMES[game]
        settle = bot.controller.idle
        lobby, thread = await open_table(sb, settle, humans=tuple(PLAYERS), ai=1, command=command,
                                         language=lang, **options)
        players = [Player(sb, u) for u in PLAYERS]
        rng = random.Random(seed)
        await play_until(sb, settle, thread, players,
                         lambda: any(is_results(m) for m in sb.messages(thread)), rng,
                         max_rounds=50000, chooser=lambda user: ai_like(bot, sb, user, rng))
        await settle()
        return bot, thread
    finally:
        await stop_bot_inprocess(bot, task, store)


# Every game in both languages; CI plays each game in one of them (its Greek and Hungarian
# players see their own language in the DMs either way), `pytest -m slow` the other four.
@pytest.mark.parametrize("game,lang", [
    ("libertalia", "el"), ("glen_more", "hu"), ("whisky", "el"), ("keyflower", "hu"),
    *(pytest.param(g, lang, marks=pytest.mark.slow)
      for g, lang in (("libertalia", "hu"), ("glen_more", "el"), ("whisky", "hu"), ("keyflower", "el")))])
async def test_a_whole_game_in_the_table_language(sb, tmp_path, untranslated, game, lang):
    bot, thread = await play_in(sb, tmp_path, game, lang, seed=11)
    assert not untranslated, sorted(untranslated)[:20]
    # the table's posts are in its language: its results title is translated
    results = next(m for m in sb.messages(thread) if is_results(m))
    assert results.embeds[0]["title"] != i18n.tr("{game} #{id} — final result", "en", game="x", id=1)


class Pseudo(gettext.NullTranslations):
    """Every translated text between ⟦ and ⟧ (placeholders and plurals kept)."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context, message):
        return f"⟦{message}⟧"

    def npgettext(self, context, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"


def outside_marks(text: str) -> str:
    depth, out = 0, []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


async def test_nothing_a_player_sees_bypasses_the_catalogs(sb, tmp_path, monkeypatch):
    i18n.register("qps", Pseudo())
    drawn: list[str] = []
    translated: list[str] = []          # every text the catalogs gave (a drawn line may be a
    real_tr = i18n.tr                   # piece of one, cut by wrapping or fitting)

    def tr(*a, **kw):
        out = real_tr(*a, **kw)
        translated.append(out)
        return out
    monkeypatch.setattr(i18n, "tr", tr)
    real_text = render.common.text

    def text(draw, xy, s, *a, **kw):
        drawn.append(str(s))
        return real_text(draw, xy, s, *a, **kw)
    monkeypatch.setattr(render.common, "text", text)
    for mod in ("libertalia", "glen_more", "whisky", "keyflower"):
        monkeypatch.setattr(f"render.{mod}.text", text, raising=False)
    try:
        bot, thread = await play_in(sb, tmp_path, "libertalia", "qps", seed=3,
                                    locales={u: "qps" for u in PLAYERS}, draw_here=True)
    finally:
        i18n.unregister("qps")
    names = {"Anna", "Bruno", "Chloe", "AI", "Libertalia"}
    seen = []
    for m in [*sb.messages(thread), *(m for u in PLAYERS for m in sb.dms(u)),
              *(m for u in PLAYERS for m in sb.ephemerals(u))]:
        seen.append(m.content)
        for e in m.embeds or []:
            seen += [e.get("title") or "", e.get("description") or "",
                     (e.get("footer") or {}).get("text") or ""]
            seen += [f.get("name", "") + " " + f.get("value", "") for f in e.get("fields") or []]
        seen += [c.get("label") or "" for c in m.interactive()]
        seen += [o.get("label") or "" for c in m.interactive() for o in c.get("options") or []]
        seen += [a.description or "" for a in m.attachments]
    everything = "\n".join(translated).replace("⟦", "").replace("⟧", "")
    leaks = set()
    for s in seen + drawn:
        if s in drawn and s.replace("⟦", "").replace("⟧", "").rstrip("…") in everything:
            continue                    # a line of a translated text
        rest = outside_marks(s)
        rest = re.sub(r"<[@#][!&]?\d+>|https?://\S+|\d+|[A-F]\b", " ", rest)
        for word in re.findall(r"[^\W\d_]{2,}", rest):
            if word not in names:
                leaks.add((word, s[:80]))
    assert not leaks, sorted(leaks)[:15]
