"""Text rendering shared by the games: colours, tables, and the screen a game shows a player.

Each game package draws itself (``noahrules.ferry.render``, ``noahrules.island.render``) on
these foundations and names its drawing in its declaration (:attr:`GameSpec.render`); the
command line only prints what they give. Colours are ANSI codes, used only when wanted.
"""

from __future__ import annotations

import os
import re
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, TextIO, TypeVar

import attrs
from attrs import frozen

from noahrules.events import Event
from noahrules.i18n import Words
from noahrules.moved import moved_names
from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES, Names

if TYPE_CHECKING:
    from noahrules.game import Game

__all__ = [
    "PLAIN",
    "Paint",
    "Renderer",
    "Screen",
    "abilities_text",
    "beside",
    "columns",
    "counted",
    "grid",
    "screen_for",
    "visible_width",
    "wrap",
]

R = TypeVar("R")
V = TypeVar("V")
M = TypeVar("M")


class Paint:
    """How text is drawn: ANSI colouring that is switched off unless wanted (a terminal,
    ``NO_COLOR`` unset), and :attr:`language`, the language of the names drawn from rules data
    (a code of :data:`~noahrules.names.LANGUAGES`; English unless asked)."""

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

    def __init__(self, enabled: bool, language: str = DEFAULT_LANGUAGE) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; languages: {', '.join(LANGUAGES)}")
        self.enabled = enabled
        self.language = language
        """The language of names from rules data (``names.in_language(paint.language)``)."""

    @classmethod
    def for_stream(cls, stream: TextIO, language: str = DEFAULT_LANGUAGE) -> Paint:
        """Colours for ``stream``: on only for a terminal, and only without ``NO_COLOR``; names
        in ``language``."""
        is_tty = getattr(stream, "isatty", None)
        return cls(bool(is_tty and is_tty()) and not os.environ.get("NO_COLOR"), language)

    def name(self, names: Names) -> str:
        """``names`` in this paint's :attr:`language` (English where it has none)."""
        return names.in_language(self.language)

    def __call__(self, text: str, *styles: str) -> str:
        """``text`` in the given styles (names of :attr:`CODES`)."""
        if not self.enabled or not styles:
            return text
        codes = ";".join(self.CODES[s] for s in styles if s in self.CODES)
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text


PLAIN = Paint(False)
"""No colours."""


