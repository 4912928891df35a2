import asyncio

import pytest

import engines
from core.service import MatchService, ServiceError
from engines.base import IllegalAction, Outcome, T
from tests import toy
from db.store import Store

ANNA, BEN, CARA, EVE = 101, 102, 103, 999


async def two_player_table(svc, ai=False):
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna",
                             seed=7)
    if ai:
        await svc.add_ai(m.id, ANNA)
    else:
        await svc.join(m.id, BEN, "Ben")
    return m


async def test_lobby_rules(env):
    store, svc, changes, _ = env
    m = await two_player_table(svc)
    assert [s.seat for s in m.seats] == ["A", "B"]
    with pytest.raises(ServiceError, match="already seated"):
        await svc.join(m.id, BEN, "Ben")
    with pytest.raises(ServiceError, match="Only the host"):
        await svc.start(m.id, BEN)
    await svc.join(m.id, CARA, "Cara")
    await svc.add_ai(m.id, CARA)
    with pytest.raises(ServiceError, match="full"):
        await svc.join(m.id, EVE, "Eve")
    with pytest.raises(ServiceError, match="Only seated"):
        await svc.remove_ai(m.id, EVE)
    await svc.remove_ai(m.id, CARA)
    await svc.leave(m.id, BEN)
    assert [(s.seat, s.name) for s in m.seats] == [("A", "Anna"), ("B", "Cara")]
    stored = await store.get_match(m.id)
    assert [(s.seat, s.name) for s in stored.seats] == [("A", "Anna"), ("B", "Cara")]
    # host leaves: the next human hosts
    await svc.leave(m.id, ANNA)
    assert m.host_id == CARA
    await svc.leave(m.id, CARA)
    assert m.status == "aborted" and m.id not in svc.matches


async def test_bad_options_are_refused_with_a_message(env):
    _, svc, _, _ = env
    with pytest.raises(ServiceError, match="Unknown option"):
        await svc.open_table("toy", guild_id=1, channel_id=1, host_id=ANNA, host_name="A",
                             options={"bogus": 1})
    with pytest.raises(ServiceError, match="cannot be"):
        await svc.open_table("toy", guild_id=1, channel_id=1, host_id=ANNA, host_name="A",
                             options={"rounds": 99})
    with pytest.raises(ServiceError, match="cannot be"):
        await svc.open_table("toy", guild_id=1, channel_id=1, host_id=ANNA, host_name="A",
                             table={"timer": 7})


async def test_start_needs_enough_players(env):
    _, svc, _, _ = env
    m = await svc.open_table("toy", guild_id=1, channel_id=50, host_id=ANNA, host_name="Anna")
    with pytest.raises(ServiceError, match="needs 2 to 4 players"):
        await svc.start(m.id, ANNA)
    assert m.status == "lobby"


async def test_turns_refusals_and_ai(env):
    store, svc, changes, _ = env
    m = await two_player_table(svc, ai=True)
    await svc.start(m.id, ANNA)
    await svc.settled()
    # the AI seat picked at once (in a task of its own); only Anna is awaited
    assert m.to_act() == ["A"] and m.n == 1
    with pytest.raises(ServiceError, match="not playing at this table"):
        await svc.act(m.id, EVE, "A", {"type": "pick", "n": 1})
    with pytest.raises(ServiceError, match="another player"):
        await svc.act(m.id, ANNA, "B", {"type": "pick", "n": 1})
    before = m.engine.dump(m.state)
    with pytest.raises(ServiceError, match="not possible"):
        await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 9})
    assert m.engine.dump(m.state) == before and m.n == 1
    steps = await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 1})
    assert steps[0].seat == "A" and steps[0].n == 2
    assert any(e.kind == "reveal" for e in steps[0].events)
    assert await store.action_count(m.id) == m.n


