"""Every SQL statement in db/ takes its values as parameters: no value is ever formatted into
the SQL text (the store sees player names, question texts and ids from Discord)."""
from __future__ import annotations

import ast
from pathlib import Path

DB = Path(__file__).resolve().parents[2] / "db"
EXECUTE = {"execute", "executemany", "executescript"}
# The only text put into SQL: a run of "?" placeholders for a list of values (its length,
# not its contents), a migration's number from its file name, and update_match's column
# names, which are checked against MATCH_FIELDS first (test below).
ALLOWED_INTERPOLATIONS = {"','.join('?' * len(statuses))", "number", "', '.join(cols)", "k"}
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
    placeholder runs (checked above), or a migration script read from db/migrations."""
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
            assert node.func.attr == "executescript" and "read_text" in ast.unparse(sql), where
    assert seen > 20          # the scan found the store's statements


def test_values_travel_as_parameters():
    """A statement with a placeholder is always given its parameters."""
    for path, tree in _modules():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in {"execute", "executemany"} and node.args
                    and _is_literal(node.args[0]) and "?" in ast.literal_eval(node.args[0])):
                assert len(node.args) == 2, f"{path.name}:{node.lineno}"


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
