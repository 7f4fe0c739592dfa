"""Text rendering shared by the games: colours, tables, and the screen a game shows a player.

Each game package draws itself (``noahrules.ferry.render``, ``noahrules.island.render``) on
these foundations and names its drawing in its declaration (:attr:`GameSpec.render`); the
command line only prints what they give. Colours are ANSI codes, used only when wanted.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import ClassVar, Generic, TextIO, TypeVar

import attrs
from attrs import frozen

from noahrules.events import Event

__all__ = ["Paint", "Renderer", "Screen", "abilities_text", "table"]

R = TypeVar("R")
V = TypeVar("V")
M = TypeVar("M")


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


PLAIN = Paint(False)
"""No colours."""


def table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Rows of cells as left-aligned columns (the first row is the header)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def abilities_text(abilities: attrs.AttrsInstance) -> str:
    """The abilities switched on in an attrs value of abilities, as ``"name value, ..."``."""
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


class Screen(Generic[R, V, M]):
    """How a game looks to one player at a terminal: the table, the choices and the events.

    ``you`` is the player's seat (``None`` for a spectator); ``names`` gives the other seats'
    names (their bots). This base draws any game plainly from its values; games override the
    parts they can draw better.
    """

    def __init__(
        self, rules: R, names: Mapping[int, str], paint: Paint = PLAIN, you: int | None = 0
    ) -> None:
        self.rules = rules
        self.names = names
        self.paint = paint
        self.you = you

    def who(self, seat: int) -> str:
        """A seat's name: "you" for the player, else the seat and its bot."""
        if seat == self.you:
            return f"you (seat {seat})"
        return f"seat {seat} ({self.names[seat]})" if seat in self.names else f"seat {seat}"

    def subject(self, seat: int) -> str:
        """A seat as the subject of a sentence."""
        return "You" if seat == self.you else f"Seat {seat}"

    def whom(self, seat: int) -> str:
        """A seat as the object of a sentence."""
        return "you" if seat == self.you else f"seat {seat}"

    def table(self, view: V) -> list[str]:
        """The table as the player sees it."""
        return [repr(view)]

    def prompt(self, view: V) -> str:
        """The pending decision, as a question."""
        return "Your choice:"

    def label(self, view: V, move: M) -> str:
        """A move, readably."""
        return repr(move)

    def events(self, events: Iterable[Event]) -> list[str]:
        """What happened, one line per event worth one."""
        lines = []
        for event in events:
            text = self.event(event)
            if text:
                lines.append("  " + self.paint("> ", "cyan") + text)
        return lines

    def event(self, event: Event) -> str | None:
        """One event as a sentence, or ``None`` for one not worth a line."""
        return repr(event)

    def summary(self, state: object) -> list[str]:
        """Lines for the end of the game, after the scores (a breakdown, say)."""
        return []


@frozen
class Renderer(Generic[R, V, M]):
    """A game's drawing as text, for its declaration."""

    screen: Callable[[R, Mapping[int, str], Paint], Screen[R, V, M]] = Screen
    """The screen of a player at a terminal: ``screen(rules, names, paint)``."""
    cards: Callable[[R, Paint], list[str]] | None = None
    """The game's cards or tiles as tables (``noahrules cards``)."""
    board: Callable[[R, Paint], list[str]] | None = None
    """The game's board (``noahrules board``)."""
