"""The registered games as OpenSpiel Python games: ``python_noahrules_ferry``,
``python_noahrules_island``, and those of games registered later.

>>> import pyspiel
>>> import noahrules.rl.openspiel  # registers the games
>>> game = pyspiel.load_game("python_noahrules_island(players=3)")
>>> game.num_players(), game.num_distinct_actions() > 0
(3, True)

Importing this module registers with OpenSpiel every registered game with an encoding
(:data:`GAME_NAMES`), and any registered later. Parameters: ``players``; ``variants``,
packaged variant names (or YAML paths) joined by ``+`` (``"frog+crocodile"``);
``max_decisions``, the decision cap; ``seed``, which family of deals the games are drawn from;
``deal_width`` and ``deal_nodes``, how the deal is drawn (below).

Sequential, imperfect information, zero-sum, rewards at the end
(:func:`~noahrules.rl.setup.outcome`). Actions are the game's
:class:`~noahrules.rl.codec.ActionCodec`; ``max_game_length`` is the decision cap
(the ferry game has no bound of its own, F27; a game still going there ends with returns 0).

**Chance: the deal.** noahrules draws all chance (the deal, the lion's draw, each new round's
shuffle) from a seed carried inside the state. OpenSpiel's Python API offers explicit chance
nodes or sampled chance, but a Python game cannot be serialized as a sampled-stochastic one
(OpenSpiel serializes such a game with the state of its random generator, which Python games
cannot provide), and explicit chance nodes for the shuffles would mean dealing cards outside the
engine. So a game starts with the deal: ``deal_nodes`` explicit chance nodes (default 1) of
``deal_width`` equally likely outcomes each (default 65,536), which together choose one of
``deal_width ** deal_nodes`` seeds: outcomes ``o1, o2, ...`` give the game of seed
``seed * deal_width ** deal_nodes + (o1 * deal_width + o2) * ...``. After the deal the game is
deterministic given the players' actions, and no player observes the seed, only what the rules
reveal of its effects. Games replay from their action history, and serialize. An algorithm that
enumerates chance outcomes can ask for fewer deals (``deal_width=8``) or for the same deals
drawn by smaller nodes (``deal_width=16,deal_nodes=4``: 65,536 deals by four nodes of 16).

**Observations.** The observation tensor is the seat's view encoded by the same encoder as the
other front doors (:mod:`noahrules.rl.observe`), and so is the information-state tensor: a
tensor with perfect recall would have to hold the whole history, which the ferry game does not
bound (F27), and which the island's observation does not determine (which animal lay on a space
before it went under water is lost to it). The observation string lists the tensor's non-zero
entries by field; the information-state string is perfect recall: every event of the game as
the seat saw it (secrets hidden as :func:`noahrules.events_for` hides them) and, whenever it
changed, the part of its view no event tells it (a ferry hand just dealt), then the observation
string. Each history is worked out when first asked, from a log of the game shared by clones,
so a step costs the engine's step and no more.

**Search.** ``resample_from_infostate`` deals what the seat cannot know anew (the game's
``determinize``), so OpenSpiel's ``ISMCTSBot`` searches the seat's information state; its
``MCTSBot`` searches the state it is given, hidden cards and tiles included: it sees what the
seat cannot.
"""

from __future__ import annotations

import enum
import functools
import threading
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import numpy as np
import pyspiel
from attrs import frozen

from noahrules.bots import BotLike, make_bot
from noahrules.events import Event, events_for
from noahrules.game import Game
from noahrules.games import game_named
from noahrules.rl.encoding import (
    encoding_for,
    names_of_encoded_games,
    when_encoded_games_change,
)
from noahrules.rl.layout import Observation
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup
from noahrules.rng import Rng

__all__ = [
    "DEAL_WIDTH",
    "GAME_NAMES",
    "NoahSpielGame",
    "NoahSpielState",
    "NoahrulesBot",
    "game_state",
    "game_type",
    "register",
    "spiel_name",
]

DEAL_WIDTH = 1 << 16
"""How many outcomes the deal's chance node has by default (``deal_width``)."""
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
VARIANT_SEPARATOR = "+"
"""What joins variant names in the ``variants`` parameter."""


def spiel_name(game: str) -> str:
    """The OpenSpiel short name of a game: ``python_noahrules_ferry`` for ``ferry``."""
    return f"python_noahrules_{game}"


GAME_NAMES: Mapping[str, str] = names_of_encoded_games(spiel_name)
"""The OpenSpiel short names of the games, by noahrules name (``python_noahrules_ferry``): one
for every registered game with an encoding, those registered later included."""


def game_type(game: Game) -> Any:
    """The OpenSpiel ``GameType`` of a noahrules game."""
    return pyspiel.GameType(
        short_name=spiel_name(game.name),
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
            "deal_width": DEAL_WIDTH,
            "deal_nodes": 1,
        },
    )


class NoahSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A noahrules game with its parameters, as an OpenSpiel game. Each game has its own
    subclass, :func:`spiel_game_class`, naming it in ``name``."""

    name: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = game_named(self.name)
        params = dict(params or {})
        variants = [v for v in str(params.get("variants", "")).split(VARIANT_SEPARATOR) if v]
        self.setup = setup = Setup.of(
            game,
            int(params.get("players", game.min_players)),
            variants,
            int(params.get("max_decisions", DEFAULT_MAX_DECISIONS)),
        )
        self.seed = int(params.get("seed", 0))
        self.deal_width = int(params.get("deal_width", DEAL_WIDTH))
        self.deal_nodes = int(params.get("deal_nodes", 1))
        if self.deal_width < 1 or self.deal_nodes < 1:
            raise ValueError(
                f"deal_width and deal_nodes must be at least 1, not {self.deal_width} and "
                f"{self.deal_nodes}"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.codec.size,
            max_chance_outcomes=self.deal_width,
            num_players=setup.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=setup.max_decisions,
        )
        super().__init__(game_type(game), info, params)

    def new_initial_state(self) -> NoahSpielState:
        """A game before its deal: a chance node."""
        return NoahSpielState(self)

    @functools.cached_property
    def tensor_observer(self) -> NoahSpielObserver:
        """The observer behind the states' ``observation_tensor`` (made when first asked)."""
        return NoahSpielObserver(self.setup, perfect_recall=False)

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


Lines = tuple["Lines | None", tuple[str, ...]]
"""Lines of text as a chain: the lines before, and the lines added."""
Recalled = tuple[str | None, "Lines | None"]
"""What a seat recalls after a step: the private part of its view then, and its lines."""


class _Log:
    """One step of a game after its deal: the move made, the state after it and the decisions
    made so far, linked to the step before. An OpenSpiel state holds the step it stands at, and
    its clones share it (a step never changes but to keep what was worked out of it). What
    happened, and what each seat saw up to a step, are worked out when first asked
    (:func:`_recall`) and kept here.

    The first step of a log is the deal, or a resampled state (``seen_by``, the seat whose
    history every seat of it recalls); neither has a move."""

    __slots__ = ("before", "decisions", "happened", "move", "recalled", "seen_by", "state")

    def __init__(
        self,
        before: _Log | None,
        move: Any,
        state: Any,
        decisions: int,
        seen_by: int | None = None,
    ) -> None:
        self.before = before
        self.move = move
        self.state = state
        self.decisions = decisions
        self.seen_by = seen_by
        self.happened: tuple[Event, ...] | None = None
        self.recalled: list[Recalled | None] | None = None
        """Per seat, what it recalls after this step, once asked (made then)."""

    def events(self, setup: Setup) -> tuple[Event, ...]:
        """What happened in this step: the events of the move, made again from the state
        before it (a step costs the engine's ``apply`` only, until its events are asked)."""
        if self.happened is None:
            if self.move is None or self.before is None:
                self.happened = ()
            else:
                self.happened = setup.game.step(self.before.state, self.move)[1]
        return self.happened

    def __deepcopy__(self, memo: dict[int, Any]) -> _Log:
        return self  # a clone shares the step it stands at

    def __reduce__(self) -> tuple[Any, ...]:
        """A log pickles as its steps in order (a chain of nested steps would exceed pickle's
        recursion limit in a long game), without what was worked out."""
        steps = []
        node: _Log | None = self
        while node is not None:
            steps.append((node.move, node.state, node.decisions, node.seen_by))
            node = node.before
        return (_relink, (steps[::-1],))


def _relink(steps: list[tuple[Any, Any, int, int | None]]) -> _Log | None:
    node = None
    for move, state, decisions, seen_by in steps:
        node = _Log(node, move, state, decisions, seen_by)
    return node


@frozen
class _Deal:
    """A game during its deal: no state yet, no decisions."""

    deal: int = 0
    """The seed's digits drawn so far, as a number."""
    dealt: int = 0
    """How many of the deal's chance nodes were played."""
    state: None = None
    decisions: int = 0


