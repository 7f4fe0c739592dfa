"""Moves of every kind for the island game, legal or not, to probe ``apply``'s refusals."""

from __future__ import annotations

from noahrules.island import EndTurn, Flood, MoveArk, PlaceArk, Rescue, State
from noahrules.rng import Rng


def candidate_moves(state: State, rng: Rng) -> list[object]:
    """A sample of moves of every kind with plausible and absurd spaces. A ``Rescue`` names its
    spaces in ascending order, as ``legal_moves`` does (``apply`` takes either order)."""
    size = len(state.rules.board.kind)
    picks = []
    for _ in range(3):
        space, rng = rng.below(size + 2)
        picks.append(space - 1)
    near = picks[0]
    ark = state.arks[state.seat]
    if ark is not None:
        near, rng = rng.choice(state.rules.board.neighbours[ark])
    a, b, c = picks
    return [
        PlaceArk(a),
        Flood(b),
        MoveArk(near),
        MoveArk(c),
        Rescue(min(a, b), max(a, b)),
        Rescue(min(near, c), max(near, c)),
        Rescue(b, b),
        EndTurn(),
        Flood("x"),  # type: ignore[arg-type]
        "not a move",
    ]
