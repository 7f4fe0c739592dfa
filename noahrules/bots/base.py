"""What a bot is: something that picks a legal move from a view."""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["Bot", "moves_to_choose"]


class Bot(Protocol):
    """A player program. It sees only a view (never the state) and returns one of
    ``view.legal_moves``. Bots are seeded: the same seed and the same views give the same moves."""

    name: str

    def choose(self, view: Any) -> Any:
        """A legal move for the seat of ``view``, which must be to act."""


def moves_to_choose(view: Any) -> tuple[Any, ...]:
    """The view's legal moves; a :class:`ValueError` when its seat is not to act."""
    moves: tuple[Any, ...] = view.legal_moves
    if not moves:
        raise ValueError(f"seat {view.seat} has no move to make")
    return moves
