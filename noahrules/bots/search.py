"""The search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse (2012). Each iteration:

1. *determinize*: sample a full state consistent with the bot's view (``game.determinize``),
   with the bot's own generator;
2. *select*: walk down a tree whose nodes are keyed by move sequences, choosing at each node by
   UCB1 among the children whose move is legal in this determinization; a child's
   *availability* counts the iterations in which it could have been chosen, and takes the place
   of the parent's visits in UCB1;
3. *expand*: add one untried legal move (chosen at random);
4. *roll out*: play on with the game's cheap rollout policy (its declaration's
   :attr:`~noahrules.game.Strategy.rollout`, else random moves) until the game ends or the
   game's horizon (ferry: 30 decisions within the root's round; island: a number of floods) and
   evaluate the position per seat in ``[0, 1]`` (:func:`evaluate`);
5. *back up*: every edge on the path adds the value for the seat that chose its move.

The move played is the root's most visited child. The budget (the bot's options, see
:data:`OPTIONS`) is a number of ``iterations``, or a ``time`` in CPU seconds per decision, or
both (whichever runs out first); with only one legal move the bot answers at once. Everything
random comes from the bot's seeded :class:`~noahrules.rng.Rng`, so the same seed and views give
the same moves under a budget of iterations. A time budget is read on the CPU clock of the
thread that runs the bot (:func:`time.thread_time`: in a one-thread process the same as
:func:`time.process_time`), so the bot searches as much on a loaded machine, after every
iteration; at least one iteration is run.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from math import log, sqrt
from time import thread_time
from typing import Any, ClassVar, Generic

from noahrules.bots.base import M, ViewOf, moves_to_choose, standing
from noahrules.bots.options import Option, checked_options
from noahrules.game import Game, GameSpec
from noahrules.rng import Rng

__all__ = [
    "DEFAULT_ITERATIONS",
    "EXPLORATION",
    "MAX_ITERATIONS",
    "OPTIONS",
    "SearchBot",
    "evaluate",
]

DEFAULT_ITERATIONS = 100
"""The default budget: a modest search that plays a game in a few seconds."""
MAX_ITERATIONS = 10_000_000
"""The most iterations per decision an option may ask for."""
MAX_TIME = 3600.0
"""The most CPU seconds per decision an option may ask for."""
OPTIONS: Mapping[str, Option] = {
    "iterations": Option(
        int,
        f"iterations per decision (default {DEFAULT_ITERATIONS} without a time)",
        minimum=1,
        maximum=MAX_ITERATIONS,
    ),
    "time": Option(float, "CPU seconds per decision", above=0, maximum=MAX_TIME),
}
"""The search bot's options: its budget per decision."""

EXPLORATION = 0.7
"""UCB1's exploration constant (values are in [0, 1])."""


