"""Every test of a balance report as a record, corrected within its family, in words.

A report runs three kinds of test, each kind a *family* corrected together (Holm's method by
default): whether the seats win evenly (per arm and player count, by turn position and by seat
number), how each arm differs from the base (five measures per arm and player count), and the
effects of what the deal gave a seat (one family per tally of the deal: every key, arm and
player count). A finding is *significant* when its adjusted p-value is below the level (5%);
its 95% interval is that of the one estimate.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from attrs import evolve, frozen

from noahrules.lab.design import BASE
from noahrules.lab.sequential import ANYTIME, Anytime
from noahrules.lab.stats import (
    CORRECTIONS,
    LEVEL,
    Z95,
    ChiSquare,
    Difference,
    Interval,
    adjusted,
)
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
    "readings",
]

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
    replicate: str | None = None
    """For a test whose adjusted p-value lies near the level (:data:`NEAR`) or whose estimate
    rests on few games (:data:`FEW`): why to play it again, and the games per arm that would
    find the smallest effect its interval allows with 80% power."""


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
    games: int = 0
    """The games per arm of the cell the test is of."""
    support: int = 0
    """What the estimate rests on: the games, or the seats given a key."""


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
    anytime: Anytime | None = None,
) -> tuple[tuple[Finding, ...], tuple[Family, ...]]:
    """Every test of a report, each family corrected by ``correction``, in the order of
    :data:`KINDS`, then arm, player count and subject; and the families. With ``anytime``
    (a study that looked after every block), the seat tests and the effects of the deal are
    anytime-valid tests (the comparisons come read so)."""
    if correction not in CORRECTIONS:
        raise ValueError(f"unknown correction {correction!r}; known: {', '.join(CORRECTIONS)}")
    several = len({arm.players for arm in arms}) > 1
    tests: list[_Test] = []
    for arm in arms:
        tests += _seat_tests(arm, several, anytime)
    games = {(arm.name, arm.players): arm.games for arm in arms}
    for comparison in comparisons:
        tests += _difference_tests(
            comparison, several, games.get((comparison.arm, comparison.players), 0)
        )
    for arm in arms:
        tests += _dealt_tests(arm, several, anytime)
    families = sorted({t.family for t in tests}, key=_family_order)
    done: list[Finding] = []
    summary = []
    for family in families:
        members = [t for t in tests if t.family == family]
        corrected = adjusted([t.p_value for t in members], correction)
        made = [
            _finding(t, p, correction, len(members))
            for t, p in zip(members, corrected, strict=True)
        ]
        summary.append(Family(family, len(made), sum(f.significant for f in made), correction))
        done += made
    return tuple(done), tuple(summary)


def _family_order(family: str) -> tuple[int, str]:
    kind = family.partition(":")[0]
    return KINDS.index(kind), family


def _finding(test: _Test, p_adjusted: float, correction: str, tests: int) -> Finding:
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
        replicate=_replicate(test, p_adjusted, tests),
    )


NEAR = (LEVEL / 10, 3 * LEVEL)
"""Adjusted p-values from the first to the second lie near the level: such a finding, or
such a miss, may not hold on other deals."""
FEW = 100
"""An estimate resting on fewer games (or seats given a key) than this rests on few."""
POWER = 0.8


def _replicate(test: _Test, p_adjusted: float, tests: int) -> str | None:
    """Why and how to play ``test`` again, or ``None``: the games per arm that find, with
    :data:`POWER`, the effect at the bound of its interval nearest 0 (its estimate when the
    interval holds 0) in a test at the level shared among the ``tests`` of its family, from
    the estimate's standard error at the games it rests on."""
    interval = test.interval
    near = NEAR[0] <= p_adjusted < NEAR[1]
    few = 0 < test.support < FEW
    if interval is None or not (near or few) or interval.high <= interval.low:
        return None
    apart = interval.low > 0 or interval.high < 0
    small = min(abs(interval.low), abs(interval.high)) if apart else abs(interval.estimate)
    if small <= 0:
        return None
    normal = statistics.NormalDist()
    z = normal.inv_cdf(1 - LEVEL / (2 * tests)) + normal.inv_cdf(POWER)
    error = (interval.high - interval.low) / (2 * Z95)
    needed = math.ceil(test.games * (z * error / small) ** 2)
    why = (
        f"adjusted p {p_shown(p_adjusted)} lies near {LEVEL:g}"
        if near
        else f"it rests on {test.support} {'seats' if test.kind == 'dealt' else 'games'}"
    )
    size = f"{test.scale * small:.1f}{' ' + test.unit if test.unit else ''}"
    return (
        f"replicate: {why}; about {needed:,} games per arm find an effect of {size} with "
        f"{POWER:.0%} power among {tests} tests: play the study on another seed and pool them"
    )


