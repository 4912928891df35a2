"""`/libertalia ...`: open a Libertalia table. Everything else goes through /table and the
shared panels (picks by DM, dusk decisions as buttons/selects)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import (PING_CHOICES, TIMEOUT_CHOICES, TIMER_CHOICES, language_choices, open_table,
                         table_options)


# the engine option "abilities" (engines/libertalia/setup.py, optional.py)
ABILITY_CHOICES = [app_commands.Choice(name="mandatory (official FAQ)", value="mandatory"),
                   app_commands.Choice(name="optional (Greek rulebook text)", value="optional")]


class Libertalia(commands.GroupCog, group_name="libertalia", group_description="Libertalia (2–6 players)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a Libertalia table in this channel")
    @app_commands.describe(
        abilities="Character abilities: mandatory (official FAQ) or optional (Greek rulebook)",
        timer="Time for each decision", on_timeout="What happens when time runs out",
        pings="When players are mentioned in the thread",
        language="Language of the table's public posts")
    @app_commands.choices(abilities=ABILITY_CHOICES, timer=TIMER_CHOICES, on_timeout=TIMEOUT_CHOICES,
                          pings=PING_CHOICES, language=language_choices())
    async def new(self, interaction: discord.Interaction, abilities: str | None = None,
                  timer: int | None = None, on_timeout: str | None = None, pings: str | None = None,
                  language: str | None = None) -> None:
        options = {"abilities": abilities} if abilities is not None else {}
        await open_table(self.bot, interaction, "libertalia", options,
                         table_options(timer, on_timeout, pings), language)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Libertalia(bot))
