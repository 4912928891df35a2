"""The throwaway PostgreSQL server of db/throwaway.py as pytest fixtures, and a fresh database
per test.

    from tests.pg import pg_server, pg_url   # noqa: F401  (in a conftest.py)

    async def test_something(pg_url):        # postgresql://postgres@/t_3?host=...&port=...
        store = await db.open_store(pg_url)

``pg_server`` (session scope) is started once and stopped at the end. Without server binaries
the tests that need it are skipped, except when the environment variable CI is set: then they
fail (scripts/test installs the ``postgresql`` package)."""
from __future__ import annotations

import os

import pytest

from db.throwaway import NoServer, start_server


@pytest.fixture(scope="session")
def pg_server():
    try:
        server = start_server()
    except NoServer as e:
        if os.environ.get("CI"):
            pytest.fail(f"{e} (CI is set, so this is a failure, not a skip)")
        pytest.skip(str(e))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server):
    """The URL of a fresh, empty database on the session's server."""
    return pg_server.create_database()
