"""Sharding on the stand-in, as on Discord: a session IDENTIFYs as shard [id, count]; a guild's
events go only to shard (guild_id >> 22) % count, DM events only to shard 0; READY echoes the
shard and lists that shard's guilds; GET /gateway/bot recommends a configurable count; an
invalid shard closes the socket with 4010."""
from __future__ import annotations

import json

import aiohttp
import discord
import pytest

from sandbox import Sandbox
from sandbox.world import shard_of
from sandbox_testbot import ShardedDemoBot, start_bot, stop_bot


def _sent(session, event: str) -> list[dict]:
    """The payloads of ``event`` the stand-in sent to this gateway session."""
    out = []
    for _, text in session.buffer:
        p = json.loads(text)
        if p.get("t") == event:
            out.append(p["d"])
    return out


def _by_shard(sb) -> dict[int, object]:
    sessions = {s.shard_id: s for s in sb.live_sessions() if s.connected}
    assert sorted(sessions) == [0, 1] and all(s.shard_count == 2 for s in sessions.values())
    return sessions


def _seen(bot, into: list, name: str) -> None:
    async def on_interaction(interaction: discord.Interaction) -> None:
        into.append((name, interaction.id))
    bot.add_listener(on_interaction, "on_interaction")


def test_guild_ids_can_be_put_on_a_shard():
    from sandbox.world import World
    w = World()
    for count in (2, 3, 5):
        for sid in range(count):
            g = w.add_guild(f"g{count}-{sid}", shard=(sid, count))
            assert shard_of(g.id, count) == sid
    ids = w.guild_ids
    assert ids == sorted(ids) and len(set(ids)) == len(ids)          # still increasing snowflakes
    with pytest.raises(ValueError):
        w.ids.next_on_shard(2, 2)


async def test_two_shard_processes_split_guilds_messages_and_interactions(sb):
    north = await sb.add_guild("North", shard=(0, 2))        # -> #north-table
    south = await sb.add_guild("South", shard=(1, 2))        # -> #south-table
    guilds = {0: {g for g in sb.world.guild_ids if shard_of(g, 2) == 0},
              1: {g for g in sb.world.guild_ids if shard_of(g, 2) == 1}}
    assert north in guilds[0] and south in guilds[1] and sb.guild_id in guilds[0] | guilds[1]

    b0, t0 = await start_bot(1, shard_id=0, shard_count=2)
    b1, t1 = await start_bot(2, shard_id=1, shard_count=2)
    seen: list[tuple[str, int]] = []
    _seen(b0, seen, "shard0")
    _seen(b1, seen, "shard1")
    try:
        s = _by_shard(sb)
        for sid, bot in ((0, b0), (1, b1)):
            ready = _sent(s[sid], "READY")
            assert len(ready) == 1 and ready[0]["shard"] == [sid, 2]
            assert {int(g["id"]) for g in ready[0]["guilds"]} == guilds[sid]
            assert {int(g["id"]) for g in _sent(s[sid], "GUILD_CREATE")} == guilds[sid]
            assert {g.id for g in bot.guilds if not g.unavailable} == guilds[sid]

        # a slash command in a guild of shard 1 reaches only the shard-1 process
        r = await sb.slash("anna", "demo new", channel="south-table", players=2)
        assert r.type == 4 and r.message.guild_id == south
        assert seen == [("shard1", r.interaction.id)]
        # and one in a guild of shard 0 only the shard-0 process
        r0 = await sb.slash("anna", "demo whoami", channel="north-table")
        assert r0.content.startswith("en-US|en-US|Anna|threads=True")
        assert seen[1:] == [("shard0", r0.interaction.id)]

        # the Join button in South: shard 1 answers and DMs the hand...
        j = await sb.click("bruno", r.message, label="Join")
        assert j.ephemeral and seen[2:] == [("shard1", j.interaction.id)]
        hand = await sb.wait_for_dm("bruno", lambda m: "hand" in m.text)
        # ...and the DM's button (no guild) goes to shard 0 only
        p = await sb.click("bruno", hand, label="Play a card")
        assert p.content.startswith("You played a card")
        assert seen[3:] == [("shard0", p.interaction.id)]
        assert ("hand", None, "DMChannel", "bruno") in b0.log
        assert not any(e[0] == "hand" for e in b1.log)

        # MESSAGE_CREATE: guild messages by shard, DM messages (the hand) on shard 0 only
        await sb.say("dmitri", "south-table", "hello south")
        await b1.wait_log(("message", "dmitri", sb.channel("south-table").id, "hello south"))
        south_msgs = [d["content"] for d in _sent(s[1], "MESSAGE_CREATE")]
        north_msgs = [d["content"] for d in _sent(s[0], "MESSAGE_CREATE")]
        assert "hello south" in south_msgs and "hello south" not in north_msgs
        assert any("guild_id" not in d for d in _sent(s[0], "MESSAGE_CREATE"))   # the DM
        assert all(int(d["guild_id"]) in guilds[1] for d in _sent(s[1], "MESSAGE_CREATE"))
        assert all(int(d["guild_id"]) in guilds[1] for d in _sent(s[1], "INTERACTION_CREATE"))
        assert all("guild_id" not in d or int(d["guild_id"]) in guilds[0]
                   for d in _sent(s[0], "INTERACTION_CREATE"))

        # a guild added while both are connected: GUILD_CREATE to its shard only
        late = await sb.add_guild("Late", shard=(1, 2))
        assert [int(d["id"]) for d in _sent(s[1], "GUILD_CREATE")][-1] == late
        assert late not in {int(d["id"]) for d in _sent(s[0], "GUILD_CREATE")}
    finally:
        await stop_bot(b1, t1)
        await stop_bot(b0, t0)


