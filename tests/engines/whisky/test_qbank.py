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
    doc = Path(__file__).resolve().parents[3] / "docs" / "rules" / "whisky_game.md"
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


# --- ordered options favour no position ---------------------------------------------------

def test_ordered_questions_favour_no_answer_position(bank):
    """Ordered options (years, quantities) are never shuffled, so where their answer sits
    is where it shows: no letter may be a safe guess."""
    ordered = [r for r in bank.values() if r["ordered_options"]]
    assert len(ordered) >= 8
    counts = collections.Counter(r["answer"] for r in ordered)
    per = [counts.get(i, 0) for i in range(qbank.N_OPTIONS)]
    assert max(per) - min(per) <= 2, per


def test_ordered_options_are_strictly_ascending_years_and_quantities(bank):
    for qid, rec in bank.items():
        if not rec["ordered_options"]:
            continue
        nums = []
        for opt in rec["options"]:
            found = re.findall(r"\d[\d,]*(?:\.\d+)?", opt)
            assert len(found) == 1, (qid, opt, "one number an option")
            nums.append(float(found[0].replace(",", "")))
        assert all(a < b for a, b in zip(nums, nums[1:])), (qid, rec["options"])
        # the same wording around the numbers ("About ... litres"), so only the number differs
        shapes = {re.sub(r"# years?\b", "# years", re.sub(r"\d[\d,]*(?:\.\d+)?", "#", o))
                  for o in rec["options"]}
        assert len(shapes) == 1, (qid, rec["options"])


# --- limits --------------------------------------------------------------------------------

def test_limits_are_the_documented_ones():
    assert qbank.MAX_PACK_BYTES == 1024 * 1024
    assert qbank.MAX_PACK_QUESTIONS == 500
    assert qbank.MAX_ID_CHARS == 32
    assert qbank.MAX_QUESTION_CHARS == 300
    assert qbank.MAX_OPTION_CHARS == 80        # a Discord button label holds 80 characters
    assert qbank.MAX_INFO_CHARS == 400


def test_shipped_bank_fits_the_limits(bank):
    for qid, rec in bank.items():
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,32}", qid), qid
        assert len(rec["question"]) <= qbank.MAX_QUESTION_CHARS, qid
        assert all(len(o) <= qbank.MAX_OPTION_CHARS for o in rec["options"]), qid
        assert len(rec["info"]) <= qbank.MAX_INFO_CHARS, qid
        assert len(rec["source"]) <= qbank.MAX_SOURCE_CHARS, qid


LIMIT_DEFECTS = [
    ("long question", good(question="Q" * 300 + "?"), "'question' is 301 characters long; at most 300"),
    ("long option", good(options=["Barley", "R" * 81, "Maize", "Oats"]), "option 1 is 81 characters long; at most 80"),
    ("long info", good(info="i" * 401), "'info' is 401 characters long; at most 400"),
    ("long source", good(source="s" * 601), "'source' is 601 characters long; at most 600"),
    ("long id", good(id="P" * 33), "'id' is 33 characters long; at most 32"),
    ("id with space", good(id="PACK 1"), "letters, digits, '-' or '_'"),
    ("id with slash", good(id="../etc"), "letters, digits, '-' or '_'"),
    ("id not a string", good(id=7), "'id' must be a non-empty string"),
    ("line break in question", good(question="Which\ngrain?"), "line break"),
    ("control char in option", good(options=["Barley", "Rye\x07", "Maize", "Oats"]), "option 1 contains"),
    ("distillery not a string", good(distillery=["IY_ARDBEG"]), "unknown distillery id"),
    ("huge number", '{"id": "X", "answer": ' + "9" * 5000 + "}", "bad JSON"),
]


@pytest.mark.parametrize("label,bad,expected", LIMIT_DEFECTS, ids=[d[0] for d in LIMIT_DEFECTS])
def test_limits_are_refused_naming_the_line(tmp_path, label, bad, expected):
    write_pack(tmp_path, "big.jsonl", [good(id="PACK-000"), bad])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    assert ei.value.line == 2 and "big.jsonl line 2:" in str(ei.value)
    assert expected in str(ei.value), str(ei.value)
    assert len(str(ei.value)) < 400             # an error never echoes the hostile input


