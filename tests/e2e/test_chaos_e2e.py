"""Chaos: under load, the real bot process is killed with SIGKILL at random moments and started
again each time, on the same database and the same Discord stand-in.

The load is bench.load's: 20 tables of the four games (two humans and one AI each, one table
per channel, the games in threads), Discord's rate limits on, and simulated humans who click a
choice of every panel that reaches them after a moment's thought (0-1.5 s), so that whenever
the bot dies some panels wait for a click and some clicks are on their way; humans go on
clicking while it is down (those clicks fail, as on Discord). One Libertalia table has a table timer (1 hour per
decision); the Whisky tables have the rules' own question timers. A seeded RNG lets 0.5-3 s of
play pass, then kills the bot (and its render workers) wherever it is: in the middle of a
move, an answer, a render or a post.

After every kill and restart:
- the store holds every move whose click had been answered exactly once, and nothing that no
  click chose (a click the dying bot never answered may or may not have been stored); every
  match replays from its log, its snapshots agree with the log, and it is either finished or
  waits for someone;
- timers go on: a decision that was open before the crash keeps its stored deadline;
- every panel posted before the crash that still has buttons either works or answers that it
  is out of date (never "This interaction failed");
- every unfinished table moves on: its humans get a decision they can make.

CI runs the short form (3 kills, ``-m e2e``); ``pytest -m slow`` the full one (20 kills).
"""
from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

import engines
from bench.load import Bot, Load, check_store, choice_of, options
from sandbox import Sandbox

pytestmark = pytest.mark.e2e

TABLES = 20
PLAYERS = 3                      # two humans and one AI per table
TIMER_S = 3600                   # the timer table's time per decision
PLAY_S = (0.5, 3.0)              # play between two kills (seeded)
THINK_S = (0.0, 1.5)             # a human looks at a new panel this long before clicking
PROGRESS_TIMEOUT_S = 60.0
ANSWER_S = 5.0                   # an acknowledged click is answered within this (busy machine)        # after a restart, every unfinished table moves on within this
# what the stand-in reports when the bot dies in the middle of sending a request
CUT_OFF = re.compile(r"ConnectionResetError|Connection lost|PayloadError|ContentLengthError|EofStream")
# what a panel that is out of date answers (cogs.controller / core.service)
OUT_OF_DATE = ("You already made that choice.",
               "That choice is no longer open: it is not your turn now.",
               "That button is out of date: use the newest panel",
               "That table no longer exists or has ended.")


@dataclass
class Kill:
    n: int
    at: float                    # perf_counter of the SIGKILL
    mark: int = 0                # the newest message id then: every message up to it is the dead bot's
    ready: float = 0.0           # perf_counter when the restarted bot was connected
    timers_compared: list = field(default_factory=list)
    cut_off: list = field(default_factory=list)    # requests the kill cut off (stand-in errors)


class Humans(Load):
    """bench.load's humans, who think a moment before they click, as people do: so whenever the
    bot dies, some panels are waiting for a click and some clicks are on their way."""

    def offer(self, t, uid: int, m) -> None:
        if not self.playing:
            super().offer(t, uid, m)
            return
        self._spawn(self.act(t, uid, m, delay=self.rng.uniform(*THINK_S)))


# --- reading the store (the bot is another process: only its SQLite file is shared) ----------
@contextmanager
def _db(path):
    con = sqlite3.connect(str(path))
    con.row_factory = sqlite3.Row
    try:
        yield con
    finally:
        con.close()


def statuses(path) -> dict[int, str]:
    with _db(path) as con:
        return {r["id"]: r["status"] for r in con.execute("SELECT id, status FROM matches")}


def deadlines(path) -> dict[tuple[int, str, str], tuple[int, float]]:
    with _db(path) as con:
        return {(r["match_id"], r["seat"], r["kind"]): (r["count"], r["at"])
                for r in con.execute("SELECT * FROM deadlines")}


