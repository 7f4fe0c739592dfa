"""What a bot is: something that picks a legal move from a view."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from noahrules.game import Game, Strategy
from noahrules.rng import Rng

__all__ = ["REMEMBERED_VIEWS", "Bot", "Repetitions", "ViewOf", "moves_to_choose", "standing"]

M = TypeVar("M")
"""A game's move type."""
M_co = TypeVar("M_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class ViewOf(Protocol[M_co]):
    """What every game's view has: its seat and that seat's legal moves."""

    @property
    def seat(self) -> int:
        """The seat the view belongs to."""

    @property
    def legal_moves(self) -> tuple[M_co, ...]:
        """The seat's legal moves: empty unless it is to act."""


class Bot(Protocol[V_contra, M_co]):
    """A player program. It sees only a view (never the state) and returns one of
    ``view.legal_moves``. Bots are seeded: the same seed and the same views give the same
    moves."""

    name: str

    def choose(self, view: V_contra) -> M_co:
        """A legal move for the seat of ``view``, which must be to act."""


def moves_to_choose(view: ViewOf[M]) -> tuple[M, ...]:
    """The view's legal moves; a :class:`ValueError` when its seat is not to act."""
    moves = view.legal_moves
    if not moves:
        raise ValueError(f"seat {view.seat} has no move to make")
    return moves


def standing(
    game: Game, state: object, strategy: Strategy[Any, Any, Any] | None = None
) -> Sequence[float]:
    """Per seat, how well it stands in ``state`` (higher is better): the game's own measure
    (:attr:`Strategy.standing`, or ``strategy``'s), else its scores, negated when lower scores
    win."""
    measure = (strategy or game.strategy).standing
    if measure is not None:
        return measure(state)
    sign = -1.0 if game.lower_scores_win else 1.0
    return [sign * s for s in game.scores(state)]


REMEMBERED_VIEWS = 4096
"""The most views a bot remembers the moves it played from (:class:`Repetitions`): the oldest
is forgotten first. A loop of the ferry game between greedy bots repeats within a few dozen
decisions."""


class Repetitions(Generic[M]):
    """The moves a bot played from each view it chose in, so that it does not repeat a position
    the same way: a chess engine avoids a repetition when it is ahead, and in a game that only
    its players can end (the ferry game sets no end, F27) no bot gains by one. At a view it has
    chosen in before, the bot chooses among the moves it has not played there yet; once it has
    played every one, it picks one at random (and starts that view's count again), so that no
    loop between bots lasts. Views are the same position when the game's
    :attr:`Strategy.position <noahrules.game.Strategy.position>` says so (default: equal
    views); in a game whose positions never come again (:attr:`Strategy.repeats
    <noahrules.game.Strategy.repeats>` false) nothing is remembered."""

    def __init__(
        self, position: Callable[[Any], Hashable] | None = None, *, repeats: bool = True
    ) -> None:
        self._played: dict[_Position, list[M]] = {}
        self._position = position
        """The game's :attr:`Strategy.position <noahrules.game.Strategy.position>`, if any."""
        self._repeats = repeats
        """Whether a position can come again (:attr:`Strategy.repeats`): if not, nothing is
        remembered."""
        self._last: tuple[object, _Position] | None = None
        """The view last asked about and its position, which :meth:`note` is most often for."""

    def allowed(self, view: ViewOf[M], rng: Rng) -> tuple[tuple[M, ...], Rng]:
        """The legal moves of ``view`` the bot may choose among, and the generator (advanced only
        when every move was played there: then one move at random)."""
        moves = view.legal_moves
        if not self._repeats:
            return moves, rng
        played = self._played.get(self._key(view))
        if not played:
            return moves, rng
        fresh = tuple(m for m in moves if m not in played)
        if fresh:
            return fresh, rng
        played.clear()
        move, rng = rng.choice(moves)
        return (move,), rng

    def note(self, view: ViewOf[M], move: M) -> None:
        """Remember that the bot played ``move`` from ``view`` (the oldest position is forgotten
        once :data:`REMEMBERED_VIEWS` are remembered)."""
        if not self._repeats:
            return
        key = self._key(view)
        played = self._played.get(key)
        if played is None:
            if len(self._played) >= REMEMBERED_VIEWS:
                del self._played[next(iter(self._played))]
            played = self._played[key] = []
        played.append(move)

    def _key(self, view: ViewOf[M]) -> _Position:
        last = self._last
        if last is not None and last[0] is view:
            return last[1]
        value: Hashable = view if self._position is None else self._position(view)  # type: ignore[assignment]
        key = _Position(value)
        self._last = (view, key)
        return key


class _Position:
    """A position as a key of :class:`Repetitions`: its hash worked out once (a position is
    a tuple of the game's parts, whose own hash is not kept)."""

    __slots__ = ("hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Position) and self.hash == other.hash and self.value == other.value
        )
