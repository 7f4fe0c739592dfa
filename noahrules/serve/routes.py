"""The server's routes, as a plain list: the lobby's JSON endpoints, the WebSocket, the page.

=======  ==============================  =================================================
GET      ``/api/games``                  the games, their player counts, variants; the bots
GET      ``/api/games/{game}/rules``     a game's public rules data (``?variant=`` repeated)
GET      ``/api/tables``                 every table (never a token, seed or hidden card)
POST     ``/api/tables``                 create a table: its info and its seats' links
GET      ``/api/tables/{id}``            one table
POST     ``/api/tables/{id}/join``       take a free seat: its number, token and link
GET      ``/api/tables/{id}/rules``      the table's public rules data
GET      ``/api/tables/{id}/record``     the game record, once the game is over
GET      ``/api/tables/{id}/replay``     the replay viewer's frames, once the game is over
POST     ``/api/replay``                 the replay viewer's frames of an uploaded record
WS       ``/ws``                         play and watch (see :mod:`noahrules.serve.inbound`)
GET      ``/``, ``/t/{id}``, ``/replay`` the page; ``/static/...`` its files
=======  ==============================  =================================================

Errors are ``{"error": {"code": ..., "message": ...}}`` with the status of the code.
"""

from __future__ import annotations

import asyncio
import html
import json
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from noahrules.bots import BOTS
from noahrules.errors import NoahRulesError
from noahrules.game import GAMES
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.catalogue import describe
from noahrules.serve.creation import read_table_request
from noahrules.serve.errors import RequestError
from noahrules.serve.hub import Hub
from noahrules.serve.replay import frames, read_record
from noahrules.serve.socket import play_endpoint

__all__ = ["PAGE_HEADERS", "STATIC", "routes"]

STATIC = Path(str(files("noahrules.serve") / "static"))
"""The page's files, shipped in the package."""

Handler = Callable[[Request], Awaitable[Response]]


def routes(hub: Hub) -> list[BaseRoute]:
    """Every route of a server around ``hub``."""
    api = _Api(hub)
    return [
        Route("/api/games", _guarded(api.games)),
        Route("/api/games/{game}/rules", _guarded(api.game_rules)),
        Route("/api/tables", _guarded(api.list_tables), methods=["GET"]),
        Route("/api/tables", _guarded(api.create), methods=["POST"]),
        Route("/api/tables/{id}", _guarded(api.one)),
        Route("/api/tables/{id}/join", _guarded(api.join), methods=["POST"]),
        Route("/api/tables/{id}/rules", _guarded(api.table_rules)),
        Route("/api/tables/{id}/record", _guarded(api.record)),
        Route("/api/tables/{id}/replay", _guarded(api.table_replay)),
        Route("/api/replay", _guarded(api.upload_replay), methods=["POST"]),
        WebSocketRoute("/ws", api.play),
        Route("/", _page),
        Route("/t/{id}", _page),
        Route("/replay", _page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


class _Api:
    """The handlers, around one hub."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.settings = hub.settings

    async def games(self, request: Request) -> Response:
        listed = [
            {
                "name": g.name,
                "title": g.title,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "variants": list(g.known_variants()),
                "score_name": g.score_name,
                "lower_scores_win": g.lower_scores_win,
            }
            for g in GAMES.values()
        ]
        return JSONResponse({"games": listed, "bots": sorted(BOTS)})

    async def game_rules(self, request: Request) -> Response:
        game = GAMES.get(request.path_params["game"])
        if game is None:
            raise RequestError("unknown_table", "there is no such game")
        variants = request.query_params.getlist("variant")
        if any(v not in game.known_variants() for v in variants):
            raise RequestError("bad_request", f"variants are among {list(game.known_variants())}")
        return JSONResponse(describe(game.load_rules(variants)))

    async def list_tables(self, request: Request) -> Response:
        return JSONResponse({"tables": self.hub.tables()})

    async def create(self, request: Request) -> Response:
        data = await _read_json(request, self.settings.max_body)
        table, links = await self.hub.create(read_table_request(data, self.settings))
        base = request.scope.get("root_path", "")
        for link in links:
            link["path"] = f"{base}/t/{table.id}#seat={link['seat']}&token={link['token']}"
        return JSONResponse(
            {"table": table.info(), "links": links, "watch": f"{base}/t/{table.id}"},
            status_code=201,
        )

    async def one(self, request: Request) -> Response:
        return JSONResponse(self.hub.table(request.path_params["id"]).info())

    async def join(self, request: Request) -> Response:
        data = await _read_json(request, self.settings.max_body) if await _has_body(request) else {}
        if not isinstance(data, dict) or set(data) - {"name"}:
            raise RequestError("bad_request", 'send {"name": ...} or nothing')
        table_id = request.path_params["id"]
        link = await self.hub.join(table_id, data.get("name", ""))
        base = request.scope.get("root_path", "")
        link["path"] = f"{base}/t/{table_id}#seat={link['seat']}&token={link['token']}"
        return JSONResponse(link)

    async def table_rules(self, request: Request) -> Response:
        table = self.hub.table(request.path_params["id"])
        return JSONResponse(describe(table.game.load_rules(table.head.variants)))

    async def record(self, request: Request) -> Response:
        record = await self.hub.record(request.path_params["id"])
        return JSONResponse(to_dict(record))

    async def table_replay(self, request: Request) -> Response:
        record = await self.hub.record(request.path_params["id"])
        return JSONResponse(await _off_loop(frames, record))

    async def upload_replay(self, request: Request) -> Response:
        body = await _read_body(request, self.settings.max_record)
        record = read_record(body, self.settings.max_moves)
        return JSONResponse(await _off_loop(frames, record))

    async def play(self, websocket: WebSocket) -> None:
        await play_endpoint(self.hub, websocket, self.settings.outbox)


def _guarded(handler: Handler) -> Handler:
    """``handler`` answering a :class:`RequestError` (or a rules error) as JSON."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except RequestError as exc:
            return _error(exc)
        except NoahRulesError as exc:
            return _error(RequestError("bad_request", str(exc)))

    guarded.__name__ = handler.__name__
    guarded.__doc__ = handler.__doc__
    return guarded


def _error(exc: RequestError) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status
    )


async def _has_body(request: Request) -> bool:
    return request.headers.get("content-length", "0") != "0" or "chunked" in request.headers.get(
        "transfer-encoding", ""
    )


async def _read_body(request: Request, limit: int) -> bytes:
    """The request body, refused beyond ``limit`` bytes without reading the rest."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise RequestError("too_large", f"a request body may have at most {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise RequestError("too_large", f"a request body may have at most {limit} bytes")
    return bytes(body)


async def _read_json(request: Request, limit: int) -> JsonValue:
    body = await _read_body(request, limit)
    try:
        data: JsonValue = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise RequestError("malformed", f"malformed JSON: {exc}") from None
    return data


async def _off_loop(function: Callable[..., JsonValue], *args: object) -> JsonValue:
    """Run a long computation (a replay) on a thread, not on the event loop."""
    return await asyncio.to_thread(function, *args)


async def _page(request: Request) -> Response:
    """The page: one HTML file, told where the server is mounted."""
    base = html.escape(request.scope.get("root_path", ""), quote=True)
    text = (STATIC / "index.html").read_text("utf-8").replace("{{BASE}}", base)
    return HTMLResponse(text, headers=PAGE_HEADERS)


PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
"""The page's headers: only its own scripts, styles and server; no referrer."""
