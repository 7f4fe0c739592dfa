"""Determinization of an island view: one full state no seat can tell from the real one.

A search bot sees only its :class:`~noahrules.island.view.View`. To look ahead
it samples a complete :class:`~noahrules.island.state.State` that agrees with everything the view
shows: the view's own table, and a deal in which the tiles nobody has seen lie at random on the
face-down spaces, under the unseen covered places and in the set-aside pile (I20).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from noahrules.island.ruleset import Tile
from noahrules.island.state import State, make_state
from noahrules.island.view import View
from noahrules.rng import Rng

__all__ = ["determinize", "unseen_species"]


def unseen_species(view: View) -> tuple[str, ...]:
    """The species of the tiles nobody has seen, one entry per tile, in the order of the rules
    data: the box (I2) minus the face-up tiles on the island, the rescued animals and the covered
    tiles that lay face up. These are the face-down, unseen covered and set-aside tiles (I20)."""
    table = view.table
    seen = Counter([t.species for t in table.tiles if t is not None and t.face_up])
    seen.update([s for _, s in table.covered if s is not None])
    for rescued in table.rescued:
        seen.update(rescued)
    unseen: list[str] = []
    for kind in table.rules.tiles:
        left = kind.count - seen.pop(kind.species, 0)
        if left < 0:
            raise ValueError(f"the view shows {kind.count - left} {kind.species} of {kind.count}")
        unseen += [kind.species] * left
    if seen:
        raise ValueError(f"the view shows species the rules do not have: {sorted(seen)}")
    return tuple(unseen)


def determinize(view: View, rng: Rng) -> State:
    """A full state consistent with ``view``: its table, and a deal sampled with ``rng``.

    The tiles of :func:`unseen_species` are shuffled with ``rng``
    (:meth:`~noahrules.rng.Rng.permuted`) and dealt, face down, onto the face-down spaces
    (ascending), then under the unseen covered places (in covering order); the rest are the
    set-aside pile. The spaces whose tiles are known (face up, covered face up, rescued) hold
    those. The island game has no chance after setup, so the state holds no generator.

    ``view(determinize(v, rng), v.seat) == v``; the same ``v`` and ``rng`` give the same state.
    Raises :class:`ValueError` when the view's tile counts do not add up (a forged view).
    """
    unseen, spaces, known = _plan(view)
    face_down = view.table.rules.face_down
    shuffled, _ = rng.permuted(unseen)
    dealt = list(known)
    for space, species in zip(spaces, shuffled, strict=False):
        dealt[space] = face_down[species]
    pile = tuple([face_down[s] for s in shuffled[len(spaces) :]])
    return make_state(view.table, tuple(dealt), pile)


@lru_cache(maxsize=16)
def _plan(view: View) -> tuple[tuple[str, ...], tuple[int, ...], tuple[Tile | None, ...]]:
    """What :func:`determinize` deals from ``view``, the same for every sample of it (a search
    samples the one view again and again): the unseen species to shuffle, the spaces the first
    of them go to, in order, and the deal of the other spaces, whose tiles are known."""
    table = view.table
    rules = table.rules
    if len(table.tiles) != len(rules.board.kind):
        raise ValueError(f"{len(table.tiles)} tile places for {len(rules.board.kind)} spaces")
    face_down = rules.face_down
    jungle = rules.board.of_kind("jungle")
    unseen = unseen_species(view)
    tiles = table.tiles
    down = [s for s, t in enumerate(tiles) if t is not None and not t.face_up]
    covered = dict(table.covered)
    hidden_covered = [s for s, species in table.covered if species is None]
    if len(unseen) < len(down) + len(hidden_covered):
        raise ValueError(
            f"the view hides {len(unseen)} tiles but has {len(down)} face down and "
            f"{len(hidden_covered)} covered unseen"
        )
    known: list[Tile | None] = [None] * len(tiles)
    rescued = sorted([s for seat in table.rescued for s in seat])
    emptied = [s for s in jungle if tiles[s] is None and s not in covered]
    if len(emptied) < len(rescued):
        raise ValueError(f"{len(emptied)} emptied jungle spaces for {len(rescued)} rescued animals")
    rescued_on = dict(zip(emptied, rescued, strict=False))
    for space in jungle:
        tile = tiles[space]
        if tile is not None and tile.face_up:
            known[space] = face_down[tile.species]
        elif (seen := covered.get(space)) is not None:
            known[space] = face_down[seen]
        elif space in rescued_on:
            known[space] = face_down[rescued_on[space]]
    return unseen, (*down, *hidden_covered), tuple(known)
