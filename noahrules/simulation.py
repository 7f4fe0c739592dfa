"""Many games between bots, on any :class:`concurrent.futures.Executor`, with a report.

Each game's seed is derived from the run's seed and the game's index, and its bots are seeded
from the game's seed, so a run gives the same report whatever executor and worker count it
uses. By default the games run on all cores through a process pool.
"""

from __future__ import annotations

import math
import os
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

import cattrs
from attrs import frozen

from noahrules.bots import BOTS, make_bot
from noahrules.events import Event
from noahrules.game import Game, RulesValue, game_named

__all__ = ["GameResult", "Rate", "Report", "Stats", "simulate"]

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
    by_bot: dict[str, Rate]
    scores: tuple[Stats, ...]
    """Per seat."""
    length: Stats
    """Decisions per game."""
    numbers: dict[str, Stats]
    """Per game-specific total, its distribution over the games."""
    counts: dict[str, dict[str, int]]
    """Game-specific tallies summed over the games."""
    unfinished: int
    results: tuple[GameResult, ...]

    def to_dict(self) -> dict[str, object]:
        """The report as plain data, for JSON."""
        data: dict[str, object] = _PLAIN.unstructure(self)
        return data


def simulate(
    game: str | Game,
    rules: RulesValue,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    workers: int | None = None,
    rotate: bool = True,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Play ``games`` games of ``game`` (a name in :data:`noahrules.GAMES`, or a game's
    declaration) with ``rules`` between ``bots`` (one name per seat) and report.

    With ``rotate`` the bots move one seat on each game, so no bot keeps the seat advantage.
    The games run on ``executor`` if given (any :class:`concurrent.futures.Executor`), else in a
    process pool of ``workers`` processes (all cores by default; ``workers=1`` plays in this
    process). ``progress(done, total)`` is called as games finish. The report is the same for
    the same arguments whatever the executor.
    """
    spec = game_named(game)
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    if games < 1:
        raise ValueError("games must be at least 1")
    unknown = sorted(set(bots) - set(BOTS))
    if unknown:
        raise ValueError(f"unknown bot '{unknown[0]}'; known bots: {', '.join(sorted(BOTS))}")
    tasks = [
        _Task(spec, rules, players, tuple(bots), seed, rotate, max_decisions, range(start, stop))
        for start in range(0, games, _BATCH)
        for stop in [min(games, start + _BATCH)]
    ]
    results: list[GameResult] = []
    for batch in _run(tasks, executor, workers):
        results.extend(batch)
        if progress is not None:
            progress(len(results), games)
    results.sort(key=lambda r: r.index)
    return _report(spec, rules, players, tuple(bots), games, seed, rotate, results)


@frozen
class _Task:
    """A batch of games for one worker."""

    game: Game
    rules: RulesValue
    players: int
    bots: tuple[str, ...]
    seed: int
    rotate: bool
    cap: int
    indexes: range


def _run(
    tasks: list[_Task], executor: Executor | None, workers: int | None
) -> Iterable[list[GameResult]]:
    if executor is not None:
        return executor.map(_play_batch, tasks)
    count = workers or os.cpu_count() or 1
    if count == 1:
        return map(_play_batch, tasks)
    pool = ProcessPoolExecutor(max_workers=count)
    return _closing(pool, pool.map(_play_batch, tasks))


def _closing(
    pool: ProcessPoolExecutor, results: Iterable[list[GameResult]]
) -> Iterator[list[GameResult]]:
    with pool:
        yield from results


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
    players_ = [make_bot(name, game, this_seed + 1 + seat) for seat, name in enumerate(seats)]
    state = game.new_game(task.rules, players=players, seed=this_seed)
    events: list[Event] = []
    decisions = 0
    while not game.is_over(state) and decisions < task.cap:
        seat = game.current_player(state)
        assert seat is not None
        move = players_[seat].choose(game.view(state, seat))
        state, caused = game.step(state, move)
        events.extend(caused)
        decisions += 1
    numbers, counts = game.statistics(events, state) if game.statistics else ({}, {})
    return GameResult(
        index=index,
        seed=this_seed,
        seats=seats,
        scores=tuple(game.scores(state)),
        winners=tuple(game.winners(state)),
        decisions=decisions,
        finished=game.is_over(state),
        numbers=numbers,
        counts=counts,
    )


def _report(
    game: Game,
    rules: RulesValue,
    players: int,
    bots: tuple[str, ...],
    games: int,
    seed: int,
    rotate: bool,
    results: list[GameResult],
) -> Report:
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = dict.fromkeys(bots, 0.0)
    bot_games: Counter[str] = Counter()
    for result in results:
        share = 1 / len(result.winners) if result.winners else 0.0
        for seat in result.winners:
            seat_wins[seat] += share
            bot_wins[result.seats[seat]] += share
        bot_games.update(result.seats)
    counts: dict[str, Counter[str]] = {}
    for result in results:
        for name, tally in result.counts.items():
            counts.setdefault(name, Counter()).update(tally)
    names = sorted({name for r in results for name in r.numbers})
    return Report(
        game=game.name,
        variants=tuple(rules.variants),
        players=players,
        bots=bots,
        games=games,
        seed=seed,
        rotate=rotate,
        by_seat=tuple(Rate.of(w, games) for w in seat_wins),
        by_bot={b: Rate.of(bot_wins[b], bot_games[b]) for b in sorted(bot_games)},
        scores=tuple(Stats.of([r.scores[s] for r in results]) for s in range(players)),
        length=Stats.of([r.decisions for r in results]),
        numbers={n: Stats.of([r.numbers[n] for r in results]) for n in names},
        counts={name: dict(sorted(tally.items())) for name, tally in counts.items()},
        unfinished=sum(not r.finished for r in results),
        results=tuple(results),
    )
