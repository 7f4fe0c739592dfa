"""The shape every game module has, so that tools can treat all games alike."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Protocol

from noahrules.errors import SetupError
from noahrules.events import Event
from noahrules.rng import Rng

__all__ = ["Game", "check_seat", "check_seating"]


class Game(Protocol):
    """A game module (``noahrules.ferry``, ``noahrules.island``): metadata and pure functions.

    States, moves and rules are each game's own classes; here they are ``Any``.
    """

    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    MAX_DECISIONS: int | None

    def load_rules(self, variants: Sequence[str | os.PathLike[str]] = ()) -> Any:
        """The packaged rules data with the named variants (or YAML paths) applied."""

    def new_game(self, rules: Any, players: int, seed: int = 0, first_player: int = 0) -> Any:
        """A new game: all chance comes from ``seed``."""

    def legal_moves(self, state: Any) -> tuple[Any, ...]:
        """Every legal move, in a stable order; empty exactly when the game is over."""

    def apply(self, state: Any, move: Any) -> Any:
        """The next state; raises ``IllegalMoveError`` naming the rule for an illegal move."""

    def step(self, state: Any, move: Any) -> tuple[Any, tuple[Event, ...]]:
        """Like ``apply``, and also the events the move caused."""

    def current_player(self, state: Any) -> int | None:
        """The seat to act, or ``None`` once the game is over."""

    def view(self, state: Any, seat: int) -> Any:
        """What ``seat`` may know of ``state``: a frozen view with no hidden information."""

    def determinize(self, view: Any, rng: Rng) -> Any:
        """A full state consistent with ``view``, its hidden parts sampled with ``rng``."""

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""

    def scores(self, state: Any) -> tuple[int, ...]:
        """Per seat: penalties (ferry, lower is better) or points (island)."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The winning seats once the game is over; ``()`` before."""


def check_seating(players: int, first_player: int, low: int, high: int, rules: str) -> None:
    """Raise :class:`~noahrules.errors.SetupError` unless ``players`` lies in ``low..high`` and
    ``first_player`` is one of their seats; ``rules`` names the rules that say so."""
    for name, value in (("players", players), ("first_player", first_player)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"{rules}: {name} must be an integer, got {value!r}")
    if not low <= players <= high:
        raise SetupError(f"{rules}: {players} players; this game takes {low} to {high}")
    if not 0 <= first_player < players:
        raise SetupError(f"{rules}: first_player {first_player} is not a seat of {players} players")


def check_seat(seat: int, players: int) -> None:
    """Raise :class:`ValueError` unless ``seat`` is one of ``players`` seats."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat!r} is not one of the {players} seats")
