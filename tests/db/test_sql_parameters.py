"""Every SQL statement in db/ takes its values as parameters: no value is ever formatted into
the SQL text (the store sees player names, question texts and ids from Discord). This covers
both stores (db/store.py, db/postgres.py), db/copy.py and db/migrate.py."""
from __future__ import annotations

import ast
from pathlib import Path

DB = Path(__file__).resolve().parents[2] / "db"
# the drivers' calls and the stores' own statement runners (BaseStore, its transactions)
EXECUTE = {"execute", "executemany", "executescript", "fetchone", "fetchall", "insert_id",
           "_fetchone", "_fetchall", "fetch", "fetchrow", "fetchval"}
# The only text put into SQL: a run of "?" placeholders for a list of values (its length,
# not its contents), a migration's number from its file name, and update_match's column
# names, which are checked against MATCH_FIELDS first (test below); db.copy's table and column
# names, which it reads from the schema itself and quotes with dialect.ident, which refuses
# anything but a plain lower-case name (test below), and its run of placeholders.
ALLOWED_INTERPOLATIONS = {"','.join('?' * len(statuses))", "','.join('?' * len(ids))", "number", "', '.join(cols)", "k",
                          "ident(table)", "idents(columns)", "marks(len(columns))"}
SQL_WORDS = ("SELECT ", "INSERT ", "UPDATE ", "DELETE ", "PRAGMA ", " WHERE ", "=?", "?,")


def _is_sql(node: ast.JoinedStr) -> bool:
    text = "".join(p.value for p in node.values if isinstance(p, ast.Constant))
    return any(w in text for w in SQL_WORDS)


def _modules():
    for path in sorted(DB.rglob("*.py")):
        yield path, ast.parse(path.read_text("utf-8"))


def _is_literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _is_literal(node.left) and _is_literal(node.right)
    return False


def test_nothing_but_placeholders_is_formatted_into_sql():
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and _is_sql(node):
                for part in node.values:
                    if isinstance(part, ast.FormattedValue):
                        assert ast.unparse(part.value) in ALLOWED_INTERPOLATIONS, (
                            f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
                assert not (isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)), (
                    f"{path.name}:{node.lineno}: %-formatting")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "format" or not isinstance(node.func.value, ast.Constant), (
                    f"{path.name}:{node.lineno}: str.format")


def test_every_statement_is_a_literal_or_a_reviewed_builder():
    """A statement is a literal string, the `sql` a query builder put together from literals and
    placeholder runs (checked above), or a migration script read from db/migrations (as it is
    for SQLite, translated by dialect.postgres_script for PostgreSQL)."""
    seen = 0
    for path, tree in _modules():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in EXECUTE and node.args):
                continue
            seen += 1
            sql = node.args[0]
            where = f"{path.name}:{node.lineno}: {ast.unparse(sql)[:80]}"
            if _is_literal(sql):
                continue
            if isinstance(sql, ast.Name) and sql.id == "sql":
                continue
            if isinstance(sql, ast.JoinedStr):       # its interpolations are checked above
                continue
            assert ((node.func.attr == "executescript" and "read_text" in ast.unparse(sql))
                    or ast.unparse(sql) == "postgres_script(path.read_text())"), where
    assert seen > 20          # the scan found the store's statements


def test_values_travel_as_parameters():
    """A statement with a placeholder is always given its parameters."""
    for path, tree in _modules():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in {"execute", "executemany"} and node.args
                    and _is_literal(node.args[0]) and "?" in ast.literal_eval(node.args[0])):
                assert len(node.args) == 2, f"{path.name}:{node.lineno}"
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in EXECUTE and node.args
                    and _is_literal(node.args[0]) and "$1" in ast.literal_eval(node.args[0])):
                assert len(node.args) >= 2, f"{path.name}:{node.lineno}"   # asyncpg: *args


def test_the_modules_of_both_stores_are_scanned():
    assert {p.name for p, _ in _modules()} >= {"store.py", "postgres.py", "copy.py", "migrate.py",
                                               "dialect.py"}


def test_copy_quotes_only_plain_names():
    import pytest

    from db.dialect import DialectError, ident, idents, marks
    assert ident("seat_messages") == '"seat_messages"'
    assert idents(["match_id", "n"]) == '"match_id", "n"'
    assert marks(3) == "?,?,?"
    for bad in ('a"; DROP TABLE matches; --', "Matches", "1a", "a b", "", "x" * 64, None):
        with pytest.raises(DialectError):
            ident(bad)


async def test_update_match_takes_only_known_column_names(tmp_path):
    import pytest

    from db.store import Store
    store = await Store.open(tmp_path / "t.db")
    try:
        mid = await store.create_match(game="libertalia", guild_id=1, channel_id=2, host_id=3,
                                       seed=4, options={}, lang="en")
        with pytest.raises(ValueError):
            await store.update_match(mid, **{"status='x', host_id": 5})
        assert (await store.get_match(mid)).host_id == 3
    finally:
        await store.close()
