"""python -m db.migrate and python -m db.copy, SQLite <-> PostgreSQL."""
import asyncio
import subprocess
import sys
from pathlib import Path

import db.copy
import db.migrate
import db.store
from db import open_store
from db.store import SeatRow, migration_files

ROOT = Path(__file__).resolve().parents[2]
BIG = 2**63 - 1


async def populate(url: str) -> list[int]:
    """Rows in every table: a finished match with an undone action and a rematch, a running
    one with a panel and deadlines, a lobby, players' languages and a process's demand."""
    s = await open_store(url)
    try:
        ids = []
        for i in range(3):
            mid = await s.create_match(game="toy", guild_id=BIG, channel_id=10 + i, host_id=BIG - 1,
                                       seed=2**60 + i, options={"engine": {"rounds": 3}, "é": i},
                                       lang="el", seats=[SeatRow("A", 0, BIG - 1, "Ánna", False, "el")])
            ids.append(mid)
        seats = [SeatRow("A", 0, BIG - 1, "Ánna", False, "el"), SeatRow("B", 1, None, "AI", True, None, "hard")]
        for mid in ids[:2]:
            await s.start_match(mid, seats, {"s": 0})
            await s.append_action(mid, 1, "A", {"pick": 1})
            await s.append_action(mid, 2, "B", {"pick": "it's"}, by_ai=True, snapshot={"s": 2})
        await s.undo_action(ids[0], 2)
        await s.append_action(ids[0], 3, "A", {"bank": 1}, finished={"scores": {"A": 3}})
        await s.claim_rematch(ids[0])
        await s.set_rematch(ids[0], ids[2])
        await s.set_seat_message(ids[1], "A", "panel", BIG, BIG - 2, "2:ab")
        await s.set_seat_message(ids[1], "B", "panel", 5, 6)
        await s.set_deadline(ids[1], "A", "turn", 1, 1700000000.125)
        await s.update_match(ids[1], paused=True)
        await s.set_user_language(BIG, "hu")
        await s.set_user_language(7, "el")
        await s.report_demand("host:42", 12.5, 1700000000.5)
        return ids
    finally:
        await s.close()


async def dump(url: str) -> dict[str, list[tuple]]:
    """Every row of every table, sorted."""
    s = await open_store(url)
    try:
        out = {}
        for table in await s._tables():
            cols = sorted(await s._columns(table))
            rows = await s._fetchall(f"SELECT {', '.join(cols)} FROM {table}")
            out[table] = sorted((tuple(r) for r in rows), key=repr)
        return out
    finally:
        await s.close()


def test_copy_sqlite_to_postgresql_and_back(tmp_path, pg_url, capsys):
    src = f"sqlite:///{tmp_path / 'src.db'}"
    back = f"sqlite:///{tmp_path / 'back.db'}"
    ids = asyncio.run(populate(src))
    assert db.copy.main([src, pg_url]) == 0
    out = capsys.readouterr().out
    assert "actions" in out and "every table's row count matches" in out
    original = asyncio.run(dump(src))
    assert all(original[t] for t in original), "every table has rows to copy"
    assert asyncio.run(dump(pg_url)) == original
    assert db.copy.main([pg_url, back]) == 0
    assert asyncio.run(dump(back)) == original

    async def after_copy(url):
        s = await open_store(url)
        try:
            m = await s.get_match(ids[1])
            assert m.paused and m.seats[1].ai_level == "hard" and await s.seat_panels(ids[1], "panel")
            assert await s.actions(ids[0]) == [(1, "A", {"pick": 1}, False), (3, "A", {"bank": 1}, False)]
            assert await s.claim_rematch(ids[0]) == ids[2]
            new = await s.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                       options={}, lang="en")
            assert new == max(ids) + 1            # new ids go on after the copied ones
        finally:
            await s.close()
    asyncio.run(after_copy(pg_url))
    asyncio.run(after_copy(back))


def test_copy_refuses_a_full_destination_and_reports_a_mismatch(tmp_path, pg_url, monkeypatch, capsys):
    src = f"sqlite:///{tmp_path / 'src.db'}"
    asyncio.run(populate(src))
    real = db.copy._copy_table

    async def lossy(src_store, tx, dst, table, columns):
        if table == "deadlines":
            return 0                               # a copy that loses a table's rows
        return await real(src_store, tx, dst, table, columns)
    monkeypatch.setattr(db.copy, "_copy_table", lossy)
    assert db.copy.main([src, pg_url]) == 1
    assert "MISMATCH" in capsys.readouterr().out
    monkeypatch.setattr(db.copy, "_copy_table", real)
    assert db.copy.main([src, pg_url]) == 2        # the destination has rows now
    assert "not empty" in capsys.readouterr().err
    assert db.copy.main([f"sqlite:///{tmp_path / 'missing.db'}", pg_url]) == 2
    assert "no SQLite database" in capsys.readouterr().err
    assert not (tmp_path / "missing.db").exists()


def test_migrate_prints_the_version(store_url, capsys):
    newest = migration_files()[-1][0]
    assert db.migrate.main([store_url]) == 0
    assert capsys.readouterr().out.strip() == f"schema version {newest}"
    assert db.migrate.main([store_url]) == 0       # again: nothing to do
    assert capsys.readouterr().out.strip() == f"schema version {newest}"


def test_migrate_as_a_command(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "db.migrate", f"sqlite:///{tmp_path / 'x.db'}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"schema version {migration_files()[-1][0]}"


async def test_a_later_migration_runs_on_both(store_url, tmp_path, monkeypatch):
    """A new numbered file, written in SQLite's dialect, is applied by both stores, once."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    for _, path in migration_files():
        (folder / path.name).write_text(path.read_text())
    s = await open_store(store_url)
    mid = await s.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                               options={}, lang="en")
    await s.close()
    (folder / "900_test.sql").write_text(
        "-- a later migration: a column, a 64-bit value, a new table\n"
        "ALTER TABLE seats ADD COLUMN coach TEXT;\n"
        "ALTER TABLE matches ADD COLUMN big INTEGER NOT NULL DEFAULT 9223372036854775807;\n"
        "CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL, body TEXT NOT NULL);\n"
        "INSERT OR IGNORE INTO user_languages (user_id, lang) VALUES (1, 'el');\n"
        "INSERT OR IGNORE INTO user_languages (user_id, lang) VALUES (1, 'hu');\n")
    monkeypatch.setattr(db.store, "MIGRATIONS", folder)
    s = await open_store(store_url)
    try:
        assert await s.version() == 900
        assert "coach" in await s._columns("seats") and "notes" in await s._tables()
        assert (await s._fetchone("SELECT big FROM matches WHERE id=?", (mid,)))[0] == BIG
        assert await s.user_languages() == {1: "el"}
    finally:
        await s.close()
    s = await open_store(store_url)                # applied once only
    try:
        assert await s.version() == 900
    finally:
        await s.close()