async def test_stale_and_double_clicks(env):
    _, svc, _, _ = env
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    acts, fp = m.choices("A")
    count = m.seat_counts["A"]
    await svc.choose(m.id, ANNA, "A", count, fp, 2)
    with pytest.raises(ServiceError, match="already made that choice"):
        await svc.choose(m.id, ANNA, "A", count, fp, 2)      # double click
    acts_b, fp_b = m.choices("B")
    with pytest.raises(ServiceError, match="out of date"):
        await svc.choose(m.id, BEN, "B", m.seat_counts["B"], "deadbeef", 0)
    with pytest.raises(ServiceError, match="not available"):
        await svc.choose(m.id, BEN, "B", m.seat_counts["B"], fp_b, 7)
    n = m.n
    await svc.choose(m.id, BEN, "B", m.seat_counts["B"], fp_b, 0)
    assert m.n == n + 1


async def test_concurrent_clicks_apply_once(env):
    store, svc, _, _ = env
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    acts, fp = m.choices("A")
    results = await asyncio.gather(
        *[svc.choose(m.id, ANNA, "A", 0, fp, 1) for _ in range(5)], return_exceptions=True)
    assert sum(1 for r in results if not isinstance(r, Exception)) == 1
    assert all(isinstance(r, ServiceError) and "already made" in str(r)
               for r in results if isinstance(r, Exception))
    assert await store.action_count(m.id) == 1


async def test_restart_rebuilds_running_matches(env):
    store, svc, _, tmp = env
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    for _ in range(30):   # play well past a snapshot boundary? toy games are short: play it all
        if m.status != "running":
            break
        seat = m.to_act()[0]
        uid = ANNA if seat == "A" else BEN
        acts, fp = m.choices(seat)
        await svc.choose(m.id, uid, seat, m.seat_counts[seat], fp, 0)
    # a second, unfinished match
    m2 = await two_player_table(svc)
    await svc.start(m2.id, ANNA)
    await svc.act(m2.id, ANNA, "A", {"type": "pick", "n": 3})
    dumped = m2.engine.dump(m2.state)
    svc2 = MatchService(store)
    loaded = await svc2.load_all()
    assert [x.id for x in loaded] == [m2.id]   # the finished one is not live any more
    r = svc2.matches[m2.id]
    assert r.engine.dump(r.state) == dumped and r.n == m2.n and r.seat_counts == m2.seat_counts
    assert (await store.get_match(m.id)).status == "finished"


async def test_failed_write_changes_nothing(env, monkeypatch):
    store, svc, _, _ = env
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    before = m.engine.dump(m.state)

    async def broken(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(store, "append_action", broken)
    with pytest.raises(ServiceError, match="could not be saved"):
        await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 2})
    assert m.engine.dump(m.state) == before and m.n == 0 and m.seat_counts["A"] == 0


async def test_abort_rights(env):
    _, svc, changes, _ = env
    m = await two_player_table(svc)
    with pytest.raises(ServiceError, match="host or a server manager"):
        await svc.abort(m.id, BEN)
    await svc.abort(m.id, BEN, is_admin=True)
    assert m.status == "aborted" and ("aborted" in [c[1] for c in changes])


async def test_timer_moves_for_the_seat_then_pause_option(env):
    _, svc, changes, _ = env
    m = await svc.open_table("toy", guild_id=1, channel_id=5, host_id=ANNA, host_name="Anna",
                             table={"timer": 60})
    await svc.join(m.id, BEN, "Ben")
    m.table["timer"] = 0.05  # speed the clock up for the test (the option itself is validated)
    await svc.start(m.id, ANNA)
    for _ in range(500):
        if m.n >= 2:
            break
        await asyncio.sleep(0.01)
    assert m.n >= 2, "both seats should have been moved for by the timer"
    assert any(c[1] == "reminder" for c in changes)

    p = await svc.open_table("toy", guild_id=1, channel_id=6, host_id=ANNA, host_name="Anna",
                             table={"timer": 60, "on_timeout": "pause"})
    await svc.join(p.id, BEN, "Ben")
    p.table["timer"] = 0.05
    await svc.start(p.id, ANNA)
    for _ in range(500):
        if p.paused:
            break
        await asyncio.sleep(0.01)
    assert p.paused and p.n == 0



