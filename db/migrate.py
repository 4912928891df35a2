"""Bring a database to the newest schema and print its version:

    python -m db.migrate sqlite:///data/tablemaster.db
    python -m db.migrate postgresql://user@host/tablemaster

Opening a store applies the migrations anyway (the bot does it at start); this does it ahead
of time, e.g. before several bot processes start on a new PostgreSQL database."""
from __future__ import annotations

import argparse
import asyncio
import sys

from db import open_store


async def migrate(url: str) -> int:
    store = await open_store(url)
    try:
        return await store.version()
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m db.migrate", description=__doc__.split("\n")[0])
    parser.add_argument("url", help="sqlite:///path, a bare path, or postgresql://...")
    args = parser.parse_args(argv)
    version = asyncio.run(migrate(args.url))
    print(f"schema version {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
