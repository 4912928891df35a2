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

Question packs belong to the server (guild) whose managers installed them: they live in
``pack_dir()/<guild_id>/<name>.jsonl`` and only that server's tables load them (the engine
option ``question_packs`` names the server). Within the bank a table loads (the shipped
bank plus one server's packs) every id is unique; different servers may reuse ids.

Limits (for the shipped bank and for packs alike; they fit the board and a Discord button):
a pack file is at most ``MAX_PACK_BYTES`` (1 MB) with at most ``MAX_PACK_QUESTIONS`` (500)
questions, a server holds at most ``MAX_PACKS_PER_GUILD`` packs; a question's text is at
most ``MAX_QUESTION_CHARS`` characters, each option ``MAX_OPTION_CHARS``, info
``MAX_INFO_CHARS``, source ``MAX_SOURCE_CHARS``, and an id is 1 to ``MAX_ID_CHARS``
letters, digits, ``-`` or ``_``. Text fields hold no line breaks or control characters.
Every refusal is a QuestionError naming the file and line; nothing is installed from a
refused file.

Public API:
    load_bank(lang="en", extra_dirs=None) -> dict[str, dict]   id -> record
    validate_record(rec, known_distilleries) -> None           raises QuestionError
    pools(bank) -> dict[str, list[str]]                         difficulty -> sorted ids
    pack_dir() -> Path                                          root of all servers' packs
    guild_pack_dir(guild_id) -> Path | None                     one server's pack folder
    installed_pack_dirs(guild_id) -> list[str]                  [that folder] if it has packs
                                                                (English ones, translations in <lang>/)
    unowned_packs() -> list[Path]                               packs in no server's folder
    pack_file_name(filename) -> str | None                      safe "<name>.jsonl" or None
    check_pack(data, name, guild_id, lang="en") -> int          validate an upload; n questions
                                                                (another lang: translations of
                                                                its ids, same answers)
    install_pack(data, name, guild_id, lang="en") -> int        check, then save atomically
    clear_cache()                                               forget the parsed shipped banks
    QuestionError(ValueError)                                   names file, line and defect
    DIFFICULTIES, REQUIRED_FIELDS, OPTIONAL_FIELDS, QUESTIONS_DIR, MAX_* limits
"""
from __future__ import annotations

import functools
import json
import os
import re
import threading
from pathlib import Path
from typing import Any, Iterable

from engines.base import T, Text, english

QUESTIONS_DIR = Path(__file__).resolve().parent / "questions"
DEFAULT_LANG = "en"

DIFFICULTIES = ("easy", "medium", "hard")
REQUIRED_FIELDS = ("id", "difficulty", "question", "options", "answer", "info")
# distillery defaults to None, ordered_options to False. "source" is required in the
# shipped bank (every fact is checked against a named source) and optional in admin packs.
OPTIONAL_FIELDS = ("distillery", "ordered_options", "source")
_ALL_FIELDS = frozenset(REQUIRED_FIELDS + OPTIONAL_FIELDS)
N_OPTIONS = 4

# --- limits ---------------------------------------------------------------------------------
MAX_PACK_BYTES = 1024 * 1024        # one uploaded pack file
MAX_PACK_QUESTIONS = 500            # questions in one pack
MAX_PACKS_PER_GUILD = 20            # pack files one server may install
MAX_ID_CHARS = 32
MAX_QUESTION_CHARS = 300            # the question panel and the board's question card
MAX_OPTION_CHARS = 80               # a Discord button label is at most 80 characters
MAX_INFO_CHARS = 400                # the fact read out after the answer
MAX_SOURCE_CHARS = 600              # never shown on the board; bounded all the same

_LANG_RE = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$")
_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,%d}" % MAX_ID_CHARS)
_GUILD_RE = re.compile(r"[0-9]{1,20}")          # a Discord snowflake
_PACK_SUFFIX = ".jsonl"
_PACK_STEM_CHARS = 48


class QuestionError(ValueError):
    """A question record or file is malformed.

    ``message`` is an English message id with {named} placeholders that ``params`` fill in
    (as for ``IllegalAction``); ``problem`` is it in English. ``path`` and ``line`` (1-based)
    say where, when known. ``str(err)`` reads ``"<file> line <n>: <problem>"``; ``text`` is
    the same as a translatable Text, for the server manager's language.
    """

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None,
                 **params: Any):
        self.message = message
        self.params = params
        self.path = str(path) if path is not None else None
        self.line = line
        self.problem = english(T(message, **params))
        super().__init__(english(self.text))

    @property
    def text(self) -> Text:
        problem = T(self.message, **self.params)
        if self.path is not None and self.line is not None:
            return T("{file} line {line}: {problem}", file=self.path, line=self.line, problem=problem)
        if self.path is not None:
            return T("{file}: {problem}", file=self.path, problem=problem)
        if self.line is not None:
            return T("line {line}: {problem}", line=self.line, problem=problem)
        return problem

    def at(self, path: str | Path, line: int | None) -> "QuestionError":
        """The same defect, found at ``line`` of ``path``."""
        return QuestionError(self.message, path, line, **self.params)


def _place(where: str) -> Text | str:
    """A "<file> line <n>" recorded for an id, as a translatable Text."""
    file, _, line = where.rpartition(" line ")
    return T("{file} line {line}", file=file, line=line) if file else where


# --- where packs live -----------------------------------------------------------------------

def pack_dir() -> Path:
    """The root of all servers' question packs (QUESTION_PACKS_DIR, default
    data/question_packs); each server has its own folder ``<guild_id>`` inside."""
    return Path(os.environ.get("QUESTION_PACKS_DIR") or "data/question_packs")


def _guild_key(guild_id: Any) -> str | None:
    """The folder name of a server: its id as decimal digits, or None when ``guild_id`` is
    not a server id (None, "", a bool, anything that could leave the packs folder)."""
    if guild_id is None or isinstance(guild_id, bool):
        return None
    if isinstance(guild_id, int):
        key = str(guild_id) if guild_id > 0 else ""
    elif isinstance(guild_id, str):
        key = guild_id.strip()
    else:
        return None
    return key if _GUILD_RE.fullmatch(key) and int(key) > 0 else None


def guild_pack_dir(guild_id: Any) -> Path | None:
    """The folder of one server's packs (it may not exist yet); None for no server."""
    key = _guild_key(guild_id)
    return pack_dir() / key if key is not None else None


