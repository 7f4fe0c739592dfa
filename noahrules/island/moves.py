"""The island game's moves: one small frozen class per kind of decision.

A space is its id on the board (see :mod:`noahrules.island.board`).
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["MOVES", "EndTurn", "Flood", "Move", "MoveArk", "PlaceArk", "Rescue"]


@frozen
class Move:
    """The base class of the island game's moves."""


@frozen(cache_hash=True)
class PlaceArk(Move):
    """Place your ark on a free ark space at setup (I7)."""

    space: int


@frozen(cache_hash=True)
class Flood(Move):
    """Place a water tile on a land space next to water (I9)."""

    space: int


@frozen(cache_hash=True)
class MoveArk(Move):
    """Move your ark to a neighbouring free water space (I13)."""

    space: int


@frozen(cache_hash=True)
class Rescue(Move):
    """Rescue the face-up pair on spaces ``first`` and ``second`` (I14).

    ``legal_moves`` lists each pair once with ``first < second``; ``apply`` accepts either order.
    """

    first: int
    second: int


@frozen(cache_hash=True)
class EndTurn(Move):
    """End the turn without using the remaining actions (I12)."""


MOVES: tuple[type[Move], ...] = (
    PlaceArk,
    Flood,
    MoveArk,
    Rescue,
    EndTurn,
)
"""Every move class of the island game."""
