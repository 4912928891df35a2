"""`/whisky ...`: open a table of The Whisky Game, and let server managers add question
packs. Questions are read out in the table's thread; only the player at the distillery can
answer, with the buttons under the question."""
from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import (PING_CHOICES, TIMEOUT_CHOICES, TIMER_CHOICES, language_choices, open_table,
                         table_language, table_options)
import engines
from cogs.ui import md
from core.i18n import tr
from engines.base import T

log = logging.getLogger(__name__)


class Whisky(commands.GroupCog, group_name="whisky", group_description="The Whisky Game (2–6 players)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a Whisky Game table in this channel")
    @app_commands.describe(
        victory_points="Points needed to win (with a bottle from every region)",
        end_rule="End at once when someone wins, or finish the round",
        question_time="Seconds to answer a question",
        add_on_cards="Add the supplementary special cards",
        extra_characters="Include the five extra characters",
        timer="Time for each decision", on_timeout="What happens when time runs out",
        pings="When players are mentioned in the thread",
        language="Language of the table's public posts")
    @app_commands.choices(
        victory_points=[app_commands.Choice(name=str(v), value=v) for v in (10, 15, 20, 25, 30, 35, 40)],
        end_rule=[app_commands.Choice(name="at once", value="immediate"),
                  app_commands.Choice(name="finish the round", value="finish_round")],
        question_time=[app_commands.Choice(name=f"{v} s" if v else "no limit", value=v)
                       for v in (0, 20, 30, 45, 60, 90, 120, 180)],
        timer=TIMER_CHOICES, on_timeout=TIMEOUT_CHOICES, pings=PING_CHOICES,
        language=language_choices())
    async def new(self, interaction: discord.Interaction, victory_points: int | None = None,
                  end_rule: str | None = None, question_time: int | None = None,
                  add_on_cards: bool | None = None, extra_characters: bool | None = None,
                  timer: int | None = None, on_timeout: str | None = None, pings: str | None = None,
                  language: str | None = None) -> None:
        options = {k: v for k, v in (
            ("victory_points", victory_points), ("end_rule", end_rule),
            ("question_timeout_s", question_time), ("supplementary_specials", add_on_cards),
            ("extra_characters", extra_characters)) if v is not None}
        from engines.whisky import qbank
        # questions in the table's language (English where a question has no translation)
        options["question_lang"] = table_language(interaction, language)
        if qbank.installed_pack_dirs(interaction.guild_id):
            # this server's packs, and no other server's (the option stays unset elsewhere)
            options["question_packs"] = str(interaction.guild_id)
        await open_table(self.bot, interaction, "whisky", options,
                         table_options(timer, on_timeout, pings), language)

    @app_commands.command(
        name="questions",
        description="Add a question pack for this server (.jsonl, ≤ 1 MB, ≤ 500 questions) — server managers")
    @app_commands.describe(
        pack="JSON Lines, a question a line: text ≤ 300 chars, options ≤ 80, info ≤ 400, id ≤ 32",
        language="The pack's language: another than English translates questions by their ids")
    @app_commands.choices(language=language_choices())
    @app_commands.default_permissions(manage_guild=True)
    async def questions(self, interaction: discord.Interaction, pack: discord.Attachment,
                        language: str = "en") -> None:
        from engines.whisky import qbank
        loc = interaction.locale
        if interaction.guild_id is None:
            await interaction.response.send_message(
                tr("Question packs belong to a server: add them in a server channel.", loc), ephemeral=True)
            return
        perms = getattr(interaction.user, "guild_permissions", None)
        if not (perms and perms.manage_guild):
            await interaction.response.send_message(tr("Only server managers can add question packs.", loc), ephemeral=True)
            return
        name = qbank.pack_file_name(pack.filename)
        if name is None or pack.size > qbank.MAX_PACK_BYTES:
            await interaction.response.send_message(
                tr(T("A pack is a .jsonl file of at most 1 MB with at most {n} question.",
                     plural="A pack is a .jsonl file of at most 1 MB with at most {n} questions.",
                     n=qbank.MAX_PACK_QUESTIONS), loc), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        # From here on every path ends in a followup: never leave "thinking…" behind.
        try:
            try:
                data = await pack.read()
            except (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError) as e:
                log.warning("question pack %r of guild %s: download failed: %r",
                            pack.filename, interaction.guild_id, e)
                await interaction.followup.send(
                    tr("The pack could not be downloaded from Discord, so nothing was added. "
                       "Please try again in a moment.", loc), ephemeral=True)
                return
            try:
                # checked against the built-in bank and this server's packs only, then saved
                # into this server's folder; a refused file installs nothing. Reading a
                # server's packs takes a while: in a thread, off the event loop
                added = await asyncio.to_thread(qbank.install_pack, data, name,
                                                interaction.guild_id, language)
            except qbank.QuestionError as e:
                await interaction.followup.send(
                    # (what it quotes of the file is shown as it is, never as markdown)
                    tr("The pack was not added: {error}", loc, error=md(tr(e.text, loc)))[:1900],
                    ephemeral=True)
                return
            # this server's banks are read again (other servers' stay as they are)
            await asyncio.to_thread(engines.get("whisky").reload_bank, interaction.guild_id)
            await interaction.followup.send(
                tr(T("Pack {name} added to this server: {n} question. New tables here use it.",
                     plural="Pack {name} added to this server: {n} questions. New tables here use it.",
                     name=md(name), n=added), loc), ephemeral=True)
        except Exception:
            log.exception("question pack %r of guild %s failed", pack.filename, interaction.guild_id)
            try:
                await interaction.followup.send(
                    tr("Something went wrong while adding the pack. Please try again later.", loc),
                    ephemeral=True)
            except discord.HTTPException:
                pass


async def setup(bot: commands.Bot) -> None:
    from engines.whisky import qbank
    stray = qbank.unowned_packs()
    if stray:
        # an operator upgrading from server-less packs would otherwise lose them silently
        log.warning("%d question pack(s) in %s belong to no server and are not loaded (%s): "
                    "move each into %s/<server id>/ to give it to that server",
                    len(stray), qbank.pack_dir(), ", ".join(p.name for p in stray[:5]),
                    qbank.pack_dir())
    await bot.add_cog(Whisky(bot))