def _pack_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*" + _PACK_SUFFIX) if p.is_file())


def installed_pack_dirs(guild_id: Any) -> list[str]:
    """The pack folders a table of server ``guild_id`` loads: ``[its folder]`` when that
    server has installed packs, else ``[]`` (also for ``None`` or a malformed id)."""
    folder = guild_pack_dir(guild_id)
    if folder is None or not folder.is_dir():
        return []
    has = _pack_files(folder) or any(_pack_files(d) for d in folder.iterdir() if d.is_dir())
    return [str(folder)] if has else []


def unowned_packs() -> list[Path]:
    """Pack files lying in ``pack_dir()`` itself, outside every server's folder (where packs
    were kept before they belonged to a server): no table loads them."""
    return _pack_files(pack_dir())


def pack_file_name(filename: str) -> str | None:
    """The name a pack is saved under: ``<stem>.jsonl`` with only letters, digits, ``-``
    and ``_`` in the stem (at most 48 of them); None unless ``filename`` ends in .jsonl."""
    base = str(filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    if not base.lower().endswith(_PACK_SUFFIX):
        return None
    stem = re.sub(r"[^A-Za-z0-9_-]", "_", base[:-len(_PACK_SUFFIX)]).strip("_-")
    stem = stem[:_PACK_STEM_CHARS]
    return stem + _PACK_SUFFIX if stem else None


def known_distillery_ids() -> frozenset[str]:
    """Distillery ids of the board (engines.whisky.data is the one place they live)."""
    from engines.whisky.data import DISTILLERY_IDS
    return frozenset(DISTILLERY_IDS)


# --- one record -----------------------------------------------------------------------------

def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


# Unicode's control characters (category Cc: C0, DEL and C1) and its line and paragraph
# separators (Zl, Zp): one regular expression instead of a look-up per character (a server
# with 20 full packs has about 16 million characters to check)
_CONTROL_RE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _has_control(text: str) -> bool:
    return _CONTROL_RE.search(text) is not None


def _text(value: Any, what: str | Text, limit: int, button: bool = False) -> str:
    """A non-empty one-line string of at most ``limit`` characters (``button``: an answer
    button's label, which says so when too long)."""
    if not isinstance(value, str) or not value.strip():
        raise QuestionError("{what} must be a non-empty string, got {value}",
                            what=what, value=_short(value))
    if len(value) > limit and button:
        raise QuestionError("{what} is {length} characters long; at most {limit} are allowed "
                            "(an answer button shows 'A: ' and the option)",
                            what=what, length=len(value), limit=limit)
    if len(value) > limit:
        raise QuestionError("{what} is {length} characters long; at most {limit} are allowed",
                            what=what, length=len(value), limit=limit)
    if _has_control(value):
        raise QuestionError("{what} contains a line break or control character; "
                            "keep it on one line", what=what)
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validate_record(rec: Any, known_distilleries: Iterable[str], *,
                    require_source: bool = False) -> None:
    """Check one question record; raise QuestionError saying what is wrong.

    The error carries no file or line; ``load_bank`` adds them.
    """
    if not isinstance(rec, dict):
        raise QuestionError("a question must be a JSON object, got {kind}",
                            kind=type(rec).__name__)
    for key in REQUIRED_FIELDS + (("source",) if require_source else ()):
        if key not in rec:
            raise QuestionError("missing field {field}", field=repr(key))
    unknown = sorted(set(rec) - _ALL_FIELDS)
    if unknown:
        shown = ", ".join(_short(k) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise QuestionError("unknown field(s) {fields}; allowed: {allowed}", fields=shown,
                            allowed=", ".join(REQUIRED_FIELDS + OPTIONAL_FIELDS))

    qid = _text(rec["id"], "'id'", MAX_ID_CHARS)
    if not _ID_RE.fullmatch(qid):
        raise QuestionError("id {value} must be 1 to {limit} letters, digits, '-' or '_' "
                            "(no spaces)", value=_short(qid), limit=MAX_ID_CHARS)
    difficulty = rec["difficulty"]
    if difficulty not in DIFFICULTIES:
        raise QuestionError("unknown difficulty {value}; use one of {allowed}",
                            value=_short(difficulty), allowed=", ".join(DIFFICULTIES))
    _text(rec["question"], "'question'", MAX_QUESTION_CHARS)

    options = rec["options"]
    if not isinstance(options, list) or len(options) != N_OPTIONS:
        n = len(options) if isinstance(options, list) else type(options).__name__
        raise QuestionError("'options' must be a list of exactly {count} options, got {got}",
                            count=N_OPTIONS, got=n)
    for i, opt in enumerate(options):
        _text(opt, T("option {i}", i=i), MAX_OPTION_CHARS, button=True)
    seen: dict[str, int] = {}
    for i, opt in enumerate(options):
        key = _norm(opt)
        if key in seen:
            raise QuestionError("duplicate options: option {first} and option {second} are "
                                "both {value}", first=seen[key], second=i, value=repr(opt))
        seen[key] = i

    answer = rec["answer"]
    if isinstance(answer, bool) or not isinstance(answer, int) \
            or not 0 <= answer < N_OPTIONS:
        raise QuestionError("answer out of range: {value}; it must be the option index 0 to "
                            "{last}", value=_short(answer), last=N_OPTIONS - 1)

    info = rec["info"]
    if not isinstance(info, str) or not info.strip():
        raise QuestionError("empty info: give a one-line fact to read after the answer")
    _text(info, "'info'", MAX_INFO_CHARS)

    distillery = rec.get("distillery")
    if distillery is not None:
        known = known_distilleries if isinstance(known_distilleries, (set, frozenset)) \
            else set(known_distilleries)
        if not isinstance(distillery, str) or distillery not in known:
            raise QuestionError(
                "unknown distillery id {value}; use a distillery node id from the board "
                "(rules section 12.3, e.g. 'LO_SPRINGBANK') or null", value=_short(distillery))
    ordered = rec.get("ordered_options", False)
    if not isinstance(ordered, bool):
        raise QuestionError("'ordered_options' must be true or false, got {value}",
                            value=_short(ordered))
    if "source" in rec:
        _text(rec["source"], "'source'", MAX_SOURCE_CHARS)


def _normalise(rec: dict) -> dict:
    out = dict(rec)
    out["options"] = list(rec["options"])
    out.setdefault("distillery", None)
    out.setdefault("ordered_options", False)
    out.setdefault("source", "")
    return out


# --- files ----------------------------------------------------------------------------------

def _parse(data: bytes, label: str, bank: dict[str, dict], where: dict[str, str],
           known: frozenset[str], *, shipped: bool) -> int:
    """Add the records of one JSON Lines file (its bytes) to ``bank`` (id -> record),
    checking each; return how many were added. ``label`` names the file in errors.
    Nothing is added when any line is refused."""
    added: dict[str, dict] = {}
    for lineno, raw in enumerate(data.split(b"\n"), start=1):
        if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]                                   # a byte order mark (Windows)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise QuestionError("not UTF-8 text (bad byte at column {column}); save the file "
                                "as UTF-8", label, lineno, column=e.start + 1) from None
        if not line.strip():
            continue
        if not shipped and len(added) >= MAX_PACK_QUESTIONS:
            raise QuestionError("too many questions: a pack holds at most {limit}; split it "
                                "into several packs", label, lineno, limit=MAX_PACK_QUESTIONS)
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            # the JSON parser's own words stay English: they name a syntax, not a sentence
            raise QuestionError("bad JSON: {detail} (column {column})", label, lineno,
                                detail=e.msg, column=e.colno) from None
        except RecursionError:
            raise QuestionError("bad JSON: nested too deeply; a question is one flat JSON "
                                "object", label, lineno) from None
        except (ValueError, TypeError, MemoryError) as e:
            raise QuestionError("bad JSON: {detail}", label, lineno, detail=str(e)[:120]) from None
        try:
            validate_record(rec, known, require_source=shipped)
        except QuestionError as e:
            raise e.at(label, lineno) from None
        qid = rec["id"]
        if qid in added or qid in bank:
            first = _place(where[qid])
            if qid in added or shipped:
                raise QuestionError("duplicate id {id} (first used at {first})", label, lineno,
                                    id=repr(qid), first=first)
            raise QuestionError("pack id {id} collides with an existing question ({first}); "
                                "give the pack's questions ids of their own, e.g. with a prefix",
                                label, lineno, id=repr(qid), first=first)
        where[qid] = f"{Path(label).name} line {lineno}"
        added[qid] = _normalise(rec)
    bank.update(added)
    return len(added)