def _seat_tests(arm: ArmReport, several: bool, anytime: Anytime | None) -> list[_Test]:
    """The chi-square tests of even positions and even seat numbers; their estimate is the
    spread of the win rates (the best less the worst; the positions' bias-corrected, with its
    bootstrap interval). Looked at after every block (``anytime``), each is the smallest
    anytime p-value of a position's edge over the mean rate times the positions (Bonferroni),
    its interval that of the spread of the positions' confidence sequences."""
    cell = cell_name(arm.name, arm.players, several)
    method = f"Pearson's chi-square of even wins ({arm.positions_test.df} df)"
    p_positions, p_seats = arm.positions_test.p_value, arm.seats_test.p_value
    interval = arm.measures.win_spread
    if anytime is not None:
        method = f"z-tests of each position's edge over deals, Bonferroni, {ANYTIME}"
        p_positions, interval = _anytime_seats(arm.position_edges, arm, anytime)
        p_seats, _ = _anytime_seats(arm.seat_edges, arm, anytime)
    tests = (arm.positions_test, arm.seats_test) if anytime is None else (None, None)
    words = (
        _seat_words(cell, "position", "positions (turn order)", arm.positions, tests[0]),
        _seat_words(cell, "seat", "seat numbers", arm.seats, tests[1]),
    )
    spread = max(r.rate for r in arm.seats) - min(r.rate for r in arm.seats)
    positions = _Test(
        kind="seats",
        arm=arm.name,
        players=arm.players,
        subject="positions",
        family="seats",
        method=method,
        p_value=p_positions,
        words=words[0],
        interval=interval,
        scale=100.0,
        unit="pp",
        games=arm.games,
        support=arm.games,
    )
    numbers = evolve(
        positions,
        kind="seat numbers",
        subject="seat numbers",
        p_value=p_seats,
        words=words[1],
        interval=None,
        estimate=spread,
    )
    return [positions, numbers]


def _anytime_seats(
    edges: Sequence[Difference], arm: ArmReport, anytime: Anytime
) -> tuple[float, Interval]:
    """The anytime p-value that the seats win evenly (the smallest of their edges' times their
    number) and the spread of their rates with the interval their confidence sequences at
    ``5% / seats`` allow."""
    count = len(edges)
    reads = [anytime.test(e.estimate, e.error, arm.deals, arm.players) for e in edges]
    p = min(1.0, count * min((r.p_value or 1.0) for r in reads))
    wide = [anytime.test(e.estimate, e.error, arm.deals, arm.players, LEVEL / count) for e in edges]
    estimates = [e.estimate for e in edges]
    low = max(0.0, max(r.low for r in wide) - min(r.high for r in wide))
    spread = max(estimates) - min(estimates)
    return p, Interval(
        spread, min(low, spread), max(r.high for r in wide) - min(r.low for r in wide)
    )


def _seat_words(
    cell: str, label: str, what: str, rates: Sequence[Rate], test: ChiSquare | None
) -> Callable[[bool, str], str]:
    """The sentence of a seat test: the chi-square's, or (``None``) the anytime test's."""
    best = max(range(len(rates)), key=lambda k: (rates[k].rate, -k))
    worst = min(range(len(rates)), key=lambda k: (rates[k].rate, k))
    how = "anytime-valid" if test is None else f"chi-square {test.statistic:.1f}, {test.df} df"

    def words(significant: bool, p: str) -> str:
        verdict = "do not win evenly" if significant else "win evenly as far as these games tell"
        return (
            f"{cell}: {what} {verdict}: {label} {best} wins {rate_text(rates[best])}, "
            f"{label} {worst} {rate_text(rates[worst])} ({how}, {p})"
        )

    return words


MEASURES = (
    ("game length", "length", 1.0, " decisions"),
    ("score spread", "spread", 1.0, ""),
    ("first player's win rate", "first_seat", 100.0, " pp"),
    ("win-rate spread", "win_spread", 100.0, " pp"),
    ("decisive games", "decisive", 100.0, " pp"),
)
"""The differences from the base: what they are called, the field of
:class:`~noahrules.lab.analysis.Comparison`, the scale and the unit (the test is the
difference's ``method``)."""
SUBJECTS = {field: label for label, field, _, _ in MEASURES}
"""The label of each field of a comparison."""
EVEN = "win-rate spread"
"""The difference that says whether an arm's seats are more or less even than the base's."""


