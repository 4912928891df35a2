"""The Whisky Game's questions at the table: the panel everyone sees offers the answers and
nothing that depends on the player's secret cards; a click there never turns the public
message into a private panel; a question whose time runs out says so and loses its buttons."""
from __future__ import annotations

import asyncio
import random

import pytest

from engines.base import choice_fingerprint
from tests.e2e.harness import (Player, QuestionShy, open_table, panel_of, play_until,
                               start_bot_inprocess, stop_bot_inprocess)

pytestmark = pytest.mark.e2e

SECRET_CARDS = ["fifty", "broom"]


def choice_labels(msg) -> list[str]:
    """The labels of a message's buttons and select options."""
    out = []
    for row in msg.components or []:
        for c in row.get("components", []):
            out += [o["label"] for o in c.get("options", [])] or [c.get("label") or ""]
    return out


async def table_until_a_question(sb, tmp_path, name, *, give_cards=True):
    bot, task, store = await start_bot_inprocess(tmp_path / f"{name}.db", games=("whisky",))
    settle = bot.controller.idle
    lobby, thread = await open_table(sb, settle, humans=("anna", "bruno"), ai=1,
                                     command="whisky new", victory_points=40)
    match = next(iter(bot.service.matches.values()))
    if give_cards:        # both humans hold a 50/50 and an expert card (secret)
        for s in match.seats:
            if not s.is_ai:
                match.state["players"][s.seat]["hand"] = list(SECRET_CARDS)
    players = [Player(sb, "anna"), Player(sb, "bruno")]
    asked = {}

    def question_open():
        for p in players:
            msg = p.public_panel()
            if msg is not None:
                asked["msg"], asked["player"] = msg, p
                return True
        return False
    await play_until(sb, settle, thread, [QuestionShy(p) for p in players], question_open,
                     random.Random(5))
    await settle()
    return bot, task, store, match, thread, asked["msg"], asked["player"]


async def test_the_question_panel_shows_only_public_choices(sb, tmp_path):
    bot, task, store, match, thread, msg, asker = await table_until_a_question(sb, tmp_path, "q")
    try:
        seat = match.seat_of(sb.user(asker.name).id).seat
        assert set(SECRET_CARDS) <= set(match.state["players"][seat]["hand"])
        labels = choice_labels(msg)
        assert labels and all(label[:3] in ("A: ", "B: ", "C: ", "D: ") for label in labels)
        # the fingerprint in every public custom_id is that of the answers alone
        answers = match.engine.public_actions(match.state, seat)
        assert {cid.split(":")[4] for cid in msg.custom_ids} == {choice_fingerprint(answers)}
        # the card plays are offered to the player alone, in a DM
        dm = asker.dm_panel()
        assert dm is not None and any("50/50" in label for label in choice_labels(dm))
        # a click on an answer at the table: the message keeps the question, says what was
        # answered, and offers nothing more; the next decision is private
        kind, cids, values = panel_of(msg)
        r = await sb.click(asker.name, msg, cids[values[0]])
        assert r.type == 7 and not r.message.custom_ids
        assert "Answer the question" in r.message.content and "✓" in r.message.content
        await bot.controller.idle()
        public = msg.text + "".join(h.get("content") or "" for h in msg.history)
        for secret in ("50/50", "Dave Broom", "Play "):
            assert secret not in public
    finally:
        await stop_bot_inprocess(bot, task, store)


async def test_a_question_out_of_time_says_so_and_loses_its_buttons(sb, tmp_path, monkeypatch):
    from engines.whisky.engine import WhiskyEngine
    real = WhiskyEngine.decision_timer

    def quick(self, state, seat):
        rule = real(self, state, seat)
        return (0.3, rule[1]) if rule else None
    monkeypatch.setattr(WhiskyEngine, "decision_timer", quick)
    bot, task, store, match, thread, msg, asker = await table_until_a_question(
        sb, tmp_path, "timeout", give_cards=False)
    try:
        for _ in range(100):
            if not msg.custom_ids:
                break
            await asyncio.sleep(0.05)
        await bot.controller.idle()
        assert not msg.custom_ids
        assert "Time ran out" in msg.content
        seat = match.seat_of(sb.user(asker.name).id).seat
        assert (seat, {"type": "timeout"}) in [(a[1], a[2]) for a in await store.actions(match.id)]
    finally:
        await stop_bot_inprocess(bot, task, store)


def question_messages(sb, thread, msg) -> list:
    """The messages in the thread that read out the same question as ``msg``."""
    first_line = msg.text.splitlines()[0]
    return [x for x in sb.messages(thread) if x.text.splitlines()[:1] == [first_line]]


async def test_a_second_publisher_does_not_read_the_question_out_again(sb, tmp_path):
    """Two processes that both publish the move asking a question (each has the match
    loaded) read it out once: the store's claim goes to one of them."""
    bot, task, store, match, thread, msg, asker = await table_until_a_question(
        sb, tmp_path, "twice", give_cards=False)
    try:
        panels = bot.controller.panels
        seat = match.seat_of(sb.user(asker.name).id).seat
        assert len(question_messages(sb, thread, msg)) == 1
        # what a second process would do: it has not delivered this decision yet
        panels.offered.pop((match.id, seat))
        panels.public.pop((match.id, seat))
        await panels.deliver(match, {})
        await bot.controller.idle()
        assert len(question_messages(sb, thread, msg)) == 1
        # ... and when that process moves the match on (time runs out), the question read
        # out by the other one loses its buttons all the same
        assert msg.custom_ids
        await bot.service.timeout(match.id, seat)
        await bot.controller.idle()
        assert not msg.custom_ids
    finally:
        await stop_bot_inprocess(bot, task, store)
