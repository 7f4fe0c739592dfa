"""The WebSocket endpoint: one connection per client, handed to the :class:`~noahrules.serve.hub.
Hub` message by message.

What the server sends goes through a bounded outbox, written by its own task, so that a slow
client never holds up a table: a client whose outbox overflows is disconnected (it reconnects
with ``since`` and gets what it missed).

A stranger gets little: a client address holds at most :attr:`Settings.sockets_per_address`
connections (more are refused with 429 and ``Retry-After`` before the WebSocket opens), a
connection that has not joined a table within :attr:`Settings.hello_timeout` seconds is closed,
and one that sends more than :attr:`Settings.messages_per_second` has the extra messages
refused.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.responses import JSONResponse
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from noahrules.serve import messages
from noahrules.serve.addresses import Allowance
from noahrules.serve.errors import RequestError
from noahrules.serve.hub import Hub

__all__ = ["POLICY", "SocketConnection", "play_endpoint"]

POLICY = 1008
"""The close code for a client that broke a rule: too slow to read its messages, or silent."""
RETRY_SOCKET = 30
"""Seconds a client refused for having too many connections is told to wait."""


class SocketConnection:
    """A client's WebSocket as a :class:`~noahrules.serve.hub.Connection`."""

    def __init__(self, websocket: WebSocket, outbox: int) -> None:
        self.websocket = websocket
        self.closed = False
        self.reason = "too slow: the messages were not read"
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(outbox)

    def post(self, text: str) -> None:
        """Queue ``text``; a full outbox closes the connection."""
        if self.closed:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self, reason: str | None = None) -> None:
        """Stop sending and close the WebSocket once the writer gets here (what was queued before
        is still sent, unless the outbox overflowed)."""
        if self.closed:
            return
        self.closed = True
        if reason is not None:
            self.reason = reason
        if self._queue.full():
            while not self._queue.empty():
                self._queue.get_nowait()
        self._queue.put_nowait(None)

    async def pump(self) -> None:
        """Write the outbox to the WebSocket until the connection closes."""
        with contextlib.suppress(Exception):
            while (text := await self._queue.get()) is not None:
                await self.websocket.send_text(text)
            await self.websocket.close(POLICY, self.reason)


async def play_endpoint(hub: Hub, websocket: WebSocket, address: str) -> None:
    """Serve one client from ``address`` until it goes away."""
    if not hub.sockets.acquire(address):
        await _refuse(websocket, hub.settings.sockets_per_address)
        return
    try:
        await _serve(hub, websocket)
    finally:
        hub.sockets.release(address)


async def _serve(hub: Hub, websocket: WebSocket) -> None:
    settings = hub.settings
    await websocket.accept()
    connection = SocketConnection(websocket, settings.outbox)
    session = hub.connect(connection)
    allowance = Allowance(
        60 * settings.messages_per_second, hub.clock, 2 * settings.messages_per_second
    )
    loop = asyncio.get_running_loop()
    deadline = loop.time() + settings.hello_timeout
    writer = loop.create_task(connection.pump())
    try:
        while not connection.closed:
            try:
                message = await _receive(
                    websocket, None if session.table else deadline - loop.time()
                )
            except TimeoutError:
                connection.close(f"no hello within {settings.hello_timeout:g} s")
                break
            if message["type"] == "websocket.disconnect":
                break
            if allowance.take(""):
                refusal = RequestError("rate_limited", "too many messages; slow down")
                session.post(messages.error(refusal))
                continue
            text = message.get("text")
            await hub.receive(session, text if text is not None else message.get("bytes") or b"")
    except WebSocketDisconnect:
        pass
    finally:
        closing = connection.closed  # the server closes it: the writer sends what is left
        hub.disconnect(session)
        connection.closed = True
        if closing:
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(writer, 1.0)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer


async def _receive(websocket: WebSocket, timeout: float | None) -> Message:
    """The next message, waiting at most ``timeout`` seconds (``None``: as long as it takes)."""
    if timeout is None:
        return await websocket.receive()
    if timeout <= 0:
        raise TimeoutError
    return await asyncio.wait_for(websocket.receive(), timeout)


async def _refuse(websocket: WebSocket, limit: int) -> None:
    """Turn a WebSocket away before it opens: 429 with ``Retry-After`` where the server can send
    an HTTP answer to a WebSocket request, else a close (which uvicorn sends as 403)."""
    body = {
        "error": {
            "code": "rate_limited",
            "message": f"your address has {limit} connections open already",
        }
    }
    headers = {"Retry-After": str(RETRY_SOCKET)}
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(JSONResponse(body, 429, headers))
    else:
        await websocket.close(POLICY, "too many connections from your address")
