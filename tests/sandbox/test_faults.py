"""Fault injection in the stand-in (``sandbox.faults``): which requests a plan fails, that it is
reproducible from its seed, what each kind looks like on the wire, and what discord.py makes
of it (observed here, against discord.py 2.7.1 and aiohttp 3.14):

- 503: ``DiscordServerError`` at once; the REST client does not retry it. The interaction
  webhook adapter (callbacks, follow-ups, ``@original``) retries every 5xx, 503 included.
- 500/502/504: the REST client retries after sleeping 1, 3, 5, 7 s and raises
  ``DiscordServerError`` after the 5th answer (it sleeps 9 s more before raising).
- drop: ``aiohttp.ServerDisconnectedError`` (not an ``OSError``, so discord.py does not retry
  it); aiohttp itself resends an idempotent request (GET/PUT/DELETE) once.
- timeout: whatever timeout the caller has (``asyncio.wait_for`` -> ``TimeoutError``); without
  one, the client waits out ``hold`` and then gets ``ServerDisconnectedError``.

discord.py's back-off sleeps are recorded and skipped (``fast_retries``), so no test waits."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time

import aiohttp
import discord
import discord.http
import discord.webhook.async_
import pytest
from sandbox_testbot import DemoBot, start_bot, stop_bot

from sandbox import FaultPlan, Sandbox
from sandbox.faults import (
    INTERACTION_ROUTES, KINDS, STARTUP_ROUTES, FaultInjector, RouteSpec, plan_from_args,
)

AUTH = {"Authorization": "Bot sandbox-token"}
SEND = "POST /channels/{id}/messages"


class FastAsyncio:
    """What discord.http and discord.webhook.async_ see as ``asyncio``: ``sleep`` notes the
    seconds asked (other than 0, a plain yield) and returns at once; everything else is the
    real module."""

    def __init__(self) -> None:
        self.slept: list[float] = []

    def __getattr__(self, name):
        return getattr(asyncio, name)

    async def sleep(self, delay, result=None):
        if delay:
            self.slept.append(delay)
        await asyncio.sleep(0)
        return result


@pytest.fixture
def fast_retries(monkeypatch):
    fake = FastAsyncio()
    monkeypatch.setattr(discord.http, "asyncio", fake)
    monkeypatch.setattr(discord.webhook.async_, "asyncio", fake)
    return fake


async def _until(cond, timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.02)


def _sends(sb, channel) -> list[int]:
    """Statuses of the message POSTs to ``channel`` the stand-in saw (0: no answer)."""
    path = f"/api/v10/channels/{sb.channel(channel).id}/messages"
    return [st for m, p, st in sb.requests if m == "POST" and p == path]


async def _post(s: aiohttp.ClientSession, sb, channel: str, content: str = "hi", **kw):
    return await s.post(f"{sb.api_base}/channels/{sb.channel(channel).id}/messages",
                        json={"content": content}, headers=AUTH, **kw)


# -- the plan ---------------------------------------------------------------------------------
def test_route_specs_and_default_exclusions():
    spec = RouteSpec.parse(SEND)
    assert spec.matches("POST", "/channels/123/messages")
    assert spec.matches("post", "/api/v10/channels/123/messages".removeprefix("/api/v10"))
    assert not spec.matches("GET", "/channels/123/messages")
    assert not spec.matches("POST", "/channels/123/messages/456")
    assert RouteSpec.parse(r"/channels/\d{3}/.*").matches("PATCH", "/channels/123/messages/9")
    assert not RouteSpec.parse(r"/channels/\d{3}/.*").matches("PATCH", "/channels/1234/messages/9")
    assert RouteSpec.parse("GET|PATCH /webhooks/{a}/{t}/messages/{m}").matches("PATCH", "/webhooks/1/x/messages/@original")

    plan = FaultPlan()
    assert plan.kinds == KINDS and plan.rate == 1.0 and plan.seed == 0
    for startup in ("/gateway/bot", "/users/@me", "/oauth2/applications/@me", "/applications/1/commands",
                    "/applications/1/guilds/2/commands"):
        assert not plan.eligible("GET", f"/api/v10{startup}"), startup
    assert not plan.eligible("PUT", "/api/v10/applications/1/commands")
    assert plan.eligible("GET", "/api/v10/users/123")                 # fetch_user is not login
    assert plan.eligible("POST", "/api/v10/interactions/1/tok/callback")
    assert plan.eligible("PATCH", "/api/v10/webhooks/1/tok/messages/@original")
    spared = FaultPlan(spare_interactions=True)
    assert not spared.eligible("POST", "/api/v10/interactions/1/tok/callback")
    assert not spared.eligible("POST", "/api/v10/webhooks/1/tok")
    assert spared.eligible("POST", "/api/v10/channels/1/messages")
    assert FaultPlan(spare_startup=False).eligible("GET", "/api/v10/users/@me")
    only = FaultPlan(routes=SEND, exclude="/channels/9/.*")
    assert only.eligible("POST", "/api/v10/channels/1/messages")
    assert not only.eligible("POST", "/api/v10/channels/9/messages")
    assert not only.eligible("GET", "/api/v10/channels/1")
    assert len(STARTUP_ROUTES) == 7 and len(INTERACTION_ROUTES) == 3

    assert FaultPlan(kinds="503:3, drop").weights == (("503", 3.0), ("drop", 1.0))
    assert FaultPlan(kinds={"timeout": 2}).kinds == ("timeout",)
    for bad in (dict(kinds=("418",)), dict(kinds=()), dict(rate=1.5), dict(count=0), dict(processed=2),
                dict(kinds={"503": 0}), dict(routes="POST /channels/(")):
        with pytest.raises(ValueError):
            FaultPlan(**bad)
    json.dumps(FaultPlan(routes=SEND, retry_after=2).describe())
    drawn = FaultInjector(FaultPlan(seed=None)).stats()["plan"]["seed"]     # shown, so it can be replayed
    assert isinstance(drawn, int)


def _outcomes(plan: FaultPlan, n: int = 200) -> list:
    inj = FaultInjector(plan)
    out = []
    for i in range(n):
        method, path, tpl = (("POST", f"/api/v10/channels/{i}/messages", "/api/v10/channels/{cid}/messages")
                             if i % 3 else ("GET", f"/api/v10/users/{i}", "/api/v10/users/{uid}"))
        f = inj.decide(method, path, tpl)
        out.append(None if f is None else (f.kind, f.processed))
    return out


def test_same_seed_same_decisions_and_kinds_do_not_move_them():
    a = _outcomes(FaultPlan(rate=0.2, seed=1))
    assert a == _outcomes(FaultPlan(rate=0.2, seed=1))
    assert a != _outcomes(FaultPlan(rate=0.2, seed=2))
    hit = [i for i, x in enumerate(a) if x]
    assert 20 < len(hit) < 60
    assert {k for k, _ in filter(None, a)} == set(KINDS)
    # processed is drawn for timeouts and drops only
    assert all(not p for k, p in filter(None, a) if k not in ("timeout", "drop"))
    assert any(p for k, p in filter(None, a)) and not all(p for k, p in filter(None, a) if k in ("timeout", "drop"))
    # other kinds: the same requests fail
    b = _outcomes(FaultPlan(rate=0.2, seed=1, kinds="503"))
    assert [i for i, x in enumerate(b) if x] == hit
    # count stops the plan
    c = _outcomes(FaultPlan(rate=0.2, seed=1, count=3))
    assert [i for i, x in enumerate(c) if x] == hit[:3]


def test_plan_from_cli_arguments_and_environment():
    import argparse
    from sandbox import faults
    p = argparse.ArgumentParser()
    faults.add_arguments(p, environ={})
    assert plan_from_args(p.parse_args([])) is None
    plan = plan_from_args(p.parse_args(["--faults", "0.05", "--fault-seed", "3", "--fault-kinds", "503,timeout,drop",
                                        "--fault-routes", SEND, "--fault-exclude", "/channels/9/.*",
                                        "--fault-hold", "2", "--fault-processed", "1", "--fault-retry-after", "4",
                                        "--fault-spare-interactions", "--fault-count", "7"]))
    assert plan == FaultPlan(rate=0.05, seed=3, kinds=("503", "timeout", "drop"), routes=(SEND,),
                             exclude=("/channels/9/.*",), hold=2.0, processed=1.0, retry_after=4.0,
                             spare_interactions=True, count=7)
    env = {"SANDBOX_FAULTS": "0.1", "SANDBOX_FAULT_SEED": "5", "SANDBOX_FAULT_KINDS": "502:2,drop",
           "SANDBOX_FAULT_ROUTES": f"{SEND}; GET /channels/{{id}}", "SANDBOX_FAULT_HOLD": "1.5"}
    plan = FaultPlan.from_env(env)
    assert (plan.rate, plan.seed, plan.weights, plan.routes, plan.hold) == (
        0.1, 5, (("502", 2.0), ("drop", 1.0)), (SEND, "GET /channels/{id}"), 1.5)
    assert FaultPlan.from_env({"SANDBOX_FAULTS": "0"}) is None


# -- on the wire ----------------------------------------------------------------------------------
async def test_rate_one_on_one_route_fails_that_route_only(sb):
    sb.set_faults(FaultPlan(rate=1.0, routes=SEND, kinds=("503",), retry_after=2.5))
    ch = sb.channel("game-table")
    async with aiohttp.ClientSession() as s:
        for _ in range(3):
            async with await _post(s, sb, "game-table") as r:
                assert r.status == 503
                assert r.headers["Content-Type"] == "application/json"
                assert r.headers["Retry-After"] == "3"
                assert await r.json() == {"message": "503: Service Unavailable", "code": 0}
        async with s.get(f"{sb.api_base}/channels/{ch.id}", headers=AUTH) as r:
            assert r.status == 200
        async with s.post(f"{sb.api_base}/channels/{ch.id}/typing", headers=AUTH) as r:
            assert r.status == 204
        async with s.get(f"{sb.api_base}/users/{sb.user('anna').id}", headers=AUTH) as r:
            assert r.status == 200
    assert sb.messages(ch) == []
    assert _sends(sb, "game-table") == [503, 503, 503]
    assert sb.fault_stats()["by_route"] == {"POST /channels/{cid}/messages": 3}

    # every route but the startup ones; an unknown route keeps its 404, the websocket is untouched
    sb.set_faults(FaultPlan(rate=1.0, kinds=("500",)))
    async with aiohttp.ClientSession() as s:
        async with s.get(f"{sb.api_base}/channels/{ch.id}", headers=AUTH) as r:
            assert r.status == 500 and (await r.json())["message"] == "500: Internal Server Error"
        async with s.get(f"{sb.api_base}/users/@me", headers=AUTH) as r:
            assert r.status == 200
        async with s.put(f"{sb.api_base}/applications/{sb.world.application_id}/commands", json=[],
                         headers=AUTH) as r:
            assert r.status == 200
        async with s.get(f"{sb.api_base}/no/such/route", headers=AUTH) as r:
            assert r.status == 404
        async with s.ws_connect(f"{sb.gateway_url}?v=10&encoding=json") as ws:
            hello = await ws.receive_json(timeout=2)
            assert hello["op"] == 10
    sb.unknown_routes.clear()


async def test_count_fails_exactly_that_many(sb):
    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("503",)))
    async with aiohttp.ClientSession() as s:
        statuses = []
        for i in range(4):
            async with await _post(s, sb, "game-table", f"m{i}") as r:
                statuses.append(r.status)
    assert statuses == [503, 200, 200, 200]
    assert [m.content for m in sb.messages("game-table")] == ["m1", "m2", "m3"]
    st = sb.fault_stats()
    assert (st["total"], st["remaining"], st["active"]) == (1, 0, False)
    # a new plan starts again; None stops faults
    sb.set_faults(FaultPlan(count=2, routes=SEND, kinds="502"))
    sb.set_faults(None)
    async with aiohttp.ClientSession() as s:
        async with await _post(s, sb, "game-table") as r:
            assert r.status == 200
    assert sb.fault_stats()["total"] == 1 and sb.fault_stats()["plan"] is None


async def _run_mix(seed: int) -> tuple[list, list]:
    """The same 30 requests against a fresh stand-in: what the client saw, and the faults."""
    plan = FaultPlan(rate=0.3, seed=seed, kinds=("500", "503", "drop"), routes=(SEND, "GET /channels/{id}"))
    async with Sandbox(faults=plan) as sb:
        seen = []
        async with aiohttp.ClientSession() as s:
            for i in range(30):
                try:
                    if i % 2:
                        r = await s.get(f"{sb.api_base}/channels/{sb.channel('general').id}", headers=AUTH)
                    else:
                        r = await _post(s, sb, "game-table", f"m{i}")
                    async with r:
                        seen.append(r.status)
                except aiohttp.ServerDisconnectedError:
                    seen.append("drop")
        return seen, [(f.route, f.kind, f.processed) for f in sb.faults.records]


async def test_same_seed_same_fault_sequence_over_http():
    a_seen, a_faults = await _run_mix(3)
    b_seen, b_faults = await _run_mix(3)
    c_seen, c_faults = await _run_mix(4)
    assert (a_seen, a_faults) == (b_seen, b_faults)
    assert a_faults and a_seen.count(200) >= 10
    assert a_faults != c_faults


async def test_timeout_holds_until_the_client_goes_away(sb):
    sb.set_faults(FaultPlan(rate=1.0, routes=SEND, kinds=("timeout",), hold=30, processed=0.0))
    t0 = time.monotonic()
    async with aiohttp.ClientSession() as s:
        with pytest.raises(TimeoutError):
            async with await _post(s, sb, "game-table", timeout=aiohttp.ClientTimeout(total=0.3)):
                pass
    await _until(lambda: sb.faults.holding == 0)
    f = sb.faults.records[-1]
    assert (f.kind, f.ended, f.processed) == ("timeout", "client", False)
    assert 0.25 < f.held < 2 and time.monotonic() - t0 < 3
    assert sb.messages("game-table") == [] and _sends(sb, "game-table") == [0]

    # without a client timeout: the hold ends and the connection is closed unanswered
    sb.set_faults(FaultPlan(rate=1.0, routes=SEND, kinds=("timeout",), hold=0.2, processed=0.0))
    async with aiohttp.ClientSession() as s:
        t1 = time.monotonic()
        with pytest.raises(aiohttp.ServerDisconnectedError):
            async with await _post(s, sb, "game-table"):
                pass
        assert 0.15 < time.monotonic() - t1 < 2
    assert sb.faults.records[-1].ended == "hold"


async def test_stop_releases_held_requests():
    sb = await Sandbox(faults=FaultPlan(routes=SEND, kinds=("timeout",), hold=60, processed=0.0)).start()
    async with aiohttp.ClientSession() as s:
        pending = asyncio.create_task(_post(s, sb, "game-table"))
        await _until(lambda: sb.faults.holding == 1)
        t0 = time.monotonic()
        await sb.stop()
        assert time.monotonic() - t0 < 2
        with pytest.raises(aiohttp.ClientConnectionError):
            await pending
    assert sb.faults.records[-1].ended == "stopped"


# -- what discord.py sees -----------------------------------------------------------------------
async def test_503_is_discord_server_error_without_retry(sb, bot, fast_retries):
    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("503",)))
    ch = bot.get_channel(sb.channel("game-table").id)
    with pytest.raises(discord.DiscordServerError) as exc:
        await ch.send("hello")
    assert exc.value.status == 503 and exc.value.code == 0 and "Service Unavailable" in exc.value.text
    assert fast_retries.slept == []                     # discord.py does not retry a 503
    assert _sends(sb, "game-table") == [503]
    assert sb.messages("game-table") == []
    m = await ch.send("hello again")                     # the plan is spent
    assert sb.message(m.id).content == "hello again"


@pytest.mark.parametrize("kind", ["500", "502", "504"])
async def test_500_502_504_are_retried_by_discord_py(sb, bot, fast_retries, kind):
    ch = bot.get_channel(sb.channel("game-table").id)
    sb.set_faults(FaultPlan(count=2, routes=SEND, kinds=(kind,)))
    m = await ch.send("after two failures")               # the bot sees no error
    assert fast_retries.slept == [1, 3]
    assert _sends(sb, "game-table") == [int(kind), int(kind), 200]
    assert [x.id for x in sb.messages("game-table")] == [m.id]

    fast_retries.slept.clear()
    sb.set_faults(FaultPlan(rate=1.0, routes=SEND, kinds=(kind,)))
    with pytest.raises(discord.DiscordServerError) as exc:
        await ch.send("never")
    assert exc.value.status == int(kind)
    assert fast_retries.slept == [1, 3, 5, 7, 9]        # five tries, a sleep after each
    assert _sends(sb, "game-table")[3:] == [int(kind)] * 5
    assert len(sb.messages("game-table")) == 1


async def test_drop_is_a_connection_error(sb, bot, fast_retries):
    ch = bot.get_channel(sb.channel("game-table").id)
    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("drop",), processed=0.0))
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await ch.send("lost", nonce=11)
    assert sb.messages("game-table") == [] and _sends(sb, "game-table") == [0]
    assert fast_retries.slept == []                     # not an OSError: discord.py does not retry

    # aiohttp resends an idempotent request once by itself: one drop goes unnoticed, two do not
    general = sb.channel("general").id
    sb.set_faults(FaultPlan(count=1, routes="GET /channels/{id}", kinds=("drop",)))
    assert (await bot.fetch_channel(general)).name == "general"
    sb.set_faults(FaultPlan(count=2, routes="GET /channels/{id}", kinds=("drop",)))
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await bot.fetch_channel(general)
    gets = [st for m, p, st in sb.requests if m == "GET" and p == f"/api/v10/channels/{general}"]
    assert gets == [0, 200, 0, 0]


async def test_processed_drop_created_the_message_and_the_nonce_retry_returns_it(sb, bot):
    ch = bot.get_channel(sb.channel("game-table").id)
    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("drop",), processed=1.0))
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await ch.send("sent anyway", nonce=4242)
    [created] = sb.messages("game-table")
    assert created.content == "sent anyway"
    f = sb.faults.records[-1]
    assert (f.kind, f.processed, f.handler_status) == ("drop", True, 200)
    again = await ch.send("sent anyway", nonce=4242)       # discord.py sends enforce_nonce with it
    assert again.id == created.id
    assert [m.id for m in sb.messages("game-table")] == [created.id]
    other = await ch.send("sent anyway", nonce=4243)
    assert other.id != created.id


async def test_timeout_is_the_callers_timeout_and_processed_ones_created_the_message(sb, bot):
    ch = bot.get_channel(sb.channel("game-table").id)
    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("timeout",), hold=30, processed=0.0))
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(ch.send("slow", nonce=1), 0.3)
    await _until(lambda: sb.faults.holding == 0)
    assert sb.faults.records[-1].ended == "client" and sb.messages("game-table") == []

    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("timeout",), hold=30, processed=1.0))
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(ch.send("slow but done", nonce=2), 0.3)
    [created] = sb.messages("game-table")
    assert created.content == "slow but done"
    again = await ch.send("slow but done", nonce=2)
    assert again.id == created.id and len(sb.messages("game-table")) == 1

    # no timeout on the bot's side: it waits out the hold, then the connection is closed
    sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("timeout",), hold=0.2, processed=0.0))
    t0 = time.monotonic()
    with pytest.raises(aiohttp.ServerDisconnectedError):
        await ch.send("no timeout")
    assert time.monotonic() - t0 >= 0.15


async def test_interaction_callbacks_fail_too_and_the_webhook_adapter_retries_503(sb, bot, fast_retries):
    callback = "POST /interactions/{id}/{token}/callback"
    sb.set_faults(FaultPlan(count=1, routes=callback, kinds=("503",)))
    r = await sb.slash("anna", "demo whoami")
    assert r.type == 4 and r.ephemeral
    assert fast_retries.slept == [1]                      # the webhook adapter retries 5xx, 503 too
    cb = [st for m, p, st in sb.requests if p.endswith(f"/interactions/{r.id}/{r.interaction.token}/callback")]
    assert cb == [503, 200]
    assert sb.fault_stats()["by_route"] == {"POST /interactions/{iid}/{token}/callback": 1}

    # spare_interactions: the callback goes through while everything else fails
    sb.set_faults(FaultPlan(kinds=("503",), spare_interactions=True))
    r = await sb.slash("anna", "demo whoami")
    assert r.type == 4
    with pytest.raises(discord.DiscordServerError):
        await bot.fetch_channel(sb.channel("general").id)


async def test_bot_starts_with_every_route_failing_and_counters_count():
    t_start = time.time()
    async with Sandbox(faults=FaultPlan(rate=1.0, kinds=("503",))) as sb:
        restore = sb.patch_discord()
        bot, task = await start_bot()          # login, command sync and the gateway are spared
        try:
            assert sb.fault_stats()["total"] == 0
            ch = bot.get_channel(sb.channel("game-table").id)
            for _ in range(2):
                with pytest.raises(discord.DiscordServerError):
                    await ch.send("x")
            with pytest.raises(discord.DiscordServerError):
                await bot.fetch_user(sb.user("bruno").id)
            sb.set_faults(FaultPlan(count=1, routes=SEND, kinds=("drop",), processed=1.0, seed=9))
            with pytest.raises(aiohttp.ServerDisconnectedError):
                await ch.send("y")
            st = sb.fault_stats()
            json.dumps(st)
            assert st["total"] == 4 and st["processed"] == 1
            assert st["by_kind"] == {"500": 0, "502": 0, "503": 3, "504": 0, "timeout": 0, "drop": 1}
            assert st["by_route"] == {"POST /channels/{cid}/messages": 3, "GET /users/{uid}": 1}
            assert st["by_route_kind"]["POST /channels/{cid}/messages"] == {"503": 2, "drop": 1}
            assert t_start <= st["last_at"] <= time.time()
            assert st["last"]["kind"] == "drop" and st["last"]["processed"] is True
            assert st["plan"]["seed"] == 9 and st["remaining"] == 0
        finally:
            await stop_bot(bot, task)
            restore()


async def test_login_fails_when_startup_routes_are_not_spared():
    async with Sandbox(faults=FaultPlan(rate=1.0, kinds=("503",), spare_startup=False)) as sb:
        restore = sb.patch_discord()
        bot = DemoBot()
        try:
            with pytest.raises(discord.DiscordServerError):
                await bot.start("sandbox-token")
        finally:
            await bot.close()
            restore()
        assert sb.faults.records[0].route == "GET /users/@me"


# -- python -m sandbox --------------------------------------------------------------------------
async def test_cli_flags():
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "sandbox", "--port", "0", "--faults", "1", "--fault-seed", "3",
        "--fault-kinds", "503", "--fault-routes", "GET /channels/{id}",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, env=env)
    try:
        base = None
        lines = []
        while base is None:
            line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
            assert line, f"sandbox exited: {lines}"
            lines.append(line)
            if "Discord stand-in at " in line:
                base = line.split("Discord stand-in at ")[1].strip()
        async with aiohttp.ClientSession() as s:
            async with s.get(f"{base}/api/v10/channels/1", headers=AUTH) as r:
                assert r.status == 503
            async with s.get(f"{base}/api/v10/users/@me", headers=AUTH) as r:
                assert r.status == 200
        proc.send_signal(signal.SIGINT)
        out = (await asyncio.wait_for(proc.stdout.read(), 20)).decode()
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
    assert 'sandbox: faults on: {"rate": 1.0, "seed": 3, "kinds": {"503": 1.0}' in out, out
    counters = json.loads(out.split("sandbox: fault counters: ", 1)[1].splitlines()[0])
    assert counters["total"] == 1 and counters["by_route"] == {"GET /channels/{cid}": 1}
