"""Game records: everything needed to replay a game exactly.

A record names the game, its variants and the digest of its rules data, the players, the seed and
the moves. Replaying it gives the identical states; replaying it against rules data that has
changed since it was recorded is refused, since the same moves could mean another game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from attrs import evolve, frozen

from noahrules.data import is_file_name
from noahrules.errors import NoahRulesError, ReplayError, excerpt
from noahrules.game import Game, RulesValue
from noahrules.games import GAMES

__all__ = ["GameRecord", "final_state", "replay", "unpackaged"]


@frozen
class GameRecord:
    """A game as played: rules reference, players, seed, first player and moves in order."""

    game: str
    variants: tuple[str, ...]
    """The variants applied, as ``rules.variants`` names them."""
    digest: str
    """The rules data's digest when the game was played (``rules.digest``)."""
    players: int
    seed: int
    first_player: int = 0
    moves: tuple[object, ...] = ()

    @classmethod
    def start(
        cls, game: str, rules: RulesValue, players: int, seed: int, first_player: int = 0
    ) -> GameRecord:
        """An empty record for a game about to be played with ``rules``."""
        return cls(game, tuple(rules.variants), rules.digest, players, seed, first_player)

    def then(self, move: object) -> GameRecord:
        """This record with one more move."""
        return evolve(self, moves=(*self.moves, move))


def replay(record: GameRecord, rules: RulesValue | None = None) -> Iterator[object]:
    """Every state of the recorded game, from the first to the last.

    The packaged rules the record names are loaded; a record with a variant file of the user's
    needs ``rules``, loaded by the caller from the same files. Raises
    :class:`~noahrules.errors.ReplayError` when the rules' digest differs from the record's,
    when they cannot be loaded, or when a recorded move is not legal (the message names the
    move's index and rule).
    """
    game = GAMES.get(record.game)
    if game is None:
        raise ReplayError(f"unknown game '{record.game}'; known games: {', '.join(GAMES)}")
    rules = _rules(game, record, rules)
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


def unpackaged(game: Game, variants: tuple[str, ...]) -> str | None:
    """A message naming the first of ``variants`` that only its caller can load again (a file
    of theirs, or an overlay held in memory, :class:`~noahrules.data.Overlay`), or ``None``
    when every one is a packaged variant of ``game``."""
    packaged = game.known_variants()
    for name in variants:
        if is_file_name(name):
            return (
                f"the variant file {excerpt(name)}; pass the rules loaded from the same files "
                "(rules=...)"
            )
        if name not in packaged:
            return (
                f"the variant {excerpt(name)}, which is not packaged (an overlay held in memory?); "
                "pass the rules loaded with it (rules=...)"
            )
    return None


def _rules(game: Game, record: GameRecord, given: RulesValue | None) -> RulesValue:
    if given is None:
        missing = unpackaged(game, record.variants)
        if missing is not None:
            raise ReplayError(f"the record uses {missing}")
        try:
            given = game.load_rules(record.variants)
        except NoahRulesError as exc:
            raise ReplayError(f"the record's rules cannot be loaded: {exc}") from exc
    if given.digest != record.digest:
        raise ReplayError(
            f"the {record.game} rules data with variants {list(record.variants)} has changed "
            f"since this game was recorded (digest {given.digest[:12]}, recorded "
            f"{record.digest[:12]}); the moves could mean another game, so it is not replayed"
        )
    return given


def final_state(record: GameRecord, rules: RulesValue | None = None) -> object:
    """The last state of the recorded game (see :func:`replay`)."""
    return deque(replay(record, rules), maxlen=1)[0]
