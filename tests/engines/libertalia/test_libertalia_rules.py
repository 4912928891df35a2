"""Game rules other than single characters: setup and dealing, influence, Saber and Spanish
officer, doubloon rules, campaign scoring, end of game and ties, hidden picks, refusals,
labels/prompts/status."""
from __future__ import annotations

import copy
import json

import pytest

from core.i18n import tr
from engines.base import IllegalAction
from engines.libertalia import ENGINE as E
from engines.libertalia import data as D

from libertalia_util import act, den, finish_campaign, grave, make, money, play, public_json, tokens


# --- setup, dealing, loot layout ----------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_deals_nine_identical_ranks_and_lays_out_loot(n):
    s = E.new("ABCDEF"[:n], seed=40 + n)
    hands = [s["players"][x]["hand"] for x in s["seats"]]
    assert all(len(h) == 9 and h == hands[0] for h in hands)
    assert len(s["pool"]) == 21 and not set(s["pool"]) & set(hands[0])
    assert all(sum(d.values()) == n for d in s["loot_days"]) and len(s["loot_days"]) == 6
    laid = {t: sum(d.get(t, 0) for d in s["loot_days"]) for t in D.TOKEN_ORDER}
    assert all(laid[t] + s["bag"].get(t, 0) == D.TOKENS[t].count for t in D.TOKEN_ORDER)
    assert sum(s["bag"].values()) == 50 - 6 * n
    assert all(s["players"][x]["doubloons"] == 10 for x in s["seats"])
    colours = [s["players"][x]["colour"] for x in s["seats"]]
    assert len(set(colours)) == n


def test_later_campaigns_add_six_identical_ranks_to_the_kept_cards():
    s = make(3)
    s["players"]["A"]["hand"] = sorted(s["players"]["A"]["hand"])[:3]
    s["players"]["B"]["hand"] = sorted(s["players"]["B"]["hand"])[:5]   # e.g. Recruiter/Surgeon
    s["players"]["C"]["hand"] = sorted(s["players"]["C"]["hand"])[:2]   # e.g. a Parrot
    kept = {x: list(s["players"][x]["hand"]) for x in "ABC"}
    s["players"]["A"]["den"] = [30]
    s["players"]["A"]["loot"] = {"chest": 2}
    s["players"]["B"]["grave"] = [29]
    finish_campaign(s)
    assert s["campaign"] == 2 and s["day"] == 1 and s["phase"] == "pick"
    new = s["dealt"]
    assert len(new) == 6 and len(s["pool"]) == 15 and not set(new) & set(s["pool"])
    for x in "ABC":
        p = s["players"][x]
        assert sorted(p["hand"]) == sorted(kept[x] + new)
        assert p["den"] == [] and p["grave"] == [] and p["loot"] == {} and p["doubloons"] == 10
    assert [len(s["players"][x]["hand"]) for x in "ABC"] == [9, 11, 8]
    assert sum(s["bag"].values()) == 50 - 18
    finish_campaign(s)
    assert s["campaign"] == 3 and len(s["pool"]) == 9


def test_same_seed_same_game():
    a, b = E.new(["A", "B", "C"], seed=5), E.new(["A", "B", "C"], seed=5)
    assert a == b
    assert E.new(["A", "B", "C"], seed=6) != a


def test_setup_refuses_bad_player_counts_and_options():
    with pytest.raises(IllegalAction):
        E.new(["A"], seed=1)
    with pytest.raises(IllegalAction):
        E.new(list("ABCDEFG"), seed=1)
    with pytest.raises(IllegalAction):
        E.new(["A", "B"], seed=1, options={"final_tiebreak": "coin"})


# --- influence ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rank,values", [
    (1, [1, 2, 3, 4, 5, 6]), (5, [5, 6, 1, 2, 3, 4]), (7, [6, 1, 2, 3, 4, 5]),
    (13, [5, 6, 1, 2, 3, 4]), (19, [4, 5, 6, 1, 2, 3]), (25, [3, 4, 5, 6, 1, 2]),
    (30, [2, 3, 4, 5, 6, 1]),
])
def test_influence_table(rank, values):
    assert [D.influence(rank, c) for c in range(6)] == values


def test_each_colour_holds_each_influence_five_times():
    for c in range(6):
        vals = [D.influence(r, c) for r in range(1, 31)]
        assert all(vals.count(v) == 5 for v in range(1, 7))


