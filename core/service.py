"""The transport-agnostic match service: tables, seats, turns, AI seats, timers.

Discord cogs call this; it calls the engine and the store. One action at a time per match
(an asyncio.Lock per match), every accepted action written in its own transaction before
anybody is told about it. Public updates go out through listeners (``add_listener``) so that
a move made by a click, by an AI seat or by a timer is published the same way.

Several processes may serve one store (PostgreSQL, one process per group of shards), so the
store, not this process, is the truth: a match is loaded on first use (``open``), checked
against the store's version before every change (another process may have moved it since)
and reloaded when it is behind; a move written at the same time by another process loses
cleanly (``ActionConflict``); timers are stored deadlines that whichever process gets there
first fires, exactly once (``claim_timer``), and a sweeper fires those of a process that died."""
from __future__ import annotations

import asyncio
import copy
import logging
import os
import random
import secrets
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields, replace
from concurrent.futures import Executor
from typing import Any, Awaitable, Callable

import engines
from core.i18n import tr
from core.text import player_name
from engines import players
from engines.base import N_, Event, IllegalAction, Outcome, T, Text, choice_fingerprint
from db.store import (ActionConflict, MatchRow, MatchVersion, SeatRow, Store, SNAPSHOT_EVERY,
                      is_store_failure)

__all__ = ["BrokenMatch", "Change", "Match", "MatchService", "Seat", "ServiceError", "Step",
           "is_store_failure"]

log = logging.getLogger(__name__)

SEAT_LETTERS = "ABCDEF"
MAX_AI_CHAIN = 20000          # AI moves in a row before we suspect an engine loop
RETRY_FIRST_S = 0.5           # first wait before AI moves are tried again after a failed write
SWEEP_EVERY_S = 2.0           # how often stored deadlines are looked at for ones nobody fired
SWEEP_GRACE_S = 2.0           # a deadline this overdue was missed by its process (it died)
OFFER_GRACE_S = 60.0          # a panel claimed this long ago and not sent: its process died
OPEN = ("lobby", "running")
# The most tables waiting to start (lobbies) one user may host, and one channel may hold, at
# once: the environment's MAX_LOBBIES_PER_USER and MAX_LOBBIES_PER_CHANNEL, or these (0 = no limit)
LOBBY_LIMITS = {"MAX_LOBBIES_PER_USER": 3, "MAX_LOBBIES_PER_CHANNEL": 10}
TABLE_OPTIONS = {
    # name: (default, allowed values, help)
    "timer": (0, (0, 60, 120, 300, 600, 1800, 3600, 86400),
              "Seconds a player has for each decision (0 = no timer)."),
    "on_timeout": ("ai", ("ai", "pause"),
                   "What happens when the timer runs out: an AI move for that seat, or a pause."),
    "pings": ("first", ("all", "first", "off"),
              "Mention players in the thread: on every decision, on the first decision of "
              "their turn, or never."),
}


def lobby_limits(env=os.environ) -> tuple[int, int]:
    """(per user, per channel): the most lobbies one user may host and one channel may hold
    (``LOBBY_LIMITS``; 0 = no limit). A setting that is not a whole number keeps its default."""
    out = []
    for name, default in LOBBY_LIMITS.items():
        raw = str(env.get(name) or "").strip()
        try:
            out.append(max(0, int(raw)) if raw else default)
        except ValueError:
            log.warning("%s=%r is not a whole number: %d lobbies it is", name, raw, default)
            out.append(default)
    return out[0], out[1]


class ServiceError(Exception):
    """A request the platform refuses; ``text`` is shown to the user (ephemerally). The
    message is an English message id with {named} params, or a ready ``Text``. ``stale``:
    the refusal says the clicked panel is out of date (the table ended, the decision was
    taken), so that the panel can be retired."""

    def __init__(self, msg: str | Text, *, plural: str | None = None, stale: bool = False,
                 **params: Any) -> None:
        self.text = msg if isinstance(msg, Text) else T(msg, plural=plural, **params)
        self.stale = stale
        super().__init__(tr(self.text))        # English, for logs and tests


GONE = N_("That table no longer exists or has ended.")
DAMAGED = N_("Table #{id}: its saved game is damaged and cannot go on. The host or a server "
             "manager can close it with /table abort.")


class BrokenMatch(ServiceError):
    """The match's saved game cannot be loaded or replayed (a damaged snapshot or action
    row, or one this code cannot read): it cannot go on, and says so to whoever uses it,
    until its host or a server manager closes it (``abort``). ``match``: what is known of
    it, without a state (``Match.broken`` says why)."""

    def __init__(self, match: "Match") -> None:
        super().__init__(DAMAGED, id=match.id)
        self.match = match


@dataclass
class Seat:
    seat: str
    user_id: int | None
    name: str
    is_ai: bool = False
    locale: str | None = None
    ai_level: str | None = None     # an AI seat's strength (engines.players.LEVELS)

    def __post_init__(self) -> None:
        # the one place a name enters: a display name as Discord gave it, or as stored
        self.name = player_name(self.name)

    def row(self, position: int) -> SeatRow:
        return SeatRow(self.seat, position, self.user_id, self.name, self.is_ai, self.locale,
                       self.ai_level)

    @staticmethod
    def of(row: SeatRow, seat: str | None = None) -> "Seat":
        return Seat(row.seat if seat is None else seat, row.user_id, row.name, row.is_ai,
                    row.locale, row.ai_level)


@dataclass
class Step:
    """One applied action and what it caused."""
    n: int
    seat: str
    action: dict
    events: list[Event]
    by_ai: bool = False
    by_timer: bool = False       # taken because the seat's time ran out
    forced: Text | None = None   # the seat's only option, taken for it (its label)


@dataclass
class Change:
    """What listeners are told after the match changed."""
    kind: str                    # "lobby", "started", "steps", "aborted", "paused", "reminder",
                                 # "restored", "unsent", "undo", "ended" (a finished game's
                                 # end that a process which died never published)
    steps: list[Step] = field(default_factory=list)
    actor: int | None = None     # the user who caused it, if any
    seat: str | None = None      # for reminders and pauses
    reloaded: bool = False       # "restored" while another live process may be publishing
                                 # about the match (it moved it, or owns its shard)
    claim: tuple[str, str] | None = None   # "unsent": the (kind, stamp) of a panel claim that
                                           # a process which died left unsent


