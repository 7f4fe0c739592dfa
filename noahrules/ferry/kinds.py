"""Enumerations of the ferry game; each ``.value`` is the word used in the YAML data."""

from __future__ import annotations

import enum

__all__ = ["Gender", "Pattern", "ShortDeal"]


class Gender(enum.Enum):
    """A card's printed gender; ``EITHER`` is chosen when played (F29)."""

    MALE = "male"
    FEMALE = "female"
    EITHER = "either"

    # Members are singletons compared by identity; the identity hash is much faster than
    # Enum's name hash, and genders key the engine's lookup tables.
    __hash__ = object.__hash__


class Pattern(enum.Enum):
    """F10: how the genders of the animals aboard a ferry follow one another."""

    SAME = "same"
    """All of one gender."""
    ALTERNATING = "alternating"
    """Strictly alternating."""

    __hash__ = object.__hash__

    @classmethod
    def of(cls, first: Gender, second: Gender) -> Pattern:
        """The pattern two animals of these genders, one after the other, fix (F10)."""
        return cls.SAME if first is second else cls.ALTERNATING


class ShortDeal(enum.Enum):
    """How to deal when the deck is too small for full hands (F7, ``short_deal``)."""

    EQUAL = "equal"
    """Everyone gets floor((deck - docks) / players) cards."""
    STOP = "stop"
    """Deal round-robin until the deck is empty."""
