"""The balance lab: compare variants of a game, see the pictures, scale out on a cluster.

A study plays the base rules and each variant (or each value of a swept parameter) on the same
deals, every deal from every seat order, at one or several player counts, and reports seat
balance, differences from the base, a ranking of the rule sets, the effects of what the deal
gave each seat, game lengths, bot ratings, one row per game, sample games and figures; every
family of tests is corrected for the number of tests in it (Holm's method by default)::

    from noahrules import lab

    study = lab.Study.design("ferry", ["frog"], games=300, players=[3, 4], bots=["greedy"])
    report, files = lab.balance(study, "report/")

The figures need matplotlib, the ratings openskill and cluster runs dask distributed: the
``lab`` extra (``pip install 'noahrules[lab]'``). The rest needs only the core.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

import attrs

from noahrules.bots import BotLike
from noahrules.lab.analysis import (
    ArmReport,
    BalanceReport,
    Comparison,
    Length,
    Measures,
    Power,
    Sample,
    Size,
    analyse,
)
from noahrules.lab.checks import IdenticalArmsError, Silent, silent_arms
from noahrules.lab.cluster import Cluster, dask_cluster, runs_for
from noahrules.lab.design import BASE, Arm, Study, parse_setting
from noahrules.lab.effects import Effect, Tally
from noahrules.lab.extra import LabExtraMissing
from noahrules.lab.findings import Check, Family, Finding
from noahrules.lab.folder import FolderError, prepare, record_manifest
from noahrules.lab.ratings import Rating
from noahrules.lab.report import Written, write_report
from noahrules.lab.run import Outcome, Played, play
from noahrules.lab.samples import keep_samples, record_game, record_games
from noahrules.lab.stats import CORRECTIONS, ChiSquare, Interval

__all__ = [
    "BASE",
    "CORRECTIONS",
    "Arm",
    "ArmReport",
    "BalanceReport",
    "Check",
    "ChiSquare",
    "Cluster",
    "Comparison",
    "Effect",
    "Family",
    "Finding",
    "FolderError",
    "IdenticalArmsError",
    "Interval",
    "LabExtraMissing",
    "Length",
    "Measures",
    "Outcome",
    "Played",
    "Power",
    "Rating",
    "Sample",
    "Silent",
    "Size",
    "Study",
    "Tally",
    "Written",
    "analyse",
    "balance",
    "dask_cluster",
    "keep_samples",
    "parse_setting",
    "play",
    "prepare",
    "record_game",
    "record_games",
    "record_manifest",
    "runs_for",
    "silent_arms",
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
    correction: str = "holm",
    check_bots: Sequence[BotLike] = (),
    allow_identical: bool = False,
    overwrite: bool = False,
    silent: Sequence[Silent] | None = None,
) -> tuple[BalanceReport, Written]:
    """Play ``study`` and write its report into ``folder``, with ``keep`` sample games per
    cell in ``folder/games/`` and every game in ``folder/games.csv``.

    Before any game: the folder is made ready (:func:`prepare`: a
    :class:`~noahrules.lab.folder.FolderError` if it cannot be written, or holds anything and
    ``overwrite`` is false) and the arms that would play as others are refused
    (:class:`~noahrules.lab.checks.IdenticalArmsError`) unless ``allow_identical``. With
    ``check_bots`` the study is played again by those bots, and each finding says whether it
    holds under both. ``correction`` corrects each family of tests (``holm``, ``bonferroni``
    or ``fdr_bh``). ``executor``, ``workers``, ``runs_at_once`` and ``progress`` are as for
    :func:`play` (``progress`` counts the check's games too). On Ctrl-C the report of the deals
    played is written, flagged ``interrupted``."""
    if correction not in CORRECTIONS:
        raise ValueError(f"unknown correction {correction!r}; known: {', '.join(CORRECTIONS)}")
    checked = study.with_bots(check_bots) if check_bots else None
    out = prepare(folder, overwrite=overwrite)
    silent = silent_arms(study) if silent is None else tuple(silent)
    if silent and not allow_identical:
        raise IdenticalArmsError(silent)
    studies = [("main", study)] + ([("check", checked)] if checked is not None else [])
    total = sum(s.games_per_arm(n) for _, s in studies for n in s.players) * len(study.arms)
    counted = _Counted(total, progress)
    outcomes: list[tuple[str, Outcome]] = []
    for label, planned in studies:
        outcome = play(
            planned,
            executor,
            workers=workers,
            runs_at_once=runs_at_once,
            progress=counted.part(),
        )
        outcomes.append((label, outcome))
        if outcome.interrupted:
            break
    main = outcomes[0][1]
    samples = keep_samples(main, out / GAMES_FOLDER, keep, out) if keep > 0 else ()
    check = outcomes[1][1] if len(outcomes) > 1 else None
    report = analyse(main, samples, correction=correction, check=check, silent=silent)
    if check is not None and check.interrupted:
        report = attrs.evolve(report, interrupted=True)
    if sum(map(len, samples)) < sum(min(keep, len(games)) for games in main.games) and keep:
        note = "some sample games were not recorded: their bots do not play them the same way again"
        report = attrs.evolve(report, notes=(*report.notes, note))
    files = write_report(report, out, figures=figures, games=outcomes)
    kept = [out / s.file for cell in samples for s in cell]
    record_manifest(out, [*files.paths, *kept])
    return report, files


class _Counted:
    """One progress count over several studies played one after the other."""

    def __init__(self, total: int, progress: Callable[[int, int], None] | None) -> None:
        self.total = total
        self.progress = progress
        self.before = 0
        self.last = 0

    def part(self) -> Callable[[int, int], None] | None:
        """The progress callback of the next study."""
        if self.progress is None:
            return None
        self.before += self.last
        self.last = 0
        report = self.progress

        def update(done: int, total: int) -> None:
            self.last = done
            report(self.before + done, self.total)

        return update
