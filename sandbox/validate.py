"""The subset of Discord's message validation that catches real bot bugs.

Each check raises ``ApiError(400, 50035, "Invalid Form Body: ...")`` (or 50006 for an empty
message) with a precise reason, the way Discord would refuse the request.
"""
from __future__ import annotations

import unicodedata
from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message


IS_COMPONENTS_V2 = 1 << 15


def _bad(reason: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {reason}")


def validate_message(body: dict, *, n_files: int = 0, existing_attachments: int = 0,
                     allow_empty: bool = False) -> None:
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        content = str(content)
    flags = int(body.get("flags") or 0)
    v2 = bool(flags & IS_COMPONENTS_V2)
    if content and len(content) > 2000:
        raise _bad(f"content: Must be 2000 or fewer in length (got {len(content)})")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        raise _bad(f"embeds: Must be 10 or fewer in length (got {len(embeds)})")
    total = 0
    for i, e in enumerate(embeds):
        total += _check_embed(i, e)
    if total > 6000:
        raise _bad(f"embeds: total size of all embeds must be 6000 or fewer characters (got {total})")
    components = body.get("components") or []
    _check_components(components, v2)
    if v2 and (content or embeds):
        raise _bad("content/embeds cannot be used with the IS_COMPONENTS_V2 flag")
    if not allow_empty:
        has_attachments = n_files or existing_attachments or body.get("attachments")
        if not (content or embeds or components or has_attachments or body.get("poll")
                or body.get("sticker_ids")):
            raise ApiError(400, 50006, "Cannot send an empty message")
    if n_files > 10:
        raise _bad(f"files: at most 10 attachments per message (got {n_files})")


def _len(v: Any) -> int:
    return len(v) if isinstance(v, str) else 0


def _check_embed(i: int, e: dict) -> int:
    p = f"embeds.{i}"
    limits = (("title", 256), ("description", 4096))
    total = 0
    for key, lim in limits:
        n = _len(e.get(key))
        if n > lim:
            raise _bad(f"{p}.{key}: Must be {lim} or fewer in length (got {n})")
        total += n
    fields = e.get("fields") or []
    if len(fields) > 25:
        raise _bad(f"{p}.fields: Must be 25 or fewer in length (got {len(fields)})")
    for j, f in enumerate(fields):
        n, v = _len(f.get("name")), _len(f.get("value"))
        if n > 256 or not f.get("name"):
            raise _bad(f"{p}.fields.{j}.name: must be 1-256 characters (got {n})")
        if v > 1024 or not f.get("value"):
            raise _bad(f"{p}.fields.{j}.value: must be 1-1024 characters (got {v})")
        total += n + v
    footer = _len((e.get("footer") or {}).get("text"))
    author = _len((e.get("author") or {}).get("name"))
    if footer > 2048:
        raise _bad(f"{p}.footer.text: Must be 2048 or fewer in length (got {footer})")
    if author > 256:
        raise _bad(f"{p}.author.name: Must be 256 or fewer in length (got {author})")
    return total + footer + author


def _check_components(components: list, v2: bool) -> None:
    seen: set[str] = set()
    if not v2 and len(components) > 5:
        raise _bad(f"components: Must be 5 or fewer in length (got {len(components)})")
    count = 0

    def visit(c: dict, path: str, depth: int) -> None:
        nonlocal count
        count += 1
        t = c.get("type")
        cid = c.get("custom_id")
        if cid is not None:
            if not isinstance(cid, str) or not 1 <= len(cid) <= 100:
                raise _bad(f"{path}.custom_id: must be 1-100 characters (got {len(str(cid))})")
            if cid in seen:
                raise _bad(f"{path}.custom_id: Component custom id cannot be duplicated ({cid!r})")
            seen.add(cid)
        if t == 1:
            kids = c.get("components") or []
            if not kids:
                raise _bad(f"{path}.components: an action row must not be empty")
            if len(kids) > 5:
                raise _bad(f"{path}.components: Must be 5 or fewer in length (got {len(kids)})")
            if any(k.get("type") in (3, 5, 6, 7, 8) for k in kids) and len(kids) > 1:
                raise _bad(f"{path}: a select menu must be alone in its action row")
        elif t == 2:
            if _len(c.get("label")) > 80:
                raise _bad(f"{path}.label: Must be 80 or fewer in length (got {_len(c.get('label'))})")
            style = c.get("style")
            if style == 5:
                if not c.get("url"):
                    raise _bad(f"{path}.url: a link button needs a url")
            elif style != 6 and cid is None:
                raise _bad(f"{path}.custom_id: a button needs a custom_id")
            if not c.get("label") and not c.get("emoji") and style != 6:
                raise _bad(f"{path}: a button needs a label or an emoji")
        elif t == 3:
            opts = c.get("options") or []
            if not 1 <= len(opts) <= 25:
                raise _bad(f"{path}.options: Must be between 1 and 25 in length (got {len(opts)})")
            values = set()
            for k, o in enumerate(opts):
                if not 1 <= _len(o.get("label")) <= 100:
                    raise _bad(f"{path}.options.{k}.label: must be 1-100 characters")
                if not 1 <= _len(o.get("value")) <= 100:
                    raise _bad(f"{path}.options.{k}.value: must be 1-100 characters")
                if _len(o.get("description")) > 100:
                    raise _bad(f"{path}.options.{k}.description: Must be 100 or fewer in length")
                if o.get("value") in values:
                    raise _bad(f"{path}.options.{k}.value: duplicated option value {o.get('value')!r}")
                values.add(o.get("value"))
            mx = c.get("max_values", 1)
            mn = c.get("min_values", 1)
            if mx > len(opts) or mn > mx:
                raise _bad(f"{path}: min_values {mn} / max_values {mx} do not fit {len(opts)} options")
        if t in (3, 5, 6, 7, 8) and _len(c.get("placeholder")) > 150:
            raise _bad(f"{path}.placeholder: Must be 150 or fewer in length")
        for k, child in enumerate(c.get("components") or []):
            visit(child, f"{path}.components.{k}", depth + 1)
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                visit(c[key], f"{path}.{key}", depth + 1)

    for i, c in enumerate(components):
        if not v2 and c.get("type") != 1:
            raise _bad(f"components.{i}.type: top-level components must be action rows "
                       f"(type 1) without the IS_COMPONENTS_V2 flag")
        visit(c, f"components.{i}", 0)
    if v2 and count > 40:
        raise _bad(f"components: at most 40 components in a message (got {count})")


# --- application commands ------------------------------------------------------------------
# Discord's rules for the command tree a bot syncs (PUT /applications/{app}/commands), from
# its documentation: names, descriptions, option and choice limits, ordering, total size.
NAME_MAX, DESCRIPTION_MAX, OPTIONS_MAX, CHOICES_MAX, COMMAND_SIZE_MAX = 32, 100, 25, 25, 4000
CHAT_INPUT, SUBCOMMAND, SUBCOMMAND_GROUP = 1, 1, 2
DISCORD_LOCALES = {"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt",
                   "hu", "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el",
                   "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko"}


def _name_problem(name: Any) -> str | None:
    """Why a chat-input name breaks Discord's rule ^[-_'\\p{L}\\p{N}...]{1,32}$ in lower case."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        return "must be 1 to 32 characters"
    for ch in name:
        if not (ch.isalnum() or ch in "-_'" or unicodedata.category(ch).startswith("M")):
            return f"contains {ch!r}"
        if ch != ch.lower():
            return f"has the upper-case {ch!r}"
    return None


def _check_text(where: str, key: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise _bad(f"{where}.{key}: must be {low} to {high} characters (got {value!r:.60})")


def _check_localized(where: str, node: dict) -> int:
    """The name and description of a node with their translations; returns their size
    (the longest translation of each counts, as Discord counts it)."""
    why = _name_problem(node.get("name"))
    if why:
        raise _bad(f"{where}.name: {node.get('name')!r} {why}")
    size = 0
    for key, localized, low, high in (("name", "name_localizations", 1, NAME_MAX),
                                      ("description", "description_localizations", 1, DESCRIPTION_MAX)):
        if key == "description":
            _check_text(where, key, node.get(key), low, high)
        size += max([len(node[key])] + [len(str(x)) for x in (node.get(localized) or {}).values()])
        for loc, text in (node.get(localized) or {}).items():
            if loc not in DISCORD_LOCALES:
                raise _bad(f"{where}.{localized}: {loc!r} is not a Discord locale")
            if key == "name":
                why = _name_problem(text)
                if why:
                    raise _bad(f"{where}.{localized}.{loc}: {text!r} {why}")
            else:
                _check_text(where, f"{localized}.{loc}", text, low, high)
    return size


def _check_options(where: str, options: list, depth: int) -> int:
    if len(options) > OPTIONS_MAX:
        raise _bad(f"{where}.options: at most {OPTIONS_MAX} (got {len(options)})")
    size, names, optional_seen = 0, set(), False
    for i, o in enumerate(options):
        at = f"{where}.options[{i}]"
        size += _check_localized(at, o)
        if o["name"] in names:
            raise _bad(f"{at}.name: {o['name']!r} is used twice")
        names.add(o["name"])
        kind = o.get("type")
        if kind in (SUBCOMMAND, SUBCOMMAND_GROUP):
            if depth >= (1 if kind == SUBCOMMAND_GROUP else 2):
                raise _bad(f"{at}: subcommands nest at most two levels")
            size += _check_options(at, o.get("options") or [], depth + 1)
            continue
        if o.get("required"):
            if optional_seen:
                raise _bad(f"{at}: required options must come before optional ones")
        else:
            optional_seen = True
        choices = o.get("choices") or []
        if choices and o.get("autocomplete"):
            raise _bad(f"{at}: choices cannot be used together with autocomplete")
        if len(choices) > CHOICES_MAX:
            raise _bad(f"{at}.choices: at most {CHOICES_MAX} (got {len(choices)})")
        for j, c in enumerate(choices):
            cat = f"{at}.choices[{j}]"
            _check_text(cat, "name", c.get("name"), 1, DESCRIPTION_MAX)
            for loc, text in (c.get("name_localizations") or {}).items():
                if loc not in DISCORD_LOCALES:
                    raise _bad(f"{cat}.name_localizations: {loc!r} is not a Discord locale")
                _check_text(cat, f"name_localizations.{loc}", text, 1, DESCRIPTION_MAX)
            value = c.get("value")
            if isinstance(value, str) and len(value) > DESCRIPTION_MAX:
                raise _bad(f"{cat}.value: at most {DESCRIPTION_MAX} characters")
            size += len(c["name"]) + len(str(value))
    return size


def validate_commands(commands: list) -> None:
    """Discord's checks on a synced chat-input command tree: each failure is the 400 that
    Discord would answer (code 50035, with where and why)."""
    if not isinstance(commands, list):
        raise _bad("body: must be a list of commands")
    if len(commands) > 100:
        raise _bad(f"body: at most 100 chat-input commands (got {len(commands)})")
    names = set()
    for i, cmd in enumerate(commands):
        where = f"{i}"
        if cmd.get("type", CHAT_INPUT) != CHAT_INPUT:
            continue
        size = _check_localized(where, cmd)
        if cmd["name"] in names:
            raise _bad(f"{where}.name: {cmd['name']!r} is used twice")
        names.add(cmd["name"])
        size += _check_options(where, cmd.get("options") or [], 0)
        if size > COMMAND_SIZE_MAX:
            raise _bad(f"{where}: names, descriptions and values total {size} characters "
                       f"(at most {COMMAND_SIZE_MAX})")
