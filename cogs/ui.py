"""Buttons and selects as discord.ui.DynamicItems: their custom_id carries everything needed
(match, seat, the seat's action count and a fingerprint of the choices), so they work after a
restart without re-registering views, and a stale one is recognised and refused.

custom_id formats (all well under Discord's 100 characters):
    tbl:<op>:<match>                       lobby and board buttons
    act:<match>:<seat>:<count>:<fp>:<i>    one choice as a button
    sel:<match>:<seat>:<count>:<fp>        the choices as a select (values are indexes)
    lvl:<match>                            the lobby's "add an AI player" select (values: levels)
    lng:<match>                            the lobby's language menu (values: "table" or a language)
"""
from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING

import discord

from core.i18n import LANGUAGE_NAMES, available, tr
from engines.base import N_, Text
from engines.players import LEVELS

if TYPE_CHECKING:  # pragma: no cover
    from cogs.controller import Controller

MAX_BUTTONS = 5          # more choices than this become a select menu
MAX_SELECT = 25
LABEL_MAX = 80           # a button's label; select options are held to it as well
DESCRIPTION_MAX = 100    # a select option's description
PLACEHOLDER_MAX = 150


# The numbers a custom_id carries are bounded, so that a forged one never reaches the store
# out of its range (SQLite and PostgreSQL keep a match id in a signed 64-bit integer, at most
# 9,223,372,036,854,775,807): a match id has at most 18 digits, a seat's move count at most 9,
# a choice's index at most 3. A custom_id beyond them matches no item, and is refused like
# any outdated button (``refuse_stray``).
MID = r"(?P<mid>[0-9]{1,18})"
COUNT = r"(?P<count>[0-9]{1,9})"
FP = r"(?P<fp>[0-9a-f]{1,16})"
IDX = r"(?P<idx>[0-9]{1,3})"


def nonce_of(*parts: object) -> int:
    """A message nonce made of what the message is (a table's results, a seat's decision):
    the same every time that message is sent, so that a second send of it (by a process that
    took over after a crash) gets the first message back from Discord instead of a new one."""
    key = ":".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2s(key, digest_size=7).digest(), "big")


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a channel or a message, as Discord writes it."""
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}{tail}"


def controller(interaction: discord.Interaction) -> "Controller":
    return interaction.client.controller  # type: ignore[attr-defined]


class TableButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tbl:(?P<op>[a-z]{1,10}):" + MID):
    OPS = ("join", "leave", "ai", "unai", "start", "turn", "view", "again", "resume", "back", "map")

    def __init__(self, op: str, mid: int, label: str = "", style=discord.ButtonStyle.secondary,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=fit(label, LABEL_MAX) or op, style=style,
                                           custom_id=f"tbl:{op}:{mid}", disabled=disabled))
        self.op, self.mid = op, mid

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["mid"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_table_button(interaction, self.op, self.mid)


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=f"act:{MID}:(?P<seat>[A-Z]):{COUNT}:{FP}:{IDX}"):
    def __init__(self, mid: int, seat: str, count: int, fp: str, idx: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(
            label=fit(label, LABEL_MAX) or str(idx + 1), style=discord.ButtonStyle.primary,
            custom_id=f"act:{mid}:{seat}:{count}:{fp}:{idx}"))
        self.mid, self.seat, self.count, self.fp, self.idx = mid, seat, count, fp, idx

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["mid"]), match["seat"], int(match["count"]), match["fp"],
                   int(match["idx"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_choice(interaction, self.mid, self.seat, self.count,
                                                self.fp, self.idx)


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=f"sel:{MID}:(?P<seat>[A-Z]):{COUNT}:{FP}"):
    def __init__(self, mid: int, seat: str, count: int, fp: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"sel:{mid}:{seat}:{count}:{fp}", min_values=1, max_values=1,
            options=options or [discord.SelectOption(label="-", value="0")],
            placeholder=fit(placeholder, PLACEHOLDER_MAX) or None))
        self.mid, self.seat, self.count, self.fp = mid, seat, count, fp

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["mid"]), match["seat"], int(match["count"]), match["fp"],
                   list(getattr(item, "options", None) or []) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        try:
            idx = int(values[0])
        except (IndexError, ValueError):
            await controller(interaction).refuse(interaction, Text("That choice is not available."))
            return
        await controller(interaction).on_choice(interaction, self.mid, self.seat, self.count,
                                                self.fp, idx)


class _LobbyMenu:
    """A select of the lobby ("<prefix>:<match>", one value chosen)."""
    PREFIX = ""
    DEFAULT: tuple[str, ...] = ()

    def __init__(self, mid: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str = "") -> None:
        super().__init__(discord.ui.Select(  # type: ignore[call-arg]
            custom_id=f"{self.PREFIX}:{mid}", min_values=1, max_values=1,
            options=options or [discord.SelectOption(label=v, value=v) for v in self.DEFAULT],
            placeholder=fit(placeholder, PLACEHOLDER_MAX) or None))
        self.mid = mid

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["mid"]), list(getattr(item, "options", None) or []) or None)

    @staticmethod
    def chosen(interaction: discord.Interaction) -> str:
        values = (interaction.data or {}).get("values") or []
        return str(values[0]) if values else ""


class AILevelSelect(_LobbyMenu, discord.ui.DynamicItem[discord.ui.Select], template="lvl:" + MID):
    """The lobby's "Add an AI player…" menu: one option per AI level."""
    PREFIX, DEFAULT = "lvl", tuple(LEVELS)

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_table_button(interaction, "ai", self.mid,
                                                      level=self.chosen(interaction))


