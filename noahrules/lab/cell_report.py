"""One cell's report (an arm at a player count) from its games and the bootstrap samples of
its deals: the seats, the bots, the lengths, the scores, the game's totals, the deal's effects
and the measures of balance."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from attrs import frozen

from noahrules.game import Game, RulesValue
from noahrules.lab.balance_report import ArmReport, Length, Measures, Sample
from noahrules.lab.deals import DECISIONS, LENGTH_UNITS, Deal, lengths_of
from noahrules.lab.design import Study
from noahrules.lab.effects import dealt_effects, play_tallies, species_of
from noahrules.lab.ratings import rate_bots
from noahrules.lab.run import Played
from noahrules.lab.stats import (
    LEVEL,
    Difference,
    Interval,
    bias_corrected,
    chi_square_even,
    nearest_rank,
    percentile_interval,
    pooled_median,
    ratio_edge,
)
from noahrules.simulation import GameResult, Rate, Stats


@frozen
class CellDeals:
    """One cell's games summed deal by deal, and the bootstrap samples read from them."""

    deals: tuple[Deal, ...]
    """The deals, or groups of consecutive deals (at most
    :data:`~noahrules.lab.analysis.MOST_UNITS`)."""
    count: int
    """The deals played."""
    spread: list[float]
    """The win-rate spread of each resample."""
    medians: dict[str, list[float]]
    """Per length unit, the median of each resample."""


def win_spread(deals: Sequence[Deal], count_capped: bool = False) -> float:
    """The best position's win rate less the worst's, over ``deals``: 0 for even seats, 1 when
    one position always wins (the rates of the finished games, or of all with
    ``count_capped``)."""
    counted = sum(deal.counted(count_capped) for deal in deals)
    if not deals or counted <= 0:
        return 0.0
    totals = _totals([deal.positions for deal in deals], len(deals[0].positions))
    return (max(totals) - min(totals)) / counted


def _totals(rows: Sequence[Sequence[float]], width: int) -> list[float]:
    """The column sums of ``rows`` (``width`` zeros for none)."""
    if not rows:
        return [0.0] * width
    return [float(sum(column)) for column in zip(*rows, strict=True)]


def balance_spread(
    deals: Sequence[Deal], resamples: Sequence[float], count_capped: bool = False
) -> Interval:
    """The win-rate spread of ``deals`` (:func:`win_spread`) corrected for the spread chance
    alone gives, from its bootstrap sample ``resamples``, with an interval that reaches 0
    whenever Pearson's chi-square finds the positions even at 5%
    (:func:`~noahrules.lab.stats.bias_corrected`): 1 less it is the balance score."""
    wins = _totals([d.positions for d in deals], len(deals[0].positions) if deals else 1)
    even = chi_square_even(wins).p_value >= LEVEL
    return bias_corrected(win_spread(deals, count_capped), resamples, even)


def _position(played: Played, seat: int) -> int:
    """A seat's position in the turn order of its game (0 moves first)."""
    return (seat - played.table) % played.players


