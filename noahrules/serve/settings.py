"""The table server's settings: every limit it enforces is written down here
(docs/design.md principles 8 and 10), and ``docs/serve.md`` lists each with its command-line flag.

>>> from noahrules.serve.settings import Settings
>>> Settings().max_message, Settings().creations_per_minute
(8192, 10)
"""

from __future__ import annotations

from attrs import field, frozen, validators

from noahrules.serve.store import SYNCHRONOUS

__all__ = ["ADMIN_TOKEN_ENV", "Settings"]

ADMIN_TOKEN_ENV = "NOAHRULES_ADMIN_TOKEN"
"""The environment variable ``noahrules serve`` reads the admin token from (``--admin-token``
wins)."""

MIN_ADMIN_TOKEN = 16
"""The shortest admin token accepted: a guessable one would open every table."""


def _root_path(_: object, __: object, value: str) -> None:
    if value and (not value.startswith("/") or value.endswith("/") or "//" in value):
        raise ValueError(f"root_path is empty or like '/noah' (no trailing slash), not {value!r}")


def _admin_token(_: object, __: object, value: str | None) -> None:
    if value is not None and len(value) < MIN_ADMIN_TOKEN:
        raise ValueError(f"an admin token has at least {MIN_ADMIN_TOKEN} characters")


@frozen(kw_only=True)
class Settings:
    """How a table server behaves. Every field has a default fit for a game among friends on
    an open port."""

    # --- what one message or request may hold ---------------------------------------------------
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
    max_name: int = 24
    """The longest player name, in characters."""

    # --- what the whole server holds --------------------------------------------------------------
    max_open_tables: int = 1000
    """The most unfinished tables at once; creating another is refused (``limit``, 503)."""
    max_watchers: int = 64
    """The most spectators' connections at one table."""
    lobby_page: int = 50
    """The most tables one answer of the lobby list holds (``?limit=`` may ask for fewer)."""

    # --- what one client address may use ---------------------------------------------------------
    creations_per_minute: int = 10
    """Tables one client address may create per minute (a burst of this many, then one every
    ``60 / creations_per_minute`` seconds); more are refused with 429 and ``Retry-After``."""
    open_tables_per_address: int = 20
    """Unfinished tables created by one client address at once."""
    bot_tables_per_address: int = 1
    """Of those, the tables without a seat for a person (every seat a bot's); ``0``: none, as
    on the page, which cannot make one."""
    sockets_per_address: int = 32
    """WebSocket connections open at once from one client address."""
    messages_per_second: float = 20.0
    """WebSocket messages one connection may send per second (with a burst of twice as many);
    beyond, a message is refused with ``rate_limited`` and ignored."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to join a table with a ``hello``; then it is closed."""
    trust_proxy: bool = False
    """Whether the client address is the last one of ``X-Forwarded-For`` (set by a reverse proxy
    in front) instead of the connection's; never set it without such a proxy, or any client can
    name its own address."""
    ipv6_prefix: int = 64
    """The limits per address count an IPv6 address with every other of its network of this
    many bits (one home or host gets a whole /64); ``128``: each IPv6 address alone. An IPv4
    address (also written as IPv4-mapped IPv6) is counted alone."""

    # --- what nobody uses expires -------------------------------------------------------------
    unjoined_expiry: float = 30 * 60.0
    """Seconds after which a table no person has joined is closed (its record kept)."""
    idle_expiry: float = 7 * 24 * 3600.0
    """Seconds without a move after which an unfinished table is closed (its record kept)."""
    turn_timeout: float | None = None
    """Seconds a person has to act; then ``timeout_bot`` moves for their seat, and the log says
    so (``None``: people have all the time they want)."""
    timeout_bot: str = "greedy"
    """The bot that moves for a person whose time ran out."""
    sweep_every: float = 60.0
    """Seconds between two looks for tables to expire (and turns that timed out, at least five
    times per ``turn_timeout``)."""

    # --- hosting ---------------------------------------------------------------------------------
    root_path: str = field(default="", validator=_root_path)
    """The path prefix a reverse proxy serves the server under (``"/noah"``); requests work with
    the prefix or without it (a proxy that strips it), and the page's links carry it."""
    admin_token: str | None = field(default=None, repr=False, validator=_admin_token)
    """The token that opens ``/api/admin/...`` (``None``: no admin)."""

    # --- the game's pace and the machine ----------------------------------------------------------
    outbox: int = 256
    """Messages queued for one client before it is disconnected as too slow (it may reconnect
    and get what it missed)."""
    compress: bool = False
    """Whether WebSocket messages are compressed (permessage-deflate, under uvicorn). A message is
    a few kilobytes; compressing it costs the server more time than sending it on a LAN."""
    bot_delay: float = 0.0
    """Seconds a bot waits before it moves, so that people can follow the game."""
    bot_workers: int = 2
    """Threads choosing the bot moves of tables with a person (the default executor's size)."""
    bot_only_processes: int = 1
    """Processes choosing the bot moves of tables without a person, at a lower priority, so
    that those tables never slow the ones with people (:mod:`noahrules.serve.choosers`);
    ``0``: they share the threads of :attr:`bot_workers`."""
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
        positive = (
            "max_message",
            "max_frame",
            "max_body",
            "max_record",
            "max_moves",
            "max_name",
            "max_watchers",
            "lobby_page",
            "creations_per_minute",
            "open_tables_per_address",
            "sockets_per_address",
            "messages_per_second",
            "hello_timeout",
            "unjoined_expiry",
            "idle_expiry",
            "sweep_every",
            "outbox",
            "bot_workers",
            "checkpoint_every",
        )
        for name in positive:
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive")
        for name in ("bot_tables_per_address", "bot_only_processes"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be 0 or more")
        if not 0 <= self.ipv6_prefix <= 128:
            raise ValueError("ipv6_prefix is a prefix length from 0 to 128")
        if self.max_frame < self.max_message:
            raise ValueError("max_frame must be at least max_message")
        if self.bot_delay < 0:
            raise ValueError("bot_delay must be >= 0")
        if self.turn_timeout is not None and self.turn_timeout <= 0:
            raise ValueError("turn_timeout must be positive, or None for no timeout")

    @property
    def sweep_period(self) -> float:
        """Seconds between two sweeps: :attr:`sweep_every`, shorter when turns time out."""
        if self.turn_timeout is None:
            return self.sweep_every
        return min(self.sweep_every, self.turn_timeout / 5)
