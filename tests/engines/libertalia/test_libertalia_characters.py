"""Each of the 30 characters, with the clarifications of rules §11.1 and the derived
interactions of §13. Seats are coloured in order: A yellow, B red, C blue, ...; with the
default loot every day space holds only goods, so loot choices resolve themselves."""
from __future__ import annotations

import json

import pytest

from core.i18n import tr
from engines.libertalia import ENGINE as E
from engines.libertalia import data as D

from libertalia_util import act, den, finish_campaign, grave, make, money, play, public_json, tokens


def end_bonus(s, seat):
    """The End-of-campaign abilities line of the campaign just scored."""
    return s["players"][seat]["breakdowns"][-1]["End-of-campaign abilities"]


# 1 Parrot ------------------------------------------------------------------------------------
def test_parrot_is_replaced_by_a_card_from_hand_which_then_acts():
    s = make(hands={"A": [10, 29], "B": [12]})
    play(s, {"A": 1, "B": 5})
    assert s["pending"]["kind"] == "parrot" and E.to_act(s) == ["A"]
    assert E.legal(s, "A") == [{"type": "parrot", "card": 10}, {"type": "parrot", "card": 29}]
    assert grave(s, "A") == [1]
    act(s, "A", {"type": "parrot", "card": 29})
    # the Captain resolved its Day ability (+3), took the goods and entered the den
    assert money(s, "A") == 13
    assert den(s, "A") == [29] and tokens(s, "A", "goods") == 1
    assert sorted(s["players"]["A"]["hand"]) == [10]
    assert den(s, "B") == [5] and tokens(s, "B", "goods") == 0
    assert s["day"] == 2 and s["phase"] == "pick"


def test_parrot_then_surgeon_takes_the_parrot_back_secretly():
    s = make(hands={"A": [22, 30], "B": [12]})
    ev = play(s, {"A": 1, "B": 5})
    ev += act(s, "A", {"type": "parrot", "card": 22})
    # the graveyard held only the Parrot, so the Surgeon took it automatically
    assert 1 in s["players"]["A"]["hand"] and grave(s, "A") == []
    priv = [e for e in ev if e.to == "A" and e.data.get("card") == 1]
    assert priv, "the owner is told which card came back"
    surgeon_public = [e for e in ev if e.to is None and "graveyard" in e.text.msg]
    assert surgeon_public and "new" not in surgeon_public[0].text.params
    assert all(e.data.get("card") != 1 for e in surgeon_public)


def test_parrot_with_an_empty_hand_stays_as_a_rank_one_character():
    s = make(hands={"A": [1], "B": [12]})
    play(s, {"A": 1, "B": 5})
    assert s["pending"] is None
    assert den(s, "A") == [1] and tokens(s, "A", "goods") == 1 and grave(s, "A") == []


def test_two_parrots_resolve_in_influence_order():
    s = make(hands={"A": [8, 9], "B": [8, 9]})
    play(s, {"A": 1, "B": 1})
    # rank 1: yellow influence 1 < red 2, so A's Parrot goes first
    assert E.to_act(s) == ["A"]
    act(s, "A", {"type": "parrot", "card": 9})
    assert E.to_act(s) == ["B"]
    # B's Parrot has flown too (B now chooses), A's Carpenter is on the ship
    assert [e["rank"] for e in s["ship"]] == [9] and grave(s, "B") == [1]
    act(s, "B", {"type": "parrot", "card": 9})
    # two Carpenters: red (3) outranks yellow (2) at rank 9
    assert money(s, "A") == 5 and money(s, "B") == 5


# 2 Monkey -------------------------------------------------------------------------------------
def test_monkey_passes_every_relic_to_the_left_neighbour():
    s = make(3, loot={"A": {"relic": 2, "chest": 1}}, secret={"A": {"relic": 1}})
    play(s, {"A": 2, "B": 5, "C": 12})
    assert tokens(s, "A", "relic") == 0 and tokens(s, "A", "chest") == 1
    assert tokens(s, "B", "relic") == 3      # B is A's left neighbour
    assert tokens(s, "C", "relic") == 0


