"""Rules of sections 3-7: actions, colour lock, bidding, using, outputs, end of season, winter."""
import pytest

from engines.base import IllegalAction
from engines.keyflower import ENGINE as E
from engines.keyflower import data

from .helpers import (WORKERS_TOTAL, act, bid, build_all, give_res, give_skills, home, offered, put,
                      screen, table, totals, use)


def legal_types(st, seat):
    return [a["type"] for a in E.legal(st, seat)]


def test_only_the_player_to_act_may_act():
    st = table()
    assert E.to_act(st) == ["A"]
    assert E.legal(st, "B") == []
    before = E.dump(st)
    with pytest.raises(IllegalAction):
        E.apply(st, "B", {"type": "pass"})
    assert E.dump(st) == before


def test_colour_lock_and_strictly_higher_bids():
    st = table()
    bid(st, "A", "keywood", 1, colour="red")
    assert st["site"]["keywood"]["colour"] == "red"
    # B must bid red and strictly more than 1
    act(st, "B", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    assert st["ctx"]["step"] == "workers" and st["ctx"]["colour"] == "red"
    places = [a["n"] for a in E.legal(st, "B") if a["type"] == "place"]
    assert min(places) == 2
    with pytest.raises(IllegalAction):
        E.apply(st, "B", {"type": "place", "n": 1})
    act(st, "B", {"type": "place", "n": 2})
    # a player with no red cannot bid there any more
    screen(st, "A", blue=4)
    act(st, "A", {"type": "bid"})
    assert {"type": "tile", "tile": "keywood"} not in E.legal(st, "A")


def test_adding_to_own_bid_must_stay_highest():
    st = table()
    bid(st, "A", "keywood", 1, colour="blue")
    bid(st, "B", "keywood", 2)
    act(st, "A", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    # A has 1 losing there: needs 2 more to lead with 3
    assert min(a["n"] for a in E.legal(st, "A") if a["type"] == "place") == 2
    act(st, "A", {"type": "place", "n": 2})
    assert st["site"]["keywood"]["bids"]["A"] == {"colour": "blue", "n": 3}
    act(st, "B", {"type": "pass"})
    # adding to a winning bid: one more is enough
    act(st, "A", {"type": "bid"}, {"type": "tile", "tile": "keywood"})
    assert min(a["n"] for a in E.legal(st, "A") if a["type"] == "place") == 1


def test_losing_bid_moves_as_one_group_and_can_be_topped_up():
    st = table()
    bid(st, "A", "keywood", 2, colour="red")
    bid(st, "B", "keywood", 3)
    act(st, "A", {"type": "bid"}, {"type": "tile", "tile": "woodcutter"})
    # one list holds every colour, with and without the losing red bid on keywood
    ways = offered(st, "A")
    assert ("red", (), 1) in ways and ("red", ("keywood",), 0) in ways
    assert ("blue", ("keywood",), 0) not in ways            # a bid moves in its own colour
    act(st, "A", {"type": "place", "colour": "red", "groups": ["keywood"], "n": 1})
    assert "A" not in st["site"]["keywood"]["bids"]
    assert st["site"]["woodcutter"]["bids"]["A"] == {"colour": "red", "n": 3}
    assert st["players"]["A"]["workers"]["red"] == 2  # 5 - 2 (first bid) - 1 (top-up)


def test_use_needs_one_more_worker_each_time_and_six_at_most():
    st = table()
    screen(st, "A", blue=8)
    h = home(st, "A")
    use(st, "A", h, "A", 1, colour="blue")
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "use", "where": "A"}, {"type": "tile", "tile": h})
    assert min(a["n"] for a in E.legal(st, "A") if a["type"] == "place") == 2
    act(st, "A", {"type": "place", "n": 2})
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "use", "where": "A"})
    # 3 workers is the only way left: the tile is offered as that way at once
    only = {"type": "place", "tile": h, "colour": "blue", "n": 3}
    assert only in E.legal(st, "A") and {"type": "tile", "tile": h} not in E.legal(st, "A")
    act(st, "A", only)
    assert st["site"][h]["uses"] == [1, 2, 3]
    act(st, "B", {"type": "pass"})
    # 6 workers on the tile: no further use
    assert {"type": "use", "where": "A"} not in E.legal(st, "A")


