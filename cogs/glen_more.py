"""`/glenmore ...`: open a Glen More table. The turn decisions (tile, spot, payment,
activations, movement) come to the player as panels like every other game."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import (PING_CHOICES, TIMEOUT_CHOICES, TIMER_CHOICES, language_choices, open_table,
                         table_options)


class GlenMore(commands.GroupCog, group_name="glenmore", group_description="Glen More (2–5 players)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a Glen More table in this channel")
    @app_commands.describe(
        secret_scores="Keep running scores hidden until the end (each player sees their own)",
        oich_movement="After Loch Oich, movement points may still be spent",
        timer="Time for each decision", on_timeout="What happens when time runs out",
        pings="When players are mentioned in the thread",
        language="Language of the table's public posts")
    @app_commands.choices(timer=TIMER_CHOICES, on_timeout=TIMEOUT_CHOICES, pings=PING_CHOICES,
                          language=language_choices())
    async def new(self, interaction: discord.Interaction, secret_scores: bool | None = None,
                  oich_movement: bool | None = None, timer: int | None = None,
                  on_timeout: str | None = None, pings: str | None = None,
                  language: str | None = None) -> None:
        options = {k: v for k, v in (("secret_scores", secret_scores),
                                     ("oich_movement", oich_movement)) if v is not None}
        await open_table(self.bot, interaction, "glen_more", options,
                         table_options(timer, on_timeout, pings), language)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GlenMore(bot))
