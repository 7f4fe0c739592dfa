"""Where tables live between runs: one SQLite file (stdlib :mod:`sqlite3`) in WAL mode.

A table is stored as its game record: the record's head (game, variants, rules digest, players,
seed, first player) and its seats when it is created, then one row per move, each committed
before the move is acknowledged to anyone. Beside the record, a table's row keeps what the server
needs to run it: whether it is listed in the lobby, the address that created it, when it last
moved, why it was closed before its end, and the table *Play again* made of it. Nothing else is
stored: states and events are recomputed by replaying the record.

A file written by an older server (without those columns) is brought up to date when it is
opened: the columns are added, every old table keeps its record, seats and moves.

A :class:`Store` is not thread-safe: the server writes from its event loop's thread only (a
commit in WAL mode is an append to the log, without a disk flush under ``synchronous=NORMAL``)
and calls :meth:`Store.checkpoint` from one other thread.

>>> store = Store(":memory:")
>>> store.create(TableRow("t1", 0.0, '{"game": "ferry"}', "[]"))
>>> store.append("t1", 1, '{"type": "TakeAnimals"}', over=False, at=5.0)
>>> [(row.moves, row.active) for row in store.tables()], store.moves("t1")
([(1, 5.0)], [('{"type": "TakeAnimals"}', None)])
>>> store.close()
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from attrs import frozen

__all__ = ["COLUMNS", "SCHEMA", "SYNCHRONOUS", "Store", "TableRow"]

SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
"""SQLite's settings of ``synchronous``."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id      TEXT PRIMARY KEY,
    created REAL NOT NULL,
    head    TEXT NOT NULL,
    seats   TEXT NOT NULL,
    over    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq      INTEGER NOT NULL,
    move     TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at REAL NOT NULL
);
"""
"""The database's tables as the first server wrote them: ``tables`` (one row per table),
``moves`` (one per move), and ``health`` (one row, written by :meth:`Store.check_writable`).
The columns added since are in :data:`COLUMNS`."""

COLUMNS = (
    ("tables", "listed", "INTEGER NOT NULL DEFAULT 1"),
    ("tables", "address", "TEXT"),
    ("tables", "active", "REAL"),
    ("tables", "closed", "TEXT"),
    ("tables", "next", "TEXT"),
    ("moves", "note", "TEXT"),
)
"""The columns added to :data:`SCHEMA` since the first server: whether a table is in the lobby,
the address that created it, when it last moved, why it was closed, the table *Play again*
made of it; per move, who made it for an absent player. A file that lacks them gets them."""

VERSION = 2
"""The file format this module writes (SQLite's ``user_version``); a newer file is refused."""


@frozen
class TableRow:
    """A stored table: its id, creation time, record head and seats (JSON text), whether its
    game is over, how many moves it has, and how the server runs it."""

    id: str
    created: float
    head: str
    """The game record without its moves, as JSON (``noahrules.serialize``)."""
    seats: str
    """The seats, as JSON (see :mod:`noahrules.serve.tables`)."""
    over: bool = False
    moves: int = 0
    listed: bool = True
    """Whether the lobby lists it (an unlisted table is reached by its link only)."""
    address: str | None = None
    """The client address that created it."""
    active: float | None = None
    """When its last move was made (``None``: no move yet)."""
    closed: str | None = None
    """Why it was closed before its game ended (``None``: it was not)."""
    next: str | None = None
    """The id of the table *Play again* made of it."""


class Store:
    """The tables of one SQLite file (``":memory:"`` for a server that forgets)."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL") -> None:
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous is one of {SYNCHRONOUS}, not {synchronous!r}")
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._db.execute("PRAGMA wal_autocheckpoint=0")  # see checkpoint()
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._checkpointer: sqlite3.Connection | None = None

    def _migrate(self) -> None:
        """Create the tables, or add the columns an older server's file lacks."""
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            self._db.close()
            raise ValueError(
                f"{self.path} was written by a newer server (format {version}; this one "
                f"reads up to {VERSION})"
            )
        with self._transaction():
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            for table, column, declaration in COLUMNS:
                present = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
                if column not in present:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")
            self._db.execute(f"PRAGMA user_version={VERSION}")

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode: ``"wal"`` for a file (``"memory"`` in memory)."""
        mode: str = self._db.execute("PRAGMA journal_mode").fetchone()[0]
        return mode

    def create(self, row: TableRow) -> None:
        """Store a new table (committed when this returns)."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, created, head, seats, over, listed, address, active, "
                "closed, next) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.created,
                    row.head,
                    row.seats,
                    int(row.over),
                    int(row.listed),
                    row.address,
                    row.active,
                    row.closed,
                    row.next,
                ),
            )

    def append(
        self, table: str, seq: int, move: str, over: bool, at: float, note: str | None = None
    ) -> None:
        """Store move number ``seq`` (1-based) of ``table``, made at time ``at`` (``note``: by
        whom, when not by its seat's player), and whether the game is now over (committed when
        this returns). A ``seq`` already stored raises :class:`sqlite3.IntegrityError`."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO moves (table_id, seq, move, note) VALUES (?, ?, ?, ?)",
                (table, seq, move, note),
            )
            self._db.execute(
                "UPDATE tables SET active = ?, over = ? WHERE id = ?", (at, int(over), table)
            )

    def set_seats(self, table: str, seats: str) -> None:
        """Store a table's seats again (a seat was taken, named, re-keyed or freed)."""
        self._update(table, "seats", seats)

    def set_closed(self, table: str, reason: str) -> None:
        """Store why a table was closed before its game ended."""
        self._update(table, "closed", reason)

    def set_next(self, table: str, next_table: str) -> None:
        """Store the table *Play again* made of ``table``."""
        self._update(table, "next", next_table)

    def _update(self, table: str, column: str, value: str) -> None:
        with self._transaction():
            self._db.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (value, table))

    def delete(self, table: str) -> None:
        """Forget a table and its moves."""
        with self._transaction():
            self._db.execute("DELETE FROM moves WHERE table_id = ?", (table,))
            self._db.execute("DELETE FROM tables WHERE id = ?", (table,))

    def tables(self) -> list[TableRow]:
        """Every stored table, oldest first, with its number of moves."""
        rows = self._db.execute(
            "SELECT t.id, t.created, t.head, t.seats, t.over, "
            "(SELECT COUNT(*) FROM moves m WHERE m.table_id = t.id), "
            "t.listed, t.address, t.active, t.closed, t.next "
            "FROM tables t ORDER BY t.created, t.id"
        ).fetchall()
        return [
            TableRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], bool(r[6]), *r[7:]) for r in rows
        ]

    def moves(self, table: str) -> list[tuple[str, str | None]]:
        """The moves of ``table`` in order, as stored, each with its note."""
        rows = self._db.execute(
            "SELECT move, note FROM moves WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def check_writable(self, at: float, wait: float = 0.25) -> None:
        """Write one row and commit it, waiting at most ``wait`` seconds for a lock; raises
        :class:`sqlite3.Error` when the file cannot be written now."""
        self._db.execute(f"PRAGMA busy_timeout={int(wait * 1000)}")
        try:
            with self._transaction():
                self._db.execute("INSERT OR REPLACE INTO health (id, at) VALUES (1, ?)", (at,))
        finally:
            self._db.execute("PRAGMA busy_timeout=5000")

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database (``PASSIVE``: never waiting for, nor
        holding up, a write). It runs on its own connection, from any one other thread: the
        writing connection never checkpoints by itself, so that its commits never wait for a
        disk flush."""
        if self.path == ":memory:":
            return
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False
            )
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        """Close the file (closing folds the log into it)."""
        if self._checkpointer is not None:
            self._checkpointer.close()
        self._db.close()

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on an exception."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