def test_values_at_the_limits_are_accepted(tmp_path):
    rec = good(id="P" * 32, question="Q" * 299 + "?", info="i" * 400, source="s" * 600,
               options=["A" * 80, "B" * 80, "C" * 80, "D" * 80])
    write_pack(tmp_path, "edge.jsonl", [rec])
    assert load_bank(extra_dirs=[str(tmp_path)])["P" * 32]["question"].endswith("?")


def test_a_pack_holds_at_most_500_questions(tmp_path):
    recs = [good(id=f"P{i}", question=f"Question {i}?") for i in range(qbank.MAX_PACK_QUESTIONS)]
    write_pack(tmp_path / "ok", "full.jsonl", recs)
    assert len(load_bank(extra_dirs=[str(tmp_path / "ok")])) == len(load_bank()) + 500
    write_pack(tmp_path / "bad", "over.jsonl", recs + ["", good(id="P500")])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path / "bad")])
    assert ei.value.line == 502 and "at most 500" in str(ei.value)


def test_pack_file_over_one_megabyte_is_refused(tmp_path):
    (tmp_path / "huge.jsonl").write_bytes(b" " * (qbank.MAX_PACK_BYTES + 1))
    with pytest.raises(QuestionError, match=r"huge\.jsonl: file is larger than 1 MB"):
        load_bank(extra_dirs=[str(tmp_path)])
    with pytest.raises(QuestionError, match="larger than 1 MB"):
        qbank.check_pack(b" " * (qbank.MAX_PACK_BYTES + 1), "huge.jsonl", 1)


# --- malformed bytes never crash -----------------------------------------------------------

@pytest.mark.parametrize("line", [
    "[" * 100000,
    '{"id": "X", "options": ' + "[" * 100000,
    "{" + '"a":{' * 50000,
], ids=["brackets", "inside a record", "objects"])
def test_deeply_nested_json_is_refused_naming_the_line(tmp_path, line):
    write_pack(tmp_path, "deep.jsonl", [good(), line])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    assert ei.value.line == 2 and "deep.jsonl line 2: bad JSON" in str(ei.value)


def test_non_utf8_bytes_are_refused_naming_the_line(tmp_path):
    body = (json.dumps(good()) + "\n").encode() + b'{"id": "caf\xe9"}\n'
    (tmp_path / "latin.jsonl").write_bytes(body)
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    assert ei.value.line == 2 and "latin.jsonl line 2: not UTF-8" in str(ei.value)
    with pytest.raises(QuestionError, match=r"up\.jsonl line 2: not UTF-8"):
        qbank.check_pack(body, "up.jsonl", 1)


def test_windows_files_load(tmp_path):
    body = b"\xef\xbb\xbf" + json.dumps(good()).encode() + b"\r\n\r\n" \
        + json.dumps(good(id="PACK-002")).encode() + b"\r\n"
    (tmp_path / "win.jsonl").write_bytes(body)
    bank = load_bank(extra_dirs=[str(tmp_path)])
    assert {"PACK-001", "PACK-002"} <= set(bank)


def test_line_numbers_count_newlines_only(tmp_path):
    """A JSON string may hold U+2028; it is not a line break of the file."""
    write_pack(tmp_path, "u.jsonl", [good(question="Which\u2028grain?"), good(id="PACK-002")])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    assert ei.value.line == 1 and "line break" in str(ei.value)


# --- packs belong to one server --------------------------------------------------------------

GUILD, OTHER = 111111111111111111, 222222222222222222


@pytest.fixture
def packs_root(tmp_path, monkeypatch):
    root = tmp_path / "packs"
    monkeypatch.setenv("QUESTION_PACKS_DIR", str(root))
    return root


