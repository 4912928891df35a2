"""The subset of Discord's message validation that catches real bot bugs.

Each check raises ``ApiError(400, 50035, "Invalid Form Body: ...")`` (or 50006 for an empty
message) with a precise reason, the way Discord would refuse the request.
"""
from __future__ import annotations

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
