"""Looking at a study after every block of deals and stopping once its answers are clear
(``noahrules balance --until-clear``), with error rates that hold however often one looks.

A test looked at after every block and stopped on its first significant look finds far more
than 5% false differences. The lab's looks read each estimate through a *confidence sequence*
instead: an interval that covers the truth at every look at once, with probability 95%.

Each test's statistic is an average over independent deals (a rate or a mean per game, by its
influence per deal), or a smooth function of one (a median, a difference of spreads): at ``t``
deals, an estimate with a standard error ``error``, ``z = estimate / error``. Robbins'
normal-mixture martingale of the sum over deals,
``M_t = exp(rho^2 t z^2 / (2 (1 + t rho^2))) / sqrt(1 + t rho^2)``, is under the null at most
``1 / alpha`` at every look with probability ``1 - alpha`` (Ville's inequality), so ``1 / M_t``
is a p-value valid at whatever look the study stops, and the estimate
``+- error sqrt(t) sqrt(2 (t rho^2 + 1) / (t^2 rho^2) log(sqrt(t rho^2 + 1) / alpha))`` is a
confidence sequence (Howard, Ramdas, McAuliffe and Sekhon 2021; with the standard error
estimated, an asymptotic one: Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas 2024). ``rho``
makes it narrowest at the study's planned number of deals ``t*``:
``rho^2 = (-2 log alpha + log(-2 log alpha + 1)) / t*``.

A study with ``--until-clear`` stops after the first block at which every seat test and every
difference from the base is *decided*: significant after the Holm correction of its family
(the anytime p-values are valid p-values, so Holm's correction holds), or shown within the
designer's margin of indifference (its confidence sequence at level ``alpha / m``, ``m`` the
tests of its family, lies within the margin: Bonferroni, so that all such claims of a family
hold together). Otherwise it stops at ``--games``. Its report's tests of those families are
these anytime tests.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from attrs import frozen

from noahrules.lab.stats import LEVEL, Difference, Interval, adjusted, normal_p

__all__ = [
    "ANYTIME",
    "MARGINS",
    "Anytime",
    "Candidate",
    "Decision",
    "Stopping",
    "decide",
    "margins_from",
    "mixture_p",
    "radius",
    "undecided",
]

ANYTIME = "anytime-valid (normal-mixture confidence sequence)"
"""How the method of a test looked at after every block reads."""

MARGINS: Mapping[str, float] = {
    "seats": 0.04,
    "first player's win rate": 0.04,
    "win-rate spread": 0.08,
    "decisive games": 0.05,
    "game length": 0.10,
    "score spread": 0.10,
}
"""The margins of indifference by default: a position's win rate within 4 points of the mean
of the positions' rates is even; a difference of win rates within 4 points (the first
player's), 8 points (the spread of the positions' rates) or 5 points (decisive games) is none;
a difference of median lengths or of mean score spreads within 10% of the base's is none.
Rates are shares (0.04 is 4 percentage points); lengths and score spreads are parts of the
base's value."""
RELATIVE = ("game length", "score spread")
"""The measures whose margin is a part of the base's value."""


def margins_from(given: Mapping[str, float]) -> dict[str, float]:
    """:data:`MARGINS` with ``given`` in place of the defaults; a :class:`ValueError` for a
    measure it does not know or a margin that is not a positive number."""
    found = dict(MARGINS)
    for name, value in given.items():
        if name not in MARGINS:
            raise ValueError(
                f"no margin for {name!r}: the measures are {', '.join(sorted(MARGINS))}"
            )
        if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
            raise ValueError(f"the margin of {name} must be a positive number, got {value!r}")
        found[name] = float(value)
    return found


def _rho2(planned: int, alpha: float) -> float:
    """The mixture's ``rho^2`` that makes the sequence narrowest at ``planned`` deals."""
    log = -2 * math.log(alpha)
    return (log + math.log(log + 1)) / max(planned, 1)


def radius(deals: int, planned: int, alpha: float = LEVEL) -> float:
    """The half-width of the confidence sequence of a mean of ``deals`` observations of unit
    variance: its interval is the estimate +- this x the observations' standard deviation."""
    if deals < 1:
        return math.inf
    r2 = _rho2(planned, alpha)
    grown = deals * r2 + 1
    return math.sqrt(2 * grown / (deals * deals * r2) * math.log(math.sqrt(grown) / alpha))


def mixture_p(z: float, deals: int, planned: int, alpha: float = LEVEL) -> float:
    """The anytime-valid p-value of a statistic ``z`` (estimate / standard error) at
    ``deals`` deals: 1 / M_t, at most 1. (``alpha`` only tunes the mixture.)"""
    if deals < 1:
        return 1.0
    r2 = _rho2(planned, alpha)
    grown = deals * r2 + 1
    log_m = r2 * deals * z * z / (2 * grown) - 0.5 * math.log(grown)
    return 1.0 if log_m <= 0 else math.exp(-log_m)


