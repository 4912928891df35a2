"""The SQLite store (aiosqlite, WAL, one writer connection, numbered migrations).

A match is its seed, options and append-only action log plus periodic JSON snapshots. One
accepted action is one transaction: the action row and (every SNAPSHOT_EVERY actions) a
snapshot commit together or not at all."""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import aiosqlite

MIGRATIONS = Path(__file__).with_name("migrations")
SNAPSHOT_EVERY = 25

MATCH_FIELDS = ("game", "guild_id", "channel_id", "thread_id", "host_id", "status", "seed",
                "options", "lang", "lobby_message_id", "board_message_id", "finished_at", "result",
                "paused")


@dataclass
class SeatRow:
    seat: str
    position: int
    user_id: int | None
    name: str
    is_ai: bool = False
    locale: str | None = None


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


class Store:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> "Store":
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path))
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable on app crash
        await conn.execute("PRAGMA foreign_keys=ON")
        store = cls(conn)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def _transaction(self):
        """One writer at a time; everything inside commits together or not at all."""
        async with self._write:
            try:
                yield self.conn
                await self.conn.commit()
            except BaseException:
                await self.conn.rollback()
                raise

    async def _insert_seats(self, conn, match_id: int, seats: list["SeatRow"]) -> None:
        await conn.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
        await conn.executemany(
            "INSERT INTO seats (match_id, seat, position, user_id, name, is_ai, locale)"
            " VALUES (?,?,?,?,?,?,?)",
            [(match_id, s.seat, s.position, s.user_id, s.name, int(s.is_ai), s.locale)
             for s in seats])

    # --- schema -----------------------------------------------------------------------
    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            return (await cur.fetchone())[0]

    async def migrate(self) -> int:
        current = await self.version()
        for path in sorted(MIGRATIONS.glob("*.sql")):
            number = int(path.name.split("_", 1)[0])
            if number <= current:
                continue
            async with self._write:
                await self.conn.executescript(
                    "BEGIN;\n" + path.read_text() + f"\nPRAGMA user_version={number};\nCOMMIT;")
            current = number
        return current

    # --- matches ------------------------------------------------------------------------
    async def create_match(self, *, game: str, guild_id: int | None, channel_id: int,
                           host_id: int, seed: int, options: dict, lang: str,
                           thread_id: int | None = None, seats: list[SeatRow] = ()) -> int:
        """A new table and its first seats, together."""
        async with self._transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO matches (game, guild_id, channel_id, thread_id, host_id, seed,"
                " options, lang) VALUES (?,?,?,?,?,?,?,?)",
                (game, guild_id, channel_id, thread_id, host_id, seed, json.dumps(options), lang))
            if seats:
                await self._insert_seats(conn, cur.lastrowid, list(seats))
            return cur.lastrowid

    async def update_match(self, match_id: int, **fields: Any) -> None:
        bad = set(fields) - set(MATCH_FIELDS)
        if bad:
            raise ValueError(f"unknown match fields {bad}")
        cols, values = [], []
        for k, v in fields.items():
            cols.append(f"{k}=?")
            values.append(json.dumps(v) if k in ("options", "result") and v is not None else v)
        async with self._transaction() as conn:
            await conn.execute(
                f"UPDATE matches SET {', '.join(cols)},"
                " updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=?",
                (*values, match_id))

    async def get_match(self, match_id: int) -> MatchRow | None:
        async with self.conn.execute("SELECT * FROM matches WHERE id=?", (match_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        m = _match(row)
        m.seats = await self.seats(match_id)
        return m

    async def matches(self, statuses: Iterable[str] = ("lobby", "running"), *,
                      channel_id: int | None = None, limit: int = 1000) -> list[MatchRow]:
        statuses = list(statuses)
        sql = f"SELECT * FROM matches WHERE status IN ({','.join('?' * len(statuses))})"
        args: list[Any] = list(statuses)
        if channel_id is not None:
            sql += " AND (channel_id=? OR thread_id=?)"
            args += [channel_id, channel_id]
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(limit)
        async with self.conn.execute(sql, args) as cur:
            rows = await cur.fetchall()
        out = [_match(r) for r in rows]
        for m in out:
            m.seats = await self.seats(m.id)
        return out

    async def user_history(self, user_id: int, limit: int = 10) -> list[MatchRow]:
        async with self.conn.execute(
                "SELECT m.* FROM matches m JOIN seats s ON s.match_id=m.id WHERE s.user_id=?"
                " AND m.status IN ('finished','aborted') ORDER BY m.id DESC LIMIT ?",
                (user_id, limit)) as cur:
            rows = await cur.fetchall()
        out = [_match(r) for r in rows]
        for m in out:
            m.seats = await self.seats(m.id)
        return out

    # --- seats --------------------------------------------------------------------------
    async def seats(self, match_id: int) -> list[SeatRow]:
        async with self.conn.execute(
                "SELECT * FROM seats WHERE match_id=? ORDER BY position", (match_id,)) as cur:
            rows = await cur.fetchall()
        return [SeatRow(r["seat"], r["position"], r["user_id"], r["name"], bool(r["is_ai"]),
                        r["locale"]) for r in rows]

    async def set_seats(self, match_id: int, seats: list[SeatRow], *, host_id: int | None = None) -> None:
        """The seat list (and a new host, when the host left), together."""
        async with self._transaction() as conn:
            await self._insert_seats(conn, match_id, seats)
            if host_id is not None:
                await conn.execute("UPDATE matches SET host_id=? WHERE id=?", (host_id, match_id))

    # --- the game log -------------------------------------------------------------------
    async def start_match(self, match_id: int, seats: list[SeatRow], state0: dict) -> None:
        """Seats, the fresh state (snapshot 0) and status 'running' in one transaction."""
        async with self._transaction() as conn:
            await self._insert_seats(conn, match_id, seats)
            await conn.execute(
                "INSERT OR REPLACE INTO snapshots (match_id, n, state) VALUES (?,0,?)",
                (match_id, json.dumps(state0)))
            await conn.execute(
                "UPDATE matches SET status='running', updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now')"
                " WHERE id=?", (match_id,))

    async def append_action(self, match_id: int, n: int, seat: str, action: dict, *,
                            by_ai: bool = False, snapshot: dict | None = None,
                            finished: dict | None = None) -> None:
        """Action n (and optionally a snapshot of the state after it, and the final result)
        in one transaction. Raises sqlite3.IntegrityError if action n already exists."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO actions (match_id, n, seat, action, by_ai) VALUES (?,?,?,?,?)",
                (match_id, n, seat, json.dumps(action), int(by_ai)))
            if snapshot is not None:
                await conn.execute(
                    "INSERT OR REPLACE INTO snapshots (match_id, n, state) VALUES (?,?,?)",
                    (match_id, n, json.dumps(snapshot)))
            if finished is not None:
                await conn.execute(
                    "UPDATE matches SET status='finished', result=?,"
                    " finished_at=strftime('%Y-%m-%dT%H:%M:%fZ','now'),"
                    " updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=?",
                    (json.dumps(finished), match_id))

    async def latest_snapshot(self, match_id: int) -> tuple[int, dict] | None:
        async with self.conn.execute(
                "SELECT n, state FROM snapshots WHERE match_id=? ORDER BY n DESC LIMIT 1",
                (match_id,)) as cur:
            row = await cur.fetchone()
        return (row["n"], json.loads(row["state"])) if row else None

    async def snapshot(self, match_id: int, n: int) -> dict | None:
        async with self.conn.execute(
                "SELECT state FROM snapshots WHERE match_id=? AND n=?", (match_id, n)) as cur:
            row = await cur.fetchone()
        return json.loads(row["state"]) if row else None

    async def actions(self, match_id: int, after: int = 0) -> list[tuple[int, str, dict, bool]]:
        """The accepted actions after number ``after`` (undone ones left out)."""
        async with self.conn.execute(
                "SELECT n, seat, action, by_ai FROM actions WHERE match_id=? AND n>? AND undone=0"
                " ORDER BY n", (match_id, after)) as cur:
            rows = await cur.fetchall()
        return [(r["n"], r["seat"], json.loads(r["action"]), bool(r["by_ai"])) for r in rows]

    async def action_count(self, match_id: int) -> int:
        async with self.conn.execute(
                "SELECT COALESCE(MAX(n), 0) FROM actions WHERE match_id=?", (match_id,)) as cur:
            return (await cur.fetchone())[0]

    async def undo_action(self, match_id: int, n: int) -> None:
        """Flag action n as taken back and drop the snapshots it invalidated, together."""
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE actions SET undone=1 WHERE match_id=? AND n=? AND undone=0",
                (match_id, n))
            if cur.rowcount != 1:
                raise ValueError(f"action {n} of match {match_id} cannot be undone")
            await conn.execute("DELETE FROM snapshots WHERE match_id=? AND n>=?", (match_id, n))

    async def claim_rematch(self, match_id: int) -> int | None:
        """Reserve the one rematch of a finished match. None when it was reserved; else
        the rematch already opened (-1 while it is still being opened, 0 if the match is
        not finished)."""
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE matches SET rematch_id=-1 WHERE id=? AND status='finished'"
                " AND rematch_id IS NULL", (match_id,))
            if cur.rowcount == 1:
                return None
            async with conn.execute("SELECT status, rematch_id FROM matches WHERE id=?",
                                    (match_id,)) as c:
                row = await c.fetchone()
        if row is None or row["status"] != "finished":
            return 0
        return row["rematch_id"]

    async def set_rematch(self, match_id: int, rematch_id: int | None) -> None:
        """The rematch that was opened (or None: opening it failed, the result is free again)."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE matches SET rematch_id=? WHERE id=?", (rematch_id, match_id))

    # --- players' languages --------------------------------------------------------------
    async def set_user_language(self, user_id: int, lang: str | None) -> None:
        """A player's own language (None: back to their Discord locale)."""
        async with self._transaction() as conn:
            if lang is None:
                await conn.execute("DELETE FROM user_languages WHERE user_id=?", (user_id,))
            else:
                await conn.execute("INSERT OR REPLACE INTO user_languages VALUES (?,?)",
                                   (user_id, lang))

    async def user_languages(self) -> dict[int, str]:
        async with self.conn.execute("SELECT user_id, lang FROM user_languages") as cur:
            return {r["user_id"]: r["lang"] for r in await cur.fetchall()}

    # --- timers -------------------------------------------------------------------------
    async def set_deadline(self, match_id: int, seat: str, kind: str, count: int, at: float) -> None:
        async with self._transaction() as conn:
            await conn.execute("INSERT OR REPLACE INTO deadlines VALUES (?,?,?,?,?)",
                               (match_id, seat, kind, count, at))

    async def deadlines(self, match_id: int) -> dict[tuple[str, str], tuple[int, float]]:
        """(seat, kind) -> (count, at) of the match's stored timer deadlines."""
        async with self.conn.execute(
                "SELECT seat, kind, count, at FROM deadlines WHERE match_id=?", (match_id,)) as cur:
            rows = await cur.fetchall()
        return {(r["seat"], r["kind"]): (r["count"], r["at"]) for r in rows}

    async def clear_deadlines(self, match_id: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("DELETE FROM deadlines WHERE match_id=?", (match_id,))

    # --- per-seat messages --------------------------------------------------------------
    async def set_seat_message(self, match_id: int, seat: str, kind: str, channel_id: int,
                               message_id: int, stamp: str | None = None) -> None:
        """The message of a seat of that kind; for a panel, ``stamp`` names the decision it
        offers ("<count>:<fingerprint>")."""
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO seat_messages (match_id, seat, kind, channel_id, message_id,"
                " stamp) VALUES (?,?,?,?,?,?)", (match_id, seat, kind, channel_id, message_id, stamp))

    async def seat_messages(self, match_id: int, kind: str) -> dict[str, tuple[int, int]]:
        async with self.conn.execute(
                "SELECT seat, channel_id, message_id FROM seat_messages WHERE match_id=? AND kind=?",
                (match_id, kind)) as cur:
            rows = await cur.fetchall()
        return {r["seat"]: (r["channel_id"], r["message_id"]) for r in rows}

    async def seat_panels(self, match_id: int, kind: str) -> dict[str, tuple[int, int, str | None]]:
        """Like ``seat_messages``, with the stamp of the decision each panel offers."""
        async with self.conn.execute(
                "SELECT seat, channel_id, message_id, stamp FROM seat_messages WHERE match_id=? AND kind=?",
                (match_id, kind)) as cur:
            rows = await cur.fetchall()
        return {r["seat"]: (r["channel_id"], r["message_id"], r["stamp"]) for r in rows}


def _match(row: aiosqlite.Row) -> MatchRow:
    return MatchRow(
        id=row["id"], game=row["game"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], host_id=row["host_id"], status=row["status"],
        seed=row["seed"], options=json.loads(row["options"] or "{}"), lang=row["lang"],
        lobby_message_id=row["lobby_message_id"], board_message_id=row["board_message_id"],
        created_at=row["created_at"], updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        result=json.loads(row["result"]) if row["result"] else None,
        paused=bool(row["paused"]))
