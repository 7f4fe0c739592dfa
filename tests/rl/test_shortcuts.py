"""The short ways the front doors take for speed give exactly what the long ways give: moves
decoded from actions are the very objects the engines list, masks and indexes of moves made
anew are those of the listed ones, an observer's bytes are its observation, OpenSpiel's legal
actions answered in Python are those its C++ works out, and its tensors are the observations
of the views whichever way they are copied."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import gymnasium
import numpy as np
import pyspiel
import pytest
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, ferry, island
from noahrules.rl import ActionCodec, env
from noahrules.rl.gymnasium import ENV_IDS
from noahrules.rl.layout import Layout, Observation
from noahrules.rl.observe import observer_for
from noahrules.rl.openspiel import NoahSpielObserver, game_state
from noahrules.rl.setup import Setup, outcome
from noahrules.testing import played
from tests.harness import BUILT_IN, every_game

PLAYED_200 = {name: played(name, max_moves=200) for name in BUILT_IN}
"""Per game: up to 200 moves of any packaged rules and player count."""


@every_game
@given(data=st.data())
def test_an_action_decodes_to_the_very_move_the_engine_lists(
    name: str, data: st.DataObject
) -> None:
    # apply takes a move it listed without judging it again (noahrules.values.is_listed): the
    # moves of the actions must be those objects, Noah's moves too (one per dock, F14)
    game: Any = GAMES[name]
    game_played = data.draw(PLAYED_200[name], label="game")
    codec = ActionCodec.of(game_played.rules, game_played.players)
    for state in game_played.states:
        for move in game.legal_moves(state):
            assert codec.decode(codec.encode(move)) is move


@every_game
def test_rules_loaded_again_have_a_codec_of_their_own_moves(name: str) -> None:
    game: Any = GAMES[name]
    rules = game.load_rules()
    codec = ActionCodec.of(rules, 2)
    again = pickle.loads(pickle.dumps(rules))  # an equal value, with move objects of its own
    assert again == rules and again is not rules
    other = ActionCodec.of(again, 2)
    assert other is not codec and other.moves == codec.moves
    assert ActionCodec.of(rules, 2) is codec and ActionCodec.of(again, 2) is other
    for chosen, state in ((codec, game.new_game(rules, 2, 1)), (other, game.new_game(again, 2, 1))):
        for move in game.legal_moves(state):
            assert chosen.decode(chosen.encode(move)) is move


def test_noahs_moves_to_a_dock_are_one_object_whatever_led_there() -> None:
    rules = ferry.load_rules()
    to_dock: dict[int, ferry.MoveNoah] = {}
    for (gender, dock), pair in rules.noah_moves.items():
        for move in pair:
            assert to_dock.setdefault(move.dock, move) is move, (gender, dock)
    assert sorted(to_dock) == list(range(rules.docks))


@every_game
def test_masks_and_indexes_of_moves_made_anew_are_those_of_the_listed_moves(name: str) -> None:
    game: Any = GAMES[name]
    rules = game.load_rules(game.known_variants())
    codec = ActionCodec.of(rules, 3)
    state = game.new_game(rules, 3, 5)
    seen = 0
    while seen < 40 and not game.is_over(state):
        listed = game.legal_moves(state)
        anew = [attrs.evolve(move) for move in listed]  # equal values, other objects
        assert all(a == m and a is not m for a, m in zip(anew, listed, strict=True))
        assert codec.indexes(anew) == codec.indexes(listed) == sorted(map(codec.encode, listed))
        assert np.array_equal(codec.mask_of(anew), codec.mask_of(listed))
        state = game.apply(state, listed[seen % len(listed)])
        seen += 1
    assert seen == 40
    alien = {"ferry": ferry.GiveCard("no-such-card", 0), "island": island.Flood(0)}[name]
    for numbers in (codec.mask_of, codec.indexes):
        with pytest.raises(ValueError, match=f"is not a move of these {name} rules"):
            numbers([*game.legal_moves(state), alien])


@every_game
@given(data=st.data())
def test_an_observers_bytes_are_its_observation_and_an_observation_stays_put(
    name: str, data: st.DataObject
) -> None:
    game: Any = GAMES[name]
    game_played = data.draw(PLAYED_200[name], label="game")
    observer: Any = observer_for(game_played.rules, game_played.players)
    kept: list[tuple[Observation, Observation]] = []
    for step, state in enumerate(game_played.states):
        seat = step % game_played.players
        view = game.view(state, seat)
        observation = observer(view)
        assert bytes(observer.encode(view)) == observation.tobytes()
        if step % 7 == 0:
            kept.append((observation, observation.copy()))
    # observations handed out earlier are not changed by the observer's later work
    assert all(np.array_equal(given_out, copy) for given_out, copy in kept)


SPECS = ["python_noahrules_ferry(players=4,max_decisions=60)", "python_noahrules_island(players=3)"]


def _states(spec: str, seed: int) -> list[Any]:
    """Every state of one random game of ``spec``, its deal's chance node first."""
    game = pyspiel.load_game(spec)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.integers(game.max_chance_outcomes())))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("spec", SPECS)
