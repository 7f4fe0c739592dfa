"""Moved to :mod:`noahrules.serve.visibility` (what a seat sees and how its page shows it): this
path still finds it, with a warning, until the next release."""

from noahrules.moved import moved_module

__getattr__ = moved_module(__name__, "noahrules.serve.visibility")
