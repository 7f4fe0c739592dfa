"""The server's routes, as a plain list: the lobby's JSON endpoints, the host's and the admin's,
the WebSocket, the page.

- ``GET /healthz``: 200 with the open tables and the database's state, 503 when it cannot be
  written;
- ``GET /api/games``: the games, their player counts and variants, the bots;
  ``GET /api/games/{game}/rules``: a game's public rules data (``?variant=`` repeated; its
  names in ``?lang=``, English by default);
  ``GET /api/games/{game}/guide``: its rules summary for people (Markdown), in the language
  of ``?lang=`` where the game has it, else in English;
- ``GET /api/tables``: the listed tables, newest first, a page at a time (``?limit=&before=``);
  ``POST /api/tables``: create a table (its info and its invited seats' links);
  ``GET /api/tables/{id}``: one table; ``POST /api/tables/{id}/join``: take an open seat (its
  number, and a token made for the joiner); ``GET /api/tables/{id}/rules``: its rules data
  (``?lang=`` as above);
  ``GET /api/tables/{id}/record`` and ``.../replay``: the record and the replay viewer's frames
  once the game is over (their text in ``?lang=``, English by default);
- the host (seat 0's token): ``GET /api/tables/{id}/links`` (every invited seat's link),
  ``POST /api/tables/{id}/seats/{n}/rekey`` (a new link for seat ``n``) and
  ``POST /api/tables/{id}/seats/{n}/free`` (seat ``n`` open to the next who joins);
- a seat's token: ``POST /api/tables/{id}/again`` (play again: the seat's link at the new
  table);
- ``POST /api/replay``: the replay viewer's frames of an uploaded record (``?lang=`` too);
- the admin token: ``GET /api/admin/tables`` (every table, listed or not),
  ``POST /api/admin/tables/{id}/close`` (closed, its record kept),
  ``DELETE /api/admin/tables/{id}`` (deleted with its record);
- ``WS /ws``: play and watch (see :mod:`noahrules.serve.inbound`);
- ``GET /api/languages/{language}``: the page's words in ``language`` (its ``page`` catalog:
  ``messages`` and the plural forms of ``plurals``);
- ``GET /``, ``/t/{id}``, ``/replay``: the page, in the language the browser's
  ``Accept-Language`` prefers among :data:`~noahrules.names.LANGUAGES`; ``/static/...``: its
  files;
  ``/games/{game}/page.js`` and ``page.css``: a game's own drawing and styles, where it has them
  (:class:`~noahrules.serve.explain.PageParts`).

Tokens travel in an ``Authorization: Bearer ...`` header, never in an address. Errors are
``{"error": {"code": ..., "message": ...}}`` with the status of the code, and a ``Retry-After``
header for a limit per client address.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import secrets
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
from noahrules.game import Game
from noahrules.games import GAMES
from noahrules.i18n import translations
from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.addresses import client_address
from noahrules.serve.catalogue import describe
from noahrules.serve.creation import LEVELS, read_table_request
from noahrules.serve.errors import RequestError
from noahrules.serve.explain import guide_in, page_file, parts
from noahrules.serve.hub import Hub
from noahrules.serve.inbound import MAX_ID, MAX_TOKEN
from noahrules.serve.replay import frames, read_record
from noahrules.serve.socket import play_endpoint
from noahrules.serve.tables import ServerTable

__all__ = ["PAGE_HEADERS", "STATIC", "page_catalog", "preferred_language", "routes"]

log = logging.getLogger("noahrules.serve")

STATIC = Path(str(files("noahrules.serve") / "static"))
"""The page's files, shipped in the package."""

Handler = Callable[[Request], Awaitable[Response]]


