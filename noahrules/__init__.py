"""noahrules: pure-Python rules engines for two board games about Noah's flood.

- :mod:`noahrules.ferry`: the card game "Noah" (2-5 players);
- :mod:`noahrules.island`: the board game "Two by Two" (2-4 players).

Every game module offers the same functions (see :class:`Game`), so bots, simulators and user
interfaces can treat the games alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from noahrules import ferry, island
from noahrules.errors import IllegalMoveError, NoahRulesError, RulesDataError, SetupError
from noahrules.events import Event, events_for
from noahrules.game import Game

__version__ = "0.1.0"

GAMES: Mapping[str, Game] = MappingProxyType({"ferry": ferry, "island": island})
"""The games by name; each value is a module satisfying :class:`Game`."""

from noahrules.simulation import simulate  # noqa: E402  (it plays the games above)

__all__ = [
    "GAMES",
    "Event",
    "Game",
    "IllegalMoveError",
    "NoahRulesError",
    "RulesDataError",
    "SetupError",
    "__version__",
    "events_for",
    "ferry",
    "island",
    "simulate",
]
