"""A store and a match service on a temporary database, with a listener recording changes."""
import pytest

from core.service import MatchService
from db.store import Store


@pytest.fixture
async def env(tmp_path):
    store = await Store.open(tmp_path / "t.db")
    svc = MatchService(store)
    changes = []

    async def listener(match, change):
        changes.append((match.id, change.kind, [s.n for s in change.steps]))
    svc.add_listener(listener)
    yield store, svc, changes, tmp_path
    await svc.close()
    await store.close()