def body(*recs) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in recs).encode()


def test_installed_pack_dirs_are_per_guild(packs_root):
    assert qbank.pack_dir() == packs_root
    assert qbank.installed_pack_dirs(GUILD) == []
    assert qbank.installed_pack_dirs(None) == []
    assert qbank.install_pack(body(good(), good(id="PACK-002")), "house.jsonl", GUILD) == 2
    assert (packs_root / str(GUILD) / "house.jsonl").is_file()
    assert qbank.installed_pack_dirs(GUILD) == [str(packs_root / str(GUILD))]
    assert qbank.installed_pack_dirs(str(GUILD)) == [str(packs_root / str(GUILD))]
    assert qbank.installed_pack_dirs(OTHER) == []
    for bad in (None, "", 0, -1, True, "..", "../111111111111111111", "1/2", "１２", 1.5):
        assert qbank.installed_pack_dirs(bad) == [], bad
        assert qbank.guild_pack_dir(bad) is None, bad
    (packs_root / str(OTHER)).mkdir()
    assert qbank.installed_pack_dirs(OTHER) == []        # a folder without packs


def test_ids_may_repeat_between_guilds_never_within_one(packs_root):
    qbank.install_pack(body(good()), "a.jsonl", GUILD)
    # the same id in another server is fine
    assert qbank.install_pack(body(good()), "a.jsonl", OTHER) == 1
    # ... but not twice in one server
    with pytest.raises(QuestionError, match=r"b\.jsonl line 1: .*'PACK-001' collides .*a\.jsonl line 1"):
        qbank.install_pack(body(good()), "b.jsonl", GUILD)
    assert not (packs_root / str(GUILD) / "b.jsonl").exists()
    # nor a shipped id
    with pytest.raises(QuestionError, match="'E01' collides"):
        qbank.check_pack(body(good(id="E01")), "c.jsonl", GUILD)
    bank = load_bank(extra_dirs=qbank.installed_pack_dirs(GUILD))
    assert "PACK-001" in bank and len(bank) == len(load_bank()) + 1


def test_refused_pack_installs_nothing(packs_root):
    for data, name, expected in [
        (body(good(), good(options=["A", "B"])), "bad.jsonl", "bad.jsonl line 2: 'options'"),
        (b"", "empty.jsonl", "no questions"),
        (b"\n  \n", "blank.jsonl", "no questions"),
        (b"[" * 100000, "deep.jsonl", "deep.jsonl line 1: bad JSON"),
        (body(good()), "../evil.jsonl", "name has only letters"),
        (body(good()), "evil.txt", "name has only letters"),
    ]:
        with pytest.raises(QuestionError) as ei:
            qbank.install_pack(data, name, GUILD)
        assert expected in str(ei.value), str(ei.value)
    assert not packs_root.exists() or not any(packs_root.rglob("*"))
    with pytest.raises(QuestionError, match="belong to a server"):
        qbank.install_pack(body(good()), "a.jsonl", None)


def test_same_pack_name_twice_and_pack_count_limit(packs_root, monkeypatch):
    qbank.install_pack(body(good()), "house.jsonl", GUILD)
    with pytest.raises(QuestionError, match="already installed"):
        qbank.install_pack(body(good(id="PACK-009")), "house.jsonl", GUILD)
    assert json.loads((packs_root / str(GUILD) / "house.jsonl").read_text())["id"] == "PACK-001"
    monkeypatch.setattr(qbank, "MAX_PACKS_PER_GUILD", 2)
    qbank.install_pack(body(good(id="PACK-002")), "two.jsonl", GUILD)
    with pytest.raises(QuestionError, match=r"already has 2 packs"):
        qbank.install_pack(body(good(id="PACK-003")), "three.jsonl", GUILD)
    assert qbank.install_pack(body(good(id="PACK-003")), "three.jsonl", OTHER) == 1
    assert sorted(p.name for p in (packs_root / str(GUILD)).iterdir()) == ["house.jsonl", "two.jsonl"]


