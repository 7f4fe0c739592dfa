"""Many games between bots, on any :class:`concurrent.futures.Executor`, with a report.

Each game's seed is derived from the run's seed and the game's index, and its bots are seeded
from the game's seed, so a run gives the same report whatever executor and worker count it
uses. By default the games run on all cores through a process pool.
"""

from __future__ import annotations

import math
import os
import signal
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from types import FrameType

import cattrs
from attrs import field, frozen

from noahrules.bots import Bot, BotLike, ViewOf, bot_factory
from noahrules.errors import BotError, SimulationError, excerpt
from noahrules.events import Event
from noahrules.game import Game, RulesValue
from noahrules.games import game_named

__all__ = [
    "GameResult",
    "Rate",
    "Report",
    "Stats",
    "bot_seed",
    "capped_because",
    "cpu_per_decision",
    "process_pool",
    "simulate",
]

DEFAULT_MAX_DECISIONS = 10_000
"""A cap on decisions per game: the ferry game has no bound (F27); a game that reaches the cap
is reported as unfinished."""
_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})
_BATCH = 8
"""Games per task handed to the executor."""


@frozen
class Rate:
    """Wins (ties counted as a share) out of games, with a 95% Wilson score interval."""

    wins: float
    games: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, games: int) -> Rate:
        """The rate of ``wins`` in ``games`` with its interval."""
        if games == 0:
            return cls(wins, 0, 0.0, 0.0, 1.0)
        z = 1.959964
        p = wins / games
        centre = (p + z * z / (2 * games)) / (1 + z * z / games)
        half = (
            z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
        )
        return cls(wins, games, p, max(0.0, centre - half), min(1.0, centre + half))


@frozen
class Stats:
    """Summary of a sample of numbers."""

    mean: float
    stdev: float
    minimum: float
    median: float
    maximum: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Stats:
        """The summary of ``values`` (all zero for none)."""
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0, 0.0)
        stdev = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(
            statistics.fmean(values), stdev, min(values), statistics.median(values), max(values)
        )


