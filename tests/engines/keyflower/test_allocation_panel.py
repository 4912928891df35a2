"""The end-of-game allocation panel (the "allocate" phase, engines/keyflower/final_scoring.py).

Rules, final scoring: each player allocates their workers, skills, resources, wheat and the
purple marker to their scoring tiles "as they wish". The engine suggests the best allocation
(allocation.py); each player accepts it or changes it step by step, and is scored with the
allocation they confirmed."""
import copy
import random

from core.i18n import tr
from engines.keyflower import ENGINE as E
from engines.keyflower import ai
from engines.keyflower.allocation import best_allocation, position, score_allocation
from engines.keyflower.common import page_of
from tests.engines.leaks import compare, public_side

from .helpers import give_res, give_skills, home, put, screen, table


def _end(st):
    """Start the end of the game on a hand-made position (winter is over)."""
    st["season"] = 3
    evs = []
    E._final(st, evs)
    return evs


def _bakery_scholar(purple_a=False):
    """A: Bakery and Scholar, 2 saws, 1 pick, 1 wood, 1 wheat (best: Bakery takes the pick,
    4 + Scholar 2 saws 6). B: nothing but a home tile and blue workers (the purple marker is
    A's when purple_a, else B's)."""
    st = table()
    st["start"] = 0 if purple_a else 1
    put(st, "A", "bakery", 0, -1, 0)
    put(st, "A", "scholar", 0, 1, 0)
    give_skills(st, "A", saw=2, pick=1)
    give_res(st, home(st, "A"), wood=1)
    st["players"]["A"]["wheat"] = 1
    return st


def _text(x):
    return tr(x)


def _go(st, seat, *actions):
    for a in actions:
        assert a in E.legal(st, seat), (a, E.legal(st, seat))
        E.apply(st, seat, a)


def _accept_all(st):
    for s in list(E.to_act(st)):
        _go(st, s, {"type": "alloc_accept"})


def test_the_panel_offers_the_optimum_with_its_total():
    """At the end of winter each player gets the engine's suggested allocation with its total
    first: "Accept the suggestion: N points"."""
    st = _bakery_scholar()
    _end(st)
    assert st["phase"] == "allocate" and set(E.to_act(st)) == {"A", "B"}
    best = best_allocation(position(E, st, "A"))
    legal = E.legal(st, "A")
    assert legal[0] == {"type": "alloc_accept"}
    assert str(best["total"]) in _text(E.label(st, "A", legal[0]))
    assert str(best["total"]) in _text(E.prompt(st, "A"))
    assert {"type": "alloc_tile", "tile": "scholar"} in legal
    assert {"type": "alloc_tile", "tile": "bakery"} in legal
    assert {"type": "alloc_done"} not in legal          # nothing changed yet
    assert E.view(st, "A")["private"]["allocation"]["suggested_total"] == best["total"]
    _accept_all(st)
    assert st["phase"] == "over"
    assert st["result"]["A"]["total"] == best["total"]
    assert st["result"]["A"]["tiles"] == best["tiles"]


def test_a_changed_allocation_scores_as_the_player_allocated():
    """Rules: each player allocates their items and the purple marker to their scoring tiles
    "as they wish". A takes a saw off the Scholar (its 2 saws: 6 VP, now 3 VP) and confirms:
    A scores their own allocation, 3 below the suggestion, and the result keeps it."""
    st = _bakery_scholar()
    _end(st)
    best = st["allocate"]["A"]["best_total"]
    assert st["allocate"]["A"]["best"]["tiles"]["scholar"] == {"saw": 2}
    _go(st, "A", {"type": "alloc_tile", "tile": "scholar"}, {"type": "alloc_take", "tile": "scholar", "kind": "saw"})
    assert str(best - 3) in _text(E.prompt(st, "A"))
    _go(st, "A", {"type": "alloc_menu"})
    done = {"type": "alloc_done"}
    assert str(best - 3) in _text(E.label(st, "A", done))
    _go(st, "A", done)
    assert E.to_act(st) == ["B"] and st["phase"] == "allocate"
    _go(st, "B", {"type": "alloc_accept"})
    res = st["result"]["A"]
    assert st["phase"] == "over"
    assert res["total"] == best - 3 and res["suggested_total"] == best
    assert res["tiles"]["scholar"] == {"saw": 1}
    pos = position(E, st, "A")
    assert score_allocation(pos, {k: res[k] for k in ("purple", "weaver_hold", "tiles")})["total"] == res["total"]
    assert E.outcome(st).scores["A"] == best - 3


