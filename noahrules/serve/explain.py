"""What the page explains of a game: a summary of its rules (the *Rules* panel) and, at the end,
why each seat won or lost.

A game names these in its declaration, as its ``serve`` plugin (``GameSpec.plugins["serve"]``,
an import path of a :class:`PageParts`), so that the server stays generic over the registered
games: a game without one is played all the same, with its scores and no explanation.

An explanation is computed from what the client sees, like everything else it is sent: its view
(a seat's view, or a spectator's public table) and the events of the game as it saw them.

>>> from noahrules import GAMES
>>> game = GAMES["island"]
>>> state = game.new_game(game.load_rules(), 2, seed=1)
>>> explained = explanation(game, game.view(state, 0), (), ("Ann", "Bo"))
>>> explained["columns"]
['start (I6)', 'flood (I10)', 'animals (I17)', 'x2', 'bonus', 'total']
>>> explained["rows"]
[[1, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 2]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.resources import files
from typing import Any

from attrs import frozen

from noahrules.events import Event
from noahrules.game import Game
from noahrules.serialize import JsonValue

__all__ = ["LAYER", "PageParts", "explanation", "guide", "names", "public"]

LAYER = "serve"
"""The name of the table server's part in a game's ``plugins``."""

Explain = Callable[[Any, Sequence[Event], Sequence[str]], dict[str, JsonValue]]


@frozen
class PageParts:
    """What the page knows of one game beyond its rules."""

    guide: str | None = None
    """The file of ``noahrules/serve/guides/`` holding the game's rules summary (Markdown: ``##``
    headings, paragraphs, ``-`` lists, ``**bold**``), or ``None``."""
    explain: Explain | None = None
    """``explain(view, events, labels)``: the end of a game for one client, from its view (a
    seat's, or the public table) and the game's events as it saw them: ``{"reason": text,
    "columns": [...], "rows": [per seat, one value per column], "notes": [text, ...]}``."""


def parts(game: Game) -> PageParts:
    """The game's parts for the page (empty if it names none)."""
    found = game.plugin(LAYER)
    return found if isinstance(found, PageParts) else PageParts()


def guide(game: Game) -> str | None:
    """The game's rules summary, as Markdown text (``None`` if it has none)."""
    name = parts(game).guide
    if name is None:
        return None
    return (files("noahrules.serve") / "guides" / name).read_text("utf-8")


def explanation(
    game: Game, view: object, events: Sequence[Event], seat_labels: Sequence[str]
) -> dict[str, JsonValue] | None:
    """The end of the game as one client may read it (``None`` for a game that explains
    nothing)."""
    explain = parts(game).explain
    return explain(view, events, seat_labels) if explain is not None else None


def public(view: Any) -> Any:
    """The public table of a view (a spectator's view is the table itself)."""
    return getattr(view, "table", view)


def names(seats: Sequence[int], seat_labels: Sequence[str]) -> str:
    """Some seats by their labels, joined by "and"."""
    return " and ".join(seat_labels[s] for s in seats)
