"""What one seat may know of a ferry game (F26).

A view holds the state's public :class:`~noahrules.ferry.state.Table` itself, and beside it only
what this seat may know of the hidden part: its own hand, the sizes of the hands and of the
unused deck, and the secrets shown to it. Nothing else of the state can reach it.
"""

from __future__ import annotations

from attrs import frozen

from noahrules.events import Event
from noahrules.ferry.engine import legal_moves
from noahrules.ferry.knowledge import of
from noahrules.ferry.moves import Move
from noahrules.ferry.ruleset import Card
from noahrules.ferry.state import Phase, PublicFields, State, Table
from noahrules.game import check_seat
from noahrules.values import maker

__all__ = ["View", "view"]


@frozen(cache_hash=True, weakref_slot=False, repr=False)
class View(PublicFields):
    """One seat's projection of a state: the public table, its own hand, the sizes of the other
    hands, its pending decision and what was shown to it this round. Never the unused cards,
    their order, the other hands or the random generator.

    The table's fields read through: ``view.docks`` is ``view.table.docks``.
    """

    table: Table
    seat: int
    """The seat this view belongs to."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    unused: int
    """How many cards sit unused this round (F8); which, and in what order, is hidden."""
    legal_moves: tuple[Move, ...]
    """This seat's legal moves: empty unless it is to act."""
    revealed: tuple[Event, ...]
    """This round's secrets shown to this seat: hands it looked at, cards stolen from or by it,
    given to or by it (F26)."""
    known: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the cards this seat knows to be in that hand now: taken back (F13), escapees
    received (V3), seen by its giraffe (F32), stolen, returned or given between it and that seat
    (F17, F33); ``()`` while it knows of none (:mod:`noahrules.ferry.knowledge`)."""

    def __repr__(self) -> str:
        return f"<ferry.View of seat {self.seat}: {self.table.summary()}>"

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
    secrets = state.secrets
    return _make_view(
        table,
        seat,
        state.hands[seat],
        tuple(map(len, state.hands)),
        len(state.deck),
        legal_moves(state) if mine else (),
        tuple([e for e in secrets if seat in e.insiders]) if secrets else (),
        of(state.knowledge, seat),
    )


_make_view = maker(View)
"""``View(...)`` with every field given positionally, built fast (see noahrules.values)."""
