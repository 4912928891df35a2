import pytest

from sandbox import Sandbox


@pytest.fixture
async def sb():
    sandbox = Sandbox()
    await sandbox.start()
    restore = sandbox.patch_discord()
    try:
        yield sandbox
    finally:
        restore()
        await sandbox.stop()
    assert not sandbox.errors, f"sandbox handler errors: {sandbox.errors}"
    assert not sandbox.unknown_routes, f"routes the sandbox does not serve: {sandbox.unknown_routes}"
