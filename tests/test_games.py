"""Properties every game must have, checked over random legal play of each game."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from climb import GAME as CLIMB
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES
from noahrules.bots import make_bot
from noahrules.errors import IllegalMoveError
from noahrules.game import Game
from noahrules.rng import Rng
from tests.ferry.candidates import candidate_moves as ferry_candidates
from tests.harness import DECISION_BOUND, PLAYED, every_game
from tests.island.candidates import candidate_moves as island_candidates

CANDIDATES: dict[str, Callable[[Any, Rng], list[object]]] = {
    "ferry": ferry_candidates,
    "island": island_candidates,
}
RULE_ID = {"ferry": r"[FV]\d+a?", "island": r"I\d+"}


def test_every_game_is_registered_with_its_metadata() -> None:
    assert {"ferry", "island"} <= set(GAMES)
    for name, game in GAMES.items():
        assert name == game.name
        assert 2 <= game.min_players <= game.max_players


@every_game
@given(data=st.data())
def test_legal_moves_nonempty_exactly_while_not_over_and_each_applies(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    last = None
    for state, _, after in data.draw(PLAYED[name], label="game").steps():
        moves = game.legal_moves(state)
        assert moves and not game.is_over(state)
        assert game.current_player(state) is not None
        assert len(set(moves)) == len(moves), "legal_moves lists no move twice"
        assert game.legal_moves(state) == moves, "legal_moves is stable"
        for move in moves:
            game.apply(state, move)
        assert game.winners(state) == ()
        last = after
    assert last is not None and game.is_over(last)
    assert game.legal_moves(last) == ()
    assert game.current_player(last) is None
    assert game.winners(last)
    assert len(game.scores(last)) == last.players


@every_game
@given(data=st.data())
def test_illegal_moves_raise_naming_the_rule_and_change_nothing(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    played = data.draw(PLAYED[name], label="game")
    rng = Rng.from_seed(played.seed + 1)
    tried = 0
    for state, _, after in played.steps():
        legal = set(game.legal_moves(state))
        snapshot = attrs.evolve(state)
        candidates, rng = rng.shuffled(CANDIDATES[name](state, rng))
        for move in candidates[:4]:
            if move in legal:
                continue
            tried += 1
            with pytest.raises(IllegalMoveError) as caught:
                game.apply(state, move)
            assert re.fullmatch(RULE_ID[name], caught.value.rule), caught.value
            assert str(caught.value).startswith(caught.value.rule + ": ")
            assert state == snapshot
            assert attrs.astuple(state, recurse=False) == attrs.astuple(snapshot, recurse=False)
        if game.is_over(after):
            with pytest.raises(IllegalMoveError):
                game.apply(after, game.legal_moves(state)[0])
    assert tried > 0


@every_game
@given(data=st.data())
def test_same_seed_and_moves_give_equal_states_despite_global_random(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    played = data.draw(PLAYED[name], label="game")
    steps = list(played.steps())
    random.seed(played.seed ^ 0x5EED)
    rules = game.load_rules(played.rules.variants)
    again = game.new_game(rules, played.players, played.seed, played.first_player)
    assert again == steps[0][0]
    for state, move, after in steps:
        random.random()
        random.shuffle(list(range(10)))
        assert again == state
        again = game.apply(again, move)
        assert again == after
        assert hash(again) == hash(after)


@every_game
@given(data=st.data())
def test_every_game_ends_within_the_decision_bound(name: str, data: st.DataObject) -> None:
    played = data.draw(PLAYED[name], label="game")
    decisions = sum(1 for _ in played.steps())
    assert 0 < decisions < DECISION_BOUND


def test_a_registered_declaration_unpickles_to_itself_and_a_bot_keeps_it() -> None:
    for game in GAMES.values():
        assert pickle.loads(pickle.dumps(game)) is game
        bot = pickle.loads(pickle.dumps(make_bot("greedy", game, 1)))
        assert bot.game is game


def test_an_unregistered_declaration_pickles_whole() -> None:
    spec = attrs.evolve(CLIMB, name="climb-copy")  # not in GAMES
    copy = pickle.loads(pickle.dumps(spec))
    assert copy is not spec and copy.name == "climb-copy" and copy.max_players == spec.max_players
