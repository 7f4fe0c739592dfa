"""Serialization, validation and replay of both games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, ferry, island, serialize
from noahrules.data import Overlay, data_dir
from noahrules.errors import ReplayError, SerializationError
from noahrules.game import Game
from noahrules.records import GameRecord, final_state, replay
from noahrules.rng import Rng
from tests.ferry.builders import position as ferry_position
from tests.harness import BUILT_IN, PLAYED, every_game
from tests.island.builders import at
from tests.island.builders import position as island_position
from tests.island.builders import rules as island_rules


def round_trip(obj: Any, cls: Any, rules: Any = None) -> Any:
    text = serialize.to_json(obj)
    assert json.loads(text) == serialize.to_dict(obj)
    return serialize.from_json(text, cls, rules=rules)


@every_game
@given(data=st.data())
def test_json_round_trip_is_exact_for_states_moves_views_events_and_records(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    played = data.draw(PLAYED[name], label="game")
    rules = played.rules
    record = GameRecord.start(name, rules, played.players, played.seed, played.first_player)
    for i, (state, move, after) in enumerate(played.steps()):
        record = record.then(move)
        if i % 5 and not game.is_over(after):
            continue  # every fifth state and the last: JSON is slow next to play
        assert round_trip(state, game.state_type, rules) == state
        assert round_trip(move, game.move_type) == move
        seat = i % state.players
        view = game.view(state, seat)
        assert round_trip(view, game.view_type, rules) == view
        if game.is_over(after):
            assert round_trip(after, game.state_type, rules) == after
        _, events = game.step(state, move)
        for event in events:
            assert round_trip(event, type(event), rules) == event
    assert round_trip(record, GameRecord) == record


@every_game
@given(data=st.data())
def test_replaying_a_record_reproduces_every_state(name: str, data: st.DataObject) -> None:
    played = data.draw(PLAYED[name], label="game")
    steps = list(played.steps())
    record = GameRecord.start(name, played.rules, played.players, played.seed, played.first_player)
    for _, move, _ in steps:
        record = record.then(move)
    replayed = list(replay(serialize.from_json(serialize.to_json(record), GameRecord)))
    assert replayed == [steps[0][0], *(after for _, _, after in steps)]


@every_game
@given(data=st.data())
def test_fuzzed_json_raises_only_serialization_errors(name: str, data: st.DataObject) -> None:
    game: Game = GAMES[name]
    played = data.draw(PLAYED[name], label="game")
    rules = played.rules
    rng = Rng.from_seed(played.seed)
    for i, (state, move, _) in enumerate(played.steps()):
        if i % 10:
            continue
        seat = game.current_player(state)
        seen = game.view(state, 0 if seat is None else seat)
        for obj, cls in ((state, game.state_type), (move, game.move_type), (seen, game.view_type)):
            text = serialize.to_json(obj)
            cut, rng = rng.below(len(text))
            forged, rng = forge(serialize.to_dict(obj), rng)
            for bad in (text[:cut], json.dumps(forged)):
                try:
                    back = serialize.from_json(bad, cls, rules=rules)
                except SerializationError:
                    continue
                # A forgery that still reads back must be a whole, valid object.
                assert serialize.from_json(serialize.to_json(back), cls, rules=rules) == back


def forge(data: Any, rng: Rng) -> tuple[Any, Rng]:
    """``data`` with one value somewhere replaced by a value of another type or range."""
    paths = list(leaves(data, ()))
    path, rng = rng.choice(paths)
    junk: object
    junk, rng = rng.choice([None, -1, 10**6, "x", "cat-99", [], {}, True, 2.5, "fishbone"])
    return replace_at(data, path, junk), rng


def leaves(data: Any, path: tuple[Any, ...]) -> Any:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, (*path, i))
    yield path


def replace_at(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    if isinstance(data, dict):
        return {**data, head: replace_at(data[head], tuple(rest), value)}
    copy = list(data)
    copy[head] = replace_at(data[head], tuple(rest), value)
    return copy


# --- validation of what is read ----------------------------------------------------------------


def ferry_state() -> ferry.State:
    return ferry_position(
        hands=[["cat-5", "panda-5"], ["bear-1"]],
        docks=[["kangaroo-5"], ["cat-6"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]],
    )


PUBLIC = {f.name for f in attrs.fields(ferry.Table)}


def forged_ferry(**changes: Any) -> dict[str, Any]:
    """The position of :func:`ferry_state` as data, with ``changes`` made to the table's fields
    or the state's."""
    data: dict[str, Any] = serialize.to_dict(ferry_state())  # type: ignore[assignment]
    for key, value in changes.items():
        (data["table"] if key in PUBLIC else data)[key] = value
    return data


