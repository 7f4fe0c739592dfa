"""Hypothesis strategies for your own property tests of games built on noahrules.

Needs hypothesis (``pip install "noahrules[test]"``). Every strategy takes a game name
(``"ferry"`` or ``"island"``)::

    from hypothesis import given
    from noahrules import GAMES
    from noahrules.testing import states

    @given(states("ferry"))
    def test_scores_never_negative(state):
        assert min(GAMES["ferry"].scores(state)) >= 0

Moves are drawn as indexes into ``legal_moves``, so failing examples shrink towards short games
and first moves.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import strategies as st

from noahrules import GAMES
from noahrules.data import known_variants

__all__ = ["games", "move_sequences", "rules", "states"]

_LOADED: dict[tuple[str, tuple[str, ...]], Any] = {}


def _load(game: str, variants: tuple[str, ...]) -> Any:
    """Rules are immutable values: each combination is loaded once."""
    key = (game, variants)
    if key not in _LOADED:
        _LOADED[key] = GAMES[game].load_rules(variants)
    return _LOADED[key]


def rules(game: str) -> st.SearchStrategy[Any]:
    """The game's packaged rules with any combination of its packaged variants."""
    names = known_variants(game)
    combinations = [c for n in range(len(names) + 1) for c in itertools.combinations(names, n)]
    return st.sampled_from(combinations).map(lambda variants: _load(game, variants))


@st.composite
def games(draw: st.DrawFn, game: str) -> Any:
    """New games: any packaged rules, any player count the game takes, any seed and first
    player."""
    module = GAMES[game]
    chosen = draw(rules(game))
    players = draw(st.integers(module.MIN_PLAYERS, module.MAX_PLAYERS))
    seed = draw(st.integers(0, 2**32 - 1))
    first = draw(st.integers(0, players - 1))
    return module.new_game(chosen, players=players, seed=seed, first_player=first)


@st.composite
def _played(draw: st.DrawFn, game: str, max_moves: int) -> tuple[Any, tuple[Any, ...], Any]:
    module = GAMES[game]
    start = draw(games(game))
    state, moves = start, []
    for _ in range(draw(st.integers(0, max_moves))):
        options = module.legal_moves(state)
        if not options:
            break
        move = options[draw(st.integers(0, len(options) - 1))]
        state = module.apply(state, move)
        moves.append(move)
    return start, tuple(moves), state


def move_sequences(
    game: str, max_moves: int = 300
) -> st.SearchStrategy[tuple[Any, tuple[Any, ...]]]:
    """A new game and up to ``max_moves`` legal moves from it (fewer if it ends first)."""
    return _played(game, max_moves).map(lambda played: played[:2])


def states(game: str, max_moves: int = 300) -> st.SearchStrategy[Any]:
    """States reachable in play: where a drawn move sequence leads."""
    return _played(game, max_moves).map(lambda played: played[2])
