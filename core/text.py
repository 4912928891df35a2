"""Texts we do not write (players' display names), made safe to show anywhere, once, where
they enter: ``player_name`` takes out what would change how the text around a name reads
(control characters, the marks that reverse or reorder text, invisible characters) and bounds
its length as Discord bounds display names. What a name means in markdown is the Discord
side's business (``cogs.ui.md``): images show the plain name."""
from __future__ import annotations

import re

NAME_MAX = 32              # Discord's longest display name
# C0 and C1 controls and DEL; zero-width and direction marks (U+200B-U+200F), line and paragraph
# separators, bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
# invisible operators and deprecated format marks (U+2060-U+2064, U+206A-U+206F), the Arabic
# letter mark, the byte order mark and the interlinear annotation marks
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064"
                     "\u2066-\u206f\ufeff\ufff9-\ufffb]")
_SPACES = re.compile(r"\s+")


def plain_text(text: object) -> str:
    """``text`` on one line, without control, direction or invisible characters (a line break
    or tab becomes a space, as does any run of spaces)."""
    shown = _HIDDEN.sub(lambda c: " " if c.group() in "\t\n\r\x0b\x0c\u2028\u2029" else "", str(text))
    return _SPACES.sub(" ", shown).strip()


def player_name(name: object) -> str:
    """A player's name as every post and image shows it: plain (``plain_text``) and at most
    ``NAME_MAX`` characters; "?" when nothing visible is left."""
    return plain_text(str(name)[:NAME_MAX * 8])[:NAME_MAX].rstrip() or "?"
