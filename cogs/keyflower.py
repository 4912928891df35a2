"""`/keyflower ...`: open a Keyflower table (with The Farmers by default). Bids, uses,
transports and placements come to the player as panels like every other game."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.tables import (PING_CHOICES, TIMEOUT_CHOICES, TIMER_CHOICES, language_choices, open_table,
                         table_options)


class Keyflower(commands.GroupCog, group_name="keyflower", group_description="Keyflower with The Farmers (2–6 players)"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a Keyflower table in this channel")
    @app_commands.describe(
        farmers="Play with The Farmers expansion (on by default)",
        farmers_variant="Farmers variant: every Farmers tile is in play",
        season_end="End-of-season order (Greek rulebook: tiles, boats, breeding)",
        timer="Time for each decision", on_timeout="What happens when time runs out",
        pings="When players are mentioned in the thread",
        language="Language of the table's public posts")
    @app_commands.choices(season_end=[
        app_commands.Choice(name="tiles, boats, breeding (Greek rulebook)", value="greek"),
        app_commands.Choice(name="boats, breeding, tiles", value="boats_first")],
                          timer=TIMER_CHOICES, on_timeout=TIMEOUT_CHOICES, pings=PING_CHOICES,
                          language=language_choices())
    async def new(self, interaction: discord.Interaction, farmers: bool | None = None,
                  farmers_variant: bool | None = None, season_end: str | None = None,
                  timer: int | None = None,
                  on_timeout: str | None = None, pings: str | None = None,
                  language: str | None = None) -> None:
        options = {k: v for k, v in (("farmers", farmers), ("farmers_variant", farmers_variant),
                                     ("season_end", season_end)) if v is not None}
        await open_table(self.bot, interaction, "keyflower", options,
                         table_options(timer, on_timeout, pings), language)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Keyflower(bot))
