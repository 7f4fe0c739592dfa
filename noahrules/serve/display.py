"""What the page shows beside a view, computed here so that the page never computes rules.

Everything comes from what the client already sees (its view and its events), through the
game's own declarations:

- ``derived``: the values a game derives from its public values (the attrs fields declared with
  ``init=False``, such as a ferry's ``load``, ``capacity`` and ``genders``), keyed by their path in
  the serialized view (``"table.docks.2"``);
- ``prompt`` and ``choices``: the pending decision and one label per legal move, in the order of
  ``legal_moves``, and ``lines``: one sentence per event, all from the game's text screen
  (:attr:`GameSpec.render`).

Since each is a function of the client's own view and events, none can tell more than they do.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, partial
from typing import Any, get_args

import attrs

from noahrules.events import Event
from noahrules.game import Game
from noahrules.render import Screen
from noahrules.serialize import JsonValue, to_dict
from noahrules.serve.visibility import Shared

__all__ = ["derived", "display", "lines"]

AnyScreen = Screen[Any, Any, Any]


def display(
    game: Game, screen: AnyScreen, view: object, at: str = "", shared: Shared | None = None
) -> dict[str, JsonValue]:
    """The derived values of ``view`` (serialized at path ``at`` of the message's view), and its
    prompt and choices when its seat is to act."""
    moves: tuple[object, ...] = getattr(view, "legal_moves", ())
    return {
        "derived": derived(game, view, at, shared),
        "prompt": screen.prompt(view) if moves else None,
        "choices": [screen.label(view, move) for move in moves],
    }


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
            found.update(shared.get(child, f"derived {at}", partial(derived_at, child, at, skip)))
        else:
            _walk(child, at, skip, found, shared)


def derived_at(value: object, path: str, skip: tuple[type, ...]) -> dict[str, JsonValue]:
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
