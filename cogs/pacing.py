"""Discord's global rate limit, kept by the bot itself.

Discord lets a bot make 50 requests per second over all its routes (interaction callbacks and
follow-ups, which go through the webhook adapter, are exempt). discord.py only reacts to a
global 429: it then stops every request until the limit resets. On a busy evening the bot
would keep running into that wall; pacing the requests keeps every one of them below it, so
the tables share the budget evenly and nothing is refused.
"""
from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from typing import Awaitable, Callable

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
        self.rate, self.per = rate, per
        self._clock, self._sleep = clock, sleep
        self._starts: deque[float] = deque()
        self._lock = asyncio.Lock()
        self.waited = 0.0           # seconds spent waiting, in total (for the benches)

    async def wait(self) -> None:
        async with self._lock:
            now = self._clock()
            while self._starts and self._starts[0] <= now - self.per:
                self._starts.popleft()
            if len(self._starts) >= self.rate:
                delay = self._starts[0] + self.per - now
                self.waited += delay
                await self._sleep(delay)
                now = self._clock()
                self._starts.popleft()
            self._starts.append(now)


def pace(http, pacer: GlobalPacer) -> None:
    """Make every request of discord.py's HTTPClient wait for the pacer first."""
    request = http.request

    async def paced(route, **kwargs):
        await pacer.wait()
        return await request(route, **kwargs)

    http.request = paced