@dataclass
class Match:
    id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    host_id: int
    status: str
    seed: int
    options: dict                # engine options
    table: dict                  # table options (timer, on_timeout)
    lang: str
    seats: list[Seat]
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    board_nonce: int | None = None        # a board post under way (Controller.post_board)
    state: dict | None = None
    n: int = 0                   # number of actions applied
    seat_counts: dict[str, int] = field(default_factory=dict)
    paused: bool = False
    # "Back": (action number, seat, state before it, taken for the seat as its only option) of
    # the acting seat's own moves this turn
    undo_stack: list[tuple[int, str, dict, bool]] = field(default_factory=list, repr=False)
    version: MatchVersion | None = None   # the store's, as of this copy (None: not read yet)
    broken: str | None = None    # why its saved game cannot be loaded (see BrokenMatch)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @property
    def engine(self):
        return engines.get(self.game)

    @property
    def home_channel(self) -> int:
        return self.thread_id or self.channel_id

    def names(self) -> dict[str, str]:
        """Seat letter -> the name players see."""
        return {s.seat: s.name for s in self.seats}

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_ai), None)

    def seat(self, seat: str) -> Seat | None:
        return next((s for s in self.seats if s.seat == seat), None)

    def to_act(self) -> list[str]:
        if self.state is None or self.status != "running":
            return []
        return self.engine.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self.state) if self.state is not None else None

    def choices(self, seat: str) -> tuple[list[dict], str]:
        """The seat's legal actions now and their fingerprint (for stale-button checks)."""
        if self.state is None or self.status != "running" or seat not in self.to_act():
            return [], ""
        acts = self.engine.legal(self.state, seat)
        return acts, choice_fingerprint(acts)

    def public_choices(self, seat: str) -> tuple[list[dict], str]:
        """The choices a decision read out at the table offers there, and their own
        fingerprint: both are derived from public data only (a custom_id is public)."""
        if self.state is None or self.status != "running" or seat not in self.to_act():
            return [], ""
        acts = self.engine.public_actions(self.state, seat)
        return acts, (choice_fingerprint(acts) if acts else "")

    def choices_for(self, seat: str, fingerprint: str) -> list[dict] | None:
        """The list a panel with this fingerprint was built on, if it is still current:
        the seat's own panel (all its choices) or the table's panel (the public ones)."""
        acts, fp = self.choices(seat)
        if acts and fp == fingerprint:
            return acts
        public, pfp = self.public_choices(seat)
        if public and pfp == fingerprint:
            return public
        return None


Listener = Callable[[Match, Change], Awaitable[None]]


