"""Whether a study's answers are clear: every seat test and every difference from the base
decided, significant or within its margin (``noahrules balance --until-clear``; the method is
in :mod:`noahrules.lab.sequential`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from noahrules.lab.analysis import BalanceReport
from noahrules.lab.design import BASE, Study
from noahrules.lab.findings import MEASURES, cell_name
from noahrules.lab.sequential import (
    RELATIVE,
    Anytime,
    Candidate,
    Decision,
    Stopping,
    decide,
    undecided,
)
from noahrules.lab.stats import LEVEL, Difference

__all__ = ["candidates", "decisions", "stopping"]

SEATS = "seats"
AGAINST = "against the base"


def decisions(
    report: BalanceReport, margins: Mapping[str, float], anytime: Anytime
) -> list[Decision]:
    """Every seat test and every difference from the base of ``report`` (analysed with
    ``anytime``), each decided or not by the stopping rule
    (:func:`~noahrules.lab.sequential.decide`)."""
    return decide(candidates(report, margins, anytime), report.correction)


def candidates(
    report: BalanceReport, margins: Mapping[str, float], anytime: Anytime
) -> list[Candidate]:
    """The tests the stopping rule decides on, from ``report``: the seat tests (each
    position's or seat's edge within +-the seats' margin) and the differences from the base
    (within their margins, relative ones as parts of the base's value)."""
    several = len(report.players) > 1
    p_values = {(f.family, f.arm, f.players, f.subject): f.p_value for f in report.findings}
    sizes = {kind: sum(f.family == kind for f in report.findings) for kind in (SEATS, AGAINST)}
    found = []
    for arm in report.arms:
        for subject, edges in (("positions", arm.position_edges), ("seat numbers", arm.seat_edges)):
            level = LEVEL / (sizes[SEATS] * len(edges))
            reads = tuple(
                anytime.test(edge.estimate, edge.error, arm.deals, arm.players, level)
                for edge in edges
            )
            found.append(
                Candidate(
                    SEATS,
                    f"{cell_name(arm.name, arm.players, several)}: {subject}",
                    p_values[SEATS, arm.name, arm.players, subject],
                    reads,
                    margins[SEATS],
                )
            )
    for comparison in report.comparisons:
        base = report.arm(BASE, comparison.players)
        scale = {"game length": base.length["decisions"].median, "score spread": base.spread.mean}
        deals = report.arm(comparison.arm, comparison.players).deals
        for label, field, _, _ in MEASURES:
            difference: Difference = getattr(comparison, field)
            read = anytime.test(
                difference.estimate,
                difference.error,
                deals,
                comparison.players,
                LEVEL / sizes[AGAINST],
            )
            found.append(
                Candidate(
                    AGAINST,
                    f"{cell_name(comparison.arm, comparison.players, several)}: {label}",
                    p_values[AGAINST, comparison.arm, comparison.players, label],
                    (read,),
                    margins[label] * (scale[label] if label in RELATIVE else 1.0),
                )
            )
    return found


def stopping(
    study: Study,
    report: BalanceReport,
    made: Sequence[Decision],
    margins: Mapping[str, float],
    looks: int,
) -> Stopping:
    """Why the study stopped after ``looks`` looks, its last ``made`` decisions and what it
    saved."""
    planned = tuple(study.deals(n) for n in study.players)
    played = tuple(size.deals for size in report.sizes)
    left = undecided(made)
    reason = "interrupted" if report.interrupted else "games" if left else "clear"
    saved = sum((p - d) * n for p, d, n in zip(planned, played, study.players, strict=True))
    return Stopping(
        reason=reason,
        looks=looks,
        planned=planned,
        played=played,
        games_saved=saved,
        margins=dict(margins),
        significant=sum(d.significant for d in made),
        within=sum(d.within for d in made),
        undecided=left,
    )
