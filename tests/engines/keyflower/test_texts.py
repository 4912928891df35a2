"""Every text of a Keyflower game is translatable as a whole: counted messages carry their
count as n, no sentence glues a number to a translated noun, seats stand in seat parameters
(the bot shows names there), and every message id is in the catalog template."""
import random
import re

import pytest

from core.i18n import SEAT_PARAMS, tr
from scripts.catalogs import data_strings, extract
from engines.base import IllegalAction, Text
from engines.keyflower import ENGINE as E
from engines.keyflower import ai
from engines.keyflower.data import TILES

GLUED = re.compile(r"\{n\} \{\w+\}")          # "{n} {what}": a number and a translated noun
TILE_NAMES = {t["name"] for t in TILES.values()}


def walk(text, path="text"):
    """Every Text inside a Text (itself first), with where it sits."""
    yield text, path
    for k, v in text.params.items():
        for x in (v if isinstance(v, (list, tuple)) else [v]):
            if isinstance(x, Text):
                yield from walk(x, f"{path}.{k}")


def collect(seed, n, policy):
    """All texts of one game: events, labels, prompts and status at every step, refusals."""
    st = E.new(list("ABCDEF"[:n]), seed=seed)
    r = random.Random(seed)
    out = []
    while E.outcome(st) is None:
        s = E.to_act(st)[0]
        legal = E.legal(st, s)
        out += [E.label(st, s, a) for a in legal]
        out += [E.prompt(st, x) for x in st["seats"]] + [E.status(st)]
        other = next(x for x in st["seats"] if x not in E.to_act(st)) \
            if len(E.to_act(st)) < n else None
        if other:
            try:
                E.apply(st, other, legal[0])
            except IllegalAction as e:
                out.append(e.text)
        a = ai.choose(E, st, s, r) if policy == "ai" else r.choice(legal)
        out += [ev.text for ev in E.apply(st, s, a)]
    out.append(E.outcome(st).tiebreak or Text("-"))
    return st, out


@pytest.fixture(scope="module")
def texts():
    found = []
    for seed, n, policy in ((1, 2, "ai"), (2, 4, "random"), (3, 5, "ai"), (4, 3, "random")):
        st, out = collect(seed, n, policy)
        found += [(t, st["seats"]) for t in out]
    return found


def test_counted_messages_take_their_count_as_n(texts):
    for top, seats in texts:
        for t, path in walk(top):
            assert not GLUED.search(t.msg) and not GLUED.search(t.plural or ""), (t.msg, path)
            if t.plural is not None:
                assert isinstance(t.params.get("n"), int), (t.msg, path)
            elif isinstance(t.params.get("n"), int) and t.msg not in TILE_NAMES:
                pytest.fail(f"a count without a plural form: {t.msg!r} ({path})")


def test_seats_stand_in_seat_parameters(texts):
    for top, seats in texts:
        for t, path in walk(top):
            for k, v in t.params.items():
                vals = v if isinstance(v, (list, tuple)) else [v]
                if any(isinstance(x, str) and x in seats for x in vals):
                    assert k in SEAT_PARAMS, (t.msg, k, path)
                if isinstance(v, str) and ", " in v:
                    assert not set(v.split(", ")) & set(seats), (t.msg, k, "a joined list")


def test_every_message_is_in_the_catalog_template(texts):
    known = {(m, p, c) for m, p, c, _, _ in extract()}
    data = set(data_strings())
    for top, _ in texts:
        for t, path in walk(top):
            if t.msg == "-":
                continue
            assert (t.msg, t.plural, t.context) in known or (t.plural is None and t.msg in data), \
                (t.msg, t.plural, t.context, path)


def test_english_reads_whole(texts):
    names = {s: f"Player {s}" for s in "ABCDEF"}
    for top, _ in texts:
        s = tr(top, "en", seat_names=names)
        assert "{" not in s and "}" not in s, s
        n = top.params.get("n")
        if top.plural is not None and n == 1:
            assert tr(top, "en") == tr(Text(top.msg, top.params), "en")


def test_names_replace_seat_letters_in_events_and_prompts():
    st = E.new(["A", "B"], seed=5)
    names = {"A": "Ann", "B": "Bob"}
    assert tr(E.prompt(st, "B" if E.to_act(st) == ["A"] else "A"), "en", seat_names=names) \
        in ("Waiting for Ann.", "Waiting for Bob.")
    assert "Ann" in tr(E.status(st), "en", seat_names=names) or \
        "Bob" in tr(E.status(st), "en", seat_names=names)
