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
