"""Helpers for the library's immutable values.

Game states are frozen, slotted attrs classes: users cannot change them, and they compare, hash
and pickle by value. attrs builds a frozen instance with one ``object.__setattr__`` call per
field, which dominates the engines' time; :func:`maker` builds the very same instances several
times faster, and :func:`draft_type` gives an engine a mutable working copy of a state whose
fields are generated from the attrs declarations, never listed by hand. A state keeps its legal
moves once asked (:class:`KeepsMoves`), so that ``apply`` need not judge again a move it listed.
"""

from __future__ import annotations

import itertools
import linecache
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, wraps
from operator import attrgetter
from typing import Any, Generic, NewType, TypeVar, cast, overload

import attrs

from noahrules.errors import excerpt

__all__ = [
    "WRITTEN_WHEN_SET",
    "Bits",
    "KeepsMoves",
    "Part",
    "as_bits",
    "bits",
    "draft_type",
    "field_type_problem",
    "is_listed",
    "keeping_moves",
    "maker",
    "members",
    "replaced",
    "replacer",
    "without",
]

T = TypeVar("T")
S = TypeVar("S", bound="KeepsMoves")
M = TypeVar("M")

WRITTEN_WHEN_SET = "noahrules.written_when_set"
"""Field metadata key: serialization leaves the field out while it holds its default. For a field
added to a saved value later, so that what was saved before still reads, and writes the same."""


_GENERATED = itertools.count(1)
"""Numbers the generated functions, so that each has a file name of its own."""


def _generate(
    name: str, source: str, scope: dict[str, object], origin: str
) -> Callable[..., object]:
    """Compile one generated function (the way attrs, dataclasses and namedtuple make theirs).

    Its source is registered with :mod:`linecache` under a file name of its own, naming
    ``origin`` (the helper and the class it was made for), so that tracebacks, debuggers and
    :func:`inspect.getsource` show the generated lines.
    """
    filename = f"<noahrules.values {origin} #{next(_GENERATED)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), scope)
    return cast(Callable[..., object], scope[name])


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls))


def maker(cls: type[T]) -> Callable[..., T]:
    """A positional constructor for a frozen, slotted attrs class declared with
    ``weakref_slot=False``, without validators, converters or ``__attrs_post_init__``:
    ``maker(cls)(a, b, ...) == cls(a, b, ...)``. It takes every field in order, those left out
    of ``__init__`` (``init=False``, derived by the caller) too.

    It fills a mutable twin class of the same slot layout with plain attribute stores and then
    makes it an instance of ``cls``: the result is an ordinary instance of ``cls``, frozen,
    hashable and picklable like any other. Slots that are no fields (a cached hash, the legal
    moves a :class:`KeepsMoves` keeps) start empty, as ``None``.
    """
    slots: tuple[str, ...] = tuple(getattr(cls, "__slots__", ()))
    names = _names(cls)
    if "__weakref__" in slots or set(names) - set(slots):
        raise TypeError(f"{cls.__name__} must be a slotted attrs class with weakref_slot=False")
    twin = type(f"_Mutable{cls.__name__}", cls.__bases__, {"__slots__": slots})
    args = ", ".join(names)
    stores = "".join(f"    o.{n} = {n}\n" for n in names)
    stores += "".join(f"    o.{n} = None\n" for n in _other_slots(cls) if n not in names)
    source = f"def make({args}):\n    o = new(twin)\n{stores}    o.__class__ = cls\n    return o\n"
    scope: dict[str, object] = {"new": object.__new__, "twin": twin, "cls": cls}
    return cast(Callable[..., T], _generate("make", source, scope, f"maker {_qualified(cls)}"))


def _other_slots(cls: type) -> list[str]:
    """The slots of ``cls`` and its bases, in order from the base (but ``__weakref__``)."""
    found: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__slots__", ())
        for name in (declared,) if isinstance(declared, str) else declared:
            if name != "__weakref__" and name not in found:
                found.append(name)
    return found


