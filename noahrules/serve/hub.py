"""The server's core: its tables, their clients, their storage and their bots, on one event loop.

The :class:`Hub` knows nothing of HTTP or WebSockets: a client is a :class:`Connection` (a way to
post a text message, and to close), and the web layer hands the hub each message a client sends.
The same hub therefore runs under uvicorn and inside tests.

Each move goes one at a time per table: it is read, checked against the rules, committed to
SQLite (a WAL append of some tens of microseconds, without a disk flush under the default
``synchronous=NORMAL``; the flushing checkpoints run on a thread of their own) and only then
taken into the table and sent to every client, each getting its own view and events. Bots choose
their moves on an executor, never on the loop.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import time
from collections.abc import Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from noahrules.bots import make_bot
from noahrules.errors import NoahRulesError
from noahrules.game import GAMES
from noahrules.records import GameRecord
from noahrules.serialize import JsonValue, from_json, to_json
from noahrules.serve import messages
from noahrules.serve.creation import HUMAN, TableRequest, clean_name
from noahrules.serve.errors import RequestError
from noahrules.serve.inbound import Hello, MoveRequest, read
from noahrules.serve.settings import Settings
from noahrules.serve.store import Store, TableRow
from noahrules.serve.tables import (
    Seat,
    ServerTable,
    advance,
    commit,
    follow,
    new_token,
    read_move,
    restore,
    seats_from_json,
    seats_to_json,
    start,
)
from noahrules.serve.visibility import Shared

__all__ = ["Connection", "Hub", "Session"]

log = logging.getLogger("noahrules.serve")


class Connection(Protocol):
    """A client as the hub sees it."""

    def post(self, text: str) -> None:
        """Queue ``text`` for the client; never blocks, never raises."""

    def close(self) -> None:
        """End the connection (the hub is told by :meth:`Hub.disconnect`)."""


class Session:
    """One client: its connection, and once it said hello, its table and seat."""

    __slots__ = ("connection", "seat", "table")

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.table: ServerTable | None = None
        self.seat: int | None = None
        """The client's seat; ``None`` for a spectator (or before hello)."""

    def post(self, text: str) -> None:
        """Send ``text`` to this client."""
        self.connection.post(text)


