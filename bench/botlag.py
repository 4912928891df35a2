"""``python -m bench.botlag``: run bot.py unchanged, plus a task in its event loop that samples
the loop's lag (how late a 50 ms sleep wakes up), for ``bench.load --loop-lag``.

The samples, ``[epoch seconds, lag in milliseconds]``, are written as JSON to $BOTLAG_OUT when
the bot stops (and every 10 s meanwhile, so a killed bot still leaves most of them)."""
from __future__ import annotations

import asyncio
import json
import os
import runpy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PERIOD = 0.05


def _write(samples: list[list[float]]) -> None:
    out = os.environ.get("BOTLAG_OUT")
    if out:
        tmp = out + ".tmp"
        with open(tmp, "w") as f:
            json.dump({"period_ms": PERIOD * 1000, "lag_ms": samples}, f)
        os.replace(tmp, out)


async def _sample(samples: list[list[float]]) -> None:
    loop = asyncio.get_running_loop()
    last_write = loop.time()
    while True:
        t = loop.time()
        await asyncio.sleep(PERIOD)
        now = loop.time()
        samples.append([round(time.time(), 3), round(max(0.0, now - t - PERIOD) * 1000, 2)])
        if now - last_write > 10:
            _write(samples)
            last_write = now


def main() -> None:
    real_run = asyncio.run
    samples: list[list[float]] = []

    def run(coro, **kw):
        async def with_sampler():
            task = asyncio.create_task(_sample(samples))
            try:
                return await coro
            finally:
                task.cancel()
                _write(samples)
        return real_run(with_sampler(), **kw)

    asyncio.run = run                     # bot.main() calls asyncio.run(run(config))
    sys.argv = [str(ROOT / "bot.py")]
    sys.path.insert(0, str(ROOT))
    runpy.run_path(str(ROOT / "bot.py"), run_name="__main__")


if __name__ == "__main__":
    main()
