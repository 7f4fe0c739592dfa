"""Playing a study: every arm, every deal, every seat order, through :func:`noahrules.simulate`
on any :class:`concurrent.futures.Executor`.

The deals are played in blocks of ``study.block``. Block ``b`` is one ``simulate`` run per arm,
player count and table (seat order) with the run seed ``game_seed(study.seed, b)``, so game
``i`` of the block has the same seed, seats and bots under every arm and at every table of a
player count; only the seat that moves first (the table) and the rules (the arm) differ.
Results are the same on any executor and any number of runs at once.

Ctrl-C (or an exception from the ``progress`` callback) stops the study cleanly: the runs under
way end after their current batch of games, and the outcome holds, per player count, every
block that every arm and table finished, flagged as interrupted.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ThreadPoolExecutor,
    wait,
)
from contextlib import contextmanager

from attrs import frozen

from noahrules.game import Game, RulesValue
from noahrules.games import game_named
from noahrules.lab.cluster import runs_for
from noahrules.lab.design import Study
from noahrules.lab.tables import table_game
from noahrules.simulation import GameResult, Report, game_seed, process_pool, simulate

__all__ = ["Outcome", "Played", "block_seed", "play"]

Progress = Callable[[int, int], None]


@frozen
class Played:
    """One game of a study: its deal, its table (the seat that moved first) and its result."""

    deal: int
    table: int
    result: GameResult

    @property
    def players(self) -> int:
        """The game's seats."""
        return len(self.result.scores)


@frozen
class Outcome:
    """What a study played: per cell of the study (arm and player count, in
    ``study.cells`` order), its games by deal and table."""

    study: Study
    games: tuple[tuple[Played, ...], ...]
    deals: tuple[int, ...]
    """Per player count of the study, the deals played under every arm at every table."""
    interrupted: bool
    """Whether the study was stopped before its end."""
    pooled: tuple[int, ...] = ()
    """The seeds of the studies pooled into this one (:func:`noahrules.lab.pool.pool`), in
    order; their deals follow each other."""

    def cell(self, arm: int, players: int) -> tuple[Played, ...]:
        """The games of arm ``arm`` (its index) at ``players`` seats."""
        return self.games[self.study.cells.index((arm, players))]

    def deals_at(self, players: int) -> int:
        """The deals played at ``players`` seats."""
        return self.deals[self.study.players.index(players)]


def block_seed(seed: int, block: int) -> int:
    """The run seed of block ``block`` of a study seeded ``seed``."""
    return game_seed(seed, block)


@frozen
class _Run:
    """One ``simulate`` run: a block of deals under one arm, at one player count and table."""

    block: int
    arm: int
    players: int
    table: int
    deals: int


class _Stopped(Exception):
    """Raised from a run's progress callback once the study is told to stop."""


