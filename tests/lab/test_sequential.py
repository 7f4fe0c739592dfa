"""The stopping rule of ``--until-clear``: its boundary worked by hand, its error rate on equal
arms by simulation, and whole studies that stop once their answers are clear."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from noahrules.lab import Study, balance
from noahrules.lab.sequential import (
    ANYTIME,
    MARGINS,
    Anytime,
    Candidate,
    decide,
    margins_from,
    mixture_p,
    radius,
)
from noahrules.lab.stats import LEVEL, adjusted, ratio_difference
from noahrules.simulation import Rate

PLANNED = 250
LOOKS = 10
STUDIES = 400


def test_the_boundary_at_the_planned_deals_by_hand() -> None:
    # At t = t* = 100 and alpha = 0.05: -2 log alpha = 5.991465, rho^2 t = 5.991465 +
    # log 6.991465 = 7.936156; the half-width is sqrt(2 x 8.936156 / (100 x 7.936156) x
    # (log sqrt 8.936156 + log 20)) = sqrt(0.0225201 x 4.090784) = 0.303521 standard deviations,
    # where a fixed 95% interval has 0.196.
    assert radius(100, 100) == pytest.approx(0.303521, abs=2e-6)
    # An estimate on the edge of the sequence has the p-value 5% (z = 10 x 0.303521).
    assert mixture_p(3.03521, 100, 100) == pytest.approx(0.05, rel=1e-4)
    assert mixture_p(1.0, 100, 100) == 1.0  # the mixture is below 1: no evidence
    # Planned for more deals, the sequence is wider at a look before them.
    assert radius(100, 1000) > radius(100, 100)


def _equal_arms(rng: random.Random, deals: int) -> tuple[list[tuple[int, int]], ...]:
    """Per deal of two games, the first player's wins and the decisive games of two arms that
    are equal: half of the arm's games replay the base's (a shared deal), the rest are drawn
    anew from the same chances."""
    first_base, first_arm, decisive_base, decisive_arm = [], [], [], []
    for _ in range(deals):
        won_base = [rng.random() < 0.55 for _ in range(2)]
        won_arm = [w if rng.random() < 0.5 else rng.random() < 0.55 for w in won_base]
        first_base.append((sum(won_base), 2))
        first_arm.append((sum(won_arm), 2))
        decisive_base.append((sum(rng.random() < 0.9 for _ in range(2)), 2))
        decisive_arm.append((sum(rng.random() < 0.9 for _ in range(2)), 2))
    return first_base, first_arm, decisive_base, decisive_arm


def _study(rng: random.Random, anytime: Anytime, naive: bool) -> bool:
    """One study of two equal arms looked at every tenth of its planned deals; whether it
    found a difference (falsely). ``naive`` reads each look's fixed-sample p-values and stops
    at the first significant one; otherwise the stopping rule decides."""
    data = _equal_arms(rng, PLANNED)
    for look in range(1, LOOKS + 1):
        deals = look * PLANNED // LOOKS
        first_base, first_arm, decisive_base, decisive_arm = (d[:deals] for d in data)
        differences = [
            ratio_difference(first_arm, first_base),
            ratio_difference(decisive_arm, decisive_base),
        ]
        if naive:
            p = adjusted([d.p_value or 1.0 for d in differences])
            if min(p) < LEVEL:
                return True
            continue
        made = decide([_candidate(anytime, d, deals) for d in differences])
        if any(d.significant for d in made):
            return True
        if all(d.decided for d in made):
            return False
    return False


def _candidate(anytime: Anytime, difference: object, deals: int) -> Candidate:
    estimate, error = difference.estimate, difference.error  # type: ignore[attr-defined]
    return Candidate(
        "against the base",
        "difference",
        anytime.test(estimate, error, deals, 2).p_value or 1.0,
        (anytime.test(estimate, error, deals, 2, LEVEL / 2),),
        0.1,
    )


def _false_findings(naive: bool) -> Rate:
    rng = random.Random(20261204)
    anytime = Anytime({2: PLANNED})
    return Rate.of(sum(_study(rng, anytime, naive) for _ in range(STUDIES)), STUDIES)


def test_the_stopping_rule_keeps_its_error_rate_on_equal_arms() -> None:
    """400 studies of two equal arms, two differences each, looked at ten times: the stopping
    rule finds a difference in at most 5% of them (the Holm-corrected family error rate),
    within its interval; reading fixed-sample tests at every look finds far more."""
    ruled = _false_findings(naive=False)
    assert ruled.low <= 0.05, ruled
    peeking = _false_findings(naive=True)
    assert peeking.low > 0.05, peeking
    assert peeking.rate > 2 * ruled.rate


def test_a_clear_difference_is_found_and_a_tiny_one_shown_within_its_margin() -> None:
    anytime = Anytime({2: 100})
    reads: Sequence[Candidate] = [
        Candidate("f", "clear", 1e-6, (anytime.test(0.2, 0.02, 100, 2),), 0.05),
        Candidate("f", "tiny", 0.8, (anytime.test(0.001, 0.005, 100, 2),), 0.05),
        Candidate("f", "open", 0.3, (anytime.test(0.03, 0.02, 100, 2),), 0.05),
    ]
    made = decide(reads)
    assert [(d.significant, d.within, d.decided) for d in made] == [
        (True, False, True),
        (False, True, True),
        (False, False, False),
    ]


GENEROUS = {
    "seats": 0.25,
    "first player's win rate": 0.25,
    "win-rate spread": 0.4,
    "decisive games": 0.25,
    "game length": 0.3,
    "score spread": 0.5,
}
"""Margins wide enough for a study of a few dozen deals to decide every test."""


def test_a_study_stops_once_its_answers_are_clear(tmp_path: Path) -> None:
    # 24 water tiles instead of 36 (I3): games 24 decisions shorter, the rest within margins.
    study = Study.design(
        "island", games=400, sweeps={"water_tiles": [24]}, players=[2], block=10, seed=3
    )
    report, files = balance(
        study,
        tmp_path,
        keep=0,
        figures=False,
        workers=1,
        until_clear=GENEROUS,
        check_bots=["random"],
    )
    stopping = report.stopping
    assert stopping is not None and stopping.reason == "clear" and not stopping.undecided
    assert stopping.planned == (200,) and stopping.played[0] < 200
    assert stopping.games_saved == 2 * (200 - stopping.played[0])
    assert stopping.looks == stopping.played[0] // 10
    assert stopping.significant + stopping.within == 9  # 4 seat tests, 5 differences
    length = report.comparisons[0].length
    assert length.method.endswith(ANYTIME) and length.high < 0
    assert all(f.method.endswith(ANYTIME) for f in report.findings)
    assert files.games is not None
    check = [row for row in files.games.read_text("utf-8").splitlines() if row.startswith("check")]
    assert len(check) == 2 * 2 * stopping.played[0]  # the check played as many deals
    text = files.markdown.read_text("utf-8")
    assert "The study looked after every block and stopped: every seat test" in text


def test_a_study_whose_answers_stay_open_plays_all_its_games(tmp_path: Path) -> None:
    study = Study.design("island", games=20, sweeps={"water_tiles": [34]}, players=[2], block=5)
    report, _ = balance(study, tmp_path, keep=0, figures=False, workers=1, until_clear={})
    stopping = report.stopping
    assert stopping is not None and stopping.reason == "games"
    assert stopping.played == stopping.planned == (10,) and stopping.games_saved == 0
    assert stopping.margins == MARGINS and "base: positions" in stopping.undecided
    assert "the planned games were played before every test was decided" in stopping.text


def test_margins_are_checked() -> None:
    assert margins_from({"seats": 0.1})["seats"] == 0.1
    with pytest.raises(ValueError, match="no margin for 'length'"):
        margins_from({"length": 0.1})
    with pytest.raises(ValueError, match="must be a positive number"):
        margins_from({"seats": 0})
