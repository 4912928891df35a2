"""The Whisky Game trivia bank: loading and validating the question cards.

The shipped bank lives in ``questions/<lang>.jsonl`` beside this module, one JSON record
a line (rules section 11.3)::

    {"id": "M07", "difficulty": "medium", "question": "...",
     "options": ["...", "...", "...", "..."], "answer": 1,
     "distillery": "LO_SPRINGBANK", "info": "...", "ordered_options": false,
     "source": "Springbank, https://..."}

``answer`` is the zero-based index into ``options``; ``distillery`` is a distillery node
id of the board (rules section 12.3) or null; ``ordered_options`` marks years/quantities in
ascending order, which the bot must not shuffle.

Admins may add question packs: every ``*.jsonl`` file in the folders given as
``extra_dirs``. A pack may not reuse an id that is already loaded.

Public API:
    load_bank(lang="en", extra_dirs=None) -> dict[str, dict]   id -> record
    validate_record(rec, known_distilleries) -> None           raises QuestionError
    pools(bank) -> dict[str, list[str]]                         difficulty -> sorted ids
    QuestionError(ValueError)                                   names file, line and defect
    DIFFICULTIES, REQUIRED_FIELDS, OPTIONAL_FIELDS, QUESTIONS_DIR
"""
from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path
from typing import Any, Iterable

QUESTIONS_DIR = Path(__file__).resolve().parent / "questions"
DEFAULT_LANG = "en"

DIFFICULTIES = ("easy", "medium", "hard")
REQUIRED_FIELDS = ("id", "difficulty", "question", "options", "answer", "info")
# distillery defaults to None, ordered_options to False. "source" is required in the
# shipped bank (every fact is checked against a named source) and optional in admin packs.
OPTIONAL_FIELDS = ("distillery", "ordered_options", "source")
_ALL_FIELDS = frozenset(REQUIRED_FIELDS + OPTIONAL_FIELDS)
N_OPTIONS = 4

_LANG_RE = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$")

# Distillery node ids of the board, copied from docs section 12.3 (45 distilleries).
class QuestionError(ValueError):
    """A question record or file is malformed.

    ``problem`` says what is wrong; ``path`` and ``line`` (1-based) say where, when known.
    ``str(err)`` reads ``"<file> line <n>: <problem>"``.
    """

    def __init__(self, problem: str, path: str | Path | None = None, line: int | None = None):
        self.problem = problem
        self.path = str(path) if path is not None else None
        self.line = line
        where = ""
        if self.path is not None:
            where = self.path + (f" line {line}" if line is not None else "") + ": "
        elif line is not None:
            where = f"line {line}: "
        super().__init__(where + problem)


def pack_dir() -> Path:
    """Where a server's admins install question packs (QUESTION_PACKS_DIR)."""
    return Path(os.environ.get("QUESTION_PACKS_DIR") or "data/question_packs")


def installed_pack_dirs() -> list[str]:
    d = pack_dir()
    return [str(d)] if d.is_dir() and any(d.glob("*.jsonl")) else []


def known_distillery_ids() -> frozenset[str]:
    """Distillery ids of the board (engines.whisky.data is the one place they live)."""
    from engines.whisky.data import DISTILLERY_IDS
    return frozenset(DISTILLERY_IDS)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _nonempty_str(rec: dict, key: str) -> str:
    value = rec[key]
    if not isinstance(value, str) or not value.strip():
        raise QuestionError(f"{key!r} must be a non-empty string, got {value!r}")
    return value


def validate_record(rec: Any, known_distilleries: Iterable[str], *,
                    require_source: bool = False) -> None:
    """Check one question record; raise QuestionError saying what is wrong.

    The error carries no file or line; ``load_bank`` adds them.
    """
    if not isinstance(rec, dict):
        raise QuestionError(f"a question must be a JSON object, got {type(rec).__name__}")
    for key in REQUIRED_FIELDS:
        if key not in rec:
            raise QuestionError(f"missing field {key!r}")
    if require_source and "source" not in rec:
        raise QuestionError("missing field 'source'")
    unknown = sorted(set(rec) - _ALL_FIELDS)
    if unknown:
        raise QuestionError(
            f"unknown field(s) {', '.join(map(repr, unknown))}; "
            f"allowed: {', '.join(REQUIRED_FIELDS + OPTIONAL_FIELDS)}")

    qid = _nonempty_str(rec, "id")
    if qid != qid.strip():
        raise QuestionError(f"id {qid!r} has leading or trailing spaces")
    difficulty = rec["difficulty"]
    if difficulty not in DIFFICULTIES:
        raise QuestionError(
            f"unknown difficulty {difficulty!r}; use one of {', '.join(DIFFICULTIES)}")
    _nonempty_str(rec, "question")

    options = rec["options"]
    if not isinstance(options, list) or len(options) != N_OPTIONS:
        n = len(options) if isinstance(options, list) else type(options).__name__
        raise QuestionError(f"'options' must be a list of exactly {N_OPTIONS} options, got {n}")
    for i, opt in enumerate(options):
        if not isinstance(opt, str) or not opt.strip():
            raise QuestionError(f"option {i} must be a non-empty string, got {opt!r}")
    seen: dict[str, int] = {}
    for i, opt in enumerate(options):
        key = _norm(opt)
        if key in seen:
            raise QuestionError(f"duplicate options: option {seen[key]} and option {i} "
                                f"are both {opt!r}")
        seen[key] = i

    answer = rec["answer"]
    if isinstance(answer, bool) or not isinstance(answer, int) \
            or not 0 <= answer < N_OPTIONS:
        raise QuestionError(
            f"answer out of range: {answer!r}; it must be the option index 0 to {N_OPTIONS - 1}")

    info = rec["info"]
    if not isinstance(info, str) or not info.strip():
        raise QuestionError("empty info: give a one-line fact to read after the answer")

    distillery = rec.get("distillery")
    if distillery is not None:
        known = known_distilleries if isinstance(known_distilleries, (set, frozenset)) \
            else set(known_distilleries)
        if distillery not in known:
            raise QuestionError(
                f"unknown distillery id {distillery!r}; use a distillery node id from the "
                "board (rules section 12.3, e.g. 'LO_SPRINGBANK') or null")
    ordered = rec.get("ordered_options", False)
    if not isinstance(ordered, bool):
        raise QuestionError(f"'ordered_options' must be true or false, got {ordered!r}")
    if "source" in rec:
        _nonempty_str(rec, "source")


