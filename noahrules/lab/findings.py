"""Every test of a balance report as a record, corrected within its family, in words.

A report runs three kinds of test, each kind a *family* corrected together (Holm's method by
default): whether the seats win evenly (per arm and player count, by turn position and by seat
number), how each arm differs from the base (five measures per arm and player count), and the
effects of what the deal gave a seat (one family per tally of the deal: every key, arm and
player count). A finding is *significant* when its adjusted p-value is below the level (5%);
its 95% interval is that of the one estimate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from attrs import evolve, frozen

from noahrules.lab.stats import CORRECTIONS, ChiSquare, Interval, adjusted
from noahrules.simulation import Rate

if TYPE_CHECKING:
    from noahrules.lab.analysis import ArmReport, Comparison
    from noahrules.lab.effects import Effect

__all__ = [
    "KINDS",
    "LEVEL",
    "Check",
    "Family",
    "Finding",
    "cell_name",
    "check_findings",
    "findings",
    "interval_text",
    "p_shown",
    "p_text",
    "rate_text",
]

LEVEL = 0.05
"""The adjusted p-value below which a finding is significant."""
KINDS = ("seats", "seat numbers", "against the base", "dealt")
"""The kinds of finding, most general first."""


@frozen
class Check:
    """The same test in the strength check's study (another set of bots)."""

    bots: tuple[str, ...]
    estimate: float | None
    p_adjusted: float
    significant: bool
    holds: bool
    """Whether it tells the same: both significant in the same direction, or neither."""


@frozen
class Finding:
    """One test of a report: what it is about, its estimate, its p-value before and after the
    correction of its family, and its sentence."""

    text: str
    kind: str
    """One of :data:`KINDS`."""
    arm: str
    players: int
    subject: str
    """What is tested: ``"positions"``, ``"seat numbers"``, a measure (``"game length"``), or
    a key of the deal (``"elephant"``)."""
    family: str
    """The family it was corrected within: its kind, or ``"dealt: <tally>"``."""
    method: str
    """The test."""
    p_value: float
    p_adjusted: float
    significant: bool
    estimate: float | None = None
    low: float | None = None
    high: float | None = None
    unit: str = ""
    """How the estimate reads: ``"pp"`` (percentage points, a difference of rates times 100),
    ``"decisions"``, ``""``."""
    check: Check | None = None


@frozen
class Family:
    """A family of tests corrected together."""

    name: str
    tests: int
    significant: int
    correction: str
    """The method, by the name statsmodels gives it (``"holm"``)."""


@frozen
class _Test:
    """A test before its family is corrected: its sentence is written once the adjusted
    p-value is known."""

    kind: str
    arm: str
    players: int
    subject: str
    family: str
    method: str
    p_value: float
    words: Callable[[bool, str], str]
    """The sentence, given whether it is significant and how its p-values read."""
    interval: Interval | None = None
    """The estimate tested, with its interval (times ``scale``)."""
    scale: float = 1.0
    unit: str = ""
    estimate: float | None = None
    """The estimate, where it has no interval (times ``scale``)."""


def rate_text(rate: Rate) -> str:
    """``41.2% (38.0-44.5%)``: a rate with its 95% interval."""
    return f"{rate.rate:.1%} ({rate.low:.1%}-{rate.high:.1%})"


def interval_text(interval: Interval, scale: float = 1.0, unit: str = "") -> str:
    """``+3.1 pp (95% CI +1.2 to +5.0)``: a difference with its interval, times ``scale``."""
    e, low, high = (scale * v for v in (interval.estimate, interval.low, interval.high))
    return f"{e:+.1f}{unit} (95% CI {low:+.1f} to {high:+.1f})"


TINY = 1e-300
"""Below this a p-value is shown as ``< 1e-300``: too small for a float to tell."""


def p_shown(p_value: float) -> str:
    """A p-value in two digits (``0.031``), or ``< 1e-300``."""
    return f"{p_value:.2g}" if p_value >= TINY else f"< {TINY:g}"


def p_equals(p_value: float) -> str:
    """A p-value after ``p``: ``= 0.031``, or ``< 1e-300``."""
    return f"{'' if p_value < TINY else '= '}{p_shown(p_value)}"


