"""What every section of a balance report writes alike: an arm's cell by name, and a test's
adjusted p-value with its mark."""

from __future__ import annotations

from noahrules.lab.balance_report import BalanceReport
from noahrules.lab.findings import Finding, cell_name, p_shown


def several_counts(report: BalanceReport) -> bool:
    """Whether the study played at several player counts (then tables show the count)."""
    return len(report.players) > 1


def arm_cell(report: BalanceReport, arm: str, players: int) -> str:
    """The name of an arm's cell, with its player count when the study played several."""
    return cell_name(arm, players, several_counts(report))


def tests_by_subject(report: BalanceReport) -> dict[tuple[str, str, int, str], Finding]:
    """Every finding of ``report`` by family, arm, player count and subject."""
    return {(f.family, f.arm, f.players, f.subject): f for f in report.findings}


def p_marked(finding: Finding | None) -> str:
    """A finding's adjusted p-value, ``*`` marking a significant one (``-`` for none)."""
    if finding is None:
        return "-"
    return p_shown(finding.p_adjusted) + (" *" if finding.significant else "")
