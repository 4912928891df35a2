"""The store methods that let several bot processes share one database (migration 008), on
SQLite and PostgreSQL: the version a cached match is checked against, finding tables by
channel, the advisory-locked log with its undo check, the board claim, and stored timers that
fire once (``claim_timer``: on PostgreSQL a row lock that other connections skip)."""
import asyncio

import pytest

from db import open_store
from db.store import ActionConflict, MatchVersion, SeatRow


async def _running(store, *, guild=1, channel=2, thread=None) -> int:
    mid = await store.create_match(game="toy", guild_id=guild, channel_id=channel, host_id=3,
                                   seed=1, options={}, lang="en", thread_id=thread)
    await store.start_match(mid, [SeatRow("A", 0, 3, "Anna"), SeatRow("B", 1, 4, "Bob")], {"s": 0})
    return mid


async def test_match_version_follows_moves_undos_pauses_and_the_end(store):
    mid = await _running(store)
    assert await store.match_version(mid) == MatchVersion("running", False, 0, 0)
    await store.append_action(mid, 1, "A", {"a": 1})
    await store.append_action(mid, 2, "A", {"a": 2})
    await store.undo_action(mid, 2)
    v = await store.match_version(mid)
    assert (v.n, v.undone, v.stamp) == (2, 1, 3)
    await store.update_match(mid, paused=True)
    assert (await store.match_version(mid)).paused is True
    await store.append_action(mid, 3, "B", {"b": 1}, finished={"scores": {}})
    assert (await store.match_version(mid)).status == "finished"
    assert await store.match_version(mid + 1000) is None


async def test_an_append_is_refused_when_another_writer_took_a_move_back(store):
    mid = await _running(store)
    await store.append_action(mid, 1, "A", {"a": 1}, undone=0)
    await store.undo_action(mid, 1)
    with pytest.raises(ActionConflict):                  # this writer had not seen the Back
        await store.append_action(mid, 2, "B", {"b": 1}, undone=0)
    assert await store.actions(mid) == []
    await store.append_action(mid, 2, "B", {"b": 1}, undone=1)
    assert [a[0] for a in await store.actions(mid)] == [2]


async def test_find_table_prefers_the_thread_then_a_table_without_one(store):
    channel = 50
    older = await _running(store, channel=channel, thread=None)
    threaded = await _running(store, channel=channel, thread=60)
    assert await store.find_table(60) == threaded
    assert await store.find_table(channel) == older          # the one playing in the channel
    await store.update_match(older, status="finished")
    assert await store.find_table(channel) == threaded      # else the newest in the channel
    assert await store.find_table(channel, ("lobby",)) is None
    assert await store.find_table(999) is None
    assert [m for m, _ in await store.open_tables()] == [threaded]


async def test_claim_board_lets_only_newer_or_equal_drawings_through(store):
    mid = await _running(store)
    assert await store.claim_board(mid, 5)
    assert await store.claim_board(mid, 5)          # the same state drawn again: harmless
    assert not await store.claim_board(mid, 4)      # older than what is shown
    assert await store.claim_board(mid, 7)


async def test_due_timers_and_a_claim_fires_once(store):
    mid = await _running(store)
    other = await _running(store)
    await store.set_deadline(mid, "A", "turn", 3, 100.0)
    await store.set_deadline(mid, "B", "rule", 1, 300.0)
    await store.set_deadline(other, "A", "turn", 0, 50.0)
    await store.update_match(other, paused=True)             # a paused table's timers wait
    assert await store.due_timers(200.0) == [(mid, "A", "turn", 3)]
    async with store.claim_timer(mid, "A", "turn", 2) as mine:   # an older decision: nothing
        assert not mine
    async with store.claim_timer(mid, "A", "turn", 3) as mine:
        assert mine
        async with store.claim_timer(mid, "A", "turn", 3) as again:
            assert not again                                 # held: nobody else fires it
    assert await store.due_timers(200.0) == []               # fired: deleted
    with pytest.raises(RuntimeError):
        async with store.claim_timer(mid, "B", "rule", 1) as mine:
            assert mine
            raise RuntimeError("the move could not be made")
    assert await store.due_timers(400.0) == [(mid, "B", "rule", 1)]   # still due: fired again later


async def test_a_reminder_is_claimed_once_per_decision(store):
    mid = await _running(store)
    await store.set_deadline(mid, "A", "turn", 1, 100.0)
    assert await store.claim_reminder(mid, "A", 1)
    assert not await store.claim_reminder(mid, "A", 1)
    assert not await store.claim_reminder(mid, "A", 0)
    await store.set_deadline(mid, "A", "turn", 2, 200.0)     # the next decision: a new reminder
    assert await store.claim_reminder(mid, "A", 2)


