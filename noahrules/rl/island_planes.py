"""The island game's board-shaped observation: planes over the hex board, for convolutional
policies (``observation="planes"``; :mod:`noahrules.rl.planes`).

**Cells: axial coordinates.** The board's map places the space of row ``r`` at column ``c``
with spaces two columns apart and rows shifted by one ("doubled" coordinates,
:mod:`noahrules.island.board`). The planes put it at row ``r - r0`` and column
``(c - r - d0) / 2``, where ``r0`` is the first row and ``d0`` the least ``c - r`` of the map
(``c - r`` has the same parity on every space, so the column is whole). These are axial hex
coordinates: a space's six neighbours lie at ``(row, column +- 1)``, ``(row - 1, column)``,
``(row - 1, column + 1)``, ``(row + 1, column - 1)`` and ``(row + 1, column)``, the same cells
of a 3 x 3 window around every space (all but its corners ``(-1, -1)`` and ``(+1, +1)``), so a
convolution sees each space's neighbourhood the same way everywhere. The default board (15 rows
of up to 15 spaces) takes 15 x 16 cells; cells off the board are 0 in every channel.

**Seats are relative.** Channels and values per seat start with the observing seat's, then
the next seats in turn order (seat ``(observer + i) % players`` at place ``i``), so a policy
always finds its own ark first.

The channels and the vector's fields are in :attr:`IslandPlanes.planes` (docs/rl.md shows them
for the base rules). Built from a :class:`~noahrules.island.View` only: a face-down tile shows
no species (I20); species are numbered in the order of the tile kinds of the rules data.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from noahrules.island import Flood, MoveArk, Phase, PlaceArk, Rescue, Rules, View, breakdown
from noahrules.rl.layout import Layout, vector
from noahrules.rl.planes import BOARD, VECTOR, BoardObservation, Planes

__all__ = ["IslandPlanes", "axial_cells", "island_planes"]

_PHASES = tuple(Phase)
_PHASE_NAMES = ", ".join(ph.value for ph in _PHASES)
_KINDS = ("sea", "ark", "beach", "jungle")
_STATIC = ("sea", "ark_space", "beach", "jungle")
"""The channel of each printed kind of space (:data:`_KINDS`)."""
_TARGETS = {PlaceArk: "place", Flood: "flood", MoveArk: "sail", Rescue: "rescue"}
"""The channel of the spaces each kind of legal move acts on."""


def axial_cells(rules: Rules) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The planes' height and width, and per space its cell ``(row, column)`` in axial
    coordinates (see the module docstring)."""
    positions = rules.board.position
    top = min(r for r, _ in positions)
    skew = min(c - r for r, c in positions)
    cells = tuple((r - top, (c - r - skew) // 2) for r, c in positions)
    return 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells), cells


def island_planes(rules: Rules, players: int) -> Planes:
    """The layout of the island's board-shaped observation under ``rules`` with ``players``
    seats."""
    p, r = players, len(rules.tiles)
    height, width, cells = axial_cells(rules)
    most = max(k.count for k in rules.tiles)
    points = max(rules.starting_points) + 6 * rules.water_tiles  # I6, I10: six neighbours
    animals = sum(  # I17, I18: every tile of every kind, doubled, with its bonus
        2 * max(k.count * k.points, rules.species_points) + rules.sole_rescuer_bonus
        for k in rules.tiles
        if k.rescuable
    )
    mine = "per seat, observer first"
    channels = Layout.of(
        vector("board", (1,), 1, "1 on every space of the board, 0 off it"),
        vector("sea", (1,), 1, "a sea space (I1)"),
        vector("ark_space", (1,), 1, "an ark space (I1, I7)"),
        vector("beach", (1,), 1, "a beach space (I1)"),
        vector("jungle", (1,), 1, "a jungle space (I1)"),
        vector("water", (1,), 1, "water now: sea, ark spaces (I1) and flooded land (I9)"),
        vector("flooded", (1,), 1, "land under a water tile (I9)"),
        vector("frontier", (1,), 1, "land where the flood may rise now (I9)"),
        vector("face_down", (1,), 1, "a face-down tile, of no known species (I20)"),
        vector("face_up", (r,), 1, "per tile kind, in the order of the rules data: a face-up tile"),
        vector("paired", (1,), 1, "a face-up animal with another of its species face up (I14)"),
        vector("doubled", (p,), 1, f"{mine}: a face-up animal its ark marks x2 (I4)"),
        vector("arks", (p,), 1, f"{mine}: its ark (I7, I13)"),
        vector("place", (1,), 1, "where the observer may place its ark now (I7)"),
        vector("flood", (1,), 1, "where the observer may flood now (I9)"),
        vector("sail", (1,), 1, "where the observer may sail now (I13)"),
        vector("rescue", (1,), 1, "the animals of the pairs the observer may rescue now (I14)"),
    )
    values = Layout.of(
        vector("to_act", (p,), 1, f"{mine}: 1 at the seat to decide; all 0 once it is over"),
        vector("first_player", (p,), 1, f"{mine}: 1 at the seat that took the first turn (I6)"),
        vector("phase", (len(_PHASES),), 1, f"the pending decision: {_PHASE_NAMES}"),
        vector("actions_left", (1,), rules.actions_per_turn, "actions left this turn (I12)"),
        vector("water_left", (1,), rules.water_tiles, "water tiles left (I3, I16)"),
        vector("points", (p,), points, f"{mine}: starting and flood points (I6, I10)"),
        vector("standing", (p,), points + animals, f"{mine}: its score if it ended now (I17-I19)"),
        vector("rescued", (p, r), most, f"{mine}, per tile kind: animals rescued (I14)"),
        vector("lost", (r,), most, "per tile kind: tiles covered by water while face up (I9)"),
        vector("lost_unseen", (1,), sum(k.count for k in rules.tiles), "tiles covered face down"),
        vector("marked", (p, r), 1, f"{mine}, per tile kind: 1 if its ark marks it x2 (I4)"),
    )
    return Planes(channels, height, width, cells, values)


class IslandPlanes:
    """The board-shaped observation encoder of island views for one rules value and player
    count (see the module docstring; the layout is :attr:`planes`). It keeps nothing of the
    views it saw: each observation is made anew, from the view alone."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.planes = planes = island_planes(rules, players)
        board = rules.board
        width = planes.width
        self._cell = [row * width + column for row, column in planes.cells]
        """Per space, its cell as an index into the flattened planes."""
        self._kind = {k.species: i for i, k in enumerate(rules.tiles)}
        self._jungle = board.of_kind("jungle")
        self._land = frozenset(board.of_kind("beach", "jungle"))
        self._size = size = planes.height * width
        self._at = {f.name: f.start * size for f in planes.channels}
        """Where each channel field starts in the flattened planes."""
        static = np.zeros(planes.channels.size * size, np.float32)
        for name, spaces in (
            ("board", board.spaces),
            *((name, board.of_kind(kind)) for name, kind in zip(_STATIC, _KINDS, strict=True)),
        ):
            static[[self._at[name] + self._cell[s] for s in spaces]] = 1.0
        self._static = static
        """The channels that never change (the board and its printed kinds), flattened."""
        self._fields = {f.name: f.start for f in planes.vector}
        marked = np.zeros((players, planes.vector.size), np.float32)
        field = planes.vector["marked"]
        for seat in range(players):
            mine = marked[seat, field.start : field.stop].reshape(field.shape)
            for i, other in enumerate(self._order(seat)):
                for species in rules.arks[other].doubled:
                    mine[i, self._kind[species]] = 1.0
        self._marked = marked
        """Per observing seat, its vector with only the field ``marked`` filled in (the arks'
        x2 species, seats relative): what every vector of that seat starts from."""

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rules, self.players))

    def _order(self, seat: int) -> list[int]:
        """The seats as ``seat`` sees them: itself first, then the next in turn order."""
        return [(seat + i) % self.players for i in range(self.players)]

    def targets(self, move: object) -> tuple[int, ...]:
        """The spaces ``move`` acts on: the ark's, the flood's or the sail's space, the two
        animals of a rescue; none for ``EndTurn``."""
        if isinstance(move, Rescue):
            return (move.first, move.second)
        if isinstance(move, PlaceArk | Flood | MoveArk):
            return (move.space,)
        return ()

    def __call__(self, view: View) -> BoardObservation:
        """The board-shaped observation of ``view`` (new arrays)."""
        return {BOARD: self._board(view), VECTOR: self._vector(view)}

    def _board(self, view: View) -> npt.NDArray[np.float32]:
        """The planes: the unchanging ones copied, then a 1 at each cell of what lies where."""
        t = view.table
        at, cell = self._at, self._cell
        ones: list[int] = []
        put = ones.extend

        def mark(channel: int, spaces: Iterable[int]) -> None:
            put([channel + cell[s] for s in spaces])

        mark(at["water"], t.water)
        mark(at["flooded"], self._land & t.water)
        mark(at["frontier"], t.frontier)
        tiles = t.tiles
        # where the face-down tiles lie, never which species (I20)
        mark(
            at["face_down"],
            [s for s in self._jungle if (x := tiles[s]) is not None and not x.face_up],
        )
        kind, up = self._kind, at["face_up"]
        shown = [(s, x.species) for s in t.face_up if (x := tiles[s]) is not None]
        put([up + self._size * kind[species] + cell[s] for s, species in shown])
        mark(at["paired"], [s for spaces in t.pairs().values() for s in spaces])
        for i, seat in enumerate(self._order(view.seat)):
            x2 = self.rules.arks[seat].doubled
            mark(at["doubled"] + i * self._size, [s for s, species in shown if species in x2])
            ark = t.arks[seat]
            if ark is not None:
                ones.append(at["arks"] + i * self._size + cell[ark])
        for move in view.legal_moves:
            channel = _TARGETS.get(type(move))
            if channel is not None:
                mark(at[channel], self.targets(move))
        planes = self._static.copy()
        planes[ones] = 1.0
        return planes.reshape(self.planes.shape)

    def _vector(self, view: View) -> npt.NDArray[np.float32]:
        """The values that belong to no space."""
        t = view.table
        at = self._fields
        values: npt.NDArray[np.float32] = self._marked[view.seat].copy()
        order = self._order(view.seat)
        if t.phase is not Phase.OVER:
            values[at["to_act"] + order.index(t.seat)] = 1.0
        values[at["first_player"] + order.index(t.first_player)] = 1.0
        values[at["phase"] + _PHASES.index(t.phase)] = 1.0
        values[at["actions_left"]] = t.actions_left
        values[at["water_left"]] = t.water_left
        standing = breakdown(view)
        kind, kinds = self._kind, len(self._kind)
        for i, seat in enumerate(order):
            values[at["points"] + i] = t.points[seat]
            values[at["standing"] + i] = standing[seat].total
            row = at["rescued"] + i * kinds
            for species in t.rescued[seat]:
                values[row + kind[species]] += 1.0
        for _, seen in t.covered:
            values[at["lost_unseen"] if seen is None else at["lost"] + kind[seen]] += 1.0
        return values
