"""The store contract: every method of the store, against both SQLite and PostgreSQL (the
``store`` / ``store_url`` fixtures of conftest.py)."""
import asyncio
import sqlite3

import pytest

from db import open_store
from db.store import ActionConflict, SeatRow, Store, migration_files

NEWEST = migration_files()[-1][0]
BIG = 2**63 - 1            # Discord ids are 64-bit


async def test_migrations_set_version_and_are_idempotent(store_url):
    s = await open_store(store_url)
    assert await s.version() == NEWEST
    assert await s.migrate() == NEWEST
    await s.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1, options={}, lang="en")
    await s.close()
    s2 = await open_store(store_url)   # reopening applies nothing twice (001 would fail: tables exist)
    try:
        assert await s2.version() == NEWEST
        assert len(await s2.matches(("lobby",))) == 1
        assert set(await s2._tables()) == {"matches", "seats", "actions", "snapshots",
                                           "seat_messages", "deadlines", "user_languages",
                                           "process_demand"}
    finally:
        await s2.close()


async def test_wal_mode(tmp_path):
    store = await Store.open(tmp_path / "t.db")
    try:
        async with store.conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
    finally:
        await store.close()


async def test_match_lifecycle(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=42,
                                   options={"engine": {"rounds": 3}}, lang="en")
    await store.set_seats(mid, [SeatRow("A", 0, 3, "Anna"), SeatRow("B", 1, None, "AI 1", True)])
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna"), SeatRow("B", 1, None, "AI 1", True)],
                            {"x": 1})
    m = await store.get_match(mid)
    assert m.status == "running" and m.seed == 42 and m.options == {"engine": {"rounds": 3}}
    assert [(s.seat, s.user_id, s.is_ai) for s in m.seats] == [("A", 3, False), ("B", None, True)]
    assert await store.latest_snapshot(mid) == (0, {"x": 1})
    await store.append_action(mid, 1, "A", {"type": "pick", "n": 2})
    await store.append_action(mid, 2, "B", {"type": "pick", "n": 3}, by_ai=True, snapshot={"x": 2})
    assert await store.action_count(mid) == 2
    assert await store.latest_snapshot(mid) == (2, {"x": 2})
    assert await store.snapshot(mid, 0) == {"x": 1} and await store.snapshot(mid, 1) is None
    assert await store.actions(mid, after=1) == [(2, "B", {"type": "pick", "n": 3}, True)]
    assert await store.actions(mid) == [(1, "A", {"type": "pick", "n": 2}, False),
                                        (2, "B", {"type": "pick", "n": 3}, True)]
    await store.append_action(mid, 3, "A", {"type": "bank"}, finished={"scores": {"A": 1}})
    m = await store.get_match(mid)
    assert m.status == "finished" and m.result == {"scores": {"A": 1}} and m.finished_at
    assert m.created_at.endswith("Z") and len(m.created_at) == len("2026-01-01T00:00:00.000Z")
    assert await store.get_match(mid + 1000) is None


async def test_rows_and_types(store):
    """Every column comes back with the type it went in with, 64-bit ids included."""
    mid = await store.create_match(game="toy", guild_id=BIG, channel_id=BIG - 1, host_id=BIG - 2,
                                   seed=2**62, options={"a": [1, "é"]}, lang="el",
                                   thread_id=BIG - 3,
                                   seats=[SeatRow("A", 0, BIG - 2, "Ánna", False, "el"),
                                          SeatRow("B", 1, None, "AI", True, None, "hard")])
    await store.update_match(mid, lobby_message_id=BIG - 4, board_message_id=BIG - 5, paused=True,
                             result={"w": "A"}, options={"b": 2}, status="running")
    m = await store.get_match(mid)
    assert (m.guild_id, m.channel_id, m.host_id, m.thread_id, m.seed) == (BIG, BIG - 1, BIG - 2, BIG - 3, 2**62)
    assert (m.lobby_message_id, m.board_message_id) == (BIG - 4, BIG - 5)
    assert m.paused is True and m.result == {"w": "A"} and m.options == {"b": 2} and m.lang == "el"
    assert m.seats == [SeatRow("A", 0, BIG - 2, "Ánna", False, "el"),
                       SeatRow("B", 1, None, "AI", True, None, "hard")]
    assert isinstance(m.id, int) and isinstance(m.created_at, str)
    await store.update_match(mid, paused=False, result=None)
    m = await store.get_match(mid)
    assert m.paused is False and m.result is None


async def test_one_action_is_one_transaction(store):
    """A duplicate action number is refused whole: neither the row nor its snapshot lands."""
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna")], {"s": 0})
    await store.append_action(mid, 1, "A", {"a": 1})
    with pytest.raises(ActionConflict) as caught:
        await store.append_action(mid, 1, "A", {"a": 2}, snapshot={"s": "bad"}, finished={"x": 1})
    assert isinstance(caught.value, sqlite3.IntegrityError)     # what SQLite raised before
    assert (caught.value.match_id, caught.value.n) == (mid, 1)
    assert await store.latest_snapshot(mid) == (0, {"s": 0})
    assert [a[2] for a in await store.actions(mid)] == [{"a": 1}]
    assert (await store.get_match(mid)).status == "running"
    # and the store is still usable afterwards
    await store.append_action(mid, 2, "A", {"a": 3})
    assert await store.action_count(mid) == 2


