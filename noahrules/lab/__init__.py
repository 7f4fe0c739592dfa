"""The balance lab: compare variants of a game, see the pictures, scale out on a cluster.

A study plays the base rules and each variant (or each value of a swept parameter) on the same
deals, every deal from every seat order, and reports seat balance, differences from the base
with their intervals, the effects of cards and species on winning, game lengths, bot ratings,
sample games and figures::

    from noahrules import lab

    study = lab.Study.design("ferry", ["frog"], games=300, bots=["greedy"])
    report, files = lab.balance(study, "report/")

The figures need matplotlib, the ratings openskill and cluster runs dask distributed: the
``lab`` extra (``pip install 'noahrules[lab]'``). The rest needs only the core.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path

from noahrules.lab.analysis import (
    ArmReport,
    BalanceReport,
    Comparison,
    Effect,
    Length,
    Sample,
    analyse,
)
from noahrules.lab.cluster import Cluster, dask_cluster, runs_for
from noahrules.lab.design import BASE, Arm, Study, parse_setting
from noahrules.lab.extra import LabExtraMissing
from noahrules.lab.ratings import Rating
from noahrules.lab.report import Written, write_report
from noahrules.lab.run import Outcome, Played, play
from noahrules.lab.samples import keep_samples, record_game, record_games
from noahrules.lab.stats import ChiSquare, Interval

__all__ = [
    "BASE",
    "Arm",
    "ArmReport",
    "BalanceReport",
    "ChiSquare",
    "Cluster",
    "Comparison",
    "Effect",
    "Interval",
    "LabExtraMissing",
    "Length",
    "Outcome",
    "Played",
    "Rating",
    "Sample",
    "Study",
    "Written",
    "analyse",
    "balance",
    "dask_cluster",
    "keep_samples",
    "parse_setting",
    "play",
    "record_game",
    "record_games",
    "runs_for",
    "write_report",
]

GAMES_FOLDER = "games"
"""Where a report keeps its sample games."""


def balance(
    study: Study,
    folder: str | os.PathLike[str],
    *,
    keep: int = 3,
    figures: bool = True,
    executor: Executor | None = None,
    workers: int | None = None,
    runs_at_once: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[BalanceReport, Written]:
    """Play ``study``, keep ``keep`` sample games per arm in ``folder/games/``, and write the
    report into ``folder``; the report and its files. ``executor``, ``workers``,
    ``runs_at_once`` and ``progress`` are as for :func:`play`. On Ctrl-C the report of the
    deals played is written, flagged ``interrupted``."""
    outcome = play(
        study,
        executor,
        workers=workers,
        runs_at_once=runs_at_once,
        progress=progress,
    )
    out = Path(folder)
    samples = keep_samples(outcome, out / GAMES_FOLDER, keep, out) if keep > 0 else ()
    report = analyse(outcome, samples)
    return report, write_report(report, out, figures=figures)
