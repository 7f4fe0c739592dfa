"""The significant results of a balance report, in words, most general first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from noahrules.lab.stats import ChiSquare, Interval
from noahrules.simulation import Rate

if TYPE_CHECKING:
    from noahrules.lab.analysis import ArmReport, BalanceReport, Comparison

__all__ = ["LEVEL", "findings", "interval_text", "rate_text"]

LEVEL = 0.05
"""The p-value below which seats are called uneven."""
TOP_EFFECTS = 3
"""The strongest effects named per arm, among those significant for their whole tally (Holm's
method at 5%)."""


def rate_text(rate: Rate) -> str:
    """``41.2% (38.0-44.5%)``: a rate with its 95% interval."""
    return f"{rate.rate:.1%} ({rate.low:.1%}-{rate.high:.1%})"


def interval_text(interval: Interval, scale: float = 1.0, unit: str = "") -> str:
    """``+3.1 pp (95% CI +1.2 to +5.0)``: a difference with its interval, times ``scale``."""
    e, low, high = (scale * v for v in (interval.estimate, interval.low, interval.high))
    return f"{e:+.1f}{unit} (95% CI {low:+.1f} to {high:+.1f})"


def findings(report: BalanceReport) -> tuple[str, ...]:
    """Sentences for the uneven seats of each arm, the significant differences of each variant
    from the base and the strongest significant effects of cards or species."""
    lines: list[str] = []
    for arm in report.arms:
        lines += _seats(arm, "position", "positions (turn order)", arm.positions_test)
        lines += _seats(arm, "seat", "seat numbers", arm.seats_test)
        if arm.unfinished:
            lines.append(
                f"{arm.name}: {arm.unfinished} of {arm.games} games stopped at the cap of "
                f"{report.max_decisions} decisions"
            )
    for comparison in report.comparisons:
        lines += _differences(comparison)
    for arm in report.arms:
        lines += _effects(arm)
    return tuple(lines)


def _seats(arm: ArmReport, label: str, what: str, test: ChiSquare) -> list[str]:
    rates = arm.positions if label == "position" else arm.seats
    if test.p_value >= LEVEL or not rates:
        return []
    best = max(range(len(rates)), key=lambda k: (rates[k].rate, -k))
    worst = min(range(len(rates)), key=lambda k: (rates[k].rate, k))
    return [
        f"{arm.name}: {what} do not win evenly (chi-square {test.statistic:.1f}, {test.df} df, "
        f"p = {test.p_value:.2g}): {label} {best} wins {rate_text(rates[best])}, "
        f"{label} {worst} {rate_text(rates[worst])}"
    ]


def _differences(comparison: Comparison) -> list[str]:
    measures = (
        ("game length", comparison.length, 1.0, " decisions"),
        ("score spread", comparison.spread, 1.0, ""),
        ("first player's win rate", comparison.first_seat, 100.0, " pp"),
        ("seat imbalance", comparison.imbalance, 100.0, " pp"),
        ("decisive games (a single winner)", comparison.decisive, 100.0, " pp"),
    )
    return [
        f"{comparison.arm} against base: {label} {interval_text(interval, scale, unit)}"
        for label, interval, scale, unit in measures
        if interval.significant
    ]


def _effects(arm: ArmReport) -> list[str]:
    found = [
        (tally, effect)
        for tally, effects in arm.effects.items()
        for effect in effects
        if effect.holm
    ]
    found.sort(key=lambda item: (-abs(item[1].difference.estimate), item[0], item[1].key))
    return [
        f"{arm.name}: seats with '{effect.key}' in their {tally} win "
        f"{effect.present.rate:.1%} against {effect.absent.rate:.1%} without "
        f"({interval_text(effect.difference, 100.0, ' pp')}, p = {effect.p_value:.2g})"
        for tally, effect in found[:TOP_EFFECTS]
    ]
