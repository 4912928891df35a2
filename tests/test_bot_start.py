"""`python bot.py` with a database it cannot use (a read-only folder, a folder that cannot be
made, a file that is not a database, a PostgreSQL server out of reach) ends at once with one
paragraph that names the database and the cause, and a non-zero exit code: no traceback, and
no process left hanging."""
from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from db.store import Store

ROOT = Path(__file__).resolve().parents[1]
NOBODY = 65534


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_bot(env: dict[str, str], *, as_nobody: bool = False) -> tuple[subprocess.CompletedProcess, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_", "SANDBOX"))
           } | {"SANDBOX": "1", "SANDBOX_PORT": str(free_port()), "LOG_LEVEL": "INFO"} | env
    command = [sys.executable, str(ROOT / "bot.py")]
    if as_nobody:
        command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *command]
    t0 = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"bot.py still ran after 30 s: {e.stderr}") from None
    return done, time.perf_counter() - t0


def assert_refused(done: subprocess.CompletedProcess, took: float, *names: str) -> None:
    assert done.returncode not in (0, None) and took < 10, (done.returncode, took, done.stderr)
    out = done.stderr.strip()
    assert "Traceback" not in out and "\n" not in out, out          # one paragraph
    for name in names:
        assert name in out, out


@pytest.fixture
def shared_dir():
    """A folder under /tmp that another user can enter (pytest's own tmp_path may not be)."""
    d = Path(tempfile.mkdtemp(prefix="tablemaster-start-", dir="/tmp"))
    d.chmod(0o755)
    yield d
    for p in d.rglob("*"):
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(d)


def test_a_database_in_a_read_only_folder(shared_dir):
    root = os.geteuid() == 0           # root writes anywhere: the bot runs as nobody then
    if root and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv to run the bot as another user")
    folder = shared_dir / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    for path in (folder / "games.db", folder / "missing" / "games.db"):   # no file; no folder either
        done, took = start_bot({"DATABASE_PATH": str(path), "HOME": str(shared_dir)}, as_nobody=root)
        assert_refused(done, took, str(path), "unable to open database file" if path.parent == folder
                       else "Permission denied", "writable")


def test_a_database_that_exists_but_cannot_be_written(shared_dir):
    """The database opens, and its schema is current (no migration writes): the first write
    at start finds out."""
    root = os.geteuid() == 0
    if root and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv to run the bot as another user")
    async def make(path):
        store = await Store.open(path)
        await store.close()
    path = shared_dir / "games.db"
    asyncio.run(make(path))
    for p in shared_dir.iterdir():
        p.chmod(0o444)
    shared_dir.chmod(0o777)            # the journal files can be made: only the file is read-only
    done, took = start_bot({"DATABASE_URL": f"sqlite:///{path}", "HOME": str(shared_dir)}, as_nobody=root)
    assert_refused(done, took, str(path), "attempt to write a readonly database")


def test_a_database_whose_folder_cannot_be_made(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    path = tmp_path / "a-file" / "data" / "games.db"
    done, took = start_bot({"DATABASE_PATH": str(path)})
    assert_refused(done, took, str(path), "a file is in the way")


def test_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "games.db"
    path.write_text("These are my notes, not a database. " * 50)
    done, took = start_bot({"DATABASE_PATH": str(path)})
    assert_refused(done, took, str(path), "file is not a database", "not a SQLite database")
    assert path.read_text().startswith("These are my notes")          # left as it was


def test_a_postgresql_server_out_of_reach():
    url = f"postgresql://tablemaster:s3cret@127.0.0.1:{free_port()}/tablemaster"
    done, took = start_bot({"DATABASE_URL": url})
    assert_refused(done, took, "postgresql://tablemaster:***@127.0.0.1", "DATABASE_URL")
    assert "s3cret" not in done.stderr
