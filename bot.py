"""Entry point: read the settings (environment or .env), open the store, load the cogs, run.

    python bot.py            # needs DISCORD_TOKEN, or SANDBOX=1 for the local stand-in
"""
from __future__ import annotations

import asyncio
import importlib.util
import logging
import os
import sys
from dataclasses import dataclass

import discord
from discord.ext import commands

import engines
from cogs import ui
from cogs.controller import Controller
from core.service import MatchService
from db.store import Store

log = logging.getLogger("bot")

GAME_COGS = {"libertalia": "cogs.libertalia", "glen_more": "cogs.glen_more",
             "whisky": "cogs.whisky", "keyflower": "cogs.keyflower"}

NO_TOKEN = """No Discord token was given, so the bot cannot log in.

Set DISCORD_TOKEN to your bot's token, either in the environment or in a file named .env
next to bot.py (copy .env.example to .env and fill it in). You get a token in the Discord
Developer Portal: your application > Bot > Reset Token.

To try the bot without Discord, run the local stand-in instead:
    SANDBOX=1 python bot.py      (starts the stand-in on 127.0.0.1:8765 and plays against it;
                                  open http://127.0.0.1:8765/ in a browser)
"""


@dataclass
class Config:
    token: str | None
    database: str
    sandbox: bool
    sandbox_port: int
    dev_guild: int | None
    use_threads: bool
    log_level: str
    guild_ready_timeout: float | None

    @classmethod
    def from_env(cls) -> "Config":
        try:
            from dotenv import load_dotenv
            load_dotenv()
        except ImportError:  # pragma: no cover - python-dotenv is a pinned dependency
            pass
        env = os.environ
        return cls(
            token=env.get("DISCORD_TOKEN") or None,
            database=env.get("DATABASE_PATH", "data/tablemaster.db"),
            sandbox=(env.get("SANDBOX", "0").lower() in ("1", "true", "yes")
                     or bool(env.get("SANDBOX_URL"))),
            sandbox_port=int(env.get("SANDBOX_PORT", "8765")),
            dev_guild=int(env["DEV_GUILD_ID"]) if env.get("DEV_GUILD_ID") else None,
            use_threads=env.get("USE_THREADS", "1").lower() in ("1", "true", "yes"),
            log_level=env.get("LOG_LEVEL", "INFO"),
            guild_ready_timeout=float(env["GUILD_READY_TIMEOUT"]) if env.get("GUILD_READY_TIMEOUT") else None,
        )


class GameBot(commands.Bot):
    def __init__(self, store: Store, *, games: list[str] | None = None, use_threads: bool = True,
                 dev_guild: int | None = None, **client_kwargs) -> None:
        intents = discord.Intents.default()
        # nothing the bot writes pings anyone unless a message names its users explicitly
        client_kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **client_kwargs)
        self.store = store
        self.service = MatchService(store)
        self.controller = Controller(self, self.service)
        self.games = games if games is not None else engines.available()
        self.use_threads = use_threads
        self.dev_guild = dev_guild

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*ui.DYNAMIC_ITEMS)
        await self.load_extension("cogs.tables")
        for game in self.games:
            # a game is offered once its engine and its cog are both there
            if game in GAME_COGS and importlib.util.find_spec(GAME_COGS[game]) is not None:
                await self.load_extension(GAME_COGS[game])
        loaded = await self.service.load_all()
        log.info("rebuilt %d open tables", len(loaded))
        if self.dev_guild:
            guild = discord.Object(self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        await self.controller.idle()
        await self.service.close()
        await super().close()


async def run(config: Config, **client_kwargs) -> None:
    store = await Store.open(config.database)
    token = config.token
    stand_in = None
    try:
        if config.sandbox:
            import sandbox
            if os.environ.get("SANDBOX_URL"):
                sandbox.patch_from_env()          # a stand-in that is already running
            else:                                  # start one in this process
                stand_in = await sandbox.Sandbox(port=config.sandbox_port).start()
                sandbox.patch_discord(stand_in.base_url)
                print(f"Sandbox Discord on {stand_in.base_url}/ - open it in a browser to play.")
            token = token or "sandbox-token"
        bot = GameBot(store, use_threads=config.use_threads, dev_guild=config.dev_guild,
                      **client_kwargs)
        async with bot:
            await bot.start(token)
    finally:
        await store.close()
        if stand_in is not None:
            await stand_in.stop()


def main() -> int:
    config = Config.from_env()
    logging.basicConfig(level=config.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not config.token and not config.sandbox:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    try:
        extra = {}
        if config.guild_ready_timeout is not None:
            extra["guild_ready_timeout"] = config.guild_ready_timeout
        asyncio.run(run(config, **extra))
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN. Check it in the Developer Portal.",
              file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