def p_text(p_value: float, p_adjusted: float, correction: str) -> str:
    """``p = 0.004, Holm-adjusted 0.031`` (``p < 1e-300, ...`` for the tiniest)."""
    name = {"holm": "Holm", "bonferroni": "Bonferroni", "fdr_bh": "BH"}[correction]
    return f"p {p_equals(p_value)}, {name}-adjusted {p_shown(p_adjusted)}"


def cell_name(arm: str, players: int, several: bool) -> str:
    """An arm at a player count, as findings name it: ``frog`` or ``frog at 4 players``."""
    return f"{arm} at {players} players" if several else arm


def findings(
    arms: Sequence[ArmReport],
    comparisons: Sequence[Comparison],
    correction: str = "holm",
) -> tuple[tuple[Finding, ...], tuple[Family, ...]]:
    """Every test of a report, each family corrected by ``correction``, in the order of
    :data:`KINDS`, then arm, player count and subject; and the families."""
    if correction not in CORRECTIONS:
        raise ValueError(f"unknown correction {correction!r}; known: {', '.join(CORRECTIONS)}")
    several = len({arm.players for arm in arms}) > 1
    tests: list[_Test] = []
    for arm in arms:
        tests += _seat_tests(arm, several)
    for comparison in comparisons:
        tests += _difference_tests(comparison, several)
    for arm in arms:
        tests += _dealt_tests(arm, several)
    families = sorted({t.family for t in tests}, key=_family_order)
    done: list[Finding] = []
    summary = []
    for family in families:
        members = [t for t in tests if t.family == family]
        corrected = adjusted([t.p_value for t in members], correction)
        made = [_finding(t, p, correction) for t, p in zip(members, corrected, strict=True)]
        summary.append(Family(family, len(made), sum(f.significant for f in made), correction))
        done += made
    return tuple(done), tuple(summary)


def _family_order(family: str) -> tuple[int, str]:
    kind = family.partition(":")[0]
    return KINDS.index(kind), family


def _finding(test: _Test, p_adjusted: float, correction: str) -> Finding:
    significant = p_adjusted < LEVEL
    interval = test.interval
    estimate = None if test.estimate is None else test.scale * test.estimate
    scaled = (
        (estimate, None, None)
        if interval is None
        else tuple(test.scale * v for v in (interval.estimate, interval.low, interval.high))
    )
    return Finding(
        text=test.words(significant, p_text(test.p_value, p_adjusted, correction)),
        kind=test.kind,
        arm=test.arm,
        players=test.players,
        subject=test.subject,
        family=test.family,
        method=test.method,
        p_value=test.p_value,
        p_adjusted=p_adjusted,
        significant=significant,
        estimate=scaled[0],
        low=scaled[1],
        high=scaled[2],
        unit=test.unit,
    )


def _seat_tests(arm: ArmReport, several: bool) -> list[_Test]:
    """The chi-square tests of even positions and even seat numbers; their estimate is the
    spread of the win rates (the best less the worst; the positions' with its bootstrap
    interval)."""
    cell = cell_name(arm.name, arm.players, several)
    method = f"Pearson's chi-square of even wins ({arm.positions_test.df} df)"
    words = (
        _seat_words(cell, "position", "positions (turn order)", arm.positions, arm.positions_test),
        _seat_words(cell, "seat", "seat numbers", arm.seats, arm.seats_test),
    )
    spread = max(r.rate for r in arm.seats) - min(r.rate for r in arm.seats)
    return [
        _Test(
            "seats",
            arm.name,
            arm.players,
            "positions",
            "seats",
            method,
            arm.positions_test.p_value,
            words[0],
            arm.measures.win_spread,
            100.0,
            "pp",
        ),
        _Test(
            "seat numbers",
            arm.name,
            arm.players,
            "seat numbers",
            "seats",
            method,
            arm.seats_test.p_value,
            words[1],
            None,
            100.0,
            "pp",
            spread,
        ),
    ]


