"""Entry point: read the settings (environment or .env), open the store, load the cogs, run.

    python bot.py            # no DISCORD_TOKEN: local play in the browser (the stand-in of
                             # sandbox/, at http://127.0.0.1:8765/); with one: real Discord
"""
from __future__ import annotations

import asyncio
import importlib.util
import logging
import multiprocessing
import os
import signal
import socket
import sqlite3
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import discord
from discord.ext import commands

import engines
from cogs import ui
from cogs.controller import Controller
from cogs.pacing import GlobalPacer, global_rate, pace, share_rate
from cogs import transient
from cogs.transient import retrying, retrying_webhooks
from core.service import MatchService
from core.workers import AI_NICENESS, init_worker
from engines import players
from db import is_postgres_url
from db.store import Store

log = logging.getLogger("bot")

# The bot never joins a voice channel, so discord.py need not warn at every start that the
# voice libraries (PyNaCl, davey) are missing.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

GAME_COGS = {"libertalia": "cogs.libertalia", "glen_more": "cogs.glen_more",
             "whisky": "cogs.whisky", "keyflower": "cogs.keyflower"}

NO_TOKEN = """No Discord token was given and SANDBOX=0 turns local play off, so the bot cannot start.

Set DISCORD_TOKEN to your bot's token, either in the environment or in a file named .env
next to bot.py (copy .env.example to .env and fill it in). You get a token in the Discord
Developer Portal: your application > Bot > Reset Token.

To play locally in your browser instead, remove SANDBOX=0 (or set SANDBOX=1) and run
python bot.py again: it starts a stand-in for Discord on 127.0.0.1:8765.
"""

TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")

#: The local world (the stand-in's users, channels, messages) is kept in this file beside the
#: database, so stopping and starting local play continues every game.
WORLD_FILE = "sandbox-world.json"


@dataclass
class Config:
    token: str | None
    database: str               # DATABASE_URL (sqlite:///path, a path, postgresql://...)
    sandbox: bool               # play against the local stand-in instead of Discord
    sandbox_port: int
    dev_guild: int | None
    use_threads: bool
    log_level: str
    guild_ready_timeout: float | None
    sandbox_url: str | None = None      # a stand-in already running (python -m sandbox)
    render_processes: int | None = None  # None: one per core; 0: draw in a thread
    shard_count: int | None = None      # SHARD_COUNT; None: Discord's recommended count
    shard_ids: list[int] | None = None  # SHARD_IDS: this process's shards; None: all of them

    @property
    def world_file(self) -> Path:
        from db import sqlite_path       # with PostgreSQL the local world stays in data/
        return Path(sqlite_path(self.database) or "data/tablemaster.db").parent / WORLD_FILE

    @classmethod
    def from_env(cls) -> "Config":
        try:
            from dotenv import load_dotenv
            load_dotenv()
        except ImportError:  # pragma: no cover - python-dotenv is a pinned dependency
            pass
        env = os.environ
        token = env.get("DISCORD_TOKEN") or None
        url = env.get("SANDBOX_URL") or None
        switch = env.get("SANDBOX", "").strip().lower()
        # SANDBOX_URL or SANDBOX=1: the stand-in; SANDBOX=0: Discord; neither: Discord when
        # there is a token, else local play (so a first `python bot.py` just works)
        sandbox = bool(url) or switch in TRUE or (switch not in FALSE and token is None)
        return cls(
            token=token,
            database=(env.get("DATABASE_URL") or env.get("DATABASE_PATH")
                      or "data/tablemaster.db"),
            sandbox=sandbox,
            sandbox_url=url,
            sandbox_port=int(env.get("SANDBOX_PORT", "8765")),
            dev_guild=int(env["DEV_GUILD_ID"]) if env.get("DEV_GUILD_ID") else None,
            use_threads=env.get("USE_THREADS", "1").lower() in ("1", "true", "yes"),
            log_level=env.get("LOG_LEVEL", "INFO"),
            guild_ready_timeout=float(env["GUILD_READY_TIMEOUT"]) if env.get("GUILD_READY_TIMEOUT") else None,
            render_processes=int(env["RENDER_PROCESSES"]) if env.get("RENDER_PROCESSES") else None,
            shard_count=int(env["SHARD_COUNT"]) if env.get("SHARD_COUNT") else None,
            shard_ids=([int(x) for x in env["SHARD_IDS"].split(",") if x.strip()]
                       if env.get("SHARD_IDS") else None),
        )

    def check(self) -> None:
        """Refuse sharding settings that cannot work, with what to change."""
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise StartError("SHARD_IDS needs SHARD_COUNT too (e.g. SHARD_COUNT=2 SHARD_IDS=0).")
            bad = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if bad or not self.shard_ids:
                raise StartError(f"SHARD_IDS must name shards from 0 to {self.shard_count - 1}, "
                                 f"separated by commas (got {os.environ.get('SHARD_IDS')!r}).")
            if not is_postgres_url(self.database):
                raise StartError("Several bot processes (SHARD_IDS) must share one PostgreSQL "
                                 "database: set DATABASE_URL=postgresql://...")
        if self.shard_count is not None and self.shard_count < 1:
            raise StartError("SHARD_COUNT must be 1 or more.")


