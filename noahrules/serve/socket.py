"""The WebSocket endpoint: one connection per client, handed to the :class:`~noahrules.serve.hub.
Hub` message by message.

What the server sends goes through a bounded outbox, written by its own task, so that a slow
client never holds up a table: a client whose outbox overflows is disconnected (it reconnects
with ``since`` and gets what it missed).
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from noahrules.serve.hub import Hub

__all__ = ["SocketConnection", "play_endpoint"]

TOO_SLOW = 1008
"""The close code for a client that does not read its messages."""


class SocketConnection:
    """A client's WebSocket as a :class:`~noahrules.serve.hub.Connection`."""

    def __init__(self, websocket: WebSocket, outbox: int) -> None:
        self.websocket = websocket
        self.closed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(outbox)

    def post(self, text: str) -> None:
        """Queue ``text``; a full outbox closes the connection."""
        if self.closed:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        """Stop sending and close the WebSocket once the writer gets here."""
        if self.closed:
            return
        self.closed = True
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queue.put_nowait(None)

    async def pump(self) -> None:
        """Write the outbox to the WebSocket until the connection closes."""
        with contextlib.suppress(Exception):
            while (text := await self._queue.get()) is not None:
                await self.websocket.send_text(text)
            await self.websocket.close(TOO_SLOW)


async def play_endpoint(hub: Hub, websocket: WebSocket, outbox: int) -> None:
    """Serve one client until it goes away."""
    await websocket.accept()
    connection = SocketConnection(websocket, outbox)
    session = hub.connect(connection)
    writer = asyncio.get_running_loop().create_task(connection.pump())
    try:
        while not connection.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            await hub.receive(session, text if text is not None else message.get("bytes") or b"")
    except WebSocketDisconnect:
        pass
    finally:
        hub.disconnect(session)
        connection.closed = True
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer
