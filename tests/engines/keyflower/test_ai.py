"""The heuristic AI: always legal, quick, clearly better than random play, and its concrete
choices (bids, winter tiles, animals, resources); the search's position estimate."""
import random

from bench.common import play_game, random_policy
from engines.keyflower import ENGINE as E
from engines.keyflower import ai
from engines.keyflower import evaluate as EV

from .helpers import add_animals, bid, give_res, give_skills, home, put, table


def test_ai_beats_random_in_most_two_player_games():
    wins = 0
    for i in range(6):
        ai_seat, rnd = ("A", "B") if i % 2 == 0 else ("B", "A")
        _, _, o, _ = play_game("keyflower", 2, 500 + i, policies={ai_seat: ai.choose, rnd: random_policy})
        wins += o.ranks[ai_seat] < o.ranks[rnd]
    assert wins >= 5


def test_ai_plays_legally_through_a_six_player_game():
    """Every choice is legal from the first bid to the last allocation (how fast it decides
    is measured by ``bench.ai``, not here)."""
    st = E.new(list("ABCDEF"), seed=4)
    r = random.Random(4)
    while E.outcome(st) is None:
        s = E.to_act(st)[0]
        a = ai.choose(E, st, s, r)
        assert a in E.legal(st, s)
        E.apply(st, s, a)


# ---------------------------------------------------------------- concrete choices


def _play_turn(st, seat, rng):
    """Let the heuristic finish one turn of ``seat`` (a bid or use takes several steps)."""
    turn = st["turn"]
    for _ in range(30):
        E.apply(st, seat, ai.choose(E, st, seat, rng))
        if st["turn"] != turn or st["phase"] != "play":
            return


def test_ai_never_raises_a_bid_that_already_leads():
    """Winning bids go to the bag: a bid that leads gains nothing from more workers (the old
    AI kept adding to its own leading bids until its screen was empty)."""
    st = table()
    bid(st, "A", "keywood", 1, colour="blue")
    E.apply(st, "B", {"type": "pass"})
    assert ai._bid_score(E, st, "A", "keywood") < 0
    _play_turn(st, "A", random.Random(1))
    assert st["site"]["keywood"]["bids"]["A"]["n"] == 1


def test_ai_outbids_on_a_tile_it_lost():
    st = table()
    bid(st, "A", "keywood", 1, colour="blue")
    bid(st, "B", "keywood", 2, colour="blue")
    # a spring tile is worth more than three workers; A has lost it so far
    assert ai._bid_score(E, st, "A", "keywood") > 0


def _winter_pick_table():
    st = table()
    st["season"] = 3
    st["phase"] = "winter_pick"
    for s in st["seats"]:
        st["players"][s]["winter"] = []
    st["players"]["A"]["winter"] = ["granary", "keythedral", "scribes", "weaver"]
    return st


def _ai_picks(st, seat):
    rng = random.Random(2)
    for _ in range(10):
        a = ai.choose(E, st, seat, rng)
        if a["type"] == "winter_done":
            return list(st["players"][seat]["pick"])
        E.apply(st, seat, a)
    raise AssertionError("no winter_done")


def test_winter_offer_is_the_tiles_worth_having():
    """The offer is judged by the exact final allocation with and without the tile: with no
    skills the Scribes give nothing and only the Keythedral (12) is offered; with two of each
    skill the Scribes give 20 and both are offered (more tiles to bid on)."""
    st = _winter_pick_table()
    for k in ("saw", "pick", "anvil"):
        st["players"]["A"]["skills"][k] = 0
    st["players"]["A"]["wheat"] = 0
    assert ai._winter_gain(E, st, "A", "scribes") == 1.0          # nothing now, a little hope
    assert _ai_picks(st, "A") == ["keythedral"]
    st = _winter_pick_table()
    for k in ("saw", "pick", "anvil"):
        st["players"]["A"]["skills"][k] = 0
    give_skills(st, "A", saw=2, pick=2, anvil=2)
    st["players"]["A"]["wheat"] = 0
    assert ai._winter_gain(E, st, "A", "scribes") == 21.0
    assert _ai_picks(st, "A") == ["keythedral", "scribes"]


def test_winter_tile_bids_follow_the_exact_gain():
    st = table(auction=("granary", "scribes"))
    st["season"] = 3
    for k in ("saw", "pick", "anvil"):
        st["players"]["A"]["skills"][k] = 0
    give_skills(st, "A", saw=1, pick=1, anvil=1)
    st["players"]["A"]["wheat"] = 0
    # one set of three skills: the Scribes give 10 now, the Granary nothing
    assert ai._bid_score(E, st, "A", "scribes") > ai._bid_score(E, st, "A", "granary")
    assert ai._winter_gain(E, st, "A", "scribes") == 11.0


def test_animals_go_to_a_field_without_their_species():
    """A field scores once per species in it: the second sheep goes to a new field, not onto
    the first one (which only breeds, and newborns stay in that field)."""
    st = table()
    h = home(st, "A")
    fmap, _ = E.field_contents(st, "A")
    nodes = sorted(fmap)
    add_animals(st, nodes[0], sheep=1)
    fmap, cont = E.field_contents(st, "A")
    opts = [{"type": "field", "field": f} for f in sorted(cont)]
    pick = ai._best_field(E, st, "A", "sheep", opts)
    assert cont[pick["field"]]["sheep"] == 0
    assert fmap[nodes[0]] != pick["field"] and h in nodes[0]


def test_resources_another_tile_needs_are_worth_producing():
    """The Sawmill (3 wood to upgrade, +7) lies empty: wood is short in the village, so wood
    produced on the home tile (from another village or the auction) is wanted."""
    st = table()
    put(st, "A", "sawmill", 1, -1)
    needs = ai._count_needs(E, st, "A")
    assert needs["sawmill"]["miss"] == {"wood": 3}
    assert ai._shortfall(E, st, "A", needs)["wood"] == 3
    give_res(st, home(st, "A"), wood=4)     # the home tile's own upgrade takes 1 at most
    assert ai._shortfall(E, st, "A", ai._count_needs(E, st, "A"))["wood"] <= 0
    # no upgrade here takes gold: its worth stays the plain one
    assert ai._shortfall(E, st, "A", needs)["gold"] <= 0


def test_evaluate_counts_leading_bids_and_the_workers_coming_back():
    st = table()
    bid(st, "A", "keywood", 1, colour="blue")
    f = EV.features(st)
    # the Keywood produces, as the home tile (transport) does
    assert f["A"]["lead"] == 1 and f["A"]["prod"] == 2 and f["A"]["workers"] == 14
    bid(st, "B", "keywood", 2, colour="blue")
    f = EV.features(st)
    # A's losing bid comes back at the end of the season; B's leading bid wins the tile
    assert f["A"]["lead"] == 0 and f["A"]["back"] == 1
    assert f["A"]["prod"] == 1
    assert f["B"]["lead"] == 1 and f["B"]["prod"] == 2 and f["B"]["back"] == 0
    ev = E.evaluate(st)
    assert ev["B"] > ev["A"] - 5   # a won producing tile is worth about what it cost


def test_evaluate_orders_the_seats_of_a_finished_game():
    _, st, o, _ = play_game("keyflower", 2, 77)
    assert E.evaluate(st) == {s: float(v) for s, v in o.scores.items()}
