"""The field types the JSON layer (:mod:`noahrules.serialize`) carries both ways: what the
contract (:mod:`noahrules.contract`) accepts in a game's states, views, moves and events.

A type is carried when :func:`~noahrules.serialize.to_json` writes every value of it and
:func:`~noahrules.serialize.from_json` reads back an equal value of the same type:

- ``bool``, ``int``, ``float``, ``str``; a ``Literal`` of them; ``noahrules.values.Bits`` and
  a ``NewType`` of a carried type;
- an :class:`enum.Enum` whose members' values are ``bool``, ``int``, ``float``, ``str`` or
  ``None`` (not an ``IntEnum`` or ``StrEnum``: those come back as plain numbers or strings);
- ``X | None`` of a carried ``X`` (a union of two other types cannot be told apart);
- ``tuple[X, ...]`` and ``tuple[X, Y]`` of carried types; ``frozenset[X]`` of ``bool``,
  ``int``, ``float`` or ``str`` (written sorted);
- an attrs class whose fields are all carried;
- the game's rules class (written as a reference), its ``references`` (written by id), its
  move base class and move classes, ``noahrules.Event`` and its event classes (written tagged).

``list[X]`` and ``dict[str, X]`` are carried but mutable: a value holding one cannot hash, so
they are refused too. Everything else (``set``, ``complex``, ``bytes``, ``object``, ``Any``,
``None`` alone, dicts with keys other than strings, unparameterized ``tuple``) is not carried.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Collection
from typing import Any

import attrs

from noahrules.events import Event
from noahrules.values import Bits

__all__ = ["field_problems", "shown"]

_SCALARS = (bool, int, float, str)
_SCALAR_VALUES = (bool, int, float, str, type(None))
CARRIED = (
    "it carries bool, int, float, str, Literal, enums, X | None, tuple[X, ...], frozensets of "
    "bool, int, float or str, attrs classes, and the game's rules, references, moves and events"
)
"""What a problem line says the JSON layer carries (docs/new-game.md lists it too)."""
_MUTABLE = {list: "a tuple", dict: "a tuple of pairs", set: "a frozenset"}
"""Mutable containers, and the immutable type to use instead."""


def field_problems(
    part: str, cls: type, known: Collection[type], seen: set[type] | None = None
) -> list[str]:
    """A problem line for each field of the attrs class ``cls`` (and of the attrs classes its
    fields hold, once each) whose type the JSON layer does not carry both ways. ``part`` names
    ``cls`` in the lines (``"move Push"``); ``known`` are the game's classes written by
    reference or tagged (its rules, references, moves and events), carried as they are."""
    seen = set() if seen is None else seen
    seen.add(cls)
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # any failure to evaluate an annotation: reported by the contract
        return []
    problems = []
    for item in attrs.fields(cls):
        hint = hints.get(item.name, item.type)
        why = _why_not(hint, known)
        if why is not None:
            problems.append(f"{part} field '{item.name}': {shown(hint)} {why}")
        for inner in _attrs_classes(hint, known):
            if inner not in seen:
                name = f"{part} field '{item.name}' ({inner.__name__})"
                problems += field_problems(name, inner, known, seen)
    return problems


def _why_not(hint: object, known: Collection[type]) -> str | None:
    """Why the JSON layer does not carry ``hint`` both ways (``None`` if it does)."""
    origin = typing.get_origin(hint) or hint
    if origin in _MUTABLE and _carried(hint, known, mutable=True):
        return (
            f"is mutable, so a value holding it cannot hash: use {_MUTABLE[origin]} (states, "
            "views, moves and events are values that hash)"
        )
    if _carried(hint, known):
        return None
    return f"is not a type the JSON layer carries both ways ({CARRIED})"


def _carried(hint: object, known: Collection[type], mutable: bool = False) -> bool:
    """Whether the JSON layer writes and reads back every value of ``hint`` (lists and dicts
    of string keys too if ``mutable``); the fields of an attrs class are checked apart."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if hint is Bits or hint in _SCALARS or hint in known:
        return True
    if isinstance(hint, type) and not args and origin is None:
        return attrs.has(hint) or _enum_carried(hint)
    if isinstance(hint, typing.NewType):
        return _carried(hint.__supertype__, known)
    if origin is typing.Literal:
        return all(type(value) in _SCALAR_VALUES for value in args)
    if origin is typing.Union or isinstance(hint, types.UnionType):
        others = [arg for arg in args if arg is not type(None)]
        return len(others) == 1 and len(args) == 2 and _carried(others[0], known)
    if origin is tuple:
        members = args[:1] if args[-1:] == (Ellipsis,) else args
        return all(_carried(arg, known) for arg in members)
    if origin is frozenset:
        return args[0] in _SCALARS
    if mutable and origin is list:
        return _carried(args[0], known)
    if mutable and origin is dict:
        key = args[0]
        return (key is str or _enum_carried(key)) and _carried(args[1], known)
    return False


def _enum_carried(cls: type) -> bool:
    """An enumeration written by its members' values, and read back as members."""
    return (
        issubclass(cls, enum.Enum)
        and not issubclass(cls, int | str)
        and len(cls) > 0
        and all(type(member.value) in _SCALAR_VALUES for member in cls)
    )


def _attrs_classes(hint: object, known: Collection[type]) -> list[type]:
    """The attrs classes ``hint`` holds (itself, or in its arguments), other than ``known``."""
    if isinstance(hint, type) and attrs.has(hint):
        return [] if hint in known or issubclass(hint, Event) else [hint]
    found = []
    for arg in typing.get_args(hint):
        found += _attrs_classes(arg, known)
    return found


def shown(hint: object) -> str:
    """A type as written in an annotation: ``set[int]``, ``tuple[Card, ...]``, ``int | None``."""
    if hint is None or hint is type(None):
        return "None"
    if hint is Ellipsis:
        return "..."
    if hint is Any:
        return "Any"
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin is typing.Union or isinstance(hint, types.UnionType):
        return " | ".join(shown(arg) for arg in args)
    if origin is typing.Literal:
        return f"Literal[{', '.join(map(repr, args))}]"
    if origin is not None:
        inside = ", ".join(shown(arg) for arg in args) if args else "()"
        return f"{shown(origin)}[{inside}]"
    if isinstance(hint, typing.NewType):
        return hint.__name__
    if isinstance(hint, type):
        return hint.__name__
    return repr(hint)
