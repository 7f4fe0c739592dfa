"""One game configuration as the frameworks see it, and what a finished game is worth.

A :class:`Setup` names the game, its rules, the player count and the decision cap, with the
action codec they share and an observation encoder of its own; every front door (PettingZoo,
Gymnasium, OpenSpiel) is built on one. :func:`outcome` turns a finished game into rewards, the
same for all three.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from noahrules.game import Game
from noahrules.games import game_named
from noahrules.rl.codec import ActionCodec
from noahrules.rl.encoding import Observer, encoding_for
from noahrules.rl.layout import Observation
from noahrules.simulation import DEFAULT_MAX_DECISIONS

__all__ = ["DEFAULT_MAX_DECISIONS", "Setup", "outcome"]

Variants = Sequence[str | os.PathLike[str]] | str


def outcome(game: Game, state: object) -> tuple[float, ...]:
    """Per seat, what a game is worth: +1 shared by the winners and -1 shared by the others,
    so the rewards sum to 0 (two players: +1 and -1). All 0 while the game is not over, and
    when every seat shares the win."""
    return _worth(len(game.scores(state)), game.winners(state) if game.is_over(state) else ())


def _worth(players: int, winners: Sequence[int]) -> tuple[float, ...]:
    """Per seat of ``players``, the rewards of :func:`outcome` for these ``winners``."""
    won = set(winners)
    if not won or len(won) == players:
        return (0.0,) * players
    win, loss = 1.0 / len(won), -1.0 / (players - len(won))
    return tuple(win if seat in won else loss for seat in range(players))


@frozen
class Setup:
    """A game, its rules and player count, and the decision cap, as the environments play
    them; build one with :meth:`of`."""

    game: Game
    rules: Any
    players: int
    max_decisions: int
    """The decisions after which a game that is not over is cut short (truncated): the cap
    asked for, or the rules' own bound on a game's length when that is smaller."""
    codec: ActionCodec[Any]
    """The action numbering, shared by every setup of these rules and player count."""
    observer: Observer[Any]
    """The observation encoder, the setup's own: an observer remembers what it encoded last,
    so each environment (each setup) keeps that to its own game, and no two threads share it.
    Environments stepped in turn (a vectorized environment's) would otherwise each find the
    observer's memory holding another game. (Copies of a setup share it.)"""

    @classmethod
    def of(
        cls,
        game: str | Game,
        players: int = 2,
        variants: Variants = (),
        max_decisions: int = DEFAULT_MAX_DECISIONS,
    ) -> Setup:
        """The setup of ``game`` (its name or declaration) for ``players`` seats with the
        given variants (packaged names or YAML paths); ``max_decisions`` caps a game's length
        (the ferry game has no bound of its own, F27)."""
        spec = game_named(game)
        if isinstance(max_decisions, bool) or not isinstance(max_decisions, int):
            raise TypeError(f"max_decisions must be an integer, not {max_decisions!r}")
        if max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, got {max_decisions}")
        rules = spec.load_rules(variants)
        codec = ActionCodec.of(rules, players)
        bound = encoding_for(spec).decision_bound(rules, players)
        cap = max_decisions if bound is None else min(bound, max_decisions)
        return cls(spec, rules, players, cap, codec, encoding_for(spec).observer(rules, players))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.game.name, self.rules, self.players, self.max_decisions))

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # copies (OpenSpiel's clones) share it: its observer is right for any view

    def new_game(self, seed: int, first_player: int = 0) -> Any:
        """A new game from ``seed``."""
        return self.game.new_game(self.rules, self.players, seed, first_player)

    def observe(self, state: object, seat: int) -> Observation:
        """What ``seat`` observes of ``state``: the encoding of its view."""
        return self.observer(self.game.view(state, seat))

    def outcome(self, state: object) -> tuple[float, ...]:
        """:func:`outcome` of a game of this setup (without working out its scores to count
        its seats)."""
        game = self.game
        return _worth(self.players, game.winners(state) if game.is_over(state) else ())

    def truncated(self, state: object, decisions: int) -> bool:
        """Whether a game still going after ``decisions`` decisions is cut short."""
        return decisions >= self.max_decisions and not self.game.is_over(state)


def _rebuild(name: str, rules: Any, players: int, max_decisions: int) -> Setup:
    """A setup again, from what its pickle keeps: the game by name, the rules value itself."""
    game = game_named(name)
    observer = encoding_for(game).observer(rules, players)
    return Setup(game, rules, players, max_decisions, ActionCodec.of(rules, players), observer)
