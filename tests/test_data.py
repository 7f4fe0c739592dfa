"""Bad rules data: every problem is a RulesDataError naming file, key path and problem.

Each case is a variant overlay written to pytest's tmp_path and loaded with
``noahrules.ferry.load_rules([str(path)])``.
"""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from noahrules import NoahRulesError
from noahrules.data import (
    SETTLED_NS,
    Listing,
    Node,
    apply_collection_change,
    load_yaml,
    parse_unique,
    status,
)
from noahrules.errors import RulesDataError
from noahrules.ferry import check_rules, load_rules

KNOWN_ABILITIES = (
    "capacity_limit",
    "choose_gender",
    "noah_stays",
    "look_at_hand",
    "steal_and_return",
    "wild_weight",
    "reduce_penalty",
    "first_escapes",
)
KNOWN_PARAMETERS = (
    "players",
    "hand_size",
    "short_deal",
    "docks",
    "centre",
    "departure_gifts",
    "rounds",
    "penalty_limit",
    "pattern_set_by_second_animal",
)
KNOWN_VARIANTS = ("crocodile", "frog", "penalty-limit", "roommate", "second-animal-pattern")


def card(**changes: object) -> str:
    """One animal card as a YAML flow mapping: a valid heron, with ``changes`` applied
    (a value of ``...`` leaves the key out)."""
    values: dict[str, object] = {
        "id": "heron-1",
        "species": "heron",
        "gender": "male",
        "weight": 3,
        "tears": 1,
    }
    values.update(changes)
    return "{" + ", ".join(f"{k}: {v}" for k, v in values.items() if v is not ...) + "}"


def add_cards(*cards: str) -> str:
    return "animals:\n  add:\n" + "".join(f"    - {c}\n" for c in cards)