async def test_other_integrity_errors_are_not_action_conflicts(store):
    with pytest.raises(Exception) as caught:        # no such match: a foreign key, not a race
        await store.append_action(12345, 1, "A", {"a": 1})
    assert not isinstance(caught.value, ActionConflict)


async def test_two_writers_race_for_the_same_action(store_url):
    """Two stores (two processes' connections) append action n at once: exactly one wins."""
    a, b = await open_store(store_url), await open_store(store_url)
    try:
        mid = await a.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
        await a.start_match(mid, [SeatRow("A", 0, 3, "Anna")], {"s": 0})
        for n in range(1, 6):
            results = await asyncio.gather(
                a.append_action(mid, n, "A", {"by": "a"}, snapshot={"s": "a"}),
                b.append_action(mid, n, "A", {"by": "b"}, snapshot={"s": "b"}),
                return_exceptions=True)
            assert sum(r is None for r in results) == 1, results
            [lost] = [r for r in results if r is not None]
            assert isinstance(lost, ActionConflict), repr(lost)
            winner = "a" if results[0] is None else "b"
            assert (await b.actions(mid, after=n - 1)) == [(n, "A", {"by": winner}, False)]
            assert await a.snapshot(mid, n) == {"s": winner}     # the loser's snapshot never landed
        assert await a.action_count(mid) == 5
    finally:
        await a.close()
        await b.close()


async def test_matches_by_channel_and_history(store):
    a = await store.create_match(game="toy", guild_id=1, channel_id=10, host_id=5, seed=1,
                                 options={}, lang="en")
    b = await store.create_match(game="toy", guild_id=1, channel_id=11, host_id=5, seed=1,
                                 options={}, lang="en")
    await store.update_match(a, thread_id=99)
    assert [m.id for m in await store.matches(channel_id=99)] == [a]
    assert [m.id for m in await store.matches(channel_id=10)] == [a]
    assert [m.id for m in await store.matches()] == [b, a]
    assert [m.id for m in await store.matches(limit=1)] == [b]
    await store.set_seats(a, [SeatRow("A", 0, 5, "Anna")])
    await store.update_match(a, status="finished")
    assert [m.id for m in await store.matches(("finished", "aborted"))] == [a]
    assert [m.id for m in await store.user_history(5)] == [a]
    assert [s.name for s in (await store.user_history(5))[0].seats] == ["Anna"]
    assert await store.user_history(6) == []
    with pytest.raises(ValueError):
        await store.update_match(a, nonsense=1)


async def test_lobbies_by_host_and_by_channel(store):
    async def table(host, channel):
        return await store.create_match(game="toy", guild_id=1, channel_id=channel, host_id=host,
                                        seed=1, options={}, lang="en")
    a, b, c, d = await table(5, 10), await table(5, 11), await table(6, 10), await table(5, 10)
    await store.update_match(d, status="running", thread_id=77)
    assert await store.lobbies(host_id=5) == [a, b]           # a table that started is none
    assert await store.lobbies(channel_id=10) == [a, c]
    assert await store.lobbies(host_id=5, channel_id=11) == [b]
    assert await store.lobbies(host_id=7) == [] and await store.lobbies(channel_id=77) == []


