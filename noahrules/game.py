"""What every game declares once: the :class:`GameSpec` and its parts.

A game package exports one :class:`GameSpec`: its name, player range, types and pure functions,
and everything the generic layers need (state checks for reading, the bots' heuristics, the
statistics of simulation reports, its text rendering). The registry of declarations by name
(:data:`noahrules.games.GAMES`) is :mod:`noahrules.games`; the contract a declaration meets is
:mod:`noahrules.contract`.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs
from attrs import field, frozen

from noahrules.errors import GameSpecError, SetupError, excerpt
from noahrules.events import Event
from noahrules.moved import moved_names
from noahrules.rng import Rng

if TYPE_CHECKING:
    from pathlib import Path

    from noahrules.data import Findings, Schema, Variants
    from noahrules.render import Renderer

__all__ = [
    "DataKind",
    "Dealt",
    "Game",
    "GameSpec",
    "RulesValue",
    "Statistics",
    "Strategy",
    "check_seat",
    "check_seating",
]

R = TypeVar("R", bound="RulesValue")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
R_co = TypeVar("R_co", covariant=True)
S_co = TypeVar("S_co", covariant=True)
R_contra = TypeVar("R_contra", contravariant=True)


class RulesValue(Hashable, Protocol):
    """What every game's rules value has: its identity and the player counts it allows."""

    @property
    def digest(self) -> str:
        """SHA-256 of the rules' content: equal content, equal digest."""

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants applied: packaged names, and file names of the user's files."""

    @property
    def min_players(self) -> int:
        """The fewest players."""

    @property
    def max_players(self) -> int:
        """The most players."""


class LoadRules(Protocol[R_co]):
    """``load_rules(variants=())``: the packaged rules with variants applied."""

    def __call__(self, variants: Variants = ..., /) -> R_co: ...  # pragma: no cover


class NewGame(Protocol[R_contra, S_co]):
    """``new_game(rules, players, seed=0, first_player=0)``."""

    def __call__(
        self, rules: R_contra, players: int, seed: int = ..., first_player: int = ...
    ) -> S_co: ...  # pragma: no cover


@frozen
class DataKind:
    """A kind of YAML file of a game besides variants (an island board), for ``noahrules
    validate``."""

    name: str
    """What such a file is called (``"board"``)."""
    keys: frozenset[str]
    """Top-level keys that only such a file has."""
    check: Callable[[Path], Findings]
    """Read and check such a file: every problem (and trap) it has."""


Statistics = tuple[dict[str, int], dict[str, dict[str, int]]]
"""What one game adds to a simulation report: named totals (``{"departures": 4}``) and named
tallies (``{"plays per card": {"cat-1": 2}}``)."""

Dealt = dict[str, tuple[dict[str, int], ...]]
"""What chance gave each seat before anyone chose: per name, one tally per seat, listing every
key that seat could have been given (0 when it was not): ``{"cards dealt": ({"cat-1": 1, ...},
...)}``."""