class _Tracker:
    """Adds up the games done by every run for one progress callback, and stops runs."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total = total
        self.progress = progress
        self.done: dict[_Run, int] = {}
        self.sum = 0
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def callback(self, run: _Run) -> Progress:
        def update(done: int, total: int) -> None:
            if self.stop.is_set():
                raise _Stopped
            with self.lock:
                self.sum += done - self.done.get(run, 0)
                self.done[run] = done
                if self.progress is not None:
                    self.progress(self.sum, self.total)

        return update


def play(
    study: Study,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    runs_at_once: int = 1,
    progress: Progress | None = None,
    partial_on_interrupt: bool = True,
    stop: Callable[[Outcome], bool] | None = None,
) -> Outcome:
    """Play ``study`` and return its outcome.

    The games run on ``executor`` if given (a Dask cluster's ``client.get_executor()``, a
    process pool, ...), else in a process pool of ``workers`` processes made for the study (all
    cores by default; ``workers=1`` plays in this process). ``runs_at_once`` ``simulate`` runs
    share the executor (each keeps a few batches of games in flight: raise it to fill a large
    cluster; a pool made for the study gets at least enough runs to keep every process busy).
    ``progress(done, total)`` counts games. On Ctrl-C the outcome of the whole blocks
    played is returned, flagged ``interrupted``, unless ``partial_on_interrupt`` is false.
    With ``stop``, the blocks are played one after the other, and after each
    ``stop(outcome so far)`` may end the study there (``True``): a study that stops once its
    answers are clear. Errors of the games (a failing bot, bad rules) are raised as
    ``simulate`` raises them.
    """
    game = game_named(study.game)
    if isinstance(runs_at_once, bool) or not isinstance(runs_at_once, int) or runs_at_once < 1:
        raise ValueError(f"runs_at_once must be a whole number of at least 1, got {runs_at_once}")
    rules = tuple(arm.rules(game) for arm in study.arms)
    total = sum(study.games_per_arm(n) for n in study.players) * len(study.arms)
    tracker = _Tracker(total, progress)
    reports: dict[_Run, Report] = {}
    with _local(executor, workers) as (pool, count, size):
        if size > 1:  # a pool of the study's own: enough runs at once to keep it busy
            runs_at_once = max(runs_at_once, runs_for(size))
        tables = tuple(table_game(game, t) for t in range(max(study.players)))

        def one(run: _Run) -> Report:
            return _simulate(study, tables[run.table], rules[run.arm], run, pool, count, tracker)

        if stop is None:
            interrupted = _run_all(_runs(study), one, runs_at_once, tracker, reports)
        else:
            interrupted = _run_blocks(study, one, runs_at_once, tracker, reports, stop)
    if interrupted and not partial_on_interrupt:
        raise KeyboardInterrupt
    return _outcome(study, reports, interrupted)


def _run_blocks(
    study: Study,
    one: Callable[[_Run], Report],
    at_once: int,
    tracker: _Tracker,
    reports: dict[_Run, Report],
    stop: Callable[[Outcome], bool],
) -> bool:
    """Play ``study`` block by block until ``stop`` says so after one; whether it was
    interrupted."""
    blocks: dict[int, list[_Run]] = {}
    for run in _runs(study):
        blocks.setdefault(run.block, []).append(run)
    for block in blocks.values():
        if _run_all(iter(block), one, at_once, tracker, reports):
            return True
        try:
            if stop(_outcome(study, reports, False)):
                break
        except KeyboardInterrupt:
            return True
    return False


def _runs(study: Study) -> Iterator[_Run]:
    """Every run of ``study``, block by block (each player count's blocks side by side)."""
    most = max(study.deals(n) for n in study.players)
    for start in range(0, most, study.block):
        for arm in range(len(study.arms)):
            for players in study.players:
                deals = min(study.block, study.deals(players) - start)
                for table in range(players if deals > 0 else 0):
                    yield _Run(start // study.block, arm, players, table, deals)


def _simulate(
    study: Study,
    game: Game,
    rules: RulesValue,
    run: _Run,
    executor: Executor | None,
    workers: int | None,
    tracker: _Tracker,
) -> Report:
    return simulate(
        game,
        rules,
        run.players,
        study.seating(run.players),
        run.deals,
        block_seed(study.seed, run.block),
        executor,
        workers=workers,
        rotate=True,
        max_decisions=study.max_decisions,
        move_time=study.move_time,
        progress=tracker.callback(run),
    )


def _run_all(
    runs: Iterator[_Run],
    one: Callable[[_Run], Report],
    at_once: int,
    tracker: _Tracker,
    reports: dict[_Run, Report],
) -> bool:
    """Run every run, ``at_once`` at a time, into ``reports``; whether it was interrupted."""
    with ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="noahrules-lab") as threads:
        pending: dict[Future[Report], _Run] = {}
        try:
            for run in runs:
                pending[threads.submit(one, run)] = run
                while len(pending) >= at_once:
                    _collect(pending, reports)
            while pending:
                _collect(pending, reports)
        except KeyboardInterrupt:
            _stop(pending, tracker)
            return True
        except BaseException:
            _stop(pending, tracker)
            raise
    return False


def _collect(pending: dict[Future[Report], _Run], reports: dict[_Run, Report]) -> None:
    """Wait a little for a run to end and keep the reports of those that did."""
    done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
    for future in done:
        reports[pending.pop(future)] = future.result()


def _stop(pending: dict[Future[Report], _Run], tracker: _Tracker) -> None:
    """Tell the runs under way to stop, cancel those not begun and wait for the others."""
    tracker.stop.set()
    for future in pending:
        future.cancel()
    wait(pending)


def _outcome(study: Study, reports: dict[_Run, Report], interrupted: bool) -> Outcome:
    """The games of the blocks that every arm played at every table, per player count."""
    blocks: dict[tuple[int, int], list[_Run]] = {}
    for run in reports:
        blocks.setdefault((run.players, run.block), []).append(run)
    cells = study.cells
    games: list[list[Played]] = [[] for _ in cells]
    deals = dict.fromkeys(study.players, 0)
    for (players, block), runs in sorted(blocks.items()):
        if len(runs) < len(study.arms) * players:
            continue
        for run in runs:
            first = block * study.block
            games[cells.index((run.arm, players))].extend(
                Played(first + result.index, run.table, result) for result in reports[run].results
            )
        deals[players] += runs[0].deals
    ordered = tuple(tuple(sorted(g, key=lambda p: (p.deal, p.table))) for g in games)
    return Outcome(study, ordered, tuple(deals[n] for n in study.players), interrupted)


@contextmanager
def _local(
    executor: Executor | None, workers: int | None
) -> Iterator[tuple[Executor | None, int | None, int]]:
    """The executor to run on, ``simulate``'s ``workers`` and the size of a pool made here:
    the executor given, else a process pool of ``workers`` made for the study (whose processes
    leave Ctrl-C to this one), else this process."""
    if executor is not None:
        yield executor, None, 0
        return
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(f"workers must be a whole number of at least 1, got {workers!r}")
    count = workers or os.cpu_count() or 1
    if count == 1:
        yield None, 1, 0
        return
    pool = process_pool(count)
    try:
        yield pool, None, count
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