def test_oversized_first_use_blocks_the_tile():
    st = table()
    use(st, "A", "gold_mine", "auction", 3, colour="yellow")
    assert st["site"]["gold_mine"]["uses"] == [3]
    # second use would need 4 workers with only 3 places left
    assert not E._can_use(st, "B", "gold_mine")


def test_outputs_land_on_the_producing_tile_or_the_home_tile():
    st = table()
    put(st, "A", "keywood", 0, 1)
    use(st, "A", "keywood", "A", 1, colour="blue")
    assert st["tiles"]["keywood"]["res"]["wood"] == 1
    use(st, "B", "keywood", "A", 2)
    assert st["tiles"][home(st, "B")]["res"]["wood"] == 1
    assert st["tiles"]["keywood"]["res"]["wood"] == 1
    # a tile on auction pays onto the user's home tile
    use(st, "A", "gold_mine", "auction", 1, colour="red")
    assert st["tiles"][home(st, "A")]["res"]["gold"] == 1


def test_shortage_gives_what_is_left():
    st = table()
    st["supply"]["gold"] = 0
    use(st, "A", "gold_mine", "auction", 1, colour="red")
    assert st["tiles"][home(st, "A")]["res"]["gold"] == 0
    st2 = table(auction=("alehouse",))
    screen(st2, "A", blue=2)
    for c in st2["bag"]:
        st2["bag"][c] = 0
    before = dict(st2["players"]["A"]["workers"])
    use(st2, "A", "alehouse", "auction", 1, colour="blue")
    assert sum(st2["players"]["A"]["workers"].values()) == sum(before.values()) - 1


def test_season_ends_only_after_everyone_passes_in_a_row():
    st = table()
    act(st, "A", {"type": "pass"})
    bid(st, "B", "keywood", 1, colour="red")
    act(st, "A", {"type": "pass"})
    assert st["phase"] == "play"
    act(st, "B", {"type": "pass"})
    assert st["phase"] != "play" or st["season"] == 1


def _finish_season(st):
    """Pass until the season ends, then let the AI settle boats and placements."""
    from engines.keyflower import ai
    import random
    r = random.Random(0)
    season = st["season"]
    while st["phase"] == "play" and st["season"] == season:
        s = E.to_act(st)[0]
        E.apply(st, s, {"type": "pass"})
    while st["season"] == season and st["phase"] != "over":
        s = E.to_act(st)[0]
        E.apply(st, s, ai.choose(E, st, s, r))


def test_end_of_season_exact_counts_with_empty_boats():
    st = table()
    for b in st["boats"].values():
        for c in b["workers"]:
            st["bag"][c] += b["workers"][c]
            b["workers"][c] = 0
    bid(st, "A", "keywood", 2, colour="red")
    bid(st, "B", "keywood", 3)
    use(st, "A", "woodcutter", "auction", 1, colour="blue")
    use(st, "B", "keywood", "auction", 1)
    use(st, "A", home(st, "A"), "A", 1, colour="yellow")
    bag = dict(st["bag"])
    a = dict(st["players"]["A"]["workers"])
    b = dict(st["players"]["B"]["workers"])
    act(st, "B", {"type": "pass"}, )
    act(st, "A", {"type": "pass"})
    assert st["bag"]["red"] == bag["red"] + 3
    assert st["bag"]["blue"] == bag["blue"] + 1
    assert st["players"]["A"]["workers"]["red"] == a["red"] + 2
    assert st["players"]["A"]["workers"]["yellow"] == a["yellow"] + 1
    assert st["players"]["B"]["workers"]["red"] == b["red"] + 1


def test_turn_order_tile_gives_first_boat_bonus_and_first_player():
    st = table()
    st["start"] = 1
    st["turn"] = 1
    bid(st, "B", "keywood", 1, colour="red")
    bid(st, "A", "fto1", 1, colour="blue")
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "pass"})
    assert st["phase"] == "place" and E.to_act(st) == ["B"]   # Greek order: tiles first
    build_all(st)
    assert st["phase"] == "boats"
    assert E.to_act(st) == ["A"]
    assert st["seats"][st["start"]] == "A"          # the start-player tile was resolved
    wheat = st["players"]["A"]["wheat"]
    evs = act(st, "A", {"type": "boat", "boat": "sea_bastion"})
    assert st["players"]["A"]["wheat"] == wheat + 1   # Farmers turn-order bonus
    # B gets the last boat (tiles were built first, so the next season begins at once)
    assert any(e.text.params.get("player") == "B" and "boat" in e.text.params for e in evs)
    assert st["season"] == 1


