"""bench.ai: the JSON line it ends with, and a recorded run that resumes where it stopped."""
import json

from bench import ai


def _last_json(capsys) -> dict:
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_record_resumes_and_matches_one_run(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    common = ["libertalia", "--a", "easy", "--b", "random", "--workers", "1", "--seed", "3"]
    ai.main(common + ["--games", "2", "--record", str(record)])
    first = _last_json(capsys)
    assert first["games"] == 2
    assert len(record.read_text().splitlines()) == 2

    ai.main(common + ["--games", "3", "--record", str(record)])
    resumed = _last_json(capsys)
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert sorted(x["index"] for x in lines) == [0, 1, 2]      # only game 2 was played again

    ai.main(common + ["--games", "3"])
    fresh = _last_json(capsys)
    for key in ("a_win_rate", "a_mean_score", "b_mean_score", "decisions_a"):
        assert resumed[key] == fresh[key]


def test_record_keeps_other_settings_apart(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    ai.main(["libertalia", "--games", "1", "--workers", "1", "--record", str(record)])
    ai.main(["libertalia", "--games", "1", "--workers", "1", "--seed", "8", "--record", str(record)])
    capsys.readouterr()
    assert [json.loads(x)["seed"] for x in record.read_text().splitlines()] == [7, 8]


def test_report_gives_the_figures_of_the_recorded_games_and_plays_none(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    common = ["libertalia", "--a", "easy", "--b", "random", "--workers", "1", "--seed", "3"]
    ai.main(common + ["--games", "2", "--record", str(record)])
    played = _last_json(capsys)
    ai.main(common + ["--games", "200", "--record", str(record), "--report"])
    report = _last_json(capsys)
    assert len(record.read_text().splitlines()) == 2                  # nothing more was played
    assert (report["games"], report["of"]) == (2, 200)
    for key in ("a_win_rate", "a_mean_score", "b_mean_score", "decisions_a", "ms_per_decision_p95_a"):
        assert report[key] == played[key]