async def test_interaction_for_a_shard_nobody_runs_is_refused(sb):
    from sandbox import SandboxError
    await sb.add_guild("Lonely", shard=(1, 2))
    bot, task = await start_bot(shard_id=0, shard_count=2)
    try:
        with pytest.raises(SandboxError, match="shard"):
            await sb.slash("anna", "demo whoami", channel="lonely-table")
    finally:
        await stop_bot(bot, task)


async def test_auto_sharded_bot_runs_the_recommended_count():
    class FastSharded(ShardedDemoBot):
        async def before_identify_hook(self, shard_id, *, initial=False):   # no 5 s wait per shard
            return None

    async with Sandbox(recommended_shards=2) as sb:
        restore = sb.patch_discord()
        try:
            other = await sb.add_guild("Other", shard=(1 - shard_of(sb.guild_id, 2), 2))
            bot, task = await start_bot(cls=FastSharded)
            try:
                assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
                assert {s.shard_id for s in sb.live_sessions()} == {0, 1}
                assert {g.id for g in bot.guilds} == {sb.guild_id, other}
                assert (await sb.slash("anna", "demo new", players=2)).type == 4
                assert (await sb.slash("anna", "demo new", channel="other-table", players=2)).type == 4
            finally:
                await stop_bot(bot, task)
        finally:
            restore()
        assert not sb.errors and not sb.unknown_routes


async def test_gateway_bot_recommends_the_configured_count(sb):
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{sb.api_base}/gateway/bot") as resp:
            body = await resp.json()
        assert body["shards"] == 1 and body["url"] == sb.gateway_url
        assert set(body["session_start_limit"]) >= {"total", "remaining", "reset_after", "max_concurrency"}
        async with Sandbox(recommended_shards=3, web_ui=False) as sb3:
            async with http.get(f"{sb3.api_base}/gateway/bot") as resp:
                assert (await resp.json())["shards"] == 3
    with pytest.raises(ValueError):
        Sandbox(recommended_shards=0)


@pytest.mark.parametrize("shard", [[2, 2], [0, 0], [-1, 2], [1, 1], [0], "0,1", [0, "2"], [True, 2]])
async def test_invalid_shard_closes_with_4010(sb, shard):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(sb.gateway_url) as ws:
            hello = await ws.receive_json()
            assert hello["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": "t", "intents": 513, "properties": {},
                                               "shard": shard}})
            msg = await ws.receive()
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            assert ws.close_code == 4010
    assert sb.identify_count == 0 and not sb.sessions


async def test_valid_shard_identify_is_ready(sb):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(sb.gateway_url) as ws:
            await ws.receive_json()
            gid = sb.guild_id
            await ws.send_json({"op": 2, "d": {"token": "t", "intents": 513, "properties": {},
                                               "shard": [shard_of(gid, 4), 4]}})
            ready = await ws.receive_json()
            assert ready["t"] == "READY" and ready["d"]["shard"] == [shard_of(gid, 4), 4]
            assert [g["id"] for g in ready["d"]["guilds"]] == [str(gid)]
            assert (await ws.receive_json())["t"] == "GUILD_CREATE"



def test_extra_guilds_survive_the_world_file(tmp_path):
    from sandbox.persist import restore, snapshot
    from sandbox.world import World
    w = World()
    g = w.add_guild("South", shard=(1, 2), locale="de")
    data, _ = snapshot(w)
    w2 = restore(json.loads(json.dumps(data)), tmp_path)
    assert w2.guild_ids == [w.guild_id, g.id] and w2.extra_guilds[g.id].locale == "de"
    assert [c["name"] for c in w2.guild_payload(g.id)["channels"]] == ["south-table"]
    assert "south-table" not in [c["name"] for c in w2.guild_payload()["channels"]]
