"""The store contract runs against both stores: ``store_url`` and ``store`` are parametrized
over SQLite (a temporary file) and PostgreSQL (a fresh database on the session's throwaway
server from tests/pg.py; skipped without server binaries unless CI is set)."""
import pytest

from db import open_store


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 't.db'}"          # absolute: sqlite:////tmp/...
    return request.getfixturevalue("pg_url")


@pytest.fixture
async def store(store_url):
    s = await open_store(store_url)
    yield s
    await s.close()
