"""Bots for any game. Each takes a view and returns a legal move, and is seeded.

``BOTS`` maps bot names to factories ``factory(game, seed) -> bot``, where ``game`` is a game's
declaration from :data:`noahrules.GAMES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from noahrules.bots.base import Bot, ViewOf
from noahrules.bots.greedy import GreedyBot
from noahrules.bots.random_bot import RandomBot
from noahrules.bots.search import SearchBot
from noahrules.game import Game

__all__ = ["BOTS", "Bot", "BotFactory", "GreedyBot", "RandomBot", "SearchBot", "ViewOf", "make_bot"]

BotFactory = Callable[[Game, int], Bot[ViewOf[object], object]]
"""``factory(game, seed) -> bot``."""

BOTS: Mapping[str, BotFactory] = MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
)
"""Bot factories by name."""


def make_bot(name: str, game: Game, seed: int) -> Bot[ViewOf[object], object]:
    """The bot called ``name`` for ``game``, seeded with ``seed``."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot '{name}'; known bots: {', '.join(sorted(BOTS))}")
    return factory(game, seed)
