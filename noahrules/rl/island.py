"""The island game for reinforcement learning: its action blocks and its observation encoder.

Actions (I7-I14): placing the ark on each ark space (I7), flooding each land space the water
tiles can reach (I9), sailing to each space that can ever be water (I13), rescuing each pair of
jungle spaces that can both ever lie face up (I14), and ending the turn (I12).

Which spaces can ever be reached is read from the board: the flood rises one space at a time
from the water printed on it (I9), so a land space at land distance ``d`` from that water (1 for
land touching it) can be flooded only after ``d - 1`` other floods, and its tile turns face up
(I8, I11) only once a neighbour is water. With ``water_tiles`` tiles, the land spaces at
distance at most ``water_tiles`` can be flooded and the jungle spaces at distance at most
``water_tiles + 1`` can lie face up; an ark is then next to any of them it can sail to (water
stays connected: every flooded space touched water). On the packaged boards every land space
qualifies, so every pair of jungle spaces is a rescue action.

Observations are built from a :class:`~noahrules.island.View` only: the public table, where a
face-down tile shows no species (I20). Species are numbered in the order of the tile kinds of
the rules data.
"""

from __future__ import annotations

import struct
from array import array
from collections import deque

from noahrules.island import (
    Move,
    Phase,
    Rescue,
    Rules,
    Tile,
    View,
)
from noahrules.island.engine import END_TURN, ordered
from noahrules.rl.codec import ActionBlock
from noahrules.rl.encoding import Encoding
from noahrules.rl.island_planes import IslandPlanes
from noahrules.rl.layout import Layout, Observation, observation_over, vector

__all__ = ["ENCODING", "IslandObserver", "action_blocks", "decision_bound", "land_distance"]

_PHASES = tuple(Phase)
_PHASE_NAMES = ", ".join(ph.value for ph in _PHASES)
_WATER_KINDS = ("sea", "ark")
_LAND_KINDS = ("beach", "jungle")


def land_distance(rules: Rules) -> dict[int, int]:
    """Per land space, how many land spaces the flood must cover to reach it: 1 for land
    touching the water printed on the board, 2 for land touching that, and so on (I9)."""
    board = rules.board
    water = set(board.of_kind(*_WATER_KINDS))
    distance: dict[int, int] = {}
    queue: deque[int] = deque()
    for space in board.of_kind(*_LAND_KINDS):
        if not water.isdisjoint(board.neighbours[space]):
            distance[space] = 1
            queue.append(space)
    while queue:
        space = queue.popleft()
        for n in board.neighbours[space]:
            if n not in water and n not in distance:
                distance[n] = distance[space] + 1
                queue.append(n)
    return distance


def action_blocks(rules: Rules, players: int) -> tuple[ActionBlock[Move], ...]:
    """Every move that can ever be legal under ``rules`` (see the module docstring), in blocks
    in the order of the move classes; the action step's blocks appear only if a turn has
    actions (I12)."""
    board = rules.board
    distance = land_distance(rules)
    reach = rules.water_tiles
    floodable = [s for s in board.of_kind(*_LAND_KINDS) if distance.get(s, reach + 1) <= reach]
    wet = sorted({*board.of_kind(*_WATER_KINDS), *floodable})
    sail = [s for s in wet if not set(board.neighbours[s]).isdisjoint(wet)]
    shown = [s for s in board.of_kind("jungle") if distance.get(s, reach + 2) <= reach + 1]
    rescuable = any(k.rescuable and k.count >= 2 for k in rules.tiles)
    acting = rules.actions_per_turn > 0
    moves = rules.moves  # the move objects the engine hands out
    blocks: list[ActionBlock[Move]] = [
        ActionBlock(
            "PlaceArk", tuple(moves.place[s] for s in board.of_kind("ark")), "per ark space"
        ),
        ActionBlock("Flood", tuple(moves.flood[s] for s in floodable), "per land space it reaches"),
        ActionBlock(
            "MoveArk",
            tuple(moves.sail[s] for s in sail) if acting else (),
            "per space that can be water",
        ),
        ActionBlock(
            "Rescue",
            tuple(moves.rescue(a, b) for i, a in enumerate(shown) for b in shown[i + 1 :])
            if acting and rescuable
            else (),
            "per pair of jungle spaces (first, second), first < second, by first then second",
        ),
        ActionBlock("EndTurn", (END_TURN,) if acting else (), "one"),
    ]
    return tuple(b for b in blocks if b.moves)


def canonical(move: Move) -> Move:
    """A ``Rescue`` with its spaces in ascending order, as ``legal_moves`` lists it (I14)."""
    return ordered(move) if isinstance(move, Rescue) else move


