"""States and views that show themselves: as the command line's text, and as the picture a
notebook draws, each found through the game the value belongs to (:func:`~noahrules.games.game_of`).
"""

from __future__ import annotations

import html

from noahrules.games import game_of
from noahrules.render import PLAIN, screen_for

__all__ = ["Shown", "picture", "text"]


class Shown:
    """What the states and views of a game inherit: ``str()`` gives the table as the command
    line shows it, and notebooks draw the game's picture (``_repr_svg_``, ``_repr_html_``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "\n".join(text(self))

    def _repr_svg_(self) -> str | None:
        return picture(self)

    def _repr_html_(self) -> str | None:
        svg = picture(self)
        if svg is None:
            return None
        lines = html.escape("\n".join(text(self)))
        return (
            f'<div class="noahrules">{svg}<details><summary>as text</summary>'
            f"<pre>{lines}</pre></details></div>"
        )


def text(subject: object) -> list[str]:
    """A state or a view of a registered game as the command line shows it, without colours: a
    view as its seat sees it, a state whole."""
    game = game_of(subject)
    rules = getattr(subject, "rules", None)
    if game is None or game.render is None or rules is None:
        return [repr(subject)]
    if isinstance(subject, game.view_type):
        return screen_for(game, rules, {}, PLAIN, getattr(subject, "seat", None)).table(subject)
    return screen_for(game, rules, {}, PLAIN, None).state(subject)


def picture(subject: object) -> str | None:
    """A state or a view of a registered game as SVG (``None`` if its game draws none)."""
    game = game_of(subject)
    if game is None or game.render is None or game.render.picture is None:
        return None
    return game.render.picture(subject)
