"""A table of the server: a game being played, its seats, and who is watching.

A :class:`ServerTable` is always known by its head (the game record without moves), its seats and
how far it has got; its game itself (:class:`Live`: rules, state, the events of every move) is
rebuilt from the stored record by replay whenever it is needed, and dropped again when a
finished table has no client left. The functions here hold the rules of a table (who may move,
which move is next, what a move is); they never touch the network or the database.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from typing import Any

import attrs
from attrs import define, field

from noahrules.errors import IllegalMoveError, SerializationError
from noahrules.events import Event
from noahrules.game import Game, RulesValue
from noahrules.names import DEFAULT_LANGUAGE
from noahrules.records import GameRecord, replay
from noahrules.render import Screen
from noahrules.serialize import JsonValue, from_dict, from_json
from noahrules.serve.errors import RequestError
from noahrules.serve.naming import named_screen, seat_labels
from noahrules.serve.seats import Seat

__all__ = [
    "Live",
    "ServerTable",
    "advance",
    "commit",
    "follow",
    "read_move",
    "restore",
    "start",
    "still_running",
    "unload_if_idle",
]


@define(eq=False)
class Live:
    """A table's game in memory: its rules, the current state, the moves and the events of each
    move (``log[i]`` holds the events of move ``i + 1``), and the text screens of its clients."""

    rules: RulesValue
    state: object
    moves: list[object] = field(factory=list)
    log: list[tuple[Event, ...]] = field(factory=list)
    notes: list[str | None] = field(factory=list)
    """Per move, who made it when its seat's player did not (a turn that timed out), as stored
    (:mod:`noahrules.serve.notes`)."""
    screens: dict[tuple[int | None, str], Screen[Any, Any, Any]] = field(factory=dict)


@define(eq=False)
class ServerTable:
    """A table of the server (not to be confused with a game's public ``Table``)."""

    id: str
    game: Game
    head: GameRecord
    """The game record without its moves: game, variants, digest, players, seed."""
    seats: list[Seat]
    created: float
    seq: int = 0
    """How many moves have been played (and stored)."""
    over: bool = False
    to_act: int | None = None
    """The seat to act (public: every seat sees whose turn it is)."""
    problem: str | None = None
    """Why this table cannot be restored, if it cannot."""
    live: Live | None = None
    sessions: set[Any] = field(factory=set)
    """The clients connected to this table."""
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    """Held while a move is checked, stored and sent, so moves go one at a time."""
    bot_seq: int = -1
    """The position for which a bot move was last asked."""
    listed: bool = True
    """Whether the lobby lists this table (else it is reached by its links)."""
    address: str | None = None
    """The client address that created it (``None``: a program of the host's)."""
    active: float = 0.0
    """When it was created or last moved, by the server's clock."""
    turn_since: float = 0.0
    """When the seat to act began its turn, by the server's clock."""
    closed: str | None = None
    """Why the table was closed before its game ended (``None``: it was not)."""
    next: str | None = None
    """The table *Play again* made of this one."""

    @property
    def ended(self) -> bool:
        """Whether no move will be made here again: the game is over, or the table closed."""
        return self.over or self.closed is not None

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.head.players

    def record(self) -> GameRecord:
        """The game record so far (its moves need the table live)."""
        moves = tuple(self.live.moves) if self.live is not None else ()
        return attrs.evolve(self.head, moves=moves)

    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or ``None``."""
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                found = index
        return found

    def labels(self, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
        """The seats' names as the page shows them, in ``language`` (see
        :mod:`noahrules.serve.naming`)."""
        return seat_labels(self.seats, language)

    def screen(self, seat: int | None, language: str = DEFAULT_LANGUAGE) -> Screen[Any, Any, Any]:
        """The text screen of ``seat`` (``None``: spectators) in ``language``, naming seats by
        their labels."""
        live = self.live
        assert live is not None
        screen = live.screens.get((seat, language))
        if screen is None:
            labels = self.labels(language)
            made = named_screen(self.game, live.rules, labels, seat, language)
            screen = live.screens[seat, language] = made
        return screen

    def renamed(self) -> None:
        """Forget the screens after a seat's name changed (they name the seats)."""
        if self.live is not None:
            self.live.screens.clear()

    def seats_info(self) -> list[JsonValue]:
        """Every seat as everyone may see it, with who is connected; its ``label`` in English
        (the page says it in its own language from ``name`` and ``default``)."""
        connected = {s.seat for s in self.sessions if s.seat is not None}
        names = self.labels()
        return [s.public(i, names[i], i in connected) for i, s in enumerate(self.seats)]

    def info(self) -> dict[str, JsonValue]:
        """What the lobby shows of this table: never a token, the seed or a state."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "variants": list(self.head.variants),
            "seats": self.seats_info(),
            "free": sum(1 for s in self.seats if s.is_free) if not self.ended else 0,
            "spectators": sum(1 for s in self.sessions if s.seat is None),
            "seq": self.seq,
            "over": self.over,
            "closed": self.closed,
            "to_act": self.to_act,
            "created": self.created,
            "listed": self.listed,
            "next": self.next,
            "problem": self.problem,
        }


def start(game: Game, rules: RulesValue, players: int, seed: int) -> tuple[GameRecord, Live]:
    """A new game's record head and its live game."""
    head = GameRecord.start(game.name, rules, players, seed)
    return head, Live(rules, game.new_game(rules, players, seed))


