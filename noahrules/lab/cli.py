"""Moved to :mod:`noahrules.cli.balance`: this path still finds it, with a warning, until the next
release."""

from noahrules.moved import moved_module

__getattr__ = moved_module(__name__, "noahrules.cli.balance")
