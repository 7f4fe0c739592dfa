"""The ``noahrules`` command line.

``noahrules play ferry|island``
    play in the terminal against bots (you are seat 0);
``noahrules simulate ferry|island --games N``
    many games between bots, with a table of win rates (``--json`` writes the whole report);
``noahrules validate FILE.yaml``
    check a variant, rules or board file and print every problem with file, line and key;
``noahrules cards ferry|island`` / ``noahrules board island``
    show the cards (tiles) or the board, with variants applied.

Only the standard library is used. Colours are ANSI codes, used only when the output is a
terminal and ``NO_COLOR`` is unset. :func:`main` returns the exit status: 0 for success, 1 for a
problem (bad rules data, a file that cannot be written), 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from noahrules import GAMES, __version__
from noahrules.cli.common import Paint
from noahrules.cli.play import _play
from noahrules.cli.report import _simulate
from noahrules.cli.show import _board, _cards
from noahrules.cli.validate import _validate
from noahrules.errors import NoahRulesError

__all__ = ["Paint", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``noahrules`` command with ``argv`` (default: ``sys.argv[1:]``); returns the exit
    status (0 success, 1 a problem with data or files, 2 a bad command line)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        command: Callable[[argparse.Namespace], int] = args.command
        return command(args)
    except SystemExit as exc:  # argparse: --help, --version or a usage error
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except NoahRulesError as exc:
        print(f"noahrules: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nnoahrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``noahrules cards ferry | head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="noahrules",
        description="Play, simulate and check the games of noahrules (ferry, island).",
    )
    parser.add_argument("--version", action="version", version=f"noahrules {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def game_options(sub: argparse.ArgumentParser, games: Sequence[str]) -> None:
        sub.add_argument("game", choices=games, help="the game: " + " or ".join(games))
        sub.add_argument(
            "--variant",
            metavar="V",
            action="extend",
            nargs="+",
            default=[],
            help="a packaged variant's name or a variant file (several may be given)",
        )

    names = sorted(GAMES)
    play = commands.add_parser(
        "play", help="play a game in the terminal against bots", description=_doc(_play)
    )
    game_options(play, names)
    play.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    play.add_argument("--bots", metavar="B,B", help="bots for the other seats, comma separated")
    play.add_argument("--seed", type=int, metavar="S", help="the game's seed (default: random)")
    play.set_defaults(command=_play, parser=play)

    sim = commands.add_parser(
        "simulate", help="play many games between bots and report", description=_doc(_simulate)
    )
    game_options(sim, names)
    sim.add_argument("--games", type=int, required=True, metavar="N", help="games to play")
    sim.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    sim.add_argument("--bots", metavar="B,B", help="bots by seat, comma separated, repeated")
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    sim.add_argument("--workers", type=int, metavar="N", help="processes (default: all cores)")
    sim.add_argument("--max-decisions", type=int, metavar="N", help="cap on decisions per game")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")
    sim.add_argument("--json", metavar="PATH", help="write the full report as JSON")
    sim.set_defaults(command=_simulate, parser=sim)

    check = commands.add_parser(
        "validate", help="check a variant, rules or board file", description=_doc(_validate)
    )
    check.add_argument("file", metavar="FILE.yaml")
    check.add_argument("--game", choices=names, help="the game (default: told from the file)")
    check.set_defaults(command=_validate, parser=check)

    cards = commands.add_parser(
        "cards", help="show the cards (ferry) or tiles (island)", description=_doc(_cards)
    )
    game_options(cards, names)
    cards.set_defaults(command=_cards, parser=cards)

    board = commands.add_parser("board", help="show the island's board", description=_doc(_board))
    game_options(board, ["island"])
    board.set_defaults(command=_board, parser=board)
    return parser


def _doc(function: Callable[..., Any]) -> str:
    return (function.__doc__ or "").strip().split("\n\n")[0]