def test_pack_file_name():
    assert qbank.pack_file_name("house.jsonl") == "house.jsonl"
    assert qbank.pack_file_name("My Pack (2).JSONL") == "My_Pack__2.jsonl"
    assert qbank.pack_file_name("../../etc/x.jsonl") == "x.jsonl"
    assert qbank.pack_file_name("C:\\a\\b.jsonl") == "b.jsonl"
    assert qbank.pack_file_name(".jsonl") is None
    assert qbank.pack_file_name("house.json") is None
    assert qbank.pack_file_name("x" * 200 + ".jsonl") == "x" * 48 + ".jsonl"


def test_engine_table_uses_only_its_own_guilds_packs(packs_root):
    from engines.base import IllegalAction
    from engines.whisky.engine import WhiskyEngine
    eng = WhiskyEngine()
    plain = eng.new(["A", "B"], seed=1)
    assert plain["options"]["question_packs"] == ""
    assert eng.options()["question_packs"][0] == ""
    qbank.install_pack(body(good(), good(id="PACK-002", difficulty="hard")), "house.jsonl", GUILD)
    qbank.install_pack(body(good(id="OTHER-1")), "other.jsonl", OTHER)
    eng.reload_bank()
    mine = eng.new(["A", "B"], seed=1, options={"question_packs": str(GUILD)})
    theirs = eng.new(["A", "B"], seed=1, options={"question_packs": str(OTHER)})
    none = eng.new(["A", "B"], seed=1)
    assert {"PACK-001", "PACK-002"} <= set(eng.bank(mine)) and "OTHER-1" not in eng.bank(mine)
    assert "OTHER-1" in eng.bank(theirs) and "PACK-001" not in eng.bank(theirs)
    assert "PACK-001" not in eng.bank(none) and "OTHER-1" not in eng.bank(none)
    assert "PACK-002" in mine["pools"]["hard"]             # drawn like any hard question
    assert "PACK-001" not in json.dumps(none)
    # a pack installed later reaches the cache after reload_bank, for that guild only
    qbank.install_pack(body(good(id="PACK-003")), "more.jsonl", GUILD)
    assert "PACK-003" not in eng.bank(mine)                 # still cached
    eng.reload_bank()
    assert "PACK-003" in eng.bank(mine) and "PACK-003" not in eng.bank(theirs)
    for bad in ("../x", "12a", 5, "１２"):
        with pytest.raises(IllegalAction):
            eng.new(["A", "B"], seed=1, options={"question_packs": bad})
    eng.reload_bank()


def test_each_language_asks_its_own_text_with_the_english_answers():
    en, hu, el = (qbank.load_bank(lang) for lang in ("en", "hu", "el"))
    assert set(en) == set(hu) == set(el)
    for qid in en:
        for other in (hu, el):
            assert other[qid]["answer"] == en[qid]["answer"]
            assert other[qid]["difficulty"] == en[qid]["difficulty"]
            assert other[qid]["distillery"] == en[qid]["distillery"]
    assert hu["E01"]["question"] != en["E01"]["question"]


def test_a_question_without_translation_falls_back_to_english(tmp_path, monkeypatch):
    """A server's English pack with a Hungarian translation of one of its two questions:
    a Hungarian table asks that one in Hungarian and the other in English."""
    monkeypatch.setenv("QUESTION_PACKS_DIR", str(tmp_path))
    guild = 4242

    def rec(qid, text, answer=0):
        return {"id": qid, "difficulty": "easy", "question": text,
                "options": ["One", "Two", "Three", "Four"], "answer": answer,
                "info": "A fact.", "distillery": None}
    import json as _json
    english = "\n".join(_json.dumps(rec(q, f"English {q}?")) for q in ("HX1", "HX2")).encode()
    assert qbank.install_pack(english, "house.jsonl", guild) == 2
    magyar = _json.dumps(rec("HX1", "Magyar HX1?"), ensure_ascii=False).encode()
    assert qbank.install_pack(magyar, "house.jsonl", guild, "hu") == 1
    bank = qbank.load_bank("hu", qbank.installed_pack_dirs(guild))
    assert bank["HX1"]["question"] == "Magyar HX1?" and bank["HX2"]["question"] == "English HX2?"
    assert qbank.load_bank("en", qbank.installed_pack_dirs(guild))["HX1"]["question"] == "English HX1?"
    # a translation that changes the answer is refused, naming the line
    wrong = _json.dumps(rec("HX2", "Magyar HX2?", answer=3), ensure_ascii=False).encode()
    with pytest.raises(qbank.QuestionError, match="line 1"):
        qbank.install_pack(wrong, "more.jsonl", guild, "hu")


