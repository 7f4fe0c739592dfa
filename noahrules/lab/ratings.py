"""Bot ratings from mixed tables, with OpenSkill's Plackett-Luce model (the ``lab`` extra)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from attrs import frozen

from noahrules.lab.extra import require
from noahrules.simulation import GameResult

__all__ = ["Rating", "placings", "rate_bots"]


@frozen
class Rating:
    """A bot's OpenSkill rating: ``mu`` and ``sigma``, and the cautious ``ordinal``
    (mu - 3 sigma) to rank by."""

    mu: float
    sigma: float
    ordinal: float
    games: int


def placings(result: GameResult, lower_scores_win: bool) -> list[int]:
    """Per seat, its place in a finished game (1 the best; equal places for a tie): winners
    first, then by score."""
    keys = [
        (seat not in result.winners, score if lower_scores_win else -score)
        for seat, score in enumerate(result.scores)
    ]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


def rate_bots(results: Sequence[GameResult], lower_scores_win: bool) -> dict[str, Rating]:
    """The ratings of the bots of ``results`` (finished games, in the given order), by name.

    Every game updates the ratings once; a bot in several seats of one game takes the mean of
    its seats' updates. With fewer than two bots there is nothing to compare: no ratings."""
    names = sorted({name for r in results for name in r.seats})
    if len(names) < 2:
        return {}
    models = require("openskill.models", "the ratings of mixed tables need it")
    model = models.PlackettLuce()
    current = {name: (float(model.mu), float(model.sigma)) for name in names}
    games = dict.fromkeys(names, 0)
    for result in results:
        if not result.finished:
            continue
        teams = [[model.rating(*current[name])] for name in result.seats]
        rated = model.rate(teams, ranks=placings(result, lower_scores_win))
        for name in set(result.seats):
            seats = [i for i, n in enumerate(result.seats) if n == name]
            current[name] = (
                statistics.fmean(rated[i][0].mu for i in seats),
                statistics.fmean(rated[i][0].sigma for i in seats),
            )
            games[name] += 1
    return {
        name: Rating(mu, sigma, mu - 3 * sigma, games[name])
        for name, (mu, sigma) in current.items()
    }