class LanguageSelect(_LobbyMenu, discord.ui.DynamicItem[discord.ui.Select], template="lng:" + MID):
    """The lobby's language menu: the language a player sees at every table (their panels,
    DMs, images and replies), or each table's own."""
    PREFIX, DEFAULT = "lng", ("table",)

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).on_language(interaction, self.mid, self.chosen(interaction))


DYNAMIC_ITEMS = (TableButton, ChoiceButton, ChoiceSelect, AILevelSelect, LanguageSelect)
OUR_PREFIXES = ("tbl:", "act:", "sel:", "lvl:", "lng:")
CUSTOM_ID_MAX = 100


def handled_by_an_item(interaction: discord.Interaction) -> bool:
    """Whether one of our buttons/selects will answer this component interaction: its
    custom_id matches an item's template and is on the message that was clicked (discord.py
    silently drops a custom_id that is not, and the user would see "interaction failed")."""
    data = interaction.data or {}
    cid = str(data.get("custom_id", ""))
    if len(cid) > CUSTOM_ID_MAX or not any(item.__discord_ui_compiled_template__.fullmatch(cid)
                                           for item in DYNAMIC_ITEMS):
        return False
    message = interaction.message
    if message is None:
        return False
    return any(getattr(c, "custom_id", None) == cid for row in message.components
               for c in getattr(row, "children", [row]))


async def refuse_stray(interaction: discord.Interaction) -> None:
    """A component interaction with one of our prefixes that no item will answer (a forged,
    malformed or outdated custom_id): one clear ephemeral refusal, nothing else."""
    if interaction.type != discord.InteractionType.component:
        return
    cid = str((interaction.data or {}).get("custom_id", ""))
    if not cid.startswith(OUR_PREFIXES) or handled_by_an_item(interaction):
        return
    await controller(interaction).refuse(
        interaction, Text("That button is out of date: use the newest panel (press Your turn)."))


def choice_view(mid: int, seat: str, count: int, fp: str, labels: list[str | None],
                placeholder: str = "", details: list[str | None] | None = None) -> discord.ui.View:
    """The panel for one decision: buttons for a few choices, a select for more. A label
    of None is a legal action that is not offered as a control (e.g. the time-out). A
    choice's detail (``details``, by the same index) is its select option's description;
    buttons have none, so a label says what matters on its own."""
    view = discord.ui.View(timeout=None)
    shown = [(i, label) for i, label in enumerate(labels) if label is not None]
    if len(shown) <= MAX_BUTTONS:
        for i, label in shown:
            view.add_item(ChoiceButton(mid, seat, count, fp, i, label))
    else:
        details = details or []
        opts = [discord.SelectOption(label=fit(label, LABEL_MAX), value=str(i),
                                     description=fit(details[i] if i < len(details) else None,
                                                     DESCRIPTION_MAX) or None)
                for i, label in shown[:MAX_SELECT]]
        view.add_item(ChoiceSelect(mid, seat, count, fp, opts, placeholder))
    return view


