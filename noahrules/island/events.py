"""The island game's events: what each move caused. All are public (I20): a face-down tile that
the water covers is reported without its species, which nobody ever learns."""

from __future__ import annotations

from attrs import frozen

from noahrules.events import Event

__all__ = [
    "EVENTS",
    "ArkMoved",
    "ArkPlaced",
    "Flooded",
    "GameOver",
    "PairRescued",
    "TilesRevealed",
    "TurnEnded",
]


@frozen
class ArkPlaced(Event):
    """I7: ``seat`` placed its ark on ``space``."""

    seat: int
    space: int


@frozen
class TilesRevealed(Event):
    """I8, I11: tiles turned face up, as ``(space, species)`` pairs by ascending space."""

    tiles: tuple[tuple[int, str], ...]


@frozen
class Flooded(Event):
    """I9, I10: ``seat`` placed water on ``space`` and scored ``points``. ``lost`` is the species
    of a face-up animal covered there; ``lost_unseen`` says a face-down tile was covered."""

    seat: int
    space: int
    points: int
    lost: str | None = None
    lost_unseen: bool = False


@frozen
class ArkMoved(Event):
    """I13: ``seat`` moved its ark to ``space``."""

    seat: int
    space: int


@frozen
class PairRescued(Event):
    """I14: ``seat`` rescued the pair of ``species`` on ``first`` and ``second``."""

    seat: int
    first: int
    second: int
    species: str


@frozen
class TurnEnded(Event):
    """I15: ``seat``'s turn ended."""

    seat: int


@frozen
class GameOver(Event):
    """I16, I19: the game ended with these final ``scores`` and ``winners``."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


EVENTS: tuple[type[Event], ...] = (
    ArkPlaced,
    TilesRevealed,
    Flooded,
    ArkMoved,
    PairRescued,
    TurnEnded,
    GameOver,
)
"""Every event class of the island game."""