class MatchService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 ai_pool: Executor | None = None,
                 shards: tuple[int, frozenset[int]] | None = None) -> None:
        self.store = store
        self.ai_pool = ai_pool      # where searching AI seats think (None: a thread)
        self.shards = shards        # (shard count, this process's shards); None: all of them
        self.matches: dict[int, Match] = {}     # the matches this process has loaded
        self.broken: dict[int, Match] = {}      # open matches whose saved game is damaged
        self._loading: dict[int, asyncio.Future] = {}
        self._background: list[asyncio.Task] = []
        self._readying: set[asyncio.Task] = set()   # files read ahead for new lobbies (_ready)
        self.max_lobbies_per_user, self.max_lobbies_per_channel = lobby_limits()
        self._opening = asyncio.Lock()    # lobbies are counted, then opened, one at a time
        self.warmed = asyncio.Event()    # start_up has loaded every table of its shards
        self._listeners: list[Listener] = []
        self._timers: dict[tuple[int, str, str], asyncio.Task] = {}   # (match, seat, kind)
        self._deadlines: dict[int, dict[tuple[str, str], tuple[int, float]]] = {}  # as stored
        self.languages: dict[int, str] = {}     # user -> the language they chose (/table language)
        self._retries: dict[int, asyncio.Task] = {}       # AI moves to try again after a failed write
        self._retry_attempts: dict[int, int] = {}
        self._drives: dict[int, asyncio.Task] = {}        # AI seats moving, per match
        self._drive_again: set[int] = set()               # a drive is to look once more
        self._clock = clock
        self.started_at = clock()         # claims older than this were made by a process gone

    # --- listeners ----------------------------------------------------------------------
    def add_listener(self, fn: Listener) -> None:
        self._listeners.append(fn)

    async def _notify(self, match: Match, change: Change) -> None:
        for fn in self._listeners:
            try:
                await fn(match, change)
            except Exception:  # a failed post must never undo or block a stored move
                log.exception("listener failed for match %s", match.id)

    # --- start-up and loading -------------------------------------------------------------
    def owns(self, guild_id: int | None) -> bool:
        """Whether a table of this guild is this process's to look after (its guild's
        shard is one of ours; DM-only tables go with shard 0, as their events do)."""
        if self.shards is None:
            return True
        count, ids = self.shards
        return ((guild_id or 0) >> 22) % count in ids

    async def start_up(self, connected: Awaitable | None = None) -> None:
        """Serve at once. Matches are loaded on first use (``open``); a background task loads
        this process's own tables one by one (so their AI seats move, missed panels go out
        and timers run again, as ``load_all`` would), once ``connected`` is done (the bot is
        on the gateway: it does not slow the connection down), and a sweeper fires the
        stored deadlines that nobody fired and has the panels sent that nobody sent."""
        self.languages = await self.store.user_languages()
        mine = [mid for mid, guild in await self.store.open_tables() if self.owns(guild)]
        self._background += [asyncio.create_task(self._warm(mine, connected)),
                             asyncio.create_task(self._sweep())]

    async def _warm(self, ids: list[int], connected: Awaitable | None) -> None:
        if connected is not None:
            await connected
        await self._publish_lost_ends()
        t0 = time.perf_counter()
        loaded = 0
        for mid in ids:
            try:
                await self.open(mid)
                loaded += 1
            except ServiceError:
                pass                  # it ended meanwhile, or cannot be read (logged)
            await asyncio.sleep(0)    # a click waiting for its own table goes first
        log.info("rebuilt %d open tables in %.2f s", loaded, time.perf_counter() - t0)
        self.warmed.set()

    async def _publish_lost_ends(self) -> None:
        """Tables of this process's shards that ended while their end was never published
        (the process died between storing the end and retiring the table's panels): the
        listeners hear "ended" (or "aborted") now."""
        for mid, guild in await self.store.unpublished_ends():
            if not self.owns(guild):
                continue
            try:
                row = await self.store.get_match(mid, lenient=True)
                m = await self._load(row)
                try:
                    if await self.store.latest_snapshot(mid) is not None:
                        await self._rebuild_state(m)   # (a lobby closed before it started has none)
                except Exception:
                    if m.status == "finished":
                        raise
                    m.state = None       # a closed table whose saved game is damaged: without it
            except Exception:
                log.exception("could not read the ended match %s", mid)
                continue
            await self._notify(m, Change("ended" if m.status == "finished" else "aborted"))

    async def end_published(self, m: Match) -> None:
        """The end of a table was published (listeners say so once they retired it)."""
        await self.store.update_match(m.id, end_published=1)

    async def load_all(self) -> list[Match]:
        """Load every open table and running match now and let each go on from where it
        stopped (``open``); the ones that could not be rebuilt are left out (and logged)."""
        self.languages = await self.store.user_languages()
        out = []
        for mid, _ in await self.store.open_tables():
            try:
                out.append(await self.open(mid))
            except ServiceError:
                pass                  # it ended meanwhile, or cannot be read (logged)
        return out

    async def open(self, match_id: int) -> Match:
        """The match, from this process's memory or else loaded from the store. A match
        loaded here goes on from where the store has it: listeners hear "restored" (they
        take over its panels), then the AI seats whose turn it is move and its timers run."""
        m = self.matches.get(match_id)
        if m is not None:
            return m
        broken = self.broken.get(match_id)
        if broken is not None:
            version = await self.store.match_version(match_id)
            if version is None or version.status not in OPEN:     # closed by another process
                self._forget(broken)
                raise ServiceError(GONE, stale=True)
            raise BrokenMatch(broken)
        task = self._loading.get(match_id)
        if task is None:
            task = asyncio.ensure_future(self._load_new(match_id))
            self._loading[match_id] = task
            task.add_done_callback(lambda _: self._loading.pop(match_id, None))
        return await asyncio.shield(task)

    async def _load_new(self, match_id: int) -> Match:
        m = await self._read(match_id)
        self.matches[m.id] = m
        await self._reload_languages(m)
        # a table of another process's shards: that process is alive (or will restart and
        # deliver what it owes), so only what nobody claimed is delivered from here
        await self._notify(m, Change("restored", reloaded=not self.owns(m.guild_id)))
        await self.catch_up(m)
        return m

    async def catch_up(self, m: Match) -> None:
        """Bring a match to where it waits for a human: AI seats move (in a task of their
        own, see ``_drive``), timers are armed. Runs when a match is loaded or resumed, and
        again after a write that failed."""
        async with m.lock:
            try:
                await self._fresh(m)
            except ServiceError:
                return
            try:
                steps = await self._take_forced(m) if m.status == "running" else []
            except ServiceError:
                steps = []
                self._retry_later(m)
        if steps:
            await self._after_steps(m, steps, None)
            return
        self._drive(m)
        await self._arm_timers(m)

    async def _read(self, match_id: int, *, old: Match | None = None) -> Match:
        """The open match as the store has it now, loaded; ``old``: this process's copy of
        it, let go of when the match ended or cannot be loaded. Raises GONE when it ended,
        ``BrokenMatch`` when its saved game cannot be loaded, and the store's own error when
        the store failed (not the match: the next use tries again)."""
        try:
            row = await self.store.get_match(match_id)
            if row is None or row.status not in OPEN:
                raise ServiceError(GONE, stale=True)
            return await self._load(row)
        except ServiceError:
            if old is not None:
                self._forget(old)
            raise
        except Exception as e:
            if is_store_failure(e):
                raise
            if old is not None:
                self._forget(old)
            raise await self._broken(match_id, e) from None

    async def _load(self, row: MatchRow) -> Match:
        m = _match_of(row)
        m.version = await self.store.match_version(m.id)
        if row.status == "running":
            await self._rebuild_state(m)
        return m

    async def _broken(self, match_id: int, cause: Exception) -> BrokenMatch:
        """The match's saved game cannot be loaded (``cause``): it is said once in the log,
        and the match is kept here as broken, without a state (every use of it says so,
        ``abort`` closes it). The store keeps it untouched, for a fix."""
        why = f"{type(cause).__name__}: {cause}"[:500]
        log.error("match %s cannot be loaded, its saved game is damaged (%s); it stays in the "
                  "store untouched, and its host or a server manager can close it (/table abort)",
                  match_id, why, exc_info=cause)
        row = await self.store.get_match(match_id, lenient=True)
        if row is None or row.status not in OPEN:
            raise ServiceError(GONE, stale=True)
        m = _match_of(row)
        m.version = await self.store.match_version(m.id)
        m.broken = why
        self.broken[m.id] = m
        return BrokenMatch(m)

    async def _rebuild_state(self, m: Match) -> None:
        await self._ready(m.game, m.options)
        engine = m.engine
        snap = await self.store.latest_snapshot(m.id)
        if snap is None:
            raise RuntimeError(f"match {m.id} is running but has no snapshot")
        n, data = snap
        state = engine.load(data)
        for _, seat, action, _ in await self.store.actions(m.id, after=n):
            engine.apply(state, seat, action)
        m.state, m.n = state, await self.store.action_count(m.id)
        m.undo_stack.clear()
        m.seat_counts = {s.seat: 0 for s in m.seats}
        for _, seat, _, _ in await self.store.actions(m.id):
            m.seat_counts[seat] = m.seat_counts.get(seat, 0) + 1

    async def _fresh(self, m: Match, *, broken_ok: bool = False) -> None:
        """Under the match's lock, before any change: make this copy the store's. Another
        process may have moved the match (a DM click reaches shard 0's process, a table
        click the process of the guild's shard) or ended it. A broken match (see
        ``BrokenMatch``) is refused, unless ``broken_ok`` (closing it)."""
        version = await self.store.match_version(m.id)
        if version is None or version.status not in OPEN:
            self._forget(m)
            raise ServiceError(GONE, stale=True)
        if m.broken is not None:
            if broken_ok:
                return
            raise BrokenMatch(m)
        if version == m.version:
            return
        fresh = await self._read(m.id, old=m)
        for f in fields(Match):
            if f.name != "lock":
                setattr(m, f.name, getattr(fresh, f.name))
        self._deadlines.pop(m.id, None)
        await self._reload_languages(m)
        await self._notify(m, Change("restored", reloaded=True))

    async def _reload_languages(self, m: Match) -> None:
        """The players' own languages as the store has them (another process may have heard
        /table language)."""
        users = [s.user_id for s in m.seats if s.user_id is not None and not s.is_ai]
        chosen = await self.store.user_languages(users)
        for uid in users:
            if uid in chosen:
                self.languages[uid] = chosen[uid]
            else:
                self.languages.pop(uid, None)

    def _forget(self, m: Match) -> None:
        """This process lets go of a match that ended (here or in another process)."""
        if self.matches.get(m.id) is m:
            self.matches.pop(m.id)
        if self.broken.get(m.id) is m:
            self.broken.pop(m.id)
        self._cancel_timers(m)

    async def _ready(self, game: str, options: dict) -> None:
        """The engine reads what a game with these options reads from disk (the Whisky
        Game's question packs) in a thread, before its calls on the event loop need it."""
        engine = engines.get(game)
        try:
            if not engine.preloaded(options):
                await asyncio.to_thread(engine.preload, options)
        except Exception:
            # the engine reads it itself when it needs it, and says then what is wrong
            log.warning("could not read ahead the files of a %s table", game, exc_info=True)

    @asynccontextmanager
    async def _locked(self, match_id: int, *, broken_ok: bool = False):
        """The match, current and locked: every change of a match happens inside this. A
        broken match is refused (``BrokenMatch``), unless ``broken_ok`` (closing it)."""
        try:
            m = await self.open(match_id)
        except BrokenMatch as e:
            if not broken_ok:
                raise
            m = e.match
        await self._ready(m.game, m.options)
        async with m.lock:
            await self._fresh(m, broken_ok=broken_ok)
            yield m

    async def current(self, match_id: int) -> Match:
        """The match as the store has it now (for what a click shows before it changes
        anything: another process may have moved it since this one last did)."""
        async with self._locked(match_id) as m:
            return m

    async def peek(self, match_id: int) -> Match:
        """The match for what a click only shows (My view, Your turn, status): as the store
        has it when the match is free, else as last stored here, without waiting for the
        move being made (the state in memory is always one the store holds)."""
        m = await self.open(match_id)
        if m.lock.locked():
            return m
        return await self.current(match_id)

    # --- finding tables -----------------------------------------------------------------
    def get(self, match_id: int) -> Match:
        """A match this process has loaded (see ``open`` for any match)."""
        m = self.matches.get(match_id)
        if m is None:
            raise ServiceError(GONE, stale=True)
        return m

    async def game_here(self, channel_id: int) -> str | None:
        """The game of the table of a channel or thread, even one that ended."""
        mid = await self.store.find_table(channel_id, (*OPEN, "finished", "aborted"))
        row = await self.store.get_match(mid) if mid is not None else None
        return row.game if row is not None else None

    async def find(self, channel_id: int, *, statuses=OPEN) -> Match | None:
        """The table of a thread, or the newest open table in a channel (``BrokenMatch``
        when its saved game is damaged)."""
        mid = await self.store.find_table(channel_id, statuses)
        if mid is None:
            return None
        try:
            return await self.open(mid)
        except BrokenMatch:
            raise
        except ServiceError:
            return None

    # --- lobby --------------------------------------------------------------------------
    async def open_table(self, game: str, *, guild_id: int | None, channel_id: int,
                         host_id: int, host_name: str, host_locale: str | None = None,
                         options: dict | None = None, table: dict | None = None,
                         lang: str = "en", seed: int | None = None) -> Match:
        engine = engines.get(game)
        try:
            engine_opts = engine.resolve_options(options)
        except IllegalAction as e:
            raise ServiceError(e.text) from None
        table_opts = resolve_table_options(table)
        seed = seed if seed is not None else secrets.randbits(48)
        host = Seat(SEAT_LETTERS[0], host_id, host_name, False, host_locale)
        async with self._opening:
            await self._check_lobby_limits(host_id, channel_id)
            mid = await self.store.create_match(
                game=game, guild_id=guild_id, channel_id=channel_id, host_id=host_id, seed=seed,
                options={"engine": engine_opts, "table": table_opts}, lang=lang, seats=[host.row(0)])
        m = Match(id=mid, game=game, guild_id=guild_id, channel_id=channel_id, thread_id=None,
                  host_id=host_id, status="lobby", seed=seed, options=engine_opts,
                  table=table_opts, lang=lang, seats=[host],
                  version=MatchVersion("lobby", False, 0, 0))
        self.matches[mid] = m
        # read what its game will need (a server's question packs) while the lobby fills
        task = asyncio.create_task(self._ready(game, engine_opts))
        self._readying.add(task)
        task.add_done_callback(self._readying.discard)
        return m

    async def _check_lobby_limits(self, host_id: int, channel_id: int) -> None:
        """Refuse a new lobby past ``max_lobbies_per_user`` (the host's own lobbies) or
        ``max_lobbies_per_channel`` (lobbies of anyone in that channel); tables that started
        do not count."""
        limit = self.max_lobbies_per_user
        mine = await self.store.lobbies(host_id=host_id) if limit else []
        if limit and len(mine) >= limit:
            raise ServiceError(
                "You already host {n} table that has not started ({tables}), the most one "
                "player may. Start it, or close it: press Leave on its lobby, or use /table "
                "abort in its channel.",
                plural="You already host {n} tables that have not started ({tables}), the most "
                       "one player may. Start one, or close one: press Leave on its lobby, or "
                       "use /table abort in its channel.",
                n=limit, tables=", ".join(f"#{mid}" for mid in mine))
        limit = self.max_lobbies_per_channel
        if limit and len(await self.store.lobbies(channel_id=channel_id)) >= limit:
            raise ServiceError(
                "This channel already has {n} table that has not started, the most one channel "
                "may. Join it, or open yours in another channel; its host (or a server manager) "
                "can close it with /table abort.",
                plural="This channel already has {n} tables that have not started, the most one "
                       "channel may. Join one of them, or open yours in another channel; a "
                       "table's host (or a server manager) can close it with /table abort.",
                n=limit)

    async def set_language(self, user_id: int, lang: str | None) -> None:
        """A player's own language for what they see privately (None: their Discord one)."""
        await self.store.set_user_language(user_id, lang)
        if lang is None:
            self.languages.pop(user_id, None)
        else:
            self.languages[user_id] = lang

    async def rematch(self, match_id: int, user_id: int, name: str, locale: str | None) -> Match:
        """A new table with the seats and options of a finished game ("Play again"), opened
        once per result, by one of its players."""
        row = await self.store.get_match(match_id)
        if row is None:
            raise ServiceError(GONE, stale=True)
        if row.status != "finished":
            raise ServiceError("Play again is only for finished games.")
        if not any(s.user_id == user_id for s in row.seats):
            raise ServiceError("Only the players of that game can start a rematch.")
        taken = await self.store.claim_rematch(match_id)
        if taken is not None:
            if taken > 0:
                raise ServiceError("A rematch of this game is already open: table #{id}.", id=taken)
            raise ServiceError("A rematch of this game is being opened.")
        try:
            m = await self.open_table(
                row.game, guild_id=row.guild_id, channel_id=row.channel_id, host_id=user_id,
                host_name=name, host_locale=locale, options=row.options.get("engine"),
                table=row.options.get("table"), lang=row.lang)
            others = [Seat.of(s, "?") for s in row.seats
                      if s.is_ai or s.user_id != user_id]
            async with m.lock:
                await self._save_seats(m, m.seats + others)
        except BaseException:
            await self.store.set_rematch(match_id, None)
            raise
        await self.store.set_rematch(match_id, m.id)
        return m

    async def set_messages(self, match: Match, **fields: int | None) -> None:
        """Remember the thread / lobby / board message of a table (once stored)."""
        await self.store.update_match(match.id, **fields)
        for k, v in fields.items():
            setattr(match, k, v)

    @staticmethod
    def _lobby(m: Match) -> Match:
        if m.status != "lobby":
            raise ServiceError("This table has already started.")
        return m

    async def join(self, match_id: int, user_id: int, name: str, locale: str | None = None) -> Match:
        async with self._locked(match_id) as m:
            self._lobby(m)
            if m.seat_of(user_id):
                raise ServiceError("You are already seated at this table.")
            if len(m.seats) >= m.engine.max_players:
                raise ServiceError("This table is full: it has {n} seat.", plural="This table is full: it has {n} seats.",
                                   n=m.engine.max_players)
            await self._save_seats(m, m.seats + [Seat("?", user_id, name, False, locale)])
        await self._notify(m, Change("lobby", actor=user_id))
        return m

    async def leave(self, match_id: int, user_id: int) -> Match:
        async with self._locked(match_id) as m:
            self._lobby(m)
            s = m.seat_of(user_id)
            if s is None:
                raise ServiceError("You are not seated at this table.")
            rest = [x for x in m.seats if x is not s]
            humans = [x for x in rest if not x.is_ai]
            if not humans:
                await self.store.update_match(m.id, status="aborted", end_published=0)
                m.status = "aborted"
                self.matches.pop(m.id, None)
            else:
                # the next human in the seat list hosts
                host = humans[0].user_id if user_id == m.host_id else m.host_id
                await self._save_seats(m, rest, host_id=host)
        await self._notify(m, Change("aborted" if m.status == "aborted" else "lobby", actor=user_id))
        return m

    async def add_ai(self, match_id: int, user_id: int, level: str = players.DEFAULT_LEVEL) -> Match:
        if level not in players.LEVELS:
            raise ServiceError("There is no AI level {level}: choose easy, normal or hard.", level=str(level)[:20])
        async with self._locked(match_id) as m:
            self._lobby(m)
            if not m.seat_of(user_id):
                raise ServiceError("Only seated players can add an AI seat.")
            if len(m.seats) >= m.engine.max_players:
                raise ServiceError("This table is full: it has {n} seat.", plural="This table is full: it has {n} seats.",
                                   n=m.engine.max_players)
            k = sum(1 for s in m.seats if s.is_ai) + 1
            await self._save_seats(m, m.seats + [Seat("?", None, f"AI {k}", True, None, level)])
        await self._notify(m, Change("lobby", actor=user_id))
        return m

    async def remove_ai(self, match_id: int, user_id: int) -> Match:
        async with self._locked(match_id) as m:
            self._lobby(m)
            if not m.seat_of(user_id):
                raise ServiceError("Only seated players can remove an AI seat.")
            ai = [s for s in m.seats if s.is_ai]
            if not ai:
                raise ServiceError("There is no AI seat to remove.")
            await self._save_seats(m, [s for s in m.seats if s is not ai[-1]])
        await self._notify(m, Change("lobby", actor=user_id))
        return m

    async def _save_seats(self, m: Match, seats: list[Seat], host_id: int | None = None) -> None:
        """Store a new seat list (letters in order) and only then make it the table's."""
        seats = [replace(s, seat=SEAT_LETTERS[i]) for i, s in enumerate(seats)]
        await self.store.set_seats(m.id, [s.row(i) for i, s in enumerate(seats)], host_id=host_id)
        m.seats = seats
        if host_id is not None:
            m.host_id = host_id

    async def start(self, match_id: int, user_id: int) -> Match:
        async with self._locked(match_id) as m:
            self._lobby(m)
            if user_id != m.host_id:
                raise ServiceError("Only the host can start the game.")
            engine = m.engine
            if not engine.min_players <= len(m.seats) <= engine.max_players:
                raise ServiceError("{game} needs {min} to {max} players; this table has {n}.",
                                   plural="{game} needs {min} to {max} players; this table has {n}.",
                                   game=T(engine.title), min=engine.min_players,
                                   max=engine.max_players, n=len(m.seats))
            try:
                state = engine.new([s.seat for s in m.seats], seed=m.seed, options=m.options)
            except IllegalAction as e:
                raise ServiceError(e.text) from None
            await self.store.start_match(m.id, [s.row(i) for i, s in enumerate(m.seats)],
                                         engine.dump(state))
            m.state, m.n, m.status = state, 0, "running"
            m.version = replace(m.version, status="running")
            m.seat_counts = {s.seat: 0 for s in m.seats}
            try:
                steps = await self._take_forced(m)
            except ServiceError:
                # the game started (it is stored) and is published as started; a forced move
                # the store refused is made a little later
                steps = []
                self._retry_later(m)
        await self._notify(m, Change("started", steps=steps, actor=user_id))
        self._drive(m)
        await self._arm_timers(m)
        return m

    async def abort(self, match_id: int, user_id: int, *, is_admin: bool = False) -> Match:
        """Close a table (its host or a server manager), also one whose saved game is
        damaged (``BrokenMatch``)."""
        async with self._locked(match_id, broken_ok=True) as m:
            if user_id != m.host_id and not is_admin:
                raise ServiceError("Only the host or a server manager can abort this table.")
            await self.store.update_match(m.id, status="aborted", end_published=0)
            m.status = "aborted"
            self._forget(m)
        await self._notify(m, Change("aborted", actor=user_id))
        return m

    # --- play ---------------------------------------------------------------------------
    def _check_actor(self, m: Match, user_id: int, seat: str) -> Seat:
        if m.status != "running":
            raise ServiceError("This game is not running.", stale=True)
        s = m.seat(seat)
        if s is None or s.is_ai or s.user_id != user_id:
            if m.seat_of(user_id) is None:
                raise ServiceError("You are not playing at this table — use /table spectate to follow it.")
            raise ServiceError("That choice belongs to another player.")
        return s

    async def act(self, match_id: int, user_id: int, seat: str, action: dict) -> list[Step]:
        """Apply a human's action (then any AI moves it lets happen)."""
        async with self._locked(match_id) as m:
            self._check_actor(m, user_id, seat)
            if seat not in m.to_act():
                raise ServiceError("It is not your turn.")
            steps = [await self._apply(m, seat, action, by_ai=False)]
            steps += await self._take_forced(m)
        await self._after_steps(m, steps, user_id)
        return steps

    async def choose(self, match_id: int, user_id: int, seat: str, seat_count: int,
                     fingerprint: str, index: int) -> list[Step]:
        """Apply the choice a button/select stood for, refusing stale or repeated clicks."""
        async with self._locked(match_id) as m:
            self._check_actor(m, user_id, seat)
            if m.seat_counts.get(seat, 0) != seat_count:
                raise ServiceError("You already made that choice.", stale=True)
            acts = m.choices_for(seat, fingerprint)
            if acts is None:
                if seat not in m.to_act():
                    raise ServiceError("That choice is no longer open: it is not your turn now.", stale=True)
                raise ServiceError("That button is out of date: use the newest panel (press Your turn).", stale=True)
            if not 0 <= index < len(acts):
                raise ServiceError("That choice is not available.")
            steps = [await self._apply(m, seat, acts[index], by_ai=False)]
            steps += await self._take_forced(m)
        await self._after_steps(m, steps, user_id)
        return steps

    async def _after_steps(self, m: Match, steps: list[Step], actor: int | None) -> None:
        if m.outcome() is not None:
            self.matches.pop(m.id, None)
            self._cancel_timers(m)
        await self._notify(m, Change("steps", steps=steps, actor=actor))
        self._drive(m)
        await self._arm_timers(m)

    async def _take_forced(self, m: Match) -> list[Step]:
        """Under the lock, after a move: every human seat asked a decision with one option
        that is public (``engine.forced``) is given it at once, before anybody is told, so
        that nobody is asked to click what is no choice."""
        steps: list[Step] = []
        for _ in range(MAX_AI_CHAIN):
            if m.status != "running":
                break
            found = next(((seat, action) for seat in m.to_act()
                          if m.seat(seat) is not None and not m.seat(seat).is_ai
                          and (action := m.engine.forced(m.state, seat)) is not None), None)
            if found is None:
                break
            seat, action = found
            label = m.engine.label(m.state, seat, action)
            steps.append(await self._apply(m, seat, action, by_ai=False, forced=label))
        return steps

    async def _apply(self, m: Match, seat: str, action: dict, *, by_ai: bool,
                     by_timer: bool = False, forced: Text | None = None) -> Step:
        """Apply on a copy, store it, then swap it in: the live state is always exactly what
        the store holds, so nobody (a publisher, a view) ever sees an unsaved move."""
        engine = m.engine
        before = m.state
        state = engine.load(engine.dump(before))
        try:
            events = engine.apply(state, seat, action)
        except IllegalAction as e:
            raise ServiceError(e.text) from None
        n = m.n + 1
        outcome = engine.outcome(state)
        snapshot = engine.dump(state) if (n % SNAPSHOT_EVERY == 0 or outcome) else None
        try:
            # (stored as by_ai: "not chosen by the seat's player", as a time-out's move)
            await self.store.append_action(
                m.id, n, seat, action, by_ai=by_ai or forced is not None, snapshot=snapshot,
                finished=_result_json(m, outcome) if outcome else None, undone=m.version.undone)
        except ActionConflict:
            # another process moved this match first: take its state; this move was not made
            log.info("match %s: action %s was stored by another process first", m.id, n)
            await self._fresh(m)
            raise ServiceError("That button is out of date: use the newest panel (press Your turn).", stale=True) from None
        except Exception:
            log.exception("could not store action %s of match %s; it was not accepted", n, m.id)
            raise ServiceError("The move could not be saved; please try again.") from None
        m.state = state
        m.n = n
        m.version = replace(m.version, n=n, status="finished" if outcome else m.version.status)
        m.seat_counts[seat] = m.seat_counts.get(seat, 0) + 1
        # Only a human's own moves that drew nothing at random and revealed nothing can be
        # taken back, and only while nobody else has moved since (a move taken for the seat
        # as its only option goes back with the decision before it).
        if by_ai or any(st[1] != seat for st in m.undo_stack):
            m.undo_stack.clear()
        if (not by_ai and before.get("rng_n") == state.get("rng_n")
                and not any(e.public and e.kind != "log" for e in events) and not outcome):
            m.undo_stack.append((n, seat, before, forced is not None))
        else:
            m.undo_stack.clear()
        if outcome:
            m.status = "finished"
        self._retry_attempts.pop(m.id, None)     # the store takes writes again
        return Step(n, seat, action, events, by_ai, by_timer, forced)

    # --- AI seats -------------------------------------------------------------------------
    def _drive(self, m: Match) -> None:
        """Let the AI seats whose turn it is move, in a task of the match's own: never inside
        a human's click, and a searching AI thinks without holding the match (a human's click,
        My view, a timer go on meanwhile). One drive per match; asked again while it runs, it
        looks once more before it ends."""
        if m.status != "running" or self.matches.get(m.id) is not m:
            return
        task = self._drives.get(m.id)
        if task is not None and not task.done():
            self._drive_again.add(m.id)
            return
        task = asyncio.create_task(self._drive_loop(m))
        self._drives[m.id] = task
        task.add_done_callback(lambda t, mid=m.id: self._drives.get(mid) is t and self._drives.pop(mid))

    async def _drive_loop(self, m: Match) -> None:
        try:
            while True:
                self._drive_again.discard(m.id)
                await self._ai_moves(m)
                if m.id not in self._drive_again:
                    return          # (no await between that look and the end)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %s: the AI seats could not move; trying again later", m.id)
            self._retry_later(m)

    async def settled(self) -> None:
        """Wait until no AI seat of any match is moving (tests, benchmarks, shutdown)."""
        while any(not t.done() for t in self._drives.values()):
            await asyncio.gather(*list(self._drives.values()), return_exceptions=True)

    def _searches(self, m: Match, seat: str) -> bool:
        """Whether the seat's AI level thinks in the AI pool (rather than at once)."""
        s = m.seat(seat)
        level = s.ai_level if s is not None and s.is_ai else None
        return players.level_of(level).budget_ms > 0 and m.game in engines.GAMES

    async def _ai_moves(self, m: Match) -> None:
        """AI seats move until a human is needed or the game is over. Quick AIs move under the
        match's lock, one after another; a searching AI thinks on the state as it was, outside
        the lock, and its move is made only if the match has not moved meanwhile (else it
        thinks again). Moves are published before each search and at the end.

        Never raises for a refused write: the moves made so far stand, and the rest is tried
        again a little later (and when the match is next loaded)."""
        steps: list[Step] = []
        try:
            for _ in range(MAX_AI_CHAIN):
                async with m.lock:
                    try:
                        await self._fresh(m)
                    except ServiceError:
                        return
                    if m.status != "running":
                        return
                    waiting = [s for s in m.to_act() if m.seat(s) and m.seat(s).is_ai]
                    if not waiting:
                        return
                    seat = waiting[0]
                    seed = f"{m.seed}:{m.n}:{seat}"
                    if not self._searches(m, seat):
                        action = await self._ai_action(m, seat, seed)
                        try:
                            steps.append(await self._apply(m, seat, action, by_ai=True))
                            steps += await self._take_forced(m)
                        except ServiceError:
                            self._retry_later(m)          # the store failed; _apply logged it
                            return
                        await asyncio.sleep(0)            # other tables breathe in long chains
                        continue
                    state = m.state                      # replaced, never changed, by a move
                if steps:        # the table sees what happened before the AI thinks
                    await self._after_steps(m, steps, None)
                    steps = []
                action = await self._ai_action(m, seat, seed, state=state)
                async with m.lock:
                    try:
                        await self._fresh(m)
                    except ServiceError:
                        return
                    if m.state is not state or m.status != "running" or seat not in m.to_act():
                        continue                          # the match moved on: think again
                    try:
                        steps.append(await self._apply(m, seat, action, by_ai=True))
                        steps += await self._take_forced(m)
                    except ServiceError:
                        self._retry_later(m)
                        return
            else:
                log.error("match %s: AI chain longer than %s moves", m.id, MAX_AI_CHAIN)
        finally:
            if steps:
                await self._after_steps(m, steps, None)

    async def _ai_action(self, m: Match, seat: str, seed: str, *, state: dict | None = None) -> dict:
        """The AI's move for a seat in ``state`` (the match's now by default; a timed-out
        human gets the easy AI); a seeded legal move if the AI fails or errs, so that a bug in
        an AI never stops a table. The AI sees only the seat's ``ai_view``; a searching level
        thinks in the AI pool, off the event loop."""
        state = m.state if state is None else state
        legal = m.engine.legal(state, seat)
        s = m.seat(seat)
        level = s.ai_level if s is not None and s.is_ai else None
        try:
            if not self._searches(m, seat):
                action = players.choose(m.engine, state, seat, level, seed)
            else:
                view = m.engine.ai_view(state, seat)
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(self.ai_pool, players.choose_from_view,
                                                    m.game, view, seat, level, seed)
            if action in legal:
                return action
            log.error("match %s: the AI chose an illegal action for %s: %r", m.id, seat, action)
        except Exception:
            log.exception("match %s: the AI failed for seat %s", m.id, seat)
        return random.Random(seed).choice(legal)

    def _retry_later(self, m: Match) -> None:
        """Try the AI seats of a match again after a failed write (backing off to a minute)."""
        task = self._retries.get(m.id)
        if task is not None and not task.done():
            return
        attempt = self._retry_attempts.get(m.id, 0)
        self._retry_attempts[m.id] = attempt + 1
        delay = min(60.0, RETRY_FIRST_S * 2 ** attempt)

        async def later() -> None:
            await asyncio.sleep(delay)
            if self.matches.get(m.id) is m:
                await self.catch_up(m)
        self._retries[m.id] = asyncio.create_task(later())

    @staticmethod
    def _undoable(m: Match, seat: str) -> list[tuple[int, str, dict, bool]]:
        """What "Back" takes back for the seat: its last decision, with the moves taken for
        it as its only options since ([] when there is nothing to take back)."""
        if m.status != "running" or seat not in m.to_act():
            return []
        top = []
        for entry in reversed(m.undo_stack):
            if entry[1] != seat:
                return []
            top.append(entry)
            if not entry[3]:
                return top
        return []

    def can_undo(self, m: Match, seat: str) -> bool:
        return bool(self._undoable(m, seat))

    async def undo(self, match_id: int, user_id: int, seat: str) -> None:
        """Take back the seat's last decision of this turn (the "Back" button)."""
        async with self._locked(match_id) as m:
            self._check_actor(m, user_id, seat)
            back = self._undoable(m, seat)
            if not back:
                raise ServiceError("There is nothing you can take back now.")
            await self.store.undo_action(m.id, *[entry[0] for entry in back])
            m.version = replace(m.version, undone=m.version.undone + len(back))
            del m.undo_stack[-len(back):]
            m.state = m.engine.load(back[-1][2])
            m.seat_counts[seat] -= len(back)
        await self._notify(m, Change("undo", actor=user_id, seat=seat))
        await self._arm_timers(m)      # the decision taken back goes on with its own deadline

    # --- timers -------------------------------------------------------------------------
    def _cancel_timers(self, m: Match) -> None:
        self._deadlines.pop(m.id, None)
        for key in [k for k in self._timers if k[0] == m.id]:
            self._timers.pop(key).cancel()
        retry = self._retries.pop(m.id, None)
        if retry is not None and retry is not asyncio.current_task():
            retry.cancel()

    async def _arm_timers(self, m: Match) -> None:
        """One timer per decision awaited now: the table's timer for a human seat ("turn")
        and the rules' own limit (engine.decision_timer, "rule"). Each deadline is stored,
        so after a restart a timer goes on with the time that was left."""
        want: dict[tuple[str, str], tuple[float, dict | None]] = {}
        if m.status == "running" and not m.paused:
            limit = float(m.table.get("timer", 0) or 0)
            for seat in m.to_act():
                s = m.seat(seat)
                rule = m.engine.decision_timer(m.state, seat)
                if rule is not None:
                    want[(seat, "rule")] = (float(rule[0]), rule[1])
                if limit and s is not None and not s.is_ai:
                    want[(seat, "turn")] = (limit, None)
        for key in [k for k in self._timers if k[0] == m.id]:
            task = self._timers[key]
            seat, kind = key[1], key[2]
            if (seat, kind) not in want or task.count != m.seat_counts.get(seat, 0) or task.done():
                self._timers.pop(key).cancel()
        if not want:
            return
        if m.id not in self._deadlines:
            self._deadlines[m.id] = await self.store.deadlines(m.id)
        stored = self._deadlines[m.id]
        new: list[tuple[str, str, int, float]] = []
        # no await from here until every task exists: a concurrent call sees them all
        for (seat, kind), (limit, action) in want.items():
            key = (m.id, seat, kind)
            if key in self._timers:
                continue
            count = m.seat_counts.get(seat, 0)
            old = stored.get((seat, kind))
            resumed = old is not None and old[0] == count
            at = old[1] if resumed else self._clock() + limit
            if not resumed:
                stored[(seat, kind)] = (count, at)
                new.append((seat, kind, count, at))
            if kind == "rule":
                coro = self._rule_timer(m, seat, count, at)
            else:
                coro = self._timer(m, seat, count, at, limit, remind=not resumed or self._clock() < at - limit / 2)
            task = asyncio.create_task(coro)
            task.count = count  # type: ignore[attr-defined]
            self._timers[key] = task
        for seat, kind, count, at in new:
            try:
                await self.store.set_deadline(m.id, seat, kind, count, at)
            except Exception:
                # a timer fires through its stored deadline (claim_timer): without it, it
                # would never fire. Drop it and arm it again a little later.
                log.exception("could not store the deadline of match %s seat %s", m.id, seat)
                task = self._timers.pop((m.id, seat, kind), None)
                if task is not None:
                    task.cancel()
                stored.pop((seat, kind), None)
                self._retry_later(m)

    def deadline(self, match_id: int, seat: str, kind: str = "turn") -> float | None:
        """When the seat's running timer of that kind runs out (clock seconds), if one runs."""
        task = self._timers.get((match_id, seat, kind))
        if task is None or task.done():
            return None
        found = self._deadlines.get(match_id, {}).get((seat, kind))
        return found[1] if found else None

    async def _sleep_until(self, at: float) -> None:
        await asyncio.sleep(max(0.0, at - self._clock()))

    def _forget_timer(self, m: Match, seat: str, kind: str) -> None:
        key = (m.id, seat, kind)
        if self._timers.get(key) is asyncio.current_task():
            self._timers.pop(key, None)

    async def _rule_timer(self, m: Match, seat: str, count: int, at: float) -> None:
        try:
            await self._sleep_until(at)
            self._forget_timer(m, seat, "rule")
            await self.fire_timer(m.id, seat, "rule", count)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("rule timer failed for match %s seat %s", m.id, seat)
        finally:
            self._forget_timer(m, seat, "rule")

    async def _timer(self, m: Match, seat: str, count: int, at: float, limit: float, *,
                     remind: bool) -> None:
        try:
            if remind:
                await self._sleep_until(at - limit / 2)
                if m.seat_counts.get(seat, 0) != count or m.status != "running":
                    return
                if await self.store.claim_reminder(m.id, seat, count):    # once, in one process
                    await self._notify(m, Change("reminder", seat=seat))
            await self._sleep_until(at)
            if m.seat_counts.get(seat, 0) != count or m.status != "running":
                return
            self._forget_timer(m, seat, "turn")
            await self.fire_timer(m.id, seat, "turn", count)
        except asyncio.CancelledError:
            pass
        except Exception:
            log.exception("timer failed for match %s seat %s", m.id, seat)
        finally:
            self._forget_timer(m, seat, "turn")

    async def fire_timer(self, match_id: int, seat: str, kind: str, count: int) -> list[Step]:
        """A stored deadline ran out: fire it, once in all processes (the store's claim).
        Nothing happens when the decision it timed was taken meanwhile. A move the store
        refused leaves the deadline stored, and the sweeper fires it again."""
        async with self.store.claim_timer(match_id, seat, kind, count) as mine:
            if not mine:
                return []
            current = False
            try:
                m = await self.open(match_id)
                async with m.lock:
                    await self._fresh(m)
                    current = True
                    out = await self._time_up(m, seat, kind, count)
            except ServiceError:
                if not current:
                    return []         # the match ended: the claim drops its deadline
                raise                 # the move was not stored: the deadline stays
        return await self._publish_time_up(m, out)

    async def _time_up(self, m: Match, seat: str, kind: str, count: int | None):
        """Under the lock: what the end of a seat's time does (None: nothing any more)."""
        if (m.status != "running" or m.paused or seat not in m.to_act()
                or (count is not None and m.seat_counts.get(seat, 0) != count)):
            return None
        if kind == "rule":
            rule = m.engine.decision_timer(m.state, seat)
            if rule is None or rule[1] not in m.engine.legal(m.state, seat):
                return None
            steps = [await self._apply(m, seat, rule[1], by_ai=False, by_timer=True)]
            steps += await self._take_forced(m)
        elif m.table.get("on_timeout", "ai") == "pause":
            await self.store.update_match(m.id, paused=True)
            m.paused = True
            m.version = replace(m.version, paused=True)
            return Change("paused", seat=seat)
        else:
            action = await self._ai_action(m, seat, f"{m.seed}:{m.n}:{seat}:timeout")
            steps = [await self._apply(m, seat, action, by_ai=True, by_timer=True)]
        return steps + await self._take_forced(m)

    async def _publish_time_up(self, m: Match, out) -> list[Step]:
        if out is None:
            return []
        if isinstance(out, Change):
            await self._notify(m, out)
            return []
        await self._after_steps(m, out, None)
        return out

    async def timeout(self, match_id: int, seat: str, count: int | None = None) -> list[Step]:
        """The seat's time is up: an AI move for it, or a pause, as the table chose. With
        ``count`` it is the stored deadline of that decision (see ``fire_timer``)."""
        if count is not None:
            return await self.fire_timer(match_id, seat, "turn", count)
        async with self._locked(match_id) as m:
            out = await self._time_up(m, seat, "turn", None)
        return await self._publish_time_up(m, out)

    def claim_times(self) -> dict[str, float]:
        """``at`` and ``stale_before`` for ``Store.claim_offer``: now, and the time before
        which an unsettled claim was left by a process that died mid-send: a minute ago, or
        this process's start when that is later (a claim from before it came from a process
        that stopped, or from another one that is sending it: the panel's nonce makes a
        second send return the first message)."""
        now = self._clock()
        return {"at": now, "stale_before": max(now - OFFER_GRACE_S, self.started_at)}

    async def _sweep(self) -> None:
        """What a process that died left undone, which every live process looks for: overdue
        stored deadlines (or ones of a match nobody had loaded) are fired, and panels it
        claimed but never sent are sent. The store's claims make each happen once."""
        while True:
            try:
                await asyncio.sleep(SWEEP_EVERY_S)
                await self._fire_due_timers()
                await self._send_unsent_panels()
            except asyncio.CancelledError:
                return
            except Exception:
                log.exception("the sweep failed; it runs again")

    async def _fire_due_timers(self) -> None:
        for match_id, seat, kind, count in await self.store.due_timers(self._clock() - SWEEP_GRACE_S):
            try:
                await self.fire_timer(match_id, seat, kind, count)
            except Exception:
                log.exception("could not fire the %s timer of match %s seat %s", kind, match_id, seat)

    async def _send_unsent_panels(self) -> None:
        """Listeners hear "unsent" with each stale claim: they send the panel if its decision
        is still the seat's (taking the claim over), or settle the claim if not."""
        for match_id, seat, kind, stamp in await self.store.stale_offers(self._clock() - OFFER_GRACE_S):
            try:
                m = await self.current(match_id)
            except BrokenMatch:
                # nobody sends a panel of it: settled, so that it is not looked at again
                await self.store.offer_settled(match_id, seat, stamp, kind)
                continue
            except ServiceError:
                continue
            await self._notify(m, Change("unsent", seat=seat, claim=(kind, stamp)))

    async def resume(self, match_id: int, user_id: int) -> Match:
        async with self._locked(match_id) as m:
            if not m.seat_of(user_id):
                raise ServiceError("Only seated players can resume the game.")
            # every waiting player gets a full period again
            await self.store.clear_deadlines(m.id)
            await self.store.update_match(m.id, paused=False)
            self._deadlines.pop(m.id, None)
            m.paused = False
            m.version = replace(m.version, paused=False)
        await self._notify(m, Change("lobby" if m.status == "lobby" else "steps", actor=user_id))
        await self.catch_up(m)
        return m

    async def close(self) -> None:
        """Stop everything that would use the store after it closes."""
        tasks = [*self._timers.values(), *self._retries.values(), *self._background,
                 *self._loading.values(), *self._drives.values(), *self._readying]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._timers.clear()
        self._retries.clear()
        self._background.clear()


