"""The messages the server sends over the WebSocket, as JSON text.

- ``welcome``: after a client's ``hello``: the table, the client's seat (``null`` for a
  spectator), the position ``seq``, the client's view, and the ``log`` of every move after the
  ``since`` the client gave (its events as this client sees them);
- ``update``: after each move, to every client of the table: the new ``seq``, the client's view
  and the move's events as this client sees them;
- ``presence``: who is connected, when that changes;
- ``error``: a request was refused (``code`` and ``message``); nothing changed.

Views and events are exactly those of :mod:`noahrules.serve.visibility`; ``display`` and
``lines`` are derived from them (:mod:`noahrules.serve.display`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from noahrules.events import Event
from noahrules.render import Screen
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.display import display, lines
from noahrules.serve.errors import RequestError
from noahrules.serve.jsontext import Spliced, encode
from noahrules.serve.tables import ServerTable
from noahrules.serve.visibility import (
    SPECTATOR_PATH,
    Shared,
    as_text,
    seen_events,
    view_of,
)

__all__ = ["error", "presence", "update", "welcome"]


def welcome(table: ServerTable, seat: int | None, since: int) -> str:
    """The ``welcome`` message of a client at ``seat`` that has seen every move up to
    ``since``."""
    live = table.live
    assert live is not None
    screen = table.screen(seat)
    log = [
        {"seq": index + 1, **_told(screen, events, seat)}
        for index, events in enumerate(live.log[since:], start=since)
    ]
    return _text(
        {
            "type": "welcome",
            "table": table.info(),
            "seat": seat,
            "seq": table.seq,
            **_view(table, seat),
            "log": log,
        }
    )


def update(table: ServerTable, seat: int | None, shared: Shared | None = None) -> str:
    """The ``update`` message of the table's last move, for a client at ``seat`` (``shared``:
    what the messages of this move to several clients have in common)."""
    live = table.live
    assert live is not None
    screen = table.screen(seat)
    return _text(
        {
            "type": "update",
            "seq": table.seq,
            **_view(table, seat, shared),
            **_told(screen, live.log[-1], seat),
            "to_act": table.to_act,
            "over": table.over,
        }
    )


def _told(
    screen: Screen[object, object, object], events: Sequence[Event], seat: int | None
) -> dict[str, JsonValue]:
    """A move's events as ``seat`` sees them, as data and as lines of text."""
    seen = seen_events(events, seat)
    return {"events": [to_dict(e) for e in seen], "lines": lines(screen, seen)}


def presence(table: ServerTable) -> str:
    """The ``presence`` message: the seats with who is connected, and how many watch."""
    info = table.info()
    return _text({"type": "presence", "seats": info["seats"], "spectators": info["spectators"]})


def error(exc: RequestError, answering: str | None = None) -> str:
    """The ``error`` message for a refused request (``answering``: the request's type)."""
    return _text({"type": "error", "code": exc.code, "message": exc.message, "re": answering})


def _view(table: ServerTable, seat: int | None, shared: Shared | None = None) -> dict[str, Any]:
    """The client's ``view`` and its ``display``."""
    live = table.live
    assert live is not None
    shared = shared or Shared()
    view = view_of(table.game, live.state, seat)
    at = SPECTATOR_PATH if seat is None else ""
    return {
        "view": as_text(view, seat, shared),
        "display": display(table.game, table.screen(seat), view, at, shared),
    }


def _text(message: dict[str, Any]) -> str:
    return encode(Spliced(message))