def _read_file(path: Path, bank: dict[str, dict], where: dict[str, str],
               known: frozenset[str], *, shipped: bool) -> int:
    """Add the records of one .jsonl file to ``bank``; a pack is named by its file name
    only (errors reach server managers, who need no paths of the bot's machine)."""
    label = str(path) if shipped else path.name
    try:
        if not shipped and path.stat().st_size > MAX_PACK_BYTES:
            raise QuestionError("file is larger than 1 MB; split it into several packs", label)
        data = path.read_bytes()
    except OSError as e:
        raise QuestionError("cannot read file ({detail})", label, detail=e.strerror or e) from None
    return _parse(data, label, bank, where, known, shipped=shipped)


def _bank_file(lang: str) -> Path | None:
    """The shipped bank of a language, or None when there is none."""
    if not isinstance(lang, str) or not _LANG_RE.match(lang):
        raise ValueError(f"bad language code {lang!r}")
    path = QUESTIONS_DIR / f"{lang}.jsonl"
    return path if path.is_file() else None


TRANSLATED = ("question", "options", "info")      # what a translation may change


def _overlay(bank: dict[str, dict], translated: dict[str, dict]) -> None:
    """A language over the English questions: each question it translates keeps the English
    answer, difficulty and distillery and takes the language's text; a question only in that
    language is added. A question it does not translate stays English (the fallback)."""
    for qid, rec in translated.items():
        if qid in bank:
            bank[qid] = {**bank[qid], **{k: rec[k] for k in TRANSLATED}}
            bank[qid]["options"] = list(rec["options"])
        else:
            bank[qid] = rec


