"""Discord fails now and then (issue 26, item 1): a 503, a request that times out, a dropped
connection. No table stalls on it: the bot tries again where that cannot do anything twice
(``cogs.transient``), and what still failed is brought up to date from the table's state
(``Controller.reconcile``) once Discord answers again. Faults come from the stand-in's fault
plans (``sandbox.faults``)."""
from __future__ import annotations

import pytest

from cogs import transient
from sandbox import FaultPlan
from tests.e2e.harness import Player, board, open_table, panel_of, start_bot_inprocess, stop_bot_inprocess, table_button

pytestmark = pytest.mark.e2e

SEND = "POST /channels/{id}/messages"


def live_panels(sb, user: str) -> list:
    return [m for m in sb.dms(user) if not m.deleted and panel_of(m)]


async def start_with_faults(sb, plan: FaultPlan):
    """Libertalia, Anna and Bruno: the fault plan starts just before the host's Start."""
    r = await sb.slash("anna", "libertalia new")
    lobby = r.message
    await sb.click("bruno", lobby, table_button(lobby, "join"))
    sb.set_faults(plan)
    await sb.click("anna", lobby, table_button(lobby, "start"))
    return lobby


def assert_table_goes_on(sb, bot) -> None:
    """One board with live buttons in the thread, and each player holds exactly one live
    panel of their pick (Libertalia's first decision is everyone's)."""
    (thread,) = sb.threads()
    boards = [m for m in sb.messages(thread) if table_button(m, "turn")]
    assert len(boards) == 1, [m.id for m in boards]
    (match,) = bot.service.matches.values()
    assert match.board_message_id == boards[0].id and match.board_nonce is None
    for user in ("anna", "bruno"):
        assert len(live_panels(sb, user)) == 1, (user, [m.content for m in sb.dms(user)])


@pytest.mark.parametrize("kind", ["503", "500", "drop", "timeout"])
async def test_one_failed_request_while_a_start_is_published_stalls_nothing(sb, tmp_path, monkeypatch, kind):
    """The first message the start sends fails once (the thread's first line, then the DM
    panels and the board follow): the game starts all the same, nothing posted twice. A
    timeout or a drop may have been carried out: the new message's nonce makes the retry
    return it instead of a second one."""
    monkeypatch.setattr(transient, "TIMEOUT_S", 1.0)
    bot, task, store = await start_bot_inprocess(tmp_path / "start.db")
    try:
        await start_with_faults(sb, FaultPlan(count=1, routes=[SEND], kinds=(kind,), hold=3.0, processed=1.0))
        await bot.controller.repaired()
        assert sb.fault_stats()["total"] == 1
        assert_table_goes_on(sb, bot)
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_every_message_failing_for_a_while_is_repaired_once_discord_answers(sb, tmp_path):
    """Discord fails every new message for longer than the bot's tries (the first twelve
    message creations answer 503): the start publishes what it can, and the repair brings the
    table up to date afterwards: the board, each player's panel, once."""
    bot, task, store = await start_bot_inprocess(tmp_path / "outage.db")
    try:
        await start_with_faults(sb, FaultPlan(count=12, routes=[SEND], kinds=("503",)))
        await bot.controller.repaired()
        assert sb.fault_stats()["total"] == 12
        assert_table_goes_on(sb, bot)
        # and the game goes on: both pick, the day is played
        (match,) = bot.service.matches.values()
        count = sum(match.seat_counts.values())
        for user in ("anna", "bruno"):
            assert await Player(sb, user).act_once(board(sb, sb.threads()[0]))
        await bot.controller.idle()
        assert sum(match.seat_counts.values()) > count
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_dm_panel_that_fails_mid_game_is_sent_by_the_repair(sb, tmp_path):
    """Mid-game, the next DM panel fails for longer than the tries (it used to be never sent:
    the table waited on a player who had nothing to click): once Discord answers, the player
    asked gets it, once."""
    bot, task, store = await start_bot_inprocess(tmp_path / "mid.db")
    try:
        lobby, thread = await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=0)
        (match,) = bot.service.matches.values()
        dms = "|".join(str(sb.world.dm_channel(sb.user(u)).id) for u in ("anna", "bruno"))
        sb.set_faults(FaultPlan(count=6, routes=[f"POST /channels/({dms})/messages"], kinds=("503",)))
        mark = max(sb.world.messages)
        for user in ("anna", "bruno"):
            assert await Player(sb, user).act_once(board(sb, thread))
        await bot.controller.repaired()
        assert sb.fault_stats()["total"] == 6
        asked = [u for u in ("anna", "bruno") if match.seat_of(sb.user(u).id).seat in match.to_act()]
        assert asked
        for user in asked:
            new = [m for m in live_panels(sb, user) if m.id > mark]
            assert len(new) == 1, [m.content for m in sb.dms(user)]
        for user in ("anna", "bruno"):
            assert len(live_panels(sb, user)) <= 1
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_timed_out_answer_to_a_click_is_tried_again_within_the_time_limit(sb, tmp_path, monkeypatch):
    """The edit that shows a click's choice (an interaction follow-up) hangs: the bot gives
    that try up after its time limit and tries again, so the panel shows the choice long
    before Discord would have let the first try go."""
    monkeypatch.setattr(transient, "TIMEOUT_S", 1.0)
    bot, task, store = await start_bot_inprocess(tmp_path / "edit.db")
    try:
        lobby, thread = await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=0)
        panel = Player(sb, "anna").dm_panel()
        kind, cid, values = panel_of(panel)
        sb.set_faults(FaultPlan(count=1, routes=["PATCH /webhooks/{app}/{token}/messages/{mid}"],
                                kinds=("timeout",), hold=8.0, processed=0.0))
        r = await (sb.select("anna", panel, cid, [values[0]]) if kind == "select" else sb.click("anna", panel, cid[values[0]]))
        assert sb.fault_stats()["total"] == 1
        assert r.type == 7 and "✓" in sb.world.messages[panel.id].content
        assert r.interaction.answered_at - r.interaction.dispatched_at < 5.0
    finally:
        await stop_bot_inprocess(bot, task, store)
