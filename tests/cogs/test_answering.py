"""A match's publication waits until every click of it being answered is answered: two
players may click at once, and the slower answer must not find its next decision already
offered (or its fresh panel retired) by the publication of its own move."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

from cogs.controller import Controller


class Service:
    def add_listener(self, listener) -> None:
        self.listener = listener


def controller(published: list) -> Controller:
    c = Controller(SimpleNamespace(), Service(), render_processes=0)

    async def publish(match, change):
        published.append(change.kind)
    c._publish = publish
    return c


async def test_a_publication_waits_for_every_click_being_answered_not_only_the_last():
    published: list[str] = []
    c = controller(published)
    match = SimpleNamespace(id=7)
    first, second = c._answer(7), c._answer(7)
    await first.__aenter__()
    await second.__aenter__()
    await c.on_change(match, SimpleNamespace(kind="moved"))
    await asyncio.sleep(0.05)
    await second.__aexit__(None, None, None)      # the later click is answered first
    await asyncio.sleep(0.05)
    assert published == [], "the publication ran while the first click was still being answered"
    await first.__aexit__(None, None, None)
    await asyncio.wait_for(asyncio.gather(*c._tasks), 1.0)
    assert published == ["moved"] and 7 not in c._answering


async def test_a_publication_with_no_click_being_answered_runs_at_once():
    published: list[str] = []
    c = controller(published)
    await c.on_change(SimpleNamespace(id=7), SimpleNamespace(kind="moved"))
    await asyncio.wait_for(asyncio.gather(*c._tasks), 1.0)
    assert published == ["moved"]