class NoahSpielState(pyspiel.State):  # type: ignore[misc]
    """A position of a noahrules game as an OpenSpiel state."""

    def __init__(self, game: NoahSpielGame) -> None:
        super().__init__(game)
        self.setup = game.setup
        self.seed = game.seed
        self.deal_width = game.deal_width
        self.deal_nodes = game.deal_nodes
        self.play: _Deal | _Log = _Deal()
        """Where the game stands: its deal, or the last step of its log."""

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` during the deal, ``TERMINAL`` once it is over."""
        play = self.play
        if play.state is None:
            return _CHANCE
        seat = self.setup.game.current_player(play.state)
        if seat is None or play.decisions >= self.setup.max_decisions:
            return _TERMINAL
        return seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (by default the seat to act), as OpenSpiel's
        ``State.legal_actions`` gives them. The seat to act's are answered here: OpenSpiel's
        C++ would ask ``current_player`` three times, ``is_terminal`` and ``_legal_actions``,
        each a call back into Python that costs more than the answer. Any other question
        (a chance node, the end, another seat) goes to OpenSpiel."""
        play = self.play
        state = play.state
        if state is not None and play.decisions < self.setup.max_decisions:
            seat = self.setup.game.current_player(state)
            if seat is not None and (player is None or player == seat):
                return self._legal_actions(seat)
        actions: list[int] = (
            super().legal_actions() if player is None else super().legal_actions(player)
        )
        return actions

    def _legal_actions(self, player: int) -> list[int]:
        return self.setup.codec.indexes(self.setup.game.legal_moves(self.play.state))

    def observation_tensor(self, player: int | None = None) -> Sequence[float]:
        """``player``'s observation tensor (by default the seat to act's), the path OpenSpiel's
        ``rl_environment`` takes: a new ``array("f")``, a sequence of floats like the list
        OpenSpiel gives, which ``==`` compares and ``numpy.asarray`` reads without a copy per
        value. Answered here from the game's observer: OpenSpiel's C++ would copy the
        observer's fields one by one and turn each value into a Python float, at several times
        the cost. Any other question (a chance node, the end, a seat out of range) goes to
        OpenSpiel."""
        seat = self.current_player() if player is None else player
        if self.play.state is None or not 0 <= seat < self.setup.players:
            tensor: list[float] = (
                super().observation_tensor() if player is None else super().observation_tensor(seat)
            )
            return tensor
        observer: NoahSpielObserver = self.get_game().tensor_observer
        observer.set_from(self, seat)
        return array("f", observer.tensor.tobytes())

    def information_state_tensor(self, player: int | None = None) -> Sequence[float]:
        """``player``'s information-state tensor: its observation tensor (see the module
        docstring)."""
        return self.observation_tensor(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of a chance node of the deal, equally likely."""
        return _outcomes(self.deal_width)

    def _apply_action(self, action: int) -> None:
        play, setup = self.play, self.setup
        if isinstance(play, _Deal):
            deal, dealt = play.deal * self.deal_width + action, play.dealt + 1
            if dealt < self.deal_nodes:
                self.play = _Deal(deal, dealt)
                return
            state = setup.new_game(self.seed * self.deal_width**self.deal_nodes + deal)
            self.play = _Log(None, None, state, 0)
            return
        move = setup.codec.decode(action)
        self.play = _Log(play, move, setup.game.apply(play.state, move), play.decisions + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action} of {self.deal_width}"
        return _text(self.setup.codec.decode(action))

    def is_terminal(self) -> bool:
        """Whether the game is over, or has reached the decision cap."""
        play = self.play
        if play.state is None:
            return False
        return play.decisions >= self.setup.max_decisions or self.setup.game.is_over(play.state)

    def returns(self) -> list[float]:
        """Per seat: +1 shared by the winners, -1 shared by the others, at the end; else 0."""
        if self.play.state is None:
            return [0.0] * self.setup.players
        return list(self.setup.outcome(self.play.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: its hidden cards or tiles dealt
        anew from ``probability_sampler`` (a callable giving numbers in [0, 1)). Every seat's
        history in it is the one ``player_id`` saw, so no other seat's secret carries over;
        their private parts are their sampled ones."""
        clone = self.clone()
        play = self.play
        if isinstance(play, _Deal):
            return clone
        game = self.setup.game
        seed = int(probability_sampler() * 2**53)
        state = game.determinize(game.view(play.state, player_id), Rng.from_seed(seed))
        clone.play = _Log(play, None, state, play.decisions, seen_by=player_id)
        return clone

    def history_text(self, seat: int) -> list[str]:
        """What ``seat`` saw of the game, as lines: each event as it saw it, and the private
        part of its view whenever it changed (``[]`` during the deal)."""
        play = self.play
        if isinstance(play, _Deal):
            return []
        return _flatten(_recall(play, seat, self.setup)[1])

    def __str__(self) -> str:
        play = self.play
        if isinstance(play, _Deal):
            return "before the deal" if not play.dealt else f"dealing ({play.dealt} drawn)"
        return f"{play.state!r}\nactions {' '.join(map(str, self.history()))}"


@functools.lru_cache(maxsize=8)
def _outcomes(width: int) -> list[tuple[int, float]]:
    """The outcomes of a chance node of ``width`` equally likely ones."""
    return [(outcome, 1.0 / width) for outcome in range(width)]


def _recall(log: _Log, seat: int, setup: Setup) -> Recalled:
    """What ``seat`` recalls after the step ``log``: worked out forward from the last step whose
    recall is known, and kept at each step on the way. A resampled state's step recalls what
    the seat it was resampled for recalled before it."""
    pending: list[tuple[_Log, int]] = []
    node, who = log, seat
    while _recalled(node, who) is None:
        pending.append((node, who))
        if node.before is None:
            break
        if node.seen_by is not None:
            who = node.seen_by
        node = node.before
    for step, whose in reversed(pending):
        now = _private(step.state, whose, setup)
        if step.recalled is None:
            step.recalled = [None] * setup.players
        if step.before is None:  # the deal
            step.recalled[whose] = now, None if now is None else (None, (now,))
        elif step.seen_by is not None:  # a resampled state
            recalled = _recalled(step.before, step.seen_by)
            assert recalled is not None
            step.recalled[whose] = now, recalled[1]
        else:
            recalled = _recalled(step.before, whose)
            assert recalled is not None
            step.recalled[whose] = _next(step.events(setup), whose, now, recalled)
    recalled = _recalled(log, seat)
    assert recalled is not None
    return recalled


def _recalled(step: _Log, seat: int) -> Recalled | None:
    """What ``seat`` recalls after ``step``, if it was worked out."""
    return None if step.recalled is None else step.recalled[seat]


def _private(state: Any, seat: int, setup: Setup) -> str | None:
    """The private part of ``seat``'s view of ``state`` (:attr:`Encoding.private`)."""
    private = encoding_for(setup.game).private
    return None if private is None else private(setup.game.view(state, seat))


def _next(events: tuple[Event, ...], seat: int, now: str | None, before: Recalled) -> Recalled:
    """What ``seat`` recalls after a step whose ``events`` it saw, having recalled ``before``,
    the private part of its view now being ``now``."""
    was, lines = before
    new = [_text(e) for e in events_for(events, seat)]
    if now is not None and now != was:
        new.append(now)
    return now, (lines, tuple(new)) if new else lines


def _flatten(lines: Lines | None) -> list[str]:
    parts = []
    while lines is not None:
        lines, added = lines
        parts.append(added)
    return [line for added in reversed(parts) for line in added]


class NoahSpielObserver:
    """An OpenSpiel Python observer of one seat's view (see the module docstring)."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        self.layout = layout = setup.observer.layout
        self.tensor: Observation = np.zeros(layout.size, np.float32)
        self.dict = {f.name: self.tensor[f.start : f.stop].reshape(f.shape) for f in layout.fields}
        self._bytes = self.tensor.data.cast("B")
        """The tensor's bytes, which an observer's ``encode`` gives (:class:`Observer`)."""
        self._encode = getattr(setup.observer, "encode", None)

    def set_from(self, state: NoahSpielState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        inner = state.play.state
        if inner is None:
            self.tensor.fill(0.0)
        elif self._encode is None:
            self.tensor[:] = self.setup.observe(inner, player)
        else:
            self._bytes[:] = self._encode(self.setup.game.view(inner, player))

    def string_from(self, state: NoahSpielState, player: int) -> str:
        """``player``'s observation of ``state`` as text (with its history, for the
        information state)."""
        if state.play.state is None:
            return "before the deal"
        text = self.layout.describe(self.setup.observe(state.play.state, player))
        if self.perfect_recall:
            return "\n".join((*state.history_text(player), text))
        return text


class NoahrulesBot(pyspiel.Bot):  # type: ignore[misc]
    """A noahrules bot (as :func:`noahrules.bots.make_bot` takes one: a name such as
    ``"greedy"``, a bot spec with options such as ``"search:iterations=50"``, a
    ``"package.module:Name"``, a class or factory, or a bot object)
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
_LOCK = threading.Lock()


def spiel_game_class(game: str) -> type[NoahSpielGame]:
    """The OpenSpiel game class of the noahrules game named ``game`` (made once; OpenSpiel
    makes its games by calling it with their parameters, and it finds the game by name)."""
    cls = _CLASSES.get(game)
    if cls is None:
        cls = _CLASSES[game] = type(f"{game.title()}SpielGame", (NoahSpielGame,), {"name": game})
    return cls


def register() -> None:
    """Register with OpenSpiel the game of every name in :data:`GAME_NAMES` not registered
    yet. Importing this module does it, and it runs again whenever a game or an encoding is
    registered. (OpenSpiel cannot withdraw a game: loading one whose noahrules game was
    unregistered since is an error naming the known games.)"""
    with _LOCK:
        known = set(pyspiel.registered_names())
        for name in GAME_NAMES:
            if spiel_name(name) not in known:
                pyspiel.register_game(game_type(game_named(name)), spiel_game_class(name))


register()
when_encoded_games_change(register)
