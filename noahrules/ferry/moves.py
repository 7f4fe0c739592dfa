"""The ferry game's moves: one small frozen class per kind of decision.

A card is named by its id string from the YAML data; a seat by its index; a dock by its index.
"""

from __future__ import annotations

from attrs import frozen

from noahrules.ferry.kinds import Gender

__all__ = [
    "MOVES",
    "EndGiving",
    "GiveBack",
    "GiveCard",
    "LookAtHand",
    "Move",
    "MoveNoah",
    "PlayAnimal",
    "SendEscapee",
    "StealFrom",
    "TakeAnimals",
]


@frozen
class Move:
    """The base class of the ferry game's moves."""


@frozen(cache_hash=True)
class PlayAnimal(Move):
    """Play ``card`` onto the ferry at Noah's dock (F12).

    ``gender`` is required for a card with ``choose_gender`` (F29) and must be ``None`` otherwise;
    ``weight`` is required for a card with ``wild_weight`` (V2) and must be ``None`` otherwise.
    """

    card: str
    gender: Gender | None = None
    weight: int | None = None


@frozen(cache_hash=True)
class TakeAnimals(Move):
    """Take every animal on the ferry into hand, when no card can be played (F13)."""


@frozen(cache_hash=True)
class MoveNoah(Move):
    """Move Noah to ``dock`` (F14)."""

    dock: int


@frozen(cache_hash=True)
class GiveCard(Move):
    """Give ``card`` to the opponent at seat ``to`` as a departure bonus (F17)."""

    card: str
    to: int


@frozen(cache_hash=True)
class EndGiving(Move):
    """Give no more bonus cards (F17)."""


@frozen(cache_hash=True)
class LookAtHand(Move):
    """Look at the hand of the opponent at ``seat`` (giraffe, F32)."""

    seat: int


@frozen(cache_hash=True)
class StealFrom(Move):
    """Steal a random card from the opponent at ``seat`` (lion, F33)."""

    seat: int


@frozen(cache_hash=True)
class GiveBack(Move):
    """Give ``card`` to the opponent just robbed (lion, F33)."""

    card: str


@frozen(cache_hash=True)
class SendEscapee(Move):
    """Send the animal that escaped to the opponent at ``seat`` (crocodile, V3)."""

    seat: int


MOVES: tuple[type[Move], ...] = (
    PlayAnimal,
    TakeAnimals,
    MoveNoah,
    GiveCard,
    EndGiving,
    LookAtHand,
    StealFrom,
    GiveBack,
    SendEscapee,
)
"""Every move class of the ferry game."""
