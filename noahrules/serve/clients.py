"""A client at a table: it says hello to one table, as the seat its token opens or as a
spectator, gets its ``welcome``, may then act for its seat only, and goes away.
"""

from __future__ import annotations

from noahrules.serve import messages
from noahrules.serve.errors import RequestError
from noahrules.serve.inbound import Hello
from noahrules.serve.lobby import Lobby
from noahrules.serve.seats import seats_to_json
from noahrules.serve.sessions import Session, tell
from noahrules.serve.settings import Settings
from noahrules.serve.storage import Storage
from noahrules.serve.tables import ServerTable, unload_if_idle

__all__ = ["Clients", "leave", "seated"]


class Clients:
    """The clients of a hub's tables, found in ``lobby``."""

    def __init__(self, lobby: Lobby, storage: Storage, settings: Settings) -> None:
        self._lobby = lobby
        self._storage = storage
        self._settings = settings

    async def hello(self, session: Session, hello: Hello) -> None:
        """Seat ``session`` at the table it greets (its game replayed if need be), send it its
        ``welcome`` and tell the others who is there."""
        if session.table is not None:
            raise RequestError("already_joined", f"this connection is at table {session.table.id}")
        table = self._lobby.table(hello.table)
        seat = None
        if hello.token is not None:
            seat = table.seat_of(hello.token)
            if seat is None:
                raise RequestError("bad_token", "this token opens no seat of this table")
        await self._storage.ensure_live(table)
        if hello.since > table.seq:
            raise RequestError(
                "bad_request", f"this table has {table.seq} moves, not {hello.since}"
            )
        watchers = sum(1 for s in table.sessions if s.seat is None)
        if seat is None and watchers >= self._settings.max_watchers:
            raise RequestError("limit", "this table has as many spectators as it takes")
        session.table, session.seat, session.language = table, seat, hello.lang
        table.sessions.add(session)
        session.post(messages.welcome(table, seat, hello.since, hello.lang))
        if seat is not None and not table.seats[seat].taken:
            table.seats[seat].taken = True
            self._storage.store.set_seats(table.id, seats_to_json(table.seats))
        tell(table, messages.presence(table), but=session)


def leave(session: Session) -> None:
    """A client went away: the others are told, and a finished game nobody looks at any more is
    forgotten."""
    table = session.table
    if table is None:
        return
    table.sessions.discard(session)
    session.table = None
    tell(table, messages.presence(table))
    unload_if_idle(table)


def seated(session: Session, table_id: str | None = None) -> tuple[ServerTable, int]:
    """The table and seat of a client at a seat; an error for one not at a table (or at
    another than ``table_id``, if given), or watching."""
    table = session.table
    if table is None:
        raise RequestError("not_joined", "say hello to a table first")
    if session.seat is None:
        raise RequestError("spectator", "spectators cannot act")
    if table_id is not None and table_id != table.id:
        raise RequestError("other_table", f"this connection plays at table {table.id}")
    return table, session.seat
