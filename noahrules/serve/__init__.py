"""``noahrules[serve]``: a table server and a browser page for every game of the library.

People play and watch in the browser; the server holds the tables, checks every move with the
rules, stores each game's record in SQLite before it acknowledges a move, and sends each client
only what its seat may see. Run it with ``noahrules serve``, or mount :func:`create_app`'s
application in your own (see ``docs/serve.md``).

The command line's ``serve`` command (:mod:`noahrules.serve.cli`) imports nothing of the extra
until it runs, so that it can say clearly when the extra is not installed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from noahrules.serve.app import TableServer, create_app
    from noahrules.serve.settings import Settings

__all__ = ["Settings", "TableServer", "create_app"]

_HOMES = {
    "TableServer": "noahrules.serve.app",
    "create_app": "noahrules.serve.app",
    "Settings": "noahrules.serve.settings",
}


def __getattr__(name: str) -> Any:
    """The public names, imported when first used (they need the ``serve`` extra)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'noahrules.serve' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
