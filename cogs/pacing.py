"""Discord's global rate limit, kept by the bot itself.

Discord lets a bot make 50 requests per second over all its routes (interaction callbacks and
follow-ups, which go through the webhook adapter, are exempt). discord.py only reacts to a
global 429: it then stops every request until the limit resets. On a busy evening the bot
would keep running into that wall; pacing the requests keeps every one of them below it, so
the tables share the budget evenly and nothing is refused.
"""
from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from typing import Awaitable, Callable

log = logging.getLogger(__name__)

#: requests per second; a margin under Discord's 50 for the time a request spends in flight
DEFAULT_RATE = 45


def global_rate() -> int:
    """The pace from DISCORD_GLOBAL_RATE (a bot Discord has granted a higher limit sets it)."""
    raw = os.environ.get("DISCORD_GLOBAL_RATE", "")
    return int(raw) if raw.isdigit() and int(raw) > 0 else DEFAULT_RATE


class GlobalPacer:
    """At most ``rate`` requests start in any ``per`` seconds (a sliding window, so no window
    Discord counts, wherever it starts, holds more); callers wait their turn in order."""

    def __init__(self, rate: int = DEFAULT_RATE, per: float = 1.0,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.rate, self.per = rate, per     # ``rate`` may change while it runs (share_rate)
        self._clock, self._sleep = clock, sleep
        self._starts: deque[float] = deque()
        self._asked: deque[float] = deque()  # when requests arrived (the demand)
        self._lock = asyncio.Lock()
        self.waited = 0.0           # seconds spent waiting, in total (for the benches)

    def demand(self) -> int:
        """Requests that arrived in the last ``per`` seconds, waiting ones included."""
        now = self._clock()
        while self._asked and self._asked[0] <= now - self.per:
            self._asked.popleft()
        return len(self._asked)

    async def wait(self) -> None:
        self._asked.append(self._clock())
        async with self._lock:
            now = self._clock()
            while True:
                while self._starts and self._starts[0] <= now - self.per:
                    self._starts.popleft()
                if len(self._starts) < self.rate:
                    break
                # the start that has to leave the window before this one may go
                delay = self._starts[len(self._starts) - self.rate] + self.per - now
                self.waited += delay
                await self._sleep(delay)
                now = self._clock()
            self._starts.append(now)


SHARE_EVERY_S = 0.5       # how often a process reports its demand and takes its share
SHARE_STALE_S = 3.0       # a process silent this long has stopped: its share goes to the others


async def share_rate(pacer: GlobalPacer, store, process: str, total: int, *,
                     every: float = SHARE_EVERY_S, clock: Callable[[], float] = time.time) -> None:
    """Several processes of one bot share its global limit (``total`` per second): each reports
    its demand to the store and paces itself at its share of all the demand (every process
    keeps at least one request per second). Runs until cancelled; a store that fails keeps
    the last share."""
    while True:
        try:
            now = clock()
            mine = pacer.demand()
            await store.report_demand(process, mine, now)
            demands = await store.demands(now - SHARE_STALE_S)
            demands[process] = mine
            pacer.rate = rate_share(total, mine, demands.values())
        except asyncio.CancelledError:
            raise
        except Exception:          # noqa: BLE001 - pacing goes on at the last share
            log.warning("could not share the global rate limit this time", exc_info=True)
        await asyncio.sleep(every)


def rate_share(total: int, mine: float, demands) -> int:
    """A process's requests per second: a quarter of the total split evenly, so that a quiet
    process can still publish a move at once (a move takes three or four requests), and the
    rest in proportion to each process's demand; rounded down, so the shares never add up
    to more than the total."""
    demands = list(demands)
    floor = total / (4 * len(demands))
    rest = total - floor * len(demands)
    weights = sum(d + 1 for d in demands)
    return max(1, int(floor + rest * (mine + 1) / weights))


def pace(http, pacer: GlobalPacer) -> None:
    """Make every request of discord.py's HTTPClient wait for the pacer first."""
    request = http.request

    async def paced(route, **kwargs):
        await pacer.wait()
        return await request(route, **kwargs)

    http.request = paced
