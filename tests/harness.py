"""Random legal play of any game module, shared by the property tests of every game."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import strategies as st

from noahrules import GAMES, ferry, island
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


SETUPS: dict[str, st.SearchStrategy[Setup]] = {
    "ferry": setups(("penalty-limit", "frog", "crocodile", "roommate"), range(2, 6)),
    "island": setups(("advanced-scoring", "small-island"), range(2, 5)),
}
"""Per game: every combination of its packaged variants, every player count it takes."""

every_game = pytest.mark.parametrize("name", sorted(GAMES))
"""Run a test once per game."""


def card_places(state: ferry.State) -> Counter[str]:
    """Where every ferry card is (F28): one count per place it occupies."""
    places: Counter[str] = Counter(c.id for c in state.deck)
    places.update(c.id for hand in state.hands for c in hand)
    places.update(a.card.id for f in state.docks if f is not None for a in f.animals)
    places.update(c.id for c in state.departed)
    places.update(c.id for c in state.removed)
    if state.escapee is not None:
        places[state.escapee.id] += 1
    return places


def tile_places(state: island.State) -> Counter[str]:
    """Every island tile's species, once per place it occupies (I2, I5)."""
    places: Counter[str] = Counter(t.species for t in state.tiles if t is not None)
    places.update(t.species for t in state.covered)
    places.update(t.species for t in state.set_aside)
    for rescued in state.rescued:
        places.update(rescued)
    return places
