"""Where tables live between runs: one SQLite file (stdlib :mod:`sqlite3`) in WAL mode.

A table is stored as its game record: the record's head (game, variants, rules digest, players,
seed, first player) and its seats when it is created, then one row per move, each committed
before the move is acknowledged to anyone. Nothing else is stored: states and events are
recomputed by replaying the record.

A :class:`Store` is not thread-safe: the server writes from its event loop's thread only (a
commit in WAL mode is an append to the log, without a disk flush under ``synchronous=NORMAL``)
and calls :meth:`Store.checkpoint` from one other thread.

>>> store = Store(":memory:")
>>> store.create(TableRow("t1", 0.0, '{"game": "ferry"}', "[]"))
>>> store.append("t1", 1, '{"type": "TakeAnimals"}', over=False)
>>> [row.moves for row in store.tables()], store.moves("t1")
([1], ['{"type": "TakeAnimals"}'])
>>> store.close()
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from attrs import frozen

__all__ = ["SCHEMA", "SYNCHRONOUS", "Store", "TableRow"]

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
"""
"""The database's two tables: ``tables`` (one row per table) and ``moves`` (one per move)."""


@frozen
class TableRow:
    """A stored table: its id, creation time, record head and seats (JSON text), whether its
    game is over, and how many moves it has."""

    id: str
    created: float
    head: str
    """The game record without its moves, as JSON (``noahrules.serialize``)."""
    seats: str
    """The seats, as JSON (see :mod:`noahrules.serve.tables`)."""
    over: bool = False
    moves: int = 0


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
        self._db.executescript(SCHEMA)
        self._checkpointer: sqlite3.Connection | None = None

    @property
    def journal_mode(self) -> str:
        """SQLite's journal mode: ``"wal"`` for a file (``"memory"`` in memory)."""
        mode: str = self._db.execute("PRAGMA journal_mode").fetchone()[0]
        return mode

    def create(self, row: TableRow) -> None:
        """Store a new table (committed when this returns)."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, created, head, seats, over) VALUES (?, ?, ?, ?, ?)",
                (row.id, row.created, row.head, row.seats, int(row.over)),
            )

    def append(self, table: str, seq: int, move: str, over: bool) -> None:
        """Store move number ``seq`` (1-based) of ``table`` and whether the game is now over
        (committed when this returns). A ``seq`` already stored raises
        :class:`sqlite3.IntegrityError`."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO moves (table_id, seq, move) VALUES (?, ?, ?)", (table, seq, move)
            )
            if over:
                self._db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table,))

    def set_seats(self, table: str, seats: str) -> None:
        """Store a table's seats again (a seat was taken or named)."""
        with self._transaction():
            self._db.execute("UPDATE tables SET seats = ? WHERE id = ?", (seats, table))

    def tables(self) -> list[TableRow]:
        """Every stored table, oldest first, with its number of moves."""
        rows = self._db.execute(
            "SELECT t.id, t.created, t.head, t.seats, t.over, "
            "(SELECT COUNT(*) FROM moves m WHERE m.table_id = t.id) "
            "FROM tables t ORDER BY t.created, t.id"
        ).fetchall()
        return [TableRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5]) for r in rows]

    def moves(self, table: str) -> list[str]:
        """The moves of ``table`` in order, as stored."""
        rows = self._db.execute(
            "SELECT move FROM moves WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
        return [r[0] for r in rows]

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
