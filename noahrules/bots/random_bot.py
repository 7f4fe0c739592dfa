"""The random bot: a uniformly random legal move."""

from __future__ import annotations

from noahrules.bots.base import ViewOf, moves_to_choose
from noahrules.game import Game
from noahrules.rng import Rng

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the view's legal moves, from its own seeded generator."""

    name = "random"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)

    def choose(self, view: ViewOf[object]) -> object:
        """A uniformly random legal move of ``view``."""
        move, self.rng = self.rng.choice(moves_to_choose(view))
        return move
