"""The Whisky Game question bank: the shipped data and the loader (engines/whisky/qbank.py)."""
from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import sys

import pytest

# Make the repository root importable when pytest is run as a plain command
# (the lead may instead set `pythonpath = ["."]` under [tool.pytest.ini_options]).
_ROOT = str(Path(__file__).resolve().parents[3])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from engines.whisky import qbank  # noqa: E402
from engines.whisky.qbank import QuestionError, load_bank, validate_record  # noqa: E402

SHIPPED = qbank.QUESTIONS_DIR / "en.jsonl"


def good(**over) -> dict:
    rec = {
        "id": "PACK-001", "difficulty": "easy",
        "question": "Which grain is malted for single malt Scotch whisky?",
        "options": ["Barley", "Rye", "Maize", "Oats"], "answer": 0,
        "distillery": None, "info": "Only malted barley may be used for malt whisky.",
        "ordered_options": False, "source": "Scotch Whisky Regulations 2009",
    }
    rec.update(over)
    return rec


def write_pack(folder: Path, name: str, lines: list) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n",
                    encoding="utf-8")
    return path


# --- the shipped bank -------------------------------------------------------------------

@pytest.fixture(scope="module")
def bank() -> dict[str, dict]:
    return load_bank()


def test_shipped_bank_loads_with_enough_questions(bank):
    assert len(bank) >= 300
    per = collections.Counter(r["difficulty"] for r in bank.values())
    for d in qbank.DIFFICULTIES:
        assert per[d] >= 100, (d, per[d])


def test_ids_unique_in_file():
    ids = [json.loads(line)["id"] for line in SHIPPED.read_text("utf-8").splitlines()
           if line.strip()]
    dupes = [i for i, n in collections.Counter(ids).items() if n > 1]
    assert not dupes
    assert len(ids) == len(load_bank())


def test_answers_spread_over_four_positions(bank):
    for d in (None,) + qbank.DIFFICULTIES:
        recs = [r for r in bank.values() if d is None or r["difficulty"] == d]
        counts = collections.Counter(r["answer"] for r in recs)
        assert set(counts) == {0, 1, 2, 3}, (d, counts)
        assert max(counts.values()) <= 0.35 * len(recs), (d, counts)


def test_no_question_text_duplicated(bank):
    def norm(s: str) -> str:
        return re.sub(r"\W+", " ", s).strip().casefold()
    texts = collections.Counter(norm(r["question"]) for r in bank.values())
    assert [t for t, n in texts.items() if n > 1] == []


def test_every_record_has_a_source_and_info(bank):
    for qid, rec in bank.items():
        assert isinstance(rec["source"], str) and rec["source"].strip(), qid
        assert "http" in rec["source"], (qid, "source should name a URL")
        assert rec["info"].strip(), qid
        assert "\n" not in rec["info"], qid


def test_every_record_is_valid_and_tagged_ids_are_distilleries(bank):
    known = qbank.known_distillery_ids()
    for rec in bank.values():
        validate_record(rec, known, require_source=True)
    tagged = {r["distillery"] for r in bank.values()} - {None}
    assert tagged <= known


def test_board_distillery_ids_match_rules_doc():
    doc = Path(__file__).resolve().parents[4] / "shared" / "rules" / "whisky_game.md"
    if not doc.is_file():
        pytest.skip("rules document not present")
    ids = set(re.findall(r"^\| ([A-Z_]+) \| DISTILLERY \|", doc.read_text("utf-8"), re.M))
    assert ids == set(qbank.known_distillery_ids())


def test_ordered_options_are_ascending_numbers(bank):
    def lead_number(s: str) -> float:
        m = re.search(r"\d[\d,]*(\.\d+)?", s)
        assert m, s
        return float(m.group(0).replace(",", ""))
    for qid, rec in bank.items():
        if rec["ordered_options"]:
            nums = [lead_number(o) for o in rec["options"]]
            assert nums == sorted(nums) and len(set(nums)) == 4, (qid, rec["options"])


def test_starter_questions_present(bank):
    for prefix in "EMH":
        for n in range(1, 23):
            assert f"{prefix}{n:02d}" in bank


def test_load_bank_returns_copies(bank):
    a = load_bank()
    a["E01"]["options"].append("x")
    a.pop("E02")
    b = load_bank()
    assert len(b["E01"]["options"]) == 4 and "E02" in b


def test_unknown_language_falls_back_to_english():
    assert load_bank("xx").keys() == load_bank("en").keys()
    with pytest.raises(ValueError):
        load_bank("../en")


def test_pools_split_by_difficulty(bank):
    p = qbank.pools(bank)
    assert sum(len(v) for v in p.values()) == len(bank)
    assert all(bank[i]["difficulty"] == d for d, ids in p.items() for i in ids)


# --- admin packs ------------------------------------------------------------------------

