"""Board-shaped observations: planes over a game's board, for convolutional policies.

A game played on a board may offer, besides its flat observation, a board-shaped one
(:attr:`Encoding.planes <noahrules.rl.encoding.Encoding.planes>`): a dict of two ``float32``
arrays, a :data:`BoardObservation`,

- ``"board"``, of shape ``(channels, height, width)``: the board's spaces laid out on a
  rectangle of cells, one plane (channel) per thing a space can hold or be, 0 or 1 in each
  cell (0 off the board);
- ``"vector"``, the values that belong to no space (counts, scores, whose turn), each between 0
  and its field's maximum.

Its :class:`Planes` names the channels and the vector's fields (both :class:`Layout` values:
a channel field of shape ``(n,)`` is ``n`` planes) and says which cell each space of the board
takes. Like the flat observation, it is built from one seat's view and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt
from attrs import frozen

from noahrules.rl.layout import Layout

__all__ = ["BOARD", "VECTOR", "BoardObservation", "Planes"]

BoardObservation = dict[str, npt.NDArray[np.float32]]
"""A board-shaped observation: ``{"board": (channels, height, width), "vector": (size,)}``,
both ``float32``."""
BOARD = "board"
"""The key of the planes in a :data:`BoardObservation`."""
VECTOR = "vector"
"""The key of the values that belong to no space in a :data:`BoardObservation`."""


@frozen
class Planes:
    """The layout of a board-shaped observation: its channels, the rectangle of cells and
    where each space lies on it, and its vector."""

    channels: Layout
    """The channels, in order: a field of shape ``(n,)`` is ``n`` consecutive planes."""
    height: int
    width: int
    cells: tuple[tuple[int, int], ...]
    """Per space of the board (by its id), its cell: ``(row, column)`` in the planes."""
    vector: Layout
    """The fields of the ``"vector"`` array."""

    @property
    def shape(self) -> tuple[int, int, int]:
        """The shape of the ``"board"`` array: ``(channels, height, width)``."""
        return (self.channels.size, self.height, self.width)

    def split(self, board: npt.NDArray[np.float32]) -> Mapping[str, npt.NDArray[np.float32]]:
        """The channel fields of a ``"board"`` array by name, each of shape
        ``(n, height, width)`` (a view of it)."""
        if board.shape != self.shape:
            raise ValueError(f"a board of shape {self.shape}, not {board.shape}")
        return {f.name: board[f.start : f.stop] for f in self.channels}

    def at(self, board: npt.NDArray[np.float32], space: int) -> Mapping[str, list[float]]:
        """What the planes of ``board`` hold at the cell of ``space``: per channel field, its
        values there."""
        row, column = self.cells[space]
        return {name: planes[:, row, column].tolist() for name, planes in self.split(board).items()}

    def table(self) -> str:
        """The channels as a Markdown table: channels, name, count, bound, meaning."""
        return self.channels.table().replace(
            "| slice | field | shape |", "| channels | name | count |"
        )
