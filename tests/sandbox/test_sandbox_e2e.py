"""A real discord.py bot against the sandbox, in one event loop."""
from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
from sandbox_testbot import start_bot, stop_bot

from sandbox import InteractionFailed, Sandbox, SandboxError

PNG_SIG = b"\x89PNG\r\n\x1a\n"


async def test_slash_replies_with_png_embed_and_components(sb, bot):
    r = await sb.slash("anna", "demo new", players=3, speed="fast")
    assert r.type == 4 and not r.ephemeral and r.latency < 1.0
    m = r.message
    assert m.content.startswith("Table ") and m.content.endswith("by Anna")
    assert m.type == 20 and m.interaction_meta["user"]["id"] == str(sb.user("anna").id)
    png = m.attachment_bytes("board.png")
    assert png.startswith(PNG_SIG)
    a = m.attachment("board.png")
    assert (a.width, a.height) == (480, 320) and a.description == "An empty board"
    assert m.embeds[0]["title"].startswith("Table") and m.embeds[0]["image"]["proxy_url"] == a.url
    assert [c["type"] for c in m.interactive()] == [2, 3]
    # the attachment URL serves the stored bytes
    async with aiohttp.ClientSession() as s, s.get(a.url) as resp:
        assert resp.status == 200 and await resp.read() == png
    # everyone sees the public message
    assert all(m in sb.visible_to(u) for u in sb.users)
    assert sb.messages("game-table") == [m]


async def test_option_validation_is_strict(sb, bot):
    with pytest.raises(SandboxError, match="not one of the choices"):
        await sb.slash("anna", "demo new", players=3, speed="warp")
    with pytest.raises(SandboxError, match="missing required"):
        await sb.slash("anna", "demo new")
    with pytest.raises(SandboxError, match="no subcommand"):
        await sb.slash("anna", "demo nope")
    with pytest.raises(SandboxError, match="no option"):
        await sb.slash("anna", "demo new", players=2, colour="red")


async def test_user_option_and_ephemeral_reply(sb, bot):
    r = await sb.slash("anna", "demo new", players=2, host="bruno", public=False)
    assert r.ephemeral and r.content.endswith("by Bruno")
    assert r.message in sb.ephemerals("anna")
    assert r.message in sb.visible_to("anna") and r.message not in sb.visible_to("bruno")
    assert r.message in sb.hidden_from("chloe")
    assert sb.messages("game-table") == []


async def test_click_dynamic_button_then_dm(sb, bot):
    table = await sb.slash("anna", "demo new", players=2)
    r = await sb.click("bruno", table.message, label="Join")
    assert r.type == 4 and r.ephemeral and r.content.startswith("You joined table")
    assert r.message.viewer_id == sb.user("bruno").id
    dm = await sb.wait_for_dm("bruno", lambda m: "secret hand" in m.content, timeout=5)
    assert dm.attachment_bytes("hand.png").startswith(PNG_SIG)
    assert dm in sb.dms("bruno") and dm not in sb.visible_to("anna")
    # same DM channel id every time
    r2 = await sb.click("bruno", table.message, label="Join")
    dm2 = await r2.wait_for_message(lambda m: m.is_dm and m.viewer_id == sb.user("bruno").id)
    assert dm2.channel_id == dm.channel_id and dm2.id != dm.id


async def test_closed_dms_fall_back_to_ephemeral(sb, bot):
    table = await sb.slash("anna", "demo new", players=2)
    sb.close_dms("chloe")
    r = await sb.click("chloe", table.message, "sbx-join:" + table.message.custom_ids[0].split(":")[1])
    fb = await r.wait_followup(lambda m: "DMs closed" in m.content)
    assert fb.ephemeral and fb.viewer_id == sb.user("chloe").id
    assert ("dm-forbidden", 50007) in bot.log
    assert sb.dms("chloe") == []
    # via a slash command with a user option: discord.Forbidden with code 50007 reaches the bot
    r = await sb.slash("anna", "demo dm", user="chloe")
    final = await r.wait_final()
    assert final.content == "cannot DM Chloe" and final.ephemeral
    assert bot.log.count(("dm-forbidden", 50007)) == 2