async def test_back_undoes_own_decision_but_not_a_reveal_or_random_draw(env):
    store, svc, changes, _ = env
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 3})
    # Anna's pick is done and she is no longer to act: nothing to take back
    assert not svc.can_undo(m, "A")
    with pytest.raises(ServiceError, match="nothing you can take back"):
        await svc.undo(m.id, ANNA, "A")
    await svc.act(m.id, BEN, "B", {"type": "pick", "n": 1})   # the reveal: Anna chooses next
    assert m.to_act() == ["A"] and not svc.can_undo(m, "A")    # Ben's move was a reveal
    before = m.engine.dump(m.state)
    n_before = m.n
    await svc.act(m.id, ANNA, "A", {"type": "bank"})           # no randomness, not a key event?
    # "bank" ends the round (a key event), so it cannot be taken back either
    assert not svc.can_undo(m, "A")
    assert m.n == n_before + 1 and m.engine.dump(m.state) != before


async def test_undo_restores_state_and_store(env, monkeypatch):
    store, svc, changes, _ = env
    from tests import toy
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    # make picking a multi-step turn for the test: Anna may re-pick while still to act
    real_apply = toy.ToyEngine._apply

    def two_step(self, st, seat, a):
        if a.get("type") == "pick" and seat == "A" and not st.get("warm"):
            st["warm"] = True      # a first, undoable decision that leaves A to act
            return []
        return real_apply(self, st, seat, a)
    monkeypatch.setattr(toy.ToyEngine, "_apply", two_step)
    before = m.engine.dump(m.state)
    await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 2})
    assert svc.can_undo(m, "A") and m.state.get("warm")
    with pytest.raises(ServiceError, match="another player"):
        await svc.undo(m.id, ANNA, "B")
    await svc.undo(m.id, ANNA, "A")
    assert m.engine.dump(m.state) == before and m.seat_counts["A"] == 0
    assert ("undo" in [c[1] for c in changes])
    # the store agrees: a fresh service rebuilds the same state, and numbering goes on
    svc2 = MatchService(store)
    await svc2.load_all()
    assert svc2.matches[m.id].engine.dump(svc2.matches[m.id].state) == before
    assert svc2.matches[m.id].n == 1
    await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 2})
    assert m.n == 2 and await store.action_count(m.id) == 2


async def test_a_rule_time_limit_plays_its_action(env, monkeypatch):
    """engine.decision_timer: when the rules limit a decision (a quiz answer), the service
    applies the engine's action at the limit, whatever the table timer says."""
    from tests import toy
    _, svc, changes, _ = env
    monkeypatch.setattr(toy.ToyEngine, "decision_timer",
                        lambda self, st, seat: (0.05, {"type": "bank"}) if st["phase"] == "choose" else None,
                        raising=False)
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 3})
    await svc.act(m.id, BEN, "B", {"type": "pick", "n": 1})
    assert m.to_act() == ["A"] and m.state["phase"] == "choose"
    for _ in range(500):
        if m.state["phase"] == "pick":
            break
        await asyncio.sleep(0.01)
    assert m.state["phase"] == "pick" and m.state["score"]["A"] == 3   # banked at the limit
    assert m.to_act() == ["A", "B"]


async def test_a_restart_brings_back_every_open_table_not_only_the_newest_thousand(env):
    """The store lists at most 1,000 matches by default (for listings); a restart must not
    stop there, or the tables beyond would be refused after it."""
    store, svc, _, _ = env
    for _ in range(1003):
        await store.create_match(game="toy", guild_id=1, channel_id=50, host_id=ANNA, seed=1,
                                 options={}, lang="en")
    assert len(await store.matches()) == 1000
    svc2 = MatchService(store)
    assert len(await svc2.load_all()) == 1003
    await svc2.close()


