"""What the reinforcement-learning layer knows of each game: its :class:`Encoding`.

A game's encoding lists its action blocks (the fixed numbering of :class:`ActionCodec`), makes
its observation encoder (an :class:`Observer` of its views), and, for a game played on a board,
may make a board-shaped one too (a :class:`PlanesObserver`), and states any bound on a game's
length that its rules data gives. A game's declaration names its encoding among its plugins
(``GameSpec.plugins["rl"]``, an import path such as ``"noahrules.rl.ferry:ENCODING"``), loaded
when first needed; :func:`register_encoding` gives one in code. Everything else in
:mod:`noahrules.rl` is generic and finds a game's encoding here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from attrs import frozen

from noahrules.game import Game
from noahrules.games import GAMES, all_games, game_of
from noahrules.registry import Registry

if TYPE_CHECKING:
    from noahrules.rl.codec import ActionBlock
    from noahrules.rl.layout import Layout, Observation
    from noahrules.rl.planes import BoardObservation, Planes

__all__ = [
    "Encoding",
    "Observer",
    "PlanesObserver",
    "encoded_games",
    "encoding_for",
    "game_of_rules",
    "game_of_view",
    "names_of_encoded_games",
    "register_encoding",
    "when_encoded_games_change",
]

V_contra = TypeVar("V_contra", contravariant=True)


class Observer(Protocol[V_contra]):
    """An observation encoder for one rules value and player count: a view in, a flat
    ``float32`` vector of ``layout.size`` values out, computed from the view alone.

    An observer may also offer ``encode(view)``: the same observation as the bytes of its
    single-precision floats (any object with the buffer protocol), read before the observer's
    next call. The OpenSpiel observer copies those bytes straight into its tensor."""

    @property
    def layout(self) -> Layout:
        """The named slices of the vector."""

    def __call__(self, view: V_contra) -> Observation:
        """The observation of ``view`` (a new array)."""


class PlanesObserver(Protocol[V_contra]):
    """A board-shaped observation encoder for one rules value and player count
    (:mod:`noahrules.rl.planes`): a view in, planes over the board and a vector out, computed
    from the view alone."""

    @property
    def planes(self) -> Planes:
        """The channels, the cells of the spaces and the vector's fields."""

    def __call__(self, view: V_contra) -> BoardObservation:
        """The board-shaped observation of ``view`` (new arrays)."""

    def targets(self, move: Any) -> tuple[int, ...]:
        """The spaces ``move`` acts on (none for a move that names no space), so that a policy
        may score moves by the cells of their spaces."""


def _same(move: Any) -> Any:
    return move


def _unbounded(rules: Any, players: int) -> int | None:
    return None


@frozen
class Encoding:
    """How one game meets the reinforcement-learning frameworks."""

    actions: Callable[[Any, int], Sequence[ActionBlock[Any]]]
    """``actions(rules, players)``: the action blocks, in numbering order: every move that can
    ever be legal under the rules at that player count, once."""
    observer: Callable[[Any, int], Observer[Any]]
    """``observer(rules, players)``: the observation encoder of views of such games."""
    canonical: Callable[[Any], Any] = _same
    """The form a move takes in the numbering, for a move ``apply`` accepts in several forms
    (the island's ``Rescue`` with its spaces in either order)."""
    decision_bound: Callable[[Any, int], int | None] = _unbounded
    """``decision_bound(rules, players)``: the most decisions a game can take, if the rules data
    bounds it."""
    private: Callable[[Any], str] | None = None
    """What a view shows that no event tells its seat (a hand just dealt), as text: the
    perfect-recall histories of OpenSpiel record it whenever it changes. ``None`` when events
    tell a seat all it sees."""
    planes: Callable[[Any, int], PlanesObserver[Any]] | None = None
    """``planes(rules, players)``: the board-shaped observation encoder of views of such games
    (``observation="planes"``); ``None`` for a game that offers none."""


LAYER = "rl"
"""The name under which a game's declaration names its encoding (``GameSpec.plugins``)."""
_ENCODINGS: dict[str, Encoding] = {}
_WATCHERS: list[Callable[[], None]] = []
_LOCK = threading.Lock()


def register_encoding(game: str | Game, encoding: Encoding) -> None:
    """Make ``encoding`` the encoding of ``game`` (a game's name or declaration)."""
    name = game if isinstance(game, str) else game.name
    if not isinstance(encoding, Encoding):
        raise TypeError(f"register_encoding takes an Encoding, not {type(encoding).__name__}")
    with _LOCK:
        _ENCODINGS[name] = encoding
    _changed()


def when_encoded_games_change(callback: Callable[[], None]) -> None:
    """Call ``callback()`` whenever the games with an encoding may have changed: after each
    :func:`register_encoding`, :func:`noahrules.register_game` and
    :func:`noahrules.games.unregister_game` (the Gymnasium ids and OpenSpiel games follow)."""
    with _LOCK:
        _WATCHERS.append(callback)


def _changed() -> None:
    for callback in tuple(_WATCHERS):
        callback()


if isinstance(GAMES, Registry):  # always: the games' registry tells who registers
    GAMES.watch(_changed)


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game``: the one registered for it, else the one its declaration names
    (``game.plugins["rl"]``); a :class:`ValueError` for a game without one."""
    encoding = _ENCODINGS.get(game.name)
    if encoding is not None:
        return encoding
    declared = game.plugin(LAYER)
    if not isinstance(declared, Encoding):
        known = ", ".join(encoded_games())
        raise ValueError(
            f"the game '{game.name}' has no reinforcement-learning encoding (games with "
            f"one: {known}); add one with noahrules.rl.register_encoding"
        )
    return declared


def encoded_games() -> list[str]:
    """The names of the registered games with an encoding, declared or registered, sorted."""
    return [g.name for g in all_games() if g.name in _ENCODINGS or LAYER in g.plugins]


class _Names(Mapping[str, str]):
    """A name for each registered game with an encoding, by game name, made by ``name_of``;
    it follows the registrations."""

    def __init__(self, name_of: Callable[[str], str]) -> None:
        self._name_of = name_of

    def __getitem__(self, game: str) -> str:
        if game not in encoded_games():
            raise KeyError(game)
        return self._name_of(game)

    def __iter__(self) -> Iterator[str]:
        return iter(encoded_games())

    def __len__(self) -> int:
        return len(encoded_games())

    def __repr__(self) -> str:
        return repr(dict(self))


def names_of_encoded_games(name_of: Callable[[str], str]) -> Mapping[str, str]:
    """The names ``name_of`` gives the registered games with an encoding, by game name, now
    and after later registrations (the Gymnasium ids, the OpenSpiel short names)."""
    return _Names(name_of)


def game_of_rules(rules: object) -> Game:
    """The registered game whose rules ``rules`` are."""
    game = game_of(rules)
    if game is None or not isinstance(rules, game.rules_type):
        raise TypeError(f"{type(rules).__name__} is not the rules of a registered game")
    return game


def game_of_view(view: object) -> Game:
    """The registered game whose view ``view`` is."""
    game = game_of(view)
    if game is None or not isinstance(view, game.view_type):
        raise TypeError(f"{type(view).__name__} is not the view of a registered game")
    return game
