"""One seat order of a study, as a game declaration that :func:`noahrules.simulate` plays.

A deal is played once per seat order: at table ``t`` seat ``t`` moves first (``new_game``'s
public ``first_player``), with the same seed, seats and bots. The declaration of a table is the
game's own, with two wrappers: ``new_game`` starts with that seat, and ``statistics`` adds, per
seat, the game's own tallies counted over that seat's events (an event is a seat's when it has
a ``seat`` field naming it: ferry ``CardPlayed``, island ``PairRescued``). Nothing of the
engines changes; the wrappers only call the game's public functions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
from attrs import frozen

from noahrules.events import Event
from noahrules.game import Game, NewGame, RulesValue, Statistics

__all__ = ["SEAT_MARK", "seat_tallies", "table_game"]

SEAT_MARK = " @ seat "
"""Joins a tally's name and a seat in the counts of a table's game results:
``"plays per card @ seat 2"``."""


@frozen
class _FirstPlayer:
    """A game's ``new_game`` with another seat moving first."""

    new_game: NewGame[RulesValue, object]
    first: int

    def __call__(
        self, rules: RulesValue, players: int, seed: int = 0, first_player: int = 0
    ) -> object:
        return self.new_game(rules, players, seed, (first_player + self.first) % players)


@frozen
class _SeatTallies:
    """A game's ``statistics`` with, besides, its tallies of each seat's own events."""

    statistics: Callable[[Sequence[Event], object], Statistics]
    scores: Callable[[object], tuple[int, ...]]

    def __call__(self, events: Sequence[Event], state: object) -> Statistics:
        numbers, counts = self.statistics(events, state)
        every = dict(counts)
        for seat in range(len(self.scores(state))):
            own = [e for e in events if getattr(e, "seat", None) == seat]
            for name, tally in self.statistics(own, state)[1].items():
                every[f"{name}{SEAT_MARK}{seat}"] = tally
        return numbers, every


def table_game(game: Game, first: int) -> Game:
    """``game``'s declaration for the table where seat ``first`` moves first, with per-seat
    tallies (see the module's docstring)."""
    starts = _FirstPlayer(game.new_game, first)
    if game.statistics is None:
        return attrs.evolve(game, new_game=starts)
    return attrs.evolve(
        game, new_game=starts, statistics=_SeatTallies(game.statistics, game.scores)
    )


def seat_tallies(
    counts: dict[str, dict[str, int]], players: int
) -> dict[str, tuple[dict[str, int], ...]]:
    """The per-seat tallies of a table's game result: per tally name, one tally per seat."""
    found: dict[str, list[dict[str, int]]] = {}
    for key, tally in counts.items():
        name, mark, seat = key.rpartition(SEAT_MARK)
        if mark and seat.isdigit() and int(seat) < players:
            found.setdefault(name, [{} for _ in range(players)])[int(seat)] = tally
    return {name: tuple(found[name]) for name in sorted(found)}