def test_back_restores_the_allocation_before_the_last_change():
    st = _bakery_scholar()
    _end(st)
    before = copy.deepcopy(st["allocate"]["A"]["cur"])
    _go(st, "A", {"type": "alloc_tile", "tile": "bakery"},
        {"type": "alloc_take", "tile": "bakery", "kind": "wheat"},
        {"type": "alloc_take", "tile": "bakery", "kind": "wood"})
    mid = copy.deepcopy(st["allocate"]["A"]["cur"])
    _go(st, "A", {"type": "alloc_back"})
    assert st["allocate"]["A"]["cur"] != mid
    _go(st, "A", {"type": "alloc_back"})
    assert st["allocate"]["A"]["cur"] == before
    _go(st, "A", {"type": "alloc_menu"})
    assert {"type": "alloc_back"} not in E.legal(st, "A")
    assert {"type": "alloc_done"} not in E.legal(st, "A")


def test_the_purple_marker_declaration_can_be_changed():
    """The purple marker counts as an item of the player's choice: the panel lets the player
    declare it (here a pick: the Scholar of picks scores less)."""
    st = _bakery_scholar(purple_a=True)
    _end(st)
    legal = E.legal(st, "A")
    assert {"type": "alloc_purple", "path": []} in legal
    _go(st, "A", {"type": "alloc_purple", "path": []})
    assert len(E.legal(st, "A")) <= 25
    _go(st, "A", {"type": "alloc_purple", "path": ["skill"]})
    decls = [a for a in E.legal(st, "A") if a["type"] == "alloc_declare"]
    assert {"type": "alloc_declare", "decl": ["skill", "anvil"]} in decls
    _go(st, "A", {"type": "alloc_declare", "decl": ["skill", "anvil"]})
    assert st["allocate"]["A"]["cur"]["purple"] == ["skill", "anvil"]
    assert st["allocate"]["A"]["step"] is None
    _go(st, "A", {"type": "alloc_back"})
    assert st["allocate"]["A"]["cur"] == st["allocate"]["A"]["best"]


def test_ai_and_timeout_accept_the_suggestion():
    """An AI seat, and a human seat whose time runs out (the table plays the AI's move),
    accept the suggestion, even after changes."""
    st = _bakery_scholar()
    _end(st)
    _go(st, "A", {"type": "alloc_tile", "tile": "scholar"}, {"type": "alloc_take", "tile": "scholar", "kind": "saw"})
    r = random.Random(1)
    for s in ("A", "B"):
        a = ai.choose(E, st, s, r)
        assert a == {"type": "alloc_accept"}
        E.apply(st, s, a)
    assert st["phase"] == "over"
    assert st["result"]["A"]["total"] == st["result"]["A"]["suggested_total"]


def test_a_player_with_nothing_to_choose_is_not_asked():
    """B has no scoring tile for their items, no purple marker, no Weaver: only one
    allocation, no panel. When A confirms, the game ends."""
    st = _bakery_scholar(purple_a=True)
    _end(st)
    assert E.to_act(st) == ["A"] and st["allocate"]["B"]["done"]
    assert E.legal(st, "B") == []
    _go(st, "A", {"type": "alloc_accept"})
    assert st["phase"] == "over" and E.outcome(st) is not None


def test_nobody_asked_ends_the_game_at_once():
    st = table()
    st["start"] = 0
    _end(st)
    # the purple marker is always a choice: its holder is asked
    assert E.to_act(st) == ["A"]
    st = table()
    st["start"] = 0
    st["season"] = 3
    pos = position(E, st, "B")
    assert not pos.tiles and not pos.purple


