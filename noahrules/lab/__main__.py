"""``python -m noahrules.lab balance GAME ...`` and ``python -m noahrules.lab tune GAME ...``:
the lab's commands on their own."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from noahrules.cli.common import run_parser
from noahrules.lab import cli, tune_cli


def main(argv: Sequence[str] | None = None) -> int:
    """The lab's commands; returns the exit status (0 done, 1 a problem with data, files or
    the extra, 2 a bad command line, 130 interrupted)."""
    parser = argparse.ArgumentParser(prog="noahrules", description="The noahrules balance lab.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    cli.register(commands)
    tune_cli.register(commands)
    return run_parser(parser, argv)


if __name__ == "__main__":
    sys.exit(main())
