"""``python -m noahrules.cli``: the ``noahrules`` command."""

import sys

from noahrules.cli import main

sys.exit(main())
