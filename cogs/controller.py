"""The Discord side of a table: answers clicks, and publishes every change of a match
(lobby, board image, whose turn, DMs, results) in the patterns of ../shared/UX.md.

The match service tells us about changes through a listener; publishing runs in a task per
change, serialised per match, so an interaction is answered at once and the board is drawn
off the event loop."""
from __future__ import annotations

import asyncio
import io
import json
import logging
from collections import deque
from dataclasses import dataclass
from typing import Any

import discord

import render
from core.i18n import tr, translator
from core.service import Change, Match, MatchService, ServiceError
from engines.base import Event, Text
from cogs import ui
from render.common import bar_chart

log = logging.getLogger(__name__)

REDRAW_KINDS = {"steps", "undo", "paused"}
KEY_KINDS = {"reveal", "scoring", "round_end", "game_end", "question", "answer"}
LOG_LINES = 6
CONTENT_MAX = 2000
EMBED_MAX = 4000
COLOUR_NAMES = ["orange", "sky blue", "green", "yellow", "purple", "vermillion"]


STORY_LINES = 40


def story_text(story: list[str], key: list[str]) -> str:
    """Recent happenings (as many as fit) followed by the key moment, within 2000 chars."""
    tail = "\n".join(f"**{k}**" for k in key)
    lines: list[str] = []
    room = CONTENT_MAX - len(tail) - 10
    for line in reversed(story):
        if len(line) + 3 > room:
            break
        lines.insert(0, f"· {line}")
        room -= len(line) + 3
    return clip("\n".join(lines + [tail]) if lines else tail)


