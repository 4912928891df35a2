"""A table never hangs and the memory never runs ahead of the store: a write that fails is
refused (or retried) with nothing half done, and the AI seats move again when a match is
next loaded."""
import asyncio

import pytest

from core.service import MatchService, ServiceError
from db.store import Store

ANNA, BEN, CARA = 101, 102, 103


class FailingWrites:
    """Makes the store's action writes fail (disk full, locked database …) while on."""

    def __init__(self, store, monkeypatch, *, after: int = 0):
        self.on, self.after, self.calls = True, after, 0
        real = store.append_action

        async def append_action(*a, **kw):
            self.calls += 1
            if self.on and self.calls > self.after:
                raise OSError("disk full")
            return await real(*a, **kw)
        monkeypatch.setattr(store, "append_action", append_action)


async def table_with_ai(svc):
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna", seed=7)
    await svc.add_ai(m.id, ANNA)
    await svc.start(m.id, ANNA)
    await svc.settled()             # the AI seats move in a task of their own
    return m


async def pick(svc, m, seat="A", n=0):
    acts, fp = m.choices(seat)
    steps = await svc.choose(m.id, ANNA, seat, m.seat_counts[seat], fp, n)
    await svc.settled()
    return steps


async def test_a_stored_move_is_never_reported_as_failed_when_the_ai_reply_cannot_be_saved(
        env, monkeypatch):
    store, svc, changes, _ = env
    monkeypatch.setattr("core.service.RETRY_FIRST_S", 0.01)
    m = await table_with_ai(svc)
    n0 = m.n                                                # the AI's secret pick is made
    fail = FailingWrites(store, monkeypatch, after=1)       # the human's write works, the AI's not
    steps = await pick(svc, m)
    assert [s.seat for s in steps] == ["A"]                  # accepted, not "could not be saved"
    assert m.n == n0 + 1 and await store.action_count(m.id) == m.n
    assert "B" in m.to_act()                                # the AI's reply is missing
    fail.on = False
    for _ in range(100):                                    # and is tried again
        if m.n > n0 + 1:
            break
        await asyncio.sleep(0.01)
    assert m.n > n0 + 1 and await store.action_count(m.id) == m.n
    assert changes[-1][1] == "steps"                        # and published


async def test_a_failed_human_move_changes_nothing(env, monkeypatch):
    store, svc, _, _ = env
    m = await table_with_ai(svc)
    before = (m.engine.dump(m.state), m.n, dict(m.seat_counts))
    FailingWrites(store, monkeypatch)
    with pytest.raises(ServiceError, match="could not be saved"):
        await pick(svc, m)
    assert (m.engine.dump(m.state), m.n, dict(m.seat_counts)) == before
    assert await store.action_count(m.id) == m.n


async def test_ai_seats_move_when_the_match_is_loaded_again(env):
    """The process died after a human's move was stored but before the AI seats replied:
    the next start lets them move, and the listeners hear about it."""
    store, svc, _, tmp_path = env
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna", seed=7)
    await svc.add_ai(m.id, ANNA)
    await svc.start(m.id, ANNA)
    # simulate the crash: store the human's move behind the service's back
    acts, _ = m.choices("A")
    await store.append_action(m.id, m.n + 1, "A", acts[0])
    svc2 = MatchService(store)
    heard = []

    async def listener(match, change):
        heard.append((change.kind, [s.seat for s in change.steps]))
    svc2.add_listener(listener)
    try:
        await svc2.load_all()
        await svc2.settled()
        m2 = svc2.matches[m.id]
        assert heard[0] == ("restored", [])
        assert ("steps", ["B"]) in heard or m2.to_act() == ["A"]
        assert not [s for s in m2.to_act() if m2.seat(s).is_ai]   # no AI left waiting
        assert await store.action_count(m.id) == m2.n >= 2
    finally:
        await svc2.close()


async def test_an_ai_that_fails_does_not_stop_the_table(env, monkeypatch):
    store, svc, _, _ = env
    import engines

    class Broken:
        def choose(self, *a):
            raise RuntimeError("bug in the AI")
    monkeypatch.setattr(engines, "ai", lambda game: Broken())
    m = await table_with_ai(svc)
    await pick(svc, m)
    assert not [s for s in m.to_act() if m.seat(s).is_ai]