class _Node(Generic[M]):
    """A node of the search tree: the edge from its parent (``move``, chosen by ``seat``; the
    root has none) and its statistics."""

    __slots__ = ("avail", "children", "move", "seat", "total", "visits")

    def __init__(self, move: M | None, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.children: dict[M, _Node[M]] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class SearchBot(Generic[M]):
    """Information-set Monte Carlo tree search over determinizations of the view, with a budget
    of ``iterations`` iterations per decision (default :data:`DEFAULT_ITERATIONS` when no
    ``time`` is given), or ``time`` CPU seconds, or whichever of the two runs out first (see
    the module docstring)."""

    name = "search"
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS

    def __init__(
        self,
        game: GameSpec[Any, Any, M, Any],
        seed: int = 0,
        iterations: int | None = None,
        time: float | None = None,
    ) -> None:
        given = {k: v for k, v in (("iterations", iterations), ("time", time)) if v is not None}
        budget = checked_options(self.name, self.OPTIONS, given)
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.time: float | None = budget.get("time")
        self.iterations: int = budget.get(
            "iterations", MAX_ITERATIONS if self.time is not None else DEFAULT_ITERATIONS
        )
        self.searched = 0
        """The iterations run for the last decision (0 when it had one legal move)."""
        strategy = game.strategy
        self.policy: Callable[[object, Rng], tuple[M, Rng]] = strategy.rollout or _random_move(game)
        self.horizon = strategy.horizon or _game_end(game)

    def choose(self, view: ViewOf[M]) -> M:
        """The most visited root move once the budget is spent."""
        moves = moves_to_choose(view)
        if len(moves) == 1:
            self.searched = 0
            return moves[0]
        game = self.game
        root: _Node[M] = _Node(None, view.seat)
        rng = self.rng
        end = None if self.time is None else thread_time() + self.time
        searched = 0
        while searched < self.iterations:
            state, rng = _determinize(game, view, rng)
            rng = self._iterate(root, state, rng)
            searched += 1
            if end is not None and thread_time() >= end:
                break
        self.rng = rng
        self.searched = searched
        return max(
            moves,
            key=lambda m: (
                (child := root.children.get(m)) is not None and child.visits,
                child.total / child.visits if child is not None and child.visits else 0.0,
            ),
        )

    def _iterate(self, root: _Node[M], state: object, rng: Rng) -> Rng:
        game = self.game
        legal_moves, apply, current_player = game.legal_moves, game.apply, game.current_player
        stop = self.horizon(state)

        path: list[_Node[M]] = []
        node = root
        # Selection and expansion.
        while not stop(state):
            moves = legal_moves(state)
            seat = current_player(state)
            assert seat is not None
            children = node.children
            untried: list[M] = []
            legal: list[_Node[M]] = []  # the children whose move is legal here, in move order
            for m in moves:
                c = children.get(m)
                if c is None:
                    untried.append(m)
                else:
                    legal.append(c)
            if untried:
                move, rng = rng.choice(untried)
                child = _Node(move, seat)
                children[move] = child
                child.avail = 1
                for c in legal:
                    c.avail += 1
                path.append(child)
                state = apply(state, move)
                break
            best: _Node[M] | None = None
            best_value = -1.0
            for c in legal:
                c.avail += 1
                value = c.total / c.visits + EXPLORATION * sqrt(log(c.avail) / c.visits)
                if value > best_value:
                    best, best_value = c, value
            assert best is not None and best.move is not None
            path.append(best)
            node = best
            state = apply(state, best.move)
        # Rollout.
        policy = self.policy
        while not stop(state):
            move, rng = policy(state, rng)
            state = apply(state, move)
        values = evaluate(game, state)
        for n in path:
            n.visits += 1
            n.total += values[n.seat]
        return rng


def _determinize(game: Game, view: object, rng: Rng) -> tuple[object, Rng]:
    """A determinization of ``view`` and the advanced generator (a fresh seed per sample)."""
    seed, rng = rng.next64()
    return game.determinize(view, Rng.from_seed(seed)), rng


def _random_move(game: GameSpec[Any, Any, M, Any]) -> Callable[[object, Rng], tuple[M, Rng]]:
    legal_moves = game.legal_moves

    def policy(state: object, rng: Rng) -> tuple[M, Rng]:
        return rng.choice(legal_moves(state))

    return policy


def _game_end(game: Game) -> Callable[[object], Callable[[object], bool]]:
    def horizon(start: object) -> Callable[[object], bool]:
        return game.is_over

    return horizon


def evaluate(game: Game, state: object) -> tuple[float, ...]:
    """Per seat, how good ``state`` is in ``[0, 1]``: from its lead in
    :func:`~noahrules.bots.base.standing` over the best other seat (on the game's
    :attr:`~noahrules.game.Strategy.scale`), mixed half and half with the result (win 1, shared
    win 1/n, loss 0) once the game is over."""
    scale = game.strategy.scale
    values = [0.5 + 0.5 * math.tanh(m / scale) for m in _lead(standing(game, state))]
    if game.is_over(state):
        won = game.winners(state)
        values = [0.5 * v + (0.5 / len(won) if s in won else 0.0) for s, v in enumerate(values)]
    return tuple(values)


def _lead(totals: Sequence[float]) -> list[float]:
    """Per seat, its total minus the best total among the others."""
    result = []
    for seat, mine in enumerate(totals):
        others = [t for s, t in enumerate(totals) if s != seat]
        result.append(mine - max(others))
    return result
