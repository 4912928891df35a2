"""Decision panels and notifications: how each player learns that a decision is theirs.

- A new decision reaches its player once, as a **new** message: a new DM, or a new
  ephemeral panel when they play from the table's buttons (DMs closed, or by choice). An
  edit never carries a new decision (edits do not notify). The seat's previous panel is
  retired: its buttons go and one line says why.
- A decision read out at the table (a quiz question) is a public message that offers only
  the engine's public choices; what only the player may see (playing a secret card) goes to
  their own panel. A message at the table is never edited into anything private.
- The thread gets at most one mention per change of whose turn it is (table option
  ``pings``: all | first | off).
- At the end of a game every panel of it loses its buttons.
"""
from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs import ui
from cogs.transient import is_transient
from core.i18n import tr
from core.service import Match, Step
from engines.base import T, Text

if TYPE_CHECKING:  # pragma: no cover
    from cogs.controller import Controller

log = logging.getLogger(__name__)

CONTENT_MAX = 2000
EPHEMERAL_EDITABLE_S = 14 * 60      # interaction tokens live 15 minutes


def clip(s: str, n: int = CONTENT_MAX) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def mentioning(*user_ids: int) -> discord.AllowedMentions:
    """Only these users may be pinged by a message: never @everyone, @here or a role, and
    never someone whose mention happens to be inside a display name or a question text."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in user_ids])


NO_MENTIONS = discord.AllowedMentions.none()


def one_at_a_time(method):
    """The panels of one match change in one task at a time: a publication that delivers a
    decision and the answer to a click that offers it next (or Your turn, or Back) each see
    the other's panel, so neither retires the one the other just sent."""
    @functools.wraps(method)
    async def serialised(self: "Panels", *args: Any, **kwargs: Any) -> Any:
        m = next(a for a in args if isinstance(a, Match))
        async with self._serial.setdefault(m.id, asyncio.Lock()):
            return await method(self, *args, **kwargs)
    return serialised


def action_key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


@dataclass
class PublicPanel:
    """A decision read out at the table (e.g. a quiz question) and what it offered."""
    channel_id: int
    message_id: int
    content: str | None          # None: not known (restored after a restart), fetched if needed
    stamp: tuple                 # (the seat's action count, fingerprint of its choices)
    labels: dict[str, str]       # action (as JSON) -> the label its button had


@dataclass
class DmPanel:
    channel_id: int
    message_id: int
    content: str | None          # None: not known (restored after a restart)
    stamp: tuple[int, str] | None = None     # the decision it offers (None: not known)


@dataclass
class EphemeralPanel:
    """An ephemeral panel; it can be edited through its interaction for 15 minutes."""
    interaction: discord.Interaction
    message_id: int | None       # None: the interaction's own response
    content: str
    at: float
    stamp: tuple[int, str] | None = None     # the decision it offers


