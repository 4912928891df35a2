"""Point discord.py at the sandbox (process-wide class attributes; the bot code is unchanged)."""
from __future__ import annotations

import os
from typing import Callable

#: ``guild_ready_timeout`` (a ``discord.Client`` keyword) to use in tests: ``on_ready`` fires
#: this long after the last GUILD_CREATE (discord.py's default is 2 s).
RECOMMENDED_GUILD_READY_TIMEOUT = 0.05

#: Extra ``Client``/``Bot`` keyword arguments recommended for tests against the sandbox.
TEST_CLIENT_KWARGS = {"guild_ready_timeout": RECOMMENDED_GUILD_READY_TIMEOUT}

DEFAULT_PORT = 8765


def patch_discord(base_url: str) -> Callable[[], None]:
    """Make discord.py talk to the sandbox at ``base_url`` (e.g. "http://127.0.0.1:8765").

    Sets ``discord.http.Route.BASE`` (REST, interaction callbacks, webhooks),
    ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (a plain Client never asks
    /gateway/bot) and ``discord.asset.Asset.BASE`` (so no asset request leaves the machine).
    Call it before ``bot.start()``; never call ``discord.http._set_api_version`` afterwards.
    Returns a function that restores the previous values."""
    import discord.asset
    import discord.gateway
    import discord.http
    import yarl

    base = base_url.rstrip("/")
    ws = "ws" + base[len("http"):] if base.startswith("http") else base
    old = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{ws}/gateway")
    discord.asset.Asset.BASE = f"{base}/cdn"

    def restore() -> None:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE = old
    return restore


def sandbox_url_from_env() -> str:
    """SANDBOX_URL, else http://127.0.0.1:$SANDBOX_PORT (default 8765)."""
    url = os.environ.get("SANDBOX_URL")
    if url:
        return url
    return f"http://127.0.0.1:{int(os.environ.get('SANDBOX_PORT', DEFAULT_PORT))}"


def patch_from_env() -> Callable[[], None]:
    """For bot.py in sandbox mode: ``sandbox.patch_from_env()`` before ``bot.start()``."""
    return patch_discord(sandbox_url_from_env())
