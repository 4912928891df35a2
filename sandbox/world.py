"""World state of the sandbox: users, the guild, channels, messages, attachments.

Everything here is plain data plus the functions that turn it into Discord payloads.
Nothing in this module does I/O; the server (``sandbox.server``) owns the sockets.
"""
from __future__ import annotations

import datetime as _dt
import struct
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions)
P_ADD_REACTIONS = 1 << 6
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_MENTION_EVERYONE = 1 << 17
P_USE_EXTERNAL_EMOJIS = 1 << 18
P_CHANGE_NICKNAME = 1 << 26
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_CREATE_PRIVATE_THREADS = 1 << 36
P_SEND_MESSAGES_IN_THREADS = 1 << 38
P_ADMINISTRATOR = 1 << 3

EVERYONE_PERMISSIONS = (
    P_ADD_REACTIONS | P_VIEW_CHANNEL | P_SEND_MESSAGES | P_EMBED_LINKS | P_ATTACH_FILES
    | P_READ_MESSAGE_HISTORY | P_USE_EXTERNAL_EMOJIS | P_CHANGE_NICKNAME
    | P_USE_APPLICATION_COMMANDS | P_CREATE_PUBLIC_THREADS | P_SEND_MESSAGES_IN_THREADS
)
BOT_ROLE_PERMISSIONS = (
    EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES | P_MANAGE_THREADS | P_CREATE_PRIVATE_THREADS
    | P_MENTION_EVERYONE
)
ALL_PERMISSIONS = (1 << 53) - 1

# Message flags
F_HAS_THREAD = 1 << 5
F_EPHEMERAL = 1 << 6
F_LOADING = 1 << 7

# Channel types
CH_TEXT = 0
CH_DM = 1
CH_PUBLIC_THREAD = 11
CH_PRIVATE_THREAD = 12


class Snowflakes:
    """Real-looking, strictly increasing snowflake ids (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last = 0

    def next(self) -> int:
        with self._lock:
            now = int(time.time() * 1000) - DISCORD_EPOCH_MS
            candidate = now << 22
            if candidate <= self._last:
                candidate = self._last + 1
            self._last = candidate
            return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose shard is ``shard_id`` of ``shard_count`` (Discord routes a guild to
        shard ``(guild_id >> 22) % shard_count``). Ids made within one millisecond share that
        timestamp, hence that shard; this one may lie up to ``shard_count - 1`` ms ahead."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not in 0..{shard_count - 1}")
        with self._lock:
            now = int(time.time() * 1000) - DISCORD_EPOCH_MS
            ts = max(now, (self._last >> 22) + 1)
            ts += (shard_id - ts) % shard_count
            candidate = ts << 22
            self._last = candidate
            return candidate


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; DMs (no guild) go to shard 0."""
    if guild_id is None or shard_count <= 1:
        return 0
    return (int(guild_id) >> 22) % shard_count


def iso(ts: float | None = None) -> str:
    t = _dt.datetime.fromtimestamp(time.time() if ts is None else ts, tz=_dt.timezone.utc)
    return t.isoformat()


def snowflake_time(sf: int) -> float:
    return ((sf >> 22) + DISCORD_EPOCH_MS) / 1000.0


@dataclass
class SbUser:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"

    @property
    def name(self) -> str:
        return self.username

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name or self.username,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
        }

    def __repr__(self) -> str:
        return f"<SbUser {self.username} {self.id}>"


@dataclass
class SbRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict:
        return {
            "id": str(self.id), "name": self.name, "permissions": str(self.permissions),
            "position": self.position, "color": 0, "colors": {"primary_color": 0},
            "hoist": False, "managed": self.managed, "mentionable": False, "icon": None,
            "unicode_emoji": None, "flags": 0,
        }


