"""Summer-boat powers 2a, 4a, 4b and the boat tiles' winter scoring."""
from engines.keyflower import ENGINE as E
from engines.keyflower import hexes
from engines.keyflower.scoring import score_player

from .helpers import act, bid, colours_offered, home, put, screen, table, use


def own_boat(st, seat, tid, face):
    put(st, seat, tid, 9, 9)
    st["tiles"][tid]["pos"] = None      # won, not yet built: powers already act
    st["tiles"][tid]["face"] = face


def test_4a_counter_bid_in_another_colour():
    st = table()
    own_boat(st, "B", "boat4", "4a")
    bid(st, "A", "keywood", 1, colour="red")
    act(st, "B", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    assert st["ctx"]["step"] == "colour"
    assert colours_offered(st, "B") == ["blue", "red", "yellow"]   # B has no green
    act(st, "B", {"type": "place", "colour": "blue", "n": 2})
    site = st["site"]["keywood"]
    assert site["colour"] == "red" and site["bids"]["B"] == {"colour": "blue", "n": 2}
    # A moves the losing red bid away: the laid-down blue becomes the tile's colour
    bid(st, "A", "woodcutter", 0, colour="red", groups=["keywood"])
    assert site["colour"] == "blue"


def test_without_4a_the_colour_is_locked():
    st = table()
    bid(st, "A", "keywood", 1, colour="red")
    act(st, "B", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    assert st["ctx"]["step"] == "workers" and st["ctx"]["colour"] == "red"


def test_4b_uses_a_coloured_tile_with_another_colour():
    st = table()
    own_boat(st, "B", "boat4", "4b")
    use(st, "A", "gold_mine", "auction", 1, colour="red")
    act(st, "B", {"type": "use", "where": "auction"}, {"type": "tile", "tile": "gold_mine"})
    assert st["ctx"]["step"] == "colour"
    act(st, "B", {"type": "place", "colour": "yellow", "n": 2})
    assert st["site"]["gold_mine"]["on"] == {"blue": 0, "red": 1, "yellow": 2, "green": 0}
    assert st["site"]["gold_mine"]["colour"] == "red"


def test_2a_transport_across_plain_edges():
    st = table()
    vil = {}
    put(st, "A", "keywood", 0, 1, 0)
    put(st, "A", "gold_mine", 1, 1, 1)
    vil = E.village(st, "A")
    assert "gold_mine" not in hexes.road_graph(vil)["keywood"]
    assert "gold_mine" in hexes.road_graph(vil, plain_too=True)["keywood"]
    own_boat(st, "A", "boat2", "2a")
    st["tiles"]["keywood"]["res"]["wood"] = 1
    st["supply"]["wood"] -= 1
    use(st, "A", home(st, "A"), "A", 1, colour="blue")
    act(st, "A", {"type": "t_from", "tile": "keywood"})
    assert {"type": "t_move", "res": "wood", "to": "gold_mine"} in E.legal(st, "A")


def test_boat_winter_scores():
    st = table(n=6)
    st["start"] = 1
    for s in st["seats"]:
        screen(st, s, blue=3, red=2)
    put(st, "A", "white_wind", 0, -1, 0)
    put(st, "A", "ianvincible", 0, -2, 0)
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Winter tiles"] == 5        # White Wind: 1 per worker
    assert bd["Tile points"] == 5         # Ianvincible
    assert bd["Boats"] == 0
    put(st, "C", "sea_breese", 0, -1, 0)
    put(st, "C", "boat1", 0, -2, 0)
    put(st, "C", "boat2", 0, -3, 0)
    assert score_player(E, st, "C")["breakdown"]["Boats"] == 8    # 3 tiles chained
