"""The rules switches of data.RULES (each read by the engine, each tested both ways) and the
table option ``abilities``: mandatory (official FAQ, the default) or optional (the Greek
rulebook's text)."""
from __future__ import annotations

import copy
import inspect
import json
import random
import sys
from pathlib import Path

import pytest

from core.i18n import tr
from engines.base import IllegalAction
from engines.libertalia import ENGINE as E
from engines.libertalia import ai
from engines.libertalia import data as D
from engines.libertalia import engine as engine_module

from libertalia_util import act, den, finish_campaign, grave, make, money, play, tokens

OPT = {"abilities": "optional"}
USE = {"type": "ability", "use": True}
SKIP = {"type": "ability", "use": False}


def end_bonus(s, seat):
    return s["players"][seat]["breakdowns"][-1]["End-of-campaign abilities"]


# === data.RULES: every switch is read ==========================================================
def test_every_rules_switch_is_read_by_the_engine():
    """The data table says of RULES: "Each key below is read by the engine"."""
    # the engine is engine.py and the modules it is split into (issue 24), not the AI's
    pkg = Path(inspect.getsourcefile(engine_module)).parent
    src = "".join(f.read_text() for f in sorted(pkg.glob("*.py"))
                  if f.name not in ("ai.py", "determinize.py", "evaluate.py"))
    unread = [k for k in D.RULES if f'RULES["{k}"]' not in src]
    assert unread == []


def test_every_rules_switch_is_tested_both_ways():
    """Each switch of RULES has a test below that sets it to a non-default value."""
    src = Path(__file__).read_text()
    untested = [k for k in D.RULES if f'setitem(D.RULES, "{k}"' not in src]
    assert untested == []


# Q3 French Officer ----------------------------------------------------------------------------
@pytest.mark.parametrize("below,before,after", [(9, 8, 13), (9, 9, 9), (10, 9, 14), (10, 10, 10)])
def test_switch_french_officer_below(monkeypatch, below, before, after):
    """Rules §18 Q3: "French Officer threshold: fewer than 9 (≤ 8) … One implementation uses 9
    or fewer. Keep it in the data table." """
    monkeypatch.setitem(D.RULES, "french_officer_below", below)
    s = make(money={"A": before})
    play(s, {"A": 10, "B": 5})
    assert money(s, "A") == after


# Q8 Gunner ------------------------------------------------------------------------------------
@pytest.mark.parametrize("pays,after", [(True, 7), (False, 10)])
def test_switch_gunner_pays_without_target(monkeypatch, pays, after):
    """Rules §18 Q8: "Gunner: pay when no target … pay anyway" (the switch off: he pays only
    when he has a target)."""
    monkeypatch.setitem(D.RULES, "gunner_pays_without_target", pays)
    s = make()
    play(s, {"A": 15, "B": 5})
    assert money(s, "A") == after and s["pending"] is None


@pytest.mark.parametrize("pays", [True, False])
def test_gunner_with_a_target_pays_either_way(monkeypatch, pays):
    """Rules §11: the Gunner "pays 3, then discards a character from any den"."""
    monkeypatch.setitem(D.RULES, "gunner_pays_without_target", pays)
    s = make(dens={"B": [29]})
    play(s, {"A": 15, "B": 5})
    assert money(s, "A") == 7 and grave(s, "B") == [29]


@pytest.mark.parametrize("own", [True, False])
def test_switch_gunner_own_den(monkeypatch, own):
    """Rules §18 Q8: "own den eligible … own den allowed" (the switch off: other dens only)."""
    monkeypatch.setitem(D.RULES, "gunner_own_den", own)
    s = make(dens={"A": [26], "B": [7, 29]})
    play(s, {"A": 15, "B": 5})
    targets = E.legal(s, "A")
    assert ({"type": "discard", "seat": "A", "card": 26} in targets) is own
    assert len(targets) == (3 if own else 2)


@pytest.mark.parametrize("own,paid", [(True, 7), (False, 7)])
def test_gunner_with_only_his_own_den(monkeypatch, own, paid):
    """Rules §18 Q8: with only his own den filled, the Gunner has a target only if his own den
    is allowed; he pays anyway."""
    monkeypatch.setitem(D.RULES, "gunner_own_den", own)
    s = make(dens={"A": [26]})
    play(s, {"A": 15, "B": 5})
    assert money(s, "A") == paid
    assert grave(s, "A") == ([26] if own else [])


