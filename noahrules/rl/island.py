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

from array import array
from collections import deque

import numpy as np

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
from noahrules.rl.layout import Layout, Observation, vector

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


def _zeros(size: int) -> array[float]:
    """``size`` zeros as single-precision floats."""
    return array("f", bytes(4 * size))


class IslandObserver:
    """The observation encoder of island views for one rules value and player count (see the
    module docstring; the fields are in :attr:`layout`).

    Consecutive views share most of their table, so an observer remembers the last water, tiles
    and arks it encoded, by identity, and encodes again only the parts that changed (the
    water and the tiles by their differences with the last ones).
    """

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.layout = layout = _layout(rules, players)
        self._species = {k.species: i for i, k in enumerate(rules.tiles)}
        self._kinds = len(rules.tiles)
        self._spaces = len(rules.board.kind)
        self._jungle = rules.board.of_kind("jungle")
        at = layout.offset
        self._seat, self._to_act, self._first = at("seat"), at("to_act"), at("first_player")
        self._phase = {ph: at("phase") + i for i, ph in enumerate(_PHASES)}
        self._counts = layout.run("actions_left", "water_left", "points")
        self._water, self._tiles = layout["water"], layout.run("face_down", "face_up")
        self._no_tiles: tuple[Tile | None, ...] = (None,) * self._spaces
        self._no_arks: tuple[int | None, ...] = (None,) * players
        self._arks = layout["arks"]
        self._rescued, self._lost = layout["rescued"], layout.run("lost", "lost_unseen")
        base = _zeros(layout.size)
        doubled = layout.offset("doubled")
        for seat in range(players):
            for species in rules.arks[seat].doubled:
                base[doubled + seat * self._kinds + self._species[species]] = 1.0
        self._board_seen: tuple[object, ...] = (None, None, None, None, None, base)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rules, self.players))

    def __call__(self, view: View) -> Observation:
        """The observation of ``view``."""
        t = view.table
        obs = self._board(t.water_bits, t.tiles, t.arks, t.rescued, t.covered)[:]
        obs[self._seat + view.seat] = 1.0
        obs[self._first + t.first_player] = 1.0
        obs[self._phase[t.phase]] = 1.0
        if t.phase is not Phase.OVER:
            obs[self._to_act + t.seat] = 1.0
        counts = array("f", (t.actions_left, t.water_left, *t.points))
        obs[self._counts : self._counts + len(counts)] = counts
        return np.frombuffer(obs, np.float32)

    def _board(
        self,
        water: int,
        tiles: tuple[Tile | None, ...],
        arks: tuple[int | None, ...],
        rescued: tuple[tuple[str, ...], ...],
        covered: tuple[tuple[int, str | None], ...],
    ) -> array[float]:
        """The fields of the board, the arks and the animals rescued and lost, made from the
        last ones by encoding again the parts that changed (the result is remembered: never
        write to it)."""
        seen = self._board_seen
        if (
            seen[0] is water
            and seen[1] is tiles
            and seen[2] is arks
            and seen[3] is rescued
            and seen[4] is covered
        ):
            return seen[5]  # type: ignore[return-value]
        board: array[float] = seen[5][:]  # type: ignore[index]
        if seen[0] is not water:
            self._patch_water(board, seen[0] or 0, water)  # type: ignore[arg-type]
        if seen[1] is not tiles:
            self._patch_tiles(board, seen[1] or self._no_tiles, tiles)  # type: ignore[arg-type]
        if seen[2] is not arks:
            self._patch_arks(board, seen[2] or self._no_arks, arks)  # type: ignore[arg-type]
        if seen[3] is not rescued or seen[4] is not covered:
            part = self._rescued
            board[part.start : part.stop] = self._rescued_part(rescued)
            board[self._lost : self._lost + self._kinds + 1] = self._lost_part(covered)
        self._board_seen = (water, tiles, arks, rescued, covered, board)
        return board

    def _patch_water(self, board: array[float], before: int, water: int) -> None:
        """Write the field ``water`` of the spaces whose bit differs between ``before`` and
        ``water`` (the table's ``water_bits``)."""
        start = self._water.start
        changed = before ^ water
        while changed:
            bit = changed & -changed
            board[start + bit.bit_length() - 1] = 1.0 if water & bit else 0.0
            changed ^= bit

    def _patch_tiles(
        self, board: array[float], before: tuple[Tile | None, ...], tiles: tuple[Tile | None, ...]
    ) -> None:
        """Write the fields ``face_down`` and ``face_up`` of ``tiles`` over those of
        ``before``: where a tile lies face down, and the species of each face-up tile."""
        down, up, kinds, species = (
            self._tiles,
            self._tiles + self._spaces,
            self._kinds,
            self._species,
        )
        changed = [s for s in self._jungle if before[s] is not tiles[s]]
        for space in changed:
            old, new = before[space], tiles[space]
            if old is not None:
                board[
                    up + space * kinds + species[old.species] if old.face_up else down + space
                ] = 0
            if new is not None:
                board[
                    up + space * kinds + species[new.species] if new.face_up else down + space
                ] = 1

    def _patch_arks(
        self, board: array[float], before: tuple[int | None, ...], arks: tuple[int | None, ...]
    ) -> None:
        """Write the field ``arks`` of the seats whose ark moved between ``before`` and
        ``arks``."""
        start, spaces = self._arks.start, self._spaces
        for seat, (old, new) in enumerate(zip(before, arks, strict=True)):
            if old != new:
                if old is not None:
                    board[start + seat * spaces + old] = 0.0
                if new is not None:
                    board[start + seat * spaces + new] = 1.0

    def _rescued_part(self, rescued: tuple[tuple[str, ...], ...]) -> array[float]:
        part = _zeros(self._rescued.size)
        for seat, animals in enumerate(rescued):
            for species in animals:
                part[seat * self._kinds + self._species[species]] += 1.0
        return part

    def _lost_part(self, covered: tuple[tuple[int, str | None], ...]) -> array[float]:
        """The fields ``lost`` and ``lost_unseen``: the covered tiles by species, when they lay
        face up, and how many lay face down (I9)."""
        part = _zeros(self._kinds + 1)
        for _, species in covered:
            part[self._kinds if species is None else self._species[species]] += 1.0
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
