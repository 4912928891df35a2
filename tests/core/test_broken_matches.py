"""A match whose saved game cannot be loaded (a damaged snapshot or action row) is a state of
its own after a restart: every use of it says that its saved game is damaged and how to close
it, its host (or a server manager) can close it, the error is logged once with its cause, and
the other tables go on."""
import logging

import pytest

from core.service import BrokenMatch, MatchService, ServiceError
from db.store import Store

ANNA, BEN, CARA, DORA = 101, 102, 103, 104
DAMAGED = "saved game is damaged and cannot go on"


async def two_tables(svc):
    """A running toy table of Anna and Ben (channel 50), one move made, and another of Cara
    and Dora (channel 60)."""
    tables = []
    for host, guest, channel in ((ANNA, BEN, 50), (CARA, DORA, 60)):
        m = await svc.open_table("toy", guild_id=1, channel_id=channel, host_id=host,
                                 host_name=str(host), seed=7)
        await svc.join(m.id, guest, str(guest))
        await svc.start(m.id, host)
        await svc.act(m.id, host, "A", {"type": "pick", "n": 3})
        tables.append(m)
    return tables


async def damage_snapshot(store, match_id, text="{not json"):
    async with store._transaction() as tx:
        await tx.execute("UPDATE snapshots SET state=? WHERE match_id=?", (text, match_id))


async def damage_action(store, match_id, text):
    async with store._transaction() as tx:
        await tx.execute("UPDATE actions SET action=? WHERE match_id=? AND n=1", (text, match_id))


DAMAGES = {
    "snapshot that is not JSON": lambda store, mid: damage_snapshot(store, mid),
    "snapshot that does not replay": lambda store, mid: damage_snapshot(store, mid, '{"seats": 3}'),
    "action that is not JSON": lambda store, mid: damage_action(store, mid, '{"type": "pi'),
    "action that is not legal": lambda store, mid: damage_action(store, mid, '{"type": "pick", "n": 9}'),
}


def damage_logged(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("damage", list(DAMAGES))
async def test_a_damaged_match_says_so_can_be_closed_and_the_others_go_on(env, caplog, damage):
    store, svc, _, _ = env
    broken, other = await two_tables(svc)
    await DAMAGES[damage](store, broken.id)

    svc2 = MatchService(store)                 # the restart
    heard = []

    async def listener(match, change):
        heard.append((match.id, change.kind))
    svc2.add_listener(listener)
    caplog.set_level(logging.INFO)
    try:
        loaded = await svc2.load_all()
        assert [m.id for m in loaded] == [other.id]
        # every use of it says what is wrong and what can be done
        uses = [lambda: svc2.open(broken.id), lambda: svc2.peek(broken.id),
                lambda: svc2.current(broken.id), lambda: svc2.find(50),
                lambda: svc2.act(broken.id, BEN, "B", {"type": "pick", "n": 1}),
                lambda: svc2.choose(broken.id, BEN, "B", 0, "0", 0),
                lambda: svc2.undo(broken.id, ANNA, "A"), lambda: svc2.resume(broken.id, ANNA),
                lambda: svc2.join(broken.id, 999, "Eve")]
        for use in uses * 2:
            with pytest.raises(BrokenMatch) as e:
                await use()
            assert DAMAGED in str(e.value) and "/table abort" in str(e.value)
            assert f"#{broken.id}" in str(e.value)
            assert e.value.match.id == broken.id and e.value.match.broken
        await svc2._fire_due_timers()
        await svc2._send_unsent_panels()
        # logged once, with its cause
        errors = damage_logged(caplog)
        assert len(errors) == 1, [r.getMessage() for r in errors]
        assert f"match {broken.id}" in errors[0].getMessage() and errors[0].exc_info
        # the other table plays on
        await svc2.act(other.id, DORA, "B", {"type": "pick", "n": 1})
        assert svc2.matches[other.id].n == 2
        # only its host (or a server manager) closes it
        with pytest.raises(ServiceError, match="Only the host"):
            await svc2.abort(broken.id, BEN)
        closed = await svc2.abort(broken.id, ANNA)
        assert closed.status == "aborted" and (broken.id, "aborted") in heard
        assert (await store.get_match(broken.id)).status == "aborted"
        assert await store.open_tables() == [(other.id, 1)]
        with pytest.raises(ServiceError, match="no longer exists") as e:
            await svc2.open(broken.id)
        assert not isinstance(e.value, BrokenMatch)
        assert await svc2.find(50) is None
        assert len(damage_logged(caplog)) == 1
    finally:
        await svc2.close()


async def test_a_server_manager_closes_a_damaged_match_loaded_by_nothing_else(env, caplog):
    """The abort is the first use of the match since the restart."""
    store, svc, _, _ = env
    broken, _ = await two_tables(svc)
    await damage_snapshot(store, broken.id)
    svc2 = MatchService(store)
    try:
        await svc2.abort(broken.id, CARA, is_admin=True)
        assert (await store.get_match(broken.id)).status == "aborted"
        assert len(damage_logged(caplog)) == 1
    finally:
        await svc2.close()


async def test_a_match_closed_by_another_process_is_gone_not_broken(env):
    store, svc, _, _ = env
    broken, _ = await two_tables(svc)
    await damage_snapshot(store, broken.id)
    svc2 = MatchService(store)
    try:
        with pytest.raises(BrokenMatch):
            await svc2.open(broken.id)
        await store.update_match(broken.id, status="aborted")      # another process closed it
        with pytest.raises(ServiceError, match="no longer exists"):
            await svc2.open(broken.id)
        assert broken.id not in svc2.broken
    finally:
        await svc2.close()


async def test_a_store_that_fails_while_loading_does_not_make_a_match_broken(env, monkeypatch):
    """A read that fails (a locked or unreachable database) is the store's failure, not the
    match's: the next use loads it."""
    store, svc, _, _ = env
    m, _ = await two_tables(svc)
    svc2 = MatchService(store)
    real = store.actions

    async def failing(*a, **kw):
        raise OSError("I/O error")
    monkeypatch.setattr(store, "actions", failing)
    try:
        with pytest.raises(OSError):
            await svc2.open(m.id)
        assert not svc2.broken
        monkeypatch.setattr(store, "actions", real)
        assert (await svc2.open(m.id)).n == 1
    finally:
        await svc2.close()


async def test_a_match_that_cannot_be_reloaded_while_loaded_becomes_broken(env, caplog):
    """Another process stored something this one cannot replay: the match it had loaded
    becomes broken, once."""
    store, svc, _, _ = env
    m, other = await two_tables(svc)
    await store.append_action(m.id, 2, "B", {"type": "nonsense"})     # behind its back
    with pytest.raises(BrokenMatch):
        await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 1})
    with pytest.raises(BrokenMatch):
        await svc.current(m.id)
    assert m.id not in svc.matches and m.id in svc.broken
    assert len(damage_logged(caplog)) == 1
    await svc.abort(m.id, ANNA)
    assert (await store.get_match(m.id)).status == "aborted"


async def test_a_closed_store_does_not_make_a_match_broken(env):
    """(Shutting down: a click that comes as the store closes.)"""
    store, svc, _, tmp_path = env
    m, _ = await two_tables(svc)
    closed = await Store.open(tmp_path / "t.db")
    await closed.close()
    svc2 = MatchService(closed)
    with pytest.raises(ValueError):
        await svc2.open(m.id)
    assert not svc2.broken