def test_monkey_relics_feed_the_neighbours_captain_penalty():
    s = make(loot={"A": {"relic": 2}}, dens={"B": [29]}, money={"B": 4})
    play(s, {"A": 2, "B": 5})
    assert tokens(s, "B", "relic") == 2
    finish_campaign(s)
    bd = s["players"]["B"]["breakdowns"][-1]
    # Captain -6 takes only the 4 doubloons there are; the relics still count -6
    assert bd["Doubloons"] == 4 and bd["End-of-campaign abilities"] == -4
    assert bd["Cursed relics"] == -6 and s["players"]["B"]["campaign_scores"][-1] == 0


# 3 Beggar -------------------------------------------------------------------------------------
def test_beggar_is_paid_three_by_the_owner_of_the_top_card():
    s = make()
    play(s, {"A": 3, "B": 20})
    assert money(s, "A") == 13 and money(s, "B") == 7


def test_beggar_gets_only_what_a_poor_payer_has():
    s = make(money={"B": 1})
    play(s, {"A": 3, "B": 20})
    assert money(s, "A") == 11 and money(s, "B") == 0


def test_beggar_on_top_of_the_ship_gets_nothing():
    s = make()
    play(s, {"A": 3, "B": 2})
    assert money(s, "A") == 10 and money(s, "B") == 10


def test_beggar_counts_a_card_that_the_brute_later_discards():
    s = make(3)
    play(s, {"A": 3, "B": 14, "C": 30})
    assert money(s, "A") == 13 and money(s, "C") == 7
    assert grave(s, "C") == [30]


# 4 Recruiter ----------------------------------------------------------------------------------
def test_recruiter_takes_a_den_character_back_but_not_its_loot():
    s = make(dens={"A": [7, 29]}, loot={"A": {"chest": 1}})
    play(s, {"A": 4, "B": 5})
    assert E.legal(s, "A") == [{"type": "recruit", "card": 7}, {"type": "recruit", "card": 29}]
    act(s, "A", {"type": "recruit", "card": 29})
    assert 29 in s["players"]["A"]["hand"]
    assert den(s, "A") == [4, 7] and tokens(s, "A", "chest") == 1
    assert money(s, "A") == 11  # the Barkeep still earns at night


def test_recruiter_with_an_empty_den_does_nothing():
    s = make()
    play(s, {"A": 4, "B": 5})
    assert s["pending"] is None and den(s, "A") == [4]


# 5 Cabin Boy ----------------------------------------------------------------------------------
def test_cabin_boy_takes_no_loot_and_escapes_the_officer():
    s = make(day_loot={"officer": 2})
    play(s, {"A": 5, "B": 29})
    assert den(s, "A") == [5] and E._total(s["players"]["A"]) == 0
    assert grave(s, "B") == [29] and tokens(s, "B", "officer") == 1
    assert s["loot_days"][0] == {"officer": 1}  # the leftover stays on the day space


# 6 Preacher -----------------------------------------------------------------------------------
def test_preacher_keeps_one_token_and_returns_the_rest_to_the_bag():
    s = make(loot={"A": {"chest": 1, "relic": 1, "goods": 2}}, day_loot={"jewels": 2})
    bag = dict(s["bag"])
    play(s, {"A": 6, "B": 5})
    assert {a["token"] for a in E.legal(s, "A")} == {"chest", "relic", "goods"}
    act(s, "A", {"type": "keep", "token": "chest"})
    p = s["players"]["A"]
    assert p["loot"] == {"chest": 1, "jewels": 1}
    assert s["bag"]["relic"] == bag["relic"] + 1 and s["bag"]["goods"] == bag["goods"] + 2
    finish_campaign(s)
    assert end_bonus(s, "A") == 5


def test_preacher_with_one_token_does_nothing():
    s = make(loot={"A": {"relic": 1}})
    play(s, {"A": 6, "B": 5})
    assert tokens(s, "A", "relic") == 1 and tokens(s, "A", "goods") == 1


