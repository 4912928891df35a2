"""The one translation helper. Every text a user sees passes through ``tr``.

Messages are English message ids with {named} placeholders, in gettext catalogs managed with
Babel: ``locales/tablemaster.pot`` is the template extracted from the sources, and a
language is ``locales/<lang>/LC_MESSAGES/tablemaster.po`` (Poedit, Weblate and friends edit
it). The .po files are compiled to gettext's binary form when first used, so a new
language is one .po file and nothing else.

Counted messages carry their English plural and take the form the language's plural rules
give for ``n`` (ngettext); a message with a context is told apart from the same English
words in another sense (pgettext). Seats are letters inside the engines: when a table's
names are known, ``tr(..., seat_names=...)`` shows the players' names in their place.

The catalogs are written by ``scripts/catalogs.py`` (``python -m scripts.catalogs extract``).
"""
from __future__ import annotations

import gettext
import io
import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping

from engines.base import Text

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
DOMAIN = "tablemaster"
DEFAULT = "en"
# Parameters of engine texts that hold a seat letter (or a list of them): shown as names.
SEAT_PARAMS = frozenset({"player", "players", "seat", "seats", "owner", "victim", "victim_seat",
                         "winners", "who_seat", "next", "leader"})
# Parameters of engine texts that hold a text we do not write (a question pack's question,
# answer option and fact): like the players' names, passed through a translator's ``escape``
# (markdown escaping, for the texts of Discord messages and embeds).
FREE_TEXT_PARAMS = frozenset({"question", "answer", "info", "text"})
# Functions whose first literal string argument is a message id (public/private: the first
# string literal among the first two arguments). ``t`` is a translator bound to a locale.
MARKERS = {"T", "Text", "IllegalAction", "ServiceError", "QuestionError", "public", "private", "tr",
           "t", "_", "N_"}
_extra: dict[str, gettext.NullTranslations] = {}     # languages registered in memory (tests)


#: each language by its own name
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "hu": "Magyar"}


def po_path(lang: str, root: Path | None = None) -> Path:
    return (root or LOCALES) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def available() -> list[str]:
    """Languages with a catalog, English first."""
    found = sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return [DEFAULT] + [lang for lang in found + sorted(_extra) if lang != DEFAULT]


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of a language (its .po compiled to .mo in memory)."""
    if lang in _extra:
        return _extra[lang]
    path = po_path(lang)
    if lang == DEFAULT or not path.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def register(lang: str, trans: gettext.NullTranslations) -> None:
    """Make a language available from memory (a pseudo-locale in tests)."""
    _extra[lang] = trans
    translations.cache_clear()


def unregister(lang: str) -> None:
    _extra.pop(lang, None)
    translations.cache_clear()


def language(locale: str | None) -> str:
    """Discord locales look like 'en-US', 'el', 'hu': the language part when a catalog
    exists for it, else English."""
    if not locale:
        return DEFAULT
    lang = str(locale).split("-")[0].lower()
    return lang if lang == DEFAULT or lang in _extra or po_path(lang).exists() else DEFAULT


def player_language(locale: str | None, table_lang: str) -> str:
    """A player's language at a table: their own Discord locale when a catalog exists for
    it (English included), else the table's language."""
    lang = language(locale)
    if lang != DEFAULT or str(locale or "").lower().startswith(DEFAULT):
        return lang
    return table_lang


class _SafeDict(dict):
    def __missing__(self, key):  # a missing parameter shows as {name}, never crashes a post
        return "{" + key + "}"


def template(text: Text, lang: str) -> str:
    """The translated template of a Text, in the plural form its ``n`` asks for."""
    t = translations(lang)
    if text.plural is not None:
        n = text.params.get("n", 1)
        n = n if isinstance(n, int) else 1
        if text.context:
            return t.npgettext(text.context, text.msg, text.plural, n)
        return t.ngettext(text.msg, text.plural, n)
    if text.context:
        return t.pgettext(text.context, text.msg)
    return t.gettext(text.msg)


def tr(message: Text | str, locale: str | None = None, *,
       seat_names: Mapping[str, str] | None = None,
       escape: Callable[[str], str] | None = None, **params: Any) -> str:
    """Translate and format a message (a ``Text``, or a message id with params). ``escape``
    is applied to the texts we do not write (``FREE_TEXT_PARAMS``); ``seat_names`` are
    shown as given."""
    lang = language(locale)
    if not isinstance(message, Text):
        message = Text(message, params)
        params = {}
    if params:
        message = Text(message.msg, {**message.params, **params}, message.plural, message.context)
    tmpl = template(message, lang)
    if not message.params:
        return tmpl
    values = {k: _value(v, lang, seat_names if k in SEAT_PARAMS else None, seat_names,
                        escape if k in FREE_TEXT_PARAMS else None, escape)
              for k, v in message.params.items()}
    return string.Formatter().vformat(_one_period(tmpl, values), (), _SafeDict(values))


def _one_period(tmpl: str, values: Mapping[str, str]) -> str:
    """A name that ends with its own period ("Tullamore D.E.W.", "St.") put before the
    sentence's period: the sentence's goes ("… Tullamore D.E.W.", never "D.E.W..")."""
    for k, v in values.items():
        if v.endswith(".") and not v.endswith("..") and "{" + k + "}." in tmpl:
            tmpl = re.sub(r"\{" + re.escape(k) + r"\}\.(?!\.)", "{" + k + "}", tmpl)
    return tmpl


def _value(v: Any, lang: str, seats: Mapping[str, str] | None, names: Mapping[str, str] | None,
           own: Callable[[str], str] | None = None, escape: Callable[[str], str] | None = None) -> str:
    if isinstance(v, Text):
        return tr(v, lang, seat_names=names, escape=escape)
    if isinstance(v, (list, tuple)):
        return ", ".join(_value(x, lang, seats, names, own, escape) for x in v)
    if seats is not None and isinstance(v, str) and v in seats:
        return seats[v]
    if own is not None and isinstance(v, str):
        return own(v)
    return str(v)


def translator(locale: str | None, seat_names: Mapping[str, str] | None = None,
               escape: Callable[[str], str] | None = None) -> Callable[..., str]:
    """``tr`` bound to a locale (and a table's seat names), for renderers and views.
    ``escape`` (markdown escaping, for a message's text) is applied to the players' names
    and to the texts we do not write (``FREE_TEXT_PARAMS``); images and buttons take none."""
    if escape is not None and seat_names:
        seat_names = {seat: escape(name) for seat, name in seat_names.items()}

    def _t(message: Text | str, **params: Any) -> str:
        return tr(message, locale, seat_names=seat_names, escape=escape, **params)
    _t.locale = language(locale)      # renderers break long words by its rules
    return _t
