"""The search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse (2012). Each iteration:

1. *determinize*: sample a full state consistent with the bot's view (``game.determinize``),
   with the bot's own generator;
2. *select*: walk down a tree whose nodes are keyed by move sequences, choosing at each node by
   UCB1 among the children whose move is legal in this determinization; a child's
   *availability* counts the iterations in which it could have been chosen, and takes the place
   of the parent's visits in UCB1;
3. *expand*: add one untried legal move (chosen at random);
4. *roll out*: play on with a cheap per-game policy (:data:`_POLICIES`) until the game ends or a
   per-game horizon (ferry: the end of the root's round; island: a number of decisions) and
   evaluate the position per seat in ``[0, 1]`` (:func:`evaluate`);
5. *back up*: every edge on the path adds the value for the seat that chose its move.

The move played is the root's most visited child. The budget is a number of iterations; with
only one legal move the bot answers at once. Everything random comes from the bot's seeded
:class:`~noahrules.rng.Rng`, so the same seed and views give the same moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from noahrules import ferry as ferry_game
from noahrules import island as island_game
from noahrules.bots.base import moves_to_choose
from noahrules.rng import Rng

__all__ = ["DEFAULT_ITERATIONS", "SearchBot", "evaluate"]

DEFAULT_ITERATIONS = 100
"""The default budget: a modest search that plays a game in a few seconds."""

EXPLORATION = 0.7
"""UCB1's exploration constant (values are in [0, 1])."""

ISLAND_HORIZON = 9
"""Island rollouts stop after this many decisions and are evaluated from the points so far."""


class _Node:
    """A node of the search tree: the edge from its parent (``move``, chosen by ``seat``) and its
    statistics."""

    __slots__ = ("avail", "children", "move", "seat", "total", "visits")

    def __init__(self, move: Any, seat: int) -> None:
        self.move = move
        self.seat = seat
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class SearchBot:
    """Information-set Monte Carlo tree search over determinizations of the view, with a budget
    of ``iterations`` iterations per decision (see the module docstring)."""

    name = "search"

    def __init__(self, game: Any, seed: int = 0, iterations: int = DEFAULT_ITERATIONS) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if game.NAME not in _POLICIES:
            raise ValueError(f"the search bot has no rollout policy for the game '{game.NAME}'")
        self.game = game
        self.rng = Rng.from_seed(seed)
        self.iterations = iterations
        self.policy = _POLICIES[game.NAME]
        self.horizon = _HORIZONS[game.NAME]

    def choose(self, view: Any) -> Any:
        """The most visited root move after ``iterations`` iterations of search."""
        moves = moves_to_choose(view)
        if len(moves) == 1:
            return moves[0]
        game = self.game
        root = _Node(None, view.seat)
        rng = self.rng
        for _ in range(self.iterations):
            state, rng = _determinize(game, view, rng)
            rng = self._iterate(root, state, rng)
        self.rng = rng
        return max(
            moves,
            key=lambda m: (
                (child := root.children.get(m)) is not None and child.visits,
                child.total / child.visits if child is not None and child.visits else 0.0,
            ),
        )

    def _iterate(self, root: _Node, state: Any, rng: Rng) -> Rng:
        game = self.game
        stop = self.horizon(state)
        path: list[_Node] = []
        node = root
        # Selection and expansion.
        while not stop(state):
            moves = game.legal_moves(state)
            seat = game.current_player(state)
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried:
                move, rng = rng.choice(untried)
                child = _Node(move, seat)
                children[move] = child
                for m in moves:
                    c = children.get(m)
                    if c is not None:
                        c.avail += 1
                path.append(child)
                state = game.apply(state, move)
                break
            best: _Node | None = None
            best_value = -1.0
            for m in moves:
                c = children[m]
                c.avail += 1
                value = c.total / c.visits + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
                if value > best_value:
                    best, best_value = c, value
            assert best is not None
            path.append(best)
            node = best
            state = game.apply(state, best.move)
        # Rollout.
        policy = self.policy
        while not stop(state):
            move, rng = policy(state, rng)
            state = game.apply(state, move)
        values = evaluate(game, state)
        for n in path:
            n.visits += 1
            n.total += values[n.seat]
        return rng


def _determinize(game: Any, view: Any, rng: Rng) -> tuple[Any, Rng]:
    """A determinization of ``view`` and the advanced generator (a fresh seed per sample)."""
    seed, rng = rng.next64()
    return game.determinize(view, Rng.from_seed(seed)), rng


# --- evaluation ----------------------------------------------------------------------------------


