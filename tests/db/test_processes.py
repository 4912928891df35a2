"""Several processes on one store (core.service with db's stores, on SQLite and on
PostgreSQL): each process is a MatchService with its own connection. A process sees another's
moves before it changes a match, a race for one decision has one winner and the loser is
told its button is stale, timers fire once whoever has them armed, the timers of a process
that died are fired by a survivor, and start-up serves at once and loads its own shards."""
import asyncio
import time

import pytest

import core.service as service_mod
from core.service import MatchService, ServiceError
from db import open_store

ANNA, BEN = 101, 102
GUILD_ON_SHARD_0, GUILD_ON_SHARD_1 = 0 << 22, 1 << 22      # (guild_id >> 22) % 2


class Process:
    """One bot process: its own store connection and service, recording what it publishes."""

    def __init__(self, store, svc):
        self.store, self.svc, self.changes = store, svc, []
        svc.add_listener(self._heard)

    async def _heard(self, match, change):
        self.changes.append((match.id, change.kind, [(s.n, s.seat, s.by_timer) for s in change.steps]))

    @classmethod
    async def start(cls, url, **kwargs):
        store = await open_store(url)
        return cls(store, MatchService(store, **kwargs))

    async def stop(self):
        await self.svc.close()
        await self.store.close()


@pytest.fixture
async def two(store_url):
    a, b = await Process.start(store_url), await Process.start(store_url)
    yield a, b
    await a.stop()
    await b.stop()


async def _table(svc, *, guild=GUILD_ON_SHARD_0, channel=50, table=None, timer_s=None):
    m = await svc.open_table("toy", guild_id=guild, channel_id=channel, host_id=ANNA,
                             host_name="Anna", seed=7, table=table)
    await svc.join(m.id, BEN, "Ben")
    if timer_s is not None:
        # a timer of a fraction of a second (the option itself only allows minutes)
        m.table["timer"] = timer_s
        await svc.store.update_match(m.id, options={"engine": m.options, "table": m.table})
    await svc.start(m.id, ANNA)
    return m


async def test_a_process_sees_the_other_ones_moves_before_it_moves(two):
    a, b = two
    ma = await _table(a.svc)
    mb = await b.svc.open(ma.id)
    await a.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 3})     # b's copy is now behind
    assert mb.n == 0
    await b.svc.act(ma.id, BEN, "B", {"type": "pick", "n": 1})      # b reloads, then moves
    assert mb.n == 2 and mb.state["last"] == {"A": 3, "B": 1}
    assert (ma.id, "restored", []) in b.changes
    acts, fp = mb.choices("A")                                      # Anna chooses, in a
    assert ma.n == 1
    await a.svc.choose(ma.id, ANNA, "A", 1, fp, acts.index({"type": "bank"}))
    assert ma.n == 3 and ma.state["score"]["A"] == 3
    stored = await a.store.actions(ma.id)
    assert [(n, seat) for n, seat, _, _ in stored] == [(1, "A"), (2, "B"), (3, "A")]


async def test_a_race_for_one_decision_has_one_winner_and_the_loser_is_told(two):
    a, b = two
    ma = await _table(a.svc)
    mb = await b.svc.open(ma.id)
    results = await asyncio.gather(a.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 3}),
                                   b.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 1}),
                                   return_exceptions=True)
    won = [r for r in results if not isinstance(r, BaseException)]
    lost = [r for r in results if isinstance(r, BaseException)]
    assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], ServiceError), results
    assert ("out of date" in str(lost[0])) or ("not your turn" in str(lost[0]))
    stored = await a.store.actions(ma.id)
    assert len(stored) == 1
    loser = mb if results[0] is won[0] else ma
    assert loser.n == 1 and loser.state["picks"] == {"A": stored[0][2]["n"]}   # it took the winner's


async def test_a_timer_armed_in_two_processes_moves_once(two):
    a, b = two
    ma = await _table(a.svc, timer_s=0.3)
    await a.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 3})    # Ben's timer starts again
    mb = await b.svc.open(ma.id)             # b arms the same timer
    assert mb.table["timer"] == 0.3
    assert b.svc.deadline(ma.id, "B") == a.svc.deadline(ma.id, "B") is not None
    for _ in range(300):
        if len(await a.store.actions(ma.id)) >= 3:
            break
        await asyncio.sleep(0.02)
    stored = await a.store.actions(ma.id)
    assert [(n, seat) for n, seat, _, _ in stored[:2]] == [(1, "A"), (2, "B")]
    assert stored[1][3]                      # Ben's pick: the time-out's AI move
    timed = [st for p in (a, b) for (_, kind, steps) in p.changes if kind == "steps"
             for st in steps if st[2]]
    assert timed and len(timed) == len({n for n, _, _ in timed}), "a timer move was published twice"
    reminders = [c for p in (a, b) for c in p.changes if c[1] == "reminder"]
    assert len(reminders) <= len({n for n, _, _, _ in stored}) + 1


