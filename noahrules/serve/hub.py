"""The server's core: its tables, their clients, their storage and their bots, on one event loop.

The :class:`Hub` knows nothing of HTTP or WebSockets: a client is a :class:`Connection` (a way to
post a text message, and to close), and the web layer hands the hub each message a client sends.
The same hub therefore runs under uvicorn and inside tests.

Each move goes one at a time per table: it is read, checked against the rules, committed to
SQLite (a WAL append of some tens of microseconds, without a disk flush under the default
``synchronous=NORMAL``; the flushing checkpoints run on a thread of their own) and only then
taken into the table and sent to every client, each getting its own view and events. Bots choose
their moves on an executor, never on the loop.

Time is the hub's ``clock`` (``time.time`` unless a test gives its own): tables expire, turns
time out and creations are counted by it, never by sleeping. A sweep looks for what is due every
:attr:`Settings.sweep_period` seconds; tests call :meth:`Hub.sweep` themselves.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from noahrules.bots import make_bot
from noahrules.errors import NoahRulesError
from noahrules.game import Game
from noahrules.games import GAMES
from noahrules.records import GameRecord
from noahrules.serialize import JsonValue, from_json, to_json
from noahrules.serve import messages, seats
from noahrules.serve.addresses import Allowance, Counter
from noahrules.serve.creation import HUMAN, TableRequest, bot_spec, clean_name
from noahrules.serve.errors import RequestError
from noahrules.serve.expiry import time_is_up, why_close
from noahrules.serve.inbound import Hello, MoveRequest, NameRequest, read
from noahrules.serve.seats import HOST, Seat, seats_from_json, seats_to_json
from noahrules.serve.settings import Settings
from noahrules.serve.store import Store, TableRow
from noahrules.serve.tables import (
    ServerTable,
    advance,
    commit,
    follow,
    read_move,
    restore,
    start,
)
from noahrules.serve.visibility import Shared

__all__ = ["Connection", "Hub", "Session"]

log = logging.getLogger("noahrules.serve")

Clock = Callable[[], float]


class Connection(Protocol):
    """A client as the hub sees it."""

    def post(self, text: str) -> None:
        """Queue ``text`` for the client; never blocks, never raises."""

    def close(self, reason: str | None = None) -> None:
        """End the connection, saying why (the hub is told by :meth:`Hub.disconnect`)."""


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
        clock: Clock = time.time,
    ) -> None:
        self.db = str(db)
        self.settings = settings = settings or Settings()
        bot_spec(settings.timeout_bot)
        self.clock = clock
        self._tables: dict[str, ServerTable] = {}
        """Every table, in the order they were made."""
        self._creations = Allowance(settings.creations_per_minute, clock)
        self.sockets = Counter(settings.sockets_per_address)
        """The WebSocket connections open per client address (the web layer counts them)."""
        self._checkpointer = ThreadPoolExecutor(1, thread_name_prefix="noahrules-checkpoint")
        self._own_executor = executor is None
        self._bots = executor or ThreadPoolExecutor(
            settings.bot_workers, thread_name_prefix="noahrules-bot"
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
            if not table.ended:
                try:
                    await self._ensure_live(table)
                except RequestError:
                    continue
                self._schedule_bot(table)
        self._keep(self._checkpoints())
        self._keep(self._sweeps())
        log.info("noahrules serve: %d tables from %s", len(self._tables), self.db)

    async def stop(self) -> None:
        """Stop the bots, close every client and the database."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for table in self._tables.values():
            for session in list(table.sessions):
                session.connection.close("the server is stopping")
        if self._own_executor:
            self._bots.shutdown(wait=False, cancel_futures=True)
        self._checkpointer.shutdown(wait=True)
        if self._store is not None:
            self._store.close()
            self._store = None

    def health(self) -> dict[str, JsonValue]:
        """Whether the server can keep a move now: ``ok`` is false when the database cannot be
        written (a test row is written and committed)."""
        try:
            self._store_now().check_writable(self.clock())
            database = "ok"
        except (sqlite3.Error, RequestError) as exc:
            database = f"cannot be written: {exc}"
        return {
            "ok": database == "ok",
            "open_tables": self.open_tables(),
            "tables": len(self._tables),
            "database": database,
        }

    # --- the lobby -------------------------------------------------------------------------------

    def tables(
        self, limit: int | None = None, before: str | None = None, everything: bool = False
    ) -> tuple[list[ServerTable], str | None]:
        """A page of the tables the lobby lists (``everything``: of every table), newest first:
        at most ``limit`` (and at most :attr:`Settings.lobby_page`), made before the table
        ``before``; and the id to ask the next page ``before``, if there is one."""
        page = min(limit or self.settings.lobby_page, self.settings.lobby_page)
        newest = reversed(self._tables.values())
        if before is not None:
            if before not in self._tables:
                raise RequestError("bad_request", "'before' names no table")
            for table in newest:
                if table.id == before:
                    break
        found: list[ServerTable] = []
        for table in newest:
            if everything or table.listed:
                if len(found) == page:
                    return found, found[-1].id
                found.append(table)
        return found, None

    def table(self, table_id: str) -> ServerTable:
        """The table with id ``table_id``; a :class:`RequestError` if there is none."""
        table = self._tables.get(table_id)
        if table is None:
            raise RequestError("unknown_table", "there is no such table")
        return table

    def open_tables(self, address: str | None = None) -> int:
        """How many tables are unfinished (of those ``address`` made, if given)."""
        return sum(
            1
            for t in self._tables.values()
            if not t.ended and (address is None or t.address == address)
        )

    async def create(
        self, request: TableRequest, address: str | None = None
    ) -> tuple[ServerTable, list[dict[str, JsonValue]]]:
        """A new table, stored, and the secret links of its invited people's seats (``seat``,
        ``token``). ``address``: the client that asks, held to the limits per address
        (``None``: a program of the host's, held to none but the server's)."""
        game = GAMES[request.game]
        table = self._open_table(
            game,
            request.players,
            request.variants,
            seats.make_seats(request.seats, request.name),
            request.listed,
            address,
            request.seed,
        )
        links: list[dict[str, JsonValue]] = [
            {"seat": i, "token": s.token} for i, s in enumerate(table.seats) if s.is_invited
        ]
        return table, links

    def _open_table(
        self,
        game: Game,
        players: int,
        variants: tuple[str, ...],
        chairs: list[Seat],
        listed: bool,
        address: str | None,
        seed: int | None = None,
    ) -> ServerTable:
        """Make, store and start a table (no ``await``: nothing else runs meanwhile)."""
        self._check_limits(address)
        rules = game.load_rules(variants)
        seed = seed if seed is not None else secrets.randbelow(1 << 31)
        head, live = start(game, rules, players, seed)
        now = self.clock()
        table = ServerTable(
            _new_id(self._tables),
            game,
            head,
            chairs,
            now,
            live=live,
            listed=listed,
            address=address,
            active=now,
            turn_since=now,
        )
        follow(table)
        row = TableRow(
            table.id, now, to_json(head), seats_to_json(chairs), listed=listed, address=address
        )
        self._store_now().create(row)
        self._tables[table.id] = table
        self._schedule_bot(table)
        return table

    def _check_limits(self, address: str | None) -> None:
        """Refuse a new table beyond the server's limit, or beyond the limits of ``address``
        (and count the creation against it)."""
        settings = self.settings
        if self.open_tables() >= settings.max_open_tables:
            raise RequestError("limit", "this server has as many open tables as it takes")
        if address is None:
            return
        if self.open_tables(address) >= settings.open_tables_per_address:
            raise RequestError(
                "rate_limited",
                f"your address has {settings.open_tables_per_address} unfinished tables; finish "
                "or leave one first",
                retry_after=60,
            )
        wait = self._creations.take(address)
        if wait:
            raise RequestError(
                "rate_limited",
                f"your address may create {settings.creations_per_minute} tables a minute",
                retry_after=wait,
            )

    async def join(self, table_id: str, name: object = "") -> dict[str, JsonValue]:
        """Take the first open seat of a table for a newcomer: its number and the token made for
        them. Invited seats are never taken this way."""
        table = self.table(table_id)
        chosen = clean_name(name, self.settings.max_name)
        _still_running(table)
        index = seats.join(table.seats, chosen)
        self._seats_changed(table)
        return {"seat": index, "token": table.seats[index].token}

    async def record(self, table_id: str) -> GameRecord:
        """The game record of a finished or closed table (a running game's record would tell
        its seed)."""
        table = self.table(table_id)
        if not table.ended:
            raise RequestError("not_over", "the record is shown when the game is over")
        await self._ensure_live(table)
        record = table.record()
        self._unload_if_idle(table)
        return record

    # --- the host's seats ------------------------------------------------------------------------

    def host_table(self, table_id: str, token: str | None) -> ServerTable:
        """The table whose host (seat 0) holds ``token``; a ``forbidden`` error for anyone
        else."""
        table = self.table(table_id)
        if token is None or table.seat_of(token) != HOST:
            raise RequestError("forbidden", "only the host (with seat 0's link) may do this")
        return table

    def links(self, table_id: str, token: str | None) -> list[dict[str, JsonValue]]:
        """For the host: the link (``seat``, ``token``) of every invited seat."""
        table = self.host_table(table_id, token)
        return [{"seat": i, "token": s.token} for i, s in enumerate(table.seats) if s.is_invited]

    async def rekey(self, table_id: str, token: str | None, seat: object) -> dict[str, JsonValue]:
        """For the host: give a person's seat a new link; whoever holds the old one is
        disconnected, and it opens nothing any more."""
        table = self.host_table(table_id, token)
        _still_running(table)
        index = seats.rekey(table.seats, seat)
        self._dismiss(table, index, "the host gave this seat a new link")
        self._seats_changed(table)
        return {"seat": index, "token": table.seats[index].token}

    async def free(self, table_id: str, token: str | None, seat: object) -> None:
        """For the host: free a person's seat whose player left; it is open to the next who
        joins."""
        table = self.host_table(table_id, token)
        _still_running(table)
        index = seats.free(table.seats, seat)
        self._dismiss(table, index, "the host freed this seat")
        self._seats_changed(table)

    async def again(
        self, table_id: str, token: str | None, address: str | None = None
    ) -> dict[str, JsonValue]:
        """*Play again*: a new table with the same game, variants and seats (made by the first
        person who asks), and for the seat of ``token`` its link there."""
        table = self.table(table_id)
        seat = table.seat_of(token) if token is not None else None
        if seat is None:
            raise RequestError("forbidden", "ask with the link of your seat at this table")
        if not table.ended:
            raise RequestError("not_over", "play again once the game is over")
        following = self._tables.get(table.next) if table.next is not None else None
        if following is None:
            following = self._open_table(
                table.game,
                table.players,
                table.head.variants,
                seats.again(table.seats),
                table.listed,
                address,
            )
            table.next = following.id
            self._store_now().set_next(table.id, following.id)
            self._tell(table, messages.again(table))
        return {"table": following.id, "seat": seat, "token": following.seats[seat].token}

    def _dismiss(self, table: ServerTable, seat: int, why: str) -> None:
        """Disconnect the clients at ``seat`` (its token changed), telling them why."""
        text = messages.error(RequestError("bad_token", why))
        for session in list(table.sessions):
            if session.seat == seat:
                session.post(text)
                table.sessions.discard(session)
                session.table = session.seat = None
                session.connection.close(why)

    def _seats_changed(self, table: ServerTable) -> None:
        """Store a table's seats and tell its clients."""
        table.renamed()
        self._store_now().set_seats(table.id, seats_to_json(table.seats))
        self._tell(table, messages.presence(table))

    # --- the admin and expiry --------------------------------------------------------------------

    async def close(self, table: ServerTable, reason: str) -> None:
        """Close a table before its game ended (its record kept): no more moves."""
        async with table.lock:
            _still_running(table)
            table.closed = reason
            self._store_now().set_closed(table.id, reason)
        log.info("table %s closed: %s", table.id, reason)
        self._tell(table, messages.closed(table))
        self._unload_if_idle(table)

    async def delete(self, table_id: str) -> None:
        """Forget a table and its record; its clients are disconnected."""
        table = self.table(table_id)
        async with table.lock:
            self._store_now().delete(table.id)
            del self._tables[table.id]
            table.closed = table.closed or "deleted by the admin"
        self._tell(table, messages.closed(table))
        for session in list(table.sessions):
            table.sessions.discard(session)
            session.table = session.seat = None
            session.connection.close("the table was deleted")
        log.info("table %s deleted", table.id)

    async def sweep(self) -> None:
        """Close the tables nobody uses (their records kept) and move for the people whose
        time ran out, as the clock says now."""
        now = self.clock()
        for table in list(self._tables.values()):
            if table.ended or table.problem is not None:
                continue
            reason = why_close(table, now, self.settings)
            if reason is not None:
                await self.close(table, reason)
            elif (seat := time_is_up(table, now, self.settings)) is not None:
                self._time_out(table, seat)
        self._creations.forget_idle()

    async def _sweeps(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_period)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep for expired tables failed")

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
            elif isinstance(request, MoveRequest):
                kind = "move"
                await self._move(session, request)
            else:
                kind = "name"
                self._name(session, request)
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
        self._tell(table, messages.presence(table))
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
            self._store_now().set_seats(table.id, seats_to_json(table.seats))
        self._tell(table, messages.presence(table), but=session)

    async def _move(self, session: Session, request: MoveRequest) -> None:
        table = self._seated(session)
        if request.table is not None and request.table != table.id:
            raise RequestError("other_table", f"this connection plays at table {table.id}")
        assert session.seat is not None and table.live is not None
        move = read_move(table.game, table.live.rules, request.move)
        await self.play(table, session.seat, request.seq, move)

    def _name(self, session: Session, request: NameRequest) -> None:
        table = self._seated(session)
        assert session.seat is not None
        seats.rename(table.seats[session.seat], clean_name(request.name, self.settings.max_name))
        self._seats_changed(table)

    def _seated(self, session: Session) -> ServerTable:
        """The table of a client at a seat; an error for one not at a table, or watching."""
        table = session.table
        if table is None:
            raise RequestError("not_joined", "say hello to a table first")
        if session.seat is None:
            raise RequestError("spectator", "spectators cannot act")
        return table

    # --- moves -----------------------------------------------------------------------------------

    async def play(
        self, table: ServerTable, seat: int, seq: int, move: object, note: str | None = None
    ) -> None:
        """Play ``move`` for ``seat`` at position ``seq`` (``note``: by whom, when not by its
        player): checked, stored, then sent. Raises :class:`RequestError` and changes nothing if
        it cannot be."""
        await asyncio.shield(self._play(table, seat, seq, move, note))

    async def _play(
        self, table: ServerTable, seat: int, seq: int, move: object, note: str | None
    ) -> None:
        async with table.lock:
            state, events = advance(table, seat, seq, move, self.settings.max_moves)
            over = table.game.is_over(state)
            now = self.clock()
            try:
                self._store_now().append(table.id, seq + 1, to_json(move), over, now, note)
            except sqlite3.Error as exc:
                log.error("table %s: move %d not stored: %s", table.id, seq + 1, exc)
                raise RequestError(
                    "storage", "the move could not be stored; nothing changed"
                ) from exc
            commit(table, move, state, events, note, now)
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

    def _tell(self, table: ServerTable, text: str, but: Session | None = None) -> None:
        """Send ``text`` to every client of ``table`` (but one)."""
        for session in list(table.sessions):
            if session is not but:
                session.post(text)

    # --- bots ------------------------------------------------------------------------------------

    def _schedule_bot(self, table: ServerTable) -> None:
        seat = table.to_act
        if seat is None or table.ended or table.seats[seat].kind == HUMAN:
            return
        if table.bot_seq == table.seq:
            return
        table.bot_seq = table.seq
        self._keep(self._bot_turn(table, seat, table.seq))

    async def _bot_turn(self, table: ServerTable, seat: int, seq: int) -> None:
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        name = table.seats[seat].bot
        if name is not None:
            await self._bot_move(table, seat, seq, name)

    def _time_out(self, table: ServerTable, seat: int) -> None:
        """A person's time ran out: the timeout bot moves for their seat (once per position)."""
        if table.bot_seq == table.seq:
            return
        table.bot_seq = table.seq
        self._keep(self._timed_out(table, seat, table.seq))

    async def _timed_out(self, table: ServerTable, seat: int, seq: int) -> None:
        bot = self.settings.timeout_bot
        who = table.labels()[seat]
        note = f"Time ran out for {who}: the {bot} bot moved for them."
        await self._bot_move(table, seat, seq, bot, note)
        if time_is_up(table, self.clock(), self.settings) == seat:  # the same turn goes on
            self._time_out(table, seat)

    async def _bot_move(
        self, table: ServerTable, seat: int, seq: int, name: str, note: str | None = None
    ) -> None:
        """The bot ``name`` chooses ``seat``'s move at ``seq`` off the loop, and plays it."""
        live = table.live
        if live is None or table.seq != seq or table.ended:
            return
        view = table.game.view(live.state, seat)
        bot = make_bot(name, table.game, _bot_seed(table.head.seed, seat, seq))
        try:
            move = await asyncio.get_running_loop().run_in_executor(self._bots, bot.choose, view)
            await self.play(table, seat, seq, move, note)
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
        """Forget an ended table's game while nobody looks at it (it is replayed on demand)."""
        if table.ended and not table.sessions and not table.lock.locked():
            table.live = None

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
            listed=row.listed,
            address=row.address,
            active=row.active if row.active is not None else row.created,
            turn_since=self.clock(),
            closed=row.closed,
            next=row.next,
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


def _still_running(table: ServerTable) -> None:
    """Refuse to change the seats of a table whose game is over or that was closed."""
    if table.over:
        raise RequestError("over", "the game is over")
    if table.closed is not None:
        raise RequestError("closed", f"this table was closed: {table.closed}")


def _new_id(taken: dict[str, ServerTable]) -> str:
    while True:
        table_id = secrets.token_urlsafe(6)
        if table_id not in taken:
            return table_id


def _bot_seed(seed: int, seat: int, seq: int) -> int:
    """A bot's seed for one move, from the table's recorded seed: games with bots replay."""
    return (seed * 1_000_003 + seat * 10_007 + seq) % (1 << 62)
