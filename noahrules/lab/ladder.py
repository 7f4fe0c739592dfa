"""A rating ladder of bots, and their strength per CPU second (the ``lab`` extra).

:func:`run_ladder` plays a round-robin: every table of ``players`` different bots (every bot
when there are fewer than seats) plays the same deals from every rotation of its seats, so no
bot gains from a deal or a seat. The bots are rated with OpenSkill's Plackett-Luce model over
all the games, in the order deal by deal (:func:`noahrules.lab.ratings.rate_bots`), each
rating with a 95% interval (``mu`` +- 1.96 ``sigma``); beside the ratings, how often each bot
placed ahead of each other one (95% Wilson intervals) and the CPU seconds each spent per
decision with a choice.

:func:`strength_curve` measures a bot's win rate against a fixed opponent (``greedy``) at
budgets of CPU seconds per decision (``bot:time=B``). :func:`draw_ladder` and
:func:`draw_curves` draw them with matplotlib, as PNG or SVG by the file's suffix.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import cattrs
from attrs import frozen

from noahrules.bots import BotLike, bot_factory
from noahrules.game import Game, RulesValue
from noahrules.games import game_named
from noahrules.lab.extra import require
from noahrules.lab.figures import new_figure, save_figure, style
from noahrules.lab.ratings import placings, rate_bots
from noahrules.simulation import (
    DEFAULT_MAX_DECISIONS,
    GameResult,
    Rate,
    cpu_per_decision,
    simulate,
)

__all__ = [
    "Curve",
    "Ladder",
    "Point",
    "Rung",
    "draw_curves",
    "draw_ladder",
    "run_ladder",
    "strength_curve",
    "tables_of",
]

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""
_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})
_SOFTWARE = "noahrules ladder"


@frozen
class Rung:
    """One bot on the ladder: its OpenSkill rating (``mu``, ``sigma``) with a 95% interval,
    its games, and the CPU seconds it spent per decision with a choice (``None`` if it never
    had one)."""

    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    games: int
    cpu: float | None


@frozen
class Ladder:
    """What a ladder showed: its rungs, best rated first, and for each bot how often it placed
    ahead of each other bot in the games both played (``ahead[a][b]``; a tie counts a half)."""

    game: str
    variants: tuple[str, ...]
    players: int
    bots: tuple[str, ...]
    """The bots' canonical specs, in the order given."""
    tables: tuple[tuple[str, ...], ...]
    deals: int
    """Deals per table, each played from every rotation of the table's seats."""
    seed: int
    rungs: tuple[Rung, ...]
    ahead: dict[str, dict[str, Rate]]
    results: tuple[GameResult, ...]
    """Every game, deal by deal, then table by table, then rotation by rotation."""

    def to_dict(self) -> dict[str, object]:
        """The ladder as plain data, for JSON."""
        data: dict[str, object] = _PLAIN.unstructure(self)
        return data

    @property
    def unfinished(self) -> int:
        """Games stopped at the decision cap (left out of the ratings and placings)."""
        return sum(not r.finished for r in self.results)