def test_nobody_bids_start_tile_marker_passes_left():
    st = table()
    act(st, "A", {"type": "pass"})
    act(st, "B", {"type": "pass"})
    # boats: A (old start) chooses first, then the marker passes to B
    assert E.to_act(st) == ["A"]
    act(st, "A", {"type": "boat", "boat": "keyflower_boat"})
    assert st["seats"][st["start"]] == "B"


def test_transport_moves_along_roads_and_upgrades():
    st = table()
    h = home(st, "A")
    put(st, "A", "keywood", 0, 1)          # south of home: road to road
    give_res(st, h, wood=1, stone=1)
    give_skills(st, "A", saw=1)
    use(st, "A", h, "A", 1, colour="blue")
    types = legal_types(st, "A")
    assert "t_from" in types and "upgrade" in types
    act(st, "A", {"type": "t_from", "tile": h}, {"type": "t_move", "res": "wood", "to": "keywood"})
    assert st["tiles"]["keywood"]["res"]["wood"] == 1
    assert st["ctx"]["queue"][0]["pts"] == 0
    # the home upgrade (wood + stone, both on the tile) is no longer affordable; keywood (saw) is
    ups = [a for a in E.legal(st, "A") if a["type"] == "upgrade"]
    assert ups == [{"type": "upgrade", "tile": "keywood"}]
    act(st, "A", ups[0])
    assert st["tiles"]["keywood"]["up"] and st["players"]["A"]["skills"]["saw"] == 0
    assert st["turn"] == 1   # nothing left to do: the turn ended


def test_upgrade_pays_resources_lying_on_the_tile():
    st = table()
    h = home(st, "A")
    cost = data.TILES[h]["cost"]
    give_res(st, h, **cost)
    use(st, "A", h, "A", 1, colour="blue")
    act(st, "A", {"type": "upgrade", "tile": h})
    assert st["tiles"][h]["up"]
    assert sum(st["tiles"][h]["res"].values()) == 0
    assert E.side(st, h)["transport"] == [2, 1]


def test_wheat_adds_one_transport_point():
    st = table()
    h = home(st, "A")
    put(st, "A", "keywood", 0, 1)
    st["players"]["A"]["wheat"] = 1
    st["supply"]["wheat"] -= 1
    give_res(st, h, wood=2)
    use(st, "A", h, "A", 1, colour="blue")
    act(st, "A", {"type": "wheat"})
    assert st["ctx"]["queue"][0]["pts"] == 2
    act(st, "A", {"type": "t_from", "tile": h}, {"type": "t_move", "res": "wood", "to": "keywood"},
        {"type": "t_move", "res": "wood", "to": "keywood"})
    assert st["tiles"]["keywood"]["res"]["wood"] == 2


def test_no_wheat_without_the_farmers():
    st = table(farmers=False)
    h = home(st, "A")
    st["players"]["A"]["wheat"] = 1
    st["supply"]["wheat"] -= 1
    put(st, "A", "keywood", 0, 1)
    give_res(st, h, wood=1)
    use(st, "A", h, "A", 1, colour="blue")
    assert "wheat" not in legal_types(st, "A")


def test_using_another_players_transport_works_in_your_own_village():
    st = table()
    put(st, "B", "stable", 0, 1)
    ha = home(st, "A")
    put(st, "A", "keywood", 0, 1)
    give_res(st, ha, wood=2)
    use(st, "A", "stable", "B", 1, colour="blue")
    act(st, "A", {"type": "t_from", "tile": ha})
    assert all(a["to"] in E.village(st, "A") for a in E.legal(st, "A") if a["type"] == "t_move")


def test_exchange_tile_pays_a_worker_into_the_bag():
    st = table(auction=("peddler",))
    screen(st, "A", yellow=3)
    bag = st["bag"]["yellow"]
    use(st, "A", "peddler", "auction", 1, colour="yellow")
    act(st, "A", {"type": "pay", "from": "screen", "colour": "yellow"})
    assert st["players"]["A"]["workers"] == {"blue": 0, "red": 0, "yellow": 1, "green": 1}
    assert st["bag"]["yellow"] == bag + 1