def grid(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Rows of cells as left-aligned columns (the first row is the header), aligned by the
    columns each cell takes on a terminal (:func:`visible_width`)."""
    widths = [max(visible_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        indent
        + "  ".join(
            cell + " " * (w - visible_width(cell)) for cell, w in zip(row, widths, strict=True)
        ).rstrip()
        for row in rows
    ]


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def visible_width(line: str) -> int:
    """How many columns ``line`` takes on a terminal: colour codes take none, wide characters
    (Japanese, Chinese) two, combining marks none."""
    text = _ANSI.sub("", line)
    if text.isascii():
        return len(text)
    return sum(
        0
        if unicodedata.combining(char)
        else 2
        if unicodedata.east_asian_width(char) in ("W", "F")
        else 1
        for char in text
    )


def beside(left: Sequence[str], right: Sequence[str], gap: int = 3) -> list[str]:
    """Two blocks of lines side by side, ``right`` starting ``gap`` columns after the widest
    line of ``left``."""
    width = max((visible_width(line) for line in left), default=0) + gap
    lines = []
    for i in range(max(len(left), len(right))):
        first = left[i] if i < len(left) else ""
        second = right[i] if i < len(right) else ""
        pad = " " * (width - visible_width(first)) if second else ""
        lines.append((first + pad + second).rstrip())
    return lines


def wrap(text: str, width: int, indent: str = "", more: str = "    ") -> list[str]:
    """``text`` in lines of at most ``width`` columns on a terminal (:func:`visible_width`),
    the first indented by ``indent`` and the others by ``more``; broken at spaces where it has
    them, else (Japanese) between any two characters."""
    if text.isascii():
        return textwrap.wrap(
            text, width, initial_indent=indent, subsequent_indent=more, break_on_hyphens=False
        )
    lines = []
    prefix, rest = indent, " ".join(text.split())
    while rest:
        room = max(1, width - visible_width(prefix))
        end = used = 0
        while end < len(rest) and used + visible_width(rest[end]) <= room:
            used += visible_width(rest[end])
            end += 1
        if end < len(rest):
            space = rest.rfind(" ", 0, end + 1)
            end = space if space > 0 else max(end, 1)
        lines.append(prefix + rest[:end].rstrip())
        rest, prefix = rest[end:].lstrip(), more
    return lines


def _padded(text: str, width: int) -> str:
    """``text`` with spaces after it up to ``width`` terminal columns."""
    return text + " " * (width - visible_width(text))


def columns(title: str, cells: Sequence[str], width: int, title_width: int) -> list[str]:
    """``cells`` in aligned columns after a ``title``, in lines of at most ``width`` terminal
    columns."""
    cell = max(visible_width(c) for c in cells) + 2
    per_line = max(1, (width - title_width) // cell)
    lines = []
    for start in range(0, len(cells), per_line):
        row = "".join(_padded(c, cell) for c in cells[start : start + per_line])
        head = title if start == 0 else ""
        lines.append((_padded(head, title_width) + row).rstrip())
    return lines


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one: ``"1 card"``, ``"3 cards"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


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

    Its words are in the paint's language (:attr:`Paint.language`): :attr:`words` of the
    game's own catalog (:attr:`DOMAIN`, :mod:`noahrules.i18n`), :attr:`shared` of the words
    every game shares.
    """

    DOMAIN: ClassVar[str] = "noahrules"
    """The catalog of the game's words (its name, for the library's games)."""

    def __init__(
        self, rules: R, names: Mapping[int, str], paint: Paint = PLAIN, you: int | None = 0
    ) -> None:
        self.rules = rules
        self.names = names
        self.paint = paint
        self.you = you
        self.words = Words(paint.language, self.DOMAIN)
        self.shared = Words(paint.language, "noahrules")

    def who(self, seat: int) -> str:
        """A seat's name: "you" for the player, else the seat and its bot."""
        words = self.shared
        if seat == self.you:
            return words.gettext("you (seat {seat})", seat=seat)
        if seat in self.names:
            return words.gettext("seat {seat} ({name})", seat=seat, name=self.names[seat])
        return words.gettext("seat {seat}", seat=seat)

    def subject(self, seat: int) -> str:
        """A seat as the subject of a sentence."""
        if seat == self.you:
            return self.shared.gettext("You")
        return self.shared.gettext("Seat {seat}", seat=seat)

    def whom(self, seat: int) -> str:
        """A seat as the object of a sentence."""
        if seat == self.you:
            return self.shared.gettext("you")
        return self.shared.gettext("seat {seat}", seat=seat)

    def table(self, view: V) -> list[str]:
        """The table as the player sees it."""
        return [repr(view)]

    def prompt(self, view: V) -> str:
        """The pending decision, as a question."""
        return self.shared.gettext("Your choice:")

    def label(self, view: V, move: M) -> str:
        """A move, readably."""
        return repr(move)

    def choices(self, view: V, moves: Sequence[M]) -> list[str]:
        """The numbered choices (from 1) as lines."""
        return [f"  {number:>3}. {self.label(view, move)}" for number, move in enumerate(moves, 1)]

    def hint(self, count: int) -> str:
        """How a choice may be typed."""
        return self.shared.gettext("a number from 1 to {count}", count=count)

    def named(self, view: V, moves: Sequence[M], answer: str) -> tuple[int, ...]:
        """The indexes of the choices an answer other than a number names (none here)."""
        return ()

    def state(self, state: object) -> list[str]:
        """The whole position, hidden parts too (``str(state)``)."""
        return [repr(state)]

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
    """A game's drawing, as text and as pictures, for its declaration."""

    screen: Callable[[R, Mapping[int, str], Paint, int | None], Screen[R, V, M]] = Screen
    """The screen of a player at a terminal: ``screen(rules, names, paint, you)``."""
    cards: Callable[[R, Paint], list[str]] | None = None
    """The game's cards or tiles as tables (``noahrules cards``), names from the data in
    ``paint.language`` (:meth:`Paint.name`)."""
    board: Callable[[R, Paint], list[str]] | None = None
    """The game's board (``noahrules board``), names from the data in ``paint.language``."""
    picture: Callable[[object], str] | None = None
    """A state or a view as an SVG document (what notebooks show)."""


def screen_for(
    game: Game, rules: object, names: Mapping[int, str], paint: Paint, you: int | None
) -> Screen[object, object, object]:
    """The game's screen for a player (``you``) or a spectator (``None``); the plain
    :class:`Screen` for a game that draws none."""
    make = game.render.screen if game.render is not None else Screen
    return make(rules, names, paint, you)


if not TYPE_CHECKING:  # the type checker sees only the new homes
    __getattr__ = moved_names(
        __name__,
        {
            "Shown": "noahrules.shown.Shown",
            "picture": "noahrules.shown.picture",
            "text": "noahrules.shown.text",
            "table": "noahrules.render.grid",
        },
    )
    """What finds a state's game and draws it moved to :mod:`noahrules.shown`; a grid of text is
    :func:`grid`."""
