"""A whole Libertalia game through the Discord stand-in: 3 simulated humans (one with closed
DMs who plays through the ephemeral panel) and 1 AI, with hidden-information checks."""
from __future__ import annotations

import asyncio
import random

import pytest

from engines.libertalia import data as L
from tests.e2e.harness import (Player, board, is_results, open_table, panel_of, play_until, public_text,
                               start_bot_inprocess, stop_bot_inprocess)

pytestmark = pytest.mark.e2e

CARD_NAMES = [c.name.msg for c in L.CHARACTERS.values()]


async def test_full_game_with_dms_closed_for_one_player(sb, tmp_path):
    sb.close_dms("chloe")
    bot, task, store = await start_bot_inprocess(tmp_path / "e2e.db")
    try:
        settle = bot.controller.idle
        lobby, thread = await open_table(sb, settle)
        # the DM-less player is told once in the thread to use the buttons
        assert any("cannot send you direct messages" in m.text for m in sb.messages(thread))
        anna, bruno, chloe = Player(sb, "anna"), Player(sb, "bruno"), Player(sb, "chloe", via_dm=False)

        # --- someone who is not seated: clear refusals, and watching works ---
        b = board(sb, thread)
        for label in ("Your turn", "My view"):
            r = await sb.click("dmitri", b, label=label)
            assert r.ephemeral and "You are not playing at this table" in r.content
        r = await sb.slash("dmitri", "table hand", channel=thread)
        assert r.ephemeral and "not playing" in r.content
        r = await sb.slash("dmitri", "table spectate", channel=thread)
        watched = await r.wait_final()
        assert watched.ephemeral and watched.attachments[0].data.startswith(b"\x89PNG")
        # a seated player pressing Your turn before... everyone is asked at once here, so
        # Anna gets her panel; after her pick she is told she is waiting
        r = await sb.click("anna", b, label="Your turn")
        assert r.ephemeral and r.message.custom_ids
        second_panel = r.message

        # --- before the first reveal, nobody's pick shows anywhere public ---
        hand_dm = next(m for m in sb.dms("anna") if "Your hand" in m.text)
        hand_names = [n for n in CARD_NAMES if n in hand_dm.text]
        assert len(hand_names) >= 8
        assert await anna.act_once(board(sb, thread))
        # her second (ephemeral) panel is now out of date: refused, nothing changes
        m = await bot.service.find(thread.id)
        before = m.engine.dump(m.state)
        kind, cid, values = panel_of(second_panel)
        r = await sb.select("anna", second_panel, cid, [values[-1]])
        assert r.ephemeral and "already made that choice" in r.content
        assert m.engine.dump(m.state) == before
        assert await chloe.act_once(board(sb, thread))
        await bot.controller.idle()
        text = public_text(sb)
        m = await bot.service.find(thread.id)
        assert "Waiting for: B Bruno" in text
        for name in hand_names:
            assert name not in text, f"{name} visible in public before the reveal"
        # a spectator's view of the engine has no pick either
        spectator = m.engine.view(m.state, None)
        assert "my_pick" not in spectator and "hand" not in spectator
        # a double click (two clicks before the first answer): exactly one pick counts
        panel = bruno.dm_panel()
        kind, cid, values = panel_of(panel)
        n_before = m.n
        first = await sb.select("bruno", panel, cid, [values[0]], wait=False)
        second = await sb.select("bruno", panel, cid, [values[1]], wait=False)
        results = [await first.wait_ack(), await second.wait_ack()]
        assert sorted(r.type for r in results) == [4, 7]
        refused = next(r for r in results if r.type == 4)
        assert refused.ephemeral and "already made that choice" in refused.content
        await settle()
        assert m.n > n_before and sum(1 for a in await store.actions(m.id) if a[1] == "B") == 1
        await bot.controller.idle()
        assert any(name in public_text(sb) for name in hand_names), "the reveal shows the ship"

        rng = random.Random(5)
        await play_until(sb, settle, thread, [anna, bruno, chloe],
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
        # the finished game is in everyone's history, with its scores
        r = await sb.slash("bruno", "table history", channel=thread)
        assert r.ephemeral and f"#{m.id} Libertalia" in r.content
        # Play again: a new table in the channel with the same seats and options, once
        channel = sb.channel("game-table")
        r = await sb.click("dmitri", results, label="Play again")
        assert r.ephemeral and "Only the players" in r.content
        # two players press it at the same moment: one rematch, the other is told
        clicks = [await sb.click(u, results, label="Play again", wait=False) for u in ("bruno", "anna")]
        clicks = [await c.wait_ack() for c in clicks]
        assert sorted(c.type for c in clicks) == [4, 7]
        refused = next(c for c in clicks if c.type == 4)
        assert refused.ephemeral and "rematch of this game is" in refused.content
        assert not results.custom_ids                     # the button goes with the rematch
        lobby2 = await sb.wait_for_message(
            lambda x: x.channel_id == channel.id and x.id != lobby.id and x.component(label="Join")
            and "AI 1" in x.text, timeout=10)
        assert all(name in lobby2.text for name in ("Anna", "Bruno", "Chloe", "AI 1"))
        assert len(await store.matches(("lobby",))) == 1
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_crash_mid_campaign_then_restart_continues_with_old_buttons(sb, tmp_path):
    """The real `python bot.py` process is killed (SIGKILL) in the middle of campaign 1,
    started again on the same database, and the game goes on from the same state; the DM
    panels posted before the crash still work."""
    from core.service import MatchService, replay
    from db.store import Store
    from tests.e2e.harness import BotProcess

    async def settle():
        await asyncio.sleep(0.05)

    db = tmp_path / "crash.db"
    proc = BotProcess(sb, db)
    await proc.start()
    try:
        lobby, thread = await open_table(sb, settle, humans=("anna", "bruno"), ai=1)
        anna, bruno = Player(sb, "anna"), Player(sb, "bruno")
        rng = random.Random(11)

        def board_says(fragment):
            b = board(sb, thread)
            return b is not None and fragment in b.text

        await play_until(sb, settle, thread, [anna, bruno], lambda: board_says("day 3"), rng)
        # wait until a human decision is open and everything is published, then crash
        for _ in range(200):
            if anna.dm_panel() or bruno.dm_panel():
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        old_panels = {u: p.dm_panel() for u, p in (("anna", anna), ("bruno", bruno))}
        accepted = anna.moves + bruno.moves
        proc.kill()

        # nothing accepted was lost: the store holds every human move the bot confirmed
        store = await Store.open(db)
        try:
            svc = MatchService(store)
            (m,) = await svc.load_all()
            actions_before = await store.actions(m.id)
            human_moves = [a for a in actions_before if not a[3]]
            assert len(human_moves) == accepted
            crashed_state = m.engine.dump(m.state)
            assert m.state["campaign"] == 1 and m.state["day"] == 3
        finally:
            await store.close()

        await proc.start()
        # the same state after the restart (the new process rebuilt it from the store)
        status = await sb.slash("anna", "table status", channel=thread)
        assert status.ephemeral and "day 3" in status.message.text
        # an old DM panel from before the crash still works
        user, panel = next((u, p) for u, p in old_panels.items() if p is not None)
        player = anna if user == "anna" else bruno
        before = player.moves
        assert await player.act_once(None)
        assert player.moves == before + 1
        assert panel.id in [x.id for x in sb.dms(user)]

        await play_until(sb, settle, thread, [anna, bruno],
                         lambda: any(is_results(x) for x in sb.messages(thread)), rng)
        store = await Store.open(db)
        try:
            row = await store.get_match(m.id)
            assert row.status == "finished"
            # the whole log, before and after the crash, replays to the finished game, and
            # its first part to exactly the state the crashed process had stored
            actions = [(a[1], a[2]) for a in await store.actions(m.id)]
            seats = [s.seat for s in row.seats]
            final = replay("libertalia", seats, row.seed, row.options["engine"], actions)
            assert m.engine.outcome(final) is not None
            cut = len(actions_before)
            assert m.engine.dump(replay("libertalia", seats, row.seed, row.options["engine"],
                                        actions[:cut])) == crashed_state
        finally:
            await store.close()
    finally:
        proc.stop()