def process_rate(rate: int, shard_count: int | None, shard_ids: list[int] | None) -> int:
    """Requests per second for this process at start: Discord's global limit is the bot's,
    across all its processes, so each starts at its shards' share (then ``share_rate``
    follows the demand: DM clicks, and so most publishing, all come to shard 0)."""
    if shard_ids is None or not shard_count:
        return rate
    return max(1, int(rate * len(shard_ids) / shard_count))


class GameBot(commands.AutoShardedBot):
    """The bot: one process runs some shards (SHARD_IDS of SHARD_COUNT) or all of them."""

    def __init__(self, store: Store, *, games: list[str] | None = None, use_threads: bool = True,
                 dev_guild: int | None = None, render_processes: int | None = None,
                 shard_count: int | None = None, shard_ids: list[int] | None = None,
                 **client_kwargs) -> None:
        intents = discord.Intents.default()
        # nothing the bot writes pings anyone unless a message names its users explicitly
        client_kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, shard_count=shard_count, shard_ids=shard_ids,
                         **client_kwargs)
        self.pacer = GlobalPacer(process_rate(global_rate(), shard_count, shard_ids))
        self.shares_rate = shard_ids is not None        # other processes run the other shards
        pace(self.http, self.pacer)
        # Discord's passing failures are tried again (each try waits for the pacer)
        retrying(self.http)
        retrying_webhooks()
        self.store = store
        # searching AI seats think in worker processes of their own, so that neither the
        # event loop nor the board renders wait for a hard AI (0 render processes: a thread)
        self.ai_processes = 0 if render_processes == 0 else render_processes or os.cpu_count() or 1
        self.ai_pool = (ProcessPoolExecutor(self.ai_processes,
                                            mp_context=multiprocessing.get_context("spawn"),
                                            initializer=init_worker, initargs=(os.getpid(), AI_NICENESS))
                        if self.ai_processes else None)
        # with some shards only, this process looks after the tables of their guilds (and
        # answers any click: DMs all come to shard 0)
        self.service = MatchService(store, ai_pool=self.ai_pool, shards=(
            (shard_count, frozenset(shard_ids)) if shard_ids is not None else None))
        self.controller = Controller(self, self.service, render_processes)
        self.games = games if games is not None else engines.available()
        self.use_threads = use_threads
        self.dev_guild = dev_guild

    async def load_commands(self) -> None:
        """The cogs and their slash commands, translated from the catalogs when synced."""
        from cogs.commands import CatalogTranslator
        await self.tree.set_translator(CatalogTranslator())
        await self.load_extension("cogs.tables")
        for game in self.games:
            # a game is offered once its engine and its cog are both there
            if game in GAME_COGS and importlib.util.find_spec(GAME_COGS[game]) is not None:
                await self.load_extension(GAME_COGS[game])

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*ui.DYNAMIC_ITEMS)
        # the render workers start (and import Pillow and the fonts) while the bot connects
        self._render_warming = asyncio.ensure_future(self.controller.renderer.warm())
        self._render_warming.add_done_callback(lambda f: f.cancelled() or f.exception())
        if self.ai_pool is not None:
            # the AI workers import the games in the background: the bot answers meanwhile
            loop = asyncio.get_running_loop()
            self._ai_warming = asyncio.gather(*(loop.run_in_executor(self.ai_pool, players.warm)
                                                for _ in range(self.ai_processes)),
                                              return_exceptions=True)
        await self.load_commands()
        if self.shares_rate:
            self._sharing = asyncio.create_task(share_rate(
                self.pacer, self.store, f"{socket.gethostname()}:{os.getpid()}", global_rate()))
        # tables load on first use and, in the background, one by one: the bot answers at once
        await self.service.start_up(connected=self.wait_until_ready())
        if self.dev_guild:
            guild = discord.Object(self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if getattr(self, "_sharing", None) is not None:
            self._sharing.cancel()
        self.controller.stop_repairs()
        stats = transient.STATS
        if stats.retries or stats.gave_up:
            log.warning("Discord failed for a moment: tried again %d requests (%s); gave up on %d",
                        stats.retries, ", ".join(f"{k}: {v}" for k, v in sorted(stats.by_cause.items())),
                        stats.gave_up)
        await self.controller.idle()
        await self.service.close()
        self.controller.renderer.close()
        if self.ai_pool is not None:
            self.ai_pool.shutdown(wait=False, cancel_futures=True)
        await super().close()


class StartError(Exception):
    """Something outside the bot stops it from starting (the message says what to do)."""


async def open_database(database: str) -> Store:
    """The store (SQLite, or PostgreSQL for a postgresql:// URL), opened and written once; a
    database that cannot be opened or written is a StartError that says which, why and what
    to do, in one paragraph."""
    from db import open_store
    try:
        store = await open_store(database)
    except Exception as e:
        raise StartError(database_problem(database, e)) from None
    try:
        await store.check_writable()
    except Exception as e:
        await store.close()
        raise StartError(database_problem(database, e)) from None
    return store


def database_problem(database: str, e: BaseException) -> str:
    """Why the database cannot be used, and what to do about it."""
    from db import is_postgres_url, sqlite_path
    cause = str(e) or type(e).__name__
    if is_postgres_url(database):
        return (f"The bot cannot use its PostgreSQL database {_without_password(database)}: "
                f"{cause}. Check that the server is running and can be reached from here, and "
                f"that DATABASE_URL names the right host, port, user, password and database.")
    try:
        where = os.path.abspath(sqlite_path(database))
    except ValueError:                         # an unknown URL: the cause says so
        return f"The bot cannot use the database {database!r}: {cause}."
    if isinstance(e, (FileExistsError, NotADirectoryError)):
        what = ("Its folder cannot be made there, as a file is in the way: set DATABASE_PATH "
                "(or DATABASE_URL) to a file in a folder that exists or can be created.")
    elif isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError):
        what = ("That file is not a SQLite database (or it is damaged): set DATABASE_PATH (or "
                "DATABASE_URL) to another file, or move this one away to start afresh.")
    else:
        what = ("The bot must be able to create and write that file and its journal files "
                "beside it (-wal, -shm): make its folder and the file writable for the user "
                "that runs the bot, or set DATABASE_PATH (or DATABASE_URL) to a file elsewhere.")
    return f"The bot cannot use its database {where}: {cause}. {what}"


