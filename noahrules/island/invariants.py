"""Checks that an island state could arise in play: for states read from outside."""

from __future__ import annotations

from collections import Counter

from noahrules.errors import SerializationError
from noahrules.island.engine import game_ends
from noahrules.island.state import HIDDEN, Phase, State

__all__ = ["check_state"]


def check_state(state: State) -> None:
    """Raise :class:`~noahrules.errors.SerializationError` naming the first broken invariant:
    seats and counts, the deal (every tile once, on the jungle), tiles only on land, water and
    arks (I3, I13), the table agreeing with the deal, the revealed tiles (I8, I11), the frontier
    and face-up indexes."""
    problem = _problem(state)
    if problem:
        raise SerializationError(f"not a possible island state: {problem}")


def _problem(state: State) -> str | None:
    table = state.table
    rules = table.rules
    board = rules.board
    n = table.players
    if not rules.min_players <= n <= rules.max_players:
        return f"{n} players"
    if not all(len(x) == n for x in (table.arks, table.rescued, table.points)):
        return "arks, rescued and points must have one entry per seat"
    if not (0 <= table.seat < n and 0 <= table.first_player < n):
        return "seat or first_player is not a seat"
    if len(table.tiles) != len(board.kind) or len(state.dealt) != len(board.kind):
        return f"tile places for {len(board.kind)} spaces expected"
    return (
        _deal_problem(state)
        or _water_problem(state)
        or _arks_problem(state)
        or _index_problem(state)
        or _points_problem(state)
        or _end_problem(state)
    )


def _deal_problem(state: State) -> str | None:
    table = state.table
    rules = table.rules
    jungle = set(rules.board.of_kind("jungle"))
    if any((t is not None) != (s in jungle) for s, t in enumerate(state.dealt)):
        return "a tile dealt off the jungle, or a jungle space without one (I5)"
    under = {s: t.species for s, t in enumerate(state.dealt) if t is not None}
    box = Counter({k.species: k.count for k in rules.tiles})
    dealt = Counter(t.species for t in (*state.dealt, *state.set_aside) if t is not None)
    if dealt != box or any(t.face_up for t in (*state.dealt, *state.set_aside) if t):
        return "the deal is not the box of tiles, face down (I2, I5)"
    for space, tile in enumerate(table.tiles):
        if tile is not None and (space not in under or space in table.water):
            return "a tile on water or off the jungle"
        if tile is not None and tile.face_up and tile.species != under[space]:
            return "a face-up tile that is not the tile dealt there"
    covered = dict(table.covered)
    if len(covered) != len(table.covered) or any(
        not 0 <= s < len(state.dealt)
        or s not in table.water
        or s not in under
        or table.tiles[s] is not None
        for s in covered
    ):
        return "a covered tile twice, or not under water (I9)"
    if any(seen is not None and seen != under[s] for s, seen in covered.items()):
        return "a covered tile that is not the tile dealt there"
    emptied = [s for s in jungle if table.tiles[s] is None and s not in covered]
    rescued = Counter(s for seat in table.rescued for s in seat)
    if Counter(under[s] for s in emptied) != rescued:
        return "the rescued animals are not the tiles gone from the island (I14)"
    if any(
        not rules.kind[s].rescuable or k % 2 for r in table.rescued for s, k in Counter(r).items()
    ):
        return "rescued animals must be pairs of rescuable species (I14)"
    return None


def _water_problem(state: State) -> str | None:
    table = state.table
    rules = table.rules
    board = rules.board
    printed = rules.printed_water
    if not printed <= table.water or not table.water - printed <= set(
        board.of_kind("beach", "jungle")
    ):
        return (
            "the water must hold the sea (and the ark spaces while they are water, I1) and "
            "otherwise only land flooded (I9)"
        )
    placed = len(table.water) - len(printed)
    if placed + table.water_left != rules.water_tiles or table.water_left < 0:
        return "water tiles placed and left do not add up to the water tiles (I3)"
    return None


def _arks_problem(state: State) -> str | None:
    table = state.table
    placed = [a for a in table.arks if a is not None]
    ark_spaces = table.rules.board.of_kind("ark")
    if len(placed) != len(set(placed)) or any(
        a not in table.water and a not in ark_spaces for a in placed
    ):
        return "arks only on water or ark spaces, never two on a space (I7, I13)"
    if table.phase is Phase.PLACE_ARK:
        return _setup_problem(state)
    if len(placed) != table.players:
        return "every ark is placed once play starts (I7)"
    if table.phase is Phase.ACT and not 1 <= table.actions_left <= table.rules.actions_per_turn:
        return f"{table.actions_left} actions left (I12)"
    if table.phase is not Phase.ACT and table.actions_left:
        return "actions left outside the action step (I12)"
    return None


def _setup_problem(state: State) -> str | None:
    """I6-I8: the arks are placed in turn order from the first player, on ark spaces, before
    any water is laid or any tile turned."""
    table = state.table
    rules = table.rules
    n = table.players
    done = sum(a is not None for a in table.arks)
    order = [(table.first_player + k) % n for k in range(n)]
    if done >= n or table.seat != order[done]:
        return f"seat {table.seat} to place an ark after {done} arks (I7)"
    if any((table.arks[seat] is None) != (k >= done) for k, seat in enumerate(order)):
        return "the arks are placed in turn order from the first player (I7)"
    ark_spaces = rules.board.of_kind("ark")
    if any(a is not None and a not in ark_spaces for a in table.arks):
        return "an ark placed off the ark spaces (I7)"
    if table.face_up or table.covered or table.water_left != rules.water_tiles:
        return "water laid or tiles turned before every ark is placed (I8, I9)"
    return None


def _points_problem(state: State) -> str | None:
    """I6, I10: each seat has its starting points and no fewer."""
    table = state.table
    start = table.rules.starting_points
    for seat, points in enumerate(table.points):
        if points < start[(seat - table.first_player) % table.players]:
            return f"seat {seat} with {points} points, below its start (I6, I10)"
    return None


def _end_problem(state: State) -> str | None:
    """I15, I16: the game is over exactly when its end has come."""
    table = state.table
    if table.phase is Phase.OVER and not game_ends(table):
        return "a game over before its end (I15, I16)"
    if table.phase is Phase.FLOOD and (not table.water_left or not table.frontier):
        return "water to lay with no water tile or no land left (I15, I16)"
    return None


def _index_problem(state: State) -> str | None:
    table = state.table
    board = table.rules.board
    near_water = [not board.near[s].isdisjoint(table.water) for s in board.spaces]
    if table.frontier != table.rules.frontier(table.water):
        return "the frontier is not the land next to water (I9)"
    up = tuple(s for s, t in enumerate(table.tiles) if t is not None and t.face_up)
    if table.face_up != up:
        return "the face-up index does not match the tiles"
    if any(t is not None and not t.face_up and t != HIDDEN for t in table.tiles):
        return "a face-down tile whose species shows (I20)"
    if table.phase is not Phase.PLACE_ARK and any(
        t is not None and not t.face_up and near_water[s] for s, t in enumerate(table.tiles)
    ):
        return "a face-down tile next to water (I8, I11)"
    return None