def decision_bound(rules: Rules, players: int) -> int:
    """The most decisions a game can take: an ark per seat (I7), then per water tile a turn of
    one flood and at most ``actions_per_turn`` more decisions (I9, I12, I16)."""
    return players + rules.water_tiles * (1 + rules.actions_per_turn)


class IslandObserver:
    """The observation encoder of island views for one rules value and player count (see the
    module docstring; the fields are in :attr:`layout`).

    An observer keeps the last observation it made in a buffer of its own, with the table
    parts it encoded there (by identity), and writes into it only what changed: the head (the
    seat, the turn, the counts and points) each time; the water, the tiles (face down and face
    up) and the arks by their differences with the last ones; the animals rescued and the
    tiles lost by what was added to them (both only grow during a game). An observation is a
    copy of the buffer; :meth:`encode` lends the buffer itself (the OpenSpiel observer copies
    it into its tensor).
    """

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.layout = layout = _layout(rules, players)
        self._species = {k.species: i for i, k in enumerate(rules.tiles)}
        self._kinds = kinds = len(rules.tiles)
        self._spaces = spaces = len(rules.board.kind)
        self._jungle = rules.board.of_kind("jungle")
        layout.run("seat", "to_act", "first_player", "phase", "actions_left", "water_left")
        layout.run("water_left", "points", "water")
        layout.run("lost", "lost_unseen")
        at = layout.offset
        self._buffer = bytearray(4 * layout.size)
        self._values = memoryview(self._buffer).cast("f")
        """The buffer's single-precision floats, written one by one."""
        self._no_head = bytes(4 * at("water"))
        """The head, all zeros: the fields from ``seat`` to ``points``."""
        self._to_act, self._first = at("to_act"), at("first_player")
        self._phase = {ph: at("phase") + i for i, ph in enumerate(_PHASES)}
        self._counts = 4 * at("actions_left")
        self._count_values = struct.Struct(f"{2 + players}f")
        """Writes the fields ``actions_left``, ``water_left`` and ``points`` (which lie end to
        end) in one call."""
        self._water_at, self._down_at, self._up_at = at("water"), at("face_down"), at("face_up")
        self._arks_at, self._rescued_at, self._lost_at = at("arks"), at("rescued"), at("lost")
        self._no_kinds = memoryview(array("f", bytes(4 * kinds)))
        """A seat's row of the field ``rescued``, all zeros."""
        self._no_lost = memoryview(array("f", bytes(4 * (kinds + 1))))
        """The fields ``lost`` and ``lost_unseen``, all zeros."""
        self._seen_water = 0
        self._seen_tiles: tuple[Tile | None, ...] = (None,) * spaces
        self._seen_arks: tuple[int | None, ...] = (None,) * players
        self._seen_rescued: tuple[tuple[str, ...], ...] = ((),) * players
        self._seen_covered: tuple[tuple[int, str | None], ...] = ()
        doubled = at("doubled")
        for seat in range(players):
            for species in rules.arks[seat].doubled:
                self._values[doubled + seat * kinds + self._species[species]] = 1.0

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rules, self.players))

    def __call__(self, view: View) -> Observation:
        """The observation of ``view`` (a new array)."""
        return observation_over(bytearray(self.encode(view)))

    def encode(self, view: View) -> bytearray:
        """The observation of ``view`` as the bytes of its single-precision floats: the
        observer's own buffer, which its next call overwrites."""
        t = view.table
        buffer, values = self._buffer, self._values
        buffer[: len(self._no_head)] = self._no_head
        values[view.seat] = 1.0
        values[self._first + t.first_player] = 1.0
        values[self._phase[t.phase]] = 1.0
        if t.phase is not Phase.OVER:
            values[self._to_act + t.seat] = 1.0
        self._count_values.pack_into(buffer, self._counts, t.actions_left, t.water_left, *t.points)
        if self._seen_water is not t.water_bits:
            self._write_water(t.water_bits)
        if self._seen_tiles is not t.tiles:
            self._write_tiles(t.tiles)
        if self._seen_arks is not t.arks:
            self._write_arks(t.arks)
        if self._seen_rescued is not t.rescued:
            self._write_rescued(t.rescued)
        if self._seen_covered is not t.covered:
            self._write_lost(t.covered)
        return buffer

    def _write_water(self, water: int) -> None:
        """The field ``water`` of the table's ``water_bits``: the spaces whose bit differs from
        the last one's written again."""
        values, at = self._values, self._water_at
        changed = self._seen_water ^ water
        while changed:
            bit = changed & -changed
            values[at + bit.bit_length() - 1] = 1.0 if water & bit else 0.0
            changed ^= bit
        self._seen_water = water

    def _write_tiles(self, tiles: tuple[Tile | None, ...]) -> None:
        """The fields ``face_down`` and ``face_up`` of ``tiles``: the spaces whose tile changed
        since the last ones written again."""
        before = self._seen_tiles
        values, down, up = self._values, self._down_at, self._up_at
        kinds, species = self._kinds, self._species
        for space in [s for s in self._jungle if before[s] is not tiles[s]]:
            old, new = before[space], tiles[space]
            if old is not None:
                values[
                    up + space * kinds + species[old.species] if old.face_up else down + space
                ] = 0.0
            if new is not None:
                values[
                    up + space * kinds + species[new.species] if new.face_up else down + space
                ] = 1.0
        self._seen_tiles = tiles

    def _write_arks(self, arks: tuple[int | None, ...]) -> None:
        """The field ``arks``: the seats whose ark moved since the last ones written again."""
        values, at, spaces = self._values, self._arks_at, self._spaces
        for seat, (old, new) in enumerate(zip(self._seen_arks, arks, strict=True)):
            if old != new:
                if old is not None:
                    values[at + seat * spaces + old] = 0.0
                if new is not None:
                    values[at + seat * spaces + new] = 1.0
        self._seen_arks = arks

    def _write_rescued(self, rescued: tuple[tuple[str, ...], ...]) -> None:
        """The field ``rescued``: the animals rescued per seat and species (I14). A seat's
        animals only grow during a game: those added since the last ones are counted in; a
        seat whose animals are anything else (another game) is counted afresh."""
        values, kinds, species = self._values, self._kinds, self._species
        for seat, (now, before) in enumerate(zip(rescued, self._seen_rescued, strict=True)):
            if now is before:
                continue
            row = self._rescued_at + seat * kinds
            counted = len(before)
            if now[:counted] != before:
                values[row : row + kinds] = self._no_kinds
                counted = 0
            for name in now[counted:]:
                values[row + species[name]] += 1.0
        self._seen_rescued = rescued

    def _write_lost(self, covered: tuple[tuple[int, str | None], ...]) -> None:
        """The fields ``lost`` and ``lost_unseen``: the tiles covered by water by species when
        they lay face up, and how many lay face down (I9). They only grow during a game: those
        added since the last ones are counted in; anything else (another game) afresh."""
        counted = len(self._seen_covered)
        values, kinds, species, lost = self._values, self._kinds, self._species, self._lost_at
        if covered[:counted] != self._seen_covered:
            values[lost : lost + kinds + 1] = self._no_lost
            counted = 0
        for _, seen in covered[counted:]:
            values[lost + (kinds if seen is None else species[seen])] += 1.0
        self._seen_covered = covered