async def test_select_updates_message_type7(sb, bot):
    table = await sb.slash("anna", "demo new", players=2)
    with pytest.raises(SandboxError, match="not among the options"):
        await sb.select("dmitri", table.message, table.message.custom_ids[1], ["9"])
    r = await sb.select("dmitri", table.message, table.message.custom_ids[1], "4")
    assert r.type == 7 and r.message.id == table.message.id
    assert table.message.content == "Dmitri picked card 4" and table.message.components == []
    assert table.message.attachments and table.message.attachments[0].filename == "board.png"
    assert table.message.history[0]["content"].startswith("Table ")
    with pytest.raises(SandboxError, match="no component"):
        await sb.click("dmitri", table.message, label="Join")


async def test_deferred_reply_edited_later(sb, bot):
    r = await sb.slash("elif", "demo slow")
    assert r.type == 5 and r.deferred
    final = await r.wait_final(timeout=5)
    assert final.content == "Rendered" and not final.loading and not final.ephemeral
    assert final.attachment_bytes("late.png").startswith(PNG_SIG)
    r = await sb.slash("elif", "demo slow", ephemeral=True)
    final = await r.wait_final()
    assert final.ephemeral and final.content == "Rendered"


async def test_first_followup_fills_deferred_message(sb, bot):
    r = await sb.slash("anna", "demo menu")
    m = await r.wait_final()
    assert m.content.startswith("first followup") and not m.ephemeral
    second = await r.wait_followup()
    assert second.ephemeral and second.custom_ids == ["sbx-pick:7"]
    # a select on an ephemeral message: only its viewer can use it
    with pytest.raises(SandboxError, match="cannot see"):
        await sb.select("bruno", second, "sbx-pick:7", "1")
    u = await sb.select("anna", second, "sbx-pick:7", "2")
    assert u.type == 7 and u.message.ephemeral and u.message.content == "Anna picked card 2"


async def test_thread_creation(sb, bot):
    r = await sb.slash("chloe", "demo thread", name="Libertalia #1")
    opened = await r.wait_final()
    assert opened.content.startswith("Opened <#")
    th = sb.thread("Libertalia #1")
    starter = sb.message(th.id)           # a thread from a message has the message's id
    assert starter.content == "Table thread: Libertalia #1" and starter.thread_id == th.id
    assert th.type == 11 and th.parent_id == sb.channel("game-table").id
    assert [m.content for m in sb.messages(th)] == ["Welcome to the table"]
    side = await sb.wait_for_thread(lambda t: t.name == "Libertalia #1-side")
    assert side.type == 11 and sb.messages(side)[0].content == "side thread"
    # channel.create_thread() without a message makes a *private* thread by default
    private = sb.thread("Libertalia #1-private")
    assert private.type == 12
    secret = sb.messages(private)[0]
    assert secret in sb.visible_to("chloe") and secret in sb.visible_to("anna")   # member / thread manager
    assert secret not in sb.visible_to("bruno") and th.id in [t.id for t in sb.threads("game-table")]
    # the bot knows the thread (THREAD_CREATE) and a button in it works
    assert bot.get_channel(th.id) is not None
    c = await sb.click("bruno", sb.messages(th)[0], label="Join")
    assert c.message.channel_id == th.id and c.ephemeral
    await c.wait_for_message(lambda m: m.is_dm)


async def test_channel_message_edit_keeps_and_replaces_attachments(sb, bot):
    r = await sb.slash("anna", "demo edit")
    await r.wait_final()
    assert await r.wait_for_message(lambda m: m.content == "edited")
    status = next(m for m in sb.messages("game-table") if m.content.startswith("status"))
    assert status.content == "status v3" and status.edits == 2
    assert ("edit-kept", ["a.png"]) in bot.log
    assert [a.filename for a in status.attachments] == ["b.png"]
    assert ("edit-read", len(status.attachment_bytes("b.png"))) in bot.log
    assert [h["content"] for h in status.history] == ["status v1", "status v2"]


async def test_double_callback_is_refused_40060(sb, bot):
    r = await sb.slash("anna", "demo twice")
    assert r.content == "first"
    await bot.wait_log(("twice", 400, 40060))   # discord.HTTPException(400, code 40060) in the bot
    assert len(sb.ephemerals("anna")) == 1


async def test_modal_roundtrip(sb, bot):
    r = await sb.slash("farid", "demo ask")
    assert r.type == 9 and r.modal["title"] == "A question"
    s = await sb.submit_modal("farid", r, {"sbx-answer": "forty-two"})
    assert s.type == 4 and s.content == "You said forty-two" and s.ephemeral


async def test_autocomplete(sb, bot):
    choices = await sb.autocomplete("anna", "demo new", "pace", players=2, pace="f")
    assert choices == [{"name": "fast", "value": "fast"}]