def routes(hub: Hub) -> list[BaseRoute]:
    """Every route of a server around ``hub``."""
    api = _Api(hub)
    return [
        Route("/healthz", _guarded(api.health)),
        Route("/api/games", _guarded(api.games)),
        Route("/api/languages/{lang}", _guarded(_language)),
        Route("/api/games/{game}/rules", _guarded(api.game_rules)),
        Route("/api/games/{game}/guide", _guarded(api.game_guide)),
        Route("/games/{game}/{name}", _guarded(api.game_page_file)),
        Route("/api/tables", _guarded(api.list_tables), methods=["GET"]),
        Route("/api/tables", _guarded(api.create), methods=["POST"]),
        Route("/api/tables/{id}", _guarded(api.one)),
        Route("/api/tables/{id}/join", _guarded(api.join), methods=["POST"]),
        Route("/api/tables/{id}/links", _guarded(api.links)),
        Route("/api/tables/{id}/seats/{seat:int}/rekey", _guarded(api.rekey), methods=["POST"]),
        Route("/api/tables/{id}/seats/{seat:int}/free", _guarded(api.free), methods=["POST"]),
        Route("/api/tables/{id}/again", _guarded(api.again), methods=["POST"]),
        Route("/api/tables/{id}/rules", _guarded(api.table_rules)),
        Route("/api/tables/{id}/record", _guarded(api.record)),
        Route("/api/tables/{id}/replay", _guarded(api.table_replay)),
        Route("/api/replay", _guarded(api.upload_replay), methods=["POST"]),
        Route("/api/admin/tables", _guarded(api.admin_tables)),
        Route("/api/admin/tables/{id}/close", _guarded(api.admin_close), methods=["POST"]),
        Route("/api/admin/tables/{id}", _guarded(api.admin_delete), methods=["DELETE"]),
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

    async def health(self, request: Request) -> Response:
        state = self.hub.health()
        return JSONResponse(state, status_code=200 if state["ok"] else 503)

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
                "script": parts(g).script is not None,
                "styles": parts(g).styles is not None,
            }
            for g in GAMES.values()
        ]
        return JSONResponse({"games": listed, "levels": dict(LEVELS), "bots": sorted(BOTS)})

    async def game_rules(self, request: Request) -> Response:
        game = _game(request)
        variants = request.query_params.getlist("variant")
        if any(v not in game.known_variants() for v in variants):
            raise RequestError("bad_request", f"variants are among {list(game.known_variants())}")
        return JSONResponse(describe(game.load_rules(variants), _query_language(request)))

    async def game_guide(self, request: Request) -> Response:
        game = _game(request)
        text, language = guide_in(game, _query_language(request))
        return JSONResponse(
            {"game": game.name, "title": game.title, "text": text, "language": language}
        )

    async def game_page_file(self, request: Request) -> Response:
        game, name = _game(request), request.path_params["name"]
        text = page_file(game, name)
        if text is None:
            raise RequestError("unknown_table", f"the game {game.name} has no {name}")
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return Response(text, media_type=f"{kind}; charset=utf-8")

    async def list_tables(self, request: Request) -> Response:
        limit, before = _page_of(request)
        tables, following = self.hub.tables(limit, before)
        return JSONResponse({"tables": [t.info() for t in tables], "next": following})

    async def create(self, request: Request) -> Response:
        data = await _read_json(request, self.settings.max_body)
        table_request = read_table_request(data, self.settings)
        table, links = await self.hub.create(table_request, self._address(request))
        for link in links:
            _add_path(request, table.id, link)
        return JSONResponse(
            {"table": table.info(), "links": links, "watch": f"{_base(request)}/t/{table.id}"},
            status_code=201,
        )

    async def one(self, request: Request) -> Response:
        return JSONResponse(self._table(request).info())

    async def join(self, request: Request) -> Response:
        data = await _read_json(request, self.settings.max_body) if await _has_body(request) else {}
        if not isinstance(data, dict) or set(data) - {"name"}:
            raise RequestError("bad_request", 'send {"name": ...} or nothing')
        table_id = request.path_params["id"]
        return JSONResponse(
            _add_path(request, table_id, await self.hub.join(table_id, data.get("name", "")))
        )

    async def links(self, request: Request) -> Response:
        table_id = request.path_params["id"]
        links = self.hub.links(table_id, _bearer(request))
        return JSONResponse({"links": [_add_path(request, table_id, link) for link in links]})

    async def rekey(self, request: Request) -> Response:
        table_id, seat = request.path_params["id"], request.path_params["seat"]
        link = await self.hub.rekey(table_id, _bearer(request), seat)
        return JSONResponse(_add_path(request, table_id, link))

    async def free(self, request: Request) -> Response:
        table_id, seat = request.path_params["id"], request.path_params["seat"]
        await self.hub.free(table_id, _bearer(request), seat)
        return JSONResponse(self.hub.table(table_id).info())

    async def again(self, request: Request) -> Response:
        link = await self.hub.again(
            request.path_params["id"], _bearer(request), self._address(request)
        )
        return JSONResponse(_add_path(request, str(link["table"]), link))

    async def table_rules(self, request: Request) -> Response:
        table = self._table(request)
        rules = table.game.load_rules(table.head.variants)
        return JSONResponse(describe(rules, _query_language(request)))

    async def record(self, request: Request) -> Response:
        record = await self.hub.record(request.path_params["id"])
        return JSONResponse(to_dict(record))

    async def table_replay(self, request: Request) -> Response:
        table = self._table(request)
        record = await self.hub.record(table.id)
        language = _query_language(request)
        labels = table.labels(language)
        return JSONResponse(await _off_loop(frames, record, labels, language))

    async def upload_replay(self, request: Request) -> Response:
        language = _query_language(request)
        body = await _read_body(request, self.settings.max_record)
        record = read_record(body, self.settings.max_moves)
        return JSONResponse(await _off_loop(frames, record, (), language))

    async def admin_tables(self, request: Request) -> Response:
        self._admin(request)
        limit, before = _page_of(request)
        tables, following = self.hub.tables(limit, before, everything=True)
        listed = [{**t.info(), "address": t.address} for t in tables]
        return JSONResponse({"tables": listed, "next": following})

    async def admin_close(self, request: Request) -> Response:
        self._admin(request)
        table = self._table(request)
        await self.hub.close(table, "closed by the admin")
        return JSONResponse(table.info())

    async def admin_delete(self, request: Request) -> Response:
        self._admin(request)
        await self.hub.delete(request.path_params["id"])
        return Response(status_code=204)

    async def play(self, websocket: WebSocket) -> None:
        await play_endpoint(self.hub, websocket, self._address(websocket))

    def _table(self, request: Request) -> ServerTable:
        return self.hub.table(request.path_params["id"])

    def _address(self, connection: Request | WebSocket) -> str:
        scope = connection.scope
        return client_address(scope.get("client"), scope["headers"], self.settings.trust_proxy)

    def _admin(self, request: Request) -> None:
        """Refuse anyone without the admin token (everyone, when the server has none)."""
        expected = self.settings.admin_token
        given = _bearer(request)
        if expected is None or given is None or not secrets.compare_digest(expected, given):
            raise RequestError("forbidden", "this needs the server's admin token")