# Q12 Spanish Spy ------------------------------------------------------------------------------
@pytest.mark.parametrize("first,secret,bag", [(True, {"officer": 1}, {}),
                                              (False, {}, {"officer": 1})])
def test_switch_spy_returns_before_draw(monkeypatch, first, secret, bag):
    """Rules §18 Q12: "Spy: officers back to bag before drawing … yes (can redraw an officer).
    … One implementation draws first." """
    monkeypatch.setitem(D.RULES, "spy_returns_before_draw", first)
    s = make(loot={"A": {"officer": 1}}, bag={})
    play(s, {"A": 17, "B": 5})
    p = s["players"]["A"]
    assert p["secret"] == secret and s["bag"] == bag and "officer" not in p["loot"]


# Q14 end of campaign --------------------------------------------------------------------------
@pytest.mark.parametrize("rule,doubloons", [("net_then_floor", 4), ("sequential", 10)])
def test_switch_end_of_campaign(monkeypatch, rule, doubloons):
    """Rules §18 Q14: "apply the end abilities one by one in descending rank with a 0 floor
    after each loss instead of netting (differs e.g. with 2 doubloons, Quartermaster −8 and
    Carpenter +10: 4 netted, 10 sequential)"."""
    monkeypatch.setitem(D.RULES, "end_of_campaign", rule)
    s = make(dens={"A": [9, 26]}, money={"A": 2})
    finish_campaign(s)
    assert s["players"]["A"]["campaign_scores"] == [doubloons]
    assert end_bonus(s, "A") == doubloons - 2


# Q19 halving ----------------------------------------------------------------------------------
@pytest.mark.parametrize("down,before,after", [(True, 7, 4), (False, 7, 3), (True, 1, 1),
                                               (False, 1, 0), (False, 10, 5)])
def test_switch_halving_loss_rounds_down(monkeypatch, down, before, after):
    """Rules §8: "Losses that involve halving are rounded down (the amount lost is rounded
    down; the Carpenter with 7 doubloons loses 3 and keeps 4)"; §18 Q19: the other
    implementation "does the opposite"."""
    monkeypatch.setitem(D.RULES, "halving_loss_rounds_down", down)
    s = make(money={"A": before})
    play(s, {"A": 9, "B": 5})
    assert money(s, "A") == after


# Q21 Mutineer ---------------------------------------------------------------------------------
@pytest.mark.parametrize("gains,after", [(False, 10), (True, 12)])
def test_switch_mutineer_alone_gains(monkeypatch, gains, after):
    """Rules §18 Q21: "Mutineer with no other character in his den: no discard and no +2 …
    Alternative: still gain 2"."""
    monkeypatch.setitem(D.RULES, "mutineer_alone_gains", gains)
    s = make()
    play(s, {"A": 13, "B": 5})
    assert den(s, "A") == [13] and money(s, "A") == after


# === the table option "abilities" ==============================================================
def test_abilities_option_defaults_to_mandatory():
    """Rules §9: "Abilities are mandatory unless the card says "may" (only the Waitress says
    may) [FAQ …]" — the default; the Greek rulebook's "optional" is the other value."""
    o = E.options()["abilities"]
    assert o.default == "mandatory" and list(o.allowed) == ["mandatory", "optional"]
    assert o.label == "Character abilities"
    assert set(o.values) == {"mandatory", "optional"}
    assert E.new(["A", "B"], seed=1)["options"]["abilities"] == "mandatory"


def test_mandatory_never_asks_about_an_ability():
    """Under mandatory nothing changes: no "ability" decision in whole AI games."""
    for seed in range(4):
        s = E.new(["A", "B", "C"], seed=seed)
        r = random.Random(seed)
        while not s["finished"]:
            seat = E.to_act(s)[0]
            assert not (s["pending"] and s["pending"]["kind"] == "ability")
            E.apply(s, seat, ai.choose(E, s, seat, r))


def _asked(s, seat, rank, when):
    p = s["pending"]
    return (p is not None and p["kind"] == "ability" and p["seat"] == seat
            and p["rank"] == rank and p["when"] == when and E.legal(s, seat) == [USE, SKIP])


