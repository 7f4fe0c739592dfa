"""Observations: a view in, a ``float32`` vector out, with a layout of named slices.

:func:`observe` encodes any game's view with that game's observer
(:attr:`Encoding.observer <noahrules.rl.encoding.Encoding.observer>`), made once per rules value
and player count (:func:`observer_for`). It reads the view and nothing else: a view holds exactly
what its seat may know (docs/design.md principle 4), so two states that differ only in what the
seat cannot know give it equal observations.
"""

from __future__ import annotations

import functools
from typing import Any

from noahrules.rl.encoding import Observer, encoding_for, game_of_rules, game_of_view
from noahrules.rl.layout import Layout, Observation

__all__ = ["layout", "observe", "observer_for"]


@functools.lru_cache(maxsize=64)
def observer_for(rules: Any, players: int) -> Observer[Any]:
    """The shared observation encoder of views of games under ``rules`` with ``players``
    seats."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{players} players; these rules take {rules.min_players} to {rules.max_players}"
        )
    return encoding_for(game_of_rules(rules)).observer(rules, players)


def layout(rules: Any, players: int) -> Layout:
    """The layout of the observations of games under ``rules`` with ``players`` seats."""
    return observer_for(rules, players).layout


def observe(view: Any) -> Observation:
    """The observation of ``view`` (any registered game's view), as a new ``float32`` array of
    ``layout(view.rules, view.players).size`` values."""
    game_of_view(view)
    return observer_for(view.rules, view.players)(view)
