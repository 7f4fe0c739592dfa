"""Game records: everything needed to replay a game exactly.

A record names the game, its variants and the digest of its rules data, the players, the seed and
the moves. Replaying it gives the identical states; replaying it against rules data that has
changed since it was recorded is refused, since the same moves could mean another game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from attrs import evolve, frozen

from noahrules import GAMES
from noahrules.errors import NoahRulesError, ReplayError

__all__ = ["GameRecord", "final_state", "replay"]


@frozen
class GameRecord:
    """A game as played: rules reference, players, seed, first player and moves in order."""

    game: str
    variants: tuple[str, ...]
    digest: str
    """The rules data's digest when the game was played (``rules.digest``)."""
    players: int
    seed: int
    first_player: int = 0
    moves: tuple[Any, ...] = ()

    @classmethod
    def start(
        cls, game: str, rules: Any, players: int, seed: int, first_player: int = 0
    ) -> GameRecord:
        """An empty record for a game about to be played with ``rules``."""
        return cls(game, tuple(rules.variants), rules.digest, players, seed, first_player)

    def then(self, move: Any) -> GameRecord:
        """This record with one more move."""
        return evolve(self, moves=(*self.moves, move))


def replay(record: GameRecord) -> Iterator[Any]:
    """Every state of the recorded game, from the first to the last.

    Raises :class:`~noahrules.errors.ReplayError` when the rules data's digest differs from the
    record's, or when a recorded move is not legal (the message names the move's index and rule).
    """
    game = GAMES.get(record.game)
    if game is None:
        raise ReplayError(f"unknown game '{record.game}'; known games: {', '.join(sorted(GAMES))}")
    rules = game.load_rules(record.variants)
    if rules.digest != record.digest:
        raise ReplayError(
            f"the {record.game} rules data with variants {list(record.variants)} has changed since "
            f"this game was recorded (digest {rules.digest[:12]}, recorded {record.digest[:12]}); "
            "the moves could mean another game, so it is not replayed"
        )
    try:
        state = game.new_game(rules, record.players, record.seed, record.first_player)
    except NoahRulesError as exc:
        raise ReplayError(f"the recorded game cannot be set up: {exc}") from exc
    yield state
    for index, move in enumerate(record.moves):
        try:
            state = game.apply(state, move)
        except NoahRulesError as exc:
            raise ReplayError(f"move {index} ({move!r}) cannot be replayed: {exc}") from exc
        yield state


def final_state(record: GameRecord) -> Any:
    """The last state of the recorded game (see :func:`replay`)."""
    return deque(replay(record), maxlen=1)[0]
