"""Bots for any game. Each takes a view and returns a legal move, and is seeded.

A bot is named in four ways wherever the library takes one (:func:`simulate`,
``noahrules play|simulate --bots``): by its name in :data:`BOTS` (``"greedy"``); by the
``"package.module:Name"`` of a class or factory (the plugin convention); by a class or factory
``factory(game, seed) -> bot`` itself; or by a bot object, which then plays every seat it is
given unseeded. Installed packages offer bots through the entry-point group
``noahrules.bots``, and :func:`register_bot` adds one in code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from importlib.metadata import EntryPoint
from typing import cast

from noahrules.bots.base import Bot, ViewOf
from noahrules.bots.greedy import GreedyBot
from noahrules.bots.random_bot import RandomBot
from noahrules.bots.search import SearchBot
from noahrules.game import Game
from noahrules.registry import Registry

__all__ = [
    "BOTS",
    "ENTRY_POINT_GROUP",
    "Bot",
    "BotFactory",
    "BotLike",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "ViewOf",
    "bot_factory",
    "make_bot",
    "register_bot",
]

BotFactory = Callable[[Game, int], Bot[ViewOf[object], object]]
"""``factory(game, seed) -> bot`` (a bot class is one)."""
BotLike = str | BotFactory | Bot[ViewOf[object], object]
"""A bot as the library takes one: a name, a ``"module:Name"``, a factory, or a bot object."""
ENTRY_POINT_GROUP = "noahrules.bots"
"""The entry-point group through which installed packages offer bots: each entry names a
factory (``mybot = "mypackage.bots:MyBot"``)."""


def _built_in_bots() -> list[tuple[str, BotFactory]]:
    return [("random", RandomBot), ("greedy", GreedyBot), ("search", SearchBot)]


def _bot_entry(point: EntryPoint) -> tuple[str, BotFactory]:
    factory: BotFactory = point.load()
    return point.name, factory


_REGISTRY: Registry[BotFactory] = Registry("bot", ENTRY_POINT_GROUP, _built_in_bots, _bot_entry)
BOTS: Mapping[str, BotFactory] = _REGISTRY
"""Bot factories by name (sorted): ``"greedy"``, ``"random"``, ``"search"`` and those offered
by installed packages or registered."""


def register_bot(name: str, factory: BotFactory) -> None:
    """Offer a bot by name everywhere bots are named (another factory under a taken name is a
    :class:`ValueError`)."""
    _REGISTRY.register(name, factory)


def bot_factory(bot: BotLike) -> tuple[str, BotFactory]:
    """The name and factory a bot stands for (see the module docstring); a
    :class:`ValueError` naming the known bots for a name that is none."""
    if isinstance(bot, str):
        if ":" in bot:
            return bot, bot_factory(_imported(bot))[1]
        factory = BOTS.get(bot)
        if factory is None:
            raise ValueError(
                f"unknown bot '{bot}'; known bots: {', '.join(BOTS)} (or 'package.module:Name')"
            )
        return bot, factory
    if isinstance(bot, type) or not callable(getattr(bot, "choose", None)):
        if not callable(bot):
            raise ValueError(f"{bot!r} is neither a bot, a bot's name nor a factory of bots")
        return str(getattr(bot, "name", getattr(bot, "__name__", repr(bot)))), bot
    player = cast(Bot[ViewOf[object], object], bot)
    return str(getattr(player, "name", type(player).__name__)), _Same(player)


class _Same:
    """The factory of a bot object: the same object for every game and seat."""

    def __init__(self, bot: Bot[ViewOf[object], object]) -> None:
        self.bot = bot

    def __call__(self, game: Game, seed: int) -> Bot[ViewOf[object], object]:
        return self.bot


def _imported(path: str) -> BotLike:
    module, _, name = path.partition(":")
    try:
        found: object = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ValueError(f"cannot import the bot '{path}': {exc}") from None
    if isinstance(found, str) or (not callable(found) and not hasattr(found, "choose")):
        raise ValueError(f"'{path}' is not a bot, nor a class or factory of bots")
    return found  # type: ignore[return-value]


def make_bot(bot: BotLike, game: Game, seed: int) -> Bot[ViewOf[object], object]:
    """The bot ``bot`` stands for, for ``game``, seeded with ``seed``."""
    return bot_factory(bot)[1](game, seed)