def test_a_valid_position_reads_back() -> None:
    state = ferry_state()
    assert serialize.from_dict(serialize.to_dict(state), ferry.State) == state


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"hands": [["cat-5", "panda-5", "cat-99"], ["bear-1"]]}, "unknown card 'cat-99'"),
        ({"hands": [["cat-5", "panda-5", "kangaroo-5"], ["bear-1"]]}, "exactly one place (F28)"),
        ({"hands": [["cat-5"], ["bear-1"]]}, "exactly one place (F28)"),
        ({"players": 3}, "one entry per seat"),
        ({"players": 6}, "6 players (F4)"),
        ({"penalties": [0, -1]}, "below 0"),
        ({"seat": 2}, "not a seat"),
        ({"noah": 5}, "Noah at dock 5"),
        ({"hands": [["panda-5", "cat-5"], ["bear-1"]]}, "order of the rules data"),
        ({"phase": "give"}, "exactly while"),
        ({"players": "2"}, "expected int"),
        ({"round": True}, "expected int"),
        ({"extra": 1}, "extra"),
    ],
)
def test_f28_forged_ferry_states_are_refused(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(SerializationError, match=words.replace("(", r"\(").replace(")", r"\)")):
        serialize.from_dict(forged_ferry(**changes), ferry.State)


def test_v3_an_escapee_outside_its_decision_is_refused() -> None:
    data = forged_ferry()
    data["deck"].remove("bear-2")
    data["table"]["escapee"] = "bear-2"
    with pytest.raises(SerializationError, match=r"an escapee exactly while it is being sent"):
        serialize.from_dict(data, ferry.State)


def test_f11_a_forged_overfull_ferry_is_refused() -> None:
    data = forged_ferry()
    data["table"]["docks"][0]["animals"] = [
        {"card": "elephant-1", "gender": "male", "weight": 10},
        {"card": "rhinoceros-1", "gender": "male", "weight": 9},
        {"card": "kangaroo-5", "gender": "male", "weight": 3},
    ]
    data["deck"] = [c for c in data["deck"] if c not in ("elephant-1", "rhinoceros-1")]
    with pytest.raises(SerializationError, match=r"load 22 over capacity 21 \(F11\)"):
        serialize.from_dict(data, ferry.State)


def test_f10_a_forged_ferry_breaking_the_gender_pattern_is_refused() -> None:
    data = forged_ferry()
    data["table"]["docks"][0]["animals"] = [
        {"card": "kangaroo-5", "gender": "male", "weight": 3},
        {"card": "elephant-1", "gender": "male", "weight": 10},
        {"card": "giraffe-2", "gender": "female", "weight": 8},
    ]
    data["deck"] = [c for c in data["deck"] if c not in ("elephant-1", "giraffe-2")]
    with pytest.raises(SerializationError, match=r"gender pattern \(F10\)"):
        serialize.from_dict(data, ferry.State)


KEPT = ["crocodile", "second-animal-pattern"]


def kept_state() -> ferry.State:
    """Under ``pattern_set_by_second_animal``: dock 0 holds the crocodile alone, with the
    alternating pattern it set with the animal that escaped (V3); dock 1 cat-6 (female) and
    kangaroo-5 (male), alternating."""
    return ferry_position(
        variants=KEPT,
        hands=[["cat-5", "panda-5"], ["bear-1"]],
        docks=[["crocodile-1"], ["cat-6", "kangaroo-5"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]],
        kept={0: ferry.Pattern.ALTERNATING},
    )


def test_f10_a_kept_pattern_is_written_only_when_set_and_reads_back() -> None:
    data: Any = serialize.to_dict(kept_state())
    docks = data["table"]["docks"]
    assert [d.get("kept_pattern") for d in docks] == [
        "alternating",
        "alternating",
        None,
        None,
        None,
    ]
    assert "kept_pattern" not in docks[2]
    assert serialize.from_dict(data, ferry.State) == kept_state()
    # the default rules keep no pattern and write none (the golden records stay as they were)
    plain: Any = serialize.to_dict(ferry_state())
    assert all(set(d) == {"card", "animals"} for d in plain["table"]["docks"])


@pytest.mark.parametrize(
    ("variants", "dock", "pattern", "words"),
    [
        ([], 0, "same", "a kept gender pattern, which these rules never keep (F10)"),
        (KEPT, 1, None, "without the pattern the second one set (F10)"),
        (KEPT, 1, "same", "break the gender pattern (F10)"),
        (KEPT, 2, "same", "kept by one animal that is no crocodile (F10, V3)"),
        (KEPT, 0, "fickle", "cannot read"),
    ],
    ids=["default-rules", "missing", "wrong", "lone-animal", "unknown-word"],
)
def test_f10_forged_kept_patterns_are_refused(
    variants: list[str], dock: int, pattern: str | None, words: str
) -> None:
    data: Any = serialize.to_dict(kept_state() if variants else ferry_state())
    target = data["table"]["docks"][dock]
    target.pop("kept_pattern", None)
    if pattern is not None:
        target["kept_pattern"] = pattern
    with pytest.raises(SerializationError, match=words.replace("(", r"\(").replace(")", r"\)")):
        serialize.from_dict(data, ferry.State)


def island_state() -> island.State:
    r = island_rules()
    return island_position(
        tiles={at(r, 3, 10): "lion", at(r, 4, 11): "lion"},
        face_up=[at(r, 3, 10)],
        arks=[at(r, 2, 9), at(r, 5, 6)],
        covered=["bear"] * 6 + ["camel"] * 6,
        set_aside=[k.species for k in r.tiles for _ in range(k.count)][: 80 - 14],
    )


def test_i20_forged_island_states_are_refused() -> None:
    state = island_state()
    data = serialize.to_dict(state)
    with pytest.raises(SerializationError, match=r"\(I5\)"):
        serialize.from_dict(data, island.State)  # the box does not add up: 80 tiles, 14 given


def test_a_tile_in_two_places_is_refused() -> None:
    r = island_rules()
    base = island.new_game(r, players=2, seed=3)
    data: Any = serialize.to_dict(base)
    jungle = r.board.of_kind("jungle")
    data["set_aside"] = [data["dealt"][jungle[0]], *data["set_aside"]]
    with pytest.raises(SerializationError, match="not the box of tiles"):
        serialize.from_dict(data, island.State)
    data = serialize.to_dict(base)
    data["table"]["tiles"][0] = {"species": "?", "face_up": False}  # space 0 is sea
    with pytest.raises(SerializationError, match="tile on water"):
        serialize.from_dict(data, island.State)
    data = serialize.to_dict(base)
    data["table"]["arks"] = [jungle[0], None]
    with pytest.raises(SerializationError, match=r"arks only on water"):
        serialize.from_dict(data, island.State)


def test_i1_ark_spaces_apart_states_read_back_and_forged_water_is_refused() -> None:
    r = island_rules("ark-spaces-apart")
    top, bottom = at(r, 2, 15), at(r, 14, 15)
    state = island.new_game(r, players=2, seed=3)
    state = island.apply(island.apply(state, island.PlaceArk(top)), island.PlaceArk(bottom))
    assert top not in state.water and state.arks == (top, bottom)  # arks on ark spaces (I7)
    assert round_trip(state, island.State) == state
    data: Any = serialize.to_dict(state)
    data["table"]["water"] = sorted([*data["table"]["water"], top])
    with pytest.raises(SerializationError, match=r"ark spaces while they are water, I1"):
        serialize.from_dict(data, island.State)
    data = serialize.to_dict(state)
    data["table"]["arks"] = [at(r, 3, 14), bottom]  # jungle
    with pytest.raises(SerializationError, match=r"arks only on water or ark spaces"):
        serialize.from_dict(data, island.State)


def test_states_written_under_other_rules_data_are_refused() -> None:
    data: Any = serialize.to_dict(ferry_state())
    data["table"]["rules"]["digest"] = "0" * 64
    with pytest.raises(SerializationError, match="has changed since this was written"):
        serialize.from_dict(data, ferry.State)
    data["table"]["rules"] = {"game": "island", "variants": [], "digest": "0"}
    with pytest.raises(SerializationError, match="not 'ferry'"):
        serialize.from_dict(data, ferry.State)


def test_replaying_against_changed_rules_data_is_refused(tmp_path: Path) -> None:
    variant = tmp_path / "house.yaml"
    variant.write_text("rules:\n  hand_size: 7\n", encoding="utf-8")
    rules = ferry.load_rules([str(variant)])
    state = ferry.new_game(rules, players=2, seed=4)
    record = GameRecord.start("ferry", rules, 2, 4).then(ferry.legal_moves(state)[0])
    assert record.variants == ("house.yaml",)
    with pytest.raises(ReplayError, match="pass the rules loaded from the same files"):
        final_state(record)  # reading never opens a file the data names
    assert final_state(record, rules) == ferry.apply(state, ferry.legal_moves(state)[0])
    variant.write_text("rules:\n  hand_size: 6\n", encoding="utf-8")
    with pytest.raises(ReplayError, match="has changed since this game was recorded"):
        final_state(record, ferry.load_rules([str(variant)]))


def test_a_record_with_an_illegal_move_is_refused_naming_it() -> None:
    rules = ferry.load_rules()
    record = GameRecord.start("ferry", rules, 2, 4).then(ferry.MoveNoah(1))
    with pytest.raises(ReplayError, match=r"move 0 \(MoveNoah\(dock=1\)\) cannot be replayed: F12"):
        final_state(record)


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", "null", '{"type": "PlayAnimal"}', '{"type": "Nope", "card": "x"}', "\x00"],
)
def test_malformed_move_json_is_a_serialization_error(text: str) -> None:
    with pytest.raises(SerializationError):
        serialize.from_json(text, ferry.Move)


