"""`/table ...`: the commands every game shares (join, leave, addbot, start, abort, status,
rules, hand, spectate, history, resume, help), and the helper every game's `new` uses."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

import engines
from core.i18n import LANGUAGE_NAMES, LOCALES, available, language as language_of, tr
from core.service import BrokenMatch, ServiceError, resolve_table_options
from cogs.controller import Controller, clip, jump_url
from cogs.ui import md
from core.text import player_name
from engines.base import IllegalAction, T, Text

RULES_DIR = LOCALES / "rules"


def rules_text(game: str, locale: str | None) -> str:
    """Our own summary of a game's rules, in the reader's language when we have it."""
    for lang in (language_of(locale), "en"):
        p = RULES_DIR / lang / f"{game}.md"
        if p.exists():
            return p.read_text(encoding="utf-8")
    return tr("No rules summary yet.", locale)


def language_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=LANGUAGE_NAMES.get(lang, lang), value=lang) for lang in available()]


class Tables(commands.GroupCog, group_name="table", group_description="Tables of every game"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def controller(self) -> Controller:
        return self.bot.controller  # type: ignore[attr-defined]

    @property
    def service(self):
        return self.controller.service

    async def _here(self, interaction: discord.Interaction, statuses=("lobby", "running"), *,
                    broken_ok: bool = False):
        """The table here (``BrokenMatch`` when its saved game is damaged, unless
        ``broken_ok``: closing it)."""
        try:
            m = await self.service.find(interaction.channel_id, statuses=statuses)
        except BrokenMatch as e:
            if not broken_ok:
                raise
            m = e.match
        if m is None:
            raise ServiceError("There is no open table here. Start one with /libertalia new (or another game's new).")
        interaction.extras["match"] = m       # replies in the language of that table
        return m

    def _locale(self, interaction: discord.Interaction) -> str:
        return self.controller.reply_locale(interaction)

    async def _run(self, interaction: discord.Interaction, coro_fn) -> None:
        """Acknowledge at once (only the user sees the answer), then do the work and answer
        (a refusal or a failure too: ``Controller.safely``)."""
        if not await self.controller.acknowledge(interaction):
            return
        async with self.controller.safely(interaction):
            await coro_fn()

    async def _say(self, interaction: discord.Interaction, text, **params) -> None:
        await self.controller.reply(interaction, tr(text, self._locale(interaction), **params))

    @app_commands.command(name="join", description="Sit down at the open table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("lobby",))
            await self.service.join(m.id, interaction.user.id, interaction.user.display_name,
                                    str(interaction.locale))
            await self._say(interaction, "You sat down at table #{id}.", id=m.id)
        await self._run(interaction, go)

    @app_commands.command(name="leave", description="Stand up from the table before it starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("lobby",))
            await self.service.leave(m.id, interaction.user.id)
            await self._say(interaction, "You left table #{id}.", id=m.id)
        await self._run(interaction, go)

    @app_commands.command(name="addbot", description="Add an AI player to the table")
    @app_commands.describe(level="How strong it plays (default: easy)")
    @app_commands.choices(level=[
        app_commands.Choice(name="easy: plays at once", value="easy"),
        app_commands.Choice(name="normal: looks ahead a little", value="normal"),
        app_commands.Choice(name="hard: thinks about a second per move", value="hard")])
    async def addbot(self, interaction: discord.Interaction, level: str = "easy") -> None:
        async def go():
            m = await self._here(interaction, ("lobby",))
            await self.service.add_ai(m.id, interaction.user.id, level)
            await self._say(interaction, "An AI player sat down.")
        await self._run(interaction, go)

    @app_commands.command(name="removebot", description="Remove the last AI player from the table")
    async def removebot(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("lobby",))
            await self.service.remove_ai(m.id, interaction.user.id)
            await self._say(interaction, "An AI player left.")
        await self._run(interaction, go)

    @app_commands.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("lobby",))
            await self.service.start(m.id, interaction.user.id)
            await self._say(interaction, "The game has started.")
        await self._run(interaction, go)

    @app_commands.command(name="abort", description="Close the table (host or server managers)")
    async def abort(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, broken_ok=True)
            perms = getattr(interaction.user, "guild_permissions", None)
            await self.service.abort(m.id, interaction.user.id,
                                     is_admin=bool(perms and perms.manage_guild))
            await self._say(interaction, "Table #{id} was closed.", id=m.id)
        await self._run(interaction, go)

    @app_commands.command(name="resume", description="Resume a game paused by its timer")
    async def resume(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("running",))
            await self.service.resume(m.id, interaction.user.id)
            await self._say(interaction, "The game goes on.")
        await self._run(interaction, go)

    @app_commands.command(name="status", description="Where the game in this channel stands")
    async def status(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction)
            embed = self.controller.lobby_embed(m) if m.status == "lobby" else self.controller.status_embed(m)
            await self.controller.reply(interaction, embed=embed)
        await self._run(interaction, go)

    @app_commands.command(name="hand", description="Show your own hidden information (only you see it)")
    async def hand(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("running",))
            await self.controller.show_private(interaction, m)
        await self._run(interaction, go)

    @app_commands.command(name="spectate", description="See the current board of the game here")
    async def spectate(self, interaction: discord.Interaction) -> None:
        async def go():
            m = await self._here(interaction, ("running",))
            r = await self.controller.renderer.run("board", m.game, self.controller.view_for(m, None),
                                                   self._locale(interaction), m.names())
            f = discord.File(io.BytesIO(r.png), filename=r.filename, description=clip(r.alt, 1000))
            where = jump_url(m.guild_id, m.home_channel, m.board_message_id)
            await self.controller.reply(
                interaction, tr("You are watching table #{id}; follow it here: {where}",
                                self._locale(interaction), id=m.id, where=where), file=f)
        await self._run(interaction, go)

    @app_commands.command(name="rules", description="A summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=[app_commands.Choice(name=n, value=n) for n in engines.GAMES])
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async def go():
            g = game
            if g is None:
                # the game of this channel's table, or of the thread's, even once it ended
                g = await self.service.game_here(interaction.channel_id)
                if g is None:
                    raise ServiceError("Which game? Choose one in the game option.")
            text = rules_text(g, self._locale(interaction))
            chunks = [text[i:i + 1900] for i in range(0, len(text), 1900)] or [""]
            for c in chunks[:5]:
                await self.controller.reply(interaction, c)
        await self._run(interaction, go)

    @app_commands.command(name="language", description="The language of your own panels, DMs and replies")
    @app_commands.describe(language="A language, or 'table' to see each table's own language again")
    @app_commands.choices(language=[app_commands.Choice(name="table", value="table")]
                          + language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async def go():
            chosen = None if language in ("table", "discord") else language
            if chosen is not None and chosen not in available():
                raise ServiceError("There is no {lang} translation.", lang=language)
            await self.service.set_language(interaction.user.id, chosen)
            if chosen is None:
                await self.controller.reply(interaction, tr(
                    "At each table you now see the table's own language.", self.controller.user_locale(interaction)))
            else:
                await self.controller.reply(interaction, tr(
                    "Your panels, DMs and replies are now in {lang}, at every table.", chosen,
                    lang=LANGUAGE_NAMES.get(chosen, chosen)))
        await self._run(interaction, go)

    @app_commands.command(name="history", description="Your last finished games")
    async def history(self, interaction: discord.Interaction) -> None:
        async def go():
            rows = await self.service.store.user_history(interaction.user.id, limit=10)
            loc = self._locale(interaction)
            if not rows:
                await self.controller.reply(interaction, tr("You have no finished games yet.", loc))
                return
            lines = []
            for r in rows:
                title = tr(engines.get(r.game).title, loc)
                if r.status == "aborted" or not r.result:
                    lines.append(tr("#{id} {game}: closed before the end", loc, id=r.id, game=title))
                    continue
                names = r.result.get("names", {})
                scores = ", ".join(f"{md(player_name(names.get(s, s)))} {v}" for s, v in sorted(
                    r.result["scores"].items(), key=lambda kv: r.result["ranks"][kv[0]]))
                lines.append(tr("#{id} {game} ({date}): {scores}", loc, id=r.id, game=title,
                                date=(r.finished_at or "")[:10], scores=scores))
            await self.controller.reply(interaction, clip("\n".join(lines)))
        await self._run(interaction, go)

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await self.controller.reply(interaction, tr(HELP, self.controller.user_locale(interaction)))


HELP = T("**How to play**\n"
        "• Open a table: `/libertalia new`, `/glenmore new`, `/whisky new` or `/keyflower new`.\n"
        "• Sit down with **Join** (or `/table join`), add AI players (easy, normal or hard) from the **Add an AI player…** menu; the host presses **Start**.\n"
        "• The game goes on in a thread. When it is your turn you get your choices by DM; "
        "if your DMs are closed, press **Your turn** on the board.\n"
        "• **My view** (or `/table hand`) shows your hidden cards only to you.\n"
        "• `/table rules` summarises the rules, `/table status` shows where the game stands, "
        "`/table spectate` lets anyone watch, `/table history` lists your finished games.\n"
        "• A table speaks the language it was opened in (the `language` option of `new`), in the thread, "
        "your DMs and your panels. To see your own language at every table, choose it in the lobby's "
        "language menu or with `/table language`; `/table language table` goes back to each table's own.\n"
        "• The host (or a server manager) can close a table with `/table abort`.")


def table_options(timer: int | None, on_timeout: str | None, pings: str | None = None) -> dict:
    """The table options given to a `/<game> new` (unset ones keep their defaults)."""
    given = {"timer": timer, "on_timeout": on_timeout, "pings": pings}
    return {k: v for k, v in given.items() if v is not None}


TIMER_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in (
    ("off", 0), ("1 minute", 60), ("2 minutes", 120), ("5 minutes", 300), ("10 minutes", 600),
    ("30 minutes", 1800), ("1 hour", 3600), ("1 day", 86400))]
TIMEOUT_CHOICES = [app_commands.Choice(name="AI moves for the player", value="ai"),
                   app_commands.Choice(name="pause the game", value="pause")]
PING_CHOICES = [app_commands.Choice(name="on the first decision of a turn", value="first"),
                app_commands.Choice(name="on every decision", value="all"),
                app_commands.Choice(name="never", value="off")]




def table_language(interaction: discord.Interaction, chosen: str | None) -> str:
    """A new table's language: the one chosen, else the server's preferred one, when a
    catalog exists for it."""
    return language_of(chosen or str(interaction.guild_locale or interaction.locale))


async def open_table(bot, interaction: discord.Interaction, game: str, options: dict,
                     table: dict, lang: str | None) -> None:
    """What every `/<game> new` does: open the table and post its lobby here, as the
    command's answer. What can be refused without waiting for anything is refused at once,
    to the user only; then the command is acknowledged before the table is stored."""
    controller: Controller = bot.controller
    locale = controller.user_locale(interaction)
    if interaction.guild_id is None:
        await controller.refuse(interaction, Text("Tables are opened in a server channel, not in DMs."), locale)
        return
    try:
        engines.get(game).resolve_options(options)
        resolve_table_options(table)
    except IllegalAction as e:
        await controller.refuse(interaction, e.text, locale)
        return
    except ServiceError as e:
        await controller.refuse(interaction, e.text, locale)
        return
    if not await controller.acknowledge(interaction, ephemeral=False):
        return

    async def withdrawn(interaction: discord.Interaction, e: ServiceError) -> None:
        try:
            await interaction.delete_original_response()     # the refusal is for the user only
        except discord.HTTPException:
            pass
        await controller.refuse(interaction, e.text, locale)
    async with controller.safely(interaction, refused=withdrawn):
        m = await controller.service.open_table(
            game, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
            host_id=interaction.user.id, host_name=interaction.user.display_name,
            host_locale=str(interaction.locale), options=options, table=table,
            lang=table_language(interaction, lang))
        await controller.post_lobby(m, interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tables(bot))