# 7 Barkeep ------------------------------------------------------------------------------------
def test_barkeep_earns_every_night_including_the_first():
    s = make()
    play(s, {"A": 7, "B": 5})
    assert money(s, "A") == 11
    play(s, {"A": 12, "B": 16})
    assert money(s, "A") == 12 + 0  # Barkeep +1; Freed Slave sees no rank above 12


# 8 Waitress -----------------------------------------------------------------------------------
def test_waitress_may_sell_one_map_per_night():
    s = make(loot={"A": {"map": 2}})
    play(s, {"A": 8, "B": 5})
    assert s["pending"]["kind"] == "waitress"
    assert len(E.legal(s, "A")) == 2
    act(s, "A", {"type": "waitress", "sell": True})
    assert money(s, "A") == 13 and tokens(s, "A", "map") == 1


def test_waitress_may_keep_the_maps():
    s = make(loot={"A": {"map": 3}})
    play(s, {"A": 8, "B": 5})
    act(s, "A", {"type": "waitress", "sell": False})
    assert money(s, "A") == 10 and tokens(s, "A", "map") == 3


def test_waitress_selling_breaks_a_set_of_three():
    s = make(loot={"A": {"map": 3}})
    play(s, {"A": 8, "B": 5})
    act(s, "A", {"type": "waitress", "sell": True})
    finish_campaign(s)
    assert s["players"]["A"]["breakdowns"][-1]["Treasure maps"] == 0


# 9 Carpenter ----------------------------------------------------------------------------------
@pytest.mark.parametrize("before,after", [(7, 4), (10, 5), (1, 1), (0, 0)])
def test_carpenter_loses_half_rounded_down(before, after):
    s = make(money={"A": before})
    play(s, {"A": 9, "B": 5})
    assert money(s, "A") == after


def test_carpenter_end_bonus():
    s = make(dens={"A": [9]})
    finish_campaign(s)
    assert end_bonus(s, "A") == 10


# 10 French Officer ----------------------------------------------------------------------------
@pytest.mark.parametrize("before,after", [(8, 13), (9, 9), (0, 5)])
def test_french_officer_threshold(before, after):
    s = make(money={"A": before})
    play(s, {"A": 10, "B": 5})
    assert money(s, "A") == after


# 11 Voodoo Witch ------------------------------------------------------------------------------
def test_voodoo_witch_two_per_graveyard_card():
    s = make(graves={"A": [3, 4]})
    play(s, {"A": 11, "B": 5})
    assert money(s, "A") == 14


def test_witch_counts_a_parrot_discarded_the_same_day():
    s = make(hands={"A": [11, 20]}, graves={"A": [30]})
    play(s, {"A": 1, "B": 5})
    act(s, "A", {"type": "parrot", "card": 11})
    assert money(s, "A") == 14  # graveyard: Governor + Parrot


# 12 Freed Slave -------------------------------------------------------------------------------
def test_freed_slave_counts_den_characters_above_twelve():
    s = make(dens={"A": [3, 20, 25]})
    play(s, {"A": 12, "B": 5})
    assert money(s, "A") == 12  # Armorer adds 0 (no sabers)


# 13 Mutineer ----------------------------------------------------------------------------------
def test_mutineer_discards_the_lowest_other_character_and_gains_two():
    s = make(dens={"A": [5, 20]})
    play(s, {"A": 13, "B": 5})
    assert den(s, "A") == [13, 20] and grave(s, "A") == [5] and money(s, "A") == 12


def test_mutineer_alone_neither_discards_nor_gains():
    s = make()
    play(s, {"A": 13, "B": 5})
    assert den(s, "A") == [13] and money(s, "A") == 10


def test_mutineer_acts_before_the_freed_slave():
    s = make(dens={"A": [12, 20]})
    play(s, {"A": 13, "B": 5})
    # night order 20, 13, 12: the Freed Slave is discarded before he could pay out
    assert grave(s, "A") == [12] and money(s, "A") == 12


