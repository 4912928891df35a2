"""The Greek and Hungarian catalogs are complete and sound: every message translated, the
same placeholders as the English, the language's plural forms, and every name the glossary
fixes (a tile, a card, a character) translated as the glossary says."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.messages.plurals import get_plural

from core import i18n
from scripts import catalogs

LANGS = ("el", "hu")
GLOSSARY = i18n.LOCALES / "GLOSSARY.md"


def catalog(lang):
    with i18n.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    done, total = catalogs.coverage(lang)
    translated = {x.id if isinstance(x.id, str) else x.id[0] for x in catalog(lang) if x.string}
    missing = [m.id for m in catalogs.template_catalog() if m.id and
               (m.id if isinstance(m.id, str) else m.id[0]) not in translated]
    assert done == total, f"{total - done} untranslated in {lang}, e.g. {missing[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_and_plural_forms(lang):
    cat = catalog(lang)
    rule = get_plural(lang)
    assert cat.num_plurals == rule.num_plurals and cat.plural_expr == rule.plural_expr
    problems = []
    for m in cat:
        if not m.id or not m.string or not all(m.string if isinstance(m.string, tuple) else [m.string]):
            continue                          # untranslated: the first test reports it
        english = [m.id] if isinstance(m.id, str) else list(m.id)
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        if isinstance(m.id, (list, tuple)) and len(forms) != cat.num_plurals:
            problems.append((m.id, "forms"))
        allowed = set().union(*map(fields, english))
        for form in forms:
            if fields(form) - allowed or (fields(english[0]) - {"n"}) - fields(form):
                problems.append((m.id, form))
    assert not problems, problems[:5]


def glossary_terms() -> list[tuple[str, str, str]]:
    """(English, Greek, Hungarian) rows of the glossary's tables."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 4 and cells[0] not in ("English", "---"):
            if not set(cells[0]) <= set("-"):
                rows.append((cells[0], cells[1], cells[2]))
    return rows


def alternatives(cell: str) -> set[str]:
    """A glossary cell's accepted forms: "a / b", notes in parentheses dropped."""
    out = set()
    for part in re.split(r"\s+/\s+|;\s*", cell):
        part = re.sub(r"\s*\([^)]*\)", "", part).strip().strip("*`").strip()
        if part:
            out.add(part.casefold())
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_names_follow_the_glossary(lang):
    """A catalog message that is exactly a glossary term (a name: tile, card, character,
    field) is translated as the glossary says."""
    cat = catalog(lang)
    column = 1 if lang == "el" else 2
    by_id = {m.id: m.string for m in cat if isinstance(m.id, str) and m.string and not m.context}
    checked, wrong = 0, []
    for row in glossary_terms():
        english = re.sub(r"\s*\([^)]*\)", "", row[0]).strip()
        if english not in by_id or "{" in english:
            continue
        checked += 1
        if by_id[english].casefold() not in alternatives(row[column]):
            wrong.append((english, by_id[english], row[column]))
    assert checked > 100, checked           # the names of the four games are covered
    assert not wrong, wrong[:10]
