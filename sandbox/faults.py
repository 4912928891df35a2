"""Transient failures in the stand-in, as real Discord has them: a seeded, reproducible fault plan.

    from sandbox import Sandbox, FaultPlan
    async with Sandbox(faults=FaultPlan(rate=0.05, seed=1)) as sb: ...        # 5 % of requests
    sb.set_faults(FaultPlan(count=1, routes="POST /channels/{id}/messages", kinds=("503",)))
    sb.set_faults(None)                                                       # no more faults
    sb.fault_stats()                                                          # JSON-able counters
    python -m sandbox --faults 0.05 --fault-seed 3 --fault-kinds 503,timeout,drop

Kinds of fault (``kinds``, a mix; equal weights, or a mapping kind -> weight):

- ``"500"``, ``"502"``, ``"503"``, ``"504"``: that status with Discord's error body
  ``{"message": "503: Service Unavailable", "code": 0}`` (``Content-Type: application/json``).
  A 503 carries ``Retry-After`` when the plan has ``retry_after``. The request has no effect.
- ``"timeout"``: no answer. The stand-in holds the request for ``hold`` seconds (30 by default,
  longer than most clients wait), or until the client goes away, or until the stand-in stops,
  and then closes the connection without an answer.
- ``"drop"``: the connection is closed at once, with no answer.

For ``timeout`` and ``drop``, each fault draws (seeded) whether the request was *processed*
first (probability ``processed``, default 0.5): the handler runs, so a message really is
created, a callback really acknowledged, and only the answer is lost. Retrying a message
create with the same ``nonce`` and ``enforce_nonce`` then returns that message.

Which requests: every REST request under ``/api`` whose route the stand-in serves (never the
gateway websocket, attachments, the CDN or the web UI, and never an unknown route, which keeps
its 404), that matches ``routes`` (all when None) and none of ``exclude``. Unless
``spare_startup=False``, these are spared so that a bot can log in and start
(``STARTUP_ROUTES``): ``GET /gateway``, ``GET /gateway/bot``, ``GET /users/@me``,
``GET /oauth2/applications/@me``, ``GET /applications/@me`` and the command sync routes
``GET``/``PUT /applications/{app}/commands`` and ``GET``/``PUT
/applications/{app}/guilds/{gid}/commands``. The interaction routes (``INTERACTION_ROUTES``:
the callback, follow-ups and ``@original``/follow-up get, edit and delete) can fail too, unless
``spare_interactions=True``. A request refused with 429 by the rate limiter is not faulted.

A route spec is ``"[METHOD ]PATH"``. ``METHOD`` is a regex over the method (``POST``,
``GET|PATCH``; none or ``*``: any). ``PATH`` is a regex that must match the whole request path
without its ``/api/v10`` prefix and without the query, where a placeholder such as ``{id}``
stands for one path segment: ``"POST /channels/{id}/messages"``,
``r"/channels/\\d+/messages/.*"``, ``"/interactions/.*"``.

Determinism: every plan has its own ``random.Random(seed)``. Each eligible request, in arrival
order, draws three numbers (fault or not, which kind, processed or not), whatever the outcome,
so the same seed and the same requests give the same faults, and changing ``kinds`` changes
the kinds but not which requests fail. ``count=N`` stops the plan after N faults (with the
default ``rate=1.0``: the next N eligible requests fail). ``set_faults`` starts a new plan (and
a new random sequence); the counters run on over plans.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Awaitable, Callable, Iterable, Mapping, Sequence

from aiohttp import web

log = logging.getLogger("sandbox")

KINDS = ("500", "502", "503", "504", "timeout", "drop")
STATUS_KINDS = {"500": "Internal Server Error", "502": "Bad Gateway", "503": "Service Unavailable",
                "504": "Gateway Timeout"}

#: spared unless ``spare_startup=False``: what a bot needs to log in, connect and sync commands
STARTUP_ROUTES = (
    "GET /gateway", "GET /gateway/bot", "GET /users/@me", "GET /oauth2/applications/@me",
    "GET /applications/@me", "GET|PUT /applications/{app}/commands",
    "GET|PUT /applications/{app}/guilds/{gid}/commands",
)
#: Discord's interaction endpoints: faulted unless ``spare_interactions=True``
INTERACTION_ROUTES = (
    "POST /interactions/{iid}/{token}/callback", "POST /webhooks/{app}/{token}",
    "GET|PATCH|DELETE /webhooks/{app}/{token}/messages/{mid}",
)

_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
_API_PREFIX = re.compile(r"^/api(?:/v\d+)?(?=/)")
CATCH_ALL = "/{tail}"      # the stand-in's unknown-route handler: never faulted


def strip_api(path: str) -> str:
    """"/api/v10/channels/1/messages" -> "/channels/1/messages"."""
    return _API_PREFIX.sub("", path, count=1)


@dataclass(frozen=True)
class RouteSpec:
    """One ``"[METHOD ]PATH"`` pattern (see the module docstring)."""
    text: str
    method: re.Pattern | None
    path: re.Pattern

    @classmethod
    def parse(cls, text: str) -> "RouteSpec":
        words = text.strip().split(None, 1)
        if not words:
            raise ValueError("empty route spec")
        method = None
        if len(words) == 2 and not words[0].startswith("/") and re.fullmatch(r"[A-Za-z*|()]+", words[0]):
            m, path = words
            if m != "*":
                method = re.compile(m.upper())
        else:
            path = text.strip()
        path = strip_api(path)
        try:
            rx = re.compile(_PLACEHOLDER.sub("[^/]+", path))
        except re.error as e:
            raise ValueError(f"route spec {text!r}: bad regex: {e}") from None
        return cls(text, method, rx)

    def matches(self, method: str, path: str) -> bool:
        if self.method is not None and not self.method.fullmatch(method.upper()):
            return False
        return self.path.fullmatch(path) is not None


def _specs(value: "str | Iterable[str] | None") -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def _weights(kinds: "str | Sequence[str] | Mapping[str, float]") -> tuple[tuple[str, float], ...]:
    """"503,drop" / ("503", "drop") / {"503": 3, "drop": 1} / "503:3,drop:1" -> ((kind, weight), ...)."""
    if isinstance(kinds, str):
        items = []
        for part in kinds.split(","):
            part = part.strip()
            if not part:
                continue
            name, _, w = part.partition(":")
            items.append((name.strip(), float(w) if w else 1.0))
    elif isinstance(kinds, Mapping):
        items = [(str(k), float(w)) for k, w in kinds.items()]
    else:
        items = [(str(k), 1.0) for k in kinds]
    if not items:
        raise ValueError("a fault plan needs at least one kind")
    seen = set()
    for name, w in items:
        if name not in KINDS:
            raise ValueError(f"unknown fault kind {name!r} (kinds: {', '.join(KINDS)})")
        if name in seen:
            raise ValueError(f"fault kind {name!r} given twice")
        if not w > 0 or math.isinf(w):
            raise ValueError(f"fault kind {name!r}: weight must be positive")
        seen.add(name)
    return tuple(items)


@dataclass(frozen=True)
class FaultPlan:
    """Which requests fail, and how. See the module docstring.

    - ``rate``: the fraction of eligible requests that fail (0..1; default 1.0, every one).
    - ``seed``: of the plan's ``random.Random`` (default 0; None: a random seed, which
      ``fault_stats()["plan"]["seed"]`` then shows).
    - ``kinds``: a mix of ``KINDS`` (default all six, equal weights): a sequence of names,
      ``{"503": 3, "drop": 1}``, or ``"503:3,drop"``.
    - ``routes``: route specs to fault (default None: every route); ``exclude``: specs never
      faulted.
    - ``spare_startup`` (True): never fault ``STARTUP_ROUTES``; ``spare_interactions``
      (False): never fault ``INTERACTION_ROUTES``.
    - ``count``: stop after this many faults (None: never).
    - ``hold``: seconds a ``timeout`` holds the request (30.0).
    - ``processed``: probability that a ``timeout``/``drop`` request is carried out before it
      fails (0.5).
    - ``retry_after``: seconds for a ``Retry-After`` header on 503s (None: no header).
    """
    rate: float = 1.0
    seed: int | None = 0
    kinds: "str | Sequence[str] | Mapping[str, float]" = KINDS
    routes: "str | Sequence[str] | None" = None
    exclude: "str | Sequence[str]" = ()
    spare_startup: bool = True
    spare_interactions: bool = False
    count: int | None = None
    hold: float = 30.0
    processed: float = 0.5
    retry_after: float | None = None
    # derived (filled in by __post_init__)
    weights: tuple[tuple[str, float], ...] = field(init=False, repr=False, compare=False)
    _include: tuple[RouteSpec, ...] | None = field(init=False, repr=False, compare=False)
    _exclude: tuple[RouteSpec, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0.0 <= float(self.rate) <= 1.0:
            raise ValueError("rate must be between 0 and 1")
        if not 0.0 <= float(self.processed) <= 1.0:
            raise ValueError("processed must be between 0 and 1")
        if self.count is not None and int(self.count) < 1:
            raise ValueError("count must be at least 1 (or None)")
        if float(self.hold) < 0:
            raise ValueError("hold must not be negative")
        if self.retry_after is not None and float(self.retry_after) < 0:
            raise ValueError("retry_after must not be negative")
        set_ = object.__setattr__
        set_(self, "weights", _weights(self.kinds))
        set_(self, "kinds", tuple(k for k, _ in self.weights))
        routes = None if self.routes is None else _specs(self.routes)
        set_(self, "routes", routes)
        set_(self, "exclude", _specs(self.exclude))
        set_(self, "_include", None if routes is None else tuple(RouteSpec.parse(s) for s in routes))
        excl = list(self.exclude)
        if self.spare_startup:
            excl += STARTUP_ROUTES
        if self.spare_interactions:
            excl += INTERACTION_ROUTES
        set_(self, "_exclude", tuple(RouteSpec.parse(s) for s in excl))

    def eligible(self, method: str, path: str) -> bool:
        """Whether a request (``path`` with or without the /api/v10 prefix) may be faulted."""
        path = strip_api(path)
        if self._include is not None and not any(s.matches(method, path) for s in self._include):
            return False
        return not any(s.matches(method, path) for s in self._exclude)

    def describe(self, seed: int | None = None) -> dict:
        """The plan as JSON-able data (``seed``: the one actually used)."""
        return {"rate": self.rate, "seed": self.seed if seed is None else seed,
                "kinds": {k: w for k, w in self.weights}, "routes": list(self.routes) if self.routes is not None else None,
                "exclude": list(self.exclude), "spare_startup": self.spare_startup,
                "spare_interactions": self.spare_interactions, "count": self.count, "hold": self.hold,
                "processed": self.processed, "retry_after": self.retry_after}

    # -- from the command line / environment ----------------------------------------------
    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "FaultPlan | None":
        """The plan the ``SANDBOX_FAULT*`` variables describe (None when ``SANDBOX_FAULTS`` is
        unset, empty or 0); see ``add_arguments`` for the names."""
        p = argparse.ArgumentParser(add_help=False)
        add_arguments(p, environ)
        return plan_from_args(p.parse_args([]))


# -- the command line (python -m sandbox) ------------------------------------------------------
ENV = {"faults": "SANDBOX_FAULTS", "fault_seed": "SANDBOX_FAULT_SEED", "fault_kinds": "SANDBOX_FAULT_KINDS",
       "fault_routes": "SANDBOX_FAULT_ROUTES", "fault_exclude": "SANDBOX_FAULT_EXCLUDE",
       "fault_hold": "SANDBOX_FAULT_HOLD", "fault_processed": "SANDBOX_FAULT_PROCESSED",
       "fault_retry_after": "SANDBOX_FAULT_RETRY_AFTER", "fault_count": "SANDBOX_FAULT_COUNT",
       "fault_spare_interactions": "SANDBOX_FAULT_SPARE_INTERACTIONS"}


def add_arguments(p: argparse.ArgumentParser, environ: Mapping[str, str] | None = None) -> None:
    """The ``--faults`` options; each defaults to its ``SANDBOX_FAULT*`` variable. Route lists
    in a variable are separated by ``;``."""
    env = os.environ if environ is None else environ

    def e(name, default=None):
        return env.get(ENV[name], default)

    def lst(name):
        v = e(name)
        return [s.strip() for s in v.split(";") if s.strip()] if v else []

    g = p.add_argument_group("faults (see sandbox/faults.py)")
    g.add_argument("--faults", type=float, default=float(e("faults") or 0), metavar="RATE",
                   help="fail this fraction of REST requests transiently (0..1; default 0: off)")
    g.add_argument("--fault-seed", type=int, default=int(e("fault_seed", "0")), metavar="N")
    g.add_argument("--fault-kinds", default=e("fault_kinds", ",".join(KINDS)), metavar="LIST",
                   help=f"comma-separated, optionally weighted (503:3,drop); default {','.join(KINDS)}")
    g.add_argument("--fault-routes", action="append", default=lst("fault_routes"), metavar="SPEC",
                   help='only these routes, e.g. "POST /channels/{id}/messages" (repeatable)')
    g.add_argument("--fault-exclude", action="append", default=lst("fault_exclude"), metavar="SPEC",
                   help="never these routes (repeatable)")
    g.add_argument("--fault-spare-interactions", action="store_true",
                   default=e("fault_spare_interactions", "") not in ("", "0"),
                   help="never fault interaction callbacks, follow-ups and @original")
    g.add_argument("--fault-hold", type=float, default=float(e("fault_hold", "30")), metavar="S",
                   help="seconds a timeout holds the request (default 30)")
    g.add_argument("--fault-processed", type=float, default=float(e("fault_processed", "0.5")), metavar="P",
                   help="probability that a timeout/drop request is carried out first (default 0.5)")
    g.add_argument("--fault-retry-after", type=float, default=float(e("fault_retry_after")) if e("fault_retry_after") else None,
                   metavar="S", help="Retry-After on 503s (default: none)")
    g.add_argument("--fault-count", type=int, default=int(e("fault_count")) if e("fault_count") else None,
                   metavar="N", help="stop after N faults")


def plan_from_args(args: argparse.Namespace) -> FaultPlan | None:
    if not args.faults:
        return None
    return FaultPlan(rate=args.faults, seed=args.fault_seed, kinds=args.fault_kinds,
                     routes=args.fault_routes or None, exclude=args.fault_exclude,
                     spare_interactions=args.fault_spare_interactions, count=args.fault_count,
                     hold=args.fault_hold, processed=args.fault_processed, retry_after=args.fault_retry_after)


# -- the injector -------------------------------------------------------------------------------
@dataclass
class Fault:
    """One fault the stand-in injected (or is injecting: a held timeout has no ``ended`` yet)."""
    seq: int              # 1, 2, ... over the stand-in's life
    at: float             # time.time() when decided
    method: str
    path: str             # as requested, e.g. "/api/v10/channels/1/messages"
    route: str            # "POST /channels/{cid}/messages"
    kind: str             # one of KINDS
    processed: bool       # the handler ran first (timeout/drop only)
    handler_status: int | None = None   # what the handler answered, when processed
    held: float | None = None           # timeout: seconds held
    ended: str | None = None            # timeout: "hold" | "client" (went away) | "stopped"

    @property
    def status(self) -> int:
        """The HTTP status sent; 0 for no answer (timeout, drop)."""
        return int(self.kind) if self.kind in STATUS_KINDS else 0

    def as_dict(self) -> dict:
        return {"seq": self.seq, "at": self.at, "method": self.method, "path": self.path, "route": self.route,
                "kind": self.kind, "processed": self.processed, "handler_status": self.handler_status,
                "held": self.held, "ended": self.ended}


def error_response(status: int, retry_after: float | None = None) -> web.Response:
    """Discord's error shape, with exactly ``Content-Type: application/json``."""
    body = {"message": f"{status}: {STATUS_KINDS[str(status)]}", "code": 0}
    headers = {"Content-Type": "application/json"}
    if retry_after is not None:
        headers["Retry-After"] = str(max(0, math.ceil(retry_after)))
    return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)


