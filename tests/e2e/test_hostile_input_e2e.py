"""Hostile and bad input through Discord: any custom_id, from anyone, on any message, gets one
clear ephemeral answer and changes nothing it should not — never an exception in the log and
never a silent "interaction failed"."""
from __future__ import annotations

import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.e2e.harness import Player, board, open_table, panel_of, start_bot_inprocess, stop_bot_inprocess

pytestmark = pytest.mark.e2e

NUMBER = st.one_of(st.integers(-10**30, 10**30).map(str), st.text("0123456789abcdef-x", max_size=40))
SEAT = st.one_of(st.sampled_from("ABCDEFZ"), st.text(max_size=3))
FIELD = st.one_of(NUMBER, st.text(max_size=12))


def custom_ids():
    act = st.builds(lambda *f: "act:" + ":".join(f), NUMBER, SEAT, NUMBER, FIELD, NUMBER)
    sel = st.builds(lambda *f: "sel:" + ":".join(f), NUMBER, SEAT, NUMBER, FIELD)
    tbl = st.builds(lambda op, mid: f"tbl:{op}:{mid}",
                    st.sampled_from(["turn", "view", "back", "again", "map", "join", "start",
                                     "resume", "leave", "nope", "TURN", ""]), NUMBER)
    long = st.builds(lambda n: "act:" + "9" * n, st.integers(90, 300))
    junk = st.text(max_size=120).map(lambda s: "act:" + s)
    return st.one_of(act, sel, tbl, long, junk)


@pytest.fixture
async def table(sb, tmp_path):
    bot, task, store = await start_bot_inprocess(tmp_path / "hostile.db", games=("libertalia",))
    settle = bot.controller.idle
    lobby, thread = await open_table(sb, settle, humans=("anna", "bruno"), ai=1)
    match = next(iter(bot.service.matches.values()))
    yield bot, store, match, lobby, thread, settle
    await stop_bot_inprocess(bot, task, store)


async def test_forged_and_malformed_custom_ids_get_a_clear_answer(sb, table, caplog):
    bot, store, match, lobby, thread, settle = table
    anna_panel = Player(sb, "anna").dm_panel()
    targets = [("dmitri", board(sb, thread)), ("anna", board(sb, thread)), ("bruno", lobby),
               ("anna", anna_panel)]
    cases = []

    # Hypothesis draws the cases (it cannot drive an async test itself); they are then sent
    # one by one through the stand-in
    @settings(max_examples=60, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(cid=custom_ids(), who=st.sampled_from(range(len(targets))), claim=st.booleans(),
           values=st.one_of(st.none(), st.lists(st.text(max_size=8), max_size=2)))
    def draw(cid, who, claim, values):
        cases.append((cid, who, claim, values))
    draw()
    caplog.set_level(logging.WARNING)
    for cid, who, claim, values in cases:
        user, message = targets[who]
        before = (match.n, dict(match.seat_counts), match.status)
        r = await sb.forge(user, message, cid, values=values, claim=claim)
        assert r.type is not None, f"{cid!r} was not answered"
        if r.type == 4:
            assert r.ephemeral and r.content, f"{cid!r}: {r.content!r}"
        await settle()
        assert (match.n, dict(match.seat_counts), match.status) == before, cid
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors][:3]
    assert len(cases) == 60


OVERSIZED = ["9" * 19, "9" * 20, "1" + "0" * 25, "18446744073709551616", "9223372036854775808"]


async def test_oversized_numbers_in_a_custom_id_are_refused_clearly(sb, table, caplog):
    """A match id beyond what SQLite and PostgreSQL store (a 64-bit integer), or a move count
    or choice index of twenty digits, on a button its user's client claims to show: one
    clear ephemeral refusal, nothing changed, nothing in the log (the store was never asked)."""
    bot, store, match, lobby, thread, settle = table
    anna_panel = Player(sb, "anna").dm_panel()
    mid = match.id
    seat = match.seat_of(sb.user("anna").id).seat
    count = match.seat_counts[seat]
    cids = [f"tbl:{op}:{n}" for op in ("join", "start", "turn", "view", "back", "again") for n in OVERSIZED]
    cids += [f"act:{n}:{seat}:{count}:ab12:0" for n in OVERSIZED]
    cids += [f"act:{mid}:{seat}:{n}:ab12:0" for n in OVERSIZED]
    cids += [f"act:{mid}:{seat}:{count}:ab12:{n}" for n in OVERSIZED]
    cids += [f"sel:{n}:{seat}:{count}:ab12" for n in OVERSIZED] + [f"sel:{mid}:{seat}:{n}:ab12" for n in OVERSIZED]
    cids += [f"lvl:{n}" for n in OVERSIZED] + [f"lng:{n}" for n in OVERSIZED]
    caplog.set_level(logging.WARNING)
    for cid in cids:
        values = ["0"] if cid.startswith(("sel:", "lvl:", "lng:")) else None
        for user, message in (("anna", anna_panel), ("anna", board(sb, thread)), ("bruno", lobby)):
            before = (match.n, dict(match.seat_counts), match.status)
            r = await sb.forge(user, message, cid, values=values, claim=True)
            assert r.type == 4 and r.ephemeral, f"{cid!r} was not refused: {r.type}"
            assert "out of date" in r.content, (cid, r.content)
            await settle()
            assert (match.n, dict(match.seat_counts), match.status) == before, cid
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors][:3]
    # a select's chosen value of twenty digits is refused as well
    kind, cid, values = panel_of(anna_panel)
    if kind == "select":
        r = await sb.forge("anna", anna_panel, cid, values=["9" * 20])
        assert r.ephemeral and r.content and match.n == before[0]