def test_moves_read_back_by_their_tag_and_class() -> None:
    text = serialize.to_json(ferry.PlayAnimal("snail-1", ferry.Gender.FEMALE))
    assert json.loads(text) == {
        "type": "PlayAnimal",
        "card": "snail-1",
        "gender": "female",
        "weight": None,
    }
    assert serialize.from_json(text, ferry.Move) == ferry.PlayAnimal("snail-1", ferry.Gender.FEMALE)
    assert serialize.from_json(text, ferry.PlayAnimal) == ferry.PlayAnimal(
        "snail-1", ferry.Gender.FEMALE
    )
    with pytest.raises(SerializationError, match="not a MoveNoah"):
        serialize.from_json(text, ferry.MoveNoah)
    assert serialize.from_json('{"type": "Rescue", "first": 3, "second": 9}', island.Move) == (
        island.Rescue(3, 9)
    )


# --- golden records ------------------------------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_records_replay_to_their_stored_final_state(path: Path) -> None:
    stored = json.loads(path.read_text(encoding="utf-8"))
    record = serialize.from_dict(stored["record"], GameRecord)
    game: Any = GAMES[record.game]
    final = final_state(record)
    assert game.is_over(final)
    assert serialize.to_dict(final) == stored["final"]
    assert list(game.scores(final)) == stored["scores"]