async def test_a_decision_with_one_public_option_is_taken_for_the_player(env, monkeypatch):
    """The chooser of the toy game is given "bank" when the engine says it is the only,
    public, option: nobody is asked, the step says it was forced, and the game goes on."""
    from tests import toy
    monkeypatch.setattr(toy.ToyEngine, "forced",
                        lambda self, st, seat: {"type": "bank"} if st["phase"] == "choose"
                        and seat in self.to_act(st) else None)
    store, svc, changes, _ = env
    m = await two_player_table(svc)
    await svc.start(m.id, ANNA)
    await svc.act(m.id, ANNA, "A", {"type": "pick", "n": 3})
    steps = await svc.act(m.id, BEN, "B", {"type": "pick", "n": 1})
    assert [(s.seat, s.action, s.forced is not None) for s in steps] == [
        ("B", {"type": "pick", "n": 1}, False), ("A", {"type": "bank"}, True)]
    assert steps[1].forced.msg == "Bank"
    assert sorted(m.to_act()) == ["A", "B"] and m.state["round"] == 2
    assert await store.action_count(m.id) == m.n == 3


class ThreeSteps(toy.ToyEngine):
    """A's turn in three decisions: two ways to start, one way on (public: forced), two ways
    to end; B then ends the game. Nothing is revealed on the way."""
    name = "three_steps"

    def new(self, seats, *, seed, options=None):
        return {"seed": seed, "rng_n": 0, "seats": list(seats), "done": [], "over": False}

    def to_act(self, st):
        return [] if st["over"] else (["A"] if len(st["done"]) < 3 else ["B"])

    def legal(self, st, seat):
        if seat not in self.to_act(st):
            return []
        return [[{"type": "x"}, {"type": "y"}], [{"type": "on"}], [{"type": "x"}, {"type": "y"}]][
            len(st["done"])] if seat == "A" else [{"type": "end"}]

    def forced(self, st, seat):
        legal = self.legal(st, seat)
        return legal[0] if len(legal) == 1 and legal[0]["type"] == "on" else None

    def _apply(self, st, seat, a):
        if a not in self.legal(st, seat):
            raise IllegalAction("That move is not possible now.")
        if a["type"] == "end":
            st["over"] = True
        else:
            st["done"].append(a["type"])
        return []

    def view(self, st, seat):
        return {"seats": st["seats"], "done": list(st["done"])}

    def outcome(self, st):
        if not st["over"]:
            return None
        return Outcome({"A": 1, "B": 0}, {"A": 1, "B": 2}, {}, ["A"])

    def label(self, st, seat, a):
        return T(a["type"])


engines.register("three_steps", ThreeSteps(), toy.AI)


async def test_back_takes_a_forced_move_back_with_the_decision_before_it(env):
    store, svc, _, _ = env
    m = await svc.open_table("three_steps", guild_id=1, channel_id=50, host_id=ANNA,
                             host_name="Anna", seed=7)
    await svc.join(m.id, BEN, "Ben")
    await svc.start(m.id, ANNA)
    steps = await svc.act(m.id, ANNA, "A", {"type": "y"})
    assert [(s.action["type"], s.forced is not None) for s in steps] == [("y", False), ("on", True)]
    assert m.state["done"] == ["y", "on"] and m.to_act() == ["A"]
    assert svc.can_undo(m, "A")
    await svc.undo(m.id, ANNA, "A")
    # both the choice and the move it forced are taken back, in the store too
    assert m.state["done"] == [] and m.seat_counts["A"] == 0
    assert [a[2]["type"] for a in await store.actions(m.id)] == []
    assert not svc.can_undo(m, "A")
    steps = await svc.act(m.id, ANNA, "A", {"type": "x"})
    assert m.state["done"] == ["x", "on"] and m.seat_counts["A"] == 2