def test_equal_ranks_higher_influence_is_higher_on_the_ship():
    # rank 10: yellow 3, red 4, blue 5 -> C above B above A
    s = make(3, day_loot={"chest": 1, "relic": 1, "goods": 1})
    play(s, {"A": 10, "B": 10, "C": 10})
    assert E.to_act(s) == ["C"]               # the highest picks loot first
    act(s, "C", {"type": "loot", "token": "chest"})
    assert E.to_act(s) == ["B"]
    act(s, "B", {"type": "loot", "token": "goods"})
    assert tokens(s, "A", "relic") == 1 and tokens(s, "C", "chest") == 1


def test_influence_orders_the_day_phase_too():
    # rank 3, two Beggars: yellow 3 < red 4. A's Beggar acts first: the top card is B's Beggar.
    s = make()
    play(s, {"A": 3, "B": 3})
    assert money(s, "A") == 13 and money(s, "B") == 7


def test_reveal_view_lists_the_ship_in_rank_order():
    s = make(3, day_loot={"chest": 1, "relic": 1, "goods": 1})
    play(s, {"A": 29, "B": 10, "C": 10})
    v = E.view(s, None)
    assert [(e["seat"], e["rank"], e["influence"]) for e in v["ship"]] == \
        [("B", 10, 4), ("C", 10, 5), ("A", 29, 1)]


# --- Saber and Spanish officer -------------------------------------------------------------------
def test_saber_discards_from_a_neighbour_den():
    s = make(dens={"B": [7, 20]}, day_loot={"saber": 1, "goods": 1})
    play(s, {"A": 29, "B": 5})
    act(s, "A", {"type": "loot", "token": "saber"})
    assert E.legal(s, "A") == [{"type": "discard", "seat": "B", "card": 7},
                               {"type": "discard", "seat": "B", "card": 20}]
    act(s, "A", {"type": "discard", "seat": "B", "card": 20})
    assert grave(s, "B") == [20] and tokens(s, "A", "saber") == 1 and den(s, "A") == [29]


def test_saber_hits_a_character_that_entered_the_den_earlier_this_dusk():
    s = make(day_loot={"goods": 1, "saber": 1})
    play(s, {"A": 7, "B": 29})
    act(s, "B", {"type": "loot", "token": "goods"})
    assert grave(s, "B") == [29] and den(s, "A") == [7]


def test_saber_without_a_target_does_nothing():
    s = make(day_loot={"saber": 2}, dens={"A": [12]})
    play(s, {"A": 29, "B": 5})
    assert den(s, "A") == [12, 29] and tokens(s, "A", "saber") == 1 and s["pending"] is None


def test_saber_reaches_only_the_two_neighbours():
    dens = {"A": [3], "B": [4], "C": [6], "D": [8]}
    s = make(4, dens=dens, day_loot={"saber": 1, "goods": 3})
    play(s, {"A": 29, "B": 5, "C": 12, "D": 16})
    act(s, "A", {"type": "loot", "token": "saber"})
    targets = {(a["seat"], a["card"]) for a in E.legal(s, "A")}
    assert targets == {("B", 4), ("D", 8)}   # not C (across the table), not A's own den


def test_spanish_officer_sends_the_taker_to_the_graveyard():
    s = make(day_loot={"officer": 1, "goods": 1})
    play(s, {"A": 29, "B": 7})
    act(s, "A", {"type": "loot", "token": "officer"})
    assert grave(s, "A") == [29] and den(s, "A") == [] and tokens(s, "A", "officer") == 1
    assert money(s, "A") == 13          # its Day ability had already happened
    assert money(s, "B") == 11


def test_discarded_character_never_uses_night_or_end_ability():
    s = make(day_loot={"officer": 2})
    play(s, {"A": 7, "B": 9})
    assert money(s, "A") == 10
    finish_campaign(s)
    assert s["players"]["B"]["breakdowns"][-1]["End-of-campaign abilities"] == 0


def test_cook_may_leave_later_characters_without_loot():
    s = make(3, day_loot={"goods": 3})
    play(s, {"A": 18, "B": 12, "C": 7})
    assert tokens(s, "A", "goods") == 2 and tokens(s, "B", "goods") == 1
    assert tokens(s, "C", "goods") == 0 and den(s, "C") == [7]


