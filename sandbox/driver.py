"""The driver: act as simulated users (slash, click, select, modal) and wait for what the bot
does, without sleeping. ``Sandbox`` = server + driver + web UI."""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Callable, Iterable

from .server import InteractionFailed, SandboxError, SbInteraction
from .world import CH_DM, SbChannel, SbMessage, SbUser

log = logging.getLogger("sandbox.driver")

Predicate = Callable[[SbMessage], Any]

OPT_SUB, OPT_GROUP, OPT_STRING, OPT_INT, OPT_BOOL, OPT_USER, OPT_CHANNEL, OPT_ROLE = 1, 2, 3, 4, 5, 6, 7, 8
OPT_MENTIONABLE, OPT_NUMBER, OPT_ATTACHMENT = 9, 10, 11


class SandboxTimeout(SandboxError, TimeoutError):
    """A wait helper ran out of time."""


class InteractionResult:
    """What the bot did with one interaction. Live: ``message`` and ``followups`` reflect later
    edits and followups; use the ``wait_*`` methods to wait for them."""

    def __init__(self, sb: "Sandbox", it: SbInteraction, mark: int) -> None:
        self.sb = sb
        self.interaction = it
        self.mark = mark          # event counter at dispatch: "what happened after this"

    # -- what happened at the callback -----------------------------------------------
    @property
    def id(self) -> int:
        return self.interaction.id

    @property
    def type(self) -> int | None:
        """Callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 autocomplete,
        9 modal. With ``Sandbox.settle_deferred`` the type the user effectively saw once the
        bot answered a deferral (``SbInteraction.outcome``); ``raw_type`` is the callback's own."""
        if self.sb.settle_deferred:
            return self.interaction.outcome
        return self.interaction.callback_type

    @property
    def raw_type(self) -> int | None:
        return self.interaction.callback_type

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the parsed callback."""
        return self.interaction.latency

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def message(self) -> SbMessage | None:
        """The reply (types 4/5) or the clicked message (types 6/7), current state; with
        ``settle_deferred``, the followup that answered a deferred update."""
        it = self.interaction
        oid = it.original_id
        if self.sb.settle_deferred and it.callback_type == 6 and it.answered_by is not None \
                and it.answered_by[0] == "followup":
            oid = it.answered_by[1]
        return self.sb.world.messages.get(oid) if oid else None

    @property
    def ephemeral(self) -> bool:
        m = self.message
        return bool(m and m.ephemeral)

    @property
    def content(self) -> str:
        m = self.message
        return m.content if m else ""

    @property
    def followups(self) -> list[SbMessage]:
        w = self.sb.world
        return [w.messages[i] for i in self.interaction.followup_ids]

    @property
    def modal(self) -> dict | None:
        return self.interaction.modal

    @property
    def choices(self) -> list[dict] | None:
        return self.interaction.choices

    # -- waiting for what follows ------------------------------------------------------
    async def wait_ack(self, timeout: float | None = None) -> "InteractionResult":
        """Wait for the callback (done by ``slash``/``click``/... unless ``wait=False``).
        Raises ``InteractionFailed`` if none arrives within the deadline (3 s by default),
        as a user would see "This interaction failed"."""
        it = self.interaction
        sb = self.sb
        limit = sb.callback_deadline + 0.25 if timeout is None else timeout
        try:
            await asyncio.wait_for(asyncio.shield(it.acked), limit)
        except TimeoutError:
            it.error = it.error or f"no callback within {limit:.2f} s"
        if it.callback_type is None:
            raise InteractionFailed(
                f"{it.user.username}: {it.name!r} was not acknowledged ({it.error}); a user would see "
                f"'This interaction failed'. {sb._diagnostics()}")
        if sb.settle_deferred and it.callback_type in (5, 6):
            await self.wait_answered()
        return self

    async def wait_answered(self, timeout: float = 15.0) -> "InteractionResult":
        """For a deferral: wait until the bot answered it (edited the message or sent a
        followup). A deferred update may legitimately never be answered (a lobby click whose
        effect is the lobby's own edit): then this returns after ``timeout``."""
        try:
            await asyncio.wait_for(self.interaction.answered.wait(), timeout)
        except TimeoutError:
            pass
        return self

    async def wait_final(self, timeout: float = 5.0) -> SbMessage:
        """For a deferred reply (5): the message once the bot has filled it in. For a deferred
        update (6): the clicked message after the bot's next edit. Otherwise the message now."""
        m = self.message
        if m is None:
            raise SandboxError(f"interaction {self.id} has no message (callback type {self.type})")
        if self.type == 5:
            return await self.sb.wait_for_message(lambda x: x.id == m.id and not x.loading, timeout=timeout)
        if self.type == 6:
            return await self.sb.wait_for_message(lambda x: x.id == m.id, timeout=timeout, after=self.mark,
                                                  kinds=("edit",))
        return m

    async def wait_followup(self, predicate: Predicate | None = None, timeout: float = 5.0) -> SbMessage:
        ids = self.interaction.followup_ids

        def match(m: SbMessage) -> bool:
            return m.id in ids and (predicate is None or predicate(m))
        return await self.sb.wait_for_message(match, timeout=timeout, kinds=("create", "edit"))

    async def wait_for_message(self, predicate: Predicate, timeout: float = 5.0, **kw) -> SbMessage:
        """Any message created or edited after this interaction was dispatched."""
        return await self.sb.wait_for_message(predicate, timeout=timeout, after=self.mark, **kw)

    def __repr__(self) -> str:
        return (f"<InteractionResult {self.interaction.name!r} cb={self.type} ephemeral={self.ephemeral} "
                f"message={self.message!r} followups={len(self.interaction.followup_ids)}>")


class DriverMixin:
    """Methods mixed into ``Sandbox``; see the module docstring."""

    #: the bot under test acknowledges first (a defer) and answers after: with this on,
    #: ``click``/``select``/``slash`` return once the bot answered, and results report the
    #: type the user effectively saw (see ``InteractionResult.type``)
    settle_deferred = False

    def _driver_init(self) -> None:
        self._event_seq = 0
        self._last_change: dict[int, int] = {}      # message id -> event seq of its last change
        self._listeners.append(self._track)

    def _track(self, kind: str, obj: Any) -> None:
        self._event_seq += 1
        if isinstance(obj, SbMessage):
            self._last_change[obj.id] = self._event_seq

    # -- users and switches ------------------------------------------------------------
    @property
    def users(self) -> list[SbUser]:
        """The simulated humans (not the bot)."""
        return list(self.world.humans)

    def user(self, ref) -> SbUser:
        return self.world.user(ref)

    def channel(self, ref) -> SbChannel:
        return self.world.channel(ref)

    @property
    def bot_user(self) -> SbUser:
        return self.world.bot

    @property
    def guild_id(self) -> int:
        return self.world.guild_id

    async def add_user(self, name: str, *, display_name: str | None = None,
                       locale: str = "en-US") -> SbUser:
        """A new simulated human who is a member of the guild. A connected bot with the
        members intent hears GUILD_MEMBER_ADD (without it, as on Discord, it learns of the
        member from their first interaction)."""
        from .server import I_GUILD_MEMBERS
        u = self.world.add_user(name, display_name=display_name, locale=locale)
        for gid in self.world.guild_ids:        # a member of every guild (see World.add_guild)
            payload = dict(self.world.member_payload(u.id, gid), guild_id=str(gid))
            await self.dispatch("GUILD_MEMBER_ADD", payload, intent=I_GUILD_MEMBERS)
        self.changed()
        return u

    async def add_guild(self, name: str, *, channels: tuple[str, ...] | None = None,
                        shard: tuple[int, int] | None = None, locale: str = "en-US") -> int:
        """Another guild (``World.add_guild``): every human is a member, with its own text
        channels (default ``<name>-table``). ``shard=(shard_id, shard_count)`` gives it an id
        on that shard. A connected session of that shard hears GUILD_CREATE. Returns its id."""
        from .server import I_GUILDS
        g = self.world.add_guild(name, channels=channels, shard=shard, locale=locale)
        await self.dispatch("GUILD_CREATE", self.world.guild_payload(g.id), intent=I_GUILDS)
        self.changed()
        return g.id

    def shard_of(self, guild, shard_count: int) -> int:
        """The shard (of ``shard_count``) a guild's events go to: a guild id, a channel (its
        guild), or None / "dm" (DMs: shard 0)."""
        from .world import shard_of
        if guild is None or guild == "dm":
            return 0
        if isinstance(guild, int) and guild in self.world.guild_ids:
            return shard_of(guild, shard_count)
        return shard_of(self.world.channel(guild).guild_id, shard_count)

    async def add_channel(self, name: str, *, topic: str | None = None) -> SbChannel:
        """A new text channel in the guild (CHANNEL_CREATE reaches a connected bot)."""
        from .server import I_GUILDS
        ch = self.world.add_text_channel(name, topic=topic)
        await self.dispatch("CHANNEL_CREATE", self.world.channel_payload(ch), intent=I_GUILDS)
        self.changed()
        return ch

    def close_dms(self, user, closed: bool = True) -> None:
        """Make DMs to this user fail with 403/50007 (opening the channel still works)."""
        self.world.user(user).dms_closed = closed
        self.changed()

    def expire_token(self, result: InteractionResult) -> None:
        """Age an interaction past the 15-minute token lifetime (followups/edits then fail
        with 401 code 50027, as on Discord)."""
        result.interaction.dispatched_wall -= self.token_lifetime + 1

    def mark(self) -> int:
        """An event counter; pass it as ``after=`` to wait only for later changes."""
        return self._event_seq

    # -- queries ------------------------------------------------------------------------
    def message(self, ref) -> SbMessage:
        return self.world.message(ref)

    def messages(self, channel, *, viewer=None, include_deleted: bool = False) -> list[SbMessage]:
        """Messages of a channel or thread, oldest first. Without ``viewer``: what everyone in
        the channel sees (no ephemerals). With ``viewer``: what that user sees there."""
        ch = self.world.channel(channel)
        out = []
        for m in self.world.messages.values():
            if m.channel_id != ch.id or (m.deleted and not include_deleted):
                continue
            if viewer is None:
                if m.ephemeral:
                    continue
            elif not self.can_see(self.world.user(viewer).id, m):
                continue
            out.append(m)
        return sorted(out, key=lambda m: m.id)

    def latest(self, channel, *, viewer=None) -> SbMessage | None:
        ms = self.messages(channel, viewer=viewer)
        return ms[-1] if ms else None

    def dms(self, user) -> list[SbMessage]:
        """Messages in the bot's DM channel with this user, oldest first."""
        u = self.world.user(user)
        cid = self.world.dm_by_user.get(u.id)
        if cid is None:
            return []
        return self.messages(cid)

    def ephemerals(self, user, channel=None) -> list[SbMessage]:
        u = self.world.user(user)
        ch = self.world.channel(channel) if channel is not None else None
        return sorted((m for m in self.world.messages.values()
                       if m.ephemeral and m.viewer_id == u.id and not m.deleted
                       and (ch is None or m.channel_id == ch.id)), key=lambda m: m.id)

    def visible_to(self, user, channel=None) -> list[SbMessage]:
        """Everything this user can see: public messages of channels/threads they can see,
        their ephemerals and their DMs (optionally only in one channel)."""
        u = self.world.user(user)
        ch = self.world.channel(channel) if channel is not None else None
        return sorted((m for m in self.world.messages.values()
                       if (ch is None or m.channel_id == ch.id) and self.can_see(u.id, m)),
                      key=lambda m: m.id)

    def hidden_from(self, user) -> list[SbMessage]:
        """Messages this user cannot see (others' ephemerals and DMs, private threads)."""
        u = self.world.user(user)
        return sorted((m for m in self.world.messages.values() if not m.deleted and not self.can_see(u.id, m)),
                      key=lambda m: m.id)

    def attachment_bytes(self, message, filename: str | None = None) -> bytes:
        return self.world.message(message).attachment_bytes(filename)

    def threads(self, parent=None) -> list[SbChannel]:
        p = self.world.channel(parent) if parent is not None else None
        return [t for t in self.world.threads if p is None or t.parent_id == p.id]

    def thread(self, name: str) -> SbChannel:
        for t in self.world.threads:
            if t.name == name:
                return t
        raise LookupError(f"no thread named {name!r}; threads: {[t.name for t in self.world.threads]}")

    def latencies(self, kind: int | None = None) -> list[float]:
        """Dispatch-to-callback times (s) of every acknowledged interaction (of one type)."""
        return [it.latency for it in self.interactions.values()
                if it.latency is not None and (kind is None or it.type == kind)]

    # -- waiting ---------------------------------------------------------------------------
    async def wait_for_message(self, predicate: Predicate | None = None, *, timeout: float = 5.0,
                               after: int = 0, kinds: Iterable[str] = ("create", "edit")) -> SbMessage:
        """The first message (current state) for which ``predicate`` is true, among messages
        created/edited after ``after`` (a ``mark()``; 0 = any time), including ones already
        there. Resolved by the server as messages arrive; never polls."""
        kinds = tuple(kinds)
        pred = predicate or (lambda m: True)
        for m in sorted(self.world.messages.values(), key=lambda m: m.id):
            if self._last_change.get(m.id, 0) > after and not m.deleted and pred(m):
                return m
        fut = asyncio.get_running_loop().create_future()

        def listener(kind: str, obj: Any) -> None:
            if fut.done() or kind not in kinds or not isinstance(obj, SbMessage):
                return
            try:
                if pred(obj):
                    fut.set_result(obj)
            except Exception as e:  # noqa: BLE001 - surface predicate bugs in the test
                fut.set_exception(e)
        self._listeners.append(listener)
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            recent = sorted(self.world.messages.values(), key=lambda m: m.id)[-5:]
            raise SandboxTimeout(f"no message matched within {timeout} s. Last messages: {recent}. "
                                 f"{self._diagnostics()}") from None
        finally:
            self._listeners.remove(listener)

    async def wait_for_dm(self, user, predicate: Predicate | None = None, *, timeout: float = 5.0,
                          after: int = 0) -> SbMessage:
        u = self.world.user(user)
        return await self.wait_for_message(
            lambda m: m.is_dm and m.viewer_id == u.id and (predicate is None or predicate(m)),
            timeout=timeout, after=after, kinds=("create",))

    async def wait_for_thread(self, predicate: Callable[[SbChannel], Any] | None = None, *,
                              timeout: float = 5.0) -> SbChannel:
        pred = predicate or (lambda t: True)
        for t in self.world.threads:
            if pred(t):
                return t
        # a thread is announced through THREAD_CREATE; watch the channel table via messages' events
        fut = asyncio.get_running_loop().create_future()

        def listener(kind: str, obj: Any) -> None:
            if fut.done():
                return
            for t in self.world.threads:
                if pred(t):
                    fut.set_result(t)
                    return
        self._listeners.append(listener)
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise SandboxTimeout(f"no thread matched within {timeout} s; threads: "
                                 f"{[t.name for t in self.world.threads]}") from None
        finally:
            self._listeners.remove(listener)

    def _diagnostics(self) -> str:
        parts = []
        if self.unknown_routes:
            parts.append(f"routes the sandbox does not serve: {self.unknown_routes[-5:]}")
        if self.errors:
            parts.append(f"sandbox handler errors: {self.errors[-3:]}")
        if not any(s.connected for s in self.live_sessions()):
            parts.append("no bot is connected to the gateway")
        return " ".join(parts)

    # -- acting as users --------------------------------------------------------------------
    def _envelope(self, it: SbInteraction) -> dict:
        w = self.world
        ch = it.channel
        d: dict[str, Any] = {
            "id": str(it.id), "application_id": str(w.application_id), "type": it.type, "token": it.token,
            "version": 1, "data": it.data, "channel_id": str(ch.id),
            "channel": dict(w.channel_payload(ch), permissions=str(
                w.member_permissions(it.user.id, ch.guild_id) if not ch.is_dm else 0)),
            "locale": it.user.locale, "entitlements": [], "entitlement_sku_ids": [],
            "attachment_size_limit": self.attachment_size_limit,
        }
        if ch.is_dm:
            d["user"] = it.user.payload()
            d["context"] = 1
            d["authorizing_integration_owners"] = {"0": "0"}
            d["app_permissions"] = str(0)
        else:
            gid = ch.guild_id
            locale = w.guild_locale_of(gid)
            d["guild_id"] = str(gid)
            d["guild"] = {"id": str(gid), "locale": locale, "features": []}
            d["guild_locale"] = locale
            d["context"] = 0
            d["authorizing_integration_owners"] = {"0": str(gid)}
            if it.user.id not in w.members:
                raise SandboxError(f"{it.user!r} is not a member of the guild")
            d["member"] = w.member_payload(it.user.id, gid, w.member_permissions(it.user.id, gid))
            d["app_permissions"] = str(w.member_permissions(w.bot.id, gid))
        if it.message is not None:
            d["message"] = w.message_payload(it.message)
            claimed = getattr(it, "claimed", None)
            if claimed is not None:     # a crafted client that claims the message has it
                rows = list(d["message"].get("components") or [])[:4]
                d["message"]["components"] = rows + [{"type": 1, "components": [claimed]}]
        return d

    async def _interact(self, user: SbUser, itype: int, channel: SbChannel, data: dict, *,
                        message: SbMessage | None = None, name: str = "", timeout: float | None = None,
                        wait: bool = True, claimed: dict | None = None) -> InteractionResult:
        session = self.session_for(channel.guild_id)     # its guild's shard; DMs: shard 0
        if session is None:
            if self.bot_session() is not None:
                raise SandboxError(f"no bot session of the shard for {channel!r} is connected "
                                   f"(sessions: {self.live_sessions()})")
            raise SandboxError("no bot is connected to the sandbox gateway (did it start? "
                               "is discord.py patched with sandbox.patch_discord?)")
        w = self.world
        it = SbInteraction(self, id=w.ids.next(), token="sbx." + secrets.token_urlsafe(24), type=itype,
                           user=user, channel=channel, data=data, message=message, name=name)
        it.claimed = claimed
        self.interactions[it.id] = it
        self.by_token[it.token] = it
        result = InteractionResult(self, it, self.mark())
        payload = self._envelope(it)
        it.dispatched_wall = time.time()
        it.dispatched_at = time.perf_counter()
        self.touch()
        await session.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await result.wait_ack(timeout)
        return result

    def _resolve_channel_for(self, user: SbUser, channel) -> SbChannel:
        if channel is None:
            return self.world.text_channels[0]
        if channel == "dm":
            return self.world.dm_channel(user)
        return self.world.channel(channel)

    def _find_command(self, name: str, guild_id: int | None = None) -> dict | None:
        w = self.world
        gid = w.guild_id if guild_id is None else guild_id
        return w.commands.get((gid, name)) or w.commands.get((None, name))

    async def slash(self, user, command: str, /, channel=None, *, timeout: float | None = None,
                    wait: bool = True, options: dict | None = None, **kw) -> InteractionResult:
        """Run a slash command as ``user``: ``await sb.slash("anna", "libertalia new", players=4)``.
        ``command`` is the path ("group sub" or "group subgroup sub"); options by name; user
        options take a user (name/id/SbUser), channel options a channel, attachment options a
        ``(filename, bytes)`` tuple. ``channel``: a channel/thread (name, id, object) or "dm".
        Options whose names clash with these keywords (channel, timeout, wait, options) go in
        ``options={...}``."""
        options = {**kw, **(options or {})}
        u = self.world.user(user)
        ch = self._resolve_channel_for(u, channel)
        if not self.can_see_channel(u.id, ch):
            raise SandboxError(f"{u.username} cannot see {ch!r}, so cannot use a command there")
        data = self._command_data(command, options, focused=None, guild_id=ch.guild_id)
        return await self._interact(u, 2, ch, data, name=command, timeout=timeout, wait=wait)

    async def autocomplete(self, user, command: str, focused: str, /, channel=None, *,
                           timeout: float | None = None, options: dict | None = None, **kw) -> list[dict]:
        """Ask the bot for autocomplete choices of option ``focused``; returns the choices."""
        options = {**kw, **(options or {})}
        u = self.world.user(user)
        ch = self._resolve_channel_for(u, channel)
        data = self._command_data(command, options, focused=focused, guild_id=ch.guild_id)
        r = await self._interact(u, 4, ch, data, name=f"{command} [{focused}]", timeout=timeout)
        return r.choices or []

    def _command_data(self, command: str, options: dict, focused: str | None,
                      guild_id: int | None = None) -> dict:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise SandboxError("empty command")
        cmd = self._find_command(parts[0], guild_id)
        resolved: dict[str, dict] = {}
        if cmd is None:
            known = sorted({n for (_, n) in self.world.commands})
            if known:
                raise SandboxError(f"/{parts[0]} is not a synced command; synced: {known}")
            log.warning("sandbox: no commands synced; guessing the shape of /%s", command)
            defs = None
        else:
            defs = cmd.get("options") or []
        top: list[dict] = []
        cur = top
        for word in parts[1:]:
            kind = OPT_SUB
            if defs is not None:
                match = next((o for o in defs if o.get("name") == word and o.get("type") in (OPT_SUB, OPT_GROUP)), None)
                if match is None:
                    subs = [o["name"] for o in defs if o.get("type") in (OPT_SUB, OPT_GROUP)]
                    raise SandboxError(f"/{command}: no subcommand {word!r}; choices: {subs}")
                kind = match["type"]
                defs = match.get("options") or []
            node = {"name": word, "type": kind, "options": []}
            cur.append(node)
            cur = node["options"]
        if defs is not None and any(o.get("type") in (OPT_SUB, OPT_GROUP) for o in defs):
            raise SandboxError(f"/{command} needs a subcommand: "
                               f"{[o['name'] for o in defs if o.get('type') in (OPT_SUB, OPT_GROUP)]}")
        for name, value in options.items():
            odef = None
            if defs is not None:
                odef = next((o for o in defs if o.get("name") == name), None)
                if odef is None:
                    raise SandboxError(f"/{command} has no option {name!r}; options: "
                                       f"{[o['name'] for o in defs]}")
            opt = self._option(command, name, value, odef, resolved, focused == name, guild_id)
            cur.append(opt)
        if defs is not None and focused is None:
            missing = [o["name"] for o in defs if o.get("required") and o["name"] not in options]
            if missing:
                raise SandboxError(f"/{command}: missing required options {missing}")
        data: dict[str, Any] = {"id": cmd["id"] if cmd else str(self.world.ids.next()), "name": parts[0],
                                "type": 1, "options": top}
        if cmd and cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, command: str, name: str, value, odef: dict | None, resolved: dict, focused: bool,
                guild_id: int | None = None) -> dict:
        w = self.world
        if odef is not None:
            t = odef["type"]
        elif isinstance(value, bool):
            t = OPT_BOOL
        elif isinstance(value, int):
            t = OPT_INT
        elif isinstance(value, float):
            t = OPT_NUMBER
        elif isinstance(value, SbUser):
            t = OPT_USER
        elif isinstance(value, SbChannel):
            t = OPT_CHANNEL
        elif isinstance(value, tuple):
            t = OPT_ATTACHMENT
        else:
            t = OPT_STRING
        if focused:
            return {"name": name, "type": t, "value": str(value), "focused": True}
        if t == OPT_STRING:
            v: Any = str(value)
            if odef is not None:
                if "max_length" in odef and len(v) > odef["max_length"]:
                    raise SandboxError(f"/{command} {name}: longer than {odef['max_length']}")
        elif t == OPT_INT:
            v = int(value)
        elif t == OPT_NUMBER:
            v = float(value)
        elif t == OPT_BOOL:
            if isinstance(value, str):
                if value.lower() not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                    raise SandboxError(f"/{command} {name}: {value!r} is not a boolean")
                v = value.lower() in ("true", "yes", "1", "on")
            else:
                v = bool(value)
        elif t in (OPT_USER, OPT_MENTIONABLE):
            u = w.user(value)
            v = str(u.id)
            resolved.setdefault("users", {})[v] = u.payload()
            if u.id in w.members:
                mp = w.member_payload(u.id, guild_id, w.member_permissions(u.id, guild_id))
                mp.pop("user")
                resolved.setdefault("members", {})[v] = mp
        elif t == OPT_CHANNEL:
            c = w.channel(value)
            v = str(c.id)
            cp = w.channel_payload(c)
            cp["permissions"] = str(w.member_permissions(w.bot.id, c.guild_id))
            resolved.setdefault("channels", {})[v] = cp
        elif t == OPT_ROLE:
            role = next((r for r in w.roles.values() if r.name == value or str(r.id) == str(value)), None)
            if role is None:
                raise SandboxError(f"unknown role {value!r}")
            v = str(role.id)
            resolved.setdefault("roles", {})[v] = role.payload()
        elif t == OPT_ATTACHMENT:
            filename, blob = value
            a = self._new_attachment(filename, bytes(blob), 0, None)
            v = str(a.id)
            resolved.setdefault("attachments", {})[v] = a.payload()
        else:
            raise SandboxError(f"unsupported option type {t}")
        if odef is not None:
            if odef.get("choices") and v not in [c["value"] for c in odef["choices"]]:
                raise SandboxError(f"/{command} {name}={v!r} is not one of the choices "
                                   f"{[c['value'] for c in odef['choices']]}")
            if t in (OPT_INT, OPT_NUMBER):
                if "min_value" in odef and v < odef["min_value"]:
                    raise SandboxError(f"/{command} {name}={v} is below min_value {odef['min_value']}")
                if "max_value" in odef and v > odef["max_value"]:
                    raise SandboxError(f"/{command} {name}={v} is above max_value {odef['max_value']}")
        return {"name": name, "type": t, "value": v}

    def _usable_component(self, u: SbUser, message, custom_id: str | None, label: str | None,
                          types: tuple[int, ...]) -> tuple[SbMessage, dict]:
        m = self.world.message(message)
        if m.deleted:
            raise SandboxError(f"message {m.id} was deleted")
        if not self.can_see(u.id, m):
            raise SandboxError(f"{u.username} cannot see message {m.id} ({m.visibility}), so cannot use it")
        comp = m.component(custom_id, label=label)
        if comp is None:
            raise SandboxError(f"message {m.id} has no component {custom_id or label!r}; "
                               f"it has {[(c.get('label'), c.get('custom_id')) for c in m.interactive()]}")
        if comp.get("type") not in types:
            raise SandboxError(f"component {custom_id or label!r} is type {comp.get('type')}, expected {types}")
        if comp.get("disabled"):
            raise SandboxError(f"component {custom_id or label!r} on message {m.id} is disabled")
        return m, comp

    async def click(self, user, message, custom_id: str | None = None, *, label: str | None = None,
                    timeout: float | None = None, wait: bool = True) -> InteractionResult:
        """Press a button (by ``custom_id`` or ``label``) on a message, as ``user``."""
        u = self.world.user(user)
        m, comp = self._usable_component(u, message, custom_id, label, (2,))
        if comp.get("style") in (5, 6) or "custom_id" not in comp:
            raise SandboxError("link and premium buttons do not send interactions")
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        return await self._interact(u, 3, self.world.channels[m.channel_id], data, message=m,
                                    name=comp["custom_id"], timeout=timeout, wait=wait)

    async def forge(self, user, message, custom_id: str, *, values: list[str] | None = None,
                    claim: bool = False, timeout: float | None = None,
                    wait: bool = True) -> InteractionResult:
        """A component interaction with any custom_id on a message the user can see, whether
        or not the message shows that component: a button from an old copy of the message, a
        stale client, or a crafted request. ``values`` makes it a select interaction;
        ``claim`` also puts the component into the message the interaction carries (a client
        that lies about what it clicked)."""
        u = self.world.user(user)
        m = self.world.message(message)
        if not self.can_see(u.id, m):
            raise SandboxError(f"{u.username} cannot see message {m.id} ({m.visibility})")
        data = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
        if values is not None:
            data["values"] = list(values)
        claimed = None
        if claim:
            claimed = ({"type": 2, "style": 1, "custom_id": custom_id, "label": "x"} if values is None
                       else {"type": 3, "custom_id": custom_id,
                             "options": [{"label": str(v)[:100] or "x", "value": str(v)[:100] or "x"}
                                         for v in (values or ["x"])][:25]})
        return await self._interact(u, 3, self.world.channels[m.channel_id], data, message=m,
                                    name=custom_id, timeout=timeout, wait=wait, claimed=claimed)

    async def select(self, user, message, custom_id: str, values, *, timeout: float | None = None,
                     wait: bool = True) -> InteractionResult:
        """Choose ``values`` (a list, or one value) in a select menu, as ``user``. For user/role/
        channel selects pass users/roles/channels (names, ids or objects)."""
        u = self.world.user(user)
        m, comp = self._usable_component(u, message, custom_id, None, (3, 5, 6, 7, 8))
        if isinstance(values, (str, int, SbUser, SbChannel)):
            values = [values]
        values = list(values)
        t = comp["type"]
        w = self.world
        resolved: dict[str, dict] = {}
        if t == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            values = [str(v) for v in values]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise SandboxError(f"select {custom_id!r}: {bad} not among the options {allowed}")
        elif t in (5, 7):
            ids = []
            for v in values:
                usr = w.user(v)
                ids.append(str(usr.id))
                resolved.setdefault("users", {})[str(usr.id)] = usr.payload()
                if usr.id in w.members:
                    gid = w.channels[m.channel_id].guild_id
                    mp = w.member_payload(usr.id, gid, w.member_permissions(usr.id, gid))
                    mp.pop("user")
                    resolved.setdefault("members", {})[str(usr.id)] = mp
            values = ids
        elif t == 8:
            ids = []
            for v in values:
                c = w.channel(v)
                ids.append(str(c.id))
                resolved.setdefault("channels", {})[str(c.id)] = dict(w.channel_payload(c), permissions="0")
            values = ids
        elif t == 6:
            ids = []
            for v in values:
                role = next((r for r in w.roles.values() if r.name == v or str(r.id) == str(v)), None)
                if role is None:
                    raise SandboxError(f"unknown role {v!r}")
                ids.append(str(role.id))
                resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            values = ids
        mn, mx = comp.get("min_values", 1), comp.get("max_values", 1)
        if not mn <= len(values) <= mx:
            raise SandboxError(f"select {custom_id!r} takes {mn}..{mx} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": t, "values": values}
        if resolved:
            data["resolved"] = resolved
        return await self._interact(u, 3, w.channels[m.channel_id], data, message=m, name=custom_id,
                                    timeout=timeout, wait=wait)

    async def submit_modal(self, user, opened: InteractionResult, values: dict[str, Any], *,
                           timeout: float | None = None) -> InteractionResult:
        """Fill in and submit the modal the bot opened in ``opened`` (callback type 9).
        ``values`` maps each input's custom_id to its text (or a list for selects)."""
        u = self.world.user(user)
        modal = opened.modal
        if modal is None:
            raise SandboxError(f"the bot did not open a modal for {opened!r}")
        if u.id != opened.interaction.user.id:
            raise SandboxError("only the user who opened the modal can submit it")
        used: set[str] = set()

        def fill(c: dict) -> dict | None:
            t = c.get("type")
            if t == 1:
                kids = [k for k in (fill(x) for x in c.get("components") or []) if k]
                return {"type": 1, "components": kids}
            if t == 18:
                inner = fill(c["component"])
                return {"type": 18, "component": inner} if inner else None
            cid = c.get("custom_id")
            if cid is None:
                return None
            used.add(cid)
            if t == 4:
                val = values.get(cid, c.get("value") or "")
                if c.get("required", True) and not val:
                    raise SandboxError(f"modal input {cid!r} is required")
                if c.get("max_length") and len(val) > c["max_length"]:
                    raise SandboxError(f"modal input {cid!r} is longer than {c['max_length']}")
                return {"type": 4, "custom_id": cid, "value": str(val)}
            vals = values.get(cid, [])
            if isinstance(vals, str):
                vals = [vals]
            return {"type": t, "custom_id": cid, "values": [str(v) for v in vals]}

        comps = [x for x in (fill(c) for c in modal.get("components") or []) if x]
        unknown = set(values) - used
        if unknown:
            raise SandboxError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": comps}
        src = opened.interaction
        return await self._interact(u, 5, src.channel, data, message=src.message,
                                    name=f"modal:{modal['custom_id']}", timeout=timeout)

    async def say(self, user, channel, content: str) -> SbMessage:
        """A simulated human posts a plain message (MESSAGE_CREATE reaches the bot)."""
        u = self.world.user(user)
        ch = self.world.channel(channel) if channel != "dm" else self.world.dm_channel(u)
        if not self.can_see_channel(u.id, ch):
            raise SandboxError(f"{u.username} cannot post in {ch!r}")
        vis, viewer = ("dm", u.id) if ch.type == CH_DM else ("public", None)
        m = self.create_message(ch, u, {"content": content}, [], visibility=vis, viewer_id=viewer)
        await self.announce("create", m)
        return m
