"""Bots for both games. Each takes a view and returns a legal move, and is seeded.

``BOTS`` maps bot names to factories ``factory(game, seed) -> bot``, where ``game`` is a game
module from :data:`noahrules.GAMES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from noahrules.bots.base import Bot
from noahrules.bots.greedy import GreedyBot
from noahrules.bots.random_bot import RandomBot
from noahrules.bots.search import SearchBot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "make_bot"]

BOTS: Mapping[str, Callable[[Any, int], Bot]] = MappingProxyType(
    {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
)
"""Bot factories by name."""


def make_bot(name: str, game: Any, seed: int) -> Bot:
    """The bot called ``name`` for ``game``, seeded with ``seed``."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot '{name}'; known bots: {', '.join(sorted(BOTS))}")
    return factory(game, seed)
