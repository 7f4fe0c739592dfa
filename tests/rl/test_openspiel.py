"""Both games as OpenSpiel Python games, checked by OpenSpiel's own simulation test, and
played by OpenSpiel bots against noahrules bots."""

from __future__ import annotations

import pickle
from array import array

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot
from open_spiel.python.observation import make_observation

from noahrules import GAMES
from noahrules.rl.openspiel import DEAL_WIDTH, GAME_NAMES, NoahrulesBot, game_state


@pytest.mark.parametrize("name", sorted(GAME_NAMES.values()))
def test_openspiel_random_simulations_pass(name: str) -> None:
    # The default deal is one chance node of 65,536 outcomes, each of which the test names.
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=10, serialize=True, verbose=False)
    smaller = pyspiel.load_game(f"{name}(deal_width=16,deal_nodes=4)")
    pyspiel.random_sim_test(smaller, num_sims=30, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "spec",
    [
        "python_noahrules_ferry(players=5,variants=crocodile+frog+penalty-limit+roommate)",
        "python_noahrules_island(players=4,variants=advanced-scoring+small-island)",
    ],
)
def test_openspiel_random_simulations_pass_with_every_variant_and_seat(spec: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=3, serialize=True, verbose=False)


def test_the_games_say_what_they_are() -> None:
    game = pyspiel.load_game("python_noahrules_ferry(players=3,max_decisions=500)")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3 and game.max_game_length() == 500
    assert game.max_chance_outcomes() == DEAL_WIDTH
    setup = game.setup
    assert game.num_distinct_actions() == setup.codec.size
    assert game.observation_tensor_size() == setup.observer.layout.size
    assert game.information_state_tensor_size() == setup.observer.layout.size
    island = pyspiel.load_game("python_noahrules_island(players=2)")
    assert island.max_game_length() == 2 + 36 * 3  # the island's own bound


def test_tensors_are_the_observations_of_the_views() -> None:
    game = pyspiel.load_game("python_noahrules_ferry(players=3)")
    state = game.new_initial_state()
    assert state.is_chance_node() and str(state) == "before the deal"
    state.apply_action(77)
    assert game_state(state) == game.setup.new_game(77)  # the game's seed is 0 * DEAL_WIDTH + 77
    rng = np.random.default_rng(0)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    inner = game_state(state)
    for seat in range(3):
        expected = game.setup.observe(inner, seat)
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), expected)


@pytest.mark.parametrize("name", ["ferry", "island"])
def test_the_observation_tensor_is_the_observers_as_floats_and_any_other_question_goes_to_openspiel(
    name: str,
) -> None:
    game = pyspiel.load_game(f"python_noahrules_{name}(players=3)")
    observation = make_observation(game)
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()  # the deal
    state.apply_action(5)
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        seat = state.current_player()
        for asked in (seat, (seat + 1) % 3):
            observation.set_from(state, asked)
            tensor = state.observation_tensor(asked)
            assert isinstance(tensor, array) and tensor.typecode == "f"
            assert np.array_equal(np.asarray(tensor), observation.tensor)
        assert state.observation_tensor() == state.observation_tensor(seat)
        assert state.information_state_tensor(seat) == state.observation_tensor(seat)
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError, match="player"):
        state.observation_tensor(3)


def test_openspiel_rl_environment_observes_through_the_tensor() -> None:
    game = pyspiel.load_game("python_noahrules_island(players=2)")
    environment = rl_environment.Environment(game, seed=4)
    step = environment.reset()
    observation = make_observation(game)
    for _ in range(20):
        seat = step.observations["current_player"]
        observation.set_from(environment.get_state, seat)
        assert np.array_equal(np.asarray(step.observations["info_state"][seat]), observation.tensor)
        step = environment.step([step.observations["legal_actions"][seat][0]])


HIDDEN = {
    "python_noahrules_ferry(players=3)": lambda state: state.hands,
    "python_noahrules_island(players=3)": lambda state: state.dealt,
}
"""What a seat cannot see of a state, per game: the other hands (F26), the face-down tiles
(I20)."""


