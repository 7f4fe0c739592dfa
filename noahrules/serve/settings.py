"""The table server's settings: every limit it enforces is written down here (DESIGN principle 8).

>>> from noahrules.serve.settings import Settings
>>> Settings().max_message
8192
"""

from __future__ import annotations

from attrs import field, frozen, validators

from noahrules.serve.store import SYNCHRONOUS

__all__ = ["Settings"]


@frozen(kw_only=True)
class Settings:
    """How a table server behaves. Every field has a default fit for a game among friends."""

    max_message: int = 8192
    """The largest WebSocket message a client may send, in bytes (UTF-8); larger ones are
    answered with a ``too_large`` error and ignored."""
    max_frame: int = 1 << 20
    """The largest frame the WebSocket layer accepts at all (uvicorn's ``ws_max_size``); above it
    the connection is closed with code 1009. Between ``max_message`` and this, the server still
    answers with an error."""
    max_body: int = 16384
    """The largest HTTP request body of the lobby (create, join), in bytes."""
    max_record: int = 1 << 20
    """The largest game record accepted by the replay viewer's upload, in bytes."""
    max_moves: int = 10_000
    """The most moves a table takes; further moves are refused (F27: a ferry game has no bound,
    the longest seen in random play is about 2,600 decisions)."""
    max_open_tables: int = 1000
    """The most unfinished tables at once; creating another is refused."""
    max_watchers: int = 64
    """The most spectators' connections at one table."""
    max_name: int = 24
    """The longest player name, in characters."""
    outbox: int = 256
    """Messages queued for one client before it is disconnected as too slow (it may reconnect
    and get what it missed)."""
    compress: bool = False
    """Whether WebSocket messages are compressed (permessage-deflate, under uvicorn). A message is
    a few kilobytes; compressing it costs the server more time than sending it on a LAN."""
    bot_delay: float = 0.0
    """Seconds a bot waits before it moves, so that people can follow the game."""
    bot_workers: int = 2
    """Threads choosing bot moves (the default executor's size)."""
    allow_seed: bool = False
    """Whether a table's creator may choose its seed. Whoever knows the seed knows every hidden
    card, so this is for tests and demonstrations only."""
    checkpoint_every: float = 2.0
    """Seconds between folding the SQLite write-ahead log into the database file (on a thread
    of its own, never holding up a move)."""
    synchronous: str = field(default="NORMAL", validator=validators.in_(SYNCHRONOUS))
    """SQLite's ``synchronous`` setting in WAL mode: ``NORMAL`` survives the server process being
    killed; ``FULL`` also survives a power cut, at the cost of one disk flush per move (about a
    millisecond on this machine, during which the server does nothing else)."""

    def __attrs_post_init__(self) -> None:
        for name in ("max_message", "max_frame", "max_body", "max_record", "max_moves"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be positive")
        if self.max_frame < self.max_message:
            raise ValueError("max_frame must be at least max_message")
        counts = (self.bot_workers, self.max_name, self.outbox, self.max_watchers)
        if self.bot_delay < 0 or self.checkpoint_every <= 0 or min(counts) < 1:
            raise ValueError(
                "bot_delay must be >= 0; bot_workers, max_name, outbox, max_watchers >= 1"
            )
