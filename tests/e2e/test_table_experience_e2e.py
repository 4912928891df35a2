"""A game night as the players live it: each decision reaches its player once as a new
message, the thread pings no more than the turn changes, players are named, and nothing left
behind at the end is out of date or still clickable; timers go on after a restart."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bench.table import play
from tests.e2e.harness import BotProcess, is_results, level_select, open_table, start_bot_inprocess, stop_bot_inprocess

pytestmark = pytest.mark.e2e


async def test_a_libertalia_night_is_quiet_named_and_clean(sb, tmp_path):
    bot, task, store = await start_bot_inprocess(tmp_path / "night.db", games=("libertalia",))
    try:
        counts = await play(sb, bot, "libertalia", seed=5)
        # each decision arrives once, as a new message; edits never carry one
        assert counts["dm_edits_that_carried_a_new_decision"] == 0
        assert 0 < counts["mentions"] <= counts["turn_changes"]
        # nothing stale at the end but Play again
        assert counts["stale_live_components_at_end"] == 0
        assert counts["stale_waiting_lines_at_end"] == 0
        thread = sb.threads()[0]
        results = next(m for m in sb.messages(thread) if is_results(m))
        names = {"Anna", "Bruno", "Chloe", "AI 1"}
        fields = " ".join(f["name"] for f in results.embeds[0]["fields"])
        assert all(n in fields for n in names)
        desc = results.embeds[0]["description"]
        assert desc.startswith(("Winner: ", "Shared victory: "))
        assert any(n in desc for n in names)
        # the lobby says the game is over, with the winner, and offers nothing
        lobby = next(m for m in sb.messages(sb.channel("game-table")) if m.embeds
                     and "table #" in (m.embeds[0].get("title") or ""))
        assert "The game is over" in lobby.embeds[0]["footer"]["text"]
        assert not lobby.custom_ids
        # the seat legend posted at the start names everyone, in their seat colour
        start = next(m for m in sb.messages(thread) if "begins. Seat order" in m.content)
        assert all(n in start.content for n in names)
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_timer_goes_on_after_a_restart_with_the_time_left(sb, tmp_path):
    """A real `python bot.py` is killed and started again: the waiting players' deadlines
    are the same as before (resumed), not a fresh period from the restart."""
    db = tmp_path / "timer.db"
    proc = BotProcess(sb, db)
    await proc.start()
    try:
        r = await sb.slash("anna", "libertalia new", timer=3600)
        lobby = r.message
        await sb.click("bruno", lobby, label="Join")
        await sb.select("anna", lobby, level_select(lobby), "easy")
        await sb.click("anna", lobby, label="Start")
        await sb.wait_for_thread(timeout=10)
        await sb.wait_for_dm("anna", lambda m: bool(m.custom_ids), timeout=10)

        def deadlines():
            with sqlite3.connect(db) as c:
                return dict(((s, k), (n, at)) for s, k, n, at in
                            c.execute("SELECT seat, kind, count, at FROM deadlines"))
        for _ in range(100):            # stored just after the start is published
            before = deadlines()
            if {("A", "turn"), ("B", "turn")} <= set(before):
                break
            await asyncio.sleep(0.05)
        assert {("A", "turn"), ("B", "turn")} <= set(before)
        proc.kill()
        await asyncio.sleep(1.2)
        await proc.start()
        await asyncio.sleep(0.5)
        assert deadlines() == before
    finally:
        proc.stop()


async def test_a_gateway_drop_in_the_middle_of_a_game_loses_no_click(sb, tmp_path):
    """The socket drops; a player clicks while the bot reconnects; the click reaches the bot
    when it resumes the session, is answered, and the move counts once."""
    from tests.e2e.harness import Player, panel_of
    bot, task, store = await start_bot_inprocess(tmp_path / "drop.db", games=("libertalia",))
    try:
        settle = bot.controller.idle
        await open_table(sb, settle, humans=("anna", "bruno"), ai=1)
        match = next(iter(bot.service.matches.values()))
        panel = Player(sb, "anna").dm_panel()
        kind, cid, values = panel_of(panel)
        n = match.n
        await sb.drop_connections()
        r = await sb.click("anna", panel, cid[values[0]]) if kind == "button" else \
            await sb.select("anna", panel, cid, [values[0]])
        assert r.type == 7
        await settle()
        assert match.n == n + 1
        assert sum(1 for a in await store.actions(match.id) if a[1] == "A") == 1
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_normal_ai_chosen_in_the_lobby_thinks_in_the_bot_s_worker_processes(sb, tmp_path):
    """The lobby's "Add an AI player…" menu offers the three levels; a normal AI is named so
    in the lobby and, in a real `python bot.py`, plays its moves from the AI worker pool."""
    proc = BotProcess(sb, tmp_path / "levels.db")
    await proc.start()
    try:
        r = await sb.slash("anna", "libertalia new")
        lobby = r.message
        menu = next(c for row in lobby.components for c in row["components"]
                    if c.get("custom_id") == level_select(lobby))
        assert [o["value"] for o in menu["options"]] == ["easy", "normal", "hard"]
        await sb.select("anna", lobby, level_select(lobby), "normal")
        def seats_shown():
            now = next(m for m in sb.messages(sb.channel("game-table")) if m.id == lobby.id)
            return now.embeds[0]["fields"][0]["value"]
        for _ in range(100):                  # the lobby is redrawn just after the answer
            if "AI 1 (Normal AI)" in seats_shown():
                break
            await asyncio.sleep(0.05)
        assert "AI 1 (Normal AI)" in seats_shown()
        await sb.click("anna", lobby, label="Start")
        await sb.wait_for_thread(timeout=10)
        first = await sb.wait_for_dm("anna", lambda m: bool(m.custom_ids), timeout=10)
        await sb.select("anna", first, first.custom_ids[0], "0")
        # the AI's pick (searched in a worker) lets the day go on: Anna's next panel comes
        await sb.wait_for_dm("anna", lambda m: bool(m.custom_ids) and m.id != first.id, timeout=30)
    finally:
        proc.stop()
