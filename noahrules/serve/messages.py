"""The messages the server sends over the WebSocket, as JSON text.

- ``welcome``: after a client's ``hello``: the table, the client's seat (``null`` for a
  spectator), the position ``seq``, the client's view, and the ``log`` of every move after the
  ``since`` the client gave (its events as this client sees them);
- ``update``: after each move, to every client of the table: the new ``seq``, the client's view
  and the move's events as this client sees them;
- ``presence``: the seats (who is connected, their names), when that changes;
- ``closed``: the table was closed before its game ended (``reason``);
- ``again``: someone asked to play again: the new table's id (each person asks for their own
  seat's link with their token);
- ``error``: a request was refused (``code`` and ``message``); nothing changed.

Views and events are exactly those of :mod:`noahrules.serve.visibility`; ``display``, ``lines``
and, once the game is over, ``outcome`` are derived from them (:mod:`noahrules.serve.visibility`,
:mod:`noahrules.serve.explain`), in the client's language. A move made for a person whose time ran
out has its note as its first line, in that language too (:mod:`noahrules.serve.notes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any

from noahrules.events import Event
from noahrules.names import DEFAULT_LANGUAGE
from noahrules.render import Screen
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.errors import RequestError
from noahrules.serve.explain import explanation
from noahrules.serve.jsontext import Spliced, encode
from noahrules.serve.notes import said
from noahrules.serve.tables import ServerTable
from noahrules.serve.visibility import (
    SPECTATOR_PATH,
    Shared,
    as_text,
    display,
    lines,
    seen_events,
    view_of,
)

__all__ = ["again", "closed", "error", "presence", "update", "welcome"]


def welcome(
    table: ServerTable, seat: int | None, since: int, language: str = DEFAULT_LANGUAGE
) -> str:
    """The ``welcome`` message of a client at ``seat`` that has seen every move up to
    ``since``, the game's text in ``language``."""
    live = table.live
    assert live is not None
    screen = table.screen(seat, language)
    labels = table.labels(language)
    log = [
        {"seq": index + 1, **_told(screen, events, seat, said(live.notes[index], labels, language))}
        for index, events in enumerate(live.log[since:], start=since)
    ]
    return _text(
        {
            "type": "welcome",
            "table": table.info(),
            "seat": seat,
            "seq": table.seq,
            **_view(table, seat, None, language),
            "log": log,
        }
    )


def update(
    table: ServerTable,
    seat: int | None,
    shared: Shared | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """The ``update`` message of the table's last move, for a client at ``seat`` (``shared``:
    what the messages of this move to several clients have in common), the game's text in
    ``language``."""
    live = table.live
    assert live is not None
    screen = table.screen(seat, language)
    note = said(live.notes[-1], table.labels(language), language)
    return _text(
        {
            "type": "update",
            "seq": table.seq,
            **_view(table, seat, shared, language),
            **_told(screen, live.log[-1], seat, note),
            "to_act": table.to_act,
            "over": table.over,
        }
    )


def _told(
    screen: Screen[object, object, object],
    events: Sequence[Event],
    seat: int | None,
    note: str | None,
) -> dict[str, JsonValue]:
    """A move's events as ``seat`` sees them, as data and as lines of text (the move's note,
    said in the screen's language, first, if it has one)."""
    seen = seen_events(events, seat)
    said = lines(screen, seen)
    return {"events": [to_dict(e) for e in seen], "lines": [note, *said] if note else said}


def presence(table: ServerTable) -> str:
    """The ``presence`` message: the seats with who is connected, and how many watch."""
    info = table.info()
    return _text({"type": "presence", "seats": info["seats"], "spectators": info["spectators"]})


def closed(table: ServerTable) -> str:
    """The ``closed`` message: why the table was closed."""
    return _text({"type": "closed", "reason": table.closed})


def again(table: ServerTable) -> str:
    """The ``again`` message: the table *Play again* made of this one."""
    return _text({"type": "again", "table": table.next})


def error(exc: RequestError, answering: str | None = None) -> str:
    """The ``error`` message for a refused request (``answering``: the request's type)."""
    return _text({"type": "error", "code": exc.code, "message": exc.message, "re": answering})


def _view(
    table: ServerTable,
    seat: int | None,
    shared: Shared | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> dict[str, Any]:
    """The client's ``view``, its ``display`` and, once the game is over, its ``outcome`` (both
    in ``language``)."""
    live = table.live
    assert live is not None
    shared = shared or Shared()
    view = view_of(table.game, live.state, seat)
    at = SPECTATOR_PATH if seat is None else ""
    shown: dict[str, Any] = {
        "view": as_text(view, seat, shared),
        "display": display(table.game, table.screen(seat, language), view, at, shared),
    }
    if table.over:
        seen = seen_events(chain.from_iterable(live.log), seat)
        labels = table.labels(language)
        shown["outcome"] = explanation(table.game, view, seen, labels, language)
    return shown


def _text(message: dict[str, Any]) -> str:
    return encode(Spliced(message))
