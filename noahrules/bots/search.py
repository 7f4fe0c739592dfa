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

The move played is the root's most visited child, among the moves not played before from the
same position (:class:`~noahrules.bots.base.Repetitions`: no loop between bots lasts). Where
the game's parts ask for it (:attr:`Strategy.halving <noahrules.game.Strategy.halving>`), a
decision among :data:`HALVING_MOVES` moves or more is made by sequential halving instead: in
each of ``ceil(log2(moves))`` rounds with an equal part of the budget, every move still in
starts the same number of iterations, and after it the worse half by mean value is dropped; the
best mean of the last round is played (unless the budget cannot give each move a second iteration in
the first round: then UCB1 goes on with the rest). Two savings are the subclasses' to turn on
(the best bot does): :attr:`SearchBot.remembers` keeps the tree below the move played for the
seat's next decision when that is the decision the move leads to, and
:attr:`SearchBot.settles` stops a decision once the rest of its budget could no longer change
the most visited move. The budget (the bot's options, see
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

from noahrules.bots.base import M, Repetitions, ViewOf, moves_to_choose, standing
from noahrules.bots.options import Option, checked_options
from noahrules.game import Game, GameSpec, Strategy
from noahrules.rng import Rng

__all__ = [
    "DEFAULT_ITERATIONS",
    "EXPLORATION",
    "HALVING_MOVES",
    "MAX_ITERATIONS",
    "MAX_TIME",
    "OPTIONS",
    "SearchBot",
    "budget_options",
    "evaluate",
]

DEFAULT_ITERATIONS = 100
"""The default budget: a modest search that plays a game in a few seconds."""
MAX_ITERATIONS = 10_000_000
"""The most iterations per decision an option may ask for."""
MAX_TIME = 3600.0
"""The most CPU seconds per decision an option may ask for."""


def budget_options(default: str) -> Mapping[str, Option]:
    """The options of a search's budget per decision, ``default`` saying how many iterations it
    runs without them."""
    return {
        "iterations": Option(
            int,
            f"iterations per decision (default {default} without a time)",
            minimum=1,
            maximum=MAX_ITERATIONS,
        ),
        "time": Option(float, "CPU seconds per decision", above=0, maximum=MAX_TIME),
    }


OPTIONS = budget_options(str(DEFAULT_ITERATIONS))
"""The search bot's options: its budget per decision."""

EXPLORATION = 0.7
"""UCB1's exploration constant (values are in [0, 1])."""
SETTLE_EVERY = 16
"""How often, in iterations, a bot that :attr:`~SearchBot.settles` checks whether it may stop."""
HALVING_MOVES = 3
"""The fewest root moves sequential halving chooses among (:attr:`Strategy.halving
<noahrules.game.Strategy.halving>`); with fewer, UCB1 does (and the bot may settle)."""


class _Node(Generic[M]):
    """A node of the search tree: the edge from its parent (``move``, chosen by ``seat``; the
    root has none) and its statistics."""

    __slots__ = ("avail", "bias", "children", "move", "seat", "total", "visits")

    def __init__(self, move: M | None, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.children: dict[M, _Node[M]] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.bias = 0.0
        """A progressive bias added to the child's UCB1 value, fading as ``bias / (visits +
        1)`` (0 in the search bot)."""


class SearchBot(Generic[M]):
    """Information-set Monte Carlo tree search over determinizations of the view, with a budget
    of ``iterations`` iterations per decision (default :data:`DEFAULT_ITERATIONS` when no
    ``time`` is given), or ``time`` CPU seconds, or whichever of the two runs out first (see
    the module docstring)."""

    name = "search"
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS
    default_iterations = DEFAULT_ITERATIONS
    """The budget without options."""
    remembers: ClassVar[bool] = False
    """Whether the tree below the move played is kept for the bot's next decision, when that
    decision is the one the move leads to (the same seat acts again and nothing it could not
    foresee happened in between)."""
    settles: ClassVar[bool] = False
    """Whether a decision stops early once the rest of its budget could no longer change the
    most visited move (the move played is the same, the CPU time is saved)."""

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
        self.strategy: Strategy[Any, M, Any] = self._strategy(game)
        strategy = self.strategy
        self.time: float | None = budget.get("time")
        default = MAX_ITERATIONS if self.time is not None else strategy.iterations
        self.iterations: int = budget.get("iterations", default or self.default_iterations)
        self.searched = 0
        """The iterations run for the last decision (0 when it had one legal move)."""
        self.reused = 0
        """The iterations the last decision's tree had from the decision before (:attr:`remembers`;
        0 when it started afresh)."""
        self.policy: Callable[[object, Rng], tuple[M, Rng]] = strategy.rollout or _random_move(game)
        self.horizon = strategy.horizon or _game_end(game)
        self.exploration = EXPLORATION
        self._priors: dict[M, float] | None = None
        self._kept: tuple[_Node[M], object] | None = None
        """The subtree of the move last played, and the view it is for (:attr:`remembers`)."""
        self.repetitions: Repetitions[M] = Repetitions(
            game.strategy.position, repeats=game.strategy.repeats
        )
        """The moves played from each view: at a view met again, the search chooses among the
        others (:class:`~noahrules.bots.base.Repetitions`)."""

    def _strategy(self, game: GameSpec[Any, Any, M, Any]) -> Strategy[Any, M, Any]:
        """The parts of the game's declaration this bot searches with."""
        return game.strategy

    def priors(self, view: ViewOf[M], moves: Sequence[M]) -> dict[M, float] | None:
        """A progressive bias per root move, or ``None`` (the search bot: none)."""
        return None

    def evaluate(self, state: object) -> tuple[float, ...]:
        """Per seat, the value in ``[0, 1]`` of the state a rollout stopped in."""
        return evaluate(self.game, state, self.strategy)

    def choose(self, view: ViewOf[M]) -> M:
        """The move the budget finds best: the most visited root move, or by sequential halving
        (:attr:`~noahrules.game.Strategy.halving`) the best of the last round."""
        start = thread_time()
        moves = moves_to_choose(view)
        root = self._root(view)
        self.reused = root.visits
        if len(moves) == 1:
            self.searched = 0
            self._keep(root, view, moves[0])
            return moves[0]
        allowed, self.rng = self.repetitions.allowed(view, self.rng)
        if len(allowed) == 1:
            self.searched = 0
            self._keep(root, view, allowed[0])
            self.repetitions.note(view, allowed[0])
            return allowed[0]
        self._priors = priors = self.priors(view, moves)
        if priors is not None:
            for move, child in root.children.items():
                child.bias = priors.get(move, 0.0)
        iterations, budget = self._budget(view)
        search = (
            self._halve if self.strategy.halving and len(allowed) >= HALVING_MOVES else self._search
        )
        move = search(root, view, allowed, iterations, budget, start)
        self._keep(root, view, move)
        self.repetitions.note(view, move)
        return move

    def _search(
        self,
        root: _Node[M],
        view: ViewOf[M],
        moves: Sequence[M],
        iterations: int,
        budget: float | None,
        start: float,
        searched: int = 0,
    ) -> M:
        """Search by UCB1 from the root until the budget is spent (or settled), ``searched``
        iterations of it already: the most visited move."""
        game = self.game
        rng = self.rng
        end = None if budget is None else start + budget
        while searched < iterations:
            state, rng = _determinize(game, view, rng)
            rng = self._iterate(root, state, rng)
            searched += 1
            if end is not None and thread_time() >= end:
                break
            if (
                self.settles
                and searched % SETTLE_EVERY == 0
                and self._settled(root, moves, iterations - searched, end, searched, start)
            ):
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

    def _halve(
        self,
        root: _Node[M],
        view: ViewOf[M],
        moves: Sequence[M],
        iterations: int,
        budget: float | None,
        start: float,
    ) -> M:
        """Sequential halving at the root (Karnin, Koren and Somekh 2013; in trees, Cazenave
        2014): ``ceil(log2(len(moves)))`` rounds, each with an equal part of the budget, spread
        evenly over the moves still in (in the order of the priors, best first); after each
        round the better half by mean value stays. The best mean of the last round is played.
        A budget too small for the first round to give any move a second iteration searches on
        by UCB1 (:meth:`_search`): one sample a move is too few to drop half of them by."""
        priors = self._priors or {}
        alive = sorted(moves, key=lambda m: -priors.get(m, 0.0))

        def mean(move: M) -> tuple[float, float]:
            child = root.children.get(move)
            value = child.total / child.visits if child is not None and child.visits else -1.0
            return value, priors.get(move, 0.0)

        game = self.game
        rng = self.rng
        rounds = math.ceil(math.log2(len(alive)))
        searched = 0
        for done in range(1, rounds + 1):
            deadline = None if budget is None else start + budget * done / rounds
            tried = 0
            while searched < iterations * done // rounds:
                state, rng = _determinize(game, view, rng)
                rng = self._iterate(root, state, rng, alive[tried % len(alive)])
                searched += 1
                tried += 1
                if deadline is not None and tried >= len(alive) and thread_time() >= deadline:
                    break
            if done == 1 and tried <= len(alive):
                self.rng = rng
                return self._search(root, view, moves, iterations, budget, start, searched)
            if done < rounds:
                alive = sorted(alive, key=mean, reverse=True)[: (len(alive) + 1) // 2]
        self.rng = rng
        self.searched = searched
        return max(alive, key=mean)

    def _budget(self, view: ViewOf[M]) -> tuple[int, float | None]:
        """The iterations and CPU seconds (``None``: no limit) of this decision: the bot's, times
        the :attr:`~noahrules.game.Strategy.share` of ``view`` in the parts it searches with."""
        share = self.strategy.share
        if share is None:
            return self.iterations, self.time
        part = share(view)
        time = None if self.time is None else self.time * part
        return max(1, round(self.iterations * part)), time

    def _root(self, view: ViewOf[M]) -> _Node[M]:
        """The kept subtree if it is for ``view`` (:attr:`remembers`), else a new root."""
        kept, self._kept = self._kept, None
        if kept is not None and kept[1] == view:
            return kept[0]
        return _Node(None, view.seat)

    def _keep(self, root: _Node[M], view: ViewOf[M], move: M) -> None:
        """Keep the subtree below ``move`` for the view the seat would see next, if the seat
        acts again at once: that view is foreseen in one determinization of ``view``, so a move
        that reveals what the seat did not know (a hidden tile) keeps nothing."""
        child = root.children.get(move) if self.remembers else None
        if child is None or not child.children:
            return
        game = self.game
        state, self.rng = _determinize(game, view, self.rng)
        after = game.apply(state, move)
        if game.current_player(after) == view.seat:
            self._kept = (child, game.view(after, view.seat))

    def _settled(
        self,
        root: _Node[M],
        moves: Sequence[M],
        left: int,
        end: float | None,
        searched: int,
        start: float,
    ) -> bool:
        """Whether the rest of the budget (``left`` iterations, or the CPU seconds until
        ``end``, at the pace of the ``searched`` since ``start``) can no longer change which of
        ``moves`` is the most visited (a kept tree may hold moves not legal now)."""
        if end is not None:
            now = thread_time()
            spent = now - start
            left = min(left, int(searched * (end - now) / spent) + 1 if spent > 0 else left)
        first = second = 0
        children = root.children
        for move in moves:
            child = children.get(move)
            if child is None:
                continue
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        return first - second > left

    def _iterate(self, root: _Node[M], state: object, rng: Rng, first: M | None = None) -> Rng:
        """One iteration from ``state``, a determinization of the root; ``first`` is the root
        move it must take (sequential halving), else UCB1 chooses there too."""
        game = self.game
        legal_moves, apply, current_player = game.legal_moves, game.apply, game.current_player
        stop = self.horizon(state)
        exploration = self.exploration
        path: list[_Node[M]] = []
        node = root
        expanded = False
        if first is not None:
            child = root.children.get(first)
            if child is None:
                seat = current_player(state)
                assert seat is not None
                child = root.children[first] = _Node(first, seat)
                if self._priors is not None:  # read by UCB1 if the budget is too small to halve
                    child.bias = self._priors.get(first, 0.0)
            child.avail += 1
            path.append(child)
            state = apply(state, first)
            node = child
            expanded = child.visits == 0
        # Selection and expansion.
        while not expanded and not stop(state):
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
                priors = self._priors if node is root else None
                if priors is None:
                    move, rng = rng.choice(untried)
                else:  # the most promising untried move first
                    top = max(priors[m] for m in untried)
                    move, rng = rng.choice([m for m in untried if priors[m] >= top])
                child = _Node(move, seat)
                if priors is not None:
                    child.bias = priors.get(move, 0.0)
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
                visits = c.visits
                value = (
                    c.total / visits
                    + exploration * sqrt(log(c.avail) / visits)
                    + c.bias / (visits + 1)
                )
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
        values = self.evaluate(state)
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


def evaluate(
    game: Game, state: object, strategy: Strategy[Any, Any, Any] | None = None
) -> tuple[float, ...]:
    """Per seat, how good ``state`` is in ``[0, 1]``: from its lead in
    :func:`~noahrules.bots.base.standing` over the best other seat (on the game's
    :attr:`~noahrules.game.Strategy.scale`, or ``strategy``'s), mixed half and half with the
    result (win 1, shared win 1/n, loss 0) once the game is over."""
    strategy = strategy or game.strategy
    scale = strategy.scale
    values = [0.5 + 0.5 * math.tanh(m / scale) for m in _lead(standing(game, state, strategy))]
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
