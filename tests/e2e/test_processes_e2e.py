"""Two bot processes, one shard each (SHARD_COUNT=2), on one PostgreSQL database and the stand-in.

Two Libertalia tables, one in a guild on each shard. Three players click their DM panels,
which Discord delivers to shard 0 only: shard 0's process moves the other shard's table too,
loading it from the store. The fourth plays at the table ("Your turn", a guild interaction,
so shard 1's process), so both processes move that match, each checking the store first.
Mid-game shard 1's process is killed with SIGKILL; the stored deadlines of its table run
out and the other process fires them (the time-out's AI moves). Shard 1 is started again and
both games are played to the end. Then every answered click is in the store exactly once,
as that seat's move, and no human move is there that no click chose."""
from __future__ import annotations

import asyncio
import random
from collections import Counter
import re
import time

import pytest

from bench.load import Bot, choice_of
from db import open_store
from sandbox import Sandbox
from tests.e2e.harness import decisions_offered, level_select, table_button

pytestmark = pytest.mark.e2e

TIMER = 3600                          # a table timer, so that timers are stored (an hour)
MID_GAME = 12                         # actions in each match before the kill
STALL_S = 90.0
CUT_OFF = re.compile(r"ConnectionResetError|Connection lost|PayloadError|ContentLengthError|EofStream")


class Table:
    def __init__(self, channel: str, host: str, guest: str, at_table: set[str]) -> None:
        self.channel, self.host, self.guest = channel, host, guest
        self.at_table = at_table          # players who use the table's buttons, not their DMs
        self.match_id: int | None = None
        self.thread = None

    @property
    def players(self) -> list[str]:
        return [self.host, self.guest]


class Game:
    """The players' side: they click only what Discord shows them, and note every answer."""

    def __init__(self, sb: Sandbox, store, tables: list[Table], seed: int = 5) -> None:
        self.sb, self.store, self.tables = sb, store, tables
        self.rng = random.Random(seed)
        self.accepted: list[tuple[int, str, int]] = []     # (match, seat, seat's move number)
        self.refused: list[str] = []

    async def open(self, t: Table) -> None:
        sb = self.sb
        r = await sb.slash(t.host, "libertalia new", t.channel, timer=TIMER)
        assert r.type == 4 and not r.ephemeral, r.content
        lobby = r.message
        assert (await sb.click(t.guest, lobby, table_button(lobby, "join"))).type in (6, 7)
        await sb.select(t.host, lobby, level_select(lobby), "easy")
        await sb.click(t.host, lobby, table_button(lobby, "start"))
        t.thread = await sb.wait_for_thread(lambda th: th.parent_id == sb.channel(t.channel).id, timeout=20)
        board = await sb.wait_for_message(lambda m: m.channel_id == t.thread.id and table_button(m, "turn"),
                                          timeout=20)
        t.match_id = int(table_button(board, "turn").rsplit(":", 1)[1])

    def board(self, t: Table):
        for m in reversed(self.sb.messages(t.thread)):
            if table_button(m, "turn"):
                return m
        return None

    def dm_panel(self, user: str):
        for m in reversed(self.sb.dms(user)):
            if not m.deleted and choice_of(m, self.rng) is not None:
                return m
        return None

    async def click(self, user: str, msg) -> bool:
        pick = choice_of(msg, self.rng)
        if pick is None:
            return False
        kind, cid, value, key, _, _ = pick
        r = await (self.sb.select(user, msg, cid, [value]) if kind == "select"
                   else self.sb.click(user, msg, cid))
        if r.type == 7:
            self.accepted.append(key)
            return True
        self.refused.append(r.content or f"callback {r.type}")
        return False

    async def move(self, t: Table, user: str) -> bool:
        """One decision of this player, if one is offered to them."""
        if user in t.at_table:
            board = self.board(t)
            if board is None:
                return False
            r = await self.sb.click(user, board, table_button(board, "turn"))
            if not (r.ephemeral and r.message is not None and choice_of(r.message, self.rng)):
                return False
            return await self.click(user, r.message)
        msg = self.dm_panel(user)
        return msg is not None and await self.click(user, msg)

    async def play(self, tables: list[Table], until) -> None:
        last = time.perf_counter()
        while not await until():
            moved = False
            for t in tables:
                for user in t.players:
                    moved |= await self.move(t, user)
            if moved:
                last = time.perf_counter()
            else:
                assert time.perf_counter() - last < STALL_S, (
                    f"no move for {STALL_S:.0f} s; refusals: {self.refused[-5:]}")
                await asyncio.sleep(0.1)

    async def actions(self, t: Table) -> list[tuple[int, str, dict, bool]]:
        return await self.store.actions(t.match_id)

    async def finished(self, t: Table) -> bool:
        return (await self.store.match_version(t.match_id)).status == "finished"


def _errors(bot: Bot) -> list[str]:
    return [x for x in bot.log_lines() if " ERROR " in x or " CRITICAL " in x or "Traceback" in x]


async def test_two_shard_processes_play_through_a_kill_on_postgresql(tmp_path, pg_url):
    await two_shards_through_a_kill(tmp_path, pg_url)


def _burn(stop) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10000))


