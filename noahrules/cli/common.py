"""What the commands share: the game and variant arguments, loading rules, picking bots,
numbers."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from noahrules.bots import bot_factory
from noahrules.game import GAMES, Game, RulesValue

__all__ = [
    "HUMAN",
    "add_command",
    "add_game_options",
    "bot_names",
    "load",
    "number",
    "percent",
    "usage_error",
]

HUMAN = 0
"""The seat the human plays in ``play``."""


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    help: str,
    run: Callable[[argparse.Namespace], int],
) -> argparse.ArgumentParser:
    """A subcommand whose description is the first paragraph of ``run``'s docstring."""
    description = (run.__doc__ or "").strip().split("\n\n")[0]
    parser = commands.add_parser(name, help=help, description=description)
    parser.set_defaults(command=run, parser=parser)
    return parser


def add_game_options(parser: argparse.ArgumentParser, games: Sequence[str] | None = None) -> None:
    """The game argument (one of ``games``, default every registered game) and ``--variant``."""
    names = list(games if games is not None else GAMES)
    parser.add_argument("game", choices=names, help="the game: " + " or ".join(names))
    parser.add_argument(
        "--variant",
        metavar="V",
        action="extend",
        nargs="+",
        default=[],
        help="a packaged variant's name or a variant file (several may be given)",
    )


def usage_error(args: argparse.Namespace, message: str) -> None:
    """Report a bad command line the argparse way (exit status 2)."""
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def load(args: argparse.Namespace) -> tuple[Game, RulesValue]:
    """The game and its rules with ``--variant`` applied; checks ``--players`` if given."""
    game = GAMES[args.game]
    rules = game.load_rules(args.variant)
    players = getattr(args, "players", None)
    if players is not None and players not in game.seats(rules):
        usage_error(
            args,
            f"{args.game} takes {rules.min_players} to {rules.max_players} players, not {players}",
        )
    return game, rules


def bot_names(args: argparse.Namespace, seats: int) -> list[str]:
    """``--bots`` as one bot per seat (repeated as needed; greedy by default): names of
    :data:`noahrules.bots.BOTS` or ``package.module:Name``, checked here."""
    names = [n.strip() for n in (args.bots or "greedy").split(",")]
    for name in names:
        try:
            bot_factory(name)
        except ValueError as exc:
            usage_error(args, str(exc))
    return [names[i % len(names)] for i in range(seats)]


def percent(value: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * value:.1f}%"


def number(value: float) -> str:
    """A whole number as such, else with two decimals."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"
