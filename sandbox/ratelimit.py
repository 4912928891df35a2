"""Discord's REST rate limits, enforced by the stand-in when asked: ``Sandbox(rate_limits=True)``
(``python -m sandbox --rate-limits``). Off by default, so the functional tests keep their speed.

What Discord documents (https://discord.com/developers/docs/topics/rate-limits):

- Every response carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds),
  ``-Reset-After`` (seconds, with decimals) and ``-Bucket`` (an opaque id of the limit, the same
  for every top-level resource; routes that share a limit share it).
- Per-route limits are counted per *top-level resource* (the major parameter): the channel
  (``channel_id``), the guild (``guild_id``) or the webhook (``webhook_id`` + ``webhook_token``).
- A refused request gets **429** with ``{"message": "You are being rate limited.",
  "retry_after": <seconds>, "global": <bool>}``, a ``Retry-After`` header (whole seconds), and
  ``X-RateLimit-Scope`` (``user`` for a route's own limit, ``global``); a global 429 also has
  ``X-RateLimit-Global: true``. (Real 429s pass through Cloudflare and carry a ``Via`` header;
  discord.py treats a 429 without one as a ban and raises at once, so the stand-in sends it.)
- The **global** limit: 50 requests per second per bot, over every route except the
  interaction endpoints (the callback, ``@original`` and follow-ups under
  ``/webhooks/{application}/{token}``), which "are not bound to the bot's Global Rate Limit".
- 401, 403 and 429 answers count as *invalid requests*; 10,000 in 10 minutes get the address
  banned for a while. The stand-in counts them (``invalid_requests``) but bans nobody.

Discord publishes no per-route numbers ("should not be hard coded"). The table ``LIMITS`` uses
the values bot developers commonly observe in the headers (source "observed"), and says so
where a value is an assumption (source "assumed"). A route not in the table gets the default
bucket of 50 requests per second per route and resource, so that only the global limit binds.

Buckets are fixed windows, as Discord's headers describe them: the first request of a window
starts it, ``limit`` requests fit in it, and it resets ``per`` seconds after it started. A
refused request does not count. The stand-in checks a route's own bucket first, then the global
window.
"""
from __future__ import annotations

import hashlib
import math
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Callable, Mapping

GLOBAL_LIMIT = 50        # requests
GLOBAL_PER = 1.0         # second
INVALID_WINDOW = 600.0   # 10 minutes
INVALID_LIMIT = 10_000


@dataclass(frozen=True)
class RouteLimit:
    bucket: str          # the limit's name; X-RateLimit-Bucket is a hash of it
    limit: int           # requests per window
    per: float           # window length, seconds
    source: str          # "observed" (commonly seen in Discord's headers) or "assumed"
    note: str = ""


MESSAGE_CREATE = RouteLimit("message-create", 5, 5.0, "observed",
                            "5 messages per 5 s per channel (DM channels too)")
MESSAGE_EDIT = RouteLimit("message-edit", 5, 5.0, "observed", "5 edits per 5 s per channel")
MESSAGE_DELETE = RouteLimit("message-delete", 5, 1.0, "observed", "5 deletes per second per channel")
REACTION = RouteLimit("reaction", 1, 0.25, "observed",
                      "1 reaction per 0.25 s per channel, adding and removing share it")
THREAD_CREATE = RouteLimit("thread-create", 5, 5.0, "assumed",
                           "as for messages; both thread routes share it")
CHANNEL_EDIT = RouteLimit("channel-edit", 5, 5.0, "assumed",
                          "name/topic changes have a commonly observed sub-limit of 2 per 10 "
                          "minutes, not modelled")
WEBHOOK_EXECUTE = RouteLimit("webhook-execute", 5, 2.0, "observed",
                             "5 per 2 s per webhook id + token (interaction follow-ups use the "
                             "application id and the interaction token)")
WEBHOOK_MESSAGE = RouteLimit("webhook-message", 5, 2.0, "assumed",
                             "as for executing the webhook: @original and follow-up get/edit/delete")
CALLBACK = RouteLimit("interaction-callback", 5, 1.0, "assumed",
                      "per interaction; one callback never exhausts it (a second one is refused "
                      "with 40060 anyway)")
DEFAULT = RouteLimit("default", 50, 1.0, "assumed",
                     "no number is known: only the global limit binds")

