"""Growing the stand-in's world for load tests: new users and channels while a bot is
connected, and ``python -m sandbox --rate-limits``."""
from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import aiohttp
import pytest
from sandbox_testbot import start_bot, stop_bot

ROOT = Path(__file__).resolve().parents[2]


async def test_new_channel_and_user_reach_the_bot(sb):
    bot, task = await start_bot(members=True)
    try:
        ch = await sb.add_channel("tables-01")
        u = await sb.add_user("p0001", display_name="Player One", locale="hu")
        assert u in sb.users and sb.user("p0001") is u and sb.channel("tables-01") is ch
        # the bot heard CHANNEL_CREATE and (with the members intent) GUILD_MEMBER_ADD
        await asyncio.wait_for(_until(lambda: bot.get_channel(ch.id) is not None
                                      and bot.guilds[0].get_member(u.id) is not None), 5)
        assert bot.get_channel(ch.id).name == "tables-01"
        assert bot.guilds[0].get_member(u.id).display_name == "Player One"
        # the new user acts in the new channel like anyone else
        r = await sb.slash(u, "demo whoami", channel=ch)
        assert r.ephemeral and r.content.startswith("hu|en-US|Player One|")
        t = await sb.slash("p0001", "demo new", channel="tables-01", players=2)
        assert t.message.channel_id == ch.id and t.message in sb.visible_to("anna")
        with pytest.raises(ValueError):
            await sb.add_user("P0001")
        with pytest.raises(ValueError):
            await sb.add_channel("tables-01")
    finally:
        await stop_bot(bot, task)


async def _until(pred) -> None:
    while not pred():
        await asyncio.sleep(0.01)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_python_m_sandbox_rate_limits_flag():
    port = _free_port()
    env = dict(os.environ, SANDBOX_PORT=str(port), PYTHONPATH=str(ROOT))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "sandbox", "--rate-limits", cwd=str(ROOT), env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    try:
        lines: list[str] = []
        while not any("rate limits are on" in x for x in lines):
            line = (await asyncio.wait_for(proc.stdout.readline(), 10)).decode()
            assert line, lines
            lines.append(line)
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as s:
            async with s.get("/api/v10/users/@me", headers={"Authorization": "Bot x"}) as r:
                assert r.status == 200
                assert r.headers["X-RateLimit-Limit"] == "50" and r.headers["X-RateLimit-Remaining"] == "49"
    finally:
        proc.terminate()
        await asyncio.wait_for(proc.wait(), 5)
