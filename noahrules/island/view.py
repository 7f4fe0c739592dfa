"""What one seat may know of an island game (I20).

A view holds the state's public :class:`~noahrules.island.state.Table` itself: every seat sees
the same table, with face-down tiles shown as :data:`~noahrules.island.state.HIDDEN`. Nothing of
the hidden deal can reach it.
"""

from __future__ import annotations

from attrs import frozen

from noahrules.game import check_seat
from noahrules.island.engine import legal_moves
from noahrules.island.moves import Move
from noahrules.island.ruleset import Tile
from noahrules.island.state import HIDDEN, Phase, PublicFields, State, Table
from noahrules.values import Part, maker

__all__ = ["HIDDEN", "View", "view"]


@frozen(cache_hash=True, weakref_slot=False, repr=False)
class View(PublicFields):
    """One seat's projection of a state: the public table, and this seat's legal moves. The
    island game hides the same from every seat.

    The table's fields read through: ``view.tiles`` is ``view.table.tiles``.
    """

    table: Table
    seat: int
    """The seat this view belongs to."""
    legal_moves: tuple[Move, ...]
    """This seat's legal moves: empty unless it is to act."""

    tiles = Part[tuple[Tile | None, ...]]("table")
    covered = Part[tuple[tuple[int, str | None], ...]]("table")

    def __repr__(self) -> str:
        return f"<island.View of seat {self.seat}: {self.table.summary()}>"

    @property
    def to_act(self) -> int | None:
        """The seat that makes the pending decision (``None`` once the game is over)."""
        table = self.table
        return None if table.phase is Phase.OVER else table.seat


def view(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``."""
    table = state.table
    check_seat(seat, table.players)
    mine = table.seat == seat and table.phase is not Phase.OVER
    return _make_view(table, seat, legal_moves(state) if mine else ())


_make_view = maker(View)
"""``View(...)`` with every field given positionally, built fast (see noahrules.values)."""
