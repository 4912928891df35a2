"""Starting Whisky Game tables on a server that installed many full question packs.

    python -m bench.packs [--packs 20 --questions 500 --tables 3 --rounds 2]

The real bot runs as its own process (``python -m bench.botlag``: bot.py plus a task that
samples its event loop's lag) against the Discord stand-in, which runs here, so a click's
answer is timed as Discord would time it, even while the bot's loop is held. The stand-in's
server holds ``--packs`` question packs of ``--questions`` questions each, every text near its
limit (a full pack is about 0.85 MB): all but ``--rounds`` of them from the start, and each
round a server manager installs one more with ``/whisky questions`` (which makes the bot read
the server's packs again). Each round then opens ``--tables`` lobbies (one host each and an AI
seat; in English, Greek and Hungarian in turn, so each table reads a bank of its own) and the
hosts press Start 50 ms apart, while another user clicks an outdated button every 100 ms.

We time each Start and each of the other clicks from the click until Discord had its first
answer (the 3-second deadline: an answer after it is refused, and the user sees "This
interaction failed"), and the Starts until every table's board was posted; ``loop_lag_ms_max`` is the longest the bot's event loop was held
meanwhile (bench.botlag: how late a 50 ms sleep woke up). The parse of one bank (the shipped
questions plus all the packs) is also timed here on its own, in CPU seconds. The last line is
JSON."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from bench.common import percentile, print_result

HOSTS = ("anna", "bruno", "chloe", "dmitri", "elif")
LANGUAGES = ("en", "el", "hu")        # one bank per language: the tables share none
CLICK_GAP_S = 0.05
MANAGER = "anna"                       # may manage the stand-in's server
PROBE = "farid"                        # clicks an outdated button every PROBE_EVERY_S
PROBE_EVERY_S = 0.1


def pack_bytes(name: str, questions: int) -> bytes:
    """A pack of ``questions`` questions, every text near its limit."""
    lines = []
    for i in range(questions):
        lines.append(json.dumps({
            "id": f"{name}-{i}", "difficulty": ("easy", "medium", "hard")[i % 3],
            "question": (f"Pack {name} question {i}: " + "which cask held this dram " * 12)[:299] + "?",
            "options": [(f"{c} {i} " + "a long answer option " * 4)[:80] for c in "ABCD"],
            "answer": i % 4, "distillery": None,
            "info": ("A fact read out after the answer. " * 12)[:400],
            "source": ("https://example.org/whisky/source " * 18)[:600]}))
    return ("\n".join(lines) + "\n").encode()


async def run(packs: int, questions: int, tables: int, rounds: int) -> dict:
    from bench.load import Bot
    from engines.whisky import qbank
    from sandbox import Sandbox
    from sandbox.driver import InteractionFailed
    from tests.e2e.harness import level_select, table_button

    tables = min(tables, len(HOSTS))
    rounds = max(1, min(rounds, packs))
    ack_ms: list[float] = []
    boards_s: list[float] = []
    install_s: list[float] = []
    probe_ms: list[float] = []
    windows: list[tuple[float, float]] = []
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["QUESTION_PACKS_DIR"] = str(Path(tmp) / "packs")
        async with Sandbox() as sb:
            sb.settle_deferred = True            # a command returns once it was answered
            guild = sb.world.guild_id
            folder = qbank.guild_pack_dir(guild)
            folder.mkdir(parents=True)
            for p in range(packs - rounds):
                (folder / f"pack{p:02d}.jsonl").write_bytes(pack_bytes(f"P{p}", questions))
            extra = [pack_bytes(f"R{r}", questions) for r in range(rounds)]
            size = sum(f.stat().st_size for f in folder.iterdir()) + sum(map(len, extra))
            for r, data in enumerate(extra):
                (folder / f"round{r}.jsonl").write_bytes(data)
            t0 = time.process_time()
            bank = qbank.load_bank("en", qbank.installed_pack_dirs(guild))
            parse_s = time.process_time() - t0
            for r in range(rounds):
                (folder / f"round{r}.jsonl").unlink()
            bot = Bot(sb, Path(tmp), loop_lag=True, name="packs")
            await bot.start()
            try:
                for r in range(rounds):
                    lobbies = []
                    for i, host in enumerate(HOSTS[:tables]):
                        res = await sb.slash(host, "whisky new", language=LANGUAGES[i % len(LANGUAGES)])
                        await sb.select(host, res.message, level_select(res.message), "easy")
                        lobbies.append((host, res.message))
                    threads = len(sb.threads())
                    wall0, t0 = time.time(), time.perf_counter()
                    res = await sb.slash(MANAGER, "whisky questions", pack=(f"round{r}.jsonl", extra[r]))
                    final = await res.wait_final(timeout=60)
                    assert "added to this server" in final.text, final.text
                    install_s.append(time.perf_counter() - t0)
                    t0 = time.perf_counter()
                    clicks = []
                    for host, lobby in lobbies:
                        clicks.append(await sb.click(host, lobby, table_button(lobby, "start"), wait=False))
                        await asyncio.sleep(CLICK_GAP_S)
                    probes = []
                    boards = []
                    while len(boards) < tables and time.perf_counter() - t0 < 120:
                        # someone else's click meanwhile (an outdated button: refused at once)
                        probes.append(await sb.forge(PROBE, lobbies[0][1], "tbl:turn:999999", wait=False))
                        await asyncio.sleep(PROBE_EVERY_S)
                        boards = [m for ch in sb.threads()[threads:] for m in sb.messages(ch)
                                  if table_button(m, "turn")]
                    boards_s.append(time.perf_counter() - t0)
                    for c in clicks + probes:
                        try:
                            await c.wait_ack(timeout=60)
                        except InteractionFailed:
                            failed += 1          # answered after Discord's deadline: refused
                        late = time.perf_counter() - c.interaction.dispatched_at
                        ms = (c.latency if c.latency is not None else late) * 1000
                        (ack_ms if c in clicks else probe_ms).append(ms)
                    windows.append((wall0, time.time()))
                    for ch, (host, _) in zip(sb.threads()[threads:], lobbies):
                        await sb.slash(host, "table abort", channel=ch)
            finally:
                await bot.stop()
            samples = json.loads(bot.lag_path.read_text()).get("lag_ms", []) if bot.lag_path.exists() else []
            lag = [ms for at, ms in samples if any(a <= at <= b + 0.1 for a, b in windows)]
    return {
        "bench": "packs",
        "packs": packs, "questions_per_pack": questions, "packs_mb": round(size / 2**20, 1),
        "bank_questions": len(bank),
        "bank_parse_cpu_s": round(parse_s, 3),
        "tables_started_per_round": tables, "rounds": rounds,
        "install_answered_s_max": round(max(install_s), 2),
        "start_ack_ms_p50": round(percentile(ack_ms, 50), 1),
        "start_ack_ms_max": round(max(ack_ms), 1),
        "other_click_ack_ms_max": round(max(probe_ms), 1),
        "interactions_failed": failed,
        "all_boards_posted_s_max": round(max(boards_s), 2),
        "loop_lag_ms_max": round(max(lag, default=0.0), 1),
        "deadline_ms": 3000,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--packs", type=int, default=20)
    ap.add_argument("--questions", type=int, default=500)
    ap.add_argument("--tables", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    print_result(asyncio.run(run(args.packs, args.questions, args.tables, args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