def _guarded(handler: Handler) -> Handler:
    """``handler`` answering a :class:`RequestError` (or a rules error) as JSON."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except RequestError as exc:
            return _error(exc)
        except NoahRulesError as exc:
            return _error(RequestError("bad_request", str(exc)))
        except Exception:  # every answer of the API is JSON, a failure of the server's own too
            log.exception("%s %s failed", request.method, request.url.path)
            return _error(RequestError("internal", "the server could not answer this request"))

    guarded.__name__ = handler.__name__
    guarded.__doc__ = handler.__doc__
    return guarded


def _error(exc: RequestError) -> JSONResponse:
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
    return JSONResponse(
        {"error": {"code": exc.code, "message": exc.message}},
        status_code=exc.status,
        headers=headers,
    )


def _game(request: Request) -> Game:
    game = GAMES.get(request.path_params["game"])
    if game is None:
        raise RequestError("unknown_table", "there is no such game")
    return game


def _base(request: Request) -> str:
    """Where the server is mounted (``""`` at the root)."""
    base: str = request.scope.get("root_path", "")
    return base


def _add_path(request: Request, table_id: str, link: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """A seat's link (``seat``, ``token``) with its ``path`` in the page."""
    link["path"] = f"{_base(request)}/t/{table_id}#seat={link['seat']}&token={link['token']}"
    return link