def tables_of(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """The round-robin's tables: every choice of ``players`` different bots, in the order
    given; with fewer bots than seats, one table of the bots repeated in turn."""
    if len(bots) >= players:
        return tuple(itertools.combinations(bots, players))
    return (tuple(bots[i % len(bots)] for i in range(players)),)


def run_ladder(
    game: str | Game,
    rules: RulesValue,
    bots: Sequence[BotLike],
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    progress: Callable[[int, int], None] | None = None,
) -> Ladder:
    """Play the round-robin of ``bots`` (at least two different ones: names, specs, ...) at
    tables of ``players``, ``games`` games per table (rounded up to whole rotations of the
    seats), and rate them (see the module docstring). The games run as :func:`simulate` runs
    them (``workers``, ``executor``, ``max_decisions``); bad arguments raise
    :class:`ValueError` before any game."""
    spec = game_named(game)
    names = list(dict.fromkeys(bot_factory(bot)[0] for bot in bots))
    if len(names) < 2:
        raise ValueError(f"a ladder needs at least two different bots, got {', '.join(names)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be an integer of at least 1, got {games!r}")
    by_name = {bot_factory(bot)[0]: bot for bot in bots}
    tables = tables_of(names, players)
    deals = math.ceil(games / players)
    total = len(tables) * players * deals
    played: dict[tuple[int, int], list[GameResult]] = {}
    for t, table in enumerate(tables):
        for turn in range(players):
            seating = [by_name[table[(seat - turn) % players]] for seat in range(players)]
            done = len(played) * deals

            def advance(finished: int, _: int, done: int = done) -> None:
                if progress is not None:
                    progress(done + finished, total)

            report = simulate(
                spec,
                rules,
                players,
                seating,
                deals,
                seed,
                executor,
                workers=workers,
                rotate=False,
                max_decisions=max_decisions,
                progress=advance,
            )
            played[t, turn] = list(report.results)
    results = [
        played[t, turn][deal]
        for deal in range(deals)
        for t in range(len(tables))
        for turn in range(players)
    ]
    return Ladder(
        game=spec.name,
        variants=tuple(rules.variants),
        players=players,
        bots=tuple(names),
        tables=tables,
        deals=deals,
        seed=seed,
        rungs=_rungs(results, spec.lower_scores_win),
        ahead=_ahead(names, results, spec.lower_scores_win),
        results=tuple(results),
    )


def _rungs(results: Sequence[GameResult], lower_scores_win: bool) -> tuple[Rung, ...]:
    ratings = rate_bots(results, lower_scores_win)
    cpu = cpu_per_decision(results)
    rungs = [
        Rung(
            name,
            r.mu,
            r.sigma,
            r.mu - Z95 * r.sigma,
            r.mu + Z95 * r.sigma,
            r.games,
            cpu.get(name),
        )
        for name, r in ratings.items()
    ]
    return tuple(sorted(rungs, key=lambda rung: (-rung.mu, rung.bot)))


def _ahead(
    names: Sequence[str], results: Sequence[GameResult], lower_scores_win: bool
) -> dict[str, dict[str, Rate]]:
    wins = {(a, b): 0.0 for a in names for b in names if a != b}
    met = dict.fromkeys(wins, 0)
    for result in results:
        if not result.finished:
            continue
        place = placings(result, lower_scores_win)
        for s, t in itertools.permutations(range(len(result.seats)), 2):
            a, b = result.seats[s], result.seats[t]
            if a == b:
                continue
            met[a, b] += 1
            wins[a, b] += 1.0 if place[s] < place[t] else 0.5 if place[s] == place[t] else 0.0
    return {
        a: {b: Rate.of(wins[a, b], met[a, b]) for b in names if b != a and met[a, b]} for a in names
    }


@frozen
class Point:
    """A bot's win rate against the opponent at one budget, and the CPU seconds it spent per
    decision with a choice."""

    budget: float
    rate: Rate
    cpu: float


@frozen
class Curve:
    """A bot's strength per CPU second: its win rate against ``opponent`` at each budget."""

    game: str
    players: int
    bot: str
    opponent: str
    games: int
    seed: int
    points: tuple[Point, ...]


def strength_curve(
    game: str | Game,
    rules: RulesValue,
    bot: str,
    budgets: Sequence[float],
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    *,
    opponent: str = "greedy",
    workers: int | None = None,
    progress: Callable[[float], None] | None = None,
) -> Curve:
    """The win rate of ``bot`` (a name whose bot takes a ``time`` option) against
    ``opponent`` in every other seat, at each budget of CPU seconds per decision, over
    ``games`` seat-rotated games each; ``progress(budget)`` is called as each budget starts."""
    for budget in budgets:
        bot_factory(f"{bot}:time={budget}")  # every budget checked before any game
    spec = game_named(game)
    points = []
    for budget in budgets:
        if progress is not None:
            progress(budget)
        name = bot_factory(f"{bot}:time={budget}")[0]
        report = simulate(
            spec, rules, players, [name] + [opponent] * (players - 1), games, seed, workers=workers
        )
        points.append(Point(budget, report.by_bot[name], report.cpu_by_bot.get(name, 0.0)))
    return Curve(spec.name, players, bot, opponent, games, seed, tuple(points))


def draw_ladder(ladder: Ladder, path: Path) -> None:
    """Draw the ladder's ratings with their intervals into ``path`` (``.png`` or ``.svg``)."""
    rungs = list(reversed(ladder.rungs))

    def draw(figure: Any) -> None:
        figure.set_size_inches(7, 1.2 + 0.45 * len(rungs))
        ax = figure.subplots()
        ys = range(len(rungs))
        mus = [r.mu for r in rungs]
        errors = [[r.mu - r.low for r in rungs], [r.high - r.mu for r in rungs]]
        ax.errorbar(mus, ys, xerr=errors, fmt="o", color="tab:blue", capsize=3, lw=1)
        ax.set_yticks(list(ys), [_label(r) for r in rungs])
        ax.set_xlabel("OpenSkill rating (Plackett-Luce mu, 95% interval)")
        ax.set_title(
            f"{ladder.game}, {ladder.players} players: {len(ladder.tables)} tables x "
            f"{ladder.deals * ladder.players} games",
            fontsize=10,
        )

    _save(draw, path)


def _label(rung: Rung) -> str:
    cpu = "" if rung.cpu is None else f"\n{rung.cpu * 1000:.1f} ms/decision"
    return rung.bot + cpu


def draw_curves(curves: Sequence[Curve], path: Path) -> None:
    """Draw strength per CPU second: each curve's win rate (95% interval) against the CPU
    seconds per decision its bot spent, on a log scale, into ``path`` (``.png`` or
    ``.svg``); one panel per game."""
    games = list(dict.fromkeys(curve.game for curve in curves))

    def draw(figure: Any) -> None:
        figure.set_size_inches(4.2 * len(games), 3.6)
        axes = figure.subplots(1, len(games), squeeze=False)[0]
        for ax, name in zip(axes, games, strict=True):
            shown = [c for c in curves if c.game == name]
            for curve in shown:
                xs = [p.cpu for p in curve.points]
                ys = [p.rate.rate for p in curve.points]
                errors = [
                    [p.rate.rate - p.rate.low for p in curve.points],
                    [p.rate.high - p.rate.rate for p in curve.points],
                ]
                ax.errorbar(xs, ys, yerr=errors, fmt="o-", capsize=2, lw=1, label=curve.bot)
            first = shown[0]
            ax.axhline(1 / first.players, color="grey", ls="--", lw=0.8)
            ax.set_xscale("log")
            ax.set_ylim(0, 1)
            ax.set_xlabel("CPU seconds per decision")
            ax.set_title(f"{name}, {first.players} players, against {first.opponent}")
            ax.legend(fontsize=8, loc="lower right")
        axes[0].set_ylabel("win rate (ties shared, 95% interval)")

    _save(draw, path)


def _save(draw: Callable[[Any], None], path: Path) -> None:
    matplotlib = require("matplotlib", "the figures need it")
    with matplotlib.rc_context(style(_SOFTWARE)):
        save_figure(new_figure(draw), path, _SOFTWARE, dpi=110)