# Day ------------------------------------------------------------------------------------------
def test_optional_day_ability_asks_and_skipping_keeps_the_money():
    """Greek rulebook: "using a special action is optional, unless the card says otherwise" —
    a Carpenter's owner may keep his doubloons."""
    s = make(options=OPT, money={"A": 10})
    play(s, {"A": 9, "B": 5})
    assert _asked(s, "A", 9, "day")
    ev = act(s, "A", SKIP)
    assert money(s, "A") == 10
    assert any(e.text.msg == "{seat}'s {card} does not use its ability." for e in ev)
    assert den(s, "A") == [9]          # the character still goes to the den


def test_optional_day_ability_used_works_as_mandatory():
    """Greek rulebook: "using a special action is optional" — used, it does what the card
    says (Carpenter: lose half)."""
    s = make(options=OPT, money={"A": 10})
    play(s, {"A": 9, "B": 5})
    act(s, "A", USE)
    assert money(s, "A") == 5


def test_optional_ability_with_choices_asks_first_then_offers_the_choices():
    """Greek rulebook: "using a special action is optional" — a Recruiter is asked first."""
    s = make(options=OPT, dens={"A": [7, 20]})
    play(s, {"A": 4, "B": 5})
    assert _asked(s, "A", 4, "day")
    act(s, "A", USE)
    assert s["pending"]["kind"] == "recruit"
    assert {a["card"] for a in E.legal(s, "A")} == {7, 20}


def test_optional_parrot_skipped_stays_on_the_ship():
    """Greek rulebook: "using a special action is optional" — a Parrot not used stays on the
    ship as a rank-1 character and takes loot."""
    s = make(options=OPT, hands={"A": [20]})
    play(s, {"A": 1, "B": 3})          # B's Beggar is the top card: nothing to ask
    assert _asked(s, "A", 1, "day")
    act(s, "A", SKIP)
    assert den(s, "A") == [1] and tokens(s, "A", "goods") == 1 and 20 in s["players"]["A"]["hand"]


def test_optional_ability_without_effect_is_not_asked():
    """A one-button decision is taken automatically when it has no effect: a Voodoo Witch
    with an empty graveyard, a French Officer that is too rich."""
    s = make(options=OPT, money={"A": 10})
    play(s, {"A": 11, "B": 10})
    assert s["pending"] is None and s["phase"] == "pick"
    assert money(s, "A") == 10 and money(s, "B") == 10


# Dusk -----------------------------------------------------------------------------------------
def test_optional_cook_skipped_takes_one_token():
    """Greek rulebook: "using a special action is optional" — a Cook not used takes one loot
    token like any character."""
    s = make(options=OPT, day_loot={"chest": 1, "goods": 1})
    play(s, {"A": 18, "B": 7})
    assert _asked(s, "A", 18, "dusk")
    act(s, "A", SKIP)
    act(s, "A", {"type": "loot", "token": "chest"})
    assert tokens(s, "A", "chest") == 1 and tokens(s, "B", "goods") == 1


def test_optional_cook_used_takes_two():
    s = make(options=OPT, day_loot={"chest": 1, "goods": 1})
    play(s, {"A": 18, "B": 7})
    act(s, "A", USE)
    act(s, "A", {"type": "loot", "token": "chest"})
    assert tokens(s, "A", "chest") == 1 and tokens(s, "A", "goods") == 1
    assert E._total(s["players"]["B"]) == 0


def test_optional_cabin_boy_skipped_takes_a_token():
    """Greek rulebook: "using a special action is optional" — a Cabin Boy not used takes one
    loot token."""
    s = make(options=OPT, day_loot={"relic": 2})
    play(s, {"A": 5, "B": 7})
    assert tokens(s, "B", "relic") == 1       # the Barkeep took first (higher rank)
    assert _asked(s, "A", 5, "dusk")
    act(s, "A", SKIP)
    assert tokens(s, "A", "relic") == 1


def test_optional_cook_with_one_token_left_is_not_asked():
    """No effect, no question: with one token left the Cook takes one either way."""
    s = make(options=OPT, day_loot={"goods": 1})
    play(s, {"A": 18, "B": 16})
    assert s["phase"] == "pick" and tokens(s, "A", "goods") == 1


