"""Many tables at once: the real bot, as its own process, against the Discord stand-in with
Discord's rate limits on, played by simulated humans who click as soon as a panel reaches them.

    python -m bench.load --matches 200 --players 4 [--processes 1] [--database URL|postgresql]
                         [--decisions 10] [--seed 3] [--faults 0.05 [--fault-seed S]]
                         [--tables-per-channel 4] [--think 0] [--no-rate-limits] [--loop-lag]
                         [--profile FILE]

The tables play the four games in turn (libertalia, glen_more, whisky, keyflower), each with
``players - 1`` humans and one AI seat, spread over channels of ``--tables-per-channel`` tables
(the lobby lives in the channel, the game in a thread of the lobby message). The bench first
opens and starts every table (Join, Add AI, Start: not timed), then lets every human play at
once: whoever gets a panel (a DM, or a question read out to them in the thread) picks one of its
options at random at once (``--think S``: after a random 0 to 2*S seconds, as people take),
until their table has made ``--decisions`` human decisions. Then it waits for the bot to fall
quiet, stops it, and reads the SQLite file.

The bot is ``python bot.py`` with SANDBOX_URL at this stand-in, a temporary DATABASE_PATH and
GUILD_READY_TIMEOUT=0.05; its CPU time (with its render workers) and peak RSS come from /proc.
``--processes N`` starts N bot processes, one shard each (SHARD_COUNT=N, SHARD_IDS=k), on one
PostgreSQL database (``--database URL``, or by default a throwaway server of Debian's
binaries, db/throwaway.py); the channels are dealt out over one guild per shard. ``--database
postgresql`` runs a single process on PostgreSQL too. A PostgreSQL store is copied to SQLite
(db.copy) for the checks at the end. ``--loop-lag`` runs bot.py through ``bench.botlag`` (the same bot,
plus a task that samples its event loop's lag); ``--profile FILE`` runs it under cProfile.

The last line is JSON:
- ``callback_ms_*``: click -> the interaction's callback (what Discord's 3-second deadline measures);
- ``published_ms_*``: click -> the first edit or re-post of that table's board message, or the
  first decision panel a player of that table received (a new DM, or a DM panel that turned
  into the next step), after the callback: its consequences are out. A step that changes
  nothing public (a Keyflower worker choice behind the screen) is only out as the next panel,
  so counting boards alone would wait for the next player's click. In a simultaneous phase
  the publication may be the one made for another player's earlier click, so there it is a
  lower bound;
- ``renders_per_s``: board images uploaded per second of play;
- ``cpu_s_per_decision``: CPU seconds of the bot and its workers during play, per decision;
- ``rss_mb_peak``: the bot process's VmHWM (``rss_mb_peak_with_workers`` adds its children's);
- ``lost_moves``: accepted clicks whose move is not in the store's action log (or another move
  is there), checked by replaying every match; ``duplicated_moves``: human moves in the store
  that no accepted click explains (time-outs of a question are counted apart, ``timed_out``);
- ``errors``: sandbox handler errors and unknown routes + interactions not answered in time +
  refusals (a human only ever clicks a live panel, so every refusal is unexpected) + ERROR lines
  in the bot's log;
- ``rate_limited``: 429s the stand-in sent (``rate_limited_by_route`` splits them).

``--faults RATE`` makes that share of Discord's answers fail during the play (500, 502, 503,
504, a timeout, a dropped connection, seeded by ``--fault-seed``; not the interactions'
callbacks, see ``fault_plan``); the checks then wait ``--fault-grace`` seconds after the last
fault. Then also: ``faults_injected`` (``faults_by_kind``), ``retries`` (requests the bot
tried again, from its log), ``panels_never_delivered`` (decisions the store asks of a human
seat that no live panel offers) and ``tables_stalled`` (tables with such a seat).
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import math
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import percentile, run_against_stand_in

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("libertalia", "glen_more", "whisky", "keyflower")
COMMANDS = {"libertalia": "libertalia new", "glen_more": "glenmore new", "whisky": "whisky new",
            "keyflower": "keyflower new"}
CHOICE = re.compile(r"(act|sel):(\d+):([A-Z]):(\d+):([0-9a-f]+)")
TABLE_ID = re.compile(r"(?:tbl:[a-z]+|act|sel):(\d+)")
CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

log = logging.getLogger("bench.load")


# --- /proc ------------------------------------------------------------------------------------
def _children(pid: int) -> list[int]:
    """Every live descendant of ``pid`` (render workers, multiprocessing's helpers)."""
    parents: dict[int, list[int]] = defaultdict(list)
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents[ppid].append(int(d))
    out, todo = [], [pid]
    while todo:
        for c in parents.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def cpu_seconds(pid: int) -> float:
    """utime + stime of ``pid`` and its live descendants."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / CLK_TCK
        except (OSError, IndexError, ValueError):
            pass
    return total


def vm_hwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _loadavg() -> float:
    """The 1-minute load average (other work on the machine skews every number here)."""
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError):
        return -1.0


# --- the bot process --------------------------------------------------------------------------
class Bot:
    """``python bot.py`` against the bench's stand-in (optionally through bench.botlag or
    cProfile), its log in a file."""

    def __init__(self, sb, workdir: Path, *, loop_lag: bool = False, profile: str | None = None,
                 database: str | None = None, name: str = "bot", env: dict | None = None) -> None:
        self.sb, self.workdir = sb, workdir
        self.db_path = workdir / "load.db"
        self._database = database       # a PostgreSQL URL; None: the SQLite file db_path
        self.extra_env = dict(env or {})                 # e.g. SHARD_COUNT and SHARD_IDS
        self.log_path = workdir / f"{name}.log"
        self.lag_path = workdir / "loop-lag.json"
        self.loop_lag, self.profile = loop_lag, profile
        self.proc: subprocess.Popen | None = None

    async def start(self) -> None:
        after = self.sb.identify_count
        env = {**os.environ, "SANDBOX_URL": self.sb.base_url, "DATABASE_URL": self.database,
               "GUILD_READY_TIMEOUT": "0.05", "LOG_LEVEL": "WARNING", "DISCORD_TOKEN": "sandbox-token",
               "PYTHONUNBUFFERED": "1", **self.extra_env}
        env.pop("SANDBOX", None)
        if self.loop_lag:
            env["BOTLAG_OUT"] = str(self.lag_path)
            cmd = [sys.executable, "-m", "bench.botlag"]
        elif self.profile:
            cmd = [sys.executable, "-m", "cProfile", "-o", str(Path(self.profile).resolve()), str(ROOT / "bot.py")]
        else:
            cmd = [sys.executable, str(ROOT / "bot.py")]
        self._log = open(self.log_path, "a")     # a restarted bot adds to the same log
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        waiter = asyncio.ensure_future(self.sb.wait_for_bot(after=after, timeout=120))
        while not waiter.done():
            if self.proc.poll() is not None:
                waiter.cancel()
                raise RuntimeError(f"bot.py exited with {self.proc.returncode}: {self.log_path.read_text()[-2000:]}")
            await asyncio.sleep(0.05)
        waiter.result()

    @property
    def database(self) -> str:
        return self._database or str(self.db_path)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def kill(self) -> None:
        """A crash: SIGKILL the bot and its render workers at once, no clean shutdown at all
        (``start`` runs it again on the same database)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            family = _children(self.proc.pid)
            self.proc.kill()
            for pid in family:          # orphaned workers would live on
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            self.proc.wait(10)
        self._log.close()

    async def stop(self, timeout: float = 60.0) -> int | None:
        """SIGTERM (the bot finishes its publications, which need the stand-in: so the event
        loop keeps serving while it waits), then SIGKILL after ``timeout``."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            deadline = time.perf_counter() + timeout
            while self.proc.poll() is None and time.perf_counter() < deadline:
                await asyncio.sleep(0.05)
            if self.proc.poll() is None:
                log.warning("bot.py did not stop within %s s of SIGTERM; killing it", timeout)
                orphans = _children(self.proc.pid)      # its render workers would outlive it
                self.proc.kill()
                self.proc.wait(10)
                for pid in orphans:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
        self._log.close()
        return self.proc.returncode

    def log_lines(self) -> list[str]:
        return self.log_path.read_text(errors="replace").splitlines()


# --- tables and clicks ------------------------------------------------------------------------
@dataclass
class Click:
    table: "Table"
    user_id: int
    key: tuple[int, str, int]          # (match, seat, seat's action count) from the custom_id
    fp: str
    idx: int
    result: object = None              # sandbox InteractionResult
    accepted: bool = False
    published_at: float | None = None  # perf_counter of the board publication

    @property
    def interaction(self):
        return self.result.interaction

    @property
    def callback_ms(self) -> float:
        return self.interaction.latency * 1000

    @property
    def published_ms(self) -> float:
        return (self.published_at - self.interaction.dispatched_at) * 1000


@dataclass
class Table:
    i: int
    game: str
    channel: object                    # SbChannel
    humans: list                       # SbUser
    lobby_id: int | None = None
    match_id: int | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    accepted: int = 0
    inflight: int = 0
    clicks: list[Click] = field(default_factory=list)
    awaiting: list[Click] = field(default_factory=list)   # accepted or in flight, not yet published
    clicked: set = field(default_factory=set)             # decision keys acted on
    held: dict = field(default_factory=dict)              # user id -> panel that came before play
    board_images: set = field(default_factory=set)        # attachment ids seen on boards
    in_channel: bool = False                              # no thread: the game is in the channel
    options: dict = field(default_factory=dict)           # options of its /<game> new (timer=...)
    publications: list[float] = field(default_factory=list)
    last_progress: float = 0.0


def live_choice_ids(msg) -> list[str]:
    """The custom_ids of a message's choices (act:/sel:) that can still be used."""
    return [c.get("custom_id", "") for row in msg.components or [] for c in row.get("components", [])
            if not c.get("disabled") and c.get("custom_id", "").startswith(("act:", "sel:"))]


