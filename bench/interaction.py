"""End-to-end time of one player action through the Discord stand-in.

    python -m bench.interaction [--actions 200]

The real bot (discord.py, the store on a temporary SQLite file, the renderer) and the
stand-in run in one process. One human plays Libertalia against AI seats through DM panels.
For each decision we time (a) the click until the interaction callback was answered, which
is what Discord's 3-second deadline measures, and (b) the click until every consequence was
published (AI moves, board image rendered and edited, DMs). The last line is JSON."""
from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from pathlib import Path

from bench.common import percentile, print_result


async def run(actions: int, players: int, seed: int) -> dict:
    from sandbox import Sandbox
    from tests.e2e.harness import level_select, panel_of, start_bot_inprocess, stop_bot_inprocess

    callback_ms, settled_ms = [], []
    with tempfile.TemporaryDirectory() as tmp:
        async with Sandbox() as sb:
            sb.settle_deferred = True            # the bot acknowledges first, then answers
            restore = sb.patch_discord()
            bot, task, store = await start_bot_inprocess(Path(tmp) / "bench.db")
            try:
                rng = random.Random(seed)
                games = 0
                while len(callback_ms) < actions:
                    games += 1
                    r = await sb.slash("anna", "libertalia new")
                    for _ in range(players - 1):
                        await sb.select("anna", r.message, level_select(r.message), "easy")
                    await sb.click("anna", r.message, label="Start")
                    await bot.controller.idle()
                    while len(callback_ms) < actions:
                        panel = next((m for m in reversed(sb.dms("anna")) if panel_of(m)), None)
                        if panel is None:
                            break          # the game is over
                        kind, cid, values = panel_of(panel)
                        t0 = time.perf_counter()
                        if kind == "select":
                            res = await sb.select("anna", panel, cid, [rng.choice(values)])
                        else:
                            res = await sb.click("anna", panel, cid[rng.choice(values)])
                        if res.type != 7:
                            raise RuntimeError(f"choice refused: {res.content!r} on {panel.text[:200]!r}")
                        callback_ms.append(res.latency * 1000)
                        await bot.controller.idle()
                        settled_ms.append((time.perf_counter() - t0) * 1000)
            finally:
                await stop_bot_inprocess(bot, task, store)
                restore()
    return {
        "bench": "interaction",
        "actions": len(callback_ms),
        "games_started": games,
        "players": players,
        "callback_ms_p50": round(percentile(callback_ms, 50), 2),
        "callback_ms_p99": round(percentile(callback_ms, 99), 2),
        "callback_ms_max": round(max(callback_ms), 2),
        "published_ms_p50": round(percentile(settled_ms, 50), 2),
        "published_ms_p99": round(percentile(settled_ms, 99), 2),
        "deadline_ms": 3000,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--actions", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    print_result(asyncio.run(run(args.actions, args.players, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
