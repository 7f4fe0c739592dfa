"""What one seat may know of a ferry game (DESIGN principle 4, F26)."""

from __future__ import annotations

from attrs import frozen

from noahrules.events import Event
from noahrules.ferry.cards import Boarded, Card, FerryCard, Rules
from noahrules.ferry.moves import Move
from noahrules.ferry.rules import current_player, legal_moves
from noahrules.ferry.state import Ferry, Phase, State
from noahrules.game import check_seat

__all__ = ["View", "view"]


@frozen(cache_hash=True)
class View:
    """One seat's projection of a state: the public table, its own hand, the sizes of the other
    hands, its pending decision and what was shown to it this round. Never the unused cards,
    their order, the other hands or the random generator."""

    rules: Rules
    seat: int
    players: int
    round: int
    first_player: int
    to_act: int | None
    """The seat that makes the pending decision (``None`` once the game is over)."""
    phase: Phase
    docks: tuple[Ferry | None, ...]
    centre: tuple[FerryCard, ...]
    noah: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    penalties: tuple[int, ...]
    departures: int
    departed: tuple[Card, ...]
    removed: tuple[Card, ...]
    unused: int
    """How many cards sit unused this round (F8); which, and in what order, is hidden."""
    played: Boarded | None
    dock: int
    pair: bool
    gifts: int
    victim: int | None
    escapee: Card | None
    legal_moves: tuple[Move, ...]
    """This seat's legal moves: empty unless it is to act."""
    revealed: tuple[Event, ...]
    """This round's secrets shown to this seat: hands it looked at, cards stolen from or by it,
    given to or by it (F26)."""


def view(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``."""
    check_seat(seat, state.players)
    to_act = current_player(state)
    return View(
        rules=state.rules,
        seat=seat,
        players=state.players,
        round=state.round,
        first_player=state.first_player,
        to_act=to_act,
        phase=state.phase,
        docks=state.docks,
        centre=state.centre,
        noah=state.noah,
        hand=state.hands[seat],
        hand_sizes=tuple(map(len, state.hands)),
        penalties=state.penalties,
        departures=state.departures,
        departed=state.departed,
        removed=state.removed,
        unused=len(state.deck),
        played=state.played,
        dock=state.dock,
        pair=state.pair,
        gifts=state.gifts,
        victim=state.victim,
        escapee=state.escapee,
        legal_moves=legal_moves(state) if to_act == seat else (),
        revealed=tuple(e for e in state.secrets if seat in e.insiders),
    )
