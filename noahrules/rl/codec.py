"""A fixed numbering of a game's moves: :class:`ActionCodec`.

Reinforcement-learning frameworks choose actions as integers ``0 .. size - 1`` with a mask of the
legal ones. The codec numbers every move that can ever be legal under one rules value at one
player count, and nothing else, in blocks of one move kind each (:class:`ActionBlock`). The
blocks and their order come from the game's encoding (:mod:`noahrules.rl.encoding`) and read
only the rules data, so the same rules data and player count always give the same numbering.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable, Sequence
from typing import Any, Generic, SupportsIndex, TypeVar

import attrs
import numpy as np
import numpy.typing as npt
from attrs import frozen

from noahrules.game import Game
from noahrules.rl.encoding import encoding_for, game_of_rules

__all__ = ["ActionBlock", "ActionCodec", "Mask"]

M = TypeVar("M")

Mask = npt.NDArray[np.int8]
"""A legal-action mask: one 0/1 ``int8`` per action."""
_INT8 = np.dtype(np.int8)
MET = 1024
"""How many move objects other than its own a codec remembers by identity once found by
value."""


@frozen
class ActionBlock(Generic[M]):
    """A run of consecutive actions, all of one move kind."""

    kind: str
    """The move class, or a short name for the run (``"GiveCard"``)."""
    moves: tuple[M, ...]
    """The moves, in numbering order."""
    order: str
    """How the moves are ordered, for people (``"per card, then per receiving seat"``)."""


class ActionCodec(Generic[M]):
    """The fixed numbering of every move that can ever be legal under ``rules`` with
    ``players`` seats.

    ``encode(move)`` and ``decode(index)`` convert between moves and indexes ``0 .. size - 1``;
    ``mask(state_or_view)`` marks the legal ones. Seats in moves are absolute (seat 2 is
    ``GiveCard(card, 2)`` whoever gives). Build codecs with :meth:`of` to share one per rules
    and player count (they are immutable).
    """

    def __init__(self, rules: Any, players: int) -> None:
        game = game_of_rules(rules)
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"{game.name}: {players} players; these rules take "
                f"{rules.min_players} to {rules.max_players}"
            )
        encoding = encoding_for(game)
        self.game: Game = game
        self.rules = rules
        self.players = players
        self.blocks: tuple[ActionBlock[M], ...] = tuple(encoding.actions(rules, players))
        """The runs of actions, in order."""
        self.moves: tuple[M, ...] = tuple(m for block in self.blocks for m in block.moves)
        """Every numbered move: ``moves[i]`` is action ``i``."""
        self._by_key = {_key(move): i for i, move in enumerate(self.moves)}
        """The index of each numbered move by its class and field values (what moves compare
        by), hashed in C rather than by the moves' own hash methods."""
        if len(self._by_key) != len(self.moves):
            raise ValueError(f"{game.name}: the action blocks number some move twice")
        self._by_id = {id(move): i for i, move in enumerate(self.moves)}
        """The index of each numbered move object by identity: the engines hand out the very
        move objects their rules hold (ways to play a card, Noah's moves, the moves naming a
        space), found here without hashing; and of the first :data:`MET` other move objects
        found by value (a rules value may hold two equal moves), kept in :attr:`_met` so that
        no other object can take their ids."""
        self._met: list[M] = []
        self._size = len(self.moves)
        self._shape = (self._size,)
        self._canonical = encoding.canonical

    @classmethod
    def of(cls, rules: Any, players: int) -> ActionCodec[Any]:
        """The shared codec of ``rules`` (that very value, whose move objects it numbers) and
        ``players``, built once per pair."""
        return _codec(rules, players)

    @property
    def size(self) -> int:
        """How many actions there are."""
        return len(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __repr__(self) -> str:
        return f"<ActionCodec {self.game.name}, {self.players} players, {self.size} actions>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_codec, (self.rules, self.players))

    def encode(self, move: M) -> int:
        """The index of ``move``; a :class:`ValueError` for a move these rules never allow."""
        index = self._by_id.get(id(move))
        if index is not None:
            return index
        try:
            index = self._by_key.get(_key(move))
            if index is None:
                index = self._by_key.get(_key(self._canonical(move)))
        except TypeError:  # a field that cannot be hashed: no move of any rules
            index = None
        if index is None:
            raise ValueError(
                f"{move!r} is not a move of these {self.game.name} rules for {self.players} players"
            )
        if len(self._met) < MET:
            self._met.append(move)
            self._by_id[id(move)] = index
        return index

    def decode(self, index: SupportsIndex) -> M:
        """The move numbered ``index`` (any integer type, NumPy's too); a :class:`ValueError`
        outside ``0 .. size - 1``."""
        try:
            i = operator.index(index)
        except TypeError:
            raise ValueError(f"an action is an integer, not {index!r}") from None
        if not 0 <= i < len(self.moves):
            raise ValueError(f"action {i} is not in 0 .. {len(self.moves) - 1}")
        return self.moves[i]

    def indexes(self, moves: Sequence[M]) -> list[int]:
        """The indexes of ``moves``, ascending."""
        by_id = self._by_id
        try:  # by identity, as in mask_of
            return sorted([by_id[id(move)] for move in moves])
        except KeyError:
            return sorted(map(self.encode, moves))

    def legal(self, state_or_view: object) -> tuple[M, ...]:
        """The legal moves of a state, or of a view (its seat's: none unless it is to act)."""
        if isinstance(state_or_view, self.game.view_type):
            moves: tuple[M, ...] = getattr(state_or_view, "legal_moves")  # noqa: B009
            return moves
        if isinstance(state_or_view, self.game.state_type):
            return tuple(self.game.legal_moves(state_or_view))
        raise TypeError(
            f"a {self.game.name} state or view is needed, not {type(state_or_view).__name__}"
        )

    def mask(self, state_or_view: object) -> Mask:
        """1 at the index of each legal move of a state or view, 0 elsewhere (``int8``)."""
        return self.mask_of(self.legal(state_or_view))

    def mask_of(self, moves: Sequence[M]) -> Mask:
        """1 at the index of each of ``moves``, 0 elsewhere (``int8``)."""
        mask = bytearray(self._size)
        by_id = self._by_id
        try:  # the move objects the engines hand out, found by identity in a fraction of
            for move in moves:  # encode's time
                mask[by_id[id(move)]] = 1
        except KeyError:
            for index in map(self.encode, moves):
                mask[index] = 1
        return np.ndarray(self._shape, _INT8, mask)  # half the time of np.frombuffer


_KEYS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _key(move: object) -> tuple[Any, ...]:
    """What a move compares by: its class and the values of its fields (moves are attrs
    classes; anything else is its class and itself)."""
    cls = type(move)
    key = _KEYS.get(cls)
    if key is None:
        key = _KEYS.setdefault(cls, _key_of(cls))
    return key(move)


def _key_of(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    if not attrs.has(cls):
        return lambda move: (cls, move)
    names = [f.name for f in attrs.fields(cls)]
    if not names:
        return lambda move: (cls,)
    get = operator.attrgetter(*names)
    if len(names) == 1:
        return lambda move: (cls, get(move))
    return lambda move: (cls, *get(move))


_CODECS: dict[tuple[int, int], ActionCodec[Any]] = {}
"""The shared codecs, by the identity of their rules value and by player count: the moves of
a codec are those of its very rules value, which the engine hands out for games of it (an
equal rules value loaded again, once the loaded rules were forgotten, holds other move
objects). A codec holds its rules value, so no other value takes its id while it is here."""
_CODECS_SIZE = 64
_CODECS_LOCK = threading.Lock()


def _codec(rules: Any, players: int) -> ActionCodec[Any]:
    key = (id(rules), players)
    codec = _CODECS.get(key)
    if codec is None:
        codec = ActionCodec(rules, players)
        with _CODECS_LOCK:
            codec = _CODECS.setdefault(key, codec)
            if len(_CODECS) > _CODECS_SIZE:
                del _CODECS[next(iter(_CODECS))]
    return codec