async def test_lobby_changes_reach_memory_only_once_stored(env, monkeypatch):
    store, svc, _, _ = env
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna", seed=7)
    await svc.join(m.id, BEN, "Ben")
    seats = [(s.seat, s.user_id) for s in m.seats]

    async def broken(*a, **kw):
        raise OSError("database is locked")
    monkeypatch.setattr(store, "set_seats", broken)
    monkeypatch.setattr(store, "update_match", broken)
    for call in (svc.join(m.id, CARA, "Cara"), svc.leave(m.id, BEN), svc.add_ai(m.id, ANNA),
                 svc.leave(m.id, ANNA), svc.abort(m.id, ANNA)):
        with pytest.raises(OSError):
            await call
        assert [(s.seat, s.user_id) for s in m.seats] == seats
        assert m.host_id == ANNA and m.status == "lobby" and m.id in svc.matches


async def test_store_writes_roll_back_on_failure(env):
    """update_match, create_match and set_seat_message leave nothing behind when they fail:
    no open transaction that a later commit would carry along, no half-created table."""
    import sqlite3
    from db.store import SeatRow
    store, svc, _, _ = env
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna", seed=7)
    with pytest.raises(sqlite3.IntegrityError):
        await store.update_match(m.id, channel_id=None)
    assert not store.conn.in_transaction
    with pytest.raises(sqlite3.IntegrityError):
        await store.set_seat_message(m.id, "A", "panel", None, 5)
    assert not store.conn.in_transaction
    with pytest.raises(sqlite3.IntegrityError):   # the second seat breaks the schema
        await store.create_match(game="toy", guild_id=1, channel_id=2, host_id=3, seed=1,
                                 options={}, lang="en",
                                 seats=[SeatRow("A", 0, 3, "Cara"), SeatRow("A", 1, 4, "Dan")])
    assert not store.conn.in_transaction
    await store.update_match(m.id, thread_id=5)   # a later commit carries nothing along
    assert [r.id for r in await store.matches(("lobby",))] == [m.id]
    assert (await store.get_match(m.id)).thread_id == 5
    assert await store.seat_messages(m.id, "panel") == {}


async def test_play_again_only_after_the_end_and_once(env):
    store, svc, _, _ = env
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna", seed=7)
    await svc.join(m.id, BEN, "Ben")
    with pytest.raises(ServiceError, match="only for finished"):
        await svc.rematch(m.id, ANNA, "Anna", None)
    await svc.start(m.id, ANNA)
    while m.status == "running":
        seat = m.to_act()[0]
        acts, fp = m.choices(seat)
        await svc.choose(m.id, ANNA if seat == "A" else BEN, seat, m.seat_counts[seat], fp, 0)
    with pytest.raises(ServiceError, match="Only the players"):
        await svc.rematch(m.id, CARA, "Cara", None)
    again = await svc.rematch(m.id, BEN, "Ben", None)
    assert [(s.seat, s.user_id) for s in again.seats] == [("A", BEN), ("B", ANNA)]
    with pytest.raises(ServiceError, match="already open: table #%d" % again.id):
        await svc.rematch(m.id, ANNA, "Anna", None)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_timers_go_on_after_a_restart_with_the_time_that_was_left(env, monkeypatch):
    """Issue: a restart used to give every waiting player a fresh full period. Deadlines
    are stored; a new process resumes each timer with what was left, and a new decision
    gets a new period."""
    from tests import toy
    store, _, _, _ = env
    monkeypatch.setattr(toy.ToyEngine, "decision_timer",
                        lambda self, st, seat: (30.0, {"type": "bank"}) if st["phase"] == "choose" else None,
                        raising=False)
    clock = Clock(1000.0)
    svc = MatchService(store, clock=clock)
    m = await svc.open_table("toy", guild_id=1, channel_id=5, host_id=ANNA, host_name="Anna",
                             table={"timer": 600})
    await svc.join(m.id, BEN, "Ben")
    await svc.start(m.id, ANNA)
    assert svc.deadline(m.id, "A") == svc.deadline(m.id, "B") == 1600.0
    clock.now = 1100.0
    await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 3})
    assert svc.deadline(m.id, "A") is None and svc.deadline(m.id, "B") == 1600.0
    await svc.close()                           # the process stops …
    clock.now = 1400.0
    svc2 = MatchService(store, clock=clock)     # … and a new one starts 300 s later
    try:
        await svc2.load_all()
        assert svc2.deadline(m.id, "B") == 1600.0       # 200 s left, not a fresh 600
        await svc2.act(m.id, BEN, "B", {"type": "pick", "n": 1})
        m2 = svc2.matches[m.id]
        assert m2.to_act() == ["A"]                      # A decides: a new decision, new timers
        assert svc2.deadline(m.id, "A") == 2000.0
        assert svc2.deadline(m.id, "A", "rule") == 1430.0
        clock.now = 1420.0
    finally:
        await svc2.close()
    svc3 = MatchService(store, clock=clock)
    try:
        await svc3.load_all()
        assert svc3.deadline(m.id, "A", "rule") == 1430.0     # the rules' limit too
    finally:
        await svc3.close()


