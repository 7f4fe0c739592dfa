"""``python -m noahrules.lab balance GAME ...``: the balance command on its own."""

from __future__ import annotations

import sys

from noahrules.lab.cli import main

if __name__ == "__main__":
    sys.exit(main())
