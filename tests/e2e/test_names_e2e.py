"""Players' display names are texts we do not write: markdown, a masked link, a mention, a
direction override, invisible characters or ten thousand characters in a name never make
a link, bold text, a ping or reversed text in a lobby, a board, the thread or a DM; images
get the plain name, and a long name does not hold up the start."""
from __future__ import annotations

import re
import time

import pytest

from core.text import NAME_MAX
from tests.e2e.harness import Player, open_table, start_bot_inprocess, stop_bot_inprocess

pytestmark = pytest.mark.e2e

LONG = "Bartholomew " * 834                         # 10,008 characters
HOSTILE = {"anna": "[x](https://evil.example)", "bruno": "**bold**", "chloe": "@everyone",
           "dmitri": "a\u202eb", "elif": "zero\u200bwidth", "farid": LONG}
SHOWN = {"anna": "[x](https://evil.example)", "bruno": "**bold**", "chloe": "@everyone",
         "dmitri": "ab", "elif": "zerowidth", "farid": LONG[:NAME_MAX].rstrip()}


def versions(msg):
    """Every version of a message: (markdown texts, plain texts). Content, embed titles,
    descriptions and fields are markdown; footers and author lines are shown as they are."""
    for v in [*msg.history, {"content": msg.content, "embeds": msg.embeds}]:
        md = [v.get("content") or ""]
        plain = []
        for e in v.get("embeds") or []:
            md += [e.get("title") or "", e.get("description") or ""]
            md += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in e.get("fields") or []]
            plain += [(e.get("footer") or {}).get("text") or "", (e.get("author") or {}).get("name") or ""]
        yield md, plain


def unsafe(text: str) -> list[str]:
    """What a markdown text would turn a hostile name into, as Discord renders it."""
    found = []
    if re.search(r"(?<!\\)\[[^\]\n]*\]\(", text):
        found.append("masked link")
    if "https://evil.example" in text:
        found.append("bare link")
    if re.search(r"(?<!\\)\*\*bold", text):
        found.append("bold")
    if "@everyone" in text:
        found.append("@everyone")
    return found


async def test_hostile_display_names_are_shown_as_plain_text(sb, tmp_path):
    for user, name in HOSTILE.items():
        sb.user(user).global_name = name
    bot, task, store = await start_bot_inprocess(tmp_path / "names.db", games=("libertalia",))
    try:
        settle = bot.controller.idle
        t0 = time.perf_counter()
        lobby, thread = await open_table(sb, settle, humans=tuple(HOSTILE), ai=0)
        started_in = time.perf_counter() - t0
        match = next(iter(bot.service.matches.values()))
        # the names as stored and drawn: plain, without the invisible or reversing marks
        assert sorted(match.names().values()) == sorted(SHOWN.values())
        assert all("\\" not in name for name in match.names().values())
        players = [Player(sb, user) for user in HOSTILE]
        for _ in range(3):                      # a few decisions, so names go into the thread
            for p in players:
                await p.act_once(None)
                await settle()
        messages = [m for ch in [sb.channel("game-table"), thread] for m in sb.messages(ch)]
        messages += [m for user in HOSTILE for m in sb.dms(user)]
        messages += [m for user in HOSTILE for m in sb.ephemerals(user)]
        problems, markdown = [], []
        for m in messages:
            for md, plain in versions(m):
                markdown += md
                for text in md:
                    problems += [(why, text[:120]) for why in unsafe(text)]
                for text in md + plain:
                    for bad in ("\u202e", "zero\u200bwidth", LONG[:NAME_MAX + 20]):
                        if bad in text:
                            problems.append((repr(bad[:20]), text[:120]))
        assert not problems, problems[:5]
        shown = "\n".join(markdown)
        # the names are there, escaped (not left out)
        for escaped in (r"\[x](https:\/\/evil.example)", r"\*\*bold\*\*", "@\u200beveryone",
                        "zerowidth", SHOWN["farid"]):
            assert escaped in shown, escaped
        lobby_text = "\n".join(md for md, _ in versions(sb.world.message(lobby.id)) for md in md)
        assert r"\*\*bold\*\*" in lobby_text and r"\[x]" in lobby_text
        board = next(m for m in reversed(sb.messages(thread)) if m.embeds)
        footer = board.embeds[0]["footer"]["text"]
        assert "**bold**" in footer and "[x](https://evil.example)" in footer   # (a footer is plain)
        assert started_in < 30, f"a table of long names took {started_in:.1f} s to start"
    finally:
        await stop_bot_inprocess(bot, task, store)
