"""cogs.transient: which failures are tried again, how long it pauses, and that a new message
tried again carries a nonce Discord enforces (so a repeat cannot post it twice)."""
from __future__ import annotations

import asyncio
import json
import random
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from cogs import transient


def server_error(status: int, retry_after: str | None = None) -> discord.DiscordServerError:
    headers = {"Retry-After": retry_after} if retry_after is not None else {}
    response = SimpleNamespace(status=status, reason="x", headers=headers)
    return discord.DiscordServerError(response, {"message": "down", "code": 0})


def refused(code: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=400, reason="x"), {"message": "no", "code": code})


class Http:
    """A stand-in for discord.py's HTTPClient.request: fails with the given errors, in order,
    then answers; records what each try was sent."""

    def __init__(self, *failures: BaseException) -> None:
        self.failures = list(failures)
        self.sent: list[dict] = []

    async def request(self, route, **kwargs):
        self.sent.append(json.loads(json.dumps(kwargs.get("json"))) if "json" in kwargs else kwargs)
        if self.failures:
            raise self.failures.pop(0)
        return {"ok": True}


def retried(http: Http, pauses: list[float]) -> Http:
    async def sleep(s):
        pauses.append(s)
    transient.retrying(http, sleep=sleep)
    return http


def route(method: str, path: str, **params) -> discord.http.Route:
    return discord.http.Route(method, path, **params)


async def test_a_503_is_tried_again_after_a_growing_pause():
    pauses: list[float] = []
    http = retried(Http(server_error(503), server_error(503)), pauses)
    assert await http.request(route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                                    channel_id=1, message_id=2)) == {"ok": True}
    assert len(http.sent) == 3 and len(pauses) == 2 and pauses[1] > pauses[0] * 0.9


async def test_retry_after_is_what_the_pause_is():
    e = server_error(503, retry_after="2.5")
    assert transient.pause_before(0, e) == 2.5
    assert transient.pause_before(0, server_error(503, retry_after="9999")) == transient.MAX_RETRY_AFTER_S
    rng = random.Random(1)
    assert 0.25 <= transient.pause_before(0, server_error(503), rng) <= 0.5
    assert transient.pause_before(10, server_error(503), rng) <= transient.MAX_PAUSE_S


async def test_errors_discord_py_retried_itself_and_refusals_are_not_tried_again():
    for error in (server_error(500), server_error(502), refused(50035), refused(50007)):
        pauses: list[float] = []
        http = retried(Http(error), pauses)
        with pytest.raises(type(error)):
            await http.request(route("POST", "/channels/{channel_id}/messages", channel_id=1), json={})
        assert len(http.sent) == 1 and not pauses


async def test_a_failure_that_lasts_is_raised_after_the_last_try():
    pauses: list[float] = []
    http = retried(Http(*[server_error(503)] * 10), pauses)
    with pytest.raises(discord.DiscordServerError):
        await http.request(route("GET", "/channels/{channel_id}", channel_id=1))
    assert len(http.sent) == transient.ATTEMPTS


async def test_a_new_message_is_given_an_enforced_nonce_and_a_timeout_tries_it_again():
    pauses: list[float] = []
    http = retried(Http(asyncio.TimeoutError(), aiohttp.ServerDisconnectedError()), pauses)
    await http.request(route("POST", "/channels/{channel_id}/messages", channel_id=1), json={"content": "hi"})
    assert len(http.sent) == 3
    nonces = {s["nonce"] for s in http.sent}
    assert len(nonces) == 1 and all(s["enforce_nonce"] for s in http.sent)


async def test_a_message_with_files_gets_its_nonce_inside_payload_json():
    kwargs = {"form": [{"name": "payload_json", "value": json.dumps({"content": "board", "nonce": "42"})},
                       {"name": "files[0]", "value": b"png"}]}
    assert transient._give_nonce(kwargs)
    body = json.loads(kwargs["form"][0]["value"])
    assert body["nonce"] == "42" and body["enforce_nonce"] is True


async def test_a_post_that_might_have_been_done_is_not_repeated_without_a_nonce():
    pauses: list[float] = []
    http = retried(Http(asyncio.TimeoutError()), pauses)
    with pytest.raises(asyncio.TimeoutError):
        await http.request(route("POST", "/channels/{channel_id}/threads", channel_id=1), json={"name": "t"})
    assert len(http.sent) == 1


async def test_an_interaction_answer_already_acknowledged_on_a_retry_is_a_success():
    calls = []

    async def send():
        calls.append(1)
        if len(calls) == 1:
            raise aiohttp.ServerDisconnectedError()
        raise refused(transient.ALREADY_ACKNOWLEDGED)

    async def no_sleep(s):
        pass
    result = await transient._retry(send, "POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                                    repeatable=True, files=None, attempts=5, sleep=no_sleep)
    assert result is None and len(calls) == 2


def test_what_counts_as_passing():
    assert transient.is_transient(server_error(503))
    assert transient.is_transient(asyncio.TimeoutError())
    assert transient.is_transient(aiohttp.ServerDisconnectedError())
    assert not transient.is_transient(refused(50035))
    assert not transient.is_transient(ValueError())


def test_the_time_limit_comes_from_the_environment_or_is_ten_seconds(monkeypatch):
    for raw, expected in (("3.5", 3.5), ("", 10.0), ("soon", 10.0), ("-1", 10.0)):
        monkeypatch.setenv("DISCORD_REQUEST_TIMEOUT", raw)
        assert transient.request_timeout() == expected
    monkeypatch.delenv("DISCORD_REQUEST_TIMEOUT")
    assert transient.request_timeout() == 10.0