def test_every_reachable_panel_state_is_legal():
    """A random walk through the panel: every state scores (score_allocation never refuses
    it), every list fits one select (25) and has a way out."""
    st = _bakery_scholar(purple_a=True)
    put(st, "A", "key_market", 1, 0, 0)
    put(st, "A", "mercers_guild", -1, 0, 0)
    screen(st, "A", blue=2, green=2)
    give_res(st, home(st, "A"), stone=2, gold=1)
    _end(st)
    r = random.Random(3)
    for _ in range(400):
        legal = E.legal(st, "A")
        assert 1 < len(legal) <= 25
        for a in legal:
            _text(E.label(st, "A", a))
        _text(E.prompt(st, "A"))
        score_allocation(position(E, st, "A"), st["allocate"]["A"]["cur"])
        a = r.choice([a for a in legal if a["type"] not in ("alloc_accept", "alloc_done")])
        E.apply(st, "A", a)


def test_the_panel_step_is_private():
    """Which step a player is in, and what the panel offers, depend on the items behind the
    screen: the other players and spectators see only who still allocates."""
    st = _bakery_scholar(purple_a=True)
    put(st, "A", "key_market", 1, 0, 0)
    _end(st)
    a = copy.deepcopy(st)
    _go(a, "A", {"type": "alloc_tile", "tile": "scholar"}, {"type": "alloc_take", "tile": "scholar", "kind": "saw"})
    ctx = {"seed": "-", "step": "-", "seat": "A", "what": "panel", "mover": "A", "action": None}
    compare("keyflower", ctx, "panel step", public_side(E, st, "A"), public_side(E, a, "A"))
    assert "private" not in E.view(a, None)
    assert E.view(a, "B")["private"]["allocation"]["current"] == a["allocate"]["B"]["cur"]
    assert E.view(a, "A")["private"]["allocation"]["current"] == a["allocate"]["A"]["cur"]
    # twins: another colour behind A's screen (green could go to the Key market)
    twins = []
    for colour in ("green", "blue"):
        x = _bakery_scholar(purple_a=True)
        put(x, "A", "key_market", 1, 0, 0)
        x["bag"]["green"] += 1          # a green worker in the bag for either twin
        x["green"] -= 1
        screen(x, "A", **{colour: 1})
        _end(x)
        twins.append(x)
    b, c = twins
    compare("keyflower", ctx, "twins", public_side(E, b, "A"), public_side(E, c, "A"))


def test_a_hidden_colour_does_not_decide_who_is_asked():
    """Whether a player is asked is judged from what everybody knows (the number of workers,
    not their colours): a Key market owner with one worker is asked, green or not."""
    for colour in ("green", "blue"):
        st = table()
        st["start"] = 1
        put(st, "A", "key_market", 0, -1, 0)
        screen(st, "A", **{colour: 1})
        _end(st)
        assert "A" in E.to_act(st)


def test_each_player_turns_their_own_pages_while_both_allocate(monkeypatch):
    """Both players allocate at once. One turning a page of a long list must not move the
    other's buttons (a click on the other's page-1 button would be refused)."""
    st = _bakery_scholar()
    _end(st)
    assert set(E.to_act(st)) == {"A", "B"}
    many = [{"type": "alloc_tile", "tile": f"t{i}"} for i in range(40)]
    monkeypatch.setattr(type(E), "_options", lambda self, st, seat: list(many))
    first_page_b = E.legal(st, "B")
    assert first_page_b[0] == many[0] and {"type": "page", "page": 1} in first_page_b
    E.apply(st, "A", {"type": "page", "page": 1})
    assert E.legal(st, "A")[0] == many[23]
    assert E.legal(st, "B") == first_page_b
    assert E.view(st, "A")["private"]["page"] == 1 and E.view(st, "B")["private"]["page"] == 0
    # a page is forgotten once its player acts, and only that player's
    E.apply(st, "B", {"type": "page", "page": 1})
    E._fast_apply(st, "A", {"type": "alloc_accept"})
    assert page_of(st, "A") == 0 and page_of(st, "B") == 1


def test_a_state_stored_with_the_old_shared_page_keeps_it_until_someone_acts(monkeypatch):
    st = _bakery_scholar()
    _end(st)
    many = [{"type": "alloc_tile", "tile": f"t{i}"} for i in range(40)]
    monkeypatch.setattr(type(E), "_options", lambda self, st, seat: list(many))
    del st["pages"]
    st["page"] = 1                      # how a state stored before this change looks
    assert E.legal(st, "A")[0] == many[23]
    E._fast_apply(st, "A", {"type": "alloc_accept"})
    assert page_of(st, "A") == 0 and page_of(st, "B") == 0
