"""A group's first game night on a busy machine: every click is answered at once while an AI
thinks, Back never loses the next step, nothing stays clickable on a table that ended, the
table's language reaches every DM and panel, the lobby and the thread say where the game
went, and the bot's worker processes end with it."""
from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from engines import players
from tests.e2e.harness import (BotProcess, Player, board, choose_first, decisions_offered, is_results, level_select,
                               open_table, panel_of, start_bot_inprocess, stop_bot_inprocess, table_button)

pytestmark = pytest.mark.e2e

THINK_S = 4.0            # how long the slowed-down searching AI thinks


def live_choices(msg) -> bool:
    return any(cid.startswith(("act:", "sel:")) for cid in msg.custom_ids)


def slow_search(monkeypatch, bot):
    """The searching AI thinks THINK_S seconds per move, in a thread of this process."""
    real = players.choose_from_view

    def slow(*args):
        time.sleep(THINK_S)
        return real(*args)
    monkeypatch.setattr(players, "choose_from_view", slow)
    bot.service.ai_pool = None


async def test_clicks_are_answered_at_once_while_a_searching_ai_thinks(sb, tmp_path, monkeypatch):
    """Libertalia's picks are simultaneous: while the normal AI thinks about its pick, its
    human opponent starts the game, looks at their hand, opens Your turn and picks, and every
    one of those is acknowledged and answered long before the AI is done."""
    bot, task, store = await start_bot_inprocess(tmp_path / "think.db", games=("libertalia",))
    slow_search(monkeypatch, bot)
    try:
        r = await sb.slash("anna", "libertalia new")
        lobby = r.message
        await sb.click("bruno", lobby, table_button(lobby, "join"))
        await sb.select("anna", lobby, level_select(lobby), "normal")
        t0 = time.perf_counter()
        start = await sb.click("anna", lobby, table_button(lobby, "start"))
        thread = await sb.wait_for_thread(timeout=5)
        panel = await sb.wait_for_dm("anna", live_choices, timeout=THINK_S - 1)
        shown = await sb.wait_for_message(lambda m: m.channel_id == thread.id and table_button(m, "view"),
                                          timeout=THINK_S - 1)
        view = await sb.click("bruno", shown, table_button(shown, "view"))
        turn = await sb.click("bruno", shown, table_button(shown, "turn"))
        kind, cid, values = panel_of(panel)
        pick = await sb.select("anna", panel, cid, [values[0]])
        answered = time.perf_counter() - t0
        assert answered < THINK_S - 0.5, f"the clicks waited for the AI: {answered:.1f} s"
        for r in (start, view, turn, pick):
            assert r.latency is not None and r.latency < 1.0, (r, r.latency)
        assert view.ephemeral and "your seat" in view.content
        assert turn.ephemeral and panel_of(turn.message)          # Bruno's own pick, by Your turn
        assert pick.type == 7 and "✓" in pick.message.content      # Anna's pick is taken
        await bot.controller.idle()                               # the AI's pick follows
        match = next(iter(bot.service.matches.values()))
        assert "C" not in match.to_act()
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_back_then_a_new_choice_delivers_the_next_step(sb, tmp_path):
    """Glen More: a decision is taken back with Back and made again; the decision that
    follows it reaches the player as a new panel (it used to be sent nowhere)."""
    bot, task, store = await start_bot_inprocess(tmp_path / "back.db", games=("glen_more",))
    try:
        settle = bot.controller.idle
        await open_table(sb, settle, humans=("anna", "bruno"), ai=0, command="glenmore new")
        match = next(iter(bot.service.matches.values()))
        players_ = {"A": Player(sb, match.seat("A").name.lower()), "B": Player(sb, match.seat("B").name.lower())}
        for _ in range(200):
            seat = match.to_act()[0]
            me = players_[seat]
            panel = me.dm_panel()
            assert panel is not None, f"{me.name} has no panel for {match.to_act()}"
            back = table_button(panel, "back")
            if back is None:
                assert await me.act_once(None, choose=lambda values: values[0])
                await settle()
                continue
            r = await sb.click(me.name, panel, back)
            assert r.type == 7 and "Taken back" in r.message.content and panel_of(r.message)
            await settle()
            newest = max(m.id for m in sb.dms(me.name))
            assert await me.act_once(None, choose=lambda values: values[0])
            await settle()
            if seat in match.to_act():
                nxt = me.dm_panel()
                assert nxt is not None and nxt.id > newest, "the step after Back never arrived"
                return
        pytest.fail("no decision offered Back")
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_table_closed_after_a_restart_leaves_nothing_clickable(sb, tmp_path):
    """The bot restarts mid-game; the host then closes the table: every DM panel the first
    process sent loses its buttons, and each hand says that the table was closed."""
    db = tmp_path / "closed.db"
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=1)
    finally:
        await stop_bot_inprocess(bot, task, store)
    assert all(any(live_choices(m) for m in sb.dms(u)) for u in ("anna", "bruno"))
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        thread = sb.threads()[0]
        r = await sb.slash("anna", "table abort", channel=thread)
        assert r.ephemeral and "closed" in r.content
        await bot.controller.idle()
        left = [(u, m.id) for u in ("anna", "bruno") for m in sb.dms(u) if m.interactive()]
        assert not left, f"live components in DMs after the table was closed: {left}"
        hands = [m for u in ("anna", "bruno") for m in sb.dms(u) if m.attachments]
        assert hands and all("This table was closed." in m.content for m in hands)
        assert not board(sb, thread)                    # the board lost its buttons too
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_the_tables_language_reaches_every_dm_and_panel(sb, tmp_path):
    """A Hungarian table: its players (Discord in English) get their DMs, panels and My view
    in Hungarian, until one of them chooses English for himself in the lobby's menu."""
    bot, task, store = await start_bot_inprocess(tmp_path / "hu.db", games=("libertalia",))
    try:
        r = await sb.slash("anna", "libertalia new", language="hu")
        lobby = r.message
        await sb.click("bruno", lobby, table_button(lobby, "join"))
        menu = next(cid for cid in lobby.custom_ids if cid.startswith("lng:"))
        mine = await sb.select("bruno", lobby, menu, "en")
        assert mine.ephemeral and "English" in mine.content
        await sb.select("anna", lobby, level_select(lobby), "easy")
        await sb.click("anna", lobby, table_button(lobby, "start"))
        await sb.wait_for_thread(timeout=10)
        await bot.controller.idle()
        anna = Player(sb, "anna").dm_panel()
        bruno = Player(sb, "bruno").dm_panel()
        assert "Válaszd ki" in anna.content, anna.content          # Hungarian
        assert "Choose your character" in bruno.content, bruno.content
        shown = board(sb, sb.threads()[0])
        view = await sb.click("anna", shown, table_button(shown, "view"))
        assert "a helyed" in view.content, view.content
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_the_lobby_the_thread_and_the_replies_say_where_the_game_is(sb, tmp_path):
    bot, task, store = await start_bot_inprocess(tmp_path / "where.db", games=("libertalia",))
    try:
        lobby, thread = await open_table(sb, bot.controller.idle, humans=("anna",), ai=1)
        lobby = sb.message(lobby.id)
        assert f"<#{thread.id}>" in (lobby.embeds[0].get("description") or "")
        assert "#" not in thread.name                          # no "#Libertalia #1"
        watch = await sb.slash("chloe", "table spectate", channel=thread)
        assert watch.ephemeral and "https://discord.com/channels/" in watch.content
        assert "<#" not in watch.content
        # Your turn in the thread retires the DM panel, which says where the new one is
        panel = Player(sb, "anna").dm_panel()
        turn = await sb.click("anna", board(sb, thread), table_button(board(sb, thread), "turn"))
        assert turn.ephemeral and panel_of(turn.message)
        retired = await sb.wait_for_message(lambda m: m.id == panel.id and not m.interactive(), timeout=5)
        assert f"/channels/{sb.guild_id}/{thread.id}" in retired.content
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_rules_play_again_and_the_finished_thread(sb, tmp_path):
    """In a finished game's thread /table rules knows the game; Play again opens the new
    lobby in the channel the game was opened in and says so, with a link, in the thread."""
    bot, task, store = await start_bot_inprocess(tmp_path / "again.db", games=("libertalia",))
    try:
        settle = bot.controller.idle
        lobby, thread = await open_table(sb, settle, humans=("anna",), ai=1)
        import random
        from tests.e2e.harness import play_until
        p = Player(sb, "anna")
        await play_until(sb, settle, thread, [p], lambda: any(is_results(m) for m in sb.messages(thread)),
                         random.Random(3))
        rules = await sb.slash("bruno", "table rules", channel=thread)
        assert rules.ephemeral and "Libertalia" in rules.content and "Which game" not in rules.content
        results = next(m for m in sb.messages(thread) if is_results(m))
        again = await sb.click("anna", results, table_button(results, "again"))
        said = await sb.wait_for_message(lambda m: m.channel_id == thread.id and "rematch" in m.content,
                                         timeout=5)
        new_lobby = [m for m in sb.messages(sb.channel("game-table")) if table_button(m, "join")]
        assert new_lobby, "no new lobby in the channel"
        assert f"/{new_lobby[-1].id}" in said.content
        assert not sb.message(results.id).interactive()         # one rematch per result
        assert again.type == 7
    finally:
        await stop_bot_inprocess(bot, task, store)


