"""`/whisky ...`: open a table of The Whisky Game, and let server managers add question
packs. Questions are read out in the table's thread; only the player at the distillery can
answer, with the buttons under the question."""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import TIMEOUT_CHOICES, TIMER_CHOICES, language_choices, open_table, table_options
import engines
from core.i18n import tr

MAX_PACK_BYTES = 1024 * 1024


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
        language="Language of the table's public posts")
    @app_commands.choices(
        victory_points=[app_commands.Choice(name=str(v), value=v) for v in (10, 15, 20, 25, 30, 35, 40)],
        end_rule=[app_commands.Choice(name="at once", value="immediate"),
                  app_commands.Choice(name="finish the round", value="finish_round")],
        question_time=[app_commands.Choice(name=f"{v} s" if v else "no limit", value=v)
                       for v in (0, 20, 30, 45, 60, 90, 120, 180)],
        timer=TIMER_CHOICES, on_timeout=TIMEOUT_CHOICES, language=language_choices())
    async def new(self, interaction: discord.Interaction, victory_points: int | None = None,
                  end_rule: str | None = None, question_time: int | None = None,
                  add_on_cards: bool | None = None, extra_characters: bool | None = None,
                  timer: int | None = None, on_timeout: str | None = None,
                  language: str | None = None) -> None:
        options = {k: v for k, v in (
            ("victory_points", victory_points), ("end_rule", end_rule),
            ("question_timeout_s", question_time), ("supplementary_specials", add_on_cards),
            ("extra_characters", extra_characters)) if v is not None}
        await open_table(self.bot, interaction, "whisky", options,
                         table_options(timer, on_timeout), language)

    @app_commands.command(name="questions", description="Add a question pack (.jsonl) — server managers")
    @app_commands.describe(pack="A JSON Lines file: one question per line, as in the bot's own bank")
    @app_commands.default_permissions(manage_guild=True)
    async def questions(self, interaction: discord.Interaction, pack: discord.Attachment) -> None:
        from engines.whisky import qbank
        loc = interaction.locale
        perms = getattr(interaction.user, "guild_permissions", None)
        if not (perms and perms.manage_guild):
            await interaction.response.send_message(tr("Only server managers can add question packs.", loc), ephemeral=True)
            return
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", pack.filename)
        if not name.endswith(".jsonl") or pack.size > MAX_PACK_BYTES:
            await interaction.response.send_message(
                tr("A pack is a .jsonl file of at most 1 MB.", loc), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await pack.read()
        target = qbank.pack_dir()
        final = target / name
        try:
            if final.exists():
                raise qbank.QuestionError(f"{name}: a pack with this name is already installed")
            # validate against the built-in bank and every installed pack, before installing
            with tempfile.TemporaryDirectory() as tmp:
                (Path(tmp) / name).write_bytes(data)
                dirs = [str(target)] if target.is_dir() else []
                bank = qbank.load_bank("en", dirs + [tmp])
        except (qbank.QuestionError, ValueError, UnicodeDecodeError) as e:
            await interaction.followup.send(tr("The pack was not added: {error}", loc, error=str(e)[:1500]), ephemeral=True)
            return
        target.mkdir(parents=True, exist_ok=True)
        final.write_bytes(data)
        engines.get("whisky").reload_bank()
        added = sum(1 for line in data.decode("utf-8").splitlines() if line.strip())
        await interaction.followup.send(
            tr("Pack {name} added: {n} questions (the bank now has {total}). New tables use it.", loc,
               name=name, n=added, total=len(bank)), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Whisky(bot))
