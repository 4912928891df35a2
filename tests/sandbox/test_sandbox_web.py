"""The local-play page and ``python -m sandbox``."""
from __future__ import annotations

import asyncio
import os
import re
import socket
import sys

import aiohttp
from sandbox_testbot import ROOT, start_bot, stop_bot

from sandbox import patch_discord
from sandbox.web import parse_command_line


def test_parse_command_line():
    assert parse_command_line('/demo new players:3 "name:Big table" public=false') == (
        "demo new", {"players": "3", "name": "Big table", "public": "false"})


async def _post(session, url, **form):
    async with session.post(url, data=form, allow_redirects=False) as r:
        assert r.status == 303, await r.text()
        loc = r.headers["Location"]
        assert "err=" not in loc, loc
        return loc


async def test_web_ui_slash_click_select_modal(sb, bot):
    ch = str(sb.channel("game-table").id)
    async with aiohttp.ClientSession(sb.base_url) as s:
        async with s.get("/") as r:
            page = await r.text()
            assert r.status == 200 and "game-table" in page and "/demo" in page
        await _post(s, "/ui/slash", **{"as": "anna", "ch": ch, "command": "demo new players:3 speed:fast"})
        table = sb.messages("game-table")[-1]
        async with s.get("/", params={"as": "bruno", "ch": ch}) as r:
            page = await r.text()
            assert "Join" in page and table.attachments[0].url in page
        await _post(s, "/ui/click", **{"as": "bruno", "ch": ch, "msg": str(table.id), "cid": table.custom_ids[0]})
        assert any(m.content.startswith("You joined") for m in sb.ephemerals("bruno"))
        await sb.wait_for_dm("bruno")
        async with s.get("/", params={"as": "bruno", "ch": "dm"}) as r:
            assert "secret hand" in await r.text()
        async with s.get("/", params={"as": "chloe", "ch": ch}) as r:
            assert "You joined" not in await r.text()      # bruno's ephemeral is not shown to chloe
        await _post(s, "/ui/select", **{"as": "chloe", "ch": ch, "msg": str(table.id),
                                        "cid": table.custom_ids[1], "values": "2"})
        assert table.content == "Chloe picked card 2"
        await _post(s, "/ui/slash", **{"as": "farid", "ch": ch, "command": "demo ask"})
        async with s.get("/", params={"as": "farid", "ch": ch}) as r:
            assert "A question" in await r.text()
        await _post(s, "/ui/modal", **{"as": "farid", "ch": ch, "f:sbx-answer": "yes"})
        assert sb.ephemerals("farid")[-1].content == "You said yes"
        async with s.post("/ui/slash", data={"as": "anna", "ch": ch, "command": "demo nope"},
                          allow_redirects=False) as r:
            assert "err=" in r.headers["Location"]
        async with s.get("/ui/version") as r:
            assert int(await r.text()) == sb.mark()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_python_m_sandbox_serves_a_bot_in_another_process(caplog):
    port = _free_port()
    env = dict(os.environ, SANDBOX_PORT=str(port), PYTHONPATH=str(ROOT))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "sandbox", cwd=str(ROOT), env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    restore = None
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), 10)
        assert f"127.0.0.1:{port}" in line.decode(), line
        url = f"http://127.0.0.1:{port}"
        restore = patch_discord(url)
        bot, task = await start_bot()
        try:
            async with aiohttp.ClientSession(url) as s:
                async with s.get("/") as r:
                    page = await r.text()
                ch = re.search(r"ch=(\d+)", page).group(1)
                await _post(s, "/ui/slash", **{"as": "anna", "ch": ch, "command": "demo new players:2"})
                async with s.get(f"/api/v10/channels/{ch}/messages", headers={"Authorization": "Bot x"}) as r:
                    msgs = await r.json()
                assert msgs[0]["content"].startswith("Table ") and msgs[0]["attachments"][0]["filename"] == "board.png"
        finally:
            await stop_bot(bot, task)
    finally:
        if restore:
            restore()
        proc.terminate()
        await asyncio.wait_for(proc.wait(), 5)