def _match_of(row: MatchRow) -> Match:
    """A match as its stored row has it (no state yet)."""
    opts = row.options or {}
    return Match(id=row.id, game=row.game, guild_id=row.guild_id, channel_id=row.channel_id,
                 thread_id=row.thread_id, host_id=row.host_id, status=row.status, seed=row.seed,
                 options=dict(opts.get("engine", {})), table=dict(opts.get("table", {})),
                 lang=row.lang, seats=[Seat.of(s) for s in row.seats],
                 lobby_message_id=row.lobby_message_id, board_message_id=row.board_message_id,
                 board_nonce=row.board_nonce, paused=row.paused)


def resolve_table_options(table: dict | None) -> dict:
    out = {k: v[0] for k, v in TABLE_OPTIONS.items()}
    for k, v in (table or {}).items():
        if k not in TABLE_OPTIONS:
            raise ServiceError("Unknown option {option}.", option=k)
        if v not in TABLE_OPTIONS[k][1]:
            raise ServiceError("Option {option} cannot be {value}.", option=k, value=str(v))
        out[k] = v
    return out


def _result_json(m: Match, outcome: Outcome) -> dict:
    d = outcome.to_json()
    d["names"] = {s.seat: s.name for s in m.seats}
    return d


def replay(game: str, seats: list[str], seed: int, options: dict, actions: list[tuple[str, dict]]):
    """Rebuild a state from scratch (bug reports, tests)."""
    engine = engines.get(game)
    state = engine.new(seats, seed=seed, options=options)
    for seat, action in actions:
        engine.apply(state, seat, copy.deepcopy(action))
    return state
