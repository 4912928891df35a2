"""bench.reload end to end, small: 20 stored mid-game matches, the real bot restarted on them,
one human click answered. Checks what the bench reports, not how fast it was."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"matches", "full_rebuild_s", "first_click_ms", "bot_ready_s", "per_game", "rebuilt",
        "click_accepted", "click_attempts", "errors"}


@pytest.mark.slow
def test_reload_bench_reports_a_restart_with_20_matches():
    run = subprocess.run([sys.executable, "-m", "bench.reload", "--matches", "20", "--seed", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert KEYS <= set(result), sorted(KEYS - set(result))
    assert result["matches"] == 20
    # every game in turn, and every stored match came back
    assert result["per_game"] == {"libertalia": 5, "glen_more": 5, "whisky": 5, "keyflower": 5}
    assert result["rebuilt"] == 20
    # the click was the move being taken (not refused, not lost), and nothing went wrong
    assert result["click_accepted"] is True
    assert result["errors"] == 0, run.stderr[-3000:]
    # the timings are there and ordered: the bot answered after it connected
    assert result["full_rebuild_s"] > 0
    assert 0 < result["bot_ready_s"] * 1000 <= result["first_click_ms"]
    # a restart re-publishes nothing: every waiting player still held their panel
    assert result["published_before_click"] == {}
