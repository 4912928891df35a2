"""The store: a match is its seed, options and append-only action log plus periodic JSON
snapshots. One accepted action is one transaction: the action row and (every SNAPSHOT_EVERY
actions) a snapshot commit together or not at all.

``BaseStore`` holds every query, written once in SQLite's dialect; a backend supplies the
connection, transactions and the schema version:

* ``Store``: SQLite (aiosqlite, WAL, one writer connection), the embedded default;
* ``db.postgres.PgStore``: PostgreSQL (asyncpg, a small pool), for several bot processes on
  one database; its statements are translated by db/dialect.py.

Open either with ``db.open_store(url)``. Both apply the same numbered migrations
(db/migrations/*.sql) when opened."""
from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import aiosqlite

MIGRATIONS = Path(__file__).with_name("migrations")
SNAPSHOT_EVERY = 25


def migration_files() -> list[tuple[int, Path]]:
    """(number, file) of every numbered migration, in order."""
    return sorted((int(p.name.split("_", 1)[0]), p) for p in MIGRATIONS.glob("*.sql"))


def is_store_failure(exc: BaseException) -> bool:
    """Whether ``exc`` is the store failing (a full or read-only disk, a locked or unreachable
    database, a lost connection), as opposed to what it holds being unreadable: the same call
    may work once the store does again. ``ActionConflict`` is not a failure (another writer
    won)."""
    if isinstance(exc, ActionConflict):
        return False
    if type(exc) is ValueError and str(exc) in ("Connection closed", "no active connection"):
        return True                           # aiosqlite: the store was closed (shutting down)
    failures: tuple[type[BaseException], ...] = (sqlite3.Error, OSError)
    asyncpg = sys.modules.get("asyncpg")      # (only a PostgreSQL store imports it)
    if asyncpg is not None:
        failures += (asyncpg.PostgresError, asyncpg.InterfaceError)
    return isinstance(exc, failures)


class ActionConflict(sqlite3.IntegrityError):
    """``append_action``: action n of the match is stored already (another writer, e.g. another
    bot process, stored its action n first). Raised by both stores; nothing of the refused
    call was stored. A subclass of ``sqlite3.IntegrityError``, which the SQLite store raised
    for this before, so code that catches that keeps working."""

    def __init__(self, match_id: int, n: int) -> None:
        super().__init__(f"action {n} of match {match_id} is already stored")
        self.match_id, self.n = match_id, n


MATCH_FIELDS = ("game", "guild_id", "channel_id", "thread_id", "host_id", "status", "seed",
                "options", "lang", "lobby_message_id", "board_message_id", "finished_at", "result",
                "paused", "board_nonce", "end_published")


@dataclass(frozen=True)
class MatchVersion:
    """What tells whether a process's copy of a match is current: its status and pause, and
    its action log's length and number of moves taken back (each move and each Back changes
    one of the two)."""
    status: str
    paused: bool
    n: int
    undone: int

    @property
    def stamp(self) -> int:
        """Grows with every change of the game state (a move or a Back)."""
        return self.n + self.undone


@dataclass
class SeatRow:
    seat: str
    position: int
    user_id: int | None
    name: str
    is_ai: bool = False
    locale: str | None = None
    ai_level: str | None = None     # an AI seat's strength (migration 007); None: a human


@dataclass
class MatchRow:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host_id: int
    status: str
    seed: int
    options: dict
    lang: str
    lobby_message_id: int | None
    board_message_id: int | None
    created_at: str
    updated_at: str
    finished_at: str | None
    result: dict | None
    seats: list[SeatRow] = field(default_factory=list)
    paused: bool = False
    board_nonce: int | None = None     # a board post under way (see migration 011)


