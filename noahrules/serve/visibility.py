"""What each client may see, and what its page shows beside it, as plain data.

A seat gets its view and its events, a spectator the public view and the events with every
secret blanked (docs/design.md principle 4). Both come only from the game's view machinery: a
seat's message holds exactly ``to_dict(view(state, seat))`` and ``[to_dict(e) for e in
events_for(events, seat)]``; the public view is the public table that every view holds
(``view(state, seat).table``), with nothing of any seat's own.

Beside the view, the page shows what is computed from it here, so that the page never computes
rules; everything comes from what the client already sees, through the game's own declarations:

- ``derived``: the values a game derives from its public values (the attrs fields declared with
  ``init=False``, such as a ferry's ``load``, ``capacity`` and ``genders``), keyed by their path in
  the serialized view (``"table.docks.2"``);
- ``prompt`` and ``choices``: the pending decision and one label per legal move, in the order of
  ``legal_moves``, and ``lines``: one sentence per event, all from the game's text screen
  (:attr:`GameSpec.render`).

Since each is a function of the client's own view and events, none can tell more than they do.

>>> from noahrules import GAMES
>>> game = GAMES["ferry"]
>>> state = game.new_game(game.load_rules(), players=3, seed=1)
>>> sorted(view_data(game, state, None))
['table']
>>> "hand" in view_data(game, state, 0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial
from typing import Any, TypeVar, get_args

import attrs

from noahrules.events import Event, events_for
from noahrules.game import Game
from noahrules.render import Screen
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.explain import parts
from noahrules.serve.jsontext import Raw, Spliced, dumps

T = TypeVar("T")

__all__ = [
    "OUTSIDER",
    "SPECTATOR_PATH",
    "AnyScreen",
    "Shared",
    "as_data",
    "as_text",
    "derived",
    "display",
    "lines",
    "public_table",
    "seen_events",
    "view_data",
    "view_of",
]

AnyScreen = Screen[Any, Any, Any]

OUTSIDER = -1
"""The seat number of a spectator for :func:`noahrules.events.events_for`: no seat, so never an
insider of any secret."""

SPECTATOR_PATH = "table"
"""Where a spectator's message holds the public table."""


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


# --- what a client sees --------------------------------------------------------------------------


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


def seen_events(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` sees them (a spectator sees what no insider sees)."""
    return events_for(events, OUTSIDER if seat is None else seat)


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


# --- what the page shows beside it ---------------------------------------------------------------


def display(
    game: Game, screen: AnyScreen, view: object, at: str = "", shared: Shared | None = None
) -> dict[str, JsonValue]:
    """The derived values of ``view`` (serialized at path ``at`` of the message's view), and its
    prompt and choices when its seat is to act. For a game the page has no drawing of its own
    for (:attr:`PageParts.board`), a seat also gets the game's table as its text screen draws it
    (``table``: lines) and, where the game draws one, as a picture (``picture``: SVG)."""
    moves: tuple[object, ...] = getattr(view, "legal_moves", ())
    shown: dict[str, JsonValue] = {
        "derived": derived(game, view, at, shared),
        "prompt": screen.prompt(view) if moves else None,
        "choices": [screen.label(view, move) for move in moves],
    }
    if parts(game).board is None and screen.you is not None:
        shown["table"] = list(screen.table(view))
        draw = game.render.picture if game.render is not None else None
        shown["picture"] = draw(view) if draw is not None else None
    return shown


def lines(screen: AnyScreen, events: Iterable[Event]) -> list[JsonValue]:
    """One sentence per event worth one, as the screen tells it."""
    said = (screen.event(event) for event in events)
    return [text for text in said if text]


def derived(
    game: Game, value: object, at: str = "", shared: Shared | None = None
) -> dict[str, JsonValue]:
    """Per path in the serialized ``value`` (itself at path ``at``), the derived fields of the
    attrs value there; the parts ``shared`` holds are walked once."""
    found: dict[str, JsonValue] = {}
    _walk(value, at, (game.rules_type, *game.references), found, shared)
    return found


def _walk(
    value: object,
    path: str,
    skip: tuple[type, ...],
    found: dict[str, JsonValue],
    shared: Shared | None = None,
) -> None:
    if isinstance(value, tuple):
        for index, item in enumerate(value):
            _walk(item, f"{path}.{index}" if path else str(index), skip, found, shared)
        return
    cls = type(value)
    if not attrs.has(cls) or not _holds_derived(cls, skip):
        return
    extra = _derived_fields(cls)
    if extra:
        found[path] = {name: to_dict(getattr(value, name)) for name in extra}
    for name in _descend(cls, skip):
        child, at = getattr(value, name), f"{path}.{name}" if path else name
        if shared is not None and attrs.has(type(child)):
            found.update(shared.get(child, f"derived {at}", partial(_derived_at, child, at, skip)))
        else:
            _walk(child, at, skip, found, shared)


def _derived_at(value: object, path: str, skip: tuple[type, ...]) -> dict[str, JsonValue]:
    """The derived values of ``value`` (at ``path``), walked without a memo."""
    found: dict[str, JsonValue] = {}
    _walk(value, path, skip, found)
    return found


@cache
def _derived_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls) if not f.init)


@cache
def _descend(cls: type, skip: tuple[type, ...]) -> tuple[str, ...]:
    """The fields of ``cls`` whose declared type may hold a value with derived fields."""
    fields = attrs.fields(attrs.resolve_types(cls))
    return tuple(
        f.name
        for f in fields
        if f.init and any(_holds_derived(c, skip) for c in _classes_in(f.type))
    )


@cache
def _holds_derived(cls: Any, skip: tuple[type, ...], seen: frozenset[type] = frozenset()) -> bool:
    """Whether a value of attrs class ``cls`` has derived fields, or may hold one that has
    (``object``: a value of any class)."""
    if cls is object:
        return True
    if issubclass(cls, skip) or cls in seen:
        return False
    if _derived_fields(cls):
        return True
    inner = seen | {cls}
    return any(
        _holds_derived(c, skip, inner)
        for f in attrs.fields(attrs.resolve_types(cls))
        for c in _classes_in(f.type)
    )


def _classes_in(annotation: object) -> Iterator[type]:
    """The attrs classes an annotation names (``tuple[Ferry | None, ...]`` names ``Ferry``);
    every attrs class for an annotation that does not say (``object``, ``Any``)."""
    if annotation is object or annotation is Any:
        yield object
        return
    if isinstance(annotation, type) and attrs.has(annotation):
        yield annotation
    for argument in get_args(annotation):
        yield from _classes_in(argument)
