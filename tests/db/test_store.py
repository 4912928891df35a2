import sqlite3

import pytest

from db.store import SeatRow, Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(tmp_path / "t.db")
    yield s
    await s.close()


async def test_migrations_set_version_and_are_idempotent(tmp_path):
    s = await Store.open(tmp_path / "a.db")
    v = await s.version()
    assert v >= 1
    assert await s.migrate() == v
    await s.close()
    s2 = await Store.open(tmp_path / "a.db")   # reopening applies nothing twice
    assert await s2.version() == v
    await s2.close()


async def test_wal_mode(store):
    async with store.conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"


async def test_match_lifecycle(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=42,
                                   options={"engine": {"rounds": 3}}, lang="en")
    await store.set_seats(mid, [SeatRow("A", 0, 3, "Anna"), SeatRow("B", 1, None, "AI 1", True)])
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna"), SeatRow("B", 1, None, "AI 1", True)],
                            {"x": 1})
    m = await store.get_match(mid)
    assert m.status == "running" and m.seed == 42 and m.options == {"engine": {"rounds": 3}}
    assert [(s.seat, s.user_id, s.is_ai) for s in m.seats] == [("A", 3, False), ("B", None, True)]
    await store.append_action(mid, 1, "A", {"type": "pick", "n": 2})
    await store.append_action(mid, 2, "B", {"type": "pick", "n": 3}, by_ai=True, snapshot={"x": 2})
    assert await store.action_count(mid) == 2
    assert await store.latest_snapshot(mid) == (2, {"x": 2})
    assert [a[2] for a in await store.actions(mid, after=1)] == [{"type": "pick", "n": 3}]
    await store.append_action(mid, 3, "A", {"type": "bank"}, finished={"scores": {"A": 1}})
    m = await store.get_match(mid)
    assert m.status == "finished" and m.result == {"scores": {"A": 1}} and m.finished_at


async def test_one_action_is_one_transaction(store):
    """A duplicate action number is refused whole: neither the row nor its snapshot lands."""
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna")], {"s": 0})
    await store.append_action(mid, 1, "A", {"a": 1})
    with pytest.raises(sqlite3.IntegrityError):
        await store.append_action(mid, 1, "A", {"a": 2}, snapshot={"s": "bad"})
    assert await store.latest_snapshot(mid) == (0, {"s": 0})
    assert [a[2] for a in await store.actions(mid)] == [{"a": 1}]
    # and the connection is still usable afterwards
    await store.append_action(mid, 2, "A", {"a": 3})
    assert await store.action_count(mid) == 2


async def test_matches_by_channel_and_history(store):
    a = await store.create_match(game="toy", guild_id=1, channel_id=10, host_id=5, seed=1,
                                 options={}, lang="en")
    await store.create_match(game="toy", guild_id=1, channel_id=11, host_id=5, seed=1,
                             options={}, lang="en")
    await store.update_match(a, thread_id=99)
    assert [m.id for m in await store.matches(channel_id=99)] == [a]
    await store.set_seats(a, [SeatRow("A", 0, 5, "Anna")])
    await store.update_match(a, status="finished")
    assert [m.id for m in await store.user_history(5)] == [a]
    with pytest.raises(ValueError):
        await store.update_match(a, nonsense=1)
