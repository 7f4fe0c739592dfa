"""A check that a game's views and events hide what a seat cannot see (docs/design.md
principle 4), for any game through its declaration, never by its name.

Two states are *twins* for a seat when they differ only in what that seat cannot see: the other
hands, the order of a deck, face-down tiles, the random generator. Their views for that seat
must then be equal, and so must what the seat is told of a move made in both, as long as the
move shows the seat nothing hidden. :func:`hidden_twins` draws such pairs: a state reached in
play and the game's own ``determinize`` of that seat's view, a full state the view could be a
view of, its hidden parts dealt anew. :func:`check_hidden_information` checks one pair;
:func:`hidden_information_check` is a ready hypothesis test of a whole game.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeGuard, TypeVar

import attrs
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from noahrules.events import events_for
from noahrules.game import Game
from noahrules.games import game_named
from noahrules.rng import Rng
from noahrules.testing.strategies import Played, _played

S = TypeVar("S")
M = TypeVar("M")

__all__ = [
    "HiddenInformationLeak",
    "Twins",
    "check_hidden_information",
    "first_difference",
    "hidden_information_check",
    "hidden_twins",
]


def _short_repr() -> reprlib.Repr:
    """A ``repr`` that cuts long values short, for messages."""
    short = reprlib.Repr()
    short.maxstring = short.maxother = 80
    short.maxlevel = 3
    return short


_SHORT = _short_repr()


class HiddenInformationLeak(AssertionError):
    """A seat can tell apart two states that differ only in what it cannot see: ``what`` says
    where (a path into the view, the legal moves or the events) and how they differ."""

    def __init__(self, game: str, seat: int, what: str, moves: Sequence[object] = ()) -> None:
        after = f" after {', '.join(map(repr, moves))}" if moves else ""
        super().__init__(
            f"{game}: seat {seat} can tell apart two states that differ only in what it cannot "
            f"see{after}: {what}"
        )
        self.game = game
        self.seat = seat
        self.what = what
        self.moves = tuple(moves)


def first_difference(first: object, second: object, path: str) -> str | None:
    """Where two values first differ, as a path from ``path`` through attrs fields, items and
    keys, with both values there (``None`` when they are equal)."""
    if first == second:
        return None
    found = _first_of(_parts(first, second), path) if type(first) is type(second) else None
    if found is not None:
        return found
    if _sized(first) and _sized(second) and len(first) != len(second):
        return f"{path}: {len(first)} items != {len(second)} items"
    return f"{path}: {_SHORT.repr(first)} != {_SHORT.repr(second)}"


def _sized(value: object) -> TypeGuard[tuple[object, ...] | list[object]]:
    """Whether ``value`` is a tuple or a list."""
    return isinstance(value, tuple | list)


def _parts(first: Any, second: Any) -> list[tuple[str, Any, Any]]:
    """The parts of two values of one type, as ``(step of a path, first's, second's)``: attrs
    fields, items of sequences as far as both go, the keys of mappings both have."""
    if attrs.has(type(first)):
        names = [f.name for f in attrs.fields(type(first))]
        return [(f".{n}", getattr(first, n), getattr(second, n)) for n in names]
    if isinstance(first, tuple | list):
        return [(f"[{i}]", a, b) for i, (a, b) in enumerate(zip(first, second, strict=False))]
    if isinstance(first, Mapping):
        return [(f"[{k!r}]", first[k], second[k]) for k in first if k in second]
    return []


def _first_of(parts: list[tuple[str, Any, Any]], path: str) -> str | None:
    """The first difference among ``(step, first, second)`` parts below ``path``."""
    for step, first, second in parts:
        found = first_difference(first, second, path + step)
        if found is not None:
            return found
    return None


def check_hidden_information(
    game: str | Game, state: S, twin: S, seat: int, moves: Sequence[M] = ()
) -> int:
    """Check that ``seat`` cannot tell ``state`` from ``twin``, two states that differ only in
    what it cannot see, and cannot after ``moves`` as long as they show it nothing hidden;
    raise :class:`HiddenInformationLeak` naming the game, the seat and the first difference.

    At the start and after each move that leaves the two states twins:

    - the seat's views are equal (``view(state, seat) == view(twin, seat)``);
    - the same seat is to act (``current_player``), and when it is ``seat``, it has the same
      legal moves (a seat's choices are part of what it knows).

    The ``moves`` (legal from ``state``, in turn) are then made in both states with ``step``.
    The check stops, finding nothing, at a move not legal in the twin (a hidden choice of
    another seat: a card only the real hand holds) and at a move after which the seat's views
    differ: that move showed the seat something hidden (a card drawn, a tile turned), so the
    two states are no longer twins, and each is a state to check with twins of its own. After
    a move that leaves the views equal, the events the seat is told (``events_for``) must be
    equal: an event must not tell a seat what its view hides.

    Returns how many moves were made in both with the views left equal.
    """
    spec = game_named(game)
    done: list[M] = []
    if _views_differ(spec, state, twin, seat, done):
        raise HiddenInformationLeak(spec.name, seat, _view_difference(spec, state, twin, seat))
    for move in moves:
        if move not in spec.legal_moves(twin):
            break
        (state, told), (twin, twin_told) = spec.step(state, move), spec.step(twin, move)
        done.append(move)
        if _views_differ(spec, state, twin, seat, done):
            return len(done) - 1
        seen = events_for(told, seat), events_for(twin_told, seat)
        difference = first_difference(*seen, "events")
        if difference is not None:
            raise HiddenInformationLeak(spec.name, seat, difference, done)
    return len(done)


def _views_differ(
    spec: Game, state: object, twin: object, seat: int, done: Sequence[object]
) -> bool:
    """Whether the seat's views of the two states differ; with equal views, a
    :class:`HiddenInformationLeak` if whose turn it is or the seat's legal moves differ."""
    if spec.view(state, seat) != spec.view(twin, seat):
        return True
    acting = spec.current_player(state), spec.current_player(twin)
    if acting[0] != acting[1]:
        raise HiddenInformationLeak(
            spec.name, seat, f"current_player: {acting[0]} != {acting[1]}", done
        )
    if acting[0] == seat:
        difference = first_difference(
            spec.legal_moves(state), spec.legal_moves(twin), "legal_moves"
        )
        if difference is not None:
            raise HiddenInformationLeak(spec.name, seat, difference, done)
    return False


def _view_difference(spec: Game, state: object, twin: object, seat: int) -> str:
    """Where the seat's views of the two states first differ."""
    seen, twin_seen = spec.view(state, seat), spec.view(twin, seat)
    return first_difference(seen, twin_seen, "view") or f"view: {seen!r} != {twin_seen!r}"


@frozen(repr=False)
class Twins(Generic[S, M]):
    """A state reached in play, a seat, and a twin of that state for the seat: the game's
    ``determinize`` of the seat's view, with a generator seeded from ``seed``."""

    played: Played[S, M]
    """The game played; the state is its state after ``at`` moves."""
    at: int
    seat: int
    seed: int
    """The seed of the generator given to ``determinize``."""
    twin: S

    @property
    def game(self) -> Game:
        """The game's declaration."""
        return self.played.game

    @property
    def state(self) -> S:
        """The state reached in play."""
        return self.played.states[self.at]

    @property
    def moves(self) -> tuple[M, ...]:
        """The moves played from the state to the end of the drawn game."""
        return self.played.moves[self.at :]

    def check(self) -> int:
        """:func:`check_hidden_information` of this pair over :attr:`moves`."""
        return check_hidden_information(self.game, self.state, self.twin, self.seat, self.moves)

    def __repr__(self) -> str:
        return (
            f"<twins for seat {self.seat} after move {self.at} of {self.played!r}, the twin "
            f"determinized with seed {self.seed}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis and IPython print the twins short, as :meth:`__repr__` does."""
        printer.text(repr(self))


def hidden_twins(game: str | Game, max_moves: int = 300) -> st.SearchStrategy[Twins[Any, Any]]:
    """Twins (:class:`Twins`): a game played as :func:`~noahrules.testing.played` draws it (up
    to ``max_moves`` moves), a state of it, a seat, and the game's ``determinize`` of that
    seat's view from a drawn seed."""
    return st.deferred(lambda: _twins(game_named(game), max_moves))


@st.composite
def _twins(draw: st.DrawFn, spec: Game, max_moves: int) -> Twins[Any, Any]:
    played = draw(_played(spec, max_moves))
    at = draw(st.integers(0, len(played.moves)))
    seat = draw(st.integers(0, played.players - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    seen = spec.view(played.states[at], seat)
    return Twins(played, at, seat, seed, spec.determinize(seen, Rng.from_seed(seed)))


def hidden_information_check(game: str | Game, max_moves: int = 100) -> Callable[..., None]:
    """A hypothesis test that the game's views and events hide what they must: it checks
    (:func:`check_hidden_information`) the twins :func:`hidden_twins` draws. Assign it to a name
    that pytest collects: ``test_views_hide = hidden_information_check(GAME)``."""

    @given(hidden_twins(game, max_moves))
    def check(twins: Twins[Any, Any]) -> None:
        twins.check()

    return check
