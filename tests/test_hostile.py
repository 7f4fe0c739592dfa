"""Hostile input: whatever comes from outside (JSON, YAML, move objects, bots) loads or raises the
documented error, within bounded time, opening no file the data names, and changes nothing.

Each reproduction of a past failure is a test here, beside forgeries aimed at every field.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from noahrules import ferry, island, serialize, simulate
from noahrules.errors import (
    BotError,
    IllegalMoveError,
    NoahRulesError,
    PolicyError,
    ReplayError,
    RulesDataError,
    SerializationError,
    SetupError,
    SimulationError,
)
from noahrules.records import GameRecord, final_state
from noahrules.rng import Rng
from noahrules.safe_yaml import MAX_DEPTH, MAX_DIGITS
from tests.ferry.builders import position as ferry_position
from tests.interrupts import default_interrupts
from tests.island.builders import at
from tests.island.builders import position as island_position
from tests.island.builders import rules as island_rules

ROOT = Path(__file__).resolve().parent.parent


def play_out(game: Any, rules: Any, players: int, seed: int) -> Iterator[Any]:
    """Every state of a random game."""
    state = game.new_game(rules, players, seed)
    rng = Rng.from_seed(seed)
    yield state
    while not game.is_over(state):
        move, rng = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
        yield state


def refused(data: object, cls: type, words: str = "", rules: Any = None) -> str:
    """The message of the SerializationError reading ``data`` as ``cls`` must raise."""
    with pytest.raises(SerializationError) as caught:
        serialize.from_dict(data, cls, rules)
    message = str(caught.value)
    assert words in message, message
    assert len(message) <= 400
    return message


# --- 1. saved finished games read back ------------------------------------------------------


def test_a_finished_ferry_game_after_its_last_departure_reads_back() -> None:
    for seed in range(200):
        *_, last = play_out(ferry, ferry.load_rules(), 3, seed)
        if None in last.docks:  # F21: the round ended on a departure with the centre empty
            assert serialize.from_json(serialize.to_json(last), ferry.State) == last
            return
    raise AssertionError("no game ended on a departure in 200 seeds")


# --- 2. reading never opens a file the data names -------------------------------------------


def test_a_forged_variant_path_is_never_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("TOPSECRET-42\n", encoding="utf-8")
    opened: list[str] = []
    real_open = Path.open

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    data: Any = serialize.to_dict(ferry.new_game(ferry.load_rules(), 2, seed=1))
    for name in (str(secret), "../" * 40 + "etc/passwd", "x" * 100_000 + ".yaml", "a\x00b"):
        data["table"]["rules"]["variants"] = [name]
        message = refused(data, ferry.State)
        assert "TOPSECRET" not in message
    assert str(secret) not in opened


# --- 3. forged values are refused, not crashes ----------------------------------------------


def _give_state() -> ferry.State:
    """A ferry state in the departure bonus (F17)."""
    for state in play_out(ferry, ferry.load_rules(), 3, 5):
        if state.phase is ferry.Phase.GIVE:
            assert isinstance(state, ferry.State)
            return state
    raise AssertionError("no bonus in this game")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"dock": 9}, "dock 9"),
        ({"dock": -1}, "dock -1"),
        ({"round": 10**6}, "round 1000000"),
        ({"gifts": 10**6}, "gifts"),
        ({"penalties": [-3, 0, 0]}, "below 0"),
        ({"victim": -1}, ""),
        ({"victim": 7}, ""),
    ],
)
def test_forged_ferry_tables_are_refused(change: dict[str, object], words: str) -> None:
    data: Any = serialize.to_dict(_give_state())
    data["table"].update(change)
    refused(data, ferry.State, words)


def test_a_game_over_in_its_first_round_is_refused() -> None:
    data: Any = serialize.to_dict(ferry.new_game(ferry.load_rules(), 3, seed=1))
    data["table"]["phase"] = "over"
    refused(data, ferry.State, "a game over in round 1")


def test_a_played_card_of_gender_either_is_refused() -> None:
    state = ferry_position(hands=[["cat-5"], ["cat-6"]], docks=[["bear-1"], [], [], [], []])
    state = ferry.apply(state, ferry.PlayAnimal("cat-5"))
    data: Any = serialize.to_dict(state)
    data["table"]["played"]["gender"] = "either"
    refused(data, ferry.State, "F10, F29")


def test_a_secret_naming_a_seat_outside_the_game_is_refused() -> None:
    for state in play_out(ferry, ferry.load_rules(), 2, 3):
        if state.secrets:
            data: Any = serialize.to_dict(state)
            secret = data["secrets"][0]
            secret[next(k for k in ("seat", "giver") if k in secret)] = 7
            refused(data, ferry.State, "F26")
            return
    raise AssertionError("no secret in this game")


def test_an_island_setup_out_of_turn_order_is_refused() -> None:
    state = island.new_game(island.load_rules(), 3, seed=2)
    data: Any = serialize.to_dict(state)
    data["table"]["seat"] = 2  # seat 0 places first (I7)
    refused(data, island.State, "I7")
    data = serialize.to_dict(island.apply(state, island.legal_moves(state)[0]))
    data["table"]["arks"] = [None, data["table"]["arks"][0], None]
    refused(data, island.State, "I7")


def test_forged_island_tables_are_refused() -> None:
    r = island_rules()
    states = list(play_out(island, r, 2, 4))
    mid = states[len(states) // 2]
    data: Any = serialize.to_dict(mid)
    data["table"]["points"] = [-5, 3]
    refused(data, island.State, "I6, I10")
    data = serialize.to_dict(mid)
    data["table"]["phase"] = "over"
    data["table"]["actions_left"] = 0
    refused(data, island.State, "I15, I16")
    setup: Any = serialize.to_dict(states[1])  # one ark placed, on an ark space
    sea = r.board.of_kind("sea")[0]
    setup["table"]["arks"][0] = sea
    refused(setup, island.State, "off the ark spaces (I7)")


def test_a_forged_view_is_refused() -> None:
    state = ferry.new_game(ferry.load_rules(), 3, seed=1)
    data: Any = serialize.to_dict(ferry.view(state, 1))
    assert serialize.from_dict(data, ferry.View) == ferry.view(state, 1)
    data["hand_sizes"] = [8]  # one hand size for three players
    refused(data, ferry.View, "view")
    data = serialize.to_dict(ferry.view(state, 0))
    data["legal_moves"] = data["legal_moves"][:1]  # not the moves its seat has
    refused(data, ferry.View, "legal moves")
    data = serialize.to_dict(island.view(island.new_game(island.load_rules(), 2, seed=1), 0))
    data["table"]["tiles"][0] = {"species": "?", "face_up": False}  # a tile on the sea
    refused(data, island.View)


def test_deep_json_and_huge_numbers_are_serialization_errors() -> None:
    for text in ("[" * 10_000 + "]" * 10_000, '{"seat": ' + "9" * 5_000 + "}", "x" * 9_000_000):
        with pytest.raises(SerializationError):
            serialize.from_json(text, ferry.View)
    with pytest.raises(SerializationError):
        serialize.from_json(12, ferry.Move)  # type: ignore[arg-type]


def test_a_huge_value_is_quoted_short() -> None:
    data: Any = serialize.to_dict(ferry.new_game(ferry.load_rules(), 2, seed=1))
    data["table"]["round"] = "z" * 10_000_000
    refused(data, ferry.State, "expected int")


# --- 4. moves are typed ---------------------------------------------------------------------


def _ferry_noah_state() -> ferry.State:
    state = ferry_position(hands=[["cat-5"], ["cat-6"]], docks=[["bear-1"], [], [], [], []])
    return ferry.apply(state, ferry.PlayAnimal("cat-5"))


def _island_act_state() -> island.State:
    r = island_rules()
    return island_position(
        tiles={at(r, 3, 14): "bear", at(r, 8, 15): "bear"},
        face_up=[at(r, 3, 14), at(r, 8, 15)],
        arks=[at(r, 2, 15), at(r, 5, 6)],
    )


@pytest.mark.parametrize(
    ("state", "move", "rule"),
    [
        (_ferry_noah_state, ferry.MoveNoah(2.0), "F14"),  # type: ignore[arg-type]
        (_ferry_noah_state, ferry.MoveNoah(True), "F14"),
        (_island_act_state, island.MoveArk(11.0), "I13"),  # type: ignore[arg-type]
        (_island_act_state, island.Rescue(21.0, 144), "I14"),  # type: ignore[arg-type]
        (_island_act_state, island.Rescue(True, 3), "I14"),
    ],
)
def test_moves_of_the_wrong_types_are_illegal_and_change_nothing(
    state: Any, move: object, rule: str
) -> None:
    before = state()
    snapshot = serialize.to_json(before)
    with pytest.raises(IllegalMoveError) as caught:
        (ferry if isinstance(before, ferry.State) else island).apply(before, move)
    assert caught.value.rule == rule and "must be int" in str(caught.value)
    assert serialize.to_json(before) == snapshot


def test_place_ark_flood_and_steal_with_floats_or_flags_are_illegal() -> None:
    state = island.new_game(island.load_rules(), 2, seed=1)
    space = island.legal_moves(state)[0].space  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match=r"^I7: PlaceArk.space must be int"):
        island.apply(state, island.PlaceArk(float(space)))  # type: ignore[arg-type]
    while state.phase is not island.Phase.FLOOD:
        state = island.apply(state, island.legal_moves(state)[0])
    with pytest.raises(IllegalMoveError, match=r"^I9: Flood.space must be int"):
        island.apply(state, island.Flood(20.0))  # type: ignore[arg-type]
    lion = ferry_position(hands=[["lion-1"], ["cat-6"]], docks=[["bear-1"], [], [], [], []])
    lion = ferry.apply(lion, ferry.PlayAnimal("lion-1"))
    assert lion.phase is ferry.Phase.STEAL
    with pytest.raises(IllegalMoveError, match=r"^F33: StealFrom.seat must be int"):
        ferry.apply(lion, ferry.StealFrom(True))


# --- 5, 6. YAML: limits, in load_rules and validate alike -----------------------------------

BOMB = "".join(
    f"{a}: &{a} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['lol'] * 9)}]\n"
    for p, a in zip(["", "a", "b", "c", "d", "e", "f", "g"], "abcdefgh", strict=True)
)


def _variant(tmp_path: Path, text: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (BOMB + "tiles: {add: [*h]}\n", "aliases are expanded"),
        ("rules: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n", "nested deeper"),
        ("rules: {water_tiles: " + "9" * 4301 + "}\n", f"at most {MAX_DIGITS}"),
        ("rules: !!python/object/apply:os.getcwd []\n", "constructor"),
        ("rules: {water_tiles: 3}\nrules: {water_tiles: 4}\n", "duplicate key 'rules'"),
        ("tiles: {add: [{species: griffin, count: 1000000000, points: 1}]}\n", "at most"),
        ("rules: {sole_rescuer_bonus: {simple: 2, advanced: not a number}}\n", "integer"),
        ("", "an empty variant file"),
    ],
)
def test_hostile_yaml_is_refused_quickly_by_load_rules_and_validate(
    tmp_path: Path, text: str, words: str
) -> None:
    path = _variant(tmp_path, text)
    started = time.process_time()
    with pytest.raises(RulesDataError) as caught:
        island.load_rules([str(path)])
    assert words in str(caught.value) and caught.value.file == str(path)
    assert time.process_time() - started < 2.0
    result = subprocess.run(
        [sys.executable, "-m", "noahrules", "validate", str(path), "--game", "island"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert words in result.stdout and "Traceback" not in result.stderr


def test_a_duplicate_key_is_an_error_of_load_rules(tmp_path: Path) -> None:
    path = _variant(tmp_path, "rules:\n  hand_size: 7\n  hand_size: 6\n")
    with pytest.raises(RulesDataError, match="duplicate key 'hand_size'") as caught:
        ferry.load_rules([str(path)])
    assert (caught.value.line, caught.value.column) == (3, 3)


# --- 7. simulation: errors pickle, failing and hung bots, dead workers, Ctrl-C --------------


@pytest.mark.parametrize(
    "error",
    [
        IllegalMoveError("F12", "no"),
        RulesDataError("f.yaml", "a.b", "bad", 3, 4),
        SerializationError("x"),
        ReplayError("y"),
        SetupError("z"),
        BotError("greedy", 1, 7, 99, "boom"),
        PolicyError("MaskablePPO", 1, 7, 99, 45, "answered action 45"),
        SimulationError("w"),
    ],
)
def test_every_error_pickles_whole(error: NoahRulesError) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error) and str(back) == str(error)
    assert vars(back) == vars(error)


class Faulty:
    """A bot that raises on its third move."""

    name = "faulty"

    def __init__(self, game: Any, seed: int) -> None:
        self.moves = 0

    def choose(self, view: Any) -> Any:
        self.moves += 1
        if self.moves == 3:
            raise RuntimeError("out of ideas")
        return view.legal_moves[0]


class Cheat:
    """A bot that answers with a move that is never legal."""

    name = "cheat"

    def __init__(self, game: Any, seed: int) -> None:
        pass

    def choose(self, view: Any) -> Any:
        return ferry.MoveNoah(99)


class Sleeper:
    """A bot that hangs."""

    name = "sleeper"

    def __init__(self, game: Any, seed: int) -> None:
        pass

    def choose(self, view: Any) -> Any:
        time.sleep(3600)
        return view.legal_moves[0]


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("bot", "words"), [(Faulty, "out of ideas"), (Cheat, "F12")])
def test_a_failing_bot_is_reported_with_its_seat_and_game_seed(
    workers: int, bot: type[Faulty | Cheat], words: str
) -> None:
    with pytest.raises(BotError) as caught:
        simulate("ferry", ferry.load_rules(), 2, ["random", bot], games=4, workers=workers)
    error = caught.value
    assert error.bot == bot.name and words in error.problem
    assert error.seat in (0, 1) and error.seed > 0
    assert f"seed {error.seed}" in str(error)


def test_a_hung_bot_is_reported_after_its_time_for_a_move() -> None:
    started = time.monotonic()
    with pytest.raises(BotError, match=r"took more than 0.2 s") as caught:
        simulate("island", island.load_rules(), 2, [Sleeper, "random"], 2, workers=1, move_time=0.2)
    assert time.monotonic() - started < 5 and caught.value.bot == "sleeper"


def test_bad_arguments_are_refused_before_any_game() -> None:
    rules = ferry.load_rules()
    arguments: list[dict[str, Any]] = [
        {"workers": 0},
        {"seed": True},
        {"seed": 1.5},
        {"move_time": -1},
    ]
    for kwargs in arguments:
        with pytest.raises(ValueError):
            simulate("ferry", rules, 2, ["random", "random"], 2, **kwargs)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("ferry", rules, 2, ["random", "nobody"], 2)
    with pytest.raises(SetupError, match="seed must be an integer"):
        ferry.new_game(rules, 2, seed=True)
    with pytest.raises(SetupError, match="seed must be an integer"):
        island.new_game(island.load_rules(), 2, seed="7")  # type: ignore[arg-type]


def _simulation(*args: str) -> subprocess.Popen[str]:
    with default_interrupts():  # Ctrl-C as a terminal sends it, even to tests run in background
        return subprocess.Popen(
            [sys.executable, "-m", "noahrules", "simulate", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )


def _children(pid: int) -> list[int]:
    ps = ["ps", "-o", "pid=", "--ppid", str(pid)]
    out = subprocess.run(ps, capture_output=True, text=True, check=False)
    return [int(line) for line in out.stdout.split()]


def test_a_killed_worker_gives_one_clear_line() -> None:
    run = _simulation("island", "--games", "100000", "--workers", "2", "--bots", "search")
    deadline = time.monotonic() + 30
    while not _children(run.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    workers = _children(run.pid)
    assert workers
    os.kill(workers[-1], signal.SIGKILL)
    _, err = run.communicate(timeout=30)
    assert run.returncode == 1
    assert err.strip().splitlines() == [
        line for line in err.strip().splitlines() if line.startswith("noahrules: error:")
    ]
    assert "a worker process ended abruptly" in err and "Traceback" not in err


def test_ctrl_c_stops_a_simulation_within_two_seconds_with_status_130() -> None:
    run = _simulation("ferry", "--games", "1000000", "--workers", "2", "--bots", "search")
    time.sleep(3.0)  # games are queueing and playing
    workers = _children(run.pid)
    run.send_signal(signal.SIGINT)
    started = time.monotonic()
    _, err = run.communicate(timeout=10)
    assert time.monotonic() - started < 2.0
    assert run.returncode == 130 and "Traceback" not in err
    time.sleep(0.2)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]


def test_replay_of_a_record_whose_rules_will_not_load_is_a_replay_error() -> None:
    record = GameRecord("ferry", ("no-such-variant",), "0" * 64, 2, 1)
    with pytest.raises(ReplayError, match="'no-such-variant', which is not packaged"):
        final_state(record)


# --- 8. forgeries aimed at every field ------------------------------------------------------

JUNK = (-1, 10**6, True, 1.0, None, "x")


def _leaves(data: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _leaves(value, (*path, i))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path


def _replaced(data: Any, path: tuple[Any, ...], value: object) -> Any:
    if not path:
        return value
    head, *rest = path
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _replaced(data[head], tuple(rest), value)
    return copy


def _samples() -> Iterator[tuple[str, object, type, Any]]:
    """A state, a view, an event and a record of each game, mid-play."""
    for game, players in ((ferry, 3), (island, 2)):
        rules = game.load_rules()
        state = game.new_game(rules, players, seed=21)
        record = GameRecord.start(game.GAME.name, rules, players, 21)
        rng = Rng.from_seed(21)
        events: tuple[Any, ...] = ()
        for _ in range(40):
            move, rng = rng.choice(game.legal_moves(state))
            state, caused = game.step(state, move)
            events = caused or events
            record = record.then(move)
        yield game.GAME.name, state, game.State, rules
        yield game.GAME.name, game.view(state, 1), game.View, rules
        yield game.GAME.name, events[0], type(events[0]), rules
        yield game.GAME.name, record, GameRecord, None


@pytest.mark.parametrize(
    ("game", "obj", "cls", "rules"), list(_samples()), ids=lambda v: getattr(v, "__name__", "")
)
def test_every_numeric_field_forged_loads_valid_or_is_refused(
    game: str, obj: object, cls: type, rules: Any
) -> None:
    data = serialize.to_dict(obj)
    tried = 0
    for path in _leaves(data):
        for junk in JUNK:
            forged = _replaced(data, path, junk)
            tried += 1
            try:
                back: object = serialize.from_dict(forged, cls, rules)
            except SerializationError:
                continue
            # read back: it must be a whole, valid value that writes as it was read
            assert attrs.has(type(back))
            assert serialize.to_dict(back) == json.loads(json.dumps(forged)), (path, junk)
    assert tried >= len(JUNK)
