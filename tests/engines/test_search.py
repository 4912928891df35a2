"""The search's choice among its root actions: successive elimination and the final pick."""
import math
import random

from engines import search


def test_an_arm_clearly_worse_than_the_best_is_dropped():
    visits = [10, 10, 10]
    totals = [6.0, 2.0, 5.5]          # arm 1 far behind arm 0; arm 2 close to it
    squares = [3.8, 0.6, 3.3]
    assert search.survivors([0, 1, 2], visits, totals, squares) == [0, 2]
    # too few rollouts yet: nothing is dropped
    assert search.survivors([0, 1, 2], [3, 3, 3], [1.8, 0.6, 1.65], [1.1, 0.2, 1.0]) == [0, 1, 2]


def test_arms_that_always_return_the_same_value_leave_the_heuristics_pick():
    visits = [search.ELIMINATE_AFTER] * 3
    same = [0.5 * n for n in visits]
    squares = [0.25 * n for n in visits]
    assert search.survivors([0, 1, 2], visits, same, squares) == [0]


def test_the_pick_keeps_the_heuristics_choice_unless_another_is_clearly_better():
    visits = [20, 20]
    squares = [20 * 0.25 + 1.0, 20 * 0.27 + 1.0]        # spread: a standard error of about 0.05
    assert search._pick([0, 1], visits, [10.0, 10.2], squares) == 0      # 0.51 vs 0.50: a fluke
    assert search._pick([0, 1], visits, [10.0, 14.0], [6.0, 10.8]) == 1  # 0.70 vs 0.50: clear


def test_once_the_heuristics_choice_is_dropped_the_best_remaining_is_played():
    visits = [30, 30, 30]
    totals = [27.0, 12.0, 15.0]         # arm 0 looks best now, but it was dropped earlier
    squares = [24.6, 5.4, 8.1]
    assert search._pick([1, 2], visits, totals, squares) == 2
    assert search._pick([0, 1, 2], visits, totals, squares) == 0


def test_with_two_players_the_reward_is_the_lead_over_the_opponent():
    assert search.reward({"A": 30, "B": 20}, "A", 10.0) == 0.5 + 0.5 * math.tanh(1.0)
    assert search.reward({"A": 20, "B": 30}, "A", 10.0) == 0.5 + 0.5 * math.tanh(-1.0)


def test_at_a_larger_table_points_of_ones_own_count_more_than_points_taken_from_a_rival():
    start = {"A": 30, "B": 40, "C": 20, "D": 20}
    gain_own = dict(start, A=36)
    hurt_leader = dict(start, B=34)
    assert search.reward(gain_own, "A", 10.0) > search.reward(hurt_leader, "A", 10.0)
    # the lead over the others' mean: 30 - 80/3
    assert abs(search.reward(start, "A", 10.0) - (0.5 + 0.5 * math.tanh((30 - 80 / 3) / 10))) < 1e-12


def test_a_finished_game_is_worth_its_rank():
    assert search.rank_value({"A": 1, "B": 2}, "A") == 1.0
    assert search.rank_value({"A": 2, "B": 1}, "A") == 0.0
    assert search.rank_value({"A": 1, "B": 1}, "A") == 0.75
    four = {"A": 1, "B": 2, "C": 3, "D": 3}
    assert search.rank_value(four, "A") == 1.0
    assert search.rank_value(four, "B") == 0.5 * 2 / 3         # ahead of C and D
    assert search.rank_value(four, "C") == 0.5 * 0.5 / 3       # level with D
    assert search.rank_value(four, "B") > search.rank_value(four, "C") > 0.0


class _PassLooksBest:
    """One decision: work, rest or pass. The estimate likes a pass best (it cannot see what a
    pass gives up), then rest."""
    navigation = frozenset()
    forfeits = frozenset({"pass"})
    worth = {"work": 1.0, "rest": 2.0, "pass": 5.0}

    def copy(self, st):
        return dict(st)

    def advance(self, st, seat, a):
        st["done"] = a["type"]

    def outcome(self, st):
        return None

    def to_act(self, st):
        return [] if "done" in st else ["A"]

    def evaluate(self, st):
        return {"A": self.worth.get(st.get("done"), 0.0), "B": 0.0}


def test_an_action_that_gives_up_the_phase_is_a_candidate_only_when_the_heuristic_picks_it():
    engine, rng = _PassLooksBest(), random.Random(1)
    legal = [{"type": "work"}, {"type": "rest"}, {"type": "pass"}]
    budget = search.Budget(1000, 10.0)
    arms = search._candidates(engine, None, {}, "A", legal, legal[0], 3, 10.0, rng, budget)
    assert arms == [{"type": "work"}, {"type": "rest"}]
    arms = search._candidates(engine, None, {}, "A", legal, legal[2], 3, 10.0, rng, budget)
    assert arms == [{"type": "pass"}, {"type": "rest"}, {"type": "work"}]
    # without the declaration the pass would be searched (and its estimate would win)
    engine.forfeits = frozenset()
    arms = search._candidates(engine, None, {}, "A", legal, legal[0], 3, 10.0, rng, budget)
    assert arms == [{"type": "work"}, {"type": "pass"}, {"type": "rest"}]