# --- doubloons ----------------------------------------------------------------------------------
def test_doubloons_never_below_zero_and_the_ability_is_still_carried_out():
    s = make(money={"A": 0}, dens={"B": [29]})
    play(s, {"A": 15, "B": 5})
    assert money(s, "A") == 0 and grave(s, "B") == [29]


def test_end_abilities_are_netted_before_the_floor():
    # 2 doubloons, Quartermaster -8 and Carpenter +10: net +2 -> 4 (not 10)
    s = make(dens={"A": [9, 26]}, money={"A": 2})
    finish_campaign(s)
    bd = s["players"]["A"]["breakdowns"][-1]
    assert bd["Doubloons"] == 2 and bd["End-of-campaign abilities"] == 2
    assert s["players"]["A"]["campaign_scores"] == [4]


def test_campaign_result_never_negative():
    s = make(money={"A": 0}, loot={"A": {"relic": 3, "goods": 1}})
    finish_campaign(s)
    bd = s["players"]["A"]["breakdowns"][-1]
    assert bd["Cursed relics"] == -9 and bd["Goods"] == 1 and bd["Floor at zero"] == 8
    assert s["players"]["A"]["campaign_scores"] == [0]
    assert sum(bd.values()) == 0


def test_campaign_scoring_of_every_loot_type():
    s = make(money={"A": 7}, loot={"A": {"chest": 2, "jewels": 1, "goods": 3, "map": 7,
                                         "relic": 1, "saber": 2, "officer": 1}})
    ev = finish_campaign(s)
    bd = s["players"]["A"]["breakdowns"][-1]
    assert bd == {"Doubloons": 7, "End-of-campaign abilities": 0, "Treasure chests": 10,
                  "Jewels": 3, "Goods": 3, "Treasure maps": 24, "Cursed relics": -3,
                  "Floor at zero": 0}
    assert s["players"]["A"]["score"] == 44
    scoring = [e for e in ev if e.kind == "scoring" and e.data["seat"] == "A"]
    assert scoring and scoring[0].data["result"] == 44


# --- end of game and ties -------------------------------------------------------------------------
def _to_end(s):
    for _ in range(3):
        finish_campaign(s)
    return s


def test_game_ends_after_three_campaigns_with_full_breakdown():
    s = make(loot={"A": {"chest": 1}})
    _to_end(s)
    o = E.outcome(s)
    assert s["finished"] and E.to_act(s) == [] and E.legal(s, "A") == []
    assert o.scores == {"A": 35, "B": 30} and o.ranks == {"A": 1, "B": 2} and o.winners == ["A"]
    assert o.breakdown["A"]["Doubloons"] == 30 and o.breakdown["A"]["Treasure chests"] == 5
    assert set(o.breakdown["A"]) == set(D.CATEGORY_IDS)
    assert all(sum(o.breakdown[x].values()) == o.scores[x] for x in "AB")
    assert o.tiebreak is None
    v = E.view(s, None)
    assert v["finished"] and v["outcome"]["scores"] == {"A": 35, "B": 30}


def test_final_tie_is_shared_by_default():
    s = _to_end(make(3, loot={"C": {"relic": 1}}))
    o = E.outcome(s)
    assert o.scores == {"A": 30, "B": 30, "C": 27}
    assert o.ranks == {"A": 1, "B": 1, "C": 3} and o.winners == ["A", "B"]
    assert o.tiebreak is not None and "30" in tr(o.tiebreak)


def test_final_tie_broken_by_campaign_three_with_the_option():
    s = make(options={"final_tiebreak": "campaign3"})
    finish_campaign(s)
    s["players"]["B"]["loot"] = {"chest": 1}
    finish_campaign(s)
    s["players"]["A"]["loot"] = {"chest": 1}
    finish_campaign(s)
    o = E.outcome(s)
    assert o.scores == {"A": 35, "B": 35}
    assert o.ranks == {"A": 1, "B": 2} and o.winners == ["A"]
    assert o.tiebreak is not None and "campaign 3" in tr(o.tiebreak)


def test_final_tie_with_option_but_equal_third_campaign_stays_shared():
    s = _to_end(make(options={"final_tiebreak": "campaign3"}))
    o = E.outcome(s)
    assert o.ranks == {"A": 1, "B": 1}


