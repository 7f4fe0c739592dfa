"""``noahrules.rl.evaluate``: a policy's win rate against bots and policies, from every seat.

The exact figures come from Climb (docs/new-game.md) on a deck of three mice, one card dealt to
each player and a hand limit of two, where every game is worked out by hand (C2-C11). Actions:
0 plays a mouse, 1 draws, 2 passes. ``first`` answers its lowest legal action, ``last`` its
highest.

- first (seat 0) against first: seat 0 plays (1 point), seat 1 plays (not taller: the gangway
  is cleared, 0), seat 0 draws the last mouse, seat 1 passes, seat 0 plays (1 point): seat 0
  wins 2-0 in 5 decisions.
- last (seat 0) against first: seat 0 draws, seat 1 plays (1), seat 0 plays (cleared, 0) and,
  after seat 1's pass, plays again (1): a 1-1 tie, shared, in 5 decisions.
- first (seat 0) against last: seat 0 plays (1), seat 1 draws, seat 0 passes, seat 1 plays
  (cleared, 0), seat 0 passes, seat 1 plays (1): a tie in 6 decisions.
- last against last: seat 0 draws, seat 1 plays (1), seat 0 plays (cleared) and again after
  seat 1's pass (1): a tie in 5 decisions.

Every game is the same whatever the seed, since all three cards are mice.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import climb
import numpy as np
import pytest

from noahrules import register_game
from noahrules.errors import PolicyError
from noahrules.games import unregister_game
from noahrules.rl import EvaluatedGame, Evaluation, NoahEnv, Wins, evaluate
from noahrules.rl.codec import Mask
from noahrules.rl.layout import Observation

MICE = """\
description: "three mice, one dealt to each player"
cards:
  remove: [mouse, frog, cat, dog, sheep, horse, bear, elephant, giraffe]
  add:
    - {animal: mouse, height: 1, count: 3}
rules:
  hand_size: 1
  hand_limit: 2
