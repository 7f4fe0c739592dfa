"""Who sits where at a table, as people and the host change it: a newcomer joins an open seat,
the host (seat 0) shows the invite links again, gives a seat a new link or frees it, and a
person names their own seat. Each change is stored, and told to the table's clients.
"""

from __future__ import annotations

from noahrules.serialize import JsonValue
from noahrules.serve import messages, seats
from noahrules.serve.creation import clean_name
from noahrules.serve.errors import RequestError
from noahrules.serve.lobby import Lobby
from noahrules.serve.seats import HOST, invite_links, seats_to_json
from noahrules.serve.sessions import dismiss, tell
from noahrules.serve.settings import Settings
from noahrules.serve.storage import Storage
from noahrules.serve.tables import ServerTable, still_running

__all__ = ["Seating"]


class Seating:
    """The seats of a hub's tables, found in ``lobby``."""

    def __init__(self, lobby: Lobby, storage: Storage, settings: Settings) -> None:
        self._lobby = lobby
        self._storage = storage
        self._settings = settings

    def join(self, table_id: str, name: object = "") -> dict[str, JsonValue]:
        """Take the first open seat of a table for a newcomer: its number and the token made for
        them. Invited seats are never taken this way."""
        table = self._lobby.table(table_id)
        chosen = clean_name(name, self._settings.max_name)
        still_running(table)
        index = seats.join(table.seats, chosen)
        self._changed(table)
        return {"seat": index, "token": table.seats[index].token}

    def rename(self, table: ServerTable, seat: int, name: object) -> None:
        """A person names their own seat."""
        seats.rename(table.seats[seat], clean_name(name, self._settings.max_name))
        self._changed(table)

    def host_table(self, table_id: str, token: str | None) -> ServerTable:
        """The table whose host (seat 0) holds ``token``; a ``forbidden`` error for anyone
        else."""
        table = self._lobby.table(table_id)
        if token is None or table.seat_of(token) != HOST:
            raise RequestError("forbidden", "only the host (with seat 0's link) may do this")
        return table

    def links(self, table_id: str, token: str | None) -> list[dict[str, JsonValue]]:
        """For the host: the link (``seat``, ``token``) of every invited seat."""
        return invite_links(self.host_table(table_id, token).seats)

    def rekey(self, table_id: str, token: str | None, seat: object) -> dict[str, JsonValue]:
        """For the host: give a person's seat a new link; whoever holds the old one is
        disconnected, and it opens nothing any more."""
        table = self.host_table(table_id, token)
        still_running(table)
        index = seats.rekey(table.seats, seat)
        dismiss(table, index, "the host gave this seat a new link")
        self._changed(table)
        return {"seat": index, "token": table.seats[index].token}

    def free(self, table_id: str, token: str | None, seat: object) -> None:
        """For the host: free a person's seat whose player left; it is open to the next who
        joins."""
        table = self.host_table(table_id, token)
        still_running(table)
        index = seats.free(table.seats, seat)
        dismiss(table, index, "the host freed this seat")
        self._changed(table)

    def _changed(self, table: ServerTable) -> None:
        """Store a table's seats and tell its clients."""
        table.renamed()
        self._storage.store.set_seats(table.id, seats_to_json(table.seats))
        tell(table, messages.presence(table))
