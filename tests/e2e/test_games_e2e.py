"""Whole games of Glen More and The Whisky Game through the Discord stand-in: two simulated
humans who act only through what Discord shows them, and one AI seat."""
from __future__ import annotations

import random

import pytest

import engines

from tests.e2e.harness import (Player, ai_like, board, is_results, open_table, play_until, public_text,
                               start_bot_inprocess, stop_bot_inprocess)

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
        await play_until(sb, bot.controller.idle, thread, [_QuestionShy(p) for p in players],
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


class _QuestionShy:
    """Plays like the wrapped player but leaves read-out questions alone."""

    def __init__(self, player):
        self.p = player
        self.name, self.refusals = player.name, player.refusals

    async def act_once(self, board_msg, choose):
        if self.p.public_panel() is not None:
            return False
        return await self.p.act_once(board_msg, choose)


async def test_server_manager_adds_a_question_pack(sb, tmp_path, monkeypatch):
    import json
    monkeypatch.setenv("QUESTION_PACKS_DIR", str(tmp_path / "packs"))
    bot, task, store = await start_bot_inprocess(tmp_path / "packs.db", games=("whisky",))
    try:
        good = {"id": "PK1", "difficulty": "easy", "question": "Which grain must every single malt Scotch be made from?",
                "options": ["Malted barley", "Maize", "Rye", "Wheat"], "answer": 0, "distillery": None,
                "info": "Single malt Scotch is made from malted barley only.", "ordered_options": False}
        bad = dict(good, id="PK2", options=["A", "B", "C"])
        body = (json.dumps(good) + "\n" + json.dumps(bad) + "\n").encode()
        r = await sb.slash("anna", "whisky questions", pack=("house.jsonl", body))
        final = await r.wait_final()
        assert "not added" in final.text and "line 2" in final.text
        assert not (tmp_path / "packs" / "house.jsonl").exists()
        # someone without Manage Server is refused
        r = await sb.slash("bruno", "whisky questions", pack=("house.jsonl", body))
        assert r.ephemeral and "server managers" in r.content
        r = await sb.slash("anna", "whisky questions", pack=("house.jsonl", (json.dumps(good) + "\n").encode()))
        final = await r.wait_final()
        assert "added: 1 questions" in final.text
        state = engines.get("whisky").new(["A", "B"], seed=1)
        assert "PK1" in engines.get("whisky").bank(state)      # new tables use the pack
    finally:
        await stop_bot_inprocess(bot, task, store)
        engines.get("whisky").reload_bank()


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
