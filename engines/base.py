"""The engine contract of DESIGN.md, shared by every game.

An engine is a pure object: no discord, asyncio, PIL or db imports, no clock, no global
randomness. State is plain JSON-able data (dicts, lists, ints, strs, bools, None) so that
``engine.load(engine.dump(state)) == state`` holds exactly and the store can snapshot it.

User-facing text is never formatted inside an engine: messages are English *message ids*
(gettext style) with named parameters, translated and formatted later by ``core.i18n``.
"""
from __future__ import annotations

import hashlib
import json
import marshal
import random
from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, NamedTuple, Protocol, Sequence, runtime_checkable

State = dict[str, Any]
Action = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules refuse. ``message`` is an English message id with {named}
    placeholders that a player understands; ``params`` fill them in (``plural`` as in
    ``T``); ``text`` is the whole as a translatable Text."""

    def __init__(self, message: str, *, plural: str | None = None, **params: Any) -> None:
        self.message = message
        self.params = params
        self.text = T(message, plural=plural, **params)
        super().__init__(english(self.text))


@dataclass(frozen=True)
class Text:
    """A translatable message: English message id plus parameters.

    Parameter values may themselves be ``Text`` (e.g. a card name), lists of them, or
    plain values. ``plural`` is the English plural of a counted message: the translation
    takes the form that the language's plural rules give for the parameter ``n``
    (gettext's ngettext). ``context`` tells apart one English word with two meanings
    (gettext's pgettext), e.g. "Pass" the action and "Pass" the place."""

    msg: str
    params: dict[str, Any] = field(default_factory=dict)
    plural: str | None = None
    context: str | None = None

    def to_json(self) -> dict:
        out = {"msg": self.msg, "params": _params_to_json(self.params)}
        if self.plural is not None:
            out["plural"] = self.plural
        if self.context is not None:
            out["context"] = self.context
        return out

    @staticmethod
    def from_json(data: Mapping) -> "Text":
        return Text(data["msg"], _params_from_json(data.get("params", {})), data.get("plural"),
                    data.get("context"))


def N_(message: str) -> str:
    """Mark a plain string (a score category used as a key, a label kept in a table) as a
    catalog message; it is translated where it is shown."""
    return message


def T(msg: str, *, plural: str | None = None, context: str | None = None, **params: Any) -> Text:
    """Mark a message for translation (the extraction tool looks for calls to ``T``).

        T("{player} passes.", player=seat)
        T("{n} doubloon", plural="{n} doubloons", n=3)      # counted: n picks the form
        T("Pass", context="action")                          # one word, two meanings"""
    if plural is not None and "n" not in params:
        raise ValueError(f"a counted message needs its count as n: {msg!r}")
    return Text(msg, params, plural, context)


def english(text: Text) -> str:
    """A Text in English as ``core.i18n`` would show it, without the catalogs (engines do not
    load them): for logs, tests and the ``str`` of errors. Text parameters read in English
    too, lists are joined with commas, and a counted message takes its English form by ``n``."""
    def shown(v: Any) -> Any:
        if isinstance(v, Text):
            return english(v)
        if isinstance(v, (list, tuple)):
            return ", ".join(str(shown(x)) for x in v)
        return v
    n = text.params.get("n", 1)
    counted = text.plural is not None and isinstance(n, int) and n != 1
    message = text.plural if counted else text.msg
    if not text.params:
        return message
    return message.format_map({k: shown(v) for k, v in text.params.items()})


def _params_to_json(params: Mapping) -> dict:
    def conv(v):
        if isinstance(v, Text):
            return {"__text__": v.to_json()}
        if isinstance(v, (list, tuple)):
            return [conv(x) for x in v]
        return v
    return {k: conv(v) for k, v in params.items()}


def _params_from_json(params: Mapping) -> dict:
    def conv(v):
        if isinstance(v, dict) and "__text__" in v:
            return Text.from_json(v["__text__"])
        if isinstance(v, list):
            return [conv(x) for x in v]
        return v
    return {k: conv(v) for k, v in params.items()}


@dataclass
class Event:
    """Something that happened, for the channel log, DMs and renderers.

    ``to`` is None for a public event, or the seat that alone may see it.
    ``kind`` is a short machine tag ("reveal", "scoring", "game_end", ...) that the Discord
    layer uses to decide which events deserve a new message rather than a log line.
    ``data`` carries optional structured facts for renderers (must be JSON-able and must obey
    the same audience as the text)."""

    text: Text
    to: str | None = None
    kind: str = "log"
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.to is None

    def to_json(self) -> dict:
        return {"text": self.text.to_json(), "to": self.to, "kind": self.kind, "data": self.data}

    @staticmethod
    def from_json(d: Mapping) -> "Event":
        return Event(Text.from_json(d["text"]), d.get("to"), d.get("kind", "log"), dict(d.get("data", {})))


def public(msg: str, kind: str = "log", data: dict | None = None, *, plural: str | None = None,
           context: str | None = None, **params: Any) -> Event:
    return Event(T(msg, plural=plural, context=context, **params), None, kind, data or {})


def private(seat: str, msg: str, kind: str = "log", data: dict | None = None, *,
            plural: str | None = None, context: str | None = None, **params: Any) -> Event:
    return Event(T(msg, plural=plural, context=context, **params), seat, kind, data or {})


@dataclass
class Outcome:
    """The end of a game.

    scores: final score per seat.  ranks: 1 = winner; equal ranks for a true tie.
    breakdown: per seat, an ordered mapping of scoring category (English message id) -> points,
    covering every category the rules name.  tiebreak: how ties were broken, or None."""

    scores: dict[str, int]
    ranks: dict[str, int]
    breakdown: dict[str, dict[str, int]]
    winners: list[str]
    tiebreak: Text | None = None

    def to_json(self) -> dict:
        d = asdict(self)
        d["tiebreak"] = self.tiebreak.to_json() if self.tiebreak else None
        return d


class Option(NamedTuple):
    """One game option of ``Engine.options()``. A plain (default, allowed, help) tuple is
    one too; ``label`` names it in the lobby (None: the bot sets it, it is not shown) and
    ``values`` names its values where a bare value would not read well."""
    default: Any
    allowed: Sequence[Any]
    help: str
    label: str | None = ""
    values: Mapping[Any, str] | None = None


@runtime_checkable
class Engine(Protocol):
    name: str
    title: str
    min_players: int
    max_players: int

    def options(self) -> dict[str, tuple[Any, Sequence[Any], str]]: ...
    def new(self, seats: Sequence[str], *, seed: int, options: Mapping | None = None) -> State: ...
    def to_act(self, state: State) -> list[str]: ...
    def legal(self, state: State, seat: str) -> list[Action]: ...
    def apply(self, state: State, seat: str, action: Action) -> list[Event]: ...
    def view(self, state: State, seat: str | None) -> dict: ...
    def outcome(self, state: State) -> Outcome | None: ...
    # Helpers every engine provides as well (BaseEngine gives defaults):
    def dump(self, state: State) -> dict: ...
    def load(self, data: Mapping) -> State: ...
    def label(self, state: State, seat: str, action: Action) -> Text: ...
    def detail(self, state: State, seat: str, action: Action) -> Text | None: ...
    def prompt(self, state: State, seat: str) -> Text: ...
    def status(self, state: State) -> Text: ...
    def forced(self, state: State, seat: str) -> Action | None: ...


class BaseEngine:
    """Defaults for the parts of the contract that are the same for every game.

    Subclasses implement ``new``, ``to_act``, ``legal``, ``_apply``, ``view``, ``outcome``,
    ``label`` and ``prompt``; ``apply`` here guarantees that a refused action leaves the
    state unchanged, whatever ``_apply`` had already touched."""

    name = ""
    title = ""
    min_players = 2
    max_players = 2

    def options(self) -> dict[str, tuple[Any, Sequence[Any], str]]:
        return {}

    def resolve_options(self, options: Mapping | None) -> dict:
        """Defaults filled in, unknown names and values refused with a clear message."""
        spec = self.options()
        out = {k: v[0] for k, v in spec.items()}
        for k, v in dict(options or {}).items():
            if k not in spec:
                raise IllegalAction("Unknown option {option}.", option=k)
            allowed = spec[k][1]
            if allowed and v not in allowed:
                raise IllegalAction("Option {option} cannot be {value}.", option=k, value=str(v))
            out[k] = v
        return out

    def preloaded(self, options: Mapping) -> bool:
        """Whether a game with these (resolved) options finds everything it reads from
        disk already read (by default an engine reads nothing)."""
        return True

    def preload(self, options: Mapping) -> None:
        """Read what a game with these options reads from disk (the Whisky Game's question
        packs), so that the engine's calls then do no file work. Blocking: the bot calls it
        off its event loop before it needs the engine for such a game; an engine that was
        not preloaded reads the files itself, and gives the same results."""

    def check_seats(self, seats: Sequence[str]) -> None:
        if not self.min_players <= len(seats) <= self.max_players:
            raise IllegalAction("{game} needs {min} to {max} players.",
                                game=T(self.title), min=self.min_players, max=self.max_players)
        if len(set(seats)) != len(seats):
            raise IllegalAction("Every seat needs its own name.")

    def apply(self, state: State, seat: str, action: Action) -> list[Event]:
        # The state is plain JSON data: a JSON snapshot is a faithful backup and much faster
        # than deepcopy. Any failure, a refusal or a bug, leaves no half move behind.
        backup = json.dumps(state)
        try:
            return self._apply(state, seat, action)
        except BaseException:
            state.clear()
            state.update(json.loads(backup))
            raise

    def _apply(self, state: State, seat: str, action: Action) -> list[Event]:  # pragma: no cover
        raise NotImplementedError

    # --- what the AI seats and the search use ----------------------------------------------
    #: action types that only move about a menu (turn a page, step back out of a choice):
    #: the search never prefers one to the heuristic's pick, or rollout noise would make it
    #: wander back and forth between two menus
    navigation: frozenset[str] = frozenset({"page", "cancel"})
    #: action types that give up the rest of a phase (Keyflower's pass: out until the
    #: season ends). The search plays one only when the heuristic does: a position valued a
    #: few moves later cannot see the moves given up, and keeps the workers not spent, so a
    #: pass looks better than it is and a table of searching AIs passed its seasons away
    forfeits: frozenset[str] = frozenset()
    #: a lead worth about 88% of a win to the search (``search.reward``), in points
    score_scale: float = 10.0

    def knowledge_decision(self, state: State, seat: str) -> bool:
        """Whether this decision tests what the player knows rather than how they play (a
        trivia answer): the level's own heuristic takes it, with its level's accuracy, and
        the search never overrides it. Searching would be cheating: the seat's view holds
        the right answer (so that a level can answer right as often as its players would),
        and any look-ahead sees that the right answer scores."""
        return False

    def copy(self, state: State) -> State:
        """An independent copy of a state, for search. States are plain JSON data, which
        marshal copies about six times faster than a JSON round trip (kept for storage)."""
        return marshal.loads(marshal.dumps(state))

    def advance(self, state: State, seat: str, action: Action) -> list[Event]:
        """``apply`` without the rollback snapshot, for search on a throw-away copy: the
        caller passes an action from ``legal(state, seat)``. Engines may skip re-validating
        it here when that is where their time goes."""
        return self._apply(state, seat, action)

    def ai_view(self, state: State, seat: str) -> dict:
        """Everything the seat's player knows: its view, plus what the rules put in that
        player's head and nowhere on the table (e.g. the answer of the quiz question they
        are asked, for an AI that "knows" it with some accuracy). An AI reads only this."""
        return self.view(state, seat)

    def determinize(self, view: Mapping, rng: random.Random) -> State:
        """A full state consistent with ``view`` (an ``ai_view`` of the seat ``view["you"]``):
        what that seat cannot know (other hands, bag and deck orders, secret picks, the seed)
        sampled with ``rng`` from what is still possible. For the viewing seat it has the
        same ``view``, ``legal`` and ``to_act`` as the real state."""
        raise NotImplementedError(f"{self.name} cannot sample hidden information")

    def evaluate(self, state: State) -> dict[str, float]:
        """A value per seat from here, higher is better (search leaves are valued with it,
        through the differences between seats): an expected final score, or in a race to a
        goal how near each seat is. The default counts only a finished game; engines
        estimate unfinished ones."""
        outcome = self.outcome(state)
        seats = state.get("seats") or []
        if outcome is not None:
            return {s: float(v) for s, v in outcome.scores.items()}
        return {s: 0.0 for s in seats}

    def dump(self, state: State) -> dict:
        return json.loads(json.dumps(state))

    def load(self, data: Mapping) -> State:
        return json.loads(json.dumps(data))

    def label(self, state: State, seat: str, action: Action) -> Text:
        return Text(json.dumps(action, sort_keys=True))

    def detail(self, state: State, seat: str, action: Action) -> Text | None:
        """What a choice does, beyond its label: a select menu shows it under the label
        (Discord: at most 100 characters), a button does not show it at all. Labels stay
        short (at most 80 characters in every language); None when the label says it all."""
        return None

    def prompt(self, state: State, seat: str) -> Text:
        return Text("Your move.")

    def status(self, state: State) -> Text:
        """One public line for the status embed (round, phase); never hidden data."""
        return Text("Game in progress.")

    def forced(self, state: State, seat: str) -> Action | None:
        """The one legal action a seat can be given without asking, decided from public
        facts only; None (the default) when the seat must be asked.

        The platform takes it for the player and says so in the thread (with ``label``), so
        an engine returns an action only when (1) the seat is in ``to_act`` and the action is
        in ``legal(state, seat)``, normally as its only entry; (2) that it is the only one
        follows from what every other player sees (``view(state, None)`` and the seat's
        public record: counts of hidden things, never what they are); (3) its ``label`` for
        the seat shows nothing hidden. The answer is the same in every world that
        ``determinize`` may sample from another seat's view
        (``tests/engines/test_forced.py``). When a single choice exists only because of
        hidden facts (no card in hand that fits, no worker of the right colour), the click
        stays: skipping it would tell the table what the player does not hold."""
        return None

    def decision_timer(self, state: State, seat: str) -> tuple[float, Action] | None:
        """A time limit that the rules put on the seat's current decision, and the action
        taken when it runs out (e.g. an unanswered quiz question counts as wrong)."""
        return None

    def public_decision(self, state: State, seat: str) -> bool:
        """True when the seat's choice belongs on the public board message (everyone sees
        the buttons, only that seat may press them), e.g. answering a question read aloud."""
        return False

    def public_actions(self, state: State, seat: str) -> list[Action]:
        """The choices of a public decision that everyone may see: the table panel offers
        only these (in this order), and its fingerprint is taken over them alone, so nothing
        on it depends on hidden data. Other legal actions (e.g. playing a hidden card) stay in
        the player's private panel. [] when the decision is not public."""
        if not self.public_decision(state, seat):
            return []
        timer = self.decision_timer(state, seat)
        return [a for a in self.legal(state, seat) if timer is None or a != timer[1]]


# --- seeded randomness --------------------------------------------------------------------
# The state carries ``seed`` and a draw counter ``rng_n``; every draw derives a fresh
# Random from both, so the state stays small JSON and replays are exact.

def rng(state: State) -> random.Random:
    """A Random for the next random step of this game; advances the state's counter."""
    n = state.get("rng_n", 0)
    state["rng_n"] = n + 1
    digest = hashlib.sha256(f"{state['seed']}:{n}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def letter(i: int) -> str:
    """The letter of the i-th choice (A … Z, then AA, AB …): a menu's labels and the same
    letters drawn on the board."""
    out = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def choice_fingerprint(actions: Sequence[Action]) -> str:
    """A short, stable digest of a list of legal actions: a button built on one list is
    refused once the list has changed (stale button)."""
    blob = json.dumps(list(actions), sort_keys=True, separators=(",", ":")).encode()
    return hashlib.blake2s(blob, digest_size=4).hexdigest()
