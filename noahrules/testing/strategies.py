"""The hypothesis strategies: rules, new games, played games, states and move sequences of any
game, given by its name in :data:`noahrules.GAMES` or its declaration (re-exported by
:mod:`noahrules.testing`).

Moves are drawn as indexes into ``legal_moves``, so failing examples shrink towards short games
and first moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, Generic, TypeVar, overload

from attrs import frozen
from hypothesis import strategies as st

from noahrules.game import Game, GameSpec, RulesValue
from noahrules.games import game_named
from noahrules.rng import Rng

S = TypeVar("S")
M = TypeVar("M")

__all__ = ["DRAWN_MOVES", "Played", "games", "move_sequences", "played", "rules", "states"]

DRAWN_MOVES = 1_000
"""How many moves of a game played to its end are drawn one by one (and shrink); the rest of a
longer game is chosen by a generator seeded from a drawn seed."""


def rules(game: str | Game) -> st.SearchStrategy[RulesValue]:
    """The game's packaged rules with any combination of its packaged variants. (A game named
    here is looked up when drawing, so it may be registered after the test is defined.)"""
    return st.deferred(lambda: _rules(game_named(game)))


def _rules(spec: Game) -> st.SearchStrategy[RulesValue]:
    names = spec.known_variants()
    combinations = [c for n in range(len(names) + 1) for c in itertools.combinations(names, n)]
    return st.sampled_from(combinations).map(spec.load_rules)


@st.composite
def _setups(draw: st.DrawFn, spec: Game) -> tuple[int, int, object]:
    """A seed, a first player and a new game from them."""
    chosen = draw(_rules(spec))
    players = draw(st.sampled_from(spec.seats(chosen)))
    seed = draw(st.integers(0, 2**32 - 1))
    first = draw(st.integers(0, players - 1))
    return seed, first, spec.new_game(chosen, players, seed, first)


def games(game: str | Game) -> st.SearchStrategy[object]:
    """New games: any packaged rules, any player count they allow, any seed and first
    player."""
    return st.deferred(lambda: _setups(game_named(game)).map(lambda setup: setup[2]))


@frozen(repr=False)
class Played(Generic[S, M]):
    """A game played from a new game: every state, and the moves between them."""

    game: Game
    seed: int
    """The seed given to ``new_game``."""
    first_player: int
    states: tuple[S, ...]
    """The first state, then the state after each move."""
    moves: tuple[M, ...]

    @property
    def rules(self) -> RulesValue:
        """The rules played."""
        rules: RulesValue = getattr(self.states[0], "rules")  # noqa: B009  (states have rules)
        return rules

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.game.scores(self.states[0]))

    @property
    def start(self) -> S:
        """The new game."""
        return self.states[0]

    @property
    def last(self) -> S:
        """Where the moves lead."""
        return self.states[-1]

    def steps(self) -> Iterator[tuple[S, M, S]]:
        """Each move with the states before and after it."""
        return zip(self.states[:-1], self.moves, self.states[1:], strict=True)

    def __repr__(self) -> str:
        variants = ", ".join(self.rules.variants) or "no variants"
        moves = ", ".join(map(repr, self.moves))
        return (
            f"<{self.game.name} game, {variants}, {self.players} players, seed {self.seed}, "
            f"first player {self.first_player}, {len(self.moves)} moves: {moves}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis and IPython print the game short, as :meth:`__repr__` does."""
        printer.text(repr(self))


@overload
def played(
    game: GameSpec[Any, S, M, Any], max_moves: int | None = 300
) -> st.SearchStrategy[Played[S, M]]: ...


@overload
def played(game: str, max_moves: int | None = 300) -> st.SearchStrategy[Played[Any, Any]]: ...


def played(game: str | Game, max_moves: int | None = 300) -> st.SearchStrategy[Played[Any, Any]]:
    """A new game (as :func:`games`) played for up to ``max_moves`` legal moves (fewer if it
    ends first), each drawn as an index into ``legal_moves``; with ``max_moves=None``, played to
    its end (:data:`DRAWN_MOVES` drawn moves, then moves from a drawn seed). Games without a
    bound on their length are stopped at 100,000 moves."""
    return st.deferred(lambda: _played(game_named(game), max_moves))


@st.composite
def _played(draw: st.DrawFn, spec: Game, max_moves: int | None) -> Played[Any, Any]:
    seed, first, state = draw(_setups(spec))
    limit = draw(st.integers(0, max_moves)) if max_moves is not None else 100_000
    states, moves = [state], []
    rng = None
    for count in range(limit):
        options = spec.legal_moves(state)
        if not options:
            break
        if count < DRAWN_MOVES or max_moves is not None:
            move = options[draw(st.integers(0, len(options) - 1))]
        else:
            if rng is None:
                rng = Rng.from_seed(draw(st.integers(0, 2**32 - 1)))
            move, rng = rng.choice(options)
        state = spec.apply(state, move)
        states.append(state)
        moves.append(move)
    return Played(spec, seed, first, tuple(states), tuple(moves))


def move_sequences(
    game: str | Game, max_moves: int = 300
) -> st.SearchStrategy[tuple[object, tuple[object, ...]]]:
    """A new game and up to ``max_moves`` legal moves from it (fewer if it ends first)."""
    return played(game, max_moves).map(lambda p: (p.start, p.moves))


def states(game: str | Game, max_moves: int = 300) -> st.SearchStrategy[object]:
    """States reachable in play: where a drawn move sequence leads."""
    return played(game, max_moves).map(lambda p: p.last)
