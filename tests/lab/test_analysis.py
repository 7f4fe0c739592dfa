"""The analysis of a made-up study whose every number can be worked by hand, and of real
games."""

from __future__ import annotations

import math
import statistics

import pytest

from noahrules.lab import Arm, Outcome, Played, Study, analyse
from noahrules.lab.tables import SEAT_MARK
from noahrules.simulation import GameResult

DEALS = 30


def _game(deal: int, table: int, winner: int, decisions: int) -> Played:
    """Seat ``winner`` wins with 0 penalties (the others 10 and 20) holding cat-1; the others
    played parrot-5."""
    scores = tuple(0 if s == winner else 10 + 10 * ((s - winner) % 3 == 2) for s in range(3))
    counts = {"plays per card": {"cat-1": 1, "parrot-5": 2}}
    for seat in range(3):
        counts[f"plays per card{SEAT_MARK}{seat}"] = (
            {"cat-1": 1} if seat == winner else {"parrot-5": 1}
        )
    result = GameResult(
        index=deal,
        seed=1000 + deal,
        seats=("greedy",) * 3,
        scores=scores,
        winners=(winner,),
        decisions=decisions,
        finished=True,
        numbers={"rounds": 3},
        counts=counts,
    )
    return Played(deal, table, result)


@pytest.fixture(scope="module")
def made_up() -> Outcome:
    """In the base the first player (seat t at table t) always wins; with the frog the second
    does, and games are 20 decisions longer."""
    study = Study(
        game="ferry",
        arms=(Arm("base", ()), Arm("frog", ("frog",))),
        players=3,
        bots=("greedy",) * 3,
        deals=DEALS,
    )
    base = tuple(_game(d, t, t, 100 + d) for d in range(DEALS) for t in range(3))
    frog = tuple(_game(d, t, (t + 1) % 3, 120 + d) for d in range(DEALS) for t in range(3))
    return Outcome(study, (base, frog), DEALS, interrupted=False)


def test_seat_balance_by_hand(made_up: Outcome) -> None:
    report = analyse(made_up)
    base, frog = report.arms
    assert [r.rate for r in base.positions] == [1.0, 0.0, 0.0]
    assert [r.rate for r in frog.positions] == [0.0, 1.0, 0.0]
    # 90 wins at position 0, expected 30 each: (60^2 + 30^2 + 30^2) / 30 = 180
    assert base.positions_test.statistic == pytest.approx(180.0)
    assert base.positions_test.p_value == pytest.approx(math.exp(-90), rel=1e-9)
    # each seat number moves first at one table of each deal: even
    assert [r.wins for r in base.seats] == [30, 30, 30]
    assert base.seats_test.statistic == 0 and base.seats_test.p_value == 1.0


def test_lengths_scores_and_effects_by_hand(made_up: Outcome) -> None:
    base = analyse(made_up).arms[0]
    # 100..129, three times each: median 114.5; the 81st of 90 is 100 + 80 // 3
    assert (base.length.median, base.length.p90) == (114.5, 126.0)
    assert (base.length.minimum, base.length.maximum) == (100, 129)
    assert base.length.capped.wins == 0
    assert base.lengths[0] == (100, 3)
    assert [s.mean for s in base.scores] == [0.0, 10.0, 20.0]
    assert base.score_counts[0] == ((0, 90),)
    assert base.spread.mean == 20.0
    assert base.decisive.rate == 1.0
    assert base.numbers["rounds"].mean == 3
    card = {e.key: e for e in base.effects["plays per card"]}["cat-1"]
    assert (card.present.rate, card.present.games) == (1.0, 90)
    assert (card.absent.rate, card.absent.games) == (0.0, 180)
    assert card.difference.significant and card.holm
    species = {e.key: e for e in base.effects["plays per card by species"]}
    assert set(species) == {"cat", "parrot"}
    assert species["parrot"].difference.estimate == -1.0