def _normalise(rec: dict) -> dict:
    out = dict(rec)
    out["options"] = list(rec["options"])
    out.setdefault("distillery", None)
    out.setdefault("ordered_options", False)
    out.setdefault("source", "")
    return out


def _read_file(path: Path, bank: dict[str, dict], where: dict[str, str],
               known: frozenset[str], *, shipped: bool) -> None:
    """Add the records of one .jsonl file to ``bank`` (id -> record), checking each."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise QuestionError(f"file is not UTF-8 text ({e.reason})", path) from None
    except OSError as e:
        raise QuestionError(f"cannot read file ({e.strerror or e})", path) from None
    added: dict[str, dict] = {}
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise QuestionError(f"bad JSON: {e.msg} (column {e.colno})", path, lineno) from None
        try:
            validate_record(rec, known, require_source=shipped)
        except QuestionError as e:
            raise QuestionError(e.problem, path, lineno) from None
        qid = rec["id"]
        if qid in added or qid in bank:
            first = where[qid]
            if qid in added or shipped:
                problem = f"duplicate id {qid!r} (first used at {first})"
            else:
                problem = (f"pack id {qid!r} collides with an existing question ({first}); "
                           "give the pack's questions ids of their own, e.g. with a prefix")
            raise QuestionError(problem, path, lineno)
        where[qid] = f"{path.name} line {lineno}"
        added[qid] = _normalise(rec)
    bank.update(added)


def _bank_file(lang: str) -> Path:
    if not isinstance(lang, str) or not _LANG_RE.match(lang):
        raise ValueError(f"bad language code {lang!r}")
    path = QUESTIONS_DIR / f"{lang}.jsonl"
    if not path.is_file():
        path = QUESTIONS_DIR / f"{DEFAULT_LANG}.jsonl"   # fall back to English
    return path


@functools.lru_cache(maxsize=8)
def _load_shipped(path_str: str) -> tuple[dict[str, dict], dict[str, str]]:
    bank: dict[str, dict] = {}
    where: dict[str, str] = {}
    _read_file(Path(path_str), bank, where, known_distillery_ids(), shipped=True)
    return bank, where


def _copy(bank: dict[str, dict]) -> dict[str, dict]:
    return {qid: {**rec, "options": list(rec["options"])} for qid, rec in bank.items()}


def load_bank(lang: str = DEFAULT_LANG, extra_dirs: list[str] | None = None) -> dict[str, dict]:
    """All questions, id -> record, in file order: the shipped bank of ``lang`` (English
    when that language has no file), plus every ``*.jsonl`` pack in ``extra_dirs``.

    The shipped bank is parsed once and cached; every call returns a fresh copy, so callers
    may change what they get. Raises QuestionError naming the file and line of a bad record,
    a duplicate id or a pack id that collides with one already loaded.
    """
    shipped, shipped_where = _load_shipped(str(_bank_file(lang)))
    bank = _copy(shipped)
    if not extra_dirs:
        return bank
    where = dict(shipped_where)
    known = known_distillery_ids()
    for d in extra_dirs:
        folder = Path(d)
        if not folder.is_dir():
            raise QuestionError("question pack folder not found", folder)
        for path in sorted(folder.glob("*.jsonl")):
            _read_file(path, bank, where, known, shipped=False)
    return bank


def pools(bank: dict[str, dict]) -> dict[str, list[str]]:
    """The ids of ``bank`` by difficulty (each list sorted), for drawing questions."""
    out: dict[str, list[str]] = {d: [] for d in DIFFICULTIES}
    for qid, rec in bank.items():
        out[rec["difficulty"]].append(qid)
    for ids in out.values():
        ids.sort()
    return out


def clear_cache() -> None:
    """Forget the cached shipped banks (after the files change, e.g. in tests)."""
    _load_shipped.cache_clear()
