"""The ``lab`` extra: matplotlib, openskill and dask distributed, imported when first needed,
with a clear error when missing."""

from __future__ import annotations

import importlib
from types import ModuleType

from noahrules.errors import NoahRulesError

__all__ = ["INSTALL", "LabExtraMissing", "require"]

INSTALL = "pip install 'noahrules[lab]'"
"""How to install the extra."""


class LabExtraMissing(NoahRulesError, ImportError):
    """A part of the balance lab needs a package of the ``lab`` extra that is not installed."""


def require(module: str, purpose: str) -> ModuleType:
    """``module`` imported, or :class:`LabExtraMissing` saying what needs it (``purpose``:
    "the figures need it") and the install command."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.partition(".")[0]
        raise LabExtraMissing(
            f"the package '{exc.name or top}' of the lab extra is not installed, and {purpose}: "
            f"{INSTALL}"
        ) from None
