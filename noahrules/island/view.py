"""What one seat may know of an island game (DESIGN principle 4, I20)."""

from __future__ import annotations

from attrs import frozen

from noahrules.game import check_seat
from noahrules.island.moves import Move
from noahrules.island.rules import current_player, legal_moves
from noahrules.island.state import Phase, State
from noahrules.island.tiles import Rules, Tile

__all__ = ["HIDDEN", "View", "view"]

HIDDEN = Tile("?", False)
"""How a view shows a face-down tile: its species is unknown to every seat (I20)."""


@frozen(cache_hash=True)
class View:
    """One seat's projection of a state: everything on the table except what is face down or
    set aside. The island game hides the same from every seat."""

    rules: Rules
    seat: int
    players: int
    first_player: int
    to_act: int | None
    phase: Phase
    tiles: tuple[Tile | None, ...]
    """Per space: a face-up tile, :data:`HIDDEN` for a face-down one, or ``None``."""
    water: frozenset[int]
    arks: tuple[int | None, ...]
    rescued: tuple[tuple[str, ...], ...]
    water_left: int
    points: tuple[int, ...]
    actions_left: int
    covered: tuple[str | None, ...]
    """Per covered tile, in order: its species if it lay face up, else ``None`` (I9)."""
    set_aside: int
    """How many tiles were set aside (I5); which is never known."""
    legal_moves: tuple[Move, ...]
    """This seat's legal moves: empty unless it is to act."""


def view(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``."""
    check_seat(seat, state.players)
    to_act = current_player(state)
    return View(
        rules=state.rules,
        seat=seat,
        players=state.players,
        first_player=state.first_player,
        to_act=to_act,
        phase=state.phase,
        tiles=tuple(t if t is None or t.face_up else HIDDEN for t in state.tiles),
        water=state.water,
        arks=state.arks,
        rescued=state.rescued,
        water_left=state.water_left,
        points=state.points,
        actions_left=state.actions_left,
        covered=tuple(t.species if t.face_up else None for t in state.covered),
        set_aside=len(state.set_aside),
        legal_moves=legal_moves(state) if to_act == seat else (),
    )