class FaultInjector:
    """The stand-in's side: decides per request (``decide``) and fails it (``inject``). One per
    server (``sb.faults``); ``set_plan`` swaps the plan, the counters run on."""

    POLL = 0.05     # seconds between checks whether a held client went away

    def __init__(self, plan: FaultPlan | None = None) -> None:
        self.plan: FaultPlan | None = None
        self.seed: int | None = None
        self._rng: random.Random | None = None
        self.remaining: int | None = None
        self.records: list[Fault] = []
        self.considered = 0            # eligible requests that drew, over all plans
        self.by_kind: Counter = Counter()
        self.by_route: Counter = Counter()
        self.by_route_kind: dict[str, Counter] = {}
        self.processed_count = 0
        self.holding = 0               # timeouts being held now
        self._release = asyncio.Event()   # set at stop: held requests end now
        self.set_plan(plan)

    def set_plan(self, plan: FaultPlan | None) -> None:
        self.plan = plan
        if plan is None:
            self._rng, self.seed, self.remaining = None, None, None
            return
        self.seed = plan.seed if plan.seed is not None else random.SystemRandom().randrange(2 ** 32)
        self._rng = random.Random(self.seed)
        self.remaining = plan.count

    @property
    def active(self) -> bool:
        return self.plan is not None and (self.remaining is None or self.remaining > 0)

    def decide(self, method: str, path: str, template: str) -> Fault | None:
        """Called for each REST request in arrival order: the fault to inject, or None.
        ``template`` is the route as served ("/api/v10/channels/{cid}/messages")."""
        plan = self.plan
        if not self.active or template == CATCH_ALL or not plan.eligible(method, path):
            return None
        rng = self._rng
        u_fault, u_kind, u_processed = rng.random(), rng.random(), rng.random()
        self.considered += 1
        if u_fault >= plan.rate:
            return None
        total = sum(w for _, w in plan.weights)
        x, kind = u_kind * total, plan.weights[-1][0]
        for name, w in plan.weights:
            if x < w:
                kind = name
                break
            x -= w
        processed = kind in ("timeout", "drop") and u_processed < plan.processed
        if self.remaining is not None:
            self.remaining -= 1
        route = f"{method} {strip_api(template)}"
        f = Fault(len(self.records) + 1, time.time(), method, path, route, kind, processed)
        self.records.append(f)
        self.by_kind[kind] += 1
        self.by_route[route] += 1
        self.by_route_kind.setdefault(route, Counter())[kind] += 1
        self.processed_count += processed
        log.info("sandbox: fault %s on %s %s%s", kind, method, path, " (processed)" if processed else "")
        return f

    async def inject(self, f: Fault, request: web.Request,
                     run: Callable[[], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """Fail ``request`` as ``f`` says; ``run()`` carries it out (for processed faults)."""
        plan = self.plan
        if f.kind in STATUS_KINDS:
            return error_response(int(f.kind), plan.retry_after if f.kind == "503" and plan else None)
        if f.processed:
            resp = await run()
            f.handler_status = resp.status
        if f.kind == "timeout":
            await self._hold(f, request, plan.hold if plan else 0.0)
        transport = request.transport
        if transport is not None:
            transport.close()
        # nothing reaches the client: aiohttp fails to write this on the closed transport
        return web.Response(status=599)

    async def _hold(self, f: Fault, request: web.Request, hold: float) -> None:
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        release = self._release        # release() replaces it, so a later start holds again
        self.holding += 1
        try:
            while True:
                left = hold - (loop.time() - t0)
                if left <= 0:
                    f.ended = "hold"
                    break
                if release.is_set():
                    f.ended = "stopped"
                    break
                t = request.transport
                if t is None or t.is_closing():
                    f.ended = "client"
                    break
                try:
                    await asyncio.wait_for(release.wait(), min(self.POLL, left))
                except (asyncio.TimeoutError, TimeoutError):
                    pass
        finally:
            f.held = loop.time() - t0
            self.holding -= 1

    def release(self) -> None:
        """End every held timeout now (the stand-in is stopping)."""
        self._release.set()
        self._release = asyncio.Event()

    def stats(self) -> dict:
        """JSON-able counters: see ``SandboxServer.fault_stats``."""
        last = self.records[-1] if self.records else None
        return {
            "active": self.active,
            "plan": self.plan.describe(self.seed) if self.plan is not None else None,
            "remaining": self.remaining,
            "considered": self.considered,
            "total": len(self.records),
            "by_kind": {k: self.by_kind.get(k, 0) for k in KINDS},
            "by_route": dict(self.by_route),
            "by_route_kind": {r: dict(c) for r, c in self.by_route_kind.items()},
            "processed": self.processed_count,
            "holding": self.holding,
            "last_at": last.at if last else None,
            "last": last.as_dict() if last else None,
        }
