"""Gateway sessions and connections (kept apart: a session outlives its sockets)."""
from __future__ import annotations

import asyncio
import collections
import json
import logging
import secrets
import time
import zlib
from typing import Any

from aiohttp import web

log = logging.getLogger("sandbox.gateway")

try:  # pragma: no cover - depends on the environment
    import zstandard as _zstd
except Exception:  # noqa: BLE001
    _zstd = None

# Gateway opcodes
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 4, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11

# Close codes
CLOSE_AUTH_FAILED, CLOSE_INVALID_SHARD, CLOSE_SHARDING_REQUIRED = 4004, 4010, 4011


def parse_shard(value) -> tuple[int, int] | None:
    """IDENTIFY's ``shard`` as (shard_id, shard_count), or None when Discord would close the
    socket with 4010 (Invalid shard): not a pair of integers, a count below 1, or an id
    outside 0..count-1. A missing ``shard`` means (0, 1)."""
    if value is None:
        return (0, 1)
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    sid, count = value
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (sid, count)):
        return None
    if count < 1 or not 0 <= sid < count:
        return None
    return (sid, count)

REPLAY_BUFFER = 2000


def dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


class Connection:
    """One websocket. Owns its compression context (a new one for every socket)."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None, allow_compression: bool) -> None:
        self.ws = ws
        self.lock = asyncio.Lock()
        self.mode = "text"
        self._zlib = None
        self._zstd = None
        if allow_compression and compress == "zlib-stream":
            self.mode = "zlib"
            self._zlib = zlib.compressobj()
        elif allow_compression and compress == "zstd-stream" and _zstd is not None:
            self.mode = "zstd"
            self._zstd = _zstd.ZstdCompressor().compressobj()
        # any other request (or zstd without the package): plain JSON text frames,
        # which discord.py always accepts.
        self.session: Session | None = None
        self.opened = time.time()
        self.closed_by_server = False
        self._pending: set[asyncio.Task] = set()

    def ack_heartbeat(self, delay: float) -> None:
        """Answer a HEARTBEAT with HEARTBEAT_ACK ``delay`` seconds later, without holding up
        the reading loop.

        Not at once: discord.py's keep-alive thread records when it sent a heartbeat only after
        the event loop reports the send done, and takes ``ack time - that record`` as the
        latency. An ACK that arrives before the thread has run (easy when the stand-in shares
        the bot's busy event loop, impossible over a real network) is measured against the
        previous heartbeat, about one interval (41 s) earlier, and discord.py logs "Can't keep
        up, shard ID None websocket is 41.3s behind"."""
        task = asyncio.get_running_loop().create_task(self._ack_later(delay))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _ack_later(self, delay: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        try:
            await self.send({"op": HEARTBEAT_ACK})
        except (ConnectionError, RuntimeError):   # the socket went away meanwhile
            pass

    def cancel_pending(self) -> None:
        for task in list(self._pending):
            task.cancel()

    async def send_raw(self, text: str) -> None:
        async with self.lock:
            if self.ws.closed:
                return
            if self.mode == "zlib":
                data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            elif self.mode == "zstd":
                data = self._zstd.compress(text.encode()) + self._zstd.flush(_zstd.COMPRESSOBJ_FLUSH_BLOCK)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)

    async def send(self, payload: dict) -> None:
        await self.send_raw(dumps(payload))


class Session:
    """A gateway session: id, sequence and the replay buffer for RESUME."""

    def __init__(self, token: str, intents: int, shard: tuple[int, int] = (0, 1)) -> None:
        self.id = secrets.token_hex(16)
        self.token = token
        self.intents = intents
        self.shard_id, self.shard_count = shard    # from IDENTIFY; (0, 1) when it names none
        self.seq = 0
        self.buffer: collections.deque[tuple[int, str]] = collections.deque(maxlen=REPLAY_BUFFER)
        self.conn: Connection | None = None
        self.invalid = False
        self.created = time.time()
        self.identified = asyncio.get_running_loop().create_future()
        self._lock = asyncio.Lock()

    def handles(self, guild_id: int | None) -> bool:
        """Whether Discord sends this guild's events to this session: shard
        ``(guild_id >> 22) % shard_count``; events without a guild (DMs) go to shard 0."""
        if guild_id is None:
            return self.shard_id == 0
        return (int(guild_id) >> 22) % self.shard_count == self.shard_id

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.ws.closed

    async def dispatch(self, event: str, data: dict) -> int:
        """Number the event, keep it for RESUME, and send it if a socket is attached."""
        async with self._lock:
            self.seq += 1
            seq = self.seq
            text = dumps({"op": DISPATCH, "t": event, "s": seq, "d": data})
            self.buffer.append((seq, text))
            conn = self.conn
            if conn is not None:
                try:
                    await conn.send_raw(text)
                except (ConnectionError, RuntimeError) as e:  # socket went away mid-send
                    log.info("session %s: send of %s failed (%s); kept for RESUME", self.id, event, e)
            return seq

    async def attach_and_replay(self, conn: "Connection", after: int) -> int:
        """Attach a resuming socket and replay the dispatches after ``after``, before any new
        dispatch can go out (both hold the same lock)."""
        async with self._lock:
            self.conn = conn
            conn.session = self
            n = 0
            for seq, text in list(self.buffer):
                if seq > after:
                    await conn.send_raw(text)
                    n += 1
            return n

    def can_resume_from(self, seq: int | None) -> bool:
        if seq is None:
            return False
        if seq >= self.seq:
            return True
        if not self.buffer:
            return seq >= self.seq
        return self.buffer[0][0] <= seq + 1

    def __repr__(self) -> str:
        return (f"<Session {self.id[:8]} shard={self.shard_id}/{self.shard_count} seq={self.seq} connected"
                f"={self.connected} invalid={self.invalid}>")
