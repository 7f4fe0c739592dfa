"""The clients of a table as the hub sees them, and what is sent to them.

The hub knows nothing of HTTP or WebSockets: a client is a :class:`Connection` (a way to post a
text message, and to close), and a :class:`Session` is one client with, once it said hello, its
table and seat. The functions here send to every client of a table (after a move, each gets its
own view and events) and send clients away.
"""

from __future__ import annotations

from typing import Protocol

from noahrules.names import DEFAULT_LANGUAGE
from noahrules.serve import messages
from noahrules.serve.errors import RequestError
from noahrules.serve.tables import ServerTable
from noahrules.serve.visibility import Shared

__all__ = ["Connection", "Session", "broadcast", "dismiss", "hang_up", "send_away", "tell"]


class Connection(Protocol):
    """A client as the hub sees it."""

    def post(self, text: str) -> None:
        """Queue ``text`` for the client; never blocks, never raises."""

    def close(self, reason: str | None = None) -> None:
        """End the connection, saying why (the hub is told by
        :meth:`~noahrules.serve.hub.Hub.disconnect`)."""


class Session:
    """One client: its connection, and once it said hello, its table and seat."""

    __slots__ = ("connection", "language", "seat", "table")

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.table: ServerTable | None = None
        self.seat: int | None = None
        """The client's seat; ``None`` for a spectator (or before hello)."""
        self.language = DEFAULT_LANGUAGE
        """The language of the game's text for this client, as its hello asked."""

    def post(self, text: str) -> None:
        """Send ``text`` to this client."""
        self.connection.post(text)


def tell(table: ServerTable, text: str, but: Session | None = None) -> None:
    """Send ``text`` to every client of ``table`` (but one)."""
    for session in list(table.sessions):
        if session is not but:
            session.post(text)


def broadcast(table: ServerTable) -> None:
    """Send the ``update`` of the table's last move to its clients: one text per seat, what the
    texts have in common written once."""
    texts: dict[tuple[int | None, str], str] = {}
    shared = Shared()
    for session in list(table.sessions):
        key = session.seat, session.language
        text = texts.get(key)
        if text is None:
            text = texts[key] = messages.update(table, session.seat, shared, session.language)
        session.post(text)


def dismiss(table: ServerTable, seat: int, why: str) -> None:
    """Disconnect the clients at ``seat`` (its token changed), telling them why."""
    text = messages.error(RequestError("bad_token", why))
    for session in list(table.sessions):
        if session.seat == seat:
            session.post(text)
            _leave(table, session, why)


def send_away(table: ServerTable, why: str) -> None:
    """Disconnect every client of ``table``."""
    for session in list(table.sessions):
        _leave(table, session, why)


def hang_up(table: ServerTable, why: str) -> None:
    """Close every client's connection to ``table`` (the web layer then says it went away)."""
    for session in list(table.sessions):
        session.connection.close(why)


def _leave(table: ServerTable, session: Session, why: str) -> None:
    table.sessions.discard(session)
    session.table = session.seat = None
    session.connection.close(why)