def mentioning(*user_ids: int) -> discord.AllowedMentions:
    """Only these users may be pinged by a message: never @everyone, @here or a role, and
    never someone whose mention happens to be inside a display name or a question text."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids])


NO_MENTIONS = discord.AllowedMentions.none()


@dataclass
class PublicPanel:
    """A decision read out at the table (e.g. a quiz question) and what it offered."""
    channel_id: int
    message_id: int
    content: str | None          # None: not known (restored after a restart), fetched if needed
    stamp: tuple                 # (the seat's action count, fingerprint of its choices)
    labels: dict[str, str]       # action (as JSON) -> the label its button had


def _action_key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def is_closed_dm(e: Exception) -> bool:
    return isinstance(e, discord.Forbidden) and getattr(e, "code", 0) == 50007


def clip(s: str, n: int = CONTENT_MAX) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


class Controller:
    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self.dm_closed: set[int] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self._panels: dict[tuple[int, str], tuple[int, str]] = {}   # decision last offered
        self._live: dict[tuple[int, str], tuple[int, int]] = {}     # the DM panel that offers it
        self._public_live: dict[tuple[int, str], PublicPanel] = {}  # decisions read out at the table
        self._waiting: dict[int, set[str]] = {}
        self._log: dict[int, deque[str]] = {}
        self._story: dict[int, list[str]] = {}   # public lines since the last key moment
        self._dm_notice: set[tuple[int, int]] = set()
        self._redraws: dict[int, int] = {}   # board redraws queued per match (coalesced)
        service.add_listener(self.on_change)

    # --- plumbing -------------------------------------------------------------------------
    async def on_change(self, match: Match, change: Change) -> None:
        if change.kind in REDRAW_KINDS:
            self._redraws[match.id] = self._redraws.get(match.id, 0) + 1
        task = asyncio.create_task(self._publish_serialised(match, change))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until every pending publication is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _publish_serialised(self, match: Match, change: Change) -> None:
        lock = self._locks.setdefault(match.id, asyncio.Lock())
        async with lock:
            try:
                await self._publish(match, change)
            except Exception:
                log.exception("publishing %s of match %s failed", change.kind, match.id)
            finally:
                if change.kind in REDRAW_KINDS:
                    self._redraws[match.id] -= 1

    def channel(self, channel_id: int, guild_id: int | None = None) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id, guild_id=guild_id)

    def t(self, match: Match):
        return translator(match.lang)

    async def refuse(self, interaction: discord.Interaction, text: Text | str) -> None:
        msg = tr(text, interaction.locale)
        if interaction.response.is_done():
            await interaction.followup.send(msg, ephemeral=True)
        else:
            await interaction.response.send_message(msg, ephemeral=True)

    # --- messages ---------------------------------------------------------------------------
    def lobby_embed(self, m: Match) -> discord.Embed:
        t = self.t(m)
        engine = m.engine
        e = discord.Embed(title=t("{game} — table #{id}", game=t(engine.title), id=m.id),
                          colour=discord.Colour.gold())
        seats = "\n".join(
            f"**{s.seat}** · {s.name}" + (f" ({t('AI')})" if s.is_ai else "")
            + (f" — {t('host')}" if s.user_id == m.host_id else "") for s in m.seats)
        e.add_field(name=t("Seats ({n} of {min}–{max})", n=len(m.seats), min=engine.min_players,
                           max=engine.max_players), value=seats or "—", inline=False)
        opts = [f"{k}: {v}" for k, v in m.options.items()]
        if m.table.get("timer"):
            opts.append(t("timer: {s} s, then {what}", s=m.table["timer"],
                          what=t("an AI move") if m.table.get("on_timeout") == "ai" else t("a pause")))
        if opts:
            e.add_field(name=t("Options"), value=clip(", ".join(opts), 1000), inline=False)
        if m.status == "lobby":
            e.set_footer(text=t("Press Join to sit down. The host presses Start."))
        elif m.status == "aborted":
            e.set_footer(text=t("This table was closed."))
        else:
            e.set_footer(text=t("The game has started."))
        return e

    def status_embed(self, m: Match) -> discord.Embed:
        t = self.t(m)
        engine = m.engine
        lines = []
        if m.state is not None:
            lines.append(t(engine.status(m.state)))
            waiting = m.to_act()
            if waiting and m.status == "running":
                names = ", ".join(f"{s} {m.seat(s).name}" for s in waiting if m.seat(s))
                lines.append(t("Waiting for: {names}", names=names))
            if m.paused:
                lines.append(t("Paused: press Resume to go on."))
        recent = list(self._log.get(m.id, []))
        if recent:
            lines.append("")
            lines += [f"• {x}" for x in recent]
        e = discord.Embed(title=t("{game} — table #{id}", game=t(engine.title), id=m.id),
                          description=clip("\n".join(lines), EMBED_MAX), colour=discord.Colour.blurple())
        e.set_footer(text=self.seat_legend(m))
        return e

    def seat_legend(self, m: Match) -> str:
        t = self.t(m)
        return " · ".join(f"{s.seat} = {s.name} ({t(COLOUR_NAMES[i % 6])})"
                          for i, s in enumerate(m.seats))

    async def board_file(self, m: Match) -> discord.File:
        view = m.engine.view(m.state, None)
        rendered = await asyncio.to_thread(render.board, m.game, view, self.t(m))
        return discord.File(io.BytesIO(rendered.png), filename=rendered.filename,
                            description=clip(rendered.alt, 1000))

    async def post_board(self, m: Match, header: str | None = None) -> None:
        """A new board message (key moments); the previous one loses its buttons."""
        f = await self.board_file(m)
        embed = self.status_embed(m)
        embed.set_image(url=f"attachment://{f.filename}")
        view = ui.board_view(m.id, m.lang, paused=m.paused) if m.status == "running" else None
        msg = await self.channel(m.home_channel).send(
            content=clip(header) if header else None, embed=embed, file=f, view=view)
        old = m.board_message_id
        await self.service.set_messages(m, board_message_id=msg.id)
        if old:
            try:
                await self.channel(m.home_channel).get_partial_message(old).edit(view=None)
            except discord.HTTPException:
                log.info("could not strip the old board message %s", old)

    async def edit_board(self, m: Match) -> None:
        if self._redraws.get(m.id, 0) > 1 and m.status == "running":
            return      # a newer change is queued and will draw the latest board
        if not m.board_message_id:
            await self.post_board(m)
            return
        f = await self.board_file(m)
        embed = self.status_embed(m)
        embed.set_image(url=f"attachment://{f.filename}")
        view = ui.board_view(m.id, m.lang, paused=m.paused) if m.status == "running" else None
        try:
            await self.channel(m.home_channel).get_partial_message(m.board_message_id).edit(
                embed=embed, attachments=[f], view=view)
        except discord.NotFound:
            await self.post_board(m)

    # --- DMs ----------------------------------------------------------------------------
    async def dm(self, m: Match, user_id: int, **kwargs: Any) -> discord.Message | None:
        """Send a DM; None if it could not be delivered (closed DMs are remembered and the
        player is told once in the table's channel to use the buttons there)."""
        if user_id in self.dm_closed:
            return None
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return await user.send(**kwargs)
        except discord.HTTPException as e:
            if is_closed_dm(e):
                self.dm_closed.add(user_id)
                if (m.id, user_id) not in self._dm_notice:
                    self._dm_notice.add((m.id, user_id))
                    await self.channel(m.home_channel).send(
                        self.t(m)("<@{uid}>, I cannot send you direct messages. Use the **Your turn** and **My view** buttons here instead.", uid=user_id),
                        allowed_mentions=mentioning(user_id))
            else:
                log.warning("DM to %s failed: %s", user_id, e)
            return None

    def panel(self, m: Match, seat: str, locale: str | None, *,
              public: bool = False) -> tuple[str, discord.ui.View | None]:
        """The decision a seat is asked now: prompt text and components. A public panel (a
        decision read out at the table) offers only the engine's public choices, under their
        own fingerprint, so nothing on it depends on the player's hidden data."""
        acts, fp = m.public_choices(seat) if public else m.choices(seat)
        if not acts:
            return "", None
        engine = m.engine
        labels = [tr(engine.label(m.state, seat, a), locale) for a in acts]
        rule = engine.decision_timer(m.state, seat)
        if rule is not None and rule[1] in acts:
            # what happens at the time limit is not a button of its own
            labels[acts.index(rule[1])] = None
        prompt = tr(engine.prompt(m.state, seat), locale)
        if rule is not None:
            prompt += " " + tr("({s} seconds)", locale, s=int(rule[0]))
        header = tr("**{game} #{id}** — {prompt}", locale, game=tr(engine.title, locale), id=m.id,
                    prompt=prompt)
        view = ui.choice_view(m.id, seat, m.seat_counts.get(seat, 0), fp, labels,
                              placeholder=tr("Choose…", locale))
        if self.service.can_undo(m, seat) and not public:
            view.add_item(ui.TableButton("back", m.id, tr("Back", locale)))
        return clip(header), view

    async def send_panels(self, m: Match) -> None:
        """A DM panel for every human seat asked a new decision. Each seat has at most one
        live panel: the previous one loses its buttons."""
        if m.status != "running":
            return
        for seat in m.to_act():
            s = m.seat(seat)
            if s is None or s.is_ai or s.user_id is None:
                continue
            acts, fp = m.choices(seat)
            key = (m.id, seat)
            stamp = (m.seat_counts.get(seat, 0), fp)
            if not acts or self._panels.get(key) == stamp:
                continue
            self._panels[key] = stamp
            if m.engine.public_decision(m.state, seat):
                await self._post_public_panel(m, seat, stamp)
                if not self._private_extras(m, seat):
                    await self._retire_panel(m, seat)
                    continue
                # the player may also play a hidden card: that goes to their own panel
            content, view = self.panel(m, seat, s.locale)
            msg = await self.dm(m, s.user_id, content=content, view=view)
            await self._retire_panel(m, seat)
            if msg is not None:
                await self._set_live(m, seat, msg.channel.id, msg.id)

    def _private_extras(self, m: Match, seat: str) -> list[dict]:
        """Choices of a public decision that only the player may see (besides the time-out)."""
        acts, _ = m.choices(seat)
        public, _ = m.public_choices(seat)
        rule = m.engine.decision_timer(m.state, seat)
        return [a for a in acts if a not in public and (rule is None or a != rule[1])]

    async def _post_public_panel(self, m: Match, seat: str, stamp: tuple) -> None:
        """Read a decision out at the table: everyone sees it, only its player may answer."""
        s = m.seat(seat)
        content, view = self.panel(m, seat, m.lang, public=True)
        msg = await self.channel(m.home_channel).send(
            clip(f"<@{s.user_id}> " + content), view=view, allowed_mentions=mentioning(s.user_id))
        acts, _ = m.public_choices(seat)
        labels = {_action_key(a): tr(m.engine.label(m.state, seat, a), m.lang) for a in acts}
        await self._retire_public_panel(m, seat)
        self._public_live[(m.id, seat)] = PublicPanel(msg.channel.id, msg.id, msg.content, stamp, labels)
        await self.service.store.set_seat_message(m.id, seat, "table_panel", msg.channel.id, msg.id)

    async def _retire_public_panels(self, m: Match, steps: list) -> None:
        """A decision read out at the table that is no longer asked loses its buttons, with
        a line that says how it ended (the answer given, or that time ran out)."""
        for (mid, seat), panel in list(self._public_live.items()):
            if mid != m.id:
                continue
            now = (m.seat_counts.get(seat, 0), m.choices(seat)[1])
            if now == panel.stamp and m.engine.public_decision(m.state, seat):
                continue
            t = self.t(m)
            note = ""
            first = next((st for st in steps if st.seat == seat), None)
            if first is not None and first.by_timer:
                note = t("⏱ Time ran out.")
            elif first is not None and _action_key(first.action) in panel.labels:
                note = t("✓ {choice}", choice=panel.labels[_action_key(first.action)])
            await self._retire_public_panel(m, seat, note)

    async def _retire_public_panel(self, m: Match, seat: str, note: str = "") -> None:
        panel = self._public_live.pop((m.id, seat), None)
        if panel is None:
            return
        try:
            message = self.channel(panel.channel_id).get_partial_message(panel.message_id)
            if note:
                content = panel.content if panel.content is not None else (await message.fetch()).content
                await message.edit(content=clip(content + "\n" + note), view=None,
                                   allowed_mentions=NO_MENTIONS)
            else:
                await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not retire the table panel %s", panel.message_id)

    async def _retire_panel(self, m: Match, seat: str, keep: int | None = None) -> None:
        live = self._live.pop((m.id, seat), None)
        if live is None or live[1] == keep:
            if live is not None:
                self._live[(m.id, seat)] = live
            return
        try:
            await self.channel(live[0]).get_partial_message(live[1]).edit(view=None)
        except discord.HTTPException:
            log.info("could not retire panel %s", live[1])

    async def _set_live(self, m: Match, seat: str, channel_id: int, message_id: int) -> None:
        self._live[(m.id, seat)] = (channel_id, message_id)
        await self.service.store.set_seat_message(m.id, seat, "panel", channel_id, message_id)

    async def private_update(self, m: Match, events: list[Event]) -> None:
        by_seat: dict[str, list[str]] = {}
        for e in events:
            if e.to is not None:
                s = m.seat(e.to)
                if s and not s.is_ai:
                    by_seat.setdefault(e.to, []).append(tr(e.text, s.locale))
        for seat, lines in by_seat.items():
            s = m.seat(seat)
            await self.dm(m, s.user_id, content=clip(f"**{tr(m.engine.title, s.locale)} #{m.id}** — " + "\n".join(lines)))

    def private_text(self, m: Match, seat: str, locale: str | None) -> str:
        t = translator(locale)
        body = render.private_text(m.game, m.engine.view(m.state, seat), t)
        if body is None:
            body = t(m.engine.prompt(m.state, seat)) if seat in m.to_act() else ""
        return clip(t("**{game} #{id}** — your seat {seat}", game=t(m.engine.title), id=m.id, seat=seat)
                    + ("\n" + body if body else ""))

    async def private_file(self, m: Match, seat: str, locale: str | None) -> discord.File | None:
        view = m.engine.view(m.state, seat)
        rendered = await asyncio.to_thread(render.private, m.game, view, translator(locale))
        if rendered is None:
            return None
        return discord.File(io.BytesIO(rendered.png), filename="private.png",
                            description=clip(rendered.alt, 1000))

    async def send_private_views(self, m: Match) -> None:
        for s in m.seats:
            if s.is_ai or s.user_id is None:
                continue
            content = self.private_text(m, s.seat, s.locale)
            f = await self.private_file(m, s.seat, s.locale)
            kwargs = {"content": content}
            if f:
                kwargs["file"] = f
            await self.dm(m, s.user_id, **kwargs)

    # --- publishing -----------------------------------------------------------------------
    async def _publish(self, m: Match, change: Change) -> None:
        t = self.t(m)
        home = self.channel(m.home_channel)
        if change.kind == "lobby":
            await self.edit_lobby(m)
        elif change.kind == "restored":
            await self._restore(m)
        elif change.kind == "aborted":
            await self.edit_lobby(m)
            await self._retire_public_panels(m, [])
            if m.board_message_id or m.thread_id:
                await home.send(t("Table #{id} was closed.", id=m.id))
                if m.board_message_id:
                    await home.get_partial_message(m.board_message_id).edit(view=None)
        elif change.kind == "started":
            await self.edit_lobby(m)
            await self.open_thread(m)
            home = self.channel(m.home_channel)
            await home.send(t("{game} begins. Seat order: {seats}", game=t(m.engine.title),
                              seats=self.seat_legend(m)))
            self._remember(m, change.steps)
            await self.post_board(m)
            await self.send_private_views(m)
            await self.private_update(m, [e for st in change.steps for e in st.events])
            await self.send_panels(m)
            await self.mention_turn(m)
        elif change.kind == "steps" and m.status == "running" and not change.steps:
            await self.edit_board(m)
        elif change.kind == "steps":
            events = [e for st in change.steps for e in st.events]
            key = [t(e.text) for e in events if e.public and e.kind in KEY_KINDS]
            self._remember(m, change.steps)
            await self._retire_public_panels(m, change.steps)
            await self.private_update(m, events)
            if key:
                # the thread keeps a readable history: what happened since the last key
                # moment, then the moment itself, with the board of now
                story = self._story.pop(m.id, [])
                await self.post_board(m, story_text(story, key))
            else:
                await self.edit_board(m)
            outcome = m.outcome()
            if outcome is not None:
                await self.post_results(m)
                return
            await self.send_panels(m)
            await self.mention_turn(m)
        elif change.kind == "undo":
            s = m.seat(change.seat)
            self._log.setdefault(m.id, deque(maxlen=LOG_LINES)).append(
                t("{name} took back a decision.", name=s.name if s else change.seat))
            await self.edit_board(m)
        elif change.kind == "reminder":
            s = m.seat(change.seat)
            if s and s.user_id:
                await home.send(t("<@{uid}>, half of your time for this move has passed.", uid=s.user_id),
                                allowed_mentions=mentioning(s.user_id))
        elif change.kind == "paused":
            s = m.seat(change.seat)
            await home.send(t("{name} ran out of time: the game is paused. Any player can press Resume.",
                              name=s.name if s else change.seat))
            await self.edit_board(m)

    def _remember(self, m: Match, steps) -> None:
        t = self.t(m)
        q = self._log.setdefault(m.id, deque(maxlen=LOG_LINES))
        story = self._story.setdefault(m.id, [])
        for st in steps:
            for e in st.events:
                if e.public and e.kind not in KEY_KINDS:
                    line = clip(t(e.text), 300)
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
        name = tr("{game} #{id}", m.lang, game=tr(m.engine.title, m.lang), id=m.id)
        try:
            thread = await self.channel(m.channel_id, m.guild_id).get_partial_message(
                m.lobby_message_id).create_thread(name=name[:100], auto_archive_duration=1440)
        except (discord.HTTPException, AttributeError, TypeError) as e:
            log.info("no thread for match %s (%s); playing in the channel", m.id, e)
            return
        await self.service.set_messages(m, thread_id=thread.id)

    async def mention_turn(self, m: Match) -> None:
        """One short line per turn change, mentioning the humans newly asked to act."""
        waiting = {s for s in m.to_act() if m.seat(s) and not m.seat(s).is_ai}
        new = waiting - self._waiting.get(m.id, set())
        self._waiting[m.id] = waiting
        # a decision read out at the table already mentions its player
        new = {s for s in new if not m.engine.public_decision(m.state, s)}
        if not new:
            return
        t = self.t(m)
        users = [m.seat(s).user_id for s in sorted(new)]
        mentions = " ".join(f"<@{u}>" for u in users)
        # the prompt itself goes to the player alone: it may depend on their hidden data
        text = t("{who} — it is your turn.", who=mentions) if len(new) == 1 else t("{who} — make your choice.", who=mentions)
        await self.channel(m.home_channel).send(
            clip(text + " " + t("(check your DMs, or press Your turn)")), allowed_mentions=mentioning(*users))

    async def post_results(self, m: Match) -> None:
        t = self.t(m)
        o = m.outcome()
        order = sorted(m.seats, key=lambda s: (o.ranks[s.seat], s.seat))
        e = discord.Embed(title=t("{game} #{id} — final result", game=t(m.engine.title), id=m.id),
                          colour=discord.Colour.green())
        for s in order:
            parts = "\n".join(f"{t(k)}: {v}" for k, v in o.breakdown.get(s.seat, {}).items())
            e.add_field(name=clip(f"{o.ranks[s.seat]}. {s.seat} {s.name} — {o.scores[s.seat]}", 250),
                        value=clip(parts or "—", 1000), inline=True)
        winners = ", ".join(m.seat(w).name for w in o.winners)
        desc = t("Winner: {names}", names=winners) if len(o.winners) == 1 else t("Shared victory: {names}", names=winners)
        if o.tiebreak is not None:
            desc += "\n" + t(o.tiebreak)
        e.description = clip(desc, EMBED_MAX)
        idx = {s.seat: i for i, s in enumerate(m.seats)}
        chart = await asyncio.to_thread(
            bar_chart, t("Final scores"), [(f"{s.seat} {s.name}", idx[s.seat], o.scores[s.seat]) for s in order])
        f = discord.File(io.BytesIO(chart.png), filename="scores.png", description=clip(chart.alt, 1000))
        e.set_image(url="attachment://scores.png")
        await self.channel(m.home_channel).send(embed=e, file=f, view=ui.results_view(m.id, m.lang))

    # --- interactions -------------------------------------------------------------------
    async def on_table_button(self, interaction: discord.Interaction, op: str, mid: int) -> None:
        svc = self.service
        user = interaction.user
        try:
            if op == "again":
                await self.play_again(interaction, mid)
                return
            m = svc.get(mid)
            if op in ("join", "leave", "ai", "unai", "start", "resume"):
                # The service answers in milliseconds; refusals are then a direct ephemeral
                # reply, and the lobby/board update is published by the listener.
                if op == "join":
                    await svc.join(mid, user.id, user.display_name, str(interaction.locale))
                elif op == "leave":
                    await svc.leave(mid, user.id)
                elif op == "ai":
                    await svc.add_ai(mid, user.id)
                elif op == "unai":
                    await svc.remove_ai(mid, user.id)
                elif op == "start":
                    await svc.start(mid, user.id)
                elif op == "resume":
                    await svc.resume(mid, user.id)
                await interaction.response.defer()
            elif op == "back":
                s = m.seat_of(user.id)
                if s is None:
                    raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
                await self.service.undo(mid, user.id, s.seat)
                locale = str(interaction.locale)
                content, view = self.panel(m, s.seat, locale)
                self._panels[(m.id, s.seat)] = (m.seat_counts.get(s.seat, 0), m.choices(s.seat)[1])
                await interaction.response.edit_message(
                    content=clip(tr("↩ Taken back.", locale) + "\n" + content), view=view)
                await self._shown_in_place(interaction, m, s.seat)
            elif op == "turn":
                await self.show_turn(interaction, m)
            elif op == "view":
                await self.show_private(interaction, m)
        except ServiceError as e:
            await self.refuse(interaction, e.text)

    async def show_turn(self, interaction: discord.Interaction, m: Match) -> None:
        s = m.seat_of(interaction.user.id)
        if s is None:
            raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
        if s.seat not in m.to_act():
            names = ", ".join(m.seat(x).name for x in m.to_act() if m.seat(x))
            raise ServiceError("It is not your turn. Waiting for: {names}", names=names or "—")
        content, view = self.panel(m, s.seat, str(interaction.locale))
        await interaction.response.send_message(content, view=view, ephemeral=True)

    async def show_private(self, interaction: discord.Interaction, m: Match) -> None:
        s = m.seat_of(interaction.user.id)
        if s is None:
            raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
        if m.state is None:
            raise ServiceError("The game has not started yet.")
        locale = str(interaction.locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        f = await self.private_file(m, s.seat, locale)
        kwargs: dict[str, Any] = {"content": self.private_text(m, s.seat, locale), "ephemeral": True}
        if f:
            kwargs["file"] = f
        await interaction.followup.send(**kwargs)

    async def on_choice(self, interaction: discord.Interaction, mid: int, seat: str, count: int,
                        fp: str, idx: int) -> None:
        locale = str(interaction.locale)
        msg = interaction.message
        at_table = interaction.guild_id is not None and msg is not None and not msg.flags.ephemeral
        try:
            m = self.service.get(mid)
            offered = m.choices_for(seat, fp) or []
            label = (tr(m.engine.label(m.state, seat, offered[idx]), m.lang if at_table else locale)
                     if 0 <= idx < len(offered) else "")
            await self.service.choose(mid, interaction.user.id, seat, count, fp, idx)
        except ServiceError as e:
            await self.refuse(interaction, e.text)
            return
        try:
            if at_table:
                await self._answered_at_table(interaction, m, seat, label)
            else:
                await self._answered_in_panel(interaction, m, seat, label)
        except Exception:
            # the move is stored and will be published: never report it as failed
            log.exception("answering a choice of match %s failed after it was stored", m.id)
            if not interaction.response.is_done():
                await interaction.response.send_message(tr("✓ {choice}", locale, choice=label),
                                                        ephemeral=True)

    async def _answered_at_table(self, interaction: discord.Interaction, m: Match, seat: str,
                                 label: str) -> None:
        """A message at the table only ever shows public content: it keeps what it asked
        and says what was chosen; the player's next decision reaches them in their own
        panel, never here."""
        msg = interaction.message
        panel = self._public_live.get((m.id, seat))
        if panel is not None and panel.message_id == msg.id:
            self._public_live.pop((m.id, seat))
        await interaction.response.edit_message(
            content=clip(msg.content + "\n" + self.t(m)("✓ {choice}", choice=label)), view=None,
            allowed_mentions=NO_MENTIONS)

    async def _answered_in_panel(self, interaction: discord.Interaction, m: Match, seat: str,
                                 label: str) -> None:
        locale = str(interaction.locale)
        done = tr("✓ {choice}", locale, choice=label)
        key = (m.id, seat)
        acts, fp = m.choices(seat)
        stamp = (m.seat_counts.get(seat, 0), fp)
        public_next = bool(acts) and m.engine.public_decision(m.state, seat)
        if acts and self._panels.get(key) != stamp and not public_next:
            # the next decision of the same seat, shown in place of the one just made
            self._panels[key] = stamp
            content, view = self.panel(m, seat, locale)
            await interaction.response.edit_message(content=clip(done + "\n" + content), view=view,
                                                    allowed_mentions=NO_MENTIONS)
            await self._shown_in_place(interaction, m, seat)
            return
        if public_next:
            tail = tr("Your next choice is posted at the table.", locale)
        elif acts:
            tail = tr("Your next choice is in a new message.", locale)
        else:
            waiting = [m.seat(x).name for x in m.to_act() if m.seat(x)]
            tail = tr("Waiting for: {names}", locale, names=", ".join(waiting)) if waiting else ""
        await interaction.response.edit_message(content=clip(done + ("\n" + tail if tail else "")),
                                                view=None, allowed_mentions=NO_MENTIONS)
        if interaction.message is not None and self._live.get(key, (0, 0))[1] == interaction.message.id:
            self._live.pop(key, None)

    async def _shown_in_place(self, interaction: discord.Interaction, m: Match, seat: str) -> None:
        """The clicked panel now offers the seat's next decision: it becomes the live one
        (a DM) or the DM panel is retired (an ephemeral panel took over)."""
        if interaction.guild_id is None and interaction.message is not None:
            await self._retire_panel(m, seat, keep=interaction.message.id)
            await self._set_live(m, seat, interaction.channel_id, interaction.message.id)
        else:
            await self._retire_panel(m, seat)

    async def play_again(self, interaction: discord.Interaction, mid: int) -> None:
        user = interaction.user
        m = await self.service.rematch(mid, user.id, user.display_name, str(interaction.locale))
        await interaction.response.edit_message(view=None)   # one rematch per result
        await self.post_lobby(m)

    async def post_lobby(self, m: Match, interaction: discord.Interaction | None = None) -> None:
        embed = self.lobby_embed(m)
        view = ui.lobby_view(m.id, m.lang)
        if interaction is not None and not interaction.response.is_done():
            resp = await interaction.response.send_message(embed=embed, view=view)
            msg_id = resp.message_id
        else:
            msg = await self.channel(m.channel_id).send(embed=embed, view=view)
            msg_id = msg.id
        await self.service.set_messages(m, lobby_message_id=msg_id)

    async def _restore(self, m: Match) -> None:
        """A match rebuilt after a restart: remember who is waiting and which panels they
        hold, so nobody is pinged or sent a panel twice (the old panels keep working)."""
        if m.status != "running":
            return
        for seat, where in (await self.service.store.seat_messages(m.id, "panel")).items():
            self._live[(m.id, seat)] = where
        waiting = {s for s in m.to_act() if m.seat(s) and not m.seat(s).is_ai}
        self._waiting[m.id] = waiting
        for seat in waiting:
            self._panels[(m.id, seat)] = (m.seat_counts.get(seat, 0), m.choices(seat)[1])
        for seat, (channel_id, message_id) in (
                await self.service.store.seat_messages(m.id, "table_panel")).items():
            if seat in waiting and m.engine.public_decision(m.state, seat):
                acts, _ = m.public_choices(seat)
                labels = {_action_key(a): tr(m.engine.label(m.state, seat, a), m.lang) for a in acts}
                self._public_live[(m.id, seat)] = PublicPanel(
                    channel_id, message_id, None, self._panels[(m.id, seat)], labels)
