"""The statistics of a balance study, with the standard library only.

Win rates carry 95% Wilson score intervals (:class:`noahrules.simulation.Rate`); a difference of
two rates has Newcombe's hybrid score interval and the pooled z-test, a difference of two means
a normal (Welch) interval and test, a difference of rates within strata (the seats of each turn
position) the Mantel-Haenszel weighted difference and the Cochran-Mantel-Haenszel test, and a
difference of any other statistic a paired bootstrap interval over the deals. The chi-square
test of even seats takes its p-value from the regularized upper incomplete gamma function.

Each p-value is of one test; a report corrects every family of tests together
(:func:`adjusted`: Holm's method by default), and calls a result significant only by its
adjusted p-value. Intervals are 95% intervals of one estimate each.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import TypeVar

import attrs
from attrs import frozen

from noahrules.rng import Rng
from noahrules.simulation import Rate

__all__ = [
    "CORRECTIONS",
    "LEVEL",
    "ONE_SAMPLE_Z",
    "PAIRED_BOOTSTRAP",
    "PAIRED_Z",
    "Z95",
    "ChiSquare",
    "Difference",
    "Interval",
    "Stratum",
    "adjusted",
    "bias_corrected",
    "bootstrap_difference",
    "bootstrap_spread",
    "chi_square_even",
    "chi_square_p",
    "games_to_detect",
    "mantel_haenszel",
    "mean_difference",
    "mean_interval",
    "median",
    "nearest_rank",
    "normal_p",
    "paired_interval",
    "percentile_interval",
    "pooled_median",
    "proportions_p",
    "rate_difference",
    "ratio",
    "ratio_difference",
    "ratio_edge",
    "resample",
    "resampled",
    "upper_gamma",
]

Z95 = 1.959964
"""The two-sided 95% point of the normal distribution."""
LEVEL = 0.05
"""The adjusted p-value below which a test is significant."""
_TINY = 1e-300
_EPSILON = 1e-15
_STEPS = 1000


CORRECTIONS = {
    "holm": "Holm's step-down method",
    "bonferroni": "Bonferroni's method",
    "fdr_bh": "Benjamini and Hochberg's false discovery rate",
}
"""The corrections for multiple tests, by the names statsmodels' ``multipletests`` gives them."""


@frozen
class Interval:
    """An estimate with its 95% interval and, for a difference, the two-sided p-value of the
    test that it is zero (``None`` for an estimate that is not tested)."""

    estimate: float
    low: float
    high: float
    p_value: float | None = None


