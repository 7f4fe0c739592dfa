"""A policy's strength: its win rate against noahrules' bots and other policies, from every seat.

:func:`evaluate` plays a policy (a stable-baselines3 model, or any callable
``(observation, action_mask) -> action``) in whole games against each opponent in turn and
returns an :class:`Evaluation`: the win rate with its 95% Wilson interval, per opponent and per
seat, and every game played.

>>> import numpy as np
>>> from noahrules.rl import evaluate
>>> def first_legal(observation, action_mask):
...     return int(np.flatnonzero(action_mask)[0])
>>> result = evaluate(first_legal, "island", opponents="random", games=4, seed=7)
>>> result.games, len(result.by_seat), sorted(result.by_opponent)
(4, 2, ['random'])

The policy sees exactly what the Gymnasium environment (:class:`~noahrules.rl.NoahEnv`) gives
its agent: the seat's view encoded by the game's observer, and the mask of its legal actions.
Game ``i`` against each opponent is the game of seed ``seed + i`` with the policy in seat
``i % players``, and the bots of the other seats seeded as the Gymnasium environment seeds
them (:func:`noahrules.simulation.bot_seed`): a game played here is the episode
``NoahEnv(game, players, opponents=..., seat=i % players).reset(seed=seed + i)`` plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from attrs import frozen

from noahrules.errors import PolicyError, excerpt
from noahrules.game import Game
from noahrules.rl.policies import (
    Encode,
    Opponent,
    Opponents,
    Player,
    Policy,
    Predictor,
    asker,
    encoder,
    players_of,
    policy_move,
    policy_name,
)
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup, Variants
from noahrules.simulation import Rate, bot_seed

__all__ = [
    "EvaluatedGame",
    "Evaluation",
    "Opponent",
    "Opponents",
    "Policy",
    "Predictor",
    "Wins",
    "evaluate",
    "policy_name",
]


@frozen
class Wins:
    """A policy's wins over a set of games. A win counts 1, a win shared by ``k`` seats ``1/k``
    (a two-player tie: 1/2), a loss 0. A game stopped at the decision cap decides nothing: it is
    counted apart (:attr:`capped`) and left out of the rate."""

    won: float
    """The wins, shared wins counting their share."""
    decided: int
    """The games that ended: the rate's denominator."""
    capped: int = 0
    """The games stopped at the decision cap, in no rate."""

    @property
    def games(self) -> int:
        """Every game played: the decided and the capped."""
        return self.decided + self.capped

    @property
    def rate(self) -> Rate:
        """The win rate over the decided games with its 95% Wilson interval (no decided game:
        0, with the interval [0, 1])."""
        return Rate.of(self.won, self.decided)

    @property
    def win_rate(self) -> float:
        """``won / decided`` (0 when no game was decided)."""
        return self.rate.rate

    @property
    def low(self) -> float:
        """The low end of the 95% Wilson interval of the win rate."""
        return self.rate.low

    @property
    def high(self) -> float:
        """The high end of the 95% Wilson interval of the win rate."""
        return self.rate.high


@frozen
class EvaluatedGame:
    """One game of an evaluation."""

    opponent: str
    """The opponent met, by its name in :attr:`Evaluation.by_opponent`."""
    index: int
    """The game's number among the games against that opponent, from 0."""
    seed: int
    """The game's seed: ``seed + index``."""
    seat: int
    """The policy's seat: ``index % players``."""
    winners: tuple[int, ...]
    """The seats that won; ``()`` for a game stopped at the cap."""
    decisions: int
    """Decisions made in the game, by every seat."""
    capped: bool
    """Whether the game was stopped at the decision cap."""

    @property
    def share(self) -> float:
        """The policy's share of the win: 1 alone, ``1/k`` shared by ``k`` seats, else 0."""
        return 1.0 / len(self.winners) if self.seat in self.winners else 0.0


@frozen
class Evaluation:
    """What :func:`evaluate` measured: the policy's wins over every game (:attr:`total`, also
    read as :attr:`win_rate`, :attr:`low`, :attr:`high`, :attr:`games` and :attr:`capped`), per
    opponent and per seat, and each game.

    The Wilson intervals take the games as independent. Against one opponent they are, each
    game a deal of its own; over several opponents (:attr:`total`, :attr:`by_seat`) each deal
    comes once per opponent, so compare opponents by :attr:`by_opponent`."""

    game: str
    players: int
    variants: tuple[str, ...]
    policy: str
    """The policy's name (:func:`policy_name`)."""
    seed: int
    max_decisions: int
    """The decision cap the games were played under."""
    total: Wins
    """The policy's wins over every game."""
    by_opponent: dict[str, Wins]
    """Per opponent, in the order given, the policy's wins against it."""
    by_seat: tuple[Wins, ...]
    """Per seat, the policy's wins from it, against every opponent."""
    results: tuple[EvaluatedGame, ...]
    """Every game, opponent by opponent, in order."""

    @property
    def win_rate(self) -> float:
        """The win rate over every decided game (:attr:`Wins.win_rate`)."""
        return self.total.win_rate

    @property
    def low(self) -> float:
        """The low end of its 95% Wilson interval."""
        return self.total.low

    @property
    def high(self) -> float:
        """The high end of its 95% Wilson interval."""
        return self.total.high

    @property
    def games(self) -> int:
        """Every game played: ``games`` against each opponent, so ``games`` times the
        opponents."""
        return self.total.games

    @property
    def capped(self) -> int:
        """The games stopped at the decision cap, in no rate."""
        return self.total.capped


