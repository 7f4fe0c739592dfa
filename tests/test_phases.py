"""The engines' tables of pending decisions (:mod:`noahrules.phases`): one entry per phase, and
each phase's judge accepts every move its list holds."""

from __future__ import annotations

import enum
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, ferry, island
from noahrules.ferry import engine as ferry_engine
from noahrules.island import engine as island_engine
from noahrules.phases import PhaseHandlers
from tests.harness import PLAYED, every_game

ENGINES: dict[str, tuple[ModuleType, type[enum.Enum]]] = {
    "ferry": (ferry_engine, ferry.Phase),
    "island": (island_engine, island.Phase),
}


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_phase_has_its_handlers_in_declaration_order(name: str) -> None:
    engine, phase = ENGINES[name]
    table = engine._PHASES
    assert list(table) == list(phase)
    assert all(isinstance(handlers, PhaseHandlers) for handlers in table.values())


@every_game
@given(data=st.data())
def test_each_listed_move_made_anew_is_verified_and_plays_the_same(
    name: str, data: st.DataObject
) -> None:
    engine, _ = ENGINES[name]
    game: Any = GAMES[name]
    for state, move, after in data.draw(PLAYED[name], label="game").steps():
        handlers = engine._PHASES[state.table.phase]
        assert handlers.moves(state) == game.legal_moves(state)
        anew = attrs.evolve(move)  # an equal move, not the listed object: judged in full
        assert anew is not move
        handlers.verify(state, anew)
        assert game.step(state, anew) == game.step(state, move)
        assert game.apply(state, anew) == after
