"""Discord's passing failures, retried.

Discord sometimes answers 5xx, is slow to answer, or drops a connection. discord.py retries
500, 502, 504 and 524 itself (five tries over about 16 s) but not 503, a timeout or a dropped
connection, and it sets no timeout of its own: one such failure would end a publication half
done. Every request of the bot therefore gets a time limit and is tried again, with a growing
pause (or the one Discord asks for in ``Retry-After``), when trying again cannot do twice
what was done once:

- a 5xx answer: Discord says the request failed;
- a timeout or a dropped connection, when the request may have been carried out: only if
  repeating it is harmless (GET, PUT, PATCH, DELETE), or a new message, which is given a
  nonce that Discord enforces (a repeat returns the message the first try created).
  Interaction callbacks are repeated too: "already acknowledged" then means the first try
  arrived. A follow-up message (a webhook) is not: what failed there is repaired from the
  state later (``Controller.repair_soon``).

What still fails after the last try is raised as before.
"""
from __future__ import annotations

import asyncio
import logging
import os
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter

log = logging.getLogger(__name__)

#: a request not answered in this long is taken as failed (Discord answers in well under 1 s)
def request_timeout() -> float:
    """DISCORD_REQUEST_TIMEOUT in seconds (unset, empty or not a positive number: 10)."""
    try:
        value = float(os.environ.get("DISCORD_REQUEST_TIMEOUT") or 10)
    except ValueError:
        return 10.0
    return value if value > 0 else 10.0


TIMEOUT_S = request_timeout()
ATTEMPTS = 5                    # tries in all, the first included
FIRST_PAUSE_S, MAX_PAUSE_S = 0.5, 8.0
MAX_RETRY_AFTER_S = 30.0
RETRIED_BY_DISCORD_PY = {500, 502, 504, 524}
ALREADY_ACKNOWLEDGED = 40060


@dataclass
class Stats:
    retries: int = 0
    gave_up: int = 0
    by_cause: dict[str, int] = field(default_factory=dict)

    def count(self, cause: str) -> None:
        self.retries += 1
        self.by_cause[cause] = self.by_cause.get(cause, 0) + 1


STATS = Stats()


def is_transient(e: BaseException) -> bool:
    """A failure that may pass: a 5xx, a timeout, a connection that broke."""
    return isinstance(e, (discord.DiscordServerError, asyncio.TimeoutError, aiohttp.ClientConnectionError,
                          ConnectionError))


def _cause(e: BaseException) -> str:
    if isinstance(e, discord.DiscordServerError):
        return str(e.status)
    return "timeout" if isinstance(e, asyncio.TimeoutError) else "connection"


def pause_before(attempt: int, e: BaseException, rng: random.Random = random.Random()) -> float:
    """The pause before try ``attempt + 1``: what Discord asked for, else a growing one with
    jitter (so that many tables hit by one outage do not all come back at once)."""
    response = getattr(e, "response", None)
    header = getattr(response, "headers", {}).get("Retry-After") if response is not None else None
    try:
        if header is not None:
            return min(MAX_RETRY_AFTER_S, max(0.0, float(header)))
    except ValueError:
        pass
    base = min(MAX_PAUSE_S, FIRST_PAUSE_S * 2 ** attempt)
    return base * (0.5 + rng.random() / 2)


def _repeatable(method: str, path: str, nonce: bool) -> bool:
    """May a request that might have been carried out be sent again?"""
    if method in ("GET", "PUT", "PATCH", "DELETE"):
        return True
    if path.endswith("/callback"):              # an interaction's answer: see ALREADY_ACKNOWLEDGED
        return True
    if path == "/users/@me/channels":          # opening a DM channel gives the same channel
        return True
    return nonce and path.endswith("/messages")


