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

    python -m core.i18n extract      # rewrite the template and merge it into every .po
"""
from __future__ import annotations

import ast
import gettext
import re
from contextlib import contextmanager
import io
import string
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

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


# --- extraction: the template --------------------------------------------------------------

SOURCE_DIRS = ("engines", "core", "cogs", "render", "bot.py")


def _call_messages(tree: ast.AST) -> Iterator[tuple[str, str | None, str | None, int]]:
    """(message, plural, context, line) of every marker call with a literal message."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _name(node.func) in MARKERS):
            continue
        msg = next((a.value for a in node.args[:2]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)), None)
        if msg is None:
            continue
        kw = {k.arg: k.value.value for k in node.keywords
              if k.arg in ("plural", "context") and isinstance(k.value, ast.Constant)}
        yield msg, kw.get("plural"), kw.get("context"), node.lineno


def extract(root: Path = ROOT) -> list[tuple[str, str | None, str | None, str, int]]:
    """(message, plural, context, file, line) of every literal message id in the sources."""
    found = []
    for entry in SOURCE_DIRS:
        base = root / entry
        files = [base] if base.suffix == ".py" else sorted(base.rglob("*.py"))
        for f in files:
            if not f.exists():
                continue
            tree = ast.parse(f.read_text(encoding="utf-8"))
            rel = f.relative_to(root).as_posix()
            for msg, plural, context, line in _call_messages(tree):
                found.append((msg, plural, context, rel, line))
    return found


# Keys of data-table records whose values are shown to players (names, texts).
DATA_TEXT_KEYS = {"name", "title", "text", "ability", "place", "short", "label", "help"}


def data_strings() -> dict[str, str]:
    """Display texts kept in the games' data tables (tile, card, place names...) and in the
    engines' option lists, each with the module it comes from: they are translated through
    the catalog like any message, so the template lists them too."""
    import importlib
    import engines
    found: dict[str, str] = {}

    def walk(v, where, key=None):
        if isinstance(v, Text):
            found.setdefault(v.msg, where)
        elif isinstance(v, str):
            if key in DATA_TEXT_KEYS and v.strip():
                found.setdefault(v, where)
        elif isinstance(v, dict):
            if v and all(isinstance(x, str) for x in v.values()) and key == "__module__":
                for x in v.values():
                    if x.strip():
                        found.setdefault(x, where)
            for k, x in v.items():
                walk(x, where, k if isinstance(k, str) else None)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x, where, key)
        elif hasattr(v, "__dataclass_fields__"):
            for k in v.__dataclass_fields__:
                walk(getattr(v, k), where, k)

    for game in engines.GAMES:
        try:
            mod = importlib.import_module(f"engines.{game}.data")
        except ModuleNotFoundError:
            continue
        where = f"engines/{game}/data.py"
        for name, value in vars(mod).items():
            if not name.startswith("_") and name.isupper():
                walk(value, where, "__module__")
        engine = engines.get(game)
        found.setdefault(engine.title, f"engines/{game}")
        for spec in engine.options().values():
            for i, part in enumerate(spec[2:5]):
                if i == 2 and isinstance(part, Mapping):      # value labels
                    for x in part.values():
                        found.setdefault(x, f"engines/{game}")
                elif isinstance(part, str) and part:
                    found.setdefault(part, f"engines/{game}")
    return found


def _name(func: ast.AST) -> str:
    """The called name: ``tr(...)`` -> tr, ``self.t(m)(...)`` -> t (a translator made on the spot)."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Call):
        return _name(func.func)
    return ""


def template_catalog():
    """The template (.pot) as a Babel catalog: every message with where it is used."""
    from babel.messages.catalog import Catalog
    cat = Catalog(project="Tablemaster", domain=DOMAIN, charset="utf-8",
                  creation_date=_FIXED_DATE, revision_date=_FIXED_DATE, fuzzy=False)
    for msg, plural, context, path, line in extract():
        mid = (msg, plural) if plural else msg
        existing = cat.get(msg, context=context)
        if existing is not None:
            existing.locations.append((path, line))
        else:
            cat.add(mid, locations=[(path, line)], context=context)
    for msg, where in sorted(data_strings().items()):
        if cat.get(msg) is None:
            cat.add(msg, locations=[(where, 0)])
        else:
            cat.get(msg).locations.append((where, 0))
    from cogs.commands import command_strings     # the slash commands, as they are synced
    for context, msg in command_strings():
        if msg and cat.get(msg, context=context) is None:
            cat.add(msg, locations=[("cogs", 0)], context=context)
    return cat


def _write(cat, path: Path) -> None:
    from babel.messages.pofile import write_po
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=True, include_previous=False, omit_header=False)
    path.write_bytes(buf.getvalue())


def pot_text() -> bytes:
    from babel.messages.pofile import write_po
    buf = io.BytesIO()
    write_po(buf, template_catalog(), width=100, sort_output=True)
    return buf.getvalue()


def write_catalogs() -> list[Path]:
    """Rewrite the template and merge it into every language's catalog (new messages come
    in untranslated, vanished ones are dropped)."""
    with _catalog_lock():
        return _write_catalogs()


def _write_catalogs() -> list[Path]:
    from babel.messages.pofile import read_po
    pot = LOCALES / f"{DOMAIN}.pot"
    pot.parent.mkdir(parents=True, exist_ok=True)
    pot.write_bytes(pot_text())
    out = [pot]
    tmpl = template_catalog()
    for lang in available()[1:]:
        path = po_path(lang)
        if not path.exists():
            continue
        with path.open("rb") as f:
            cat = read_po(f, locale=lang, domain=DOMAIN)
        cat.update(tmpl, no_fuzzy_matching=True)
        cat.obsolete.clear()
        _write(cat, path)
        out.append(path)
    translations.cache_clear()
    return out


# --- translators' tools ------------------------------------------------------------------

GAMES_DIRS = ("libertalia", "glen_more", "whisky", "keyflower")


def domain_of(locations) -> str:
    """Which part of the project a message belongs to: a game's name, or "platform"."""
    found = set()
    for path, _ in locations:
        for game in GAMES_DIRS:
            if f"/{game}/" in f"/{path}/" or path.startswith(f"render/{game}") or path == f"cogs/{game}.py":
                found.add(game)
                break
        else:
            found.add("platform")
    return found.pop() if len(found) == 1 else "platform"