def load_overlay(tmp_path: Path, text: str, name: str = "bad.yaml") -> RulesDataError:
    """Load ``text`` as a variant overlay; return the RulesDataError it must raise."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDataError) as info:
        load_rules([str(path)])
    return info.value


def assert_error(error: RulesDataError, file: Path | str, path: str, *words: str) -> None:
    assert error.file == str(file)
    assert error.path == path
    message = str(error)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    # the message names the file and the key path too
    assert str(file) in message
    assert path in message


# --- sanity: the overlay helpers themselves are valid ------------------------------------------


def test_valid_heron_overlay_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(add_cards(card()), encoding="utf-8")
    assert load_rules([str(path)]).card["heron-1"].weight == 3


def test_rules_data_error_is_a_library_error_and_value_error() -> None:
    error = RulesDataError("f.yaml", "animals[0].weight", "must be at least 0, got -1")
    assert isinstance(error, NoahRulesError)
    assert isinstance(error, ValueError)
    assert str(error) == "f.yaml: animals[0].weight: must be at least 0, got -1"
    assert (error.file, error.path, error.problem) == (
        "f.yaml",
        "animals[0].weight",
        "must be at least 0, got -1",
    )
    assert str(RulesDataError("f.yaml", "", "boom")) == "f.yaml: boom"


# --- animal cards (F1) -------------------------------------------------------------------------


def test_f1_missing_field(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight=...)))
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path in ("animals.add[0]", "animals.add[0].weight")
    assert "missing" in str(error)
    assert "weight" in str(error)


def test_f1_missing_field_of_second_added_card_names_that_card(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(), card(id="heron-2", tears=...)))
    assert error.path in ("animals.add[1]", "animals.add[1].tears")
    assert "tears" in str(error)


def test_f1_negative_weight(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight=-1)))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].weight", "at least 0", "-1")


def test_f1_negative_tears(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(tears=-2)))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].tears", "at least 0", "-2")


def test_f1_weight_as_string(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight="heavy")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].weight", "integer", "heavy")


def test_f1_weight_as_boolean(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight="true")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].weight", "integer", "true")


def test_f1_unknown_gender(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(gender="both")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].gender", "both", "male", "female")


def test_f1_unknown_card_key(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(colour="grey")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].colour", "colour", "unknown")


def test_f1_duplicate_card_id_with_packaged_card(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(id="cat-1")))
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path in ("animals.add[0]", "animals.add[0].id")
    assert "duplicate" in str(error)
    assert "cat-1" in str(error)


def test_f1_duplicate_card_id_within_one_file(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(), card(species="egret")))
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path in ("animals.add[1]", "animals.add[1].id")
    assert "duplicate" in str(error)
    assert "heron-1" in str(error)
    # the message says where the first one is
    assert "animals.add[0]" in str(error)


def test_f1_weight_above_capacity_could_never_be_played(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight=22)))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].weight", "22", "21")


def test_f30_weight_above_own_capacity_limit(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight=16, abilities="{capacity_limit: 15}")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].weight", "16", "15")


@pytest.mark.parametrize("mark", ["'4'", "four+", "'+4'", "'0+'", "'4+ '"])
def test_f4_mark_not_like_4_plus(tmp_path: Path, mark: str) -> None:
    error = load_overlay(tmp_path, add_cards(card(mark=mark)))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].mark", "4+")


def test_f4_mark_as_integer(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(mark=4)))
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path == "animals.add[0].mark"


def test_f4_valid_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.yaml"
    path.write_text(add_cards(card(mark="3+")), encoding="utf-8")
    assert load_rules([str(path)]).card["heron-1"].min_players == 3


# --- abilities ---------------------------------------------------------------------------------


def test_unknown_ability_lists_known_abilities(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(abilities="{fly: true}")))
    assert_error(
        error, tmp_path / "bad.yaml", "animals.add[0].abilities.fly", "fly", *KNOWN_ABILITIES
    )


def test_f29_gender_either_without_choose_gender(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(gender="either")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].gender", "either", "choose_gender")


def test_f29_choose_gender_on_a_male_card(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(abilities="{choose_gender: true}")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].gender", "choose_gender")


def test_ability_flag_false(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(abilities="{noah_stays: false}")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].abilities.noah_stays", "true")


def test_ability_parameter_wrong_type(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(abilities="{capacity_limit: low}")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].abilities.capacity_limit", "integer")


def test_v2_wild_weight_range_reversed(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight=1, abilities="{wild_weight: [5, 1]}")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].abilities.wild_weight", "5", "1")


def test_v2_printed_weight_outside_wild_weight(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(weight=7, abilities="{wild_weight: [1, 5]}")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].weight", "7", "wild_weight")


def test_abilities_not_a_mapping(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, add_cards(card(abilities="[noah_stays]")))
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0].abilities", "mapping")


# --- ferries (F2, F5) --------------------------------------------------------------------------


def test_f2_ferry_capacity_as_string(tmp_path: Path) -> None:
    text = "ferries:\n  remove: [ferry-8]\n  add:\n    - {id: big, capacity: lots}\n"
    error = load_overlay(tmp_path, text)
    assert_error(error, tmp_path / "bad.yaml", "ferries.add[0].capacity", "integer", "lots")


def test_v4_unique_species_not_boolean(tmp_path: Path) -> None:
    text = (
        "ferries:\n  remove: [ferry-8]\n  add:\n"
        "    - {id: room, capacity: 21, unique_species: 'yes'}\n"
    )
    error = load_overlay(tmp_path, text)
    assert_error(error, tmp_path / "bad.yaml", "ferries.add[0].unique_species", "true or false")


def test_f2_duplicate_ferry_id(tmp_path: Path) -> None:
    text = "ferries:\n  remove: [ferry-8]\n  add:\n    - {id: ferry-1, capacity: 21}\n"
    error = load_overlay(tmp_path, text)
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path in ("ferries.add[0]", "ferries.add[0].id")
    assert "duplicate" in str(error)
    assert "ferry-1" in str(error)


def test_f5_docks_plus_centre_not_matching_ferry_count(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  centre: 2\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.centre", "5", "2", "8")


def test_f5_removing_a_ferry_without_changing_centre(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "ferries:\n  remove: [ferry-8]\n")
    assert "centre" in error.path
    assert "7" in str(error)


def test_f5_fewer_than_five_docks(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  docks: 4\n  centre: 4\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.docks", "at least 5", "4")


# --- rules parameters --------------------------------------------------------------------------


def test_unknown_parameter_lists_known_parameters(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  hand_sise: 7\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.hand_sise", "hand_sise", *KNOWN_PARAMETERS)


def test_f7_hand_size_as_boolean(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  hand_size: true\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.hand_size", "integer", "true")


def test_f7_hand_size_zero(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  hand_size: 0\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.hand_size", "at least 1")


def test_f7_unknown_short_deal(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  short_deal: fair\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.short_deal", "fair", "equal", "stop")


def test_f25_rounds_and_penalty_limit_both_null(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  rounds: null\n  penalty_limit: null\n")
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path in ("rules.rounds", "rules.penalty_limit")
    assert "rounds" in str(error)
    assert "penalty_limit" in str(error)


def test_f25_rounds_null_alone_is_an_error(tmp_path: Path) -> None:
    # the packaged penalty_limit is null, so rounds: null leaves the game without an end
    error = load_overlay(tmp_path, "rules:\n  rounds: null\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.rounds", "penalty_limit")


def test_f17_departure_gifts_too_short(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  departure_gifts: [1, 2, 3]\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.departure_gifts", "4")


def test_f17_departure_gift_negative(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  departure_gifts: [1, 2, -3, 4]\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.departure_gifts[2]", "at least 0")


def test_f4_players_range_reversed(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  players: [5, 2]\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.players", "5", "2")


def test_f4_players_not_a_list(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  players: 4\n")
    assert_error(error, tmp_path / "bad.yaml", "rules.players", "list")


def test_f10_pattern_set_by_second_animal_not_a_boolean(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "rules:\n  pattern_set_by_second_animal: 'yes'\n")
    path = "rules.pattern_set_by_second_animal"
    assert_error(error, tmp_path / "bad.yaml", path, "true or false", "yes")
    assert error.line == 2


def test_f10_check_rules_lists_a_bad_pattern_parameter_with_the_other_problems(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("rules:\n  hand_size: 0\n  pattern_set_by_second_animal: 1\n")
    found = check_rules([str(bad)])
    assert [(e.path, e.line) for e in found.errors] == [
        ("rules.hand_size", 2),
        ("rules.pattern_set_by_second_animal", 3),
    ]
    assert "expected true or false, got int 1" in str(found.errors[1])


def test_f10_pattern_set_by_second_animal_false_leaves_the_rules_as_packaged(
    tmp_path: Path,
) -> None:
    # Set to its default, the parameter added later leaves the digest (and so every saved
    # state and record of the packaged rules) as it was.
    path = tmp_path / "same.yaml"
    path.write_text("rules:\n  pattern_set_by_second_animal: false\n")
    assert load_rules([str(path)]).digest == load_rules().digest
    path.write_text("rules:\n  pattern_set_by_second_animal: true\n")
    assert load_rules([str(path)]).digest == load_rules(["second-animal-pattern"]).digest
    assert load_rules([str(path)]).digest != load_rules().digest


# --- overlays ----------------------------------------------------------------------------------


def test_unknown_variant_name_lists_known_variants() -> None:
    with pytest.raises(RulesDataError) as info:
        load_rules(["toad"])
    error = info.value
    assert error.file == "toad"
    assert "toad" in str(error)
    for name in KNOWN_VARIANTS:
        assert name in str(error)


def test_variant_removing_card_id_that_does_not_exist(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "animals:\n  remove: [cat-1, cat-99]\n")
    assert_error(error, tmp_path / "bad.yaml", "animals.remove[1]", "cat-99")


def test_variant_removing_species_that_does_not_exist(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "animals:\n  remove_species: [unicorn]\n")
    assert_error(error, tmp_path / "bad.yaml", "animals.remove_species[0]", "unicorn")


def test_variant_removing_species_twice(tmp_path: Path) -> None:
    # the second removal finds nothing left: a typo-like no-op is reported
    error = load_overlay(tmp_path, "animals:\n  remove_species: [snail, snail]\n")
    assert_error(error, tmp_path / "bad.yaml", "animals.remove_species[1]", "snail")


def test_variant_removing_ferry_that_does_not_exist(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "ferries:\n  remove: [ferry-9]\n")
    assert_error(error, tmp_path / "bad.yaml", "ferries.remove[0]", "ferry-9")


def test_second_variant_removing_what_the_first_removed(tmp_path: Path) -> None:
    path = tmp_path / "snails.yaml"
    path.write_text("animals:\n  remove_species: [snail]\n", encoding="utf-8")
    with pytest.raises(RulesDataError) as info:
        load_rules(["frog", str(path)])
    assert_error(info.value, path, "animals.remove_species[0]", "snail")


def test_unknown_animals_change_key(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "animals:\n  replace: [cat-1]\n")
    assert_error(error, tmp_path / "bad.yaml", "animals.replace", "add", "remove")


def test_unknown_top_level_key(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "cards:\n  add: []\n")
    assert_error(error, tmp_path / "bad.yaml", "cards", "cards", "animals", "rules")


def test_overlay_that_is_not_a_mapping(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "- frog\n- crocodile\n")
    assert error.file == str(tmp_path / "bad.yaml")
    assert "mapping" in str(error)


def test_add_that_is_not_a_list(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "animals:\n  add: " + card() + "\n")
    assert_error(error, tmp_path / "bad.yaml", "animals.add", "list")


def test_added_card_that_is_not_a_mapping(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "animals:\n  add: [heron]\n")
    assert_error(error, tmp_path / "bad.yaml", "animals.add[0]", "mapping")


def test_malformed_yaml_gives_line_number(tmp_path: Path) -> None:
    text = "description: broken\nanimals:\n  add:\n    - {id: heron-1, weight: [3\n"
    error = load_overlay(tmp_path, text)
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.path == ""
    # the flow sequence opened on line 4 is never closed; the parser notices at line 5
    assert (error.line, error.column) == (5, 1)
    assert str(error).startswith(f"{tmp_path / 'bad.yaml'}:5:1: malformed YAML")


def test_malformed_yaml_bad_indentation_line_number(tmp_path: Path) -> None:
    text = "description: ok\nrules:\n  hand_size: 6\n rounds: 2\n"
    error = load_overlay(tmp_path, text)
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.line == 4 and f"{error.file}:4:" in str(error)


def test_yaml_tags_are_refused_safe_load(tmp_path: Path) -> None:
    error = load_overlay(tmp_path, "description: !!python/object/apply:os.getcwd []\n")
    assert error.file == str(tmp_path / "bad.yaml")
    assert error.line == 1 and "could not determine a constructor" in error.problem


def test_file_that_does_not_exist(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "missing.yaml"
    with pytest.raises(RulesDataError) as info:
        load_rules([str(missing)])
    assert info.value.file == str(missing)
    assert str(missing) in str(info.value)


def test_file_not_in_utf8_is_a_rules_data_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"description: caf\xe9 au lait\n")
    with pytest.raises(RulesDataError) as info:
        load_rules([str(path)])
    assert info.value.file == str(path)


def test_malformed_yaml_control_character_gives_line_number(tmp_path: Path) -> None:
    path = tmp_path / "nul.yaml"
    path.write_bytes(b"description: fine\nrules:\n  hand_size: 6\x00\n")
    with pytest.raises(RulesDataError) as info:
        load_rules([str(path)])
    assert info.value.file == str(path)
    assert (info.value.line, info.value.column) == (3, 15)
    assert "unacceptable character #x0000" in str(info.value)


def test_variant_given_as_pathlib_path(tmp_path: Path) -> None:
    path = tmp_path / "limit.yaml"
    path.write_text("rules:\n  penalty_limit: 30\n", encoding="utf-8")
    rules = load_rules([path])
    assert rules.penalty_limit == 30 and rules.variants == ("limit.yaml",)
    assert load_rules(path) is rules  # one path alone is one variant


def test_bad_data_error_changes_nothing(tmp_path: Path) -> None:
    """A failed load leaves the rules already loaded as they were and caches nothing: the same
    file, mended, loads as the mended data says."""
    before = load_rules()
    cards = before.animals
    good = tmp_path / "house.yaml"
    good.write_text(add_cards(card(weight=3)), encoding="utf-8")
    heron = load_rules([str(good)])
    assert heron.card["heron-1"].weight == 3
    error = load_overlay(tmp_path, add_cards(card(weight=-1)), name="house.yaml")
    assert error.path == "animals.add[0].weight"
    with pytest.raises(RulesDataError):
        load_rules([str(good)])  # the edited file is read again, not taken from the cache
    good.write_text(add_cards(card(weight=4)), encoding="utf-8")
    assert load_rules([str(good)]).card["heron-1"].weight == 4
    assert heron.card["heron-1"].weight == 3  # the value loaded earlier is unchanged
    after = load_rules()
    assert after is before and after.animals is cards and after.digest == before.digest


def test_a_settled_file_is_not_read_again_while_its_status_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant file last changed long before it was read is trusted by its status (inode,
    size, times) on later loads, and read again once any of them changes."""
    later = time.time_ns() + 10 * SETTLED_NS  # the file, written now, has settled by then
    monkeypatch.setattr(status, "time", SimpleNamespace(time_ns=lambda: later))
    path = tmp_path / "house.yaml"
    path.write_text(add_cards(card(weight=3)), encoding="utf-8")
    rules = load_rules([str(path)])
    read_bytes = Path.read_bytes

    def refuse(self: Path) -> bytes:
        assert self != path, "a settled, unchanged file was read again"
        return read_bytes(self)

    with monkeypatch.context() as patch:
        patch.setattr(Path, "read_bytes", refuse)
        assert load_rules([str(path)]) is rules
    path.write_text(add_cards(card(weight=12)), encoding="utf-8")
    assert load_rules([str(path)]).card["heron-1"].weight == 12


