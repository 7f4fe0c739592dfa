"""What a bot is: something that picks a legal move from a view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from noahrules.game import Game, Strategy

__all__ = ["Bot", "ViewOf", "moves_to_choose", "standing"]

M = TypeVar("M")
"""A game's move type."""
M_co = TypeVar("M_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class ViewOf(Protocol[M_co]):
    """What every game's view has: its seat and that seat's legal moves."""

    @property
    def seat(self) -> int:
        """The seat the view belongs to."""

    @property
    def legal_moves(self) -> tuple[M_co, ...]:
        """The seat's legal moves: empty unless it is to act."""


class Bot(Protocol[V_contra, M_co]):
    """A player program. It sees only a view (never the state) and returns one of
    ``view.legal_moves``. Bots are seeded: the same seed and the same views give the same
    moves."""

    name: str

    def choose(self, view: V_contra) -> M_co:
        """A legal move for the seat of ``view``, which must be to act."""


def moves_to_choose(view: ViewOf[M]) -> tuple[M, ...]:
    """The view's legal moves; a :class:`ValueError` when its seat is not to act."""
    moves = view.legal_moves
    if not moves:
        raise ValueError(f"seat {view.seat} has no move to make")
    return moves


def standing(
    game: Game, state: object, strategy: Strategy[Any, Any, Any] | None = None
) -> Sequence[float]:
    """Per seat, how well it stands in ``state`` (higher is better): the game's own measure
    (:attr:`Strategy.standing`, or ``strategy``'s), else its scores, negated when lower scores
    win."""
    measure = (strategy or game.strategy).standing
    if measure is not None:
        return measure(state)
    sign = -1.0 if game.lower_scores_win else 1.0
    return [sign * s for s in game.scores(state)]