@frozen
class Anytime:
    """The looks of a study stopped by its answers: the deals planned at each player count
    (``--games`` in whole deals), which tune the confidence sequences."""

    planned: Mapping[int, int]

    def test(
        self, estimate: float, error: float, deals: int, players: int, alpha: float = LEVEL
    ) -> Interval:
        """``estimate`` with its confidence sequence at ``1 - alpha`` and its anytime p-value,
        from its standard ``error`` at ``deals`` deals of ``players``."""
        planned = self.planned[players]
        if error <= 0 or deals < 2:
            p = normal_p(estimate, error) if deals >= 2 else 1.0
            return Interval(estimate, estimate, estimate, p)
        half = error * math.sqrt(deals) * radius(deals, planned, alpha)
        p = mixture_p(estimate / error, deals, planned)
        return Interval(estimate, estimate - half, estimate + half, p)

    def difference(self, difference: Difference, deals: int, players: int) -> Difference:
        """``difference`` read at this look: its confidence sequence and anytime p-value."""
        read = self.test(difference.estimate, difference.error, deals, players)
        return Difference(
            read.estimate,
            read.low,
            read.high,
            read.p_value,
            f"{difference.method}, {ANYTIME}",
            difference.error,
            None,
        )


@frozen
class Candidate:
    """A test at one look, as the stopping rule reads it: its family (corrected together),
    its name, its anytime p-value and the confidence sequences that must all lie within
    +-``margin`` for it to be shown within its margin (at the level of its family's Bonferroni
    share: 5% / its tests, over its positions too for a seat test)."""

    family: str
    name: str
    p_value: float
    reads: tuple[Interval, ...]
    margin: float


@frozen
class Decision:
    """One test at a look: decided ``significant`` (after its family's correction), or
    ``within`` its margin, or neither."""

    test: str
    significant: bool
    within: bool

    @property
    def decided(self) -> bool:
        """Whether the test needs no more games."""
        return self.significant or self.within


def decide(candidates: Sequence[Candidate], correction: str = "holm") -> list[Decision]:
    """The stopping rule at one look: each candidate significant when its p-value, corrected
    with the others of its family by ``correction``, is below 5%; else within its margin when
    every one of its confidence sequences lies within it."""
    families: dict[str, list[int]] = {}
    for index, candidate in enumerate(candidates):
        families.setdefault(candidate.family, []).append(index)
    significant = [False] * len(candidates)
    for members in families.values():
        corrected = adjusted([candidates[i].p_value for i in members], correction)
        for i, p in zip(members, corrected, strict=True):
            significant[i] = p < LEVEL
    return [
        Decision(
            c.name,
            significant[i],
            not significant[i] and all(-c.margin < r.low and r.high < c.margin for r in c.reads),
        )
        for i, c in enumerate(candidates)
    ]


@frozen
class Stopping:
    """When and why a study stopped looking (``--until-clear``)."""

    reason: str
    """``clear`` (every test decided), ``games`` (the planned games played first) or
    ``interrupted``."""
    looks: int
    """The blocks after which the study looked."""
    planned: tuple[int, ...]
    """Deals planned per player count (``--games`` in whole deals)."""
    played: tuple[int, ...]
    """Deals played per player count."""
    games_saved: int
    """Games per arm not played, summed over the player counts."""
    margins: dict[str, float]
    significant: int
    within: int
    undecided: tuple[str, ...]
    """The tests still undecided at the last look."""

    @property
    def text(self) -> str:
        """The stop in words."""
        counts = len(self.planned)
        done = f"{sum(self.played):,} of {sum(self.planned):,} deals" + (
            " over its player counts" if counts > 1 else ""
        )
        if self.reason == "clear":
            why = (
                f"every seat test and every difference from the base was decided after "
                f"{self.looks} looks ({self.significant} significant, {self.within} within "
                f"their margins): {done} played, {self.games_saved:,} games per arm saved"
            )
        elif self.reason == "games":
            left = ", ".join(self.undecided[:5]) + (", ..." if len(self.undecided) > 5 else "")
            why = (
                f"the planned games were played before every test was decided "
                f"({len(self.undecided)} undecided: {left})"
            )
        else:
            why = f"it was interrupted after {done}"
        return f"The study looked after every block and stopped: {why}."


def undecided(decisions: Sequence[Decision]) -> tuple[str, ...]:
    """The tests of ``decisions`` that need more games."""
    return tuple(d.test for d in decisions if not d.decided)
