"""What each client may see, as plain data: a seat gets its view and its events, a spectator the
public view and the events with every secret blanked (DESIGN principle 4).

Both come only from the game's view machinery: a seat's message holds exactly
``to_dict(view(state, seat))`` and ``[to_dict(e) for e in events_for(events, seat)]``; the public
view is the public table that every view holds (``view(state, seat).table``), with nothing of
any seat's own.

>>> from noahrules import GAMES
>>> game = GAMES["ferry"]
>>> state = game.new_game(game.load_rules(), players=3, seed=1)
>>> sorted(view_data(game, state, None))
['table']
>>> "hand" in view_data(game, state, 0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from noahrules.events import Event, events_for
from noahrules.game import Game
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.jsontext import Raw, Spliced, dumps

T = TypeVar("T")

__all__ = [
    "OUTSIDER",
    "SPECTATOR_PATH",
    "Shared",
    "as_data",
    "as_text",
    "public_table",
    "seen_events",
    "view_data",
    "view_of",
]

OUTSIDER = -1
"""The seat number of a spectator for :func:`noahrules.events.events_for`: no seat, so never an
insider of any secret."""


def view_of(game: Game, state: object, seat: int | None) -> object:
    """The view object a client gets: ``view(state, seat)`` for a seat, the public table for a
    spectator (``None``)."""
    if seat is None:
        return public_table(game, state)
    return game.view(state, seat)


def public_table(game: Game, state: object) -> object:
    """The public part of every view: the table all seats see alike. Taken from seat 0's view
    (every view holds the same table); a game whose views hold no ``table`` has no spectators."""
    table = getattr(game.view(state, 0), "table", None)
    if table is None:
        raise TypeError(f"the views of {game.name} hold no public table; no spectators")
    return table


def view_data(game: Game, state: object, seat: int | None) -> JsonValue:
    """The serialized view of ``seat``: ``to_dict(view)``; for a spectator ``{"table": ...}``."""
    return as_data(view_of(game, state, seat), seat)


def as_data(view: object, seat: int | None, shared: Shared | None = None) -> JsonValue:
    """A view object of :func:`view_of` as sent to ``seat``: the same data as ``to_dict(view)``,
    with the parts ``shared`` already holds (the public table) serialized only once."""
    if seat is None:
        return {"table": _part(view, "table", shared)}
    if shared is None or not attrs.has(type(view)):
        return to_dict(view)
    return _fieldwise(view, lambda value, name: _part(value, name, shared))


def as_text(view: object, seat: int | None, shared: Shared) -> Spliced:
    """:func:`as_data`, ready for :func:`~noahrules.serve.jsontext.encode`: the parts
    ``shared`` holds are JSON text, written once for every client."""
    if seat is None:
        return Spliced(table=_text(view, "table", shared))
    if not attrs.has(type(view)):
        return Spliced(to_dict(view))  # type: ignore[arg-type]
    return Spliced(_fieldwise(view, lambda value, name: _text(value, name, shared)))


def _text(value: object, path: str, shared: Shared) -> Raw:
    return shared.get(value, f"{path} as text", lambda: Raw(dumps(to_dict(value))))


def _fieldwise(view: object, part: Callable[[object, str], Any]) -> dict[str, Any]:
    """``to_dict(view)`` field by field, with ``part(value, name)`` for its attrs values."""
    cls: Any = type(view)
    names = [f.name for f in attrs.fields(cls)]
    values = [getattr(view, name) for name in names]
    kept = [i for i, value in enumerate(values) if attrs.has(type(value))]
    rest = [i for i in range(len(names)) if i not in kept]
    plain = to_dict(tuple(values[i] for i in rest))
    assert isinstance(plain, list)
    data: dict[str, Any] = dict(zip((names[i] for i in rest), plain, strict=True))
    data.update((names[i], part(values[i], names[i])) for i in kept)
    return {name: data[name] for name in names}


def _part(value: object, path: str, shared: Shared | None) -> JsonValue:
    if shared is None or not attrs.has(type(value)):
        return to_dict(value)
    return shared.get(value, path, lambda: to_dict(value))


class Shared:
    """What several clients' messages about one position have in common: the very same objects
    (the public table every view holds), each serialized once. Keyed by identity and path, and
    holding the objects, so that a key is never reused while the memo lives."""

    def __init__(self) -> None:
        self._done: dict[tuple[int, str], tuple[object, Any]] = {}

    def get(self, value: object, path: str, make: Callable[[], T]) -> T:
        """``make()``, computed once for ``value`` at ``path``."""
        key = (id(value), path)
        hit = self._done.get(key)
        if hit is None:
            hit = self._done[key] = (value, make())
        result: T = hit[1]
        return result


SPECTATOR_PATH = "table"
"""Where a spectator's message holds the public table."""


def seen_events(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` sees them (a spectator sees what no insider sees)."""
    return events_for(events, OUTSIDER if seat is None else seat)