async def test_a_paused_game_stays_paused_after_a_restart(env):
    store, svc, _, _ = env
    m = await svc.open_table("toy", guild_id=1, channel_id=6, host_id=ANNA, host_name="Anna",
                             table={"timer": 60, "on_timeout": "pause"})
    await svc.join(m.id, BEN, "Ben")
    await svc.start(m.id, ANNA)
    await svc.timeout(m.id, "A")
    assert m.paused
    svc2 = MatchService(store)
    try:
        await svc2.load_all()
        assert svc2.matches[m.id].paused and svc2.deadline(m.id, "A") is None
        await svc2.resume(m.id, BEN)
        assert not svc2.matches[m.id].paused and svc2.deadline(m.id, "A") is not None
    finally:
        await svc2.close()


@pytest.mark.parametrize("fault", [OSError(28, "No space left on device"),
                                   __import__("sqlite3").OperationalError("database is locked")])
async def test_a_store_fault_refuses_the_move_and_is_logged_once(env, monkeypatch, caplog, fault):
    """Disk full, or the database locked beyond the busy timeout: the player is told the move
    was not saved, nothing changes in memory, and the log says so once, with the match."""
    store, svc, _, _ = env
    m = await table_with_ai(svc)
    before = (m.engine.dump(m.state), m.n, dict(m.seat_counts))

    async def broken(*a, **kw):
        raise fault
    monkeypatch.setattr(store, "append_action", broken)
    caplog.clear()
    with pytest.raises(ServiceError, match="could not be saved"):
        await pick(svc, m)
    assert (m.engine.dump(m.state), m.n, dict(m.seat_counts)) == before
    logged = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(logged) == 1 and f"match {m.id}" in logged[0].getMessage()


async def test_a_corrupt_row_leaves_its_match_in_the_store_and_the_others_play_on(env, caplog):
    store, svc, _, tmp_path = env
    a = await table_with_ai(svc)
    b = await table_with_ai(svc)
    await store.conn.execute("UPDATE snapshots SET state='{not json' WHERE match_id=?", (a.id,))
    await store.conn.commit()
    svc2 = MatchService(store)
    caplog.clear()
    try:
        await svc2.load_all()
        assert a.id not in svc2.matches and b.id in svc2.matches
        logged = [r for r in caplog.records if r.levelname == "ERROR"]
        assert len(logged) == 1 and f"match {a.id}" in logged[0].getMessage()
        assert (await store.get_match(a.id)).status == "running"      # untouched, for a fix
        with pytest.raises(ServiceError, match="saved game is damaged"):   # see test_broken_matches
            await svc2.choose(a.id, ANNA, "A", 0, "x", 0)
    finally:
        await svc2.close()


async def test_a_deadline_that_could_not_be_stored_is_armed_again(env, monkeypatch):
    """A timer fires through its stored deadline (so that one process fires it once): when
    storing it fails, the timer is armed again later instead of never firing."""
    store, svc, changes, _ = env
    monkeypatch.setattr("core.service.RETRY_FIRST_S", 0.01)
    real = store.set_deadline
    failures = []

    async def set_deadline(*a, **kw):
        if not failures:
            failures.append(a)
            raise OSError("disk full")
        return await real(*a, **kw)
    monkeypatch.setattr(store, "set_deadline", set_deadline)
    m = await svc.open_table("toy", guild_id=1, channel_id=5, host_id=ANNA, host_name="Anna",
                             table={"timer": 60})
    await svc.join(m.id, BEN, "Ben")
    m.table["timer"] = 0.1          # a fraction of a second (the option itself allows minutes)
    await svc.start(m.id, ANNA)
    assert failures
    for _ in range(300):
        if m.seat_counts.get("A") and m.seat_counts.get("B"):
            break
        await asyncio.sleep(0.01)
    assert m.seat_counts["A"] == m.seat_counts["B"] == 1      # both timed out, both moved for
    assert [by_ai for _, _, _, by_ai in await store.actions(m.id)][:2] == [True, True]
