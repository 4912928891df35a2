"""Every choice a panel offers fits Discord as it is designed, in every language: simulated
games of the four games (2 to 5 players, AI and random play, several seeds and options), and
for every decision the labels, details and prompt built as ``Panels.build`` builds them.

A label (button or select option) is at most 80 characters, a select option's description
(the choice's ``detail``) at most 100, so that the panel never has to shorten one; the prompt
fits the message. Texts the bot does not write (player names, question packs) may still be
too long: ``cogs.ui.fit`` shortens them at a word boundary, tested here too.

    python -m tests.cogs.test_labels_fit      # the texts that do not fit, per game and language
"""
from __future__ import annotations

import json
import random
import sys
from collections import defaultdict

import pytest

import engines
from cogs.ui import DESCRIPTION_MAX, LABEL_MAX, fit
from core.i18n import translator
from engines.base import Text

LANGS = ("en", "el", "hu")
PROMPT_MAX = 1800            # the panel's header is the prompt and a few words around it

# Long but ordinary display names (Discord allows 32 characters): labels that name a player
# must fit with names like these.
NAMES = ["Alexandros Papadopoulos", "Szabó-Kovács Erzsébet", "Konstantina Georgiou",
         "Bartholomew Fitzgerald", "Nagy Krisztina Anna", "Dimitris Karamanlis"]

#: (game, players, seeds, options): a spread of tables, each played by AI and random moves
TABLES = [
    ("libertalia", (2, 3, 5), (1, 2), [{}, {"abilities": "optional"}]),
    ("glen_more", (2, 3, 5), (1, 2), [{}]),
    ("whisky", (2, 4), (1, 2), [{}]),
    ("keyflower", (2, 3, 5), (1, 2), [{}, {"farmers_variant": True, "season_end": "boats_first"}]),
]
STEPS = {"libertalia": 400, "glen_more": 500, "whisky": 300, "keyflower": 700}


def _key(text) -> str:
    return json.dumps(text.to_json() if isinstance(text, Text) else text, sort_keys=True,
                      ensure_ascii=False, default=str)


def collect(game: str) -> dict[str, dict]:
    """The distinct texts a panel shows in simulated games of ``game``: kind ("label",
    "detail", "prompt") and Text by key, with the names of its table."""
    E = engines.get(game)
    ai = engines.ai(game)
    found: dict[str, dict] = {}
    _, counts, seeds, option_sets = next(t for t in TABLES if t[0] == game)
    for n in counts:
        n = max(E.min_players, min(E.max_players, n))
        seats = [chr(65 + i) for i in range(n)]
        names = dict(zip(seats, NAMES))
        for seed in seeds:
            for options in option_sets:
                for policy in ("ai", "mix"):
                    _play(E, ai, seats, names, seed, options, policy, STEPS[game], found, game)
    return found


def _play(E, ai, seats, names, seed, options, policy, steps, found, game):
    rng = random.Random(f"{game}:{len(seats)}:{seed}:{policy}:{sorted(options.items())}")
    opts = dict(options)
    if game == "whisky":
        langs = ("en", "el", "hu")
        opts["question_lang"] = langs[seed % 3]
    state = E.new(seats, seed=seed, options=opts)
    for _ in range(steps):
        if E.outcome(state) is not None:
            return
        waiting = E.to_act(state)
        if not waiting:
            return
        for seat in waiting:
            acts = E.legal(state, seat)
            _note(found, "prompt", E.prompt(state, seat), names)
            for a in acts:
                _note(found, "label", E.label(state, seat, a), names)
                detail = E.detail(state, seat, a)
                if detail is not None:
                    _note(found, "detail", detail, names)
        seat = rng.choice(waiting)
        legal = E.legal(state, seat)
        if policy == "ai" or rng.random() < 0.6:
            a = ai.choose(E, state, seat, rng)
        else:
            a = rng.choice(legal)
        E.apply(state, seat, a)


def _note(found, kind, text, names):
    found.setdefault(kind + ":" + _key(text), {"kind": kind, "text": text, "names": names})


LIMITS = {"label": LABEL_MAX, "detail": DESCRIPTION_MAX, "prompt": PROMPT_MAX}


#: labels made of a text we do not write: a Whisky answer is a question pack's option, which
#: may be longer than a button; the panel shortens it at a word boundary
OUTSIDE_TEXT = {"{letter}: {text}"}


