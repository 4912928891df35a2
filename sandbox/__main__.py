"""``python -m sandbox``: run the Discord stand-in on its own, on a fixed port (its world lives
in memory; plain ``python bot.py`` without a token runs one inside the bot and keeps its world).

    SANDBOX_PORT=8765 python -m sandbox          # then open http://127.0.0.1:8765/
    python -m sandbox --rate-limits              # with Discord's REST rate limits (429s)
    python -m sandbox --faults 0.05 --fault-seed 3 --fault-kinds 503,timeout,drop
                                                 # 5 % of REST requests fail (sandbox/faults.py;
                                                 # SANDBOX_FAULTS=0.05 SANDBOX_FAULT_SEED=3 ... alike)
    SANDBOX_URL=http://127.0.0.1:8765 python bot.py   # bot.py connects to it
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os

from . import DEFAULT_PORT, Sandbox
from . import faults


async def _serve(args) -> None:
    plan = faults.plan_from_args(args)
    sb = Sandbox(port=args.port, host=args.host, token=args.token or None, rate_limits=args.rate_limits,
                 faults=plan)
    await sb.start()
    print(f"sandbox: Discord stand-in at {sb.base_url}", flush=True)
    if args.rate_limits:
        print("sandbox: Discord's rate limits are on (429s are logged; see sandbox/ratelimit.py)", flush=True)
    if plan is not None:
        print(f"sandbox: faults on: {json.dumps(sb.fault_stats()['plan'])} (each is logged; see sandbox/faults.py)",
              flush=True)
    print(f"sandbox: REST {sb.api_base}  gateway {sb.gateway_url}", flush=True)
    print(f"sandbox: play at {sb.base_url}/  (users: {', '.join(u.username for u in sb.users)})", flush=True)
    print(f"sandbox: start the bot with SANDBOX_URL={sb.base_url}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await sb.stop()
        if plan is not None:
            print(f"sandbox: fault counters: {json.dumps(sb.fault_stats())}", flush=True)


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m sandbox", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", type=int, default=int(os.environ.get("SANDBOX_PORT", DEFAULT_PORT)))
    p.add_argument("--host", default="127.0.0.1", help="bind address (keep it on loopback)")
    p.add_argument("--token", default=os.environ.get("SANDBOX_TOKEN", ""),
                   help="accept only this bot token (default: any)")
    p.add_argument("--rate-limits", action="store_true",
                   help="enforce Discord's REST rate limits (per-route buckets, the global 50/s; "
                        "see sandbox/ratelimit.py)")
    faults.add_arguments(p)
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(_serve(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