def evaluate(game: Any, state: Any) -> tuple[float, ...]:
    """Per seat, how good ``state`` is in ``[0, 1]``: from the score margin over the best
    opponent (ferry: lower penalty is better; island: higher points, rescued animals counted),
    mixed half and half with the result (win 1, shared win 1/n, loss 0) once the game is over."""
    margins, scale = _MARGINS[game.NAME](state)
    values = [0.5 + 0.5 * math.tanh(m / scale) for m in margins]
    if game.is_over(state):
        won = game.winners(state)
        values = [0.5 * v + (0.5 / len(won) if s in won else 0.0) for s, v in enumerate(values)]
    return tuple(values)


def _lead(totals: list[float]) -> list[float]:
    """Per seat, its total minus the best total among the others."""
    result = []
    for seat, mine in enumerate(totals):
        others = [t for s, t in enumerate(totals) if s != seat]
        result.append(mine - max(others))
    return result


def _ferry_margins(state: Any) -> tuple[list[float], float]:
    # Penalties are bad: negate them. Mid-round, the tears in hand are what the round would add.
    totals = [
        -float(p + sum(c.tears for c in hand))
        for p, hand in zip(state.penalties, state.hands, strict=True)
    ]
    return _lead(totals), 4.0


def _island_margins(state: Any) -> tuple[list[float], float]:
    totals = [float(b.total) for b in island_game.breakdown(state)]
    return _lead(totals), 4.0


_MARGINS: dict[str, Callable[[Any], tuple[list[float], float]]] = {
    "ferry": _ferry_margins,
    "island": _island_margins,
}


# --- horizons ------------------------------------------------------------------------------------


def _ferry_horizon(start: Any) -> Callable[[Any], bool]:
    """Stop at the end of the round of ``start`` (or of the game)."""
    round_ = start.round

    def stop(state: Any) -> bool:
        return bool(state.round != round_ or ferry_game.is_over(state))

    return stop


def _island_horizon(start: Any) -> Callable[[Any], bool]:
    """Stop at the end of the game or after :data:`ISLAND_HORIZON` turns' worth of water."""
    floor = start.water_left - ISLAND_HORIZON // 3

    def stop(state: Any) -> bool:
        return bool(island_game.is_over(state) or state.water_left < floor)

    return stop


_HORIZONS: dict[str, Callable[[Any], Callable[[Any], bool]]] = {
    "ferry": _ferry_horizon,
    "island": _island_horizon,
}


# --- rollout policies (on full states) -----------------------------------------------------------


def _ferry_rollout(state: Any, rng: Rng) -> tuple[Any, Rng]:
    """Make a ferry depart when a card can; give and give back the cards with most tears;
    otherwise a random legal move."""
    moves: tuple[Any, ...] = ferry_game.legal_moves(state)
    phase = state.phase
    if phase is ferry_game.Phase.PLAY and len(moves) > 1:
        here = state.docks[state.noah]
        card = state.rules.card
        departing = []
        for m in moves:
            c = card[m.card]
            weight = m.weight if m.weight is not None else c.weight
            limit = c.abilities.capacity_limit
            cap = here.capacity if limit is None else min(limit, here.capacity)
            if here.load + weight == cap:
                departing.append(m)
        if departing:
            return rng.choice(departing)
    elif phase is ferry_game.Phase.GIVE or phase is ferry_game.Phase.GIVE_BACK:
        card = state.rules.card
        most = max(card[m.card].tears for m in moves if not isinstance(m, ferry_game.EndGiving))
        heavy = [m for m in moves if not isinstance(m, ferry_game.EndGiving)]
        return rng.choice([m for m in heavy if card[m.card].tears == most])
    return rng.choice(moves)


def _island_rollout(state: Any, rng: Rng) -> tuple[Any, Rng]:
    """Rescue the most valuable pair when one can (x2 species first); else sail next to a pair
    when two actions are left; else end the turn. Floods and ark places are random."""
    moves: tuple[Any, ...] = island_game.legal_moves(state)
    if state.phase is not island_game.Phase.ACT:
        return rng.choice(moves)
    rules = state.rules
    tiles = state.tiles
    rescues = [m for m in moves if isinstance(m, island_game.Rescue)]
    if rescues:
        doubled = rules.arks[state.seat].doubled
        best = [m for m in rescues if tiles[m.first].species in doubled]
        return rng.choice(best or rescues)
    if state.actions_left >= 2:
        near = rules.board.near
        count: dict[str, int] = {}
        for s in state.face_up:
            species = tiles[s].species
            count[species] = count.get(species, 0) + 1
        sails = [
            m
            for m in moves
            if isinstance(m, island_game.MoveArk)
            and any(
                count.get(t.species, 0) >= 2 and rules.kind[t.species].rescuable
                for n in near[m.space]
                if (t := tiles[n]) is not None and t.face_up
            )
        ]
        if sails:
            return rng.choice(sails)
    return _END_TURN, rng


_END_TURN = island_game.EndTurn()


_POLICIES: dict[str, Callable[[Any, Rng], tuple[Any, Rng]]] = {
    "ferry": _ferry_rollout,
    "island": _island_rollout,
}
