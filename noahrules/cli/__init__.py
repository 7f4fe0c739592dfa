"""The ``noahrules`` command line.

``noahrules play ferry|island``
    play in the terminal against bots (you are seat 0), ``--save`` writes the game's record;
``noahrules replay game.json``
    step through a game record, move by move;
``noahrules simulate ferry|island --games N``
    many games between bots, with a table of win rates (``--json`` writes the whole report);
``noahrules balance ferry|island --games N --variant V ...``
    compare variants over the same deals from every seat order: a report with figures;
``noahrules tune ferry|island --param NAME=LOW..HIGH --target EXPR --trials N --games N``
    search rules parameters for values that meet targets (Optuna), and confirm the best;
``noahrules ladder ferry|island --bots B,B,...``
    rate bots in a round-robin: OpenSkill ratings with intervals, and a figure;
``noahrules validate FILE.yaml``
    check a variant, rules or board file and print every problem with file, line and key;
``noahrules cards ferry|island`` / ``noahrules board island``
    show the cards (tiles) or the board, with variants applied;
``noahrules serve [--host 127.0.0.1] [--port 8765] [--db noahrules.sqlite]``
    the table server: play and watch in the browser (needs the ``serve`` extra).

Only the standard library is used. Colours are ANSI codes, used only when the output is a
terminal and ``NO_COLOR`` is unset. :func:`main` returns the exit status: 0 for success, 1 for a
problem (bad rules data, a file that cannot be written), 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from noahrules import __version__
from noahrules.cli.commands import COMMANDS, command_named
from noahrules.cli.common import run_parser
from noahrules.render import Paint

__all__ = ["Paint", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``noahrules`` command with ``argv`` (default: ``sys.argv[1:]``); returns the exit
    status (0 success, 1 a problem with data or files, 2 a bad command line)."""
    return run_parser(_parser(argv), argv)


def _parser(argv: Sequence[str] | None) -> argparse.ArgumentParser:
    """The command line's parser, with the arguments of the command ``argv`` names (its module
    imported now) and every other command by its name and help alone."""
    parser = argparse.ArgumentParser(
        prog="noahrules",
        description="Play, simulate and check the games of noahrules (ferry, island).",
    )
    parser.add_argument("--version", action="version", version=f"noahrules {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    named = command_named(_command_word(argv))
    if named is not None:
        importlib.import_module(named.module).register(commands)
    for command in COMMANDS:
        if command.name not in commands.choices:
            commands.add_parser(command.name, help=command.help)
    return parser


def _command_word(argv: Sequence[str] | None) -> str:
    """The first word of the command line that is not an option: the command's name."""
    words = sys.argv[1:] if argv is None else argv
    return next((word for word in words if not word.startswith("-")), "")
