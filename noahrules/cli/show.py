"""``noahrules cards`` and ``noahrules board``: the data as loaded, variants applied, for every
game whose declaration draws it (``GameSpec.render.cards`` and ``.board``)."""

from __future__ import annotations

import argparse
import sys

from noahrules.cli.common import (
    add_command,
    add_game_options,
    add_language_option,
    load,
    usage_error,
)
from noahrules.games import GAMES
from noahrules.render import Paint

__all__ = ["register", "run_board", "run_cards"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``cards`` and ``board`` to the command line."""
    cards = add_command(commands, "cards", run_cards)
    add_game_options(cards, [n for n, g in GAMES.items() if g.render and g.render.cards])
    add_language_option(cards)
    board = add_command(commands, "board", run_board)
    add_game_options(board, [n for n, g in GAMES.items() if g.render and g.render.board])
    add_language_option(board)


def run_cards(args: argparse.Namespace) -> int:
    """Show a game's cards as loaded, with the given variants applied: the ferry game's animal
    and ferry cards, the island game's tiles and arks, or what another game's declaration
    draws; names in the language of --lang."""
    game, rules = load(args)
    if game.render is None or game.render.cards is None:
        usage_error(args, f"{game.name} has no cards to show")
        return 2
    print("\n".join(game.render.cards(rules, Paint.for_stream(sys.stdout, args.lang))))
    return 0


def run_board(args: argparse.Namespace) -> int:
    """Show a game's board as loaded, with the given variants applied (the island's: the map,
    its legend and how many spaces of each kind it has); its name in the language of --lang."""
    game, rules = load(args)
    if game.render is None or game.render.board is None:
        usage_error(args, f"{game.name} has no board to show")
        return 2
    print("\n".join(game.render.board(rules, Paint.for_stream(sys.stdout, args.lang))))
    return 0