class BaseStore:
    """Every query of the store, for any backend. A backend provides ``_transaction()`` (an
    async context manager giving a ``tx`` with ``execute``, ``executemany``, ``insert_id``,
    ``fetchone`` and ``fetchall``; everything inside commits together or not at all),
    ``_fetchone``/``_fetchall`` for reads, ``_is_duplicate``, ``version``, ``migrate`` and
    ``close``. Statements are SQLite's dialect with ``?`` placeholders (db/dialect.py)."""

    dialect = ""
    _claimed: set  # timers being fired by this process (claim_timer)

    async def close(self) -> None:
        raise NotImplementedError

    def _transaction(self):
        raise NotImplementedError

    async def _fetchone(self, sql: str, args=()):
        raise NotImplementedError

    async def _fetchall(self, sql: str, args=()) -> list:
        raise NotImplementedError

    def _is_duplicate(self, exc: BaseException, table: str) -> bool:
        """Whether ``exc`` is a unique-key violation in ``table``."""
        raise NotImplementedError

    async def version(self) -> int:
        raise NotImplementedError

    async def migrate(self) -> int:
        raise NotImplementedError

    async def check_writable(self) -> None:
        """Raise the store's own error when it cannot be written (a read-only file, folder
        or database), with a write that changes nothing: at start, rather than at the first
        move."""
        async with self._transaction() as tx:
            await tx.execute("UPDATE matches SET paused=paused WHERE id=0")

    async def _lock_match(self, tx, match_id: int) -> None:
        """Inside a write transaction: no other process writes this match's log until it
        commits (PostgreSQL: an advisory lock). SQLite has a single writer already."""

    async def _insert_seats(self, tx, match_id: int, seats: list["SeatRow"]) -> None:
        await tx.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
        await tx.executemany(
            "INSERT INTO seats (match_id, seat, position, user_id, name, is_ai, locale, ai_level)"
            " VALUES (?,?,?,?,?,?,?,?)",
            [(match_id, s.seat, s.position, s.user_id, s.name, int(s.is_ai), s.locale, s.ai_level)
             for s in seats])

    # --- matches ------------------------------------------------------------------------
    async def create_match(self, *, game: str, guild_id: int | None, channel_id: int,
                           host_id: int, seed: int, options: dict, lang: str,
                           thread_id: int | None = None, seats: list[SeatRow] = ()) -> int:
        """A new table and its first seats, together."""
        async with self._transaction() as tx:
            match_id = await tx.insert_id(
                "INSERT INTO matches (game, guild_id, channel_id, thread_id, host_id, seed,"
                " options, lang) VALUES (?,?,?,?,?,?,?,?)",
                (game, guild_id, channel_id, thread_id, host_id, seed, json.dumps(options), lang))
            if seats:
                await self._insert_seats(tx, match_id, list(seats))
            return match_id

    async def update_match(self, match_id: int, **fields: Any) -> None:
        bad = set(fields) - set(MATCH_FIELDS)
        if bad:
            raise ValueError(f"unknown match fields {bad}")
        cols, values = [], []
        for k, v in fields.items():
            cols.append(f"{k}=?")
            values.append(json.dumps(v) if k in ("options", "result") and v is not None else v)
        async with self._transaction() as tx:
            await tx.execute(
                f"UPDATE matches SET {', '.join(cols)},"
                " updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=?",
                (*values, match_id))

    async def get_match(self, match_id: int, *, lenient: bool = False) -> MatchRow | None:
        """``lenient``: options or a result that cannot be read come back empty (a damaged
        row, read only to be shown and closed, never played)."""
        row = await self._fetchone("SELECT * FROM matches WHERE id=?", (match_id,))
        if row is None:
            return None
        m = _match(row, lenient=lenient)
        m.seats = await self.seats(match_id)
        return m

    async def matches(self, statuses: Iterable[str] = ("lobby", "running"), *,
                      channel_id: int | None = None, limit: int | None = 1000) -> list[MatchRow]:
        """The newest matches in these statuses (all of them when ``limit`` is None)."""
        statuses = list(statuses)
        sql = f"SELECT * FROM matches WHERE status IN ({','.join('?' * len(statuses))})"
        args: list[Any] = list(statuses)
        if channel_id is not None:
            sql += " AND (channel_id=? OR thread_id=?)"
            args += [channel_id, channel_id]
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        rows = await self._fetchall(sql, args)
        out = [_match(r) for r in rows]
        for m in out:
            m.seats = await self.seats(m.id)
        return out

    async def find_table(self, channel_id: int, statuses: Iterable[str] = ("lobby", "running")) -> int | None:
        """The table of a thread, or else the newest table opened in a channel that has no
        thread of its own, or else the newest table opened in the channel."""
        statuses = list(statuses)
        row = await self._fetchone(
            f"SELECT id FROM matches WHERE status IN ({','.join('?' * len(statuses))})"
            " AND (thread_id=? OR channel_id=?)"
            " ORDER BY CASE WHEN thread_id=? OR thread_id IS NULL THEN 0 ELSE 1 END, id DESC LIMIT 1",
            (*statuses, channel_id, channel_id, channel_id))
        return row[0] if row else None

    async def unpublished_ends(self) -> list[tuple[int, int | None]]:
        """(id, guild id) of tables that ended (finished or closed) whose end was never
        published: the process that ended them died first (``end_published``)."""
        rows = await self._fetchall(
            "SELECT id, guild_id FROM matches WHERE status IN ('finished','aborted')"
            " AND end_published=0 ORDER BY id")
        return [(r[0], r[1]) for r in rows]

    async def open_tables(self) -> list[tuple[int, int | None]]:
        """(id, guild id) of every lobby and running match, oldest first."""
        rows = await self._fetchall(
            "SELECT id, guild_id FROM matches WHERE status IN ('lobby','running') ORDER BY id")
        return [(r[0], r[1]) for r in rows]

    async def lobbies(self, *, host_id: int | None = None,
                      channel_id: int | None = None) -> list[int]:
        """The ids of the tables waiting to start (lobbies) that ``host_id`` hosts and (or)
        that were opened in ``channel_id``, oldest first."""
        sql, args = "SELECT id FROM matches WHERE status='lobby'", []
        if host_id is not None:
            sql += " AND host_id=?"
            args.append(host_id)
        if channel_id is not None:
            sql += " AND channel_id=?"
            args.append(channel_id)
        sql += " ORDER BY id"
        return [r[0] for r in await self._fetchall(sql, args)]

    async def match_version(self, match_id: int) -> "MatchVersion | None":
        """One cheap read telling whether a cached match is current (None: no such match)."""
        row = await self._fetchone(
            "SELECT status, paused,"
            " (SELECT COALESCE(MAX(n), 0) FROM actions WHERE match_id=?) AS n,"
            " (SELECT COUNT(*) FROM actions WHERE match_id=? AND undone=1) AS undone"
            " FROM matches WHERE id=?", (match_id, match_id, match_id))
        if row is None:
            return None
        return MatchVersion(row["status"], bool(row["paused"]), row["n"], row["undone"])

    async def claim_board(self, match_id: int, stamp: int) -> bool:
        """Whether a board drawn at ``stamp`` (MatchVersion.stamp) may be posted: no process
        has drawn a newer state of the match. Several processes may move one match; without
        this a slow redraw of an older state could land after a newer one."""
        async with self._transaction() as tx:
            changed = await tx.execute(
                "UPDATE matches SET board_n=? WHERE id=? AND board_n<=?", (stamp, match_id, stamp))
        return changed == 1

    async def user_history(self, user_id: int, limit: int = 10) -> list[MatchRow]:
        rows = await self._fetchall(
            "SELECT m.* FROM matches m JOIN seats s ON s.match_id=m.id WHERE s.user_id=?"
            " AND m.status IN ('finished','aborted') ORDER BY m.id DESC LIMIT ?",
            (user_id, limit))
        out = [_match(r) for r in rows]
        for m in out:
            m.seats = await self.seats(m.id)
        return out

    # --- seats --------------------------------------------------------------------------
    async def seats(self, match_id: int) -> list[SeatRow]:
        rows = await self._fetchall(
            "SELECT * FROM seats WHERE match_id=? ORDER BY position", (match_id,))
        return [SeatRow(r["seat"], r["position"], r["user_id"], r["name"], bool(r["is_ai"]),
                        r["locale"], r["ai_level"]) for r in rows]

    async def set_seats(self, match_id: int, seats: list[SeatRow], *, host_id: int | None = None) -> None:
        """The seat list (and a new host, when the host left), together."""
        async with self._transaction() as tx:
            await self._insert_seats(tx, match_id, seats)
            if host_id is not None:
                await tx.execute("UPDATE matches SET host_id=? WHERE id=?", (host_id, match_id))

    # --- the game log -------------------------------------------------------------------
    async def start_match(self, match_id: int, seats: list[SeatRow], state0: dict) -> None:
        """Seats, the fresh state (snapshot 0) and status 'running' in one transaction."""
        async with self._transaction() as tx:
            await self._insert_seats(tx, match_id, seats)
            await tx.execute(
                "INSERT INTO snapshots (match_id, n, state) VALUES (?,0,?)"
                " ON CONFLICT (match_id, n) DO UPDATE SET state=excluded.state",
                (match_id, json.dumps(state0)))
            await tx.execute(
                "UPDATE matches SET status='running', updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now')"
                " WHERE id=?", (match_id,))

    async def append_action(self, match_id: int, n: int, seat: str, action: dict, *,
                            by_ai: bool = False, snapshot: dict | None = None,
                            finished: dict | None = None, undone: int | None = None) -> None:
        """Action n (and optionally a snapshot of the state after it, and the final result)
        in one transaction. Raises ActionConflict (a sqlite3.IntegrityError) if action n of
        the match already exists, or if ``undone`` (the writer's count of moves taken back)
        is not the store's: another process took a move back. Then nothing is stored."""
        async with self._transaction() as tx:
            await self._lock_match(tx, match_id)
            if undone is not None:
                row = await tx.fetchone(
                    "SELECT COUNT(*) FROM actions WHERE match_id=? AND undone=1", (match_id,))
                if row[0] != undone:
                    raise ActionConflict(match_id, n)
            try:
                await tx.execute(
                    "INSERT INTO actions (match_id, n, seat, action, by_ai) VALUES (?,?,?,?,?)",
                    (match_id, n, seat, json.dumps(action), int(by_ai)))
            except Exception as e:
                if self._is_duplicate(e, "actions"):
                    raise ActionConflict(match_id, n) from e
                raise
            if snapshot is not None:
                await tx.execute(
                    "INSERT INTO snapshots (match_id, n, state) VALUES (?,?,?)"
                    " ON CONFLICT (match_id, n) DO UPDATE SET state=excluded.state",
                    (match_id, n, json.dumps(snapshot)))
            if finished is not None:
                await tx.execute(
                    "UPDATE matches SET status='finished', result=?, end_published=0,"
                    " finished_at=strftime('%Y-%m-%dT%H:%M:%fZ','now'),"
                    " updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=?",
                    (json.dumps(finished), match_id))

    async def latest_snapshot(self, match_id: int) -> tuple[int, dict] | None:
        row = await self._fetchone(
            "SELECT n, state FROM snapshots WHERE match_id=? ORDER BY n DESC LIMIT 1",
            (match_id,))
        return (row["n"], json.loads(row["state"])) if row else None

    async def snapshot(self, match_id: int, n: int) -> dict | None:
        row = await self._fetchone(
            "SELECT state FROM snapshots WHERE match_id=? AND n=?", (match_id, n))
        return json.loads(row["state"]) if row else None

    async def actions(self, match_id: int, after: int = 0) -> list[tuple[int, str, dict, bool]]:
        """The accepted actions after number ``after`` (undone ones left out)."""
        rows = await self._fetchall(
            "SELECT n, seat, action, by_ai FROM actions WHERE match_id=? AND n>? AND undone=0"
            " ORDER BY n", (match_id, after))
        return [(r["n"], r["seat"], json.loads(r["action"]), bool(r["by_ai"])) for r in rows]

    async def last_actor(self, match_id: int) -> str | None:
        """The seat of the match's latest accepted action (None before the first)."""
        row = await self._fetchone(
            "SELECT seat FROM actions WHERE match_id=? AND undone=0 ORDER BY n DESC LIMIT 1",
            (match_id,))
        return row["seat"] if row else None

    async def action_count(self, match_id: int) -> int:
        row = await self._fetchone(
            "SELECT COALESCE(MAX(n), 0) FROM actions WHERE match_id=?", (match_id,))
        return row[0]

    async def undo_action(self, match_id: int, n: int, *more: int) -> None:
        """Flag action n (and the actions ``more``) as taken back and drop the snapshots they
        invalidated, together."""
        async with self._transaction() as tx:
            await self._lock_match(tx, match_id)
            for k in (n, *more):
                changed = await tx.execute(
                    "UPDATE actions SET undone=1 WHERE match_id=? AND n=? AND undone=0",
                    (match_id, k))
                if changed != 1:
                    raise ValueError(f"action {k} of match {match_id} cannot be undone")
            n = min(n, *more) if more else n
            await tx.execute("DELETE FROM snapshots WHERE match_id=? AND n>=?", (match_id, n))
            # the decisions that followed the move are asked anew once it is made again, with
            # the same stamps: their panels must be claimable again (else never sent)
            await tx.execute(
                "UPDATE seat_messages SET stamp=NULL, claimed_at=NULL WHERE match_id=?"
                " AND kind IN ('offer', 'table_offer')"
                " AND seat=(SELECT seat FROM actions WHERE match_id=? AND n=?)", (match_id, match_id, n))

    async def claim_rematch(self, match_id: int) -> int | None:
        """Reserve the one rematch of a finished match. None when it was reserved; else
        the rematch already opened (-1 while it is still being opened, 0 if the match is
        not finished)."""
        async with self._transaction() as tx:
            changed = await tx.execute(
                "UPDATE matches SET rematch_id=-1 WHERE id=? AND status='finished'"
                " AND rematch_id IS NULL", (match_id,))
            if changed == 1:
                return None
            row = await tx.fetchone("SELECT status, rematch_id FROM matches WHERE id=?",
                                    (match_id,))
        if row is None or row["status"] != "finished":
            return 0
        return row["rematch_id"]

    async def set_rematch(self, match_id: int, rematch_id: int | None) -> None:
        """The rematch that was opened (or None: opening it failed, the result is free again)."""
        async with self._transaction() as tx:
            await tx.execute("UPDATE matches SET rematch_id=? WHERE id=?", (rematch_id, match_id))

    # --- players' languages --------------------------------------------------------------
    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        """A player's own language (None: back to their Discord locale)."""
        async with self._transaction() as tx:
            if lang is None:
                await tx.execute("DELETE FROM user_languages WHERE user_id=?", (user_id,))
            else:
                await tx.execute(
                    "INSERT INTO user_languages (user_id, lang) VALUES (?,?)"
                    " ON CONFLICT (user_id) DO UPDATE SET lang=excluded.lang", (user_id, lang))

    async def user_languages(self, user_ids: Iterable[int] | None = None) -> dict[int, str]:
        """Players' own languages: everyone's, or those of ``user_ids``."""
        if user_ids is None:
            rows = await self._fetchall("SELECT user_id, lang FROM user_languages")
        else:
            ids = list(user_ids)
            if not ids:
                return {}
            rows = await self._fetchall(
                f"SELECT user_id, lang FROM user_languages WHERE user_id IN ({','.join('?' * len(ids))})", ids)
        return {r["user_id"]: r["lang"] for r in rows}

    # --- timers -------------------------------------------------------------------------
    async def set_deadline(self, match_id: int, seat: str, kind: str, count: int, at: float) -> None:
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO deadlines (match_id, seat, kind, count, at) VALUES (?,?,?,?,?)"
                " ON CONFLICT (match_id, seat, kind) DO UPDATE SET count=excluded.count,"
                " at=excluded.at, reminded=0", (match_id, seat, kind, count, at))

    async def deadlines(self, match_id: int) -> dict[tuple[str, str], tuple[int, float]]:
        """(seat, kind) -> (count, at) of the match's stored timer deadlines."""
        rows = await self._fetchall(
            "SELECT seat, kind, count, at FROM deadlines WHERE match_id=?", (match_id,))
        return {(r["seat"], r["kind"]): (r["count"], r["at"]) for r in rows}

    async def clear_deadlines(self, match_id: int) -> None:
        async with self._transaction() as tx:
            await tx.execute("DELETE FROM deadlines WHERE match_id=?", (match_id,))

    async def due_timers(self, before: float, limit: int = 100) -> list[tuple[int, str, str, int]]:
        """(match, seat, kind, count) of stored deadlines up to ``before`` in running, unpaused
        matches, the oldest first: what a process fires for a process that died."""
        rows = await self._fetchall(
            "SELECT d.match_id, d.seat, d.kind, d.count FROM deadlines d"
            " JOIN matches m ON m.id=d.match_id"
            " WHERE d.at<=? AND m.status='running' AND m.paused=0 ORDER BY d.at LIMIT ?",
            (before, limit))
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    @asynccontextmanager
    async def claim_timer(self, match_id: int, seat: str, kind: str, count: int):
        """Yields whether this caller fires the stored timer (match, seat, kind) of decision
        ``count``: False when no such deadline is stored (it fired, or the decision moved on)
        or another caller holds it. On a normal exit the deadline is deleted; after an error
        it stays, to be fired again. SQLite serves one process: a claim is held in memory
        (PgStore locks the row instead, so processes share the work)."""
        key = (match_id, seat, kind, count)
        if key in self._claimed:
            yield False
            return
        row = await self._fetchone(
            "SELECT 1 FROM deadlines WHERE match_id=? AND seat=? AND kind=? AND count=?", key)
        if row is None:
            yield False
            return
        self._claimed.add(key)
        try:
            yield True
            async with self._transaction() as tx:
                await tx.execute(
                    "DELETE FROM deadlines WHERE match_id=? AND seat=? AND kind=? AND count=?", key)
        finally:
            self._claimed.discard(key)

    async def claim_reminder(self, match_id: int, seat: str, count: int) -> bool:
        """Whether this caller sends the half-time reminder of the seat's turn timer (once)."""
        async with self._transaction() as tx:
            changed = await tx.execute(
                "UPDATE deadlines SET reminded=1 WHERE match_id=? AND seat=? AND kind='turn'"
                " AND count=? AND reminded=0", (match_id, seat, count))
        return changed == 1

    # --- the global rate limit, shared by processes --------------------------------------
    async def report_demand(self, process: str, demand: float, at: float) -> None:
        """This process's requests wanted per second lately (rows older than a minute go)."""
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO process_demand (process, demand, at) VALUES (?,?,?)"
                " ON CONFLICT (process) DO UPDATE SET demand=excluded.demand, at=excluded.at",
                (process, demand, at))
            await tx.execute("DELETE FROM process_demand WHERE at<?", (at - 60.0,))

    async def demands(self, since: float) -> dict[str, float]:
        """process -> its demand, of the processes that reported since ``since``."""
        rows = await self._fetchall(
            "SELECT process, demand FROM process_demand WHERE at>=?", (since,))
        return {r["process"]: r["demand"] for r in rows}

    # --- per-seat messages --------------------------------------------------------------
    async def set_seat_message(self, match_id: int, seat: str, kind: str, channel_id: int,
                               message_id: int, stamp: str | None = None) -> None:
        """The message of a seat of that kind; for a panel, ``stamp`` names the decision it
        offers ("<count>:<fingerprint>")."""
        async with self._transaction() as tx:
            await tx.execute(
                "INSERT INTO seat_messages (match_id, seat, kind, channel_id, message_id, stamp)"
                " VALUES (?,?,?,?,?,?) ON CONFLICT (match_id, seat, kind) DO UPDATE SET"
                " channel_id=excluded.channel_id, message_id=excluded.message_id,"
                " stamp=excluded.stamp", (match_id, seat, kind, channel_id, message_id, stamp))

    async def release_offers(self, match_id: int, seat: str) -> None:
        """The seat is asked nothing now: a decision it is asked again later (the same one, in
        a game that comes back to it) gets its panel sent again."""
        async with self._transaction() as tx:
            await tx.execute("UPDATE seat_messages SET stamp=NULL, claimed_at=NULL WHERE match_id=?"
                             " AND seat=? AND kind IN ('offer', 'table_offer')", (match_id, seat))

    async def forget_seat_message(self, match_id: int, seat: str, kind: str, message_id: int) -> None:
        """The seat's message of that kind is no longer live (its panel was answered): a
        restart does not count it as a panel the seat holds, and the end of the table leaves it
        alone."""
        async with self._transaction() as tx:
            await tx.execute("DELETE FROM seat_messages WHERE match_id=? AND seat=? AND kind=?"
                             " AND message_id=?", (match_id, seat, kind, message_id))

    async def claim_offer(self, match_id: int, seat: str, stamp: str, kind: str = "offer", *,
                          at: float | None = None, stale_before: float | None = None) -> bool:
        """Whether this caller sends the seat the panel of decision ``stamp`` (see
        set_seat_message): once, whichever process publishes the move that asks it.
        ``kind``: "offer" for the seat's own panel, "table_offer" for a decision read out
        at the table. The claim is stamped ``at``; one of the same decision made at or before
        ``stale_before`` and never settled (``offer_settled``) was left by a process that died
        mid-send, and is taken over."""
        async with self._transaction() as tx:
            # claimed_at<=NULL is never true: without stale_before no claim is taken over
            changed = await tx.execute(
                "INSERT INTO seat_messages (match_id, seat, kind, channel_id, message_id, stamp,"
                " claimed_at) VALUES (?,?,?,0,0,?,?) ON CONFLICT (match_id, seat, kind) DO UPDATE"
                " SET stamp=excluded.stamp, claimed_at=excluded.claimed_at"
                " WHERE seat_messages.stamp IS NULL OR seat_messages.stamp<>excluded.stamp"
                " OR seat_messages.claimed_at<=?", (match_id, seat, kind, stamp, at, stale_before))
        return changed == 1

    async def offer_settled(self, match_id: int, seat: str, stamp: str, kind: str = "offer") -> None:
        """The claimed panel of decision ``stamp`` was sent, or cannot be (DMs closed): no
        other process is to take the claim over."""
        async with self._transaction() as tx:
            await tx.execute(
                "UPDATE seat_messages SET claimed_at=NULL"
                " WHERE match_id=? AND seat=? AND kind=? AND stamp=?", (match_id, seat, kind, stamp))

    async def stale_offers(self, before: float, limit: int = 100) -> list[tuple[int, str, str, str]]:
        """(match, seat, kind, stamp) of panel claims made up to ``before`` in running matches
        and never settled, the oldest first: panels a process that died never sent."""
        rows = await self._fetchall(
            "SELECT o.match_id, o.seat, o.kind, o.stamp FROM seat_messages o"
            " JOIN matches m ON m.id=o.match_id"
            " WHERE o.kind IN ('offer', 'table_offer') AND o.claimed_at<=? AND m.status='running'"
            " ORDER BY o.claimed_at LIMIT ?", (before, limit))
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def seat_messages(self, match_id: int, kind: str) -> dict[str, tuple[int, int]]:
        rows = await self._fetchall(
            "SELECT seat, channel_id, message_id FROM seat_messages WHERE match_id=? AND kind=?",
            (match_id, kind))
        return {r["seat"]: (r["channel_id"], r["message_id"]) for r in rows}

    async def seat_panels(self, match_id: int, kind: str) -> dict[str, tuple[int, int, str | None]]:
        """Like ``seat_messages``, with the stamp of the decision each panel offers."""
        rows = await self._fetchall(
            "SELECT seat, channel_id, message_id, stamp FROM seat_messages WHERE match_id=? AND kind=?",
            (match_id, kind))
        return {r["seat"]: (r["channel_id"], r["message_id"], r["stamp"]) for r in rows}

    # --- the schema itself (db.copy) -----------------------------------------------------
    async def _tables(self) -> list[str]:
        """The data tables of the schema (the store's bookkeeping left out)."""
        raise NotImplementedError

    async def _columns(self, table: str) -> list[str]:
        raise NotImplementedError

    async def _after_copy(self, tx, table: str, columns: list[str], rows: list[tuple]) -> None:
        """After db.copy wrote ``rows`` into ``table`` with their ids: let new rows continue
        after them (SQLite's AUTOINCREMENT does so by itself)."""


