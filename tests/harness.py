"""Random legal play of any game module, shared by the property tests of every game."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from noahrules.game import Game
from noahrules.rng import Rng

DECISION_BOUND = 10_000
"""Every game in random legal play ends within this many decisions. The longest seen: 2,632 over
12,000 ferry playouts with penalty-limit and crocodile; an island game has at most about
four decisions per water tile."""

Setup = tuple[tuple[str, ...], int, int, int]
"""Variants, players, game seed, chooser seed."""

_RULES: dict[tuple[str, tuple[str, ...]], Any] = {}


def setups(variants: Sequence[str], players: range) -> st.SearchStrategy[Setup]:
    """Games to play: any combination of the variants, any player count, any seeds."""
    combinations = [
        c for n in range(len(variants) + 1) for c in itertools.combinations(variants, n)
    ]
    return st.tuples(
        st.sampled_from(combinations),
        st.integers(players.start, players.stop - 1),
        st.integers(0, 2**32),
        st.integers(0, 2**32),
    )


def rules_for(game: Game, variants: tuple[str, ...]) -> Any:
    """The game's rules with these variants, loaded once."""
    key = (game.NAME, variants)
    if key not in _RULES:
        _RULES[key] = game.load_rules(variants)
    return _RULES[key]


def playthrough(game: Game, setup: Setup) -> Iterator[tuple[Any, Any, Any]]:
    """Play one game choosing uniformly among the legal moves with a seeded chooser; yield
    ``(state, move, next_state)`` for every decision. Fails if the game outlasts the bound."""
    variants, players, seed, chooser = setup
    state = game.new_game(rules_for(game, variants), players=players, seed=seed)
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
