"""Helpers for the library's immutable values."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

import attrs

__all__ = ["replaced", "replacer"]

T = TypeVar("T")


def replacer(cls: type[T]) -> Callable[..., T]:
    """A fast ``attrs.evolve`` for a frozen attrs class whose fields are all ``__init__``
    arguments: ``replace(obj, name=value, ...)`` returns a copy with those fields changed.

    ``attrs.evolve`` looks the fields up on every call; this reads them with one
    :func:`operator.attrgetter` and calls the class positionally, several times faster on the
    engines' hot paths.
    """
    names = tuple(f.name for f in attrs.fields(cls))  # type: ignore[arg-type]
    get = attrgetter(*names)
    index = {name: i for i, name in enumerate(names)}

    def replace(obj: T, **changes: Any) -> T:
        values = list(get(obj))
        for name, value in changes.items():
            values[index[name]] = value
        return cls(*values)

    return replace


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``items`` with the entry at ``index`` (a seat, a dock, a space) replaced."""
    return (*items[:index], value, *items[index + 1 :])