def draft_type(state: type, part: str, extra: Sequence[str] = (), base: type = object) -> type:
    """A mutable class holding every field of ``state``, with the fields of its ``part`` field
    (an attrs value, such as the public table) flattened beside the others, plus ``extra``
    working slots; ``base`` (a class with empty ``__slots__``) may add methods.

    ``draft_type(State, "table")(state, *extra_values)`` copies a state; its ``freeze()`` builds
    the state it describes. The copy and the build are generated from the attrs fields, so a
    field added to the state is carried along without touching the engine.
    """
    fields = {f.name: f for f in attrs.fields(attrs.resolve_types(state))}
    inner = fields[part].type
    if not isinstance(inner, type):
        raise TypeError(f"the field '{part}' of {state.__name__} must be annotated with a class")
    outer_names = tuple(n for n in fields if n != part)
    inner_names = _names(inner)
    scope: dict[str, object] = {"make_outer": maker(state), "make_inner": maker(inner)}
    copies = "".join(f"    self.{n} = t.{n}\n" for n in inner_names)
    copies += "".join(f"    self.{n} = s.{n}\n" for n in outer_names)
    copies += "".join(f"    self.{n} = {n}\n" for n in extra)
    init = f"def __init__(self, s, {', '.join(extra)}):\n    t = s.{part}\n{copies}"
    build = ", ".join(
        f"make_inner({', '.join(f'self.{n}' for n in inner_names)})" if n == part else f"self.{n}"
        for n in fields
    )
    freeze = f"def freeze(self):\n    return make_outer({build})\n"
    origin = f"draft_type {_qualified(state)}Draft"
    namespace: dict[str, object] = {
        "__slots__": (*inner_names, *outer_names, *extra),
        "__init__": _generate("__init__", init, dict(scope), f"{origin}.__init__"),
        "freeze": _generate("freeze", freeze, dict(scope), f"{origin}.freeze"),
        "__doc__": f"A mutable working copy of a {state.__name__} (see noahrules.values).",
    }
    return type(f"{state.__name__}Draft", (base,), namespace)


def replacer(cls: type[T]) -> Callable[..., T]:
    """A fast ``attrs.evolve`` for a frozen attrs class whose fields are all ``__init__``
    arguments: ``replace(obj, name=value, ...)`` returns a copy with those fields changed.

    The copy is made by a generated function that reads every field and calls
    :func:`maker`'s constructor, several times faster than ``attrs.evolve``.
    """
    names = _names(cls)
    args = ", ".join(f"{n}=_keep" for n in names)
    values = ", ".join(f"o.{n} if {n} is _keep else {n}" for n in names)
    source = f"def replace(o, {args}):\n    return make({values})\n"
    scope: dict[str, object] = {"make": maker(cls), "_keep": _KEEP}
    return cast(
        Callable[..., T], _generate("replace", source, scope, f"replacer {_qualified(cls)}")
    )


