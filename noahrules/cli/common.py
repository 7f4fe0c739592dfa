"""What the commands share: the game and variant arguments, loading rules, picking bots,
numbers."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from noahrules.bots import bot_factory, split_bots
from noahrules.cli.commands import command_named
from noahrules.errors import NoahRulesError
from noahrules.game import Game, RulesValue
from noahrules.games import GAMES, load_variants
from noahrules.names import LANGUAGES, language_of_environment

__all__ = [
    "HUMAN",
    "add_command",
    "add_game_options",
    "add_language_option",
    "bot_names",
    "bot_specs",
    "check_writable",
    "load",
    "number",
    "percent",
    "run_parser",
    "split_names",
    "usage_error",
    "variants",
    "write_text",
]

HUMAN = 0
"""The seat the human plays in ``play``."""


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    run: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    """The command ``name`` of :data:`~noahrules.cli.commands.COMMANDS`, run by ``run``, whose
    description is the first paragraph of ``run``'s docstring."""
    description = (run.__doc__ or "").strip().split("\n\n")[0]
    command = command_named(name)
    parser = commands.add_parser(
        name, help=command.help if command else None, description=description
    )
    parser.set_defaults(command=run, parser=parser)
    return parser


def run_parser(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    """Parse ``argv`` with ``parser`` and run the command it names; the exit status: the
    command's, 1 for a :class:`~noahrules.errors.NoahRulesError` (printed), 2 for a bad command
    line, 130 when interrupted, 1 when the reader of the output went away."""
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


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the names from rules data, one of
    :data:`~noahrules.names.LANGUAGES`; by default the one the locale environment asks for
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    codes = ", ".join(LANGUAGES)
    parser.add_argument(
        "--lang",
        type=_language,
        default=language_of_environment(os.environ),
        metavar="CODE",
        help=f"the language of names: {codes} (default: from the locale, else en)",
    )


def _language(text: str) -> str:
    """A ``--lang`` argument: a code of :data:`~noahrules.names.LANGUAGES` in any case."""
    code = text.strip().lower()
    if code not in LANGUAGES:
        raise argparse.ArgumentTypeError(
            f"unknown language '{text}'; languages: {', '.join(LANGUAGES)}"
        )
    return code


def add_game_options(parser: argparse.ArgumentParser, games: Sequence[str] | None = None) -> None:
    """The game argument (one of ``games``, default every registered game) and ``--variant``."""
    names = list(games if games is not None else GAMES)
    parser.add_argument("game", choices=names, help="the game: " + " or ".join(names))
    add_variant_option(parser)


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    """``--variant``: repeatable, each a name, a file or a comma-separated list of them."""
    parser.add_argument(
        "--variant",
        metavar="V",
        action="append",
        default=[],
        help="a packaged variant's name or a variant file; repeat it or separate with commas",
    )


def variants(args: argparse.Namespace) -> list[str]:
    """The variants of ``--variant``, in the order given, comma lists split."""
    return split_names(args.variant)


def split_names(given: Sequence[str]) -> list[str]:
    """Names given by a repeatable option, in order, comma lists split."""
    return [name.strip() for text in given for name in text.split(",") if name.strip()]


def usage_error(args: argparse.Namespace, message: str) -> None:
    """Report a bad command line the argparse way (exit status 2)."""
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def load(args: argparse.Namespace) -> tuple[Game, RulesValue]:
    """The game and its rules with ``--variant`` applied; checks ``--players`` if given."""
    game = GAMES[args.game]
    rules = load_variants(game, variants(args))
    players = getattr(args, "players", None)
    if players is not None and players not in game.seats(rules):
        usage_error(
            args,
            f"{args.game} takes {rules.min_players} to {rules.max_players} players, not {players}",
        )
    return game, rules


def check_writable(args: argparse.Namespace, option: str, name: str | None) -> None:
    """A usage error unless a file can be written at ``name`` (checked before any work)."""
    if name is None:
        return
    path = Path(name)
    folder = path.parent if str(path.parent) else Path()
    if not (folder.is_dir() and os.access(folder, os.W_OK) and not path.is_dir()):
        usage_error(args, f"{option} {name}: cannot write there (no such folder, or no right)")


def write_text(name: str, text: str) -> bool:
    """Write ``text`` (and a newline) to the file ``name``; ``False`` after printing why not."""
    try:
        with open(name, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as exc:
        print(f"noahrules: error: cannot write {name}: {exc.strerror}", file=sys.stderr)
        return False
    return True


def bot_specs(args: argparse.Namespace) -> list[str]:
    """``--bots`` (greedy if not given) as the canonical specs of the bots it names, in order:
    names of :data:`noahrules.bots.BOTS` or ``package.module:Name`` with their options
    (``search:time=0.2,iterations=50``, see :func:`noahrules.bots.split_bots`), checked here: a
    usage error for an unknown bot, option or value."""
    try:
        specs = [bot_factory(spec)[0] for spec in split_bots(args.bots or "greedy")]
    except ValueError as exc:
        usage_error(args, str(exc))
    if not specs:
        usage_error(args, "--bots names no bot")
    return specs


def bot_names(args: argparse.Namespace, seats: int) -> list[str]:
    """``--bots`` as one bot per seat (repeated as needed; greedy by default), each the
    canonical spec of a bot (see :func:`bot_specs`)."""
    specs = bot_specs(args)
    return [specs[i % len(specs)] for i in range(seats)]


def percent(value: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * value:.1f}%"


def number(value: float) -> str:
    """A number with at most two decimals, without trailing zeros: 300, 300.5, 300.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
