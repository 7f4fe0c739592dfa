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
from noahrules.rl.layout import Layout, Observation, observation_over, vector, zeros

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

    An observation is made of parts that lie end to end: the head (the seat, the turn, the
    counts and points), the water, the tiles (face down and face up), the arks, the animals
    rescued and lost, and the x2 species. Consecutive views share most of their table, so an
    observer remembers each part it encoded last with what it encoded it from, by identity,
    encodes again only the parts that changed (the water, the tiles and the arks by their
    differences with the last ones, in a copy), and joins the parts into one buffer that a
    NumPy array is made over.
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
        layout.run("water_left", "points", "water", "face_down", "face_up", "arks")
        layout.run("arks", "rescued", "lost", "lost_unseen", "doubled")
        at = layout.offset
        self._no_head = zeros(at("water"))
        self._to_act, self._first = at("to_act"), at("first_player")
        self._phase = {ph: at("phase") + i for i, ph in enumerate(_PHASES)}
        self._counts = 4 * at("actions_left")
        self._count_values = struct.Struct(f"{2 + players}f")
        """Writes the fields ``actions_left``, ``water_left`` and ``points`` (which lie end to
        end) in one call."""
        self._water: tuple[object, array[float]] = (0, zeros(spaces))
        self._tiles: tuple[object, array[float]] = ((None,) * spaces, zeros(spaces * (kinds + 1)))
        self._arks: tuple[object, array[float]] = ((None,) * players, zeros(players * spaces))
        self._taken: tuple[object, object, array[float]] = ((), (), self._taken_part((), ()))
        doubled = zeros(players * kinds)
        for seat in range(players):
            for species in rules.arks[seat].doubled:
                doubled[seat * kinds + self._species[species]] = 1.0
        self._doubled = doubled

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rules, self.players))

    def __call__(self, view: View) -> Observation:
        """The observation of ``view``."""
        t = view.table
        head = self._no_head[:]
        head[view.seat] = 1.0
        head[self._first + t.first_player] = 1.0
        head[self._phase[t.phase]] = 1.0
        if t.phase is not Phase.OVER:
            head[self._to_act + t.seat] = 1.0
        self._count_values.pack_into(head, self._counts, t.actions_left, t.water_left, *t.points)
        water, tiles, arks, taken = self._water, self._tiles, self._arks, self._taken
        if water[0] is not t.water_bits:
            water = self._water = (t.water_bits, self._patch_water(water, t.water_bits))
        if tiles[0] is not t.tiles:
            tiles = self._tiles = (t.tiles, self._patch_tiles(tiles, t.tiles))
        if arks[0] is not t.arks:
            arks = self._arks = (t.arks, self._patch_arks(arks, t.arks))
        if taken[0] is not t.rescued or taken[1] is not t.covered:
            taken = self._taken = (t.rescued, t.covered, self._taken_part(t.rescued, t.covered))
        parts = (head, water[1], tiles[1], arks[1], taken[2], self._doubled)
        return observation_over(bytearray().join(parts))

    def _patch_water(self, seen: tuple[object, array[float]], water: int) -> array[float]:
        """The field ``water`` of the table's ``water_bits``: a copy of the last one with the
        spaces whose bit differs written again."""
        before, part = seen
        part = part[:]
        changed = before ^ water  # type: ignore[operator]
        while changed:
            bit = changed & -changed
            part[bit.bit_length() - 1] = 1.0 if water & bit else 0.0
            changed ^= bit
        return part

    def _patch_tiles(
        self, seen: tuple[object, array[float]], tiles: tuple[Tile | None, ...]
    ) -> array[float]:
        """The fields ``face_down`` and ``face_up`` (which lie end to end) of ``tiles``: a copy
        of the last ones with the spaces whose tile changed written again."""
        before: tuple[Tile | None, ...] = seen[0]  # type: ignore[assignment]
        part = seen[1][:]
        up, kinds, species = self._spaces, self._kinds, self._species
        for space in [s for s in self._jungle if before[s] is not tiles[s]]:
            old, new = before[space], tiles[space]
            if old is not None:
                part[up + space * kinds + species[old.species] if old.face_up else space] = 0
            if new is not None:
                part[up + space * kinds + species[new.species] if new.face_up else space] = 1
        return part

    def _patch_arks(
        self, seen: tuple[object, array[float]], arks: tuple[int | None, ...]
    ) -> array[float]:
        """The field ``arks``: a copy of the last one with the seats whose ark moved written
        again."""
        before: tuple[int | None, ...] = seen[0]  # type: ignore[assignment]
        part, spaces = seen[1][:], self._spaces
        for seat, (old, new) in enumerate(zip(before, arks, strict=True)):
            if old != new:
                if old is not None:
                    part[seat * spaces + old] = 0.0
                if new is not None:
                    part[seat * spaces + new] = 1.0
        return part

    def _taken_part(
        self, rescued: tuple[tuple[str, ...], ...], covered: tuple[tuple[int, str | None], ...]
    ) -> array[float]:
        """The fields ``rescued``, ``lost`` and ``lost_unseen``, which lie end to end: the
        animals rescued per seat and species (I14), the tiles covered by water by species when
        they lay face up, and how many lay face down (I9)."""
        kinds = self._kinds
        part = zeros(self.players * kinds + kinds + 1)
        for seat, animals in enumerate(rescued):
            for species in animals:
                part[seat * kinds + self._species[species]] += 1.0
        lost = self.players * kinds
        for _, seen in covered:
            part[lost + (kinds if seen is None else self._species[seen])] += 1.0
        return part


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
)
"""The island game's encoding."""