def lobby_view(mid: int, locale: str | None, *, can_start: bool = True) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton("join", mid, tr("Join", locale), discord.ButtonStyle.success))
    view.add_item(TableButton("leave", mid, tr("Leave", locale)))
    view.add_item(TableButton("unai", mid, tr("Remove AI", locale)))
    view.add_item(TableButton("start", mid, tr("Start", locale), discord.ButtonStyle.primary,
                              disabled=not can_start))
    levels = [discord.SelectOption(label=tr(AI_LEVEL_NAMES[k], locale), value=k,
                                   description=tr(AI_LEVEL_HINTS[k], locale)) for k in LEVELS]
    view.add_item(AILevelSelect(mid, levels, tr("Add an AI player…", locale)))
    languages = [discord.SelectOption(label=tr("The table's language ({lang})", locale,
                                               lang=LANGUAGE_NAMES.get(locale or "en", locale or "en")),
                                      value="table")]
    languages += [discord.SelectOption(label=LANGUAGE_NAMES.get(lang, lang), value=lang)
                  for lang in available()]
    view.add_item(LanguageSelect(mid, languages, tr("My language…", locale)))
    return view


#: how the lobby names the AI levels, and what a player may expect of each
AI_LEVEL_NAMES = {"easy": N_("Easy AI"), "normal": N_("Normal AI"), "hard": N_("Hard AI")}
AI_LEVEL_HINTS = {"easy": N_("Plays at once, by rules of thumb."),
                  "normal": N_("Looks ahead a little (about a tenth of a second per move)."),
                  "hard": N_("Looks further ahead (about a second per move).")}


def board_view(mid: int, locale: str | None, *, paused: bool = False,
               full_map: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton("turn", mid, tr("Your turn", locale), discord.ButtonStyle.primary))
    view.add_item(TableButton("view", mid, tr("My view", locale)))
    if full_map:
        view.add_item(TableButton("map", mid, tr("Full map", locale)))
    if paused:
        view.add_item(TableButton("resume", mid, tr("Resume", locale), discord.ButtonStyle.success))
    return view


def results_view(mid: int, locale: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton("again", mid, tr("Play again", locale), discord.ButtonStyle.success))
    return view


_LINK = re.compile(r"(?<=[A-Za-z0-9])://")


def md(s: str) -> str:
    """A text we do not write (a player's name, a question pack's text) as it is to read in
    a message or an embed's description: Discord's markdown leaves it as it is. No bold, no
    heading, no masked link (``[x](https://…)``) and no bare link (``https:\\/\\/``), no
    mention, of a user, a role, a channel or everyone (``@\\u200beveryone``). Control and
    direction characters went where the text entered (``core.text``). Buttons, footers and
    images show the text itself."""
    s = discord.utils.escape_markdown(s or "", ignore_links=False).replace("<", "\\<")
    return discord.utils.escape_mentions(_LINK.sub(r":\\/\\/", s))


def fit(s: str | None, n: int) -> str:
    """A text shortened to at most ``n`` characters at a word boundary, with an ellipsis:
    the one place where a label, description or placeholder is made to fit. Our own texts
    are written to fit; this is for those we do not write (player names, question packs).
    A single word longer than the limit is cut."""
    s = s or ""
    if len(s) <= n:
        return s
    s = " ".join(s.split())
    if len(s) <= n:
        return s
    head = s[: n - 1]
    if s[n - 1] != " ":                  # the cut falls inside a word: drop that word
        space = head.rfind(" ")
        if space > 0:
            head = head[:space]
    return head.rstrip(" ,;:—–-(") + "…"