def test_admin_pack_is_added(tmp_path):
    base = load_bank()
    write_pack(tmp_path, "club.jsonl", [
        good(),
        "",
        good(id="PACK-002", difficulty="hard", answer=3, source="club notes"),
    ])
    rec3 = good(id="PACK-003", distillery="IY_ARDBEG")
    del rec3["source"], rec3["ordered_options"]     # optional in packs
    write_pack(tmp_path / "more", "b.jsonl", [rec3])
    bank = load_bank(extra_dirs=[str(tmp_path), str(tmp_path / "more")])
    assert len(bank) == len(base) + 3
    assert bank["PACK-002"]["difficulty"] == "hard"
    assert bank["PACK-003"]["ordered_options"] is False
    assert bank["PACK-003"]["distillery"] == "IY_ARDBEG"
    assert "PACK-001" not in load_bank()   # the cached default bank is untouched


def test_colliding_pack_id_is_refused(tmp_path):
    write_pack(tmp_path, "clash.jsonl", [good(), good(id="E01")])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    msg = str(ei.value)
    assert "clash.jsonl" in msg and "line 2" in msg and "'E01'" in msg and "collides" in msg


def test_collision_between_two_packs_is_refused(tmp_path):
    write_pack(tmp_path, "a.jsonl", [good()])
    write_pack(tmp_path, "b.jsonl", [good(question="Another?")])
    with pytest.raises(QuestionError, match=r"b\.jsonl line 1: .*'PACK-001' collides"):
        load_bank(extra_dirs=[str(tmp_path)])


def test_missing_pack_folder(tmp_path):
    with pytest.raises(QuestionError, match="not found"):
        load_bank(extra_dirs=[str(tmp_path / "nope")])


def _without(key):
    rec = good()
    del rec[key]
    return rec


DEFECTS = [
    ("bad json", '{"id": "PACK-002", "difficulty": ', "bad JSON"),
    ("not an object", "[1, 2, 3]", "JSON object"),
    ("missing id", _without("id"), "missing field 'id'"),
    ("missing question", _without("question"), "missing field 'question'"),
    ("missing options", _without("options"), "missing field 'options'"),
    ("missing answer", _without("answer"), "missing field 'answer'"),
    ("missing info", _without("info"), "missing field 'info'"),
    ("three options", good(options=["A", "B", "C"]), "exactly 4 options"),
    ("five options", good(options=["A", "B", "C", "D", "E"]), "exactly 4 options"),
    ("options not a list", good(options="ABCD"), "exactly 4 options"),
    ("empty option", good(options=["A", "B", " ", "D"]), "option 2"),
    ("duplicate options", good(options=["Oak", "Pine", "oak ", "Ash"]), "duplicate options"),
    ("answer 4", good(answer=4), "answer out of range"),
    ("answer -1", good(answer=-1), "answer out of range"),
    ("answer text", good(answer="A"), "answer out of range"),
    ("answer bool", good(answer=True), "answer out of range"),
    ("difficulty", good(difficulty="expert"), "unknown difficulty"),
    ("distillery", good(distillery="SP_NOWHERE"), "unknown distillery id"),
    ("empty info", good(info="   "), "empty info"),
    ("empty question", good(question=""), "'question' must be a non-empty string"),
    ("ordered not bool", good(ordered_options="yes"), "ordered_options"),
    ("unknown field", good(anwser=1), "unknown field"),
    ("empty source", good(source=""), "'source' must be a non-empty string"),
]


@pytest.mark.parametrize("label,bad,expected", DEFECTS, ids=[d[0] for d in DEFECTS])
def test_malformed_pack_is_rejected_naming_the_line(tmp_path, label, bad, expected):
    write_pack(tmp_path, "bad.jsonl", [good(id="PACK-000"), "", bad])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    err = ei.value
    assert err.line == 3 and err.path and err.path.endswith("bad.jsonl")
    assert "bad.jsonl line 3:" in str(err)
    assert expected in str(err), str(err)


def test_duplicate_id_inside_one_pack(tmp_path):
    write_pack(tmp_path, "dup.jsonl", [good(), good(question="Second?")])
    with pytest.raises(QuestionError, match=r"dup\.jsonl line 2: duplicate id 'PACK-001' "
                                            r"\(first used at dup\.jsonl line 1\)"):
        load_bank(extra_dirs=[str(tmp_path)])


def test_validate_record_directly():
    validate_record(good(), {"IY_ARDBEG"})
    validate_record(good(distillery="IY_ARDBEG"), ["IY_ARDBEG"])
    with pytest.raises(QuestionError, match="unknown distillery"):
        validate_record(good(distillery="IY_ARDBEG"), set())
    rec = good()
    del rec["source"]
    validate_record(rec, set())
    with pytest.raises(QuestionError, match="missing field 'source'"):
        validate_record(rec, set(), require_source=True)
    assert isinstance(QuestionError("x"), ValueError)


def test_shipped_file_errors_name_file_and_line(tmp_path, monkeypatch):
    write_pack(tmp_path, "en.jsonl", [good(), good(id="PACK-001", question="Other?")])
    monkeypatch.setattr(qbank, "QUESTIONS_DIR", tmp_path)
    qbank.clear_cache()
    try:
        with pytest.raises(QuestionError, match=r"en\.jsonl line 2: duplicate id"):
            load_bank()
    finally:
        monkeypatch.undo()
        qbank.clear_cache()
    assert len(load_bank()) >= 66
