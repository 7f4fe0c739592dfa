"""Things offered by name: built into the library, announced by installed packages through an
entry-point group (the Python plugin convention), or registered in code. The games
(:data:`noahrules.GAMES`) and the bots (:data:`noahrules.bots.BOTS`) are kept in one each.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Generic, TypeVar

from noahrules.errors import EntryPointError

__all__ = ["Registry"]

T = TypeVar("T")


class Registry(Mapping[str, T], Generic[T]):
    """``T`` values by name, iterated in name order. The built-in ones and the entry-point
    group's are loaded when the registry is first read; an entry point that cannot be loaded is
    a warning, not an error (a broken plugin must not break the library), and does not replace
    a name taken already. Looking up the name of an entry point that failed raises
    :class:`~noahrules.errors.EntryPointError` (a ``KeyError``) saying why it failed.

    ``built_in()`` gives the built-in ``(name, value)`` pairs; ``entry(point)`` loads an entry
    point as a ``(name, value)`` pair, raising :class:`TypeError` for one that offers no ``T``;
    ``what`` names a value in messages (``"game"``).
    """

    def __init__(
        self,
        what: str,
        group: str,
        built_in: Callable[[], Iterable[tuple[str, T]]],
        entry: Callable[[EntryPoint], tuple[str, T]],
    ) -> None:
        self._what = what
        self._group = group
        self._built_in = built_in
        self._entry = entry
        self._items: dict[str, T] = {}
        self._sorted: tuple[tuple[str, ...], tuple[T, ...]] | None = None
        """The names and the values in name order, kept until the registry changes."""
        self._failed: dict[str, tuple[str, str, str, str, str]] = {}
        """The entry points that failed to load, by name: their error's arguments, with why."""
        self._loaded = False
        self._lock = threading.RLock()
        self._watchers: list[Callable[[], None]] = []

    def _load(self) -> dict[str, T]:
        if not self._loaded:
            with self._lock:
                if not self._loaded:
                    for name, value in self._built_in():
                        self._add(name, value)
                    for point in entry_points(group=self._group):
                        self._add_entry_point(point)
                    self._loaded = True
        return self._items

    def _add_entry_point(self, point: EntryPoint) -> None:
        try:
            name, value = self._entry(point)
        except Exception as exc:
            where = f"'{point.name} = {point.value}'"
            why = f"{type(exc).__name__}: {exc}"
            self._failed[point.name] = (self._what, point.name, where, self._group, why)
            warnings.warn(
                f"noahrules: the {self._what} '{point.name}' ({point.value}) of entry-point group "
                f"{self._group} cannot be loaded: {exc!r}",
                stacklevel=4,
            )
            return
        if name not in self._items:
            self._items[name] = value
            self._sorted = None

    def _add(self, name: str, value: T) -> None:
        known = self._items.get(name)
        if known is not None and known is not value:
            raise ValueError(f"another {self._what} is already registered as '{name}'")
        self._items[name] = value
        self._sorted = None

    def register(self, name: str, value: T) -> None:
        """Add ``value`` as ``name`` (again registering the same value is harmless; another
        value under a taken name is a :class:`ValueError`)."""
        with self._lock:
            self._load()
            self._add(name, value)
        self._changed()

    def unregister(self, name: str) -> None:
        """Remove the value registered as ``name``, if any."""
        with self._lock:
            self._load().pop(name, None)
            self._sorted = None
        self._changed()

    def watch(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after each later :meth:`register` and :meth:`unregister`, so that
        a layer offering every value to another framework keeps up."""
        with self._lock:
            self._watchers.append(callback)

    def _changed(self) -> None:
        for callback in tuple(self._watchers):
            callback()

    def sorted_values(self) -> tuple[T, ...]:
        """The values in name order."""
        return self._order()[1]

    def _order(self) -> tuple[tuple[str, ...], tuple[T, ...]]:
        order = self._sorted
        if order is None:
            items = self._load()
            names = tuple(sorted(items))
            order = self._sorted = (names, tuple(items[name] for name in names))
        return order

    def __getitem__(self, name: str) -> T:
        items = self._load()
        if name not in items and name in self._failed:
            raise EntryPointError(*self._failed[name])
        return items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._order()[0])

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"<noahrules {self._what}s: {', '.join(self)}>"
