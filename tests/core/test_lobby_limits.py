"""How many tables may wait to start: at most MAX_LOBBIES_PER_USER hosted by one user (3),
and MAX_LOBBIES_PER_CHANNEL in one channel (10); a refusal says the limit and what to do."""
from __future__ import annotations

import pytest

from core.i18n import tr
from core.service import MatchService, ServiceError, lobby_limits

ANNA = 101


async def lobby(svc, host, channel=50):
    return await svc.open_table("toy", guild_id=1, channel_id=channel, host_id=host,
                                host_name=f"P{host}")


def test_limits_come_from_the_environment():
    assert lobby_limits({}) == (3, 10)
    assert lobby_limits({"MAX_LOBBIES_PER_USER": "5", "MAX_LOBBIES_PER_CHANNEL": "0"}) == (5, 0)
    assert lobby_limits({"MAX_LOBBIES_PER_USER": "lots", "MAX_LOBBIES_PER_CHANNEL": " "}) == (3, 10)
    assert lobby_limits({"MAX_LOBBIES_PER_USER": "-2"}) == (0, 10)


async def test_a_user_hosts_at_most_three_lobbies_in_all_channels(env):
    store, svc, _, _ = env
    first = [await lobby(svc, ANNA, channel) for channel in (50, 51, 52)]
    with pytest.raises(ServiceError) as refused:
        await lobby(svc, ANNA, 53)
    text = tr(refused.value.text)
    assert "You already host 3 tables that have not started" in text
    assert f"#{first[0].id}, #{first[1].id}, #{first[2].id}" in text
    assert "press Leave on its lobby" in text and "/table abort" in text
    assert "Már 3 még el nem indult asztalnál" in tr(refused.value.text, "hu")
    assert "/τραπέζι κλείσιμο" in tr(refused.value.text, "el")
    assert len(await store.lobbies(host_id=ANNA)) == 3            # nothing was opened
    # a table that started is no lobby any more; one its host left is closed
    await svc.add_ai(first[0].id, ANNA)
    await svc.start(first[0].id, ANNA)
    await svc.leave(first[1].id, ANNA)
    await lobby(svc, ANNA, 53)
    await lobby(svc, ANNA, 54)
    with pytest.raises(ServiceError, match="already host 3 tables"):
        await lobby(svc, ANNA, 55)


async def test_a_channel_holds_at_most_ten_lobbies(env):
    store, svc, _, _ = env
    for host in range(1, 11):
        await lobby(svc, host)
    with pytest.raises(ServiceError) as refused:
        await lobby(svc, 99)
    assert "This channel already has 10 tables that have not started" in tr(refused.value.text)
    assert "/table abort" in tr(refused.value.text)
    await lobby(svc, 99, channel=51)                              # another channel is free
    assert len(await store.lobbies(channel_id=50)) == 10


async def test_limits_can_be_set_and_turned_off(tmp_path, monkeypatch):
    from db.store import Store
    monkeypatch.setenv("MAX_LOBBIES_PER_USER", "1")
    monkeypatch.setenv("MAX_LOBBIES_PER_CHANNEL", "0")
    store = await Store.open(tmp_path / "limits.db")
    svc = MatchService(store)
    try:
        await lobby(svc, ANNA)
        with pytest.raises(ServiceError) as refused:
            await lobby(svc, ANNA)
        assert "You already host 1 table that has not started" in tr(refused.value.text)
        assert "Start it, or close it" in tr(refused.value.text)
        for host in range(1, 16):                                  # no limit per channel
            await lobby(svc, host)
    finally:
        await svc.close()
        await store.close()
