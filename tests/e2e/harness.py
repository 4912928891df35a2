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

from sandbox import TEST_CLIENT_KWARGS, Sandbox

ROOT = Path(__file__).resolve().parents[2]


async def start_bot_inprocess(db_path, games=("libertalia",)):
    from bot import GameBot
    from db.store import Store
    store = await Store.open(db_path)
    bot = GameBot(store, games=list(games), **TEST_CLIENT_KWARGS)
    task = asyncio.create_task(bot.start("sandbox-token"))
    await asyncio.wait_for(bot.wait_until_ready(), 20)
    # the stored tables load in the background once the bot is connected: wait for them, so
    # that a test sees what a restart brought back
    await asyncio.wait_for(bot.service.warmed.wait(), 20)
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


def panel_of(msg) -> tuple[str, str | dict, list] | None:
    """The choice components of a message: ("select", custom_id, values) or
    ("button", {value: custom_id}, values), where a value is the choice's index; or None."""
    buttons = {}
    for row in msg.components or []:
        for c in row.get("components", []):
            cid = c.get("custom_id", "")
            if cid.startswith("sel:") and not c.get("disabled"):
                return "select", cid, [o["value"] for o in c.get("options", [])]
            if cid.startswith("act:") and not c.get("disabled"):
                buttons[cid.rsplit(":", 1)[1]] = cid
    return ("button", buttons, list(buttons)) if buttons else None


async def choose_first(sb, user: str, msg):
    """``user`` takes the first choice a panel offers (its select's or its first button)."""
    kind, cid, values = panel_of(msg)
    if kind == "select":
        return await sb.select(user, msg, cid, [values[0]])
    return await sb.click(user, msg, cid[values[0]])


def decisions_offered(msg) -> set[tuple[int, str, int]]:
    """(match, seat, seat's move number) of every choice a message ever offered (its earlier
    versions included: a panel that was answered has lost its buttons)."""
    out = set()
    stack = [c for version in [*msg.history, {"components": msg.components}]
             for c in version.get("components") or []]
    while stack:
        c = stack.pop()
        stack += c.get("components") or []
        cid = c.get("custom_id", "")
        if cid.startswith(("act:", "sel:")):
            _, mid, seat, count = cid.split(":")[:4]
            out.add((int(mid), seat, int(count)))
    return out


def table_button(msg, op: str) -> str | None:
    """The custom_id of a table button ("join", "start", "turn"…) on a message, whatever
    language its label is in."""
    return next((cid for cid in msg.custom_ids if cid.startswith(f"tbl:{op}:")), None)


def level_select(msg) -> str | None:
    """The custom_id of the lobby's "Add an AI player…" menu on a message."""
    return next((cid for cid in msg.custom_ids if cid.startswith("lvl:")), None)


def is_results(m) -> bool:
    """The results message (its score chart), in any language."""
    return any(a.filename == "scores.png" for a in m.attachments)


class Player:
    """A simulated human who only acts through what they can see."""

    def __init__(self, sb: Sandbox, name: str, *, via_dm: bool = True) -> None:
        self.sb, self.name, self.via_dm = sb, name, via_dm
        self.current = None       # the panel message we act on (DM or ephemeral)
        self.moves = 0
        self.refusals: list[str] = []

    def public_panel(self):
        """A decision read out in the table's channel for this player (e.g. a quiz question)."""
        uid = self.sb.user(self.name).id
        for ch in self.sb.threads():
            for m in reversed(self.sb.messages(ch)):
                if panel_of(m) and m.content.startswith(f"<@{uid}>"):
                    return m
        return None

    def dm_panel(self):
        for m in reversed(self.sb.dms(self.name)):
            if not m.deleted and panel_of(m):
                return m
        return None

    async def act_once(self, board_msg, choose=lambda values: values[0]) -> bool:
        """Make one decision if one is offered; True if a move was accepted."""
        msg = self.public_panel()
        if msg is not None:
            pass
        elif self.via_dm:
            msg = self.dm_panel()
        else:
            if self.current is not None and panel_of(self.current):
                msg = self.current
            elif board_msg is not None and table_button(board_msg, "turn"):
                r = await self.sb.click(self.name, board_msg, table_button(board_msg, "turn"))
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
            r = await self.sb.click(self.name, msg, cid[choose(values)])
        if r.type == 7:
            self.moves += 1
            self.current = r.message if not self.via_dm else None
            return True
        self.refusals.append(r.content)
        self.current = None
        return False


