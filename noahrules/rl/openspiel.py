"""Both games as OpenSpiel Python games: ``python_noahrules_ferry`` and
``python_noahrules_island``.

>>> import pyspiel
>>> import noahrules.rl.openspiel  # registers both games
>>> game = pyspiel.load_game("python_noahrules_island(players=3)")
>>> game.num_players(), game.num_distinct_actions() > 0
(3, True)

Importing this module registers the games. Parameters: ``players``; ``variants``, packaged
variant names (or YAML paths) joined by ``+`` (``"frog+crocodile"``); ``max_decisions``, the
decision cap; ``seed``, which family of deals the games are drawn from.

Sequential, imperfect information, zero-sum, rewards at the end (:func:`outcome`). Actions are
the game's :class:`~noahrules.rl.codec.ActionCodec`; ``max_game_length`` is the decision cap
(the ferry game has no bound of its own, F27; a game still going there ends with returns 0).

**Chance.** noahrules draws all chance (the deal, the lion's draw, each new round's shuffle)
from a seed carried inside the state. OpenSpiel's Python API offers explicit chance nodes or
sampled chance, but a Python game cannot be serialized as a sampled-stochastic one (OpenSpiel
serializes such a game with the state of its random generator, which Python games cannot
provide), and explicit chance nodes for the shuffles would mean dealing cards outside the
engine. So each game starts with one explicit chance node that picks the seed, uniformly among
:data:`SEEDS` seeds (``seed * SEEDS + outcome``); after it the game is deterministic given the
players' actions, and no player observes the seed, only what the rules reveal of its effects.
Games then replay from their action history, and serialize.

**Observations.** The observation tensor is the seat's view encoded by the same encoder as the
other front doors (:mod:`noahrules.rl.observe`); the information-state tensor is the same
vector (a fixed-size tensor cannot hold the history of a game without a length bound). The
observation string lists the tensor's non-zero entries by field; the information-state string
is perfect recall: every event of the game as the seat saw it (secrets hidden as
:func:`noahrules.events_for` hides them) and, whenever it changed, the part of its view no
event tells it (a ferry hand just dealt), then the observation string.
``resample_from_infostate`` deals the hidden cards or tiles anew (the game's ``determinize``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs
import numpy as np
import pyspiel
from attrs import frozen

from noahrules.bots import BotLike, make_bot
from noahrules.events import Event, events_for
from noahrules.game import Game, game_named
from noahrules.rl.encoding import encoded_games, encoding_for
from noahrules.rl.layout import Observation
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup, outcome
from noahrules.rng import Rng

__all__ = [
    "GAME_NAMES",
    "SEEDS",
    "NoahSpielGame",
    "NoahSpielState",
    "NoahrulesBot",
    "game_state",
    "game_type",
    "register",
]

SEEDS = 1 << 16
"""How many seeds the first chance node chooses among."""
GAME_NAMES = {name: f"python_noahrules_{name}" for name in encoded_games()}
"""The OpenSpiel short names of the games, by noahrules name (``python_noahrules_ferry``): every
registered game with an ``rl`` part."""
_SEED_OUTCOMES = [(outcome, 1.0 / SEEDS) for outcome in range(SEEDS)]
VARIANT_SEPARATOR = "+"
"""What joins variant names in the ``variants`` parameter."""


def game_type(game: Game) -> Any:
    """The OpenSpiel ``GameType`` of a noahrules game."""
    return pyspiel.GameType(
        short_name=GAME_NAMES[game.name],
        long_name=f"noahrules {game.name}: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            "variants": "",
            "max_decisions": DEFAULT_MAX_DECISIONS,
            "seed": 0,
        },
    )


class NoahSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A noahrules game with its parameters, as an OpenSpiel game. Each game has its own
    subclass, :func:`spiel_game_class`, naming it in ``game``."""

    game: ClassVar[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.game
        params = dict(params or {})
        variants = [v for v in str(params.get("variants", "")).split(VARIANT_SEPARATOR) if v]
        self.setup = setup = Setup.of(
            game,
            int(params.get("players", game.min_players)),
            variants,
            int(params.get("max_decisions", DEFAULT_MAX_DECISIONS)),
        )
        self.seed = int(params.get("seed", 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.codec.size,
            max_chance_outcomes=SEEDS,
            num_players=setup.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=setup.max_decisions,
        )
        super().__init__(game_type(game), info, params)

    def new_initial_state(self) -> NoahSpielState:
        """A game before its deal: a chance node choosing the seed."""
        return NoahSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> NoahSpielObserver:
        """The observer of one seat's view (``perfect_recall`` for the information state)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only observations of one seat's view (its own secrets) exist")
        return NoahSpielObserver(self.setup, perfect_recall)


@frozen
class _Play:
    """Where an OpenSpiel state stands: immutable, so a clone shares it."""

    state: Any = None
    """The noahrules state, ``None`` before the chance node."""
    decisions: int = 0
    seen: tuple[tuple[str, ...], ...] = ()
    """Per seat, the events of the game as it saw them, and its private part of its view
    whenever that changed (:attr:`Encoding.private`), as text."""
    private: tuple[str, ...] = ()
    """Per seat, the private part of its view now."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return self


class NoahSpielState(pyspiel.State):  # type: ignore[misc]
    """A position of a noahrules game as an OpenSpiel state."""

    def __init__(self, game: NoahSpielGame) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.seed = game.seed
        self.private = encoding_for(game.setup.game).private
        self.play = _Play(seen=((),) * game.setup.players)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` before the deal, ``TERMINAL`` once it is over."""
        play = self.play
        if play.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.setup.game.current_player(play.state)
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.setup.codec.indexes(self.setup.game.legal_moves(self.play.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, equally likely."""
        return _SEED_OUTCOMES

    def _apply_action(self, action: int) -> None:
        play, setup = self.play, self.setup
        events: tuple[Event, ...] = ()
        if play.state is None:
            after, decisions = setup.new_game(self.seed * SEEDS + action), 0
        else:
            after, events = setup.game.step(play.state, setup.codec.decode(action))
            decisions = play.decisions + 1
        now = self._privates(after)
        shown = {id(e): _text(e) for e in events}  # an event every seat sees, written once
        seen = []
        for seat, lines in enumerate(play.seen):
            new = [shown.get(id(e)) or _text(e) for e in events_for(events, seat)]
            if play.state is None or now[seat] != play.private[seat]:
                new.append(now[seat])
            seen.append((*lines, *new))
        self.play = _Play(after, decisions, tuple(seen), now)

    def _privates(self, state: object) -> tuple[str, ...]:
        """Per seat, the private part of its view of ``state`` (:attr:`Encoding.private`)."""
        private, players = self.private, self.setup.players
        if private is None:
            return ("",) * players
        view = self.setup.game.view
        return tuple(private(view(state, seat)) for seat in range(players))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {self.seed * SEEDS + action}"
        return _text(self.setup.codec.decode(action))

    def is_terminal(self) -> bool:
        """Whether the game is over, or has reached the decision cap."""
        play = self.play
        if play.state is None:
            return False
        setup = self.setup
        return setup.game.is_over(play.state) or setup.truncated(play.state, play.decisions)

    def returns(self) -> list[float]:
        """Per seat: +1 shared by the winners, -1 shared by the others, at the end; else 0."""
        if self.play.state is None:
            return [0.0] * self.setup.players
        return list(outcome(self.setup.game, self.play.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: its hidden cards or tiles dealt
        anew from ``probability_sampler`` (a callable giving numbers in [0, 1)). Every seat's
        history in it is the one ``player_id`` saw, so no other seat's secret carries over;
        their private parts are their sampled ones."""
        clone = self.clone()
        play = self.play
        if play.state is None:
            return clone
        game = self.setup.game
        seed = int(probability_sampler() * 2**53)
        state = game.determinize(game.view(play.state, player_id), Rng.from_seed(seed))
        seen = (play.seen[player_id],) * len(play.seen)
        clone.play = _Play(state, play.decisions, seen, self._privates(state))
        return clone

    def __str__(self) -> str:
        play = self.play
        if play.state is None:
            return "before the deal"
        summary = play.state.table.summary() if hasattr(play.state, "table") else ""
        return f"{summary}\nactions {' '.join(map(str, self.history()))}"


class NoahSpielObserver:
    """An OpenSpiel Python observer of one seat's view (see the module docstring)."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.layout = layout = setup.observer.layout
        self.tensor: Observation = np.zeros(layout.size, np.float32)
        self.dict = {f.name: self.tensor[f.start : f.stop].reshape(f.shape) for f in layout.fields}

    def set_from(self, state: NoahSpielState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        if state.play.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.setup.observe(state.play.state, player)

    def string_from(self, state: NoahSpielState, player: int) -> str:
        """``player``'s observation of ``state`` as text (with its history, for the
        information state)."""
        if state.play.state is None:
            return "before the deal"
        text = self.layout.describe(self.setup.observe(state.play.state, player))
        if self.perfect_recall:
            return "\n".join((*state.play.seen[player], text))
        return text


class NoahrulesBot(pyspiel.Bot):  # type: ignore[misc]
    """A noahrules bot (as :func:`noahrules.bots.make_bot` takes one: a name such as
    ``"greedy"``, a ``"package.module:Name"``, a class or factory, or a bot object)
    playing a seat of a noahrules OpenSpiel game, for OpenSpiel's tools
    (``evaluate_bots``)."""

    def __init__(self, game: NoahSpielGame, player_id: int, bot: BotLike, seed: int = 0):
        super().__init__()
        self.setup = game.setup
        self._player_id = player_id
        self.bot = make_bot(bot, self.setup.game, seed)

    def player_id(self) -> int:
        """The seat the bot plays."""
        return self._player_id

    def restart_at(self, state: NoahSpielState) -> None:
        """Nothing to do: the bot decides from each state's view."""

    def inform_action(self, state: NoahSpielState, player_id: int, action: int) -> None:
        """Nothing to do: the bot decides from each state's view."""

    def step(self, state: NoahSpielState) -> int:
        """The bot's action in ``state``, where its seat is to act."""
        view = self.setup.game.view(game_state(state), self._player_id)
        return self.setup.codec.encode(self.bot.choose(view))


def game_state(state: NoahSpielState) -> Any:
    """The noahrules state inside an OpenSpiel state (after its chance node)."""
    inner = state.play.state
    if inner is None:
        raise ValueError("the state is before its deal (a chance node)")
    return inner


def _text(value: object) -> str:
    """A short text of a move or event: ids for cards, words for enumerations."""
    if isinstance(value, tuple):
        return "(" + ",".join(map(_text, value)) + ")"
    ident = getattr(value, "id", None)
    if isinstance(ident, str):
        return ident
    if isinstance(value, enum.Enum):
        return str(value.value)
    if attrs.has(type(value)):
        names = (f.name for f in attrs.fields(type(value)))  # type: ignore[arg-type]
        fields = ",".join(_text(getattr(value, name)) for name in names)
        return f"{type(value).__name__}({fields})"
    return repr(value)


_CLASSES: dict[str, type[NoahSpielGame]] = {}


def spiel_game_class(game: Game) -> type[NoahSpielGame]:
    """The OpenSpiel game class of a noahrules game (made once; OpenSpiel makes its games by
    calling it with their parameters)."""
    cls = _CLASSES.get(game.name)
    if cls is None:
        title = game.name.title()
        cls = _CLASSES[game.name] = type(f"{title}SpielGame", (NoahSpielGame,), {"game": game})
    return cls


def register(games: Iterable[str] = tuple(GAME_NAMES)) -> None:
    """Register the noahrules games with OpenSpiel (again registering is harmless); importing
    this module does it."""
    known = set(pyspiel.registered_names())
    for name in games:
        if GAME_NAMES[name] not in known:
            spec = game_named(name)
            pyspiel.register_game(game_type(spec), spiel_game_class(spec))


register()
