"""What the page explains of a game: a summary of its rules (the *Rules* panel) and, at the end,
why each seat won or lost.

A game names these in its declaration, as its ``serve`` plugin (``GameSpec.plugins["serve"]``,
an import path of a :class:`PageParts`), so that the server stays generic over the registered
games: a game without one is played all the same, with its scores and no explanation.

An explanation is computed from what the client sees, like everything else it is sent: its view
(a seat's view, or a spectator's public table) and the events of the game as it saw them; it is
written in the client's language (the game says it with its own catalog), its rule ids as they
are.

>>> from noahrules import GAMES
>>> game = GAMES["island"]
>>> state = game.new_game(game.load_rules(), 2, seed=1)
>>> explained = explanation(game, game.view(state, 0), (), ("Ann", "Bo"))
>>> explained["columns"]
['start (I6)', 'flood (I10)', 'animals (I17)', 'x2', 'bonus', 'total']
>>> explained["rows"]
[[1, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 2]]
>>> explanation(game, game.view(state, 0), (), ("Ann", "Bo"), "de")["columns"][:3]
['Start (I6)', 'Flut (I10)', 'Tiere (I17)']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import PurePosixPath
from typing import Any

from attrs import frozen

from noahrules.events import Event
from noahrules.game import Game
from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES
from noahrules.serialize import JsonValue
from noahrules.serve.errors import RequestError

__all__ = [
    "LAYER",
    "PAGE_FILES",
    "PageParts",
    "explanation",
    "guide",
    "guide_in",
    "page_file",
    "public",
]

LAYER = "serve"
"""The name of the table server's part in a game's ``plugins``."""

Explain = Callable[[Any, Sequence[Event], Sequence[str], str], dict[str, JsonValue]]
"""``explain(view, events, labels, language)`` (see :attr:`PageParts.explain`)."""


@frozen
class PageParts:
    """What the page knows of one game beyond its rules."""

    guide: str | None = None
    """The game's rules summary for the *Rules* panel (Markdown: ``##`` headings, paragraphs,
    ``-`` lists, ``**bold**``): the text itself (anything of more than one line, in English), or
    the path of a file relative to the package of the module that holds these parts
    (``"guides/ferry.md"`` beside :mod:`noahrules.serve.ferry`), or ``None``. The file is the
    English guide; its other languages of :data:`~noahrules.names.LANGUAGES` are files beside
    it, the language's code before the suffix (``guides/ferry.ja.md``, ``ferry.de.md``,
    ``ferry.ru.md``); a language without its file is shown the English (:func:`guide`)."""
    board: str | None = None
    """The page's own drawing of the game: its module among the page's scripts (``"ferry"``,
    ``"island"``: ``static/ferry.js``, ``static/island.js``). ``None``: the page shows the game's
    table as its text screen draws it (``Renderer.screen``'s ``table(view)``, what ``noahrules
    play`` prints) and its picture where it draws one (``Renderer.picture``), beside the
    choices."""
    explain: Explain | None = None
    """``explain(view, events, labels, language)``: the end of a game for one client, from its
    view (a seat's, or the public table) and the game's events as it saw them: ``{"reason":
    text, "columns": [...], "rows": [per seat, one value per column], "notes": [text, ...]}``,
    its texts in ``language`` (a code of :data:`noahrules.names.LANGUAGES`; the game's own
    catalog says them, ``Words(language, "ferry")`` for the ferry game), the seats named by
    ``labels`` (already in that language)."""
    script: str | None = None
    """The game's own drawing for the page, where it has no ``board``: the path of a JavaScript
    module relative to the package of the module that holds these parts. It exports
    ``board(model, act)``, which returns the element to show above the choices (``model.view``
    and ``model.display`` are the seat's view and display; ``act.send(i)`` plays the ``i``-th
    legal move), and may export ``legend()`` for the *Rules* panel. The page loads it from
    ``/games/{game}/page.js``, so it may import the page's helpers as ``../../static/dom.js``."""
    styles: str | None = None
    """The game's own style sheet for the page: the path of a CSS file relative to the same
    package, loaded from ``/games/{game}/page.css``."""


def parts(game: Game) -> PageParts:
    """The game's parts for the page (empty if it names none)."""
    found = game.plugin(LAYER)
    return found if isinstance(found, PageParts) else PageParts()


def guide(game: Game, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The game's rules summary in ``language`` where the game has it, else in English, as
    Markdown text (``None`` if it has none); see :func:`guide_in`."""
    return guide_in(game, language)[0]


def guide_in(game: Game, language: str = DEFAULT_LANGUAGE) -> tuple[str | None, str]:
    """The game's rules summary in ``language`` where the game has it, else in English, and
    the language of the text returned (English for a game without a guide).

    A guide given as text is English; a guide given as a path ``guides/ferry.md`` is in
    ``language`` when the file ``guides/ferry.<language>.md`` is beside it
    (:attr:`PageParts.guide`). Raises :class:`ValueError` for a ``language`` that is not one of
    :data:`~noahrules.names.LANGUAGES` (no other name ever makes a path), and a
    :class:`~noahrules.serve.errors.RequestError` (``internal``) naming the file when the
    declaration names one that cannot be read.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; languages: {', '.join(LANGUAGES)}")
    given = parts(game).guide
    if given is None or "\n" in given:
        return given, DEFAULT_LANGUAGE
    english = _file(game, given, "guide")  # refused here when outside the package
    if language != DEFAULT_LANGUAGE:
        path = PurePosixPath(given)
        beside = path.with_name(f"{path.stem}.{language}{path.suffix}")  # ferry.md: ferry.ja.md
        translated = _file(game, str(beside), "guide")
        if translated.is_file():
            return _read(translated, game, "guide"), language
    return _read(english, game, "guide"), DEFAULT_LANGUAGE


PAGE_FILES = {"page.js": "script", "page.css": "styles"}
"""The files of a game's own page (:attr:`PageParts.script`, :attr:`PageParts.styles`) by the
name the page asks for."""


def page_file(game: Game, name: str) -> str | None:
    """The text of the game's own page file ``name`` (see :data:`PAGE_FILES`), ``None`` when
    the game has none."""
    given = getattr(parts(game), PAGE_FILES[name]) if name in PAGE_FILES else None
    if given is None:
        return None
    return _read(_file(game, given, PAGE_FILES[name]), game, PAGE_FILES[name])


def _read(file: Traversable, game: Game, what: str) -> str:
    """The text of ``file``, one of the game's, or a
    :class:`~noahrules.serve.errors.RequestError` (``internal``) naming ``what`` it is."""
    try:
        return file.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RequestError("internal", f"the {what} of {game.name} cannot be read: {exc}") from None


def _file(game: Game, given: str, what: str) -> Traversable:
    """The file ``given`` inside the package of the game's parts, or a
    :class:`~noahrules.serve.errors.RequestError` (``internal``) naming ``what`` it is."""
    path = PurePosixPath(given)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise RequestError("internal", f"the {what} of {game.name} is not inside its package")
    home = import_module(game.plugins[LAYER].partition(":")[0]).__package__
    try:
        if not home:
            raise ModuleNotFoundError("its parts are not in a package")
        return files(home).joinpath(*path.parts)
    except ModuleNotFoundError as exc:
        raise RequestError("internal", f"the {what} of {game.name} cannot be read: {exc}") from None


def explanation(
    game: Game,
    view: object,
    events: Sequence[Event],
    seat_labels: Sequence[str],
    language: str = DEFAULT_LANGUAGE,
) -> dict[str, JsonValue] | None:
    """The end of the game as one client may read it, in ``language`` (``None`` for a game that
    explains nothing)."""
    explain = parts(game).explain
    return explain(view, events, seat_labels, language) if explain is not None else None


def public(view: Any) -> Any:
    """The public table of a view (a spectator's view is the table itself)."""
    return getattr(view, "table", view)
