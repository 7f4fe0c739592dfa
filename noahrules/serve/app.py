"""The table server as a Starlette application, to run under uvicorn or to mount in one's own.

>>> from starlette.testclient import TestClient
>>> with TestClient(create_app()) as client:
...     client.get("/api/tables").json()
{'tables': []}
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette

from noahrules.serve.hub import Hub
from noahrules.serve.routes import routes
from noahrules.serve.settings import Settings

__all__ = ["TableServer", "create_app"]


class TableServer:
    """A hub of tables and its routes.

    ``app`` is a small Starlette application whose ``lifespan`` opens the database, restores the
    tables and starts the bots. To mount it in another application, give that application this
    server's :meth:`lifespan` (a mounted application's own lifespan is not run)::

        server = TableServer("noah.sqlite")
        app = Starlette(routes=[Mount("/noah", app=server.app)], lifespan=server.lifespan)
    """

    def __init__(
        self,
        db: str | Path = ":memory:",
        settings: Settings | None = None,
        executor: Executor | None = None,
    ) -> None:
        self.hub = Hub(db, settings, executor)
        self.app = Starlette(routes=routes(self.hub), lifespan=self.lifespan)
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


def create_app(
    db: str | Path = ":memory:",
    settings: Settings | None = None,
    executor: Executor | None = None,
) -> Starlette:
    """A table server keeping its tables in the SQLite file ``db`` (``":memory:"``: forgotten at
    exit); bots run on ``executor`` (default: a pool of ``settings.bot_workers`` threads)."""
    return TableServer(db, settings, executor).app