def test_there_are_golden_records_for_each_game() -> None:
    games = {json.loads(p.read_text())["record"]["game"] for p in GOLDEN.glob("*.json")}
    assert games == set(BUILT_IN)


def test_state_and_record_dicts_are_plain_data() -> None:
    state = ferry.new_game(ferry.load_rules(["frog"]), players=3, seed=2)
    data: Any = serialize.to_dict(state)
    assert data["table"]["rules"] == {
        "game": "ferry",
        "variants": ["frog"],
        "digest": state.rules.digest,
    }
    assert json.loads(json.dumps(data)) == data
    assert attrs.evolve(state) == serialize.from_dict(data, ferry.State)


def test_rules_travel_as_a_reference_and_load_again() -> None:
    rules = island.load_rules(["small-island"])
    ref = serialize.to_dict(rules)
    assert ref == {"game": "island", "variants": ["small-island"], "digest": rules.digest}
    assert serialize.from_json(serialize.to_json(rules), island.Rules) == rules
    with pytest.raises(SerializationError, match="not 'ferry'"):
        serialize.from_dict(ref, ferry.Rules)
    with pytest.raises(SerializationError, match="has changed"):
        serialize.from_dict({**ref, "digest": "f" * 64}, island.Rules)


# --- rules identity: by content, from any folder -------------------------------------------------


