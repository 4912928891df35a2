"""A small real discord.py bot (written here, not the project's bot) for the sandbox suite:
a GroupCog with slash commands, DynamicItem buttons and selects, a modal, threads, DMs."""
from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
from discord import app_commands  # noqa: E402
from discord.ext import commands  # noqa: E402
from PIL import Image  # noqa: E402

from sandbox import TEST_CLIENT_KWARGS  # noqa: E402


def png_bytes(w: int = 480, h: int = 320, color=(30, 90, 160)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), color).save(buf, "PNG")
    return buf.getvalue()


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sbx-join:(?P<table>[0-9]+)"):
    """Persistent button: ephemeral ack, then the private hand by DM (ephemeral fallback on 50007)."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Join", style=discord.ButtonStyle.primary,
                                           custom_id=f"sbx-join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        bot.log.append(("join", self.table, interaction.user.id, bot.generation))
        await interaction.response.send_message(f"You joined table {self.table}", ephemeral=True)
        try:
            await interaction.user.send(f"Your secret hand for table {self.table}: 7 of cups",
                                        file=discord.File(io.BytesIO(png_bytes(64, 64)), "hand.png"),
                                        view=discord.ui.View(timeout=None).add_item(HandButton(self.table)))
        except discord.Forbidden as e:
            bot.log.append(("dm-forbidden", e.code))
            await interaction.followup.send(f"DMs closed - your hand for table {self.table}: 7 of cups",
                                            ephemeral=True)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sbx-hand:(?P<table>[0-9]+)"):
    """A button inside a DM: the interaction comes without guild and member."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Play a card", custom_id=f"sbx-hand:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.log.append(("hand", interaction.guild_id, type(interaction.channel).__name__,
                                       interaction.user.name))
        await interaction.response.send_message(f"You played a card at table {self.table}")


class RefreshButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sbx-refresh:(?P<n>[0-9]+)"):
    """Deferred update (type 6), then @original edit/get, and a followup edited by id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Refresh", style=discord.ButtonStyle.secondary,
                                           custom_id=f"sbx-refresh:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        nxt = self.n + 1
        await interaction.edit_original_response(
            content=f"panel v{nxt}", view=discord.ui.View(timeout=None).add_item(RefreshButton(nxt)))
        orig = await interaction.original_response()
        f = await interaction.followup.send("working", ephemeral=True, wait=True)
        f = await f.edit(content="done")
        again = await interaction.followup.fetch_message(f.id)
        interaction.client.log.append(("panel", orig.content, again.content))


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sbx-pick:(?P<table>[0-9]+)"):
    """Persistent select: answers with a type-7 update of the message it is on."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"sbx-pick:{table}", placeholder="Pick a card",
            options=[discord.SelectOption(label=f"Card {i}", value=str(i)) for i in range(1, 6)]))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = self.item.values[0]
        await interaction.response.edit_message(content=f"{interaction.user.display_name} picked card {picked}",
                                                view=None)


class Ask(discord.ui.Modal, title="A question"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="sbx-answer", max_length=50)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"You said {self.answer.value}", ephemeral=True)


