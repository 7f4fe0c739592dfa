"""``python -m noahrules.serve``: the ``noahrules serve`` command (:mod:`noahrules.cli.serve`;
this launcher is the one module of the server that may import the command line)."""

from __future__ import annotations

import sys

from noahrules.cli.serve import main

sys.exit(main())
