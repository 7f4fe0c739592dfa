"""The table an engine's turn runs by: for each pending decision, its moves, judge and effect.

A state's phase (its pending decision) keys a mapping to :class:`PhaseHandlers`, one table per
engine and the same shape in every engine. ``legal_moves`` asks the phase's ``moves``;
``apply`` takes a move the state listed at once (:func:`noahrules.values.is_listed`), has the
phase's ``verify`` judge any other, and plays it with the phase's ``apply``::

    def legal_moves(state):
        return PHASES[state.table.phase].moves(state)

    def apply(state, move, events):
        phase = PHASES[state.table.phase]
        if not is_listed(state, move):
            phase.verify(state, move)  # raises IllegalMoveError naming the rule and why
        return phase.apply(state, move, events)

A ``verify`` function is the one place that both decides whether a move is legal and says
why not, so the reason given can never disagree with the judgement.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from attrs import frozen

from noahrules.events import Event

__all__ = ["PhaseHandlers"]

S = TypeVar("S")
M = TypeVar("M")


@frozen(weakref_slot=False)
class PhaseHandlers(Generic[S, M]):
    """The functions that play one pending decision of a game whose states are ``S`` and whose
    moves are ``M``."""

    moves: Callable[[S], tuple[M, ...]]
    """The decision's legal moves in a state, in their stable order (empty once the game is
    over); a state may keep them (:func:`noahrules.values.keeping_moves`)."""
    verify: Callable[[S, M], None]
    """Return if the move is legal in the state, else raise
    :class:`~noahrules.errors.IllegalMoveError` with the id of the rule it breaks and how."""
    # Each phase's function takes only the move classes that answer it, hence ``Any``.
    apply: Callable[[S, Any, list[Event] | None], S]
    """The state after a legal move, appending the events it causes to the list, if one is
    given."""
