"""The random bot: a uniformly random legal move."""

from __future__ import annotations

from typing import Any, Generic

from noahrules.bots.base import M, ViewOf, moves_to_choose
from noahrules.game import GameSpec
from noahrules.rng import Rng

__all__ = ["RandomBot"]


class RandomBot(Generic[M]):
    """Picks uniformly among the view's legal moves, from its own seeded generator."""

    name = "random"

    def __init__(self, game: GameSpec[Any, Any, M, Any], seed: int = 0) -> None:
        self.game = game
        self.rng = Rng.from_seed(seed)

    def choose(self, view: ViewOf[M]) -> M:
        """A uniformly random legal move of ``view``."""
        move, self.rng = self.rng.choice(moves_to_choose(view))
        return move
