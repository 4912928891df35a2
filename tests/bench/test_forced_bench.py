"""bench.forced: its counts add up and it ends with one JSON line."""
import json

from bench import forced


def test_counts_add_up_and_the_last_line_is_json(capsys):
    forced.main(["glen_more", "--games", "2", "--players", "4", "--seed", "2"])
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("Glen More 4p: ")
    row = json.loads(out[-1])["sizes"]["4p"]
    assert 0 < row["forced_per_game"] <= row["lone_per_game"] <= row["decisions_per_game"]
    kinds = row["forced_by_type"]
    assert abs(sum(kinds.values()) - row["forced_per_game"]) <= 0.05 * len(kinds) + 1e-9
