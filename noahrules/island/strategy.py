"""What the bots know of the island game beyond its rules: heuristics read from the rules data
(tile ``points``, the arks' ``doubled`` species, the scoring scheme), never from species names.

- :func:`heuristic` (the greedy bot): rescue the most valuable pair (x2 species, sole-rescuer
  bonus); sail next to pairs; flood for points, next to the ark and face-down animals, and never
  over a pair one could rescue.
- :func:`rollout` (the search bot's playouts): rescue the most valuable pair when one can (x2
  species first), else sail next to a pair when two actions are left, else end the turn; floods
  and ark places at random. :func:`horizon`: three turns' worth of water. :func:`standing`: the
  score so far, rescued animals counted.
- :func:`share` (the best bot's budget, ``STRATEGY.best``): a flood gets :data:`FLOOD_SHARE`
  times the budget per decision, every other decision :data:`ACT_SHARE` times; the best bot
  searches with the search bot's rollouts, horizon and standing, and chooses among three moves
  or more by sequential halving (``halving=True``).
"""

from __future__ import annotations

from collections.abc import Callable

from noahrules.game import Strategy
from noahrules.island.engine import END_TURN, legal_moves
from noahrules.island.moves import Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.ruleset import Scoring
from noahrules.island.scoring import breakdown
from noahrules.island.state import Phase, State, Table
from noahrules.island.view import View
from noahrules.rng import Rng

__all__ = [
    "ACT_SHARE",
    "FLOOD_SHARE",
    "HORIZON",
    "STRATEGY",
    "heuristic",
    "horizon",
    "rollout",
    "share",
    "standing",
]

HORIZON = 9
"""Rollouts stop after about this many decisions (a third as many water tiles) and are rated
from the score so far."""
FLOOD_SHARE = 2.0
"""The best bot's budget for a flood, as a multiple of its budget per decision: a flood chooses
among some 28 spaces, an action among some 5, and a 2-player game gives each seat about 18
floods and 31 other decisions, so with :data:`ACT_SHARE` the mean stays about the budget.
Against the search bot, both at 0.12 s of CPU per decision over 2-player games, choosing by
UCB1 at the root, 66.0% [60.5, 71.1] of 300 (seeds 9100, 9400, 9700) at 2 and 0.45; over the
100 of seed 9100, 66.0% at 2 and 0.45, 64.0% at 2.5 and 0.15, 59.0% at 1.5 and 0.7, 56.0% at 1
and 1; with sequential halving too, 73.8% [68.6, 78.5] of the 300 at 2 and 0.45
(docs/bots.md)."""
ACT_SHARE = 0.45
"""The best bot's budget for a decision other than a flood (an action, an ark's place), as a
multiple of its budget per decision."""