async def test_two_processes_claim_a_due_timer_exactly_once(store_url):
    """Two stores (two processes) race for the same due timers; while one fires a timer the
    other passes it by (PostgreSQL: FOR UPDATE SKIP LOCKED), and each fires exactly once."""
    if store_url.startswith("sqlite"):
        pytest.skip("SQLite serves one process; its claims are per store (tested above)")
    a, b = await open_store(store_url), await open_store(store_url)
    try:
        mids = [await _running(a) for _ in range(6)]
        for mid in mids:
            await a.set_deadline(mid, "A", "turn", 0, 10.0)
        fired: list[tuple[str, int]] = []

        async def sweep(store, name):
            for mid, seat, kind, count in await store.due_timers(20.0):
                async with store.claim_timer(mid, seat, kind, count) as mine:
                    if mine:
                        fired.append((name, mid))
                        await asyncio.sleep(0.05)        # the move takes a while
        await asyncio.gather(sweep(a, "a"), sweep(b, "b"))
        assert sorted(mid for _, mid in fired) == mids, fired
        assert await a.due_timers(20.0) == []
    finally:
        await a.close()
        await b.close()


async def test_processes_report_their_demand_and_silent_ones_drop_out(store):
    await store.report_demand("a:1", 30.0, 1000.0)
    await store.report_demand("b:2", 2.0, 1000.5)
    await store.report_demand("a:1", 35.0, 1001.0)            # the newest report counts
    assert await store.demands(since=998.0) == {"a:1": 35.0, "b:2": 2.0}
    assert await store.demands(since=1000.8) == {"a:1": 35.0}   # b has been silent since
    await store.report_demand("a:1", 1.0, 1100.0)             # a minute on: b's row is gone
    assert await store.demands(since=0.0) == {"a:1": 1.0}


async def test_a_decision_panel_is_claimed_once(store):
    mid = await _running(store)
    assert await store.claim_offer(mid, "A", "3:ab")
    assert not await store.claim_offer(mid, "A", "3:ab")      # another process: not again
    assert await store.claim_offer(mid, "B", "3:ab")          # another seat
    assert await store.claim_offer(mid, "A", "4:cd")          # the seat's next decision
    assert await store.seat_panels(mid, "panel") == {}        # the DM panels are apart
    # reading the same decision out at the table is claimed on its own, once
    assert await store.claim_offer(mid, "A", "4:cd", "table_offer")
    assert not await store.claim_offer(mid, "A", "4:cd", "table_offer")


async def test_a_panel_claim_a_dead_process_never_settled_is_taken_over_once(store):
    mid = await _running(store)
    ended = await _running(store, channel=5)
    assert await store.claim_offer(mid, "A", "3:ab", at=100.0)        # then its process dies
    assert await store.claim_offer(mid, "B", "3:ab", at=100.0)
    await store.offer_settled(mid, "B", "3:ab")                        # B's was sent
    assert await store.claim_offer(mid, "A", "3:ab", "table_offer", at=130.0)
    assert await store.claim_offer(ended, "A", "1:x", at=90.0)
    await store.append_action(ended, 1, "A", {"a": 1}, finished={"scores": {}})
    assert await store.claim_offer(mid, "B", "9:zz")                   # no time: never stale
    assert await store.stale_offers(before=120.0) == [(mid, "A", "offer", "3:ab")]
    # still fresh: nobody takes it over; stale: one process does, and then it is fresh again
    assert not await store.claim_offer(mid, "A", "3:ab", at=150.0, stale_before=90.0)
    assert await store.claim_offer(mid, "A", "3:ab", at=170.0, stale_before=110.0)
    assert not await store.claim_offer(mid, "A", "3:ab", at=170.0, stale_before=110.0)
    assert await store.stale_offers(before=160.0) == [(mid, "A", "table_offer", "3:ab")]
    # settling a claim of an older decision leaves the seat's newer one
    assert await store.claim_offer(mid, "A", "4:cd", at=200.0)
    await store.offer_settled(mid, "A", "3:ab")
    assert await store.stale_offers(before=250.0) == [(mid, "A", "table_offer", "3:ab"),
                                                      (mid, "A", "offer", "4:cd")]
    await store.offer_settled(mid, "A", "4:cd")
    await store.offer_settled(mid, "A", "3:ab", "table_offer")
    assert await store.stale_offers(before=1e12) == []
