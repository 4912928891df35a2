"""Long cell lists split into pages (never more than 25 choices), and the AI."""
import random
import time

from engines.glen_more import ENGINE as E
from engines.glen_more import ai

from glen_more_util import fmt, new, put_tile, tile


def big_display(st, seat="A"):
    """Start village plus a ring of plain tiles in the four quadrants, clansmen everywhere."""
    p = st["players"][seat]
    p["tiles"] = [tile("START", 0, 0, men=1), tile("T03", 0, 1, men=1), tile("T03", 0, -1, men=1),
                  tile("T05", 1, 0, men=1), tile("T05", -1, 0, men=1)]
    for x in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5):
        for y in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5):
            if abs(x) + abs(y) <= 6:
                p["tiles"].append(tile("T12", x, y, men=1))
    return p


def test_many_spots_are_split_into_pages():
    st = new(4, seed=2)
    p = big_display(st)
    spots = E.legal_spots(p, "T21")
    assert len(spots) > 25
    space = put_tile(st, "T21")
    E.apply(st, "A", {"type": "take", "space": space})
    legal = E.legal(st, "A")
    assert len(legal) <= 25 and all(a["type"] in ("page", "sell") for a in legal)
    pages = [a for a in legal if a["type"] == "page"]
    seen = []
    letters = []
    view = E.view(st, None)["spots"]
    assert view["seat"] == "A" and view["decision"] == "place" and view["tile"] == "T21"
    assert [tuple(c["cell"]) for c in view["cells"]] == spots
    for pg in pages:
        page_label = fmt(E.label(st, "A", pg))
        E.apply(st, "A", pg)
        inner = E.legal(st, "A")
        assert len(inner) <= 25 and {"type": "page", "n": -1} in inner
        cells = [a for a in inner if a["type"] == "place"]
        seen += [tuple(a["at"]) for a in cells]
        labels = [fmt(E.label(st, "A", a)) for a in cells]
        letters += [s.split(" ")[1] for s in labels]
        assert all(s.startswith("Spot ") and " of " in s for s in labels), labels
        # "Spots A to W": the first and last letters of the page
        assert page_label == "Spots {} to {}".format(letters[-len(cells)], letters[-1])
        # the view letters the same cells the same way, whatever the page
        assert E.view(st, None)["spots"] == view
        E.apply(st, "A", {"type": "page", "n": -1})
    assert seen == spots
    assert letters == [c["letter"] for c in view["cells"]]
    assert letters[:3] == ["A", "B", "C"] and letters[26:28] == ["AA", "AB"]
    E.apply(st, "A", pages[-1])
    last = [a for a in E.legal(st, "A") if a["type"] == "place"][-1]
    E.apply(st, "A", last)
    assert st["turn"]["step"] == "activate" and st["turn"]["page"] is None


def test_loch_oich_with_a_big_display_pages_the_activations():
    st = new(4, seed=2)
    p = big_display(st)
    p["tiles"][0]["cubes"] = ["wood", "stone"]
    space = put_tile(st, "T60")
    E.apply(st, "A", {"type": "take", "space": space})
    E.apply(st, "A", {"type": "pay_pair", "res": ["wood", "stone"]})
    E.apply(st, "A", {"type": "place", "at": [0, 2]})
    legal = E.legal(st, "A")
    assert len(legal) <= 25 and {"type": "done"} in legal
    assert any(a["type"] == "page" for a in legal)
    total = 0
    for pg in [a for a in legal if a["type"] == "page"]:
        E.apply(st, "A", pg)
        total += sum(1 for a in E.legal(st, "A") if a["type"] == "activate")
        E.apply(st, "A", {"type": "page", "n": -1})
    assert total == len(E._activatable_now(st, p))


def test_ai_always_legal_and_fast():
    for n in (2, 5):
        st = new(n, seed=40 + n)
        r = random.Random(n)
        worst = 0.0
        while E.outcome(st) is None:
            seat = E.to_act(st)[0]
            t0 = time.perf_counter()
            a = ai.choose(E, st, seat, r)
            worst = max(worst, time.perf_counter() - t0)
            assert a in E.legal(st, seat)
            E.apply(st, seat, a)
        assert worst < 0.25


def test_ai_beats_random_players():
    from bench.common import play_game, random_policy
    wins = 0
    for i in range(6):
        ai_seat, rnd = ("A", "B") if i % 2 == 0 else ("B", "A")
        _, _, out, _ = play_game("glen_more", 2, 500 + i, policies={ai_seat: ai.choose, rnd: random_policy})
        wins += out.ranks[ai_seat] < out.ranks[rnd]
    assert wins >= 5
