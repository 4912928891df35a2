"""Rules from the Greek Farmers rulebook and the base rules' 4b text: the end-of-season order,
animals placed by their owner, newborns chosen when a species runs short, mixed colours with 4b."""
from engines.keyflower import ENGINE as E
from engines.keyflower import ai

from .helpers import act, add_animals, bid, build_all, home, put, screen, table, use


def own_boat(st, seat, tid, face):
    put(st, seat, tid, 9, 9)
    st["tiles"][tid]["pos"] = None      # won, not yet built: powers already act
    st["tiles"][tid]["face"] = face


def take_boats(st):
    while st["phase"] == "boats":
        s = E.to_act(st)[0]
        act(st, s, E.legal(st, s)[0])


def win_sheep_shelter(season_end):
    """A wins the Sheep shelter; 1 sheep lies in each of the two home fields it joins."""
    st = E.new(["A", "B"], seed=1, options={"season_end": season_end})
    st["start"] = st["turn"] = 0
    for s in "AB":
        screen(st, s, blue=5, red=5, yellow=5)
    for t in st["auction"]:
        st["tiles"].pop(t, None)
    st["auction"] = []
    put(st, None, "sheep_shelter", 0, 0)
    st["tiles"]["sheep_shelter"]["pos"] = None
    st["auction"] = ["sheep_shelter"]
    h = home(st, "A")
    add_animals(st, f"{h}:2", sheep=1)
    add_animals(st, f"{h}:3", sheep=1)
    bid(st, "A", "sheep_shelter", 1, colour="blue")
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "pass"})
    return st, h


def sheep(st, seat):
    _, cont = E.field_contents(st, seat)
    return sum(c["sheep"] for c in cont.values())


def test_greek_season_end_order_tiles_then_boats_then_breeding():
    """Greek rulebook, end of season: "1. workers of lost bids return, 2. each player takes
    (and places) the village tiles they won, from the first player clockwise, 3. turn-order
    tiles and boats are resolved in order (boat 1 workers, boat 6 wheat or animals collected),
    4. animals breed (not in winter), after the animals of boat 6 are placed." Breeding
    therefore sees the fields as changed by the tiles placed that season."""
    st, h = win_sheep_shelter("greek")
    assert st["phase"] == "place" and E.to_act(st) == ["A"]     # tiles before boats
    assert all(b["owner"] is None for b in st["boats"].values())
    act(st, "A", {"type": "hex", "hex": "-1,1"})               # joins home fields 2 and 3
    fm = E.fmap(st, "A")
    assert fm[f"{h}:2"] == fm[f"{h}:3"]
    assert st["phase"] == "boats"
    take_boats(st)
    assert sheep(st, "A") == 3          # the joined field holds 2 sheep: one newborn
    assert st["phase"] == "play" and st["season"] == 1


def test_boats_first_order_is_a_table_option():
    """Keep today's order only as a named table option: boats, breeding, then the tiles."""
    opt = E.options()["season_end"]
    assert opt.default == "greek" and opt.label and set(opt.values) == {"greek", "boats_first"}
    st, h = win_sheep_shelter("boats_first")
    assert st["phase"] == "boats"
    take_boats(st)
    assert sheep(st, "A") == 2          # bred before the shelter joined the fields: no pair
    assert st["phase"] == "place"
    act(st, "A", {"type": "hex", "hex": "-1,1"})
    assert sheep(st, "A") == 2 and st["season"] == 1


def test_greek_order_in_winter_builds_the_boat_after_the_winter_tiles():
    st = table(auction=("granary",))
    st["season"] = 3
    bid(st, "A", "granary", 1, colour="blue")
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "pass"})
    assert st["phase"] == "place" and st["players"]["A"]["won"] == ["granary"]
    build_all(st)
    assert st["phase"] == "boats"
    take_boats(st)
    assert st["phase"] == "place"                  # now the boats (and turn-order tiles)
    assert any(t.startswith(("keyflower", "sea_", "flipper", "boat")) or t in st["boats"]
               for t in st["players"]["A"]["won"] + st["players"]["B"]["won"])


