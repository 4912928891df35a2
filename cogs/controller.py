"""The Discord side of a table: answers clicks, and publishes every change of a match
(lobby, board image, whose turn, DMs, results) in the patterns of docs/UX.md.

The match service tells us about changes through a listener; publishing runs in a task per
change, serialised per match, so an interaction is answered at once and the board is drawn
off the event loop. Decision panels and notifications live in ``cogs.panels``."""
from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import secrets
from collections import deque
from contextlib import asynccontextmanager
from typing import Any, Awaitable, Callable

import discord

import render
from core.i18n import LANGUAGE_NAMES, available, player_language, tr, translator
from core.service import BrokenMatch, Change, Match, MatchService, Seat, ServiceError, is_store_failure
from engines.base import Event, Option, T, Text
from cogs import ui
from cogs.panels import NO_MENTIONS, Panels, clip, mentioning
from cogs.transient import is_transient
from cogs.ui import jump_url
from render.common import seat_rgb
from render.pool import Renderer

log = logging.getLogger(__name__)

REDRAW_KINDS = {"steps", "undo", "paused"}
KEY_KINDS = {"reveal", "scoring", "round_end", "game_end", "question", "answer"}
LOG_LINES = 6
CONTENT_MAX = 2000
EMBED_MAX = 4000
# the palette's colours in seat order (render.common.SEAT_STYLES), and colours a game may
# give its seats itself (view["seat_colours"]), by name
COLOUR_NAMES = [T("orange"), T("sky blue"), T("green"), T("yellow"), T("purple"), T("vermillion")]
GAME_COLOUR_NAMES = {"yellow": T("yellow"), "red": T("red"), "blue": T("blue"), "green": T("green"),
                     "black": T("black"), "white": T("white"), "purple": T("purple"),
                     "orange": T("orange")}
STORY_LINES = 40
ANSWER_WAIT_S = 10.0    # a publication waits at most this long for the click it follows
#: after a publication that failed (Discord down longer than the retries of cogs.transient),
#: the table is brought up to date again after these pauses, until it works
REPAIR_PAUSES_S = (1.0, 2.0, 5.0, 10.0, 20.0, 30.0, 60.0, 60.0, 60.0, 60.0, 120.0, 300.0)
ENDED = ("finished", "aborted")
# parts of a seat's own view that belong to a decision, not to the hand it holds
NOT_HAND = {"you", "prompt", "move_options", "pending", "to_act"}
# what a command or click that failed answers (see Controller.safely)
NOT_SAVED = T("That could not be saved; please try again.")
FAILED = T("Something went wrong on our side; please try again.")

__all__ = ["Controller", "clip", "jump_url", "mentioning", "story_text"]


def story_text(story: list[str], key: list[str]) -> str:
    """A key moment for the thread: its headline first, then what happened since the last
    one (as many lines as fit), within 2000 characters."""
    head = "\n".join(f"**{k}**" for k in key)
    lines: list[str] = []
    room = CONTENT_MAX - len(head) - 10
    for line in reversed(story):
        if len(line) + 3 > room:
            break
        lines.insert(0, f"· {line}")
        room -= len(line) + 3
    return clip("\n".join([head] + lines))


