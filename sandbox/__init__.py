"""A loopback stand-in for Discord's REST API and gateway (tests and local play).

    from sandbox import Sandbox, patch_discord, TEST_CLIENT_KWARGS
    async with Sandbox() as sb:               # port 0: a free port
        patch_discord(sb.base_url)
        bot = GameBot(store, **TEST_CLIENT_KWARGS)   # bot.GameBot
        ...
        r = await sb.slash("anna", "glenmore new", secret_scores=False)
        r2 = await sb.click("bruno", r.message, label="Join")

See sandbox/README.md.
"""
from __future__ import annotations

from .driver import DriverMixin, InteractionResult, SandboxTimeout
from .faults import INTERACTION_ROUTES, KINDS as FAULT_KINDS, STARTUP_ROUTES, Fault, FaultPlan
from .patch import (
    DEFAULT_PORT, RECOMMENDED_GUILD_READY_TIMEOUT, TEST_CLIENT_KWARGS, patch_discord, patch_from_env,
    sandbox_url_from_env,
)
from .ratelimit import RateLimiter, RateLimitHit, RouteLimit
from .server import InteractionFailed, SandboxError, SandboxServer, SbInteraction
from .validate import ApiError
from .world import SbAttachment, SbChannel, SbMessage, SbUser, World


class Sandbox(DriverMixin, SandboxServer):
    """The stand-in server plus the driver API (and the web UI at /)."""

    def __init__(self, *, web_ui: bool = True, **kwargs) -> None:
        self._web_ui = web_ui
        super().__init__(**kwargs)
        self._driver_init()
        if self._restored_event_seq or (self.world_file is not None and self.world_file.loaded):
            # a world from a file: its messages count as seen "before now" (wait_for_message
            # with after=0 still finds them), and mark() goes on increasing
            self._event_seq = max(self._restored_event_seq, 1)
            self._last_change.update((mid, 1) for mid in self.world.messages)

    def _add_extra_routes(self, app) -> None:
        if self._web_ui:
            from .web import add_routes
            add_routes(self, app)

    def patch_discord(self):
        """``patch_discord(self.base_url)``; returns the restore function."""
        return patch_discord(self.base_url)


__all__ = [
    "Sandbox", "SandboxServer", "InteractionResult", "SbInteraction", "SbMessage", "SbUser", "SbChannel",
    "SbAttachment", "World", "SandboxError", "SandboxTimeout", "InteractionFailed", "ApiError",
    "patch_discord", "patch_from_env", "sandbox_url_from_env", "RECOMMENDED_GUILD_READY_TIMEOUT",
    "TEST_CLIENT_KWARGS", "DEFAULT_PORT", "RateLimiter", "RateLimitHit", "RouteLimit",
    "FaultPlan", "Fault", "FAULT_KINDS", "STARTUP_ROUTES", "INTERACTION_ROUTES",
]
