"""The registry of games: every declaration by name, and what finds a game in it.

:data:`GAMES` holds the declarations (:class:`~noahrules.game.GameSpec`) by name;
serialization, records, simulation, bots, the command line and the testing strategies look
everything up here, never by a game's name. Another package adds a game with
:func:`register_game`, or by announcing its declaration in the entry-point group
``noahrules.games``; a declaration is checked against the contract (:mod:`noahrules.contract`)
before it joins.
"""

from __future__ import annotations

import copyreg
import importlib
from collections.abc import Mapping, Sequence
from importlib.metadata import EntryPoint
from typing import Any

from noahrules.contract import contract_problems
from noahrules.errors import GameSpecError, RulesDataError, excerpt
from noahrules.game import Game, GameSpec, RulesValue
from noahrules.registry import Registry

__all__ = [
    "ENTRY_POINT_GROUP",
    "GAMES",
    "all_games",
    "check_game",
    "game_named",
    "game_of",
    "load_variants",
    "other_games",
    "register_game",
    "unregister_game",
]

ENTRY_POINT_GROUP = "noahrules.games"
"""The entry-point group through which installed packages announce their games: each entry
names a :class:`GameSpec` (``toy = "toygame:GAME"``)."""


_BUILT_IN = ("noahrules.ferry", "noahrules.island")
"""The packages of the games that come with the library (imported when the registry is read)."""


def _built_in_games() -> list[tuple[str, Game]]:
    games = [importlib.import_module(module).GAME for module in _BUILT_IN]
    return [(game.name, game) for game in games]


def _game_entry(point: EntryPoint) -> tuple[str, Game]:
    spec = point.load()
    if not isinstance(spec, GameSpec):
        raise TypeError(f"{type(spec).__name__} is not a GameSpec")
    check_game(spec)
    return spec.name, spec


_REGISTRY: Registry[Game] = Registry("game", ENTRY_POINT_GROUP, _built_in_games, _game_entry)
GAMES: Mapping[str, Game] = _REGISTRY
"""The games by name (sorted), each a :class:`GameSpec`: the ferry and island games and any game
another package registered."""


def register_game(spec: Game) -> None:
    """Add a game to :data:`GAMES` (again registering the same spec is harmless; another spec
    under a taken name is a :class:`ValueError`). A declaration that breaks the GameSpec
    contract is refused with a :class:`~noahrules.errors.GameSpecError` naming every part that
    does (:func:`check_game`)."""
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register_game takes a GameSpec, not {type(spec).__name__}")
    if not (isinstance(spec.name, str) and GAMES.get(spec.name) is spec):
        check_game(spec)
    _REGISTRY.register(spec.name, spec)


def unregister_game(name: str) -> None:
    """Remove the game registered as ``name``, if any (a game of the tests, or one to
    register again after a change)."""
    _REGISTRY.unregister(name)


def check_game(spec: Game) -> None:
    """Raise :class:`~noahrules.errors.GameSpecError` naming every part of ``spec`` that breaks
    the GameSpec contract (:mod:`noahrules.contract`), if any."""
    problems = contract_problems(spec)
    if problems:
        name = spec.name if isinstance(spec.name, str) and len(spec.name) <= 60 else None
        raise GameSpecError(name or excerpt(spec.name), problems)


def all_games() -> tuple[Game, ...]:
    """The registered declarations in name order (what ``GAMES.values()`` gives, without
    building it anew)."""
    return _REGISTRY.sorted_values()


def game_of(value: object) -> Game | None:
    """The registered game whose rules, state or view ``value`` is (``None`` if none)."""
    kind = type(value)
    for game in all_games():
        if kind is game.state_type or kind is game.view_type or kind is game.rules_type:
            return game
    return None


def load_variants(game: Game, variants: Sequence[Any] = ()) -> RulesValue:
    """``game.load_rules(variants)``, where a variant that holds keys of another registered
    game's variants (a ferry variant's ``ferries`` given to the island game) is named as that
    game's in the :class:`~noahrules.errors.RulesDataError`, beside its unknown keys."""
    try:
        rules: RulesValue = game.load_rules(variants)
    except RulesDataError as error:
        raise other_games(error, game) from None
    return rules


def other_games(error: RulesDataError, game: Game) -> RulesDataError:
    """``error`` with each unknown key that another registered game's variants hold named as
    that game's (see :func:`load_variants`)."""
    ours = game.schema.keys if game.schema is not None else frozenset()
    problems = []
    for problem in error.problems:
        key = problem.path.rpartition(".")[2]
        others = [
            other.name
            for other in all_games()
            if other is not game and other.schema is not None and key in other.schema.keys
        ]
        if problem.problem.startswith("unknown key") and key not in ours and others:
            problem = RulesDataError(  # noqa: PLW2901
                problem.file,
                problem.path,
                f"'{key}' is a key of {' and '.join(others)} variants: this looks like a "
                f"{others[0]} variant, not one of the {game.name} game's ({problem.problem})",
                problem.line,
                problem.column,
            )
        problems.append(problem)
    return RulesDataError.of(problems)


def game_named(game: str | Game) -> Game:
    """The game ``game`` names (or ``game`` itself); a :class:`ValueError` listing the known
    games for an unknown name."""
    if isinstance(game, GameSpec):
        return game
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    return spec


def _reduce(spec: Game) -> str | tuple[Any, ...]:
    """A registered declaration pickles by its name, so that it unpickles to the registered
    one (declarations compare by identity); any other pickles whole."""
    if GAMES.get(spec.name) is spec:
        return (game_named, (spec.name,))
    return object.__reduce_ex__(spec, 4)


copyreg.pickle(GameSpec, _reduce)