def test_legal_actions_answered_in_python_are_those_openspiels_cpp_works_out(spec: str) -> None:
    states = _states(spec, 4)
    assert states[0].is_chance_node() and states[-1].is_terminal()
    players = states[0].num_players()
    for state in states:
        cpp = pyspiel.State.legal_actions  # the C++ method the Python one stands in for
        assert state.legal_actions() == cpp(state)
        for player in range(players + 1):  # a seat past the last one too
            assert state.legal_actions(player) == cpp(state, player)
    mid = states[len(states) // 2]
    assert not mid.is_chance_node() and not mid.is_terminal()
    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
        mid.legal_actions(-1)  # as OpenSpiel answers it


@attrs.frozen
class _Plain:
    """An observer without ``encode``: a game registered later may bring one."""

    inner: Any

    @property
    def layout(self) -> Layout:
        layout: Layout = self.inner.layout
        return layout

    def __call__(self, view: Any) -> Observation:
        observation: Observation = self.inner(view)
        return observation


@pytest.mark.parametrize("spec", SPECS)
def test_openspiel_tensors_are_the_observations_whichever_way_they_are_copied(spec: str) -> None:
    game = pyspiel.load_game(spec)
    setup = game.setup
    fast = NoahSpielObserver(setup, perfect_recall=False)
    plain = NoahSpielObserver(attrs.evolve(setup, observer=_Plain(setup.observer)), False)
    assert hasattr(setup.observer, "encode") and not hasattr(plain.setup.observer, "encode")
    fresh = type(setup.observer)
    rng = np.random.default_rng(9)
    for state in _states(spec, 9)[1:]:
        seat = int(rng.integers(setup.players))  # the seats take turns on one observer
        expected = fresh(setup.rules, setup.players)(setup.game.view(game_state(state), seat))
        for observer in (fast, plain):
            observer.set_from(state, seat)
            assert observer.tensor.tobytes() == expected.tobytes()
    fast.set_from(_states(spec, 9)[0], 0)
    assert not fast.tensor.any()  # before the deal


@every_game
def test_a_setups_outcome_is_the_outcome_of_its_game(name: str) -> None:
    game: Any = GAMES[name]
    for players in (2, 3):
        setup = Setup.of(name, players)
        state = setup.new_game(players)
        assert setup.outcome(state) == outcome(game, state) == (0.0,) * players
        while not game.is_over(state):
            state = game.apply(state, game.legal_moves(state)[0])
        assert setup.outcome(state) == outcome(game, state)
        assert sum(setup.outcome(state)) == pytest.approx(0.0)


def test_each_environment_has_an_observer_of_its_own() -> None:
    # an observer remembers what it encoded last: environments stepped in turn (a vectorized
    # environment's) or in threads must not share one
    made = [gymnasium.make(ENV_IDS["island"], players=3) for _ in range(2)]
    observers = [m.unwrapped.setup.observer for m in made]  # type: ignore[attr-defined]
    observers += [env("island", players=3).setup.observer, env("island", players=3).setup.observer]
    game = pyspiel.load_game("python_noahrules_island(players=3)")
    observers.append(game.setup.observer)
    setup = Setup.of("island", 3)
    observers += [setup.observer, pickle.loads(pickle.dumps(setup)).observer]
    assert len({id(o) for o in observers}) == len(observers)
    assert copy.deepcopy(setup) is setup  # OpenSpiel's clones share their game's setup
    assert observer_for(setup.rules, 3) is observer_for(setup.rules, 3)  # observe()'s, shared
    infos = [m.reset(seed=4)[1] for m in made]  # the same game, stepped in turn
    over = False
    while not over:
        steps = [
            m.step(int(np.flatnonzero(i["action_mask"])[-1]))
            for m, i in zip(made, infos, strict=True)
        ]
        assert steps[0][0].tobytes() == steps[1][0].tobytes()
        infos = [step[4] for step in steps]
        over = steps[0][2] or steps[0][3]
