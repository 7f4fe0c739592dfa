"""What the commands share: colours, tables, numbers, loading rules and picking bots."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import Any, ClassVar, TextIO

import attrs

from noahrules import GAMES
from noahrules.bots import BOTS

_HUMAN = 0
"""The seat the human plays in ``play``."""
_SCORE_NAMES = {"ferry": "penalties (lower is better)", "island": "points"}


class Paint:
    """ANSI colouring that is switched off unless wanted (a terminal, ``NO_COLOR`` unset)."""

    CODES: ClassVar[dict[str, str]] = {
        "bold": "1",
        "dim": "2",
        "red": "31",
        "green": "32",
        "yellow": "33",
        "blue": "34",
        "magenta": "35",
        "cyan": "36",
    }

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    @classmethod
    def for_stream(cls, stream: TextIO) -> Paint:
        """Colours for ``stream``: on only for a terminal, and only without ``NO_COLOR``."""
        is_tty = getattr(stream, "isatty", None)
        return cls(bool(is_tty and is_tty()) and not os.environ.get("NO_COLOR"))

    def __call__(self, text: str, *styles: str) -> str:
        """``text`` in the given styles (names of :attr:`CODES`)."""
        if not self.enabled or not styles:
            return text
        codes = ";".join(self.CODES[s] for s in styles if s in self.CODES)
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text


def _table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Rows of cells as left-aligned columns (the first row is the header)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


def _usage_error(args: argparse.Namespace, message: str) -> None:
    """Report a bad command line the argparse way (exit status 2)."""
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def _load(args: argparse.Namespace) -> tuple[Any, Any]:
    """The game module and its rules with ``--variant`` applied; checks ``--players`` if given."""
    game = GAMES[args.game]
    rules = game.load_rules(args.variant)
    players = getattr(args, "players", None)
    if players is not None and not rules.min_players <= players <= rules.max_players:
        _usage_error(
            args,
            f"{args.game} takes {rules.min_players} to {rules.max_players} players, not {players}",
        )
    return game, rules


def _bot_names(args: argparse.Namespace, seats: int) -> list[str]:
    """``--bots`` as one name per seat (repeated as needed); greedy by default if it exists."""
    default = "greedy" if "greedy" in BOTS else "random"
    names = [n.strip() for n in (args.bots or default).split(",")]
    for name in names:
        if name not in BOTS:
            known = ", ".join(sorted(BOTS))
            _usage_error(args, f"unknown bot '{name}'; known bots: {known}")
    return [names[i % len(names)] for i in range(seats)]


def _abilities(abilities: Any) -> str:
    parts = []
    for item in attrs.fields(type(abilities)):
        value = getattr(abilities, item.name)
        if value == item.default:
            continue
        if value is True:
            parts.append(item.name)
        elif isinstance(value, tuple):
            parts.append(f"{item.name} {value[0]}-{value[1]}")
        else:
            parts.append(f"{item.name} {value}")
    return ", ".join(parts)
