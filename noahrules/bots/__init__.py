"""Bots for any game. Each takes a view and returns a legal move, and is seeded.

A bot is named in four ways wherever the library takes one (:func:`simulate`,
``noahrules play|simulate --bots``, the lab, the server, Gymnasium opponents): by its name in
:data:`BOTS` (``"greedy"``); by the ``"package.module:Name"`` of a class or factory (the plugin
convention); by a class or factory ``factory(game, seed) -> bot`` itself; or by a bot object,
which then plays every seat it is given unseeded. A name may carry options as a *spec*,
``"name:key=value,key=value"`` (``"search:time=0.2"``, ``"mypkg.bots:MyBot:depth=2"``; see
:mod:`noahrules.bots.options`), checked as soon as the bot is named. Installed packages offer
bots through the entry-point group ``noahrules.bots``, and :func:`register_bot` adds one in
code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from importlib.metadata import EntryPoint
from typing import Any, cast

from noahrules.bots.base import Bot, ViewOf
from noahrules.bots.greedy import GreedyBot
from noahrules.bots.options import Option, canonical, checked_options, parse_spec, split_bots
from noahrules.bots.random_bot import RandomBot
from noahrules.bots.search import SearchBot
from noahrules.errors import excerpt
from noahrules.game import Game
from noahrules.registry import Registry

__all__ = [
    "BOTS",
    "ENTRY_POINT_GROUP",
    "Bot",
    "BotFactory",
    "BotLike",
    "GreedyBot",
    "Option",
    "RandomBot",
    "SearchBot",
    "ViewOf",
    "bot_factory",
    "make_bot",
    "register_bot",
    "split_bots",
]

BotFactory = Callable[[Game, int], Bot[ViewOf[object], object]]
"""``factory(game, seed) -> bot`` (a bot class is one); a factory that takes options declares
them in an ``OPTIONS`` mapping (:class:`Option` by name) and is called
``factory(game, seed, **options)``."""
BotLike = str | BotFactory | Bot[ViewOf[object], object]
"""A bot as the library takes one: a name or spec (``"search:time=0.2"``), a
``"module:Name"``, a factory, or a bot object."""
ENTRY_POINT_GROUP = "noahrules.bots"
"""The entry-point group through which installed packages offer bots: each entry names a
factory (``mybot = "mypackage.bots:MyBot"``)."""


def _built_in_bots() -> list[tuple[str, BotFactory]]:
    return [("random", RandomBot), ("greedy", GreedyBot), ("search", SearchBot)]


def _bot_entry(point: EntryPoint) -> tuple[str, BotFactory]:
    _check_name(point.name, TypeError)
    factory: BotFactory = point.load()
    return point.name, factory


def _check_name(name: str, error: type[Exception]) -> None:
    """A bot's name must not hold what a spec separates with (``:``, ``,``, ``=``)."""
    if not name or any(c in name for c in ":,= \t\n"):
        raise error(f"a bot's name holds no ':', ',', '=' or spaces: {excerpt(name)}")


_REGISTRY: Registry[BotFactory] = Registry("bot", ENTRY_POINT_GROUP, _built_in_bots, _bot_entry)
BOTS: Mapping[str, BotFactory] = _REGISTRY
"""Bot factories by name (sorted): ``"greedy"``, ``"random"``, ``"search"`` and those offered
by installed packages or registered."""


def register_bot(name: str, factory: BotFactory) -> None:
    """Offer a bot by name everywhere bots are named (another factory under a taken name is a
    :class:`ValueError`, as is a name holding ``:``, ``,``, ``=`` or spaces)."""
    _check_name(name, ValueError)
    _REGISTRY.register(name, factory)


def bot_factory(bot: BotLike, **options: object) -> tuple[str, BotFactory]:
    """The name and factory a bot stands for (see the module docstring), with its options (from
    a spec string, and ``options``) checked now: the name is the canonical spec
    (``"search:time=0.2"``), the factory ``factory(game, seed) -> bot`` pickles when the bot's
    own factory does. A :class:`ValueError` naming the known bots for a name that is none, and
    naming the option for an unknown option or a bad value."""
    if isinstance(bot, str):
        name, written = parse_spec(bot)
        given: dict[str, object] = dict(written)
        for key, value in options.items():
            if key in given:
                raise ValueError(f"bot spec {excerpt(bot)} and the call both give '{key}'")
            given[key] = value
        if ":" in name:
            if name.partition(":")[0] in BOTS:
                raise ValueError(f"bot spec {excerpt(bot)}: options are written key=value")
            return _with_options(name, bot_factory(_imported(name))[1], given)
        factory = BOTS.get(name)
        if factory is None:
            raise ValueError(
                f"unknown bot {excerpt(name)}; known bots: {', '.join(BOTS)} "
                "(or 'package.module:Name'; options as 'name:key=value,key=value')"
            )
        return _with_options(name, factory, given)
    if isinstance(bot, type) or not callable(getattr(bot, "choose", None)):
        if not callable(bot):
            raise ValueError(f"{bot!r} is neither a bot, a bot's name nor a factory of bots")
        name = str(getattr(bot, "name", getattr(bot, "__name__", repr(bot))))
        return _with_options(name, bot, options)
    player = cast(Bot[ViewOf[object], object], bot)
    name = str(getattr(player, "name", type(player).__name__))
    if options:
        raise ValueError(f"the bot object {name} takes no options (give its name or class)")
    return name, _Same(player)


def _with_options(
    name: str, factory: BotFactory, given: Mapping[str, object]
) -> tuple[str, BotFactory]:
    """The canonical spec and the factory of ``factory`` with the options ``given``, checked
    against those it declares (``OPTIONS``)."""
    declared: Mapping[str, Option] = getattr(factory, "OPTIONS", {})
    values = checked_options(name, declared, given)
    if not values:
        return name, factory
    return canonical(name, values), _Configured(factory, values)


class _Configured:
    """A factory with options: ``factory(game, seed, **options)``; it pickles when the factory
    does."""

    def __init__(self, factory: BotFactory, options: dict[str, Any]) -> None:
        self.factory = factory
        self.options = options

    def __call__(self, game: Game, seed: int) -> Bot[ViewOf[object], object]:
        make: Callable[..., Bot[ViewOf[object], object]] = self.factory
        return make(game, seed, **self.options)


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


def make_bot(bot: BotLike, game: Game, seed: int, **options: object) -> Bot[ViewOf[object], object]:
    """The bot ``bot`` stands for (a name, a spec ``"name:key=value,..."``, a class or factory),
    for ``game``, seeded with ``seed``, with ``options`` besides those of a spec (checked:
    a :class:`ValueError` for an unknown option or a bad value)."""
    return bot_factory(bot, **options)[1](game, seed)
