"""The monkey: game nights against the real bot, with the invariants a real group relies on
checked after every step.

    python -m bench.monkey [--games 40] [--seed 1] [--busy 2] [--tables 4] [--max-steps 80]
                           [--kills 1.0] [--settle 5] [--details] [--rate-limits] [-v]

The real ``bot.py`` runs as a subprocess (bench.load's ``Bot``: SANDBOX_URL at a Sandbox that
runs in this process, a temporary SQLite DATABASE_PATH, its output in a log file, LOG_LEVEL
``--log-level``). ``--busy N`` keeps N processes burning CPU in a tight loop for the whole run
(a machine shared with other work). ``--tables`` tables play at once, one per channel; their
games rotate through every game (libertalia, glen_more, whisky, keyflower) and every AI level
(easy, normal, hard: game i is GAMES[i % 4] with LEVELS[i % 3], so 12 games see every pair),
each with 1-3 simulated humans (the first is the host) and 1-2 AI seats of that level; a
quarter of the tables are opened in Greek or Hungarian. A human acts through what Discord
would show them, at random, as a real group does:

- play a choice: from their DM panel, from the ephemeral **Your turn** panel (pressing Your
  turn first, now and then even when the DM is there, and always when no panel reached them),
  or on a decision read out to them in the thread (a Whisky question);
- **Back** (``tbl:back``) on a panel that offers it, **My view** (``tbl:view``), **Your turn**
  (``tbl:turn``) whether or not it is their turn;
- close or reopen their DMs (``sb.close_dms``); ``/table language`` (el, hu, en, discord);
  ``/table spectate`` (anyone), ``/table status``, ``/table rules``;
- click an old panel or an old board message: a custom_id that an earlier version of a
  message they can see had (``sb.forge``), or a live button of a game that ended;
- ``/table abort`` (the host; anyone else is refused), and **Play again** on the results of a
  finished game (the rematch is started and played as the next game of that channel).

A table's host aborts it after ``--max-steps`` steps at that table, so runs stay bounded; a
game counts once its table finished or was aborted. Every ``~100 / --kills`` steps (drawn from
the seed) the bot process alone gets SIGKILL, between two steps (its publications and AI
moves may still be under way), and is started again on the same database and stand-in.

After every step the monkey waits (polling, bounded) for the table to settle: while an AI
seat is to act the bot is still thinking (no bound but ``--stall`` seconds without a stored
move); then the table is settled once every check below passes and nothing of that table
has changed for 0.2 s, or ``--settle`` seconds have passed (and, after a restart,
``--restart-grace`` more), and then whatever still fails is a violation. Each violation is
counted once (by what it is about: a message, a decision, a process...), by kind:

late_ack
    Every interaction the monkey sent (commands, buttons, selects, forged clicks) got its
    initial response (a message, an update or a defer) within 3 s: the stand-in refuses a
    later callback with 10062, as Discord does, and one that never came counts too. Clicks
    sent while a killed bot was down or restarting are excused. ``ack_ms_*`` are over every
    interaction not excused (a late one at the time the bot tried, one never answered at
    3250 ms).
missing_panel
    From the store (the newest snapshot plus the moves after it, not taken back; the seat's
    count is its number of such moves), every human seat the engine waits for has a live panel
    for its current decision that its player can reach: a DM panel or an ephemeral panel of
    that player with live ``act:``/``sel:`` components ``<match>:<seat>:<count>:<fp>`` (fp the
    fingerprint of its legal actions now); for a decision read out at the table
    (``engine.public_decision``) a live public panel in the thread with the public choices'
    fingerprint (and a private panel too when there are choices only the player may see).
    A player the running bot failed to DM (403/50007 since it started) may instead use the
    board's live **Your turn** button. Also a running table with no board with live buttons,
    and one where an AI seat is to act and nothing was stored for ``--stall`` seconds (nobody
    can move). At the end each missing panel says whether one came later, and when.
duplicate_panel
    More than one live private panel (DM or ephemeral) or more than one live public panel for
    one decision; a live panel of a decision that is no longer asked (an older one, one taken
    back, another seat's in a player's DMs); and "notified once": a decision that reached its
    player as a new message (a DM, an ephemeral follow-up, a public panel) more than once
    (the reply to the player's own **Your turn** press is not a notification; a decision
    reached again after **Back** is a new one), or a player pinged in the thread twice for
    one decision (a ping: a mention the message's allowed_mentions lets through). At the end
    each panel found live that should not be says whether it was retired later.
stale_component
    ``--ended-grace`` (5) seconds after a table ended (finished or aborted), no message
    anywhere, DMs and ephemerals included, has a live component of that match (``tbl:``,
    ``act:``, ``sel:``, ``lvl:``), but **Play again** on the results of a finished game (the
    final board keeps no buttons: cogs/controller.py ``finish``). For a running table: a
    superseded board or the lobby with live buttons (found after settling).
log_errors
    The bot's log (stdout and stderr, across restarts) has no traceback, no ERROR/CRITICAL
    line, and no line about an unknown interaction (10062) or a late callback; a traceback
    with the log line it belongs to counts once. bot.py exiting by itself counts too (it is
    started again).
replay_mismatch
    After every kill and at the end, every match that started replays from its first snapshot
    and its action log (moves taken back skipped): every move applies, every stored snapshot
    equals the state its moves give, no snapshot is left for a move that was taken back, and
    a finished match has an outcome while a running one has none.
orphan_processes
    After every restart and after the final SIGTERM, no process the bot started (found by a
    tag in its environment, which its render and AI workers and multiprocessing's helpers
    inherit) is running unless it descends from the live bot process (``--orphan-grace``
    seconds allowed for them to go). Orphans are killed once counted.

Excused (counted under ``excused``, not as violations): ephemeral panels made by a bot
process that was killed since (their interaction token died with it; docs/DESIGN.md keeps
ephemeral panels per process) or older than 14 minutes (Discord's tokens last 15), and
clicks a kill cut off.

The last stdout line is one JSON object: ``games`` (tables that finished or were aborted),
``steps``, ``interactions``, ``ack_ms_p50``/``p99``/``max``, ``violations`` (a count per kind
above), ``kills``, and ``finished``, ``aborted``, ``unfinished`` (tables given up on),
``per_game``, ``per_level``, ``settle_ms_p50``/``p99`` (a step to its table settled, AI
thinking included), ``loop_lag_ms_p50``/``p99``/``max`` (how late the bot's event loop woke
from a 50 ms sleep, sampled by bench.botlag, which runs bot.py unchanged), ``decisions_delivered`` and ``pings`` (what the notified-once check saw),
``excused``, ``bot_exit``, ``seconds``, ``seed``; with ``--details`` also ``details``: up to
``--details-max`` descriptions per kind (every one goes to stderr as it is found).
``--dump FILE`` writes every table's messages (with the custom_ids they had and the bot
process that made them) and interactions, for a developer looking into a violation. The
exit code is 0 for a completed run whatever it found, non-zero only if the monkey itself
failed.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from bench.common import percentile
from bench.load import Bot, _children

GAMES = ("libertalia", "glen_more", "whisky", "keyflower")
LEVELS = ("easy", "normal", "hard")
COMMANDS = {"libertalia": "libertalia new", "glen_more": "glenmore new", "whisky": "whisky new",
            "keyflower": "keyflower new"}
KINDS = ("late_ack", "missing_panel", "duplicate_panel", "stale_component", "log_errors",
         "replay_mismatch", "orphan_processes")
ENDED = ("finished", "aborted")
ACK_DEADLINE_S = 3.0
NEVER_ANSWERED_S = ACK_DEADLINE_S + 0.25      # what an unanswered interaction counts as
EPHEMERAL_EDITABLE_S = 14 * 60                # cogs/panels.py: interaction tokens live 15 min
POLL_S = 0.1
QUIET_S = 0.2
TAG_ENV = "MONKEY_RUN"
CHOICE = re.compile(r"(?:act|sel):(\d+):([A-Z]):(\d+):([0-9a-f]+)")
TABLE_REF = re.compile(r"(?:tbl:[a-z]+|act|sel|lvl):(\d+)")
LOBBY_OPS = ("join", "leave", "ai", "unai", "start")
LOG_START = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
LATE_LINE = re.compile(r"10062|Unknown interaction|late callback", re.I)
CHAINED = ("During handling of the above exception", "The above exception was the direct cause")
LOCALES = ("en-US", "en-US", "en-US", "en-GB", "el", "hu", "de")
ACTIONS = {"play": 60, "back": 7, "turn": 6, "view": 4, "dms": 3, "language": 3, "spectate": 2,
           "status": 2, "rules": 2, "stale": 6, "abort": 0.5}

log = logging.getLogger("bench.monkey")


@dataclass(frozen=True)
class Violation:
    kind: str
    key: tuple          # what it is about: the same problem seen again is not counted again
    text: str


# --- the store: what the bot must show ---------------------------------------------------------
@dataclass
class Decision:
    """A human seat the engine waits for, and the decision it is asked."""
    seat: str
    user_id: int
    count: int                  # the seat's moves so far, not taken back (custom_id's count)
    fp: str                     # fingerprint of its legal actions (its own panel's)
    public: bool = False        # read out at the table (engine.public_decision)
    public_fp: str = ""         # fingerprint of the choices the table panel offers
    extras: bool = False        # a public decision with choices only the player may see


@dataclass
class TableState:
    mid: int
    status: str
    game: str = ""
    seats: dict = field(default_factory=dict)          # seat -> user id (None: an AI seat)
    humans: list = field(default_factory=list)         # Decision of each human seat asked now
    ai_to_act: list = field(default_factory=list)
    thread_id: int | None = None
    channel_id: int | None = None
    host_id: int | None = None
    counts: dict = field(default_factory=dict)         # seat -> its moves, not taken back
    version: tuple = ()
    gen: int = 0                # Backs accepted at this table (from the monkey): decisions
                                # reached again after a Back are new ones

    def decision(self, user_id: int) -> Decision | None:
        return next((d for d in self.humans if d.user_id == user_id), None)


def decisions(engine, state, seats: dict, counts: dict) -> tuple[list[Decision], list[str]]:
    """The human decisions asked now (as the bot's panels must show them) and the AI seats
    to act."""
    from engines.base import choice_fingerprint
    if engine.outcome(state) is not None:
        return [], []
    humans, ai = [], []
    for seat in engine.to_act(state):
        uid = seats.get(seat)
        if uid is None:
            ai.append(seat)
            continue
        acts = engine.legal(state, seat)
        public = bool(engine.public_decision(state, seat))
        pub = engine.public_actions(state, seat) if public else []
        timer = engine.decision_timer(state, seat)
        extras = public and any(a not in pub and (timer is None or a != timer[1]) for a in acts)
        humans.append(Decision(seat, uid, counts.get(seat, 0), choice_fingerprint(acts), public,
                               choice_fingerprint(pub) if pub else "", extras))
    return humans, ai


class StoreReader:
    """Reads the bot's SQLite file (the bot is another process: only the file is shared)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._con: sqlite3.Connection | None = None
        self._cache: dict[int, TableState] = {}

    def con(self) -> sqlite3.Connection:
        if self._con is None:
            self._con = sqlite3.connect(str(self.path), timeout=10, isolation_level=None)
            self._con.row_factory = sqlite3.Row
        return self._con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def table(self, mid: int) -> TableState | None:
        """The match as the bot rebuilds it: the newest snapshot and the moves after it."""
        import engines
        if not self.path.exists():
            return None
        con = self.con()
        m = con.execute("SELECT * FROM matches WHERE id=?", (mid,)).fetchone()
        if m is None:
            return None
        v = con.execute("SELECT COUNT(*), COALESCE(SUM(undone), 0), COALESCE(MAX(n), 0) FROM actions "
                        "WHERE match_id=?", (mid,)).fetchone()
        version = (m["status"], tuple(v))
        cached = self._cache.get(mid)
        if cached is not None and cached.version == version:
            return cached
        seats = {r["seat"]: (None if r["is_ai"] else r["user_id"]) for r in con.execute(
            "SELECT seat, user_id, is_ai FROM seats WHERE match_id=? ORDER BY position", (mid,))}
        st = TableState(mid, m["status"], m["game"], seats, thread_id=m["thread_id"],
                        channel_id=m["channel_id"], host_id=m["host_id"], version=version)
        if m["status"] == "running":
            snap = con.execute("SELECT n, state FROM snapshots WHERE match_id=? ORDER BY n DESC LIMIT 1",
                               (mid,)).fetchone()
            if snap is not None:
                engine = engines.get(m["game"])
                state = engine.load(json.loads(snap["state"]))
                for r in con.execute("SELECT seat, action FROM actions WHERE match_id=? AND n>? AND undone=0 "
                                     "ORDER BY n", (mid, snap["n"])):
                    engine.apply(state, r["seat"], json.loads(r["action"]))
                counts = {r["seat"]: r["c"] for r in con.execute(
                    "SELECT seat, COUNT(*) AS c FROM actions WHERE match_id=? AND undone=0 GROUP BY seat", (mid,))}
                st.humans, st.ai_to_act = decisions(engine, state, seats, counts)
                st.counts = counts
        self._cache[mid] = st
        return st

    def statuses(self) -> dict[int, str]:
        if not self.path.exists():
            return {}
        return {r["id"]: r["status"] for r in self.con().execute("SELECT id, status FROM matches")}


def replay_problems(db_path: Path) -> list[Violation]:
    """replay_mismatch: every started match replays from its first snapshot and its action log
    to the states its snapshots hold, and its status agrees with the outcome."""
    import engines
    out: list[Violation] = []
    if not Path(db_path).exists():
        return out
    con = sqlite3.connect(str(db_path), timeout=10)
    con.row_factory = sqlite3.Row
    try:
        for m in con.execute("SELECT * FROM matches WHERE status IN ('running','finished','aborted')").fetchall():
            mid = m["id"]
            first = con.execute("SELECT state FROM snapshots WHERE match_id=? AND n=0", (mid,)).fetchone()
            if first is None:
                continue
            engine = engines.get(m["game"])
            state = engine.load(json.loads(first["state"]))
            snaps = {r["n"]: json.loads(r["state"]) for r in con.execute(
                "SELECT n, state FROM snapshots WHERE match_id=? AND n>0", (mid,))}
            moves = con.execute("SELECT n, seat, action FROM actions WHERE match_id=? AND undone=0 ORDER BY n",
                                (mid,)).fetchall()
            done = set()
            replayed = True
            for r in moves:
                try:
                    engine.apply(state, r["seat"], json.loads(r["action"]))
                except Exception as e:  # noqa: BLE001 - that is the finding
                    out.append(Violation("replay_mismatch", (mid, r["n"], "apply"),
                                         f"match {mid} ({m['game']}): move {r['n']} ({r['seat']} {r['action']}) "
                                         f"does not replay: {e!r}"))
                    replayed = False
                    break
                done.add(r["n"])
                if r["n"] in snaps and json.loads(json.dumps(engine.dump(state))) != snaps[r["n"]]:
                    out.append(Violation("replay_mismatch", (mid, r["n"], "snapshot"),
                                         f"match {mid} ({m['game']}): the snapshot after move {r['n']} is not "
                                         f"the state its moves give"))
            if not replayed:
                continue
            for n in sorted(set(snaps) - done):
                out.append(Violation("replay_mismatch", (mid, n, "orphan snapshot"),
                                     f"match {mid} ({m['game']}): a snapshot after move {n}, which is not in the "
                                     f"log (taken back, or never stored)"))
            over = engine.outcome(state) is not None
            if m["status"] == "finished" and not over:
                out.append(Violation("replay_mismatch", (mid, "status"),
                                     f"match {mid} ({m['game']}): finished in the store, but its moves do not end the game"))
            elif m["status"] == "running" and over:
                out.append(Violation("replay_mismatch", (mid, "status"),
                                     f"match {mid} ({m['game']}): running in the store, but its moves end the game"))
    finally:
        con.close()
    return out


# --- the stand-in: what the bot shows ----------------------------------------------------------
@dataclass(frozen=True)
class Panel:
    """The decision a message offers with live act:/sel: components."""
    msg_id: int
    kind: str                   # "dm", "ephemeral" or "public"
    viewer: int | None          # whose DM / ephemeral it is
    mid: int
    seat: str
    count: int
    fp: str
    back: bool                  # it has a live Back button


def live_ids(m) -> list[str]:
    """The custom_ids of a message's components that can still be used."""
    if m.deleted:
        return []
    return [c["custom_id"] for c in m.interactive() if not c.get("disabled")]


def table_refs(custom_ids: Iterable[str]) -> set[int]:
    return {int(x.group(1)) for cid in custom_ids if (x := TABLE_REF.match(cid))}


def panel_of(m) -> Panel | None:
    ids = live_ids(m)
    for cid in ids:
        x = CHOICE.match(cid)
        if x:
            mid = int(x.group(1))
            return Panel(m.id, m.visibility, m.viewer_id, mid, x.group(2), int(x.group(3)), x.group(4),
                         f"tbl:back:{mid}" in ids)
    return None


def old_ids(m) -> list[str]:
    """custom_ids that an earlier version of the message had and this one has not."""
    now = set(m.custom_ids)
    seen: list[str] = []

    def walk(components):
        for c in components or []:
            cid = c.get("custom_id")
            if cid and cid not in now and cid not in seen:
                seen.append(cid)
            walk(c.get("components"))
    for version in m.history:
        walk(version.get("components"))
    return seen


def offer_of(m) -> tuple[int, str, int, str, bool] | None:
    """(match, seat, count, fp, live) of the newest decision a message offered, live or not."""
    p = panel_of(m)
    if p is not None:
        return p.mid, p.seat, p.count, p.fp, True
    for version in reversed(m.history):
        stack = list(version.get("components") or [])
        while stack:
            c = stack.pop()
            x = CHOICE.match(c.get("custom_id") or "")
            if x:
                return int(x.group(1)), x.group(2), int(x.group(3)), x.group(4), False
            stack += c.get("components") or []
    return None


@dataclass
class Seen:
    """What the checks know beyond the messages and the store."""
    dm_closed_known: set = field(default_factory=set)   # users the running bot failed to DM
    life: int = 0                                        # the running bot process (0, 1, ... per kill)
    life_of: dict = field(default_factory=dict)          # message id -> the bot process that made it
    now: float = field(default_factory=time.time)
    names: dict = field(default_factory=dict)            # user id -> name, for the descriptions
    excused: dict = field(default_factory=lambda: defaultdict(set))   # why -> message ids

    def excuse(self, m) -> bool:
        """An ephemeral panel the running bot cannot retire: a killed process made it (its
        interaction token went with it) or it is older than 14 minutes (tokens last 15)."""
        if m.visibility != "ephemeral":
            return False
        if self.life_of.get(m.id, self.life) < self.life:
            self.excused["ephemeral_of_killed_bot"].add(m.id)
            return True
        if self.now - m.created > EPHEMERAL_EDITABLE_S:
            self.excused["ephemeral_too_old"].add(m.id)
            return True
        return False

    def where(self, m) -> str:
        who = self.names.get(m.viewer_id, m.viewer_id)
        killed = " (made by a killed bot)" if self.life_of.get(m.id, self.life) < self.life else ""
        if m.visibility == "dm":
            return f"DM {m.id} of {who}{killed}"
        if m.visibility == "ephemeral":
            return f"ephemeral {m.id} of {who}{killed}"
        return f"message {m.id} in channel {m.channel_id}{killed}"


def check_running(st: TableState, messages: Iterable, seen: Seen) -> list[Violation]:
    """missing_panel / duplicate_panel (and a running table's stale board or lobby) of one
    table, from its state in the store and the messages that reference it."""
    out: list[Violation] = []
    messages = list(messages)
    asked = {d.seat: d for d in st.humans}
    private: dict[str, list] = defaultdict(list)
    public: dict[str, list] = defaultdict(list)
    boards, lobbies = [], []
    where = f"match {st.mid} ({st.game})"
    for m in messages:
        ids = live_ids(m)
        if not ids or st.mid not in table_refs(ids):
            continue
        p = panel_of(m)
        if p is not None and p.mid == st.mid:
            d = asked.get(p.seat)
            if p.kind == "public":
                if d is not None and d.public and (p.count, p.fp) == (d.count, d.public_fp):
                    public[p.seat].append(m)
                    continue
            elif d is not None and (p.count, p.fp) == (d.count, d.fp) and p.viewer == d.user_id:
                private[p.seat].append(m)
                continue
            if seen.excuse(m):
                continue
            if d is None:
                why = "its seat is not asked anything now"
            elif p.kind != "public" and p.viewer != d.user_id:
                why = "it is not that seat's player's"
            else:
                why = f"the seat is asked decision {d.count} ({d.public_fp if p.kind == 'public' else d.fp}) now"
            out.append(Violation("duplicate_panel", ("stale", m.id, p.seat, p.count, p.fp),
                                 f"{where}: {seen.where(m)} still offers seat {p.seat}'s decision "
                                 f"{p.count} ({p.fp}); {why}"))
            continue
        if f"tbl:turn:{st.mid}" in ids:
            boards.append(m)
        if any(cid.startswith(f"tbl:{op}:") for op in LOBBY_OPS for cid in ids) or f"lvl:{st.mid}" in ids:
            lobbies.append(m)
    for side, found in (("private", private), ("public", public)):
        for seat, ms in found.items():
            counted = [m for m in ms if not seen.excuse(m)]
            if len(counted) > 1:
                d = asked[seat]
                out.append(Violation("duplicate_panel", ("live twice", st.mid, seat, d.count, d.fp, st.gen, side),
                                     f"{where}: seat {seat}'s decision {d.count} has {len(counted)} live {side} "
                                     f"panels: " + ", ".join(seen.where(m) for m in counted)))
    for d in st.humans:
        key = ("missing", st.mid, d.seat, d.count, d.fp, st.gen)
        who = seen.names.get(d.user_id, d.user_id)
        if d.public and not public.get(d.seat):
            out.append(Violation("missing_panel", key[:4] + (d.public_fp, st.gen, "public"),
                                 f"{where}: seat {d.seat} ({who}) is asked decision {d.count}, a question for "
                                 f"the table, and no live panel in the thread offers it"))
        if (not d.public or d.extras) and not private.get(d.seat):
            if d.user_id in seen.dm_closed_known and boards:
                continue                 # told to press Your turn on the board
            closed = (" (the bot knows their DMs are closed, and no board has a live Your turn)"
                      if d.user_id in seen.dm_closed_known else "")
            out.append(Violation("missing_panel", key,
                                 f"{where}: seat {d.seat} ({who}) is asked decision {d.count} ({d.fp}) and "
                                 f"has no live panel for it{closed}; {last_offers(st.mid, d, messages, seen)}"))
    if not boards:
        out.append(Violation("missing_panel", ("board", st.mid, st.version),
                             f"{where}: no message has the table's live Your turn / My view buttons"))
    if len(boards) > 1:
        newest = max(boards, key=lambda m: m.id)
        for m in boards:
            if m is not newest:
                out.append(Violation("stale_component", ("board", m.id),
                                     f"{where}: a superseded board, {seen.where(m)}, still has live buttons "
                                     f"(the newest: {seen.where(newest)})"))
    for m in lobbies:
        out.append(Violation("stale_component", ("lobby", m.id),
                             f"{where}: the lobby {m.id} of a running table still has live buttons"))
    return out


def last_offers(mid: int, d: Decision, messages: Iterable, seen: Seen) -> str:
    """What the seat's player was shown last (for a missing panel's description)."""
    shown = []
    for m in messages:
        o = offer_of(m)
        if o is None or o[0] != mid or o[1] != d.seat:
            continue
        if m.visibility != "public" and m.viewer_id != d.user_id:
            continue
        how = "live" if o[4] else "retired: " + repr((m.content or "").rsplit("\n", 1)[-1][-60:])
        shown.append(f"{seen.where(m)}: decision {o[2]} ({o[3]}, {how})")
    return "last shown: " + ("; ".join(shown[-2:]) if shown else "nothing")


def check_ended(mid: int, status: str, messages: Iterable, seen: Seen, *, ago: float = 0.0,
                game: str = "") -> list[Violation]:
    """stale_component: nothing of an ended table is clickable but Play again (finished)."""
    out = []
    for m in messages:
        ids = [cid for cid in live_ids(m) if mid in table_refs([cid])]
        if status == "finished":
            ids = [cid for cid in ids if not cid.startswith("tbl:again:")]
        if not ids or seen.excuse(m):
            continue
        out.append(Violation("stale_component", ("ended", m.id),
                             f"match {mid} ({game}) {status} {ago:.0f} s ago: {seen.where(m)} still has "
                             f"live {', '.join(ids[:4])}"))
    return out


class Ledger:
    """Notified once: the new messages that carried each decision, and the pings."""

    def __init__(self) -> None:
        self.deliveries: dict[tuple, list] = defaultdict(list)
        self.pings: dict[tuple, list] = defaultdict(list)

    def delivered(self, p: Panel, *, gen: int, life: int, solicited: bool = False) -> Violation | None:
        """A message that carries a decision was created. ``solicited``: the reply to the
        player's own Your turn press (not a notification)."""
        if solicited:
            return None
        side = "public" if p.kind == "public" else "private"
        key = (p.mid, p.seat, p.count, p.fp, gen, side)
        before = list(self.deliveries[key])
        self.deliveries[key].append((p.msg_id, p.kind, life))
        if before and not all(kind == "ephemeral" and lived < life for _, kind, lived in before):
            first = before[0]
            return Violation("duplicate_panel", ("twice",) + key + (p.msg_id,),
                             f"match {p.mid}: seat {p.seat}'s decision {p.count} ({p.fp}) reached its player "
                             f"again as {p.kind} {p.msg_id}" + (" after a restart" if life > first[2] else "")
                             + f" (first as {first[1]} {first[0]})")
        return None

    def pinged(self, mid: int, seat: str, count: int, fp: str, gen: int, msg_id: int, life: int) -> Violation | None:
        key = (mid, seat, count, fp, gen)
        before = list(self.pings[key])
        self.pings[key].append((msg_id, life))
        if before:
            return Violation("duplicate_panel", ("pinged twice",) + key + (msg_id,),
                             f"match {mid}: seat {seat} was mentioned again in message {msg_id} for the same "
                             f"decision {count}" + (" after a restart" if life > before[0][1] else "")
                             + f" (first in {before[0][0]})")
        return None


def scan_log(lines: list[str]) -> list[Violation]:
    """log_errors: each traceback (with the log line it belongs to), ERROR/CRITICAL line, or
    line about an unknown interaction / late callback counts once."""
    records: list[list[str]] = []
    in_tb = False               # inside a traceback's frames
    tail = False                # just after a traceback's exception line (a chained one may follow)
    for line in lines:
        if records and in_tb:
            records[-1].append(line)
            if line.strip() and not line.startswith((" ", "\t")):
                in_tb, tail = False, True            # the exception line ends the frames
            continue
        if line.startswith("Traceback (most recent call last)"):
            cur = records[-1] if records else None
            chained = tail and cur is not None and any(x.startswith(CHAINED) for x in cur[-3:])
            fresh_log = (cur is not None and LOG_START.match(cur[0]) is not None
                         and re.search(r" (WARNING|ERROR|CRITICAL) ", cur[0]) is not None
                         and not any(x.startswith("Traceback") for x in cur))
            if chained or fresh_log:
                cur.append(line)
            else:
                records.append([line])
            in_tb, tail = True, False
            continue
        if tail and records and (not line.strip() or line.startswith(CHAINED)):
            records[-1].append(line)                 # between two chained tracebacks
            continue
        if records and not LOG_START.match(line) and line.startswith((" ", "\t")) and not tail:
            records[-1].append(line)                 # a multi-line log message
            continue
        records.append([line])
        tail = False
    out = []
    for i, rec in enumerate(records):
        head = rec[0]
        has_tb = any(x.startswith("Traceback") for x in rec)
        if not (" ERROR " in head or " CRITICAL " in head or has_tb or any(LATE_LINE.search(x) for x in rec)):
            continue
        last = next((x for x in reversed(rec) if x.strip() and not x.startswith((" ", "\t"))), head)
        text = head.strip()[:200] + (f" ... {last.strip()[:200]}" if last is not head else "")
        out.append(Violation("log_errors", (i, head[:80]), text))
    return out


def ack_problems(interactions: Iterable, excused=lambda it: False,
                 deadline: float = ACK_DEADLINE_S) -> tuple[list[float], list[Violation], int]:
    """late_ack: (latencies in ms of the interactions not excused, violations, excused count)."""
    lat, out, skipped = [], [], 0
    for it in interactions:
        if it.callback_type is not None and it.latency is not None:
            seconds = it.latency
            late = seconds > deadline
            what = f"answered after {seconds:.2f} s"
        else:
            if excused(it):
                skipped += 1
                continue
            x = re.search(r"callback after ([0-9.]+) s", it.error or "")
            seconds = float(x.group(1)) if x else NEVER_ANSWERED_S
            late = True
            what = f"answered after {seconds:.2f} s (refused: 10062)" if x else f"never answered ({it.error})"
        lat.append(seconds * 1000)
        if late:
            user = getattr(getattr(it, "user", None), "username", "?")
            out.append(Violation("late_ack", ("ack", it.id),
                                 f"{it.name!r} by {user} in channel {getattr(getattr(it, 'channel', None), 'id', '?')}: {what}"))
    return lat, out, skipped


def tagged_processes(tag: str) -> dict[int, str]:
    """Live processes (not zombies) whose environment carries ``MONKEY_RUN=<tag>``: the bot and
    everything it started (children inherit the environment, and keep it if orphaned)."""
    needle = f"{TAG_ENV}={tag}".encode()
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/environ", "rb") as f:
                if needle not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{d}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue
            with open(f"/proc/{d}/cmdline", "rb") as f:
                out[int(d)] = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except (OSError, IndexError):
            continue
    return out


# --- the bot, busy neighbours, the gate -----------------------------------------------------------
class MonkeyBot(Bot):
    """bench.load's ``python bot.py``, tagged (to find what it started) and crashed alone; it
    runs through bench.botlag, which samples how late its event loop wakes up (``lags``)."""

    def __init__(self, sb, workdir: Path, *, tag: str, log_level: str) -> None:
        super().__init__(sb, workdir, name="bot", env={TAG_ENV: tag, "LOG_LEVEL": log_level},
                         loop_lag=True)
        self.lags: list[float] = []          # ms, every bot process of the run

    def collect_lags(self) -> None:
        """The loop lag samples of the process that just ended (a killed one wrote most of
        them: bench.botlag writes every 10 s)."""
        try:
            self.lags += [lag for _, lag in json.loads(self.lag_path.read_text())["lag_ms"]]
            self.lag_path.unlink()
        except (OSError, ValueError, KeyError):
            pass

    def crash(self) -> list[int]:
        """SIGKILL the bot process only, as a crash does: its workers are left to themselves.
        Returns the processes it had started."""
        family = _children(self.proc.pid)
        self.proc.kill()
        self.proc.wait(10)
        self._log.close()
        self.collect_lags()
        return family


def _burn() -> None:                       # pragma: no cover - runs in a busy process
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        pass


def start_busy(n: int) -> list:
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_burn, name=f"monkey-busy-{i}", daemon=True) for i in range(n)]
    for p in procs:
        p.start()
    return procs


