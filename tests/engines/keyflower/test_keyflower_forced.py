"""``forced``: the lone choices the table may take for a player, and those it must not.

How many workers stand behind a screen is public, their colours are not. With an empty
screen every bid and use could only move a losing bid, which lies on the table: the main
menu is public, and when it is Pass alone the player is not asked (about 20 times a
season). With workers behind the screen a lone Pass would tell the table that none of
their colours fits anywhere, so it stays a click. The shared tests
(tests/engines/test_forced.py) check the same over whole games."""
from engines.base import english
from engines.keyflower import ENGINE as E

from .helpers import act, bid, put, screen, table, use

PASS = {"type": "pass"}


def lock_everything(st, colour):
    """Every tile that takes workers this season gets the colour lock ``colour``."""
    for tid in list(st["tiles"]):
        if E._usable(st, tid) or tid in st["auction"] or tid in st["to_tiles"]:
            E._site(st, tid)["colour"] = colour


def test_an_empty_screen_passes_without_asking():
    st = table()
    screen(st, "A")
    assert E.to_act(st) == ["A"] and E.legal(st, "A") == [PASS]
    assert E.forced(st, "A") == PASS
    assert english(E.label(st, "A", PASS)) == "Pass"
    assert E.forced(st, "B") is None                      # not B's turn
    act(st, "A", PASS)
    assert E.to_act(st) == ["B"] and E.forced(st, "B") is None   # B has workers


def test_an_empty_screen_with_a_losing_bid_to_move_is_asked():
    st = table()
    bid(st, "A", "keywood", 1, colour="red")
    bid(st, "B", "keywood", 2, colour="red")
    screen(st, "A")
    assert len(E.legal(st, "A")) > 1 and E.forced(st, "A") is None


def test_a_losing_bid_that_fits_nowhere_is_public_so_pass_is_forced():
    st = table()
    bid(st, "A", "keywood", 1, colour="red")
    bid(st, "B", "keywood", 2, colour="red")
    screen(st, "A")
    lock_everything(st, "blue")
    st["site"]["keywood"]["colour"] = "red"
    st["site"]["keywood"]["uses"] = [5]                  # a use needs 6 now
    assert E.legal(st, "A") == [PASS] and E.forced(st, "A") == PASS


def test_workers_whose_colour_fits_nowhere_keep_pass_a_click():
    st = table()
    screen(st, "A", blue=1)
    lock_everything(st, "red")
    assert E.legal(st, "A") == [PASS]       # one blue worker, every tile wants red ...
    assert E.forced(st, "A") is None        # ... but the table sees only "1 worker"
    screen(st, "A", red=1)
    assert len(E.legal(st, "A")) > 1 and E.forced(st, "A") is None


def test_a_payment_with_only_skip_is_asked():
    # the Peddler takes a yellow worker; A holds a blue one: "skip" is the only choice, but
    # the table sees only that A holds a worker, which could be yellow
    st = table(auction=("peddler", "keywood"))
    screen(st, "A", blue=2)
    use(st, "A", "peddler", "auction", 1, colour="blue")
    assert E.view(st, None)["pending"]["effect"] == "pay"
    assert E.legal(st, "A") == [{"type": "skip"}]
    assert E.forced(st, "A") is None


def test_a_winter_tile_alone_in_hand_is_not_offered_for_the_player():
    st = table()
    st["season"] = 3
    E._start_season(st, [])
    assert st["phase"] == "winter_pick"
    for s in ("A", "B"):
        st["players"][s]["winter"] = st["players"][s]["winter"][:1]   # one tile to offer
        assert len(E.legal(st, s)) == 1 and E.forced(st, s) is None  # its label names it


def test_a_final_allocation_with_only_the_suggestion_is_asked():
    # DECISIONS.md: a Key market owner with one blue worker is asked, and the panel offers
    # only the acceptance; skipping it would say the worker is not green
    st = table()
    put(st, "A", "key_market", 0, 1)
    screen(st, "A", blue=1)
    st["start"] = 1                                       # the purple marker is B's
    E._final(st, [])
    assert st["phase"] == "allocate" and "A" in E.to_act(st)
    assert E.legal(st, "A") == [{"type": "alloc_accept"}]
    assert E.forced(st, "A") is None
    screen(st, "A", green=1)                              # a green one could be moved
    E._final(st, [])
    assert len(E.legal(st, "A")) == 2 and E.forced(st, "A") is None