def seat_counts(path) -> dict[tuple[int, str], int]:
    """Each seat's number of moves, as the bot counts them (``Match.seat_counts``)."""
    with _db(path) as con:
        return {(r["match_id"], r["seat"]): r["n"] for r in con.execute(
            "SELECT match_id, seat, COUNT(*) AS n FROM actions WHERE undone=0 GROUP BY match_id, seat")}


def match_now(path, mid: int) -> dict:
    """A match as the bot rebuilds it: the newest snapshot and the moves after it."""
    with _db(path) as con:
        m = con.execute("SELECT * FROM matches WHERE id=?", (mid,)).fetchone()
        seats = {s["seat"]: s for s in con.execute("SELECT * FROM seats WHERE match_id=?", (mid,))}
        snap = con.execute("SELECT n, state FROM snapshots WHERE match_id=? ORDER BY n DESC LIMIT 1",
                           (mid,)).fetchone()
        out = {"status": m["status"], "to_act": [], "humans_to_act": []}
        if snap is None:
            return out
        engine = engines.get(m["game"])
        state = engine.load(json.loads(snap["state"]))
        for r in con.execute("SELECT seat, action FROM actions WHERE match_id=? AND n>? AND undone=0 "
                             "ORDER BY n", (mid, snap["n"])):
            engine.apply(state, r["seat"], json.loads(r["action"]))
    out["to_act"] = engine.to_act(state) if engine.outcome(state) is None else []
    out["humans_to_act"] = [s for s in out["to_act"] if not seats[s]["is_ai"]]
    return out