def _children(pid: int) -> set[int]:
    """The processes whose parent is pid (read from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_the_bots_workers_end_when_it_is_killed_and_run_below_it(sb, tmp_path):
    proc = BotProcess(sb, tmp_path / "workers.db")
    await proc.start()
    try:
        workers: set[int] = set()
        for _ in range(100):                 # the render and AI workers start in the background
            workers = {c for c in _children(proc.proc.pid) if b"spawn_main" in
                       Path(f"/proc/{c}/cmdline").read_bytes()}
            if len(workers) >= 2:
                break
            await asyncio.sleep(0.1)
        assert len(workers) >= 2, workers
        mine = os.getpriority(os.PRIO_PROCESS, proc.proc.pid)
        for _ in range(100):                 # each lowers its priority once it has started
            if all(os.getpriority(os.PRIO_PROCESS, w) > mine for w in workers):
                break
            await asyncio.sleep(0.1)
        assert all(os.getpriority(os.PRIO_PROCESS, w) > mine for w in workers)
        proc.kill()
        for _ in range(50):
            if not any(_alive(w) for w in workers):
                break
            await asyncio.sleep(0.1)
        assert not [w for w in workers if _alive(w)], "workers outlived the killed bot"
    finally:
        proc.stop()
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)


async def test_a_panel_sent_by_a_process_that_died_before_storing_it_is_not_sent_twice(sb, tmp_path, monkeypatch):
    """The process sends a DM panel and dies before it writes down that it did; the next
    process sends what it thinks is missing, and Discord answers with the message that was
    sent (the panel's nonce): the player has one panel for the decision, not two."""
    from db.store import Store
    db = tmp_path / "twice.db"
    real = Store.set_seat_message

    async def dies(self, match_id, seat, kind, *args, **kw):
        if kind == "panel":
            raise ConnectionError("the process died here")
        return await real(self, match_id, seat, kind, *args, **kw)
    monkeypatch.setattr(Store, "set_seat_message", dies)
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        lobby = (await sb.slash("anna", "libertalia new")).message
        await sb.select("anna", lobby, level_select(lobby), "easy")
        await sb.click("anna", lobby, table_button(lobby, "start"))
        await sb.wait_for_dm("anna", live_choices, timeout=10)
        await bot.controller.idle()
    finally:
        await stop_bot_inprocess(bot, task, store)
    monkeypatch.setattr(Store, "set_seat_message", real)
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        await bot.controller.idle()
        for user in ("anna",):
            offered = [d for m in sb.dms(user) for d in decisions_offered(m)]
            assert offered and len(offered) == len(set(offered)), f"{user} got a decision twice: {offered}"
            assert Player(sb, user).dm_panel() is not None
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_board_posted_by_a_process_that_died_before_storing_it_becomes_the_board(sb, tmp_path, monkeypatch):
    """The bot posts the board and dies before it writes down its id; the next process takes
    that message as the board (its post's nonce): one board with live buttons, not two."""
    from core.service import MatchService
    db = tmp_path / "board.db"
    real = MatchService.set_messages

    async def dies(self, match, **fields):
        if fields.get("board_message_id"):
            raise ConnectionError("the process died here")
        return await real(self, match, **fields)
    monkeypatch.setattr(MatchService, "set_messages", dies)
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        lobby = (await sb.slash("anna", "libertalia new")).message
        await sb.click("bruno", lobby, table_button(lobby, "join"))     # no AI: nothing moves after
        await sb.click("anna", lobby, table_button(lobby, "start"))
        thread = await sb.wait_for_thread(timeout=10)
        first = await sb.wait_for_message(lambda m: m.channel_id == thread.id and table_button(m, "turn"),
                                          timeout=10)
        await bot.controller.idle()
    finally:
        await stop_bot_inprocess(bot, task, store)
    monkeypatch.setattr(MatchService, "set_messages", real)
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        await bot.controller.idle()
        boards = [m for m in sb.messages(thread) if table_button(m, "turn")]
        assert [m.id for m in boards] == [first.id], boards
        (match,) = bot.service.matches.values()
        assert match.board_message_id == first.id and match.board_nonce is None
    finally:
        await stop_bot_inprocess(bot, task, store)


async def glen_more_for_two(sb, bot):
    """Glen More for Anna and Bruno: its thread, the match, the seat to act and its player."""
    lobby, thread = await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=0,
                                     command="glenmore new")
    match = next(iter(bot.service.matches.values()))
    seat = match.to_act()[0]
    user = next(n for n in ("anna", "bruno") if match.seat(seat).user_id == sb.user(n).id)
    return thread, match, seat, user


