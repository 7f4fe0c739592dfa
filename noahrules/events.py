"""What a move caused, as events that know who may see them.

Every event is public in shape: all seats learn that it happened. Some carry a secret (the card a
lion stole, the hand a giraffe saw); those name their ``insiders``, and every other seat gets the
event with the secret fields set to ``None`` (:meth:`Event.seen_by`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, TypeVar

import attrs
from attrs import frozen

__all__ = ["Event", "events_for"]

E = TypeVar("E", bound="Event")


@frozen
class Event:
    """Base of all events. ``SECRET`` names the fields only ``insiders`` may see."""

    SECRET: ClassVar[tuple[str, ...]] = ()

    @property
    def insiders(self) -> tuple[int, ...]:
        """The seats that see this event whole (all seats when there is no secret)."""
        return ()

    def seen_by(self: E, seat: int) -> E:
        """This event as ``seat`` sees it: whole for an insider, its secret fields ``None``
        for everyone else."""
        if not self.SECRET or seat in self.insiders:
            return self
        return attrs.evolve(self, **dict.fromkeys(self.SECRET))


def events_for(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` sees them."""
    return tuple(event.seen_by(seat) for event in events)