@pytest.mark.parametrize("spec", sorted(HIDDEN))
def test_resampling_deals_the_hidden_part_anew_and_keeps_what_the_seat_knows(spec: str) -> None:
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    state.apply_action(12)
    rng = np.random.default_rng(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hidden = set()
    for _ in range(5):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.legal_actions() == state.legal_actions()
        hidden.add(repr(HIDDEN[spec](game_state(sample))))
        other = (seat + 1) % 3  # every seat of a sample recalls what ``seat`` saw
        assert sample.history_text(other) == sample.history_text(seat)
        sample.apply_action(sample.legal_actions()[0])  # and plays on
    assert len(hidden) > 1  # dealt anew


def test_the_deal_can_be_drawn_by_smaller_chance_nodes_or_among_fewer_seeds() -> None:
    game = pyspiel.load_game("python_noahrules_island(deal_width=16,deal_nodes=4,seed=3)")
    assert game.max_chance_outcomes() == 16
    state = game.new_initial_state()
    for digit in (1, 2, 3, 4):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(o, 1 / 16) for o in range(16)]
        state.apply_action(digit)
    assert not state.is_chance_node()
    assert game_state(state) == game.setup.new_game(3 * 16**4 + 0x1234)
    few = pyspiel.load_game("python_noahrules_island(deal_width=8)")
    first = few.new_initial_state()
    assert len(first.chance_outcomes()) == 8 and first.action_to_string(5) == "deal 5 of 8"
    first.apply_action(5)
    assert game_state(first) == few.setup.new_game(5)
    with pytest.raises(ValueError, match="deal_width and deal_nodes must be at least 1"):
        pyspiel.load_game("python_noahrules_island(deal_nodes=0)")


def test_a_game_serializes_and_recalls_its_history_however_deep_its_log() -> None:
    game = pyspiel.load_game("python_noahrules_ferry(players=4,deal_width=16,deal_nodes=4)")
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = [state.information_state_string(seat) for seat in range(4)]
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert [again.information_state_string(seat) for seat in range(4)] == text
    deep = state.clone()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3000):  # each resampling adds a step to the log
        deep = deep.resample_from_infostate(0, sampler)
    copy = pickle.loads(pickle.dumps(deep))  # a log deeper than pickle's recursion limit
    assert copy.information_state_string(0) == deep.information_state_string(0) == text[0]


class RestartingISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot as docs/rl.md has it, restartable for ``evaluate_bots``."""

    def restart_at(self, state: pyspiel.State) -> None:
        self.reset()


@pytest.mark.parametrize(
    "spec",
    ["python_noahrules_island(players=2)", "python_noahrules_ferry(players=2,max_decisions=80)"],
)
def test_an_ismcts_bot_plays_whole_games_against_the_greedy_bot(spec: str) -> None:
    game = pyspiel.load_game(spec)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    for seed in range(2):
        search = RestartingISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng
        )
        greedy = NoahrulesBot(game, 1 - seed, "greedy", seed=seed)
        bots = [search, greedy] if seed == 0 else [greedy, search]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        assert sum(returns) == pytest.approx(0.0) and max(returns) <= 1.0


def test_the_uniform_random_bot_plays_whole_games_against_the_greedy_bot() -> None:
    game = pyspiel.load_game("python_noahrules_ferry(players=2)")
    rng = np.random.RandomState(3)
    wins = 0.0
    for seed in range(4):
        bots = [UniformRandomBot(0, rng), NoahrulesBot(game, 1, "greedy", seed=seed)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert GAMES["ferry"].is_over(game_state(state)) or state.is_terminal()
        wins += returns[1] > 0
    assert wins >= 2  # the greedy bot beats random play


def test_information_states_recall_the_own_deal_and_nothing_of_the_others() -> None:
    game = pyspiel.load_game("python_noahrules_ferry(players=3)")
    state = game.new_initial_state()
    state.apply_action(5)
    hands = [" ".join(c.id for c in hand) for hand in game_state(state).hands]
    for seat in range(3):
        history = state.information_state_string(seat).splitlines()
        assert history[0] == f"hand {hands[seat]}"
        assert not any(f"hand {hands[other]}" in history for other in range(3) if other != seat)
    rng = np.random.default_rng(5)
    while game_state(state).round == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    assert f"hand {hands[0]}" in state.information_state_string(0).splitlines()
