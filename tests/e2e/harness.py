"""Helpers for the end-to-end tests: the real bot (real discord.py) against the sandbox,
in this process or as a separate `python bot.py` process, and a driver that plays the
human seats only through what Discord would show them (DM panels, or the ephemeral
"Your turn" panel when DMs are closed)."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from sandbox import TEST_CLIENT_KWARGS, Sandbox, SandboxError

ROOT = Path(__file__).resolve().parents[2]


async def start_bot_inprocess(db_path, games=("libertalia",)):
    from bot import GameBot
    from db.store import Store
    store = await Store.open(db_path)
    bot = GameBot(store, games=list(games), **TEST_CLIENT_KWARGS)
    task = asyncio.create_task(bot.start("sandbox-token"))
    await asyncio.wait_for(bot.wait_until_ready(), 20)
    return bot, task, store


async def stop_bot_inprocess(bot, task, store):
    await bot.close()
    try:
        await asyncio.wait_for(task, 10)
    except Exception:
        pass
    await store.close()


class BotProcess:
    """`python bot.py` in its own process, talking to the test's sandbox."""

    def __init__(self, sb: Sandbox, db_path: Path) -> None:
        self.sb, self.db_path, self.proc = sb, db_path, None

    async def start(self) -> None:
        after = self.sb.identify_count
        env = {**os.environ, "SANDBOX_URL": self.sb.base_url, "DATABASE_PATH": str(self.db_path),
               "GUILD_READY_TIMEOUT": "0.05", "LOG_LEVEL": "WARNING", "DISCORD_TOKEN": "sandbox-token"}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py")], cwd=ROOT, env=env)
        waiter = asyncio.ensure_future(self.sb.wait_for_bot(after=after, timeout=30))
        while not waiter.done():
            if self.proc.poll() is not None:
                waiter.cancel()
                raise RuntimeError(f"bot.py exited with {self.proc.returncode} before connecting")
            await asyncio.sleep(0.05)
        waiter.result()
        # commands are synced in setup_hook, before IDENTIFY; give on_ready a moment
        await asyncio.sleep(0.3)

    def kill(self) -> None:
        """A crash: no clean shutdown at all."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def panel_of(msg) -> tuple[str, str, list] | None:
    """(kind, custom_id, values) of the first choice component of a message, or None."""
    for row in msg.components or []:
        for c in row.get("components", []):
            cid = c.get("custom_id", "")
            if cid.startswith("sel:") and not c.get("disabled"):
                return "select", cid, [o["value"] for o in c.get("options", [])]
            if cid.startswith("act:") and not c.get("disabled"):
                return "button", cid, []
    return None


def is_results(m) -> bool:
    return any("final result" in (e.get("title") or "") for e in (m.embeds or []))


class Player:
    """A simulated human who only acts through what they can see."""

    def __init__(self, sb: Sandbox, name: str, *, via_dm: bool = True) -> None:
        self.sb, self.name, self.via_dm = sb, name, via_dm
        self.current = None       # the panel message we act on (DM or ephemeral)
        self.moves = 0
        self.refusals: list[str] = []

    def dm_panel(self):
        for m in reversed(self.sb.dms(self.name)):
            if not m.deleted and panel_of(m):
                return m
        return None

    async def act_once(self, board_msg, choose=lambda values: values[0]) -> bool:
        """Make one decision if one is offered; True if a move was accepted."""
        msg = None
        if self.via_dm:
            msg = self.dm_panel()
        else:
            if self.current is not None and panel_of(self.current):
                msg = self.current
            elif board_msg is not None and board_msg.component(label="Your turn"):
                r = await self.sb.click(self.name, board_msg, label="Your turn")
                if r.ephemeral and r.message is not None and panel_of(r.message):
                    msg = r.message
                else:
                    return False
        if msg is None:
            return False
        kind, cid, values = panel_of(msg)
        if kind == "select":
            r = await self.sb.select(self.name, msg, cid, [choose(values)])
        else:
            r = await self.sb.click(self.name, msg, cid)
        if r.type == 7:
            self.moves += 1
            self.current = r.message if not self.via_dm else None
            return True
        self.refusals.append(r.content)
        self.current = None
        return False
