"""The bot's slash commands as they are synced, built without a network or a store: what the
catalogs extract (``command_strings``) and what the tests compare (``synced_payload``)."""
from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot import GameBot
from cogs.commands import CatalogTranslator, command_texts


async def build_tree() -> discord.app_commands.CommandTree:
    """The bot's command tree with every game's commands loaded (no network, no store)."""
    bot = GameBot(None)             # the store is not used to build commands
    await bot.load_commands()
    return bot.tree


def command_strings() -> list[tuple[str, str]]:
    """(context, English text) of every name, description and choice of the commands."""
    async def go():
        tree = await build_tree()
        return sorted(set(command_texts(tree.get_commands())))
    return asyncio.run(go())


async def synced_payload(translated: bool = True) -> list[dict[str, Any]]:
    """What the bot sends to Discord when it syncs its global commands."""
    tree = await build_tree()
    translator = CatalogTranslator() if translated else None
    if translator is None:
        return [c.to_dict(tree) for c in tree.get_commands()]
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
