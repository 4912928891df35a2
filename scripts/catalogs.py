"""The translation catalogs' tooling: the template extracted from the sources (and from the
slash commands as they are synced, and the games' data), merged into every language's .po,
and what translators exchange. The bot itself only reads catalogs (``core.i18n``).

    python -m scripts.catalogs extract      # rewrite the template and merge it into every .po
    python -m scripts.catalogs status       # translated / total per language
"""
from __future__ import annotations

import ast
import io
import string
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Mapping

from core.i18n import DOMAIN, LOCALES, MARKERS, ROOT, available, po_path, translations
from engines.base import Text


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
    from scripts.commands import command_strings  # the slash commands, as they are synced
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


USAGE = """usage: python -m scripts.catalogs extract                      template + merge into every .po
       python -m scripts.catalogs status                       translated / total per language
       python -m scripts.catalogs export LANG [DOMAIN] FILE.json   messages to translate (JSON)
       python -m scripts.catalogs merge LANG FILE.json            put translations into the .po"""


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