async def test_the_timers_of_a_process_that_died_are_fired_by_another(store_url, monkeypatch):
    monkeypatch.setattr(service_mod, "SWEEP_EVERY_S", 0.05)
    monkeypatch.setattr(service_mod, "SWEEP_GRACE_S", 0.0)
    a = await Process.start(store_url)
    ma = await _table(a.svc, table={"timer": 60})
    await a.stop()                           # it dies: its timer tasks are gone, the deadlines stay
    store = await open_store(store_url)
    try:
        deadlines = await store.deadlines(ma.id)
        assert set(deadlines) == {("A", "turn"), ("B", "turn")}
        for (seat, kind), (count, _) in deadlines.items():     # ... and their time is up
            await store.set_deadline(ma.id, seat, kind, count, time.time() - 1)
    finally:
        await store.close()
    # b looks after shard 1 only: it never loads this table by itself, only its sweeper acts
    b = await Process.start(store_url, shards=(2, frozenset({1})))
    try:
        await b.svc.start_up()
        await asyncio.wait_for(b.svc.warmed.wait(), 5)
        for _ in range(300):             # stored, then published: wait for both
            if (len(await b.store.actions(ma.id)) >= 2
                    and any(kind == "steps" for _, kind, _ in b.changes)):
                break
            await asyncio.sleep(0.02)
        stored = await b.store.actions(ma.id)
        assert sorted(seat for _, seat, _, _ in stored) == ["A", "B"]
        assert all(by_ai for _, _, _, by_ai in stored)                # the time-out's AI moves
        assert any(kind == "steps" for _, kind, _ in b.changes)
        left = await b.store.deadlines(ma.id)                         # the next decision's own
        assert all(count == 1 for count, _ in left.values())
    finally:
        await b.stop()


async def test_start_up_serves_at_once_and_loads_only_its_own_shards(store_url):
    maker = await Process.start(store_url)
    mine = await _table(maker.svc, guild=GUILD_ON_SHARD_0, channel=60)
    theirs = await _table(maker.svc, guild=GUILD_ON_SHARD_1, channel=61)
    await maker.stop()
    p = await Process.start(store_url, shards=(2, frozenset({0})))
    try:
        await p.svc.start_up()
        assert p.svc.matches == {}                       # nothing rebuilt before serving
        await asyncio.wait_for(p.svc.warmed.wait(), 5)
        assert set(p.svc.matches) == {mine.id}
        # a click on the other shard's table (a DM reaches shard 0) loads it on first use
        found = await p.svc.find(61)
        assert found is not None and found.id == theirs.id and found.state is not None
        await p.svc.act(theirs.id, ANNA, "A", {"type": "pick", "n": 2})
        assert await p.store.action_count(theirs.id) == 1
        with pytest.raises(ServiceError, match="no longer exists"):
            await p.svc.open(theirs.id + 100)
    finally:
        await p.stop()


async def test_a_move_stored_between_the_check_and_the_write_loses_cleanly(two):
    """The window the version check cannot close: another process stores its move after this
    one checked. The log's unique key refuses the second write; the loser reloads."""
    a, b = two
    ma = await _table(a.svc)
    mb = await b.svc.open(ma.id)
    stale = mb.version
    real = b.store.match_version
    calls = []

    async def checked_before_the_other_wrote(mid):
        calls.append(mid)
        if len(calls) == 1:
            await a.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 3})   # lands right now
            return stale
        return await real(mid)
    b.store.match_version = checked_before_the_other_wrote
    with pytest.raises(ServiceError, match="out of date"):
        await b.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 1})
    assert [a_[2] for a_ in await b.store.actions(ma.id)] == [{"type": "pick", "n": 3}]
    assert mb.n == 1 and mb.state["picks"] == {"A": 3}              # b took the stored move
    await b.svc.act(ma.id, BEN, "B", {"type": "pick", "n": 2})      # and plays on from there
    assert await b.store.action_count(ma.id) == 2


async def test_a_language_chosen_in_one_process_is_used_by_another_that_reloads(two):
    a, b = two
    ma = await _table(a.svc)
    await b.svc.open(ma.id)
    await a.svc.set_language(BEN, "hu")                      # /table language, heard by a
    await a.svc.act(ma.id, ANNA, "A", {"type": "pick", "n": 3})
    await b.svc.act(ma.id, BEN, "B", {"type": "pick", "n": 1})   # b reloads the match...
    assert b.svc.languages.get(BEN) == "hu"                  # ... and its players' languages
    await a.svc.set_language(BEN, None)
    await a.svc.act(ma.id, ANNA, "A", {"type": "bank"})
    await b.svc.current(ma.id)
    assert BEN not in b.svc.languages
