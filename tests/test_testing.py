"""The public hypothesis strategies, used as a downstream project would."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, serialize
from noahrules.testing import games, move_sequences, rules, states
from tests.harness import every_game


@every_game
@given(data=st.data())
def test_rules_are_the_packaged_rules_with_packaged_variants(
    name: str, data: st.DataObject
) -> None:
    drawn = data.draw(rules(name))
    assert drawn == GAMES[name].load_rules(drawn.variants)


@every_game
@given(data=st.data())
def test_games_are_new_games_within_the_player_range(name: str, data: st.DataObject) -> None:
    game: Any = GAMES[name]
    state: Any = data.draw(games(name))
    assert game.min_players <= state.players <= game.max_players
    assert game.legal_moves(state)
    assert game.current_player(state) == state.first_player


@every_game
@given(data=st.data())
def test_move_sequences_are_legal_and_lead_to_drawn_states(name: str, data: st.DataObject) -> None:
    game: Any = GAMES[name]
    start, moves = data.draw(move_sequences(name, max_moves=60))
    assert len(moves) <= 60
    state = start
    for move in moves:
        assert move in game.legal_moves(state)
        state = game.apply(state, move)
    reached = data.draw(states(name, max_moves=60))
    assert serialize.from_dict(serialize.to_dict(reached), type(reached)) == reached
