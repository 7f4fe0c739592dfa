"""Random legal play of any game, shared by the property tests of every game.

Games are drawn with :func:`noahrules.testing.played`: every move is drawn by hypothesis, so a
failing game shrinks towards a short one with first moves.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import strategies as st

from noahrules import ferry, island
from noahrules.testing import Played, played

DECISION_BOUND = 10_000
"""Every game in random legal play ends within this many decisions. The longest seen: 2,632 over
12,000 ferry playouts with penalty-limit and crocodile; an island game has at most about
four decisions per water tile."""

BUILT_IN = ("ferry", "island")

PLAYED: dict[str, st.SearchStrategy[Played[Any, Any]]] = {
    name: played(name, None) for name in BUILT_IN
}
"""Per game: whole games of any combination of its packaged variants, any player count."""

every_game = pytest.mark.parametrize("name", BUILT_IN)
"""Run a test once per built-in game."""


def card_places(state: ferry.State) -> Counter[str]:
    """Where every ferry card is (F28): one count per place it occupies."""
    return Counter(c.id for c in state.card_places())


def tile_places(state: island.State) -> Counter[str]:
    """Every island tile's species, once per place it occupies (I2, I5)."""
    places: Counter[str] = Counter(t.species for t in state.tiles if t is not None)
    places.update(t.species for t in state.covered)
    places.update(t.species for t in state.set_aside)
    for rescued in state.rescued:
        places.update(rescued)
    return places


def flood_frontier(state: island.State) -> tuple[int, ...]:
    """I9, recomputed from the board: the land spaces not under water next to water or to an
    ark space (which the rule names, whether or not ark spaces are water, I1), ascending."""
    board = state.rules.board
    return tuple(
        s
        for s in board.of_kind("beach", "jungle")
        if s not in state.water
        and any(n in state.water or board.kind[n] == "ark" for n in board.neighbours[s])
    )
