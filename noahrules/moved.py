"""Names and modules that moved: found at their old homes, with a :class:`DeprecationWarning`
naming the new one, until the next release (CHANGELOG.md lists them under "Changed")."""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Mapping

__all__ = ["moved_module", "moved_names"]


def moved_module(old: str, new: str) -> None:
    """Make the module ``old`` (being imported) the module ``new``, with a warning."""
    warnings.warn(f"{old} moved to {new}", DeprecationWarning, stacklevel=3)
    sys.modules[old] = importlib.import_module(new)


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
