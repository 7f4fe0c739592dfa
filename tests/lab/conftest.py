"""Small studies of both games, played once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from noahrules.lab import Outcome, Study, play


@pytest.fixture(scope="session")
def sweeps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the session's sweep variant files."""
    return tmp_path_factory.mktemp("sweeps")


@pytest.fixture(scope="session")
def ferry_study(sweeps: Path) -> Study:
    """Ferry: the base, the frog and a hand of 7; greedy against random; 4 deals in 2 blocks."""
    return Study.design(
        "ferry",
        ["frog"],
        games=12,
        sweeps={"hand_size": [7]},
        folder=sweeps,
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
