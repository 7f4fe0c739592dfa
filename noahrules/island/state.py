"""The island game's state: an immutable value.

A :class:`State` is the public :class:`Table`, which every seat sees (face-down tiles shown as
:data:`HIDDEN`), and the hidden deal: the tile dealt face down on each jungle space and the
tiles set aside (I5, I20). The deal never changes during a game, so every state of a game
shares it. A view holds the very same table.
"""

from __future__ import annotations

import enum
from collections.abc import Collection

from attrs import field, frozen

from noahrules.island.ruleset import Rules, Tile
from noahrules.shown import Shown
from noahrules.values import Bits, KeepsMoves, Part, as_bits, maker, members

__all__ = ["HIDDEN", "Phase", "PublicFields", "State", "Table"]

HIDDEN = Tile("?", False)
"""How the table shows a face-down tile: its species is unknown to every seat (I20)."""


class Phase(enum.Enum):
    """The decision pending in a state."""

    PLACE_ARK = "place_ark"
    """I7: place your ark (``PlaceArk``)."""
    FLOOD = "flood"
    """I9: place a water tile (``Flood``)."""
    ACT = "act"
    """I12: move the ark (``MoveArk``), rescue a pair (``Rescue``) or stop (``EndTurn``)."""
    OVER = "over"
    """The game is over (I16)."""

    # Members are singletons compared by identity; the identity hash is much faster than
    # Enum's name hash, and phases key the engine's dispatch table.
    __hash__ = object.__hash__


@frozen(cache_hash=True, weakref_slot=False, repr=False)
class Table:
    """What every seat sees of an island game: the board as it lies, the arks, the scores.
    Spaces are indexes into the per-space tuples (see ``rules.board``)."""

    rules: Rules
    players: int
    first_player: int
    """The seat that placed its ark first and took the first turn (I6)."""
    seat: int
    """The seat to act."""
    phase: Phase
    tiles: tuple[Tile | None, ...]
    """Per space: a face-up tile, :data:`HIDDEN` for a face-down one, or ``None``."""
    water_bits: Bits = field(alias="water", converter=as_bits)
    """The spaces that are water now (sea, flooded land, and the ark spaces unless the rules
    set ``ark_spaces_are_water: false``, I1) as :data:`~noahrules.values.Bits`, what the engine
    reads; :attr:`water` is the same set. Given as ``water``, a set of spaces (or bits)."""
    arks: tuple[int | None, ...]
    """Per seat, the space of its ark (``None`` before it is placed)."""
    rescued: tuple[tuple[str, ...], ...]
    """Per seat, the species of the animals rescued, one entry per animal, in rescue order."""
    water_left: int
    points: tuple[int, ...]
    """Per seat, starting and flood points so far (animal points come with ``scores``)."""
    actions_left: int
    """Actions the seat to act may still take this turn (I12)."""
    covered: tuple[tuple[int, str | None], ...]
    """Per tile covered by water, in order: its space and, if it lay face up, its species
    (lost for good, I9)."""
    frontier: tuple[int, ...]
    """The land spaces next to water, ascending: where water may be placed (I9)."""
    face_up: tuple[int, ...]
    """The spaces holding a face-up tile, ascending."""

    @property
    def water(self) -> frozenset[int]:
        """The spaces that are water now: sea, flooded land, and the ark spaces unless the rules
        set ``ark_spaces_are_water: false`` (I1)."""
        return members(self.water_bits)

    def summary(self) -> str:
        """The position in one line: who is to do what, water left, points."""
        return f"{self.doing()}, water left {self.water_left}, points {self.points}"

    def doing(self) -> str:
        """Who is to do what: ``"seat 1 to place ark"``, or ``"game over"``."""
        if self.phase is Phase.OVER:
            return "game over"
        return f"seat {self.seat} to {self.phase.value.replace('_', ' ')}"

    def __repr__(self) -> str:
        return f"<island.Table {self.summary()}>"

    def flood_points(self, space: int) -> int:
        """I10: what laying water on ``space`` scores now: 1 per water space next to it."""
        return (self.rules.board.near_bits[space] & self.water_bits).bit_count()

    def pairs(self, among: Collection[str] | None = None) -> dict[str, list[int]]:
        """The face-up animals of each rescuable species of which two or more lie on the
        island, by species (in order of first space), their spaces ascending (I14, I16); only
        of the species ``among`` when given."""
        kind = self.rules.kind
        tiles = self.tiles
        found: dict[str, list[int]] = {}
        for space in self.face_up:
            tile = tiles[space]
            assert tile is not None
            species = tile.species
            spaces = found.get(species)  # a species is judged once, at its first tile
            if spaces is not None:
                spaces.append(space)
            elif (among is None or species in among) and kind[species].rescuable:
                found[species] = [space]
        return {species: spaces for species, spaces in found.items() if len(spaces) > 1}


class PublicFields(Shown):
    """The public table's fields, readable on a state or a view itself (``state.water`` is
    ``state.table.water``)."""

    __slots__ = ()
    table: Table
    rules = Part[Rules]("table")
    players = Part[int]("table")
    first_player = Part[int]("table")
    phase = Part[Phase]("table")
    water = Part[frozenset[int]]("table")
    arks = Part[tuple[int | None, ...]]("table")
    rescued = Part[tuple[tuple[str, ...], ...]]("table")
    water_left = Part[int]("table")
    points = Part[tuple[int, ...]]("table")
    actions_left = Part[int]("table")
    frontier = Part[tuple[int, ...]]("table")
    face_up = Part[tuple[int, ...]]("table")


@frozen(cache_hash=True, weakref_slot=False, repr=False)
class State(PublicFields, KeepsMoves):
    """A position of the island game: the public :class:`Table` and the hidden deal. Never
    changed: :func:`~noahrules.island.apply` returns a new one.

    The table's fields read through (``state.water`` is ``state.table.water``); ``tiles`` and
    ``covered`` give the whole truth, face-down species included.
    """

    table: Table
    dealt: tuple[Tile | None, ...]
    """Per space, the tile dealt face down on it at setup (I5), ``None`` off the jungle. Which of
    them still lie on the island, and face up, the table says."""
    set_aside: tuple[Tile, ...]
    """The tiles left over at setup, face down, unseen for the whole game (I5)."""

    seat = Part[int]("table")

    def __repr__(self) -> str:
        return f"<island.State {self.table.summary()}>"

    @property
    def tiles(self) -> tuple[Tile | None, ...]:
        """Per space, the tile on it (face-down ones with their species) or ``None``."""
        dealt = self.dealt
        return tuple(
            dealt[s] if t is not None and not t.face_up else t
            for s, t in enumerate(self.table.tiles)
        )

    @property
    def covered(self) -> tuple[Tile, ...]:
        """The tiles covered by water, in order, as they lay (I9)."""
        face_up = self.table.rules.face_up
        tiles = []
        for space, seen in self.table.covered:
            dealt = self.dealt[space]
            assert dealt is not None, "a covered tile was dealt there"
            tiles.append(dealt if seen is None else face_up[seen])
        return tuple(tiles)


make_table = maker(Table)
"""``Table(...)`` with every field given positionally, built fast (see noahrules.values)."""
make_state = maker(State)
"""``State(...)`` with every field given positionally, built fast."""
