"""The one translation helper. Every text a user sees passes through ``tr``.

Messages are English message ids with {named} placeholders (gettext style). A language is a
JSON catalog ``locales/<lang>.json`` mapping message id -> translation; English needs no
catalog of its own beyond ``locales/en.json``, the extracted list of every message id that a
translator copies and fills in (``python -m core.i18n extract`` rewrites it). Adding Greek or
Hungarian is adding ``el.json`` / ``hu.json``: no game code changes.
"""
from __future__ import annotations

import ast
import json
import string
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from engines.base import Text

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
DEFAULT = "en"
# Functions whose first literal string argument is a message id.
MARKERS = {"T", "Text", "IllegalAction", "public", "private", "tr", "_"}


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    path = LOCALES / f"{lang}.json"
    if not path.exists() or lang == DEFAULT:
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def language(locale: str | None) -> str:
    """Discord locales look like 'en-US', 'el', 'hu'; we keep the language part when a
    catalog exists for it, else fall back to English."""
    if not locale:
        return DEFAULT
    lang = str(locale).split("-")[0].lower()
    return lang if lang == DEFAULT or (LOCALES / f"{lang}.json").exists() else DEFAULT


class _SafeDict(dict):
    def __missing__(self, key):  # a missing parameter shows as {name}, never crashes a post
        return "{" + key + "}"


def tr(message: Text | str, locale: str | None = None, **params: Any) -> str:
    """Translate and format a message (a ``Text`` or a message id with params)."""
    lang = language(locale)
    if isinstance(message, Text):
        params = {**message.params, **params}
        message = message.msg
    template = catalog(lang).get(message, message)
    if not params:
        return template
    values = {k: _value(v, lang) for k, v in params.items()}
    return string.Formatter().vformat(template, (), _SafeDict(values))


def _value(v: Any, lang: str) -> str:
    if isinstance(v, Text):
        return tr(v, lang)
    if isinstance(v, (list, tuple)):
        return ", ".join(_value(x, lang) for x in v)
    return str(v)


def translator(locale: str | None) -> Callable[..., str]:
    """A one-argument-plus-params ``tr`` bound to a locale, for renderers and views."""
    def _t(message: Text | str, **params: Any) -> str:
        return tr(message, locale, **params)
    return _t


# --- extraction: the English catalog ------------------------------------------------------

SOURCE_DIRS = ("engines", "core", "cogs", "render", "bot.py")


def extract(root: Path = ROOT) -> list[str]:
    """Every literal message id passed to a marker function in the project's sources."""
    found: set[str] = set()
    for entry in SOURCE_DIRS:
        base = root / entry
        files = [base] if base.suffix == ".py" else sorted(base.rglob("*.py"))
        for f in files:
            if not f.exists():
                continue
            tree = ast.parse(f.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and _name(node.func) in MARKERS:
                    args = node.args
                    # public(msg, ...) / private(seat, msg, ...): the id is the first str literal
                    for a in args[:2]:
                        if isinstance(a, ast.Constant) and isinstance(a.value, str):
                            found.add(a.value)
                            break
    return sorted(found)


# Keys of data-table records whose values are shown to players (names, texts).
DATA_TEXT_KEYS = {"name", "title", "text", "ability", "place", "effect", "short", "label"}


def data_strings() -> set[str]:
    """Display texts kept in the games' data tables (tile, card, place names...): they are
    translated through the catalog like any message, so the extraction lists them too."""
    import importlib
    import engines
    found: set[str] = set()

    def walk(v, key=None):
        if isinstance(v, Text):
            found.add(v.msg)
        elif isinstance(v, str):
            if key in DATA_TEXT_KEYS and v.strip():
                found.add(v)
        elif isinstance(v, dict):
            if v and all(isinstance(x, str) for x in v.values()) and key == "__module__":
                found.update(x for x in v.values() if x.strip())
            for k, x in v.items():
                walk(x, k if isinstance(k, str) else None)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x, key)
        elif hasattr(v, "__dataclass_fields__"):
            for k in v.__dataclass_fields__:
                walk(getattr(v, k), k)

    for game in engines.GAMES:
        try:
            mod = importlib.import_module(f"engines.{game}.data")
        except ModuleNotFoundError:
            continue
        for name, value in vars(mod).items():
            if not name.startswith("_") and name.isupper():
                walk(value, "__module__")
    return found


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def write_english_catalog() -> Path:
    path = LOCALES / "en.json"
    LOCALES.mkdir(exist_ok=True)
    data = {m: m for m in sorted(set(extract()) | data_strings())}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")
    return path


if __name__ == "__main__":
    if sys.argv[1:] == ["extract"]:
        print(write_english_catalog())
    else:
        print("usage: python -m core.i18n extract")
