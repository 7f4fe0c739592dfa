"""What one island game adds to a simulation report, and what its deal gave each seat."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from noahrules.events import Event
from noahrules.game import Dealt, Statistics
from noahrules.island.engine import apply, legal_moves
from noahrules.island.events import Flooded, PairRescued
from noahrules.island.state import State

__all__ = ["dealt", "statistics"]


def statistics(events: Sequence[Event], state: State) -> Statistics:
    """The water placed (I9), the pairs rescued (I14), the animals covered, the turns (one
    flood each, I9) and the rounds (every player's turn once, I15; the last may be partial),
    and the pairs rescued of each species."""
    rescued = Counter(e.species for e in events if isinstance(e, PairRescued))
    floods = [e for e in events if isinstance(e, Flooded)]
    numbers = {
        "water placed": len(floods),
        "pairs rescued": sum(rescued.values()),
        "animals covered": sum(e.lost is not None or e.lost_unseen for e in floods),
        "turns": len(floods),
        "rounds": math.ceil(len(floods) / state.players),
    }
    return numbers, {"pairs rescued per species": dict(sorted(rescued.items()))}


def dealt(state: State) -> Dealt:
    """Per seat, the animals of the species its ark marks x2 (I4; seat k takes ark k) that the
    first reveal (I8) lays face up: each of the three species named, 0 when none is face up.

    The first reveal turns every tile next to water, and arks are not water, so it turns the
    same tiles wherever the arks are placed (I7): it is the deal's, not the players' choice."""
    revealed = state
    for _ in range(state.players):  # I7: the arks placed on the first free spaces
        revealed = apply(revealed, legal_moves(revealed)[0])
    face_up = Counter(t.species for t in revealed.tiles if t is not None and t.face_up)
    return {
        "x2 species face up at the start": tuple(
            {species: face_up[species] for species in sorted(state.rules.arks[seat].doubled)}
            for seat in range(state.players)
        )
    }