def restore(game: Game, head: GameRecord, moves: Sequence[tuple[str, str | None]]) -> Live:
    """A table's game rebuilt from its stored record: each move (with its note) read back and
    played again, its events recomputed. Raises :class:`~noahrules.errors.NoahRulesError` (a
    :class:`~noahrules.errors.ReplayError` when the rules data changed since the game began, a
    :class:`~noahrules.errors.SerializationError` for a stored move that cannot be read)."""
    rules = game.load_rules(head.variants)
    live = Live(rules, next(replay(head, rules)))  # the head: the rules' digest checked
    state = live.state
    for text, note in moves:
        move = from_json(text, game.move_type, rules)
        state, events = game.step(state, move)
        live.moves.append(move)
        live.log.append(events)
        live.notes.append(note)
    live.state = state
    return live


def read_move(game: Game, rules: RulesValue, data: object) -> object:
    """A move sent by a client, read with :mod:`noahrules.serialize`."""
    try:
        return from_dict(data, game.move_type, rules)
    except SerializationError as exc:
        raise RequestError("bad_move", str(exc)) from None


def still_running(table: ServerTable) -> None:
    """Refuse a change (a move, a seat, closing it) to a table whose game is over or that was
    closed."""
    if table.over:
        raise RequestError("over", "the game is over")
    if table.closed is not None:
        raise RequestError("closed", f"this table was closed: {table.closed}")


def advance(
    table: ServerTable, seat: int, seq: int, move: object, limit: int
) -> tuple[object, tuple[Event, ...]]:
    """The state after ``seat`` plays ``move`` at position ``seq``, and the events; checks that it
    is that seat's turn at that position. Raises :class:`RequestError`; changes nothing."""
    live = table.live
    assert live is not None
    still_running(table)
    if seq != table.seq:
        raise RequestError("stale", f"this table is at move {table.seq}, not {seq}")
    if table.to_act != seat:
        raise RequestError("not_your_turn", f"it is seat {table.to_act}'s turn, not seat {seat}'s")
    if table.seq >= limit:
        raise RequestError("limit", f"this table has reached its limit of {limit} moves")
    try:
        return table.game.step(live.state, move)
    except IllegalMoveError as exc:
        raise RequestError("illegal", str(exc)) from None


def commit(
    table: ServerTable,
    move: object,
    state: object,
    events: tuple[Event, ...],
    note: str | None,
    now: float,
) -> None:
    """Take a stored move, made at time ``now``, into the table."""
    live = table.live
    assert live is not None
    before = table.to_act
    live.state = state
    live.moves.append(move)
    live.log.append(events)
    live.notes.append(note)
    table.seq += 1
    table.active = now
    follow(table)
    if table.to_act != before:
        table.turn_since = now


def follow(table: ServerTable) -> None:
    """Update what the table shows of its game (whose turn, over) from its live state."""
    live = table.live
    assert live is not None
    table.over = table.game.is_over(live.state)
    table.to_act = table.game.current_player(live.state)


def unload_if_idle(table: ServerTable) -> None:
    """Forget an ended table's game while nobody looks at it (it is replayed on demand)."""
    if table.ended and not table.sessions and not table.lock.locked():
        table.live = None