async def test_unknown_route_is_404_and_logged(sb, bot, caplog):
    with pytest.raises(discord.NotFound) as exc:
        await bot.get_guild(sb.guild_id).fetch_emojis()
    assert exc.value.status == 404
    assert any("/emojis" in line for line in sb.unknown_routes)
    assert any("SANDBOX 404" in rec.getMessage() for rec in caplog.records)
    sb.unknown_routes.clear()


async def test_late_callback_is_10062():
    async with Sandbox(callback_deadline=0.2) as sb:
        restore = sb.patch_discord()
        bot, task = await start_bot()
        try:
            with pytest.raises(InteractionFailed, match="not acknowledged"):
                await sb.slash("anna", "demo sleepy", seconds=0.5)
            await bot.wait_log(("late", 10062))     # the bot got discord.NotFound code 10062
            assert sb.messages("game-table") == []
        finally:
            await stop_bot(bot, task)
            restore()


async def test_plain_text_frames_when_compression_is_off():
    async with Sandbox(compression=False) as sb:
        restore = sb.patch_discord()
        bot, task = await start_bot()
        try:
            assert {c.mode for c in sb.connections} == {"text"}
            r = await sb.slash("anna", "demo new", players=2)
            assert r.type == 4
        finally:
            await stop_bot(bot, task)
            restore()


async def test_fetch_user_member_channel(sb, bot):
    u = await bot.fetch_user(sb.user("bruno").id)
    assert u.name == "bruno" and u.display_name == "Bruno"
    g = bot.get_guild(sb.guild_id)
    mem = await g.fetch_member(sb.user("anna").id)
    assert mem.display_name == "Anna"
    ch = await bot.fetch_channel(sb.channel("general").id)
    assert ch.name == "general"
    with pytest.raises(discord.NotFound) as exc:
        await bot.fetch_user(1234)
    assert exc.value.code == 10013
    assert sb.unknown_routes == []


async def test_restarted_bot_handles_old_buttons(sb):
    bot1, t1 = await start_bot(generation=1)
    table = await sb.slash("anna", "demo new", players=2)
    await stop_bot(bot1, t1)
    with pytest.raises(InteractionFailed):
        await sb.click("bruno", table.message, label="Join", timeout=0.3)
    before = sb.identify_count
    bot2, t2 = await start_bot(generation=2)
    try:
        await sb.wait_for_bot(after=before)
        r = await sb.click("bruno", table.message, label="Join")
        assert r.ephemeral and r.content.startswith("You joined table")
        assert bot2.log[0][0] == "join" and bot2.log[0][3] == 2
        await sb.wait_for_dm("bruno")
        r = await sb.select("chloe", table.message, table.message.custom_ids[1], "5")
        assert r.type == 7
    finally:
        await stop_bot(bot2, t2)
    assert sb.identify_count == 2


async def test_resume_after_dropped_socket(sb, bot):
    resumed = asyncio.create_task(bot.wait_for("resumed", timeout=5))
    await sb.drop_connections()
    await resumed
    assert sb.resume_count == 1 and sb.identify_count == 1
    r = await sb.slash("anna", "demo new", players=2)
    assert r.type == 4


async def test_op7_reconnect_resumes(sb, bot):
    resumed = asyncio.create_task(bot.wait_for("resumed", timeout=5))
    await sb.send_reconnect()
    await resumed
    assert sb.resume_count == 1 and sb.identify_count == 1
    assert (await sb.slash("anna", "demo new", players=2)).type == 4


async def test_interaction_queued_while_socket_down_is_replayed(sb, bot):
    await sb.drop_connections()
    r = await sb.slash("anna", "demo new", players=4)     # buffered, delivered on RESUME
    assert r.type == 4 and sb.resume_count == 1


async def test_latencies_recorded(sb, bot):
    for _ in range(5):
        await sb.slash("anna", "demo new", players=2)
    lat = sb.latencies(2)
    assert len(lat) == 5 and all(0 < x < 1 for x in lat)


async def test_button_in_a_dm(sb, bot):
    table = await sb.slash("anna", "demo new", players=2)
    await sb.click("bruno", table.message, label="Join")
    dm = await sb.wait_for_dm("bruno", lambda m: m.custom_ids)
    r = await sb.click("bruno", dm, label="Play a card")
    assert r.type == 4 and not r.ephemeral and r.message.is_dm and r.message.viewer_id == sb.user("bruno").id
    assert r.message.channel_id == dm.channel_id
    assert ("hand", None, "DMChannel", "bruno") in bot.log
    with pytest.raises(SandboxError, match="cannot see"):
        await sb.click("anna", dm, label="Play a card")