def _bearer(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer ...`` header."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not 0 < len(token) <= MAX_TOKEN:
        return None
    return token


def _query_language(request: Request) -> str:
    """The language a request's ``?lang=`` names (English without one)."""
    language = request.query_params.get("lang", DEFAULT_LANGUAGE)
    if language not in LANGUAGES:
        raise RequestError("bad_request", f"'lang' is one of {', '.join(LANGUAGES)}")
    return language


def _page_of(request: Request) -> tuple[int | None, str | None]:
    """The ``limit`` and ``before`` of a paged list."""
    limit_text = request.query_params.get("limit")
    before = request.query_params.get("before")
    limit = None
    if limit_text is not None:
        if not limit_text.isdigit() or not 0 < int(limit_text) <= 1000:
            raise RequestError("bad_request", "'limit' is a number of tables, 1 or more")
        limit = int(limit_text)
    if before is not None and not 0 < len(before) <= MAX_ID:
        raise RequestError("bad_request", "'before' is a table's id")
    return limit, before


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
    """The page: one HTML file, told where the server is mounted and which language the
    browser prefers (the page may still take another: ``?lang=``, or the one it remembers)."""
    base = html.escape(request.scope.get("root_path", ""), quote=True)
    language = preferred_language(request.headers.get("accept-language", ""))
    words = translations(language, "page")
    text = (
        (STATIC / "index.html")
        .read_text("utf-8")
        .replace("{{BASE}}", base)
        .replace("{{LANG}}", language)
        .replace("{{NOSCRIPT}}", html.escape(words.gettext("This page needs JavaScript.")))
    )
    return HTMLResponse(text, headers=PAGE_HEADERS)


def preferred_language(header: str) -> str:
    """The first of :data:`~noahrules.names.LANGUAGES` that an ``Accept-Language`` header
    prefers, by its q-values (English when it names none of them).

    >>> preferred_language("de;q=0.5, ja;q=0.9")
    'ja'
    >>> preferred_language("ru-RU,ru;q=0.9,en;q=0.8")
    'ru'
    >>> preferred_language("fr")
    'en'
    """
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate(header.split(",")[:32]):
        tag, *parameters = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        language = tag.lower().split("-")[0]
        if language in LANGUAGES and 0 < quality <= 1:
            ranked.append((-quality, place, language))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE


def page_catalog(language: str) -> dict[str, JsonValue]:
    """The page's words in ``language``: each message's translation, and each plural message's
    forms in the order of the language's plural rule."""
    catalog: dict[object, str] = getattr(translations(language, "page"), "_catalog", {})
    messages: dict[str, JsonValue] = {}
    forms: dict[str, list[tuple[int, str]]] = {}
    for key, text in catalog.items():
        if isinstance(key, tuple):
            message, index = key
            forms.setdefault(str(message), []).append((int(index), text))
        elif isinstance(key, str) and key:
            messages[key] = text
    plurals: dict[str, JsonValue] = {
        message: [text for _, text in sorted(found)] for message, found in forms.items()
    }
    return {"language": language, "messages": messages, "plurals": plurals}


async def _language(request: Request) -> Response:
    """The page's words in one language, for its JavaScript (``static/i18n.js``)."""
    language = request.path_params["lang"]
    if language not in LANGUAGES:
        raise RequestError("unknown_table", f"there is no such language; languages: {LANGUAGES}")
    return JSONResponse(page_catalog(language), headers={"Cache-Control": "no-cache"})


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
