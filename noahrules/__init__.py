"""noahrules: pure-Python rules engines for two board games about Noah's flood.

- :mod:`noahrules.ferry`: the card game "Noah" (2-5 players);
- :mod:`noahrules.island`: the board game "Two by Two" (2-4 players).

Each game declares itself once (its ``GAME``, a :class:`GameSpec`); :data:`GAMES` holds the
declarations by name, and every generic layer (serialization, records, simulation, bots, the
command line) finds a game there. Other packages add games with :func:`register_game` or the
entry-point group ``noahrules.games`` (docs/new-game.md: the contract a declaration meets).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from noahrules.errors import (
    GameSpecError,
    IllegalMoveError,
    NoahRulesError,
    ReplayError,
    RulesDataError,
    SerializationError,
    SetupError,
)
from noahrules.events import Event, events_for
from noahrules.game import Game, GameSpec, Strategy
from noahrules.games import GAMES, game_of, register_game, unregister_game

if TYPE_CHECKING:
    from noahrules import ferry, island
    from noahrules.simulation import simulate

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Event",
    "Game",
    "GameSpec",
    "GameSpecError",
    "IllegalMoveError",
    "NoahRulesError",
    "ReplayError",
    "RulesDataError",
    "SerializationError",
    "SetupError",
    "Strategy",
    "__version__",
    "events_for",
    "ferry",
    "game_of",
    "island",
    "register_game",
    "simulate",
    "unregister_game",
]

_LAZY = {
    "ferry": ("noahrules.ferry", None),
    "island": ("noahrules.island", None),
    "simulate": ("noahrules.simulation", "simulate"),
}
"""Names imported when first used (their module, and the attribute or ``None`` for the module
itself), so that importing the package (for its version, one game or the registry) does not
load both games and the simulator."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'noahrules' has no attribute {name!r}")
    home, attribute = _LAZY[name]
    module = importlib.import_module(home)
    found = module if attribute is None else getattr(module, attribute)
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
