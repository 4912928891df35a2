"""The player chooses which tiles pay a cost (tile cost or activation): only when the choice
changes the resulting position, with the engine's old choice (the tile holding the most
cubes) offered first as the suggestion."""
import pytest

from engines.base import IllegalAction
from engines.glen_more import ENGINE as E
from engines.glen_more import ai

from glen_more_util import at, fmt, home, new, put_tile, tile


def two_quarries():
    """Quarry (1,0) with 2 stone and a second quarry (-1,0) with 1 stone."""
    st = new(4, seed=1)
    p = home(st, extra=[tile("T23", -1, 0, cubes=["stone"])])
    at(p, 1, 0)["cubes"] = ["stone", "stone"]
    return st, p


def test_player_picks_the_tile_that_pays_a_tile_cost():
    """Rules §6: "Resource costs are paid with cubes taken from **any** tiles of the player's
    display (they need not be adjacent or activated), returned to the supply"."""
    st, p = two_quarries()
    space = put_tile(st, "T11")                       # distillery: costs 1 stone
    E.apply(st, "A", {"type": "take", "space": space})
    assert st["turn"]["paying"]
    legal = E.legal(st, "A")
    assert legal == [{"type": "pay_from", "at": [1, 0]}, {"type": "pay_from", "at": [-1, 0]}]
    assert fmt(E.label(st, "A", legal[0])) == "A: pay from Quarry (2 cubes there) — suggested"
    assert fmt(E.label(st, "A", legal[1])) == "B: pay from Quarry (1 cube there)"
    assert "which tile" in fmt(E.prompt(st, "A"))
    spots = E.view(st, None)["spots"]
    assert spots["decision"] == "pay_from" and spots["resource"] == "stone"
    assert [(c["letter"], c["cell"]) for c in spots["cells"]] == [("A", [1, 0]), ("B", [-1, 0])]
    with pytest.raises(IllegalAction):                # nothing else until the cube is paid
        E.apply(st, "A", {"type": "place", "at": [1, 1]})
    p = st["players"]["A"]                            # a refusal restores the state afresh
    E.apply(st, "A", legal[1])                        # not the suggestion: the lone cube
    assert at(p, -1, 0)["cubes"] == [] and at(p, 1, 0)["cubes"] == ["stone", "stone"]
    assert st["turn"]["paying"] is None and st["turn"]["step"] == "place"


def test_the_suggestion_is_the_old_automatic_choice():
    """The first option gives what the engine did on its own: the tile with most cubes."""
    st, p = two_quarries()
    space = put_tile(st, "T11")
    E.apply(st, "A", {"type": "take", "space": space})
    act = ai.choose(E, st, "A", None)
    assert act == E.legal(st, "A")[0]
    E.apply(st, "A", act)
    assert at(p, 1, 0)["cubes"] == ["stone"] and at(p, -1, 0)["cubes"] == ["stone"]


def test_no_question_when_every_payment_gives_the_same_position():
    """Rules §6 (cubes from any tiles), but only a choice that changes the position is asked:
    one holder, or a cost that takes every cube there is, is paid at once."""
    st = new(4, seed=1)
    p = home(st)
    at(p, 1, 0)["cubes"] = ["stone", "stone"]         # the only stone: one tile holds it
    space = put_tile(st, "T11")
    E.apply(st, "A", {"type": "take", "space": space})
    assert st["turn"]["paying"] is None and st["turn"]["step"] == "place"
    assert at(p, 1, 0)["cubes"] == ["stone"]


def test_two_sheep_from_two_meadows_asks_nothing_one_sheep_asks():
    """Rules §8.2: "Payment cubes for activations come from any tiles of the display"."""
    def butcher_with(sheep_tiles):
        st = new(4, seed=1)
        p = home(st, extra=[tile("T12", -1, 0, cubes=["sheep"])])
        at(p, 0, 1)["cubes"] = ["sheep"]
        space = put_tile(st, "T10")                   # butcher (sheep), free
        E.apply(st, "A", {"type": "take", "space": space})
        E.apply(st, "A", {"type": "place", "at": [1, 1]})
        E.apply(st, "A", {"type": "activate", "at": [1, 1]})
        return st, p
    st, p = butcher_with(2)
    E.apply(st, "A", {"type": "butcher", "n": 2})     # both sheep must go: asked nothing
    assert st["turn"]["paying"] is None
    assert at(p, 0, 1)["cubes"] == [] and at(p, -1, 0)["cubes"] == [] and p["vp"] == 4
    st, p = butcher_with(2)
    E.apply(st, "A", {"type": "butcher", "n": 1})     # one sheep of two: the player picks
    cells = [a["at"] for a in E.legal(st, "A")]
    assert cells == [[0, 1], [-1, 0]]                 # equal piles: the tile placed first leads
    E.apply(st, "A", {"type": "pay_from", "at": [-1, 0]})
    assert at(p, 0, 1)["cubes"] == ["sheep"] and at(p, -1, 0)["cubes"] == [] and p["vp"] == 2
    assert st["turn"]["step"] == "activate"


