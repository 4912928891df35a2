"""The Whisky Game's question banks with many packs installed: a server's packs are read
off the bot's event loop (the lobby, Start and a click never wait for them), each server's
bank is kept for its tables, and a pack installed on one server reads that server's packs
again and no other server's."""
from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

import engines
from bench.packs import pack_bytes
from engines.whisky import qbank
from tests.e2e.harness import level_select, start_bot_inprocess, stop_bot_inprocess, table_button

pytestmark = pytest.mark.e2e

FULL_PACKS = 20          # the most a server may install (qbank.MAX_PACKS_PER_GUILD)


@pytest.fixture
def packs(tmp_path, monkeypatch):
    root = tmp_path / "packs"
    monkeypatch.setenv("QUESTION_PACKS_DIR", str(root))
    whisky = engines.get("whisky")
    whisky.reload_bank()
    yield root
    whisky.reload_bank()


def recording_loads(monkeypatch) -> list[int]:
    """The threads in which question banks are read from now on."""
    threads: list[int] = []
    real = qbank.load_bank

    def load_bank(*args, **kwargs):
        threads.append(threading.get_ident())
        return real(*args, **kwargs)
    monkeypatch.setattr(qbank, "load_bank", load_bank)
    return threads


async def longest_stall(stalls: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t = loop.time()
        await asyncio.sleep(0.005)
        stalls.append(loop.time() - t - 0.005)


async def test_a_start_with_twenty_full_packs_reads_them_off_the_event_loop(sb, tmp_path, packs, monkeypatch):
    guild = sb.world.guild_id
    folder = qbank.guild_pack_dir(guild)
    folder.mkdir(parents=True)
    for p in range(FULL_PACKS):
        (folder / f"pack{p:02d}.jsonl").write_bytes(pack_bytes(f"P{p}", qbank.MAX_PACK_QUESTIONS))
    assert len(qbank._pack_files(folder)) == qbank.MAX_PACKS_PER_GUILD
    loads = recording_loads(monkeypatch)
    loop_thread = threading.get_ident()
    whisky = engines.get("whisky")
    bot, task, store = await start_bot_inprocess(tmp_path / "banks.db", games=("whisky",))
    stop, stalls = asyncio.Event(), []
    watcher = asyncio.create_task(longest_stall(stalls, stop))
    try:
        r = await sb.slash("anna", "whisky new")
        lobby = r.message
        await sb.select("anna", lobby, level_select(lobby), "easy")
        await bot.controller.idle()
        assert loads and loop_thread not in loads          # read ahead for the lobby, in a thread
        whisky.reload_bank()                  # the worst case: nothing read when Start comes
        del loads[:], stalls[:]
        start = await sb.click("anna", lobby, table_button(lobby, "start"), wait=False)
        other = await sb.forge("bruno", lobby, "tbl:turn:999999", wait=False)   # someone else, meanwhile
        t0 = time.perf_counter()
        await start.wait_ack()
        await other.wait_ack()
        await bot.controller.idle()
        match = next(iter(bot.service.matches.values()))
        assert match.status == "running"
        assert "P19-499" in whisky.bank(match.state)        # the table has every pack
        assert loads and loop_thread not in loads, "the packs were read on the event loop"
        assert start.latency < 1.0 and other.latency < 1.0, (start.latency, other.latency)
        assert max(stalls) < 1.0, f"the event loop was held {max(stalls):.2f} s"
        assert time.perf_counter() - t0 < 30
    finally:
        stop.set()
        await watcher
        await stop_bot_inprocess(bot, task, store)


async def test_a_pack_installed_on_one_server_leaves_other_servers_banks(sb, tmp_path, packs, monkeypatch):
    here, elsewhere = sb.world.guild_id, sb.world.guild_id + 1
    for guild, name in ((here, "HERE"), (elsewhere, "AWAY")):
        folder = qbank.guild_pack_dir(guild)
        folder.mkdir(parents=True)
        (folder / "house.jsonl").write_bytes(pack_bytes(name, 30))
    whisky = engines.get("whisky")

    def table_of(guild, lang="en"):
        return whisky.new(["A", "B"], seed=1, options={"question_packs": str(guild), "question_lang": lang})
    tables = {(g, lang): table_of(g, lang) for g in (here, elsewhere) for lang in ("en", "el")}
    before = {k: whisky.bank(st) for k, st in tables.items()}
    loads = recording_loads(monkeypatch)
    bot, task, store = await start_bot_inprocess(tmp_path / "install.db", games=("whisky",))
    try:
        pack = (json.dumps({"id": "NEW1", "difficulty": "easy", "question": "Which grain is malted?",
                            "options": ["Barley", "Maize", "Rye", "Wheat"], "answer": 0,
                            "info": "Malted barley."}) + "\n").encode()
        r = await sb.slash("anna", "whisky questions", pack=("more.jsonl", pack))
        assert "added to this server" in (await r.wait_final()).text
        after = {k: whisky.bank(st) for k, st in tables.items()}
        for lang in ("en", "el"):
            # the other server's banks were neither forgotten nor read again
            assert after[(elsewhere, lang)] is before[(elsewhere, lang)]
            assert "NEW1" not in after[(elsewhere, lang)]
            # this server's were read again, with the new pack, before anyone asked
            assert after[(here, lang)] is not before[(here, lang)]
            assert "NEW1" in after[(here, lang)] and "HERE-29" in after[(here, lang)]
        assert loads and threading.get_ident() not in loads, "packs were read on the event loop"
    finally:
        await stop_bot_inprocess(bot, task, store)