def test_winter_pick_is_secret_and_auction_tiles_cannot_be_used():
    st = table()
    st["season"] = 3
    E._start_season(st, [])
    assert st["phase"] == "winter_pick" and set(E.to_act(st)) == {"A", "B"}
    hand = list(st["players"]["A"]["winter"])
    act(st, "A", {"type": "winter", "tile": hand[0]})
    pub = E.view(st, None)
    assert "private" not in pub
    import json
    other = json.dumps(E.view(st, "B"))
    for t in hand:
        assert t not in other
    act(st, "A", {"type": "winter_done"})
    hb = st["players"]["B"]["winter"]
    act(st, "B", {"type": "winter", "tile": hb[0]}, {"type": "winter", "tile": hb[1]}, {"type": "winter_done"})
    assert sorted(st["auction"]) == sorted([hand[0], hb[0], hb[1]])
    assert st["phase"] == "play"
    for t in st["auction"]:
        assert not E._can_use(st, "A", t)
    assert {"type": "use", "where": "auction"} not in E.legal(st, E.to_act(st)[0])


def test_end_of_winter_boats_and_turn_order_tiles_join_villages():
    st = table()
    st["season"] = 3
    E._start_season(st, [])
    for s in "AB":
        act(st, s, {"type": "winter", "tile": st["players"][s]["winter"][0]}, {"type": "winter_done"})
    bid(st, "A", "fto1", 1, colour="red")
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "pass"})
    assert E.to_act(st) == ["A"]
    act(st, "A", {"type": "boat", "boat": "sea_bastion"})
    assert st["players"]["A"]["boat_rank"] == 0 and st["players"]["B"]["boat_rank"] == 1
    assert st["phase"] == "place"
    assert set(st["players"]["A"]["won"]) >= {"sea_bastion", "fto1"}
    assert "keyflower_boat" in st["players"]["B"]["won"]


def test_malformed_actions_are_refused_without_change():
    st = table()
    before = E.dump(st)
    for bad in [{}, {"type": 3}, {"type": "fly"}, {"type": "tile", "tile": "keywood"}, "pass",
                {"type": "pass", "extra": 1}, {"type": "use", "where": "Z"}]:
        with pytest.raises(IllegalAction):
            E.apply(st, "A", bad)
        assert E.dump(st) == before
    with pytest.raises(IllegalAction):
        E.apply(st, "Q", {"type": "pass"})


def test_worked_example_first_use_with_two():
    """Section 3.6: a first use with 2 => the next needs at least 3 => no third use."""
    st = table()
    screen(st, "A", blue=9)
    h = home(st, "A")
    use(st, "A", h, "A", 2, colour="blue")
    act(st, "B", {"type": "pass"})
    act(st, "A", {"type": "use", "where": "A"}, {"type": "tile", "tile": h})
    assert min(a["n"] for a in E.legal(st, "A") if a["type"] == "place") == 3
    act(st, "A", {"type": "place", "n": 3})
    act(st, "B", {"type": "pass"})
    assert not E._can_use(st, "A", h)


def test_several_turn_order_tiles_one_boat_and_start_player():
    """Section 15 item 21: #1 and #3 won: one boat at #1, start player when #3 resolves."""
    st = table(n=4)
    for s in st["seats"]:
        screen(st, s, blue=3, red=3)
    st["start"] = 1
    st["turn"] = 1
    act(st, "B", {"type": "pass"})
    act(st, "C", {"type": "pass"})
    act(st, "D", {"type": "pass"})
    bid(st, "A", "fto1", 1, colour="blue")
    bid(st, "B", "keywood", 1, colour="red")
    act(st, "C", {"type": "pass"})
    act(st, "D", {"type": "pass"})
    bid(st, "A", "fto3", 1, colour="red")
    for s in "BCDA":
        act(st, s, {"type": "pass"})
    build_all(st)
    assert E.to_act(st) == ["A"]
    wheat = st["players"]["A"]["wheat"]
    stone = st["tiles"][home(st, "A")]["res"]["stone"]
    act(st, "A", {"type": "boat", "boat": "flipper"})
    # both Farmers bonuses at the moment A takes the boat
    assert st["players"]["A"]["wheat"] == wheat + 2
    assert st["tiles"][home(st, "A")]["res"]["stone"] == stone + 1
    # #3 (the start-player tile) resolved: A is start player, then B, C, D choose in turn
    assert st["seats"][st["start"]] == "A"
    assert E.to_act(st) == ["B"]
    act(st, "B", {"type": "boat", "boat": "keyflower_boat"})
    assert E.to_act(st) == ["C"]