def choice_of(msg, rng: random.Random):
    """(kind, custom_id, value, key, fp, idx) for a random live choice on a panel, or None."""
    options = []
    for row in msg.components or []:
        for c in row.get("components", []):
            cid = c.get("custom_id", "")
            if c.get("disabled") or not cid.startswith(("act:", "sel:")):
                continue
            if cid.startswith("sel:"):
                for o in c.get("options", []):
                    options.append(("select", cid, o["value"]))
            else:
                options.append(("button", cid, cid.rsplit(":", 1)[1]))
    if not options:
        return None
    kind, cid, value = rng.choice(options)
    m = CHOICE.match(cid)
    key = (int(m.group(2)), m.group(3), int(m.group(4)))
    return kind, cid, value, key, m.group(5), int(value)


class Load:
    def __init__(self, sb, args) -> None:
        self.sb, self.args = sb, args
        self.rng = random.Random(args.seed)
        self.tables: list[Table] = []
        self.by_user: dict[int, Table] = {}
        self.by_match: dict[int, Table] = {}
        self.playing = False
        self.unanswered: list[str] = []
        self.refusals: list[str] = []
        self.stale = 0                     # panels retired before the click reached them
        self.setup_failures: list[str] = []
        self._tasks: set[asyncio.Task] = set()
        sb._listeners.append(self.on_event)

    # -- the world ----------------------------------------------------------------------------
    async def build_world(self) -> None:
        a = self.args
        n_humans = max(1, a.players - 1)
        n_channels = math.ceil(a.matches / a.tables_per_channel)
        names = [f"tables-{c + 1:03d}" for c in range(n_channels)]
        if a.processes == 1:
            channels = [await self.sb.add_channel(name) for name in names]
        else:
            # one guild per shard, the channels dealt out in turn: every process has tables
            for k in range(a.processes):
                await self.sb.add_guild(f"Shard {k}", channels=tuple(names[k::a.processes]),
                                        shard=(k, a.processes))
            channels = [self.sb.channel(name) for name in names]
        for i in range(a.matches):
            humans = [await self.sb.add_user(f"p{i:03d}{chr(97 + h)}", display_name=f"P{i}{chr(97 + h)}")
                      for h in range(n_humans)]
            t = Table(i, GAMES[i % len(GAMES)], channels[i // a.tables_per_channel], humans)
            self.tables.append(t)
            for u in humans:
                self.by_user[u.id] = t

    # -- what the stand-in sees ----------------------------------------------------------------
    def on_event(self, kind: str, m) -> None:
        """Called by the stand-in for every message created/edited (synchronously)."""
        from sandbox import SbMessage
        if kind not in ("create", "edit") or not isinstance(m, SbMessage) or m.author.id != self.sb.bot_user.id:
            return
        now = time.perf_counter()
        if m.visibility == "dm":
            t = self.by_user.get(m.viewer_id)
            if t is not None and kind == "create":
                self.offer(t, m.viewer_id, m)
            if t is not None and any(CHOICE.match(cid) for cid in m.custom_ids):
                self.published(t, now)      # the next decision reached its player
            return
        # a table's messages are known by the match id in their buttons: the board carries
        # tbl:turn:<match>, a decision read out at the table act:/sel:<match>:... (a table
        # whose thread could not be made plays in the channel itself)
        mid = None
        for cid in m.custom_ids:
            found = TABLE_ID.match(cid)
            if found:
                mid = int(found.group(1))
                break
        t = self.by_match.get(mid) if mid is not None else None
        if t is None:
            return
        if kind == "create" and m.content.startswith("<@") and CHOICE.match(m.custom_ids[0]):
            uid = int(re.match(r"<@!?(\d+)>", m.content).group(1))
            if self.by_user.get(uid) is t:
                self.offer(t, uid, m)
        new = [a.id for a in m.attachments if a.id not in t.board_images]
        if new and any(cid.startswith("tbl:turn:") for cid in m.custom_ids):
            t.in_channel = m.channel_id != t.lobby_id     # a thread of the lobby has its id
            t.board_images.update(new)
            self.published(t, now)

    def published(self, t: Table, now: float) -> None:
        t.publications.append(now)
        if not t.ready.is_set():
            t.ready.set()
        keep = []
        for c in t.awaiting:
            it = c.interaction
            outcome = it.outcome         # the bot acknowledges first, then answers
            if it.callback_type is None or outcome == 6:
                keep.append(c)
            elif outcome == 7 and (it.answered_at or it.callback_at) <= now:
                c.published_at = now
            elif outcome == 7:
                keep.append(c)
        t.awaiting = keep

    def offer(self, t: Table, uid: int, m) -> None:
        if not self.playing:
            if any(cid.startswith(("act:", "sel:")) for cid in m.custom_ids):
                t.held[uid] = m
            return
        think = self.args.think
        self._spawn(self.act(t, uid, m, delay=self.rng.uniform(0, 2 * think) if think else 0.0))

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- a human ----------------------------------------------------------------------------------
    async def act(self, t: Table, uid: int, m, delay: float = 0.0) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        if t.accepted + t.inflight >= self.args.decisions:
            return
        pick = choice_of(self.sb.world.messages.get(m.id, m), self.rng)
        if pick is None:
            return
        if pick[3] in t.clicked:             # the same decision offered in the thread and by DM
            return
        await self.click(t, uid, m, pick)

    async def click(self, t: Table, uid: int, m, pick) -> Click | None:
        """Use one choice of a panel (a ``choice_of`` pick) as ``uid`` and wait for the
        answer. The Click, or None when the panel lost its buttons before the click."""
        from sandbox import InteractionFailed, SandboxError
        kind, cid, value, key, fp, idx = pick
        t.clicked.add(key)
        t.inflight += 1
        click = Click(t, uid, key, fp, idx)
        try:
            try:
                if kind == "select":
                    r = await self.sb.select(uid, m, cid, [value], wait=False)
                else:
                    r = await self.sb.click(uid, m, cid, wait=False)
            except SandboxError:
                self.stale += 1                  # the panel lost its buttons before the click
                t.clicked.discard(key)
                return None
            click.result = r
            t.clicks.append(click)
            t.awaiting.append(click)
            try:
                await r.wait_ack()
            except InteractionFailed as e:
                self.unanswered.append(f"table {t.i} {t.game}: {str(e)[:200]}")
                return click
            if r.type == 7:
                click.accepted = True
                t.accepted += 1
                t.last_progress = time.perf_counter()
                if t.accepted >= self.args.decisions:
                    t.done.set()
            else:
                self.refusals.append(f"table {t.i} {t.game}: {r.content[:160]!r}")
            return click
        finally:
            t.inflight -= 1

    def live_panels(self, t: Table) -> dict[int, list]:
        """The decision panels each human of a table can still use, newest first: their DMs
        and the decisions read out to them at the table, with live act:/sel: components."""
        sb = self.sb
        uids = {u.id for u in t.humans}
        homes = {c for c in (t.lobby_id, t.channel.id) if c is not None}   # thread, or channel
        out: dict[int, list] = {uid: [] for uid in uids}
        for m in sb.world.messages.values():
            if m.deleted or m.author.id != sb.bot_user.id:
                continue
            live = live_choice_ids(m)
            if not live or int(TABLE_ID.match(live[0]).group(1)) != t.match_id:
                continue
            if m.visibility == "dm" and m.viewer_id in uids:
                out[m.viewer_id].append(m)
            elif m.visibility == "public" and m.channel_id in homes:
                to = re.match(r"<@!?(\d+)>", m.content or "")
                if to and int(to.group(1)) in uids:
                    out[int(to.group(1))].append(m)
        for panels in out.values():
            panels.sort(key=lambda m: m.id, reverse=True)
        return out

    # -- opening the tables ------------------------------------------------------------------------
    async def open_table(self, t: Table, sem: asyncio.Semaphore, at: float) -> None:
        from tests.e2e.harness import level_select, table_button
        sb = self.sb
        host, *others = t.humans
        try:
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            async with sem:
                r = await sb.slash(host, COMMANDS[t.game], channel=t.channel, **t.options)
                lobby = r.message
                t.lobby_id = lobby.id
                t.match_id = int(table_button(lobby, "join").rsplit(":", 1)[1])
                self.by_match[t.match_id] = t
                for u in others:
                    j = await sb.click(u, lobby, table_button(lobby, "join"))
                    if j.type not in (6, 7):
                        self.setup_failures.append(f"table {t.i}: join refused: {j.content!r}")
                for _ in range(1 if self.args.players > 1 else 0):
                    await sb.select(host, lobby, level_select(lobby), "easy")
                s = await sb.click(host, lobby, table_button(lobby, "start"))
                if s.type not in (6, 7):
                    self.setup_failures.append(f"table {t.i}: start refused: {s.content!r}")
            await asyncio.wait_for(t.ready.wait(), self.args.setup_timeout)
        except Exception as e:  # noqa: BLE001 - reported, the run goes on
            self.setup_failures.append(f"table {t.i} {t.game}: {type(e).__name__}: {str(e)[:300]}")

    async def open_all(self) -> None:
        """Open the tables at ``--open-rate`` per second (an evening's tables do not all start
        in the same second; 0: all at once)."""
        sem = asyncio.Semaphore(self.args.setup_concurrency)
        now, rate = time.perf_counter(), self.args.open_rate
        await asyncio.gather(*(self.open_table(t, sem, now + (t.i / rate if rate > 0 else 0.0))
                               for t in self.tables))

    # -- playing -------------------------------------------------------------------------------------
    def begin(self) -> None:
        """From now on every human clicks as soon as a panel reaches them; the panels that
        came before are clicked within the first ``--ramp`` seconds."""
        self.playing = True
        now = time.perf_counter()
        for t in self.tables:
            t.last_progress = now
            for uid, m in list(t.held.items()):
                self._spawn(self.act(t, uid, m, delay=self.rng.uniform(0, self.args.ramp)))
            t.held.clear()

    async def play(self) -> None:
        """Every human clicks as soon as a panel reaches them. The panels that came while the
        tables were being opened are clicked within the first ``--ramp`` seconds, each at a
        random moment (0: all in the same instant, a burst no evening produces)."""
        self.begin()
        live = [t for t in self.tables if t.ready.is_set()]
        while True:
            waiting = [t for t in live if not t.done.is_set()]
            if not waiting:
                return
            stalled = [t for t in waiting if time.perf_counter() - t.last_progress > self.args.stall_timeout]
            if len(stalled) == len(waiting):
                log.warning("%d tables made no progress for %s s; ending the play", len(stalled),
                            self.args.stall_timeout)
                return
            await asyncio.sleep(0.2)

    async def settle(self, timeout: float) -> None:
        """Wait until every accepted click was published (or ``timeout``), then for the
        stand-in to fall quiet."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if not any(c.accepted and c.published_at is None for t in self.tables for c in t.clicks) \
                    and not self._tasks:
                break
            await asyncio.sleep(0.1)
        try:
            await self.sb.idle(quiet=2.0, timeout=max(5.0, deadline - time.perf_counter()))
        except TimeoutError:
            log.warning("the bot was still busy when the bench stopped waiting")


class TimedRequests(list):
    """``sb.requests`` that also notes when each request was answered (perf_counter)."""

    def __init__(self, *a) -> None:
        super().__init__(*a)
        self.times: list[float] = [0.0] * len(self)

    def append(self, item) -> None:
        super().append(item)
        self.times.append(time.perf_counter())


def request_profile(sb, since: float, until: float, decisions: int) -> dict:
    """Requests per decision by route (the ids taken out), and the rate of those the global
    limit counts, between two perf_counter times."""
    from sandbox.ratelimit import GLOBAL_EXEMPT_PREFIXES, strip_api_prefix
    reqs = sb.requests
    routes: Counter = Counter()
    counted = 0
    for (method, path, status), at in zip(reqs, getattr(reqs, "times", [])):
        if not since <= at <= until:
            continue
        route = re.sub(r"/\d{6,}", "/{id}", strip_api_prefix(path))
        route = re.sub(r"/(webhooks/\{id\}|interactions/\{id\})/[^/]+", r"/\1/{token}", route)
        routes[f"{method} {route}"] += 1
        if not route.startswith(GLOBAL_EXEMPT_PREFIXES):
            counted += 1
    span = max(1e-9, until - since)
    return {"global_counted_per_s": round(counted / span, 1),
            "requests_per_decision_by_route": {k: round(v / max(1, decisions), 2)
                                               for k, v in routes.most_common()}}


# --- the store -------------------------------------------------------------------------------
def check_store(db_path: Path, clicks: list[Click], *, crashes: bool = False) -> dict:
    """Replay every match from the store; compare its human moves with the accepted clicks.

    ``crashes``: the bot was killed during the play, so a click it never answered may still
    have been stored (the process died between the write and the answer): such a move is
    counted as ``unconfirmed_moves`` when it is the one the click chose, not as duplicated.
    Besides the counts, ``problems`` says what is wrong in which match: a lost or unexplained
    move, a log that does not replay, a snapshot that is not the state its actions give, a
    finished match without an outcome or a running one with nobody to act."""
    import engines
    from engines.base import choice_fingerprint

    def chosen(engine, state, seat, click):
        acts = engine.legal(state, seat)
        offered = acts if choice_fingerprint(acts) == click.fp else engine.public_actions(state, seat)
        return offered[click.idx] if 0 <= click.idx < len(offered) else None

    accepted = {c.key: c for c in clicks if c.accepted}
    unanswered: dict = defaultdict(list)
    if crashes:
        for c in clicks:
            # not acknowledged, or acknowledged (the bot acknowledges first) and never answered
            if c.result is not None and c.interaction.outcome in (None, 5, 6):
                unanswered[c.key].append(c)
    con = sqlite3.connect(str(db_path))
    con.row_factory = sqlite3.Row
    lost = duplicated = timed_out = replay_errors = human_rows = unconfirmed = 0
    snapshot_mismatches = bad_status = 0
    problems: list[str] = []
    matched: set = set()
    asked: dict[int, dict[str, int]] = {}   # running match -> human seat asked -> its decision
    try:
        for m in con.execute("SELECT * FROM matches WHERE status IN ('running','finished')"):
            mid = m["id"]
            engine = engines.get(m["game"])
            seats = list(con.execute("SELECT * FROM seats WHERE match_id=? ORDER BY position", (mid,)))
            options = json.loads(m["options"] or "{}").get("engine", {})
            snap = con.execute("SELECT state FROM snapshots WHERE match_id=? AND n=0", (mid,)).fetchone()
            state = engine.load(json.loads(snap["state"])) if snap else \
                engine.new([s["seat"] for s in seats], seed=m["seed"], options=options)
            snapshots = {r["n"]: json.loads(r["state"]) for r in
                         con.execute("SELECT n, state FROM snapshots WHERE match_id=? AND n>0", (mid,))}
            is_ai = {s["seat"]: bool(s["is_ai"]) for s in seats}
            counts: Counter = Counter()
            replayed = True
            for row in con.execute("SELECT * FROM actions WHERE match_id=? AND undone=0 ORDER BY n", (mid,)):
                seat, action = row["seat"], json.loads(row["action"])
                key = (mid, seat, counts[seat])
                counts[seat] += 1
                if not is_ai.get(seat) and not row["by_ai"]:
                    human_rows += 1
                    click = accepted.get(key)
                    if action.get("type") == "timeout" and click is None:
                        timed_out += 1
                    elif click is None and any(chosen(engine, state, seat, c) == action for c in unanswered.get(key, ())):
                        unconfirmed += 1     # stored, then the bot died before it answered
                    elif click is None:
                        duplicated += 1
                        problems.append(f"match {mid}: move {row['n']} of seat {seat} ({action}) "
                                        f"was chosen by no click")
                    elif chosen(engine, state, seat, click) == action:
                        matched.add(key)
                    else:
                        duplicated += 1      # a move no click chose; the click's is lost
                        problems.append(f"match {mid}: move {row['n']} of seat {seat} ({action}) is "
                                        f"not the choice of the click that was answered for it")
                try:
                    engine.apply(state, seat, action)
                except Exception as e:  # noqa: BLE001
                    replay_errors += 1
                    problems.append(f"match {mid}: move {row['n']} ({seat} {action}) does not replay: {e!r}")
                    replayed = False
                    break
                if row["n"] in snapshots and json.loads(json.dumps(engine.dump(state))) != snapshots[row["n"]]:
                    snapshot_mismatches += 1
                    problems.append(f"match {mid}: the snapshot after move {row['n']} is not the state "
                                    f"its actions give")
            if replayed:
                over = engine.outcome(state) is not None
                if m["status"] == "finished" and not over:
                    bad_status += 1
                    problems.append(f"match {mid}: finished in the store but its moves do not end the game")
                elif m["status"] == "running" and (over or not engine.to_act(state)):
                    bad_status += 1
                    problems.append(f"match {mid}: running in the store but "
                                    + ("its moves end the game" if over else "nobody is to act"))
                elif m["status"] == "running":
                    asked[mid] = {seat: counts[seat] for seat in engine.to_act(state) if not is_ai.get(seat)}
    finally:
        con.close()
    missing = [k for k in accepted if k not in matched]
    lost = len(missing)
    problems += [f"match {k[0]}: the answered click of seat {k[1]} (its decision {k[2]}) is not in the "
                 f"store" for k in missing]
    return {"lost_moves": lost, "duplicated_moves": duplicated, "timed_out": timed_out,
            "replay_errors": replay_errors, "human_moves_stored": human_rows,
            "unconfirmed_moves": unconfirmed, "snapshot_mismatches": snapshot_mismatches,
            "bad_status": bad_status, "problems": problems, "asked": asked}


def undelivered(asked: dict[int, dict[str, int]], messages) -> list[tuple[int, str, int]]:
    """The decisions the store asks of human seats that no message offers with live buttons
    (a DM panel, or a question read out at the table): those players have nothing to click."""
    live = set()
    for m in messages:
        if m.deleted:
            continue
        for cid in live_choice_ids(m):
            found = CHOICE.match(cid)
            live.add((int(found.group(2)), found.group(3), int(found.group(4))))
    return sorted((mid, seat, count) for mid, seats in asked.items() for seat, count in seats.items()
                  if (mid, seat, count) not in live)


def fault_plan(args):
    """Every kind of passing failure, on every route but the interactions' callbacks: a failed
    callback is Discord's "This interaction failed", which the player answers by clicking
    again; these humans click each decision once."""
    from sandbox import FaultPlan
    return FaultPlan(rate=args.faults, seed=args.seed if args.fault_seed is None else args.fault_seed,
                     kinds=("500", "502", "503", "504", "timeout", "drop"), hold=15.0,
                     exclude=["POST /interactions/{iid}/{token}/callback"])


# --- the run ---------------------------------------------------------------------------------
async def lag_sampler(samples: list[float], period: float = 0.05) -> None:
    loop = asyncio.get_running_loop()
    while True:
        t = loop.time()
        await asyncio.sleep(period)
        samples.append(max(0.0, loop.time() - t - period) * 1000)


class Bots:
    """The bot processes of a run: one, or one per shard (SHARD_COUNT/SHARD_IDS) sharing a
    PostgreSQL database. Reads like one Bot: CPU time summed, logs joined."""

    def __init__(self, sb, workdir: Path, args, database: str | None) -> None:
        n = args.processes
        self.bots = [Bot(sb, workdir, loop_lag=args.loop_lag and k == 0, profile=args.profile if k == 0 else None,
                         database=database, name="bot" if n == 1 else f"bot{k}",
                         env={} if n == 1 else {"SHARD_COUNT": str(n), "SHARD_IDS": str(k)})
                     for k in range(n)]
        self.database = self.bots[0].database
        self.db_path, self.lag_path = self.bots[0].db_path, self.bots[0].lag_path

    async def start(self) -> None:
        for b in self.bots:
            await b.start()

    async def stop(self) -> int | None:
        codes = [await b.stop() for b in self.bots]
        return next((c for c in codes if c), codes[0])

    @property
    def pids(self) -> list[int]:
        return [b.pid for b in self.bots]

    def log_lines(self) -> list[str]:
        return [line for b in self.bots for line in b.log_lines()]


async def sqlite_copy(database: str, workdir: Path) -> Path:
    """The store as a SQLite file (check_store reads SQLite): a PostgreSQL store is copied."""
    from db import is_postgres_url
    if not is_postgres_url(database):
        return Path(database)
    from db.copy import copy
    path = workdir / "copy.db"
    await copy(database, f"sqlite:///{path}", out=open(os.devnull, "w"))
    return path


async def run(args) -> dict:
    from sandbox import Sandbox
    result: dict = {"bench": "load", "rate_limits": not args.no_rate_limits,
                    "processes": args.processes, "loadavg_1m_at_start": _loadavg()}
    server = None
    database = args.database
    if database == "postgresql":               # a throwaway server for this run
        from db.throwaway import start_server
        server = start_server()
        database = server.create_database()
    result["store"] = "postgresql" if database and database.startswith("postgres") else "sqlite"
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        sb = Sandbox(rate_limits=not args.no_rate_limits, web_ui=False)
        sb.settle_deferred = True            # the bot acknowledges first, then answers
        sb.requests = TimedRequests()
        await sb.start()
        load = Load(sb, args)
        await load.build_world()
        bot = Bots(sb, Path(tmp), args, database)
        own_lag: list[float] = []
        sampler = asyncio.create_task(lag_sampler(own_lag))
        try:
            t_setup = time.perf_counter()
            await bot.start()
            await load.open_all()
            setup_s = time.perf_counter() - t_setup
            ready = sum(t.ready.is_set() for t in load.tables)
            print(f"bench.load: {ready} of {len(load.tables)} tables open after {setup_s:.1f} s; playing",
                  file=sys.stderr, flush=True)
            rl0 = len(sb.rate_limited)
            req0 = len(sb.requests)
            cpu0, own0 = sum(cpu_seconds(p) for p in bot.pids), time.process_time()
            own_lag.clear()
            gc.collect()
            gc.freeze()          # the stand-in's world is large by now: keep GC pauses short
            wall0 = time.time()
            spy = start_py_spy(bot.pids[0], args.py_spy) if args.py_spy else None
            t0 = time.perf_counter()
            if args.faults:
                sb.set_faults(fault_plan(args))
            await load.play()
            t_clicks = time.perf_counter()
            faults = sb.fault_stats()
            if args.faults:
                sb.set_faults(None)
                # what failed is repaired by then (the bar: 60 s after the last fault)
                await asyncio.sleep(max(0.0, args.fault_grace - (time.time() - (faults["last_at"] or 0))))
            await load.settle(args.settle_timeout)
            t_end = time.perf_counter()
            wall1 = time.time()
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                await asyncio.get_running_loop().run_in_executor(None, spy.wait)
            cpu_play = sum(cpu_seconds(p) for p in bot.pids) - cpu0
            own_cpu = time.process_time() - own0
            rss = max(vm_hwm_mb(p) for p in bot.pids)
            rss_all = sum(vm_hwm_mb(p) + sum(vm_hwm_mb(c) for c in _children(p)) for p in bot.pids)
        finally:
            sampler.cancel()
            rc = await bot.stop()
            await sb.stop()
        try:
            db_file = await sqlite_copy(bot.database, Path(tmp))
        finally:
            if server is not None:
                server.stop()
        clicks = [c for t in load.tables for c in t.clicks]
        acc = [c for c in clicks if c.accepted]
        pub = [c for c in acc if c.published_at is not None]
        store = check_store(db_file, clicks) if db_file.exists() else {}
        lines = bot.log_lines()
        error_lines = [x for x in lines if " ERROR " in x or " CRITICAL " in x]
        retried = [int(x.group(1)) for x in (re.search(r"tried again (\d+) requests", line) for line in lines) if x]
        missing = undelivered(store.get("asked", {}), sb.world.messages.values())
        rl_lines = [x for x in lines if "rate limited" in x]
        failed_dms = [x for x in lines if re.search(r"WARNING cogs\.controller: DM to \d+ failed", x)]
        publications = [p for t in load.tables for p in t.publications if p >= t0]
        last_pub = max(publications, default=t_end)
        play_s = max(1e-9, last_pub - t0)
        rl_hits = sb.rate_limited[rl0:]
        errors = (len(sb.errors) + len(sb.unknown_routes) + len(load.unanswered) + len(load.refusals)
                  + len(load.setup_failures) + len(error_lines))
        cb = [c.callback_ms for c in acc]
        pb = [c.published_ms for c in pub]
        lag = []
        if args.loop_lag and bot.lag_path.exists():
            lag = [ms for at, ms in json.loads(bot.lag_path.read_text()).get("lag_ms", []) if wall0 <= at <= wall1]
        result.update({
            "matches": len(load.tables),
            "tables_playing": sum(t.ready.is_set() for t in load.tables),
            "players": args.players,
            "decisions": len(acc),
            "decisions_asked": args.decisions,
            "think_s": args.think,
            "errors": errors,
            "callback_ms_p50": round(percentile(cb, 50), 1),
            "callback_ms_p99": round(percentile(cb, 99), 1),
            "callback_ms_max": round(max(cb, default=0.0), 1),
            "published_ms_p50": round(percentile(pb, 50), 1),
            "published_ms_p99": round(percentile(pb, 99), 1),
            "published_ms_max": round(max(pb, default=0.0), 1),
            "unpublished": len(acc) - len(pub),
            "renders_per_s": round(len(publications) / play_s, 2),
            "cpu_s_per_decision": round(cpu_play / max(1, len(acc)), 4),
            "rss_mb_peak": round(rss, 1),       # the largest bot process
            "rss_mb_peak_with_workers": round(rss_all, 1),
            "lost_moves": store.get("lost_moves", len(acc)),
            "duplicated_moves": store.get("duplicated_moves", 0),
            "timed_out": store.get("timed_out", 0),
            "replay_errors": store.get("replay_errors", 0),
            "faults_injected": faults["total"],
            "faults_by_kind": {k: v for k, v in faults["by_kind"].items() if v},
            "retries": sum(retried),
            "tables_stalled": len({mid for mid, _, _ in missing}),
            "panels_never_delivered": len(missing),
            "rate_limited": len(rl_hits),
            "rate_limited_by_route": dict(Counter(h.key for h in rl_hits)),
            "invalid_requests": sb.rate_limiter.invalid_requests if sb.rate_limiter else 0,
            "play_s": round(t_clicks - t0, 1),
            "settle_s": round(t_end - t_clicks, 1),
            "setup_s": round(setup_s, 1),
            "decisions_per_s": round(len(acc) / max(1e-9, t_clicks - t0), 2),
            "requests_per_decision": round((len(sb.requests) - req0) / max(1, len(acc)), 2),
            "bot_cpu_s": round(cpu_play, 1),
            "bench_cpu_s": round(own_cpu, 1),
            "stand_in_loop_lag_ms_max": round(max(own_lag, default=0.0), 1),
            "error_detail": {"sandbox": len(sb.errors) + len(sb.unknown_routes), "unanswered": len(load.unanswered),
                             "refusals": len(load.refusals), "setup": len(load.setup_failures),
                             "bot_log": len(error_lines)},
            "stale_panels": load.stale,
            "failed_dms": len(failed_dms),
            "tables_without_thread": sum(t.in_channel for t in load.tables),
            "setup_rate_limited": rl0,
            "bot_rate_limit_warnings": len(rl_lines),
            "bot_exit": rc,
            **request_profile(sb, t0, last_pub, len(acc)),
            "machine": f"{os.cpu_count()} cores",
            "loadavg_1m_at_end": _loadavg(),
        })
        if lag:
            result["bot_loop_lag_ms_p99"] = round(percentile(lag, 99), 1)
            result["bot_loop_lag_ms_max"] = round(max(lag), 1)
        if args.verbose or errors:
            for label, items in (("setup", load.setup_failures), ("unanswered", load.unanswered),
                                 ("refusals", load.refusals), ("sandbox", sb.errors + sb.unknown_routes),
                                 ("bot log", error_lines), ("failed DM", failed_dms),
                                 ("never delivered", [f"match {mid} seat {seat} decision {n}" for mid, seat, n in missing])):
                for x in items[:8]:
                    print(f"bench.load {label}: {x}", file=sys.stderr)
        if args.keep_log:
            Path(args.keep_log).write_text("\n".join(lines))
        if args.dump:
            Path(args.dump).write_text(json.dumps({"t0": t0, "tables": [{
                "i": t.i, "game": t.game, "match": t.match_id, "thread": t.lobby_id,
                "publications": [round(p - t0, 4) for p in t.publications],
                "clicks": [{"key": list(c.key), "at": round(c.interaction.dispatched_at - t0, 4),
                            "callback": c.interaction.latency, "accepted": c.accepted,
                            "published": None if c.published_at is None else round(c.published_at - t0, 4)}
                           for c in t.clicks]} for t in load.tables],
                "rate_limited": [{"key": h.key, "major": h.major, "retry_after": h.retry_after, "at": h.at}
                                 for h in sb.rate_limited]}))
    return result


def start_py_spy(pid: int, out: str) -> subprocess.Popen:
    import shutil
    exe = os.environ.get("PY_SPY") or shutil.which("py-spy")
    if not exe:
        raise SystemExit("bench.load: --py-spy needs py-spy (pip install py-spy; or set PY_SPY)")
    return subprocess.Popen([exe, "record", "--pid", str(pid), "--subprocesses", "--rate", "50",
                             "--format", "raw", "--output", out, "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--players", type=int, default=4, help="seats per table: all humans but one AI")
    ap.add_argument("--processes", type=int, default=1,
                    help="bot processes, one shard each, sharing a PostgreSQL database")
    ap.add_argument("--database", default=None,
                    help="the store: a postgresql:// URL, or 'postgresql' for a throwaway server of "
                         "Debian's binaries (the default with --processes above 1); default SQLite")
    ap.add_argument("--decisions", type=int, default=10, help="human decisions per table")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a human takes to decide (uniform 0..2x; 0: clicks at once)")
    ap.add_argument("--tables-per-channel", type=int, default=4)
    ap.add_argument("--no-rate-limits", action="store_true", help="the stand-in without Discord's rate limits")
    ap.add_argument("--ramp", type=float, default=10.0,
                    help="seconds over which the panels that came during the opening are clicked")
    ap.add_argument("--open-rate", type=float, default=2.0,
                    help="tables opened per second before the play (0: all at once)")
    ap.add_argument("--setup-concurrency", type=int, default=25)
    ap.add_argument("--setup-timeout", type=float, default=180.0,
                    help="seconds a table may take from /new to its first board")
    ap.add_argument("--stall-timeout", type=float, default=60.0)
    ap.add_argument("--faults", type=float, default=0.0, metavar="RATE",
                    help="this share of Discord's answers fail during the play (mixed 5xx, timeouts, "
                         "dropped connections; sandbox.faults)")
    ap.add_argument("--fault-seed", type=int, default=None, help="the faults' seed (default: --seed)")
    ap.add_argument("--fault-grace", type=float, default=60.0,
                    help="seconds after the last fault before the tables are checked")
    ap.add_argument("--settle-timeout", type=float, default=60.0)
    ap.add_argument("--loop-lag", action="store_true", help="sample the bot's event-loop lag (bench.botlag)")
    ap.add_argument("--profile", metavar="FILE", help="run the bot under cProfile, stats to FILE")
    ap.add_argument("--py-spy", metavar="FILE",
                    help="record the bot (and its render workers) with py-spy during the play, "
                         "collapsed stacks to FILE (py-spy from $PY_SPY or PATH)")
    ap.add_argument("--keep-log", metavar="FILE", help="copy the bot's log to FILE")
    ap.add_argument("--dump", metavar="FILE", help="every click and board publication per table, as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap




def options(**overrides) -> argparse.Namespace:
    """The bench's settings as ``Load`` takes them: the command line's defaults, with
    ``overrides`` (``options(matches=20, tables_per_channel=1)``), for tests that drive a Load."""
    args = parser().parse_args([])
    unknown = set(overrides) - set(vars(args))
    if unknown:
        raise TypeError(f"bench.load has no settings {sorted(unknown)}")
    vars(args).update(overrides)
    return args


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if args.processes < 1:
        print("bench.load: --processes must be 1 or more", file=sys.stderr)
        return 2
    if args.processes > 1 and args.database is None:
        args.database = "postgresql"          # processes share a PostgreSQL store
    if args.processes > 1 and not args.database.startswith("postgres"):
        print("bench.load: several processes need PostgreSQL (--database postgresql or a URL)",
              file=sys.stderr)
        return 2
    return run_against_stand_in(run, args)


if __name__ == "__main__":
    sys.exit(main())
