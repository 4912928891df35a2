"""Renderer registry: ``board(game, view, tr)`` for the public image, ``private(...)`` for a
player's own image. A game without its own renderer gets a plain summary image."""
from __future__ import annotations

import importlib
from types import ModuleType

from render.common import Rendered, canvas, clip, finish, fit, seat_badge, text, wrap


def _module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"render.{game}")
    except ModuleNotFoundError as e:
        if e.name != f"render.{game}":
            raise
        return None


def board(game: str, view: dict, tr) -> Rendered:
    mod = _module(game)
    if mod is not None and hasattr(mod, "render_board"):
        return mod.render_board(view, tr)
    return summary_image(view, tr)


def has_full_board(game: str) -> bool:
    """Whether a game's board image is a close-up that has a full version (a map)."""
    mod = _module(game)
    return mod is not None and hasattr(mod, "render_full_board")


def full_board(game: str, view: dict, tr) -> Rendered:
    """The whole board, for games whose posted board is a close-up (the Full map button)."""
    mod = _module(game)
    if mod is not None and hasattr(mod, "render_full_board"):
        return mod.render_full_board(view, tr)
    return board(game, view, tr)


def private(game: str, view: dict, tr) -> Rendered | None:
    mod = _module(game)
    if mod is not None and hasattr(mod, "render_hand"):
        return mod.render_hand(view, tr)
    return None


def private_text(game: str, view: dict, tr) -> str | None:
    """A short text of the seat's own hidden information, when the game's renderer has one."""
    mod = _module(game)
    if mod is not None and hasattr(mod, "private_text"):
        return mod.private_text(view, tr)
    return None


def summary_image(view: dict, tr) -> Rendered:
    """A readable fallback: each seat with its public numbers."""
    seats = view.get("seats", [])
    players = view.get("players", {})
    img, d = canvas(1000, 120 + 90 * max(1, len(seats)))
    text(d, (30, 30), fit(tr(view.get("title") or view.get("game", "")), 940, 30, True), size=30,
         bold=True)
    lines = []
    for i, seat in enumerate(seats):
        y = 100 + i * 90
        seat_badge(d, (50, y + 20), i, 18)
        info = players.get(seat, {})
        facts = ", ".join(f"{k}: {v}" for k, v in info.items()
                          if isinstance(v, (int, str)) and not isinstance(v, bool))
        for j, line in enumerate(wrap(facts, 880, 18)[:3]):
            text(d, (85, y + j * 24), line, size=18)
        lines.append(clip(f"{seat}: {facts}", 300))
    return finish(img, "; ".join(lines) or tr("Game board"))


__all__ = ["board", "private", "private_text", "summary_image", "Rendered"]