# Night ----------------------------------------------------------------------------------------
def test_optional_night_ability_skipped_earns_nothing():
    """Greek rulebook: "using a special action is optional" — a Barkeep may earn nothing."""
    s = make(options=OPT)
    play(s, {"A": 7, "B": 16})
    assert _asked(s, "A", 7, "night")
    act(s, "A", SKIP)
    assert money(s, "A") == 10 and s["phase"] == "pick"


def test_optional_granny_wata_not_alone_may_stay():
    """Greek rulebook: "using a special action is optional" — a Granny Wata that is not alone
    and skips her ability stays in the den."""
    s = make(options=OPT, dens={"B": [27]})
    play(s, {"A": 27, "B": 16})
    assert s["pending"]["rank"] == 27
    first = s["pending"]["seat"]
    act(s, first, SKIP)
    second = s["pending"]["seat"]
    assert second != first
    act(s, second, SKIP)
    assert 27 in den(s, "A") and 27 in den(s, "B")


def test_optional_waitress_keeps_her_own_question():
    """Rules §9: the Waitress's card says "may" — she is asked to sell, not asked twice."""
    s = make(options=OPT, loot={"A": {"map": 1}})
    play(s, {"A": 8, "B": 16})
    assert s["pending"]["kind"] == "waitress"


# End of campaign ------------------------------------------------------------------------------
def test_optional_end_ability_skipped_is_not_counted():
    """Greek rulebook: "using a special action is optional" — a Quartermaster's owner may
    skip the −8; the Carpenter's +10 is used."""
    s = make(options=OPT, dens={"A": [9, 26]}, money={"A": 10})
    finish_campaign(s)
    assert _asked(s, "A", 26, "end") and s["phase"] == "end"
    act(s, "A", SKIP)
    assert _asked(s, "A", 9, "end")
    act(s, "A", USE)
    assert end_bonus(s, "A") == 10 and s["players"]["A"]["campaign_scores"] == [20]
    assert "end_queue" not in s and "end_skip" not in s


def test_optional_end_ability_without_effect_is_not_asked():
    """No effect, no question: a Topman whose den is not the smallest."""
    s = make(options=OPT, dens={"A": [16, 7], "B": [1]})
    finish_campaign(s)
    assert s["phase"] == "pick" and end_bonus(s, "A") == 0


# Declining = the ability does not exist; using = mandatory -------------------------------------
def _policy(s, seat, legal, answer):
    """A choice that depends on the position only (so two runs can be compared)."""
    if legal[0]["type"] == "ability":
        return answer
    if legal[0]["type"] == "waitress":      # sells when using everything, never when skipping
        return legal[0] if answer["use"] else legal[-1]
    p = s["players"][seat]
    i = s["day"] * 7 + s["campaign"] * 3 + len(p["hand"]) + s["seats"].index(seat) \
        + len(p["den"]) + sum(p["loot"].values())
    return legal[i % len(legal)]


def _play(s, answer):
    asked = 0
    while not s["finished"]:
        seat = E.to_act(s)[0]
        legal = E.legal(s, seat)
        asked += legal[0]["type"] == "ability"
        E.apply(s, seat, _policy(s, seat, legal, answer))
    st = copy.deepcopy(s)
    st.pop("options")
    return st, asked


@pytest.mark.parametrize("seed", range(6))
def test_optional_skip_everything_is_a_game_without_abilities(monkeypatch, seed):
    """Declining leaves the state as if the ability did not exist: a whole game under
    "optional" that skips every ability ends exactly like the same game in which no card has
    a Day, Dusk, Night or End ability (the Waitress, who "may", never sells in both)."""
    n = 2 + seed % 3
    skipped, asked = _play(E.new("ABCD"[:n], seed=seed, options=OPT), SKIP)
    assert asked > 0
    with monkeypatch.context() as m:
        m.setattr(type(E), "_day_ability", lambda self, state, e, events: None)
        m.setattr(type(E), "_night_ability", lambda self, state, seat, rank, events: None)
        m.setattr(type(E), "_end_amounts",
                  lambda self, state: {x: [] for x in state["seats"]})
        m.setattr(D, "LOOT_TAKEN", {})
        plain, _ = _play(E.new("ABCD"[:n], seed=seed), SKIP)
    assert json.dumps(skipped, sort_keys=True) == json.dumps(plain, sort_keys=True)


