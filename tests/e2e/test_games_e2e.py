"""Whole games of Glen More and The Whisky Game through the Discord stand-in: two simulated
humans who act only through what Discord shows them, and one AI seat."""
from __future__ import annotations

import random

import pytest

import engines

from tests.e2e.harness import (Player, QuestionShy, ai_like, board, is_results, open_table, play_until,
                               public_text, start_bot_inprocess, stop_bot_inprocess)

pytestmark = pytest.mark.e2e


async def play_whole_game(sb, tmp_path, game, command, seed, before=None, like_ai=False, **options):
    bot, task, store = await start_bot_inprocess(tmp_path / f"{game}.db", games=(game,))
    try:
        settle = bot.controller.idle
        lobby, thread = await open_table(sb, settle, humans=("anna", "bruno"), ai=1,
                                         command=command, **options)
        players = [Player(sb, "anna"), Player(sb, "bruno")]
        if before is not None:
            await before(bot, thread, players)
        rng = random.Random(seed)
        chooser = (lambda user: ai_like(bot, sb, user, rng)) if like_ai else None
        await play_until(sb, settle, thread, players,
                         lambda: any(is_results(m) for m in sb.messages(thread)),
                         rng, max_rounds=20000, chooser=chooser)
        results = next(m for m in sb.messages(thread) if is_results(m))
        m = await store.get_match(1)
        assert m.status == "finished" and set(m.result["scores"]) == {"A", "B", "C"}
        assert all(p.moves > 5 for p in players)
        return bot, sb, thread, results, players
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_glen_more_full_game(sb, tmp_path):
    bot, sb, thread, results, players = await play_whole_game(sb, tmp_path, "glen_more", "glenmore new", 3)
    # every scoring category is in the results
    fields = " ".join(f["name"] + f["value"] for f in results.embeds[0]["fields"])
    assert "Winner" in results.text or "Shared victory" in results.text
    # secret scores (the default): no running score of anyone was posted before the end
    boards = [m for m in sb.messages(thread) if m.attachments and m.attachments[0].filename.endswith(".png")]
    assert boards
    assert fields


async def test_whisky_full_game_questions_answered_in_the_thread(sb, tmp_path):
    async def first_question(bot, thread, players):
        """Play until a question is read out; check that only its player may answer and
        that nothing public gives the answer away."""
        rng = random.Random(9)
        asked = {}

        def question_open():
            for p in players:
                m = p.public_panel()
                if m is not None:
                    asked["msg"], asked["player"] = m, p
                    return True
            return False
        await play_until(sb, bot.controller.idle, thread, [QuestionShy(p) for p in players],
                         question_open, rng)
        msg, asker = asked["msg"], asked["player"]
        other = next(p for p in players if p is not asker)
        match = next(iter(bot.service.matches.values()))
        q = match.state["question"]
        rec = match.engine.bank(match.state)[q["id"]]
        assert rec["info"] not in public_text(sb)          # the fact comes after the answer
        r = await sb.click(other.name, msg, msg.custom_ids[0])
        assert r.ephemeral and "another player" in r.content
        assert match.state["question"] == q                  # nothing changed
    bot, sb, thread, results, players = await play_whole_game(
        sb, tmp_path, "whisky", "whisky new", 4, before=first_question, victory_points=10)
    read_out = [m for m in sb.messages(thread)
                if any("Answer the question" in (h.get("content") or "") for h in m.history)]
    assert read_out, "questions are read out in the thread"
    assert "Winner" in results.text or "Shared victory" in results.text


