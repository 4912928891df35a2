"""Discord's REST rate limits in the stand-in (``Sandbox(rate_limits=True)``): the headers on
every response, the 429 and its shape, the global limit and the interaction routes it spares,
and discord.py waiting and retrying so that the bot never sees an error.

Windows are checked on a clock the test moves (``RateLimiter(clock=...)``), never by sleeping;
where discord.py itself has to wait, the windows are made short."""
from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest
from sandbox_testbot import start_bot, stop_bot

from sandbox import RateLimiter, RouteLimit, Sandbox
from sandbox.ratelimit import GLOBAL_LIMIT, LIMITS, bucket_hash

AUTH = {"Authorization": "Bot sandbox-token"}
RL_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
              "X-RateLimit-Reset-After", "X-RateLimit-Bucket")


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


async def _sandbox(limiter):
    sb = Sandbox(rate_limits=limiter)
    await sb.start()
    return sb


@pytest.fixture
async def clock():
    return Clock()


@pytest.fixture
async def rl(clock):
    """A stand-in with Discord's limits, on a clock the test moves."""
    sb = await _sandbox(RateLimiter(clock=clock))
    restore = sb.patch_discord()
    try:
        yield sb
    finally:
        restore()
        await sb.stop()
    assert not sb.errors and not sb.unknown_routes


async def _post(s: aiohttp.ClientSession, sb, channel, content="hi"):
    ch = sb.channel(channel)
    return await s.post(f"{sb.api_base}/channels/{ch.id}/messages", json={"content": content}, headers=AUTH)


async def test_headers_on_every_response_count_down_per_channel(rl, clock):
    async with aiohttp.ClientSession() as s:
        seen = []
        for i in range(5):
            async with await _post(s, rl, "game-table", f"m{i}") as r:
                assert r.status == 200
                assert all(h in r.headers for h in RL_HEADERS), dict(r.headers)
                seen.append(r.headers.copy())
            clock.t += 0.5
        assert [h["X-RateLimit-Limit"] for h in seen] == ["5"] * 5
        assert [h["X-RateLimit-Remaining"] for h in seen] == ["4", "3", "2", "1", "0"]
        # one window, started by the first message: the reset comes nearer, at the same moment
        after = [float(h["X-RateLimit-Reset-After"]) for h in seen]
        assert after == sorted(after, reverse=True) and after[0] == pytest.approx(5.0) and after[-1] == pytest.approx(3.0)
        assert len({h["X-RateLimit-Reset"] for h in seen}) == 1
        assert float(seen[0]["X-RateLimit-Reset"]) == pytest.approx(time.time() + 5.0, abs=1.0)
        bucket = {h["X-RateLimit-Bucket"] for h in seen}
        assert bucket == {bucket_hash("message-create")}

        # another channel (another top-level resource) has a full bucket with the same id
        async with await _post(s, rl, "general") as r:
            assert r.status == 200 and r.headers["X-RateLimit-Remaining"] == "4"
            assert r.headers["X-RateLimit-Bucket"] == bucket.pop()
        # edits are a bucket of their own: 5 per 5 s per channel
        mid = rl.messages("game-table")[0].id
        async with s.patch(f"{rl.api_base}/channels/{rl.channel('game-table').id}/messages/{mid}",
                           json={"content": "edited"}, headers=AUTH) as r:
            assert r.status == 200
            assert (r.headers["X-RateLimit-Limit"], r.headers["X-RateLimit-Remaining"]) == ("5", "4")
            assert r.headers["X-RateLimit-Bucket"] == bucket_hash("message-edit")
        # errors carry them too (an unknown message in the same channel)
        async with s.get(f"{rl.api_base}/channels/{rl.channel('game-table').id}/messages/1", headers=AUTH) as r:
            assert r.status == 404 and "X-RateLimit-Remaining" in r.headers
    assert not rl.rate_limited


async def test_429_shape_and_reset(rl, clock):
    async with aiohttp.ClientSession() as s:
        for i in range(5):
            async with await _post(s, rl, "game-table", f"m{i}") as r:
                assert r.status == 200
        clock.t += 1.25
        async with await _post(s, rl, "game-table", "one too many") as r:
            assert r.status == 429
            assert r.headers["Content-Type"] == "application/json"
            body = await r.json()
            assert body == {"message": "You are being rate limited.", "retry_after": pytest.approx(3.75),
                            "global": False}
            assert r.headers["Retry-After"] == "4"            # whole seconds, rounded up
            assert r.headers["Via"]                           # discord.py needs it to wait
            assert r.headers["X-RateLimit-Scope"] == "user"
            assert r.headers["X-RateLimit-Remaining"] == "0"
            assert float(r.headers["X-RateLimit-Reset-After"]) == pytest.approx(3.75)
        # the refused message was not posted, and the 429 is counted by route
        assert [m.content for m in rl.messages("game-table")] == [f"m{i}" for i in range(5)]
        assert len(rl.rate_limited) == 1
        hit = rl.rate_limited[0]
        assert (hit.method, hit.route, hit.scope) == ("POST", "/channels/{cid}/messages", "user")
        assert rl.rate_limited_counts() == {"POST /channels/{cid}/messages": 1}
        assert rl.rate_limiter.invalid_requests == 1
        # once the window is over, the bucket is full again
        clock.t += 3.75
        async with await _post(s, rl, "game-table", "later") as r:
            assert r.status == 200 and r.headers["X-RateLimit-Remaining"] == "4"


