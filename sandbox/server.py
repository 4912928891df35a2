"""The sandbox server: Discord's REST API (under /api/v10), the gateway (/gateway) and the
attachment store (/attachments/...) on one aiohttp app bound to loopback.

The driver half (``slash``, ``click``, ``wait_for_message``...) is in ``sandbox.driver``;
``Sandbox`` combines both.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import os
import traceback
from typing import Any, Callable
from urllib.parse import quote

from aiohttp import WSMsgType, web

from . import gateway as gw
from .faults import FaultInjector, FaultPlan
from .persist import WorldFile
from .ratelimit import RateLimiter, RateLimitHit
from .validate import ApiError, validate_commands, validate_message
from .world import (
    CH_PRIVATE_THREAD, CH_PUBLIC_THREAD, CH_TEXT, F_EPHEMERAL, F_HAS_THREAD, F_LOADING,
    P_MANAGE_THREADS, SbAttachment, SbChannel, SbMessage, World, image_size, iso, sniff_content_type,
)

log = logging.getLogger("sandbox")

JSON = "application/json"
MiB = 1024 * 1024

# Intents
I_GUILDS = 1 << 0
I_GUILD_MEMBERS = 1 << 1
I_GUILD_MESSAGES = 1 << 9
I_DIRECT_MESSAGES = 1 << 12


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py compares the header for equality.
    return web.Response(status=status, body=gw.dumps(data).encode(), headers={"Content-Type": JSON})


def no_content() -> web.Response:
    return web.Response(status=204)


class SandboxError(Exception):
    """A test or a person asked the sandbox for something Discord would not allow."""


class InteractionFailed(SandboxError):
    """The bot did not acknowledge an interaction in time (a user would see
    "This interaction failed")."""


class SbInteraction:
    """One interaction the sandbox dispatched, and everything the bot did with it."""

    def __init__(self, server: "SandboxServer", *, id: int, token: str, type: int, user, channel: SbChannel,
                 data: dict, message: SbMessage | None = None, name: str = "") -> None:
        self.server = server
        self.id = id
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.data = data
        self.message = message            # the message whose component was used
        self.name = name                  # command path or custom_id, for logs
        self.dispatched_at = 0.0          # perf_counter
        self.dispatched_wall = 0.0        # time.time
        self.callback_type: int | None = None
        self.callback_at: float | None = None
        self.callback_ephemeral = False
        self.original_id: int | None = None
        self.followup_ids: list[int] = []
        self.modal: dict | None = None
        self.choices: list[dict] | None = None
        self.acked: asyncio.Future = asyncio.get_running_loop().create_future()
        self.error: str | None = None
        # how a deferred interaction was answered: its first webhook request after the defer
        self.answered = asyncio.Event()
        self.answered_by: tuple[str, int] | None = None    # ("edit" | "followup", message id)
        self.answered_at: float | None = None              # perf_counter

    def answer(self, how: str, message_id: int) -> None:
        if self.answered_by is None:
            self.answered_by = (how, message_id)
            self.answered_at = time.perf_counter()
            self.answered.set()

    @property
    def outcome(self) -> int | None:
        """The callback type the user effectively saw: a deferred update that the bot then
        edited counts as an update (7), one answered with a followup as a reply (4), and a
        deferred reply once filled in as a reply (4)."""
        t = self.callback_type
        if t not in (5, 6) or self.answered_by is None:
            return t
        how, _ = self.answered_by
        if t == 6:
            return 7 if how == "edit" else 4
        return 4 if how == "edit" else t

    @property
    def latency(self) -> float | None:
        """Seconds from writing INTERACTION_CREATE to having parsed the callback."""
        if self.callback_at is None:
            return None
        return self.callback_at - self.dispatched_at

    def __repr__(self) -> str:
        return f"<SbInteraction {self.id} type={self.type} {self.name!r} by {self.user.username} cb={self.callback_type}>"


class SandboxServer:
    """REST + gateway + attachments. See ``sandbox.Sandbox`` for the full API."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0, token: str | None = None,
                 world: World | None = None, callback_deadline: float = 3.0,
                 token_lifetime: float = 15 * 60, heartbeat_interval: int = 41250,
                 heartbeat_ack_delay: float = 0.1, attachment_size_limit: int = 10 * MiB,
                 compression: bool = True, validate: bool = True,
                 world_file: str | os.PathLike | None = None,
                 rate_limits: "bool | RateLimiter" = False, recommended_shards: int = 1,
                 faults: FaultPlan | None = None) -> None:
        self.host = host
        # what GET /gateway/bot recommends ("shards"); AutoShardedClient starts that many
        if int(recommended_shards) < 1:
            raise ValueError("recommended_shards must be at least 1")
        self.recommended_shards = int(recommended_shards)
        self.port = port
        self.token = token
        # world_file: keep the world in this file (loaded now when it exists and no world is
        # given; written after changes and at stop). None: in memory only. See sandbox.persist.
        self.world_file = WorldFile(world_file) if world_file is not None else None
        self._restored_event_seq = 0
        if world is None and self.world_file is not None:
            loaded = self.world_file.load()
            if loaded is not None:
                world, self._restored_event_seq = loaded
        self.world = world or World()
        self.callback_deadline = callback_deadline
        self.token_lifetime = token_lifetime
        self.heartbeat_interval = heartbeat_interval
        self.heartbeat_ack_delay = heartbeat_ack_delay     # see gw.Connection.ack_heartbeat
        self.attachment_size_limit = attachment_size_limit
        self.compression = compression
        self.validate = validate
        # Discord's REST rate limits (sandbox.ratelimit): off by default so the functional
        # tests keep their speed; True for Discord's limits, or a RateLimiter of your own.
        if isinstance(rate_limits, RateLimiter):
            self.rate_limiter: RateLimiter | None = rate_limits
        else:
            self.rate_limiter = RateLimiter() if rate_limits else None
        # transient failures (500/502/503/504, timeouts, dropped connections): sandbox.faults
        self.faults = FaultInjector(faults)

        self.sessions: dict[str, gw.Session] = {}
        self.connections: list[gw.Connection] = []
        self.interactions: dict[int, SbInteraction] = {}
        # deferred updates not answered yet, by the message they were on: an edit of that
        # message through the channel answers them (a lobby click is answered by the lobby's
        # own edit); an edit through another interaction (a double click's first) does not
        self._awaiting_edit: dict[int, list[SbInteraction]] = {}
        self.by_token: dict[str, SbInteraction] = {}
        self.unknown_routes: list[str] = []
        self.errors: list[str] = []
        self.requests: list[tuple[str, str, int]] = []   # (method, path, status)
        # every request body the bot sent, as parsed JSON (multipart: its payload_json)
        self.bodies: list[tuple[str, str, dict]] = []
        self.identify_count = 0
        self.resume_count = 0
        self._inflight = 0                 # REST requests being handled (for idle())
        self._last_activity = 0.0          # loop time of the last request/dispatch

        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._listeners: list[Callable[[str, SbMessage], None]] = []
        self._session_waiters: list[asyncio.Future] = []
        self.app = self._make_app()

    # -- lifecycle --------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    async def start(self):
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.host, self.port)
        await self._site.start()
        if self.port == 0:
            self.port = self._runner.addresses[0][1]
        if self.world_file is not None:
            self._rebase_attachment_urls()
            self.world_file.attach(self)
        log.info("sandbox listening on %s", self.base_url)
        return self

    def _rebase_attachment_urls(self) -> None:
        """Attachments loaded from a world file have paths for URLs: make them absolute on
        this server (its port may differ from last time), and the embeds that show them too."""
        for a in self.world.attachments.values():
            if a.url.startswith("/"):
                a.url = self.base_url + a.url
        for m in self.world.messages.values():
            if m.embeds:
                self._resolve_embed_urls(m)

    def changed(self) -> None:
        """Something in the world changed (the world file, if any, is written soon)."""
        if self.world_file is not None:
            self.world_file.changed()

    async def stop(self) -> None:
        self.faults.release()          # held timeouts end now (else cleanup waits for them)
        for conn in list(self.connections):
            conn.closed_by_server = True
            try:
                await conn.ws.close(code=1001, message=b"sandbox stopping")
            except Exception:  # noqa: BLE001
                pass
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self.world_file is not None:
            await self.world_file.close()

    async def __aenter__(self):
        return await self.start()

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    # -- app ----------------------------------------------------------------------
    def _make_app(self) -> web.Application:
        # client_max_size well above the advertised attachment limit (10 files per message)
        app = web.Application(client_max_size=max(64 * MiB, self.attachment_size_limit * 11),
                              middlewares=[self._middleware])
        r = app.router
        A = "/api/v10"
        for prefix in (A, "/api/v9", "/api"):
            add = lambda m, p, h: r.add_route(m, prefix + p, h)  # noqa: E731
            add("GET", "/gateway", self.h_gateway_info)
            add("GET", "/gateway/bot", self.h_gateway_bot)
            add("GET", "/users/@me", self.h_me)
            add("GET", "/users/{uid}", self.h_user)
            add("POST", "/users/@me/channels", self.h_create_dm)
            add("GET", "/oauth2/applications/@me", self.h_application)
            add("GET", "/applications/@me", self.h_application)
            add("PUT", "/applications/{app}/commands", self.h_put_commands)
            add("GET", "/applications/{app}/commands", self.h_get_commands)
            add("PUT", "/applications/{app}/guilds/{gid}/commands", self.h_put_commands)
            add("GET", "/applications/{app}/guilds/{gid}/commands", self.h_get_commands)
            add("POST", "/interactions/{iid}/{token}/callback", self.h_callback)
            add("POST", "/webhooks/{app}/{token}", self.h_followup)
            add("GET", "/webhooks/{app}/{token}/messages/{mid}", self.h_webhook_get)
            add("PATCH", "/webhooks/{app}/{token}/messages/{mid}", self.h_webhook_edit)
            add("DELETE", "/webhooks/{app}/{token}/messages/{mid}", self.h_webhook_delete)
            add("GET", "/channels/{cid}", self.h_get_channel)
            add("PATCH", "/channels/{cid}", self.h_edit_channel)
            add("DELETE", "/channels/{cid}", self.h_delete_channel)
            add("GET", "/channels/{cid}/messages", self.h_history)
            add("POST", "/channels/{cid}/messages", self.h_send)
            add("GET", "/channels/{cid}/messages/{mid}", self.h_get_message)
            add("PATCH", "/channels/{cid}/messages/{mid}", self.h_edit_message)
            add("DELETE", "/channels/{cid}/messages/{mid}", self.h_delete_message)
            add("POST", "/channels/{cid}/threads", self.h_thread)
            add("POST", "/channels/{cid}/messages/{mid}/threads", self.h_thread)
            add("PUT", "/channels/{cid}/thread-members/{uid}", self.h_thread_member_add)
            add("DELETE", "/channels/{cid}/thread-members/{uid}", self.h_thread_member_remove)
            add("POST", "/channels/{cid}/typing", self.h_typing)
            add("PUT", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.h_react)
            add("DELETE", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.h_unreact)
            add("DELETE", "/channels/{cid}/messages/{mid}/reactions", self.h_clear_reactions)
            add("GET", "/guilds/{gid}", self.h_guild)
            add("GET", "/guilds/{gid}/channels", self.h_guild_channels)
            add("GET", "/guilds/{gid}/roles", self.h_guild_roles)
            add("GET", "/guilds/{gid}/members", self.h_guild_members)
            add("GET", "/guilds/{gid}/members/search", self.h_guild_members)
            add("GET", "/guilds/{gid}/members/{uid}", self.h_guild_member)
            add("GET", "/guilds/{gid}/threads/active", self.h_active_threads)
        r.add_get("/gateway", self.h_ws)
        r.add_get("/gateway/", self.h_ws)
        r.add_get("/attachments/{cid}/{aid}/{filename}", self.h_attachment)
        r.add_get("/cdn/{tail:.*}", self.h_cdn)
        r.add_get("/favicon.ico", self.h_favicon)   # browsers ask for it: no "SANDBOX 404" line
        self._add_extra_routes(app)
        r.add_route("*", "/{tail:.*}", self.h_unknown)
        return app

    def _add_extra_routes(self, app: web.Application) -> None:
        """Hook for the web UI (``sandbox.web``)."""

    def touch(self) -> None:
        self._last_activity = asyncio.get_running_loop().time()

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Every 429 the stand-in sent (empty without ``rate_limits``); ``rate_limited_counts()``
        counts them by route."""
        return self.rate_limiter.hits if self.rate_limiter is not None else []

    def rate_limited_counts(self) -> dict[str, int]:
        """429s sent, by "METHOD /route" (global ones marked " (global)")."""
        return dict(self.rate_limiter.counts()) if self.rate_limiter is not None else {}

    def set_faults(self, plan: FaultPlan | None) -> None:
        """Start a fault plan now (a new random sequence from its seed), or stop faults (None).
        See ``sandbox.faults``."""
        self.faults.set_plan(plan)

    def fault_stats(self) -> dict:
        """JSON-able fault counters over the stand-in's life: ``total``, ``by_kind`` (every kind,
        0 included), ``by_route`` and ``by_route_kind`` ("POST /channels/{cid}/messages"),
        ``processed``, ``considered`` (eligible requests that drew), ``last_at`` (time.time()),
        ``last`` (the last fault), ``active``, ``remaining`` and ``plan``. Each fault:
        ``sb.faults.records``."""
        return self.faults.stats()

    @web.middleware
    async def _middleware(self, request: web.Request, handler):
        if not request.path.startswith("/api"):       # the gateway socket, attachments, UI
            return await self._handle(request, handler)
        self._inflight += 1
        self.touch()
        try:
            limiter = self.rate_limiter
            if limiter is None:
                return await self._api(request, handler)
            route = request.match_info.route.resource
            template = route.canonical if route is not None else request.path
            verdict = limiter.admit(request.method, template, request.match_info)
            if verdict.refused:
                resp = json_response(verdict.body(), 429)
                self.requests.append((request.method, request.path, 429))
                log.info("sandbox: %s %s -> 429 (%s, retry after %.3f s)", request.method, request.path,
                         verdict.scope, verdict.retry_after)
            else:
                resp = await self._api(request, handler)
            resp.headers.update(verdict.headers)
            limiter.answered(resp.status)
            return resp
        finally:
            self._inflight -= 1
            self.touch()
            if request.method != "GET":
                self.changed()

    async def _api(self, request: web.Request, handler):
        """A REST request: a planned fault (``sandbox.faults``), else the handler."""
        if self.faults.active:
            resource = request.match_info.route.resource
            template = resource.canonical if resource is not None else request.path
            fault = self.faults.decide(request.method, request.path, template)
            if fault is not None:
                resp = await self.faults.inject(fault, request,
                                                lambda: self._handle(request, handler, record=False))
                self.requests.append((request.method, request.path, fault.status))
                return resp
        return await self._handle(request, handler)

    async def _handle(self, request: web.Request, handler, record: bool = True):
        try:
            resp = await handler(request)
        except ApiError as e:
            resp = json_response({"message": e.message, "code": e.code}, e.status)
            log.info("sandbox: %s %s -> %s %s %s", request.method, request.rel_url, e.status, e.code, e.message)
        except web.HTTPException as e:
            if e.status < 400:          # redirects of the web UI
                raise
            if e.status in (404, 405):
                resp = self._not_served(request)
            else:
                resp = json_response({"message": e.reason, "code": 0}, e.status)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - never 500: discord.py would retry for 25 s
            tb = traceback.format_exc()
            msg = f"{request.method} {request.rel_url}: {type(e).__name__}: {e}"
            self.errors.append(msg)
            log.error("SANDBOX HANDLER ERROR (answered 400) %s\n%s", msg, tb)
            resp = json_response({"message": f"sandbox error: {type(e).__name__}: {e}", "code": 0}, 400)
        if record and request.path.startswith("/api"):
            self.requests.append((request.method, request.path, resp.status))
        return resp

    def _not_served(self, request: web.Request) -> web.Response:
        line = f"{request.method} {request.rel_url}"
        self.unknown_routes.append(line)
        log.error("SANDBOX 404: the bot called %s, which the sandbox does not serve "
                  "(add it to sandbox/server.py)", line)
        return json_response({"message": f"404: Not Found (sandbox does not serve {line})", "code": 0}, 404)

    async def h_unknown(self, request: web.Request) -> web.Response:
        return self._not_served(request)

    # -- helpers -------------------------------------------------------------------
    def _auth(self, request: web.Request) -> None:
        if self.token is None:
            return
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    async def _read_body(self, request: web.Request) -> tuple[dict, list[tuple[int, str, bytes]]]:
        """JSON body or multipart (payload_json + files[n]). Returns (payload, files); the
        payload is also recorded in ``bodies``."""
        payload, files = await self._parse_body(request)
        self.bodies.append((request.method, request.path, payload))
        return payload, files

    async def _parse_body(self, request: web.Request) -> tuple[dict, list[tuple[int, str, bytes]]]:
        ctype = request.headers.get("Content-Type", "")
        files: list[tuple[int, str, bytes]] = []
        if ctype.startswith("multipart/"):
            payload: dict = {}
            reader = await request.multipart()
            n = 0
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                    continue
                data = await part.read(decode=False)
                if len(data) > self.attachment_size_limit:
                    raise ApiError(413, 40005, "Request entity too large")
                m = re.match(r"files\[(\d+)\]", name)
                idx = int(m.group(1)) if m else n
                files.append((idx, part.filename or f"file{idx}", bytes(data)))
                n += 1
            return payload, files
        raw = await request.read()
        if not raw:
            return {}, files
        return json.loads(raw), files

    def _emit(self, kind: str, msg: SbMessage) -> None:
        self.changed()
        for fn in list(self._listeners):
            try:
                fn(kind, msg)
            except Exception:  # noqa: BLE001
                log.exception("sandbox listener failed")

    def _channel_or_404(self, cid: str) -> SbChannel:
        try:
            return self.world.channels[int(cid)]
        except (KeyError, ValueError):
            raise ApiError(404, 10003, "Unknown Channel") from None

    def _user_or_404(self, uid: str):
        try:
            return self.world.users[int(uid)]
        except (KeyError, ValueError):
            raise ApiError(404, 10013, "Unknown User") from None

    # -- sessions / dispatch --------------------------------------------------------
    def live_sessions(self) -> list[gw.Session]:
        return [s for s in self.sessions.values() if not s.invalid]

    def bot_session(self) -> gw.Session | None:
        """Any bot session: the newest connected one, else the newest resumable."""
        return self._newest(self.live_sessions())

    def session_for(self, guild_id: int | None) -> gw.Session | None:
        """The session an event of this guild goes to (``None``: a DM, which goes to shard 0):
        among the sessions whose shard handles it, the newest connected one, else the newest
        resumable. Without sharding that is simply the newest session."""
        return self._newest([s for s in self.live_sessions() if s.handles(guild_id)])

    @staticmethod
    def _newest(live: list[gw.Session]) -> gw.Session | None:
        connected = [s for s in live if s.connected]
        pool = connected or live
        return max(pool, key=lambda s: s.created) if pool else None

    async def dispatch(self, event: str, data: dict, *, intent: int | None = None,
                       guild_id: "int | None | object" = ...) -> None:
        """Send an event to every live session whose intents ask for it and whose shard
        handles its guild (``guild_id``, by default the payload's ``guild_id``; an event
        without a guild goes to shard 0, as DMs do on Discord)."""
        self.touch()
        if guild_id is ...:
            raw = data.get("id") if event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") else data.get("guild_id")
            guild_id = int(raw) if raw else None
        for s in self.live_sessions():
            if intent is not None and not (s.intents & intent):
                continue
            if not s.handles(guild_id):
                continue
            await s.dispatch(event, data)

    # -- gateway ---------------------------------------------------------------------
    async def h_gateway_info(self, request):
        return json_response({"url": self.gateway_url})

    async def h_gateway_bot(self, request):
        self._auth(request)
        return json_response({
            "url": self.gateway_url, "shards": self.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000,
                                    "max_concurrency": 1},
        })

    async def h_ws(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = gw.Connection(ws, request.query.get("compress"), self.compression)
        self.connections.append(conn)
        log.debug("gateway: socket opened (%s)", conn.mode)
        try:
            await conn.send({"op": gw.HELLO, "d": {"heartbeat_interval": self.heartbeat_interval,
                                                  "_trace": ["sandbox"]}})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    payload = json.loads(msg.data)
                elif msg.type == WSMsgType.BINARY:
                    payload = json.loads(msg.data.decode())
                else:
                    continue
                await self._on_gateway_payload(conn, payload)
        finally:
            conn.cancel_pending()
            self.connections.remove(conn)
            s = conn.session
            if s is not None and s.conn is conn:
                s.conn = None
                code = ws.close_code
                # A clean close by the bot (1000/1001) ends the session, as on Discord. (discord.py
                # often sends 4000 even from Client.close(), so such sessions linger as resumable
                # until the next IDENTIFY forgets them.)
                if code in (1000, 1001) and not conn.closed_by_server:
                    s.invalid = True
                    self.sessions.pop(s.id, None)
                    log.info("gateway: session %s closed by the bot (%s)", s.id[:8], code)
                else:
                    log.info("gateway: socket of session %s dropped (%s); resumable", s.id[:8], code)
        return ws

    async def _on_gateway_payload(self, conn: gw.Connection, p: dict) -> None:
        op = p.get("op")
        d = p.get("d")
        if op == gw.HEARTBEAT:
            conn.ack_heartbeat(self.heartbeat_ack_delay)
        elif op == gw.IDENTIFY:
            await self._identify(conn, d or {})
        elif op == gw.RESUME:
            await self._resume(conn, d or {})
        elif op == gw.REQUEST_MEMBERS:
            await self._members_chunk(conn, d or {})
        elif op in (gw.PRESENCE, gw.VOICE):
            pass
        else:
            log.warning("gateway: unknown op %s from bot: %s", op, p)

    def _token_ok(self, token: str | None) -> bool:
        if self.token is None:
            return bool(token)
        return token == self.token or token == f"Bot {self.token}"

    async def _identify(self, conn: gw.Connection, d: dict) -> None:
        if not self._token_ok(d.get("token")):
            await conn.ws.close(code=gw.CLOSE_AUTH_FAILED, message=b"Authentication failed.")
            return
        shard = gw.parse_shard(d.get("shard"))
        if shard is None:
            log.info("gateway: IDENTIFY with invalid shard %r -> 4010", d.get("shard"))
            conn.closed_by_server = True
            await conn.ws.close(code=gw.CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return
        # Sockets that are gone and were never resumed are forgotten on a fresh IDENTIFY (of
        # the same shard; with another shard count, every disconnected one: a resharded bot).
        for sid, s in list(self.sessions.items()):
            if not s.connected and (s.shard_id == shard[0] or s.shard_count != shard[1]):
                s.invalid = True
                del self.sessions[sid]
        s = gw.Session(d.get("token", ""), int(d.get("intents", 0)), shard)
        s.conn = conn
        conn.session = s
        self.sessions[s.id] = s
        self.identify_count += 1
        w = self.world
        guilds = w.guilds_on_shard(*shard)
        await s.dispatch("READY", {
            "v": 10, "user": w.bot.payload(), "session_id": s.id, "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "application": {"id": str(w.application_id), "flags": 0}, "private_channels": [],
            "relationships": [], "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [],
            "user_settings": {}, "auth": {}, "shard": list(shard), "_trace": ["sandbox"],
        })
        for g in guilds:
            await s.dispatch("GUILD_CREATE", w.guild_payload(g))
        if not s.identified.done():
            s.identified.set_result(True)
        for f in self._session_waiters:
            if not f.done():
                f.set_result(s)
        self._session_waiters.clear()
        log.info("gateway: IDENTIFY -> session %s (shard %s/%s, %d guilds, intents %s, %s frames)",
                 s.id[:8], shard[0], shard[1], len(guilds), s.intents, conn.mode)

    async def _resume(self, conn: gw.Connection, d: dict) -> None:
        s = self.sessions.get(d.get("session_id") or "")
        if s is None or s.invalid or not self._token_ok(d.get("token")) or not s.can_resume_from(d.get("seq")):
            log.info("gateway: RESUME refused (session %s); op 9", (d.get("session_id") or "?")[:8])
            await conn.send({"op": gw.INVALID_SESSION, "d": False})
            return
        old = s.conn
        if old is not None and old is not conn and not old.ws.closed:
            old.closed_by_server = True
            await old.ws.close(code=4000)
        n = await s.attach_and_replay(conn, int(d.get("seq") or 0))
        await s.dispatch("RESUMED", {"_trace": ["sandbox"]})
        self.resume_count += 1
        log.info("gateway: RESUME session %s, replayed %d events", s.id[:8], n)

    async def _members_chunk(self, conn: gw.Connection, d: dict) -> None:
        w = self.world
        try:
            gid = int(d.get("guild_id") or w.guild_id)
        except (TypeError, ValueError):
            gid = w.guild_id
        if gid not in w.guild_ids:
            return
        query = (d.get("query") or "").lower()
        ids = d.get("user_ids")
        if ids is not None and not isinstance(ids, list):
            ids = [ids]
        members = []
        for m in w.members.values():
            if ids is not None and str(m.user.id) not in {str(i) for i in ids}:
                continue
            if query and not m.user.username.lower().startswith(query):
                continue
            members.append(w.member_payload(m.user.id, gid))
        limit = d.get("limit") or 0
        if limit:
            members = members[:limit]
        data = {"guild_id": str(gid), "members": members, "chunk_index": 0, "chunk_count": 1,
                "not_found": [], "nonce": d.get("nonce")}
        if conn.session is not None:
            await conn.session.dispatch("GUILD_MEMBERS_CHUNK", data)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every bot socket from the server side (the sessions stay resumable)."""
        for conn in list(self.connections):
            conn.closed_by_server = True
            await conn.ws.close(code=code, message=b"sandbox dropped the connection")

    async def send_reconnect(self) -> None:
        """Ask connected bots to reconnect and resume (op 7)."""
        for conn in list(self.connections):
            await conn.send({"op": gw.RECONNECT, "d": None})

    async def idle(self, quiet: float = 0.1, timeout: float = 10.0) -> None:
        """Wait until no REST request is in flight and none arrived for ``quiet`` seconds.
        A heuristic for a bot in another process (a bot that thinks longer than ``quiet``
        between requests fools it); prefer ``wait_for_message`` or bot-side signals."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            now = loop.time()
            calm = now - self._last_activity
            if self._inflight == 0 and calm >= quiet:
                return
            if now >= deadline:
                from .driver import SandboxTimeout
                raise SandboxTimeout(f"the bot was still busy after {timeout} s")
            await asyncio.sleep(min(max(quiet - calm, 0.005), deadline - now))

    async def wait_for_bot(self, *, timeout: float = 10.0, after: int | None = None) -> gw.Session:
        """Wait until a bot has IDENTIFYed (READY and GUILD_CREATE sent, commands synced in
        setup_hook already). Returns at once if one is connected, unless ``after`` is given:
        then wait until ``identify_count > after`` (read ``sb.identify_count`` before
        restarting a bot to wait for the new one)."""
        def ready() -> gw.Session | None:
            s = self.bot_session()
            if s is None or not s.connected:
                return None
            if after is not None and self.identify_count <= after:
                return None
            return s
        s = ready()
        if s is not None:
            return s
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            f = loop.create_future()
            self._session_waiters.append(f)
            remaining = deadline - loop.time()
            try:
                await asyncio.wait_for(f, max(0.0, remaining))
            except TimeoutError:
                raise TimeoutError(f"no bot identified within {timeout} s") from None
            s = ready()
            if s is not None:
                return s

    wait_for_session = wait_for_bot

    # -- login, users, application ----------------------------------------------------------
    async def h_me(self, request):
        self._auth(request)
        return json_response(dict(self.world.bot.payload(), verified=True, mfa_enabled=False,
                                  email=None, locale="en-US"))

    async def h_user(self, request):
        self._auth(request)
        return json_response(self._user_or_404(request.match_info["uid"]).payload())

    async def h_application(self, request):
        self._auth(request)
        w = self.world
        return json_response({
            "id": str(w.application_id), "name": w.bot.username, "icon": None,
            "description": "Sandbox application", "summary": "", "type": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": w.owner.payload(),
            "verify_key": "0" * 64, "flags": 0, "team": None, "bot": w.bot.payload(),
            "guild_id": None, "tags": [], "redirect_uris": [], "rpc_origins": [],
            "approximate_guild_count": 1, "integration_types_config": {"0": {}},
        })

    async def h_create_dm(self, request):
        self._auth(request)
        body, _ = await self._read_body(request)
        user = self._user_or_404(body.get("recipient_id", ""))
        ch = self.world.dm_channel(user)   # opens even when the user's DMs are closed
        return json_response(self.world.channel_payload(ch))

    # -- commands -------------------------------------------------------------------------
    async def h_put_commands(self, request):
        self._auth(request)
        self._check_app(request.match_info["app"])
        gid = request.match_info.get("gid")
        guild_id = int(gid) if gid else None
        body, _ = await self._read_body(request)
        if not isinstance(body, list):
            raise ApiError(400, 50035, "Invalid Form Body: expected a list of commands")
        validate_commands(body)      # Discord refuses the whole sync on any broken command
        w = self.world
        old = {name: c for (g, name), c in w.commands.items() if g == guild_id}
        for key in [k for k in w.commands if k[0] == guild_id]:
            del w.commands[key]
        out = []
        for c in body:
            name = c.get("name")
            if not name:
                raise ApiError(400, 50035, "Invalid Form Body: command name is required")
            cmd = dict(c)
            cmd["id"] = old[name]["id"] if name in old else str(w.ids.next())
            cmd["application_id"] = str(w.application_id)
            cmd.setdefault("type", 1)
            cmd.setdefault("description", "")
            cmd["version"] = str(w.ids.next())
            cmd.setdefault("default_member_permissions", None)
            cmd.setdefault("nsfw", False)
            if guild_id is not None:
                cmd["guild_id"] = str(guild_id)
            w.commands[(guild_id, name)] = cmd
            out.append(cmd)
        log.info("sandbox: %d commands synced (%s)", len(out), "guild" if guild_id else "global")
        return json_response(out)

    async def h_get_commands(self, request):
        self._auth(request)
        gid = request.match_info.get("gid")
        guild_id = int(gid) if gid else None
        return json_response([c for (g, _), c in self.world.commands.items() if g == guild_id])

    def _check_app(self, app: str) -> None:
        if app != str(self.world.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    # -- guild ------------------------------------------------------------------------------
    def _check_guild(self, gid: str) -> int:
        if gid not in {str(g) for g in self.world.guild_ids}:
            raise ApiError(404, 10004, "Unknown Guild")
        return int(gid)

    async def h_guild(self, request):
        self._auth(request)
        g = self.world.guild_payload(self._check_guild(request.match_info["gid"]))
        for k in ("members", "channels", "threads", "presences", "voice_states"):
            g.pop(k, None)
        g["approximate_member_count"] = len(self.world.members)
        g["approximate_presence_count"] = len(self.world.members)
        return json_response(g)

    async def h_guild_channels(self, request):
        self._auth(request)
        gid = self._check_guild(request.match_info["gid"])
        w = self.world
        return json_response([w.channel_payload(c) for c in w.channels.values()
                              if c.type == CH_TEXT and c.guild_id == gid])

    async def h_guild_roles(self, request):
        self._auth(request)
        return json_response(self.world.role_payloads(self._check_guild(request.match_info["gid"])))

    async def h_guild_members(self, request):
        self._auth(request)
        gid = self._check_guild(request.match_info["gid"])
        q = (request.query.get("query") or "").lower()
        limit = int(request.query.get("limit") or 1000)
        after = int(request.query.get("after") or 0)
        out = [self.world.member_payload(m.user.id, gid) for m in sorted(self.world.members.values(), key=lambda m: m.user.id)
               if m.user.id > after and (not q or m.user.username.lower().startswith(q))]
        return json_response(out[:limit])

    async def h_guild_member(self, request):
        self._auth(request)
        gid = self._check_guild(request.match_info["gid"])
        try:
            uid = int(request.match_info["uid"])
            self.world.members[uid]
        except (KeyError, ValueError):
            raise ApiError(404, 10007, "Unknown Member") from None
        return json_response(self.world.member_payload(uid, gid))

    async def h_active_threads(self, request):
        self._auth(request)
        gid = self._check_guild(request.match_info["gid"])
        w = self.world
        return json_response({"threads": [w.channel_payload(t) for t in w.threads
                                          if not t.archived and t.guild_id == gid],
                              "members": []})

    # -- attachments -------------------------------------------------------------------------
    async def h_attachment(self, request):
        try:
            a = self.world.attachments[int(request.match_info["aid"])]
        except (KeyError, ValueError):
            raise ApiError(404, 0, "404: Not Found (unknown attachment)") from None
        return web.Response(body=a.data, headers={"Content-Type": a.content_type or "application/octet-stream"})

    async def h_favicon(self, request):
        return no_content()

    async def h_cdn(self, request):
        # Asset.BASE points here in sandbox mode: serve a plain placeholder image for any asset.
        return web.Response(body=_placeholder_png(), headers={"Content-Type": "image/png"})

    def _make_attachments(self, body: dict, files: list[tuple[int, str, bytes]], channel_id: int,
                          existing: list[SbAttachment] | None) -> list[SbAttachment]:
        """Discord's rules: with an ``attachments`` list, keep the listed existing attachments
        (by snowflake) and add the listed new files (by index); without one, keep everything
        and add every file."""
        by_index = {idx: (name, data) for idx, name, data in files}
        existing = existing or []
        existing_by_id = {a.id: a for a in existing}
        out: list[SbAttachment] = []
        used: set[int] = set()
        if "attachments" in body and body["attachments"] is not None:
            for entry in body["attachments"]:
                try:
                    aid = int(entry.get("id"))
                except (TypeError, ValueError):
                    raise ApiError(400, 50035, f"Invalid Form Body: attachments: bad id {entry.get('id')!r}") from None
                if aid in existing_by_id:
                    a = existing_by_id[aid]
                    if "description" in entry:
                        a.description = entry["description"]
                    out.append(a)
                elif aid in by_index:
                    name, data = by_index[aid]
                    used.add(aid)
                    out.append(self._new_attachment(entry.get("filename") or name, data, channel_id,
                                                    entry.get("description")))
                else:
                    raise ApiError(400, 50035, f"Invalid Form Body: attachments: unknown attachment id {aid}")
        else:
            out.extend(existing)
        for idx, name, data in files:
            if idx not in used:
                out.append(self._new_attachment(name, data, channel_id, None))
        if len(out) > 10:
            raise ApiError(400, 50035, "Invalid Form Body: at most 10 attachments per message")
        return out

    def _new_attachment(self, filename: str, data: bytes, channel_id: int, description: str | None) -> SbAttachment:
        w = self.world
        aid = w.ids.next()
        a = SbAttachment(aid, filename, data, sniff_content_type(filename, data), description,
                         spoiler=filename.startswith("SPOILER_"))
        size = image_size(data)
        if size:
            a.width, a.height = size
        a.url = f"{self.base_url}/attachments/{channel_id}/{aid}/{quote(filename)}"
        w.attachments[aid] = a
        return a

    def _resolve_embed_urls(self, m: SbMessage) -> None:
        names = {a.filename: a for a in m.attachments}
        for e in m.embeds:
            for key in ("image", "thumbnail"):
                sub = e.get(key)
                if isinstance(sub, dict) and str(sub.get("url", "")).startswith("attachment://"):
                    a = names.get(sub["url"][len("attachment://"):])
                    if a is not None:
                        sub["proxy_url"] = a.url
                        if a.width:
                            sub["width"], sub["height"] = a.width, a.height

    # -- messages (shared by channel, webhook and callback paths) -------------------------------
    def create_message(self, channel: SbChannel, author, body: dict, files, *, visibility: str = "public",
                       viewer_id: int | None = None, type: int = 0, interaction: SbInteraction | None = None,
                       webhook: bool = False, flags_extra: int = 0, allow_empty: bool = False) -> SbMessage:
        w = self.world
        if self.validate:
            validate_message(body, n_files=len(files), allow_empty=allow_empty)
        mid = w.ids.next()
        flags = (int(body.get("flags") or 0) & ~F_EPHEMERAL) | flags_extra
        if visibility == "ephemeral":
            flags |= F_EPHEMERAL
        m = SbMessage(
            id=mid, channel_id=channel.id, guild_id=channel.guild_id, author=author, type=type,
            content=body.get("content") or "", embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []), flags=flags,
            visibility=visibility, viewer_id=viewer_id,
            webhook_id=w.application_id if webhook else None, poll=body.get("poll"),
        )
        m.attachments = self._make_attachments(body, files, channel.id, None)
        self._resolve_embed_urls(m)
        if body.get("message_reference"):
            ref = dict(body["message_reference"])
            ref.setdefault("channel_id", str(channel.id))
            m.message_reference = ref
            if m.type == 0:
                m.type = 19
        if interaction is not None:
            m.interaction_id = interaction.id
            m.interaction_meta = self._interaction_meta(interaction)
        w.messages[mid] = m
        if visibility != "ephemeral":
            channel.last_message_id = mid
            channel.message_count += 1
        return m

    def update_message(self, m: SbMessage, body: dict, files, *, clear_loading: bool = False) -> SbMessage:
        if self.validate:
            merged = {
                "content": body["content"] if "content" in body else m.content,
                "embeds": body["embeds"] if "embeds" in body else m.embeds,
                "components": body["components"] if "components" in body else m.components,
                "flags": body.get("flags", m.flags),
            }
            keep = len(m.attachments) if "attachments" not in body else 0
            validate_message(merged, n_files=len(files), existing_attachments=keep,
                             allow_empty=bool(body.get("attachments")))
        was_loading = m.loading
        m.history.append({"content": m.content, "embeds": m.embeds, "components": m.components,
                          "attachments": [a.filename for a in m.attachments], "flags": m.flags})
        if "content" in body:
            m.content = body["content"] or ""
        if "embeds" in body:
            m.embeds = list(body["embeds"] or [])
        if "components" in body:
            m.components = list(body["components"] or [])
        if "poll" in body and body["poll"]:
            m.poll = body["poll"]
        if "flags" in body and body["flags"] is not None:
            keep = m.flags & (F_EPHEMERAL | F_HAS_THREAD | F_LOADING)
            m.flags = (int(body["flags"]) & ~(F_EPHEMERAL | F_LOADING)) | keep
        if clear_loading:
            m.flags &= ~F_LOADING
        m.attachments = self._make_attachments(body, files, m.channel_id, m.attachments)
        self._resolve_embed_urls(m)
        if not was_loading:
            m.edited = time.time()
        m.edits += 1
        return m

    async def announce(self, kind: str, m: SbMessage) -> None:
        """Tell the bot (gateway) and the waiters (driver) about a created/edited/deleted message."""
        if m.visibility != "ephemeral" and m.author.id != 0:
            intent = I_DIRECT_MESSAGES if m.visibility == "dm" else I_GUILD_MESSAGES
            payload = self.world.message_payload(m)
            if kind == "create":
                await self.dispatch("MESSAGE_CREATE", payload, intent=intent)
            elif kind == "edit":
                await self.dispatch("MESSAGE_UPDATE", payload, intent=intent)
            elif kind == "delete":
                d = {"id": str(m.id), "channel_id": str(m.channel_id)}
                if m.guild_id:
                    d["guild_id"] = str(m.guild_id)
                await self.dispatch("MESSAGE_DELETE", d, intent=intent)
        self._emit(kind, m)

    def _interaction_meta(self, it: SbInteraction) -> dict:
        meta = {"id": str(it.id), "type": it.type, "user": it.user.payload(),
                "authorizing_integration_owners": {"0": str(it.channel.guild_id) if it.channel.guild_id else "0"}}
        if it.type == 2:
            meta["name"] = it.name
            meta["command_type"] = 1
        if it.message is not None:
            meta["interacted_message_id"] = str(it.message.id)
        if it.original_id is not None and it.type == 5:
            meta["original_response_message_id"] = str(it.original_id)
        return meta

    def _visible_target(self, channel: SbChannel, ephemeral: bool, user) -> tuple[str, int | None]:
        if ephemeral:
            return "ephemeral", user.id
        if channel.is_dm:
            return "dm", channel.recipient_id
        return "public", None

    # -- channel endpoints ------------------------------------------------------------------------
    async def h_get_channel(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        return json_response(self.world.channel_payload(ch))

    async def h_edit_channel(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        body, _ = await self._read_body(request)
        if "name" in body and body["name"]:
            ch.name = body["name"]
        if "topic" in body:
            ch.topic = body["topic"]
        if "archived" in body:
            ch.archived = bool(body["archived"])
        if "locked" in body:
            ch.locked = bool(body["locked"])
        if "auto_archive_duration" in body:
            ch.auto_archive_duration = int(body["auto_archive_duration"])
        payload = self.world.channel_payload(ch)
        await self.dispatch("THREAD_UPDATE" if ch.is_thread else "CHANNEL_UPDATE", payload, intent=I_GUILDS)
        return json_response(payload)

    async def h_delete_channel(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        if ch.is_dm:
            return json_response(self.world.channel_payload(ch))
        payload = self.world.channel_payload(ch)
        del self.world.channels[ch.id]
        if ch.is_thread:
            await self.dispatch("THREAD_DELETE", {"id": str(ch.id), "guild_id": str(ch.guild_id),
                                                  "parent_id": str(ch.parent_id), "type": ch.type}, intent=I_GUILDS)
        else:
            await self.dispatch("CHANNEL_DELETE", payload, intent=I_GUILDS)
        return json_response(payload)

    async def h_send(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        body, files = await self._read_body(request)
        w = self.world
        if ch.is_dm:
            recipient = w.users[ch.recipient_id]
            if recipient.dms_closed:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        if ch.is_thread and ch.locked:
            raise ApiError(403, 50083, "Thread is archived")
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            prev = w.nonces.get((ch.id, str(nonce)))
            if prev is not None and prev in w.messages:
                return json_response(w.message_payload(w.messages[prev]))
        if ch.is_thread and ch.archived:
            ch.archived = False
        vis, viewer = ("dm", ch.recipient_id) if ch.is_dm else ("public", None)
        m = self.create_message(ch, w.bot, body, files, visibility=vis, viewer_id=viewer)
        if nonce is not None:
            w.nonces[(ch.id, str(nonce))] = m.id
        if ch.is_thread and ch.type == CH_PRIVATE_THREAD:
            ch.thread_members.update(int(u["id"]) for u in w.message_payload(m)["mentions"])
        await self.announce("create", m)
        return json_response(w.message_payload(m))

    def _channel_message(self, request) -> SbMessage:
        ch = self._channel_or_404(request.match_info["cid"])
        try:
            m = self.world.messages[int(request.match_info["mid"])]
        except (KeyError, ValueError):
            raise ApiError(404, 10008, "Unknown Message") from None
        if m.channel_id != ch.id or m.deleted or m.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    async def h_get_message(self, request):
        self._auth(request)
        return json_response(self.world.message_payload(self._channel_message(request)))

    async def h_history(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        q = request.query
        limit = max(1, min(100, int(q.get("limit") or 50)))
        msgs = [m for m in self.world.messages.values()
                if m.channel_id == ch.id and not m.deleted and not m.ephemeral]
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
            msgs.sort(key=lambda m: m.id)
            msgs = msgs[:limit]
        if "around" in q:
            a = int(q["around"])
            msgs.sort(key=lambda m: abs(m.id - a))
            msgs = msgs[:limit]
        msgs.sort(key=lambda m: m.id, reverse=True)
        return json_response([self.world.message_payload(m) for m in msgs[:limit]])

    async def h_edit_message(self, request):
        self._auth(request)
        m = self._channel_message(request)
        if m.author.id != self.world.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self._read_body(request)
        self.update_message(m, body, files)
        for it in self._awaiting_edit.pop(m.id, []):
            it.answer("edit", m.id)         # a deferred click answered by the message's own edit
        await self.announce("edit", m)
        return json_response(self.world.message_payload(m))

    async def h_delete_message(self, request):
        self._auth(request)
        m = self._channel_message(request)
        m.deleted = True
        await self.announce("delete", m)
        return no_content()

    async def h_thread(self, request):
        self._auth(request)
        w = self.world
        parent = self._channel_or_404(request.match_info["cid"])
        if parent.type != CH_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body, _ = await self._read_body(request)
        name = body.get("name")
        if not name or len(name) > 100:
            raise ApiError(400, 50035, "Invalid Form Body: name must be 1-100 characters")
        mid = request.match_info.get("mid")
        if mid is not None:
            try:
                msg = w.messages[int(mid)]
            except (KeyError, ValueError):
                raise ApiError(404, 10008, "Unknown Message") from None
            if msg.channel_id != parent.id or msg.ephemeral or msg.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            if msg.thread_id:
                raise ApiError(400, 160004, "A thread has already been created for this message")
            tid, ttype = msg.id, CH_PUBLIC_THREAD   # a thread from a message has the message's id
        else:
            msg = None
            tid, ttype = w.ids.next(), int(body.get("type") or CH_PRIVATE_THREAD)
        th = SbChannel(tid, ttype, name, guild_id=parent.guild_id, parent_id=parent.id,
                       owner_id=w.bot.id, auto_archive_duration=int(body.get("auto_archive_duration") or 1440))
        th.thread_members.add(w.bot.id)
        w.channels[tid] = th
        payload = w.channel_payload(th)
        await self.dispatch("THREAD_CREATE", dict(payload, newly_created=True), intent=I_GUILDS)
        self._emit("thread", th)
        if msg is not None:
            msg.thread_id = tid
            msg.flags |= F_HAS_THREAD
            await self.announce("edit", msg)
        log.info("sandbox: thread %r (%s) created in #%s", name, "public" if ttype == CH_PUBLIC_THREAD else "private",
                 parent.name)
        return json_response(dict(payload, member={"id": str(tid), "user_id": str(w.bot.id),
                                                   "join_timestamp": iso(), "flags": 0}))

    async def h_thread_member_add(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        uid = request.match_info["uid"]
        user = self.world.bot if uid == "@me" else self._user_or_404(uid)
        ch.thread_members.add(user.id)
        return no_content()

    async def h_thread_member_remove(self, request):
        self._auth(request)
        ch = self._channel_or_404(request.match_info["cid"])
        uid = request.match_info["uid"]
        user = self.world.bot if uid == "@me" else self._user_or_404(uid)
        ch.thread_members.discard(user.id)
        return no_content()

    async def h_typing(self, request):
        self._auth(request)
        self._channel_or_404(request.match_info["cid"])
        return no_content()

    async def h_react(self, request):
        self._auth(request)
        m = self._channel_message(request)
        m.reactions.setdefault(_emoji_key(request.match_info["emoji"]), set()).add(self.world.bot.id)
        self._emit("edit", m)
        return no_content()

    async def h_unreact(self, request):
        self._auth(request)
        m = self._channel_message(request)
        m.reactions.get(_emoji_key(request.match_info["emoji"]), set()).discard(self.world.bot.id)
        self._emit("edit", m)
        return no_content()

    async def h_clear_reactions(self, request):
        self._auth(request)
        m = self._channel_message(request)
        m.reactions.clear()
        self._emit("edit", m)
        return no_content()

    # -- interactions ---------------------------------------------------------------------------
    async def h_callback(self, request):
        it = self.interactions.get(_int(request.match_info["iid"]))
        if it is None or it.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        body, files = await self._read_body(request)
        now = time.perf_counter()
        if it.callback_type is not None:
            log.error("sandbox: second callback for interaction %s (%s) -> 40060", it.id, it.name)
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if now - it.dispatched_at > self.callback_deadline:
            it.error = f"callback after {now - it.dispatched_at:.2f} s (deadline {self.callback_deadline} s)"
            log.error("sandbox: late callback for interaction %s (%s): %s -> 10062", it.id, it.name, it.error)
            if not it.acked.done():
                it.acked.set_result(None)       # the driver sees callback_type None + error
            raise ApiError(404, 10062, "Unknown interaction")
        t = int(body.get("type", 0))
        data = body.get("data") or {}
        w = self.world
        resource: dict | None = None
        announce: list[tuple[str, SbMessage]] = []
        ephemeral = bool(int(data.get("flags") or 0) & F_EPHEMERAL)
        is_component = it.type == 3 or (it.type == 5 and it.message is not None)
        if t == 4:
            vis, viewer = self._visible_target(it.channel, ephemeral, it.user)
            m = self.create_message(it.channel, w.bot, data, files, visibility=vis, viewer_id=viewer,
                                    type=20 if it.type == 2 else 0, interaction=it, webhook=True)
            it.original_id = m.id
            announce.append(("create", m))
            resource = {"type": 4, "message": w.message_payload(m)}
        elif t == 5:
            vis, viewer = self._visible_target(it.channel, ephemeral, it.user)
            m = self.create_message(it.channel, w.bot, {"content": ""}, [], visibility=vis, viewer_id=viewer,
                                    type=20 if it.type == 2 else 0, interaction=it, webhook=True,
                                    flags_extra=F_LOADING, allow_empty=True)
            it.original_id = m.id
            announce.append(("create", m))
            resource = {"type": 5, "message": w.message_payload(m)}
        elif t in (6, 7):
            if not is_component:
                raise ApiError(400, 50035, f"Invalid Form Body: callback type {t} is only valid for "
                                           f"component interactions (this one is type {it.type})")
            m = it.message
            it.original_id = m.id
            if t == 6:
                self._awaiting_edit.setdefault(m.id, []).append(it)
            if t == 7:
                self.update_message(m, data, files)
                announce.append(("edit", m))
                resource = {"type": 7, "message": w.message_payload(m)}
        elif t == 8:
            if it.type != 4:
                raise ApiError(400, 50035, "Invalid Form Body: autocomplete result for a non-autocomplete interaction")
            it.choices = list(data.get("choices") or [])
        elif t == 9:
            if it.type == 5:
                raise ApiError(400, 50035, "Invalid Form Body: cannot answer a modal submit with a modal")
            if not data.get("custom_id") or not data.get("title"):
                raise ApiError(400, 50035, "Invalid Form Body: modal needs custom_id and title")
            it.modal = data
        elif t == 1:
            pass
        else:
            raise ApiError(400, 50035, f"Invalid Form Body: unsupported callback type {t}")
        it.callback_type = t
        it.callback_at = now
        it.callback_ephemeral = ephemeral if t in (4, 5) else (it.message.ephemeral if it.message else False)
        original = w.messages.get(it.original_id) if it.original_id else None
        iresp = {
            "id": str(it.id), "type": it.type,
            "response_message_loading": t == 5,
            "response_message_ephemeral": bool(original and original.ephemeral),
        }
        if original is not None:
            iresp["response_message_id"] = str(original.id)
        if not it.acked.done():
            it.acked.set_result(t)
        for kind, m in announce:
            await self.announce(kind, m)
        out = {"interaction": iresp}
        if resource is not None:
            out["resource"] = resource
        elif t == 9:
            out["resource"] = {"type": 9}
        elif t == 6:
            out["resource"] = {"type": 6}
        return json_response(out)

    def _webhook_interaction(self, request) -> SbInteraction:
        if request.match_info["app"] != str(self.world.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        it = self.by_token.get(request.match_info["token"])
        if it is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if time.time() - it.dispatched_wall > self.token_lifetime:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if it.callback_type is None:
            raise ApiError(404, 10015, "Unknown Webhook (the interaction has not been acknowledged yet)")
        return it

    def _webhook_message(self, it: SbInteraction, mid: str) -> SbMessage:
        w = self.world
        if mid == "@original":
            if it.original_id is None:
                raise ApiError(404, 10008, "Unknown Message")
            m = w.messages[it.original_id]
        else:
            try:
                m = w.messages[int(mid)]
            except (KeyError, ValueError):
                raise ApiError(404, 10008, "Unknown Message") from None
            if m.id not in it.followup_ids and m.id != it.original_id:
                raise ApiError(404, 10008, "Unknown Message")
        if m.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    async def h_followup(self, request):
        it = self._webhook_interaction(request)
        body, files = await self._read_body(request)
        w = self.world
        original = w.messages.get(it.original_id) if it.original_id else None
        if it.callback_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord: the first followup after a deferred reply fills the "thinking" message;
            # its visibility was decided by the defer.
            self.update_message(original, body, files, clear_loading=True)
            it.answer("edit", original.id)
            await self.announce("edit", original)
            return json_response(w.message_payload(original))
        ephemeral = bool(int(body.get("flags") or 0) & F_EPHEMERAL)
        vis, viewer = self._visible_target(it.channel, ephemeral, it.user)
        m = self.create_message(it.channel, w.bot, body, files, visibility=vis, viewer_id=viewer,
                                type=0, interaction=it, webhook=True)
        it.followup_ids.append(m.id)
        it.answer("followup", m.id)
        await self.announce("create", m)
        return json_response(w.message_payload(m))

    async def h_webhook_get(self, request):
        it = self._webhook_interaction(request)
        return json_response(self.world.message_payload(self._webhook_message(it, request.match_info["mid"])))

    async def h_webhook_edit(self, request):
        it = self._webhook_interaction(request)
        m = self._webhook_message(it, request.match_info["mid"])
        body, files = await self._read_body(request)
        self.update_message(m, body, files, clear_loading=True)
        if m.id == it.original_id:
            it.answer("edit", m.id)
        await self.announce("edit", m)
        return json_response(self.world.message_payload(m))

    async def h_webhook_delete(self, request):
        it = self._webhook_interaction(request)
        m = self._webhook_message(it, request.match_info["mid"])
        m.deleted = True
        await self.announce("delete", m)
        return no_content()

    # -- visibility ---------------------------------------------------------------------------
    def can_see_channel(self, user_id: int, ch: SbChannel) -> bool:
        w = self.world
        if ch.is_dm:
            return ch.recipient_id == user_id
        if ch.type == CH_PRIVATE_THREAD:
            return (user_id in ch.thread_members or user_id == ch.owner_id
                    or bool(w.member_permissions(user_id, ch.guild_id) & P_MANAGE_THREADS))
        return user_id in w.members

    def can_see(self, user_id: int, m: SbMessage) -> bool:
        ch = self.world.channels.get(m.channel_id)
        if ch is None or not m.visible_to(user_id):
            return False
        if m.visibility == "public":
            return self.can_see_channel(user_id, ch)
        return True


def _int(v: str) -> int:
    try:
        return int(v)
    except ValueError:
        return -1


def _emoji_key(raw: str) -> str:
    from urllib.parse import unquote
    return unquote(raw)


_PNG_CACHE: bytes | None = None


def _placeholder_png() -> bytes:
    global _PNG_CACHE
    if _PNG_CACHE is None:
        import struct
        import zlib
        w = h = 64
        raw = b"".join(b"\x00" + bytes((88, 101, 242)) * w for _ in range(h))

        def chunk(t: bytes, d: bytes) -> bytes:
            return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

        _PNG_CACHE = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                      + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return _PNG_CACHE