# --- the chaos -------------------------------------------------------------------------------
class Chaos:
    def __init__(self, tmp_path, seed: int) -> None:
        self.tmp_path = tmp_path
        self.rng = random.Random(seed)
        self.seed = seed
        self.kills: list[Kill] = []
        self.sb: Sandbox | None = None
        self.load: Load | None = None
        self.bot: Bot | None = None
        self.stale_tried = 0                 # panels of a dead bot clicked after a restart
        self.stale_worked = 0

    @property
    def db(self):
        return self.bot.db_path

    def clicks(self):
        return [c for t in self.load.tables for c in t.clicks]

    def where(self, t) -> str:
        return f"match {t.match_id} ({t.game}, table {t.i})"

    async def run(self, kills: int) -> dict:
        t0 = time.perf_counter()
        sb = self.sb = Sandbox(rate_limits=True, web_ui=False)
        sb.settle_deferred = True            # the bot acknowledges first, then answers
        await sb.start()
        try:
            load = self.load = Humans(sb, options(matches=TABLES, players=PLAYERS, tables_per_channel=1,
                                                open_rate=0, ramp=1.0, decisions=10 ** 9, seed=self.seed))
            await load.build_world()
            load.tables[0].options = {"timer": TIMER_S}          # a Libertalia table with a table timer
            self.bot = Bot(sb, self.tmp_path)
            await self.bot.start()
            try:
                await load.open_all()
                assert not load.setup_failures, f"tables that did not open: {load.setup_failures[:5]}"
                assert all(t.ready.is_set() for t in load.tables)
                setup_s = time.perf_counter() - t0
                load.begin()
                for n in range(1, kills + 1):
                    await asyncio.sleep(self.rng.uniform(*PLAY_S))     # the kill comes at a random moment
                    await self.crash_and_restart(n)
                await asyncio.sleep(self.rng.uniform(*PLAY_S))
                load.playing = False
                await self.drain()
                exit_code = await self.bot.stop()
            finally:
                self.bot.kill()
        finally:
            await sb.stop()
        return self.verdict(setup_s, exit_code, time.perf_counter() - t0)

    async def drain(self) -> None:
        """Wait for every click in flight to be answered (or to fail)."""
        while self.load._tasks:
            await asyncio.gather(*list(self.load._tasks), return_exceptions=True)

    async def crash_and_restart(self, n: int) -> None:
        sb, load, bot = self.sb, self.load, self.bot
        load.playing = False                 # what comes from now on is held (nothing, while it is dead)
        errors = len(sb.errors)
        kill = Kill(n, time.perf_counter())
        bot.kill()
        self.kills.append(kill)
        await self.requests_over()
        kill.mark = max(sb.world.messages, default=0)
        # a request the bot was sending when it died cannot be read to its end: that is the
        # kill, not the stand-in (anything else it reports still fails the test)
        kill.cut_off = [e for e in sb.errors[errors:] if CUT_OFF.search(e)]
        for e in kill.cut_off:
            sb.errors.remove(e)

        # what the crashed process left: every click answered so far is stored exactly once
        report = check_store(self.db, self.clicks(), crashes=True)
        assert not report["problems"], f"after kill {n}, in the store: " + "; ".join(report["problems"][:10])
        before, counts = deadlines(self.db), seat_counts(self.db)

        await bot.start()                        # same DATABASE_PATH, same stand-in
        kill.ready = time.perf_counter()
        await self.check_timers(kill, before, counts)
        await self.resume(kill)
        await self.wait_for_progress(kill)

    async def requests_over(self) -> None:
        """Until the stand-in has handled (or dropped) every request the dead bot had sent. (Not
        ``sb.idle()``: the humans go on clicking, and their clicks count as activity there.)"""
        limit = time.perf_counter() + 10
        await asyncio.sleep(0.05)                # the closed sockets reach the stand-in
        while self.sb._inflight and time.perf_counter() < limit:
            await asyncio.sleep(0.01)

    # -- timers -------------------------------------------------------------------------------
    async def check_timers(self, kill: Kill, before: dict, counts: dict) -> None:
        """A decision that was open at the crash (its seat has not moved since) has the same
        stored deadline after the restart: the time left goes on, it does not start again.
        Every human the timer table waits for has a running timer once the restarted bot has
        loaded its tables (in the background, after it connected: a decision whose deadline
        the crash kept from being stored gets one then)."""
        for _ in range(100):
            try:
                self._check_timers(kill, before, counts)
                return
            except AssertionError:
                await asyncio.sleep(0.1)
        self._check_timers(kill, before, counts)

    def _check_timers(self, kill: Kill, before: dict, counts: dict) -> None:
        kill.timers_compared = []
        after, counts_now = deadlines(self.db), seat_counts(self.db)
        now = time.time()
        for (mid, seat, kind), (count, at) in before.items():
            if count != counts.get((mid, seat), 0) or counts_now.get((mid, seat), 0) != count:
                continue                     # an old decision, or one taken since (a rule timer ran out)
            assert after.get((mid, seat, kind)) == (count, at), (
                f"match {mid}: after restart {kill.n} the {kind} timer of seat {seat} (decision {count}) "
                f"is {after.get((mid, seat, kind))}, was {(count, at)} with {at - now:.1f} s left")
            kill.timers_compared.append((mid, seat, kind, at - now))
        timed = self.load.tables[0]
        state = match_now(self.db, timed.match_id)
        if state["status"] == "running":
            for seat in state["humans_to_act"]:
                row = after.get((timed.match_id, seat, "turn"))
                assert row is not None and row[0] == counts_now.get((timed.match_id, seat), 0) and row[1] > now, (
                    f"match {timed.match_id}: after restart {kill.n} seat {seat} is to act but has no "
                    f"running table timer (stored: {row}, its moves: {counts_now.get((timed.match_id, seat), 0)})")

    # -- panels of the dead bot ------------------------------------------------------------------
    async def resume(self, kill: Kill) -> None:
        """The humans come back: each uses the panels they hold, newest first. A panel the dead
        bot posted is clicked even if its decision was clicked before (that click may have gone
        unanswered): it must work, or say that it is out of date."""
        load = self.load
        load.playing = True
        jobs = []
        for t in load.tables:
            t.held.clear()                   # these are live panels too: tried below
            for uid, panels in load.live_panels(t).items():
                if panels:
                    jobs.append(self.use_panels(t, uid, panels, kill))
        await asyncio.gather(*jobs)

    async def use_panels(self, t, uid: int, panels: list, kill: Kill) -> None:
        load = self.load
        for m in panels:
            pick = choice_of(self.sb.world.messages.get(m.id, m), load.rng)
            if pick is None:
                continue                     # retired meanwhile
            old = m.id <= kill.mark
            if not old and pick[3] in t.clicked:
                continue                     # a new panel of a decision already made
            click = await load.click(t, uid, m, pick)
            if click is not None and old:
                self.stale_tried += 1
                self.stale_worked += click.accepted

    async def wait_for_progress(self, kill: Kill) -> None:
        """Every unfinished table makes a move after the restart (an answered click): nobody
        is left without a decision to make."""
        load = self.load
        limit = time.perf_counter() + PROGRESS_TIMEOUT_S
        while True:
            status = statuses(self.db)
            stuck = [t for t in load.tables if status.get(t.match_id) == "running"
                     and not any(c.accepted and c.interaction.dispatched_at >= kill.ready for c in t.clicks)]
            if not stuck:
                return
            if time.perf_counter() > limit:
                lines = []
                for t in stuck[:6]:
                    st = match_now(self.db, t.match_id)
                    panels = {u: [(p.id, p.custom_ids[:1]) for p in ps[:2]] for u, ps in load.live_panels(t).items()}
                    tried = [(c.key, c.interaction.callback_type, c.result.content[:80]) for c in t.clicks
                             if c.interaction.dispatched_at >= kill.at]
                    lines.append(f"{self.where(t)} waits for {st['to_act']} (humans {st['humans_to_act']}); "
                                 f"live panels {panels}; clicks since the kill {tried[-4:]}")
                raise AssertionError(f"after restart {kill.n}, {len(stuck)} tables made no move within "
                                     f"{PROGRESS_TIMEOUT_S:.0f} s: " + " | ".join(lines))
            await asyncio.sleep(0.2)

    # -- the end ---------------------------------------------------------------------------------
    def excused(self, it) -> bool:
        """An unanswered click is excused when the bot died (or was not back yet) within its
        3-second deadline; an acknowledged one that was never answered, when the bot died
        within ANSWER_S of acknowledging it."""
        if it.callback_at is not None:
            return any(it.dispatched_at <= k.ready and it.callback_at + ANSWER_S >= k.at for k in self.kills)
        window = self.sb.callback_deadline + 0.25
        return any(it.dispatched_at <= k.ready and it.dispatched_at + window >= k.at for k in self.kills)

    def verdict(self, setup_s: float, exit_code, total_s: float) -> dict:
        load, sb = self.load, self.sb
        problems = []
        for t in load.tables:
            for c in t.clicks:
                it = c.interaction
                if it.outcome == 7:
                    continue
                if it.callback_type is None or it.outcome in (5, 6):
                    # not acknowledged, or acknowledged and then never answered: the bot died
                    if not self.excused(it):
                        problems.append(f"{self.where(t)}: a click on panel {it.message.id} was not answered "
                                        f"though the bot was up ({it.error or 'acknowledged only'})")
                    continue
                stale = any(it.message.id <= k.mark and it.dispatched_at >= k.at for k in self.kills)
                text = c.result.content
                if not (stale and c.result.ephemeral and any(s in text for s in OUT_OF_DATE)):
                    problems.append(f"{self.where(t)}: a click on {'a panel of a killed bot' if stale else 'a live panel'}"
                                    f" {it.message.id} (decision {c.key}) got {text[:120]!r}")
        assert not problems, f"{len(problems)} clicks were answered wrongly: " + "; ".join(problems[:10])

        report = check_store(self.db, self.clicks(), crashes=True)
        assert not report["problems"], "in the store at the end: " + "; ".join(report["problems"][:10])
        assert report["lost_moves"] == report["duplicated_moves"] == report["replay_errors"] == 0, report
        assert not sb.errors and not sb.unknown_routes, f"stand-in: {sb.errors[:3]} {sb.unknown_routes[:3]}"
        errors = [x for x in self.bot.log_lines() if " ERROR " in x or " CRITICAL " in x or "Traceback" in x]
        assert not errors, f"the bot logged errors: {errors[:5]}"
        assert exit_code == 0, f"the last bot did not stop cleanly on SIGTERM: {exit_code}"

        accepted = [c for c in self.clicks() if c.accepted]
        unanswered = [c for c in self.clicks() if c.interaction.callback_type is None]
        # the run did what it says: moves before and after every restart, old panels tried
        assert len(self.kills) and all(any(c.interaction.dispatched_at >= k.ready for c in accepted)
                                       for k in self.kills)
        assert self.stale_tried > 0, "no panel of a killed bot was ever clicked"
        assert any(k.timers_compared for k in self.kills), "no open decision's timer was ever compared"
        return {"kills": len(self.kills), "tables": len(load.tables), "accepted": len(accepted),
                "unanswered_at_kills": len(unanswered), "unconfirmed_moves": report["unconfirmed_moves"],
                "stale_panels_tried": self.stale_tried, "stale_panels_worked": self.stale_worked,
                "timers_compared": sum(len(k.timers_compared) for k in self.kills),
                "restart_s": [round(k.ready - k.at, 1) for k in self.kills],
                "requests_cut_off": sum(len(k.cut_off) for k in self.kills),
                "setup_s": round(setup_s, 1), "total_s": round(total_s, 1),
                "finished": sum(s == "finished" for s in statuses(self.db).values())}


