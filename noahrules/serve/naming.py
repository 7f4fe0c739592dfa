"""How the page names the seats, the same everywhere: in the header, the log and the end screen.

A seat's label is its name, with its number when another seat has the same name
(``"greedy bot (seat 2)"``), in the reader's language: a name a person typed stays as typed,
the names the server gives (a bot's seat named after its level or bot, a person's seat nobody
named) are said in the language, as is the seat's number. The stored names stay English
(:func:`noahrules.serve.seats.default_name`). The log's sentences come from the game's text
screen (:attr:`GameSpec.render`); the server's screens name the other seats by their labels,
and the client's own seat "you".

>>> labels(["Ann", "greedy bot", "greedy bot"])
('Ann', 'greedy bot (seat 1)', 'greedy bot (seat 2)')
>>> from noahrules.serve.seats import make_seats
>>> seat_labels(make_seats(("human", "easy", "easy", "open"), "Ann"), "de")
('Ann', 'leichter Bot (Platz 1)', 'leichter Bot (Platz 2)', 'Platz 3')
>>> from noahrules import GAMES
>>> game = GAMES["ferry"]
>>> screen = named_screen(game, game.load_rules(), labels(["Ann", "Bo"]), you=1)
>>> screen.subject(0), screen.subject(1), screen.whom(0)
('Ann', 'You', 'Ann')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from noahrules.game import Game
from noahrules.i18n import Words
from noahrules.names import DEFAULT_LANGUAGE
from noahrules.render import Paint, Screen, screen_for
from noahrules.serve.seats import Seat, default_name

__all__ = ["labels", "named_screen", "numbered", "seat_labels", "seat_name"]

AnyScreen = Screen[Any, Any, Any]


def labels(names: Sequence[str], language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """Per seat, its name as the page shows it: with its number, in ``language``, when another
    seat has the same name."""
    words = Words(language, "noahrules")
    return tuple(
        words.gettext("{name} (seat {seat})", name=name, seat=seat)
        if names.count(name) > 1
        else name
        for seat, name in enumerate(names)
    )


def seat_labels(seats: Sequence[Seat], language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The labels of a table's seats in ``language`` (in English, their stored names, with
    their numbers where two are alike)."""
    return labels([seat_name(s, n, language) for n, s in enumerate(seats)], language)


def seat_name(seat: Seat, number: int, language: str = DEFAULT_LANGUAGE) -> str:
    """Seat ``number``'s name in ``language``: as its player typed it, or the name the server
    gave it said in ``language``."""
    given = default_name(seat, number)
    words = Words(language, "noahrules")
    if given is None:
        return seat.name
    if "seat" in given:
        return words.gettext("seat {seat}", seat=number)
    match given["bot"]:
        case "easy":
            return words.gettext("easy bot")
        case "medium":
            return words.gettext("medium bot")
        case "hard":
            return words.gettext("hard bot")
        case kind:
            return words.gettext("{bot} bot", bot=kind)


def numbered(players: int, language: str = DEFAULT_LANGUAGE) -> tuple[str, ...]:
    """The seats of a game whose names nobody knows, by their numbers in ``language``."""
    words = Words(language, "noahrules")
    return tuple(words.gettext("seat {seat}", seat=seat) for seat in range(players))


def named_screen(
    game: Game,
    rules: object,
    seat_labels: Sequence[str],
    you: int | None,
    language: str = DEFAULT_LANGUAGE,
) -> AnyScreen:
    """The game's text screen for ``you`` (``None``: a spectator) in ``language``, naming the
    seats by ``seat_labels``. A game whose screen is made by a function rather than a class
    keeps its own way of naming seats."""
    names = dict(enumerate(seat_labels))
    paint = Paint(False, language)
    make = game.render.screen if game.render is not None else Screen
    if isinstance(make, type) and issubclass(make, Screen):
        screen: AnyScreen = _named(make)(rules, names, paint, you)
        return screen
    return screen_for(game, rules, names, paint, you)


_NAMED: dict[type[AnyScreen], type[AnyScreen]] = {}


def _named(cls: type[AnyScreen]) -> type[AnyScreen]:
    """``cls`` naming the seats by their labels (its ``names``) instead of their numbers (made
    once per class)."""
    made = _NAMED.get(cls)
    if made is None:
        made = _NAMED[cls] = _subclass(cls)
    return made


def _subclass(cls: type[AnyScreen]) -> type[AnyScreen]:

    class Named(cls):  # type: ignore[valid-type,misc]
        def who(self, seat: int) -> str:
            return self.shared.gettext("you") if seat == self.you else self._label(seat)

        def subject(self, seat: int) -> str:
            return self.shared.gettext("You") if seat == self.you else self._label(seat)

        def whom(self, seat: int) -> str:
            return self.shared.gettext("you") if seat == self.you else self._label(seat)

        def _label(self, seat: int) -> str:
            if seat in self.names:
                label: str = self.names[seat]
                return label
            text: str = self.shared.gettext("seat {seat}", seat=seat)
            return text

    Named.__name__ = Named.__qualname__ = f"Named{cls.__name__}"
    return Named