# 14 Brute -------------------------------------------------------------------------------------
def test_brute_discards_the_top_card_before_it_acts():
    s = make(dens={"B": [5, 7]})
    play(s, {"A": 14, "B": 30})
    assert grave(s, "B") == [30]
    assert den(s, "B") == [5, 7]            # the Governor never wiped the den
    assert den(s, "A") == [14]
    assert money(s, "B") == 11              # only the Barkeep earned


def test_brute_discards_himself_when_he_is_the_top_card():
    s = make()
    play(s, {"A": 14, "B": 3})
    assert grave(s, "A") == [14] and den(s, "A") == []
    assert money(s, "B") == 13 and money(s, "A") == 7  # the Beggar acted first


def test_brute_victim_never_uses_day_effects():
    s = make(loot={"B": {"goods": 3}})
    play(s, {"A": 14, "B": 26})
    assert money(s, "B") == 10 and grave(s, "B") == [26]


# 15 Gunner ------------------------------------------------------------------------------------
def test_gunner_pays_three_and_discards_from_any_den():
    s = make(dens={"A": [26], "B": [7, 29]})
    play(s, {"A": 15, "B": 5})
    targets = E.legal(s, "A")
    assert {"type": "discard", "seat": "A", "card": 26} in targets   # own den allowed
    assert len(targets) == 3
    assert money(s, "A") == 7
    act(s, "A", {"type": "discard", "seat": "B", "card": 29})
    assert grave(s, "B") == [29] and den(s, "B") == [5, 7]


def test_gunner_with_two_doubloons_pays_two_and_still_discards():
    s = make(dens={"B": [29]}, money={"A": 2})
    play(s, {"A": 15, "B": 5})
    assert money(s, "A") == 0 and grave(s, "B") == [29]


def test_gunner_pays_even_without_a_target():
    s = make()
    play(s, {"A": 15, "B": 5})
    assert money(s, "A") == 7 and s["pending"] is None


def test_gunner_with_many_targets_chooses_a_den_first():
    dens = {seat: list(range(1 + 5 * i, 6 + 5 * i)) for i, seat in enumerate("ABCDEF")}
    s = make(6, dens=dens)
    for seat in "ABCDEF":
        s["players"][seat]["hand"] = [r for r in [15, 20, 23, 26, 28, 30] if r not in dens[seat]]
    play(s, {"A": 15, "B": 20, "C": 23, "D": 26, "E": 28, "F": 30})
    assert s["pending"]["kind"] == "gunner"
    legal = E.legal(s, "A")
    assert all(a["type"] == "den" for a in legal) and len(legal) == 6
    act(s, "A", {"type": "den", "seat": "C"})
    assert E.legal(s, "A") == [{"type": "discard", "seat": "C", "card": r} for r in range(11, 16)]
    act(s, "A", {"type": "discard", "seat": "C", "card": 13})
    assert 13 in grave(s, "C")


# 16 Topman ------------------------------------------------------------------------------------
def test_topman_gains_with_the_smallest_den():
    s = make(dens={"A": [16, 7], "B": [1, 2, 3]})
    finish_campaign(s)
    assert end_bonus(s, "A") == 5


def test_topman_ties_all_gain_and_a_bigger_den_gains_nothing():
    s = make(3, dens={"A": [16, 7], "B": [16, 2], "C": [16, 3, 4]})
    finish_campaign(s)
    assert [end_bonus(s, x) for x in "ABC"] == [5, 5, 0]


# 17 Spanish Spy -------------------------------------------------------------------------------
def test_spy_swaps_officers_for_secret_bag_tokens():
    s = make(loot={"A": {"officer": 2, "chest": 1}}, bag={"goods": 0, "jewels": 3})
    ev = play(s, {"A": 17, "B": 5})
    p = s["players"]["A"]
    # the officers went back to the bag first, so 2 of the 5 tokens were drawn
    assert "officer" not in p["loot"]
    assert sum(p["secret"].values()) == 2
    assert sum(s["bag"].values()) == 3
    assert den(s, "A") == [17]   # a drawn officer has no effect
    drawn = [e for e in ev if e.to == "A" and "drawn" in e.data]
    assert drawn and sorted(drawn[0].data["drawn"]) == sorted(
        t for t, n in p["secret"].items() for _ in range(n))
    pub = E.view(s, None)["players"]["A"]
    assert pub["hidden_loot"] == 2 and pub["loot"] == {"chest": 1, "goods": 1}
    assert "secret_loot" not in E.view(s, None) and E.view(s, "A")["secret_loot"] == p["secret"]
    assert all("drawn" not in e.data for e in ev if e.to is None)


