"""Checks on everything the real bot sent to the Discord stand-in during an end-to-end test."""
from __future__ import annotations

import re

import pytest

from tests import spec

MESSAGE_FIELDS = ("content", "embeds", "components", "attachments")


def message_bodies(sb):
    """(method, path, message payload) of every request that creates or edits a message:
    channel and DM messages, interaction responses and their follow-ups."""
    for method, path, body in sb.bodies:
        payload = body.get("data") if "/callback" in path else body
        if isinstance(payload, dict) and any(k in payload for k in MESSAGE_FIELDS):
            yield method, path, payload


def unsafe_mentions(method: str, payload: dict) -> str | None:
    """Why a message could ping more than the users it names, or None when it cannot. (An
    edit that leaves the text alone cannot ping: discord.py then sends no allowed_mentions.)"""
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        return "no allowed_mentions" if method == "POST" or "content" in payload else None
    parse = allowed.get("parse", [])
    if {"everyone", "roles", "users"} & set(parse):
        return f"parse={parse}"
    if allowed.get("roles"):
        return "roles listed"
    return None


@pytest.fixture
async def sb(sb):
    """The stand-in of tests/conftest.py. Afterwards: every request body the bot sent
    conforms to Discord's own API description, and no message could ping @everyone, @here,
    a role, or a user it did not name on purpose. The bot acknowledges first and answers
    after: clicks and commands return once it answered (``settle_deferred``)."""
    sb.settle_deferred = True
    yield sb
    broken = sorted({p for method, path, body in sb.bodies for p in spec.problems(method, path, body)})
    assert not broken, f"requests that break Discord's API description: {broken[:8]}"
    bad = [(m, p, why) for m, p, body in message_bodies(sb) if (why := unsafe_mentions(m, body))]
    assert not bad, f"messages that could ping more than intended: {bad[:5]}"
    # a DM goes to the cached DM channel (or one opened from the id): no user lookup first
    lookups = [p for m, p, _ in sb.requests if m == "GET" and re.fullmatch(r"/api/v10/users/\d+", p)]
    assert not lookups, f"user lookups before DMs: {lookups[:3]}"
