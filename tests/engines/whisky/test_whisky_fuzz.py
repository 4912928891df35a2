"""Random games: the engine contract holds at every step."""
import json
import random

import pytest

from engines.base import IllegalAction
from engines.whisky import ai
from engines.whisky import data as D
from whisky_helpers import make_engine

BAD_ACTIONS = [None, "roll", 7, [], {}, {"type": 3}, {"type": "roll", "extra": 1},
               {"type": "answer", "option": 9}, {"type": "move", "to": "NOWHERE"},
               {"type": "play", "card": "fifty"}, {"type": "page", "n": 5}, {"type": "end", "x": None}]

PRIVATE_MSGS = {"You drew {card}: {text}", "Your lost distillery bottle is worth {n} point.",
                "The lost bottle you lost was worth {n} point."}


def _check_views(eng, st):
    seats = st["seats"]
    viewers = [None] + seats
    effects_or_public = set()
    for s in seats:
        pv = eng.view(st, None)["players"][s]
        effects_or_public |= set(pv["effects"]) | set(pv["bonus_cards"])
    q = st["question"]
    info = eng.bank(st)[q["id"]]["info"] if q else None
    for viewer in viewers:
        v = eng.view(st, viewer)
        blob = json.dumps(v, ensure_ascii=False)
        json.loads(blob)
        assert v["game"] == "whisky" and v["seats"] == seats
        if info:
            assert info not in blob
            assert all(set(o) == {"index", "letter", "text", "removed", "wrong"}
                       for o in v["question"]["options"])
        for s in seats:
            p = st["players"][s]
            pv = v["players"][s]
            assert pv["special_cards"] == len(p["hand"]) + (1 if p["return_ticket"] else 0)
            assert pv["lost_hidden"] + len(pv["lost_revealed"]) == len(p["lost"])
            assert pv["lost_revealed"] == [x["v"] for x in p["lost"] if x["revealed"]]
            if viewer != s:
                for card in set(p["hand"]) - effects_or_public:
                    others = [c for o in seats if o != s and o == viewer
                              for c in st["players"][o]["hand"]]
                    if card not in others:
                        assert card not in blob, (card, viewer, s)
        if viewer is None:
            assert "hand" not in v and "lost_values" not in v and "you" not in v
        else:
            assert v["you"] == viewer and v["hand"] == sorted(st["players"][viewer]["hand"])
            assert v["lost_values"] == [x["v"] for x in st["players"][viewer]["lost"]]


def _check_events(eng, st, events, info_before):
    for e in events:
        j = json.dumps(e.to_json(), ensure_ascii=False)
        if e.public:
            assert e.text.msg not in PRIVATE_MSGS
            if info_before and e.kind != "answer":
                assert info_before not in j
        else:
            assert e.to in st["seats"]
        assert e.kind in ("log", "question", "answer", "game_end")


def _render(text) -> str:
    def conv(v):
        if hasattr(v, "msg"):
            return _render(v)
        if isinstance(v, list):
            return ", ".join(conv(x) for x in v)
        return str(v)
    return text.msg.format(**{k: conv(v) for k, v in text.params.items()})


def play_checked(seed, n_players, options=None, policy="mix", checks_every=1, eng=None):
    eng = eng or make_engine()
    seats = list("ABCDEF"[:n_players])
    st = eng.new(seats, seed=seed, options=options)
    r = random.Random(seed)
    steps = 0
    while eng.outcome(st) is None:
        waiting = eng.to_act(st)
        assert len(waiting) == 1
        seat = waiting[0]
        legal = eng.legal(st, seat)
        assert 0 < len(legal) <= 25
        for s in seats:
            if s != seat:
                assert eng.legal(st, s) == []
        for a in legal:
            lab = _render(eng.label(st, seat, a))
            assert 0 < len(lab) <= 80, lab
        assert eng.prompt(st, seat).msg and eng.status(st).msg
        dumped = eng.dump(st)
        assert eng.load(dumped) == st
        if steps % checks_every == 0:
            _check_views(eng, st)
            # every legal action is accepted (on copies)
            for a in r.sample(legal, min(3, len(legal))):
                cp = eng.load(dumped)
                eng.apply(cp, seat, a)
            # malformed and foreign actions are refused and change nothing
            for bad in r.sample(BAD_ACTIONS, 3):
                if bad in legal:
                    continue
                with pytest.raises(IllegalAction):
                    eng.apply(st, seat, bad)
                assert eng.dump(st) == dumped
            other = next(s for s in seats if s != seat)
            with pytest.raises(IllegalAction):
                eng.apply(st, other, legal[0])
            assert eng.dump(st) == dumped
        q = st["question"]
        info_before = eng.bank(st)[q["id"]]["info"] if q else None
        if policy == "random" or (policy == "mix" and seat == seats[0]):
            action = r.choice(legal)
        else:
            action = ai.choose(eng, st, seat, r)
        assert action in legal
        events = eng.apply(st, seat, action)
        _check_events(eng, st, events, info_before)
        steps += 1
        assert steps < 20000
    out = eng.outcome(st)
    assert set(out.ranks) == set(seats) and out.winners
    assert all(out.ranks[w] == 1 for w in out.winners)
    assert eng.legal(st, seats[0]) == [] and eng.to_act(st) == []
    with pytest.raises(IllegalAction):
        eng.apply(st, seats[0], {"type": "roll"})
    _check_views(eng, st)
    v = eng.view(st, None)
    assert v["finished"] and v["outcome"]["winners"] == out.winners
    return st, steps


@pytest.mark.parametrize("seed,n,options", [
    (1, 2, None),
    (2, 3, {"end_rule": "finish_round", "victory_points": 15}),
    (3, 4, {"allow_u_turn": True, "coffey_mode": "double_this_turn", "max_rounds": 30}),
    (4, 5, {"one_value_per_bottle": False, "lost_bottles_give_region": True, "max_rounds": 30}),
    (5, 6, {"supplementary_specials": False, "extra_characters": False, "max_rounds": 20}),
    (6, 2, {"keep_option_order": True, "six_rolls_again": False, "victory_points": 10,
            "regions_required": 3}),
])
def test_fuzz_contract(seed, n, options):
    play_checked(seed, n, options, checks_every=2)


def test_fuzz_long_game_with_the_generated_bank():
    from engines.whisky.engine import WhiskyEngine
    st, steps = play_checked(21, 3, {"question_bank": "generated"}, checks_every=4,
                             eng=WhiskyEngine())
    assert steps > 200


def test_fuzz_random_players_many_short_games():
    for seed in range(10, 16):
        play_checked(seed, 2 + seed % 5, {"max_rounds": 10}, policy="random", checks_every=5)


def test_every_special_card_shows_up_in_fuzzing_states():
    """Deal every card to the players and play on: each card's branch must stay legal."""
    eng = make_engine()
    for seed in range(3):
        st = eng.new(list("ABC"), seed=seed, options={"max_rounds": 10})
        cards = sorted(D.SPECIALS)
        for i, s in enumerate(st["seats"]):
            st["players"][s]["hand"] = cards[i::3]
            st["players"][s]["ingredients"] = {"barley": 3, "water": 3, "yeast": 3}
        r = random.Random(seed)
        n = 0
        while eng.outcome(st) is None:
            seat = eng.to_act(st)[0]
            legal = eng.legal(st, seat)
            assert 0 < len(legal) <= 25
            eng.apply(st, seat, r.choice(legal))
            assert eng.load(eng.dump(st)) == st
            n += 1
            assert n < 20000