def test_spy_without_officers_does_nothing():
    s = make(loot={"A": {"chest": 1}})
    bag = dict(s["bag"])
    play(s, {"A": 17, "B": 5})
    assert s["bag"] == bag and s["players"]["A"]["secret"] == {}


# 18 Cook --------------------------------------------------------------------------------------
def test_cook_takes_two_tokens_and_leaves_nothing_for_the_next():
    s = make(day_loot={"chest": 1, "goods": 1})
    play(s, {"A": 18, "B": 7})
    assert E.to_act(s) == ["A"]
    act(s, "A", {"type": "loot", "token": "chest"})
    assert tokens(s, "A", "chest") == 1 and tokens(s, "A", "goods") == 1
    assert E._total(s["players"]["B"]) == 0 and den(s, "B") == [7]


def test_cook_with_an_officer_still_takes_the_second_token_then_is_discarded():
    s = make(day_loot={"officer": 1, "chest": 1})
    play(s, {"A": 18, "B": 5})
    act(s, "A", {"type": "loot", "token": "officer"})
    assert grave(s, "A") == [18] and den(s, "A") == []
    assert tokens(s, "A", "officer") == 1 and tokens(s, "A", "chest") == 1


def test_cook_with_two_sabers_discards_twice():
    s = make(day_loot={"saber": 2}, dens={"B": [7, 29]})
    play(s, {"A": 18, "B": 5})
    act(s, "A", {"type": "discard", "seat": "B", "card": 29})
    assert grave(s, "B") == [7, 29]


# 19 Bosun -------------------------------------------------------------------------------------
def test_bosun_two_per_den_character_below_nineteen():
    s = make(dens={"A": [5, 7, 20]})
    play(s, {"A": 19, "B": 5})
    assert money(s, "A") == 10 + 4 + 1  # + Barkeep at night


# 20 Armorer -----------------------------------------------------------------------------------
def test_armorer_one_per_saber_each_night():
    s = make(loot={"A": {"saber": 2}}, secret={"A": {"saber": 1}})
    play(s, {"A": 20, "B": 5})
    assert money(s, "A") == 13


# 21 Merchant ----------------------------------------------------------------------------------
def test_merchant_chooses_type_and_size_of_the_trade():
    s = make(loot={"A": {"goods": 3, "relic": 2, "chest": 1}})
    play(s, {"A": 21, "B": 5})
    legal = E.legal(s, "A")
    assert legal == [{"type": "trade", "token": "goods", "count": 2},
                     {"type": "trade", "token": "goods", "count": 3},
                     {"type": "trade", "token": "relic", "count": 2}]
    act(s, "A", {"type": "trade", "token": "goods", "count": 3})
    assert money(s, "A") == 15 and tokens(s, "A", "goods") == 1  # + today's goods


def test_merchant_forced_bad_trade():
    s = make(loot={"A": {"chest": 2, "map": 1}})
    play(s, {"A": 21, "B": 5})
    assert money(s, "A") == 13 and tokens(s, "A", "chest") == 0


def test_merchant_without_a_pair_does_nothing():
    s = make(loot={"A": {"chest": 1, "map": 1}})
    play(s, {"A": 21, "B": 5})
    assert money(s, "A") == 10 and tokens(s, "A", "chest") == 1