@pytest.mark.parametrize("seed", range(6))
def test_optional_use_everything_is_the_mandatory_game(seed):
    """Under "optional", using every ability plays exactly the mandatory game."""
    n = 2 + seed % 3
    used, asked = _play(E.new("ABCD"[:n], seed=seed, options=OPT), USE)
    assert asked > 0
    mandatory, none = _play(E.new("ABCD"[:n], seed=seed), USE)
    assert none == 0
    assert json.dumps(used, sort_keys=True) == json.dumps(mandatory, sort_keys=True)


# Texts, public decision, hidden information ---------------------------------------------------
def test_optional_prompt_labels_and_status():
    """The owner sees "Use your <card>'s ability?" with Use / Skip buttons; everyone sees
    who is deciding."""
    s = make(options=OPT, money={"A": 10})
    play(s, {"A": 9, "B": 5})
    assert tr(E.prompt(s, "A")) == ("Use your Carpenter's ability? (Day: lose half your "
                                    "doubloons. End: +10)")
    assert [tr(E.label(s, "A", a)) for a in E.legal(s, "A")] == [
        "Use the Carpenter's ability", "Skip the Carpenter's ability"]
    assert tr(E.status(s)) == ("Campaign 1, day 1: A is deciding whether to use the "
                               "Carpenter's ability.")
    assert E.public_decision(s, "A") and not E.public_decision(s, "B")
    assert E.public_actions(s, "A") == [USE, SKIP]


def test_optional_refuses_a_wrong_answer():
    s = make(options=OPT, money={"A": 10})
    play(s, {"A": 9, "B": 5})
    with pytest.raises(IllegalAction):
        act(s, "A", {"type": "ability", "use": "yes"})
    with pytest.raises(IllegalAction):
        act(s, "B", SKIP)


@pytest.mark.parametrize("rank,secret", [(2, {"relic": 1}), (2, {"goods": 1}),
                                         (17, {"officer": 1}), (17, {"chest": 1}),
                                         (21, {"goods": 1}), (21, {"map": 1})])
def test_optional_question_does_not_depend_on_secret_token_kinds(rank, secret):
    """Secret (Spy-drawn) tokens stay secret: whether a Monkey, Spy or Merchant is asked
    depends on how many secret tokens the den holds, never on their kinds."""
    s = make(options=OPT, loot={"A": {"goods": 1}}, secret={"A": secret})
    play(s, {"A": rank, "B": 5})
    assert _asked(s, "A", rank, "day")
    assert E.view(s, "B") == E.view(make_twin(rank), "B")


def make_twin(rank):
    s = make(options=OPT, loot={"A": {"goods": 1}}, secret={"A": {"jewels": 1}})
    play(s, {"A": rank, "B": 5})
    return s


def test_optional_no_hidden_information_leaks():
    """The hidden-information check of tests/engines/test_hidden_information.py, in games
    under "optional"."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from leaks import play_and_check
    from tests.engines.test_hidden_information import LibertaliaLeaks

    class OptionalLeaks(LibertaliaLeaks):
        def new(self):
            n = 2 + self.seed % 5
            return E.new("ABCDEF"[:n], seed=self.seed, options=OPT)

    for seed in range(6):
        play_and_check(OptionalLeaks, seed)


# AI ---------------------------------------------------------------------------------------------
def test_ai_skips_costly_abilities_and_uses_good_ones():
    """The AI decides every optional ability: it skips a Carpenter's loss and a
    Quartermaster's −8, and uses a Captain's +3."""
    r = random.Random(1)
    s = make(options=OPT, money={"A": 10})
    play(s, {"A": 9, "B": 5})
    assert ai.choose(E, s, "A", r) == SKIP
    s = make(options=OPT)
    play(s, {"A": 29, "B": 5})
    assert ai.choose(E, s, "A", r) == USE
    s = make(options=OPT, dens={"A": [26]})
    finish_campaign(s)
    assert ai.choose(E, s, "A", r) == SKIP


def test_ai_plays_whole_optional_games():
    for seed in range(3):
        s = E.new(["A", "B", "C"], seed=seed, options=OPT)
        r = random.Random(seed)
        while not s["finished"]:
            seat = E.to_act(s)[0]
            E.apply(s, seat, ai.choose(E, s, seat, r))
        assert E.outcome(s) is not None
