"""Checks that an island state could arise in play: for states read from outside."""

from __future__ import annotations

from collections import Counter

from noahrules.errors import SerializationError
from noahrules.island.state import Phase, State

__all__ = ["validate"]


def validate(state: State) -> None:
    """Raise :class:`~noahrules.errors.SerializationError` naming the first broken invariant:
    seats and counts, every tile in exactly one place, tiles only on land, water and arks
    (I3, I13), the revealed tiles (I8, I11), the frontier and face-up indexes."""
    problem = _problem(state)
    if problem:
        raise SerializationError(f"not a possible island state: {problem}")


def _problem(state: State) -> str | None:
    rules = state.rules
    board = rules.board
    n = state.players
    if not rules.min_players <= n <= rules.max_players:
        return f"{n} players"
    if not all(len(x) == n for x in (state.arks, state.rescued, state.points)):
        return "arks, rescued and points must have one entry per seat"
    if not (0 <= state.seat < n and 0 <= state.first_player < n):
        return "seat or first_player is not a seat"
    if len(state.tiles) != len(board.kind):
        return f"{len(state.tiles)} tile places for {len(board.kind)} spaces"
    printed = frozenset(board.of_kind("sea", "ark"))
    if not printed <= state.water or not state.water <= frozenset(board.spaces):
        return "the water must hold the printed sea and ark spaces, and only spaces of the board"
    if (
        len(state.water) - len(printed) + state.water_left != rules.water_tiles
        or state.water_left < 0
    ):
        return "water tiles placed and left do not add up to the water tiles (I3)"
    land = set(board.of_kind("beach", "jungle"))
    if any(
        t is not None and (s in state.water or s not in land) for s, t in enumerate(state.tiles)
    ):
        return "a tile on water or off the land"
    places = Counter(t.species for t in state.tiles if t is not None)
    places.update(t.species for t in (*state.covered, *state.set_aside))
    for rescued in state.rescued:
        places.update(rescued)
    if places != Counter({k.species: k.count for k in rules.tiles}):
        return "the tiles are not each in exactly one place"
    if any(
        not rules.kind[s].rescuable or n % 2 for r in state.rescued for s, n in Counter(r).items()
    ):
        return "rescued animals must be pairs of rescuable species (I14)"
    return _arks_problem(state) or _index_problem(state)


def _arks_problem(state: State) -> str | None:
    placed = [a for a in state.arks if a is not None]
    if len(placed) != len(set(placed)) or any(a not in state.water for a in placed):
        return "arks only on water, never two on a space (I13)"
    if state.phase is not Phase.PLACE_ARK and len(placed) != state.players:
        return "every ark is placed once play starts (I7)"
    if state.phase is Phase.ACT and not 1 <= state.actions_left <= state.rules.actions_per_turn:
        return f"{state.actions_left} actions left (I12)"
    if state.phase is not Phase.ACT and state.actions_left:
        return "actions left outside the action step (I12)"
    return None


def _index_problem(state: State) -> str | None:
    board = state.rules.board
    near_water = [not board.near[s].isdisjoint(state.water) for s in board.spaces]
    if state.frontier != board.shore(state.water):
        return "the frontier is not the land next to water (I9)"
    up = tuple(s for s, t in enumerate(state.tiles) if t is not None and t.face_up)
    if state.face_up != up:
        return "the face-up index does not match the tiles"
    if state.phase is not Phase.PLACE_ARK and any(
        t is not None and not t.face_up and near_water[s] for s, t in enumerate(state.tiles)
    ):
        return "a face-down tile next to water (I8, I11)"
    return None