# --- hidden picks ----------------------------------------------------------------------------------
def test_picks_are_secret_until_everyone_has_chosen():
    s = make(3)
    base = copy.deepcopy(s)
    hand = s["players"]["A"]["hand"]
    outs = []
    for card in hand[:3]:
        t = copy.deepcopy(base)
        ev = E.apply(t, "A", {"type": "pick", "card": card})
        outs.append((json.dumps(E.view(t, None), sort_keys=True),
                     json.dumps(E.view(t, "B"), sort_keys=True), public_json(ev),
                     tr(E.status(t))))
        assert E.view(t, "A")["my_pick"] == card
        assert E.view(t, None)["picked"] == ["A"] and E.to_act(t) == ["B", "C"]
        assert E.view(t, None)["ship"] == []
    assert outs[0] == outs[1] == outs[2]


def test_reveal_is_one_public_event_after_the_last_pick():
    s = make()
    ev1 = E.apply(s, "B", {"type": "pick", "card": s["players"]["B"]["hand"][0]})
    assert not [e for e in ev1 if e.kind == "reveal"]
    ev2 = E.apply(s, "A", {"type": "pick", "card": s["players"]["A"]["hand"][-1]})
    reveals = [e for e in ev2 if e.kind == "reveal"]
    assert len(reveals) == 1 and reveals[0].to is None
    assert set(reveals[0].data["picks"]) == {"A", "B"}


# --- refusals ----------------------------------------------------------------------------------
def _refused(s, seat, action):
    before = E.dump(s)
    with pytest.raises(IllegalAction) as exc:
        E.apply(s, seat, action)
    assert E.dump(s) == before
    assert exc.value.message and "{" not in exc.value.message.format(**exc.value.params)
    return exc.value


@pytest.mark.parametrize("action", [None, "pick", {}, {"type": 3}, {"type": "pick"},
                                    {"type": "pick", "card": "29"}, {"type": "pick", "card": 31},
                                    {"type": "pick", "card": True}, {"type": "loot", "token": "chest"},
                                    {"type": "pick", "card": 29, "extra": 1}])
def test_malformed_and_out_of_phase_actions_are_refused(action):
    s = make(hands={"A": [1, 29], "B": [1, 29]})
    _refused(s, "A", action)


def test_picking_twice_or_out_of_turn_is_refused():
    s = make(hands={"A": [12, 29], "B": [5, 29]}, day_loot={"chest": 1, "relic": 1})
    E.apply(s, "A", {"type": "pick", "card": 29})
    err = _refused(s, "A", {"type": "pick", "card": 12})
    assert "already" in err.message
    E.apply(s, "B", {"type": "pick", "card": 29})
    # B's red Captain (inf 2) outranks A's yellow one: B chooses loot, A must wait
    assert E.to_act(s) == ["B"]
    _refused(s, "A", {"type": "loot", "token": "chest"})
    _refused(s, "Z", {"type": "loot", "token": "chest"})
    _refused(s, "B", {"type": "loot", "token": "jewels"})
    _refused(s, "B", {"type": "pick", "card": 5})


def test_actions_after_the_end_are_refused():
    s = _to_end(make())
    _refused(s, "A", {"type": "pick", "card": 1})


def test_json_round_trip_mid_decision():
    s = make(loot={"A": {"goods": 3, "relic": 2}})
    play(s, {"A": 21, "B": 5})
    assert s["pending"]
    assert E.load(json.loads(json.dumps(E.dump(s)))) == s


# --- text ---------------------------------------------------------------------------------------
def test_labels_prompts_and_status_read_well():
    s = make(day_loot={"jewels": 1, "relic": 1})
    assert tr(E.status(s)) == "Campaign 1, day 1: waiting for picks (0 of 2 chosen)."
    assert tr(E.prompt(s, "A")) == "Choose your character for day 1 of campaign 1."
    assert tr(E.label(s, "A", {"type": "pick", "card": 29})) == "Captain (29) — Day: +3. End: -3 per cursed relic"
    play(s, {"A": 29, "B": 5})
    assert tr(E.label(s, "A", {"type": "loot", "token": "jewels"})) == "Take jewels (+3)"
    assert tr(E.prompt(s, "A")) == "Your Captain: which loot token do you take?"
    assert tr(E.prompt(s, "B")) == "Please wait for the other players."
    assert tr(E.status(s)) == "Campaign 1, day 1: A's Captain is choosing loot."
    v = E.view(s, None)
    assert v["pending"] == {"kind": "loot", "seat": "A", "rank": 29, "name": "Captain",
                            "text": v["pending"]["text"]}
    for a in E.legal(s, "A"):
        assert 0 < len(tr(E.label(s, "A", a))) <= 80