A = "/channels/{cid}"
#: (method, route as the stand-in serves it, without the /api/v10 prefix) -> limit
LIMITS: dict[tuple[str, str], RouteLimit] = {
    ("POST", A + "/messages"): MESSAGE_CREATE,
    ("PATCH", A + "/messages/{mid}"): MESSAGE_EDIT,
    ("DELETE", A + "/messages/{mid}"): MESSAGE_DELETE,
    ("PUT", A + "/messages/{mid}/reactions/{emoji}/@me"): REACTION,
    ("DELETE", A + "/messages/{mid}/reactions/{emoji}/@me"): REACTION,
    ("POST", A + "/threads"): THREAD_CREATE,
    ("POST", A + "/messages/{mid}/threads"): THREAD_CREATE,
    ("PATCH", A): CHANNEL_EDIT,
    ("POST", "/webhooks/{app}/{token}"): WEBHOOK_EXECUTE,
    ("GET", "/webhooks/{app}/{token}/messages/{mid}"): WEBHOOK_MESSAGE,
    ("PATCH", "/webhooks/{app}/{token}/messages/{mid}"): WEBHOOK_MESSAGE,
    ("DELETE", "/webhooks/{app}/{token}/messages/{mid}"): WEBHOOK_MESSAGE,
    ("POST", "/interactions/{iid}/{token}/callback"): CALLBACK,
}

#: route prefixes of Discord's interaction endpoints: not bound to the global limit
GLOBAL_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


def strip_api_prefix(route: str) -> str:
    """"/api/v10/channels/{cid}/messages" -> "/channels/{cid}/messages"."""
    for prefix in ("/api/v10", "/api/v9", "/api"):
        if route.startswith(prefix + "/"):
            return route[len(prefix):]
    return route


def major_parameter(route: str, params: Mapping[str, str]) -> str:
    """The top-level resource a route's limit is counted for: the channel, the guild, the
    webhook id + token (an interaction's id + token for its callback), or "" for none."""
    if route.startswith("/channels/"):
        return f"channel:{params.get('cid', '')}"
    if route.startswith("/guilds/") or "/guilds/{gid}" in route:
        return f"guild:{params.get('gid', '')}"
    if route.startswith("/webhooks/"):
        return f"webhook:{params.get('app', '')}:{params.get('token', '')}"
    if route.startswith("/interactions/"):
        return f"webhook:{params.get('iid', '')}:{params.get('token', '')}"
    return ""


def bucket_hash(name: str) -> str:
    return hashlib.md5(name.encode()).hexdigest()


@dataclass
class Window:
    started: float       # clock()
    per: float
    limit: int
    wall_started: float = 0.0   # wall() at the start: X-RateLimit-Reset is the same all window long
    count: int = 0

    def ends(self) -> float:
        return self.started + self.per


@dataclass
class RateLimitHit:
    """One 429 the stand-in sent."""
    method: str
    route: str           # e.g. "/channels/{cid}/messages"
    major: str           # e.g. "channel:1234"
    scope: str           # "user" (the route's own bucket) or "global"
    retry_after: float
    at: float            # time.time()

    @property
    def key(self) -> str:
        """"METHOD /route", with " (global)" for a global 429."""
        return f"{self.method} {self.route}" + (" (global)" if self.scope == "global" else "")


@dataclass
class Verdict:
    """What the limiter decided for one request: ``headers`` go on the response; a
    ``retry_after`` means the request is refused with 429."""
    headers: dict[str, str]
    retry_after: float | None = None
    scope: str = ""
    limit: RouteLimit | None = None

    @property
    def refused(self) -> bool:
        return self.retry_after is not None

    def body(self) -> dict:
        return {"message": "You are being rate limited.", "retry_after": round(self.retry_after or 0.0, 3),
                "global": self.scope == "global"}