def stop_busy(procs: list) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        p.join(5)


class Gate:
    """Steps share it; a kill has it alone, once the steps under way are over."""

    def __init__(self) -> None:
        self._cond = asyncio.Condition()
        self._steps = 0
        self._closed = False

    @asynccontextmanager
    async def step(self):
        async with self._cond:
            await self._cond.wait_for(lambda: not self._closed)
            self._steps += 1
        try:
            yield
        finally:
            async with self._cond:
                self._steps -= 1
                self._cond.notify_all()

    @asynccontextmanager
    async def alone(self):
        async with self._cond:
            self._closed = True
            await self._cond.wait_for(lambda: self._steps == 0)
        try:
            yield
        finally:
            async with self._cond:
                self._closed = False
                self._cond.notify_all()


# --- the run ---------------------------------------------------------------------------------
@dataclass
class Kill:
    n: int
    at: float                  # perf_counter of the SIGKILL
    ready: float = 0.0         # perf_counter when the new bot had connected


@dataclass
class Slot:
    k: int
    channel: object
    users: list
    mids: list = field(default_factory=list)       # the matches played here
    last_activity: float = 0.0


@dataclass
class Game:
    i: int
    slot: Slot
    game: str
    level: str
    humans: list               # SbUser, the host first
    n_ai: int
    via: str = "new"           # or "again" (a rematch)
    mid: int | None = None
    status: str = "lobby"
    steps: int = 0
    ended_at: float | None = None      # perf_counter when the monkey saw it end
    end_checked: bool = False
    given_up: bool = False

    def where(self) -> str:
        return f"match {self.mid} ({self.game}, {self.level} AI, {len(self.humans)} humans)"


