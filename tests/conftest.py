import pytest

import engines
from sandbox import Sandbox
from tests import toy
from tests.pg import pg_server, pg_url  # noqa: F401  (fixtures: a throwaway PostgreSQL)

engines.register("toy", toy.ENGINE, toy.AI)


@pytest.fixture
async def sb():
    """A Discord stand-in on a free port with discord.py pointed at it. A test fails if the
    stand-in saw a route it does not serve or had a handler error."""
    sandbox = Sandbox()
    await sandbox.start()
    restore = sandbox.patch_discord()
    try:
        yield sandbox
    finally:
        restore()
        await sandbox.stop()
    # a test that expects these clears them after asserting on them
    assert not sandbox.errors, f"sandbox handler errors: {sandbox.errors}"
    assert not sandbox.unknown_routes, f"routes the sandbox does not serve: {sandbox.unknown_routes}"
