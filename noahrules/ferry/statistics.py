"""What one ferry game adds to a simulation report, and what its deal gave each seat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from noahrules.events import Event
from noahrules.ferry.events import AnimalsTaken, CardPlayed, FerryDeparted
from noahrules.ferry.state import State
from noahrules.game import Dealt, Statistics

__all__ = ["dealt", "statistics"]


def statistics(events: Sequence[Event], state: State) -> Statistics:
    """The departures (F16), the cards taken back (F13), the turns (F20: one play each, an
    extra turn counted) and the rounds played (F25), and the plays of each card."""
    plays = Counter(e.animal.card.id for e in events if isinstance(e, CardPlayed))
    numbers = {
        "departures": sum(isinstance(e, FerryDeparted) for e in events),
        "cards taken back": sum(len(e.cards) for e in events if isinstance(e, AnimalsTaken)),
        "turns": sum(plays.values()),
        "rounds": state.table.round,
    }
    return numbers, {"plays per card": dict(sorted(plays.items()))}


def dealt(state: State) -> Dealt:
    """Per seat, the cards of its first hand (F7): every card in play (F4) named, 1 for the
    cards dealt to it, 0 for the others (on a dock, in another hand or unused, F8)."""
    removed = {card.id for card in state.table.removed}
    in_play = sorted(card.id for card in state.rules.animals if card.id not in removed)
    hands = []
    for hand in state.hands:
        held = Counter(card.id for card in hand)
        hands.append({card: held[card] for card in in_play})
    return {"cards dealt": tuple(hands)}
