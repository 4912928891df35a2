"""Limits on tables waiting to start, through Discord: past a user's or a channel's limit,
`/<game> new` leaves no lobby behind and answers, only to that user, with the limit and how
to close a table (here MAX_LOBBIES_PER_USER=2 and MAX_LOBBIES_PER_CHANNEL=3)."""
from __future__ import annotations

import pytest

from tests.e2e.harness import start_bot_inprocess, stop_bot_inprocess, table_button

pytestmark = pytest.mark.e2e


def refusal(r) -> str:
    """The answer only its user sees (the command's public "thinking…" reply is deleted)."""
    assert r.message is None or r.message.deleted, r.message
    answer = r.followups[-1]
    assert answer.ephemeral
    return answer.content


def lobbies(sb, channel="game-table"):
    return [m for m in sb.messages(channel) if table_button(m, "join")]


async def test_a_user_and_a_channel_have_a_limit_of_lobbies(sb, tmp_path, monkeypatch):
    monkeypatch.setenv("MAX_LOBBIES_PER_USER", "2")
    monkeypatch.setenv("MAX_LOBBIES_PER_CHANNEL", "3")
    bot, task, store = await start_bot_inprocess(tmp_path / "limits.db", games=("libertalia", "whisky"))
    try:
        first = await sb.slash("anna", "libertalia new")
        await sb.slash("anna", "whisky new", channel="general")
        text = refusal(await sb.slash("anna", "libertalia new"))
        assert "You already host 2 tables that have not started (#1, #2)" in text
        assert "press Leave on its lobby, or use /table abort in its channel" in text
        assert len(lobbies(sb)) == 1 and len(lobbies(sb, "general")) == 1   # nothing left behind
        # the host alone at a lobby leaves it: it closes, and a new one may open
        await sb.click("anna", first.message, table_button(first.message, "leave"))
        assert (await sb.slash("anna", "libertalia new")).type == 4

        # the channel holds 3 lobbies (anna's, bruno's, chloe's); the fourth is refused there
        await sb.slash("bruno", "libertalia new")
        await sb.slash("chloe", "whisky new")
        sb.user("dmitri").locale = "el"
        text = refusal(await sb.slash("dmitri", "libertalia new"))
        assert "Αυτό το κανάλι έχει ήδη 3 τραπέζια" in text and "/τραπέζι κλείσιμο" in text
        assert len(lobbies(sb)) == 3
        # ... but not in another channel
        r = await sb.slash("dmitri", "libertalia new", channel="tavern")
        assert r.type == 4 and not r.ephemeral
    finally:
        await stop_bot_inprocess(bot, task, store)
