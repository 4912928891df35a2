"""The bot keeps Discord's global rate limit by itself (cogs/pacing.py)."""
from __future__ import annotations

import asyncio

import pytest

from cogs.pacing import DEFAULT_RATE, GlobalPacer, global_rate, pace


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, s: float) -> None:
        self.now += s


async def test_no_second_holds_more_than_the_rate_wherever_it_starts():
    clock = Clock()
    pacer = GlobalPacer(10, 1.0, clock=clock, sleep=clock.sleep)
    starts = []
    for i in range(35):
        await pacer.wait()
        starts.append(clock.now)
        clock.now += 0.01 if i % 7 else 0.0          # bursts, faster than the rate
    for t in starts:
        assert sum(1 for u in starts if t <= u < t + 1.0) <= 10, t
    assert starts[10] >= starts[0] + 1.0 and pacer.waited > 0


async def test_requests_under_the_rate_never_wait():
    clock = Clock()
    pacer = GlobalPacer(10, 1.0, clock=clock, sleep=clock.sleep)
    for _ in range(30):
        await pacer.wait()
        clock.now += 0.11
    assert pacer.waited == 0


async def test_waiting_callers_go_in_order():
    pacer = GlobalPacer(2, 0.05)
    order = []

    async def one(i):
        await pacer.wait()
        order.append(i)

    await asyncio.gather(*(one(i) for i in range(6)))
    assert order == list(range(6))


async def test_every_http_request_waits_for_the_pacer():
    seen = []

    class Http:
        async def request(self, route, **kwargs):
            seen.append((route, kwargs))
            return "ok"

    class Counting(GlobalPacer):
        async def wait(self):
            seen.append("wait")
            await super().wait()

    http = Http()
    pace(http, Counting(5))
    assert await http.request("route", json={"a": 1}) == "ok"
    assert seen == ["wait", ("route", {"json": {"a": 1}})]


@pytest.mark.parametrize("raw,rate", [("", DEFAULT_RATE), ("120", 120), ("0", DEFAULT_RATE),
                                      ("fast", DEFAULT_RATE)])
def test_the_rate_comes_from_the_environment(monkeypatch, raw, rate):
    monkeypatch.setenv("DISCORD_GLOBAL_RATE", raw)
    assert global_rate() == rate


async def test_a_lower_rate_set_while_running_holds_from_then_on():
    clock = Clock()
    pacer = GlobalPacer(10, 1.0, clock=clock, sleep=clock.sleep)
    for _ in range(10):
        await pacer.wait()                       # a full second's worth at once
    pacer.rate = 3                               # its share shrank (share_rate)
    starts = []
    for _ in range(9):
        await pacer.wait()
        starts.append(clock.now)
    for t in starts:
        assert sum(1 for u in starts if t <= u < t + 1.0) <= 3, t
    assert pacer.demand() <= 19


def test_the_global_rate_is_split_by_demand_and_never_oversold():
    from cogs.pacing import rate_share
    # shard 0 gets every DM click, so it publishes most: it gets most of the budget
    busy, quiet = rate_share(45, 60, [60, 4]), rate_share(45, 4, [60, 4])
    assert busy > 35 and quiet >= 5 and busy + quiet <= 45     # quiet: still a move at once
    assert rate_share(45, 0, [0, 0]) == 22                 # idle: an even split
    assert rate_share(45, 10, [10]) == 45                  # alone: all of it
    for mine, rest in ((0, [1000]), (3, [7, 7, 7])):
        shares = [rate_share(45, d, [mine, *rest]) for d in (mine, *rest)]
        assert sum(shares) <= 45 and min(shares) >= 1, shares


async def test_processes_share_the_rate_through_the_store(tmp_path):
    """Two processes' sharing loops on one store: the one that wants more gets more."""
    from cogs.pacing import share_rate
    from db.store import Store
    store = await Store.open(tmp_path / "t.db")
    busy, quiet = GlobalPacer(22), GlobalPacer(22)
    for _ in range(40):
        busy._asked.append(busy._clock())        # 40 requests wanted this second
    tasks = [asyncio.create_task(share_rate(p, store, name, 45, every=0.02))
             for p, name in ((busy, "host:1"), (quiet, "host:2"))]
    try:
        await asyncio.sleep(0.2)
        assert busy.rate > 35 and 5 <= quiet.rate <= 8 and busy.rate + quiet.rate <= 45
        assert set(await store.demands(0)) == {"host:1", "host:2"}
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await store.close()
