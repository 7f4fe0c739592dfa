"""noahrules: pure-Python rules engines for two board games about Noah's flood.

- :mod:`noahrules.ferry`: the card game "Noah" (2-5 players);
- :mod:`noahrules.island`: the board game "Two by Two" (2-4 players).

Each game declares itself once (its ``GAME``, a :class:`GameSpec`); :data:`GAMES` holds the
declarations by name, and every generic layer (serialization, records, simulation, bots, the
command line) finds a game there. Other packages add games with :func:`register_game` or the
entry-point group ``noahrules.games`` (docs/new-game.md: the contract a declaration meets).
"""

from __future__ import annotations

from noahrules import ferry, island
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
