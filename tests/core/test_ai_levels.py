"""AI seats have a level, chosen in the lobby and kept in the store; a searching level thinks
in the service's AI pool, from the seat's ``ai_view`` only."""
from __future__ import annotations

import threading

import pytest

from core.service import MatchService, ServiceError
from engines import players, search

ANNA = 101


async def test_the_level_of_an_ai_seat_is_stored_and_kept_after_a_restart(env):
    store, svc, _, _ = env
    m = await svc.open_table("libertalia", guild_id=1, channel_id=50, host_id=ANNA,
                             host_name="Anna", seed=3)
    await svc.add_ai(m.id, ANNA, "hard")
    await svc.add_ai(m.id, ANNA)
    assert [(s.name, s.ai_level) for s in m.seats if s.is_ai] == [("AI 1", "hard"), ("AI 2", "easy")]
    stored = await store.get_match(m.id)
    assert [s.ai_level for s in stored.seats] == [None, "hard", "easy"]
    with pytest.raises(ServiceError, match="no AI level"):
        await svc.add_ai(m.id, ANNA, "grandmaster")
    assert len(m.seats) == 3                    # the refused one changed nothing
    svc2 = MatchService(store)
    await svc2.load_all()
    assert [s.ai_level for s in svc2.get(m.id).seats] == [None, "hard", "easy"]
    await svc2.close()


async def test_a_searching_ai_thinks_off_the_event_loop_from_its_view(env, monkeypatch):
    _, svc, _, _ = env
    monkeypatch.setitem(search.LEVELS, "normal", search.Level("normal", 2, 2, 2))
    calls = []
    real = players.choose_from_view

    def spy(game, view, seat, level, seed):
        calls.append((game, seat, level, threading.current_thread() is threading.main_thread(),
                      sorted(view)))
        return real(game, view, seat, level, seed)
    monkeypatch.setattr(players, "choose_from_view", spy)
    m = await svc.open_table("libertalia", guild_id=1, channel_id=50, host_id=ANNA,
                             host_name="Anna", seed=3)
    await svc.add_ai(m.id, ANNA, "normal")
    await svc.start(m.id, ANNA)
    # Anna picks; then the AI seat (B) must pick, through the search, in a worker thread
    live = svc.get(m.id)
    _, fp = live.choices("A")
    await svc.choose(m.id, ANNA, "A", live.seat_counts.get("A", 0), fp, 0)
    await svc.settled()             # the AI seats move in a task of their own
    assert calls, "the normal AI did not search"
    game, ai_seat, level, on_loop, keys = calls[0]
    assert (game, ai_seat, level, on_loop) == ("libertalia", "B", "normal", False)
    assert "you" in keys and "seed" not in keys          # a view, not the state