def cut_mid_word(s: str, n: int) -> bool:
    """Whether the panel, fitting s into n characters, would cut inside a word."""
    out = fit(s, n)
    if out == s:
        return False
    kept = out[:-1]
    return not (s.startswith(kept) and (len(kept) == n - 1 or not s[len(kept)].isalnum()))


def too_long(found: dict[str, dict], lang: str) -> list[tuple[str, int, str]]:
    """(kind, length, text) of every text over its limit in a language (a text we do not
    write: only when the panel would have to cut it inside a word)."""
    out = []
    for item in found.values():
        s = translator(lang, item["names"])(item["text"])
        limit = LIMITS[item["kind"]]
        if item["text"].msg in OUTSIDE_TEXT:
            if cut_mid_word(s, limit):
                out.append((item["kind"], len(s), s))
        elif len(s) > limit:
            out.append((item["kind"], len(s), s))
    return sorted(out, key=lambda x: -x[1])


_FOUND: dict[str, dict] = {}


def found_in(game: str) -> dict[str, dict]:
    if game not in _FOUND:
        _FOUND[game] = collect(game)
    return _FOUND[game]


@pytest.mark.parametrize("game", engines.GAMES)
def test_every_label_and_detail_fits(game):
    problems = {lang: too_long(found_in(game), lang) for lang in LANGS}
    assert not any(problems.values()), {lang: p[:8] for lang, p in problems.items() if p}


def test_details_become_select_descriptions_and_nothing_is_cut_inside_a_word():
    from cogs.ui import choice_view
    long_name = "Pub (Crown Liquor Saloon, Belfast city centre) " * 3
    labels = [f"Choice {i}" for i in range(6)] + [long_name]
    details = [None, "1 from your bid on Well; 2 from your screen"] + [None] * 4 + ["x " * 80]
    view = choice_view(1, "A", 0, "ff", labels, "Choose…", details=details)
    options = view.children[0].item.options
    assert options[0].description is None
    assert options[1].description == "1 from your bid on Well; 2 from your screen"
    assert len(options[6].label) <= LABEL_MAX and options[6].label.endswith("…")
    assert not cut_mid_word(long_name, LABEL_MAX)
    assert len(options[6].description) <= DESCRIPTION_MAX
    buttons = choice_view(1, "A", 0, "ff", [long_name, "B"], details=["d", None]).children
    assert buttons[0].item.label == fit(long_name, LABEL_MAX)
    assert len(buttons[0].item.label) <= LABEL_MAX


def test_keyflower_placements_are_short_with_their_sources_in_the_detail():
    found = found_in("keyflower")
    places = [i for i in found.values() if i["kind"] == "detail"
              and i["text"].msg.startswith("From your bids on")]
    assert places, "no placement with losing bids was offered"
    en = translator("en", places[0]["names"])(places[0]["text"])
    assert en.startswith("From your bids on ") and "(" in en


def test_fit_cuts_at_a_word_boundary():
    s = "Kocsma (Crown Liquor Saloon, Belfast city centre) — a very long name indeed"
    out = fit(s, 30)
    assert len(out) <= 30 and out.endswith("…")
    assert s.startswith(out[:-1].rstrip()) and s[len(out[:-1].rstrip())] in " ,—-"
    assert fit("short", 30) == "short"
    assert fit("x" * 120, 80) == "x" * 79 + "…"             # one word longer than the limit
    assert fit("ab " + "y" * 100, 80) == "ab…"
    assert fit("", 80) == ""
    assert not cut_mid_word(s, 30) and not cut_mid_word("x" * 120, 80)
    assert cut_mid_word("abc defghij", 8) is False          # "abc…"


def main(argv: list[str]) -> None:
    games = argv or list(engines.GAMES)
    for game in games:
        found = found_in(game)
        for lang in LANGS:
            bad = too_long(found, lang)
            kinds = defaultdict(int)
            for k, _, _ in bad:
                kinds[k] += 1
            print(f"{game} {lang}: {len(bad)} of {len(found)} over  {dict(kinds)}")
            for k, n, s in bad:
                print(f"   {k} {n}: {s}")


if __name__ == "__main__":
    main(sys.argv[1:])
