"""``python -m noahrules.serve``: the ``noahrules serve`` command."""

from __future__ import annotations

import sys

from noahrules.serve.cli import main

sys.exit(main())
