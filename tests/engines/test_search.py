"""The search's choice among its root actions: successive elimination and the final pick."""
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