# 22 Surgeon -----------------------------------------------------------------------------------
def test_surgeon_returns_a_graveyard_card_without_showing_it():
    s = make(graves={"A": [3, 29]})
    ev = play(s, {"A": 22, "B": 5})
    ev += act(s, "A", {"type": "surgeon", "card": 29})
    assert 29 in s["players"]["A"]["hand"] and grave(s, "A") == [3]
    assert "Captain" not in public_json(ev)
    assert any(e.to == "A" and e.data.get("card") == 29 for e in ev)
    assert "Captain" not in json.dumps(E.view(s, None)) and "Captain" not in json.dumps(E.view(s, "B"))
    assert E.view(s, None)["players"]["A"]["graveyard_size"] == 1


def test_surgeon_with_empty_graveyard_does_nothing():
    s = make()
    play(s, {"A": 22, "B": 5})
    assert s["pending"] is None and den(s, "A") == [22]


# 23 Treasurer ---------------------------------------------------------------------------------
def test_treasurer_counts_goods_jewels_and_chests():
    s = make(dens={"A": [23]}, loot={"A": {"goods": 2, "jewels": 1, "chest": 1, "map": 2,
                                           "relic": 1, "saber": 1}})
    finish_campaign(s)
    assert end_bonus(s, "A") == 4


# 24 Gambler -----------------------------------------------------------------------------------
def test_gambler_pays_one_per_token_then_gains_eight_at_the_end():
    s = make(loot={"A": {"relic": 1, "saber": 1, "officer": 1, "map": 1}})
    play(s, {"A": 24, "B": 5})
    assert money(s, "A") == 6
    finish_campaign(s)
    assert end_bonus(s, "A") == 8


def test_gambler_never_below_zero():
    s = make(loot={"A": {"goods": 5}}, money={"A": 2})
    play(s, {"A": 24, "B": 5})
    assert money(s, "A") == 0


# 25 Governor's Daughter -----------------------------------------------------------------------
def test_daughter_alone_gains_six():
    s = make(dens={"A": [25]})
    finish_campaign(s)
    assert end_bonus(s, "A") == 6


def test_two_daughters_both_pay_three():
    s = make(3, dens={"A": [25], "B": [25], "C": [7]})
    finish_campaign(s)
    assert [end_bonus(s, x) for x in "ABC"] == [-3, -3, 0]


# 26 Quartermaster -----------------------------------------------------------------------------
def test_quartermaster_gains_per_token():
    s = make(loot={"A": {"chest": 3}})
    play(s, {"A": 26, "B": 5})
    assert money(s, "A") == 13


def test_quartermaster_end_loss_comes_only_from_doubloons():
    # rules §7 example: 2 doubloons, Quartermaster (-8), 3 chests -> 0 doubloons, result 15
    s = make(dens={"A": [26]}, loot={"A": {"chest": 3}}, money={"A": 2})
    finish_campaign(s)
    bd = s["players"]["A"]["breakdowns"][-1]
    assert bd["Doubloons"] == 2 and bd["End-of-campaign abilities"] == -2
    assert bd["Treasure chests"] == 15 and s["players"]["A"]["campaign_scores"] == [15]


# 27 Granny Wata -------------------------------------------------------------------------------
def test_granny_alone_gains_two_each_night():
    s = make()
    play(s, {"A": 27, "B": 5})
    assert money(s, "A") == 12
    play(s, {"A": 7, "B": 12})
    assert money(s, "A") == 15


def test_two_grannies_are_both_discarded_the_same_night():
    s = make()
    play(s, {"A": 27, "B": 27})
    assert grave(s, "A") == [27] and grave(s, "B") == [27]
    assert money(s, "A") == 10 and money(s, "B") == 10


# 28 First Mate --------------------------------------------------------------------------------
def test_first_mate_counts_every_den_character_including_himself():
    s = make(dens={"A": [28, 5, 7]})
    finish_campaign(s)
    assert end_bonus(s, "A") == 3


# 29 Captain -----------------------------------------------------------------------------------
def test_captain_day_and_end():
    s = make(loot={"A": {"relic": 2}})
    play(s, {"A": 29, "B": 5})
    assert money(s, "A") == 13
    finish_campaign(s)
    bd = s["players"]["A"]["breakdowns"][-1]
    assert bd["End-of-campaign abilities"] == -6 and bd["Cursed relics"] == -6
    assert s["players"]["A"]["campaign_scores"] == [13 - 6 + 1 - 6]