def _seat_words(
    cell: str, label: str, what: str, rates: Sequence[Rate], test: ChiSquare
) -> Callable[[bool, str], str]:
    best = max(range(len(rates)), key=lambda k: (rates[k].rate, -k))
    worst = min(range(len(rates)), key=lambda k: (rates[k].rate, k))

    def words(significant: bool, p: str) -> str:
        verdict = "do not win evenly" if significant else "win evenly as far as these games tell"
        return (
            f"{cell}: {what} {verdict}: {label} {best} wins {rate_text(rates[best])}, "
            f"{label} {worst} {rate_text(rates[worst])} (chi-square {test.statistic:.1f}, "
            f"{test.df} df, {p})"
        )

    return words


MEASURES = (
    ("game length", "length", 1.0, " decisions", "Welch's z-test of the mean"),
    ("score spread", "spread", 1.0, "", "Welch's z-test of the mean"),
    ("first player's win rate", "first_seat", 100.0, " pp", "pooled z-test of two rates"),
    ("win-rate spread", "win_spread", 100.0, " pp", "paired bootstrap over the deals"),
    ("decisive games", "decisive", 100.0, " pp", "pooled z-test of two rates"),
)
"""The differences from the base: what they are called, the field of
:class:`~noahrules.lab.analysis.Comparison`, the scale, the unit and the test."""


def _difference_tests(comparison: Comparison, several: bool) -> list[_Test]:
    cell = cell_name(comparison.arm, comparison.players, several)
    found = []
    for label, field, scale, unit, method in MEASURES:
        interval: Interval = getattr(comparison, field)

        def words(
            significant: bool,
            p: str,
            label: str = label,
            i: Interval = interval,
            s: float = scale,
            unit: str = unit,
        ) -> str:
            shown = interval_text(i, s, unit)
            tail = "" if significant else ": no difference shown"
            return f"{cell} against base: {label} {shown}{tail} ({p})"

        found.append(
            _Test(
                "against the base",
                comparison.arm,
                comparison.players,
                label,
                "against the base",
                method,
                1.0 if interval.p_value is None else interval.p_value,
                words,
                interval,
                scale,
                unit.strip(),
            )
        )
    return found


def _dealt_tests(arm: ArmReport, several: bool) -> list[_Test]:
    cell = cell_name(arm.name, arm.players, several)
    found = []
    for tally, effects in arm.dealt.items():
        for effect in effects:
            if effect.given.games == 0 or effect.not_given.games == 0:
                continue

            def words(significant: bool, p: str, e: Effect = effect, tally: str = tally) -> str:
                tail = "" if significant else ": no effect shown"
                return (
                    f"{cell}: seats given '{e.key}' ({tally}) win {e.given.rate:.1%} against "
                    f"{e.not_given.rate:.1%} not given it "
                    f"({interval_text(e.difference, 100.0, ' pp')} within turn positions"
                    f"{tail}; {p})"
                )

            found.append(
                _Test(
                    "dealt",
                    arm.name,
                    arm.players,
                    effect.key,
                    f"dealt: {tally}",
                    "Cochran-Mantel-Haenszel test within turn positions",
                    1.0 if effect.difference.p_value is None else effect.difference.p_value,
                    words,
                    effect.difference,
                    100.0,
                    "pp",
                )
            )
    return found


def check_findings(
    primary: Sequence[Finding], other: Sequence[Finding], bots: tuple[str, ...]
) -> tuple[Finding, ...]:
    """``primary`` with, on each, whether the same test in ``other`` (the strength check's
    findings, played by ``bots``) tells the same."""
    by_test = {(f.family, f.arm, f.players, f.subject): f for f in other}
    checked = []
    for finding in primary:
        twin = by_test.get((finding.family, finding.arm, finding.players, finding.subject))
        if twin is None:
            checked.append(finding)
            continue
        same_way = (
            finding.estimate is None
            or twin.estimate is None
            or (finding.estimate > 0) == (twin.estimate > 0)
        )
        holds = finding.significant == twin.significant and (not twin.significant or same_way)
        check = Check(bots, twin.estimate, twin.p_adjusted, twin.significant, holds)
        checked.append(evolve(finding, check=check))
    return tuple(checked)
