"""What one island game adds to a simulation report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from noahrules.events import Event
from noahrules.game import Statistics
from noahrules.island.events import Flooded, PairRescued
from noahrules.island.state import State

__all__ = ["statistics"]


def statistics(events: Sequence[Event], state: State) -> Statistics:
    """The water placed (I9), the pairs rescued (I14) and the animals covered, and the pairs
    rescued of each species."""
    rescued = Counter(e.species for e in events if isinstance(e, PairRescued))
    floods = [e for e in events if isinstance(e, Flooded)]
    numbers = {
        "water placed": len(floods),
        "pairs rescued": sum(rescued.values()),
        "animals covered": sum(e.lost is not None or e.lost_unseen for e in floods),
    }
    return numbers, {"pairs rescued per species": dict(sorted(rescued.items()))}
