"""The way of a move, one at a time per table: checked against the rules, committed to SQLite (a
WAL append of some tens of microseconds, without a disk flush under the default
``synchronous=NORMAL``) and only then taken into the table and sent to every client, each
getting its own view and events. Then the next turn is looked after.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable

from noahrules.serialize import to_json
from noahrules.serve.errors import RequestError
from noahrules.serve.sessions import broadcast
from noahrules.serve.settings import Settings
from noahrules.serve.storage import Storage
from noahrules.serve.tables import ServerTable, advance, commit, unload_if_idle

__all__ = ["Moves"]

log = logging.getLogger("noahrules.serve")


class Moves:
    """The move pipeline of a hub: ``then`` is told of each table that took a move (to start
    the next turn), ``clock`` says when it was made."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        clock: Callable[[], float],
        then: Callable[[ServerTable], None],
    ) -> None:
        self._storage = storage
        self._settings = settings
        self._clock = clock
        self._then = then

    async def play(
        self, table: ServerTable, seat: int, seq: int, move: object, note: str | None = None
    ) -> None:
        """Play ``move`` for ``seat`` at position ``seq`` (``note``: by whom, when not by its
        player): checked, stored, then sent. Raises :class:`RequestError` and changes nothing if
        it cannot be. A client that goes away meanwhile does not stop it half way."""
        await asyncio.shield(self._play(table, seat, seq, move, note))

    async def _play(
        self, table: ServerTable, seat: int, seq: int, move: object, note: str | None
    ) -> None:
        async with table.lock:
            state, events = advance(table, seat, seq, move, self._settings.max_moves)
            over = table.game.is_over(state)
            now = self._clock()
            try:
                self._storage.store.append(table.id, seq + 1, to_json(move), over, now, note)
            except sqlite3.Error as exc:
                log.error("table %s: move %d not stored: %s", table.id, seq + 1, exc)
                raise RequestError(
                    "storage", "the move could not be stored; nothing changed"
                ) from exc
            commit(table, move, state, events, note, now)
            broadcast(table)
        self._then(table)
        unload_if_idle(table)
