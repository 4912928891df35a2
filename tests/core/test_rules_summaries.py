"""The `/table rules` summaries (locales/rules/<lang>/<game>.md): one per game in English, Greek
and Hungarian, each short enough for one Discord message and really in its language."""
import re

import pytest

import engines
from core.i18n import LOCALES

RULES = LOCALES / "rules"
LANGUAGES = ("en", "el", "hu")
LIMIT = 1900                                   # characters per message, as /table rules sends them

GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
HUNGARIAN_ACCENTS = set("áéíóöőúüűÁÉÍÓÖŐÚÜŰ")
HUNGARIAN_ONLY = set("őűŐŰ")                   # the double acute: Hungarian and nothing else


def summary(lang: str, game: str) -> str:
    path = RULES / lang / f"{game}.md"
    assert path.is_file(), f"missing rules summary {path.relative_to(LOCALES.parent)}"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", engines.GAMES)
def test_every_game_has_a_summary_that_fits_one_message(game, lang):
    text = summary(lang, game)
    assert text.strip(), f"{lang}/{game}.md is empty"
    assert len(text) <= LIMIT, f"{lang}/{game}.md has {len(text)} characters (at most {LIMIT})"


@pytest.mark.parametrize("lang", ("el", "hu"))
@pytest.mark.parametrize("game", engines.GAMES)
def test_translations_are_not_the_english_text(game, lang):
    assert summary(lang, game).strip() != summary("en", game).strip()


@pytest.mark.parametrize("game", engines.GAMES)
def test_greek_summaries_are_written_in_greek(game):
    text = summary("el", game)
    assert len(GREEK.findall(text)) > len(text) // 3, f"el/{game}.md has too few Greek letters"


@pytest.mark.parametrize("game", engines.GAMES)
def test_hungarian_summaries_have_hungarian_accents(game):
    letters = set(summary("hu", game))
    assert letters & HUNGARIAN_ACCENTS, f"hu/{game}.md has no accented letters"
    assert letters & HUNGARIAN_ONLY, f"hu/{game}.md has no ő or ű"


def test_no_summary_for_an_unknown_game():
    for lang in LANGUAGES:
        extra = {p.stem for p in (RULES / lang).glob("*.md")} - set(engines.GAMES)
        assert not extra, f"{lang}: summaries for unknown games {sorted(extra)}"