def _check_translation(english: dict[str, dict], translated: dict[str, dict],
                       where: dict[str, str], label: str) -> None:
    """A translated question must keep its English answer and difficulty (same options in
    the same order), or players of two languages would be marked differently."""
    for qid, rec in translated.items():
        base = english.get(qid)
        if base is None:
            continue
        line = where.get(qid, "").rsplit(" line ", 1)[-1]
        for key in ("answer", "difficulty"):
            if rec[key] != base[key]:
                raise QuestionError("{id} translates a question whose {field} is {expected}, "
                                    "not {got}", label, int(line) if line.isdigit() else None,
                                    id=repr(qid), field=key, expected=repr(base[key]),
                                    got=repr(rec[key]))


@functools.lru_cache(maxsize=8)
def _load_shipped(path_str: str) -> tuple[dict[str, dict], dict[str, str]]:
    bank: dict[str, dict] = {}
    where: dict[str, str] = {}
    _read_file(Path(path_str), bank, where, known_distillery_ids(), shipped=True)
    return bank, where


def _copy(bank: dict[str, dict]) -> dict[str, dict]:
    return {qid: {**rec, "options": list(rec["options"])} for qid, rec in bank.items()}


def _load(lang: str, extra_dirs: list[str] | None) -> tuple[dict[str, dict], dict[str, str]]:
    """English (shipped bank and packs), with the language's translations laid over it."""
    shipped, shipped_where = _load_shipped(str(_bank_file(DEFAULT_LANG)))
    bank = _copy(shipped)
    where = dict(shipped_where)
    known = known_distillery_ids()
    own = _bank_file(lang) if lang != DEFAULT_LANG else None
    for d in extra_dirs or ():
        folder = Path(d)
        if not folder.is_dir():
            raise QuestionError("question pack folder not found", folder)
        for path in _pack_files(folder):
            _read_file(path, bank, where, known, shipped=False)
    if own is not None:
        _overlay(bank, _copy(_load_shipped(str(own))[0]))
    if lang != DEFAULT_LANG:
        for d in extra_dirs or ():
            for path in _pack_files(Path(d) / lang):
                translated: dict[str, dict] = {}
                _read_file(path, translated, {}, known, shipped=False)
                _overlay(bank, translated)
    return bank, where


