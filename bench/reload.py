"""A restart with many matches in the store: how long until the bot answers again.

    python -m bench.reload --matches 1000 [--seed 1] [--no-rate-limits] [-v]

Setup (not timed): a temporary SQLite store gets ``--matches`` running matches of the four
games (engines.GAMES, in turn). Each table is made in this process through
core.service.MatchService on db's store, as the bot makes it: opened by a sandbox user,
2-4 seats (1-3 sandbox users, the rest easy AI seats), started. Then a seeded random
number of moves (20-200 actions in all) is played in memory by the game's AI
(engines.ai(game), what the easy level plays) and written in one transaction per match:
the rows the service would write move by move (actions with by_ai, a snapshot every
SNAPSHOT_EVERY actions), which would make the setup 5-10 times slower. A match stops
where only humans are to act (and no rule timer of the game runs); a game that would end
first stops at the last such place. Every third table has a turn timer (one hour or one
day) and its deadlines are stored. Each waiting human seat gets a stored panel row
(seat_messages, kind "panel", with the stamp of the decision it offers), as a bot that
ran before would have left it, so the restart has nothing to re-deliver. The first match
made (a Libertalia table, the oldest in the store) is the one a human clicks: it is left
without a stored panel and stops at a private decision, and a first ``python bot.py``
run on the store (the warm-up, not timed) publishes its board and DM panels through the
stand-in; that bot is then stopped with SIGTERM.

Measured:
- ``full_rebuild_s``: a fresh ``MatchService(store).load_all()`` in this process (no
  Discord) over the whole store, on a newly opened connection;
- ``first_click_ms``: the restart: from starting ``python bot.py`` (against the stand-in,
  on that database) to the moment the stand-in gets the answer (the interaction callback)
  to a human's click on the DM decision panel of the first match. The human clicks as soon
  as the bot has connected (IDENTIFY); a click the bot does not answer in time is clicked
  again, and the time runs on to the answer;
- ``bot_ready_s``: from starting ``python bot.py`` to its IDENTIFY at the stand-in.

The last line is JSON: ``matches``, ``full_rebuild_s``, ``first_click_ms``, ``bot_ready_s``,
``per_game`` (running matches per game) and details: ``rebuilt`` (matches load_all gave
back), ``bot_rebuilt_s`` (restart -> the bot's "rebuilt N open tables" log line: tables load on
first use and, in the background, one by one; this is when the background is done, from its
log's ms timestamps; the restarted bot runs with LOG_LEVEL=INFO for it),
``published_before_click`` (messages the restarted bot created/edited before the click:
none expected), ``click_callback_ms`` (click -> answer of the click that was answered),
``click_attempts``, ``click_accepted`` (the answer was the move being taken, callback 7),
``actions_stored``, ``games_shortened``, ``setup_s``, ``warmup_s``, ``db_mb``, ``errors``.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.common import run_against_stand_in
from db.store import SNAPSHOT_EVERY

ROOT = Path(__file__).resolve().parents[1]
MIN_ACTIONS, MAX_ACTIONS = 20, 200
TIMERS = (0, 0, 3600, 0, 0, 86400)     # every third table has a turn timer
USERS_PER_MATCH = 0.5                  # sandbox users in the pool per match (each plays several)
MATCHES_PER_CHANNEL = 25
CONCURRENCY = 8                        # matches made at once (store writes overlap the engines)
CLICK_DEADLINE_S = 120.0
REBUILD_WAIT_S = 180.0                 # for the restarted bot's background loading
RESTART_MARK = "--- bench.reload: the timed restart ---"
REBUILT = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) INFO core\.service: rebuilt (\d+) open tables")

log = logging.getLogger("bench.reload")


# --- setup: the stored matches ------------------------------------------------------------------
class Maker:
    """Makes running matches with sandbox users as the human players: the table through the
    service (open, join, add AI seats, start), then the moves played in memory by the game's
    AI (engines.ai(game), the "easy" level's own move) and written to the store in one
    transaction per match: the same rows (actions, a snapshot every SNAPSHOT_EVERY moves)
    the service writes move by move, which would be 5-10 times slower to set up."""

    def __init__(self, service, sb, users, channels, rng: random.Random) -> None:
        import engines
        self.service, self.sb, self.users, self.channels, self.rng = service, sb, users, channels, rng
        self.engines = engines
        self.actions = 0
        self.shortened = 0           # games that ended before their number of moves

    async def make(self, i: int, game: str, *, with_panels: bool):
        """One running match. Without panels (the clicked match) it stops where a human has
        a private decision, which the bot sends as a DM panel."""
        from engines.base import choice_fingerprint
        rng = random.Random(f"{self.rng.random()}:{i}")
        svc = self.service
        engine = self.engines.get(game)
        ai = self.engines.ai(game)
        n_seats = rng.randint(2, min(4, engine.max_players))
        n_humans = rng.randint(1, n_seats - 1)
        humans = rng.sample(self.users, n_humans)
        channel = self.channels[i // MATCHES_PER_CHANNEL % len(self.channels)]
        host = humans[0]
        timer = TIMERS[i % len(TIMERS)]
        m = await svc.open_table(game, guild_id=self.sb.guild_id, channel_id=channel.id,
                                 host_id=host.id, host_name=host.global_name or host.username,
                                 host_locale="en-US", table={"timer": timer},
                                 seed=rng.getrandbits(48))
        for u in humans[1:]:
            await svc.join(m.id, u.id, u.global_name or u.username, "en-US")
        for _ in range(n_seats - n_humans):
            await svc.add_ai(m.id, host.id, "easy")
        await svc.start(m.id, host.id)          # the AI seats that begin have moved
        svc._cancel_timers(m)
        svc.matches.pop(m.id, None)             # the bench reads it back from the store

        is_ai = {s.seat: s.is_ai for s in m.seats}
        target = rng.randint(MIN_ACTIONS, MAX_ACTIONS)
        state = engine.load(engine.dump(m.state))
        n0 = n = m.n
        moves: list[tuple[str, str]] = []       # (seat, action JSON) after n0
        snapshots: list[tuple[int, str]] = []
        stop = None                             # moves played at the last place one may stop

        def can_stop() -> bool:
            waiting = [s for s in engine.to_act(state) if not is_ai[s]]
            return (n > n0 or n0 > 0) and bool(waiting) and not any(
                engine.decision_timer(state, s) is not None for s in engine.to_act(state)) and (
                with_panels or any(not engine.public_decision(state, s) for s in waiting))

        while engine.outcome(state) is None:
            waiting = engine.to_act(state)
            # the service moves AI seats at once: a match waits only where a human is asked
            if not any(is_ai[s] for s in waiting) and can_stop():
                stop = len(moves)
                if n >= target:
                    break
            seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
            action = ai.choose(engine, state, seat, rng)
            moves.append((seat, json.dumps(action)))
            engine.apply(state, seat, action)
            n += 1
            if n % SNAPSHOT_EVERY == 0:
                snapshots.append((n, json.dumps(engine.dump(state))))
        if stop is None:
            raise RuntimeError(f"{game} table {i}: no place to stop before the end")
        if stop < len(moves):                   # the game ended first: back to where it could stop
            self.shortened += engine.outcome(state) is not None
            moves = moves[:stop]
            n = n0 + stop
            snapshots = [(k, st) for k, st in snapshots if k <= n]
            state = engine.load(engine.dump(m.state))
            for seat, action in moves:
                engine.apply(state, seat, json.loads(action))
        rows = [(m.id, n0 + k + 1, seat, action, int(is_ai[seat])) for k, (seat, action) in enumerate(moves)]
        async with svc.store._transaction() as tx:     # one transaction: the setup is not timed
            await tx.executemany(
                "INSERT INTO actions (match_id, n, seat, action, by_ai) VALUES (?,?,?,?,?)", rows)
            await tx.executemany("INSERT INTO snapshots (match_id, n, state) VALUES (?,?,?)",
                                 [(m.id, k, st) for k, st in snapshots])
        self.actions += n
        counts = Counter(seat for seat, _ in moves)
        now = time.time()
        for seat in engine.to_act(state):
            if is_ai[seat]:
                raise RuntimeError(f"{game} table {i}: stopped where an AI seat is to act")
            count = m.seat_counts.get(seat, 0) + counts[seat]
            if timer:                           # the turn timer's deadline, as the bot stores it
                await svc.store.set_deadline(m.id, seat, "turn", count, now + timer)
            if with_panels:                     # the panel a bot that ran before keeps
                fp = choice_fingerprint(engine.legal(state, seat))
                user = m.seat(seat).user_id
                await svc.store.set_seat_message(m.id, seat, "panel", 10**17 + user % 10**9,
                                                 10**17 + m.id * 8 + ord(seat) % 8, f"{count}:{fp}")
        await asyncio.sleep(0)
        return m


async def make_store(db_path: Path, sb, n: int, rng: random.Random) -> dict:
    """The stored matches; returns what the run needs to know of them."""
    import engines
    from core.service import MatchService
    from db import open_store
    n_users = max(4, int(n * USERS_PER_MATCH))
    users = [await sb.add_user(f"r{k:05d}", display_name=f"R{k}") for k in range(n_users)]
    channels = [await sb.add_channel(f"tables-{c + 1:03d}")
                for c in range(max(1, -(-n // MATCHES_PER_CHANNEL)))]
    store = await open_store(str(db_path))
    service = MatchService(store)
    maker = Maker(service, sb, users, channels, rng)
    games = engines.GAMES
    try:
        # the clicked match first (the oldest in the store), without a stored panel
        first = await maker.make(0, games[0], with_panels=False)
        target = {"match": first.id, "game": first.game,
                  "users": [s.user_id for s in first.seats if not s.is_ai]}
        per_game = Counter({first.game: 1})
        sem = asyncio.Semaphore(CONCURRENCY)

        async def one(i: int) -> None:
            async with sem:
                m = await maker.make(i, games[i % len(games)], with_panels=True)
                per_game[m.game] += 1
        await asyncio.gather(*(one(i) for i in range(1, n)))
    finally:
        await service.close()
        await store.close()
    return {"target": target, "per_game": dict(per_game), "actions": maker.actions,
            "shortened": maker.shortened}


async def full_rebuild(db_path: Path) -> tuple[float, int]:
    """A fresh service's load_all over the store, in this process (no listeners)."""
    from core.service import MatchService
    from db import open_store
    store = await open_store(str(db_path))
    try:
        service = MatchService(store)
        gc.collect()
        t0 = time.perf_counter()
        loaded = await service.load_all()
        took = time.perf_counter() - t0
        await service.close()
    finally:
        await store.close()
    return took, len(loaded)


# --- the bot and the click -------------------------------------------------------------------
def live_panel(sb, match_id: int, user_ids: list[int]):
    """A DM of the bot to one of ``user_ids`` with live choices of that match: (user, message)."""
    from bench.load import CHOICE, live_choice_ids
    for m in sorted(sb.world.messages.values(), key=lambda x: x.id, reverse=True):
        if m.deleted or m.author.id != sb.bot_user.id or m.visibility != "dm" or m.viewer_id not in user_ids:
            continue
        live = live_choice_ids(m)
        if live and int(CHOICE.match(live[0]).group(2)) == match_id:
            return m.viewer_id, m
    return None


async def click_panel(sb, uid: int, msg):
    """Use the first choice of a panel as ``uid``, without waiting for the answer."""
    from tests.e2e.harness import panel_of
    kind, cid, values = panel_of(msg)
    if kind == "select":
        return await sb.select(uid, msg, cid, [values[0]], wait=False)
    return await sb.click(uid, msg, cid[values[0]], wait=False)


async def timed_restart(sb, bot, uid: int, msg) -> dict:
    """Start bot.py; click as soon as it is connected; the time to the first answer."""
    from sandbox import InteractionFailed
    import subprocess
    after = sb.identify_count
    env = {**os.environ, "SANDBOX_URL": sb.base_url, "DATABASE_PATH": str(bot.db_path),
           "GUILD_READY_TIMEOUT": "0.05", "LOG_LEVEL": "INFO", "DISCORD_TOKEN": "sandbox-token",
           "PYTHONUNBUFFERED": "1"}
    env.pop("SANDBOX", None)
    bot._log = open(bot.log_path, "a")
    bot._log.write(RESTART_MARK + "\n")
    bot._log.flush()
    sent = Counter()

    def published(kind: str, m) -> None:      # what the bot posts or edits before the click
        from sandbox import SbMessage
        if isinstance(m, SbMessage) and m.author.id == sb.bot_user.id and kind in ("create", "edit"):
            sent[kind] += 1
    sb._listeners.append(published)
    wall0 = time.time()
    t0 = time.perf_counter()
    bot.proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py")], cwd=ROOT, env=env,
                                stdout=bot._log, stderr=subprocess.STDOUT)
    waiter = asyncio.ensure_future(sb.wait_for_bot(after=after, timeout=CLICK_DEADLINE_S))
    while not waiter.done():
        if bot.proc.poll() is not None:
            waiter.cancel()
            raise RuntimeError(f"bot.py exited with {bot.proc.returncode}: {bot.log_path.read_text()[-2000:]}")
        await asyncio.wait([waiter], timeout=0.2)
    waiter.result()
    ready = time.perf_counter() - t0
    attempts, refusals = 0, []
    while True:
        attempts += 1
        if attempts == 1:
            sb._listeners.remove(published)
        r = await click_panel(sb, uid, msg)
        try:
            await r.wait_ack()
        except InteractionFailed as e:
            log.warning("click %d not answered: %s", attempts, str(e)[:200])
            if time.perf_counter() - t0 > CLICK_DEADLINE_S:
                raise
            continue
        it = r.interaction
        if r.type != 7:
            refusals.append(r.content[:200])
        return {"bot_ready_s": ready, "first_click_ms": (it.callback_at - t0) * 1000,
                "wall0": wall0, "published_before_click": dict(sent),
                "click_callback_ms": it.latency * 1000, "click_attempts": attempts,
                "click_accepted": r.type == 7, "refusals": refusals}


