"""Names and modules that moved: found at their old homes, with a :class:`DeprecationWarning`
naming the new one, until the next release (CHANGELOG.md lists them under "Changed")."""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping

__all__ = ["moved_module", "moved_names"]


def moved_module(old: str, new: str) -> Callable[[str], object]:
    """The ``__getattr__`` of the module ``old``, whose names moved to the module ``new``:
    each found there, with a warning."""

    def find(name: str) -> object:
        module = importlib.import_module(new)
        if name.startswith("__") or not hasattr(module, name):
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        warnings.warn(f"{old} moved to {new}", DeprecationWarning, stacklevel=2)
        return getattr(module, name)

    return find


def moved_names(module: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """A module's ``__getattr__`` finding each moved name of ``homes`` (old name: new
    ``"module.name"``) at its new home, with a warning."""

    def find(name: str) -> object:
        if name not in homes:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        home = homes[name]
        warnings.warn(f"{module}.{name} moved to {home}", DeprecationWarning, stacklevel=2)
        where, _, new = home.rpartition(".")
        return getattr(importlib.import_module(where), new)

    return find