def test_a_state_saved_with_a_variant_file_reads_back_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, away = tmp_path / "home", tmp_path / "away" / "deeper"
    home.mkdir()
    away.mkdir(parents=True)
    (home / "heron.yaml").write_text("rules:\n  hand_size: 6\n", encoding="utf-8")
    monkeypatch.chdir(home)
    rules = ferry.load_rules(["./heron.yaml", "frog"])
    state = ferry.new_game(rules, players=3, seed=2)
    text = serialize.to_json(state)
    monkeypatch.chdir(away)
    with pytest.raises(SerializationError, match=r"variant file 'heron\.yaml'; pass the rules"):
        serialize.from_json(text, ferry.State)  # reading never opens a file the data names
    again = ferry.load_rules(["../../home/heron.yaml", "frog"])
    assert again == rules and hash(again) == hash(rules) and again.variants == rules.variants
    assert serialize.from_json(text, ferry.State, rules=again) == state
    with pytest.raises(SerializationError, match="has changed since this was written"):
        serialize.from_json(text, ferry.State, rules=ferry.load_rules(["frog"]))


def test_a_packaged_variant_by_name_or_by_path_is_the_same_rules() -> None:
    path = data_dir("ferry") / "variants" / "frog.yaml"
    by_name, by_path = ferry.load_rules(["frog"]), ferry.load_rules([str(path.resolve())])
    assert by_path == by_name and by_path.variants == ("frog",) == by_path.packaged
    text = serialize.to_json(ferry.new_game(by_path, 2, seed=1))
    assert serialize.from_json(text, ferry.State).rules == by_name


def test_a_variant_file_copying_a_packaged_one_is_other_rules(tmp_path: Path) -> None:
    copy = tmp_path / "frog.yaml"
    copy.write_bytes((data_dir("ferry") / "variants" / "frog.yaml").read_bytes())
    mine, packaged = ferry.load_rules([str(copy)]), ferry.load_rules(["frog"])
    assert mine.digest == packaged.digest and mine.packaged == () != packaged.packaged
    assert mine != packaged


def test_a_game_under_an_overlay_reads_back_and_replays_only_with_its_rules_given() -> None:
    """An overlay is held in memory, so nothing the data names can load it again: the error
    says to pass the rules, not that the label is an unknown packaged variant."""
    rules = ferry.load_rules([Overlay("--set rounds=2", {"rules": {"rounds": 2}})])
    state = ferry.new_game(rules, players=3, seed=2)
    record = GameRecord.start("ferry", rules, players=3, seed=2)
    for _ in range(3):
        move = ferry.legal_moves(state)[0]
        state, record = ferry.apply(state, move), record.then(move)
    text = serialize.to_json(state)
    with pytest.raises(
        SerializationError, match=r"variant '--set rounds=2', which is not packaged"
    ):
        serialize.from_json(text, ferry.State)
    assert serialize.from_json(text, ferry.State, rules=rules) == state
    with pytest.raises(ReplayError, match=r"variant '--set rounds=2', which is not packaged"):
        final_state(record)
    assert final_state(record, rules) == state