async def test_a_player_who_holds_an_ephemeral_panel_is_not_asked_again_after_a_restart(sb, tmp_path):
    """Glen More: Anna plays from the board's Your turn; her next decision comes as a new
    ephemeral panel. The bot restarts: it neither DMs her that decision nor mentions her again,
    and the ephemeral panel she holds still works."""
    db = tmp_path / "eph.db"
    bot, task, store = await start_bot_inprocess(db, games=("glen_more",))
    try:
        settle = bot.controller.idle
        thread, match, seat, user = await glen_more_for_two(sb, bot)
        panel = None
        for _ in range(30):
            turn = await sb.click(user, board(sb, thread), table_button(board(sb, thread), "turn"))
            panel = turn.message
            r = await choose_first(sb, user, panel)
            await settle()
            nxt = [m for m in sb.ephemerals(user) if m.id > panel.id and panel_of(m)]
            if r.type == 7 and nxt and seat in match.to_act():
                panel = nxt[-1]
                break
            if seat not in match.to_act():
                pytest.skip("the turn passed on before a second decision")
        mark = max(sb.world.messages)
    finally:
        await stop_bot_inprocess(bot, task, store)
    bot, task, store = await start_bot_inprocess(db, games=("glen_more",))
    try:
        await bot.controller.idle()
        uid = sb.user(user).id
        new_dms = [m for m in sb.dms(user) if m.id > mark and live_choices(m)]
        mentions = [m for m in sb.messages(thread) if m.id > mark and f"<@{uid}>" in m.content]
        assert not new_dms and not mentions, (new_dms, mentions)
        r = await choose_first(sb, user, panel)
        assert r.type == 7
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_player_with_closed_dms_keeps_the_panel_a_publication_could_not_replace(sb, tmp_path):
    """Glen More, Anna's DMs closed: she plays from an ephemeral panel. A publication that
    started before her panel was sent (two clicks at once) offers the same decision again: the
    DM fails, and her ephemeral panel, the only one she has, stays clickable."""
    bot, task, store = await start_bot_inprocess(tmp_path / "closed.db", games=("glen_more",))
    try:
        settle = bot.controller.idle
        thread, match, seat, user = await glen_more_for_two(sb, bot)
        sb.close_dms(user)
        bot.controller.dm_closed.add(sb.user(user).id)
        turn = await sb.click(user, board(sb, thread), table_button(board(sb, thread), "turn"))
        await settle()
        assert turn.ephemeral and panel_of(turn.message)
        panels = bot.controller.panels
        panels.offered.pop((match.id, seat))        # the publication's view: not yet offered,
        await bot.service.store.release_offers(match.id, seat)     # nor claimed
        await panels.deliver(match, {})
        await settle()
        shown = sb.world.messages[turn.message.id]
        assert panel_of(shown), "the only panel of a player with closed DMs was retired"
        r = await choose_first(sb, user, shown)
        assert r.type == 7
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_an_end_a_crash_kept_unpublished_is_published_at_the_restart(sb, tmp_path):
    """The host closes the table and the process dies before it retired anything (here: the
    close is stored by a service with no listeners while the bot is down). At its start the
    next process retires every panel and button of that table."""
    from core.service import MatchService
    from db.store import Store
    db = tmp_path / "end.db"
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        lobby, thread = await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=1)
        (mid,) = bot.service.matches
    finally:
        await stop_bot_inprocess(bot, task, store)
    store = await Store.open(db)
    try:
        svc = MatchService(store)
        await svc.load_all()
        await svc.abort(mid, sb.user("anna").id)
        await svc.close()
    finally:
        await store.close()
    assert any(m.interactive() for u in ("anna", "bruno") for m in sb.dms(u))
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        await bot.controller.idle()
        left = [(u, m.id) for u in ("anna", "bruno") for m in sb.dms(u) if m.interactive()]
        assert not left, f"live components of a closed table after the restart: {left}"
        assert not board(sb, thread)
        assert not (await store.unpublished_ends())
    finally:
        await stop_bot_inprocess(bot, task, store)
