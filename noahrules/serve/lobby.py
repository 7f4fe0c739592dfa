"""The tables of a server: made within the limits, listed, found, played again, closed and
deleted; and read back from the database when the server starts."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from noahrules.game import Game
from noahrules.games import GAMES
from noahrules.records import GameRecord
from noahrules.serialize import JsonValue, from_json, to_json
from noahrules.serve import messages, seats
from noahrules.serve.addresses import Allowance, address_group
from noahrules.serve.creation import TableRequest
from noahrules.serve.errors import RequestError
from noahrules.serve.seats import (
    Seat,
    has_person,
    invite_links,
    seats_from_json,
    seats_to_json,
)
from noahrules.serve.sessions import send_away, tell
from noahrules.serve.settings import Settings
from noahrules.serve.storage import Storage
from noahrules.serve.store import TableRow
from noahrules.serve.tables import (
    ServerTable,
    follow,
    start,
    still_running,
    unload_if_idle,
)
from noahrules.serve.turns import Turns

__all__ = ["Lobby"]

log = logging.getLogger("noahrules.serve")


class Lobby:
    """Every table of a hub, in the order they were made; a new one's first turn is started by
    ``turns``."""

    def __init__(
        self, storage: Storage, turns: Turns, settings: Settings, clock: Callable[[], float]
    ) -> None:
        self._storage = storage
        self._turns = turns
        self._settings = settings
        self._clock = clock
        self._tables: dict[str, ServerTable] = {}
        self._creations = Allowance(settings.creations_per_minute, clock)

    async def reopen(self, rows: list[TableRow]) -> None:
        """Take the stored tables back, restoring every unfinished one by replay (finished ones
        are replayed when someone asks for them)."""
        for row in rows:
            table = self._from_row(row)
            self._tables[table.id] = table
            if not table.ended:
                try:
                    await self._storage.ensure_live(table)
                except RequestError:
                    continue
                self._turns.schedule(table)

    def every_table(self) -> list[ServerTable]:
        """Every table, in the order they were made."""
        return list(self._tables.values())

    def tables(
        self, limit: int | None = None, before: str | None = None, everything: bool = False
    ) -> tuple[list[ServerTable], str | None]:
        """A page of the tables the lobby lists (``everything``: of every table), newest first:
        at most ``limit`` (and at most :attr:`Settings.lobby_page`), made before the table
        ``before``; and the id to ask the next page ``before``, if there is one."""
        page = min(limit or self._settings.lobby_page, self._settings.lobby_page)
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

    def open_tables(self, address: str | None = None, bots_only: bool = False) -> int:
        """How many tables are unfinished (of those made by ``address``'s group, if given;
        ``bots_only``: of those without a seat for a person)."""
        group = None if address is None else self._group(address)
        return sum(
            1
            for t in self._tables.values()
            if not t.ended
            and (group is None or (t.address is not None and self._group(t.address) == group))
            and not (bots_only and has_person(t.seats))
        )

    def _group(self, address: str) -> str:
        """The group the limits count ``address`` in (:func:`address_group`)."""
        return address_group(address, self._settings.ipv6_prefix)

    def create(
        self, request: TableRequest, address: str | None = None
    ) -> tuple[ServerTable, list[dict[str, JsonValue]]]:
        """A new table, stored, and the secret links of its invited people's seats (``seat``,
        ``token``). ``address``: the client that asks, held to the limits per address
        (``None``: a program of the host's, held to none but the server's)."""
        game = GAMES[request.game]
        table = self._open(
            game,
            request.players,
            request.variants,
            seats.make_seats(request.seats, request.name),
            request.listed,
            address,
            request.seed,
        )
        return table, invite_links(table.seats)

    def again(
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
            following = self._open(
                table.game,
                table.players,
                table.head.variants,
                seats.again(table.seats),
                table.listed,
                address,
            )
            table.next = following.id
            self._storage.store.set_next(table.id, following.id)
            tell(table, messages.again(table))
        return {"table": following.id, "seat": seat, "token": following.seats[seat].token}

    async def record(self, table_id: str) -> GameRecord:
        """The game record of a finished or closed table (a running game's record would tell
        its seed)."""
        table = self.table(table_id)
        if not table.ended:
            raise RequestError("not_over", "the record is shown when the game is over")
        await self._storage.ensure_live(table)
        record = table.record()
        unload_if_idle(table)
        return record

    async def close(self, table: ServerTable, reason: str) -> None:
        """Close a table before its game ended (its record kept): no more moves."""
        async with table.lock:
            still_running(table)
            table.closed = reason
            self._storage.store.set_closed(table.id, reason)
        log.info("table %s closed: %s", table.id, reason)
        tell(table, messages.closed(table))
        unload_if_idle(table)

    async def delete(self, table_id: str) -> None:
        """Forget a table and its record; its clients are disconnected."""
        table = self.table(table_id)
        async with table.lock:
            self._storage.store.delete(table.id)
            del self._tables[table.id]
            table.closed = table.closed or "deleted by the admin"
        tell(table, messages.closed(table))
        send_away(table, "the table was deleted")
        log.info("table %s deleted", table.id)

    def forget_idle_addresses(self) -> None:
        """Forget the creations counted against addresses that made no table lately."""
        self._creations.forget_idle()

    def _open(
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
        self._check_limits(address, has_person(chairs))
        rules = game.load_rules(variants)
        seed = seed if seed is not None else secrets.randbelow(1 << 31)
        head, live = start(game, rules, players, seed)
        now = self._clock()
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
        self._storage.store.create(row)
        self._tables[table.id] = table
        self._turns.schedule(table)
        return table

    def _check_limits(self, address: str | None, people: bool) -> None:
        """Refuse a new table beyond the server's limit, or beyond the limits of ``address``
        (and count the creation against it); ``people``: whether it has a seat for a person."""
        settings = self._settings
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
        if not people:
            self._check_bot_tables(address)
        wait = self._creations.take(self._group(address))
        if wait:
            raise RequestError(
                "rate_limited",
                f"your address may create {settings.creations_per_minute} tables a minute",
                retry_after=wait,
            )

    def _check_bot_tables(self, address: str) -> None:
        """Refuse a table without a seat for a person beyond :attr:`bot_tables_per_address`."""
        limit = self._settings.bot_tables_per_address
        if not limit:
            raise RequestError("forbidden", "this server makes no table without a person's seat")
        if self.open_tables(address, bots_only=True) >= limit:
            raise RequestError(
                "rate_limited",
                "your address has as many unfinished tables without a person's seat as it may "
                f"({limit}); finish or leave one first",
                retry_after=60,
            )

    def _from_row(self, row: TableRow) -> ServerTable:
        """A stored table as the server starts: its game not in memory yet, and its turn
        beginning now."""
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
            turn_since=self._clock(),
            closed=row.closed,
            next=row.next,
        )


def _new_id(taken: dict[str, ServerTable]) -> str:
    while True:
        table_id = secrets.token_urlsafe(6)
        if table_id not in taken:
            return table_id