class Monkey:
    def __init__(self, sb, args, workdir: Path) -> None:
        from sandbox import SbMessage
        self._SbMessage = SbMessage
        self.sb, self.args = sb, args
        self.rng = random.Random(args.seed)
        self.tag = uuid.uuid4().hex
        self.bot = MonkeyBot(sb, workdir, tag=self.tag, log_level=args.log_level)
        self.store = StoreReader(self.bot.db_path)
        self.found: dict[str, dict[tuple, str]] = {k: {} for k in KINDS}
        self.excused: dict[str, set] = defaultdict(set)      # why -> what (message/interaction ids)
        self.notes: list[str] = []
        self.slots: list[Slot] = []
        self.games: list[Game] = []
        self.by_mid: dict[int, Game] = {}
        self.index: dict[int, set[int]] = defaultdict(set)    # match -> messages that referenced it
        self.thread_mid: dict[int, int] = {}
        self.channel_slot: dict[int, Slot] = {}
        self.user_slot: dict[int, Slot] = {}
        self.life = 0
        self.life_of: dict[int, int] = {}
        self.dying = False               # a killed process's last requests are still being served
        self.dm_closed_known: set[int] = set()
        self._req_cursor = 0
        self.backs: Counter = Counter()
        self.ledger = Ledger()
        self.kills: list[Kill] = []
        self.steps = 0
        self.started_games = 0
        self.killing = False
        self.next_kill = self._draw_kill(0)
        self.gate = Gate()
        self.alive = asyncio.Event()
        self.alive.set()
        self.done = asyncio.Event()
        self.t0 = time.perf_counter()
        self._last_progress = 0.0
        self.pings_seen = 0                        # players pinged in a thread (one per decision)
        self.settled_ms: list[float] = []          # step -> the table settled (no AI to act)
        self.found_at: dict[tuple, float] = {}     # (kind, key) -> when a settled check found it
        sb._listeners.append(self.on_event)

    # -- bookkeeping ---------------------------------------------------------------------------
    def record(self, v: Violation) -> None:
        x = re.match(r"match (\d+):", v.text)
        if x and int(x.group(1)) in self.by_mid:         # the ledger's texts: name the game
            g = self.by_mid[int(x.group(1))]
            v = Violation(v.kind, v.key, f"match {g.mid} ({g.game}):" + v.text[x.end():])
        bucket = self.found[v.kind]
        if v.key in bucket:
            return
        bucket[v.key] = v.text
        if self.args.verbose or self.args.details:
            print(f"monkey: {v.kind}: {v.text}", file=sys.stderr, flush=True)

    def note(self, text: str) -> None:
        self.notes.append(text)
        if self.args.verbose:
            print(f"monkey: note: {text}", file=sys.stderr, flush=True)

    def _draw_kill(self, now: int) -> float:
        if self.args.kills <= 0:
            return float("inf")
        spacing = 100.0 / self.args.kills          # steps between kills, on average
        return now + self.rng.randint(max(1, int(0.5 * spacing)), max(1, int(1.5 * spacing)))

    def seen(self) -> Seen:
        reqs = self.sb.requests
        for method, path, status in reqs[self._req_cursor:]:
            if method == "POST" and status == 403:
                x = re.fullmatch(r"/api/v10/channels/(\d+)/messages", path)
                ch = self.sb.world.channels.get(int(x.group(1))) if x else None
                if ch is not None and ch.is_dm:
                    self.dm_closed_known.add(ch.recipient_id)
        self._req_cursor = len(reqs)
        names = {u.id: u.username for u in self.sb.world.users.values()}
        return Seen(set(self.dm_closed_known), self.life, self.life_of, time.time(), names, self.excused)

    async def state(self, mid: int) -> TableState | None:
        """The table in the store (read again if the file is busy)."""
        for attempt in range(20):
            try:
                return self.store.table(mid)
            except sqlite3.Error as e:
                if attempt == 19:
                    raise
                log.info("store busy (%s); reading again", e)
                await asyncio.sleep(0.1)
        return None

    def messages(self, mid: int) -> list:
        w = self.sb.world.messages
        return [w[i] for i in sorted(self.index.get(mid, ())) if i in w]

    def slot_of(self, m) -> Slot | None:
        slot = self.channel_slot.get(m.channel_id)
        if slot is None:
            ch = self.sb.world.channels.get(m.channel_id)
            if ch is not None and ch.parent_id is not None:
                slot = self.channel_slot.get(ch.parent_id)
        if slot is None and m.viewer_id is not None:
            slot = self.user_slot.get(m.viewer_id)
        return slot

    def on_event(self, kind: str, m) -> None:
        """Every message the stand-in creates or edits (synchronously)."""
        if kind not in ("create", "edit") or not isinstance(m, self._SbMessage) or m.author.id != self.sb.bot_user.id:
            return
        # what the stand-in still makes between a SIGKILL and the end of the requests that
        # were in flight then is the killed process's
        self.life_of.setdefault(m.id, self.life - 1 if self.dying else self.life)
        for mid in table_refs(m.custom_ids):
            self.index[mid].add(m.id)
        slot = self.slot_of(m)
        if slot is not None:
            slot.last_activity = time.perf_counter()
        if kind != "create":
            return
        p = panel_of(m)
        if p is not None and p.mid in self.by_mid:
            it = self.sb.interactions.get(m.interaction_id) if m.interaction_id else None
            solicited = it is not None and it.name.startswith("tbl:turn:") and it.original_id == m.id
            v = self.ledger.delivered(p, gen=self.backs[p.mid], life=self.life, solicited=solicited)
            if v is not None:
                self.record(v)
        if m.visibility == "public" and "<@" in m.content:
            self._pings(m, p)

    def _pings(self, m, p: Panel | None) -> None:
        """A thread message that pings players: one ping per decision."""
        mid = p.mid if p is not None else self.thread_mid.get(m.channel_id)
        if mid is None:
            try:                        # the thread is stored a moment after the game starts
                row = self.store.con().execute("SELECT id FROM matches WHERE thread_id=?",
                                               (m.channel_id,)).fetchone()
            except sqlite3.Error:
                row = None
            mid = row[0] if row else None
            if mid is not None:
                self.thread_mid[m.channel_id] = mid
        if mid is None or mid not in self.by_mid:
            return
        body = None
        path = f"/api/v10/channels/{m.channel_id}/messages"
        for method, where, b in reversed(self.sb.bodies[-60:]):
            if method == "POST" and where == path and (b.get("content") or "") == m.content:
                body = b
                break
        allowed = (body or {}).get("allowed_mentions")
        if not allowed:
            return
        users = {int(u) for u in allowed.get("users") or []}
        mentioned = {int(u) for u in re.findall(r"<@!?(\d+)>", m.content)}
        pinged = mentioned if "users" in (allowed.get("parse") or []) else mentioned & users
        st = self.store.table(mid)
        if st is None:
            return
        for uid in pinged:
            seat = next((s for s, u in st.seats.items() if u == uid), None)
            if seat is None:
                continue
            d = st.decision(uid)
            self.pings_seen += 1
            v = self.ledger.pinged(mid, seat, st.counts.get(seat, 0), d.fp if d else "", self.backs[mid],
                                   m.id, self.life)
            if v is not None:
                self.record(v)

    # -- acting as users -------------------------------------------------------------------------
    async def _ack(self, start):
        from sandbox import InteractionFailed, SandboxError
        try:
            r = await start()
        except SandboxError as e:          # the component went away before the click
            self.note(f"not sent: {str(e)[:160]}")
            return None
        try:
            await r.wait_ack()
        except InteractionFailed:
            pass                           # counted by late_ack at the end
        return r

    async def click(self, user, msg, cid):
        return await self._ack(lambda: self.sb.click(user, msg, cid, wait=False))

    async def choose(self, user, msg, cid, values):
        return await self._ack(lambda: self.sb.select(user, msg, cid, values, wait=False))

    async def slash(self, user, command, channel, **options):
        return await self._ack(lambda: self.sb.slash(user, command, channel, wait=False, options=options))

    async def forge(self, user, msg, cid, values=None):
        return await self._ack(lambda: self.sb.forge(user, msg, cid, values=values, wait=False))

    # -- the world and the tables ------------------------------------------------------------------
    async def build_world(self) -> None:
        for k in range(self.args.tables):
            ch = await self.sb.add_channel(f"monkey-{k + 1:02d}")
            users = [await self.sb.add_user(f"m{k + 1:02d}{c}", display_name=f"M{k + 1}{c.upper()}",
                                            locale=self.rng.choice(LOCALES)) for c in "abc"]
            slot = Slot(k, ch, users)
            self.slots.append(slot)
            self.channel_slot[ch.id] = slot
            for u in users:
                self.user_slot[u.id] = slot

    def home(self, g: Game):
        st = self.store.table(g.mid)
        cid = (st.thread_id or st.channel_id) if st else g.slot.channel.id
        return self.sb.world.channels.get(cid, g.slot.channel)

    def board(self, g: Game):
        """The message with the table's live Your turn button (the newest one)."""
        for m in reversed(self.messages(g.mid)):
            if f"tbl:turn:{g.mid}" in live_ids(m):
                return m
        return None

    async def open_game(self, slot: Slot, i: int) -> Game | None:
        import engines
        from tests.e2e.harness import level_select, table_button
        game, level = GAMES[i % len(GAMES)], LEVELS[i % len(LEVELS)]
        rng = self.rng
        humans = rng.sample(slot.users, rng.randint(1, 3))
        engine = engines.get(game)
        n_ai = max(1, min(rng.randint(1, 2), 4 - len(humans)))
        n_ai = max(n_ai, engine.min_players - len(humans))
        g = Game(i, slot, game, level, humans, n_ai)
        options = {}
        if rng.random() < 0.25:
            options["language"] = rng.choice(["el", "hu"])
        host = humans[0]
        r = await self.slash(host, COMMANDS[game], slot.channel, **options)
        lobby = r.message if r is not None and r.type == 4 else None
        join = table_button(lobby, "join") if lobby is not None else None
        if join is None:
            self.note(f"game {i} ({game}) in {slot.channel.name}: no lobby ({r and r.content!r})")
            return None
        g.mid = int(join.rsplit(":", 1)[1])
        self._adopt(g)
        for h in humans[1:]:
            await self.click(h, lobby, table_button(lobby, "join"))
        for _ in range(n_ai):
            await self.choose(host, lobby, level_select(lobby), [level])
        await self.click(host, lobby, table_button(lobby, "start"))
        return g

    def _adopt(self, g: Game) -> None:
        self.by_mid[g.mid] = g
        self.games.append(g)
        g.slot.mids.append(g.mid)

    async def after_start(self, g: Game) -> None:
        """Wait for the store to say the game runs (and its thread), then settle it."""
        limit = time.perf_counter() + 30
        while True:
            await self.alive.wait()
            st = await self.state(g.mid)
            if st is not None and st.status != "lobby":
                break
            if time.perf_counter() > limit:
                self.note(f"{g.where()}: did not start within 30 s")
                break
            await asyncio.sleep(POLL_S)
        st = await self.state(g.mid)
        if st is not None and st.thread_id:
            self.thread_mid[st.thread_id] = g.mid
        g.status = st.status if st is not None else "lobby"
        if g.status == "running":
            await self.settle(g)

    async def maybe_again(self, g: Game) -> Game | None:
        """Play again on the results of a finished game (while games are left to play)."""
        from tests.e2e.harness import table_button
        if g.status != "finished" or self.started_games >= self.args.games or self.rng.random() > self.args.again:
            return None
        limit = time.perf_counter() + self.args.settle + self.args.ended_grace
        while True:                      # the results come a moment after the last move
            results = next((m for m in reversed(self.messages(g.mid)) if f"tbl:again:{g.mid}" in live_ids(m)), None)
            if results is not None or time.perf_counter() > limit:
                break
            await asyncio.sleep(POLL_S)
        if results is None:
            self.note(f"{g.where()}: finished without a live Play again")
            return None
        self.started_games += 1
        clicker = self.rng.choice(g.humans)
        mark = self.sb.mark()
        async with self.gate.step():
            r = await self.click(clicker, results, f"tbl:again:{g.mid}")
        if r is None or r.type != 7:
            self.note(f"{g.where()}: Play again answered {r and r.type} {r and r.content!r}")
            self.started_games -= 1
            return None
        try:
            lobby = await self.sb.wait_for_message(
                lambda m: m.channel_id == g.slot.channel.id and table_button(m, "join") is not None
                and int(table_button(m, "join").rsplit(":", 1)[1]) != g.mid, timeout=15, after=mark)
        except TimeoutError:
            self.note(f"{g.where()}: no rematch lobby after Play again")
            self.started_games -= 1
            return None
        others = [h for h in g.humans if h is not clicker]
        new = Game(self.started_games - 1, g.slot, g.game, g.level, [clicker, *others], g.n_ai, via="again")
        new.mid = int(table_button(lobby, "join").rsplit(":", 1)[1])
        self._adopt(new)
        async with self.gate.step():
            await self.click(clicker, lobby, table_button(lobby, "start"))
        await self.after_start(new)
        return new

    # -- playing ---------------------------------------------------------------------------------
    async def slot_loop(self, slot: Slot) -> None:
        again = None
        failures = 0
        while True:
            if again is not None:
                g = again
            else:
                if self.started_games >= self.args.games:
                    return
                i = self.started_games
                self.started_games += 1
                async with self.gate.step():
                    g = None
                    try:
                        g = await self.open_game(slot, i)
                    except TimeoutError as e:
                        self.note(f"game {i}: could not be opened: {e}")
                if g is None:                 # no lobby (the late answer is counted): again
                    failures += 1
                    if failures < 3:
                        self.started_games -= 1
                    continue
                failures = 0
                await self.after_start(g)
            await self.play(g)
            again = await self.maybe_again(g)

    async def play(self, g: Game) -> None:
        aborts = 0
        while True:
            st = await self.state(g.mid)
            if st is None:
                return
            if st.status in ENDED:
                self.ended(g, st.status)
                return
            if st.status != "running":                   # a lobby that did not start
                self.note(f"{g.where()}: still in the {st.status}; the host closes it")
                g.steps = max(g.steps, self.args.max_steps)
            if g.steps >= self.args.max_steps or self.out_of_time():
                if aborts >= 3:
                    self.note(f"{g.where()}: the host's /table abort did not end it")
                    g.given_up = True
                    return
                aborts += 1
                async with self.gate.step():
                    host = self.sb.world.users.get(st.host_id) or g.humans[0]
                    await self.slash(host, "table abort", self.home(g))
                await self.settle(g)
                continue
            async with self.gate.step():
                await self.step(g, st)
            g.steps += 1
            self.steps += 1
            await self.settle(g)
            self.progress()
            if self.steps >= self.next_kill and not self.killing:
                await self.kill_and_restart()

    def out_of_time(self) -> bool:
        return bool(self.args.time_limit) and time.perf_counter() - self.t0 > self.args.time_limit

    def ended(self, g: Game, status: str) -> None:
        if g.ended_at is None:
            g.status, g.ended_at = status, time.perf_counter()
            self.progress(force=True)

    async def step(self, g: Game, st: TableState) -> None:
        rng = self.rng
        g.humans = [self.sb.world.users[u] for u in st.seats.values() if u is not None] or g.humans
        asked = [d for d in st.humans]
        if asked and rng.random() < 0.8:
            h = self.sb.world.users[rng.choice(asked).user_id]
        else:
            h = rng.choice(g.humans)
        action = rng.choices(list(ACTIONS), weights=list(ACTIONS.values()))[0]
        mark = len(self.sb.interactions)
        await getattr(self, f"do_{action}")(g, h, st)
        if self.args.verbose:
            done = [f"{it.name[:40]}->{it.callback_type}" for it in list(self.sb.interactions.values())[mark:]
                    if it.user.id == h.id]
            print(f"monkey: step {self.steps} {g.where()}: {h.username} {action} {done}", file=sys.stderr, flush=True)

    def my_panels(self, g: Game, h, st: TableState) -> tuple[list, list]:
        """(panels of h's current decision, other live panels h can see) of this match."""
        d = st.decision(h.id)
        current, other = [], []
        for m in self.messages(g.mid):
            p = panel_of(m)
            if p is None or p.mid != g.mid or not self.sb.can_see(h.id, m):
                continue
            if p.kind != "public" and p.viewer != h.id:
                continue
            if p.kind == "public" and st.seats.get(p.seat) != h.id:
                continue
            ok = d is not None and p.seat == d.seat and p.count == d.count and p.fp in (d.fp, d.public_fp)
            (current if ok else other).append(m)
        return current, other

    async def use_panel(self, g: Game, h, m) -> bool:
        options = []
        for c in m.interactive():
            cid = c.get("custom_id", "")
            if c.get("disabled") or not cid.startswith(("act:", "sel:")):
                continue
            if cid.startswith("sel:"):
                options += [("select", cid, o["value"]) for o in c.get("options") or []]
            else:
                options.append(("button", cid, None))
        if not options:
            return False
        kind, cid, value = self.rng.choice(options)
        r = await (self.choose(h, m, cid, [value]) if kind == "select" else self.click(h, m, cid))
        return r is not None and r.type == 7

    async def press(self, g: Game, h, op: str):
        board = self.board(g)
        if board is None:
            self.note(f"{g.where()}: no board with a live {op} button")
            return None
        return await self.click(h, board, f"tbl:{op}:{g.mid}")

    async def do_play(self, g: Game, h, st: TableState) -> None:
        current, other = self.my_panels(g, h, st)
        d = st.decision(h.id)
        if current and self.rng.random() < 0.85:
            await self.use_panel(g, h, self.rng.choice(current))
        elif d is not None:
            r = await self.press(g, h, "turn")
            if r is not None and r.type == 4 and r.message is not None and panel_of(r.message):
                await self.use_panel(g, h, r.message)
            elif current:
                await self.use_panel(g, h, self.rng.choice(current))
        elif other:
            await self.use_panel(g, h, self.rng.choice(other))     # a leftover live panel
        else:
            await self.press(g, h, "turn")                         # "it is not your turn"

    async def do_back(self, g: Game, h, st: TableState) -> None:
        current, other = self.my_panels(g, h, st)
        backs = [m for m in current + other if f"tbl:back:{g.mid}" in live_ids(m)]
        if not backs:
            await self.do_play(g, h, st)
            return
        r = await self.click(h, self.rng.choice(backs), f"tbl:back:{g.mid}")
        if r is not None and r.type == 7:
            self.backs[g.mid] += 1

    async def do_turn(self, g: Game, h, st: TableState) -> None:
        await self.press(g, h, "turn")

    async def do_view(self, g: Game, h, st: TableState) -> None:
        await self.press(g, h, "view")

    async def do_dms(self, g: Game, h, st: TableState) -> None:
        self.sb.close_dms(h, not h.dms_closed)

    async def do_language(self, g: Game, h, st: TableState) -> None:
        await self.slash(h, "table language", self.home(g), language=self.rng.choice(["el", "hu", "en", "table"]))

    async def do_spectate(self, g: Game, h, st: TableState) -> None:
        watcher = self.rng.choice([u for s in self.slots for u in s.users])
        await self.slash(watcher, "table spectate", self.home(g))

    async def do_status(self, g: Game, h, st: TableState) -> None:
        await self.slash(h, "table status", self.home(g))

    async def do_rules(self, g: Game, h, st: TableState) -> None:
        await self.slash(h, "table rules", self.home(g))

    async def do_abort(self, g: Game, h, st: TableState) -> None:
        await self.slash(h, "table abort", self.home(g))

    async def do_stale(self, g: Game, h, st: TableState) -> None:
        """An old panel or an old board: a custom_id an earlier version of a message had, or a
        live button of a game of this channel that has ended."""
        w = self.sb.world.messages
        cands = []
        for mid in g.slot.mids[-3:]:
            ended = mid != g.mid
            for i in self.index.get(mid, ()):
                m = w.get(i)
                if m is None or m.deleted or not self.sb.can_see(h.id, m):
                    continue
                cands += [(m, cid, False) for cid in old_ids(m) if TABLE_REF.match(cid)]
                if ended:
                    cands += [(m, cid, True) for cid in live_ids(m) if not cid.startswith("tbl:again:")]
        if not cands:
            await self.press(g, h, "view")
            return
        m, cid, live = self.rng.choice(cands)
        values = ["0"] if cid.startswith(("sel:", "lvl:")) else None
        if live:
            if values is None:
                await self.click(h, m, cid)
            else:
                comp = m.component(cid)
                opts = [o["value"] for o in (comp or {}).get("options") or []] or ["0"]
                await self.choose(h, m, cid, [self.rng.choice(opts)])
        else:
            if cid.startswith("lvl:"):
                values = ["easy"]
            await self.forge(h, m, cid, values)

    # -- settling and checking ----------------------------------------------------------------------
    async def settle(self, g: Game) -> None:
        """Wait until the table shows what the store asks (bounded), then count what does not."""
        a = self.args
        began = time.perf_counter()
        deadline = began + a.settle
        if self.kills and began < self.kills[-1].ready + a.restart_grace:
            deadline = self.kills[-1].ready + a.settle + a.restart_grace     # the bot is warming up
        kills = len(self.kills)
        version, changed = None, time.perf_counter()
        retries = 0
        while True:
            if not self.alive.is_set():
                await self.alive.wait()
            if len(self.kills) != kills:                 # the bot was restarted meanwhile
                kills = len(self.kills)
                deadline = max(deadline, self.kills[-1].ready + a.settle + a.restart_grace)
            now = time.perf_counter()
            st = await self.state(g.mid)
            if st is None:
                return
            if st.version != version:
                version, changed = st.version, now
            if st.status in ENDED:
                self.ended(g, st.status)
                return
            if st.status != "running":
                return
            if st.ai_to_act:                              # the bot is thinking: nobody can be asked yet
                if now - changed > a.stall:
                    self.record(Violation("missing_panel", ("stall", g.mid, st.version),
                                          f"{g.where()}: AI seat(s) {st.ai_to_act} to act and nothing was "
                                          f"stored for {a.stall:.0f} s"))
                    return
                deadline = max(deadline, now + a.settle)
                await asyncio.sleep(POLL_S)
                continue
            st.gen = self.backs[g.mid]
            problems = check_running(st, self.messages(g.mid), self.seen())
            if not problems and now - g.slot.last_activity >= QUIET_S:
                self.settled_ms.append((now - began) * 1000)
                return
            if now >= deadline:
                again = await self.state(g.mid)
                if again is not None and again.version != st.version and retries < 5:
                    retries += 1                          # it moved while we looked: look again
                    deadline = now + 1.0
                    continue
                for v in problems:
                    self.record(v)
                    self.found_at.setdefault((v.kind, v.key), time.time())
                return
            await asyncio.sleep(POLL_S)

    def check_ended_tables(self, *, final: bool = False) -> None:
        now = time.perf_counter()
        seen = None
        for g in self.games:
            if g.ended_at is None or (g.end_checked and not final):
                continue
            ago = now - g.ended_at
            if ago < self.args.ended_grace:
                continue
            seen = seen or self.seen()
            for v in check_ended(g.mid, g.status, self.messages(g.mid), seen, ago=ago, game=g.game):
                self.record(v)
            g.end_checked = True

    async def watch(self) -> None:
        while not self.done.is_set():
            if self.alive.is_set():
                self.check_ended_tables()
                if not self.killing and self.bot.proc.poll() is not None:
                    await self.bot_died()
            self.progress()
            try:
                await asyncio.wait_for(self.done.wait(), 0.5)
            except TimeoutError:
                pass

    def progress(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._last_progress < 15:
            return
        self._last_progress = now
        ended = sum(g.ended_at is not None for g in self.games)
        counts = " ".join(f"{k}={len(v)}" for k, v in self.found.items() if v) or "none"
        print(f"monkey: {now - self.t0:6.0f} s  games {ended}/{self.args.games}  steps {self.steps}  "
              f"interactions {len(self.sb.interactions)}  kills {len(self.kills)}  violations: {counts}",
              file=sys.stderr, flush=True)

    # -- kills and processes ------------------------------------------------------------------------
    async def kill_and_restart(self) -> None:
        self.killing = True
        self.next_kill = self._draw_kill(self.steps)
        try:
            async with self.gate.alone():
                self.alive.clear()
                k = Kill(len(self.kills) + 1, time.perf_counter())
                self.bot.crash()
                self.life += 1
                self.dm_closed_known = set()          # the new process knows nothing of closed DMs
                self._req_cursor = len(self.sb.requests)
                self.dying = True
                try:
                    await self._requests_over()
                finally:
                    self.dying = False
                for v in replay_problems(self.bot.db_path):
                    self.record(v)
                await self.bot.start()
                k.ready = time.perf_counter()
                self.kills.append(k)
                self.alive.set()
            print(f"monkey: kill {k.n}: bot back after {k.ready - k.at:.1f} s", file=sys.stderr, flush=True)
            await self.check_orphans(f"after kill {k.n}")
        finally:
            self.killing = False
            self.alive.set()

    async def bot_died(self) -> None:
        """bot.py exited by itself: that is a finding (log_errors); it is started again."""
        code = self.bot.proc.returncode
        self.record(Violation("log_errors", ("exit", len(self.kills), self.life),
                              f"bot.py exited by itself with code {code} (bot process {self.life})"))
        self.killing = True
        try:
            async with self.gate.alone():
                self.alive.clear()
                self.bot._log.close()
                self.bot.collect_lags()
                k = Kill(len(self.kills) + 1, time.perf_counter())
                self.life += 1
                self.dm_closed_known = set()
                self._req_cursor = len(self.sb.requests)
                await self.bot.start()
                k.ready = time.perf_counter()
                self.kills.append(k)
        finally:
            self.killing = False
            self.alive.set()
        await self.check_orphans("after bot.py exited by itself")

    async def _requests_over(self) -> None:
        limit = time.perf_counter() + 10
        await asyncio.sleep(0.05)
        while self.sb._inflight and time.perf_counter() < limit:
            await asyncio.sleep(0.01)

    async def check_orphans(self, when: str) -> None:
        deadline = time.perf_counter() + self.args.orphan_grace
        while True:
            family: set[int] = set()
            if self.bot.proc is not None and self.bot.proc.poll() is None:
                family = {self.bot.pid, *_children(self.bot.pid)}
            orphans = {p: c for p, c in tagged_processes(self.tag).items() if p not in family}
            if not orphans or time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.25)
        for pid, cmd in orphans.items():
            self.record(Violation("orphan_processes", ("orphan", pid),
                                  f"{when}: process {pid} of a bot process that is gone still runs "
                                  f"({self.args.orphan_grace:.0f} s later): {cmd[:140]}"))
            try:
                os.kill(pid, signal.SIGKILL)          # so they do not pile up over the run
            except OSError:
                pass

    def annotate_late_panels(self) -> None:
        """Slow or never? A panel found missing may have come later, and a panel found live
        that should not be may have been retired later: say when (or that it never was)."""
        w = self.sb.world.messages
        for (kind, key), at in self.found_at.items():
            note = ""
            if kind == "missing_panel" and key[0] == "missing":
                _, mid, seat, count, fp, gen, *public = key
                side = "public" if public else "private"
                later = [w[i].created for i, _, _ in self.ledger.deliveries.get((mid, seat, count, fp, gen, side), [])
                         if i in w and w[i].created >= at]
                note = (f" [a panel for it came {min(later) - at:.1f} s after the wait ended]" if later
                        else " [no panel for it ever came]")
            elif kind in ("duplicate_panel", "stale_component") and key[0] in ("stale", "board", "lobby") \
                    and key[1] in w:
                m = w[key[1]]
                live = "tbl:turn:" in " ".join(live_ids(m)) if key[0] == "board" else bool(live_ids(m))
                note = (" [still live at the end]" if live else
                        f" [retired {max(0.0, (m.edited or at) - at):.1f} s after the wait ended]")
            if note and key in self.found[kind]:
                self.found[kind][key] += note

    def dump(self) -> dict:
        """Every table's messages (as they are now, with the custom_ids they had before and
        the bot process that made them), its interactions and the kills: for a developer who
        looks into a violation."""
        w, sb = self.sb.world, self.sb
        names = {u.id: u.username for u in w.users.values()}
        out = {"kills": [{"n": k.n, "at": round(k.at - self.t0, 3), "ready": round(k.ready - self.t0, 3)}
                         for k in self.kills], "tables": []}
        for g in self.games:
            msgs = []
            for m in self.messages(g.mid):
                msgs.append({"id": m.id, "where": m.visibility, "viewer": names.get(m.viewer_id),
                             "channel": m.channel_id, "life": self.life_of.get(m.id), "created": m.created,
                             "edits": m.edits, "live": live_ids(m), "before": old_ids(m),
                             "text": m.content[:160]})
            its = [{"id": it.id, "name": it.name, "user": it.user.username, "cb": it.callback_type,
                    "latency": it.latency, "error": it.error, "at": round(it.dispatched_at - self.t0, 3)}
                   for it in sb.interactions.values() if str(g.mid) in re.findall(r"\d+", it.name)[:1]]
            out["tables"].append({"match": g.mid, "game": g.game, "level": g.level, "status": g.status,
                                  "humans": [h.username for h in g.humans], "steps": g.steps,
                                  "messages": msgs, "interactions": its})
        return out

    def excused_click(self, it) -> bool:
        window = ACK_DEADLINE_S + 0.25
        hit = any(it.dispatched_at <= k.ready and it.dispatched_at + window >= k.at for k in self.kills)
        if hit:
            self.excused["clicks_cut_off_by_a_kill"].add(it.id)
        return hit

    # -- the run ------------------------------------------------------------------------------------
    async def run(self) -> dict:
        a = self.args
        await self.build_world()
        await self.bot.start()
        rc = None
        try:
            watcher = asyncio.create_task(self.watch())
            try:
                await asyncio.gather(*(self.slot_loop(s) for s in self.slots))
            finally:
                self.done.set()
                await watcher
            # the last tables: their grace to retire everything, then the last look
            last = max((g.ended_at for g in self.games if g.ended_at is not None), default=0.0)
            await asyncio.sleep(max(0.0, last + a.ended_grace - time.perf_counter()))
            self.check_ended_tables(final=True)
        finally:
            rc = await self.bot.stop()
            self.bot.collect_lags()
        await self.check_orphans("after the bot stopped")
        for v in replay_problems(self.bot.db_path):
            self.record(v)
        for v in scan_log(self.bot.log_lines()):
            self.record(v)
        self.annotate_late_panels()
        lat, late, _ = ack_problems(list(self.sb.interactions.values()), self.excused_click)
        for v in late:
            self.record(v)
        self.store.close()
        ended = [g for g in self.games if g.ended_at is not None]
        result = {
            "games": len(ended),
            "steps": self.steps,
            "interactions": len(self.sb.interactions),
            "ack_ms_p50": round(percentile(lat, 50), 1),
            "ack_ms_p99": round(percentile(lat, 99), 1),
            "ack_ms_max": round(max(lat, default=0.0), 1),
            # how late the bot's event loop woke up from a 50 ms sleep (bench.botlag)
            "loop_lag_ms_p50": round(percentile(self.bot.lags, 50), 1),
            "loop_lag_ms_p99": round(percentile(self.bot.lags, 99), 1),
            "loop_lag_ms_max": round(max(self.bot.lags, default=0.0), 1),
            "settle_ms_p50": round(percentile(self.settled_ms, 50), 1),
            "settle_ms_p99": round(percentile(self.settled_ms, 99), 1),
            "violations": {k: len(self.found[k]) for k in KINDS},
            "kills": len(self.kills),
            "finished": sum(g.status == "finished" for g in ended),
            "aborted": sum(g.status == "aborted" for g in ended),
            "unfinished": sum(g.ended_at is None for g in self.games),
            "per_game": dict(Counter(g.game for g in ended)),
            "per_level": dict(Counter(g.level for g in ended)),
            "tables": a.tables, "busy": a.busy, "seed": a.seed, "max_steps": a.max_steps,
            "seconds": round(time.perf_counter() - self.t0, 1),
            "excused": {k: len(v) for k, v in self.excused.items()},
            "decisions_delivered": sum(len(v) for v in self.ledger.deliveries.values()),
            "pings": self.pings_seen,
            "bot_exit": rc,
            "notes": len(self.notes),
        }
        if a.details:
            result["details"] = {k: list(v.values())[:a.details_max] for k, v in self.found.items() if v}
            for text in self.notes:
                print(f"monkey: note: {text}", file=sys.stderr)
        return result


