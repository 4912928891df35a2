"""Discord's own OpenAPI description (tests/data/discord-openapi.json) as the referee for
what the bot sends: every request body is checked against its route's request schema.

Discord accepts ids as JSON numbers as well as strings (discord.py sends some as numbers), so
a number big enough to be a snowflake is checked as the string it stands for."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

SPEC = Path(__file__).resolve().parent / "data" / "discord-openapi.json"
API_PREFIX = "/api/v10"
SNOWFLAKE_MIN = 2 ** 32        # smaller numbers are counts, flags and types, not ids


@lru_cache(maxsize=1)
def _spec() -> dict:
    return json.loads(SPEC.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _routes() -> list[tuple[re.Pattern, str]]:
    out = []
    for template in _spec()["paths"]:
        pattern = re.sub(r"\\{[^}]+\\}", r"[^/]+", re.escape(template))
        out.append((re.compile(f"^{pattern}$"), template))
    # literal segments (@original, @me) win over parameters
    out.sort(key=lambda r: r[1].count("{"))
    return out


@lru_cache(maxsize=None)
def _validator(template: str, method: str) -> Draft202012Validator | None:
    op = _spec()["paths"][template].get(method.lower())
    if not op or "requestBody" not in op:
        return None
    content = op["requestBody"]["content"]
    schema = (content.get("application/json") or content.get("multipart/form-data") or {}).get("schema")
    if schema is None:
        return None
    root = _spec()
    registry = Registry().with_resource("urn:discord", Resource.from_contents(
        {**root, "$schema": "https://json-schema.org/draft/2020-12/schema"}))
    # local refs ("#/components/...") resolve inside the whole document
    schema = {"$id": "urn:discord#/request", **schema, "components": root["components"]}
    return Draft202012Validator(schema, registry=registry)


def route_of(path: str) -> str | None:
    """The spec's route template for a request path, e.g. /channels/{channel_id}/messages."""
    path = path[len(API_PREFIX):] if path.startswith(API_PREFIX) else path
    for pattern, template in _routes():
        if pattern.match(path):
            return template
    return None


ID_KEYS = re.compile(r"^(id|.*_id|.*_ids|users|roles)$")


def _ids_as_strings(value, key: str = ""):
    """Numbers where the spec has snowflake strings (fields named id, *_id, *_ids, users,
    roles; and any number big enough to be one) are checked as strings: Discord takes both.
    New attachments are numbered from 0 in "attachments[].id" the same way."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and (value >= SNOWFLAKE_MIN or ID_KEYS.match(key)):
        return str(value)
    if isinstance(value, dict):
        return {k: _ids_as_strings(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_ids_as_strings(v, key) for v in value]
    return value


def problems(method: str, path: str, body) -> list[str]:
    """Why a request body breaks the spec ([] when it conforms or the route has no body)."""
    template = route_of(path)
    if template is None:
        return [f"{method} {path}: no such route in Discord's API"]
    validator = _validator(template, method)
    if validator is None:
        return []
    return [f"{method} {template}: {'/'.join(map(str, e.absolute_path)) or '(body)'}: {e.message[:300]}"
            for e in validator.iter_errors(_ids_as_strings(body))]
