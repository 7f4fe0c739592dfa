"""Observations: a view in, a ``float32`` vector out, with a layout of named slices; or, for a
game played on a board, planes over the board.

:func:`observe` encodes any game's view with that game's observer
(:attr:`Encoding.observer <noahrules.rl.encoding.Encoding.observer>`), made once per rules value
and player count (:func:`observer_for`). :func:`observe_planes` encodes it as a board-shaped
observation (:mod:`noahrules.rl.planes`), for the games whose encoding offers one
(:attr:`Encoding.planes <noahrules.rl.encoding.Encoding.planes>`). Both read the view and
nothing else: a view holds exactly what its seat may know (docs/design.md principle 4), so two
states that differ only in what the seat cannot know give it equal observations.
"""

from __future__ import annotations

import functools
from typing import Any

from noahrules.games import game_named
from noahrules.rl.encoding import (
    Observer,
    PlanesObserver,
    encoded_games,
    encoding_for,
    game_of_rules,
    game_of_view,
)
from noahrules.rl.layout import Layout, Observation
from noahrules.rl.planes import BoardObservation, Planes

__all__ = [
    "OBSERVATIONS",
    "check_observation",
    "games_with_planes",
    "layout",
    "observe",
    "observe_planes",
    "observer_for",
    "planes_for",
    "planes_layout",
]

OBSERVATIONS = ("flat", "planes")
"""The kinds of observation an environment offers: ``"flat"``, the ``float32`` vector of
:func:`observe` (every game); ``"planes"``, the board-shaped observation of
:func:`observe_planes` (the games played on a board, :func:`games_with_planes`)."""


def check_observation(observation: object) -> str:
    """``observation`` if it is one of :data:`OBSERVATIONS`, else a :class:`ValueError` naming
    it and them."""
    if not isinstance(observation, str) or observation not in OBSERVATIONS:
        known = ", ".join(f"'{o}'" for o in OBSERVATIONS)
        raise ValueError(f"observation must be one of {known}, not {observation!r}")
    return observation


@functools.lru_cache(maxsize=64)
def observer_for(rules: Any, players: int) -> Observer[Any]:
    """The shared observation encoder of views of games under ``rules`` with ``players``
    seats."""
    _check_players(rules, players)
    return encoding_for(game_of_rules(rules)).observer(rules, players)


def layout(rules: Any, players: int) -> Layout:
    """The layout of the observations of games under ``rules`` with ``players`` seats."""
    return observer_for(rules, players).layout


def observe(view: Any) -> Observation:
    """The observation of ``view`` (any registered game's view), as a new ``float32`` array of
    ``layout(view.rules, view.players).size`` values."""
    game_of_view(view)
    return observer_for(view.rules, view.players)(view)


def games_with_planes() -> list[str]:
    """The names of the registered games whose encoding offers a board-shaped observation,
    sorted."""
    return [g for g in encoded_games() if encoding_for(game_named(g)).planes is not None]


def planes_for(rules: Any, players: int) -> PlanesObserver[Any]:
    """A new board-shaped observation encoder of views of games under ``rules`` with
    ``players`` seats; a :class:`ValueError` for a game that offers none, naming those that
    do."""
    _check_players(rules, players)
    game = game_of_rules(rules)
    make = encoding_for(game).planes
    if make is None:
        offered = ", ".join(games_with_planes()) or "none"
        raise ValueError(
            f"the game '{game.name}' offers no board-shaped observation "
            f"(observation='planes'); games that offer one: {offered}"
        )
    return make(rules, players)


@functools.lru_cache(maxsize=64)
def _shared_planes(rules: Any, players: int) -> PlanesObserver[Any]:
    return planes_for(rules, players)


def planes_layout(rules: Any, players: int) -> Planes:
    """The layout of the board-shaped observations of games under ``rules`` with ``players``
    seats (a :class:`ValueError` for a game that offers none)."""
    return _shared_planes(rules, players).planes


def observe_planes(view: Any) -> BoardObservation:
    """The board-shaped observation of ``view`` (a view of a game that offers one): new
    ``"board"`` and ``"vector"`` arrays, laid out as :func:`planes_layout` says."""
    game_of_view(view)
    return _shared_planes(view.rules, view.players)(view)


def _check_players(rules: Any, players: int) -> None:
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{players} players; these rules take {rules.min_players} to {rules.max_players}"
        )
