"""Moved to :mod:`noahrules.cli.balance`: this path still finds it, with a warning, until the next
release."""

from __future__ import annotations

import importlib
import sys
import warnings

warnings.warn("noahrules.lab.cli moved to noahrules.cli.balance", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = importlib.import_module("noahrules.cli.balance")
