"""When the store fails, through Discord: a table whose saved game is damaged is reachable (it
says so, and its host closes it) while the others play on; and a store that cannot be written
gets every command and click a clear answer, not "This interaction failed", with nothing
changed, and the same command works once the store does again."""
from __future__ import annotations

import logging
import sqlite3

import pytest

from tests.e2e.harness import (Player, board, choose_first, open_table, start_bot_inprocess,
                               stop_bot_inprocess, table_button)

pytestmark = pytest.mark.e2e

DAMAGED = "its saved game is damaged and cannot go on"
NOT_SAVED = "could not be saved; please try again"


async def open_second_table(sb, settle):
    """A Libertalia table of Chloe and Dmitri in #tavern, started: its thread."""
    tavern = sb.channel("tavern")
    r = await sb.slash("chloe", "libertalia new", channel=tavern)
    lobby = r.message
    await sb.click("dmitri", lobby, table_button(lobby, "join"))
    await sb.click("chloe", lobby, table_button(lobby, "start"))
    thread = await sb.wait_for_thread(lambda t: t.parent_id == tavern.id, timeout=10)
    await settle()
    return thread


def damage(db, match_id: int, what: str) -> None:
    """Damage the stored game the way a bad disk or a hand edit would, behind the bot's back."""
    con = sqlite3.connect(str(db))
    try:
        if what == "snapshot":
            con.execute("UPDATE snapshots SET state='{\"round\": [' WHERE match_id=?", (match_id,))
        else:
            con.execute("UPDATE actions SET action='{\"type\": \"pick\", \"card\": 99999}'"
                        " WHERE match_id=? AND n=1", (match_id,))
        con.commit()
    finally:
        con.close()


@pytest.mark.parametrize("what", ["snapshot", "action"])
async def test_a_table_whose_saved_game_is_damaged_says_so_and_its_host_closes_it(sb, tmp_path, caplog, what):
    db = tmp_path / "damaged.db"
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        settle = bot.controller.idle
        lobby, thread = await open_table(sb, settle, humans=("anna", "bruno"), ai=0)
        (broken_id,) = bot.service.matches
        anna = Player(sb, "anna")
        assert (await choose_first(sb, "anna", anna.dm_panel())).type == 7    # action 1
        await settle()
        other_thread = await open_second_table(sb, settle)
    finally:
        await stop_bot_inprocess(bot, task, store)
    damage(db, broken_id, what)

    caplog.set_level(logging.WARNING)
    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))     # the restart
    try:
        settle = bot.controller.idle
        await settle()
        # the other table plays on
        chloe = Player(sb, "chloe")
        assert await chloe.act_once(board(sb, other_thread))
        # every click of the damaged one, and /table status there, says what is wrong
        bruno_panel = Player(sb, "bruno").dm_panel()
        answers = [await choose_first(sb, "bruno", bruno_panel),
                   await sb.click("anna", board(sb, thread), table_button(board(sb, thread), "view")),
                   await sb.click("bruno", board(sb, thread), table_button(board(sb, thread), "turn")),
                   await sb.slash("bruno", "table status", channel=thread)]
        for r in answers:
            assert r.ephemeral and DAMAGED in r.content and "/table abort" in r.content, r.content
            assert f"#{broken_id}" in r.content
        assert (await sb.slash("bruno", "table abort", channel=thread)).content.startswith("Only the host")
        # its host closes it: its buttons go, the store has it closed
        r = await sb.slash("anna", "table abort", channel=thread)
        assert r.content == f"Table #{broken_id} was closed.", r.content
        await settle()
        assert board(sb, thread) is None                   # no message there has buttons left
        assert Player(sb, "bruno").dm_panel() is None
        assert (await store.get_match(broken_id)).status == "aborted"
        assert await store.unpublished_ends() == []
        assert await chloe.act_once(board(sb, other_thread)) or Player(sb, "dmitri").dm_panel()
        # the damage was logged once, with its cause, and nothing else was
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and f"match {broken_id} cannot be loaded" in errors[0].getMessage(), (
            [r.getMessage() for r in errors])
        assert errors[0].exc_info
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_store_that_cannot_be_written_gets_every_command_a_clear_answer(sb, tmp_path):
    bot, task, store = await start_bot_inprocess(tmp_path / "readonly.db", games=("libertalia",))
    svc, settle = bot.service, bot.controller.idle

    async def read_only(on: bool) -> None:
        """The database refuses every write (as on a read-only disk) or takes them again,
        once the last command is done (its handler may still store after its answer)."""
        await sb.idle(quiet=0.3)
        await settle()
        await store.conn.execute(f"PRAGMA query_only={int(on)}")

    async def refused(r, *, followup: bool = False):
        """The answer came in time, only to the user, and says to try again."""
        it = r.interaction
        assert it.callback_at - it.dispatched_at < sb.callback_deadline
        assert it.answered_at is not None and it.answered_at - it.dispatched_at < sb.callback_deadline
        msg = r.followups[-1] if followup else r.message
        assert msg.ephemeral and NOT_SAVED in msg.content, msg.content
        await settle()

    try:
        # /libertalia new
        await read_only(True)
        await refused(await sb.slash("anna", "libertalia new"), followup=True)
        assert not svc.matches and await store.open_tables() == []
        await read_only(False)
        r = await sb.slash("anna", "libertalia new")
        assert not r.ephemeral
        lobby = r.message
        (m,) = svc.matches.values()

        # Join
        await read_only(True)
        await refused(await sb.click("bruno", lobby, table_button(lobby, "join")))
        assert [s.name for s in m.seats] == ["Anna"]
        await read_only(False)
        await sb.click("bruno", lobby, table_button(lobby, "join"))
        assert [s.name for s in m.seats] == ["Anna", "Bruno"]

        # Start
        await read_only(True)
        await refused(await sb.click("anna", lobby, table_button(lobby, "start")))
        assert m.status == "lobby" and (await store.get_match(m.id)).status == "lobby"
        await read_only(False)
        await sb.click("anna", lobby, table_button(lobby, "start"))
        thread = await sb.wait_for_thread(timeout=10)
        await settle()
        assert m.status == "running"

        # /table language
        bruno = sb.user("bruno").id
        await read_only(True)
        await refused(await sb.slash("bruno", "table language", language="el"))
        assert bruno not in svc.languages
        await read_only(False)
        r = await sb.slash("bruno", "table language", language="el")
        assert svc.languages[bruno] == "el" and "Ελληνικά" in r.content

        # a move
        anna = Player(sb, "anna")
        n = m.n
        await read_only(True)
        r = await choose_first(sb, "anna", anna.dm_panel())
        assert r.ephemeral and "The move could not be saved; please try again." in r.content
        assert m.n == n and await store.action_count(m.id) == n
        await read_only(False)
        assert (await choose_first(sb, "anna", anna.dm_panel())).type == 7
        assert m.n == n + 1

        # /table abort
        await read_only(True)
        await refused(await sb.slash("anna", "table abort", channel=thread))
        assert m.status == "running" and m.id in svc.matches
        await read_only(False)
        r = await sb.slash("anna", "table abort", channel=thread)
        assert r.content == f"Table #{m.id} was closed."
        assert (await store.get_match(m.id)).status == "aborted"
    finally:
        await stop_bot_inprocess(bot, task, store)
