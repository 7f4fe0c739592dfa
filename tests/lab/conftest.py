"""Small studies of both games, played once per test session."""

from __future__ import annotations

import pytest

from noahrules.lab import Outcome, Study, play


@pytest.fixture(scope="session")
def ferry_study() -> Study:
    """Ferry: the base, the frog and a hand of 7; greedy against random; 4 deals in 2 blocks."""
    return Study.design(
        "ferry",
        ["frog"],
        games=12,
        sweeps={"hand_size": [7]},
        bots=["greedy", "random"],
        block=2,
        seed=5,
    )


@pytest.fixture(scope="session")
def island_study() -> Study:
    """Island: the base and both packaged variants, greedy bots, 4 deals of 3 players."""
    return Study.design(
        "island", ["advanced-scoring", "small-island"], games=12, bots=["greedy"], seed=2
    )


@pytest.fixture(scope="session")
def ferry_outcome(ferry_study: Study) -> Outcome:
    return play(ferry_study, workers=1)


@pytest.fixture(scope="session")
def island_outcome(island_study: Study) -> Outcome:
    return play(island_study, workers=1)
