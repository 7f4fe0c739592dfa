"""Determinization of an island view: one full state no seat can tell from the real one.

A search bot sees only its :class:`~noahrules.island.view.View` (DESIGN principle 4). To look ahead
it samples a complete :class:`~noahrules.island.state.State` that agrees with everything the view
shows: the tiles nobody has seen are dealt at random onto the face-down spaces, under the unseen
covered places and into the set-aside pile (I20). Face-up tiles stay where they are.
"""

from __future__ import annotations

from collections import Counter

from noahrules.island.state import State
from noahrules.island.view import View
from noahrules.rng import Rng

__all__ = ["determinize", "unseen_species"]


def unseen_species(view: View) -> tuple[str, ...]:
    """The species of the tiles nobody has seen, one entry per tile, in the order of the rules
    data: the box (I2) minus the face-up tiles on the island, the rescued animals and the covered
    tiles that lay face up. These are the face-down, unseen covered and set-aside tiles (I20)."""
    seen: Counter[str] = Counter(t.species for t in view.tiles if t is not None and t.face_up)
    seen.update(s for s in view.covered if s is not None)
    for rescued in view.rescued:
        seen.update(rescued)
    unseen: list[str] = []
    for kind in view.rules.tiles:
        left = kind.count - seen.pop(kind.species, 0)
        if left < 0:
            raise ValueError(f"the view shows {kind.count - left} {kind.species} of {kind.count}")
        unseen += [kind.species] * left
    if seen:
        raise ValueError(f"the view shows species the rules do not have: {sorted(seen)}")
    return tuple(unseen)


def determinize(view: View, rng: Rng) -> State:
    """A full state consistent with ``view``, its unseen tiles dealt at random from ``rng``.

    The tiles of :func:`unseen_species` are shuffled with ``rng`` and dealt, face down, onto the
    face-down spaces (ascending), then into the unseen covered places (in covering order), then
    into the set-aside pile. Every other field is copied from the view; ``frontier`` and
    ``face_up`` are recomputed from the board. The island game has no chance after setup, so the
    state holds no generator.

    ``view(determinize(v, rng), v.seat) == v``; the same ``v`` and ``rng`` give the same state.
    Raises :class:`ValueError` when the view's tile counts do not add up (a forged view).
    """
    rules = view.rules
    board = rules.board
    unseen = unseen_species(view)
    down = sum(1 for t in view.tiles if t is not None and not t.face_up)
    hidden_covered = view.covered.count(None)
    if len(unseen) != down + hidden_covered + view.set_aside:
        raise ValueError(
            f"the view hides {len(unseen)} tiles but has {down} face down, "
            f"{hidden_covered} covered unseen and {view.set_aside} set aside"
        )
    dealt, _ = rng.shuffled(unseen)
    face_down, face_up = rules.face_down, rules.face_up
    deal = iter(dealt)
    tiles = tuple(
        None if t is None else face_up[t.species] if t.face_up else face_down[next(deal)]
        for t in view.tiles
    )
    covered = tuple(face_down[next(deal)] if s is None else face_up[s] for s in view.covered)
    set_aside = tuple(face_down[s] for s in deal)
    return State(
        rules=rules,
        players=view.players,
        first_player=view.first_player,
        seat=view.seat if view.to_act is None else view.to_act,
        phase=view.phase,
        tiles=tiles,
        water=view.water,
        arks=view.arks,
        rescued=view.rescued,
        water_left=view.water_left,
        points=view.points,
        actions_left=view.actions_left,
        covered=covered,
        set_aside=set_aside,
        frontier=board.shore(view.water),
        face_up=tuple(s for s, t in enumerate(tiles) if t is not None and t.face_up),
    )
