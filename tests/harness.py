"""Random legal play of any game module, for property tests of every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from noahrules.game import Game
from noahrules.rng import Rng

DECISION_BOUND = 10_000
"""Every game in random legal play ends within this many decisions (the longest seen over
12,000 ferry playouts of the longest variant mix was 2,632)."""


def playthrough(
    game: Game, rules: Any, players: int, seed: int, chooser: int
) -> Iterator[tuple[Any, Any, Any]]:
    """Play one game choosing uniformly among the legal moves with a seeded chooser; yield
    ``(state, move, next_state)`` for every decision. Fails if the game outlasts the bound."""
    state = game.new_game(rules, players=players, seed=seed)
    rng = Rng.from_seed(chooser)
    for _ in range(DECISION_BOUND):
        moves = game.legal_moves(state)
        if not moves:
            assert game.is_over(state)
            return
        move, rng = rng.choice(moves)
        after = game.apply(state, move)
        yield state, move, after
        state = after
    raise AssertionError(f"game not over after {DECISION_BOUND} decisions")