# --- Node helpers ------------------------------------------------------------------------------


def node(value: object, path: str = "x") -> Node:
    return Node(value, "f.yaml", path)


def test_node_child_builds_key_path() -> None:
    root = Node({"animals": [{"weight": 3}]}, "f.yaml")
    weight = root.child("animals").items()[0].child("weight")
    assert weight == Node(3, "f.yaml", "animals[0].weight")
    assert root.child("absent").value is None
    assert root.child("absent").path == "absent"


def test_node_child_of_non_mapping_is_an_error() -> None:
    with pytest.raises(RulesDataError) as info:
        node([1, 2]).child("a")
    assert (info.value.file, info.value.path) == ("f.yaml", "x")


def test_node_integer_bounds() -> None:
    assert node(5).integer(0, 10) == 5
    with pytest.raises(RulesDataError, match="at least 0"):
        node(-1).integer(0)
    with pytest.raises(RulesDataError, match="at most 10"):
        node(11).integer(0, 10)
    with pytest.raises(RulesDataError, match="integer"):
        node(True).integer()
    with pytest.raises(RulesDataError, match="integer"):
        node(2.5).integer()
    with pytest.raises(RulesDataError, match="integer"):
        node("3").integer()


def test_node_optional_integer() -> None:
    assert node(None).optional_integer(1) is None
    assert node(3).optional_integer(1) == 3
    with pytest.raises(RulesDataError):
        node(0).optional_integer(1)