@pytest.fixture
def busy_cores():
    """Every core kept busy by a process of its own, as on a machine that does other work."""
    import multiprocessing
    import os
    ctx = multiprocessing.get_context("spawn")
    stop = ctx.Event()
    burners = [ctx.Process(target=_burn, args=(stop,), daemon=True) for _ in range(os.cpu_count() or 2)]
    for b in burners:
        b.start()
    yield len(burners)
    stop.set()
    for b in burners:
        b.join(5)
        if b.is_alive():
            b.kill()


@pytest.mark.slow
@pytest.mark.parametrize("run", range(20))
async def test_two_shard_processes_on_busy_cores_never_send_a_decision_twice(tmp_path, pg_url, busy_cores, run):
    """The race of two processes that once sent chloe one decision twice, twenty times over
    with every core busy."""
    await two_shards_through_a_kill(tmp_path, pg_url)


async def two_shards_through_a_kill(tmp_path, pg_url) -> None:
    sb = Sandbox(web_ui=False)
    sb.settle_deferred = True            # the bot acknowledges first, then answers
    await sb.start()
    store = await open_store(pg_url)
    shards = {i: Bot(sb, tmp_path, database=pg_url, name=f"shard{i}",
                     env={"SHARD_COUNT": "2", "SHARD_IDS": str(i), "LOG_LEVEL": "INFO"})
              for i in (0, 1)}
    try:
        await sb.add_guild("North", shard=(0, 2))           # -> #north-table, shard 0
        await sb.add_guild("South", shard=(1, 2))           # -> #south-table, shard 1
        for bot in shards.values():
            await bot.start()
        north = Table("north-table", "anna", "bruno", set())
        south = Table("south-table", "chloe", "dmitri", {"dmitri"})
        game = Game(sb, store, [north, south])
        for t in (north, south):
            await game.open(t)

        async def mid_game() -> bool:
            return all([len(await game.actions(t)) >= MID_GAME for t in (north, south)])
        await game.play([north, south], mid_game)
        assert any(k[0] == south.match_id and k[1] == "A" for k in game.accepted), \
            "chloe's DM clicks (shard 0) never moved the south table"
        assert any(k[0] == south.match_id and k[1] == "B" for k in game.accepted), \
            "dmitri's table clicks (shard 1) never moved the south table"

        # shard 1's process dies; its table's timers run out meanwhile
        errors_before = len(sb.errors)
        shards[1].kill()
        await asyncio.sleep(0.2)
        for e in [e for e in sb.errors[errors_before:] if CUT_OFF.search(e)]:
            sb.errors.remove(e)           # a request the kill cut off, not a stand-in fault
        before = await game.actions(south)
        deadlines = await store.deadlines(south.match_id)
        assert deadlines, "the south table has no stored timer"
        for (seat, kind), (count, _) in deadlines.items():
            await store.set_deadline(south.match_id, seat, kind, count, time.time() - 1)
        limit = time.perf_counter() + 30
        while True:
            after = await game.actions(south)
            timed = [a for a in after[len(before):] if a[3] and a[1] in ("A", "B")]
            if timed:
                break
            assert time.perf_counter() < limit, "nobody fired the dead process's timers"
            await asyncio.sleep(0.2)

        async def north_moved() -> bool:       # shard 0 plays on meanwhile
            return len(await game.actions(north)) >= MID_GAME + 4 or await game.finished(north)
        await game.play([north], north_moved)

        await shards[1].start()
        async def both_over() -> bool:
            return await game.finished(north) and await game.finished(south)
        await game.play([north, south], both_over)

        # every answered click is stored once, as that seat's move; no human move from nowhere
        for t in (north, south):
            by_seat: dict[str, list] = {}
            for _, seat, _, by_ai in await game.actions(t):
                by_seat.setdefault(seat, []).append(by_ai)
            clicked = [k for k in game.accepted if k[0] == t.match_id]
            for _, seat, count in clicked:
                assert count < len(by_seat[seat]) and not by_seat[seat][count], (
                    f"match {t.match_id}: the answered click of {seat} for its move {count} is not in the store")
            for seat in ("A", "B"):
                humans = sum(1 for by_ai in by_seat[seat] if not by_ai)
                assert humans == sum(1 for k in clicked if k[1] == seat), (
                    f"match {t.match_id}: seat {seat} has {humans} stored moves of its own for "
                    f"{sum(1 for k in clicked if k[1] == seat)} answered clicks")
        assert timed, "no time-out move was made for the dead process"
        # each decision reached its player once: no two DM panels offer the same decision
        for user in ("anna", "bruno", "chloe"):
            offered = Counter()
            for m in sb.dms(user):
                offered.update(decisions_offered(m))
            twice = [k for k, n in offered.items() if n > 1]
            assert not twice, f"{user} was sent these decisions twice: {twice[:5]}"
        for i, bot in shards.items():
            assert await bot.stop() == 0
            assert not _errors(bot), f"shard {i}'s process logged errors: {_errors(bot)[:5]}"
        assert not sb.errors and not sb.unknown_routes, f"stand-in: {sb.errors[:3]} {sb.unknown_routes[:3]}"
        print(f"two processes: {len(game.accepted)} answered clicks, "
              f"{sum(k[0] == south.match_id for k in game.accepted)} at the south table; "
              f"{len(timed)} time-out moves fired for the dead process; refused: "
              f"{Counter(r[:60] for r in game.refused).most_common(4)}")
    finally:
        for bot in shards.values():
            bot.kill()
        await store.close()
        await sb.stop()