# 30 Spanish Governor --------------------------------------------------------------------------
def test_governor_discards_the_whole_den_which_feeds_a_witch():
    s = make(dens={"A": [5, 7]}, loot={"A": {"chest": 1}})
    play(s, {"A": 30, "B": 12})
    assert den(s, "A") == [30] and grave(s, "A") == [5, 7] and tokens(s, "A", "chest") == 1
    assert money(s, "A") == 10  # the Barkeep was gone before the night
    play(s, {"A": 11, "B": 13})
    assert money(s, "A") == 14


def test_every_character_has_data_and_effect_text():
    assert sorted(D.CHARACTERS) == list(range(1, 31))
    for c in D.CHARACTERS.values():
        assert c.name.msg and c.effect.msg and set(c.times) <= set("DKNE")
        label = tr(E.label(make(), "A", {"type": "pick", "card": c.rank}))
        assert len(label) <= 80, label


# derived interactions (rules §13) ---------------------------------------------------------------
def test_parrot_replacement_uses_influence_against_an_equal_rank():
    s = make(hands={"A": [10], "B": [12]})
    play(s, {"A": 1, "B": 10})
    # A's one-card hand is played automatically: yellow 10 (inf 3) lands below red 10 (inf 4)
    assert den(s, "A") == [10] and den(s, "B") == [10]
    assert grave(s, "A") == [1]
    s2 = make(hands={"A": [10], "B": [12]}, day_loot={"chest": 1, "relic": 1})
    play(s2, {"A": 1, "B": 10})
    assert [(e["seat"], e["rank"]) for e in s2["ship"]] == [("A", 10), ("B", 10)]
    assert E.to_act(s2) == ["B"]


def test_recruited_card_replayed_triggers_its_day_ability_again():
    s = make(dens={"A": [29]})
    play(s, {"A": 4, "B": 5})          # the only den card comes back automatically
    assert 29 in s["players"]["A"]["hand"] and money(s, "A") == 10
    play(s, {"A": 29, "B": 12})
    assert money(s, "A") == 13


def test_spy_can_redraw_an_officer_which_stays_as_a_worthless_token():
    s = make(loot={"A": {"officer": 1}}, bag={})
    play(s, {"A": 17, "B": 5})
    assert s["players"]["A"]["secret"] == {"officer": 1} and den(s, "A") == [17]
    s["players"]["A"]["loot"]["officer"] = 1
    play(s, {"A": 21, "B": 12})          # a Merchant may trade the pair
    assert tokens(s, "A", "officer") == 0 and money(s, "A") == 13


def test_gunner_may_discard_his_own_quartermaster_before_its_penalty():
    s = make(dens={"A": [26], "B": [7]})
    play(s, {"A": 15, "B": 5})
    act(s, "A", {"type": "discard", "seat": "A", "card": 26})
    assert grave(s, "A") == [26]
    finish_campaign(s)
    assert s["players"]["A"]["breakdowns"][-1]["End-of-campaign abilities"] == 0


def test_two_player_monkey_and_saber_always_target_the_opponent():
    s = make(loot={"B": {"relic": 1}}, dens={"A": [7]}, day_loot={"saber": 1, "goods": 1})
    play(s, {"A": 12, "B": 2})
    assert tokens(s, "A", "relic") == 1
    assert E.to_act(s) == ["A"]
    act(s, "A", {"type": "loot", "token": "goods"})
    # B's Monkey takes the saber; the targets are in A's den only (Barkeep, Freed Slave)
    assert E.legal(s, "B") == [{"type": "discard", "seat": "A", "card": 7},
                               {"type": "discard", "seat": "A", "card": 12}]
    act(s, "B", {"type": "discard", "seat": "A", "card": 12})
    assert grave(s, "A") == [12] and money(s, "A") == 11
