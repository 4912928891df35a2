"""The Farmers: wheat, animals, fields, breeding, summer boats 5/6, turn-order bonuses."""

from engines.keyflower import ENGINE as E
from engines.keyflower import fields

from .helpers import act, add_animals, bid, give_res, home, put, screen, table, use


def animals(st, seat):
    _, cont = E.field_contents(st, seat)
    return {a: sum(c[a] for c in cont.values()) for a in ("sheep", "pig", "cow")}


def test_sheep_go_into_a_field_touching_the_producing_tile():
    st = table()
    put(st, "A", "sheep_fold", 0, 1, 0)
    use(st, "A", "sheep_fold", "A", 1, colour="blue")
    # two sheep, each placed: choices are fields touching the sheep fold
    fm = E.fmap(st, "A")
    touching = set(fields.touching(fm, "sheep_fold"))
    while st["ctx"]:
        opts = E.legal(st, "A")
        assert {a["field"] for a in opts} <= touching
        act(st, "A", opts[0])
    assert animals(st, "A")["sheep"] == 2


def test_animals_from_elsewhere_go_to_home_fields():
    st = table()
    put(st, "B", "sheep_fold", 0, 1, 0)
    use(st, "A", "sheep_fold", "B", 1, colour="blue")
    fm = E.fmap(st, "A")
    opts = E.legal(st, "A")
    assert {a["field"] for a in opts} == set(fields.touching(fm, home(st, "A")))
    act(st, "A", opts[0], E.legal(st, "A")[0])
    assert animals(st, "A")["sheep"] == 2 and animals(st, "B")["sheep"] == 0


def test_field_holding_another_species_is_refused_and_animal_lost_without_room():
    st = table()
    h = home(st, "A")
    for i in range(4):
        add_animals(st, f"{h}:{i}", pig=1)
    put(st, "B", "sheep_fold", 0, 1, 0)
    supply = st["supply"]["sheep"]
    use(st, "A", "sheep_fold", "B", 1, colour="blue")
    assert animals(st, "A")["sheep"] == 0 and st["supply"]["sheep"] == supply
    assert st["turn"] == 1   # the use still happened


def test_boat_5a_allows_mixed_fields_and_mixed_breeding():
    st = table()
    h = home(st, "A")
    put(st, "A", "boat5", 5, 5)
    st["tiles"]["boat5"]["pos"] = None
    st["tiles"]["boat5"]["face"] = "5a"
    add_animals(st, f"{h}:1", pig=2, sheep=2)
    assert E._animal_fields(st, "A", "cow", h)
    E._breed(st, [])
    assert animals(st, "A") == {"sheep": 3, "pig": 3, "cow": 0}


def test_farm_yard_front_sheep_only_with_room():
    st = table()
    h = home(st, "A")
    put(st, "A", "farm_yard", 0, 1, 0)
    fm = E.fmap(st, "A")
    for f in fields.touching(fm, "farm_yard"):
        add_animals(st, f, cow=1)
    use(st, "A", "farm_yard", "A", 1, colour="blue")
    opts = E.legal(st, "A")
    assert opts == [{"type": "choose", "i": 1}, {"type": "choose", "i": 2}]
    act(st, "A", {"type": "choose", "i": 2})
    assert st["players"]["A"]["wheat"] == 1


def test_breeding_rules():
    st = table()
    h = home(st, "A")
    add_animals(st, f"{h}:0", sheep=2)           # breeds
    add_animals(st, f"{h}:1", sheep=1, pig=1)    # mixed: no
    add_animals(st, f"{h}:2", pig=2, cow=1)      # mixed: no
    add_animals(st, f"{h}:3", cow=5)             # one newborn, however many
    E._breed(st, [])
    a = st["tiles"][h]["animals"]
    assert a["0"]["sheep"] == 3
    assert a["1"] == {"sheep": 1, "pig": 1, "cow": 0}
    assert a["2"] == {"sheep": 0, "pig": 2, "cow": 1}
    assert a["3"]["cow"] == 6


