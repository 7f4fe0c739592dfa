"""The ferry game's events: what each move caused, for logs, user interfaces and servers.

Secrets (F26) are marked: the hand a giraffe saw goes to the looker only, a stolen, returned or
gifted card to the two players involved; everyone else sees the event without the card.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from noahrules.events import Event
from noahrules.ferry.ruleset import Boarded, Card, FerryCard
from noahrules.ferry.state import Ferry

__all__ = [
    "EVENTS",
    "AnimalEscaped",
    "AnimalsTaken",
    "CardGiven",
    "CardGivenBack",
    "CardPlayed",
    "CardStolen",
    "EscapeeSent",
    "FerryArrived",
    "FerryDeparted",
    "GameOver",
    "HandLookedAt",
    "NoahMoved",
    "PenaltyReduced",
    "RoundEnded",
    "RoundStarted",
]


@frozen
class RoundStarted(Event):
    """F5-F7: a round was dealt; its docks (with their setup animals), centre, Noah and the
    sizes of the hands are public."""

    round: int
    first_player: int
    docks: tuple[Ferry | None, ...]
    centre: tuple[FerryCard, ...]
    noah: int
    hand_sizes: tuple[int, ...]


@frozen
class CardPlayed(Event):
    """F12: ``seat`` played ``animal`` (with its chosen gender and weight) at ``dock``."""

    seat: int
    animal: Boarded
    dock: int
    pair: bool
    """F15: the play made a pair."""


@frozen
class AnimalsTaken(Event):
    """F13: ``seat`` took every animal of the ferry at ``dock`` into hand (public, F26)."""

    seat: int
    dock: int
    cards: tuple[Card, ...]


@frozen
class PenaltyReduced(Event):
    """V3: a crocodile's tears lowered ``seat``'s penalty to ``penalty``."""

    seat: int
    penalty: int


@frozen
class AnimalEscaped(Event):
    """V3: ``card`` escaped the ferry at ``dock``."""

    card: Card
    dock: int


@frozen
class EscapeeSent(Event):
    """V3: the escaped ``card`` went into the hand of ``seat``."""

    seat: int
    card: Card


@frozen
class HandLookedAt(Event):
    """F32: ``seat`` looked at the hand of ``target``; only the looker sees ``cards``."""

    SECRET: ClassVar[tuple[str, ...]] = ("cards",)

    seat: int
    target: int
    cards: tuple[Card, ...] | None

    @property
    def insiders(self) -> tuple[int, ...]:
        """The looker."""
        return (self.seat,)


@frozen
class _Passed(Event):
    """A card passed between two players; only they see which."""

    SECRET: ClassVar[tuple[str, ...]] = ("card",)

    giver: int
    receiver: int
    card: Card | None

    @property
    def insiders(self) -> tuple[int, ...]:
        """The two players the card passed between."""
        return (self.giver, self.receiver)


@frozen
class CardStolen(_Passed):
    """F33: a lion's player (``receiver``) took a random card from ``giver``."""


@frozen
class CardGivenBack(_Passed):
    """F33: the lion's player (``giver``) gave a card back to the robbed ``receiver``."""


@frozen
class CardGiven(_Passed):
    """F17: a departure bonus card from ``giver`` to ``receiver``."""


@frozen
class NoahMoved(Event):
    """F14: Noah moved to ``dock``."""

    dock: int


@frozen
class FerryDeparted(Event):
    """F16: the ferry at ``dock`` departed with ``cards``; ``departures`` this round so far."""

    dock: int
    ferry: FerryCard
    cards: tuple[Card, ...]
    departures: int


@frozen
class FerryArrived(Event):
    """F18: ``ferry`` came from the centre to ``dock``, empty."""

    dock: int
    ferry: FerryCard


@frozen
class RoundEnded(Event):
    """F22: the round ended; each seat's ``tears`` left in hand and the new ``penalties``."""

    round: int
    tears: tuple[int, ...]
    penalties: tuple[int, ...]


@frozen
class GameOver(Event):
    """F25, V1: the game ended."""

    penalties: tuple[int, ...]
    winners: tuple[int, ...]


EVENTS: tuple[type[Event], ...] = (
    RoundStarted,
    CardPlayed,
    AnimalsTaken,
    PenaltyReduced,
    AnimalEscaped,
    EscapeeSent,
    HandLookedAt,
    CardStolen,
    CardGivenBack,
    CardGiven,
    NoahMoved,
    FerryDeparted,
    FerryArrived,
    RoundEnded,
    GameOver,
)
"""Every event class of the ferry game."""
