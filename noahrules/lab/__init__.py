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
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from functools import partial

import attrs

from noahrules.bots import BotLike
from noahrules.games import game_named
from noahrules.lab.analysis import (
    ArmReport,
    BalanceReport,
    Comparison,
    Length,
    Measures,
    Pairing,
    Power,
    Sample,
    Size,
    Sweep,
    analyse,
)
from noahrules.lab.checks import IdenticalArmsError, Silent, silent_arms
from noahrules.lab.clear import decisions, stopping
from noahrules.lab.cluster import Cluster, dask_cluster, runs_for
from noahrules.lab.design import BASE, Arm, Study, parse_setting
from noahrules.lab.effects import Effect, Tally
from noahrules.lab.extra import LabExtraMissing
from noahrules.lab.findings import Check, Family, Finding
from noahrules.lab.folder import FolderError, prepare, record_manifest
from noahrules.lab.pool import PoolError, pool, read_outcome
from noahrules.lab.ratings import Rating
from noahrules.lab.ready import Ready, ready
from noahrules.lab.report import Written, write_report
from noahrules.lab.run import Outcome, Played, play
from noahrules.lab.samples import keep_samples, record_game, record_games
from noahrules.lab.sequential import MARGINS, Anytime, Stopping, margins_from, undecided
from noahrules.lab.stats import CORRECTIONS, ChiSquare, Difference, Interval

__all__ = [
    "BASE",
    "CORRECTIONS",
    "MARGINS",
    "Anytime",
    "Arm",
    "ArmReport",
    "BalanceReport",
    "Check",
    "ChiSquare",
    "Cluster",
    "Comparison",
    "Difference",
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
    "Pairing",
    "Played",
    "PoolError",
    "Power",
    "Rating",
    "Ready",
    "Sample",
    "Silent",
    "Size",
    "Stopping",
    "Study",
    "Sweep",
    "Tally",
    "Written",
    "analyse",
    "balance",
    "dask_cluster",
    "keep_samples",
    "parse_setting",
    "play",
    "pool",
    "prepare",
    "read_outcome",
    "ready",
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
    folder: str | os.PathLike[str] | Ready,
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
    count_capped: bool = False,
    until_clear: Mapping[str, float] | None = None,
    pooled: Sequence[str | os.PathLike[str]] = (),
) -> tuple[BalanceReport, Written]:
    """Play ``study`` and write its report into ``folder``, with ``keep`` sample games per
    cell in ``folder/games/``, every game in ``folder/games.csv`` and
    ``folder/outcome.jsonl.gz`` (for pooling).

    Before any game: the arms that would play as others are refused and the folder is made
    ready (:func:`~noahrules.lab.ready.ready`, with ``overwrite`` and ``allow_identical``),
    unless ``folder`` is what :func:`~noahrules.lab.ready.ready` made for ``study``. With
    ``check_bots`` the study is played again by those bots, and each finding says whether it
    holds under both. ``correction`` corrects each family of tests (``holm``, ``bonferroni``
    or ``fdr_bh``); ``count_capped`` counts games stopped at the decision cap in the win rates
    (as games nobody won) instead of leaving them out.

    With ``until_clear`` (margins of indifference by measure, over
    :data:`~noahrules.lab.sequential.MARGINS`: ``{}`` for the defaults) the study looks after
    every block and stops once every seat test and difference from the base is decided, with
    anytime-valid tests (:mod:`noahrules.lab.sequential`); the report says when and why.
    With ``pooled`` (folders of finished studies of this study on other seeds) nothing is
    played: their games are pooled (:func:`noahrules.lab.pool.pool`) into one report.

    ``executor``, ``workers``, ``runs_at_once`` and ``progress`` are as for :func:`play`
    (``progress`` counts the check's games too). On Ctrl-C the report of the deals played is
    written, flagged ``interrupted``."""
    if correction not in CORRECTIONS:
        raise ValueError(f"unknown correction {correction!r}; known: {', '.join(CORRECTIONS)}")
    looks = None
    if until_clear is not None:
        looks = _Looks(study, margins_from(until_clear), correction, count_capped)
    checked = study.with_bots(check_bots) if check_bots else None
    if not isinstance(folder, Ready):
        folder = ready(
            study, folder, overwrite=overwrite, allow_identical=allow_identical, pooled=bool(pooled)
        )
    elif folder.study != study:
        raise ValueError("the folder was made ready for another study")
    out, silent = folder.folder, folder.silent
    if pooled:
        outcomes = [("main", pool([read_outcome(f, study) for f in pooled]))]
    else:
        played = partial(play, executor=executor, workers=workers, runs_at_once=runs_at_once)
        outcomes = _play_all(study, checked, looks, played, progress)
    main = outcomes[0][1]
    samples = keep_samples(main, out / GAMES_FOLDER, keep, out) if keep > 0 else ()
    check = outcomes[1][1] if len(outcomes) > 1 else None
    report = analyse(
        main,
        samples,
        correction=correction,
        check=check,
        silent=silent,
        count_capped=count_capped,
        anytime=None if looks is None else looks.anytime,
    )
    if looks is not None:
        report = attrs.evolve(report, stopping=looks.stopping(report))
    warned = _warnings(study)
    if warned:
        report = attrs.evolve(report, notes=(*warned, *report.notes))
    if check is not None and check.interrupted:
        report = attrs.evolve(report, interrupted=True)
    if sum(map(len, samples)) < sum(min(keep, len(games)) for games in main.games) and keep:
        note = "some sample games were not recorded: their bots do not play them the same way again"
        report = attrs.evolve(report, notes=(*report.notes, note))
    files = write_report(report, out, figures=figures, games=outcomes)
    kept = [out / s.file for cell in samples for s in cell]
    record_manifest(out, [*files.paths, *kept])
    return report, files


def _warnings(study: Study) -> tuple[str, ...]:
    """What ``noahrules validate`` warns of in each arm's rules, once per warning."""
    game = game_named(study.game)
    found = [f"{arm.name}: warning: {w}" for arm in study.arms for w in arm.warnings(game)]
    return tuple(dict.fromkeys(found))


def _play_all(
    study: Study,
    checked: Study | None,
    looks: _Looks | None,
    played: Callable[..., Outcome],
    progress: Callable[[int, int], None] | None,
) -> list[tuple[str, Outcome]]:
    """The study played, then its strength check (as many blocks as the study, when it
    stopped once its answers were clear)."""
    studies = [study] + ([checked] if checked is not None else [])
    total = sum(s.games_per_arm(n) for s in studies for n in s.players) * len(study.arms)
    counted = _Counted(total, progress)
    main = played(study, progress=counted.part(), stop=None if looks is None else looks.clear)
    outcomes = [("main", main)]
    if checked is not None and not main.interrupted:
        stop = None if looks is None else looks.as_many()
        outcomes.append(("check", played(checked, progress=counted.part(), stop=stop)))
    return outcomes


class _Looks:
    """The looks of a study that stops once its answers are clear (``until_clear``)."""

    def __init__(
        self, study: Study, margins: Mapping[str, float], correction: str, count_capped: bool
    ) -> None:
        self.study = study
        self.anytime = Anytime({n: study.deals(n) for n in study.players})
        self.margins = margins
        self.correction = correction
        self.count_capped = count_capped
        self.count = 0

    def clear(self, outcome: Outcome) -> bool:
        """Whether every seat test and difference from the base is decided after this block."""
        self.count += 1
        report = analyse(
            outcome,
            correction=self.correction,
            count_capped=self.count_capped,
            anytime=self.anytime,
        )
        return not undecided(decisions(report, self.margins, self.anytime))

    def as_many(self) -> Callable[[Outcome], bool]:
        """A stop after as many blocks as the study looked at."""
        blocks = self.count
        seen = 0

        def stop(_: Outcome) -> bool:
            nonlocal seen
            seen += 1
            return seen >= blocks

        return stop

    def stopping(self, report: BalanceReport) -> Stopping:
        """Why the study stopped, read from its final ``report``."""
        made = decisions(report, self.margins, self.anytime)
        return stopping(self.study, report, made, self.margins, self.count)


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
