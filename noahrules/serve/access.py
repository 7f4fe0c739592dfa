"""The access log: one line per HTTP request and one per WebSocket connection, on the logger
``noahrules.serve.access`` (at ``INFO``), with the client's address as the limits see it.

    127.0.0.1 "POST /api/tables" 201 3.1 ms
    127.0.0.1 "WS /ws" 101 closed after 12.4 s

Never a query string or a header: tokens travel in headers and in the page's address fragment,
which browsers do not send, so no secret reaches the log.
"""

from __future__ import annotations

import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from noahrules.serve.addresses import client_address

__all__ = ["AccessLog"]

log = logging.getLogger("noahrules.serve.access")


class AccessLog:
    """ASGI middleware writing the access log of ``app``."""

    def __init__(self, app: ASGIApp, trust_proxy: bool = False) -> None:
        self.app = app
        self.trust_proxy = trust_proxy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket") or not log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: list[int] = []

        async def sending(message: Message) -> None:
            if not status:
                status.extend(_status(message))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            self._write(scope, status[0] if status else 500, time.perf_counter() - started)

    def _write(self, scope: Scope, status: int, seconds: float) -> None:
        address = client_address(scope.get("client"), scope["headers"], self.trust_proxy)
        path = scope["path"]
        if scope["type"] == "http":
            log.info(
                '%s "%s %s" %d %.1f ms', address, scope["method"], path, status, 1000 * seconds
            )
        elif status == 101:
            log.info('%s "WS %s" 101 closed after %.1f s', address, path, seconds)
        else:
            log.info('%s "WS %s" %d refused', address, path, status)


def _status(message: Message) -> list[int]:
    """The status a message sends, if it is the first of an answer."""
    kind = message["type"]
    if kind in ("http.response.start", "websocket.http.response.start"):
        return [int(message["status"])]
    if kind == "websocket.accept":
        return [101]
    if kind == "websocket.close":
        return [403]
    return []
