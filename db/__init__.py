"""The store: SQLite (the embedded default) or PostgreSQL, chosen by the database URL.

    store = await db.open_store("data/tablemaster.db")            # SQLite, a bare path
    store = await db.open_store("sqlite:///data/tablemaster.db")  # the same, as a URL
    store = await db.open_store("postgresql://user@host/dbname")  # PostgreSQL (asyncpg)

Both have the same methods and return the same rows (db.store.BaseStore)."""
from __future__ import annotations

from pathlib import Path

from db.dialect import is_postgres_url, sqlite_path

__all__ = ["open_store", "is_postgres_url", "sqlite_path"]


async def open_store(url: str | Path | None = None):
    """The store behind ``url``, migrated to the newest schema. ``None`` or empty: the default
    SQLite file data/tablemaster.db; ``sqlite:///path`` or a bare path: SQLite;
    ``postgresql://...`` (or ``postgres://``): PostgreSQL."""
    url = str(url) if url else "data/tablemaster.db"
    if is_postgres_url(url):
        from db.postgres import PgStore
        return await PgStore.open(url)
    from db.store import Store
    return await Store.open(sqlite_path(url))
