"""The lab's statistics against values worked by hand or printed in tables."""

from __future__ import annotations

import math

import pytest

from noahrules.lab.analysis import imbalance
from noahrules.lab.ratings import placings
from noahrules.lab.stats import (
    bootstrap_difference,
    chi_square_even,
    chi_square_p,
    holm,
    mean_difference,
    nearest_rank,
    proportions_p,
    rate_difference,
    upper_gamma,
)
from noahrules.simulation import GameResult, Rate


def test_chi_square_on_known_counts() -> None:
    # expected 20 each: (10^2 + 0 + 10^2) / 20 = 10; with 2 df the p-value is exp(-10/2)
    test = chi_square_even([30, 20, 10])
    assert test.statistic == pytest.approx(10.0)
    assert test.df == 2
    assert test.p_value == pytest.approx(math.exp(-5), rel=1e-9)
    assert chi_square_even([25, 25, 25, 25]).p_value == 1.0
    assert chi_square_even([0, 0, 0]).p_value == 1.0


@pytest.mark.parametrize(
    ("statistic", "df"),
    [(3.841459, 1), (5.991465, 2), (7.814728, 3), (9.487729, 4), (18.307038, 10)],
)
def test_chi_square_p_at_the_printed_5_percent_points(statistic: float, df: int) -> None:
    assert chi_square_p(statistic, df) == pytest.approx(0.05, abs=2e-7)


def test_the_incomplete_gamma_function_in_closed_forms() -> None:
    for x in (0.01, 0.5, 1.0, 2.0, 7.5, 40.0):
        assert upper_gamma(1.0, x) == pytest.approx(math.exp(-x), rel=1e-12)
        assert upper_gamma(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-9)
        assert upper_gamma(2.0, x) == pytest.approx((1 + x) * math.exp(-x), rel=1e-12)
    assert upper_gamma(3.0, 0.0) == 1.0
    with pytest.raises(ValueError, match="a > 0"):
        upper_gamma(0.0, 1.0)


def test_wilson_interval_by_hand() -> None:
    # 8 of 10: centre (0.8 + 1.92/10) / 1.384 = 0.7167, half-width 0.2266
    rate = Rate.of(8, 10)
    assert (rate.low, rate.high) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert Rate.of(0, 10).high == pytest.approx(0.2775, abs=1e-4)


def test_newcombe_interval_of_his_worked_example() -> None:
    # Newcombe (1998), method 10: 56/70 against 48/80 gives 0.0524 to 0.3339
    interval = rate_difference(Rate.of(56, 70), Rate.of(48, 80))
    assert interval.estimate == pytest.approx(0.2)
    assert (interval.low, interval.high) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert interval.significant
    assert not rate_difference(Rate.of(5, 10), Rate.of(4, 10)).significant


def test_pooled_z_test_by_hand() -> None:
    # pooled 104/150; se = sqrt(0.6933 * 0.3067 * (1/70 + 1/80)) = 0.07547; z = 2.650
    assert proportions_p(Rate.of(56, 70), Rate.of(48, 80)) == pytest.approx(0.00805, abs=1e-5)
    assert proportions_p(Rate.of(5, 10), Rate.of(5, 10)) == 1.0
    assert proportions_p(Rate.of(0, 0), Rate.of(5, 10)) == 1.0


def test_holm_steps_down() -> None:
    # sorted: 0.005 <= 0.05/4, 0.01 <= 0.05/3, then 0.03 > 0.05/2 stops
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    assert holm([0.01, 0.02, 0.03, 0.04]) == [True, False, False, False]
    assert holm([0.2]) == [False]
    assert holm([]) == []


def test_mean_difference_by_hand() -> None:
    # means 2 and 0; se = sqrt(var([1,2,3]) / 3) = 0.577350; half-width 1.959964 * se = 1.131586
    interval = mean_difference([1, 2, 3], [0, 0, 0])
    assert interval.estimate == pytest.approx(2.0)
    assert (interval.low, interval.high) == pytest.approx((0.868414, 3.131586), abs=1e-5)
    assert interval.significant
    assert not mean_difference([1, 2, 3], [2, 1, 3]).significant
    assert not mean_difference([5], [1, 2]).significant


def test_nearest_rank_percentiles() -> None:
    assert nearest_rank(list(range(1, 11)), 0.9) == 9
    assert nearest_rank(list(range(1, 12)), 0.9) == 10
    assert nearest_rank([7], 0.9) == 7
    assert nearest_rank([], 0.9) == 0


def test_seat_imbalance_by_hand() -> None:
    assert imbalance([[3, 0, 0]]) == pytest.approx(2 / 3)
    assert imbalance([[1, 1, 1], [2, 2, 2]]) == 0
    # shares 0.5, 0.25, 0.25 against a third each: (1/6 + 1/12 + 1/12) / 2
    assert imbalance([[2, 1, 0], [0, 0, 1]]) == pytest.approx(1 / 6)


def test_paired_bootstrap_is_repeatable_and_centred() -> None:
    even = [[1.0, 1.0, 1.0]] * 20
    skewed = [[2.0, 1.0, 0.0]] * 10 + [[1.0, 1.0, 1.0]] * 10
    first = bootstrap_difference(skewed, even, imbalance, seed=3)
    assert first == bootstrap_difference(skewed, even, imbalance, seed=3)
    assert first.estimate == pytest.approx(imbalance(skewed))
    assert first.low <= first.estimate <= first.high
    assert first.significant
    same = bootstrap_difference(even, even, imbalance, seed=3)
    assert (same.estimate, same.low, same.high, same.significant) == (0, 0, 0, False)
    with pytest.raises(ValueError, match="paired"):
        bootstrap_difference(even, even[:3], imbalance, seed=3)


def _result(scores: tuple[int, ...], winners: tuple[int, ...]) -> GameResult:
    seats = ("a",) * len(scores)
    return GameResult(0, 1, seats, scores, winners, 10, True, {}, {})


def test_placings_put_winners_first_then_scores() -> None:
    assert placings(_result((5, 12, 9), (0,)), lower_scores_win=True) == [1, 3, 2]
    assert placings(_result((5, 12, 9), (1,)), lower_scores_win=False) == [3, 1, 2]
    assert placings(_result((4, 4, 9), (0, 1)), lower_scores_win=True) == [1, 1, 2]
