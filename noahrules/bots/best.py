"""The best bot: the strongest play of each game per CPU second.

It is the search bot (:mod:`noahrules.bots.search`) with what pays in each game:

- the game's stronger parts for search, :attr:`Strategy.best <noahrules.game.Strategy.best>`
  (heavier rollouts, another horizon or standing, a :attr:`~noahrules.game.Strategy.share` of
  the budget per decision, sequential halving at the root by
  :attr:`~noahrules.game.Strategy.halving`), where the game declares them;
- progressive bias at the root: the greedy heuristic's rating of each move
  (:attr:`~noahrules.game.Strategy.heuristic`, scaled to ``[0, PRIOR]``) is added to its
  UCB1 value as ``bias / (visits + 1)``, and the untried moves are tried best first, so a
  small budget goes to the moves a good player would look at;
- a tree kept from one decision to the next when the seat acts again at once
  (:attr:`~noahrules.bots.search.SearchBot.remembers`), and a decision that stops once the rest
  of its budget could no longer change the move (:attr:`~noahrules.bots.search.SearchBot.settles`).

Its options are the search bot's (``iterations``, ``time``); its default budget is the game's
``Strategy.best.iterations`` (else :data:`DEFAULT_ITERATIONS`) iterations per decision, about a
tenth of a second of CPU, deterministic like the search bot's. Given the same CPU time per
decision it beats the search bot in both games (at 0.12 s, about its default budget: ferry
75%, island 74%; ``docs/bots.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from noahrules.bots.base import M, ViewOf
from noahrules.bots.options import Option
from noahrules.bots.search import SearchBot, budget_options
from noahrules.game import GameSpec, Strategy

__all__ = ["DEFAULT_ITERATIONS", "OPTIONS", "PRIOR", "BestBot"]

DEFAULT_ITERATIONS = 1000
"""The default budget, iterations per decision, of a game that declares none."""
PRIOR = 1.0
"""The weight of the heuristic's progressive bias at the root (values are in [0, 1])."""
OPTIONS = budget_options(f"the game's Strategy.best.iterations, else {DEFAULT_ITERATIONS}")
"""The best bot's options: its budget per decision."""


class BestBot(SearchBot[M]):
    """The search bot with the game's stronger parts and the heuristic's progressive bias at
    the root (see the module docstring)."""

    name = "best"
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS
    default_iterations = DEFAULT_ITERATIONS
    remembers = True
    settles = True

    def __init__(
        self,
        game: GameSpec[Any, Any, M, Any],
        seed: int = 0,
        iterations: int | None = None,
        time: float | None = None,
        *,
        prior: float = PRIOR,
    ) -> None:
        super().__init__(game, seed, iterations, time)
        self.prior = prior

    def _strategy(self, game: GameSpec[Any, Any, M, Any]) -> Strategy[Any, M, Any]:
        return game.strategy.best or game.strategy

    def priors(self, view: ViewOf[M], moves: Sequence[M]) -> dict[M, float] | None:
        """The heuristic's rating of each root move, scaled to ``[0, prior]``."""
        heuristic = self.game.strategy.heuristic
        if heuristic is None or not self.prior:
            return None
        values = heuristic(view)
        low, high = min(values), max(values)
        span = (high - low) or 1.0
        return {m: self.prior * (v - low) / span for m, v in zip(moves, values, strict=True)}
