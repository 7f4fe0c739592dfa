"""The engine's internals that tests elsewhere cannot see."""

from __future__ import annotations

import attrs
import pytest

from noahrules import GAMES, ferry
from noahrules.errors import IllegalMoveError
from noahrules.ferry.state import Draft
from tests.ferry.builders import position


def test_draft_mirrors_every_state_field() -> None:
    assert set(Draft.__slots__) - {"events"} == {f.name for f in attrs.fields(ferry.State)}


def test_draft_freezes_to_an_equal_state() -> None:
    state = ferry.new_game(ferry.load_rules(["crocodile"]), players=3, seed=5)
    assert Draft(state, None).freeze() == state


@pytest.mark.parametrize("card", [5, None, ["cat-5"], ("cat-5",)])
def test_f12_play_with_a_card_that_is_not_an_id_is_refused(card: object) -> None:
    state = position(hands=[["cat-5"], ["cat-6"]], docks=[["bear-1"], [], [], [], []])
    with pytest.raises(IllegalMoveError) as caught:
        ferry.apply(state, ferry.PlayAnimal(card))  # type: ignore[arg-type]
    assert caught.value.rule == "F12"


def test_games_registry_names_the_ferry_module() -> None:
    assert GAMES["ferry"] is ferry
    assert ferry.NAME == "ferry"
    assert (ferry.MIN_PLAYERS, ferry.MAX_PLAYERS) == (2, 5)
