"""Fixtures for the sandbox suite: a Sandbox on a free port, discord.py patched to it, and
the demo bot of ``sandbox_testbot.py`` running in the same event loop."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sandbox_testbot import start_bot, stop_bot  # noqa: E402


@pytest.fixture
async def bot(sb, caplog):
    b, task = await start_bot()
    try:
        yield b
    finally:
        await stop_bot(b, task)
    # an exception inside a handler of the test bot is a failure even if the test passed
    bad = [r for r in caplog.get_records("call") if r.name.startswith("discord") and r.levelno >= 40]
    assert not bad, f"discord.py logged errors: {[r.getMessage() for r in bad]}"