def evaluate(
    policy: Policy,
    game: str | Game,
    *,
    players: int = 2,
    opponents: Opponents = "random",
    games: int = 100,
    seed: int = 0,
    variants: Variants = (),
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    progress: Callable[[int, int], None] | None = None,
    observation: str = "flat",
) -> Evaluation:
    """Play ``policy`` in ``games`` games of ``game`` against each of ``opponents`` and measure
    its win rate.

    ``policy``: a model with stable-baselines3's ``predict`` (called with
    ``deterministic=True``, and ``action_masks=`` the mask when its ``predict`` takes them, as
    sb3-contrib's ``MaskablePPO``'s does), or any callable ``policy(observation, action_mask)``
    returning an action index. It gets what the Gymnasium environment gives its agent: the
    seat's observation (a ``float32`` vector) and the ``int8`` mask of the legal actions.

    ``opponents``: one opponent, a sequence of them or a mapping of names to them; against
    each, the other seats are all that opponent (bots made anew for each game, seeded from the
    game's seed; a policy or a bot object plays every other seat). A bot is a name or spec
    (``"greedy"``, ``"search:iterations=50"``), a ``"package.module:Name"``, a bot class or a
    bot object; a model with ``predict`` or any other callable is a policy.

    Game ``i`` against each opponent is the game of seed ``seed + i`` with the policy in seat
    ``i % players``: every opponent meets the policy on the same deals, and every seat is
    played equally often, so ``games`` must be a multiple of ``players``. The same arguments
    give the same evaluation. A game still going after ``max_decisions`` decisions (every
    seat's; the rules' own bound when that is smaller) is stopped and counted apart, in no rate
    (:class:`Wins`). ``progress(done, total)`` is called after each game
    (:class:`noahrules.progress.Progress` draws a bar).

    ``observation``: what the policies observe, as the Gymnasium environment's option of that
    name says: ``"flat"`` (the default) or ``"planes"`` (for the games that offer them).

    A policy that answers something other than a legal action raises
    :class:`~noahrules.errors.PolicyError`, naming the policy, the action, the seat, the game
    and its seed; an error a policy or a bot raises comes through with a note naming it, its
    seat, the game and its seed. Bad arguments raise :class:`ValueError`.
    """
    _check(games, seed, players, max_decisions)
    setup = Setup.of(game, players, variants, max_decisions)
    encode = encoder(setup, observation)
    player = Player(policy_name(policy), ask=asker(policy, "policy"))
    met = players_of(opponents, "evaluate")
    total = games * len(met)
    results: list[EvaluatedGame] = []
    for opponent in met:
        for index in range(games):
            results.append(_play(setup, encode, player, opponent, index, seed + index))
            if progress is not None:
                progress(len(results), total)
    return Evaluation(
        game=setup.game.name,
        players=players,
        variants=tuple(setup.rules.variants),
        policy=player.name,
        seed=seed,
        max_decisions=setup.max_decisions,
        total=_wins(results),
        by_opponent={o.name: _wins([r for r in results if r.opponent == o.name]) for o in met},
        by_seat=tuple(_wins([r for r in results if r.seat == s]) for s in range(players)),
        results=tuple(results),
    )


def _check(games: int, seed: int, players: int, max_decisions: int) -> None:
    for name, value in (("players", players), ("games", games), ("max_decisions", max_decisions)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be an integer of at least 1, got {excerpt(value)}")
    if games % players:
        lower = games - games % players
        suggest = f"{lower} or {lower + players}" if lower else str(players)
        raise ValueError(
            f"games must be a multiple of players ({players}), so that the policy plays every "
            f"seat equally often: {suggest}, not {games}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {excerpt(seed)}")


def _play(
    setup: Setup, encode: Encode, policy: Player, opponent: Player, index: int, seed: int
) -> EvaluatedGame:
    """Game ``index`` against ``opponent``: the game of ``seed``, the policy in seat
    ``index % players``, the bots of the other seats seeded as :class:`NoahEnv` seeds them."""
    game, players = setup.game, setup.players
    seat = index % players
    seated = [policy if s == seat else opponent for s in range(players)]
    bots = {
        s: player.make(game, bot_seed(seed, s))
        for s, player in enumerate(seated)
        if player.make is not None
    }
    state = setup.new_game(seed)
    decisions = 0
    while not game.is_over(state) and decisions < setup.max_decisions:
        to_act = game.current_player(state)
        assert to_act is not None, "a game that is not over has a seat to act"
        player = seated[to_act]
        try:
            view = game.view(state, to_act)
            bot = bots.get(to_act)
            if bot is not None:
                move = bot.choose(view)
            else:
                assert player.ask is not None
                move = policy_move(setup, view, player.ask, player.name, index, seed, state, encode)
            state = game.apply(state, move)
        except PolicyError:
            raise
        except Exception as exc:
            exc.add_note(f"{player.name} at seat {to_act} of game {index} (seed {seed})")
            raise
        decisions += 1
    over = game.is_over(state)
    return EvaluatedGame(
        opponent=opponent.name,
        index=index,
        seed=seed,
        seat=seat,
        winners=tuple(game.winners(state)) if over else (),
        decisions=decisions,
        capped=not over,
    )


def _wins(results: Sequence[EvaluatedGame]) -> Wins:
    decided = [r for r in results if not r.capped]
    return Wins(
        won=math.fsum(r.share for r in decided),
        decided=len(decided),
        capped=len(results) - len(decided),
    )
