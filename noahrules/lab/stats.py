"""The statistics of a balance study, with the standard library only.

Win rates carry 95% Wilson score intervals (:class:`noahrules.simulation.Rate`); a difference of
two rates has Newcombe's hybrid score interval, a difference of two means a normal (Welch)
interval, and a difference of any other statistic a paired bootstrap interval over the deals.
A difference is *significant* when its 95% interval leaves out zero. The chi-square test of
even seats takes its p-value from the regularized upper incomplete gamma function.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

from attrs import frozen

from noahrules.rng import Rng
from noahrules.simulation import Rate

__all__ = [
    "Z95",
    "ChiSquare",
    "Interval",
    "bootstrap_difference",
    "chi_square_even",
    "chi_square_p",
    "holm",
    "mean_difference",
    "nearest_rank",
    "proportions_p",
    "rate_difference",
    "upper_gamma",
]

Z95 = 1.959964
"""The two-sided 95% point of the normal distribution."""
_TINY = 1e-300
_EPSILON = 1e-15
_STEPS = 1000


@frozen
class Interval:
    """An estimate with its 95% interval; ``significant`` when the interval leaves out zero."""

    estimate: float
    low: float
    high: float
    significant: bool

    @classmethod
    def of(cls, estimate: float, low: float, high: float) -> Interval:
        """The interval ``low..high`` around ``estimate``, flagged when it leaves out zero."""
        return cls(estimate, low, high, low > 0 or high < 0)


@frozen
class ChiSquare:
    """A chi-square test: the statistic, its degrees of freedom and the p-value."""

    statistic: float
    df: int
    p_value: float


def upper_gamma(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and
    x >= 0: a series below x = a + 1, Lentz's continued fraction above."""
    if a <= 0 or x < 0:
        raise ValueError(f"upper_gamma needs a > 0 and x >= 0, got a={a}, x={x}")
    if x == 0:
        return 1.0
    scale = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:
        return max(0.0, 1.0 - scale * _lower_series(a, x))
    return min(1.0, scale * _upper_fraction(a, x))


def _lower_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    for n in range(1, _STEPS):
        term *= x / (a + n)
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total


def _upper_fraction(a: float, x: float) -> float:
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    result = d
    for i in range(1, _STEPS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = d if abs(d) > _TINY else _TINY
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        d = 1.0 / d
        result *= d * c
        if abs(d * c - 1.0) < _EPSILON:
            break
    return result


def chi_square_p(statistic: float, df: int) -> float:
    """The p-value of a chi-square ``statistic`` with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError(f"a chi-square test needs at least 1 degree of freedom, got {df}")
    return upper_gamma(df / 2, statistic / 2) if statistic > 0 else 1.0


def chi_square_even(counts: Sequence[float]) -> ChiSquare:
    """Pearson's chi-square test that ``counts`` (wins per seat, ties shared) come from even
    chances: every expected count the mean. With nothing counted, the p-value is 1."""
    df = len(counts) - 1
    total = sum(counts)
    if total <= 0:
        return ChiSquare(0.0, df, 1.0)
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    return ChiSquare(statistic, df, chi_square_p(statistic, df))


def rate_difference(first: Rate, second: Rate) -> Interval:
    """``first.rate - second.rate`` with Newcombe's hybrid score interval (his method 10),
    built from the two Wilson intervals."""
    if first.games == 0 or second.games == 0:
        return Interval(0.0, -1.0, 1.0, False)
    estimate = first.rate - second.rate
    below = math.hypot(first.rate - first.low, second.high - second.rate)
    above = math.hypot(first.high - first.rate, second.rate - second.low)
    return Interval.of(estimate, estimate - below, estimate + above)


def proportions_p(first: Rate, second: Rate) -> float:
    """The two-sided p-value of the pooled z-test that two rates are equal (1 when either has
    no games or nothing varies)."""
    if first.games == 0 or second.games == 0:
        return 1.0
    pooled = (first.wins + second.wins) / (first.games + second.games)
    error = math.sqrt(pooled * (1 - pooled) * (1 / first.games + 1 / second.games))
    if error == 0:
        return 1.0
    return math.erfc(abs(first.rate - second.rate) / error / math.sqrt(2))


def holm(p_values: Sequence[float], level: float = 0.05) -> list[bool]:
    """Which of several tests are significant at ``level`` for the family, by Holm's
    step-down method: the k-th smallest p-value (from 0) against ``level / (m - k)``."""
    order = sorted(range(len(p_values)), key=lambda i: (p_values[i], i))
    passed = [False] * len(p_values)
    for k, i in enumerate(order):
        if p_values[i] > level / (len(p_values) - k):
            break
        passed[i] = True
    return passed


def mean_difference(first: Sequence[float], second: Sequence[float]) -> Interval:
    """``mean(first) - mean(second)`` with a normal interval from Welch's standard error. With
    fewer than two values on either side the interval is the estimate alone, not significant."""
    if not first or not second:
        return Interval(0.0, 0.0, 0.0, False)
    estimate = statistics.fmean(first) - statistics.fmean(second)
    if len(first) < 2 or len(second) < 2:
        return Interval(estimate, estimate, estimate, False)
    error = math.sqrt(
        statistics.variance(first) / len(first) + statistics.variance(second) / len(second)
    )
    if error == 0:
        return Interval(estimate, estimate, estimate, estimate != 0)
    return Interval.of(estimate, estimate - Z95 * error, estimate + Z95 * error)


def nearest_rank(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` by the nearest-rank method (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(share * len(ordered)) - 1)])


Units = Sequence[Sequence[float]]
"""Per deal, what a statistic is computed from (per seat, the wins of the deal's games)."""


def bootstrap_difference(
    first: Units,
    second: Units,
    statistic: Callable[[Units], float],
    seed: int,
    resamples: int = 1000,
) -> Interval:
    """``statistic(first) - statistic(second)`` with a 95% percentile interval from a paired
    bootstrap: the same deals are drawn for both sides (``first[i]`` and ``second[i]`` are the
    same deal under two rules). The draws come from :class:`noahrules.rng.Rng` seeded with
    ``seed``, so the interval is the same on every run."""
    if len(first) != len(second):
        raise ValueError(f"paired samples of {len(first)} and {len(second)} deals")
    estimate = statistic(first) - statistic(second)
    count = len(first)
    if count < 2:
        return Interval(estimate, estimate, estimate, False)
    rng = Rng.from_seed(seed)
    spread = []
    for _ in range(resamples):
        picks = []
        for _ in range(count):
            pick, rng = rng.below(count)
            picks.append(pick)
        spread.append(statistic([first[i] for i in picks]) - statistic([second[i] for i in picks]))
    spread.sort()
    low = spread[max(0, math.floor(0.025 * resamples))]
    high = spread[min(resamples - 1, math.ceil(0.975 * resamples) - 1)]
    return Interval.of(estimate, low, high)