def test_differences_from_the_base_by_hand(made_up: Outcome) -> None:
    report = analyse(made_up)
    (frog,) = report.comparisons
    assert frog.arm == "frog"
    lengths = [100 + d for d in range(DEALS) for _ in range(3)]
    half = 1.959964 * math.sqrt(2 * statistics.variance(lengths) / 90)
    assert frog.length.estimate == pytest.approx(20.0)
    assert (frog.length.low, frog.length.high) == pytest.approx((20 - half, 20 + half))
    assert frog.length.significant
    assert frog.first_seat.estimate == -1.0 and frog.first_seat.significant
    # both arms give all wins to one position: the same imbalance, 2/3
    assert frog.imbalance.estimate == 0 and not frog.imbalance.significant
    assert frog.spread.estimate == 0 and not frog.spread.significant
    assert frog.decisive.estimate == 0 and not frog.decisive.significant


def test_findings_name_what_is_significant(made_up: Outcome) -> None:
    findings = analyse(made_up).findings
    assert findings[0].startswith(
        "base: positions (turn order) do not win evenly (chi-square 180.0, 2 df, p = 8.2e-40): "
        "position 0 wins 100.0%"
    )
    assert any(f.startswith("frog against base: game length +20.0 decisions") for f in findings)
    assert any(
        f.startswith("frog against base: first player's win rate -100.0 pp") for f in findings
    )
    assert not any("seat numbers" in f or "imbalance" in f for f in findings)
    assert any("seats with 'cat-1' in their plays per card win 100.0%" in f for f in findings)


def test_a_study_of_real_games_adds_up(ferry_outcome: Outcome, island_outcome: Outcome) -> None:
    for outcome in (ferry_outcome, island_outcome):
        report = analyse(outcome)
        assert [a.name for a in report.arms] == [a.name for a in outcome.study.arms]
        assert len(report.comparisons) == len(report.arms) - 1
        for arm, games in zip(report.arms, outcome.games, strict=True):
            won = sum(1 for p in games if p.result.winners)
            assert sum(r.wins for r in arm.positions) == pytest.approx(won)
            assert sum(r.wins for r in arm.seats) == pytest.approx(won)
            assert sum(n for _, n in arm.lengths) == arm.games == len(games)
            assert all(sum(n for _, n in c) == len(games) for c in arm.score_counts)
            assert arm.length.minimum <= arm.length.median <= arm.length.p90 <= arm.length.maximum
    ferry_report = analyse(ferry_outcome)
    ratings = ferry_report.arms[0].ratings
    assert set(ratings) == {"greedy", "random"}
    assert ratings["greedy"].mu > ratings["random"].mu  # greedy beats random
    assert ferry_report.arms[0].bots["greedy"].games == 24
    assert analyse(island_outcome).arms[0].ratings == {}  # one bot: nothing to rate
    assert "pairs rescued per species" in analyse(island_outcome).arms[0].effects


def test_a_long_study_is_bootstrapped_over_groups_of_deals() -> None:
    """Beyond 1,000 deals the bootstrap draws groups of consecutive deals: the estimate is
    that of all the deals, and the interval still brackets it."""
    deals = 2400
    study = Study(
        game="ferry",
        arms=(Arm("base", ()), Arm("frog", ("frog",))),
        players=3,
        bots=("greedy",) * 3,
        deals=deals,
    )
    base = tuple(_game(d, t, (d + t) % 3, 100) for d in range(deals) for t in range(3))
    frog = tuple(
        _game(d, t, t if d % 2 else (d + t) % 3, 100) for d in range(deals) for t in range(3)
    )
    (comparison,) = analyse(Outcome(study, (base, frog), deals, interrupted=False)).comparisons
    # the base is even; the frog gives position 0 every win of odd deals: shares 2/3, 1/6, 1/6
    assert comparison.imbalance.estimate == pytest.approx(1 / 3)
    assert comparison.imbalance.low < 1 / 3 < comparison.imbalance.high
    assert comparison.imbalance.significant
