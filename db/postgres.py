"""The PostgreSQL store (asyncpg, a small connection pool), for several bot processes on one
database. The same public interface, tables and numbered migrations as the SQLite ``Store``:
every query is ``BaseStore``'s, translated by db/dialect.py.

Several processes may open the same database at once: migrations run one at a time under a
transaction-scoped advisory lock, and the action log's primary key (match_id, n) lets only one
writer store action n of a match (the other gets ``ActionConflict``)."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

import asyncpg

from db.dialect import MATCH_LOCK, MIGRATION_LOCK, postgres_script, postgres_statement
from db.store import BaseStore, migration_files

CONNECT_TIMEOUT_S = 10.0    # a server that does not answer (asyncpg waits a minute by default)


def _params(args) -> list:
    # bool is an int to SQLite; the schema's flags are BIGINT columns here
    return [int(a) if isinstance(a, bool) else a for a in args]


def _rowcount(status: str) -> int:
    """Rows changed, from a command status such as "UPDATE 1" or "INSERT 0 1"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _PgTx:
    """Statements on one pooled connection (inside a transaction of ``PgStore``, or one read)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args=()) -> int:
        """The number of rows changed."""
        sql = postgres_statement(sql)
        return _rowcount(await self.conn.execute(sql, *_params(args)))

    async def executemany(self, sql: str, rows) -> None:
        sql = postgres_statement(sql)
        rows = [_params(r) for r in rows]
        if rows:
            await self.conn.executemany(sql, rows)

    async def insert_id(self, sql: str, args=()) -> int:
        """An INSERT; the id of the new row."""
        sql = postgres_statement(sql) + " RETURNING id"
        return await self.conn.fetchval(sql, *_params(args))

    async def fetchone(self, sql: str, args=()):
        sql = postgres_statement(sql)
        return await self.conn.fetchrow(sql, *_params(args))

    async def fetchall(self, sql: str, args=()) -> list:
        sql = postgres_statement(sql)
        return await self.conn.fetch(sql, *_params(args))


class PgStore(BaseStore):
    """PostgreSQL through an asyncpg pool."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, max_size: int) -> None:
        self.pool = pool
        # a claimed timer holds its connection while its move is made, which needs others:
        # claims may take at most a third of the pool, so they can never starve it
        self._claims = asyncio.Semaphore(max(1, max_size // 3))

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10,
                   timeout: float = CONNECT_TIMEOUT_S) -> "PgStore":
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=timeout)
        store = cls(pool, max_size)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self.pool.close()

    @asynccontextmanager
    async def _transaction(self):
        """Everything inside commits together or not at all."""
        async with self.pool.acquire() as conn:
            async with conn.transaction():
                yield _PgTx(conn)

    async def _fetchone(self, sql: str, args=()):
        async with self.pool.acquire() as conn:
            return await _PgTx(conn).fetchone(sql, args)

    async def _fetchall(self, sql: str, args=()) -> list:
        async with self.pool.acquire() as conn:
            return await _PgTx(conn).fetchall(sql, args)

    def _is_duplicate(self, exc: BaseException, table: str) -> bool:
        return isinstance(exc, asyncpg.UniqueViolationError) and exc.table_name == table

    async def _lock_match(self, tx, match_id: int) -> None:
        # held until the transaction ends: the match's log has one writer at a time
        await tx.conn.execute("SELECT pg_advisory_xact_lock($1, $2)", MATCH_LOCK, match_id)

    @asynccontextmanager
    async def claim_timer(self, match_id: int, seat: str, kind: str, count: int):
        """The deadline's row stays locked (FOR UPDATE SKIP LOCKED) while the caller fires it,
        so another process passes it by; if this process dies meanwhile, the transaction
        rolls back and the deadline is due again for the others."""
        async with self._claims, self.pool.acquire() as conn, conn.transaction():
            found = await conn.fetchval(
                "SELECT 1 FROM deadlines WHERE match_id=$1 AND seat=$2 AND kind=$3 AND count=$4"
                " FOR UPDATE SKIP LOCKED", match_id, seat, kind, count)
            if not found:
                yield False
                return
            yield True
            await conn.execute(
                "DELETE FROM deadlines WHERE match_id=$1 AND seat=$2 AND kind=$3 AND count=$4",
                match_id, seat, kind, count)

    # --- schema -----------------------------------------------------------------------
    async def version(self) -> int:
        async with self.pool.acquire() as conn:
            return await _version(conn)

    async def migrate(self) -> int:
        """Apply the migrations not applied yet, each in one transaction with its number.
        An advisory lock makes processes that start together take turns."""
        current = await self.version()
        for number, path in migration_files():
            if number <= current:
                continue
            async with self.pool.acquire() as conn:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await conn.execute(
                        "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                    current = await _version(conn)
                    if number <= current:          # another process applied it meanwhile
                        continue
                    await conn.execute(postgres_script(path.read_text()))
                    await conn.execute("DELETE FROM schema_version")
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
            current = number
        return current

    async def _tables(self) -> list[str]:
        rows = await self._fetchall(
            "SELECT table_name FROM information_schema.tables WHERE table_schema=current_schema()"
            " AND table_type='BASE TABLE' AND table_name<>'schema_version' ORDER BY table_name")
        return [r[0] for r in rows]

    async def _columns(self, table: str) -> list[str]:
        rows = await self._fetchall(
            "SELECT column_name FROM information_schema.columns WHERE table_schema=current_schema()"
            " AND table_name=? ORDER BY ordinal_position", (table,))
        return [r[0] for r in rows]

    async def _after_copy(self, tx, table: str, columns: list[str], rows: list[tuple]) -> None:
        identity = await tx.fetchall(
            "SELECT column_name FROM information_schema.columns WHERE table_schema=current_schema()"
            " AND table_name=? AND is_identity='YES'", (table,))
        for (column,) in identity:
            i = columns.index(column)
            top = max((r[i] for r in rows if r[i] is not None), default=None)
            if top is not None:
                await tx.execute("SELECT setval(pg_get_serial_sequence(?, ?), ?)", (table, column, top))


async def _version(conn: asyncpg.Connection) -> int:
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
