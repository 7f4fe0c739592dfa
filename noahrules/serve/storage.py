"""The hub's SQLite file while the server runs, and the games replayed from it.

The :class:`~noahrules.serve.store.Store` is opened when the server starts and closed when it
stops; meanwhile its write-ahead log is folded into the file now and then on a thread of its own
(the disk flushes this takes never hold up a move). A table's game is replayed from its stored
record when someone needs it, on the executor the bots use, never on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from concurrent.futures import Executor, ThreadPoolExecutor

from noahrules.errors import NoahRulesError
from noahrules.serve.errors import RequestError
from noahrules.serve.settings import Settings
from noahrules.serve.store import Store, TableRow
from noahrules.serve.tables import ServerTable, follow, restore

__all__ = ["Storage"]

log = logging.getLogger("noahrules.serve")


class Storage:
    """The database ``db`` of a hub; games are replayed on ``replays``."""

    def __init__(self, db: str, settings: Settings, replays: Executor) -> None:
        self.db = db
        self._settings = settings
        self._replays = replays
        self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="noahrules-checkpoint")
        self._store: Store | None = None

    def open(self) -> list[TableRow]:
        """Open the database, and read every table's row."""
        self._store = Store(self.db, self._settings.synchronous)
        return self._store.tables()

    def close(self) -> None:
        """Wait for a checkpoint under way, and close the database."""
        self._checkpointer.shutdown(wait=True)
        if self._store is not None:
            self._store.close()
            self._store = None

    @property
    def store(self) -> Store:
        """The open database; an ``unavailable`` error while the server is not running."""
        if self._store is None:
            raise RequestError("unavailable", "the server is not running")
        return self._store

    def check(self, now: float) -> str:
        """``"ok"`` if the database can be written now (a test row is written and committed at
        time ``now``), else why not."""
        try:
            self.store.check_writable(now)
        except (sqlite3.Error, RequestError) as exc:
            return f"cannot be written: {exc}"
        return "ok"

    async def checkpoints(self) -> None:
        """Fold the write-ahead log into the database every :attr:`Settings.checkpoint_every`
        seconds, on the checkpoint thread, until cancelled."""
        loop = asyncio.get_running_loop()
        store = self.store
        while True:
            await asyncio.sleep(self._settings.checkpoint_every)
            try:
                await loop.run_in_executor(self._checkpointer, store.checkpoint)
            except sqlite3.Error as exc:  # busy now: the next one will do
                log.warning("checkpoint of %s put off: %s", self.db, exc)

    async def ensure_live(self, table: ServerTable) -> None:
        """Replay the table's stored record if its game is not in memory; an ``unavailable``
        error if it cannot be (the table's ``problem`` says why)."""
        if table.problem is not None:
            raise RequestError("unavailable", f"this table cannot be restored: {table.problem}")
        if table.live is not None:
            return
        async with table.lock:
            if table.live is not None:
                return
            moves = self.store.moves(table.id)
            loop = asyncio.get_running_loop()
            try:
                live = await loop.run_in_executor(
                    self._replays, restore, table.game, table.head, moves
                )
            except NoahRulesError as exc:
                table.problem = str(exc)
                log.error("table %s cannot be restored: %s", table.id, exc)
                raise RequestError("unavailable", f"this table cannot be restored: {exc}") from exc
            table.live = live
            table.seq = len(live.moves)
            follow(table)