async def test_deferred_update_original_and_followup_edit(sb, bot):
    panel = (await sb.slash("anna", "demo panel")).message
    r = await sb.click("chloe", panel, label="Refresh")
    assert r.type == 6 and r.message is panel
    final = await r.wait_final()
    assert final.content == "panel v2" and final.custom_ids == ["sbx-refresh:2"]
    await bot.wait_log(("panel", "panel v2", "done"))
    assert [m.content for m in r.followups] == ["done"] and r.followups[0].viewer_id == sb.user("chloe").id
    r2 = await sb.click("chloe", panel, label="Refresh")
    assert (await r2.wait_final()).content == "panel v3"


async def test_delete_original_response(sb, bot):
    r = await sb.slash("anna", "demo oops")
    await bot.wait_log(("oops-deleted",))
    assert r.message.deleted and sb.messages("game-table") == []
    assert r.message not in sb.visible_to("anna")


async def test_uploads_above_1_mib_and_the_size_limit(sb, bot):
    r = await sb.slash("anna", "demo big", kib=3 * 1024)
    m = await r.wait_final()
    assert m.content == "big file" and m.attachment("big.bin").size == 3 * 1024 * 1024
    r = await sb.slash("anna", "demo big", kib=11 * 1024)
    assert (await r.wait_final()).content == "too big"
    assert ("big", 413, 40005) in bot.log


async def test_discord_limits_are_enforced(sb, bot):
    r = await sb.slash("anna", "demo long")
    assert r.content == "shortened"          # the first callback was refused, so a second one is allowed
    assert ("long", 400, 50035) in bot.log


async def test_members_intent_needs_no_chunk_wait(sb):
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    bot, task = await start_bot(members=True)
    try:
        assert loop.time() - t0 < 2
        assert len(bot.get_guild(sb.guild_id).members) == len(sb.users) + 1
        assert (await sb.slash("anna", "demo new", players=2, host="dmitri")).content.endswith("by Dmitri")
    finally:
        await stop_bot(bot, task)


async def test_auto_sharded_bot_uses_gateway_bot(sb):
    from sandbox_testbot import ShardedDemoBot
    bot, task = await start_bot(cls=ShardedDemoBot)
    try:
        assert ("GET", "/api/v10/gateway/bot", 200) in sb.requests
        assert (await sb.slash("anna", "demo new", players=2)).type == 4
    finally:
        await stop_bot(bot, task)


async def test_locale_permissions_and_limits_reach_the_bot(sb, bot):
    sb.user("elif").locale = "tr"
    r = await sb.slash("elif", "demo whoami")
    assert r.content == "tr|en-US|Elif|threads=False|app_attach=True|limit=10485760"
    r = await sb.slash("anna", "demo whoami")     # Anna owns the guild
    assert r.content.startswith("en-US|en-US|Anna|threads=True")


async def test_expired_token_refuses_edits(sb, bot):
    r = await sb.slash("anna", "demo later")
    sb.expire_token(r)
    bot.gate.set()
    await bot.wait_log(("later", 401, 50027))
    assert r.message.loading


async def test_human_message_reaches_on_message(sb, bot):
    m = await sb.say("dmitri", "general", "hello table")
    await bot.wait_log(("message", "dmitri", sb.channel("general").id, "hello table"))
    assert m in sb.messages("general")


async def test_components_v2_layout(sb, bot):
    r = await sb.slash("anna", "demo v2")
    m = r.message
    assert m.flags & (1 << 15) and m.content == "" and "Waiting for: Anna, Chloe" in m.text
    assert m.custom_ids == ["sbx-join:5"] and m.attachment("board.png").width == 200
    c = await sb.click("elif", m, label="Join")
    assert c.type == 4 and c.ephemeral
    await sb.wait_for_dm("elif")
    # Discord refuses content on a components-v2 message; so does the sandbox
    msg = await bot.get_channel(m.channel_id).fetch_message(m.id)
    with pytest.raises(discord.HTTPException) as exc:
        await msg.edit(content="not allowed")
    assert exc.value.code == 50035 and "IS_COMPONENTS_V2" in exc.value.text


async def test_idle_waits_for_the_bot_to_go_quiet(sb, bot):
    r = await sb.slash("anna", "demo edit")      # several REST calls after the callback
    await sb.idle(quiet=0.05, timeout=5)
    assert r.content == "edited"