def test_node_string_boolean_choice() -> None:
    assert node("a").string() == "a"
    for bad in ("", None, 3):
        with pytest.raises(RulesDataError):
            node(bad).string()
    assert node(False).boolean() is False
    with pytest.raises(RulesDataError, match="true or false"):
        node("yes").boolean()
    assert node("stop").choice(["equal", "stop"]) == "stop"
    with pytest.raises(RulesDataError, match="equal, stop"):
        node("fair").choice(["equal", "stop"])


def test_node_items() -> None:
    assert node(None).items() == []
    assert [n.path for n in node(["a", "b"], "list").items()] == ["list[0]", "list[1]"]
    with pytest.raises(RulesDataError, match="list"):
        node({"a": 1}).items()


def test_node_fields_required_and_unknown() -> None:
    fields = node({"a": 1}).fields(("a",), ("b",))
    assert set(fields) == {"a"}
    assert fields["a"] == Node(1, "f.yaml", "x.a")
    with pytest.raises(RulesDataError) as info:
        node({"b": 1}).fields(("a",), ("b",))
    assert info.value.path == "x"
    assert "'a'" in str(info.value)
    with pytest.raises(RulesDataError) as info:
        node({"a": 1, "c": 2}).fields(("a",), ("b",))
    assert info.value.path == "x.c"
    assert "a, b" in str(info.value)


