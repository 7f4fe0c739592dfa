"""Moved to :mod:`noahrules.cli.tune`: this path still finds it, with a warning, until the next
release."""

from noahrules.moved import moved_module

__getattr__ = moved_module(__name__, "noahrules.cli.tune")
