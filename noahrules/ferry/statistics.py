"""What one ferry game adds to a simulation report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from noahrules.events import Event
from noahrules.ferry.events import AnimalsTaken, CardPlayed, FerryDeparted
from noahrules.ferry.state import State
from noahrules.game import Statistics

__all__ = ["statistics"]


def statistics(events: Sequence[Event], state: State) -> Statistics:
    """The departures (F16), the cards taken back (F13) and the rounds played, and the plays of
    each card."""
    plays = Counter(e.animal.card.id for e in events if isinstance(e, CardPlayed))
    numbers = {
        "departures": sum(isinstance(e, FerryDeparted) for e in events),
        "cards taken back": sum(len(e.cards) for e in events if isinstance(e, AnimalsTaken)),
        "rounds": state.table.round,
    }
    return numbers, {"plays per card": dict(sorted(plays.items()))}
