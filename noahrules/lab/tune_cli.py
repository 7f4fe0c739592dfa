"""Moved to :mod:`noahrules.cli.tune`: this path still finds it, with a warning, until the next
release."""

from __future__ import annotations

import importlib
import sys
import warnings

warnings.warn(
    "noahrules.lab.tune_cli moved to noahrules.cli.tune", DeprecationWarning, stacklevel=2
)
sys.modules[__name__] = importlib.import_module("noahrules.cli.tune")