def _without_password(url: str) -> str:
    """A database URL fit for a message: its password left out."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':', 1)[0]}:***@{tail}" if ":" in user else url


async def run(config: Config, **client_kwargs) -> None:
    _stop_on_sigterm()
    config.check()
    store = await open_database(config.database)
    token = config.token
    stand_in = None
    try:
        if config.sandbox:
            import sandbox
            if config.sandbox_url:                 # a stand-in that is already running
                sandbox.patch_discord(config.sandbox_url)
                print(f"Local play against the stand-in at {config.sandbox_url} - open "
                      f"{config.sandbox_url.rstrip('/')}/ in a browser.", flush=True)
            else:                                  # start one in this process, with its world on disk
                stand_in = sandbox.Sandbox(port=config.sandbox_port, world_file=config.world_file)
                try:
                    await stand_in.start()
                except OSError as e:
                    stand_in = None
                    raise StartError(
                        f"Local play could not listen on 127.0.0.1:{config.sandbox_port} ({e.strerror or e}). "
                        f"Is bot.py already running? Stop it, or set SANDBOX_PORT to a free port.") from e
                sandbox.patch_discord(stand_in.base_url)
                print(f"Local play: open {stand_in.base_url}/ in a browser to play (no Discord needed).",
                      flush=True)
            if not config.token:
                print("To connect to real Discord instead, set DISCORD_TOKEN in .env (see .env.example).",
                      flush=True)
            token = token or "sandbox-token"
        bot = GameBot(store, use_threads=config.use_threads, dev_guild=config.dev_guild,
                      render_processes=config.render_processes, shard_count=config.shard_count,
                      shard_ids=config.shard_ids, **client_kwargs)
        async with bot:
            await bot.start(token)
    finally:
        await store.close()
        if stand_in is not None:
            await stand_in.stop()               # writes the local world a last time


def _stop_on_sigterm() -> None:
    """SIGTERM (systemd, docker stop, kill) shuts down as cleanly as Ctrl+C does; a second
    SIGTERM ends the process at once."""
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()

    def stop() -> None:
        loop.remove_signal_handler(signal.SIGTERM)
        task.cancel()
    try:
        loop.add_signal_handler(signal.SIGTERM, stop)
    except (NotImplementedError, RuntimeError, AttributeError):   # pragma: no cover - Windows
        pass


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
    except StartError as e:
        print(e, file=sys.stderr)
        return 4
    except (KeyboardInterrupt, asyncio.CancelledError):      # Ctrl+C, SIGTERM
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
