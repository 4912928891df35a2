"""Copy every table of one store into another (SQLite to PostgreSQL, or back), then check it:

    python -m db.copy sqlite:///data/tablemaster.db postgresql://user@host/tablemaster
    python -m db.copy postgresql://user@host/tablemaster sqlite:///data/copy.db

Both ends are migrated to the newest schema first. The destination must be empty; everything is
copied in one transaction (all of it or nothing), with the ids kept. Afterwards the row count of
every table is compared: exit status 0 when they all match, 1 on a mismatch, 2 when the copy
was refused (destination not empty, schemas differ). Stop the bot while copying."""
from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from db import open_store, sqlite_path
from db.dialect import ident, idents, marks

#: Tables others refer to come first (the rest follow in name order).
FIRST = ("matches",)


class CopyRefused(Exception):
    pass


def _order(tables: list[str]) -> list[str]:
    return [t for t in FIRST if t in tables] + sorted(t for t in tables if t not in FIRST)


async def _schema(store) -> dict[str, list[str]]:
    return {t: await store._columns(t) for t in await store._tables()}


async def counts(store, tables) -> dict[str, int]:
    out = {}
    for table in tables:
        sql = f"SELECT COUNT(*) FROM {ident(table)}"
        out[table] = (await store._fetchone(sql))[0]
    return out


async def _copy_table(src, tx, dst, table: str, columns: list[str]) -> int:
    sql = f"SELECT {idents(columns)} FROM {ident(table)}"
    rows = [tuple(r) for r in await src._fetchall(sql)]
    sql = f"INSERT INTO {ident(table)} ({idents(columns)}) VALUES ({marks(len(columns))})"
    await tx.executemany(sql, rows)
    await dst._after_copy(tx, table, columns, rows)
    return len(rows)


async def copy(src_url: str, dst_url: str, *, out=None) -> list[str]:
    """Copy, then verify; the tables whose row counts differ (empty: all is well)."""
    out = out or sys.stdout
    src = await open_store(src_url)
    try:
        dst = await open_store(dst_url)
        try:
            schema, dst_schema = await _schema(src), await _schema(dst)
            if {t: set(c) for t, c in schema.items()} != {t: set(c) for t, c in dst_schema.items()}:
                raise CopyRefused("the two databases have different tables or columns "
                                  f"(versions {await src.version()} and {await dst.version()})")
            tables = _order(list(schema))
            full = {t: n for t, n in (await counts(dst, tables)).items() if n}
            if full:
                raise CopyRefused(f"the destination is not empty: {full}")
            async with dst._transaction() as tx:
                for table in tables:
                    await _copy_table(src, tx, dst, table, schema[table])
            before, after = await counts(src, tables), await counts(dst, tables)
            bad = []
            for table in tables:
                ok = before[table] == after[table]
                print(f"{table:16} {before[table]:>8} -> {after[table]:>8}{'' if ok else '  MISMATCH'}",
                      file=out)
                if not ok:
                    bad.append(table)
            return bad
        finally:
            await dst.close()
    finally:
        await src.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db.copy", description=__doc__.split("\n")[0])
    parser.add_argument("src", help="the database to copy: sqlite:///path, a path, or postgresql://...")
    parser.add_argument("dst", help="the empty database to copy into")
    args = parser.parse_args(argv)
    if args.src == args.dst:
        print("db.copy: source and destination are the same", file=sys.stderr)
        return 2
    path = sqlite_path(args.src)
    if path is not None and not Path(path).is_file():     # opening it would create it empty
        print(f"db.copy: no SQLite database at {path}", file=sys.stderr)
        return 2
    try:
        bad = asyncio.run(copy(args.src, args.dst))
    except CopyRefused as e:
        print(f"db.copy: nothing copied: {e}", file=sys.stderr)
        return 2
    if bad:
        print(f"db.copy: row counts differ in {', '.join(bad)}", file=sys.stderr)
        return 1
    print("db.copy: every table's row count matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
