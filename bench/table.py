"""How a table feels to its players: one full game of each game through the Discord stand-in,
three simulated humans (one with closed DMs, who plays from the table's buttons) and one AI.

    python -m bench.table [--games libertalia,glen_more,whisky,keyflower] [--seed 3]

Per game it counts what reached the players: decisions made, notifications (new DMs that
notify, new ephemeral panels, pings), pings, thread messages, DM edits that carried a new
decision (should be 0: an edit does not notify), buttons still clickable after the end
other than Play again, "Waiting for" lines left after the end, and the changes of whose
turn it is (pings should not exceed them). The last line is JSON:
{"games": {"libertalia": {...}, ...}}."""
from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
from pathlib import Path

from bench.common import print_result

HUMANS = ("anna", "bruno", "chloe")
CLOSED_DMS = "chloe"
SUPPRESS_NOTIFICATIONS = 1 << 12
COMMANDS = {"libertalia": ("libertalia new", {}), "glen_more": ("glenmore new", {}),
            "whisky": ("whisky new", {"victory_points": 15}), "keyflower": ("keyflower new", {})}


def choice_ids(components) -> set[str]:
    """The decision custom_ids (act:/sel:) among a message's components."""
    out = set()
    stack = list(components or [])
    while stack:
        c = stack.pop()
        cid = c.get("custom_id", "")
        if cid.startswith(("act:", "sel:")) and not c.get("disabled"):
            out.add(cid)
        stack += c.get("components") or []
    return out


def edits_with_new_decisions(message) -> int:
    """Edits of a message that brought a decision it did not offer before."""
    versions = [v.get("components") for v in message.history] + [message.components]
    return sum(1 for a, b in zip(versions, versions[1:]) if choice_ids(b) - choice_ids(a))


def pinged_users(sb) -> int:
    """Users a message allowed to be pinged (the bot names each on purpose)."""
    n = 0
    for method, path, body in sb.bodies:
        payload = body.get("data") if "/callback" in path else body
        if method == "POST" and isinstance(payload, dict):
            n += len((payload.get("allowed_mentions") or {}).get("users") or [])
    return n


async def play(sb, bot, game: str, seed: int) -> dict:
    from tests.e2e.harness import Player, ai_like, is_results, open_table, play_until

    settle = bot.controller.idle
    pings_before, bodies_before = pinged_users(sb), len(sb.bodies)
    turn_changes = 0
    asked: dict[int, set[str]] = {}

    async def count_turns(match, change):
        nonlocal turn_changes
        now = {s for s in match.to_act() if match.seat(s) and not match.seat(s).is_ai}
        turn_changes += len(now - asked.get(match.id, set()))
        asked[match.id] = now
    bot.service.add_listener(count_turns)
    command, options = COMMANDS[game]
    sb.close_dms(CLOSED_DMS)
    lobby, thread = await open_table(sb, settle, humans=HUMANS, ai=1, command=command, **options)
    players = [Player(sb, h, via_dm=h != CLOSED_DMS) for h in HUMANS]
    rng = random.Random(seed)
    await play_until(sb, settle, thread, players, lambda: any(is_results(m) for m in sb.messages(thread)),
                     rng, max_rounds=50000, chooser=lambda user: ai_like(bot, sb, user, rng))
    await settle()
    bot.service._listeners.remove(count_turns)

    bot_id = sb.bot_user.id
    dms = [m for h in HUMANS for m in sb.dms(h) if m.author.id == bot_id]
    ephemerals = [m for h in HUMANS for m in sb.ephemerals(h)]
    everything = sb.messages(sb.channel("game-table")) + sb.messages(thread) + dms + ephemerals
    pings = pinged_users(sb) - pings_before
    new_dms = sum(1 for m in dms if not m.flags & SUPPRESS_NOTIFICATIONS)
    ephemeral_panels = sum(1 for m in ephemerals
                           if choice_ids(m.components) or any(choice_ids(v.get("components"))
                                                              for v in m.history[:1]))
    stale = [m for m in everything
             if [c for c in m.interactive() if not c.get("disabled")
                 and not c.get("custom_id", "").startswith("tbl:again:")]]
    waiting = [m for m in everything
               if any("Waiting for" in (e.get("description") or "") for e in m.embeds or [])]
    result = {
        "decisions": sum(p.moves for p in players),
        "notifications": new_dms + ephemeral_panels + pings,
        "mentions": pings,
        "turn_changes": turn_changes,
        "thread_messages": len(sb.messages(thread)),
        "new_dms": new_dms,
        "ephemeral_panels": ephemeral_panels,
        "dm_edits_that_carried_a_new_decision": sum(edits_with_new_decisions(m) for m in dms),
        "stale_live_components_at_end": len(stale),
        "stale_waiting_lines_at_end": len(waiting),
        "requests": len(sb.bodies) - bodies_before,
    }
    return result


async def run(games: list[str], seed: int) -> dict:
    from sandbox import Sandbox
    from tests.e2e.harness import start_bot_inprocess, stop_bot_inprocess

    out = {}
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            async with Sandbox() as sb:
                sb.settle_deferred = True        # the bot acknowledges first, then answers
                restore = sb.patch_discord()
                bot, task, store = await start_bot_inprocess(Path(tmp) / "bench.db", games=(game,))
                try:
                    out[game] = await play(sb, bot, game, seed)
                finally:
                    await stop_bot_inprocess(bot, task, store)
                    restore()
    return {"games": out}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", default="libertalia,glen_more,whisky,keyflower")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    print_result(asyncio.run(run(args.games.split(","), args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
