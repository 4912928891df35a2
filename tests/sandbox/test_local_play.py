"""Local play without a browser: the world file, the heartbeat, the play page's markup and
command box, and how bot.py chooses between Discord and local play."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time

import aiohttp
import pytest
from sandbox_testbot import start_bot, stop_bot

from sandbox import Sandbox
from sandbox.persist import snapshot


async def _run_world(tmp_path, **kw):
    """A Sandbox keeping its world in tmp_path, discord.py patched to it."""
    sb = Sandbox(world_file=tmp_path / "sandbox-world.json", **kw)
    await sb.start()
    return sb, sb.patch_discord()


def _view(sb, m):
    return (m.channel_id, m.author.id, m.content, m.embeds and [{k: v for k, v in e.items() if k != "image"}
                                                                for e in m.embeds],
            m.components, [(a.filename, a.data, a.description) for a in m.attachments], m.visibility, m.viewer_id,
            m.thread_id, m.flags)


# -- the world file ------------------------------------------------------------------------------

async def test_a_plain_sandbox_stays_in_memory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    async with Sandbox() as sb:
        assert sb.world_file is None
        sb.close_dms("chloe")
    assert list(tmp_path.iterdir()) == []


async def test_the_world_survives_a_restart_and_old_buttons_still_work(tmp_path):
    sb, restore = await _run_world(tmp_path)
    try:
        bot, task = await start_bot()
        try:
            r = await sb.slash("anna", "demo new", players=3)
            table = r.message
            await sb.click("bruno", table, label="Join")
            hand = await sb.wait_for_dm("bruno", lambda m: "secret hand" in m.text)
            await sb.slash("anna", "demo thread", name="Table 7")
            thread = await sb.wait_for_thread(lambda t: t.name == "Table 7")
            await sb.wait_for_message(lambda m: m.channel_id == thread.id and m.content == "Welcome to the table")
            sb.close_dms("chloe")
            sb.user("dmitri").locale = "de"
        finally:
            await stop_bot(bot, task)
    finally:
        restore()
        await sb.stop()
    before = {m.id: _view(sb, m) for m in sb.world.messages.values() if not m.deleted}
    users = {u.id: (u.username, u.dms_closed, u.locale) for u in sb.world.users.values()}
    channels = {c.id: (c.type, c.name, c.parent_id, sorted(c.thread_members)) for c in sb.world.channels.values()}
    last_id = sb.world.ids._last
    assert (tmp_path / "sandbox-world.json").is_file()
    assert not list(tmp_path.glob("**/*.tmp"))

    sb2, restore = await _run_world(tmp_path)
    try:
        w = sb2.world
        assert {m.id: _view(sb2, m) for m in w.messages.values()} == before
        assert {u.id: (u.username, u.dms_closed, u.locale) for u in w.users.values()} == users
        assert {c.id: (c.type, c.name, c.parent_id, sorted(c.thread_members)) for c in w.channels.values()} == channels
        assert (w.bot.id, w.guild_id, w.dm_by_user) == (sb.world.bot.id, sb.world.guild_id, sb.world.dm_by_user)
        assert w.ids.next() > last_id and sb2.mark() >= 1
        assert sb2.user("chloe").dms_closed and not sb2.user("bruno").dms_closed
        # the waits see the restored messages; attachments are served on the new port
        old_hand = await sb2.wait_for_dm("bruno", lambda m: m.id == hand.id)
        assert old_hand.attachment_bytes("hand.png") == hand.attachment_bytes("hand.png")
        assert old_hand.attachments[0].url.startswith(sb2.base_url)
        async with aiohttp.ClientSession() as s:
            async with s.get(old_hand.attachments[0].url) as resp:
                assert await resp.read() == hand.attachment_bytes("hand.png")
        board = w.message(table.id)
        assert board.embeds[0]["image"]["proxy_url"] == board.attachments[0].url
        # a new bot process: buttons and selects posted before the restart still work
        bot, task = await start_bot(generation=2)
        try:
            j = await sb2.click("chloe", table.id, label="Join")
            assert j.ephemeral and "You joined" in j.content
            table_no = int(board.content.split()[1])           # "Table 123 by Anna"
            assert ("join", table_no, w.user("chloe").id, 2) in bot.log
            p = await sb2.select("dmitri", table.id, board.custom_ids[1], ["4"])
            assert p.type == 7 and p.message.content == "Dmitri picked card 4"
            r = await sb2.click("bruno", old_hand, label="Play a card")
            assert "You played a card" in r.content
        finally:
            await stop_bot(bot, task)
    finally:
        restore()
        await sb2.stop()
    assert not sb2.errors and not sb2.unknown_routes


async def test_changes_are_written_soon_atomically_and_as_snapshot_says(tmp_path):
    sb, restore = await _run_world(tmp_path)
    sb.world_file.delay = 0.05
    path = tmp_path / "sandbox-world.json"
    try:
        bot, task = await start_bot()
        try:
            for _ in range(3):
                await sb.slash("anna", "demo new", players=2)
            saves = sb.world_file.saves
            r = await sb.slash("anna", "demo panel")
            await sb.click("bruno", r.message, label="Refresh")
            deadline = time.monotonic() + 5
            while sb.world_file.saves == saves and time.monotonic() < deadline:   # written without a stop
                await asyncio.sleep(0.02)
            assert sb.world_file.saves > saves
            await sb.idle()
            await sb.world_file.save()
            on_disk = json.loads(path.read_text("utf-8"))
            expected, files = snapshot(sb.world, event_seq=sb.mark(), base_url=sb.base_url)
            on_disk.pop("saved_at"), expected.pop("saved_at")
            assert on_disk == expected          # the cached message texts are the same as fresh ones
            stored = sorted(int(p.name) for p in (tmp_path / "sandbox-world-attachments").iterdir())
            assert stored == sorted(files) and files
            assert not list(tmp_path.glob("**/*.tmp"))
        finally:
            await stop_bot(bot, task)
    finally:
        restore()
        await sb.stop()


async def test_the_world_file_is_bounded(tmp_path):
    sb, restore = await _run_world(tmp_path)
    sb.world_file.max_messages = 3
    try:
        bot, task = await start_bot()
        try:
            for n in range(6):
                await sb.slash("anna", "demo new", players=n + 2)
        finally:
            await stop_bot(bot, task)
    finally:
        restore()
        await sb.stop()
    data = json.loads((tmp_path / "sandbox-world.json").read_text("utf-8"))
    newest = sorted(m.id for m in sb.world.messages.values())[-3:]
    assert [m["id"] for m in data["messages"]] == newest
    kept = {a["id"] for a in data["attachments"]}
    assert kept == {a.id for mid in newest for a in sb.world.messages[mid].attachments}
    assert {int(p.name) for p in (tmp_path / "sandbox-world-attachments").iterdir()} == kept   # older files removed


async def test_a_damaged_world_file_is_set_aside(tmp_path, caplog):
    path = tmp_path / "sandbox-world.json"
    path.write_text("{not json", "utf-8")
    with caplog.at_level(logging.WARNING, logger="sandbox.persist"):
        sb = Sandbox(world_file=path)
    assert "could not be read" in caplog.text
    assert (tmp_path / "sandbox-world.json.broken").read_text("utf-8") == "{not json"
    assert len(sb.world.messages) == 0 and sb.user("anna")
    await sb.start()
    await sb.stop()
    assert json.loads(path.read_text("utf-8"))["format"] == "tablemaster-sandbox-world"


# -- quiet logs ----------------------------------------------------------------------------------

async def test_favicon_is_no_404(sb):
    async with aiohttp.ClientSession(sb.base_url) as s:
        async with s.get("/favicon.ico") as r:
            assert r.status == 204
        async with s.get("/favicon.svg") as r:
            assert r.status == 200 and "svg" in r.headers["Content-Type"]
    assert not sb.unknown_routes


async def test_heartbeat_ack_comes_after_a_network_like_delay(sb):
    async with aiohttp.ClientSession() as s:
        async with s.ws_connect(sb.gateway_url) as ws:
            hello = await ws.receive_json()
            assert hello["op"] == 10
            sent = time.perf_counter()
            await ws.send_json({"op": 1, "d": None})
            ack = await ws.receive_json(timeout=5)
            assert ack["op"] == 11 and time.perf_counter() - sent >= sb.heartbeat_ack_delay * 0.9


async def test_a_busy_bot_is_never_reported_a_heartbeat_behind(caplog):
    """discord.py measures heartbeat latency from the moment its keep-alive thread notes the
    send. An ACK that the bot's busy event loop reads before that thread has run is measured
    against the previous heartbeat, one whole interval earlier: with Discord's 41.25 s interval
    that logs "Can't keep up, shard ID None websocket is 41.3s behind". Here the interval is
    0.4 s and the loop is kept busy, so such a latency would show as about 0.4 s."""
    interval = 0.4
    async with Sandbox(heartbeat_interval=int(interval * 1000)) as sb:
        restore = sb.patch_discord()
        stop = threading.Event()

        def burn():                              # rendering threads want the GIL too
            x = 0
            while not stop.is_set():
                x += sum(range(1000))
        burner = threading.Thread(target=burn, daemon=True)
        bot, task = await start_bot()
        burner.start()
        seen = []
        try:
            end = time.monotonic() + 6 * interval
            while time.monotonic() < end:
                await sb.slash("anna", "demo new", players=2)     # a busy loop: work, little waiting
                t = time.monotonic()
                while time.monotonic() - t < 0.05:
                    await asyncio.sleep(0)
                if bot.latency != float("inf"):
                    seen.append(bot.latency)
        finally:
            stop.set()
            burner.join()
            await stop_bot(bot, task)
            restore()
    assert len(set(seen)) >= 3, seen                   # several heartbeats were acknowledged
    assert max(seen) < interval * 0.75, seen
    assert "behind" not in caplog.text


# -- the play page ---------------------------------------------------------------------------------

async def test_page_shows_names_and_bold_and_escapes_the_rest(sb, bot):
    ch = sb.channel("general")
    bruno = sb.user("bruno")
    await sb.say("anna", ch, f"hi <@{bruno.id}> and <@!{bruno.id}> in <#{ch.id}>: **bold** *it* `**code**` "
                             "<script>alert(1)</script> <b onclick=x>")
    async with aiohttp.ClientSession(sb.base_url) as s:
        async with s.get("/", params={"as": "chloe", "ch": str(ch.id)}) as r:
            page = await r.text()
    assert ("hi <span class=mention>@Bruno</span> and <span class=mention>@Bruno</span> in "
            "<span class=mention>#general</span>: <b>bold</b> <i>it</i> <code>**code**</code> "
            "&lt;script&gt;alert(1)&lt;/script&gt; &lt;b onclick=x&gt;") in page
    assert "<script>alert" not in page and f"&lt;@{bruno.id}" not in page


async def test_command_box_suggests_the_registered_commands(sb, bot):
    async with aiohttp.ClientSession(sb.base_url) as s:
        async with s.get("/") as r:
            page = await r.text()
    assert "<datalist id=cmds>" in page
    suggested = page.split("<datalist id=cmds>")[1].split("</datalist>")[0]
    for path in ("demo new", "demo ask", "demo thread", "demo whoami"):
        assert f"<option value='{path}'>" in suggested
    assert ":" not in suggested and "players" not in suggested
    assert "placeholder='demo new'" in page
    assert "players: " in page          # the help lists the real options of /demo new


async def test_web_ui_say_and_modal_cancel(sb, bot):
    ch = str(sb.channel("game-table").id)
    async with aiohttp.ClientSession(sb.base_url) as s:
        async with s.post("/ui/say", data={"as": "anna", "ch": ch, "content": "hello"},
                          allow_redirects=False) as r:
            assert r.status == 303 and "err=" not in r.headers["Location"]
        assert sb.messages("game-table")[-1].content == "hello"
        async with s.post("/ui/slash", data={"as": "farid", "ch": ch, "command": "demo ask"},
                          allow_redirects=False) as r:
            assert "err=" not in r.headers["Location"]
        async with s.get("/", params={"as": "farid", "ch": ch}) as r:
            assert "class=overlay" in await r.text()
        async with s.post("/ui/modal", data={"as": "farid", "ch": ch, "cancel": "1"}, allow_redirects=False) as r:
            assert "err=" not in r.headers["Location"]
        async with s.get("/", params={"as": "farid", "ch": ch}) as r:
            assert "class=overlay" not in await r.text()
        async with s.post("/ui/dms", data={"as": "elif", "ch": ch}, allow_redirects=False) as r:
            assert r.status == 303
        assert sb.user("elif").dms_closed


# -- bot.py: Discord or local play -----------------------------------------------------------------

@pytest.fixture
def config_from(monkeypatch):
    import dotenv

    import bot
    monkeypatch.setattr(dotenv, "load_dotenv", lambda *a, **k: False)   # a developer's .env stays out

    def make(**env):
        for key in ("DISCORD_TOKEN", "SANDBOX", "SANDBOX_URL", "SANDBOX_PORT", "DATABASE_PATH",
                    "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS"):
            monkeypatch.delenv(key, raising=False)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        return bot.Config.from_env()
    return make


def test_without_a_token_bot_py_plays_locally(config_from):
    c = config_from()
    assert c.sandbox and c.sandbox_url is None and c.token is None
    assert str(c.world_file) == os.path.join("data", "sandbox-world.json")
    assert config_from(SANDBOX="", DISCORD_TOKEN="").sandbox          # as in a copied .env.example
    assert str(config_from(DATABASE_PATH="/x/y/t.db").world_file) == "/x/y/sandbox-world.json"


def test_shard_settings_are_read_and_impossible_ones_refused_with_what_to_do(config_from):
    import bot
    pg = "postgresql://u@h/db"
    c = config_from(SHARD_COUNT="4", SHARD_IDS="1, 3", DATABASE_URL=pg)
    assert (c.shard_count, c.shard_ids) == (4, [1, 3])
    c.check()
    plain = config_from()
    assert (plain.shard_count, plain.shard_ids) == (None, None)     # one process, every shard
    plain.check()
    assert [bot.process_rate(45, n, ids) for n, ids in ((None, None), (4, None), (4, [1]), (4, [0, 2]), (64, [0]))] \
        == [45, 45, 11, 22, 1]        # a process paces itself at its shards' share of the bot's limit
    for env, says in ((dict(SHARD_IDS="0", DATABASE_URL=pg), "needs SHARD_COUNT"),
                      (dict(SHARD_COUNT="2", SHARD_IDS="2", DATABASE_URL=pg), "from 0 to 1"),
                      (dict(SHARD_COUNT="2", SHARD_IDS="0"), "PostgreSQL")):
        with pytest.raises(bot.StartError, match=says):
            config_from(**env).check()


def test_with_a_token_bot_py_connects_to_discord_unless_told_otherwise(config_from):
    assert not config_from(DISCORD_TOKEN="abc").sandbox
    assert config_from(DISCORD_TOKEN="abc", SANDBOX="1").sandbox
    c = config_from(SANDBOX_URL="http://127.0.0.1:9999")
    assert c.sandbox and c.sandbox_url == "http://127.0.0.1:9999"
    assert not config_from(SANDBOX="0").sandbox


def test_sandbox_0_without_a_token_explains_and_exits(config_from, capsys):
    import bot
    config_from(SANDBOX="0")
    assert bot.main() == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "SANDBOX=0" in err


def test_bot_py_silences_the_voice_warnings():
    import discord

    import bot  # noqa: F401
    assert discord.VoiceClient.warn_nacl is False and discord.VoiceClient.warn_dave is False
