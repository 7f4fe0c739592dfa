"""``python -m noahrules``: the ``noahrules`` command (see :mod:`noahrules.cli`)."""

from __future__ import annotations

import sys

from noahrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