async def test_seats_and_a_new_host_together(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en", seats=[SeatRow("A", 0, 3, "Anna")])
    await store.set_seats(mid, [SeatRow("A", 0, 4, "Ben"), SeatRow("B", 1, None, "AI", True, None, "easy")],
                          host_id=4)
    m = await store.get_match(mid)
    assert m.host_id == 4 and [s.name for s in m.seats] == ["Ben", "AI"]
    assert await store.seats(mid) == m.seats
    with pytest.raises(Exception):       # one user, two seats: refused whole
        await store.set_seats(mid, [SeatRow("A", 0, 4, "Ben"), SeatRow("B", 1, 4, "Ben")], host_id=9)
    m = await store.get_match(mid)
    assert m.host_id == 4 and [s.name for s in m.seats] == ["Ben", "AI"]


async def test_undo(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna")], {"s": 0})
    await store.append_action(mid, 1, "A", {"a": 1})
    await store.append_action(mid, 2, "A", {"a": 2}, snapshot={"s": 2})
    await store.undo_action(mid, 2)
    assert [a[0] for a in await store.actions(mid)] == [1]
    assert await store.latest_snapshot(mid) == (0, {"s": 0})
    assert await store.action_count(mid) == 2        # the number stays taken
    with pytest.raises(ValueError):
        await store.undo_action(mid, 2)
    with pytest.raises(ActionConflict):
        await store.append_action(mid, 2, "A", {"a": "again"})
    await store.append_action(mid, 3, "A", {"a": 3})
    assert [a[0] for a in await store.actions(mid)] == [1, 3]


async def test_rematch_claims(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    assert await store.claim_rematch(mid) == 0           # not finished
    assert await store.claim_rematch(mid + 99) == 0      # no such match
    await store.update_match(mid, status="finished")
    results = await asyncio.gather(*[store.claim_rematch(mid) for _ in range(4)])
    assert sorted(results, key=str) == [-1, -1, -1, None]
    await store.set_rematch(mid, None)                   # opening it failed: free again
    assert await store.claim_rematch(mid) is None
    await store.set_rematch(mid, 77)
    assert await store.claim_rematch(mid) == 77


async def test_user_languages(store):
    assert await store.user_languages() == {}
    await store.set_user_language(BIG, "el")
    await store.set_user_language(5, "hu")
    await store.set_user_language(BIG, "en")
    assert await store.user_languages() == {BIG: "en", 5: "hu"}
    await store.set_user_language(5, None)
    await store.set_user_language(6, None)
    assert await store.user_languages() == {BIG: "en"}


async def test_deadlines(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    await store.set_deadline(mid, "A", "turn", 3, 1700000000.25)
    await store.set_deadline(mid, "A", "rule", 3, 1700000001.5)
    await store.set_deadline(mid, "A", "turn", 4, 1700000099.125)
    d = await store.deadlines(mid)
    assert d == {("A", "turn"): (4, 1700000099.125), ("A", "rule"): (3, 1700000001.5)}
    assert all(isinstance(at, float) for _, at in d.values())
    await store.clear_deadlines(mid)
    assert await store.deadlines(mid) == {}


async def test_seat_messages_and_panels(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    await store.set_seat_message(mid, "A", "panel", BIG, BIG - 1)
    await store.set_seat_message(mid, "B", "panel", 5, 6, "2:abc")
    await store.set_seat_message(mid, "B", "other", 7, 8)
    assert await store.seat_messages(mid, "panel") == {"A": (BIG, BIG - 1), "B": (5, 6)}
    assert await store.seat_panels(mid, "panel") == {"A": (BIG, BIG - 1, None), "B": (5, 6, "2:abc")}
    await store.set_seat_message(mid, "B", "panel", 5, 9, "3:def")
    assert await store.seat_panels(mid, "panel") == {"A": (BIG, BIG - 1, None), "B": (5, 9, "3:def")}
    assert await store.seat_messages(mid, "other") == {"B": (7, 8)}
    with pytest.raises(Exception):                       # channel_id is NOT NULL
        await store.set_seat_message(mid, "C", "panel", None, 5)
    assert set(await store.seat_messages(mid, "panel")) == {"A", "B"}


async def test_snapshot_and_log_rebuild_a_running_match(store, monkeypatch):
    """The service rebuilds a match from its latest snapshot and the log after it, on either
    store, to exactly the state it had."""
    import core.service
    from core.service import MatchService
    monkeypatch.setattr(core.service, "SNAPSHOT_EVERY", 5)    # toy games are short
    svc = MatchService(store)
    try:
        m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=101, host_name="Anna",
                                 seed=7, options={"rounds": 5})
        await svc.join(m.id, 102, "Ben")
        await svc.join(m.id, 103, "Cara")
        await svc.add_ai(m.id, 101)
        await svc.start(m.id, 101)
        users = {"A": 101, "B": 102, "C": 103}
        while m.status == "running" and m.n < 12:
            seat = m.to_act()[0]
            acts, fp = m.choices(seat)
            await svc.choose(m.id, users[seat], seat, m.seat_counts[seat], fp, len(acts) - 1)
        assert m.status == "running" and m.n >= 11
        snap_n, _ = await store.latest_snapshot(m.id)
        assert 10 <= snap_n < m.n                       # a snapshot and actions after it
        dumped, n, counts = m.engine.dump(m.state), m.n, dict(m.seat_counts)
    finally:
        await svc.close()
    svc2 = MatchService(store)
    try:
        await svc2.load_all()
        r = svc2.matches[m.id]
        assert r.engine.dump(r.state) == dumped and r.n == n and r.seat_counts == counts
    finally:
        await svc2.close()


async def test_the_last_actor_is_the_seat_of_the_latest_move_not_taken_back(store):
    mid = await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                   options={}, lang="en")
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna"), SeatRow("B", 1, 4, "Ben")], {"s": 0})
    assert await store.last_actor(mid) is None
    await store.append_action(mid, 1, "A", {"a": 1})
    await store.append_action(mid, 2, "B", {"a": 2})
    assert await store.last_actor(mid) == "B"
    await store.undo_action(mid, 2)
    assert await store.last_actor(mid) == "A"
