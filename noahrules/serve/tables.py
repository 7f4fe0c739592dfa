"""A table of the server: a game being played, its seats, and who is watching.

A :class:`ServerTable` is always known by its head (the game record without moves), its seats and
how far it has got; its game itself (:class:`Live`: rules, state, the events of every move) is
rebuilt from the stored record by replay whenever it is needed, and dropped again when a
finished table has no client left. The functions here hold the rules of a table (who may move,
which move is next, what a move is); they never touch the network or the database.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Sequence
from typing import Any

import attrs
from attrs import define, field

from noahrules.errors import IllegalMoveError, SerializationError
from noahrules.events import Event
from noahrules.game import Game, RulesValue
from noahrules.records import GameRecord, replay
from noahrules.render import PLAIN, Screen, screen_for
from noahrules.serialize import JsonValue, from_dict, from_json
from noahrules.serve.errors import RequestError

__all__ = [
    "Live",
    "Seat",
    "ServerTable",
    "advance",
    "new_token",
    "read_move",
    "restore",
    "seats_from_json",
    "seats_to_json",
    "start",
]


def new_token() -> str:
    """A secret seat token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


@define
class Seat:
    """A seat: a person's (with its secret token) or a bot's (with the bot's name)."""

    kind: str
    """``"human"`` or ``"bot"``."""
    name: str
    bot: str | None = None
    token: str | None = field(default=None, repr=False)
    taken: bool = False
    """Whether someone has claimed this person's seat (joined, or connected with its token)."""

    def public(self, seat: int, connected: bool) -> dict[str, JsonValue]:
        """What everyone may know of this seat (never the token)."""
        return {
            "seat": seat,
            "kind": self.kind,
            "name": self.name,
            "bot": self.bot,
            "taken": self.taken or self.kind == "bot",
            "connected": connected or self.kind == "bot",
        }


def seats_to_json(seats: Sequence[Seat]) -> str:
    """The seats as stored."""
    return json.dumps([attrs.asdict(s) for s in seats])


def seats_from_json(text: str) -> list[Seat]:
    """The seats as stored (see :func:`seats_to_json`)."""
    return [Seat(**item) for item in json.loads(text)]


@define(eq=False)
class Live:
    """A table's game in memory: its rules, the current state, the moves and the events of each
    move (``log[i]`` holds the events of move ``i + 1``), and the text screens of its clients."""

    rules: RulesValue
    state: object
    moves: list[object] = field(factory=list)
    log: list[tuple[Event, ...]] = field(factory=list)
    screens: dict[int | None, Screen[Any, Any, Any]] = field(factory=dict)


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

    def screen(self, seat: int | None) -> Screen[Any, Any, Any]:
        """The text screen of ``seat`` (``None``: spectators)."""
        live = self.live
        assert live is not None
        screen = live.screens.get(seat)
        if screen is None:
            names = {i: s.name for i, s in enumerate(self.seats)}
            screen = live.screens[seat] = screen_for(self.game, live.rules, names, PLAIN, seat)
        return screen

    def info(self) -> dict[str, JsonValue]:
        """What the lobby shows of this table: never a token, the seed or a state."""
        connected = {s.seat for s in self.sessions if s.seat is not None}
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "variants": list(self.head.variants),
            "seats": [s.public(i, i in connected) for i, s in enumerate(self.seats)],
            "free": sum(1 for s in self.seats if s.kind == "human" and not s.taken),
            "spectators": sum(1 for s in self.sessions if s.seat is None),
            "seq": self.seq,
            "over": self.over,
            "to_act": self.to_act,
            "created": self.created,
            "problem": self.problem,
        }


def start(game: Game, rules: RulesValue, players: int, seed: int) -> tuple[GameRecord, Live]:
    """A new game's record head and its live game."""
    head = GameRecord.start(game.name, rules, players, seed)
    return head, Live(rules, game.new_game(rules, players, seed))


def restore(game: Game, head: GameRecord, moves: Sequence[str]) -> Live:
    """A table's game rebuilt from its stored record: each move read back and played again,
    its events recomputed. Raises :class:`~noahrules.errors.NoahRulesError` (a
    :class:`~noahrules.errors.ReplayError` when the rules data changed since the game began, a
    :class:`~noahrules.errors.SerializationError` for a stored move that cannot be read)."""
    rules = game.load_rules(head.variants)
    live = Live(rules, next(replay(head, rules)))  # the head: the rules' digest checked
    state = live.state
    for text in moves:
        move = from_json(text, game.move_type, rules)
        state, events = game.step(state, move)
        live.moves.append(move)
        live.log.append(events)
    live.state = state
    return live


def read_move(game: Game, rules: RulesValue, data: object) -> object:
    """A move sent by a client, read with :mod:`noahrules.serialize`."""
    try:
        return from_dict(data, game.move_type, rules)
    except SerializationError as exc:
        raise RequestError("bad_move", str(exc)) from None


def advance(
    table: ServerTable, seat: int, seq: int, move: object, limit: int
) -> tuple[object, tuple[Event, ...]]:
    """The state after ``seat`` plays ``move`` at position ``seq``, and the events; checks that it
    is that seat's turn at that position. Raises :class:`RequestError`; changes nothing."""
    live = table.live
    assert live is not None
    if table.over:
        raise RequestError("over", "the game is over")
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


def commit(table: ServerTable, move: object, state: object, events: tuple[Event, ...]) -> None:
    """Take a stored move into the table."""
    live = table.live
    assert live is not None
    live.state = state
    live.moves.append(move)
    live.log.append(events)
    table.seq += 1
    follow(table)


def follow(table: ServerTable) -> None:
    """Update what the table shows of its game (whose turn, over) from its live state."""
    live = table.live
    assert live is not None
    table.over = table.game.is_over(live.state)
    table.to_act = table.game.current_player(live.state)