def _placeholders(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _read(lang: str):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="Tablemaster", charset="utf-8",
                       creation_date=_FIXED_DATE, revision_date=_FIXED_DATE, fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _translated(msg) -> bool:
    if isinstance(msg.string, (list, tuple)):
        return all(msg.string) and "fuzzy" not in msg.flags
    return bool(msg.string) and "fuzzy" not in msg.flags


def export(lang: str, domain: str | None = None, only_missing: bool = True) -> list[dict]:
    """The messages of a domain as a list a translator fills in (``translation``: a string,
    or a list of plural forms in the language's order)."""
    cat = _read(lang)
    out = []
    for m in template_catalog():
        if not m.id or (domain and domain_of(m.locations) != domain):
            continue
        have = cat.get(m.id if isinstance(m.id, str) else m.id[0], context=m.context)
        if only_missing and have is not None and _translated(have):
            continue
        plural = isinstance(m.id, (list, tuple))
        out.append({"id": m.id[0] if plural else m.id, "plural": m.id[1] if plural else None,
                    "context": m.context, "where": [p for p, _ in m.locations][:3],
                    "forms": cat.num_plurals if plural else 1,
                    "translation": (have.string if have is not None and _translated(have) else None)})
    return out


@contextmanager
def _catalog_lock():
    """One writer of the catalogs at a time (translators may merge while others extract)."""
    import fcntl
    LOCALES.mkdir(parents=True, exist_ok=True)
    with open(LOCALES / ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def merge(lang: str, entries: list[dict]) -> tuple[int, list[str]]:
    """Put translations into a language's catalog (creating it); refuses any whose
    placeholders differ from the English. Returns (merged, problems)."""
    with _catalog_lock():
        return _merge(lang, entries)


def _merge(lang: str, entries: list[dict]) -> tuple[int, list[str]]:
    cat = _read(lang)
    tmpl = template_catalog()
    merged, problems = 0, []
    for e in entries:
        tr_ = e.get("translation")
        if not tr_:
            continue
        src = tmpl.get(e["id"], context=e.get("context"))
        if src is None:
            problems.append(f"not in the template: {e['id']!r}")
            continue
        english = src.id if isinstance(src.id, (list, tuple)) else [src.id]
        forms = list(tr_) if isinstance(tr_, (list, tuple)) else [tr_]
        if isinstance(src.id, (list, tuple)) and len(forms) != cat.num_plurals:
            problems.append(f"{e['id']!r}: {len(forms)} forms, {lang} has {cat.num_plurals}")
            continue
        want = _placeholders(english[-1]) | _placeholders(english[0])
        bad = [f for f in forms if _placeholders(f) - want or
               (_placeholders(english[0]) - _placeholders(f)) - {"n"}]
        if bad:
            problems.append(f"{e['id']!r}: placeholders differ in {bad[0]!r}")
            continue
        string_ = tuple(forms) if isinstance(src.id, (list, tuple)) else forms[0]
        existing = cat.get(src.id if isinstance(src.id, str) else src.id[0], context=src.context)
        if existing is not None:          # Catalog.add would keep an existing translation
            existing.string = string_
            existing.flags.discard("fuzzy")
        else:
            cat.add(src.id, string_, context=src.context, locations=src.locations)
        merged += 1
    cat.update(tmpl, no_fuzzy_matching=True)
    cat.obsolete.clear()
    _write(cat, po_path(lang))
    translations.cache_clear()
    return merged, problems


def coverage(lang: str) -> tuple[int, int]:
    """(translated, total) messages of the template in a language."""
    cat = _read(lang)
    total = done = 0
    for m in template_catalog():
        if not m.id:
            continue
        total += 1
        have = cat.get(m.id if isinstance(m.id, str) else m.id[0], context=m.context)
        done += have is not None and _translated(have)
    return done, total


def _fixed_date():
    import datetime
    return datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


_FIXED_DATE = _fixed_date()     # a stable header, so the template only changes with its messages


USAGE = """usage: python -m core.i18n extract                      template + merge into every .po
       python -m core.i18n status                       translated / total per language
       python -m core.i18n export LANG [DOMAIN] FILE.json   messages to translate (JSON)
       python -m core.i18n merge LANG FILE.json            put translations into the .po"""


if __name__ == "__main__":
    import json
    args = sys.argv[1:]
    if args == ["extract"]:
        for p in write_catalogs():
            print(p)
    elif args == ["status"]:
        for lang in available()[1:]:
            done, total = coverage(lang)
            print(f"{lang}: {done}/{total}")
    elif len(args) in (3, 4) and args[0] == "export":
        lang, domain, path = args[1], (args[2] if len(args) == 4 else None), args[-1]
        Path(path).write_text(json.dumps(export(lang, domain), ensure_ascii=False, indent=1),
                              encoding="utf-8")
        print(path)
    elif len(args) == 3 and args[0] == "merge":
        n, problems = merge(args[1], json.loads(Path(args[2]).read_text(encoding="utf-8")))
        print(f"merged {n}")
        for p in problems:
            print("refused:", p)
    else:
        print(USAGE)
