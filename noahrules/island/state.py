"""The island game's state: an immutable value (DESIGN principle 1)."""

from __future__ import annotations

import enum

from attrs import frozen

from noahrules.island.tiles import Rules, Tile

__all__ = ["Phase", "State"]


class Phase(enum.Enum):
    """The decision pending in a state."""

    PLACE_ARK = "place_ark"
    """I7: place your ark (``PlaceArk``)."""
    FLOOD = "flood"
    """I9: place a water tile (``Flood``)."""
    ACT = "act"
    """I12: move the ark (``MoveArk``), rescue a pair (``Rescue``) or stop (``EndTurn``)."""
    OVER = "over"
    """The game is over (I16)."""

    # Members are singletons compared by identity; the identity hash is much faster than
    # Enum's name hash, and phases key the engine's dispatch table.
    __hash__ = object.__hash__


@frozen(cache_hash=True)
class State:
    """A position of the island game. Never changed: :func:`~noahrules.island.apply` returns a
    new one. Spaces are indexes into the per-space tuples (see ``rules.board``)."""

    rules: Rules
    players: int
    first_player: int
    """The seat that placed its ark first and took the first turn (I6)."""
    seat: int
    """The seat to act."""
    phase: Phase
    tiles: tuple[Tile | None, ...]
    """Per space, the animal tile on it, or ``None``."""
    water: frozenset[int]
    """The spaces that are water now: sea, ark spaces and flooded land."""
    arks: tuple[int | None, ...]
    """Per seat, the space of its ark (``None`` before it is placed)."""
    rescued: tuple[tuple[str, ...], ...]
    """Per seat, the species of the animals rescued, one entry per animal, in rescue order."""
    water_left: int
    points: tuple[int, ...]
    """Per seat, starting and flood points so far (animal points come with :func:`scores`)."""
    actions_left: int
    """Actions the seat to act may still take this turn (I12)."""
    covered: tuple[Tile, ...]
    """Tiles covered by water, in the order they were covered (lost, I9)."""
    set_aside: tuple[Tile, ...]
    """Tiles left over at setup, unseen for the whole game (I5)."""
    frontier: tuple[int, ...]
    """The land spaces next to water, ascending: where water may be placed (I9)."""
    face_up: tuple[int, ...]
    """The spaces holding a face-up tile, ascending."""
