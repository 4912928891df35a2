"""Villages as hex maps: placement, roads, water, fields (rules sections 6, 10.2, 11)."""
from engines.keyflower import ENGINE as E
from engines.keyflower import fields, hexes
from engines.keyflower.scoring import score_player

from .helpers import add_animals, home, put, table


def village_with(st, seat, *tiles):
    for tid, q, r, rot in tiles:
        put(st, seat, tid, q, r, rot)
    return E.village(st, seat)


def test_home_tile_has_four_fields_one_touching_water():
    st = table()
    h = home(st, "A")
    fm = E.fmap(st, "A")
    assert len(set(fm.values())) == 4
    water_slots = {0, 1}
    regs = fields.regions_printed(h)
    assert sum(1 for reg in regs if water_slots & set(reg)) == 1


def test_fields_merge_across_tiles():
    st = table()
    h = home(st, "A")
    village_with(st, "A", ("keywood", 0, 1, 0))
    fm = E.fmap(st, "A")
    # home's southern field continues into both keywood sectors beside the shared road
    assert fm[f"{h}:2"] == fm["keywood:0"] == fm["keywood:3"]
    assert fm["keywood:1"] != fm["keywood:0"]
    assert len(set(fm.values())) == 4 + 4 - 2


def test_water_separates_fields_and_boat_banks():
    st = table()
    h = home(st, "A")
    village_with(st, "A", ("boat1", 0, -1, 0))
    fm = E.fmap(st, "A")
    assert fm["boat1:0"] != fm["boat1:1"]
    assert fm["boat1:0"] not in {fm[f"{h}:{i}"] for i in range(4)}
    assert fm["boat1:1"] not in {fm[f"{h}:{i}"] for i in range(4)}


def test_winter_tile_joins_two_fields_and_same_species_then_scores_once():
    st = table()
    st["start"] = 1   # the purple marker is B's: A's score has no declaration in it
    h = home(st, "A")
    add_animals(st, f"{h}:1", sheep=1)
    add_animals(st, f"{h}:2", sheep=1)
    before = score_player(E, st, "A")["breakdown"]["Fields"]
    assert before == 2
    village_with(st, "A", ("granary", 1, 0, 5))   # single road facing the home's road edge 2
    fm = E.fmap(st, "A")
    assert fm[f"{h}:1"] == fm[f"{h}:2"] == fm["granary:0"]
    assert score_player(E, st, "A")["breakdown"]["Fields"] == 1


def test_a_field_scores_once_per_species():
    st = table()
    st["start"] = 1
    h = home(st, "A")
    village_with(st, "A", ("granary", 1, 0, 5))
    add_animals(st, f"{h}:1", sheep=3)
    add_animals(st, f"{h}:2", pig=1)
    add_animals(st, f"{h}:3", cow=2)
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Fields"] == 1 + 2 + 3


def test_field_adjacency_and_animal_moves_cost_one_per_field():
    st = table()
    h = home(st, "A")
    add_animals(st, f"{h}:1", sheep=1)
    moves = E._animal_moves(st, "A", f"{h}:1", 1)
    fm = E.fmap(st, "A")
    # every other home field shares the home tile: one step each
    assert {f for _, f, _ in moves} == {fm[f"{h}:{i}"] for i in (0, 2, 3)}
    assert all(d == 1 for _, _, d in moves)
    add_animals(st, f"{h}:2", pig=1)
    moves = E._animal_moves(st, "A", f"{h}:1", 1)
    assert fm[f"{h}:2"] not in {f for _, f, _ in moves}   # cannot stop among pigs


def test_placement_must_match_edges():
    st = table()
    vil = E.village(st, "A")
    spots = hexes.placements(vil, "keywood")
    assert "0,-1" not in spots     # the home's water edge needs water
    for hx, rots in spots.items():
        q, r = hexes.unkey(hx)
        for rot in rots:
            assert hexes.legal_rotations(vil, "keywood", q, r) and rot in hexes.legal_rotations(vil, "keywood", q, r)
    boat = hexes.placements(vil, "boat1")
    assert "0,-1" in boat
    # boat water must face the home water: rotations 0 and 3 put water north-south
    assert set(boat["0,-1"]) == {0, 3}


def test_tile_with_no_legal_spot_may_go_anywhere_adjacent():
    st = table()
    vil = E.village(st, "A")
    # the Sheep shelter has only plain edges; the home tile only roads and water
    spots = hexes.placements(vil, "sheep_shelter")
    assert len(spots) == 6 and all(r == list(range(6)) for r in spots.values())


def test_boat_2a_ignores_edges():
    st = table()
    vil = E.village(st, "A")
    assert hexes.legal_rotations(vil, "keywood", 0, -1) == []
    assert hexes.legal_rotations(vil, "keywood", 0, -1, ignore_edges=True) == list(range(6))


def test_road_graph_and_sea_bastion_loop():
    st = table()
    h = home(st, "A")
    vil = village_with(st, "A", ("keywood", 0, 1, 0), ("alehouse", 1, 0, 4))
    adj = hexes.road_graph(vil)
    assert set(adj[h]) == {"keywood", "alehouse"}
    assert "alehouse" in adj["keywood"]
    assert hexes.longest_road_loop(vil) == 3
    assert hexes.distances(adj, h)["keywood"] == 1


def test_no_loop_no_sea_bastion_points():
    st = table()
    vil = village_with(st, "A", ("keywood", 0, 1, 0))
    assert hexes.longest_road_loop(vil) == 0


def test_sea_breese_counts_the_water_chain():
    st = table()
    h = home(st, "A")
    vil = village_with(st, "A", ("boat1", 0, -1, 0), ("sea_breese", 0, -2, 0))
    assert hexes.river_chain(vil, h) == 2
    vil = village_with(st, "A", ("boat2", 0, -3, 1))   # turned: its water does not continue
    assert hexes.river_chain(vil, h) == 2


def test_hillside_counts_tiles_of_its_field():
    st = table()
    st["start"] = 1
    h = home(st, "A")
    village_with(st, "A", ("keywood", 0, 1, 0), ("hillside", 1, 0, 5))
    fm = E.fmap(st, "A")
    n = fields.tiles_in_field(fm, fm["hillside:0"])
    # hillside joins home regions 1 and 2; region 2 runs into keywood
    assert n == 3
    assert score_player(E, st, "A")["breakdown"]["Winter tiles"] == 3


def test_fields_recomputed_after_placement_in_play():
    st = table()
    h = home(st, "A")
    add_animals(st, f"{h}:1", sheep=1)
    add_animals(st, f"{h}:2", sheep=1)
    put(st, "A", "granary", 0, 0)
    st["tiles"]["granary"]["pos"] = None
    st["players"]["A"]["won"] = ["granary"]
    st["phase"] = "place"
    E.apply(st, "A", {"type": "hex", "hex": "1,0"})
    if st["players"]["A"]["won"]:
        E.apply(st, "A", {"type": "rotate", "rot": 5})
    fm = E.fmap(st, "A")
    assert fm[f"{h}:1"] == fm[f"{h}:2"]
