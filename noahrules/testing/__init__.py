"""Hypothesis strategies and checks for your own property tests of games built on noahrules.

Needs hypothesis (``pip install "noahrules[test]"``). Every strategy takes a game: its name in
:data:`noahrules.GAMES` or its declaration::

    from hypothesis import given
    from noahrules import ferry
    from noahrules.testing import states

    @given(states(ferry.GAME))
    def test_scores_never_negative(state):
        assert min(ferry.scores(state)) >= 0

Moves are drawn as indexes into ``legal_moves``, so failing examples shrink towards short games
and first moves (:mod:`noahrules.testing.strategies`). :func:`check_hidden_information` checks
that a game's views and events hide what a seat cannot see, on the twins
:func:`hidden_twins` draws; :func:`hidden_information_check` is that check as a ready test
(:mod:`noahrules.testing.hidden`, docs/testing.md).
"""

from __future__ import annotations

from noahrules.testing.hidden import (
    HiddenInformationLeak,
    Twins,
    check_hidden_information,
    hidden_information_check,
    hidden_twins,
)
from noahrules.testing.strategies import (
    DRAWN_MOVES,
    Played,
    games,
    move_sequences,
    played,
    rules,
    states,
)

__all__ = [
    "DRAWN_MOVES",
    "HiddenInformationLeak",
    "Played",
    "Twins",
    "check_hidden_information",
    "games",
    "hidden_information_check",
    "hidden_twins",
    "move_sequences",
    "played",
    "rules",
    "states",
]
