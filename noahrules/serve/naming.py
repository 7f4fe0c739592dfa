"""How the page names the seats, the same everywhere: in the header, the log and the end screen.

A seat's label is its name, with its number when another seat has the same name
(``"greedy bot (seat 2)"``). The log's sentences come from the game's text screen
(:attr:`GameSpec.render`); the server's screens name the other seats by their labels, and the
client's own seat "you".

>>> labels(["Ann", "greedy bot", "greedy bot"])
('Ann', 'greedy bot (seat 1)', 'greedy bot (seat 2)')
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
from noahrules.names import DEFAULT_LANGUAGE
from noahrules.render import Paint, Screen, screen_for

__all__ = ["labels", "named_screen"]

AnyScreen = Screen[Any, Any, Any]


def labels(names: Sequence[str]) -> tuple[str, ...]:
    """Per seat, its name as the page shows it: with its number when another seat has the
    same name."""
    return tuple(
        f"{name} (seat {seat})" if names.count(name) > 1 else name
        for seat, name in enumerate(names)
    )


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