"""
Z = 1.959964
"""The normal quantile of the 95% Wilson interval."""


def first(observation: Observation, action_mask: Mask) -> int:
    """The lowest legal action."""
    return int(np.flatnonzero(action_mask)[0])


def last(observation: Observation, action_mask: Mask) -> int:
    """The highest legal action."""
    return int(np.flatnonzero(action_mask)[-1])


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval, written out as in a textbook."""
    p = wins / games
    centre = (p + Z * Z / (2 * games)) / (1 + Z * Z / games)
    half = Z * ((p * (1 - p) / games + Z * Z / (4 * games * games)) ** 0.5) / (1 + Z * Z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@pytest.fixture
def mice(tmp_path: Path) -> Iterator[list[str]]:
    """Climb registered, and the variant of three mice."""
    path = tmp_path / "mice.yaml"
    path.write_text(MICE, encoding="utf-8")
    register_game(climb.GAME)
    yield [str(path)]
    unregister_game("climb")


def test_first_legal_against_random_ferry_is_consistent_and_repeatable() -> None:
    result = evaluate(first, "ferry", players=2, opponents="random", games=8, seed=11)
    assert (result.game, result.players, result.policy, result.seed) == ("ferry", 2, "first", 11)
    assert result.games == 8 and len(result.results) == 8 and result.capped == 0
    assert list(result.by_opponent) == ["random"] and result.by_opponent["random"] == result.total
    assert [w.games for w in result.by_seat] == [4, 4]  # every seat played equally
    assert sum(w.won for w in result.by_seat) == result.total.won
    assert result.total.won == sum(r.share for r in result.results)
    assert result.win_rate == result.total.won / 8
    assert result.low <= result.win_rate <= result.high
    assert (result.low, result.high) == pytest.approx(wilson(result.total.won, 8))
    assert [(r.index, r.seed, r.seat) for r in result.results] == [
        (i, 11 + i, i % 2) for i in range(8)
    ]
    assert evaluate(first, "ferry", opponents="random", games=8, seed=11) == result
    other = evaluate(last, "ferry", opponents="random", games=8, seed=11)
    assert other.policy == "last" and other.results != result.results
    assert evaluate(first, "ferry", opponents="random", games=8, seed=12) != result


@pytest.mark.usefixtures("mice")
def test_a_seat_that_always_wins_shows_in_the_seats_breakdown(mice: list[str]) -> None:
    result = evaluate(first, "climb", opponents=first, games=4, variants=mice)
    # Seat 0 wins every game of first against first: the policy's games 0 and 2.
    assert result.results == tuple(
        EvaluatedGame("first", i, i, i % 2, (0,), 5, capped=False) for i in range(4)
    )
    assert result.total == Wins(2.0, 4, 0) and result.win_rate == 0.5
    assert result.by_seat == (Wins(2.0, 2), Wins(0.0, 2))
    assert (result.low, result.high) == pytest.approx((0.150039, 0.849961), abs=1e-6)
    assert (result.by_seat[0].low, result.by_seat[0].high) == pytest.approx((0.342380, 1.0))
    assert (result.by_seat[1].low, result.by_seat[1].high) == pytest.approx((0.0, 0.657620))


@pytest.mark.usefixtures("mice")
def test_shared_wins_count_a_half_against_each_opponent_on_the_same_deals(
    mice: list[str],
) -> None:
    result = evaluate(first, "climb", opponents={"f": first, "l": last}, games=4, variants=mice)
    assert list(result.by_opponent) == ["f", "l"] and result.games == 8
    assert [r.seed for r in result.results] == [0, 1, 2, 3, 0, 1, 2, 3]
    against_last = result.results[4:]
    assert [(r.seat, r.winners, r.decisions, r.share) for r in against_last] == [
        (0, (0, 1), 6, 0.5),
        (1, (0, 1), 5, 0.5),
        (0, (0, 1), 6, 0.5),
        (1, (0, 1), 5, 0.5),
    ]
    assert result.by_opponent == {"f": Wins(2.0, 4), "l": Wins(2.0, 4)}
    # Seat 0: two wins against first, two ties against last; seat 1: two losses, two ties.
    assert result.by_seat == (Wins(3.0, 4), Wins(1.0, 4))
    assert (result.by_seat[0].low, result.by_seat[0].high) == pytest.approx(
        (0.300642, 0.954413), abs=1e-6
    )
    ties = evaluate(last, "climb", opponents=first, games=2, variants=mice)
    assert ties.total == Wins(1.0, 2) and ties.by_seat == (Wins(0.5, 1), Wins(0.5, 1))
    assert [r.decisions for r in ties.results] == [5, 6]


@pytest.mark.usefixtures("mice")
def test_games_stopped_at_the_cap_count_in_no_rate(mice: list[str]) -> None:
    capped = evaluate(first, "climb", opponents=first, games=4, variants=mice, max_decisions=4)
    assert capped.total == Wins(0.0, 0, 4) and capped.capped == 4 and capped.games == 4
    assert (capped.win_rate, capped.low, capped.high) == (0.0, 0.0, 1.0)
    assert all(r.capped and r.winners == () and r.decisions == 4 for r in capped.results)
    assert capped.max_decisions == 4
    ended = evaluate(first, "climb", opponents=first, games=4, variants=mice, max_decisions=5)
    assert ended.total == Wins(2.0, 4, 0)


@pytest.mark.usefixtures("mice")
def test_an_illegal_action_names_the_policy_the_action_and_the_seat(mice: list[str]) -> None:
    def passes(observation: Observation, action_mask: Mask) -> int:
        return 2

    with pytest.raises(PolicyError) as caught:
        evaluate(passes, "climb", opponents="random", games=2, seed=5, variants=mice)
    error = caught.value
    assert (error.policy, error.seat, error.game, error.seed, error.action) == (
        "passes",
        0,
        0,
        5,
        2,
    )
    assert str(error) == (
        "policy passes at seat 0 of game 0 (seed 5): answered action 2 (Pass()), which is not "
        "legal: C6, C9: Pass() is not allowed here; the legal actions: [0, 1]"
    )


def test_an_answer_that_is_no_action_is_a_policy_error() -> None:
    for answer, words in [
        (140, "answered action 140, not in 0 .. 139"),
        (-1, "answered action -1, not in 0 .. 139"),
        (1.0, "answered 1.0, not an action (an integer)"),
        ("0", "answered '0', not an action (an integer)"),
        (np.array([1, 2]), "not an action (an integer)"),
    ]:

        def answers(observation: Observation, action_mask: Mask, answer: object = answer) -> object:
            return answer

        with pytest.raises(PolicyError, match="policy answers at seat 0 of game 0") as caught:
            evaluate(answers, "ferry", opponents="greedy", games=2, seed=3)
        assert words in str(caught.value)
        assert caught.value.action == (answer if isinstance(answer, int) else None)


class MaskedModel:
    """Stands for sb3-contrib's MaskablePPO: ``predict`` takes ``action_masks``."""

    def __init__(self) -> None:
        self.calls: list[tuple[tuple[int, ...], bool, bool]] = []

    def predict(
        self,
        observation: Observation,
        state: Any = None,
        episode_start: Any = None,
        deterministic: bool = False,
        action_masks: Mask | None = None,
    ) -> tuple[np.ndarray[Any, Any], None]:
        self.calls.append((observation.shape, deterministic, action_masks is not None))
        assert action_masks is not None
        legal = np.flatnonzero(action_masks)
        return np.array(legal[int(observation.sum()) % len(legal)]), None


class PlainModel:
    """Stands for stable-baselines3's PPO: ``predict`` without masks."""

    def predict(
        self,
        observation: Observation,
        state: Any = None,
        episode_start: Any = None,
        deterministic: bool = False,
    ) -> tuple[np.ndarray[Any, Any], None]:
        assert deterministic
        return np.array([0]), None


def test_a_model_predicts_with_masks_deterministically_as_in_the_environment() -> None:
    model = MaskedModel()
    result = evaluate(model, "ferry", opponents="greedy", games=4, seed=1_000_000)
    assert result.policy == "MaskedModel" and result.games == 4
    assert model.calls and set(model.calls) == {((749,), True, True)}
    # Each game is the episode the Gymnasium environment plays, as benchmarks/rl_baseline.py
    # played them before evaluate: the agent in seat i % 2 of the game of seed 1,000,000 + i.
    for game in result.results:
        env = NoahEnv("ferry", players=2, opponents="greedy", seat=game.index % 2)
        observation, info = env.reset(seed=1_000_000 + game.index)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=info["action_mask"])
            observation, _, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        state = env.game_state
        assert (game.seat, game.decisions) == (env.seat, env.decisions)
        assert game.winners == env.setup.game.winners(state)