class QuestionShy:
    """Plays like the wrapped player but leaves read-out questions alone."""

    def __init__(self, player):
        self.p = player
        self.name, self.refusals = player.name, player.refusals

    async def act_once(self, board_msg, choose):
        if self.p.public_panel() is not None:
            return False
        return await self.p.act_once(board_msg, choose)


def public_text(sb) -> str:
    """Everything anyone can see in the channel and the table's thread (no DMs, no ephemerals)."""
    parts = []
    for ch in [sb.channel("game-table"), *sb.threads()]:
        for m in sb.messages(ch):
            parts.append(m.text)
            parts += [a.description or "" for a in m.attachments]
    return "\n".join(parts)


async def open_table(sb, settle, humans=("anna", "bruno", "chloe"), ai=1, command="libertalia new",
                     ai_level="easy", **options):
    r = await sb.slash(humans[0], command, **options)
    assert r.type == 4 and not r.ephemeral
    lobby = r.message
    for h in humans[1:]:
        j = await sb.click(h, lobby, table_button(lobby, "join"))
        assert j.type in (6, 7)       # the lobby is edited once seated
    for _ in range(ai):
        await sb.select(humans[0], lobby, level_select(lobby), ai_level)
    if len(humans) > 1:
        refused = await sb.click(humans[1], lobby, table_button(lobby, "start"))
        assert refused.ephemeral and refused.content
        if sb.user(humans[1]).locale.startswith("en"):
            assert "Only the host" in refused.content
    await sb.click(humans[0], lobby, table_button(lobby, "start"))
    thread = await sb.wait_for_thread(timeout=10)
    await sb.wait_for_message(lambda m: m.channel_id == thread.id and table_button(m, "turn"),
                              timeout=10)
    await settle()
    return lobby, thread


def board(sb, thread):
    for m in reversed(sb.messages(thread)):
        if table_button(m, "turn"):
            return m
    return None


def ai_like(bot, sb, user, rng):
    """A chooser for a simulated human that picks what the game's AI would (when that choice
    is on the panel), else at random: random play of long games like Keyflower can wander."""
    def choose(values):
        uid = sb.user(user).id
        for m in bot.service.matches.values():
            s = m.seat_of(uid)
            if s is None or s.seat not in m.to_act():
                continue
            acts, _ = m.choices(s.seat)
            pick = __import__("engines").ai(m.game).choose(m.engine, m.state, s.seat, rng)
            if pick in acts and str(acts.index(pick)) in values:
                return str(acts.index(pick))
        return rng.choice(values)
    return choose


async def play_until(sb, settle, thread, players, stop, rng, max_rounds=5000, chooser=None):
    idle_rounds = 0
    for _ in range(max_rounds):
        if stop():
            return
        moved = False
        for p in players:
            choose = chooser(p.name) if chooser else rng.choice
            if await p.act_once(board(sb, thread), choose=choose):
                moved = True
                await settle()
        if moved:
            idle_rounds = 0
            continue
        await settle()
        await asyncio.sleep(0.02)
        idle_rounds += 1
        if idle_rounds > 500:
            break
    detail = {p.name: (p.refusals[-3:], [(d.id, d.edits, d.custom_ids[:2], d.text[:80]) for d in sb.dms(p.name)[-5:]]) for p in players}
    recent = [m.text[:160] for ch in sb.threads() for m in sb.messages(ch)][-6:]
    raise AssertionError(f"the game did not progress: {detail}; thread: {recent}")