@dataclass
class SbMember:
    user: SbUser
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso)
    nick: str | None = None

    def payload(self, permissions: int | None = None) -> dict:
        d = {
            "user": self.user.payload(), "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at, "nick": self.nick, "avatar": None, "pending": False,
            "deaf": False, "mute": False, "flags": 0, "premium_since": None,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            d["permissions"] = str(permissions)
        return d


@dataclass
class SbChannel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None      # DM channels
    owner_id: int | None = None          # threads
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    created: float = field(default_factory=time.time)
    last_message_id: int | None = None
    message_count: int = 0
    thread_members: set[int] = field(default_factory=set)

    @property
    def is_thread(self) -> bool:
        return self.type in (CH_PUBLIC_THREAD, CH_PRIVATE_THREAD, 10)

    @property
    def is_dm(self) -> bool:
        return self.type == CH_DM

    def __repr__(self) -> str:
        return f"<SbChannel {self.name or self.type} {self.id}>"


@dataclass
class SbAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None = None
    spoiler: bool = False
    width: int | None = None
    height: int | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict:
        d = {
            "id": str(self.id), "filename": self.filename, "size": self.size,
            "url": self.url, "proxy_url": self.url, "content_type": self.content_type,
            "description": self.description, "flags": 0,
        }
        if self.width is not None:
            d["width"] = self.width
            d["height"] = self.height
        return d


@dataclass
class SbMessage:
    """A message as the sandbox stores it. ``visibility`` is "public" (everyone who can
    see the channel), "ephemeral" (only ``viewer_id``) or "dm" (only ``viewer_id``)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: SbUser
    type: int = 0
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[SbAttachment] = field(default_factory=list)
    flags: int = 0
    visibility: str = "public"
    viewer_id: int | None = None
    created: float = field(default_factory=time.time)
    edited: float | None = None
    deleted: bool = False
    interaction_id: int | None = None
    interaction_meta: dict | None = None
    webhook_id: int | None = None
    thread_id: int | None = None
    poll: dict | None = None
    message_reference: dict | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    edits: int = 0
    history: list[dict] = field(default_factory=list)   # earlier versions (content/embeds/components)

    # -- convenience for tests -------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return self.visibility == "ephemeral"

    @property
    def is_dm(self) -> bool:
        return self.visibility == "dm"

    @property
    def loading(self) -> bool:
        return bool(self.flags & F_LOADING)

    def walk_components(self) -> Iterator[dict]:
        """Every component dict, depth first (action rows, sections, containers...)."""
        stack = list(reversed(self.components))
        while stack:
            c = stack.pop()
            yield c
            for key in ("components",):
                for child in reversed(c.get(key) or []):
                    stack.append(child)
            for key in ("accessory", "component"):
                if isinstance(c.get(key), dict):
                    stack.append(c[key])

    def interactive(self) -> list[dict]:
        """Buttons and selects (anything with a custom_id)."""
        return [c for c in self.walk_components() if "custom_id" in c]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.interactive()]

    def buttons(self) -> list[dict]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    def selects(self) -> list[dict]:
        return [c for c in self.walk_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> dict | None:
        for c in self.walk_components():
            if custom_id is not None and c.get("custom_id") == custom_id:
                return c
            if label is not None and c.get("label") == label:
                return c
        return None

    def button(self, label: str) -> dict:
        for c in self.buttons():
            if c.get("label") == label:
                return c
        raise LookupError(f"no button labelled {label!r} on message {self.id}; "
                          f"buttons: {[b.get('label') for b in self.buttons()]}")

    def attachment(self, filename: str | None = None) -> SbAttachment:
        for a in self.attachments:
            if filename is None or a.filename == filename:
                return a
        raise LookupError(f"no attachment {filename!r} on message {self.id}; "
                          f"have {[a.filename for a in self.attachments]}")

    def attachment_bytes(self, filename: str | None = None) -> bytes:
        return self.attachment(filename).data

    @property
    def text(self) -> str:
        """Content plus every visible text of its embeds and components, for searching."""
        parts = [self.content]
        for e in self.embeds:
            for k in ("title", "description"):
                if e.get(k):
                    parts.append(str(e[k]))
            for f in e.get("fields") or []:
                parts.append(f"{f.get('name', '')}: {f.get('value', '')}")
            if e.get("footer", {}).get("text"):
                parts.append(e["footer"]["text"])
            if e.get("author", {}).get("name"):
                parts.append(e["author"]["name"])
        for c in self.walk_components():
            if c.get("label"):
                parts.append(str(c["label"]))
            if c.get("type") == 10 and c.get("content"):
                parts.append(str(c["content"]))
            if c.get("placeholder"):
                parts.append(str(c["placeholder"]))
            for o in c.get("options") or []:
                parts.append(str(o.get("label", "")))
                if o.get("description"):
                    parts.append(str(o["description"]))
        for a in self.attachments:
            if a.description:
                parts.append(a.description)
        return "\n".join(p for p in parts if p)

    def visible_to(self, user_id: int) -> bool:
        if self.deleted:
            return False
        if self.visibility == "public":
            return True
        return self.viewer_id == user_id

    def __repr__(self) -> str:
        c = self.content if len(self.content) < 40 else self.content[:37] + "..."
        return (f"<SbMessage {self.id} ch={self.channel_id} {self.visibility}"
                f"{'/' + str(self.viewer_id) if self.viewer_id else ''} {c!r}>")


# ---------------------------------------------------------------------------
# attachment helpers

def sniff_content_type(filename: str, data: bytes) -> str | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    low = filename.lower()
    for ext, ct in ((".png", "image/png"), (".jpg", "image/jpeg"), (".jpeg", "image/jpeg"),
                    (".gif", "image/gif"), (".webp", "image/webp"), (".txt", "text/plain; charset=utf-8"),
                    (".json", "application/json"), (".svg", "image/svg+xml"), (".csv", "text/csv")):
        if low.endswith(ext):
            return ct
    return "application/octet-stream"


def image_size(data: bytes) -> tuple[int, int] | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        w, h = struct.unpack(">II", data[16:24])
        return w, h
    if data[:3] == b"\xff\xd8\xff" or data[:4] == b"RIFF" or data[:3] == b"GIF":
        try:
            import io

            from PIL import Image
            with Image.open(io.BytesIO(data)) as im:
                return im.size
        except Exception:  # noqa: BLE001 - best effort only
            return None
    return None


@dataclass
class SbGuild:
    """A guild besides the main one (``World.add_guild``). Every member of the main guild is a
    member here too, without the main guild's roles; the bot has its own managed role."""

    id: int
    name: str
    bot_role_id: int
    locale: str = "en-US"


# ---------------------------------------------------------------------------

DEFAULT_HUMANS = ("Anna", "Bruno", "Chloe", "Dmitri", "Elif", "Farid")
DEFAULT_CHANNELS = ("game-table", "general", "tavern")


class World:
    """All the state of the fake Discord. Survives bot restarts (it lives in the sandbox)."""

    def __init__(self, *, humans: tuple[str, ...] = DEFAULT_HUMANS,
                 channels: tuple[str, ...] = DEFAULT_CHANNELS,
                 guild_name: str = "Sandbox Tavern", bot_name: str = "TableMaster") -> None:
        self.ids = Snowflakes()
        self.bot = SbUser(self.ids.next(), bot_name, bot_name, bot=True)
        self.application_id = self.bot.id
        self.owner = SbUser(self.ids.next(), "sandbox-owner", "Sandbox Owner")
        self.users: dict[int, SbUser] = {self.bot.id: self.bot}
        self.humans: list[SbUser] = []
        for name in humans:
            u = SbUser(self.ids.next(), name.lower(), name)
            self.users[u.id] = u
            self.humans.append(u)

        self.guild_id = self.ids.next()
        self.guild_name = guild_name
        self.guild_locale = "en-US"
        self.roles: dict[int, SbRole] = {
            self.guild_id: SbRole(self.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0),
        }
        bot_role = SbRole(self.ids.next(), bot_name, BOT_ROLE_PERMISSIONS, 2, managed=True)
        gm_role = SbRole(self.ids.next(), "Game Master", EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES
                         | P_MANAGE_THREADS, 1)
        self.roles[bot_role.id] = bot_role
        self.roles[gm_role.id] = gm_role
        self.bot_role_id = bot_role.id
        self.gm_role_id = gm_role.id

        self.members: dict[int, SbMember] = {self.bot.id: SbMember(self.bot, [bot_role.id])}
        for i, u in enumerate(self.humans):
            self.members[u.id] = SbMember(u, [gm_role.id] if i == 0 else [])
        self.guild_owner_id = self.humans[0].id if self.humans else self.bot.id

        self.channels: dict[int, SbChannel] = {}
        for pos, name in enumerate(channels):
            ch = SbChannel(self.ids.next(), CH_TEXT, name, guild_id=self.guild_id, position=pos,
                           topic=f"Sandbox channel #{name}")
            self.channels[ch.id] = ch
        self.dm_by_user: dict[int, int] = {}

        self.messages: dict[int, SbMessage] = {}
        self.attachments: dict[int, SbAttachment] = {}
        self.commands: dict[tuple[int | None, str], dict] = {}   # (guild_id|None, name) -> command
        self.nonces: dict[tuple[int, str], int] = {}
        # guilds besides the main one (add_guild); the main guild is guild_id/guild_name/roles
        self.extra_guilds: dict[int, SbGuild] = {}

    # -- growing the world ----------------------------------------------------
    def add_user(self, name: str, *, display_name: str | None = None, locale: str = "en-US",
                 roles: tuple[int, ...] = ()) -> SbUser:
        """A new human, member of the guild (``name`` is the username, lower-cased)."""
        username = name.lower()
        if any(u.username == username for u in self.users.values()):
            raise ValueError(f"a sandbox user named {username!r} exists already")
        u = SbUser(self.ids.next(), username, display_name or name, locale=locale)
        self.users[u.id] = u
        self.humans.append(u)
        self.members[u.id] = SbMember(u, list(roles))
        return u

    def add_text_channel(self, name: str, *, topic: str | None = None) -> SbChannel:
        """A new text channel of the guild, after the others."""
        if any(c.name == name and c.type == CH_TEXT for c in self.channels.values()):
            raise ValueError(f"a sandbox channel named #{name} exists already")
        ch = SbChannel(self.ids.next(), CH_TEXT, name, guild_id=self.guild_id,
                       position=sum(c.guild_id == self.guild_id for c in self.text_channels),
                       topic=topic or f"Sandbox channel #{name}")
        self.channels[ch.id] = ch
        return ch

    def add_guild(self, name: str, *, channels: tuple[str, ...] | None = None,
                  shard: tuple[int, int] | None = None, locale: str = "en-US") -> SbGuild:
        """Another guild, with every member of the main guild and its own text channels
        (default one, ``<name>-table``; channel names are unique over the world).
        ``shard=(shard_id, shard_count)`` picks an id that lands on that shard."""
        slug = "-".join(name.lower().split())
        channels = channels if channels is not None else (f"{slug}-table",)
        for cname in channels:
            if any(c.name == cname and c.type == CH_TEXT for c in self.channels.values()):
                raise ValueError(f"a sandbox channel named #{cname} exists already")
        gid = self.ids.next_on_shard(*shard) if shard is not None else self.ids.next()
        g = SbGuild(gid, name, self.ids.next(), locale)
        self.extra_guilds[gid] = g
        for pos, cname in enumerate(channels):
            ch = SbChannel(self.ids.next(), CH_TEXT, cname, guild_id=gid, position=pos,
                           topic=f"Sandbox channel #{cname}")
            self.channels[ch.id] = ch
        return g

    @property
    def guild_ids(self) -> list[int]:
        """The main guild first, then the others in the order they were added."""
        return [self.guild_id, *self.extra_guilds]

    def guild_name_of(self, guild_id: int) -> str:
        return self.guild_name if guild_id == self.guild_id else self.extra_guilds[guild_id].name

    def guild_locale_of(self, guild_id: int | None) -> str:
        g = self.extra_guilds.get(guild_id) if guild_id is not None else None
        return g.locale if g is not None else self.guild_locale

    def guilds_on_shard(self, shard_id: int, shard_count: int) -> list[int]:
        return [g for g in self.guild_ids if shard_of(g, shard_count) == shard_id]

    # -- lookup ---------------------------------------------------------------
    def user(self, ref: Any) -> SbUser:
        """A user by SbUser, id (int/str), username or display name (case-insensitive)."""
        if isinstance(ref, SbUser):
            return ref
        if hasattr(ref, "id") and not isinstance(ref, (str, int)):
            ref = ref.id
        if isinstance(ref, int) or (isinstance(ref, str) and ref.isdigit()):
            u = self.users.get(int(ref))
            if u:
                return u
        if isinstance(ref, str):
            key = ref.lower()
            for u in self.users.values():
                if u.username.lower() == key or (u.global_name or "").lower() == key:
                    return u
        raise LookupError(f"unknown sandbox user {ref!r}; users: "
                          f"{[u.username for u in self.users.values()]}")

    def channel(self, ref: Any) -> SbChannel:
        """A channel by SbChannel, id, name ('game-table' or '#game-table') or discord object."""
        if isinstance(ref, SbChannel):
            return ref
        if hasattr(ref, "id") and not isinstance(ref, (str, int)):
            ref = ref.id
        if isinstance(ref, int) or (isinstance(ref, str) and ref.isdigit()):
            ch = self.channels.get(int(ref))
            if ch:
                return ch
        if isinstance(ref, str):
            key = ref.lstrip("#")
            for ch in self.channels.values():
                if ch.name == key:
                    return ch
        raise LookupError(f"unknown sandbox channel {ref!r}; channels: "
                          f"{[c.name for c in self.channels.values() if c.name]}")

    def message(self, ref: Any) -> SbMessage:
        if isinstance(ref, SbMessage):
            return self.messages.get(ref.id, ref)
        if hasattr(ref, "id") and not isinstance(ref, (str, int)):
            ref = ref.id
        m = self.messages.get(int(ref))
        if m is None:
            raise LookupError(f"unknown sandbox message {ref!r}")
        return m

    @property
    def text_channels(self) -> list[SbChannel]:
        return [c for c in self.channels.values() if c.type == CH_TEXT]

    @property
    def threads(self) -> list[SbChannel]:
        return [c for c in self.channels.values() if c.is_thread]

    def dm_channel(self, user: SbUser) -> SbChannel:
        """The bot's DM channel with this user: the same id every time."""
        cid = self.dm_by_user.get(user.id)
        if cid is None:
            ch = SbChannel(self.ids.next(), CH_DM, None, recipient_id=user.id)
            self.channels[ch.id] = ch
            self.dm_by_user[user.id] = ch.id
            cid = ch.id
        return self.channels[cid]

    # -- permissions ----------------------------------------------------------
    def member_permissions(self, user_id: int, guild_id: int | None = None) -> int:
        if user_id == self.guild_owner_id:
            return ALL_PERMISSIONS
        g = self.extra_guilds.get(guild_id) if guild_id is not None else None
        if g is not None:       # another guild: @everyone, plus the bot's managed role
            if user_id not in self.members:
                return 0
            return BOT_ROLE_PERMISSIONS if user_id == self.bot.id else EVERYONE_PERMISSIONS
        m = self.members.get(user_id)
        perms = self.roles[self.guild_id].permissions
        if m:
            for r in m.roles:
                if r in self.roles:
                    perms |= self.roles[r].permissions
        if perms & P_ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    # -- payloads -------------------------------------------------------------
    def channel_payload(self, ch: SbChannel) -> dict:
        if ch.type == CH_DM:
            return {"id": str(ch.id), "type": CH_DM, "last_message_id": _s(ch.last_message_id),
                    "recipients": [self.users[ch.recipient_id].payload()], "flags": 0}
        d: dict[str, Any] = {
            "id": str(ch.id), "type": ch.type, "name": ch.name, "guild_id": str(ch.guild_id),
            "position": ch.position, "permission_overwrites": [], "nsfw": False,
            "parent_id": _s(ch.parent_id), "last_message_id": _s(ch.last_message_id),
            "rate_limit_per_user": 0, "flags": 0,
        }
        if ch.is_thread:
            d.update({
                "owner_id": str(ch.owner_id), "message_count": ch.message_count,
                "member_count": max(1, len(ch.thread_members)), "total_message_sent": ch.message_count,
                "thread_metadata": {
                    "archived": ch.archived, "auto_archive_duration": ch.auto_archive_duration,
                    "archive_timestamp": iso(ch.created), "locked": ch.locked,
                    "create_timestamp": iso(ch.created), "invitable": True,
                },
                "applied_tags": [],
            })
            d.pop("position")
            d.pop("permission_overwrites")
        else:
            d["topic"] = ch.topic
        return d

    def role_payloads(self, guild_id: int | None = None) -> list[dict]:
        g = self.extra_guilds.get(guild_id) if guild_id is not None else None
        if g is not None:
            return [SbRole(g.id, "@everyone", EVERYONE_PERMISSIONS, 0).payload(),
                    SbRole(g.bot_role_id, self.bot.username, BOT_ROLE_PERMISSIONS, 1, managed=True).payload()]
        return [r.payload() for r in self.roles.values()]

    def member_payloads(self, guild_id: int | None = None) -> list[dict]:
        return [self.member_payload(uid, guild_id) for uid in self.members]

    def member_payload(self, user_id: int, guild_id: int | None = None, permissions: int | None = None) -> dict:
        """A member of the main guild, or of another guild (same people, that guild's roles)."""
        m = self.members[user_id]
        g = self.extra_guilds.get(guild_id) if guild_id is not None else None
        if g is None:
            return m.payload(permissions)
        return SbMember(m.user, [g.bot_role_id] if user_id == self.bot.id else [], m.joined_at,
                        m.nick).payload(permissions)

    def guild_payload(self, guild_id: int | None = None) -> dict:
        gid = self.guild_id if guild_id is None else guild_id
        members = self.member_payloads(gid)
        return {
            "id": str(gid), "name": self.guild_name_of(gid), "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(self.guild_owner_id), "afk_channel_id": None,
            "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "roles": self.role_payloads(gid), "emojis": [],
            "stickers": [], "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": None, "system_channel_flags": 0, "rules_channel_id": None,
            "max_members": 500000, "vanity_url_code": None, "description": None, "banner": None,
            "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": self.guild_locale_of(gid),
            "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "unavailable": False, "large": False, "member_count": len(members),
            "joined_at": iso(snowflake_time(gid)), "lazy": True,
            "members": members, "voice_states": [], "presences": [],
            "channels": [self.channel_payload(c) for c in self.channels.values()
                         if c.type == CH_TEXT and c.guild_id == gid],
            "threads": [self.channel_payload(c) for c in self.channels.values()
                        if c.is_thread and not c.archived and c.guild_id == gid],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    def message_payload(self, m: SbMessage) -> dict:
        ch = self.channels.get(m.channel_id)
        d: dict[str, Any] = {
            "id": str(m.id), "channel_id": str(m.channel_id), "type": m.type,
            "author": m.author.payload(), "content": m.content, "timestamp": iso(m.created),
            "edited_timestamp": iso(m.edited) if m.edited else None, "tts": False,
            "mention_everyone": False, "mentions": self._mentions(m.content), "mention_roles": [],
            "mention_channels": [], "pinned": False, "flags": m.flags, "embeds": m.embeds,
            "attachments": [a.payload() for a in m.attachments], "components": m.components,
            "reactions": [
                {"emoji": _emoji_payload(e), "count": len(us), "me": self.bot.id in us,
                 "count_details": {"burst": 0, "normal": len(us)}, "burst_colors": [],
                 "me_burst": False, "burst_me": False, "burst_count": 0}
                for e, us in m.reactions.items() if us
            ],
        }
        if m.guild_id is not None:
            d["guild_id"] = str(m.guild_id)
            if m.author.id in self.members and not m.webhook_id:
                mem = self.member_payload(m.author.id, m.guild_id)
                mem.pop("user", None)
                d["member"] = mem
        if m.webhook_id:
            d["webhook_id"] = str(m.webhook_id)
            d["application_id"] = str(self.application_id)
        if m.interaction_meta:
            d["interaction_metadata"] = m.interaction_meta
        if m.thread_id and m.thread_id in self.channels:
            t = self.channel_payload(self.channels[m.thread_id])
            d["thread"] = t
        if m.poll:
            d["poll"] = m.poll
        if m.message_reference:
            d["message_reference"] = m.message_reference
        if ch is not None and ch.is_thread:
            d["position"] = 0
        return d

    def _mentions(self, content: str) -> list[dict]:
        out = []
        if "<@" not in content:
            return out
        for u in self.users.values():
            if f"<@{u.id}>" in content or f"<@!{u.id}>" in content:
                out.append(u.payload())
        return out


def _s(v: int | None) -> str | None:
    return None if v is None else str(v)


def _emoji_payload(key: str) -> dict:
    # "name:id" for custom emoji, else the unicode character
    if ":" in key:
        name, _, eid = key.partition(":")
        return {"id": eid, "name": name, "animated": False}
    return {"id": None, "name": key}