@dataclass
class RateLimiter:
    """Per-route buckets per top-level resource plus the global window. ``clock`` is
    monotonic seconds (windows), ``wall`` epoch seconds (the X-RateLimit-Reset header)."""

    global_limit: int = GLOBAL_LIMIT
    global_per: float = GLOBAL_PER
    limits: Mapping[tuple[str, str], RouteLimit] = field(default_factory=lambda: dict(LIMITS))
    default: RouteLimit = DEFAULT
    clock: Callable[[], float] = time.monotonic
    wall: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        self.windows: dict[tuple[str, str], Window] = {}
        self.global_window: Window | None = None
        self.hits: list[RateLimitHit] = []
        self.admitted = 0
        self._invalid: deque[float] = deque()  # times of 401/403/429 answers (last 10 min)
        self.invalid_requests = 0              # all of them
        self.invalid_peak = 0                  # the most within any 10 minutes

    # -- the limits ----------------------------------------------------------------------
    def limit_for(self, method: str, route: str) -> RouteLimit:
        return self.limits.get((method, route), self.default)

    def _bucket_name(self, method: str, route: str, limit: RouteLimit) -> str:
        # a route of the default bucket has its own limit (and hash), not one shared by all
        return f"{method} {route}" if limit is self.default else limit.bucket

    @staticmethod
    def global_exempt(route: str) -> bool:
        return route.startswith(GLOBAL_EXEMPT_PREFIXES)

    def _window(self, key: tuple[str, str], limit: RouteLimit, now: float) -> Window:
        w = self.windows.get(key)
        if w is None or now >= w.ends():
            w = Window(now, limit.per, limit.limit, self.wall())
            self.windows[key] = w
        return w

    # -- one request ---------------------------------------------------------------------
    def admit(self, method: str, route: str, params: Mapping[str, str]) -> Verdict:
        """Count a request (``route`` as served, e.g. "/api/v10/channels/{cid}/messages") or
        refuse it. Returns the headers for its response either way."""
        route = strip_api_prefix(route)
        now = self.clock()
        limit = self.limit_for(method, route)
        name = self._bucket_name(method, route, limit)
        major = major_parameter(route, params)
        key = (name, major)
        window = self._window(key, limit, now)
        exempt = self.global_exempt(route)
        g = None
        if not exempt:
            g = self.global_window
            if g is None or now >= g.ends():
                g = self.global_window = Window(now, self.global_per, self.global_limit, self.wall())
        if window.count >= window.limit:
            verdict = Verdict(self._headers(name, window, now), window.ends() - now, "user", limit)
        elif g is not None and g.count >= g.limit:
            verdict = Verdict({"X-RateLimit-Global": "true"}, g.ends() - now, "global", limit)
        else:
            window.count += 1
            if g is not None:
                g.count += 1
            self.admitted += 1
            return Verdict(self._headers(name, window, now), limit=limit)
        retry = max(verdict.retry_after or 0.0, 0.001)
        verdict.retry_after = retry
        verdict.headers.update({"Retry-After": str(max(1, math.ceil(retry))),
                                "X-RateLimit-Scope": verdict.scope, "Via": "1.1 google"})
        self.hits.append(RateLimitHit(method, route, major, verdict.scope, retry, self.wall()))
        return verdict

    def _headers(self, name: str, w: Window, now: float) -> dict[str, str]:
        reset_after = max(0.0, w.ends() - now)
        return {
            "X-RateLimit-Limit": str(w.limit),
            "X-RateLimit-Remaining": str(max(0, w.limit - w.count)),
            "X-RateLimit-Reset": f"{w.wall_started + w.per:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(name),
        }

    def answered(self, status: int) -> None:
        """Count an answer towards the invalid-request limit (401, 403, 429)."""
        if status not in (401, 403, 429):
            return
        now = self.clock()
        self.invalid_requests += 1
        self._invalid.append(now)
        cutoff = now - INVALID_WINDOW
        while self._invalid and self._invalid[0] < cutoff:
            self._invalid.popleft()
        self.invalid_peak = max(self.invalid_peak, len(self._invalid))

    # -- reporting -----------------------------------------------------------------------
    def counts(self) -> Counter:
        """429s sent, by "METHOD /route" (global ones marked " (global)")."""
        return Counter(h.key for h in self.hits)

    @property
    def over_invalid_limit(self) -> bool:
        return self.invalid_peak >= INVALID_LIMIT


def describe_limits() -> list[str]:
    """One line per limit (for README and --help)."""
    seen: dict[str, list[str]] = {}
    by_name: dict[str, RouteLimit] = {}
    for (method, route), lim in LIMITS.items():
        seen.setdefault(lim.bucket, []).append(f"{method} {route}")
        by_name[lim.bucket] = lim
    lines = [f"global: {GLOBAL_LIMIT} requests per {GLOBAL_PER:g} s (documented); interaction "
             f"endpoints exempt"]
    for name, routes in seen.items():
        lim = by_name[name]
        lines.append(f"{', '.join(routes)}: {lim.limit} per {lim.per:g} s ({lim.source}; {lim.note})")
    lines.append(f"any other route: {DEFAULT.limit} per {DEFAULT.per:g} s per route and resource ({DEFAULT.source})")
    return lines
