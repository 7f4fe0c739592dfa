"""A cell's games summed deal by deal: the units that the paired comparisons and the bootstraps
of a study resample.

Every arm plays the same deals, each from every seat order, so the games of one deal under two
arms differ only by the rules: comparing arms deal by deal (paired) takes the luck of the deal
out of their difference. Deals are independent of each other, and so are groups of consecutive
deals (:func:`grouped`), which keeps a bootstrap of a long study to a bounded number of units.

A game stopped at the decision cap has no winner and no length: it counts among a deal's
``games`` and nowhere else, so that it decides no comparison.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from attrs import frozen

from noahrules.lab.run import Played
from noahrules.lab.stats import pooled_median
from noahrules.simulation import GameResult

__all__ = [
    "DECISIONS",
    "LENGTH_UNITS",
    "Deal",
    "deals_of",
    "grouped",
    "lengths_of",
    "median_of",
    "shares",
]

DECISIONS = "decisions"
LENGTH_UNITS = ("turns", "rounds")
"""Per-game totals of a game's statistics that count its length in other units than decisions:
what a turn and a round are is the game's to say (ferry: a turn is one play, F20, and a round
one deal, F25; island: a turn is one flood, I9, and a round every player's turn once)."""


def shares(result: GameResult) -> list[float]:
    """Per seat, its share of the win (tied winners share it)."""
    won = [0.0] * len(result.scores)
    for seat in result.winners:
        won[seat] = 1 / len(result.winners)
    return won


def lengths_of(result: GameResult) -> dict[str, int]:
    """A game's length in decisions and in every unit of :data:`LENGTH_UNITS` it counts."""
    found = {DECISIONS: result.decisions}
    found.update((unit, result.numbers[unit]) for unit in LENGTH_UNITS if unit in result.numbers)
    return found


@frozen
class Deal:
    """What the games of one deal (or of a group of consecutive deals) add up to in one cell."""

    games: int
    finished: int
    """Games that ended (not stopped at the decision cap)."""
    positions: tuple[float, ...]
    """Wins by position in the turn order (0 moves first), ties shared."""
    seats: tuple[float, ...]
    """Wins by seat number."""
    decisive: int
    """Finished games with one winner."""
    spread: float
    """The best score less the worst, summed over the finished games."""
    lengths: Mapping[str, tuple[int, ...]]
    """Per unit (``decisions``, and ``turns`` and ``rounds`` where counted), the lengths of the
    finished games."""

    def counted(self, count_capped: bool) -> int:
        """The games a win rate counts: the finished ones, or all with ``count_capped``."""
        return self.games if count_capped else self.finished


def deals_of(games: Sequence[Played], players: int) -> tuple[Deal, ...]:
    """The games of one cell summed per deal, in deal order."""
    by_deal: dict[int, list[Played]] = {}
    for played in games:
        by_deal.setdefault(played.deal, []).append(played)
    return tuple(_deal(by_deal[d], players) for d in sorted(by_deal))


def _deal(games: Sequence[Played], players: int) -> Deal:
    positions, seats = [0.0] * players, [0.0] * players
    lengths: dict[str, list[int]] = {}
    finished = decisive = 0
    spread = 0.0
    for played in games:
        result = played.result
        if not result.finished:
            continue
        finished += 1
        decisive += len(result.winners) == 1
        spread += max(result.scores) - min(result.scores)
        for seat, share in enumerate(shares(result)):
            positions[(seat - played.table) % players] += share
            seats[seat] += share
        for unit, value in lengths_of(result).items():
            lengths.setdefault(unit, []).append(value)
    return Deal(
        len(games),
        finished,
        tuple(positions),
        tuple(seats),
        decisive,
        spread,
        {unit: tuple(values) for unit, values in lengths.items()},
    )


def median_of(unit: str) -> Callable[[Sequence[Deal]], float]:
    """The median length in ``unit`` of the finished games of some deals (0 for none)."""
    return lambda deals: pooled_median([deal.lengths.get(unit, ()) for deal in deals])


def grouped(deals: Sequence[Deal], most: int) -> tuple[Deal, ...]:
    """``deals`` summed into at most ``most`` groups of consecutive deals (as they are when
    there are no more)."""
    if len(deals) <= most:
        return tuple(deals)
    return tuple(
        _sum(deals[g * len(deals) // most : (g + 1) * len(deals) // most]) for g in range(most)
    )


def _sum(deals: Sequence[Deal]) -> Deal:
    units = sorted({unit for deal in deals for unit in deal.lengths})
    return Deal(
        sum(d.games for d in deals),
        sum(d.finished for d in deals),
        tuple(map(sum, zip(*(d.positions for d in deals), strict=True))),
        tuple(map(sum, zip(*(d.seats for d in deals), strict=True))),
        sum(d.decisive for d in deals),
        sum(d.spread for d in deals),
        {unit: tuple(v for d in deals for v in d.lengths.get(unit, ())) for unit in units},
    )