@frozen
class Difference(Interval):
    """A difference between two arms on the same deals (arm less base), with its 95% interval,
    the p-value of its test, the test (``method``), its standard error and the width its
    interval would have if the arms had been independent samples (``unpaired``; ``None`` where
    that was not worked out): how much pairing the deals narrowed it."""

    method: str = ""
    error: float = 0.0
    unpaired: float | None = None


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
    built from the two Wilson intervals, and the p-value of the pooled z-test."""
    if first.games == 0 or second.games == 0:
        return Interval(0.0, -1.0, 1.0, 1.0)
    estimate = first.rate - second.rate
    below = math.hypot(first.rate - first.low, second.high - second.rate)
    above = math.hypot(first.high - first.rate, second.rate - second.low)
    return Interval(estimate, estimate - below, estimate + above, proportions_p(first, second))


def normal_p(estimate: float, error: float) -> float:
    """The two-sided p-value of ``estimate`` against zero, with standard error ``error`` (1
    when nothing varies and the estimate is zero, 0 when nothing varies and it is not)."""
    if error <= 0:
        return 1.0 if estimate == 0 else 0.0
    return math.erfc(abs(estimate) / error / math.sqrt(2))


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


def adjusted(p_values: Sequence[float], method: str = "holm") -> list[float]:
    """The p-values of a family of tests adjusted for their number (the ``method`` of
    :data:`CORRECTIONS`), in the given order, as statsmodels' ``multipletests`` gives them:
    with the p-values sorted, p(1) <= ... <= p(m),

    - ``holm``: the k-th is max over j <= k of (m - j + 1) p(j), at most 1;
    - ``bonferroni``: m p, at most 1;
    - ``fdr_bh``: the k-th is min over j >= k of m p(j) / j, at most 1.

    A test is significant at level a for the family when its adjusted p-value is below a."""
    if method not in CORRECTIONS:
        raise ValueError(f"unknown correction {method!r}; known: {', '.join(CORRECTIONS)}")
    m = len(p_values)
    order = sorted(range(m), key=lambda i: (p_values[i], i))
    result = [1.0] * m
    if method == "bonferroni":
        return [min(1.0, m * p) for p in p_values]
    if method == "holm":
        running = 0.0
        for k, i in enumerate(order):
            running = max(running, min(1.0, (m - k) * p_values[i]))
            result[i] = running
        return result
    running = 1.0
    for k in range(m - 1, -1, -1):
        i = order[k]
        running = min(running, 1.0, m * p_values[i] / (k + 1))
        result[i] = running
    return result


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with a normal 95% interval (the mean alone for fewer than two)."""
    if not values:
        return Interval(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


def mean_difference(first: Sequence[float], second: Sequence[float]) -> Interval:
    """``mean(first) - mean(second)`` with a normal interval from Welch's standard error and
    the p-value of the z-test. With fewer than two values on either side the interval is the
    estimate alone, untested (p-value 1)."""
    if not first or not second:
        return Interval(0.0, 0.0, 0.0, 1.0)
    estimate = statistics.fmean(first) - statistics.fmean(second)
    if len(first) < 2 or len(second) < 2:
        return Interval(estimate, estimate, estimate, 1.0)
    error = math.sqrt(
        statistics.variance(first) / len(first) + statistics.variance(second) / len(second)
    )
    return Interval(
        estimate, estimate - Z95 * error, estimate + Z95 * error, normal_p(estimate, error)
    )


@frozen
class Stratum:
    """Seats of one kind (a turn position) split by whether they were given something: the
    wins and seats of those given it and of the others."""

    wins_with: float
    seats_with: int
    wins_without: float
    seats_without: int


def mantel_haenszel(strata: Sequence[Stratum]) -> Interval:
    """The difference of win rates (given less not given) within ``strata``, pooled: the
    Mantel-Haenszel weighted difference (weights n1 n0 / n per stratum) with a Wald interval
    from the strata's variances, and the p-value of the Cochran-Mantel-Haenszel chi-square
    (1 df, no continuity correction; a shared win counts as its share). Strata without seats
    on both sides count for nothing; with none left the difference is 0, untested."""
    weights = total = variance = observed = expected = spread = 0.0
    for s in strata:
        n1, n0 = s.seats_with, s.seats_without
        if n1 == 0 or n0 == 0:
            continue
        n = n1 + n0
        p1, p0 = s.wins_with / n1, s.wins_without / n0
        weight = n1 * n0 / n
        weights += weight
        total += weight * (p1 - p0)
        variance += weight**2 * (p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
        wins = s.wins_with + s.wins_without
        observed += s.wins_with
        expected += n1 * wins / n
        spread += n1 * n0 * wins * (n - wins) / (n * n * (n - 1))
    if weights == 0:
        return Interval(0.0, -1.0, 1.0, 1.0)
    estimate = total / weights
    half = Z95 * math.sqrt(variance) / weights
    p = math.erfc(abs(observed - expected) / math.sqrt(2 * spread)) if spread > 0 else 1.0
    return Interval(estimate, estimate - half, estimate + half, p)


def games_to_detect(
    rate: float, difference: float, *, groups: int = 1, level: float = 0.05, power: float = 0.8
) -> int:
    """How many observations (per group) a two-sided test at ``level`` needs to find a true
    ``difference`` from a win rate ``rate`` with probability ``power``: one group against a
    known rate (``groups=1``, a position against an even share), or two groups of equal size
    (``groups=2``, an arm against another), by the normal approximation:
    n = (z(1 - level/2) sqrt(k p q) + z(power) sqrt(p q + k' p' q'))^2 / d^2."""
    if not 0 < rate < 1 or not 0 < rate + difference < 1 or difference == 0:
        raise ValueError(f"a rate of {rate} and a difference of {difference} cannot be tested")
    normal = statistics.NormalDist()
    alpha, beta = normal.inv_cdf(1 - level / 2), normal.inv_cdf(power)
    other = rate + difference
    if groups == 1:
        root = alpha * math.sqrt(rate * (1 - rate)) + beta * math.sqrt(other * (1 - other))
    else:
        mean = (rate + other) / 2
        root = alpha * math.sqrt(2 * mean * (1 - mean)) + beta * math.sqrt(
            rate * (1 - rate) + other * (1 - other)
        )
    return math.ceil((root / difference) ** 2)


def nearest_rank(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` by the nearest-rank method (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[max(0, math.ceil(share * len(ordered)) - 1)])


Units = Sequence[Sequence[float]]
"""Per deal, what a statistic is computed from (per seat, the wins of the deal's games)."""
T = TypeVar("T")
"""A unit of a bootstrap: a deal, or what a statistic reads of it."""


def resample(count: int, seed: int, resamples: int = 1000) -> list[list[int]]:
    """``resamples`` draws of ``count`` indexes with replacement, from :class:`noahrules.rng.Rng`
    seeded with ``seed``: the same draws on every run, and for every sample of ``count`` units
    (so that statistics of the same deals under two rules are paired)."""
    rng = Rng.from_seed(seed)
    draws = []
    for _ in range(resamples):
        picks = []
        for _ in range(count):
            pick, rng = rng.below(count)
            picks.append(pick)
        draws.append(picks)
    return draws


def resampled(
    units: Sequence[T], statistic: Callable[[Sequence[T]], float], draws: Sequence[Sequence[int]]
) -> list[float]:
    """``statistic`` of each draw of ``units`` (see :func:`resample`), in the draws' order."""
    return [statistic([units[i] for i in picks]) for picks in draws]


def percentile_interval(estimate: float, spread: Sequence[float]) -> Interval:
    """``estimate`` with the 95% percentile interval of its bootstrap sample ``spread``."""
    ordered = sorted(spread)
    if not ordered:
        return Interval(estimate, estimate, estimate)
    resamples = len(ordered)
    low = ordered[max(0, math.floor(0.025 * resamples))]
    high = ordered[min(resamples - 1, math.ceil(0.975 * resamples) - 1)]
    return Interval(estimate, low, high)


def paired_interval(estimate: float, first: Sequence[float], second: Sequence[float]) -> Interval:
    """The difference ``estimate`` with the percentile interval of the paired differences of two
    bootstrap samples drawn alike, and its p-value: twice the share of differences on the far
    side of zero, counted as (k + 1) / (resamples + 1), at most 1."""
    spread = [a - b for a, b in zip(first, second, strict=True)]
    if not spread:
        return Interval(estimate, estimate, estimate, 1.0)
    below = sum(d <= 0 for d in spread)
    above = sum(d >= 0 for d in spread)
    p = min(1.0, 2 * (min(below, above) + 1) / (len(spread) + 1))
    return attrs.evolve(percentile_interval(estimate, spread), p_value=p)


def bootstrap_difference(
    first: Sequence[T],
    second: Sequence[T],
    statistic: Callable[[Sequence[T]], float],
    seed: int,
    resamples: int = 1000,
) -> Interval:
    """``statistic(first) - statistic(second)`` with a 95% percentile interval from a paired
    bootstrap: the same deals are drawn for both sides (``first[i]`` and ``second[i]`` are the
    same deal under two rules), and its p-value (see :func:`paired_interval`)."""
    if len(first) != len(second):
        raise ValueError(f"paired samples of {len(first)} and {len(second)} deals")
    estimate = statistic(first) - statistic(second)
    if len(first) < 2:
        return Interval(estimate, estimate, estimate, 1.0)
    draws = resample(len(first), seed, resamples)
    return paired_interval(
        estimate, resampled(first, statistic, draws), resampled(second, statistic, draws)
    )


PAIRED_Z = "paired z-test over deals"
"""The test of a difference of two rates (or of two means per game) whose arms played the same
deals: each deal's part in each estimate (its influence, by the delta method), differenced
deal by deal."""
PAIRED_BOOTSTRAP = "paired bootstrap over deals"
"""The test of a difference of two statistics of the same deals: the deals are resampled
together for both arms."""


def ratio(pairs: Sequence[tuple[float, float]]) -> tuple[float, list[float]]:
    """The ratio of the sums of ``pairs`` (per deal, numerator and denominator: wins and games)
    and each deal's influence on it, by the delta method: (numerator - ratio x denominator) /
    the mean denominator. The ratio is 0 when nothing is counted."""
    total = sum(d for _, d in pairs)
    if total <= 0:
        return 0.0, [0.0] * len(pairs)
    value = sum(n for n, _ in pairs) / total
    mean = total / len(pairs)
    return value, [(n - value * d) / mean for n, d in pairs]


def ratio_difference(
    first: Sequence[tuple[float, float]], second: Sequence[tuple[float, float]]
) -> Difference:
    """The ratio of ``first`` less that of ``second`` (per deal, numerator and denominator;
    ``first[i]`` and ``second[i]`` the same deal under two rules), with a normal interval from
    the paired differences of the deals' influences and the two-sided p-value of that z-test
    (:data:`PAIRED_Z`); ``unpaired`` is the width of the interval of independent samples."""
    if len(first) != len(second):
        raise ValueError(f"paired samples of {len(first)} and {len(second)} deals")
    a, influence_a = ratio(first)
    b, influence_b = ratio(second)
    estimate = a - b
    deals = len(first)
    if deals < 2:
        return Difference(estimate, estimate, estimate, 1.0, PAIRED_Z, 0.0, 0.0)
    paired = [x - y for x, y in zip(influence_a, influence_b, strict=True)]
    error = statistics.stdev(paired) / math.sqrt(deals)
    apart = math.sqrt((statistics.variance(influence_a) + statistics.variance(influence_b)) / deals)
    return _normal(estimate, error, PAIRED_Z, 2 * Z95 * apart)


def _normal(estimate: float, error: float, method: str, unpaired: float | None) -> Difference:
    """``estimate`` with the normal 95% interval of its standard ``error`` and the p-value of
    the z-test that it is 0."""
    half = Z95 * error
    return Difference(
        estimate, estimate - half, estimate + half, normal_p(estimate, error), method, error,
        unpaired,
    )  # fmt: skip


ONE_SAMPLE_Z = "z-test over deals"
"""The test of one rate against a value, from each deal's influence on it."""


def ratio_edge(pairs: Sequence[tuple[float, float]]) -> Difference:
    """The ratio of ``pairs`` (per deal, numerator and denominator) with a normal interval from
    its deals' influences and the p-value of the z-test that it is 0 (:data:`ONE_SAMPLE_Z`):
    with numerators that are a rate's excess over a reference, its edge over that reference."""
    estimate, influence = ratio(pairs)
    if len(pairs) < 2:
        return Difference(estimate, estimate, estimate, 1.0, ONE_SAMPLE_Z, 0.0, None)
    return _normal(
        estimate, statistics.stdev(influence) / math.sqrt(len(pairs)), ONE_SAMPLE_Z, None
    )


def bootstrap_spread(
    estimate: float, first: Sequence[float], second: Sequence[float], method: str
) -> Difference:
    """The difference ``estimate`` of two statistics with the percentile interval of the paired
    differences of their bootstrap samples (drawn alike: the same deals for both), the
    differences' standard deviation as its error, the p-value of the z-test of ``estimate``
    with that error (a thousand resamples could not tell a p-value below 0.002 by the share
    past zero), and the width of the interval of independent samples (``unpaired``: the paired
    width times sqrt(var(first) + var(second)) / sd(first - second))."""
    interval = paired_interval(estimate, first, second)
    if len(first) < 2:
        return Difference(
            interval.estimate, interval.low, interval.high, interval.p_value, method, 0.0, None
        )
    differences = [x - y for x, y in zip(first, second, strict=True)]
    error = statistics.stdev(differences)
    apart = math.sqrt(statistics.variance(first) + statistics.variance(second))
    width = interval.high - interval.low
    unpaired = width * apart / error if error > 0 else None
    p_value = normal_p(estimate, error)
    return Difference(
        interval.estimate, interval.low, interval.high, p_value, method, error, unpaired
    )


def median(values: Sequence[float]) -> float:
    """The median of ``values`` (0 for none)."""
    return float(statistics.median(values)) if values else 0.0


def pooled_median(groups: Sequence[Sequence[float]]) -> float:
    """The median of every value of ``groups`` (per deal, the lengths of its games)."""
    return median([v for group in groups for v in group])


def bias_corrected(estimate: float, spread: Sequence[float], even: bool) -> Interval:
    """A statistic that is never below 0 and is biased upward near 0 (the win-rate spread:
    chance alone makes the best position's rate exceed the worst's), corrected by its bootstrap
    sample ``spread``: the estimate 2 x ``estimate`` - mean(``spread``), at least 0; the
    interval from 0 when ``even`` (the test of even seats does not reject them), else from
    2 x ``estimate`` less the sample's 97.5th percentile, up to that percentile. Over fair games
    the interval holds 0 as often as the test keeps them even."""
    if not spread:
        return Interval(estimate, estimate, estimate)
    corrected = max(0.0, 2 * estimate - statistics.fmean(spread))
    plain = percentile_interval(estimate, spread)
    low = 0.0 if even else max(0.0, min(corrected, 2 * estimate - plain.high))
    return Interval(corrected, low, max(plain.high, corrected))