async def test_server_manager_adds_a_question_pack(sb, tmp_path, monkeypatch):
    """A question pack belongs to the server that installed it: that server's tables use it,
    other servers' tables do not. Bad packs, failed downloads and errors get a clear answer."""
    import json
    from types import SimpleNamespace

    import discord

    from engines.whisky import qbank
    packs = tmp_path / "packs"
    monkeypatch.setenv("QUESTION_PACKS_DIR", str(packs))
    guild = sb.world.guild_id
    whisky = engines.get("whisky")
    whisky.reload_bank()
    bot, task, store = await start_bot_inprocess(tmp_path / "packs.db", games=("whisky",))
    try:
        good = {"id": "PK1", "difficulty": "easy", "question": "Which grain must every single malt Scotch be made from?",
                "options": ["Malted barley", "Maize", "Rye", "Wheat"], "answer": 0, "distillery": None,
                "info": "Single malt Scotch is made from malted barley only.", "ordered_options": False}
        one = (json.dumps(good) + "\n").encode()
        # no packs yet: a new table leaves the option unset
        r = await sb.slash("bruno", "whisky new")
        assert r.type == 4
        assert [m.options["question_packs"] for m in bot.service.matches.values()] == [""]

        async def refused(filename, body, *expected):
            r = await sb.slash("anna", "whisky questions", pack=(filename, body))
            final = await r.wait_final()           # the "thinking…" reply is always filled in
            assert final.ephemeral and not final.loading
            for text in expected:
                assert text in final.text, final.text
            assert not list(packs.rglob("*.jsonl")), "nothing is installed from a refused pack"
            return final.text

        bad = dict(good, id="PK2", options=["A", "B", "C"])
        await refused("house.jsonl", one + (json.dumps(bad) + "\n").encode(),
                      "not added", "house.jsonl line 2", "exactly 4 options")
        await refused("deep.jsonl", b"[" * 100000 + b"\n", "not added", "deep.jsonl line 1", "nested too deeply")
        await refused("latin.jsonl", one + b'{"id": "caf\xe9"}\n', "not added", "latin.jsonl line 2", "not UTF-8")
        long_option = dict(good, options=["Malted barley", "M" * 81, "Rye", "Wheat"])
        await refused("long.jsonl", (json.dumps(long_option) + "\n").encode(),
                      "long.jsonl line 1", "at most 80")
        # a server manager whose Discord speaks Hungarian reads why in Hungarian
        english_locale, sb.user("anna").locale = sb.user("anna").locale, "hu"
        text = await refused("long.jsonl", (json.dumps(long_option) + "\n").encode(),
                             "A csomag hozzáadása nem sikerült", "long.jsonl, 1. sor",
                             "1. lehetőség: 81 karakter hosszú; legfeljebb 80 megengedett")
        assert "line" not in text and "at most" not in text
        sb.user("anna").locale = english_locale
        await refused("shipped.jsonl", (json.dumps(dict(good, id="E01")) + "\n").encode(),
                      "shipped.jsonl line 1", "'E01' collides")

        # someone without Manage Server is refused
        r = await sb.slash("bruno", "whisky questions", pack=("house.jsonl", one))
        assert r.ephemeral and "server managers" in r.content

        # the attachment cannot be downloaded: a clear answer, not "thinking…" forever
        async def broken_read(self, **kwargs):
            raise discord.HTTPException(SimpleNamespace(status=503, reason="Service Unavailable"), "try later")
        with monkeypatch.context() as m:
            m.setattr(discord.Attachment, "read", broken_read)
            await refused("house.jsonl", one, "could not be downloaded", "nothing was added")

        # an unexpected error after the defer still gets an answer
        def boom(*args, **kwargs):
            raise RuntimeError("disk on fire")
        with monkeypatch.context() as m:
            m.setattr(qbank, "install_pack", boom)
            text = await refused("house.jsonl", one, "Something went wrong")
            assert "disk on fire" not in text

        r = await sb.slash("anna", "whisky questions", pack=("house.jsonl", one))
        final = await r.wait_final()
        assert "added to this server: 1 question." in final.text
        assert (packs / str(guild) / "house.jsonl").read_bytes() == one
        assert not list(packs.glob("*.jsonl"))          # in the server's folder, nowhere else
        r = await sb.slash("anna", "whisky questions", pack=("house.jsonl", one))
        assert "already installed" in (await r.wait_final()).text

        # a table opened in this server uses the pack ...
        lobby, thread = await open_table(sb, bot.controller.idle, humans=("anna",), ai=1, command="whisky new")
        match = next(m for m in bot.service.matches.values() if m.thread_id == thread.id)
        assert match.options["question_packs"] == str(guild)
        assert "PK1" in match.engine.bank(match.state) and "PK1" in match.state["pools"]["easy"]
        # ... a table of another server does not, nor one without the option
        other = whisky.new(["A", "B"], seed=1, options={"question_packs": str(guild + 1)})
        assert "PK1" not in whisky.bank(other) and "PK1" not in json.dumps(other)
        assert "PK1" not in whisky.bank(whisky.new(["A", "B"], seed=1))
        assert "PK1" in whisky.bank(whisky.new(["A", "B"], seed=1, options={"question_packs": str(guild)}))
    finally:
        await stop_bot_inprocess(bot, task, store)
        whisky.reload_bank()


async def test_keyflower_full_game(sb, tmp_path):
    bot, sb, thread, results, players = await play_whole_game(
        sb, tmp_path, "keyflower", "keyflower new", 5, like_ai=True)
    assert "Winner" in results.text or "Shared victory" in results.text


async def test_back_takes_a_decision_back_through_discord(sb, tmp_path):
    """Glen More turns are several decisions; Back under a panel undoes the last one of the
    same turn (nothing random was drawn, nobody else moved) and offers it again."""
    bot, task, store = await start_bot_inprocess(tmp_path / "back.db", games=("glen_more",))
    try:
        settle = bot.controller.idle
        lobby, thread = await open_table(sb, settle, humans=("anna",), ai=1, command="glenmore new")
        anna = Player(sb, "anna")
        m = next(iter(bot.service.matches.values()))
        for _ in range(200):
            panel = anna.dm_panel()
            if panel is not None and panel.component(label="Back"):
                break
            assert await anna.act_once(None, choose=lambda values: values[0])
            await settle()
        else:
            raise AssertionError("no decision offered Back")
        taken_back = m.undo_stack[-1][2]
        r = await sb.click("anna", panel, label="Back")
        assert r.type == 7 and "Taken back" in r.message.content and r.message.custom_ids
        await settle()
        assert m.engine.dump(m.state) == taken_back
        # the undone action is flagged in the log, never deleted
        async with store.conn.execute("SELECT COUNT(*) FROM actions WHERE undone=1") as cur:
            assert (await cur.fetchone())[0] == 1
    finally:
        await stop_bot_inprocess(bot, task, store)