def test_emptying_a_tile_before_loch_shiel():
    """Why it matters: Loch Shiel fills only empty production tiles ("Put 1 cube of the
    matching resource on each of your production tiles that holds no cube"), so the tile
    that pays decides what Shiel gives back."""
    gains = []
    for pick in (0, 1):                               # the suggestion, then the other tile
        st, p = two_quarries()
        space = put_tile(st, "T11")
        E.apply(st, "A", {"type": "take", "space": space})
        E.apply(st, "A", E.legal(st, "A")[pick])
        st["turn"]["tile"] = "T52"                    # shortcut: the tile paid for is Loch Shiel
        E.apply(st, "A", {"type": "place", "at": [0, 2]})
        before = sum(len(t["cubes"]) for t in p["tiles"])
        E.apply(st, "A", {"type": "shiel"})
        gains.append(sum(len(t["cubes"]) for t in p["tiles"]) - before)
    assert gains[1] == gains[0] + 1                   # the emptied quarry is filled again


def results(st, seat="A"):
    """Every way through the pending payment: the list of resulting displays, one per path."""
    if not st["turn"]["paying"]:
        return [tuple(tuple(t["cubes"]) for t in st["players"][seat]["tiles"])]
    out = []
    for a in E.legal(st, seat):
        s2 = E.load(E.dump(st))
        E.apply(s2, seat, a)
        out += results(s2, seat)
    return out


def test_each_resulting_position_is_offered_exactly_once():
    """Two stone out of three tiles holding one each (and a full quarry of three): every
    result is reachable, none twice (no two orders of the same cubes), and paths with one
    option are not asked."""
    st = new(4, seed=1)
    p = home(st, extra=[tile("T23", -1, 0, cubes=["stone"]), tile("T25", -1, 1, cubes=["stone"]),
                        tile("T32", 1, 1, cubes=["stone", "stone", "stone"])])
    at(p, 1, 0)["cubes"] = ["stone"]
    st["turn"]["step"] = "place"
    E._start_paying(st, p, ["stone", "stone"])
    got = results(st)
    assert len(got) == len(set(got))
    # 4 tiles with 1, 1, 1, 3 stone: take 2 -> C(3, 2) + 3 * 1 + 1 = 7 distinct positions
    assert len(got) == 7
    first = E.load(E.dump(st))
    while first["turn"]["paying"]:
        E.apply(first, "A", E.legal(first, "A")[0])
    assert [len(t["cubes"]) for t in first["players"]["A"]["tiles"]][3:] == [1, 1, 1]
    assert first["players"]["A"]["tiles"][2]["cubes"] == ["stone"]     # the old choice


def test_sold_surplus_cubes_are_chosen_too():
    """Cubes sold automatically to afford a tile leave the display as well: the player
    picks them like the cubes that pay (here 1 stone must be sold to buy the wood)."""
    st = new(2, seed=1)
    p = home(st, extra=[tile("T23", -1, 0, cubes=["stone"])])
    at(p, 1, 0)["cubes"] = ["stone"]
    p["coins"] = 0
    st["market"]["stone"] = 2
    st["market"]["wood"] = 0
    space = put_tile(st, "T17")                       # small fair: costs 1 wood
    E.apply(st, "A", {"type": "take", "space": space})
    assert p["coins"] == 1 and st["market"]["stone"] == 1 and st["market"]["wood"] == 1
    assert [a["at"] for a in E.legal(st, "A")] == [[1, 0], [-1, 0]]
    E.apply(st, "A", {"type": "pay_from", "at": [-1, 0]})
    assert at(p, 1, 0)["cubes"] == ["stone"] and at(p, -1, 0)["cubes"] == []