@frozen
class GameResult:
    """One game of a run."""

    index: int
    seed: int
    seats: tuple[str, ...]
    """The bot playing each seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """Empty for a game stopped at the decision cap."""
    decisions: int
    finished: bool
    numbers: dict[str, int]
    """Game-specific totals, from the game's declaration (ferry: departures, cards taken back,
    rounds; island: water placed, pairs rescued, animals covered)."""
    counts: dict[str, dict[str, int]]
    """Game-specific tallies (ferry: plays per card; island: pairs rescued per species)."""
    cpu: tuple[float, ...] = field(default=(), eq=False)
    """Per seat, the CPU seconds its bot spent choosing (the thread's CPU clock), over the
    decisions where it had a choice; not compared (it differs from run to run)."""
    choices: tuple[int, ...] = field(default=(), eq=False)
    """Per seat, its decisions with more than one legal move."""


@frozen
class Report:
    """What a run of many games showed."""

    game: str
    variants: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    rotate: bool
    by_seat: tuple[Rate, ...]
    """Per seat, its wins of the finished games (of all with ``count_capped``)."""
    by_bot: dict[str, Rate]
    scores: tuple[Stats, ...]
    """Per seat, over the finished games."""
    length: Stats
    """Decisions per finished game."""
    numbers: dict[str, Stats]
    """Per game-specific total, its distribution over the finished games."""
    counts: dict[str, dict[str, int]]
    """Game-specific tallies summed over the finished games."""
    unfinished: int
    """Games stopped at the decision cap: counted apart."""
    results: tuple[GameResult, ...]
    cpu_by_bot: dict[str, float] = field(factory=dict, eq=False)
    """Per bot, the CPU seconds it spent per decision with a choice (more than one legal move):
    what its strength costs; not compared (it differs from run to run)."""
    count_capped: bool = False
    """Whether the games stopped at the cap count in the win rates (as games nobody won)."""

    def to_dict(self) -> dict[str, object]:
        """The report as plain data, for JSON."""
        data: dict[str, object] = _PLAIN.unstructure(self)
        return data


def capped_because(cap: int) -> str:
    """Why games stop at a decision cap of ``cap``, in words: at the default cap, far beyond
    any game the library's bots play, they looped; below it, the games may be longer."""
    if cap >= DEFAULT_MAX_DECISIONS:
        return "the bots looped"
    return "the bots looped, or the games are longer than the cap"


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed :func:`simulate` gives the bot in ``seat`` of the game seeded ``game_seed``, so
    that a game can be played again exactly."""
    return game_seed + 1 + seat


def simulate(
    game: str | Game,
    rules: RulesValue,
    players: int,
    bots: Sequence[BotLike],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    rotate: bool = True,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    move_time: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    count_capped: bool = False,
) -> Report:
    """Play ``games`` games of ``game`` (a name in :data:`noahrules.GAMES`, or a game's
    declaration) with ``rules`` between ``bots`` (one per seat: a name, a
    ``"package.module:Name"``, a class or factory, or a bot object; see :mod:`noahrules.bots`)
    and report.

    With ``rotate`` the bots move one seat on each game, so no bot keeps the seat advantage.
    The games run on ``executor`` if given (any :class:`concurrent.futures.Executor`), else in a
    process pool of ``workers`` processes (all cores by default; ``workers=1`` plays in this
    process). Games are handed out a few at a time, so memory does not grow with ``games``.
    ``progress(done, total)`` is called as games finish. The report is the same for the same
    arguments whatever the executor. A game stopped at ``max_decisions`` (the bots looped) has
    no winner: it is counted apart (``unfinished``) and left out of the win rates, scores and
    lengths, unless ``count_capped`` counts it in the win rates as a game nobody won.

    A bot that raises, answers with an illegal move or takes more than ``move_time`` seconds over
    a move (interrupted where it runs in a process's main thread, else noticed when it answers)
    stops the run with a :class:`~noahrules.errors.BotError` naming it, its seat, the game and
    the game's seed; a worker process that dies stops it with a
    :class:`~noahrules.errors.SimulationError`; Ctrl-C ends the worker processes at once.
    Bad arguments raise :class:`ValueError`.
    """
    spec = game_named(game)
    _check_arguments(spec, rules, players, bots, games, seed, workers, max_decisions, move_time)
    names = tuple(bot_factory(bot)[0] for bot in bots)  # a ValueError for a bot that is none
    tasks = (
        _Task(
            spec,
            rules,
            players,
            tuple(bots),
            seed,
            rotate,
            max_decisions,
            move_time,
            range(start, min(games, start + _BATCH)),
        )
        for start in range(0, games, _BATCH)
    )
    results: list[GameResult] = []
    for batch in _run(tasks, executor, workers):
        results.extend(batch)
        if progress is not None:
            progress(len(results), games)
    results.sort(key=lambda r: r.index)
    return _report(spec, rules, players, names, games, seed, rotate, results, count_capped)


def _check_arguments(
    game: Game,
    rules: RulesValue,
    players: int,
    bots: Sequence[BotLike],
    games: int,
    seed: int,
    workers: int | None,
    max_decisions: int,
    move_time: float | None,
) -> None:
    for name, value, low in (("games", games, 1), ("max_decisions", max_decisions, 1)):
        if not _whole(value) or value < low:
            raise ValueError(f"{name} must be an integer of at least {low}, got {value!r}")
    if not _whole(seed):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if workers is not None and (not _whole(workers) or workers < 1):
        raise ValueError(f"workers must be an integer of at least 1 (or None), got {workers!r}")
    if move_time is not None and not (isinstance(move_time, int | float) and move_time > 0):
        raise ValueError(f"move_time must be a positive number of seconds, got {move_time!r}")
    if not isinstance(rules, game.rules_type):
        raise ValueError(f"these rules are not rules of the game {game.name}")
    if not _whole(players) or players not in game.seats(rules):
        raise ValueError(f"{game.name} takes {rules.min_players} to {rules.max_players} players")
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@frozen
class _Task:
    """A batch of games for one worker."""

    game: Game
    rules: RulesValue
    players: int
    bots: tuple[BotLike, ...]
    seed: int
    rotate: bool
    cap: int
    move_time: float | None
    indexes: range


def _run(
    tasks: Iterator[_Task], executor: Executor | None, workers: int | None
) -> Iterator[list[GameResult]]:
    if executor is not None:
        return _bounded(executor, tasks, 4, owned=False)
    count = workers or os.cpu_count() or 1
    if count == 1:
        return map(_play_batch, tasks)
    return _bounded(process_pool(count), tasks, 2 * count, owned=True)


def process_pool(count: int) -> ProcessPoolExecutor:
    """A pool of ``count`` processes that leave Ctrl-C to the process that made it, which ends
    them (the pool of :func:`simulate`, and of the balance lab)."""
    return ProcessPoolExecutor(max_workers=count, initializer=_ignore_interrupts)


def _bounded(
    executor: Executor, tasks: Iterator[_Task], most: int, owned: bool
) -> Iterator[list[GameResult]]:
    """The results of ``tasks`` run on ``executor`` with at most ``most`` of them handed out at
    a time. On an interrupt the tasks not begun are cancelled and, in a pool of our own, the
    worker processes are ended at once. A pool of our own is shut down before this returns or
    raises: its manager thread must not still be closing its pipes when the interpreter's exit
    wakes it (a write to a closed pipe, printed as a traceback at exit)."""
    pending: dict[Future[list[GameResult]], _Task] = {}
    try:
        with _HeldInterrupt() as interrupt:
            for task in tasks:
                pending[executor.submit(_play_batch, task)] = task
                while len(pending) >= most:
                    yield from _finished(pending, interrupt)
            while pending:
                yield from _finished(pending, interrupt)
    except BaseException:
        for future in pending:
            future.cancel()
        if owned:
            _end_workers(executor)
        raise
    finally:
        if owned:
            executor.shutdown(wait=True, cancel_futures=True)


class _HeldInterrupt:
    """Ctrl-C held back while an executor's locks may be taken: in the main thread, while the
    default handler is in force, a Ctrl-C is noted and raised as :class:`KeyboardInterrupt` by
    :meth:`check` between two waits for results. A KeyboardInterrupt raised inside
    :func:`concurrent.futures.wait` can leave a future's lock taken, and the executor's thread
    waiting on it forever."""

    def __init__(self) -> None:
        self.pressed = False
        self.previous: Callable[[int, FrameType | None], object] | int | None = None

    def __enter__(self) -> _HeldInterrupt:
        in_main = threading.current_thread() is threading.main_thread()
        if in_main and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.previous = signal.signal(signal.SIGINT, self._press)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def _press(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True

    def check(self) -> None:
        """Raise the Ctrl-C held back, if there was one."""
        if self.pressed:
            raise KeyboardInterrupt


def _finished(
    pending: dict[Future[list[GameResult]], _Task], interrupt: _HeldInterrupt
) -> Iterator[list[GameResult]]:
    done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
    interrupt.check()
    for future in done:
        task = pending.pop(future)
        try:
            yield future.result()
        except BrokenExecutor:
            games = f"{task.indexes.start}-{task.indexes.stop - 1}"
            raise SimulationError(
                f"a worker process ended abruptly (killed, or out of memory?) while playing "
                f"games {games}; no report"
            ) from None


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the process that started them, which ends them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end_workers(executor: Executor) -> None:
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return (seed * 0x9E3779B1 + index * 0x85EBCA77 + 1) % (1 << 63)


def _play_batch(task: _Task) -> list[GameResult]:
    return [_play_one(task, index) for index in task.indexes]


def _play_one(task: _Task, index: int) -> GameResult:
    game, players, bots = task.game, task.players, task.bots
    this_seed = game_seed(task.seed, index)
    shift = index % players if task.rotate else 0
    seats = tuple(bots[(seat - shift) % players] for seat in range(players))
    named = [bot_factory(bot) for bot in seats]
    players_ = [factory(game, bot_seed(this_seed, seat)) for seat, (_, factory) in enumerate(named)]
    state = game.new_game(task.rules, players=players, seed=this_seed)
    events: list[Event] = []
    decisions = 0
    cpu = [0.0] * players
    choices = [0] * players
    while not game.is_over(state) and decisions < task.cap:
        seat = game.current_player(state)
        assert seat is not None
        try:
            view = game.view(state, seat)
            start = time.thread_time()
            move = _ask(players_[seat], view, task.move_time)
            if len(view.legal_moves) > 1:
                cpu[seat] += time.thread_time() - start
                choices[seat] += 1
            state, caused = game.step(state, move)
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}" if not isinstance(exc, _TooSlow) else str(exc)
            raise BotError(named[seat][0], seat, index, this_seed, excerpt(problem)) from None
        events.extend(caused)
        decisions += 1
    numbers, counts = game.statistics(events, state) if game.statistics else ({}, {})
    return GameResult(
        index=index,
        seed=this_seed,
        seats=tuple(name for name, _ in named),
        scores=tuple(game.scores(state)),
        winners=tuple(game.winners(state)),
        decisions=decisions,
        finished=game.is_over(state),
        numbers=numbers,
        counts=counts,
        cpu=tuple(cpu),
        choices=tuple(choices),
    )


class _TooSlow(Exception):
    """A bot over its time for a move."""


def _ask(bot: Bot[ViewOf[object], object], view: object, limit: float | None) -> object:
    """The bot's move for ``view``, within ``limit`` seconds if one is set: interrupted by a
    timer in a process's main thread, else checked once it answers."""
    if limit is None:
        return bot.choose(view)  # type: ignore[arg-type]
    if threading.current_thread() is not threading.main_thread():
        start = time.monotonic()
        move = bot.choose(view)  # type: ignore[arg-type]
        if time.monotonic() - start > limit:
            raise _TooSlow(f"took more than {limit} s over a move")
        return move

    def too_slow(signum: int, frame: object) -> None:
        raise _TooSlow(f"took more than {limit} s over a move")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return bot.choose(view)  # type: ignore[arg-type]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _report(
    game: Game,
    rules: RulesValue,
    players: int,
    bots: tuple[str, ...],
    games: int,
    seed: int,
    rotate: bool,
    results: list[GameResult],
    count_capped: bool,
) -> Report:
    finished = [r for r in results if r.finished]
    counted = results if count_capped else finished
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = dict.fromkeys(bots, 0.0)
    bot_games: Counter[str] = Counter()
    for result in counted:
        share = 1 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            seat_wins[seat] += share
            bot_wins[result.seats[seat]] += share
        bot_games.update(result.seats)
    counts: dict[str, Counter[str]] = {}
    for result in finished:
        for name, tally in result.counts.items():
            counts.setdefault(name, Counter()).update(tally)
    names = sorted({name for r in finished for name in r.numbers})
    return Report(
        game=game.name,
        variants=tuple(rules.variants),
        players=players,
        bots=bots,
        games=games,
        seed=seed,
        rotate=rotate,
        by_seat=tuple(Rate.of(w, len(counted)) for w in seat_wins),
        by_bot={b: Rate.of(bot_wins[b], bot_games[b]) for b in sorted(bot_games)},
        scores=tuple(Stats.of([r.scores[s] for r in finished]) for s in range(players)),
        length=Stats.of([r.decisions for r in finished]),
        numbers={n: Stats.of([r.numbers[n] for r in finished if n in r.numbers]) for n in names},
        counts={name: dict(sorted(tally.items())) for name, tally in counts.items()},
        unfinished=len(results) - len(finished),
        results=tuple(results),
        cpu_by_bot=cpu_per_decision(results),
        count_capped=count_capped,
    )


def cpu_per_decision(results: Sequence[GameResult]) -> dict[str, float]:
    """Per bot of ``results``, the CPU seconds it spent per decision with a choice."""
    seconds: dict[str, float] = {}
    choices: Counter[str] = Counter()
    for result in results:
        for name, spent, made in zip(result.seats, result.cpu, result.choices, strict=False):
            seconds[name] = seconds.get(name, 0.0) + spent
            choices[name] += made
    return {name: seconds[name] / choices[name] for name in sorted(choices) if choices[name]}