def _give_nonce(kwargs: dict[str, Any]) -> bool:
    """A new message gets a nonce Discord enforces, unless it has one: returns whether it has."""
    payload = kwargs.get("json")
    if isinstance(payload, dict):
        payload.setdefault("nonce", secrets.token_hex(8))
        payload["enforce_nonce"] = True
        return True
    for part in kwargs.get("form") or ():
        if part.get("name") == "payload_json" and isinstance(part.get("value"), str):
            body = discord.utils._from_json(part["value"])
            body.setdefault("nonce", secrets.token_hex(8))
            body["enforce_nonce"] = True
            part["value"] = discord.utils._to_json(body)
            return True
    return False


async def _retry(send: Callable[[], Awaitable[Any]], method: str, path: str, *, repeatable: bool,
                 files, attempts: int, sleep: Callable[[float], Awaitable[None]],
                 retried_inside: Callable[[int], bool] = RETRIED_BY_DISCORD_PY.__contains__) -> Any:
    for attempt in range(attempts):
        try:
            return await send()
        except discord.HTTPException as e:
            if attempt and path.endswith("/callback") and getattr(e, "code", 0) == ALREADY_ACKNOWLEDGED:
                return None                      # the try that seemed to fail had arrived
            if not isinstance(e, discord.DiscordServerError) or retried_inside(e.status):
                raise                            # refused, or already tried five times
            failure: BaseException = e
        except (asyncio.TimeoutError, aiohttp.ClientConnectionError, ConnectionError) as e:
            if not repeatable:
                raise
            failure = e
        if attempt + 1 >= attempts:
            STATS.gave_up += 1
            log.warning("%s %s failed %d times (%s); giving up", method, path, attempts, _cause(failure))
            raise failure
        STATS.count(_cause(failure))
        pause = pause_before(attempt, failure)
        log.info("%s %s failed (%s); trying again in %.1f s", method, path, _cause(failure), pause)
        await sleep(pause)
        for f in files or ():
            f.reset(seek=True)                   # the file is read again from its start
    raise AssertionError("unreachable")


def retrying(http: discord.http.HTTPClient, *, attempts: int = ATTEMPTS,
             sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
    """Every request of the bot's HTTPClient gets a time limit (``TIMEOUT_S``) and its
    passing failures are tried again (outside the pacer: each try waits for its turn)."""
    request = http.request

    async def retried(route, **kwargs):
        kwargs.setdefault("timeout", aiohttp.ClientTimeout(total=TIMEOUT_S))
        nonce = route.method == "POST" and route.path.endswith("/messages") and _give_nonce(kwargs)
        return await _retry(lambda: request(route, **kwargs), route.method, route.path,
                            repeatable=_repeatable(route.method, route.path, nonce),
                            files=kwargs.get("files"), attempts=attempts, sleep=sleep)

    http.request = retried


class _TimedSession:
    """The aiohttp session the webhook adapter is given, with ``TIMEOUT_S`` on each request."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self._session = session

    def request(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("timeout", aiohttp.ClientTimeout(total=TIMEOUT_S))
        return self._session.request(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


_webhooks_patched = False


def retrying_webhooks(*, attempts: int = ATTEMPTS) -> None:
    """Interaction answers and follow-ups (discord.py's webhook adapter, which retries 5xx
    itself) get the time limit on each try, and a timeout or a dropped connection is tried
    again where that is harmless. Once per process."""
    global _webhooks_patched
    if _webhooks_patched:
        return
    _webhooks_patched = True
    request = AsyncWebhookAdapter.request

    async def retried(self, route, session, **kwargs):
        async def send():
            # each of the adapter's own tries has the time limit; the whole, a backstop
            return await asyncio.wait_for(request(self, route, _TimedSession(session), **kwargs),
                                          16 + 5 * TIMEOUT_S)
        return await _retry(send, route.method, route.path,
                            repeatable=_repeatable(route.method, route.path, False),
                            files=kwargs.get("files"), attempts=attempts, sleep=asyncio.sleep,
                            retried_inside=lambda status: True)      # (every 5xx, five times)

    AsyncWebhookAdapter.request = retried