def _difference_tests(comparison: Comparison, several: bool, games: int) -> list[_Test]:
    cell = cell_name(comparison.arm, comparison.players, several)
    found = []
    for label, field, scale, unit in MEASURES:
        difference: Difference = getattr(comparison, field)

        def words(
            significant: bool,
            p: str,
            label: str = label,
            i: Difference = difference,
            s: float = scale,
            unit: str = unit,
        ) -> str:
            shown = interval_text(i, s, unit)
            name = "game length (median)" if label == "game length" else label
            return f"{cell} against base: {name} {shown}{_verdict(label, i, significant)} ({p})"

        found.append(
            _Test(
                kind="against the base",
                arm=comparison.arm,
                players=comparison.players,
                subject=label,
                family="against the base",
                method=difference.method,
                p_value=1.0 if difference.p_value is None else difference.p_value,
                words=words,
                interval=difference,
                scale=scale,
                unit=unit.strip(),
                games=games,
                support=games,
            )
        )
    return found


def _verdict(label: str, difference: Interval, significant: bool) -> str:
    """What a difference from the base says: for the win-rate spread, which is fairer."""
    if not significant:
        return ": no difference shown"
    if label != EVEN:
        return ""
    return ": less even than the base" if difference.estimate > 0 else ": more even than the base"


def _dealt_tests(arm: ArmReport, several: bool, anytime: Anytime | None) -> list[_Test]:
    cell = cell_name(arm.name, arm.players, several)
    found = []
    method = "Cochran-Mantel-Haenszel test within turn positions"
    for tally, effects in arm.dealt.items():
        for effect in effects:
            if effect.given.games == 0 or effect.not_given.games == 0:
                continue
            if anytime is not None:
                effect = _anytime_effect(effect, arm, anytime)  # noqa: PLW2901

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
                    kind="dealt",
                    arm=arm.name,
                    players=arm.players,
                    subject=effect.key,
                    family=f"dealt: {tally}",
                    method=method if anytime is None else f"{method}, {ANYTIME}",
                    p_value=1.0 if effect.difference.p_value is None else effect.difference.p_value,
                    words=words,
                    interval=effect.difference,
                    scale=100.0,
                    unit="pp",
                    games=arm.games,
                    support=effect.given.games,
                )
            )
    return found


def _anytime_effect(effect: Effect, arm: ArmReport, anytime: Anytime) -> Effect:
    """``effect`` read as an anytime-valid test, from its Wald interval's standard error."""
    difference = effect.difference
    error = (difference.high - difference.low) / (2 * Z95)
    read = anytime.test(difference.estimate, error, arm.deals, arm.players)
    return evolve(effect, difference=read)


def readings(tested: Sequence[Finding], several: bool) -> tuple[str, ...]:
    """Where the seat test of an arm and of the base disagree (one finds the positions uneven,
    the other does not), what the test of the difference between them says: only it can say
    that one is fairer than the other."""
    seats = {(f.arm, f.players): f for f in tested if f.kind == "seats"}
    found = []
    for finding in tested:
        if finding.kind != "against the base" or finding.subject != EVEN:
            continue
        arm, base = seats.get((finding.arm, finding.players)), seats.get((BASE, finding.players))
        if arm is None or base is None or arm.significant == base.significant:
            continue
        cell = cell_name(finding.arm, finding.players, several)
        uneven, even = (BASE, cell) if base.significant else (cell, BASE)
        shown = _estimate_text(finding)
        if finding.significant:
            fairer = "fairer" if (finding.estimate or 0) < 0 else "less fair"
            verdict = f"and the difference between them says {cell} is {fairer} than the base"
        else:
            verdict = (
                "but the difference between them is not significant: this does not show that "
                "one is fairer than the other (play more games, or pool studies)"
            )
        found.append(
            f"{cell}: the seat test finds {uneven}'s positions uneven and not {even}'s, {verdict} "
            f"(win-rate spread {shown}, adjusted p {p_shown(finding.p_adjusted)})"
        )
    return tuple(found)


def _estimate_text(finding: Finding) -> str:
    if finding.estimate is None or finding.low is None or finding.high is None:
        return "-"
    return (
        f"{finding.estimate:+.1f} {finding.unit} (95% CI {finding.low:+.1f} to {finding.high:+.1f})"
    )


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