def test_parse_unique_names_second_and_first() -> None:
    items = node(["p", "q", "p"], "ids").items()
    assert parse_unique(items[:2], lambda n: n.value, str, "id") == ("p", "q")
    with pytest.raises(RulesDataError) as info:
        parse_unique(items, lambda n: n.value, str, "id")
    assert info.value.path == "ids[2]"
    assert "ids[0]" in str(info.value)


CARDS = Listing("cards", "cards.yaml", "card")


def test_apply_collection_change_order_and_errors() -> None:
    base = node([{"id": "a", "species": "s"}, {"id": "b", "species": "t"}], "base").items()
    change = node({"remove": ["a"], "add": [{"id": "c", "species": "s"}]}, "chg")
    result = apply_collection_change(base, change, CARDS)
    assert [n.value["id"] for n in result] == ["b", "c"]
    assert [n.value["id"] for n in base] == ["a", "b"]  # input unchanged
    assert apply_collection_change(base, node(None), CARDS) == base
    with pytest.raises(RulesDataError, match="no card with species 'u'"):
        apply_collection_change(base, node({"remove_species": ["u"]}, "chg"), CARDS)


def test_load_yaml_reads_with_file_name(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text("a: [1, 2]\n", encoding="utf-8")
    assert load_yaml(path) == Node({"a": [1, 2]}, str(path), "")
