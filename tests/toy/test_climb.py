"""A third game, Climb, living only in the tests, runs through every generic layer of
noahrules: the registry, simulation (in process and in a process pool), serialization, records
and replay, the three bots, the command line and the hypothesis strategies. Nothing in
``noahrules/`` knows it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings

from noahrules import GAMES, register_game, serialize, simulate
from noahrules.bots import GreedyBot, RandomBot, SearchBot
from noahrules.cli import main
from noahrules.errors import SerializationError
from noahrules.game import unregister_game
from noahrules.records import GameRecord, final_state, replay
from noahrules.rng import Rng
from noahrules.testing import Played, played, rules, states
from tests.toy import game as climb

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register_game(climb.GAME)
    yield
    unregister_game("climb")


def test_climb_is_in_the_registry_by_its_declaration() -> None:
    assert GAMES["climb"] is climb.GAME
    register_game(climb.GAME)  # again: harmless
    with pytest.raises(ValueError, match="another game is already registered as 'climb'"):
        register_game(attrs.evolve(climb.GAME, title="an impostor"))
    with pytest.raises(TypeError, match="GameSpec"):
        register_game(climb)  # type: ignore[arg-type]


def play_out(seed: int) -> climb.State:
    state = climb.new_game(climb.load_rules(), 2, seed=seed)
    rng = Rng.from_seed(seed)
    while not climb.is_over(state):
        move, rng = rng.choice(climb.legal_moves(state))
        state = climb.apply(state, move)
    return state


def test_simulate_in_process_and_in_a_process_pool_give_the_same_report() -> None:
    rules_ = climb.load_rules()
    here = simulate("climb", rules_, 2, ["random", "greedy"], games=12, workers=1)
    with ProcessPoolExecutor(2) as pool:
        there = simulate(climb.GAME, rules_, 2, ["random", "greedy"], games=12, executor=pool)
    assert here == there
    assert here.game == "climb" and here.unfinished == 0
    assert sum(r.wins for r in here.by_seat) == pytest.approx(12)
    assert here.numbers == {} and here.counts == {}  # Climb declares no statistics


def test_states_views_moves_events_and_records_round_trip() -> None:
    rules_ = climb.load_rules(["short"])
    state = climb.new_game(rules_, 2, seed=5)
    record = GameRecord.start("climb", rules_, 2, 5)
    rng = Rng.from_seed(1)
    while not climb.is_over(state):
        move, rng = rng.choice(climb.legal_moves(state))
        after, events = climb.step(state, move)
        for obj, cls in ((state, climb.State), (climb.view(state, 1), climb.View)):
            assert serialize.from_json(serialize.to_json(obj), cls) == obj
        assert serialize.from_json(serialize.to_json(move), climb.Move) == move
        for event in events:
            assert serialize.from_json(serialize.to_json(event), type(event)) == event
        state, record = after, record.then(move)
    back = serialize.from_json(serialize.to_json(record), GameRecord)
    assert back == record and final_state(back) == state
    assert len(list(replay(back))) == len(record.moves) + 1


def test_a_forged_climb_state_is_refused_by_its_own_checks() -> None:
    data = serialize.to_dict(climb.new_game(climb.load_rules(), 2, seed=1))
    assert isinstance(data, dict) and isinstance(data["deck"], list)
    data["deck"] = data["deck"][1:]
    with pytest.raises(SerializationError, match="do not add up"):
        serialize.from_dict(data, climb.State)


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot, SearchBot])
def test_every_bot_plays_climb_legally(bot: type) -> None:
    state = climb.new_game(climb.load_rules(), 2, seed=8)
    players = [bot(climb.GAME, 1), bot(climb.GAME, 2)]
    while not climb.is_over(state):
        seat = climb.current_player(state)
        assert seat is not None
        move = players[seat].choose(climb.view(state, seat))
        assert move in climb.legal_moves(state)
        state = climb.apply(state, move)


def position(
    hands: tuple[tuple[int, ...], tuple[int, ...]], pile: tuple[int, ...], scores: tuple[int, int]
) -> climb.State:
    """Seat 0 to play with these hands and pile, nothing left to draw; every other card of the
    deck was cleared from the pile earlier (T7)."""
    rules_ = climb.load_rules()
    rest = [n for n in range(1, rules_.top + 1) for _ in (0, 1)]
    for card in (*hands[0], *hands[1], *pile):
        rest.remove(card)
    sizes = (len(hands[0]), len(hands[1]))
    table = climb.Table(rules_, 2, 0, pile, tuple(rest), scores, sizes, 0, False)
    state = climb.State(table, hands, ())
    climb.check_state(state)
    return state


def test_greedy_without_a_heuristic_looks_one_move_ahead() -> None:
    # Seat 0 holds a 9 and a 2 on an empty pile: playing the 9 scores 9, the best one-step move.
    state = position(((2, 9), (3, 4)), (), (0, 0))
    for seed in range(5):
        assert GreedyBot(climb.GAME, seed).choose(climb.view(state, 0)) == climb.Play(9)


def test_search_uses_the_games_own_determinize() -> None:
    state = position(((2, 9), (3, 4)), (8,), (5, 0))
    # Only the 9 beats the 8; the 2 would clear the pile for nothing.
    assert SearchBot(climb.GAME, 0, iterations=40).choose(climb.view(state, 0)) == climb.Play(9)


def test_the_command_line_simulates_and_plays_climb(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["simulate", "climb", "--games", "6", "--players", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "climb: 6 games" in out and "Scores by seat: points" in out
    answers = iter(["1"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "climb", "--players", "2", "--seed", "3", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Game over." in out and "points:" in out


@settings(max_examples=30)
@given(played(climb.GAME, None))
def test_the_testing_strategies_play_climb_to_its_end(
    game: Played[climb.State, climb.Move],
) -> None:
    assert climb.is_over(game.last)
    assert climb.GAME.max_decisions is not None
    assert len(game.moves) <= climb.GAME.max_decisions
    for state, move, after in game.steps():
        assert move in climb.legal_moves(state)
        climb.check_state(after)


@settings(max_examples=10)
@given(rules("climb"), states("climb"))
def test_rules_and_states_strategies_draw_climb_values(
    drawn: climb.Rules, state: climb.State
) -> None:
    assert drawn.top in (6, 9) and isinstance(state, climb.State)


def test_an_installed_package_announces_climb_through_the_entry_point_group(
    tmp_path: Path,
) -> None:
    info = tmp_path / "climb_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: climb-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[noahrules.games]\nclimb = tests.toy.game:GAME\n")
    script = textwrap.dedent(
        """
        import noahrules
        from tests.toy import game
        assert noahrules.GAMES["climb"] is game.GAME, list(noahrules.GAMES)
        print(" ".join(noahrules.GAMES))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["climb", "ferry", "island"]
