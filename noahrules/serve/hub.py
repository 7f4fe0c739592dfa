"""The server's core: its tables, their clients, their storage and their bots, on one event loop.

The :class:`Hub` knows nothing of HTTP or WebSockets: a client is a :class:`Connection` (a way to
post a text message, and to close), and the web layer hands the hub each message a client sends.
The same hub therefore runs under uvicorn and inside tests.

The hub holds the parts of the server together and hands each request to the one it is for:

- :mod:`~noahrules.serve.lobby`: the tables, made within the limits, listed, closed, deleted;
- :mod:`~noahrules.serve.seating`: who sits where, as newcomers and the host change it;
- :mod:`~noahrules.serve.clients`: a client's hello to a table, and its leaving;
- :mod:`~noahrules.serve.sessions`: the clients of a table, and what is sent to them;
- :mod:`~noahrules.serve.moves`: a move checked, stored (before anyone hears of it) and sent;
- :mod:`~noahrules.serve.turns`: the bots' moves (chosen on an executor, never on the loop)
  and the moves for people whose time ran out;
- :mod:`~noahrules.serve.sweeps`: the tables that expire and the turns that time out;
- :mod:`~noahrules.serve.storage`: the SQLite file, its checkpoints on a thread of their own,
  and the games replayed from it;
- :mod:`~noahrules.serve.tasks`: the work in the background, cancelled when the hub stops.

Time is the hub's ``clock`` (``time.time`` unless a test gives its own): tables expire, turns
time out and creations are counted by it, never by sleeping. A sweep looks for what is due every
:attr:`Settings.sweep_period` seconds; tests call :meth:`Hub.sweep` themselves.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from functools import partial
from pathlib import Path

from noahrules.bots import make_bot
from noahrules.records import GameRecord
from noahrules.serialize import JsonValue
from noahrules.serve import messages
from noahrules.serve.addresses import Counter, address_group
from noahrules.serve.choosers import Choosers
from noahrules.serve.clients import Clients, leave, seated
from noahrules.serve.creation import TableRequest, bot_spec
from noahrules.serve.errors import RequestError
from noahrules.serve.inbound import Hello, MoveRequest, read
from noahrules.serve.lobby import Lobby
from noahrules.serve.moves import Moves
from noahrules.serve.seating import Seating
from noahrules.serve.sessions import Connection, Session, hang_up
from noahrules.serve.settings import Settings
from noahrules.serve.storage import Storage
from noahrules.serve.sweeps import Sweeper
from noahrules.serve.tables import ServerTable, read_move
from noahrules.serve.tasks import Tasks
from noahrules.serve.turns import Turns

__all__ = ["Connection", "Hub", "Session"]

log = logging.getLogger("noahrules.serve")

Clock = Callable[[], float]


class Hub:
    """The tables of one server, stored in the SQLite file ``db``."""

    def __init__(
        self,
        db: str | Path = ":memory:",
        settings: Settings | None = None,
        executor: Executor | None = None,
        clock: Clock = time.time,
    ) -> None:
        self.db = str(db)
        self.settings = settings = settings or Settings()
        bot_spec(settings.timeout_bot)
        self.clock = clock
        self.sockets = Counter(
            settings.sockets_per_address, partial(address_group, ipv6_prefix=settings.ipv6_prefix)
        )
        """The WebSocket connections open per client address (the web layer counts them)."""
        self._own_executor = executor is None
        self._bots = executor or ThreadPoolExecutor(
            settings.bot_workers, thread_name_prefix="noahrules-bot"
        )
        self._tasks = Tasks()
        self._storage = Storage(self.db, settings, self._bots)
        self._choosers = Choosers(self._bots, settings.bot_only_processes)
        self._turns = Turns(self.play, make_bot, self._choosers, self._tasks, settings, clock)
        self._moves = Moves(self._storage, settings, clock, self._turns.schedule)
        self._lobby = Lobby(self._storage, self._turns, settings, clock)
        self._seating = Seating(self._lobby, self._storage, settings)
        self._clients = Clients(self._lobby, self._storage, settings)
        self._sweeper = Sweeper(self._lobby, self._turns, settings, clock)

    # --- life ------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the database and restore every unfinished table by replay (finished ones are
        replayed when someone asks for them)."""
        await self._lobby.reopen(self._storage.open())
        self._tasks.keep(self._storage.checkpoints())
        self._tasks.keep(self._sweeper.run())
        log.info("noahrules serve: %d tables from %s", len(self._lobby.every_table()), self.db)

    async def stop(self) -> None:
        """Stop the bots, close every client and the database."""
        await self._tasks.cancel()
        for table in self._lobby.every_table():
            hang_up(table, "the server is stopping")
        self._choosers.shutdown()
        if self._own_executor:
            self._bots.shutdown(wait=False, cancel_futures=True)
        self._storage.close()

    def health(self) -> dict[str, JsonValue]:
        """Whether the server can keep a move now: ``ok`` is false when the database cannot be
        written (a test row is written and committed)."""
        database = self._storage.check(self.clock())
        return {
            "ok": database == "ok",
            "open_tables": self.open_tables(),
            "tables": len(self._lobby.every_table()),
            "database": database,
        }

    # --- the lobby -------------------------------------------------------------------------------

    def tables(
        self, limit: int | None = None, before: str | None = None, everything: bool = False
    ) -> tuple[list[ServerTable], str | None]:
        """A page of the tables the lobby lists (``everything``: of every table), newest first:
        at most ``limit`` (and at most :attr:`Settings.lobby_page`), made before the table
        ``before``; and the id to ask the next page ``before``, if there is one."""
        return self._lobby.tables(limit, before, everything)

    def table(self, table_id: str) -> ServerTable:
        """The table with id ``table_id``; a :class:`RequestError` if there is none."""
        return self._lobby.table(table_id)

    def open_tables(self, address: str | None = None) -> int:
        """How many tables are unfinished (of those ``address`` made, if given)."""
        return self._lobby.open_tables(address)

    async def create(
        self, request: TableRequest, address: str | None = None
    ) -> tuple[ServerTable, list[dict[str, JsonValue]]]:
        """A new table, stored, and the secret links of its invited people's seats (``seat``,
        ``token``). ``address``: the client that asks, held to the limits per address
        (``None``: a program of the host's, held to none but the server's)."""
        return self._lobby.create(request, address)

    async def join(self, table_id: str, name: object = "") -> dict[str, JsonValue]:
        """Take the first open seat of a table for a newcomer: its number and the token made for
        them. Invited seats are never taken this way."""
        return self._seating.join(table_id, name)

    async def record(self, table_id: str) -> GameRecord:
        """The game record of a finished or closed table (a running game's record would tell
        its seed)."""
        return await self._lobby.record(table_id)

    # --- the host's seats ------------------------------------------------------------------------

    def host_table(self, table_id: str, token: str | None) -> ServerTable:
        """The table whose host (seat 0) holds ``token``; a ``forbidden`` error for anyone
        else."""
        return self._seating.host_table(table_id, token)

    def links(self, table_id: str, token: str | None) -> list[dict[str, JsonValue]]:
        """For the host: the link (``seat``, ``token``) of every invited seat."""
        return self._seating.links(table_id, token)

    async def rekey(self, table_id: str, token: str | None, seat: object) -> dict[str, JsonValue]:
        """For the host: give a person's seat a new link; whoever holds the old one is
        disconnected, and it opens nothing any more."""
        return self._seating.rekey(table_id, token, seat)

    async def free(self, table_id: str, token: str | None, seat: object) -> None:
        """For the host: free a person's seat whose player left; it is open to the next who
        joins."""
        self._seating.free(table_id, token, seat)

    async def again(
        self, table_id: str, token: str | None, address: str | None = None
    ) -> dict[str, JsonValue]:
        """*Play again*: a new table with the same game, variants and seats (made by the first
        person who asks), and for the seat of ``token`` its link there."""
        return self._lobby.again(table_id, token, address)

    # --- the admin and expiry --------------------------------------------------------------------

    async def close(self, table: ServerTable, reason: str) -> None:
        """Close a table before its game ended (its record kept): no more moves."""
        await self._lobby.close(table, reason)

    async def delete(self, table_id: str) -> None:
        """Forget a table and its record; its clients are disconnected."""
        await self._lobby.delete(table_id)

    async def sweep(self) -> None:
        """Close the tables nobody uses (their records kept) and move for the people whose
        time ran out, as the clock says now."""
        await self._sweeper.sweep()

    # --- clients ---------------------------------------------------------------------------------

    def connect(self, connection: Connection) -> Session:
        """A new client; it must say hello first."""
        return Session(connection)

    async def receive(self, session: Session, text: str | bytes) -> None:
        """Handle one message of a client; a refused one is answered with an ``error``."""
        kind = None
        try:
            request = read(text, self.settings.max_message)
            if isinstance(request, Hello):
                kind = "hello"
                await self._clients.hello(session, request)
            elif isinstance(request, MoveRequest):
                kind = "move"
                await self._move(session, request)
            else:
                kind = "name"
                self._seating.rename(*seated(session), request.name)
        except RequestError as exc:
            session.post(messages.error(exc, kind))
        except Exception:  # a bug: the client hears of it, the server carries on
            log.exception("a message could not be handled")
            session.post(messages.error(RequestError("internal", "the server failed"), kind))

    def disconnect(self, session: Session) -> None:
        """A client went away."""
        leave(session)

    async def _move(self, session: Session, request: MoveRequest) -> None:
        """A client's move, read as its game's move and played for the client's seat."""
        table, seat = seated(session, request.table)
        assert table.live is not None
        move = read_move(table.game, table.live.rules, request.move)
        await self.play(table, seat, request.seq, move)

    # --- moves -----------------------------------------------------------------------------------

    async def play(
        self, table: ServerTable, seat: int, seq: int, move: object, note: str | None = None
    ) -> None:
        """Play ``move`` for ``seat`` at position ``seq`` (``note``: by whom, when not by its
        player): checked, stored, then sent. Raises :class:`RequestError` and changes nothing if
        it cannot be."""
        await self._moves.play(table, seat, seq, move, note)
