"""What every worker process of the bot (board renders, AI searches) does first: it runs
below the bot's own priority, so that the event loop answers clicks at once when every core
is busy, and it ends when the bot ends, even when the bot is killed (SIGKILL leaves no
clean-up to the bot itself)."""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import signal
import sys

log = logging.getLogger(__name__)

# How much lower than the bot a worker runs (os.nice increments): a board render is short and
# awaited by players, a search is long and can wait; both leave the event loop first.
RENDER_NICENESS = 3
AI_NICENESS = 8
PR_SET_PDEATHSIG = 1    # linux/prctl.h


def init_worker(parent_pid: int, niceness: int = AI_NICENESS) -> None:
    """A ``ProcessPoolExecutor`` initializer (``initargs=(os.getpid(), NICENESS)`` in the bot)."""
    try:
        os.nice(niceness)
    except OSError:                         # pragma: no cover - not allowed here: run as is
        pass
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        # the kernel kills this process when the bot's process dies, whatever killed it
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:
        os._exit(0)                         # the bot died before the signal was asked for