@pytest.mark.parametrize("kills", [
    pytest.param(3, id="3-kills"),
    pytest.param(20, id="20-kills", marks=pytest.mark.slow),
])
async def test_sigkill_under_load_loses_no_answered_move_and_every_table_goes_on(tmp_path, kills):
    summary = await Chaos(tmp_path, seed=kills).run(kills)
    print(f"chaos: {summary}")


# --- the bug the chaos found ---------------------------------------------------------------------
async def test_a_decision_a_crash_kept_from_its_player_is_delivered_after_the_restart(sb, tmp_path):
    """The bot stores a move and dies before publishing it (the panels of the decisions that
    follow are never posted). After the restart the players now asked get those panels, once;
    a player who already holds the panel of their current decision is not sent another."""
    from core.service import MatchService
    from db.store import Store
    from tests.e2e.harness import open_table, start_bot_inprocess, stop_bot_inprocess

    db = tmp_path / "crash.db"
    users = {"A": sb.user("anna"), "B": sb.user("bruno")}

    async def restart():
        bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
        await bot.controller.idle()          # the "restored" publications
        return bot, task, store

    def new_panels(mark):
        """(seat, custom_id) of every panel DMed after message ``mark``."""
        return sorted((seat, cid) for seat, u in users.items() for m in sb.dms(u.name)
                      if m.id > mark and m.custom_ids
                      for cid in m.custom_ids[:1] if cid.startswith(("act:", "sel:")))

    async def move_without_publishing(seat):
        """What the dying bot did: the move is stored, nobody is told."""
        store = await Store.open(db)
        try:
            svc = MatchService(store)                        # no listeners: nothing is published
            (m,) = await svc.load_all()
            acts, fp = m.choices(seat)
            await svc.choose(m.id, users[seat].id, seat, m.seat_counts[seat], fp, 0)
            await svc.settled()                              # the AI seats' replies too
            return {s: m.seat_counts[s] for s in m.to_act() if not m.seat(s).is_ai}
        finally:
            await svc.close()
            await store.close()

    bot, task, store = await start_bot_inprocess(db, games=("libertalia",))
    try:
        await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=1)
        match_id = next(iter(bot.service.matches))
    finally:
        await stop_bot_inprocess(bot, task, store)

    # 1. Anna's pick is stored unpublished; Bruno still holds the panel of his current decision
    asked = await move_without_publishing("A")
    assert asked == {"B": 0}
    mark = max(sb.world.messages)
    bot, task, store = await restart()
    try:
        assert new_panels(mark) == [], f"match {match_id}: a panel was sent twice after a restart"
    finally:
        await stop_bot_inprocess(bot, task, store)

    # 2. Bruno's pick is stored unpublished: the day goes on to decisions nobody was shown
    asked = await move_without_publishing("B")
    assert asked, f"match {match_id}: no human is asked after both picks"
    mark = max(sb.world.messages)
    boards = {i: (msg.edited, [a.id for a in msg.attachments]) for i, msg in sb.world.messages.items()
              if any(a.filename == "libertalia.png" for a in msg.attachments)}
    bot, task, store = await restart()
    try:
        redrawn = [i for i, before in boards.items() if sb.world.messages[i].edited != before[0]]
        assert redrawn or any(i > mark for i, msg in sb.world.messages.items()
                              if any(a.filename == "libertalia.png" for a in msg.attachments)), (
            f"match {match_id}: the board still shows the state from before the lost publication")
        got = new_panels(mark)
        want = sorted((seat, f":{match_id}:{seat}:{count}:") for seat, count in asked.items())
        assert [seat for seat, _ in got] == [seat for seat, _ in want] and all(
            w in cid for (_, cid), (_, w) in zip(got, want)), (
            f"match {match_id}: after the restart the players asked {asked} got the panels {got}")
        # and those panels work
        for seat in asked:
            panel = next(m for m in reversed(sb.dms(users[seat].name)) if m.custom_ids
                         and m.custom_ids[0].startswith(("act:", "sel:")))
            cid = panel.custom_ids[0]
            r = await (sb.select(users[seat].name, panel, cid, ["0"]) if cid.startswith("sel:")
                       else sb.click(users[seat].name, panel, cid))
            assert r.type == 7, f"match {match_id}: seat {seat}'s delivered panel answered {r.content!r}"
    finally:
        await stop_bot_inprocess(bot, task, store)