def test_breeding_happens_at_season_end_but_not_in_winter():
    st = table()
    h = home(st, "A")
    add_animals(st, f"{h}:0", sheep=2)
    act(st, "A", {"type": "pass"})
    act(st, "B", {"type": "pass"})
    while st["phase"] == "boats":
        s = E.to_act(st)[0]
        act(st, s, E.legal(st, s)[0])
    assert animals(st, "A")["sheep"] == 3
    st2 = table()
    h2 = home(st2, "A")
    add_animals(st2, f"{h2}:0", sheep=2)
    st2["season"] = 3
    E._start_season(st2, [])
    for s in "AB":
        act(st2, s, {"type": "winter", "tile": st2["players"][s]["winter"][0]}, {"type": "winter_done"})
    act(st2, "A", {"type": "pass"})
    act(st2, "B", {"type": "pass"})
    while st2["phase"] == "boats":
        s = E.to_act(st2)[0]
        act(st2, s, E.legal(st2, s)[0])
    assert animals(st2, "A")["sheep"] == 2


def test_breeding_shortage_start_player_first():
    st = table()
    st["start"] = 1
    for s in "AB":
        add_animals(st, f"{home(st, s)}:0", cow=2)
    st["supply"]["cow"] = 1
    E._breed(st, [])
    assert animals(st, "B")["cow"] == 3 and animals(st, "A")["cow"] == 2


def test_no_breeding_without_the_farmers():
    st = table(farmers=False)
    add_animals(st, f"{home(st, 'A')}:0", sheep=2)
    E._breed(st, [])
    assert animals(st, "A")["sheep"] == 2


def test_moving_animals_costs_transport():
    st = table()
    h = home(st, "A")
    add_animals(st, f"{h}:0", sheep=1)
    add_animals(st, f"{h}:2", sheep=1)
    use(st, "A", h, "A", 1, colour="blue")
    act(st, "A", {"type": "a_from", "node": f"{h}:0"})
    fm = E.fmap(st, "A")
    act(st, "A", {"type": "a_move", "sp": "sheep", "to": fm[f"{h}:2"]})
    _, cont = E.field_contents(st, "A")
    assert cont[fm[f"{h}:2"]]["sheep"] == 2
    assert st["turn"] == 1   # the one transport point is used up: turn over


def test_wheat_tiles_and_paddock_wheat_usable_at_once():
    st = table()
    h = home(st, "A")
    put(st, "A", "paddock", 0, 1, 0)
    put(st, "A", "keywood", 1, 1, 0)
    give_res(st, h, wood=1)
    use(st, "A", "paddock", "A", 1, colour="blue")
    assert st["players"]["A"]["wheat"] == 1
    act(st, "A", {"type": "wheat"})
    step = st["ctx"]["queue"][0]
    assert step["pts"] == 2 and st["players"]["A"]["wheat"] == 0


def test_farmers_turn_order_bonus_goes_to_home_and_screen():
    st = table(n=4)
    for s in st["seats"]:
        screen(st, s, blue=3)
    bid(st, "A", "fto2", 1, colour="blue")
    for s in "BCD":
        act(st, s, {"type": "pass"})
    act(st, "A", {"type": "pass"})
    # fto2 resolves after fto1 (unbid): A is first in the queue anyway
    h = home(st, "A")
    wood, wheat = st["tiles"][h]["res"]["wood"], st["players"]["A"]["wheat"]
    act(st, "A", {"type": "boat", "boat": "flipper"})
    assert st["tiles"][h]["res"]["wood"] == wood + 1 and st["players"]["A"]["wheat"] == wheat + 1


def test_purple_marker_as_wheat_for_a_granary():
    st = table()
    st["start"] = 0
    screen(st, "A")
    for s in ("saw", "pick", "anvil"):
        st["pile"][s] += st["players"]["A"]["skills"][s]
        st["players"]["A"]["skills"][s] = 0
    put(st, "A", "granary", 1, 0, 5)
    st["players"]["A"]["wheat"] = 1
    st["supply"]["wheat"] -= 1
    from engines.keyflower.scoring import score_player
    r = score_player(E, st, "A")
    assert r["purple"] == ["wheat"] and r["breakdown"]["Winter tiles"] == 3
