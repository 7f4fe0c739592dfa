"""The one error a client's request can cause: :class:`RequestError`, with a code and a message.

Every refusal of the server, over HTTP or the WebSocket, is one of these; the codes are listed in
:data:`CODES` and in ``docs/serve.md``.
"""

from __future__ import annotations

from types import MappingProxyType

from noahrules.errors import NoahRulesError

__all__ = ["CODES", "RequestError"]

CODES = MappingProxyType(
    {
        "too_large": 413,
        "malformed": 400,
        "bad_request": 400,
        "unknown_table": 404,
        "bad_token": 403,
        "forbidden": 403,
        "not_joined": 409,
        "already_joined": 409,
        "spectator": 403,
        "other_table": 409,
        "stale": 409,
        "not_your_turn": 409,
        "over": 409,
        "illegal": 422,
        "bad_move": 422,
        "full": 409,
        "not_over": 409,
        "closed": 409,
        "rate_limited": 429,
        "limit": 503,
        "unavailable": 503,
        "storage": 503,
        "internal": 500,
    }
)
"""Each error code and the HTTP status it goes with."""


class RequestError(NoahRulesError):
    """A request the server refuses; nothing changed. ``code`` is one of :data:`CODES`;
    ``retry_after``: the seconds after which the same request may succeed (a limit per address)."""

    def __init__(self, code: str, message: str, retry_after: int | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after

    @property
    def status(self) -> int:
        """The HTTP status for this error."""
        return CODES[self.code]
