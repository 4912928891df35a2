"""A whole Libertalia game through the Discord stand-in: 3 simulated humans (one with closed
DMs who plays through the ephemeral panel) and 1 AI, with hidden-information checks."""
from __future__ import annotations

import asyncio
import random

import pytest

from engines.libertalia import data as L
from tests.e2e.harness import Player, is_results, start_bot_inprocess, stop_bot_inprocess

pytestmark = pytest.mark.e2e

CARD_NAMES = [c.name.msg for c in L.CHARACTERS.values()]


def public_text(sb) -> str:
    """Everything anyone can see in the channel and the table's thread (no DMs, no ephemerals)."""
    parts = []
    for ch in [sb.channel("game-table"), *sb.threads()]:
        for m in sb.messages(ch):
            parts.append(m.text)
            parts += [a.description or "" for a in m.attachments]
    return "\n".join(parts)


async def open_table(sb, bot, humans=("anna", "bruno", "chloe"), ai=1):
    r = await sb.slash(humans[0], "libertalia new")
    assert r.type == 4 and not r.ephemeral
    lobby = r.message
    for h in humans[1:]:
        j = await sb.click(h, lobby, label="Join")
        assert j.type == 6
    for _ in range(ai):
        await sb.click(humans[0], lobby, label="Add AI")
    refused = await sb.click(humans[1], lobby, label="Start")
    assert refused.ephemeral and "Only the host" in refused.content
    await sb.click(humans[0], lobby, label="Start")
    await bot.controller.idle()
    (thread,) = sb.threads()
    return lobby, thread


def board(sb, thread):
    for m in reversed(sb.messages(thread)):
        if m.component(label="Your turn"):
            return m
    return None


async def play_until(sb, bot, thread, players, stop, rng, max_rounds=5000):
    for _ in range(max_rounds):
        if stop():
            return
        moved = False
        for p in players:
            if await p.act_once(board(sb, thread), choose=rng.choice):
                moved = True
                await bot.controller.idle()
        if not moved:
            await bot.controller.idle()
            if stop():
                return
            await asyncio.sleep(0.01)
    raise AssertionError("the game did not progress")


async def test_full_game_with_dms_closed_for_one_player(sb, tmp_path):
    sb.close_dms("chloe")
    bot, task, store = await start_bot_inprocess(tmp_path / "e2e.db")
    try:
        lobby, thread = await open_table(sb, bot)
        # the DM-less player is told once in the thread to use the buttons
        assert any("cannot send you direct messages" in m.text for m in sb.messages(thread))
        anna, bruno, chloe = Player(sb, "anna"), Player(sb, "bruno"), Player(sb, "chloe", via_dm=False)

        # --- before the first reveal, nobody's pick shows anywhere public ---
        hand_dm = next(m for m in sb.dms("anna") if "Your hand" in m.text)
        hand_names = [n for n in CARD_NAMES if n in hand_dm.text]
        assert len(hand_names) >= 8
        assert await anna.act_once(board(sb, thread))
        assert await chloe.act_once(board(sb, thread))
        await bot.controller.idle()
        text = public_text(sb)
        m = bot.service.find(thread.id)
        assert "Waiting for: B Bruno" in text
        for name in hand_names:
            assert name not in text, f"{name} visible in public before the reveal"
        # a spectator's view of the engine has no pick either
        spectator = m.engine.view(m.state, None)
        assert "my_pick" not in spectator and "hand" not in spectator
        assert await bruno.act_once(board(sb, thread))     # the last pick: the reveal
        await bot.controller.idle()
        assert any(name in public_text(sb) for name in hand_names), "the reveal shows the ship"

        rng = random.Random(5)
        await play_until(sb, bot, thread, [anna, bruno, chloe],
                         lambda: any(is_results(x) for x in sb.messages(thread)), rng)
        results = next(x for x in sb.messages(thread) if is_results(x))
        assert results.attachments and results.attachments[0].data.startswith(b"\x89PNG")
        assert results.component(label="Play again")
        assert all(p.moves > 10 for p in (anna, bruno, chloe))
        row = await store.get_match(m.id)
        assert row.status == "finished" and set(row.result["scores"]) == {"A", "B", "C", "D"}
        # every DM went to its own player: each private view names the reader's own seat
        for user, seat in (("anna", "A"), ("bruno", "B")):
            for dm in sb.dms(user):
                assert dm.viewer_id == sb.user(user).id
                if "your seat" in dm.text:
                    assert f"your seat {seat}" in dm.text
        assert not sb.dms("chloe"), "closed DMs must not receive anything"
        # the board images were posted with alt text and are at least 1000 px wide
        boards = [x for x in sb.messages(thread) if x.attachments and x.attachments[0].filename == "libertalia.png"]
        assert boards and all(b.attachments[0].width >= 1000 and b.attachments[0].description for b in boards)
    finally:
        await stop_bot_inprocess(bot, task, store)