def duration(t, seconds: int) -> str:
    """60 -> "1 min", 86400 -> "1 day": the timer in the lobby."""
    if seconds % 86400 == 0:
        return t(T("{n} day", plural="{n} days", n=seconds // 86400))
    if seconds % 3600 == 0:
        return t(T("{n} hour", plural="{n} hours", n=seconds // 3600))
    if seconds % 60 == 0:
        return t(T("{n} minute", plural="{n} minutes", n=seconds // 60))
    return t(T("{n} second", plural="{n} seconds", n=seconds))


def is_closed_dm(e: Exception) -> bool:
    return isinstance(e, discord.Forbidden) and getattr(e, "code", 0) == 50007


def private_part(public: Any, own: Any) -> Any:
    """What a seat's own view shows beyond the spectators' view (its hand, its secrets)."""
    if isinstance(public, dict) and isinstance(own, dict):
        out = {}
        for k, v in own.items():
            if k in NOT_HAND:
                continue
            if k not in public:
                out[k] = v
            elif public[k] != v:
                out[k] = private_part(public[k], v)
        return out
    return own


class Controller:
    def __init__(self, bot: discord.Client, service: MatchService,
                 render_processes: int | None = None) -> None:
        self.bot = bot
        self.service = service
        self.renderer = Renderer(render_processes)
        self.panels = Panels(self)
        self.dm_closed: set[int] = set()
        # user id -> DM channel id: discord.py keeps only the newest 128 DM channels, so with
        # more players than that every DM would open its channel again (one more request)
        self.dm_channels: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self._log: dict[int, deque[str]] = {}
        self._story: dict[int, list[str]] = {}   # public lines since the last key moment
        self._dm_notice: set[tuple[int, int]] = set()
        self._redraws: dict[int, int] = {}   # board redraws queued per match (coalesced)
        self._answering: dict[int, set[asyncio.Event]] = {}   # clicks of the match being answered
        self._restoring: dict[int, asyncio.Event] = {}   # a match whose panels are being restored
        self._board_after: dict[int, discord.Embed] = {}  # the board embed once superseded
        self._hands: dict[tuple[int, str], str] = {}      # digest of the hand last shown
        self._repairing: dict[int, asyncio.Task] = {}     # tables being brought up to date
        service.add_listener(self.on_change)
        if hasattr(bot, "add_listener"):
            bot.add_listener(ui.refuse_stray, "on_interaction")

    # --- plumbing -------------------------------------------------------------------------
    async def on_change(self, match: Match, change: Change) -> None:
        if change.kind in REDRAW_KINDS:
            self._redraws[match.id] = self._redraws.get(match.id, 0) + 1
        if change.kind == "restored":
            self._restoring[match.id] = asyncio.Event()
        task = asyncio.create_task(self._publish_serialised(match, change))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until the AI seats have moved and every pending publication is done (tests,
        shutdown)."""
        while True:
            await self.service.settled()
            if not self._tasks:
                return
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _publish_serialised(self, match: Match, change: Change) -> None:
        lock = self._locks.setdefault(match.id, asyncio.Lock())
        async with lock:
            answering = [asyncio.ensure_future(e.wait()) for e in self._answering.get(match.id, ())]
            if answering:
                # the clicks that caused this change are answered first (all of them: two
                # players may click at once): each panel shows its choice, and a next decision
                # is offered there
                _, pending = await asyncio.wait(answering, timeout=ANSWER_WAIT_S)
                for waiter in pending:
                    waiter.cancel()
            try:
                await self._publish(match, change)
            except Exception as e:
                if is_transient(e):
                    log.warning("publishing %s of match %s failed (%r); repairing it", change.kind, match.id, e)
                else:
                    log.exception("publishing %s of match %s failed", change.kind, match.id)
                self.repair_soon(match)
            finally:
                if change.kind in REDRAW_KINDS:
                    self._redraws[match.id] -= 1
                if change.kind == "restored" and match.id in self._restoring:
                    self._restoring.pop(match.id).set()

    # --- repair ----------------------------------------------------------------------------
    def repair_soon(self, match: Match) -> None:
        """Something of this table could not be published: it is brought up to date from its
        state (``reconcile``) after a pause, and again after longer ones until that works."""
        if match.id in self._repairing:
            return
        task = asyncio.create_task(self._repair(match.id))
        self._repairing[match.id] = task
        task.add_done_callback(lambda _: self._repairing.pop(match.id, None))

    async def repaired(self) -> None:
        """Wait until every table being repaired is up to date (or given up on); tests."""
        while True:
            await self.idle()             # (a publication still running may start a repair)
            if not self._repairing:
                return
            await asyncio.gather(*list(self._repairing.values()), return_exceptions=True)

    def stop_repairs(self) -> None:
        """At shutdown: the next process repairs what is left (its restore does)."""
        for task in self._repairing.values():
            task.cancel()

    async def _repair(self, mid: int) -> None:
        for attempt, pause in enumerate(REPAIR_PAUSES_S, 1):
            await asyncio.sleep(pause)
            m = self.service.matches.get(mid)
            if m is None:
                return                    # no longer this process's (or gone)
            async with self._locks.setdefault(mid, asyncio.Lock()):
                try:
                    await self.reconcile(m)
                except Exception as e:
                    if not is_transient(e):
                        log.exception("repairing match %s failed", mid)
                    else:
                        log.warning("repairing match %s failed (%r), try %d", mid, e, attempt)
                    continue
            log.info("match %s is up to date again (repair %d)", mid, attempt)
            return
        log.error("match %s could not be brought up to date after %d tries", mid, len(REPAIR_PAUSES_S))

    async def reconcile(self, m: Match) -> None:
        """Whatever a failed publication left out, from the table's state: its lobby, thread,
        board (with the lines it should have carried), every decision panel not delivered,
        the mentions, the hands; or the whole end of a table that ended."""
        if m.status == "lobby":
            await self.edit_lobby(m)
            return
        if m.status in ENDED:
            await self._publish(m, Change("ended" if m.status == "finished" else "aborted"))
            return
        if m.status != "running" or m.state is None:
            return
        await self.open_thread(m)
        await self.edit_lobby(m)
        if m.board_nonce is not None or not m.board_message_id:
            story = self._story.pop(m.id, [])
            try:
                await self.post_board(m, story_text(story, []) if story else None, nonce=m.board_nonce)
            except Exception:
                self._story[m.id] = story + self._story.get(m.id, [])
                raise
        else:
            await self.edit_board(m)
        await self.panels.mention(m, await self.panels.deliver(m, {}))
        await self.refresh_hands(m)

    async def restored(self, match_id: int) -> None:
        """Wait (a little) until the panels a loaded match's players hold are known again
        (the "restored" publication), so that a click on it does not act without them: Your
        turn would leave the DM panel it replaces live."""
        event = self._restoring.get(match_id)
        if event is not None:
            try:
                await asyncio.wait_for(event.wait(), ANSWER_WAIT_S)
            except asyncio.TimeoutError:
                pass

    def channel(self, channel_id: int, guild_id: int | None = None) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id, guild_id=guild_id)

    def t(self, match: Match, locale: str | None = None, *, markdown: bool = True):
        """A translator for a table's texts, with its players' names in place of seat
        letters: in the table's language, or in a player's (see ``locale``). Names and the
        texts of question packs come escaped (``ui.md``) for a message or an embed's text;
        ``markdown=False`` for a button, a select, a footer, where Discord shows text as is."""
        return translator(locale or match.lang, match.names(), ui.md if markdown else None)

    def locale(self, match: Match, who: "Seat | discord.Interaction | None") -> str:
        """The language of what one player sees at this table (DMs, panels, images, replies):
        the one they chose for themselves (/table language, the lobby's menu), else the
        table's."""
        if who is None:
            return match.lang
        user_id = who.user.id if isinstance(who, discord.Interaction) else who.user_id
        return self.service.languages.get(user_id) or match.lang

    def user_locale(self, interaction: discord.Interaction) -> str:
        """The language of a reply away from any table: the user's own choice, else their
        Discord language when a catalog exists for it, else English."""
        return self.service.languages.get(interaction.user.id) or player_language(
            str(interaction.locale), "en")

    async def acknowledge(self, interaction: discord.Interaction, *, ephemeral: bool = True,
                          thinking: bool = False) -> bool:
        """The interaction's first response, before anything that can wait (the match's lock,
        the store, a render, an AI): a click is deferred as an update of its message
        (``thinking``: as a reply to come, shown only to the user when ``ephemeral``), a
        command as a reply to come. False when Discord no longer takes it (it came too late
        to be answered): then nothing is done with it, as the user was told it failed."""
        if interaction.response.is_done():
            return True
        try:
            if interaction.type == discord.InteractionType.component and not thinking:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        except discord.NotFound:
            log.warning("interaction %s expired before it could be acknowledged", interaction.id)
            return False
        except discord.HTTPException as e:
            if e.code != 40060:                 # acknowledged already
                raise
        return True

    async def reply(self, interaction: discord.Interaction, content: str | None = None,
                    **kwargs: Any) -> discord.Message | None:
        """A reply only the user sees: the interaction's response, or (once acknowledged)
        its followup, which fills a "thinking" defer."""
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if interaction.response.is_done():
            return await interaction.followup.send(content, ephemeral=True, wait=True, **kwargs)
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
        return None

    async def update_clicked(self, interaction: discord.Interaction, **kwargs: Any) -> None:
        """Edit the message whose button or menu was used (after a defer: its original)."""
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)

    async def refuse(self, interaction: discord.Interaction, text: Text | str,
                     locale: str | None = None) -> None:
        """One ephemeral line that says what to do instead (in ``locale``: the player's
        language at the table; else their Discord one)."""
        await self.reply(interaction, tr(text, locale or str(interaction.locale)))

    def reply_locale(self, interaction: discord.Interaction) -> str:
        """What a reply is written in: at a table (``interaction.extras["match"]``) the
        player's language there, else their own choice or their Discord language."""
        m = interaction.extras.get("match")
        return self.locale(m, interaction) if m is not None else self.user_locale(interaction)

    async def refuse_error(self, interaction: discord.Interaction, e: ServiceError) -> None:
        await self.refuse(interaction, e.text, self.reply_locale(interaction))

    @asynccontextmanager
    async def safely(self, interaction: discord.Interaction, *,
                     refused: Callable[[discord.Interaction, ServiceError], Awaitable[None]] | None = None):
        """Around what every command and click does once acknowledged: whatever goes wrong
        is answered, never left as "This interaction failed". A refusal (``ServiceError``)
        is one ephemeral line in the player's language (``refused``: answered that way
        instead); the store failing (a full or read-only disk, a database out of reach)
        says that it could not be saved and to try again, anything else that something went
        wrong (both logged). The service changes nothing in memory that it did not store."""
        try:
            yield
        except ServiceError as e:
            if isinstance(e, BrokenMatch):
                interaction.extras.setdefault("match", e.match)
            await (refused or self.refuse_error)(interaction, e)
        except Exception as e:
            log.exception("%s of %s failed", _what(interaction), interaction.user.id)
            await (refused or self.refuse_error)(
                interaction, ServiceError(NOT_SAVED if is_store_failure(e) else FAILED))

    async def refuse_click(self, interaction: discord.Interaction, e: ServiceError,
                           m: Match | None, seat: str | None) -> None:
        """Refuse a click; a panel the refusal says is out of date, clicked by its own
        player (or of a table that ended), loses its buttons so that it is not clicked again."""
        s = m.seat(seat) if m is not None and seat else None
        locale = self.locale(m, interaction) if m is not None else None
        await self.refuse(interaction, e.text, locale)
        msg = interaction.message
        if not e.stale or msg is None:
            return
        if s is not None and s.user_id != interaction.user.id and m.status == "running":
            return
        note = tr("*(out of date)*", locale or str(interaction.locale))
        try:
            await self.update_clicked(interaction, content=clip((msg.content or "") + "\n" + note),
                                      view=None)
        except discord.HTTPException:
            log.info("could not retire the out-of-date panel %s", msg.id)

    # --- messages ---------------------------------------------------------------------------
    def lobby_embed(self, m: Match) -> discord.Embed:
        t = self.t(m)
        engine = m.engine
        e = discord.Embed(title=t("{game} — table #{id}", game=t(engine.title), id=m.id),
                          colour=discord.Colour.gold())
        seats = "\n".join(
            f"**{s.seat}** · {ui.md(s.name)}"
            + (f" ({t(ui.AI_LEVEL_NAMES.get(s.ai_level or 'easy', 'AI'))})" if s.is_ai else "")
            + (f" — {t('host')}" if s.user_id == m.host_id else "") for s in m.seats)
        e.add_field(name=t("Seats: {n} of {min}–{max}", n=len(m.seats), min=engine.min_players,
                           max=engine.max_players), value=seats or "—", inline=False)
        opts = self.option_lines(m)
        if opts:
            e.add_field(name=t("Options"), value=clip("\n".join(opts), 1000), inline=False)
        if m.status == "lobby":
            e.set_footer(text=t("Press Join to sit down. The host presses Start."))
        elif m.status == "aborted":
            e.set_footer(text=t("This table was closed."))
        elif m.status == "finished" and m.outcome() is not None:
            e.set_footer(text=self.winner_line(m))
        else:
            e.set_footer(text=t("The game has started."))
            if m.thread_id:
                e.description = t("The game goes on in {thread}.", thread=f"<#{m.thread_id}>")
        return e

    def option_lines(self, m: Match) -> list[str]:
        """The table's options that differ from the defaults, by name and in words."""
        t = self.t(m)
        spec = m.engine.options()
        lines = []
        for key, value in m.options.items():
            if key not in spec:
                continue
            opt = Option(*spec[key])
            if value == opt.default or opt.label is None:
                continue
            if opt.values and value in opt.values:
                shown = t(opt.values[value])
            elif isinstance(value, bool):
                shown = t("yes") if value else t("no")
            else:
                shown = str(value)
            lines.append(f"{t(opt.label or opt.help).rstrip('.')}: {shown}")
        if m.table.get("timer"):
            then = t("then an AI move") if m.table.get("on_timeout") == "ai" else t("then a pause")
            lines.append(t("Timer: {time} per decision, {then}", time=duration(t, m.table["timer"]), then=then))
        pings = m.table.get("pings", "first")
        if pings != "first":
            lines.append(t("Mentions: {when}", when=t("on every decision") if pings == "all" else t("never")))
        return lines

    def winner_line(self, m: Match) -> str:
        """(for a footer: the names as they are)"""
        t = self.t(m, markdown=False)
        o = m.outcome()
        names = ", ".join(m.seat(w).name for w in o.winners)
        return (t("The game is over. Winner: {names}", names=names) if len(o.winners) == 1
                else t("The game is over. Shared victory: {names}", names=names))

    def status_embed(self, m: Match, *, waiting: bool = True) -> discord.Embed:
        """The board's embed; ``waiting=False`` leaves out whose turn it is (for a board
        message that a newer one replaced)."""
        t = self.t(m)
        engine = m.engine
        lines = []
        if m.state is not None:
            lines.append(t(engine.status(m.state)))
            asked = m.to_act()
            if waiting and asked and m.status == "running":
                names = ", ".join(f"{s} {ui.md(m.seat(s).name)}" for s in asked if m.seat(s))
                lines.append(t("Waiting for: {names}", names=names))
            if waiting and m.paused:
                lines.append(t("Paused: press Resume to go on."))
        recent = list(self._log.get(m.id, []))
        if recent:
            lines.append("")
            lines += [f"• {x}" for x in recent]
        e = discord.Embed(title=t("{game} — table #{id}", game=t(engine.title), id=m.id),
                          description=clip("\n".join(lines), EMBED_MAX), colour=discord.Colour.blurple())
        e.set_footer(text=self.seat_legend(m))
        return e

    def seat_legend(self, m: Match, *, markdown: bool = False) -> str:
        """Who sits where, in the seat's colour: the game's own colours once it gave them
        (for a footer; ``markdown``: for a message's text)."""
        t = self.t(m)
        own = (m.engine.view(m.state, None).get("seat_colours") or {}) if m.state is not None else {}
        return " · ".join(
            f"{s.seat} = {ui.md(s.name) if markdown else s.name} ({t(GAME_COLOUR_NAMES.get(own.get(s.seat)) or COLOUR_NAMES[i % 6])})"
            for i, s in enumerate(m.seats))

    def view_for(self, m: Match, seat: str | None) -> dict:
        """An engine's view for a renderer, with the players' names (``names``: seat letter
        -> display name) so that images name players as the posts do."""
        view = m.engine.view(m.state, seat)
        view["names"] = m.names()
        return view

    async def board_file(self, m: Match) -> discord.File:
        view = self.view_for(m, None)
        rendered = await self.renderer.run("board", m.game, view, m.lang, m.names())
        return discord.File(io.BytesIO(rendered.png), filename=rendered.filename,
                            description=clip(rendered.alt, 1000))

    def board_buttons(self, m: Match) -> discord.ui.View | None:
        if m.status != "running":
            return None
        return ui.board_view(m.id, m.lang, paused=m.paused, full_map=render.has_full_board(m.game))

    def _board_embeds(self, m: Match, filename: str) -> discord.Embed:
        embed = self.status_embed(m)
        embed.set_image(url=f"attachment://{filename}")
        later = self.status_embed(m, waiting=False)
        later.set_image(url=f"attachment://{filename}")
        self._board_after[m.id] = later
        return embed

    async def post_board(self, m: Match, header: str | None = None, *, nonce: int | None = None) -> None:
        """A new board message (key moments); the previous one loses its buttons and its
        "Waiting for" line, so nothing above says whose turn it is but the newest board. The
        post's nonce is stored first: a process that dies before it stored the new board's
        id leaves it to the next one, which posts again with that nonce (``nonce``) and gets
        the same message back."""
        drawn = m.version.stamp if m.version is not None else None
        f = await self.board_file(m)
        if drawn is not None:      # a new board is posted in any case: its header is news
            await self.service.store.claim_board(m.id, drawn)
        superseded = self._board_after.get(m.id)
        embed = self._board_embeds(m, f.filename)
        view = self.board_buttons(m)
        if nonce is None:
            nonce = secrets.randbits(52)
            await self.service.set_messages(m, board_nonce=nonce)
        msg = await self.channel(m.home_channel).send(
            content=clip(header) if header else None, embed=embed, file=f, view=view, nonce=nonce)
        old = m.board_message_id
        if old and old != msg.id:
            # stripped before the new board is stored: a process that dies in between leaves
            # the post's nonce, and the next one strips it then (it is still the stored board)
            try:
                kwargs: dict[str, Any] = {"view": None}
                if superseded is not None:
                    kwargs["embed"] = superseded
                await self.channel(m.home_channel).get_partial_message(old).edit(**kwargs)
            except discord.HTTPException:
                log.info("could not strip the old board message %s", old)
        await self.service.set_messages(m, board_message_id=msg.id, board_nonce=None)

    async def edit_board(self, m: Match) -> None:
        if self._redraws.get(m.id, 0) > 1 and m.status == "running":
            return      # a newer change is queued and will draw the latest board
        if not m.board_message_id:
            await self.post_board(m)
            return
        drawn = m.version.stamp if m.version is not None else None
        f = await self.board_file(m)
        if drawn is not None and not await self.service.store.claim_board(m.id, drawn):
            return      # another process has drawn a newer state of this match meanwhile
        embed = self._board_embeds(m, f.filename)
        view = self.board_buttons(m)
        try:
            await self.channel(m.home_channel).get_partial_message(m.board_message_id).edit(
                embed=embed, attachments=[f], view=view)
        except discord.NotFound:
            await self.post_board(m)

    # --- DMs ----------------------------------------------------------------------------
    async def dm(self, m: Match, user_id: int, **kwargs: Any) -> discord.Message | None:
        """Send a DM; None if it could not be delivered (closed DMs are remembered and the
        player is told once in the table's channel to use the buttons there). A failure of
        Discord's own (5xx, timeout, connection) is raised: what was not sent is sent again."""
        if user_id in self.dm_closed:
            return None
        kwargs.setdefault("allowed_mentions", NO_MENTIONS)
        try:
            # the DM channel is opened once per user: no user lookup, no reopening per message
            if user_id not in self.dm_channels:
                self.dm_channels[user_id] = (await self.bot.create_dm(discord.Object(user_id))).id
            channel = self.bot.get_partial_messageable(self.dm_channels[user_id],
                                                       type=discord.ChannelType.private)
            return await channel.send(**kwargs)
        except discord.HTTPException as e:
            if is_closed_dm(e):
                self.dm_closed.add(user_id)
                if (m.id, user_id) not in self._dm_notice:
                    self._dm_notice.add((m.id, user_id))
                    await self.channel(m.home_channel).send(
                        self.t(m)("<@{uid}>, I cannot send you direct messages. Use the **Your turn** and **My view** buttons here instead.", uid=user_id),
                        allowed_mentions=NO_MENTIONS)   # their turn's mention will ping them
            elif isinstance(e, discord.DiscordServerError):
                raise                   # Discord failed (after retries): the repair sends it
            else:
                log.warning("DM to %s failed: %s", user_id, e)
            return None

    def private_notes(self, m: Match, events: list[Event]) -> dict[str, list[str]]:
        """The private news of a change, per human seat, in that player's language."""
        by_seat: dict[str, list[str]] = {}
        for e in events:
            if e.to is not None:
                s = m.seat(e.to)
                if s and not s.is_ai:
                    by_seat.setdefault(e.to, []).append(self.t(m, self.locale(m, s))(e.text))
        return by_seat

    def private_text(self, m: Match, seat: str, locale: str | None) -> str:
        t = self.t(m, locale)
        body = render.private_text(m.game, self.view_for(m, seat), t)
        if body is None:
            body = t(m.engine.prompt(m.state, seat)) if seat in m.to_act() else ""
        return clip(self._hand_header(m, seat, locale) + ("\n" + body if body else ""))

    def _hand_header(self, m: Match, seat: str, locale: str | None) -> str:
        t = self.t(m, locale)
        return t("**{game} #{id}** — your seat {seat}", game=t(m.engine.title), id=m.id, seat=seat)

    async def private_file(self, m: Match, seat: str, locale: str | None, *,
                           prompt: Text | None = None) -> discord.File | None:
        view = self.view_for(m, seat)
        if prompt is not None:           # the table ended: the image says so, not what to do
            view["prompt"] = prompt
        rendered = await self.renderer.run("private", m.game, view, locale, m.names())
        if rendered is None:
            return None
        return discord.File(io.BytesIO(rendered.png), filename="private.png",
                            description=clip(rendered.alt, 1000))

    def _hand_digest(self, m: Match, seat: str) -> str:
        own = private_part(m.engine.view(m.state, None), m.engine.view(m.state, seat))
        return hashlib.blake2s(json.dumps([own, m.status], sort_keys=True, default=str).encode(),
                               digest_size=8).hexdigest()

    async def refresh_hands(self, m: Match, closing: Text | None = None) -> None:
        """Each player's hand message (their hidden information as an image) is kept up to
        date in place: sent once, then edited whenever what it shows changes (an edit does
        not notify: a changed hand is news, not a decision). ``closing``: the table ended
        (the game is over, or it was closed), which the hand then says instead of what to do."""
        if m.state is None:
            return
        failed: BaseException | None = None
        for s in m.seats:
            if s.is_ai or s.user_id is None or s.user_id in self.dm_closed:
                continue
            key = (m.id, s.seat)
            digest = self._hand_digest(m, s.seat)
            if self._hands.get(key) == digest:
                continue
            self._hands[key] = digest
            try:
                await self._show_hand(m, s, closing)
            except discord.HTTPException as e:     # (after cogs.transient's tries)
                self._hands.pop(key, None)          # shown again by the repair
                failed = e
        if failed is not None:
            raise failed

    async def _show_hand(self, m: Match, s: Seat, closing: Text | None) -> None:
        locale = self.locale(m, s)
        content = self._hand_header(m, s.seat, locale)
        if closing is not None:
            content += "\n*" + tr(closing, locale) + "*"
        f = await self.private_file(m, s.seat, locale, prompt=closing)
        where = (await self.service.store.seat_messages(m.id, "hand")).get(s.seat)
        if where is not None and f is not None:
            try:
                await self.channel(where[0]).get_partial_message(where[1]).edit(
                    content=content, attachments=[f], allowed_mentions=NO_MENTIONS)
                return
            except (discord.NotFound, discord.Forbidden):   # deleted: a new one below
                f = await self.private_file(m, s.seat, locale, prompt=closing)   # the file was consumed
        if closing is not None:
            return          # no new hand message once the table ended
        kwargs: dict[str, Any] = {"content": content, "silent": True}   # news, not a decision
        if f is not None:
            kwargs["file"] = f
        msg = await self.dm(m, s.user_id, **kwargs)
        if msg is not None:
            await self.service.store.set_seat_message(m.id, s.seat, "hand", msg.channel.id, msg.id)

    # --- publishing -----------------------------------------------------------------------
    async def _publish(self, m: Match, change: Change) -> None:
        t = self.t(m)
        home = self.channel(m.home_channel)
        if change.kind == "lobby":
            await self.edit_lobby(m)
        elif change.kind == "restored":
            if m.board_nonce is not None and m.status == "running" and m.state is not None:
                # a board was being posted when the process that did it stopped: that post
                # (or, if it never went out, a new one) becomes the board, up to date
                await self.post_board(m, nonce=m.board_nonce)
                await self.edit_board(m)
            lost = await self.panels.restore(m, reloaded=change.reloaded)
            if m.state is not None and lost:        # the crash also kept the board and hands back
                await self.edit_board(m)
                await self.refresh_hands(m)
            elif m.state is not None:
                for s in m.seats:
                    self._hands[(m.id, s.seat)] = self._hand_digest(m, s.seat)
        elif change.kind == "unsent":
            await self.panels.send_unsent(m, change.seat, *change.claim)
        elif change.kind == "aborted":
            await self.edit_lobby(m)
            await self.panels.retire_all(m, T("(this table was closed)"))
            await self.refresh_hands(m, T("This table was closed."))
            if m.board_message_id or m.thread_id:
                await home.send(t("Table #{id} was closed.", id=m.id), allowed_mentions=NO_MENTIONS,
                                nonce=ui.nonce_of(m.id, "closed"))
                if m.board_message_id:
                    await home.get_partial_message(m.board_message_id).edit(
                        view=None, **({"embed": self._board_after[m.id]} if m.id in self._board_after else {}))
            await self.service.end_published(m)
        elif change.kind == "ended":
            # a finished game whose end the process that finished it never published
            await self.edit_board(m)
            await self.finish(m, {})
        elif change.kind == "started":
            await self.open_thread(m)
            await self.edit_lobby(m)
            home = self.channel(m.home_channel)
            await home.send(t("{game} begins. Seat order: {seats}", game=t(m.engine.title),
                              seats=self.seat_legend(m, markdown=True)), allowed_mentions=NO_MENTIONS)
            self._remember(m, change.steps)
            # decisions first: they do not wait for the renders (the mention follows the board)
            mention = await self.panels.deliver(
                m, self.private_notes(m, [e for st in change.steps for e in st.events]))
            await self.post_board(m)
            await self.panels.mention(m, mention)
            await self.refresh_hands(m)
        elif change.kind == "steps" and m.status == "running" and not change.steps:
            mention = await self.panels.deliver(m, {})
            await self.edit_board(m)
            await self.panels.mention(m, mention)
        elif change.kind == "steps":
            events = [e for st in change.steps for e in st.events]
            key = [t(e.text) for e in events if e.public and e.kind in KEY_KINDS]
            self._remember(m, change.steps)
            await self.panels.retire_public_done(m, change.steps)
            notes = self.private_notes(m, events)
            finished = m.outcome() is not None
            # decisions first: they do not wait for the renders (the mention follows the board)
            mention = [] if finished else await self.panels.deliver(m, notes)
            if key:
                # the thread keeps a readable history: the key moment, then what happened
                # since the last one, with the board of now
                story = self._story.pop(m.id, [])
                try:
                    await self.post_board(m, story_text(story, key))
                except Exception:
                    # the repair posts the board with what it should have said
                    self._story[m.id] = story + [f"**{k}**" for k in key] + self._story.get(m.id, [])
                    raise
            else:
                await self.edit_board(m)
            if finished:
                await self.finish(m, notes)
                return
            await self.panels.mention(m, mention)
            await self.refresh_hands(m)
        elif change.kind == "undo":
            s = m.seat(change.seat)
            self._log.setdefault(m.id, deque(maxlen=LOG_LINES)).append(
                t("{name} took back a decision.", name=ui.md(s.name) if s else change.seat))
            await self.edit_board(m)
            await self.refresh_hands(m)
        elif change.kind == "reminder":
            s = m.seat(change.seat)
            if s and s.user_id:
                await home.send(t("<@{uid}>, half of your time for this move has passed.", uid=s.user_id),
                                allowed_mentions=mentioning(s.user_id))
        elif change.kind == "paused":
            s = m.seat(change.seat)
            await home.send(t("{name} ran out of time: the game is paused. Any player can press Resume.",
                              name=ui.md(s.name) if s else change.seat), allowed_mentions=NO_MENTIONS)
            await self.edit_board(m)

    async def finish(self, m: Match, notes: dict[str, list[str]]) -> None:
        """The end: the results, the lobby says who won, and nothing of the game stays
        clickable but Play again. Once done, the store knows the end was published (a
        process that dies before leaves it to the next one, which does it all again: the
        results carry a nonce, so they are not posted twice)."""
        await self.post_results(m)
        await self.edit_lobby(m)
        await self.panels.retire_all(m, T("(the game is over)"))
        for seat, lines in notes.items():
            s = m.seat(seat)
            await self.dm(m, s.user_id, content=clip(
                f"**{tr(m.engine.title, self.locale(m, s))} #{m.id}** — " + "\n".join(lines)))
        await self.refresh_hands(m, T("The game is over."))
        await self.service.end_published(m)

    def _remember(self, m: Match, steps) -> None:
        t = self.t(m)
        q = self._log.setdefault(m.id, deque(maxlen=LOG_LINES))
        story = self._story.setdefault(m.id, [])
        for st in steps:
            lines = []
            if st.forced is not None:        # the player's only option, taken for them
                s = m.seat(st.seat)
                lines.append(t("{name} had only one option: {choice}",
                               name=ui.md(s.name) if s else st.seat, choice=t(st.forced)))
            lines += [t(e.text) for e in st.events if e.public and e.kind not in KEY_KINDS]
            for line in lines:
                line = clip(line, 300)
                q.append(line)
                story.append(line)
        del story[:-STORY_LINES]

    async def edit_lobby(self, m: Match) -> None:
        if not m.lobby_message_id:
            return
        view = ui.lobby_view(m.id, m.lang) if m.status == "lobby" else None
        try:
            await self.channel(m.channel_id).get_partial_message(m.lobby_message_id).edit(
                embed=self.lobby_embed(m), view=view)
        except discord.HTTPException:
            log.info("lobby message of match %s is gone", m.id)

    async def open_thread(self, m: Match) -> None:
        """Play in a thread of the lobby message where the bot may; else in the channel."""
        if m.thread_id or not m.lobby_message_id or not getattr(self.bot, "use_threads", True):
            return
        # (Discord shows a thread as "#name": a "#" in the name itself would be doubled)
        name = tr("{game}, table {id}", m.lang, game=tr(m.engine.title, m.lang), id=m.id)
        try:
            thread = await self.channel(m.channel_id, m.guild_id).get_partial_message(
                m.lobby_message_id).create_thread(name=name[:100], auto_archive_duration=1440)
        except (discord.HTTPException, AttributeError, TypeError) as e:
            log.info("no thread for match %s (%s); playing in the channel", m.id, e)
            return
        await self.service.set_messages(m, thread_id=thread.id)

    async def post_results(self, m: Match) -> None:
        t = self.t(m)
        o = m.outcome()
        order = sorted(m.seats, key=lambda s: (o.ranks[s.seat], s.seat))
        e = discord.Embed(title=t("{game} #{id} — final result", game=t(m.engine.title), id=m.id),
                          colour=discord.Colour.green())
        for s in order:
            parts = "\n".join(f"{t(k)}: {v}" for k, v in o.breakdown.get(s.seat, {}).items())
            e.add_field(name=clip(f"{o.ranks[s.seat]}. {s.seat} {ui.md(s.name)} — {o.scores[s.seat]}", 250),
                        value=clip(parts or "—", 1000), inline=True)
        winners = ", ".join(ui.md(m.seat(w).name) for w in o.winners)
        desc = t("Winner: {names}", names=winners) if len(o.winners) == 1 else t("Shared victory: {names}", names=winners)
        if o.tiebreak is not None:
            desc += "\n" + t(o.tiebreak)
        e.description = clip(desc, EMBED_MAX)
        idx = {s.seat: i for i, s in enumerate(m.seats)}
        view = self.view_for(m, None)
        chart = await self.renderer.chart(
            t("Final scores"), [(f"{s.seat} {s.name}", idx[s.seat], o.scores[s.seat],
                                 seat_rgb(view, s.seat)) for s in order])
        f = discord.File(io.BytesIO(chart.png), filename="scores.png", description=clip(chart.alt, 1000))
        e.set_image(url="attachment://scores.png")
        await self.channel(m.home_channel).send(embed=e, file=f, view=ui.results_view(m.id, m.lang),
                                                allowed_mentions=NO_MENTIONS, nonce=ui.nonce_of(m.id, "results"))

    # --- interactions -------------------------------------------------------------------
    async def on_table_button(self, interaction: discord.Interaction, op: str, mid: int, *,
                              level: str = "easy") -> None:
        svc = self.service
        user = interaction.user
        # what only shows something answers with a reply of its own; the rest updates the
        # message it is on (the lobby, the panel) or says nothing
        if not await self.acknowledge(interaction, thinking=op in ("turn", "view", "map")):
            return
        async with self.safely(interaction):
            if op == "again":
                await self.play_again(interaction, mid)
                return
            if op in ("join", "leave", "ai", "unai", "start", "resume"):
                # the lobby/board update is published by the listener
                if op == "join":
                    await svc.join(mid, user.id, user.display_name, str(interaction.locale))
                elif op == "leave":
                    await svc.leave(mid, user.id)
                elif op == "ai":
                    await svc.add_ai(mid, user.id, level)
                elif op == "unai":
                    await svc.remove_ai(mid, user.id)
                elif op == "start":
                    await svc.start(mid, user.id)
                elif op == "resume":
                    await svc.resume(mid, user.id)
                return
            m = interaction.extras["match"] = await svc.peek(mid)
            await self.restored(mid)
            if op == "back":
                s = m.seat_of(user.id)
                if s is None:
                    raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
                async with self._answer(mid):
                    await self.service.undo(mid, user.id, s.seat)
                    await self.panels.taken_back(interaction, m, s.seat)
            elif op == "turn":
                await self.show_turn(interaction, m)
            elif op == "view":
                await self.show_private(interaction, m)
            elif op == "map":
                await self.show_full_map(interaction, m)

    async def on_language(self, interaction: discord.Interaction, mid: int, value: str) -> None:
        """The lobby's language menu: the language this player sees at every table."""
        if not await self.acknowledge(interaction, thinking=True):
            return
        chosen = None if value in ("table", "discord") else value
        if chosen is not None and chosen not in available():
            await self.refuse(interaction, T("There is no {lang} translation.", lang=value[:20]))
            return
        async with self.safely(interaction):
            await self.service.set_language(interaction.user.id, chosen)
            try:
                lang = (await self.service.peek(mid)).lang
            except ServiceError:
                lang = self.user_locale(interaction)
            shown = chosen or lang
            text = (T("Your panels, DMs and replies are now in {lang}, at every table.",
                      lang=LANGUAGE_NAMES.get(shown, shown)) if chosen
                    else T("At each table you now see the table's own language."))
            await self.reply(interaction, tr(text, shown))

    def _answer(self, mid: int) -> "_Answering":
        return _Answering(self, mid)

    async def show_turn(self, interaction: discord.Interaction, m: Match) -> None:
        s = m.seat_of(interaction.user.id)
        if s is None:
            raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
        if s.seat not in m.to_act():
            names = ", ".join(ui.md(m.seat(x).name) for x in m.to_act() if m.seat(x))
            raise ServiceError("It is not your turn. Waiting for: {names}", names=names or "—")
        await self.panels.show_turn(interaction, m, s.seat)

    async def show_private(self, interaction: discord.Interaction, m: Match) -> None:
        s = m.seat_of(interaction.user.id)
        if s is None:
            raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
        if m.state is None:
            raise ServiceError("The game has not started yet.")
        locale = self.locale(m, interaction)
        await self.acknowledge(interaction, thinking=True)
        f = await self.private_file(m, s.seat, locale)
        kwargs: dict[str, Any] = {"file": f} if f else {}
        await self.reply(interaction, self.private_text(m, s.seat, locale), **kwargs)

    async def show_full_map(self, interaction: discord.Interaction, m: Match) -> None:
        """The whole board, only to whoever asked (anyone may look: it is public)."""
        if m.state is None:
            raise ServiceError("The game has not started yet.")
        await self.acknowledge(interaction, thinking=True)
        rendered = await self.renderer.run("full_board", m.game, self.view_for(m, None),
                                           self.locale(m, interaction), m.names())
        f = discord.File(io.BytesIO(rendered.png), filename=rendered.filename,
                         description=clip(rendered.alt, 1000))
        await self.reply(interaction, file=f)

    async def on_choice(self, interaction: discord.Interaction, mid: int, seat: str, count: int,
                        fp: str, idx: int) -> None:
        if not await self.acknowledge(interaction):
            return
        try:
            await self.restored((await self.service.peek(mid)).id)
        except Exception:
            pass                          # refused below, in the answer
        async with self._answer(mid), self.safely(interaction, refused=lambda i, e: self.refuse_click(
                i, e, i.extras.get("match"), seat)):
            m = interaction.extras["match"] = await self.service.current(mid)
            offered = m.choices_for(seat, fp) or []
            chosen = offered[idx] if 0 <= idx < len(offered) else None
            mine = self.locale(m, interaction)
            labels = ((self.t(m)(m.engine.label(m.state, seat, chosen)),
                       self.t(m, mine)(m.engine.label(m.state, seat, chosen))) if chosen else ("", ""))
            await self.service.choose(mid, interaction.user.id, seat, count, fp, idx)
            try:
                await self.panels.answered(interaction, m, seat, *labels)
            except Exception:
                # the move is stored and will be published: never report it as failed
                log.exception("answering a choice of match %s failed after it was stored", m.id)

    async def play_again(self, interaction: discord.Interaction, mid: int) -> None:
        """A new lobby with the same seats and options, in the channel the finished game was
        opened in; the thread of the finished game says where it is."""
        user = interaction.user
        m = await self.service.rematch(mid, user.id, user.display_name, str(interaction.locale))
        await self.update_clicked(interaction, view=None)        # one rematch per result
        lobby = await self.post_lobby(m)
        where = self.channel(interaction.channel_id) if interaction.channel_id else None
        if where is not None and interaction.channel_id != m.channel_id:
            await where.send(self.t(m)("{name} opened a new table for a rematch: {link}",
                                       name=ui.md(m.seats[0].name), link=jump_url(m.guild_id, m.channel_id, lobby.id)),
                             allowed_mentions=NO_MENTIONS)

    async def post_lobby(self, m: Match, interaction: discord.Interaction | None = None) -> discord.Message:
        """The lobby message: the answer to the command that opened the table (which was
        acknowledged with a "thinking" defer), or a new message in the table's channel."""
        embed = self.lobby_embed(m)
        view = ui.lobby_view(m.id, m.lang)
        if interaction is not None:
            msg = await interaction.followup.send(embed=embed, view=view, wait=True,
                                                  allowed_mentions=NO_MENTIONS)
        else:
            msg = await self.channel(m.channel_id, m.guild_id).send(embed=embed, view=view,
                                                                    allowed_mentions=NO_MENTIONS)
        await self.service.set_messages(m, lobby_message_id=msg.id)
        return msg


def _what(interaction: discord.Interaction) -> str:
    """An interaction, for the log: its command or its component's custom_id."""
    command = getattr(interaction, "command", None)
    if command is not None:
        return f"/{command.qualified_name}"
    return str((interaction.data or {}).get("custom_id", "an interaction"))[:100]


class _Answering:
    """While a click of a match is being answered, that match's publications wait, so the
    clicked panel is updated first and a next decision is not offered twice."""

    def __init__(self, controller: Controller, mid: int) -> None:
        self.c, self.mid = controller, mid

    async def __aenter__(self) -> None:
        self.event = asyncio.Event()
        self.c._answering.setdefault(self.mid, set()).add(self.event)

    async def __aexit__(self, *exc) -> None:
        self.event.set()
        answering = self.c._answering.get(self.mid, set())
        answering.discard(self.event)
        if not answering:
            self.c._answering.pop(self.mid, None)
