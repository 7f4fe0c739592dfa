"""The engine's internals that tests elsewhere cannot see."""

from __future__ import annotations

import ast
import inspect
import textwrap

import attrs
import pytest

from noahrules import GAMES, ferry
from noahrules.errors import IllegalMoveError
from noahrules.ferry.engine import Draft, _Turn
from tests.ferry.builders import position


def test_draft_mirrors_every_table_and_state_field() -> None:
    table = [f.name for f in attrs.fields(ferry.Table)]
    hidden = [f.name for f in attrs.fields(ferry.State) if f.name != "table"]
    assert list(getattr(Draft, "__slots__")) == [*table, *hidden, "events"]  # noqa: B009


def test_the_drafts_declared_fields_are_the_generated_ones() -> None:
    """The fields the engine's draft declares for the type checker are those generated."""
    body = ast.parse(textwrap.dedent(inspect.getsource(_Turn))).body[0]
    assert isinstance(body, ast.ClassDef)
    declared = [
        node.target.id
        for block in body.body
        if isinstance(block, ast.If)
        for node in block.body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    ]
    assert declared == list(getattr(Draft, "__slots__"))  # noqa: B009


def test_draft_freezes_to_an_equal_state() -> None:
    state = ferry.new_game(ferry.load_rules(["crocodile"]), players=3, seed=5)
    frozen = Draft(state, None).freeze()
    assert frozen == state and frozen.table == state.table and frozen is not state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.hands = ()  # type: ignore[misc]


@pytest.mark.parametrize("card", [5, None, ["cat-5"], ("cat-5",)])
def test_f12_play_with_a_card_that_is_not_an_id_is_refused(card: object) -> None:
    state = position(hands=[["cat-5"], ["cat-6"]], docks=[["bear-1"], [], [], [], []])
    with pytest.raises(IllegalMoveError) as caught:
        ferry.apply(state, ferry.PlayAnimal(card))  # type: ignore[arg-type]
    assert caught.value.rule == "F12"


def test_games_registry_holds_the_ferry_declaration() -> None:
    assert GAMES["ferry"] is ferry.GAME
    assert ferry.GAME.name == "ferry"
    assert (ferry.GAME.min_players, ferry.GAME.max_players) == (2, 5)
    assert ferry.GAME.lower_scores_win
