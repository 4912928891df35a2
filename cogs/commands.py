"""The slash commands in every language we have: a discord.py Translator backed by the
gettext catalogs, and the command tree as the bot syncs it (for the catalog extraction and
for tests that check the tree against Discord's rules without a network).

Command, group and option names, descriptions and choice names are catalog messages with
a context that says which they are, so "new" the command and "new" elsewhere never mix."""
from __future__ import annotations

import re
from typing import Iterator

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from core.i18n import DEFAULT, available, translations

CONTEXTS = {
    Where.command_name: "slash command name",
    Where.group_name: "slash command name",
    Where.parameter_name: "slash command name",
    Where.command_description: "slash command description",
    Where.group_description: "slash command description",
    Where.parameter_description: "slash command description",
    Where.choice_name: "slash command choice",
}
NAMES = {Where.command_name, Where.group_name, Where.parameter_name}


def command_name(text: str) -> str:
    """A translated name as Discord takes it: lower case, words joined by "-", at most 32
    characters of letters, digits, "-", "_" and "'"."""
    text = re.sub(r"\s+", "-", text.strip().lower())
    text = "".join(ch for ch in text if ch.isalnum() or ch in "-_'")
    return text[:32]


class CatalogTranslator(app_commands.Translator):
    """Discord asks once per string and locale when the commands are synced (thousands of
    calls: the languages with a catalog are looked up on disk once, not at every call)."""

    _languages: frozenset[str] | None = None

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if self._languages is None:
            self._languages = frozenset(available())
        lang = str(locale.value).split("-")[0]
        ctx = CONTEXTS.get(context.location)
        if lang == DEFAULT or lang not in self._languages or ctx is None:
            return None
        out = translations(lang).pgettext(ctx, string.message)
        if out == string.message:
            return None             # untranslated: Discord shows the English one
        return command_name(out) if context.location in NAMES else out


def command_texts(commands) -> Iterator[tuple[str, str]]:
    for cmd in commands:
        yield CONTEXTS[Where.command_name], cmd.name
        yield CONTEXTS[Where.command_description], cmd.description
        if isinstance(cmd, app_commands.Group):
            yield from command_texts(cmd.commands)
            continue
        for p in cmd.parameters:
            yield CONTEXTS[Where.parameter_name], p.name
            yield CONTEXTS[Where.parameter_description], p.description
            for c in p.choices:
                yield CONTEXTS[Where.choice_name], c.name