async def run(args) -> dict:
    from sandbox import Sandbox
    with tempfile.TemporaryDirectory(prefix="bench-monkey-") as tmp:
        sb = Sandbox(rate_limits=args.rate_limits, web_ui=False)
        sb.settle_deferred = True            # the bot acknowledges first, then answers
        await sb.start()
        try:
            monkey = Monkey(sb, args, Path(tmp))
            try:
                result = await monkey.run()
                if args.keep_log:
                    Path(args.keep_log).write_text("\n".join(monkey.bot.log_lines()) + "\n")
                if args.dump:
                    Path(args.dump).write_text(json.dumps(monkey.dump(), indent=1))
            finally:
                # the monkey failed: leave nothing behind (after a run nothing is left to kill)
                if monkey.bot.proc is not None and monkey.bot.proc.poll() is None:
                    monkey.bot.proc.kill()
                for pid in tagged_processes(monkey.tag):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
        finally:
            await sb.stop()
    return result


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="tables to play to their end (or abort)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--busy", type=int, default=0, help="processes that burn CPU for the whole run")
    ap.add_argument("--tables", type=int, default=4, help="tables playing at once (one per channel)")
    ap.add_argument("--max-steps", type=int, default=80, help="steps at a table before its host aborts it")
    ap.add_argument("--kills", type=float, default=1.0,
                    help="SIGKILLs of the bot per 100 steps (each followed by a restart); 0: none")
    ap.add_argument("--again", type=float, default=0.5, help="chance of Play again after a finished game")
    ap.add_argument("--settle", type=float, default=5.0,
                    help="seconds a table may take to show what the store asks, once no AI is to act")
    ap.add_argument("--restart-grace", type=float, default=15.0,
                    help="extra seconds to settle after a restart (the tables load again)")
    ap.add_argument("--stall", type=float, default=60.0, help="seconds an AI seat may take without a stored move")
    ap.add_argument("--ended-grace", type=float, default=5.0,
                    help="seconds after its end before an ended table must have no live component")
    ap.add_argument("--orphan-grace", type=float, default=5.0,
                    help="seconds a dead bot's processes get to go away")
    ap.add_argument("--time-limit", type=float, default=0.0,
                    help="seconds; then the hosts abort what is still running (0: no limit)")
    ap.add_argument("--log-level", default="WARNING", help="the bot's LOG_LEVEL")
    ap.add_argument("--rate-limits", action="store_true", help="the stand-in enforces Discord's rate limits")
    ap.add_argument("--details", action="store_true", help="describe every violation (JSON and stderr)")
    ap.add_argument("--details-max", type=int, default=10, help="descriptions per kind in the JSON")
    ap.add_argument("--keep-log", metavar="FILE", help="copy the bot's log to FILE")
    ap.add_argument("--dump", metavar="FILE", help="every table's messages and interactions, as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("sandbox").setLevel(logging.WARNING if args.verbose else logging.CRITICAL)
    busy = start_busy(args.busy)                  # before the event loop: a plain fork
    try:
        result = asyncio.run(run(args))
    finally:
        stop_busy(busy)
    print(json.dumps(result, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