def test_a_refusal_reads_in_the_language_of_whoever_added_the_pack(tmp_path):
    from core.i18n import tr
    write_pack(tmp_path, "bad.jsonl", [good(id="PACK-000"), good(options=["A", "B", "A ", "C"])])
    with pytest.raises(QuestionError) as ei:
        load_bank(extra_dirs=[str(tmp_path)])
    err = ei.value
    assert str(err).endswith("bad.jsonl line 2: duplicate options: option 0 and option 2 are both 'A '")
    assert tr(err.text, "en") == str(err)
    assert tr(err.text, "el").endswith(
        "bad.jsonl γραμμή 2: διπλές επιλογές: η επιλογή 0 και η επιλογή 2 είναι και οι δύο 'A '")
    assert tr(err.text, "hu").endswith(
        "bad.jsonl, 2. sor: ismétlődő lehetőségek: a(z) 0. és a(z) 2. lehetőség is 'A '")


def test_packs_outside_every_server_folder_are_named_when_the_bot_starts(packs_root, caplog):
    """Packs once lay in the packs folder itself; no table loads them now, so the operator
    is told which files to move rather than losing them silently."""
    import asyncio
    import logging
    from cogs import whisky as whisky_cog
    write_pack(packs_root, "old.jsonl", [good()])
    qbank.install_pack(body(good(id="PACK-002")), "house.jsonl", GUILD)
    assert qbank.unowned_packs() == [packs_root / "old.jsonl"]

    class Bot:
        added: list = []

        async def add_cog(self, cog):
            self.added.append(cog)

    bot = Bot()
    with caplog.at_level(logging.WARNING, logger="cogs.whisky"):
        asyncio.run(whisky_cog.setup(bot))
    assert "1 question pack(s)" in caplog.text and "old.jsonl" in caplog.text
    assert "house.jsonl" not in caplog.text and len(bot.added) == 1
    (packs_root / "old.jsonl").unlink()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="cogs.whisky"):
        asyncio.run(whisky_cog.setup(bot))
    assert "question pack" not in caplog.text


def test_control_characters_are_those_of_unicode():
    """The check a loader runs on every character of every pack (a regular expression, not
    a look-up per character) refuses exactly Unicode's control characters and line and
    paragraph separators."""
    import unicodedata
    for code in range(0x110000):
        ch = chr(code)
        assert qbank._has_control(f"a{ch}b") == (unicodedata.category(ch) in ("Cc", "Zl", "Zp")), hex(code)


def test_two_installs_at_once_never_pass_the_pack_limit(packs_root, monkeypatch):
    """The bot installs packs in threads: two at once are checked one after the other."""
    import threading
    monkeypatch.setattr(qbank, "MAX_PACKS_PER_GUILD", 1)
    barrier = threading.Barrier(2)
    results = []

    def install(name):
        barrier.wait()
        try:
            results.append(qbank.install_pack((json.dumps(good(id=name)) + "\n").encode(),
                                              f"{name}.jsonl", 5))
        except QuestionError as e:
            results.append(e)
    workers = [threading.Thread(target=install, args=(n,)) for n in ("one", "two")]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(type(r).__name__ for r in results) == ["QuestionError", "int"]
    assert len(list((packs_root / "5").glob("*.jsonl"))) == 1
