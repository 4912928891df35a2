"""The local world on disk: ``python bot.py`` in local play keeps the stand-in's world (users,
channels, threads, messages, DMs, attachments, id counter, closed DMs) in a file beside the
database, so stopping and starting it again continues every game where it was.

Only opted in (``Sandbox(world_file=...)``; bot.py does it in local play); a plain
``Sandbox()`` stays in memory.

Layout (``world_file = data/sandbox-world.json``)::

    data/sandbox-world.json               the world as JSON (format below), no binary data
    data/sandbox-world-attachments/<id>   one file per attachment, the raw bytes

Format: one JSON object, ``{"format": "tablemaster-sandbox-world", "version": 1, "saved_at",
"base_url", "ids_last" (the snowflake counter), "event_seq" (the driver's mark()),
"application_id", "bot_id", "owner", "users" [SbUser fields, with dms_closed and locale],
"humans" [ids], "guild" {id, name, locale, owner_id, bot_role_id, gm_role_id}, "extra_guilds"
[SbGuild fields; optional, absent in older files], "roles",
"members", "channels" [SbChannel fields: text channels, threads with their members, DMs],
"dm_by_user" [[user, channel]], "commands" [{guild_id, command}], "nonces" [[channel, nonce,
message]], "attachments" [metadata; "path" is the URL path, made absolute on the new port],
"messages" [SbMessage fields, author_id, attachment_ids]}``. A file of another format or
version, or a damaged one, is renamed ``*.broken`` and a new world starts.

When: every change (a REST call that is not a GET, a message created/edited/deleted, a thread,
a DM switch) marks the world dirty; a background task writes it ``delay`` seconds later (one
write for a burst of changes), and ``Sandbox.stop()`` writes it a last time. The JSON goes to a
temporary file that is fsynced and renamed over the old one; an attachment's bytes never
change, so each is written once (temp file + rename too) and files no longer referenced are
removed after the JSON is in place. A crash loses at most the last ``delay`` seconds.

Bounded: the newest ``max_messages`` (2000) messages (deleted ones are dropped), the last
``MAX_HISTORY`` (3) earlier versions of each, and attachments of the kept messages up to
``max_attachment_bytes`` (256 MiB) in total (newest messages first; older ones lose their
files). A typical Libertalia game is about 120 messages: some 300 KB of JSON and 2-3 MB of
images.
Interactions (tokens live 15 minutes) and gateway sessions are not kept: the bot process
restarts with the stand-in.
"""
from __future__ import annotations

import asyncio
import dataclasses
import datetime as _dt
import json
import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .world import SbAttachment, SbChannel, SbGuild, SbMember, SbMessage, SbRole, SbUser, World

if TYPE_CHECKING:
    from .server import SandboxServer

log = logging.getLogger("sandbox.persist")

FORMAT = "tablemaster-sandbox-world"
VERSION = 1

MAX_MESSAGES = 2000
MAX_HISTORY = 3
MAX_ATTACHMENT_BYTES = 256 * 1024 * 1024


def attachments_dir(world_file: Path) -> Path:
    return world_file.with_name(world_file.stem + "-attachments")


# ---------------------------------------------------------------------------------------------
# World -> plain data

def _user(u: SbUser) -> dict:
    return dataclasses.asdict(u)


def _channel(c: SbChannel) -> dict:
    d = dataclasses.asdict(c)
    d["thread_members"] = sorted(c.thread_members)
    return d


def _message(m: SbMessage, kept_attachments: set[int]) -> dict:
    return {
        "id": m.id, "channel_id": m.channel_id, "guild_id": m.guild_id, "author_id": m.author.id,
        "type": m.type, "content": m.content, "embeds": m.embeds, "components": m.components,
        "attachment_ids": [a.id for a in m.attachments if a.id in kept_attachments],
        "flags": m.flags, "visibility": m.visibility, "viewer_id": m.viewer_id,
        "created": m.created, "edited": m.edited, "interaction_id": m.interaction_id,
        "interaction_meta": m.interaction_meta, "webhook_id": m.webhook_id, "thread_id": m.thread_id,
        "poll": m.poll, "message_reference": m.message_reference,
        "reactions": {k: sorted(v) for k, v in m.reactions.items() if v},
        "edits": m.edits, "history": m.history[-MAX_HISTORY:] if MAX_HISTORY else [],
    }