_KEEP = object()
"""Marks a field :func:`replacer` keeps."""


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``items`` with the entry at ``index`` (a seat, a dock, a space) replaced."""
    copy = list(items)
    copy[index] = value
    return tuple(copy)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """A copy of ``items`` without ``item`` (the very object), or ``items`` itself if it does
    not hold it. (``in`` and ``index`` would compare other entries by value: slower.)"""
    for index, entry in enumerate(items):
        if entry is item:
            copy = list(items)
            del copy[index]
            return tuple(copy)
    return items


class KeepsMoves:
    """A base of the game states: a slot where a state keeps its legal moves once they are
    asked (:func:`keeping_moves`), so that ``apply`` can take a move it listed without judging
    it again (:func:`is_listed`).

    The slot is no attrs field: it takes no part in equality, hashing, printing, serialization
    or pickling, and a frozen class refuses to set it like any other attribute, so the state
    stays an immutable value to its users. A state built by its class or unpickled starts
    without it.
    """

    __slots__ = ("_legal_moves",)
    _legal_moves: tuple[Any, ...] | None


def keeping_moves(
    options: Callable[[S], tuple[M, ...]],
) -> Callable[[S], tuple[M, ...]]:
    """``legal_moves`` from a function listing a state's ``options``: listed once per state,
    then kept in it (:class:`KeepsMoves`)."""

    @wraps(options)
    def legal_moves(state: S) -> tuple[M, ...]:
        try:
            moves = state._legal_moves
        except AttributeError:  # built by its class, or unpickled
            moves = None
        if moves is None:
            moves = options(state)
            object.__setattr__(state, "_legal_moves", moves)
        return moves

    return legal_moves


def is_listed(state: KeepsMoves, move: object) -> bool:
    """Whether ``move`` is, as the very object, one of the legal moves ``state`` keeps: then it
    is legal there, and well formed, and need not be judged again."""
    try:
        moves = state._legal_moves
    except AttributeError:
        return False
    if moves is not None:
        for listed in moves:
            if listed is move:
                return True
    return False


Bits = NewType("Bits", int)
"""A set of small non-negative integers (the spaces of a board) as the bits of an int: bit ``s``
is set for each member ``s``. Forty bytes where a frozenset of a hundred spaces takes four
kilobytes, and a new set is one ``|``: a state that changes one member copies almost nothing.
Serialization writes it as the sorted list of its members, like a frozenset."""


def bits(members: Iterable[int]) -> Bits:
    """The :data:`Bits` of a set of non-negative integers."""
    mask = 0
    for member in members:
        mask |= 1 << member
    return Bits(mask)


def as_bits(members: Iterable[int] | int) -> Bits:
    """:data:`Bits` from a set of members, or from bits already (an ``int``)."""
    return Bits(members) if isinstance(members, int) else bits(members)


@lru_cache(maxsize=256)
def members(mask: int) -> frozenset[int]:
    """The members of :data:`Bits`, as a frozenset (the same object for the same bits while it
    is among the last 256 asked)."""
    return frozenset(i for i, bit in enumerate(bin(mask)[:1:-1]) if bit == "1")


class Part(Generic[T]):
    """A field of a value's part, readable on the value itself: in a class whose instances hold
    a ``table``, ``docks = Part[tuple[Ferry | None, ...]]("table")`` makes ``obj.docks`` read
    ``obj.table.docks``. What several classes share is declared once, in the part."""

    __slots__ = ("get", "name", "part")

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""
        self.get: Callable[[object], T] = attrgetter(part)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.get = attrgetter(f"{self.part}.{name}")

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Part[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object, owner: type | None = None) -> T | Part[T]:
        return self if obj is None else self.get(obj)


def field_type_problem(obj: object) -> str | None:
    """What is wrong with the types of an attrs value's fields, or ``None``: each field must hold
    exactly a type its annotation names (``bool`` is no ``int`` here, nor ``float``), so a value
    built by another program cannot slip a float or a flag in where an index belongs."""
    for name, allowed in _field_types(type(obj)):
        value = getattr(obj, name)
        if type(value) not in allowed:
            wanted = " or ".join("None" if t is type(None) else t.__name__ for t in allowed)
            return f"{type(obj).__name__}.{name} must be {wanted}, not {excerpt(value)}"
    return None


_FIELD_TYPES: dict[type, tuple[tuple[str, tuple[type, ...]], ...]] = {}


def _field_types(cls: type) -> tuple[tuple[str, tuple[type, ...]], ...]:
    known = _FIELD_TYPES.get(cls)
    if known is not None:
        return known
    hints = typing.get_type_hints(cls)
    result = []
    for item in attrs.fields(cls):
        hint = hints[item.name]
        options = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        result.append((item.name, tuple(typing.get_origin(t) or t for t in options)))
    _FIELD_TYPES[cls] = tuple(result)
    return _FIELD_TYPES[cls]