async def _glen_more_for_two(sb, bot) -> tuple[int, dict]:
    """A Glen More table of Anna and Bruno opened through the bot: its id, and its players
    by seat."""
    from tests.e2e.harness import open_table
    await open_table(sb, bot.controller.idle, humans=("anna", "bruno"), ai=0, command="glenmore new")
    (match_id,) = bot.service.matches
    return match_id, {s.seat: sb.world.users[s.user_id] for s in bot.service.matches[match_id].seats}


async def test_a_player_asked_by_a_move_the_crash_kept_unpublished_is_mentioned_after_it(sb, tmp_path):
    """The table mentions a player on the first decision of their turn (pings=first). When
    the move that passed the turn was stored but never published, the restart delivers the
    next player's panel with that mention, once; the player who made the move is not
    mentioned (they were on their turn already)."""
    from core.service import MatchService
    from db.store import Store
    from tests.e2e.harness import start_bot_inprocess, stop_bot_inprocess

    db = tmp_path / "turn.db"
    bot, task, store = await start_bot_inprocess(db, games=("glen_more",))
    try:
        match_id, users = await _glen_more_for_two(sb, bot)
        # play through the bot until one player is on their turn and the other has played
        for _ in range(300):
            m = bot.service.matches[match_id]
            mover = m.to_act()[0]
            other = next(s for s in users if s != mover)
            if m.to_act() == [mover] and m.seat_counts.get(other, 0) > 0:
                break
            _, fp = m.choices(mover)
            await bot.service.choose(match_id, users[mover].id, mover, m.seat_counts.get(mover, 0), fp, 0)
            await bot.controller.idle()
        else:
            pytest.fail("the turn never passed between the players")
    finally:
        await stop_bot_inprocess(bot, task, store)

    # the mover plays on until the other player is asked; nothing of it is published
    store = await Store.open(db)
    try:
        svc = MatchService(store)
        await svc.load_all()
        for _ in range(50):
            m = svc.matches[match_id]
            if other in m.to_act():
                break
            _, fp = m.choices(mover)
            await svc.choose(match_id, users[mover].id, mover, m.seat_counts[mover], fp, 0)
        assert other in svc.matches[match_id].to_act()
    finally:
        await store.close()

    mark = max(sb.world.messages)
    bot, task, store = await start_bot_inprocess(db, games=("glen_more",))
    try:
        await bot.controller.idle()
        public = [msg for i, msg in sb.world.messages.items() if i > mark and not msg.ephemeral
                  and msg.channel_id not in sb.world.dm_by_user.values()]
        told = {seat: sum(f"<@{u.id}>" in msg.content for msg in public) for seat, u in users.items()}
        assert told == {mover: 0, other: 1}, f"mentions after the restart: {told}"
        assert any(msg.custom_ids for msg in sb.dms(users[other].name) if msg.id > mark)
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_panel_another_process_claimed_and_never_sent_is_sent_by_the_live_one(
        sb, tmp_path, monkeypatch):
    """Processes share one store: the one that stores a move claims the next player's panel,
    then sends it. One that dies in between leaves the claim; a live process's sweep takes it
    over once it is a minute old (never while its claimant may still be sending) and sends
    the panel, once."""
    import core.service as service_mod
    from cogs.panels import Panels, stamp_text
    from core.service import MatchService
    from db.store import Store
    from tests.e2e.harness import start_bot_inprocess, stop_bot_inprocess

    monkeypatch.setattr(service_mod, "SWEEP_EVERY_S", 0.05)
    db = tmp_path / "claims.db"
    bot, task, store = await start_bot_inprocess(db, games=("glen_more",))
    try:
        match_id, users = await _glen_more_for_two(sb, bot)
        m = bot.service.matches[match_id]
        mover = m.to_act()[0]
        other = next(s for s in users if s != mover)

        # another process plays the mover's turn to its end, claims the next panel and dies
        dead = await Store.open(db)
        try:
            svc = MatchService(dead)
            m0 = await svc.open(match_id)
            for _ in range(50):
                if other in m0.to_act():
                    break
                _, fp = m0.choices(mover)
                await svc.choose(match_id, users[mover].id, mover, m0.seat_counts[mover], fp, 0)
            assert other in m0.to_act()
            claimed = stamp_text(Panels.stamp(m0, other))
            assert await dead.claim_offer(match_id, other, claimed, **svc.claim_times())
            await svc.close()
        finally:
            await dead.close()
        mark = max(sb.world.messages)

        def panels_sent() -> int:
            return sum(1 for msg in sb.dms(users[other].name) if msg.id > mark and msg.custom_ids)

        await asyncio.sleep(0.5)                 # ten sweeps: the claim is fresh, left alone
        await bot.controller.idle()
        assert panels_sent() == 0 and await bot.service.store.stale_offers(time.time() - 60) == []
        monkeypatch.setattr(service_mod, "OFFER_GRACE_S", 0.2)       # ... and now it is old
        for _ in range(100):
            await asyncio.sleep(0.05)
            await bot.controller.idle()
            if panels_sent():
                break
        await asyncio.sleep(0.3)                 # more sweeps: nothing is sent twice
        await bot.controller.idle()
        assert panels_sent() == 1
        assert await bot.service.store.stale_offers(time.time() + 1) == []
        live = bot.service.matches[match_id]
        assert other in live.to_act() and stamp_text(Panels.stamp(live, other)) == claimed
    finally:
        await stop_bot_inprocess(bot, task, store)
