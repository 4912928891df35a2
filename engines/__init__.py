"""Registry of the game engines. Each game package exports ``ENGINE`` (its engine object)
and has an ``ai`` module with ``choose(engine, state, seat, rng) -> Action``."""
from __future__ import annotations

import importlib
from types import ModuleType

GAMES = ("libertalia", "glen_more", "whisky", "keyflower")
_EXTRA: dict[str, tuple[object, ModuleType]] = {}   # games registered at run time (tests)


def register(name: str, engine, ai_module: ModuleType) -> None:
    """Add a game that is not one of the packages (used by tests with toy engines)."""
    _EXTRA[name] = (engine, ai_module)


def get(name: str):
    """The engine object of a game, by its ``name``."""
    if name in _EXTRA:
        return _EXTRA[name][0]
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"engines.{name}").ENGINE


def ai(name: str) -> ModuleType:
    """The AI module of a game."""
    if name in _EXTRA:
        return _EXTRA[name][1]
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}")
    return importlib.import_module(f"engines.{name}.ai")


def available() -> list[str]:
    """The games whose engine package is present (used by the bot and the benches)."""
    out = []
    for g in GAMES:
        try:
            importlib.import_module(f"engines.{g}")
        except ModuleNotFoundError:
            continue
        out.append(g)
    return out