def _layout(rules: Rules, players: int) -> Layout:
    """The fields of an island observation."""
    p, s, r = players, len(rules.board.kind), len(rules.tiles)
    most = max(k.count for k in rules.tiles)
    points = max(rules.starting_points) + 6 * rules.water_tiles  # I6, I10: six neighbours
    return Layout.of(
        vector("seat", (p,), 1, "1 at the observing seat"),
        vector("to_act", (p,), 1, "1 at the seat to decide; all 0 once the game is over"),
        vector("first_player", (p,), 1, "1 at the seat that took the first turn (I6)"),
        vector("phase", (len(_PHASES),), 1, f"the pending decision: {_PHASE_NAMES}"),
        vector("actions_left", (1,), rules.actions_per_turn, "actions left this turn (I12)"),
        vector("water_left", (1,), rules.water_tiles, "water tiles left (I3, I16)"),
        vector("points", (p,), points, "per seat, starting and flood points so far (I6, I10)"),
        vector("water", (s,), 1, "per space: 1 if it is water now (sea, ark space, flooded)"),
        vector("face_down", (s,), 1, "per space: 1 if a face-down tile lies there (I20)"),
        vector("face_up", (s, r), 1, "per space and species: 1 for the face-up tile there"),
        vector("arks", (p, s), 1, "per seat and space: 1 where its ark is (I7, I13)"),
        vector("rescued", (p, r), most, "per seat and species: animals rescued (I14)"),
        vector("lost", (r,), most, "per species: tiles covered by water while face up (I9)"),
        vector("lost_unseen", (1,), sum(k.count for k in rules.tiles), "tiles covered face down"),
        vector("doubled", (p, r), 1, "per seat and species: 1 if its ark marks it x2 (I4)"),
    )


ENCODING = Encoding(
    actions=action_blocks,
    observer=IslandObserver,
    canonical=canonical,
    decision_bound=decision_bound,
    planes=IslandPlanes,
)
"""The island game's encoding, with a board-shaped observation
(:mod:`noahrules.rl.island_planes`)."""