def bot_rebuilt(lines: list[str], wall0: float) -> float | None:
    """Seconds from the restart to the bot's "rebuilt N open tables" line (its background
    loading of every table done; the bot answers clicks before that),
    from its log's timestamps (ms); None when the restarted bot wrote no such line."""
    if RESTART_MARK not in lines:
        return None
    for line in lines[lines.index(RESTART_MARK):]:
        found = REBUILT.match(line)
        if found:
            at = time.mktime(time.strptime(found.group(1), "%Y-%m-%d %H:%M:%S")) + int(found.group(2)) / 1000
            return round(at - wall0, 3)
    return None


async def run(args) -> dict:
    from bench.load import Bot, _loadavg
    from sandbox import Sandbox
    rng = random.Random(args.seed)
    result: dict = {"bench": "reload", "matches": args.matches, "seed": args.seed,
                    "rate_limits": not args.no_rate_limits, "loadavg_1m_at_start": _loadavg()}
    with tempfile.TemporaryDirectory(prefix="bench-reload-") as tmp:
        workdir = Path(tmp)
        sb = Sandbox(rate_limits=not args.no_rate_limits, web_ui=False)
        sb.settle_deferred = True            # the bot acknowledges first, then answers
        await sb.start()
        bot = Bot(sb, workdir)
        bot.db_path = workdir / "reload.db"
        rc = None
        try:
            t = time.perf_counter()
            made = await make_store(bot.db_path, sb, args.matches, rng)
            setup_s = time.perf_counter() - t
            target = made["target"]
            print(f"bench.reload: {args.matches} matches stored in {setup_s:.1f} s "
                  f"({made['actions']} actions); rebuilding", file=sys.stderr, flush=True)
            rebuild_s, rebuilt = await full_rebuild(bot.db_path)

            # the warm-up: a bot publishes the clicked match (the others have their panels)
            t = time.perf_counter()
            await bot.start()
            found = None
            deadline = time.perf_counter() + 60
            while found is None and time.perf_counter() < deadline:
                found = live_panel(sb, target["match"], target["users"])
                if found is None:
                    await asyncio.sleep(0.1)
            if found is None:
                raise RuntimeError(f"the warm-up bot sent no DM panel of match {target['match']}")
            try:
                await sb.idle(quiet=1.0, timeout=60)
            except TimeoutError:
                log.warning("the warm-up bot was still busy")
            await bot.stop()
            warmup_s = time.perf_counter() - t
            print(f"bench.reload: full rebuild {rebuild_s:.2f} s; warm-up {warmup_s:.1f} s; restarting",
                  file=sys.stderr, flush=True)

            uid, msg = found
            click = await timed_restart(sb, bot, uid, msg)
            # the restarted bot loads every table in the background once connected: wait
            # for it (its "rebuilt N open tables" line) before stopping it
            limit = time.perf_counter() + REBUILD_WAIT_S
            while bot_rebuilt(bot.log_lines(), click["wall0"]) is None and time.perf_counter() < limit:
                await asyncio.sleep(0.2)
            try:
                await sb.idle(quiet=1.0, timeout=30)
            except TimeoutError:
                log.warning("the bot was still busy after the click")
        finally:
            rc = await bot.stop()
            await sb.stop()
        lines = bot.log_lines()
        if args.keep_log:
            Path(args.keep_log).write_text("\n".join(lines))
        rebuilt_at = bot_rebuilt(lines, click["wall0"])
        error_lines = [x for x in lines if " ERROR " in x or " CRITICAL " in x or "Traceback" in x]
        errors = len(sb.errors) + len(sb.unknown_routes) + len(error_lines) + len(click["refusals"])
        if args.verbose or errors:
            for x in [*sb.errors, *sb.unknown_routes, *error_lines, *click["refusals"]][:10]:
                print(f"bench.reload error: {str(x)[:300]}", file=sys.stderr)
        result.update({
            "full_rebuild_s": round(rebuild_s, 3),
            "rebuilt": rebuilt,
            "first_click_ms": round(click["first_click_ms"], 1),
            "bot_ready_s": round(click["bot_ready_s"], 3),
            "bot_rebuilt_s": rebuilt_at,
            "published_before_click": click["published_before_click"],
            "click_callback_ms": round(click["click_callback_ms"], 1),
            "click_attempts": click["click_attempts"],
            "click_accepted": click["click_accepted"],
            "click_match": target["match"],
            "click_game": target["game"],
            "per_game": made["per_game"],
            "actions_stored": made["actions"],
            "games_shortened": made["shortened"],
            "setup_s": round(setup_s, 1),
            "warmup_s": round(warmup_s, 1),
            "db_mb": round(bot.db_path.stat().st_size / 2**20 if bot.db_path.exists() else 0.0, 1),
            "errors": errors,
            "bot_exit": rc,
            "machine": f"{os.cpu_count()} cores",
            "loadavg_1m_at_end": _loadavg(),
        })
        if rebuilt < args.matches:
            print(f"bench.reload: load_all rebuilt only {rebuilt} of {args.matches} running matches",
                  file=sys.stderr)
    return result


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-rate-limits", action="store_true", help="the stand-in without Discord's rate limits")
    ap.add_argument("--keep-log", metavar="FILE", help="copy the bot's log to FILE")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    if args.matches < 1:
        print("bench.reload: --matches must be at least 1", file=sys.stderr)
        return 2
    return run_against_stand_in(run, args)


if __name__ == "__main__":
    sys.exit(main())