@pytest.mark.usefixtures("mice")
def test_a_model_without_masks_predicts_without_them(mice: list[str]) -> None:
    # PlainModel always plays a mouse: in game 0, seat 0 plays, seat 1 plays, and seat 0, with
    # an empty hand, may only draw.
    with pytest.raises(PolicyError) as caught:
        evaluate(PlainModel(), "climb", opponents=first, games=2, variants=mice)
    assert caught.value.policy == "PlainModel" and caught.value.action == 0
    assert "answered action 0 (Play(animal='mouse')), which is not legal" in str(caught.value)


def test_progress_is_told_after_each_game() -> None:
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))

    evaluate(first, "island", opponents=["random", last], games=2, progress=progress)
    assert told == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError, match=r"multiple of players \(2\).*: 4 or 6, not 5"):
        evaluate(first, "ferry", games=5)
    with pytest.raises(ValueError, match=r"multiple of players \(3\).*: 3, not 2"):
        evaluate(first, "ferry", players=3, games=2)
    with pytest.raises(ValueError, match="games must be an integer of at least 1"):
        evaluate(first, "ferry", games=0)
    with pytest.raises(ValueError, match=r"players must be an integer of at least 1, got 2\.5"):
        evaluate(first, "ferry", players=2.5, games=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_decisions must be an integer of at least 1"):
        evaluate(first, "ferry", games=2, max_decisions=0)
    with pytest.raises(ValueError, match="ferry: 6 players; these rules take 2 to 5"):
        evaluate(first, "ferry", players=6, games=6)
    with pytest.raises(ValueError, match="seed must be an integer"):
        evaluate(first, "ferry", games=2, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two opponents are named 'random'"):
        evaluate(first, "ferry", opponents=["random", "random"], games=2)
    with pytest.raises(ValueError, match="at least one opponent"):
        evaluate(first, "ferry", opponents=[], games=2)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        evaluate(first, "ferry", opponents="nobody", games=2)
    with pytest.raises(ValueError, match="the policy must be a model with predict"):
        evaluate("greedy", "ferry", games=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the opponent must be a model with predict"):
        evaluate(first, "ferry", opponents=[42], games=2)  # type: ignore[list-item]


def test_the_result_is_an_evaluation_of_wins() -> None:
    result = evaluate(first, "island", opponents={"me": first}, games=2, seed=4)
    assert isinstance(result, Evaluation) and list(result.by_opponent) == ["me"]
    assert result.variants == () and result.max_decisions == 110  # the island's own bound


def test_an_error_a_policy_raises_comes_through_with_its_seat_and_game() -> None:
    def broken(observation: Observation, action_mask: Mask) -> int:
        raise RuntimeError("no weights")

    with pytest.raises(RuntimeError, match="no weights") as caught:
        evaluate(first, "ferry", opponents={"broken": broken}, games=2, seed=9)
    # Game 0: the policy takes seat 0 and plays first; then seat 1, the broken opponent.
    assert caught.value.__notes__ == ["broken at seat 1 of game 0 (seed 9)"]


def test_a_policy_of_planes_is_evaluated_on_planes() -> None:
    shapes = set()

    def planes_policy(observation: Any, action_mask: Any) -> int:
        shapes.add(tuple(sorted(observation)))
        return int(np.flatnonzero(action_mask)[0])

    result = evaluate(planes_policy, "island", opponents="random", games=2, observation="planes")
    assert result.games == 2 and shapes == {("board", "vector")}
    with pytest.raises(ValueError, match="the game 'ferry' offers no board-shaped observation"):
        evaluate(planes_policy, "ferry", games=2, observation="planes")