def test_tavern_worker_set_aside_cannot_be_redrawn():
    st = table(auction=("tavern",))
    screen(st, "A", red=3)
    for c in st["bag"]:
        st["boats"]["keyflower_boat"]["workers"][c] += st["bag"][c]   # empty the bag (keep totals)
        st["bag"][c] = 0
    use(st, "A", "tavern", "auction", 1, colour="red")
    act(st, "A", {"type": "pay", "from": "screen", "colour": "red"})
    assert st["players"]["A"]["workers"]["red"] == 1     # nothing drawn
    assert st["bag"]["red"] == 1
    w, _, _ = totals(st)
    assert w == WORKERS_TOTAL


def test_exchange_payment_takes_a_whole_losing_bid():
    """Greek Farmers rulebook (clarifications, auction): workers of a lost bid "may be moved
    elsewhere, even to other bids, or produce on village tiles, or go into the bag as part of
    an exchange. However, the workers must all remain together." """
    st = table(auction=("peddler", "keywood"))
    screen(st, "A", yellow=3, blue=1)
    bid(st, "A", "keywood", 2, colour="yellow")
    bid(st, "B", "keywood", 3, colour=None)
    use(st, "A", "peddler", "auction", 1, colour="blue")
    bag = st["bag"]["yellow"]
    legal = E.legal(st, "A")
    assert {"type": "pay", "from": "keywood", "colour": "yellow", "n": 2} in legal
    assert not any(a.get("from") == "keywood" and a.get("n") != 2 for a in legal)
    # splitting one worker off the losing bid is refused with the reason
    for split in ({"type": "pay", "from": "keywood", "colour": "yellow"},
                  {"type": "pay", "from": "keywood", "colour": "yellow", "n": 1}):
        with pytest.raises(IllegalAction) as e:
            E.apply(st, "A", split)
        assert "stay together" in str(e.value)
    assert st["site"]["keywood"]["bids"]["A"]["n"] == 2
    act(st, "A", {"type": "pay", "from": "keywood", "colour": "yellow", "n": 2})
    assert "A" not in st["site"]["keywood"]["bids"]          # the whole bid went
    assert st["bag"]["yellow"] == bag + 2
    assert st["players"]["A"]["workers"]["green"] == 1


def test_no_dead_end_when_losing_groups_do_not_fit():
    """A use is offered only if whole losing groups plus screen workers can fit on the tile."""
    st = table(auction=("keywood", "gold_mine"))
    screen(st, "A", yellow=4)
    screen(st, "B", yellow=9, red=9)
    use(st, "A", "gold_mine", "auction", 1, colour="yellow")   # gold mine: yellow, 1 used
    bid(st, "B", "keywood", 1, colour="yellow")
    bid(st, "A", "keywood", 3)                                  # A leads with 3 yellow
    bid(st, "B", "keywood", 4)                                  # A's 3 now lose
    # next use needs 2..5 workers: A's losing 3 fit, so moving them is offered (A has few
    # choices left: the whole turn is one list)
    assert {"type": "place", "intent": "use", "tile": "gold_mine", "colour": "yellow",
            "groups": ["keywood"], "n": 0} in E.legal(st, "A")
    screen(st, "A")                                             # screen now empty
    st["site"]["gold_mine"]["uses"].append(2)
    st["site"]["gold_mine"]["on"]["yellow"] += 2                # 3 on the tile: next needs 3, room 3
    st["bag"]["yellow"] -= 2
    assert E._can_use(st, "A", "gold_mine")
    st["site"]["gold_mine"]["uses"].append(1)
    st["site"]["gold_mine"]["on"]["yellow"] += 1                # 4 on it: room 2 < the group of 3
    st["bag"]["yellow"] -= 1
    assert not E._can_use(st, "A", "gold_mine")
