"""The table server as a Starlette application, to run under uvicorn or to mount in one's own.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app()) as client:
...     client.get("/api/tables").json()
{'tables': [], 'next': None}
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send

from noahrules.serve.access import AccessLog
from noahrules.serve.hub import Hub
from noahrules.serve.routes import routes
from noahrules.serve.settings import Settings

__all__ = ["PathPrefix", "TableServer", "create_app"]


class TableServer:
    """A hub of tables and its routes.

    ``app`` is a small Starlette application whose ``lifespan`` opens the database, restores the
    tables and starts the bots. To mount it in another application, give that application this
    server's :meth:`lifespan` (a mounted application's own lifespan is not run)::

        server = TableServer("noah.sqlite")
        app = Starlette(routes=[Mount("/noah", app=server.app)], lifespan=server.lifespan)

    ``clock`` is the time the server goes by (expiry, turn timeouts, limits per minute); tests
    give their own.
    """

    def __init__(
        self,
        db: str | Path = ":memory:",
        settings: Settings | None = None,
        executor: Executor | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.hub = Hub(db, settings, executor, clock)
        settings = self.hub.settings
        middleware = [Middleware(AccessLog, trust_proxy=settings.trust_proxy)]
        if settings.root_path:
            middleware.append(Middleware(PathPrefix, prefix=settings.root_path))
        self.app = Starlette(routes=routes(self.hub), middleware=middleware, lifespan=self.lifespan)
        self.app.state.table_server = self

    @property
    def settings(self) -> Settings:
        """The server's settings."""
        return self.hub.settings

    @asynccontextmanager
    async def lifespan(self, app: object = None) -> AsyncIterator[None]:
        """Run the hub while the application runs."""
        await self.hub.start()
        try:
            yield
        finally:
            await self.hub.stop()


class PathPrefix:
    """ASGI middleware serving ``app`` under a path prefix (``"/noah"``) that a reverse proxy
    forwards as it is (``/noah/api/tables``) or strips (``/api/tables``): either way the routes
    see their own paths and the page its prefix (``root_path``)."""

    def __init__(self, app: ASGIApp, prefix: str) -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            path: str = scope["path"]
            if path == self.prefix or path.startswith(self.prefix + "/"):
                path = path[len(self.prefix) :] or "/"
            scope = {**scope, "root_path": self.prefix, "path": self.prefix + path}
        await self.app(scope, receive, send)


def create_app(
    db: str | Path = ":memory:",
    settings: Settings | None = None,
    executor: Executor | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """A table server keeping its tables in the SQLite file ``db`` (``":memory:"``: forgotten at
    exit); bots run on ``executor`` (default: a pool of ``settings.bot_workers`` threads)."""
    return TableServer(db, settings, executor, clock).app