def _attachment(a: SbAttachment) -> dict:
    return {"id": a.id, "filename": a.filename, "content_type": a.content_type, "description": a.description,
            "spoiler": a.spoiler, "width": a.width, "height": a.height, "size": a.size,
            "path": urlsplit(a.url).path}


def _select(world: World, max_messages: int, max_attachment_bytes: int
            ) -> tuple[list[SbMessage], dict[int, SbAttachment]]:
    """The messages to keep (newest, not deleted) and their attachments within the budget."""
    msgs = sorted((m for m in world.messages.values() if not m.deleted), key=lambda m: m.id)[-max_messages:]
    files: dict[int, SbAttachment] = {}
    budget = max_attachment_bytes
    for m in reversed(msgs):                       # newest first
        for a in m.attachments:
            if a.id not in files and a.size <= budget:
                budget -= a.size
                files[a.id] = a
    return msgs, files


def _header(world: World, msgs: list[SbMessage], files: dict[int, SbAttachment], event_seq: int,
            base_url: str) -> dict:
    """Everything but the messages."""
    w = world
    kept_ids = {m.id for m in msgs}
    return {
        "format": FORMAT, "version": VERSION,
        "saved_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "base_url": base_url, "ids_last": w.ids._last, "event_seq": event_seq,
        "application_id": w.application_id, "bot_id": w.bot.id, "owner": _user(w.owner),
        "users": [_user(u) for u in w.users.values()], "humans": [u.id for u in w.humans],
        "guild": {"id": w.guild_id, "name": w.guild_name, "locale": w.guild_locale,
                  "owner_id": w.guild_owner_id, "bot_role_id": w.bot_role_id, "gm_role_id": w.gm_role_id},
        "extra_guilds": [dataclasses.asdict(g) for g in w.extra_guilds.values()],
        "roles": [dataclasses.asdict(r) for r in w.roles.values()],
        "members": [{"user_id": m.user.id, "roles": list(m.roles), "joined_at": m.joined_at, "nick": m.nick}
                    for m in w.members.values()],
        "channels": [_channel(c) for c in w.channels.values()],
        "dm_by_user": [[uid, cid] for uid, cid in w.dm_by_user.items()],
        "commands": [{"guild_id": g, "command": c} for (g, _), c in w.commands.items()],
        "nonces": [[cid, nonce, mid] for (cid, nonce), mid in w.nonces.items() if mid in kept_ids],
        "attachments": [_attachment(a) for a in files.values()],
    }


def snapshot(world: World, *, event_seq: int = 0, base_url: str = "", max_messages: int = MAX_MESSAGES,
             max_attachment_bytes: int = MAX_ATTACHMENT_BYTES) -> tuple[dict, dict[int, SbAttachment]]:
    """The world as JSON-able data, and the attachments it refers to (id -> attachment)."""
    msgs, files = _select(world, max_messages, max_attachment_bytes)
    data = _header(world, msgs, files, event_seq, base_url)
    data["messages"] = [_message(m, set(files)) for m in msgs]
    return data, files


# ---------------------------------------------------------------------------------------------
# plain data -> World

class WorldFileError(Exception):
    """The world file cannot be read (damaged, or written by another format version)."""


def restore(data: dict, files_dir: Path, world: World | None = None) -> World:
    """A World rebuilt from ``snapshot`` data (attachment bytes read from ``files_dir``).
    Attachment URLs are paths ("/attachments/..."); ``SandboxServer.start`` makes them absolute."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise WorldFileError(f"not a version {VERSION} sandbox world (format {data.get('format')!r}, "
                             f"version {data.get('version')!r})")
    w = world or World()
    try:
        w.ids._last = max(w.ids._last, int(data["ids_last"]))
        users = {int(d["id"]): SbUser(**d) for d in data["users"]}
        w.users = users
        w.bot = users[int(data["bot_id"])]
        w.application_id = int(data["application_id"])
        w.owner = SbUser(**data["owner"])
        w.humans = [users[i] for i in data["humans"]]
        g = data["guild"]
        w.guild_id, w.guild_name, w.guild_locale = int(g["id"]), g["name"], g["locale"]
        w.guild_owner_id, w.bot_role_id, w.gm_role_id = int(g["owner_id"]), int(g["bot_role_id"]), int(g["gm_role_id"])
        w.extra_guilds = {int(g["id"]): SbGuild(**g) for g in data.get("extra_guilds") or ()}
        w.roles = {int(r["id"]): SbRole(**r) for r in data["roles"]}
        w.members = {int(m["user_id"]): SbMember(users[int(m["user_id"])], list(m["roles"]), m["joined_at"], m["nick"])
                     for m in data["members"] if int(m["user_id"]) in users}
        w.channels = {}
        for d in data["channels"]:
            d = dict(d, thread_members=set(d.get("thread_members") or ()))
            w.channels[int(d["id"])] = SbChannel(**d)
        w.dm_by_user = {int(u): int(c) for u, c in data["dm_by_user"] if int(c) in w.channels}
        w.commands = {(c["guild_id"], c["command"]["name"]): c["command"] for c in data["commands"]}
        w.attachments = {}
        for d in data["attachments"]:
            try:
                blob = (files_dir / str(int(d["id"]))).read_bytes()
            except OSError:
                log.warning("sandbox world: attachment %s (%s) is missing from %s", d["id"], d["filename"], files_dir)
                continue
            w.attachments[int(d["id"])] = SbAttachment(
                int(d["id"]), d["filename"], blob, d["content_type"], d["description"], bool(d["spoiler"]),
                d["width"], d["height"], d["path"])
        w.messages = {}
        for d in data["messages"]:
            author = users.get(int(d["author_id"]))
            if author is None or int(d["channel_id"]) not in w.channels:
                continue
            m = SbMessage(
                id=int(d["id"]), channel_id=int(d["channel_id"]), guild_id=d["guild_id"], author=author,
                type=d["type"], content=d["content"], embeds=d["embeds"], components=d["components"],
                attachments=[w.attachments[i] for i in d["attachment_ids"] if i in w.attachments],
                flags=d["flags"], visibility=d["visibility"], viewer_id=d["viewer_id"], created=d["created"],
                edited=d["edited"], interaction_id=d["interaction_id"], interaction_meta=d["interaction_meta"],
                webhook_id=d["webhook_id"], thread_id=d["thread_id"], poll=d["poll"],
                message_reference=d["message_reference"],
                reactions={k: set(v) for k, v in d["reactions"].items()}, edits=d["edits"],
                history=list(d["history"]))
            w.messages[m.id] = m
        w.nonces = {(int(c), str(n)): int(mid) for c, n, mid in data["nonces"] if int(mid) in w.messages}
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise WorldFileError(f"damaged sandbox world: {type(e).__name__}: {e}") from e
    return w


# ---------------------------------------------------------------------------------------------

class WorldFile:
    """Keeps one server's world in ``path`` (see the module docstring)."""

    def __init__(self, path: str | os.PathLike, *, delay: float = 0.5, max_messages: int = MAX_MESSAGES,
                 max_attachment_bytes: int = MAX_ATTACHMENT_BYTES) -> None:
        self.path = Path(path)
        self.files_dir = attachments_dir(self.path)
        self.delay = delay
        self.max_messages = max_messages
        self.max_attachment_bytes = max_attachment_bytes
        self.saves = 0                     # completed writes (tests, diagnostics)
        self.loaded = False                # True when the world came from the file
        self._server: "SandboxServer | None" = None
        self._dirty: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        self._lock = threading.Lock()      # one writer at a time (the final save may meet a running one)
        self._written: set[int] = set()    # attachment files known to be on disk
        self._cache: dict[int, tuple[tuple, str]] = {}   # message id -> (version key, its JSON)
        self._failed = False

    # -- loading --------------------------------------------------------------------------
    def load(self) -> tuple[World, int] | None:
        """(world, event counter) from the file, or None when there is none. A file that
        cannot be read is set aside (``.broken``) with a warning, and None is returned."""
        try:
            text = self.path.read_text("utf-8")
        except FileNotFoundError:
            return None
        try:
            data = json.loads(text)
            world = restore(data, self.files_dir)
        except (ValueError, WorldFileError) as e:
            aside = self.path.with_name(self.path.name + ".broken")
            os.replace(self.path, aside)
            log.warning("sandbox world %s could not be read (%s); starting a new world, the old file "
                        "is kept as %s", self.path, e, aside)
            return None
        self._written = set(world.attachments)
        self.loaded = True
        log.info("sandbox world loaded from %s: %d messages, %d threads, %d attachments", self.path,
                 len(world.messages), len(world.threads), len(world.attachments))
        return world, int(data.get("event_seq") or 0)

    # -- saving ----------------------------------------------------------------------------
    def attach(self, server: "SandboxServer") -> None:
        """Start writing ``server``'s world after changes (call inside the running loop)."""
        self._server = server
        self._dirty = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="sandbox-world-saver")

    def changed(self) -> None:
        if self._dirty is not None:
            self._dirty.set()

    async def _run(self) -> None:
        assert self._dirty is not None
        while True:
            await self._dirty.wait()
            await asyncio.sleep(self.delay)      # gather the rest of the burst
            self._dirty.clear()
            await self.save()

    async def save(self) -> None:
        """Write the world now (JSON built on the loop, files written in a thread)."""
        server = self._server
        if server is None:
            return
        text, files = self._text(server)
        try:
            await asyncio.to_thread(self._write, text, files)
        except OSError as e:
            if not self._failed:
                log.error("sandbox world: could not write %s: %s", self.path, e)
            self._failed = True
            return
        self._failed = False
        self.saves += 1

    def _text(self, server: "SandboxServer") -> tuple[str, dict[int, SbAttachment]]:
        """The JSON text. A message's JSON is reused while it is unchanged (the driver numbers
        every change of a message), so a save costs little more than the changed messages."""
        w = server.world
        msgs, files = _select(w, self.max_messages, self.max_attachment_bytes)
        header = _header(w, msgs, files, getattr(server, "_event_seq", 0), server.base_url)
        changes: dict[int, int] = getattr(server, "_last_change", {})
        kept = set(files)
        cache: dict[int, tuple[tuple, str]] = {}
        parts = []
        for m in msgs:
            key = (changes.get(m.id), m.edits, m.flags, m.thread_id, tuple(a.id for a in m.attachments if a.id in kept),
                   tuple((k, len(v)) for k, v in m.reactions.items()))
            hit = self._cache.get(m.id)
            if hit is not None and hit[0] == key and key[0] is not None:
                frag = hit[1]
            else:
                frag = _dumps(_message(m, kept))
            cache[m.id] = (key, frag)
            parts.append(frag)
        self._cache = cache
        head = _dumps(header)
        return head[:-1] + ',"messages":[' + ",".join(parts) + "]}", files

    def _write(self, text: str, files: dict[int, SbAttachment]) -> None:
        with self._lock:
            self.files_dir.mkdir(parents=True, exist_ok=True)
            for aid, a in files.items():
                if aid in self._written:
                    continue
                _atomic_write(self.files_dir / str(aid), a.data)
                self._written.add(aid)
            _atomic_write(self.path, text.encode("utf-8"))
            for p in self.files_dir.iterdir():       # files no longer referenced
                if p.name.isdigit() and int(p.name) not in files:
                    p.unlink(missing_ok=True)
                    self._written.discard(int(p.name))

    async def close(self) -> None:
        """Stop the background writer and write the world a last time."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
        await self.save()
        self._server = None
        self._dirty = None


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