def _species_value(view: View, species: str) -> float:
    """What rescuing one pair of ``species`` is worth to the view's seat (I17, I18)."""
    rules = view.rules
    seat = view.seat
    kind = rules.kind[species]
    if not kind.rescuable:
        return 0.0
    mine = view.rescued[seat].count(species)
    others = [s for s, r in enumerate(view.rescued) if s != seat and species in r]
    if rules.scoring is Scoring.ADVANCED and rules.is_species(species):
        pairs = sum(r.count(species) for r in view.rescued) // 2
        value = float(rules.species_points // (pairs + 1))
    else:
        value = 2.0 * kind.points
    if species in rules.arks[seat].doubled:
        value *= 2
    if rules.is_species(species):
        if not others and not mine:
            value += rules.sole_rescuer_bonus
        elif len(others) == 1 and not mine:
            value += 0.5 * rules.sole_rescuer_bonus  # it spoils an opponent's bonus
    return value


def _reach(view: View, ark: int, pairs: dict[str, list[int]]) -> float:
    """The best pair the ark could rescue from ``ark`` (one tile next to it)."""
    near = view.rules.board.near[ark]
    best = 0.0
    for species, spaces in pairs.items():
        if any(s in near for s in spaces):
            best = max(best, _species_value(view, species))
    return best


def _nearby(view: View, ark: int) -> float:
    """Prospects around a water space: face-up pair tiles and face-down tiles next to it."""
    tiles = view.tiles
    value = 0.0
    for n in view.rules.board.neighbours[ark]:
        tile = tiles[n]
        if tile is not None:
            value += 0.3 if tile.face_up else 0.15
    return value


def _flood_value(view: View, space: int, pairs: dict[str, list[int]]) -> float:
    """Worth of flooding ``space``: the points (I10), the animals revealed near one's ark (I11),
    the pair spoiled or kept, and a new water space beside the ark to sail into."""
    board = view.rules.board
    ark = view.arks[view.seat]
    assert ark is not None
    tiles = view.tiles
    value = float(view.table.flood_points(space))  # I10
    around = board.near[ark]
    hidden = [n for n in board.neighbours[space] if (t := tiles[n]) is not None and not t.face_up]
    value += sum(0.6 if n in around else 0.25 for n in hidden)
    tile = tiles[space]
    if tile is not None and tile.face_up:
        spaces = pairs.get(tile.species, [])
        if len(spaces) == 2:  # covering it breaks the only pair of its species
            value -= 1.0 * _species_value(view, tile.species)
    if space in around:
        # The ark may sail into the new water next to land it could not reach before.
        reached = {n for spaces in pairs.values() for n in spaces}
        value += 0.5 * sum(1 for n in board.neighbours[space] if n in reached and n not in around)
    return value


def heuristic(view: View) -> list[float]:
    """A heuristic score per legal move of an island view (higher is better)."""
    board = view.rules.board
    ark = view.arks[view.seat]
    scores: list[float] = []
    pairs = view.table.pairs() if ark is not None else {}
    for move in view.legal_moves:
        if isinstance(move, Rescue):
            tile = view.tiles[move.first]
            assert tile is not None
            scores.append(10.0 + _species_value(view, tile.species))
        elif isinstance(move, MoveArk):
            assert ark is not None
            if view.actions_left >= 2:
                value = 5.0 + 0.9 * _reach(view, move.space, pairs)
                value = value if value > 5.0 else 0.0
            else:
                value = 0.0
            scores.append(value + _nearby(view, move.space) - _nearby(view, ark))
        elif isinstance(move, Flood):
            scores.append(_flood_value(view, move.space, pairs))
        elif isinstance(move, PlaceArk):
            ring = set(board.neighbours[move.space])
            for n in board.neighbours[move.space]:
                ring.update(board.neighbours[n])
            scores.append(float(sum(1 for s in ring if view.tiles[s] is not None)))
        else:  # EndTurn
            scores.append(0.0)
    return scores


def standing(state: State) -> list[float]:
    """Per seat, its score if the game ended now, rescued animals counted (I17-I19)."""
    return [float(b.total) for b in breakdown(state)]


def horizon(start: State) -> Callable[[State], bool]:
    """Rollouts stop at the end of the game or after :data:`HORIZON` decisions' worth of
    water."""
    return _stop_after(start, HORIZON // 3)


def _stop_after(start: State, floods: int) -> Callable[[State], bool]:
    """A predicate true at the end of the game or once more than ``floods`` water tiles are laid
    after ``start``."""
    floor = start.table.water_left - floods

    def stop(state: State) -> bool:
        table = state.table
        return table.phase is Phase.OVER or table.water_left < floor

    return stop


def rollout(state: State, rng: Rng) -> tuple[Move, Rng]:
    """Rescue the most valuable pair when one can (x2 species first); else sail next to a pair
    when two actions are left; else end the turn. Floods and ark places are random."""
    table: Table = state.table
    phase = table.phase
    if phase is Phase.FLOOD:  # the flood moves are the frontier's, in its order (I9)
        space, rng = rng.choice(table.frontier)
        return table.rules.moves.flood[space], rng
    moves = legal_moves(state)
    if phase is not Phase.ACT:
        return rng.choice(moves)
    rules = table.rules
    tiles = table.tiles
    rescues = [m for m in moves if isinstance(m, Rescue)]
    if rescues:
        doubled = rules.arks[table.seat].doubled
        best = [m for m in rescues if (t := tiles[m.first]) is not None and t.species in doubled]
        return rng.choice(best or rescues)
    if table.actions_left >= 2:
        near = rules.board.near
        paired = {n for spaces in table.pairs().values() for n in spaces}
        sails = [
            m for m in moves if isinstance(m, MoveArk) and not near[m.space].isdisjoint(paired)
        ]
        if sails:
            return rng.choice(sails)
    return END_TURN, rng


def share(view: View) -> float:
    """The best bot's part of its budget for this decision: :data:`FLOOD_SHARE` for a flood,
    else :data:`ACT_SHARE`."""
    return FLOOD_SHARE if view.table.phase is Phase.FLOOD else ACT_SHARE


STRATEGY: Strategy[State, Move, View] = Strategy(
    standing=standing,
    scale=4.0,
    heuristic=heuristic,
    rollout=rollout,
    horizon=horizon,
    repeats=False,  # every flood raises the water for good (I9), every action uses one (I12)
    best=Strategy(
        standing=standing,
        rollout=rollout,
        horizon=horizon,
        iterations=500,
        share=share,
        halving=True,
    ),
)
"""The island game's heuristics for the bots."""