def load_bank(lang: str = DEFAULT_LANG, extra_dirs: list[str] | None = None) -> dict[str, dict]:
    """All questions, id -> record, in file order: the shipped bank of ``lang`` (English
    when that language has no file), plus every ``*.jsonl`` pack in ``extra_dirs`` (for a
    table: ``installed_pack_dirs(its server)``).

    The shipped bank is parsed once and cached; every call returns a fresh copy, so callers
    may change what they get. Raises QuestionError naming the file and line of a bad record,
    a duplicate id or a pack id that collides with one already loaded.
    """
    return _load(lang, extra_dirs)[0]


# --- installing a server's pack -------------------------------------------------------------

def check_pack(data: bytes, name: str, guild_id: Any, lang: str = DEFAULT_LANG) -> int:
    """Validate an uploaded pack ``data`` (file ``name``) for server ``guild_id``: against
    the limits, the shipped bank and that server's packs only. Returns its number of
    questions; raises QuestionError (naming ``name`` and the line) when it is refused."""
    folder = guild_pack_dir(guild_id)
    if folder is None:
        raise QuestionError("question packs belong to a server: add them in a server channel")
    if pack_file_name(name) != name:
        raise QuestionError("a pack is a .jsonl file whose name has only letters, digits, "
                            "'-' and '_' (at most {limit}) before .jsonl", name,
                            limit=_PACK_STEM_CHARS)
    if len(data) > MAX_PACK_BYTES:
        raise QuestionError("file is larger than 1 MB; split it into several packs", name)
    if not isinstance(lang, str) or not _LANG_RE.match(lang):
        raise QuestionError("{value} is not a language code", name, value=repr(str(lang)[:20]))
    target = folder if lang == DEFAULT_LANG else folder / lang
    if any(p.name == name for p in _pack_files(target)) or (target / name).exists():
        raise QuestionError("a pack with this name is already installed on this server; "
                            "rename the file to add it as another pack", name)
    existing = _pack_files(folder) + [p for d in sorted(folder.glob("*")) if d.is_dir()
                                      for p in _pack_files(d)]
    if len(existing) >= MAX_PACKS_PER_GUILD:
        raise QuestionError("this server already has {count} packs, the most it may have "
                            "({limit}); ask the bot's operator to remove one", name,
                            count=len(existing), limit=MAX_PACKS_PER_GUILD)
    bank, where = _load(DEFAULT_LANG, [str(folder)] if _pack_files(folder) else None)
    if lang == DEFAULT_LANG:
        n = _parse(data, name, bank, where, known_distillery_ids(), shipped=False)
    else:
        # a pack in another language translates this server's questions (same ids) or
        # brings questions of its own
        translated: dict[str, dict] = {}
        twhere: dict[str, str] = {}
        n = _parse(data, name, translated, twhere, known_distillery_ids(), shipped=False)
        _check_translation(bank, translated, twhere, name)
    if n == 0:
        raise QuestionError("the pack has no questions (one JSON object a line)", name)
    return n


_INSTALLING = threading.Lock()


def install_pack(data: bytes, name: str, guild_id: Any, lang: str = DEFAULT_LANG) -> int:
    """``check_pack``, then save the pack into the server's folder (written to a temporary
    file first and renamed, so a table never sees half a pack). Returns its number of
    questions. Blocking (the bot calls it in a thread): two installs never interleave, so
    neither the name check nor the count of a server's packs can be raced past."""
    with _INSTALLING:
        return _install(data, name, guild_id, lang)


def _install(data: bytes, name: str, guild_id: Any, lang: str) -> int:
    n = check_pack(data, name, guild_id, lang)
    folder = guild_pack_dir(guild_id)
    assert folder is not None
    if lang != DEFAULT_LANG:
        folder = folder / lang               # translations live beside the English packs
    final = folder / name
    part = folder / f".{name}.part"          # not *.jsonl: never loaded
    try:
        folder.mkdir(parents=True, exist_ok=True)
        part.write_bytes(data)
        os.replace(part, final)
    except OSError as e:
        try:
            part.unlink()
        except OSError:
            pass
        raise QuestionError("the pack could not be saved ({detail})", name,
                            detail=e.strerror or type(e).__name__) from None
    return n


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