class _SqliteTx:
    """Statements on the SQLite connection, inside a transaction of ``Store``."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args=()) -> int:
        """The number of rows changed."""
        async with self.conn.execute(sql, args) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows) -> None:
        await self.conn.executemany(sql, rows)

    async def insert_id(self, sql: str, args=()) -> int:
        """An INSERT; the id of the new row."""
        async with self.conn.execute(sql, args) as cur:
            return cur.lastrowid

    async def fetchone(self, sql: str, args=()):
        async with self.conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def fetchall(self, sql: str, args=()) -> list:
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())


class Store(BaseStore):
    """SQLite (aiosqlite, WAL, one writer connection): the embedded default."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write = asyncio.Lock()
        self._tx = _SqliteTx(conn)
        self._claimed = set()

    @classmethod
    async def open(cls, path: str | Path) -> "Store":
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            # a file that cannot be opened fails here, in this thread: aiosqlite's own thread,
            # once its connection failed, might still be stopping when the event loop closes
            sqlite3.connect(str(path)).close()
        conn = await aiosqlite.connect(str(path))
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable on app crash
            await conn.execute("PRAGMA foreign_keys=ON")
            store = cls(conn)
            await store.migrate()
        except BaseException:
            # (a file that is not a database, a read-only one): its connection's thread would
            # keep the process alive
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def _transaction(self):
        """One writer at a time; everything inside commits together or not at all."""
        async with self._write:
            try:
                yield self._tx
                await self.conn.commit()
            except BaseException:
                await self.conn.rollback()
                raise

    async def _fetchone(self, sql: str, args=()):
        return await self._tx.fetchone(sql, args)

    async def _fetchall(self, sql: str, args=()) -> list:
        return await self._tx.fetchall(sql, args)

    def _is_duplicate(self, exc: BaseException, table: str) -> bool:
        return (isinstance(exc, sqlite3.IntegrityError)
                and str(exc).startswith(("UNIQUE constraint failed: " + table + ".",
                                         "PRIMARY KEY constraint failed: " + table + ".")))

    # --- schema -----------------------------------------------------------------------
    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            return (await cur.fetchone())[0]

    async def migrate(self) -> int:
        current = await self.version()
        for number, path in migration_files():
            if number <= current:
                continue
            async with self._write:
                await self.conn.executescript(
                    "BEGIN;\n" + path.read_text() + f"\nPRAGMA user_version={number};\nCOMMIT;")
            current = number
        return current

    async def _tables(self) -> list[str]:
        rows = await self._fetchall(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name")
        return [r[0] for r in rows]

    async def _columns(self, table: str) -> list[str]:
        rows = await self._fetchall("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [r[0] for r in rows]


def _json(text: str | None, default: Any, lenient: bool) -> Any:
    if not text:
        return default
    try:
        return json.loads(text)
    except ValueError:
        if lenient:
            return default
        raise


def _match(row: aiosqlite.Row, *, lenient: bool = False) -> MatchRow:
    return MatchRow(
        id=row["id"], game=row["game"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], host_id=row["host_id"], status=row["status"],
        seed=row["seed"], options=_json(row["options"], {}, lenient), lang=row["lang"],
        lobby_message_id=row["lobby_message_id"], board_message_id=row["board_message_id"],
        created_at=row["created_at"], updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        result=_json(row["result"], None, lenient),
        paused=bool(row["paused"]), board_nonce=row["board_nonce"])