def bonus_table():
    st = table()
    own_boat(st, "A", "boat6", "6b")
    act(st, "A", {"type": "pass"})
    act(st, "B", {"type": "pass"})
    boat = next(iter(st["boats"]))
    act(st, "A", {"type": "boat", "boat": boat})
    return st, home(st, "A")


def test_boat_6b_animals_go_where_their_owner_puts_them():
    """"Animals from boat 6b and from turn-order tiles are placed by the player into an
    available field of their choice (one at a time, automatic only when one field fits).\""""
    st, h = bonus_table()
    assert st["phase"] == "boats" and E.to_act(st) == ["A"]
    legal = E.legal(st, "A")
    assert {a["type"] for a in legal} == {"field"} and len(legal) == 4   # 4 empty home fields
    assert E.prompt(st, "A").msg == "Which field gets the pig?"
    fm = E.fmap(st, "A")
    act(st, "A", {"type": "field", "field": fm[f"{h}:3"]})
    legal = E.legal(st, "A")            # the sheep: not into the pig's field
    assert len(legal) == 3 and {"type": "field", "field": fm[f"{h}:3"]} not in legal
    act(st, "A", {"type": "field", "field": fm[f"{h}:0"]})
    _, cont = E.field_contents(st, "A")
    assert cont[fm[f"{h}:3"]]["pig"] == 1 and cont[fm[f"{h}:0"]]["sheep"] == 1
    # the public view never hides the choice: fields are public
    assert E.view(st, "B")["to_act"] == E.to_act(st)


def test_bonus_animal_placed_automatically_when_one_field_fits():
    st = table()
    own_boat(st, "A", "boat6", "6b")
    h = home(st, "A")
    for i in (0, 1, 2):
        add_animals(st, f"{h}:{i}", cow=1)
    act(st, "A", {"type": "pass"})
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "boat", "boat": next(iter(st["boats"]))})
    _, cont = E.field_contents(st, "A")
    fm = E.fmap(st, "A")
    assert cont[fm[f"{h}:3"]]["pig"] == 1          # the only field that fits
    assert sum(c["sheep"] for c in cont.values()) == 0   # no field left for the sheep
    assert not (st["phase"] == "boats" and st["end"]["animals"])


def test_newborns_chosen_by_the_player_when_a_species_runs_short():
    """"When a species runs short at breeding, each player chooses which of their fields get
    the newborns they are entitled to, in marker order.\""""
    st = table()
    hb, ha = home(st, "B"), home(st, "A")
    add_animals(st, f"{hb}:0", cow=2)
    add_animals(st, f"{hb}:2", cow=2)
    add_animals(st, f"{ha}:0", cow=2)
    st["supply"]["cow"] = 1
    act(st, "A", {"type": "pass"})
    act(st, "B", {"type": "pass"})
    take_boats(st)                       # nobody bid for first player: the marker goes to B
    assert st["seats"][st["start"]] == "B"
    assert st["phase"] == "breed" and E.to_act(st) == ["B"]
    fm = E.fmap(st, "B")
    legal = E.legal(st, "B")
    assert legal == [{"type": "newborn", "field": f} for f in sorted({fm[f"{hb}:0"], fm[f"{hb}:2"]})]
    act(st, "B", {"type": "newborn", "field": fm[f"{hb}:2"]})
    _, cont = E.field_contents(st, "B")
    assert cont[fm[f"{hb}:2"]]["cow"] == 3 and cont[fm[f"{hb}:0"]]["cow"] == 2
    _, cont = E.field_contents(st, "A")
    assert sum(c["cow"] for c in cont.values()) == 2     # none left for A
    assert st["phase"] == "play" and st["season"] == 1


def test_breeding_is_automatic_when_the_supply_covers_everyone():
    st = table()
    add_animals(st, f"{home(st, 'A')}:0", sheep=2)
    assert E._breed(st, []) is True and st["phase"] == "play"


