"""``python -m noahrules.lab balance GAME ...`` and ``python -m noahrules.lab tune GAME ...``:
the lab's commands on their own (the command line's, :mod:`noahrules.cli.balance` and
:mod:`noahrules.cli.tune`; this launcher is the one module of the lab that may import them)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from noahrules.cli import balance, tune
from noahrules.cli.common import run_parser


def main(argv: Sequence[str] | None = None) -> int:
    """The lab's commands; returns the exit status (0 done, 1 a problem with data, files or
    the extra, 2 a bad command line, 130 interrupted)."""
    parser = argparse.ArgumentParser(prog="noahrules", description="The noahrules balance lab.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    balance.register(commands)
    tune.register(commands)
    return run_parser(parser, argv)


if __name__ == "__main__":
    sys.exit(main())