def arm_report(
    study: Study,
    game: Game,
    rules: RulesValue,
    index: int,
    players: int,
    games: Sequence[Played],
    cell: CellDeals,
    count_capped: bool,
    samples: Sequence[Sample],
) -> ArmReport:
    """The report of the arm ``index`` of ``study`` at ``players``, from its ``games`` and
    ``cell``, its deals and their bootstrap samples; ``samples`` are the games kept of it."""
    arm = study.arms[index]
    deals = cell.deals
    by_position = _totals([d.positions for d in deals], players)
    by_seat = _totals([d.seats for d in deals], players)
    counted = sum(d.counted(count_capped) for d in deals)
    finished = [p for p in games if p.result.finished]
    results = [p.result for p in finished]
    scores: list[list[int]] = [[] for _ in range(players)]
    for played in finished:
        for seat, score in enumerate(played.result.scores):
            scores[_position(played, seat)].append(score)
    positions = tuple(Rate.of(w, counted) for w in by_position)
    positions_test = chi_square_even(by_position)
    lengths = _lengths(results)
    species = species_of(game, rules)
    return ArmReport(
        name=arm.name,
        players=players,
        variants=tuple(rules.variants),
        settings=dict(arm.settings),
        digest=rules.digest,
        games=len(games),
        deals=cell.count,
        unfinished=len(games) - len(finished),
        positions=positions,
        positions_test=positions_test,
        position_edges=_edges(deals, lambda d: d.positions, count_capped),
        seats=tuple(Rate.of(w, counted) for w in by_seat),
        seats_test=chi_square_even(by_seat),
        seat_edges=_edges(deals, lambda d: d.seats, count_capped),
        bots=_bots([p.result for p in games], count_capped),
        ratings=rate_bots(results, game.lower_scores_win),
        length={unit: _length(values, len(games)) for unit, values in lengths.items()},
        lengths={unit: _counted(values) for unit, values in lengths.items()},
        scores=tuple(Stats.of(s) for s in scores),
        score_counts=tuple(_counted(s) for s in scores),
        spread=Stats.of([max(r.scores) - min(r.scores) for r in results]),
        decisive=Rate.of(sum(d.decisive for d in deals), counted),
        drawn=Rate.of(sum(len(r.winners) > 1 for r in results), len(results)),
        numbers=_numbers(results),
        dealt=dealt_effects(game, rules, games, species),
        played=play_tallies(games, players, species),
        measures=Measures(
            win_spread=balance_spread(deals, cell.spread, count_capped),
            first_seat=_edge(positions[0], players),
            duration={
                unit: percentile_interval(pooled_median([values]), cell.medians.get(unit, []))
                for unit, values in lengths.items()
            },
        ),
        samples=tuple(samples),
    )


def _edges(
    deals: Sequence[Deal], wins: Callable[[Deal], tuple[float, ...]], count_capped: bool
) -> tuple[Difference, ...]:
    """Per position (or seat), its win rate less the mean of all of them, over ``deals``."""
    players = len(wins(deals[0])) if deals else 0
    return tuple(
        ratio_edge([(wins(d)[k] - sum(wins(d)) / players, d.counted(count_capped)) for d in deals])
        for k in range(players)
    )


def _edge(rate: Rate, players: int) -> Interval:
    even = 1 / players
    return Interval(rate.rate - even, rate.low - even, rate.high - even)


def _lengths(results: Sequence[GameResult]) -> dict[str, list[int]]:
    """Per unit, the length of each finished game: decisions, and every unit of
    :data:`LENGTH_UNITS` the game's statistics count in every game."""
    per_game = [lengths_of(r) for r in results]
    units = [DECISIONS] + [u for u in LENGTH_UNITS if per_game and all(u in g for g in per_game)]
    return {unit: [g[unit] for g in per_game] for unit in units}


def _counted(values: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(values).items()))


def _bots(results: Sequence[GameResult], count_capped: bool) -> dict[str, Rate]:
    wins: dict[str, float] = {}
    seats: Counter[str] = Counter()
    for result in results:
        if not (result.finished or count_capped):
            continue
        seats.update(result.seats)
        for seat in result.winners:
            name = result.seats[seat]
            wins[name] = wins.get(name, 0.0) + 1 / len(result.winners)
    names = sorted({name for r in results for name in r.seats})
    return {name: Rate.of(wins.get(name, 0.0), seats[name]) for name in names}


def _length(values: Sequence[int], games: int) -> Length:
    capped = Rate.of(games - len(values), games)
    if not values:
        return Length(0.0, 0.0, 0.0, 0.0, 0.0, capped)
    return Length(
        mean=statistics.fmean(values),
        median=float(statistics.median(values)),
        p90=nearest_rank(values, 0.9),
        minimum=float(min(values)),
        maximum=float(max(values)),
        capped=capped,
    )


def _numbers(results: Sequence[GameResult]) -> dict[str, Stats]:
    names = sorted({name for r in results for name in r.numbers} - set(LENGTH_UNITS))
    return {n: Stats.of([r.numbers[n] for r in results if n in r.numbers]) for n in names}