class Panels:
    def __init__(self, controller: "Controller") -> None:
        self.c = controller
        self.offered: dict[tuple[int, str], tuple[int, str]] = {}   # decision last delivered
        self.dm: dict[tuple[int, str], DmPanel] = {}
        self.ephemeral: dict[tuple[int, str], EphemeralPanel] = {}
        self.public: dict[tuple[int, str], PublicPanel] = {}
        # decisions another process read out at the table: their message is in the store
        self.read_elsewhere: set[tuple[int, str]] = set()
        self.waiting: dict[int, set[str]] = {}                    # humans asked, last publication
        self.pinged: dict[tuple[int, str], tuple[int, str]] = {}  # decision last mentioned
        self._serial: dict[int, asyncio.Lock] = {}                # see one_at_a_time

    # --- building a panel ---------------------------------------------------------------
    def build(self, m: Match, seat: str, locale: str | None, *,
              public: bool = False) -> tuple[str, discord.ui.View | None]:
        """The decision a seat is asked now: prompt text and components. A public panel
        offers only the engine's public choices, under their own fingerprint, so nothing on
        it depends on the player's hidden data."""
        acts, fp = m.public_choices(seat) if public else m.choices(seat)
        if not acts:
            return "", None
        engine = m.engine
        t = self.c.t(m, locale)
        plain = self.c.t(m, locale, markdown=False)         # (buttons show text as it is)
        labels = [plain(engine.label(m.state, seat, a)) for a in acts]
        details = [None if (d := engine.detail(m.state, seat, a)) is None else plain(d) for a in acts]
        rule = engine.decision_timer(m.state, seat)
        if rule is not None and rule[1] in acts:
            # what happens at the time limit is not a button of its own
            labels[acts.index(rule[1])] = None
        prompt = t(engine.prompt(m.state, seat))
        if rule is not None:
            prompt += " " + tr(T("({n} second)", plural="({n} seconds)", n=int(rule[0])), locale)
        header = tr("**{game} #{id}** — {prompt}", locale, game=tr(engine.title, locale), id=m.id,
                    prompt=prompt)
        view = ui.choice_view(m.id, seat, m.seat_counts.get(seat, 0), fp, labels,
                              placeholder=tr("Choose…", locale), details=details)
        if not public and self.c.service.can_undo(m, seat):
            view.add_item(ui.TableButton("back", m.id, tr("Back", locale)))
        return clip(header), view

    @staticmethod
    def stamp(m: Match, seat: str) -> tuple[int, str]:
        return m.seat_counts.get(seat, 0), m.choices(seat)[1]

    def private_extras(self, m: Match, seat: str) -> list[dict]:
        """Choices of a public decision that only the player may see (besides the time-out)."""
        acts, _ = m.choices(seat)
        public, _ = m.public_choices(seat)
        rule = m.engine.decision_timer(m.state, seat)
        return [a for a in acts if a not in public and (rule is None or a != rule[1])]

    def humans_asked(self, m: Match) -> set[str]:
        return {s for s in m.to_act() if m.seat(s) and not m.seat(s).is_ai}

    def should_ping(self, m: Match, seat: str, newly: set[str]) -> bool:
        """pings=all: every new decision; first: the first decision of a turn; off: never."""
        pings = m.table.get("pings", "first")
        if pings == "off":
            return False
        again = self.pinged.get((m.id, seat)) == self.stamp(m, seat)   # (asked it before)
        if pings == "all":
            return not again
        return seat in newly and not again

    # --- delivering decisions -------------------------------------------------------------
    @one_at_a_time
    async def deliver(self, m: Match, notes: dict[str, list[str]], *, claim: bool = True) -> list[str]:
        """Every human seat asked a new decision gets it once, as a new message, with the
        private news of this change (``notes``: lines per seat) on top; news for a seat
        with no new decision goes in a DM of its own. Returns the seats to mention in the
        thread (``mention``, once the board is up). A DM panel is claimed in the store first,
        so that of two processes publishing about one match only one sends it
        (``claim=False``: a restart delivering what a dead process claimed)."""
        asked = self.humans_asked(m) if m.status == "running" else set()
        newly = asked - self.waiting.get(m.id, set())
        self.waiting[m.id] = asked
        await self._retire_unasked(m, asked)
        store = self.c.service.store
        when = self.c.service.claim_times()
        mention: list[str] = []
        for seat in sorted(asked):
            key = (m.id, seat)
            stamp = self.stamp(m, seat)
            if not stamp[1] or self.offered.get(key) == stamp:
                continue
            self.offered[key] = stamp
            ping = self.should_ping(m, seat, newly)
            if ping:
                self.pinged[key] = stamp
            try:
                if await self._offer(m, seat, stamp, ping, notes, claim=claim, when=when):
                    mention.append(seat)
            except Exception as e:
                if not is_transient(e):
                    raise
                # Discord failed (after cogs.transient's tries): not offered, not claimed; the
                # repair offers it (the mention, if any, still goes out: the player can use
                # Your turn meanwhile)
                log.warning("the panel of seat %s of match %s could not be sent (%r)", seat, m.id, e)
                self.offered.pop(key, None)
                await store.release_offers(m.id, seat)
                self.c.repair_soon(m)
                if ping:
                    mention.append(seat)
        for seat, lines in notes.items():
            s = m.seat(seat)
            if s is not None and not s.is_ai:
                try:
                    await self.c.dm(m, s.user_id, content=clip(
                        f"**{tr(m.engine.title, self.c.locale(m, s))} #{m.id}** — " + "\n".join(lines)))
                except Exception as e:
                    if not is_transient(e):
                        raise
                    log.warning("news for seat %s of match %s could not be sent (%r)", seat, m.id, e)
        return mention

    async def _offer(self, m: Match, seat: str, stamp: tuple[int, str], ping: bool,
                     notes: dict[str, list[str]], *, claim: bool, when: dict) -> bool:
        """Offer the seat its decision (``deliver``); returns whether it is to be mentioned."""
        s = m.seat(seat)
        key = (m.id, seat)
        store = self.c.service.store
        public = m.engine.public_decision(m.state, seat)
        if public:
            if not claim or await store.claim_offer(m.id, seat, stamp_text(stamp), "table_offer", **when):
                await self._post_public(m, seat, stamp, ping)
                await store.offer_settled(m.id, seat, stamp_text(stamp), "table_offer")
            else:
                self.read_elsewhere.add(key)
            if not self.private_extras(m, seat):
                await self.retire_dm(m, seat, self.in_thread_note(m, seat))
                await self.retire_ephemeral(m, seat)
                return False
        if claim and not await store.claim_offer(m.id, seat, stamp_text(stamp), **when):
            return ping and not public           # another process sends this one
        lines = notes.pop(seat, [])
        content, view = self.build(m, seat, self.c.locale(m, s))
        built = self.stamp(m, seat)          # the decision the panel offers
        if lines:
            content = clip("\n".join(lines) + "\n" + content)
        msg = await self.c.dm(m, s.user_id, content=content, view=view,
                              nonce=panel_nonce(m, seat, built, "dm"))
        if msg is None or not self._is_dm(key, msg.id):     # (a send that was one already)
            await self.retire_dm(m, seat)
        if msg is not None or not self._is_ephemeral_of(key, built):
            # (DMs closed: an ephemeral panel of this decision, sent meanwhile by the
            # answer to the player's click, is the one they play from)
            await self.retire_ephemeral(m, seat)
        if msg is not None:
            await self._set_dm(m, seat, DmPanel(msg.channel.id, msg.id, content), built)
        await store.offer_settled(m.id, seat, stamp_text(stamp))    # sent, or DMs closed
        return ping and not public

    async def mention(self, m: Match, seats: list[str]) -> None:
        """One line that mentions the players newly asked to act, telling each where their
        choices are (nothing when nobody is to be mentioned)."""
        if not seats:
            return
        t = self.c.t(m)
        by_dm = [m.seat(s).user_id for s in seats if m.seat(s).user_id not in self.c.dm_closed]
        at_table = [m.seat(s).user_id for s in seats if m.seat(s).user_id in self.c.dm_closed]
        parts = []
        if by_dm:
            who = " ".join(f"<@{u}>" for u in by_dm)
            parts.append(t("{who}: your turn — your choices are in your DMs.", who=who))
        if at_table:
            who = " ".join(f"<@{u}>" for u in at_table)
            parts.append(t("{who}: your turn — press **Your turn** on the board.", who=who))
        msg = await self.c.channel(m.home_channel).send(clip("\n".join(parts)),
                                                        allowed_mentions=mentioning(*by_dm, *at_table))
        for seat in seats:          # a restart neither mentions them again for this decision
            await self.c.service.store.set_seat_message(m.id, seat, "ping", msg.channel.id, msg.id,
                                                        stamp_text(self.stamp(m, seat)))

    async def _post_public(self, m: Match, seat: str, stamp: tuple, ping: bool) -> None:
        """Read a decision out at the table: everyone sees it, only its player may answer."""
        s = m.seat(seat)
        content, view = self.build(m, seat, m.lang, public=True)
        built = self.stamp(m, seat)
        msg = await self.c.channel(m.home_channel).send(
            clip(f"<@{s.user_id}> " + content), view=view, nonce=panel_nonce(m, seat, built, "table"),
            allowed_mentions=mentioning(s.user_id) if ping else NO_MENTIONS)
        acts, _ = m.public_choices(seat)
        labels = {action_key(a): self.c.t(m)(m.engine.label(m.state, seat, a)) for a in acts}
        old = self.public.get((m.id, seat))
        if old is None or old.message_id != msg.id:          # (a send that was one already)
            await self.retire_public(m, seat)
        self.public[(m.id, seat)] = PublicPanel(msg.channel.id, msg.id, msg.content, stamp, labels)
        await self.c.service.store.set_seat_message(m.id, seat, "table_panel", msg.channel.id, msg.id,
                                                    stamp_text(built))

    # --- retiring panels ------------------------------------------------------------------
    async def retire_public_done(self, m: Match, steps: list[Step]) -> None:
        """A decision read out at the table that is no longer asked loses its buttons, with
        a line that says how it ended (the answer given, or that time ran out)."""
        t = self.c.t(m)
        await self._adopt_read_elsewhere(m)
        for (mid, seat), panel in list(self.public.items()):
            if mid != m.id:
                continue
            if self.stamp(m, seat) == panel.stamp and m.engine.public_decision(m.state, seat):
                continue
            note = ""
            first = next((st for st in steps if st.seat == seat), None)
            if first is not None and first.by_timer:
                note = t("⏱ Time ran out.")
            elif first is not None and action_key(first.action) in panel.labels:
                note = t("✓ {choice}", choice=panel.labels[action_key(first.action)])
            await self.retire_public(m, seat, note)

    async def _adopt_read_elsewhere(self, m: Match) -> None:
        """The questions of this match that another process read out: this process has
        moved on from them, so it takes their messages from the store to retire them."""
        seats = [seat for (mid, seat) in self.read_elsewhere if mid == m.id]
        if not seats:
            return
        stored = await self.c.service.store.seat_panels(m.id, "table_panel")
        for seat in seats:
            self.read_elsewhere.discard((m.id, seat))
            if seat in stored and (m.id, seat) not in self.public:
                channel_id, message_id, stamp = stored[seat]
                self.public[(m.id, seat)] = PublicPanel(channel_id, message_id, None,
                                                        stamp_of(stamp), {})

    async def retire_public(self, m: Match, seat: str, note: str = "") -> None:
        panel = self.public.pop((m.id, seat), None)
        if panel is None:
            return
        try:
            message = self.c.channel(panel.channel_id).get_partial_message(panel.message_id)
            if note:
                content = panel.content if panel.content is not None else (await message.fetch()).content
                await message.edit(content=clip(content + "\n" + note), view=None,
                                   allowed_mentions=NO_MENTIONS)
            else:
                await message.edit(view=None)
        except discord.HTTPException:
            log.info("could not retire the table panel %s", panel.message_id)

    async def _retire_unasked(self, m: Match, asked: set[str]) -> None:
        """A seat no longer asked anything keeps no live panel: its decision was taken in
        another of its panels (a question answered in the thread), by its timer, or for it."""
        for key in {k for k in (*self.dm, *self.ephemeral) if k[0] == m.id and k[1] not in asked}:
            note = tr("*(out of date)*", self.c.locale(m, m.seat(key[1])))
            await self.retire_dm(m, key[1], note)
            await self.retire_ephemeral(m, key[1], note)
            self.offered.pop(key, None)
            await self.c.service.store.release_offers(m.id, key[1])

    def in_thread_note(self, m: Match, seat: str) -> str:
        """What a DM panel says once its decision is offered in the table's thread instead."""
        return tr("*(replaced by the panel in the table's thread: {link})*",
                  self.c.locale(m, m.seat(seat)), link=ui.jump_url(m.guild_id, m.home_channel))

    async def retire_dm(self, m: Match, seat: str, note: str | None = None) -> None:
        """The seat's live DM panel loses its buttons and says why (replaced by default)."""
        panel = self.dm.pop((m.id, seat), None)
        if panel is None:
            return
        s = m.seat(seat)
        note = note if note is not None else tr("*(replaced by a newer panel below)*", self.c.locale(m, s))
        try:
            message = self.c.channel(panel.channel_id).get_partial_message(panel.message_id)
            content = panel.content
            if content is None:          # sent before a restart: its text is read back
                content = (await message.fetch()).content
            await message.edit(content=clip(content + "\n" + note), view=None,
                               allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not retire panel %s", panel.message_id)

    async def retire_ephemeral(self, m: Match, seat: str, note: str | None = None) -> None:
        panel = self.ephemeral.pop((m.id, seat), None)
        if panel is None or time.monotonic() - panel.at > EPHEMERAL_EDITABLE_S:
            return
        s = m.seat(seat)
        note = note if note is not None else tr("*(replaced by a newer panel)*", self.c.locale(m, s))
        kwargs: dict[str, Any] = {"content": clip(panel.content + "\n" + note), "view": None,
                                  "allowed_mentions": NO_MENTIONS}
        try:
            if panel.message_id is None:
                await panel.interaction.edit_original_response(**kwargs)
            else:
                await panel.interaction.followup.edit_message(panel.message_id, **kwargs)
        except discord.HTTPException:
            log.info("could not retire an ephemeral panel of match %s", m.id)

    @one_at_a_time
    async def retire_all(self, m: Match, note_text: Text) -> None:
        """The end of a table: no panel of it stays clickable, those this process sent and
        those the store knows of (sent before a restart, or by another process)."""
        await self._adopt_read_elsewhere(m)
        store = self.c.service.store
        for seat, (channel_id, message_id, _) in (await store.seat_panels(m.id, "panel")).items():
            self.dm.setdefault((m.id, seat), DmPanel(channel_id, message_id, None))
        for seat, (channel_id, message_id, stamp) in (await store.seat_panels(m.id, "table_panel")).items():
            self.public.setdefault((m.id, seat), PublicPanel(channel_id, message_id, None, stamp_of(stamp), {}))
        for (mid, seat) in [k for k in (*self.dm, *self.ephemeral, *self.public) if k[0] == m.id]:
            s = m.seat(seat)
            note = tr(note_text, self.c.locale(m, s))
            await self.retire_dm(m, seat, f"*{note}*")
            await self.retire_ephemeral(m, seat, f"*{note}*")
            await self.retire_public(m, seat)
        self.waiting.pop(m.id, None)
        for store in (self.offered, self.pinged):
            for k in [k for k in store if k[0] == m.id]:
                del store[k]

    async def _set_ephemeral(self, m: Match, seat: str, panel: EphemeralPanel) -> None:
        """The seat's live ephemeral panel, of the decision last offered; the one before it, if
        another, is retired. The store keeps which decision it offers: after a restart the seat
        holds it (it still works), so it is neither sent the decision again nor mentioned."""
        old = self.ephemeral.get((m.id, seat))
        same = old is not None and old.message_id == panel.message_id and (
            old.message_id is not None or old.interaction is panel.interaction)
        if old is not None and not same:
            await self.retire_ephemeral(m, seat)
        panel.stamp = self.offered.get((m.id, seat), self.stamp(m, seat))
        self.ephemeral[(m.id, seat)] = panel
        if m.status != "running":        # the table ended while this panel was being sent
            await self.retire_ephemeral(m, seat, "*" + tr(T("(this table was closed)") if m.status == "aborted"
                                                         else T("(the game is over)"),
                                                         self.c.locale(m, m.seat(seat))) + "*")
            return
        await self.c.service.store.set_seat_message(
            m.id, seat, "ephemeral", panel.interaction.channel_id or 0, panel.message_id or 0,
            stamp_text(panel.stamp))

    def _is_ephemeral_of(self, key: tuple[int, str], stamp: tuple[int, str]) -> bool:
        panel = self.ephemeral.get(key)
        return panel is not None and panel.stamp == stamp

    def _is_dm(self, key: tuple[int, str], message_id: int) -> bool:
        panel = self.dm.get(key)
        return panel is not None and panel.message_id == message_id

    async def _set_dm(self, m: Match, seat: str, panel: DmPanel, stamp: tuple[int, str]) -> None:
        panel.stamp = stamp
        self.dm[(m.id, seat)] = panel
        await self.c.service.store.set_seat_message(m.id, seat, "panel", panel.channel_id, panel.message_id,
                                                    stamp_text(stamp))

    # --- answers ----------------------------------------------------------------------------
    @one_at_a_time
    async def answered(self, interaction: discord.Interaction, m: Match, seat: str,
                       label_public: str, label_private: str) -> None:
        """Confirm a choice on the panel that was clicked (an edit: it carries no new
        decision). The seat's next decision comes as a new message: a new ephemeral panel
        when they played from the table's buttons, else a new DM from ``deliver``."""
        msg = interaction.message
        key = (m.id, seat)
        if interaction.guild_id is not None and msg is not None and not msg.flags.ephemeral:
            # a message at the table only ever shows public content
            panel = self.public.get(key)
            if panel is not None and panel.message_id == msg.id:
                self.public.pop(key)
            await self.c.service.store.forget_seat_message(m.id, seat, "table_panel", msg.id)
            await self.c.update_clicked(
                interaction, content=clip(msg.content + "\n" + self.c.t(m)("✓ {choice}", choice=label_public)),
                view=None)
            return
        locale = self.c.locale(m, interaction)
        done = tr("✓ {choice}", locale, choice=label_private)
        content = clip(((msg.content + "\n") if msg is not None and msg.content else "") + done)
        if interaction.guild_id is None:        # a DM panel
            if msg is not None and self.dm.get(key) and self.dm[key].message_id == msg.id:
                self.dm.pop(key)
            await self.c.update_clicked(interaction, content=content, view=None)
            if msg is not None:
                await self.c.service.store.forget_seat_message(m.id, seat, "panel", msg.id)
            return
        # an ephemeral panel: the next decision of the same seat follows as a new one
        mine = self.ephemeral.get(key)
        if mine is not None and msg is not None and mine.message_id in (msg.id, None):
            self.ephemeral.pop(key)
        await self.c.update_clicked(interaction, content=content, view=None)
        stamp = self.stamp(m, seat)
        dm = self.dm.get(key)
        # (a publication that could not wait for this answer may have offered the decision
        # already: by DM, then nothing more; a player whose DMs are closed gets it here)
        offered_by_dm = self.offered.get(key) == stamp and dm is not None and dm.stamp == stamp
        if stamp[1] and not offered_by_dm and not m.engine.public_decision(m.state, seat):
            self.offered[key] = stamp
            nxt, view = self.build(m, seat, locale)
            try:
                sent = await interaction.followup.send(nxt, view=view, ephemeral=True, wait=True,
                                                       allowed_mentions=NO_MENTIONS)
            except Exception as e:
                if not is_transient(e):
                    raise
                # Discord failed: the repair offers the decision (by DM, or the player's
                # Your turn does)
                log.warning("the next panel of seat %s of match %s could not be sent (%r)", seat, m.id, e)
                self.offered.pop(key, None)
                self.c.repair_soon(m)
                return
            await self.retire_dm(m, seat, self.in_thread_note(m, seat))
            await self._set_ephemeral(m, seat, EphemeralPanel(interaction, sent.id, nxt, time.monotonic()))

    @one_at_a_time
    async def show_turn(self, interaction: discord.Interaction, m: Match, seat: str) -> None:
        """The **Your turn** button: the seat's decision as a new ephemeral panel (its DM
        panel of the same decision is retired, so one panel stays live)."""
        locale = self.c.locale(m, interaction)
        content, view = self.build(m, seat, locale)
        sent = await self.c.reply(interaction, content, view=view)
        key = (m.id, seat)
        self.offered[key] = self.stamp(m, seat)
        await self.retire_dm(m, seat, self.in_thread_note(m, seat))
        await self._set_ephemeral(m, seat, EphemeralPanel(interaction, sent.id if sent else None, content,
                                                          time.monotonic()))

    @one_at_a_time
    async def taken_back(self, interaction: discord.Interaction, m: Match, seat: str) -> None:
        """After **Back**: the decision taken back is offered again in the clicked panel."""
        locale = self.c.locale(m, interaction)
        content, view = self.build(m, seat, locale)
        key = (m.id, seat)
        self.offered[key] = built = self.stamp(m, seat)
        content = clip(tr("↩ Taken back.", locale) + "\n" + content)
        await self.c.update_clicked(interaction, content=content, view=view)
        msg = interaction.message
        if interaction.guild_id is None and msg is not None:
            if self.dm.get(key) is None or self.dm[key].message_id != msg.id:
                await self.retire_dm(m, seat)
            await self._set_dm(m, seat, DmPanel(interaction.channel_id, msg.id, content), built)
        else:
            await self.retire_dm(m, seat, self.in_thread_note(m, seat))
            await self._set_ephemeral(m, seat, EphemeralPanel(interaction, None if msg is None else msg.id,
                                                              content, time.monotonic()))

    async def send_unsent(self, m: Match, seat: str, kind: str, stamp: str) -> None:
        """A panel that another process claimed and never sent (it died mid-send): sent from
        here while its decision is still the seat's, the claim taken over in ``deliver``;
        otherwise the claim is settled, nothing to send."""
        if seat not in self.humans_asked(m) or stamp_text(self.stamp(m, seat)) != stamp:
            await self.c.service.store.offer_settled(m.id, seat, stamp, kind)
            return
        key = (m.id, seat)
        self.offered.pop(key, None)             # this process saw it claimed elsewhere
        self.read_elsewhere.discard(key)
        await self.mention(m, await self.deliver(m, {}))

    # --- after a restart --------------------------------------------------------------------
    async def restore(self, m: Match, *, reloaded: bool = False) -> bool:
        """Remember who is waiting and which panels they hold, so nobody is pinged or sent a
        panel twice (the old panels keep working). A decision whose panel had not been posted
        when the bot stopped (it died between storing a move and publishing it) is delivered
        now: without it that player, and the table, would wait forever. Returns whether such
        a publication was lost (the board and hands are then out of date too)."""
        if m.status != "running":
            return False
        store = self.c.service.store
        waiting = self.humans_asked(m)
        self.waiting[m.id] = set(waiting)
        held: set[str] = set()
        dm_panels = await store.seat_panels(m.id, "panel")
        table_panels = await store.seat_panels(m.id, "table_panel")
        ephemerals = await store.seat_panels(m.id, "ephemeral")
        pings = await store.seat_panels(m.id, "ping")
        for seat, (channel_id, message_id, stamp) in dm_panels.items():
            self.dm[(m.id, seat)] = DmPanel(channel_id, message_id, None)
            if seat in waiting and stamp in (None, stamp_text(self.stamp(m, seat))):
                held.add(seat)
        for seat, (_, _, stamp) in ephemerals.items():
            # an ephemeral panel cannot be edited from here (its token was the old process's)
            # but it still works: the seat holds its decision
            if seat in waiting and stamp == stamp_text(self.stamp(m, seat)):
                held.add(seat)
        for seat, (channel_id, message_id, stamp) in table_panels.items():
            if seat in waiting and m.engine.public_decision(m.state, seat):
                now = self.stamp(m, seat)
                if stamp in (None, stamp_text(now)):
                    held.add(seat)
                    acts, _ = m.public_choices(seat)
                    labels = {action_key(a): self.c.t(m)(m.engine.label(m.state, seat, a)) for a in acts}
                    self.public[(m.id, seat)] = PublicPanel(channel_id, message_id, None, now, labels)
                else:            # an older question: retired below (or by the current one's reading)
                    self.public[(m.id, seat)] = PublicPanel(channel_id, message_id, None, stamp_of(stamp), {})
            else:                # a question no longer asked
                self.public[(m.id, seat)] = PublicPanel(channel_id, message_id, None, stamp_of(stamp), {})
        for seat in held:
            self.offered[(m.id, seat)] = self.pinged[(m.id, seat)] = self.stamp(m, seat)
        if waiting - held:
            # A seat that answered every panel it was sent, and did not make the latest move
            # (the one whose publication was lost), was not asked when the bot last published:
            # it is asked anew, and mentioned as it would have been. The mover was asked then,
            # and a seat with no panel (DMs closed) may have been told: neither is mentioned.
            mover = await store.last_actor(m.id)
            for seat in waiting - held - {mover}:
                if seat in pings and pings[seat][2] == stamp_text(self.stamp(m, seat)):
                    continue             # mentioned for this decision before the restart
                shown = [stamp_of(panels[seat][2])[0] for panels in (dm_panels, table_panels, ephemerals)
                         if seat in panels and panels[seat][2] is not None]
                if shown and max(shown) < self.stamp(m, seat)[0]:
                    self.waiting[m.id].discard(seat)
            for seat in self.waiting[m.id]:     # asked before the restart: mentioned then
                self.pinged[(m.id, seat)] = self.stamp(m, seat)
            # after a restart the panels a dead process had claimed are sent anyway; when
            # another live process moved the match, it sends its own
            await self.mention(m, await self.deliver(m, {}, claim=reloaded))
        await self._retire_stored_stale(m, {seat: row for seat, row in dm_panels.items() if seat not in held},
                                        {seat: row for seat, row in table_panels.items() if seat not in held})
        return bool(waiting - held)

    async def _retire_stored_stale(self, m: Match, dms: dict[str, tuple], questions: dict[str, tuple]) -> None:
        """Panels the store knows of whose decision is no longer the seat's (the bot that sent
        them stopped before it retired them): out of date, they lose their buttons, unless a
        newer panel took their place meanwhile (it retired them)."""
        for seat, (_, message_id, _) in dms.items():
            if self._is_dm((m.id, seat), message_id):
                await self.retire_dm(m, seat, tr("*(out of date)*", self.c.locale(m, m.seat(seat))))
        for seat, (_, message_id, _) in questions.items():
            panel = self.public.get((m.id, seat))
            if panel is not None and panel.message_id == message_id:
                await self.retire_public(m, seat)


def panel_nonce(m: Match, seat: str, stamp: tuple[int, str], where: str) -> int:
    """The nonce of the message that offers a seat one decision: the same every time that
    panel is sent, so that Discord, which keeps a nonce for a few minutes, answers a second
    send with the first message (a process that died after sending, before it stored the
    panel, or two processes that both thought it theirs, never send it twice). A decision
    asked again after Back is a new panel."""
    return ui.nonce_of(m.id, seat, stamp_text(stamp), m.version.undone if m.version else 0, where)


def stamp_text(stamp: tuple[int, str]) -> str:
    """A panel's decision as stored with it: "<the seat's action count>:<fingerprint>"."""
    return f"{stamp[0]}:{stamp[1]}"


def stamp_of(text: str | None) -> tuple[int, str]:
    """The decision of ``stamp_text`` (a panel stored without one: none)."""
    count, _, fp = (text or "0:").partition(":")
    return int(count), fp
