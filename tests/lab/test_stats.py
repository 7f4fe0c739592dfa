"""The lab's statistics against values worked by hand or printed in tables."""

from __future__ import annotations

import math

import pytest

from noahrules.lab.analysis import win_spread
from noahrules.lab.deals import Deal
from noahrules.lab.findings import p_equals, p_text
from noahrules.lab.ratings import placings
from noahrules.lab.stats import (
    Stratum,
    adjusted,
    bias_corrected,
    bootstrap_difference,
    bootstrap_spread,
    chi_square_even,
    chi_square_p,
    games_to_detect,
    mantel_haenszel,
    mean_difference,
    nearest_rank,
    proportions_p,
    rate_difference,
    ratio_difference,
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
    assert interval.p_value == pytest.approx(0.00805, abs=1e-5)  # the pooled z-test below


def test_pooled_z_test_by_hand() -> None:
    # pooled 104/150; se = sqrt(0.6933 * 0.3067 * (1/70 + 1/80)) = 0.07547; z = 2.650
    assert proportions_p(Rate.of(56, 70), Rate.of(48, 80)) == pytest.approx(0.00805, abs=1e-5)
    assert proportions_p(Rate.of(5, 10), Rate.of(5, 10)) == 1.0
    assert proportions_p(Rate.of(0, 0), Rate.of(5, 10)) == 1.0


def test_holm_adjusted_p_values_as_statsmodels_gives_them() -> None:
    """statsmodels' ``multipletests(p, method="holm")[1]``, worked by hand: sorted 0.005,
    0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04, each at least the one before
    (0.04 -> 0.06), back in the given order."""
    assert adjusted([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # Holm's rejections at 5%: 0.005 <= 0.05/4, 0.01 <= 0.05/3, then 0.03 > 0.05/2 stops
    assert [p < 0.05 for p in adjusted([0.01, 0.04, 0.03, 0.005])] == [True, False, False, True]
    # 0.01 * 4 = 0.04, then 0.02 * 3 = 0.06: the step-down stops at the second
    assert adjusted([0.01, 0.02, 0.03, 0.04]) == pytest.approx([0.04, 0.06, 0.06, 0.06])
    assert adjusted([0.3, 0.9]) == pytest.approx([0.6, 0.9])
    assert adjusted([0.6, 0.7]) == [1.0, 1.0]  # at most 1
    assert adjusted([0.2]) == [0.2] and adjusted([]) == []
    # tied p-values: both times 2, in either order
    assert adjusted([0.01, 0.01]) == pytest.approx([0.02, 0.02])


def test_the_other_corrections_by_hand() -> None:
    p = [0.01, 0.04, 0.03, 0.005]
    assert adjusted(p, "bonferroni") == pytest.approx([0.04, 0.16, 0.12, 0.02])
    # Benjamini-Hochberg: sorted p times 4/1, 4/2, 4/3, 4/4 = 0.02, 0.02, 0.04, 0.04, each at
    # most the ones after it
    assert adjusted(p, "fdr_bh") == pytest.approx([0.02, 0.04, 0.04, 0.02])
    with pytest.raises(ValueError, match="unknown correction 'sidak'"):
        adjusted(p, "sidak")


def test_mean_difference_by_hand() -> None:
    # means 2 and 0; se = sqrt(var([1,2,3]) / 3) = 0.577350; half-width 1.959964 * se = 1.131586
    interval = mean_difference([1, 2, 3], [0, 0, 0])
    assert interval.estimate == pytest.approx(2.0)
    assert (interval.low, interval.high) == pytest.approx((0.868414, 3.131586), abs=1e-5)
    # z = 2 / 0.577350 = 3.4641: two-sided p = erfc(3.4641 / sqrt 2) = 0.000532
    assert interval.p_value == pytest.approx(0.000532, abs=1e-6)
    assert mean_difference([1, 2, 3], [2, 1, 3]).p_value == 1.0
    assert mean_difference([5], [1, 2]).p_value == 1.0


def test_cochran_mantel_haenszel_in_one_stratum_is_pearsons_test_times_n_minus_1_over_n() -> None:
    """30 of 50 given against 20 of 50 not: Pearson's chi-square is 100 (30 30 - 20 20)^2 /
    50^4 = 4.0 (scipy's chi2_contingency without correction); the CMH statistic is 99/100 of
    it, 3.96, so p = erfc(sqrt(3.96 / 2)) = 0.046594."""
    effect = mantel_haenszel([Stratum(30, 50, 20, 50)])
    assert effect.estimate == pytest.approx(0.2)
    assert effect.p_value == pytest.approx(0.046594, abs=1e-6)
    # Wald: 0.2 +- 1.959964 sqrt(0.6 0.4 / 50 + 0.4 0.6 / 50) = 0.2 +- 0.192036
    assert (effect.low, effect.high) == pytest.approx((0.007964, 0.392036), abs=1e-6)


def test_cochran_mantel_haenszel_over_two_strata_by_hand() -> None:
    """Stratum 1: 30/50 against 20/50 (n 100, 50 wins); stratum 2: 5/10 against 30/90 (n 100,
    35 wins). Sum of (given wins - expected): (30 - 25) + (5 - 3.5) = 6.5; variances
    50 50 50 50 / (100^2 99) = 6.313131 and 10 90 35 65 / (100^2 99) = 2.068182; chi-square
    6.5^2 / 8.381313 = 5.041; p = 0.024755 (scipy's chi2.sf(5.041, 1)). The Mantel-Haenszel
    difference weighs 0.2 by 25 and 0.5 - 1/3 by 9: (5 + 1.5) / 34 = 0.191176."""
    effect = mantel_haenszel([Stratum(30, 50, 20, 50), Stratum(5, 10, 30, 90)])
    assert effect.p_value == pytest.approx(0.024755, abs=1e-6)
    assert effect.estimate == pytest.approx(6.5 / 34)
    # a stratum with seats on one side only counts for nothing
    one = mantel_haenszel([Stratum(30, 50, 20, 50)])
    assert mantel_haenszel([Stratum(30, 50, 20, 50), Stratum(3, 7, 0, 0)]) == one
    assert mantel_haenszel([Stratum(1, 2, 0, 0)]).p_value == 1.0


def test_games_to_detect_by_the_textbook_formulas() -> None:
    """One group against 1/3, d = 5 pp: (1.959964 sqrt(1/3 2/3) + 0.841621 sqrt(0.38333
    0.61667))^2 / 0.05^2 = (0.923941 + 0.409213)^2 / 0.0025 = 710.7, so 711. Two groups at 1/3
    and 0.38333 (mean 0.358333): (1.959964 sqrt(2 0.358333 0.641667) + 0.841621 sqrt(0.222222
    + 0.236389))^2 / 0.0025 = 1442.4, so 1443."""
    assert games_to_detect(1 / 3, 0.05) == 711
    assert games_to_detect(1 / 3, 0.05, groups=2) == 1443
    assert games_to_detect(0.5, 0.10) < games_to_detect(0.5, 0.05)
    with pytest.raises(ValueError, match="cannot be tested"):
        games_to_detect(0.9, 0.2)


def test_nearest_rank_percentiles() -> None:
    assert nearest_rank(list(range(1, 11)), 0.9) == 9
    assert nearest_rank(list(range(1, 12)), 0.9) == 10
    assert nearest_rank([7], 0.9) == 7
    assert nearest_rank([], 0.9) == 0


def _deal(wins: list[float], games: int = 3) -> Deal:
    """A deal of ``games`` games whose positions won ``wins`` (the rest stopped at the cap)."""
    finished = round(sum(wins))
    return Deal(games, finished, tuple(wins), tuple(wins), finished, 0.0, {})


def test_win_rate_spread_by_hand() -> None:
    assert win_spread([_deal([3, 0, 0])]) == pytest.approx(1.0)
    assert win_spread([_deal([1, 1, 1]), _deal([2, 2, 2], 6)]) == 0
    # rates 0.5, 0.25, 0.25: the best less the worst
    assert win_spread([_deal([2, 1, 0]), _deal([0, 0, 1])]) == pytest.approx(0.25)
    assert win_spread([]) == 0 and win_spread([_deal([0, 0, 0])]) == 0
    # one game of three stopped at the cap: rates of the 2 finished games, or of all 3
    capped = [_deal([2, 0, 0])]
    assert win_spread(capped) == 1.0
    assert win_spread(capped, count_capped=True) == pytest.approx(2 / 3)


def test_paired_rates_by_hand() -> None:
    # Three deals of two games: the first player won 1, 2, 0 under one rule and 1, 1, 0 under
    # the other. Rates 1/2 and 1/3; influences (w - r d) / 2: 0, 1/2, -1/2 and 1/6, 1/6, -1/3;
    # their differences -1/6, 1/3, -1/6 have variance 1/12, so the error is 1/6 and z = 1.
    first, second = [(1, 2), (2, 2), (0, 2)], [(1, 2), (1, 2), (0, 2)]
    difference = ratio_difference(first, second)
    assert difference.estimate == pytest.approx(1 / 6)
    assert difference.error == pytest.approx(1 / 6)
    assert (difference.low, difference.high) == pytest.approx(
        (1 / 6 - 1.959964 / 6, 1 / 6 + 1.959964 / 6)
    )
    assert difference.p_value == pytest.approx(math.erfc(1 / math.sqrt(2)))
    assert difference.method == "paired z-test over deals"
    # independent samples: variances 1/4 and 1/12 over 3 deals, an error of 1/3
    assert difference.unpaired == pytest.approx(2 * 1.959964 / 3)
    assert ratio_difference([(0, 0)], [(1, 2)]).p_value == 1.0
    with pytest.raises(ValueError, match="paired"):
        ratio_difference(first, second[:2])


def test_a_spread_corrected_for_chance_reaches_zero_when_seats_test_even() -> None:
    # bootstrap spreads 0.10 to 0.30 (mean 0.2) around an estimate of 0.15
    spread = [0.10 + 0.2 * k / 999 for k in range(1000)]
    even = bias_corrected(0.15, spread, even=True)
    assert even.estimate == pytest.approx(0.10)  # 2 x 0.15 - 0.2
    assert even.low == 0.0 and even.high == pytest.approx(spread[974])
    uneven = bias_corrected(0.15, spread, even=False)
    assert uneven.low == pytest.approx(max(0.0, 0.30 - spread[974]))
    assert bias_corrected(0.02, spread, even=True).estimate == 0.0  # never below 0


def test_paired_bootstrap_is_repeatable_and_centred() -> None:
    even = [_deal([1.0, 1.0, 1.0])] * 20
    skewed = [_deal([2.0, 1.0, 0.0])] * 10 + [_deal([1.0, 1.0, 1.0])] * 10
    first = bootstrap_difference(skewed, even, win_spread, seed=3)
    assert first == bootstrap_difference(skewed, even, win_spread, seed=3)
    assert first.estimate == pytest.approx(win_spread(skewed))
    assert 0 < first.low <= first.estimate <= first.high
    # every resample of the skewed deals spreads more than the even ones: the smallest p
    assert first.p_value == pytest.approx(2 / 1001)
    same = bootstrap_difference(even, even, win_spread, seed=3)
    assert (same.estimate, same.low, same.high, same.p_value) == (0, 0, 0, 1.0)
    with pytest.raises(ValueError, match="paired"):
        bootstrap_difference(even, even[:3], win_spread, seed=3)


def _result(scores: tuple[int, ...], winners: tuple[int, ...]) -> GameResult:
    seats = ("a",) * len(scores)
    return GameResult(0, 1, seats, scores, winners, 10, True, {}, {})


def test_placings_put_winners_first_then_scores() -> None:
    assert placings(_result((5, 12, 9), (0,)), lower_scores_win=True) == [1, 3, 2]
    assert placings(_result((5, 12, 9), (1,)), lower_scores_win=False) == [3, 1, 2]
    assert placings(_result((4, 4, 9), (0, 1)), lower_scores_win=True) == [1, 1, 2]


def test_p_values_read_as_text_with_one_relation_each() -> None:
    """A p-value too small for a float is "< 1e-300", never "= < 1e-300"."""
    assert p_equals(0.0312) == "= 0.031"
    assert p_equals(0.0) == "< 1e-300"
    assert p_text(0.004, 0.0312, "holm") == "p = 0.004, Holm-adjusted 0.031"
    assert p_text(0.0, 0.0, "fdr_bh") == "p < 1e-300, BH-adjusted < 1e-300"


def test_a_bootstrap_difference_is_tested_by_its_standard_error() -> None:
    # 1,000 paired resample differences alternating 0 and 2: a standard deviation of
    # sqrt(1000 / 999); an estimate of 3 is z = 3 / that from zero, a p-value far below the
    # 0.002 that the share of resamples past zero could tell.
    first, second = [0.0, 2.0] * 500, [0.0] * 1000
    difference = bootstrap_spread(3.0, first, second, "paired bootstrap over deals")
    error = math.sqrt(1000 / 999)
    assert difference.error == pytest.approx(error)
    assert difference.p_value == pytest.approx(math.erfc(3.0 / error / math.sqrt(2)))
    assert difference.p_value is not None and difference.p_value < 0.003
    assert (difference.low, difference.high) == (0.0, 2.0)  # the percentile interval