@frozen
class Strategy(Generic[S, M, V]):
    """What the bots know of a game beyond its rules; every part is optional.

    Without a ``heuristic`` the greedy bot rates each move by the ``standing`` it leads to in one
    determinization; without a ``rollout`` the search bot plays random moves; without a
    ``horizon`` its rollouts go to the end of the game.
    """

    standing: Callable[[S], Sequence[float]] | None = None
    """Per seat, how well it stands (higher is better; the search bot compares a seat with the
    best of the others); default: the scores, negated when lower scores win."""
    scale: float = 4.0
    """How large a lead in ``standing`` counts as clear (the search bot's ``tanh`` scale)."""
    heuristic: Callable[[V], Sequence[float]] | None = None
    """A score per legal move of a view (higher is better), for the greedy bot."""
    rollout: Callable[[S, Rng], tuple[M, Rng]] | None = None
    """A cheap move choice on full states, for the search bot's rollouts."""
    horizon: Callable[[S], Callable[[S], bool]] | None = None
    """Given the state a rollout starts from, when to stop it: a predicate that must hold at the
    end of the game too; default: the end of the game. The search bot makes one per iteration
    and asks it once for each state the iteration reaches, the first one included, so it may
    count decisions."""
    iterations: int | None = None
    """The iterations per decision a bot searching with these parts spends by default (set in
    :attr:`best`, for about a tenth of a second of CPU); default: the bot's own."""
    share: Callable[[V], float] | None = None
    """The part of a budget a decision of this view gets, as a multiple of the budget given
    (``time`` and ``iterations`` per decision), so that the decisions that need it most get
    more: the multiples should average about 1 over a game, to keep the budget a mean per
    decision; default: 1 for every decision."""
    halving: bool = False
    """Whether a bot searching with these parts chooses among three moves or more by
    sequential halving at the root (the search bot's
    :attr:`~noahrules.bots.search.SearchBot.choose`): every move gets the same share of a
    round's iterations and the worse half is dropped after each round, which pays where only
    the move played matters and the best moves' values lie close; default: UCB1 all the way."""
    position: Callable[[V], Hashable] | None = None
    """What of a view makes it the same position when it comes again, for the bots' rule
    against repetition (:class:`~noahrules.bots.base.Repetitions`): a value equal for two views
    that differ only in what the seat remembers of how it got there (the ferry game's secrets
    shown this round); default: the view itself."""
    repeats: bool = True
    """Whether a position can come again; ``False`` for a game in which every move changes
    something for good (the island's water only rises, I9, and each action uses one up, I12):
    there the bots need no rule against repetition and skip its cost."""
    best: Strategy[S, M, V] | None = None
    """What the best bot searches with instead of these parts (heavier rollouts, another
    horizon or standing, its budget); default: these."""


@frozen(eq=False)
class GameSpec(Generic[R, S, M, V]):
    """Everything generic code needs to know about one game, stated once.

    The functions are the game's pure rules (``legal_moves``, ``apply``, ...); the types are its
    rules, state, view and move classes (``move`` is the base class of its moves). A spec is
    called like the game module it declares: ``GAMES[name].new_game(rules, 3)``. Specs compare
    by identity.
    """

    name: str
    """The game's key in :data:`noahrules.games.GAMES` and in serialized data."""
    title: str
    """A short description for people (the command line's help)."""
    min_players: int
    max_players: int
    lower_scores_win: bool
    """Whether the lowest score wins (penalties) rather than the highest (points)."""
    score_name: str
    """What the scores are called (``"penalties"``, ``"points"``)."""
    rules_type: type[R]
    state_type: type[S]
    view_type: type[V]
    move_type: type[M]
    """The base class of every move of the game."""
    move_types: tuple[type[M], ...]
    """Every concrete move class, for tagged serialization."""
    event_types: tuple[type[Event], ...]
    """Every concrete event class, for tagged serialization."""
    load_rules: LoadRules[R]
    new_game: NewGame[R, S]
    legal_moves: Callable[[S], tuple[M, ...]]
    apply: Callable[[S, M], S]
    step: Callable[[S, M], tuple[S, tuple[Event, ...]]]
    current_player: Callable[[S], int | None]
    is_over: Callable[[S], bool]
    scores: Callable[[S], tuple[int, ...]]
    winners: Callable[[S], tuple[int, ...]]
    view: Callable[[S, int], V]
    determinize: Callable[[V, Rng], S]
    check_state: Callable[[S], None]
    """Raise :class:`~noahrules.errors.SerializationError` naming the first broken invariant of
    a state read from outside."""
    known_variants: Callable[[], tuple[str, ...]] = tuple
    """The names of the packaged variants."""
    check_rules: Callable[[Variants], Findings] | None = None
    """Every problem and trap of the rules data with some variants, in one pass (``load_rules``
    raises them all at once): what ``noahrules validate`` lists."""
    schema: Schema | None = None
    """What the game's YAML rules data holds (for the shared loaders of
    :mod:`noahrules.data`): ``noahrules validate`` tells a file's game by its keys."""
    references: Mapping[type, str] = field(factory=dict)
    """Classes written by reference, as their ``id``: per class, the attribute of the rules
    that holds its values by id (ferry cards: ``{Card: "card"}``, ``rules.card[id]``)."""
    strategy: Strategy[S, M, V] = field(factory=Strategy)
    statistics: Callable[[Sequence[Event], S], Statistics] | None = None
    """The game-specific totals and tallies of one game, from its events and last state."""
    dealt: Callable[[S], Dealt] | None = None
    """What chance gave each seat, from a game's first state (ferry: the cards of its first
    hand; island: its ark's x2 species that the first reveal lays face up): the balance lab
    measures effects on winning through it, as a random deal makes the seats given a key
    comparable with those not given it."""
    render: Renderer[R, V, M] | None = None
    """How the game looks as text (the command line)."""
    max_decisions: int | None = None
    """A bound on decisions per game, if the rules give one."""
    data_kinds: tuple[DataKind, ...] = ()
    """Kinds of data file besides variants (the island's boards)."""
    plugins: Mapping[str, str] = field(factory=dict)
    """The game's parts for optional layers, by layer, as import paths loaded when the layer
    first asks (:meth:`plugin`): ``{"rl": "noahrules.rl.ferry:ENCODING"}``."""

    def plugin(self, layer: str) -> object | None:
        """The game's part for an optional layer (``None`` if it has none), imported now."""
        path = self.plugins.get(layer)
        if path is None:
            return None
        module, _, name = path.partition(":")
        part: object = getattr(importlib.import_module(module), name)
        return part

    def seats(self, rules: R) -> range:
        """The player counts ``rules`` allow."""
        return range(rules.min_players, rules.max_players + 1)