def mixed_table(own=True):
    st = table()
    screen(st, "A", blue=1, yellow=1)
    if own:
        own_boat(st, "A", "boat4", "4b")
    st["turn"] = 1
    use(st, "B", "keywood", "auction", 1, colour="red")      # keywood: red, next use needs 2
    return st


def test_4b_mixed_colours_on_a_coloured_tile():
    """Boat 4b (base rules): its owner "may use more than one different colour at the same
    time on a tile that already has a colour"."""
    st = mixed_table()
    assert E.to_act(st) == ["A"]
    if {"type": "mixed", "tile": "keywood"} in E.legal(st, "A"):   # the whole turn in one list
        act(st, "A", {"type": "mixed", "tile": "keywood"})
    else:                                                  # use where -> tile -> colour step
        act(st, "A", {"type": "use", "where": "auction"}, {"type": "tile", "tile": "keywood"})
        assert st["ctx"]["step"] == "colour" and {"type": "mixed"} in E.legal(st, "A")
        act(st, "A", {"type": "mixed"})
    assert st["ctx"]["step"] == "mixed"
    assert E.view(st, "B")["pending"] is None               # hidden until placed
    assert {"type": "mix_done"} not in E.legal(st, "A")     # 2 workers needed
    act(st, "A", {"type": "add", "colour": "blue"})
    assert {"type": "mix_done"} not in E.legal(st, "A")
    act(st, "A", {"type": "add", "colour": "yellow"})
    evs = act(st, "A", {"type": "mix_done"})
    assert st["site"]["keywood"]["on"] == {"blue": 1, "red": 1, "yellow": 1, "green": 0}
    assert st["site"]["keywood"]["colour"] == "red" and st["site"]["keywood"]["uses"] == [1, 2]
    assert any(e.text.msg.startswith("{player} uses {tile} with workers of several") for e in evs)
    assert st["players"]["A"]["workers"]["blue"] == 0 == st["players"]["A"]["workers"]["yellow"]


def test_mixed_colours_need_4b_and_a_coloured_tile():
    st = mixed_table(own=False)
    assert not any(a["type"] == "mixed" for a in E.legal(st, "A"))
    assert not E._can_use(st, "A", "keywood")      # red only, and A holds no red
    st = table(blue=1, yellow=1)
    own_boat(st, "A", "boat4", "4b")
    assert not any(a.get("tile") == "keywood" and a["type"] == "mixed" for a in E.legal(st, "A"))


def test_ai_answers_every_new_decision():
    for make in (bonus_table, lambda: (mixed_table(), None)):
        st, _ = make()
        for _ in range(30):
            if st["phase"] not in ("boats", "play") or not E.to_act(st):
                break
            s = E.to_act(st)[0]
            a = ai.choose(E, st, s, __import__("random").Random(1))
            assert a in E.legal(st, s)
            E.apply(st, s, a)


def test_a_losing_bid_moves_whole_to_a_bid_or_a_use():
    """Greek Farmers rulebook (clarifications, auction): workers of a lost bid "may be moved
    elsewhere, even to other bids, or produce on village tiles [...] However, the workers must
    all remain together." Every way that moves a losing bid moves all of it, topped up from
    the screen when needed."""
    st = table(auction=("keywood", "woodcutter"))
    screen(st, "A", yellow=3)
    bid(st, "A", "keywood", 2, colour="yellow")
    bid(st, "B", "keywood", 3, colour="yellow")
    ways = [a for a in E.legal(st, "A") if a["type"] == "place" and a.get("groups")]
    assert ways and all(a["groups"] == ["keywood"] for a in ways)
    bid(st, "A", "woodcutter", 1, groups=("keywood",))       # the 2 + 1 from the screen
    assert st["site"]["woodcutter"]["bids"]["A"] == {"colour": "yellow", "n": 3}
    assert "A" not in st["site"]["keywood"]["bids"]
