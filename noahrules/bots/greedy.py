"""The greedy bot: the legal move with the best one-step heuristic score, from the view alone.

A game's declaration may give a heuristic (:attr:`noahrules.game.Strategy.heuristic`) that rates
every legal move of a view; the ferry and island heuristics live in their game packages
(``noahrules.ferry.strategy``, ``noahrules.island.strategy``). For a game without one, the bot
looks one move ahead in one determinization of its view and rates each move by the standing it
leads to (:func:`~noahrules.bots.base.standing`). Ties are broken with its seeded generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic

from noahrules.bots.base import M, Repetitions, ViewOf, moves_to_choose, standing
from noahrules.game import Game, GameSpec
from noahrules.rng import Rng

__all__ = ["GreedyBot", "lookahead_scores"]


class GreedyBot(Generic[M]):
    """Plays the legal move with the highest one-step heuristic score for its game (its
    declared heuristic, else :func:`lookahead_scores`); ties are broken by its seeded
    generator. At a view it chose in before, it plays the best move it has not played there
    (:class:`~noahrules.bots.base.Repetitions`)."""

    name = "greedy"

    def __init__(self, game: GameSpec[Any, Any, M, Any], seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.repetitions: Repetitions[M] = Repetitions(
            game.strategy.position, repeats=game.strategy.repeats
        )

    def choose(self, view: ViewOf[M]) -> M:
        """The best-scoring legal move of ``view`` not played there before (ties broken at
        random)."""
        moves = moves_to_choose(view)
        if len(moves) == 1:
            return moves[0]
        allowed, self.rng = self.repetitions.allowed(view, self.rng)
        move = allowed[0] if len(allowed) == 1 else self._best(view, allowed)
        self.repetitions.note(view, move)
        return move

    def _best(self, view: ViewOf[M], allowed: Sequence[M]) -> M:
        """The best-scoring move of ``allowed``, ties broken at random."""
        heuristic = self.game.strategy.heuristic
        if heuristic is not None:
            values = heuristic(view)
        else:
            values, self.rng = lookahead_scores(self.game, view, self.rng)
        rated = list(zip(view.legal_moves, values, strict=True))
        if len(allowed) < len(rated):
            rated = [(m, v) for m, v in rated if m in allowed]
        best = max(v for _, v in rated)
        top = [m for m, v in rated if v >= best - 1e-9]
        move, self.rng = self.rng.choice(top)
        return move


def lookahead_scores(game: Game, view: ViewOf[object], rng: Rng) -> tuple[Sequence[float], Rng]:
    """Per legal move of ``view``, the view's seat's standing minus the best other seat's,
    after the move in one determinization of the view (any game)."""
    seed, rng = rng.next64()
    state = game.determinize(view, Rng.from_seed(seed))
    values = []
    for move in view.legal_moves:
        after = standing(game, game.apply(state, move))
        others = [v for s, v in enumerate(after) if s != view.seat]
        values.append(after[view.seat] - max(others, default=0.0))
    return values, rng