class Demo(commands.GroupCog, name="demo"):
    def __init__(self, bot) -> None:
        self.bot = bot

    @app_commands.command(name="new", description="Open a table")
    @app_commands.describe(players="How many players")
    @app_commands.choices(speed=[app_commands.Choice(name="slow", value="slow"),
                                 app_commands.Choice(name="fast", value="fast")])
    async def new(self, interaction: discord.Interaction, players: int, speed: str = "slow",
                  host: discord.Member | None = None, public: bool = True,
                  pace: str = "slow") -> None:
        table = interaction.id % 100000
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(table))
        view.add_item(PickSelect(table))
        who = host.display_name if host else interaction.user.display_name
        embed = discord.Embed(title=f"Table {table}", description=f"{players} players, {speed}")
        embed.set_image(url="attachment://board.png")
        await interaction.response.send_message(
            f"Table {table} by {who}", embed=embed, view=view, ephemeral=not public,
            file=discord.File(io.BytesIO(png_bytes()), "board.png", description="An empty board"))

    @app_commands.command(name="slow", description="A deferred reply edited later")
    async def slow(self, interaction: discord.Interaction, ephemeral: bool = False) -> None:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
        await asyncio.sleep(0)   # "rendering"
        await interaction.edit_original_response(
            content="Rendered", attachments=[discord.File(io.BytesIO(png_bytes(100, 50)), "late.png")])

    @app_commands.command(name="thread", description="Open a thread for a table")
    async def thread(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True)
        msg = await interaction.channel.send(f"Table thread: {name}")
        th = await msg.create_thread(name=name)
        await th.send("Welcome to the table", view=discord.ui.View(timeout=None).add_item(JoinButton(1)))
        loose = await interaction.channel.create_thread(name=f"{name}-side", type=discord.ChannelType.public_thread)
        await loose.send("side thread")
        private = await interaction.channel.create_thread(name=f"{name}-private")   # discord.py's default
        await private.add_user(interaction.user)
        await private.send("only members see this")
        await interaction.followup.send(f"Opened {th.mention}", ephemeral=True)

    @app_commands.command(name="edit", description="Post, then edit a channel message")
    async def edit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        ch = interaction.channel
        msg = await ch.send("status v1", file=discord.File(io.BytesIO(png_bytes(10, 10)), "a.png"))
        msg = await msg.edit(content="status v2")                           # keeps a.png
        fetched = await ch.fetch_message(msg.id)
        self.bot.log.append(("edit-kept", [a.filename for a in fetched.attachments]))
        msg = await msg.edit(content="status v3",
                             attachments=[discord.File(io.BytesIO(png_bytes(20, 20)), "b.png")])  # replaces
        data = await msg.attachments[0].read()
        self.bot.log.append(("edit-read", len(data)))
        await interaction.edit_original_response(content="edited")

    @app_commands.command(name="twice", description="Answers twice (a bug)")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first", ephemeral=True)
        # discord.py guards against this itself; a bot with two handlers for one interaction
        # would not be guarded, so bypass the guard to let the sandbox see a second callback.
        interaction.response._response_type = None
        try:
            await interaction.response.send_message("second", ephemeral=True)
        except discord.HTTPException as e:
            self.bot.log.append(("twice", e.status, e.code))

    @app_commands.command(name="dm", description="DM someone")
    async def dm(self, interaction: discord.Interaction, user: discord.User) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await user.send("psst")
            await interaction.followup.send("sent")
        except discord.Forbidden as e:
            self.bot.log.append(("dm-forbidden", e.code))
            await interaction.followup.send(f"cannot DM {user.display_name}")

    @app_commands.command(name="ask", description="Opens a modal")
    async def ask(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Ask())

    @app_commands.command(name="sleepy", description="Answers too late")
    async def sleepy(self, interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as e:
            self.bot.log.append(("late", e.code))

    @app_commands.command(name="menu", description="Followup with components")
    async def menu(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("first followup fills the deferred message")
        await interaction.followup.send("second followup", ephemeral=True,
                                        view=discord.ui.View(timeout=None).add_item(PickSelect(7)))

    @app_commands.command(name="panel", description="A message edited through deferred updates")
    async def panel(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("panel v1", view=discord.ui.View(timeout=None).add_item(RefreshButton(1)))

    @app_commands.command(name="oops", description="Reply, then delete the reply")
    async def oops(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("oops")
        await interaction.delete_original_response()
        self.bot.log.append(("oops-deleted",))

    @app_commands.command(name="big", description="Upload a file of the given size")
    async def big(self, interaction: discord.Interaction, kib: int) -> None:
        await interaction.response.defer()
        try:
            await interaction.followup.send("big file", file=discord.File(io.BytesIO(b"x" * (kib * 1024)), "big.bin"))
            self.bot.log.append(("big", "ok"))
        except discord.HTTPException as e:
            self.bot.log.append(("big", e.status, e.code))
            await interaction.followup.send("too big")

    @app_commands.command(name="long", description="Too long a message")
    async def long(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as e:
            self.bot.log.append(("long", e.status, e.code))
            await interaction.response.send_message("shortened", ephemeral=True)

    @app_commands.command(name="whoami", description="Echo what discord.py parsed")
    async def whoami(self, interaction: discord.Interaction) -> None:
        p = interaction.permissions
        await interaction.response.send_message(
            f"{interaction.locale.value}|{interaction.guild_locale.value}|{interaction.user.display_name}"
            f"|threads={p.manage_threads}|app_attach={interaction.app_permissions.attach_files}"
            f"|limit={interaction.filesize_limit}", ephemeral=True)

    @app_commands.command(name="later", description="Edits its deferred reply when the test says so")
    async def later(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await self.bot.gate.wait()
        try:
            await interaction.edit_original_response(content="late edit")
            self.bot.log.append(("later", "ok"))
        except discord.HTTPException as e:
            self.bot.log.append(("later", e.status, e.code))

    @app_commands.command(name="v2", description="A components-v2 layout with a button inside a container")
    async def v2(self, interaction: discord.Interaction) -> None:
        class Layout(discord.ui.LayoutView):
            def __init__(self) -> None:
                super().__init__(timeout=None)
                self.add_item(discord.ui.Container(
                    discord.ui.TextDisplay("## Round 1\nWaiting for: Anna, Chloe"),
                    discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
                    discord.ui.ActionRow(JoinButton(5)),
                ))
        await interaction.response.send_message(
            view=Layout(), file=discord.File(io.BytesIO(png_bytes(200, 100)), "board.png"))

    @app_commands.command(name="burst", description="Send many channel messages at once")
    async def burst(self, interaction: discord.Interaction, count: int, spread: bool = False) -> None:
        """``count`` messages sent concurrently, in this channel or spread over every text
        channel of the guild; then a follow-up says how many went out (rate-limit tests)."""
        await interaction.response.defer(ephemeral=True)
        channels = (sorted(interaction.guild.text_channels, key=lambda c: c.position) if spread
                    else [interaction.channel])
        results = await asyncio.gather(*(channels[i % len(channels)].send(f"burst {i}") for i in range(count)),
                                       return_exceptions=True)
        errors = [type(r).__name__ for r in results if isinstance(r, BaseException)]
        self.bot.log.append(("burst", count - len(errors), errors))
        await interaction.followup.send(f"sent {count - len(errors)} of {count}", ephemeral=True)

    @new.autocomplete("pace")      # Discord refuses choices and autocomplete on one option
    async def pace_ac(self, interaction, current: str):
        return [app_commands.Choice(name=s, value=s) for s in ("slow", "fast") if s.startswith(current)]


class LogList(list):
    """A list whose appends wake up waiters."""

    def __init__(self) -> None:
        super().__init__()
        self._waiters: list[tuple[object, asyncio.Future]] = []

    def append(self, item) -> None:
        super().append(item)
        for entry, fut in self._waiters:
            if entry == item and not fut.done():
                fut.set_result(True)

    async def wait_for(self, entry, timeout: float) -> None:
        if entry in self:
            return
        fut = asyncio.get_running_loop().create_future()
        self._waiters.append((entry, fut))
        try:
            await asyncio.wait_for(fut, timeout)
        finally:
            self._waiters.remove((entry, fut))


class DemoBot(commands.Bot):
    def __init__(self, generation: int = 1, *, members: bool = False, **kw) -> None:
        intents = discord.Intents.default()
        intents.members = members
        super().__init__(command_prefix="!", intents=intents, **TEST_CLIENT_KWARGS, **kw)
        self.generation = generation
        self.log: list = LogList()
        self.gate = asyncio.Event()

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.log.append(("message", message.author.name, message.channel.id, message.content))

    async def wait_log(self, entry, timeout: float = 5.0) -> None:
        """Wait until ``entry`` is in ``self.log`` (resolved by append, no polling)."""
        await self.log.wait_for(entry, timeout)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton, PickSelect, HandButton, RefreshButton)
        await self.add_cog(Demo(self))
        await self.tree.sync()


class ShardedDemoBot(commands.AutoShardedBot, DemoBot):
    """AutoShardedBot asks GET /gateway/bot for the gateway URL."""


async def start_bot(generation: int = 1, *, cls=DemoBot, **kw) -> tuple[DemoBot, asyncio.Task]:
    bot = cls(generation, **kw)
    task = asyncio.create_task(bot.start("sandbox-token"))
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
    if task in done:                # start() ended early: surface its exception
        ready.cancel()
        task.result()
        raise RuntimeError("bot.start() returned before ready")
    if ready not in done:
        raise TimeoutError("bot not ready within 10 s")
    return bot, task


async def stop_bot(bot: DemoBot, task: asyncio.Task) -> None:
    await bot.close()
    await asyncio.wait_for(task, 5)