async def test_the_global_limit(rl, clock):
    """50 requests per second over all routes: each channel's own bucket is far from full,
    and still the 51st request of the second is refused, globally."""
    chans = [rl.channel(n).id for n in ("game-table", "general", "tavern")]
    async with aiohttp.ClientSession() as s:
        for i in range(GLOBAL_LIMIT):
            async with s.get(f"{rl.api_base}/channels/{chans[i % 3]}", headers=AUTH) as r:
                assert r.status == 200, i
        clock.t += 0.4
        async with s.get(f"{rl.api_base}/channels/{chans[0]}", headers=AUTH) as r:
            assert r.status == 429
            body = await r.json()
            assert body["global"] is True and body["retry_after"] == pytest.approx(0.6)
            assert r.headers["X-RateLimit-Global"] == "true"
            assert r.headers["X-RateLimit-Scope"] == "global" and r.headers["Via"]
        assert rl.rate_limited_counts() == {"GET /channels/{cid} (global)": 1}
        clock.t += 0.6
        async with s.get(f"{rl.api_base}/channels/{chans[0]}", headers=AUTH) as r:
            assert r.status == 200


async def test_interaction_routes_are_exempt_from_the_global_limit(rl, clock):
    bot, task = await start_bot()
    try:
        # every request of the second is used up by someone else (another process of the bot)
        chans = [rl.channel(n).id for n in ("game-table", "general", "tavern")]
        async with aiohttp.ClientSession() as s:
            sent = 0
            while True:
                async with s.get(f"{rl.api_base}/channels/{chans[sent % 3]}", headers=AUTH) as r:
                    if r.status == 429:
                        assert (await r.json())["global"] is True
                        break
                    sent += 1
            assert sent <= GLOBAL_LIMIT
        before = len(rl.rate_limited)
        # the callback, the first follow-up (fills the deferred reply) and a second one with a
        # select: all interaction endpoints, so all go through
        r = await rl.slash("anna", "demo menu")
        assert r.type == 5
        filled = await r.wait_final()
        assert filled.content == "first followup fills the deferred message"
        second = await r.wait_followup(lambda m: m.content == "second followup")
        assert second.ephemeral
        assert rl.rate_limited[before:] == []
        routes = {p for m, p, st in rl.requests[-3:]}
        assert any("/callback" in p for p in routes) and any("/webhooks/" in p for p in routes)
        assert all(st == 200 for m, p, st in rl.requests[-3:])
    finally:
        await stop_bot(bot, task)


async def _fast(limiter):
    sb = await _sandbox(limiter)
    restore = sb.patch_discord()
    return sb, restore


async def _done(sb, restore):
    restore()
    await sb.stop()
    assert not sb.errors and not sb.unknown_routes


async def test_discord_py_waits_out_a_route_429_and_the_bot_sees_no_error(caplog):
    # Discord's limits, with a message window of 2 s instead of 5 so that the wait is short
    limits = dict(LIMITS)
    limits[("POST", "/channels/{cid}/messages")] = RouteLimit("message-create", 5, 2.0, "test")
    sb, restore = await _fast(RateLimiter(limits=limits))
    bot, task = await start_bot()
    try:
        # someone else (another process of the same bot, say) fills #tavern's message bucket,
        # so discord.py, which has not seen that bucket yet, runs into a 429
        async with aiohttp.ClientSession() as s:
            for i in range(5):
                async with await _post(s, sb, "tavern", f"other {i}") as r:
                    assert r.status == 200
        n_before = len(sb.rate_limited)
        r = await sb.slash("anna", "demo burst", channel="tavern", count=3)
        done = await r.wait_final(timeout=10)
        assert done.content == "sent 3 of 3"
        await bot.wait_log(("burst", 3, []))
        hits = sb.rate_limited[n_before:]
        assert hits and {(h.route, h.scope) for h in hits} == {("/channels/{cid}/messages", "user")}
        assert sorted(m.content for m in sb.messages("tavern") if m.content.startswith("burst")) == \
            ["burst 0", "burst 1", "burst 2"]
        # discord.py said so in its log, as a warning, and raised nothing
        assert any("rate limited" in rec.getMessage() for rec in caplog.records if rec.name.startswith("discord"))
    finally:
        await stop_bot(bot, task)
        await _done(sb, restore)
    assert not [rec for rec in caplog.records if rec.name.startswith("discord") and rec.levelno >= 40]


async def test_discord_py_waits_out_global_429s_and_the_bot_sees_no_error(caplog):
    # a global limit of 4 requests per 0.4 s instead of 50 per second
    sb, restore = await _fast(RateLimiter(global_limit=4, global_per=0.4))
    bot, task = await start_bot()
    try:
        n_before = len(sb.rate_limited)
        r = await sb.slash("anna", "demo burst", count=9, spread=True)
        done = await r.wait_final(timeout=10)
        assert done.content == "sent 9 of 9"
        hits = sb.rate_limited[n_before:]
        assert hits and all(h.scope == "global" for h in hits)
        assert sorted(m.content for ch in ("game-table", "general", "tavern") for m in sb.messages(ch)) == \
            sorted(f"burst {i}" for i in range(9))
        assert any("Global rate limit" in rec.getMessage() for rec in caplog.records)
    finally:
        await stop_bot(bot, task)
        await _done(sb, restore)
    assert not [rec for rec in caplog.records if rec.name.startswith("discord") and rec.levelno >= 40]


async def test_off_by_default(sb):
    """A plain Sandbox() sends no rate-limit headers and never answers 429."""
    async with aiohttp.ClientSession() as s:
        for i in range(12):
            async with await _post(s, sb, "game-table", f"m{i}") as r:
                assert r.status == 200 and "X-RateLimit-Remaining" not in r.headers
    assert sb.rate_limiter is None and sb.rate_limited == [] and sb.rate_limited_counts() == {}
    assert len(sb.messages("game-table")) == 12
