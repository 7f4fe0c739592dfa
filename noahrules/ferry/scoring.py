"""Scoring of the ferry game: penalties (F22) and winners (F25)."""

from __future__ import annotations

from noahrules.ferry.state import Phase, State

__all__ = ["scores", "winners"]


def scores(state: State) -> tuple[int, ...]:
    """Each seat's penalty so far (lower is better); final once the game is over."""
    return state.penalties


def winners(state: State) -> tuple[int, ...]:
    """The seats with the lowest penalty once the game is over (ties share the win, F25);
    ``()`` while it is still being played."""
    if state.phase is not Phase.OVER:
        return ()
    best = min(state.penalties)
    return tuple(seat for seat, p in enumerate(state.penalties) if p == best)