Game = GameSpec[Any, Any, Any, Any]
"""A game of any types: what a registry of many games holds."""


def _naming_missing_fields(init: Callable[..., None]) -> Callable[..., None]:
    """``GameSpec.__init__`` raising :class:`~noahrules.errors.GameSpecError` naming every
    required field left out, rather than attrs' plain ``TypeError`` naming the first."""
    required = [item.name for item in attrs.fields(GameSpec) if item.default is attrs.NOTHING]

    @functools.wraps(init)
    def checked(self: Game, *args: Any, **kwargs: Any) -> None:
        missing = [name for name in required[len(args) :] if name not in kwargs]
        if missing:
            name = kwargs.get("name", args[0] if args else "(no name)")
            fields = "a required field" if len(missing) == 1 else "required fields"
            raise GameSpecError(
                name if isinstance(name, str) else excerpt(name),
                [f"GameSpec(...) has no {', '.join(missing)} ({fields}, given by keyword)"],
            )
        init(self, *args, **kwargs)

    return checked


setattr(GameSpec, "__init__", _naming_missing_fields(GameSpec.__init__))  # noqa: B010


def check_seating(
    players: int, first_player: int, low: int, high: int, rules: str, seed: int = 0
) -> None:
    """Raise :class:`~noahrules.errors.SetupError` unless ``players`` lies in ``low..high``,
    ``first_player`` is one of their seats and ``seed`` is an integer; ``rules`` names the rules
    that say so."""
    for name, value in (("players", players), ("first_player", first_player), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"{rules}: {name} must be an integer, got {value!r}")
    if not low <= players <= high:
        raise SetupError(f"{rules}: {players} players; this game takes {low} to {high}")
    if not 0 <= first_player < players:
        raise SetupError(f"{rules}: first_player {first_player} is not a seat of {players} players")


def check_seat(seat: int, players: int) -> None:
    """Raise :class:`ValueError` unless ``seat`` is one of ``players`` seats."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat!r} is not one of the {players} seats")


if not TYPE_CHECKING:  # the type checker sees only the new homes
    __getattr__ = moved_names(
        __name__,
        {
            name: f"noahrules.games.{name}"
            for name in (
                "ENTRY_POINT_GROUP",
                "GAMES",
                "all_games",
                "check_game",
                "game_named",
                "game_of",
                "load_variants",
                "other_games",
                "register_game",
                "unregister_game",
            )
        },
    )
    """The registry's names moved to :mod:`noahrules.games`."""