class Hub:
    """The tables of one server, stored in the SQLite file ``db``."""

    def __init__(
        self,
        db: str | Path = ":memory:",
        settings: Settings | None = None,
        executor: Executor | None = None,
    ) -> None:
        self.db = str(db)
        self.settings = settings or Settings()
        self._tables: dict[str, ServerTable] = {}
        self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="noahrules-checkpoint")
        self._own_executor = executor is None
        self._bots = executor or ThreadPoolExecutor(
            self.settings.bot_workers, thread_name_prefix="noahrules-bot"
        )
        self._tasks: set[asyncio.Task[None]] = set()
        self._store: Store | None = None

    # --- life ------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the database and restore every unfinished table by replay (finished ones are
        replayed when someone asks for them)."""
        self._store = Store(self.db, self.settings.synchronous)
        for row in self._store.tables():
            table = self._from_row(row)
            self._tables[table.id] = table
            if not table.over:
                try:
                    await self._ensure_live(table)
                except RequestError:
                    continue
                self._schedule_bot(table)
        self._keep(self._checkpoints())
        log.info("noahrules serve: %d tables from %s", len(self._tables), self.db)

    async def stop(self) -> None:
        """Stop the bots, close every client and the database."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for table in self._tables.values():
            for session in list(table.sessions):
                session.connection.close()
        if self._own_executor:
            self._bots.shutdown(wait=False, cancel_futures=True)
        self._checkpointer.shutdown(wait=True)
        if self._store is not None:
            self._store.close()
            self._store = None

    # --- the lobby -------------------------------------------------------------------------------

    def tables(self) -> list[dict[str, JsonValue]]:
        """What the lobby lists: every table, newest first."""
        return [t.info() for t in sorted(self._tables.values(), key=lambda t: -t.created)]

    def table(self, table_id: str) -> ServerTable:
        """The table with id ``table_id``; a :class:`RequestError` if there is none."""
        table = self._tables.get(table_id)
        if table is None:
            raise RequestError("unknown_table", "there is no such table")
        return table

    async def create(self, request: TableRequest) -> tuple[ServerTable, list[dict[str, JsonValue]]]:
        """A new table, stored, and the secret links of its people's seats (``seat``,
        ``token``)."""
        if sum(1 for t in self._tables.values() if not t.over) >= self.settings.max_open_tables:
            raise RequestError("limit", "this server has as many open tables as it takes")
        game = GAMES[request.game]
        rules = game.load_rules(request.variants)
        seed = request.seed if request.seed is not None else secrets.randbelow(1 << 31)
        head, live = start(game, rules, request.players, seed)
        seats = _seats(request)
        table = ServerTable(_new_id(self._tables), game, head, seats, time.time(), live=live)
        follow(table)
        row = TableRow(table.id, table.created, to_json(head), seats_to_json(seats))
        self._store_now().create(row)
        self._tables[table.id] = table
        self._schedule_bot(table)
        links: list[dict[str, JsonValue]] = [
            {"seat": i, "token": s.token} for i, s in enumerate(seats) if s.kind == HUMAN
        ]
        return table, links

    async def join(self, table_id: str, name: object = "") -> dict[str, JsonValue]:
        """Take the first free person's seat of a table: its number and token."""
        table = self.table(table_id)
        chosen = clean_name(name, self.settings.max_name)
        for index, seat in enumerate(table.seats):
            if seat.kind == HUMAN and not seat.taken and not table.over:
                seat.taken = True
                seat.name = chosen or seat.name
                await self._save_seats(table)
                return {"seat": index, "token": seat.token}
        raise RequestError("full", "this table has no free seat")

    async def record(self, table_id: str) -> GameRecord:
        """The game record of a finished table (a running game's record would tell its seed)."""
        table = self.table(table_id)
        if not table.over:
            raise RequestError("not_over", "the record is shown when the game is over")
        await self._ensure_live(table)
        record = table.record()
        self._unload_if_idle(table)
        return record

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
                await self._hello(session, request)
            else:
                kind = "move"
                await self._move(session, request)
        except RequestError as exc:
            session.post(messages.error(exc, kind))
        except Exception:  # a bug: the client hears of it, the server carries on
            log.exception("a message could not be handled")
            session.post(messages.error(RequestError("internal", "the server failed"), kind))

    def disconnect(self, session: Session) -> None:
        """A client went away."""
        table = session.table
        if table is None:
            return
        table.sessions.discard(session)
        session.table = None
        self._tell_presence(table)
        self._unload_if_idle(table)

    async def _hello(self, session: Session, hello: Hello) -> None:
        if session.table is not None:
            raise RequestError("already_joined", f"this connection is at table {session.table.id}")
        table = self.table(hello.table)
        seat = None
        if hello.token is not None:
            seat = table.seat_of(hello.token)
            if seat is None:
                raise RequestError("bad_token", "this token opens no seat of this table")
        await self._ensure_live(table)
        if hello.since > table.seq:
            raise RequestError(
                "bad_request", f"this table has {table.seq} moves, not {hello.since}"
            )
        watchers = sum(1 for s in table.sessions if s.seat is None)
        if seat is None and watchers >= self.settings.max_watchers:
            raise RequestError("limit", "this table has as many spectators as it takes")
        session.table, session.seat = table, seat
        table.sessions.add(session)
        session.post(messages.welcome(table, seat, hello.since))
        if seat is not None and not table.seats[seat].taken:
            table.seats[seat].taken = True
            await self._save_seats(table)
        self._tell_presence(table, but=session)

    async def _move(self, session: Session, request: MoveRequest) -> None:
        table = session.table
        if table is None:
            raise RequestError("not_joined", "say hello to a table first")
        if request.table is not None and request.table != table.id:
            raise RequestError("other_table", f"this connection plays at table {table.id}")
        if session.seat is None:
            raise RequestError("spectator", "spectators cannot move")
        assert table.live is not None
        move = read_move(table.game, table.live.rules, request.move)
        await self.play(table, session.seat, request.seq, move)

    # --- moves -----------------------------------------------------------------------------------

    async def play(self, table: ServerTable, seat: int, seq: int, move: object) -> None:
        """Play ``move`` for ``seat`` at position ``seq``: checked, stored, then sent. Raises
        :class:`RequestError` and changes nothing if it cannot be."""
        await asyncio.shield(self._play(table, seat, seq, move))

    async def _play(self, table: ServerTable, seat: int, seq: int, move: object) -> None:
        async with table.lock:
            state, events = advance(table, seat, seq, move, self.settings.max_moves)
            over = table.game.is_over(state)
            try:
                self._store_now().append(table.id, seq + 1, to_json(move), over)
            except sqlite3.Error as exc:
                log.error("table %s: move %d not stored: %s", table.id, seq + 1, exc)
                raise RequestError(
                    "storage", "the move could not be stored; nothing changed"
                ) from exc
            commit(table, move, state, events)
            self._broadcast(table)
        self._schedule_bot(table)
        self._unload_if_idle(table)

    def _broadcast(self, table: ServerTable) -> None:
        texts: dict[int | None, str] = {}
        shared = Shared()
        for session in list(table.sessions):
            text = texts.get(session.seat)
            if text is None:
                text = texts[session.seat] = messages.update(table, session.seat, shared)
            session.post(text)

    def _tell_presence(self, table: ServerTable, but: Session | None = None) -> None:
        text = messages.presence(table)
        for session in list(table.sessions):
            if session is not but:
                session.post(text)

    # --- bots ------------------------------------------------------------------------------------

    def _schedule_bot(self, table: ServerTable) -> None:
        seat = table.to_act
        if seat is None or table.over or table.seats[seat].kind == HUMAN:
            return
        if table.bot_seq == table.seq:
            return
        table.bot_seq = table.seq
        self._keep(self._bot_turn(table, seat, table.seq))

    async def _bot_turn(self, table: ServerTable, seat: int, seq: int) -> None:
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        live = table.live
        name = table.seats[seat].bot
        if live is None or name is None or table.seq != seq:
            return
        view = table.game.view(live.state, seat)
        bot = make_bot(name, table.game, _bot_seed(table.head.seed, seat, seq))
        try:
            move = await asyncio.get_running_loop().run_in_executor(self._bots, bot.choose, view)
            await self.play(table, seat, seq, move)
        except RequestError as exc:
            log.warning("table %s: the %s bot's move was refused: %s", table.id, name, exc)
        except Exception:
            log.exception("table %s: the %s bot failed at move %d", table.id, name, seq + 1)

    # --- storage ---------------------------------------------------------------------------------

    async def _ensure_live(self, table: ServerTable) -> None:
        """Replay the table's stored record if its game is not in memory."""
        if table.problem is not None:
            raise RequestError("unavailable", f"this table cannot be restored: {table.problem}")
        if table.live is not None:
            return
        async with table.lock:
            if table.live is not None:
                return
            moves = self._store_now().moves(table.id)
            loop = asyncio.get_running_loop()
            try:
                live = await loop.run_in_executor(
                    self._bots, restore, table.game, table.head, moves
                )
            except NoahRulesError as exc:
                table.problem = str(exc)
                log.error("table %s cannot be restored: %s", table.id, exc)
                raise RequestError("unavailable", f"this table cannot be restored: {exc}") from exc
            table.live = live
            table.seq = len(live.moves)
            follow(table)

    def _unload_if_idle(self, table: ServerTable) -> None:
        """Forget a finished table's game while nobody looks at it (it is replayed on demand)."""
        if table.over and not table.sessions and not table.lock.locked():
            table.live = None

    async def _save_seats(self, table: ServerTable) -> None:
        self._store_now().set_seats(table.id, seats_to_json(table.seats))

    def _from_row(self, row: TableRow) -> ServerTable:
        head_data = from_json(row.head, GameRecord)
        return ServerTable(
            row.id,
            GAMES[head_data.game],
            head_data,
            seats_from_json(row.seats),
            row.created,
            seq=row.moves,
            over=row.over,
        )

    def _store_now(self) -> Store:
        if self._store is None:
            raise RequestError("unavailable", "the server is not running")
        return self._store

    async def _checkpoints(self) -> None:
        """Fold the write-ahead log into the database now and then, on a thread of its own:
        the disk flushes this takes never hold up a move."""
        loop = asyncio.get_running_loop()
        store = self._store_now()
        while True:
            await asyncio.sleep(self.settings.checkpoint_every)
            try:
                await loop.run_in_executor(self._checkpointer, store.checkpoint)
            except sqlite3.Error as exc:  # busy now: the next one will do
                log.warning("checkpoint of %s put off: %s", self.db, exc)

    def _keep(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task of the hub (cancelled when it stops)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _seats(request: TableRequest) -> list[Seat]:
    seats = []
    for index, kind in enumerate(request.seats):
        if kind == HUMAN:
            seats.append(Seat(HUMAN, f"seat {index}", token=new_token()))
        else:
            seats.append(Seat("bot", f"{kind} bot", bot=kind, taken=True))
    first = next((s for s in seats if s.kind == HUMAN), None)
    if first is not None and request.name:
        first.name = request.name
    return seats


def _new_id(taken: dict[str, ServerTable]) -> str:
    while True:
        table_id = secrets.token_urlsafe(6)
        if table_id not in taken:
            return table_id


def _bot_seed(seed: int, seat: int, seq: int) -> int:
    """A bot's seed for one move, from the table's recorded seed: games with bots replay."""
    return (seed * 1_000_003 + seat * 10_007 + seq) % (1 << 62)
