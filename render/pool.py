"""Drawing off the event loop, on every core: renders run in a pool of worker processes
(Pillow holds the GIL while it draws, so threads alone would starve the bot's event loop on
a busy evening). The pool is sized to the cores; ``Renderer(processes=0)`` draws in a
thread instead (tests that swap the catalogs in memory, machines without processes).

Work is named, not passed as functions: ``await renderer.run("board", game, view, lang,
names)`` calls ``render.board(game, view, translator(lang, names))`` in a worker."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import render
from core.i18n import translator
from core.workers import RENDER_NICENESS, init_worker
from render.common import Rendered, bar_chart

JOBS = {"board": render.board, "private": render.private, "full_board": render.full_board}


def _draw(job: str, game: str, view: dict, lang: str, names: dict | None) -> Rendered | None:
    return JOBS[job](game, view, translator(lang, names))


def _chart(title: str, rows: list) -> Rendered:
    return bar_chart(title, rows)


def _warm() -> int:
    return os.getpid()


class Renderer:
    def __init__(self, processes: int | None = None) -> None:
        n = (os.cpu_count() or 1) if processes is None else processes
        self.processes = n
        # spawn: a fresh interpreter per worker, nothing of the bot's loop or threads copied;
        # each runs below the bot's priority and ends with it (core.workers)
        self._pool = (ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("spawn"),
                                          initializer=init_worker, initargs=(os.getpid(), RENDER_NICENESS))
                      if n > 0 else None)

    async def warm(self) -> None:
        """Start the workers now (each imports Pillow and the fonts once), not at the first
        board of the evening."""
        if self._pool is not None:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self._pool, _warm)
                                   for _ in range(self.processes)))

    async def _call(self, fn, *args):
        if self._pool is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def run(self, job: str, game: str, view: dict, lang: str,
                  names: dict | None = None) -> Rendered | None:
        return await self._call(_draw, job, game, view, lang, names)

    async def chart(self, title: str, rows: list) -> Rendered:
        return await self._call(_chart, title, rows)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
