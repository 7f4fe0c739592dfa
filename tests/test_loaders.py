"""The shared loaders of rules data: strict nodes, every problem at once, in-memory overlays and
YAML merge keys.

Each case builds its own small YAML text or data; the expected messages are written out by hand
from the rules of the data (F4, F7, F12, I6 ...), not copied from the code's output.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from noahrules import ferry, island
from noahrules.cli import main
from noahrules.data import Findings, Overlay, gather, load_yaml
from noahrules.errors import RulesDataError
from noahrules.safe_yaml import MAX_DEPTH

FOUR_MISTAKES = """\
animals:
  add:
    - id: heron-1
      species: heron
      gender: mail
      weight: -3
      tears: -1
      abilities: {capacity_limit: -5}
"""


def write(tmp_path: Path, text: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- every problem at once ------------------------------------------------------------------


def test_a_card_with_four_mistakes_is_four_located_lines_in_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, FOUR_MISTAKES)
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:5:15: animals.add[0].gender: must be one of male, female, either, got 'mail'",
        f"{path}:6:15: animals.add[0].weight: must be at least 0, got -3",
        f"{path}:7:14: animals.add[0].tears: must be at least 0, got -1",
        f"{path}:8:35: animals.add[0].abilities.capacity_limit: must be at least 0, got -5",
        "4 problems",
    ]


def test_every_wrong_ability_of_a_card_is_its_own_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """F30's limit below 0, a flag set false and an ability no card has: three problems, not
    the first one only."""
    text = """\
animals:
  add:
    - {id: heron-1, species: heron, gender: female, weight: 2, tears: 1,
       abilities: {capacity_limit: -15, noah_stays: false, flying: true}}
"""
    path = write(tmp_path, text)
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        f"{path}:4:36: animals.add[0].abilities.capacity_limit: must be at least 0, got -15",
        f"{path}:4:53: animals.add[0].abilities.noah_stays: an ability flag must be true "
        "(leave it out to switch it off)",
    ]
    assert lines[2].startswith(
        f"{path}:4:68: animals.add[0].abilities.flying: unknown ability 'flying'; known abilities: "
    )
    assert lines[3:] == ["3 problems"]


def test_load_rules_raises_every_problem_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, FOUR_MISTAKES)
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([path])
    error = caught.value
    assert (error.path, error.line, error.column) == ("animals.add[0].gender", 5, 15)
    assert [p.path.rsplit(".", 1)[-1] for p in error.problems] == [
        "gender",
        "weight",
        "tears",
        "capacity_limit",
    ]
    assert len(str(error).splitlines()) == 4 and all(p.more == () for p in error.problems)
    back = pickle.loads(pickle.dumps(error))
    assert str(back) == str(error) and [str(p) for p in back.problems] == [
        str(p) for p in error.problems
    ]


def test_a_long_list_of_problems_is_cut_short_in_the_message() -> None:
    errors = [RulesDataError("f.yaml", f"a[{i}]", "bad", i + 1) for i in range(50)]
    error = RulesDataError.of(errors)
    lines = str(error).splitlines()
    assert len(lines) == RulesDataError.MOST_LINES
    assert lines[0] == "f.yaml:1: a[0]: bad" and lines[-2] == "f.yaml:19: a[18]: bad"
    assert lines[-1] == "... and 31 more problems"  # 50 problems, 19 of them named
    assert len(error.problems) == 50


def test_gather_reports_each_part_that_fails() -> None:
    with pytest.raises(RulesDataError) as caught:
        gather(
            lambda: 1,
            lambda: (_ for _ in ()).throw(RulesDataError("f.yaml", "x", "one")),
            lambda: (_ for _ in ()).throw(RulesDataError("f.yaml", "y", "two")),
        )
    assert [p.path for p in caught.value.problems] == ["x", "y"]
    assert gather(lambda: 1, lambda: "b") == [1, "b"]


def test_unknown_and_missing_keys_are_named_together(tmp_path: Path) -> None:
    path = write(tmp_path, "animals:\n  add:\n    - {id: x, species: x, gendr: male, wieght: 2}\n")
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([path])
    problems = [p.problem for p in caught.value.problems]
    known = "known keys: abilities, gender, id, mark, name, species, tears, weight"
    assert problems[:2] == [f"unknown key 'gendr'; {known}", f"unknown key 'wieght'; {known}"]
    assert problems[2] == "missing required keys 'gender', 'weight', 'tears'"


@pytest.mark.parametrize("value", ["[]", "null"])
def test_an_island_without_starting_points_is_a_rules_data_error(
    tmp_path: Path, value: str
) -> None:
    # I6: each of the at most 4 players starts with points: four entries are needed.
    path = write(tmp_path, f"rules:\n  starting_points: {value}\n")
    with pytest.raises(RulesDataError) as caught:
        island.load_rules([path])
    assert caught.value.path == "rules.starting_points"
    assert "4 players need 4 starting points, there are 0" in str(caught.value)


# --- the Node API is strict unless asked to collect -----------------------------------------


def test_load_yaml_nodes_raise_an_unknown_key(tmp_path: Path) -> None:
    path = write(tmp_path, "name: heron\ncolour: grey\nsize: 3\n")
    root = load_yaml(path)
    with pytest.raises(RulesDataError) as caught:
        root.fields(("name", "weight"), ("colour",))
    assert [(p.path, p.line, p.problem) for p in caught.value.problems] == [
        ("size", 3, "unknown key 'size'; known keys: colour, name, weight"),
        ("", 1, "missing required key 'weight'"),
    ]


def test_load_yaml_collects_when_given_findings(tmp_path: Path) -> None:
    path = write(tmp_path, "name: heron\nsize: 3\nsize: 4\n")
    found = Findings()
    fields = load_yaml(path, found).fields(("name",))
    assert fields["name"].string() == "heron"
    assert [(e.line, e.problem) for e in found.errors] == [
        (3, "bad YAML: duplicate key 'size' (first at line 2)"),
        (3, "unknown key 'size'; known keys: name"),  # the last, whose value is kept
    ]
    with pytest.raises(RulesDataError, match="duplicate key 'size'"):
        found.settle()
    with pytest.raises(RulesDataError, match="duplicate key 'size'"):
        load_yaml(path)  # without findings: raised at once


# --- overlays in memory ---------------------------------------------------------------------


def test_an_overlay_sets_a_parameter_without_a_file() -> None:
    setting = Overlay("--set rounds=2", {"rules": {"rounds": 2}})
    rules = ferry.load_rules(["frog", setting])
    assert rules.rounds == 2 and rules.variants == ("frog", "--set rounds=2")
    assert rules.packaged == ("frog",) and rules != ferry.load_rules(["frog"])
    assert ferry.load_rules(["frog", setting]) is rules  # cached by its content
    other = ferry.load_rules(["frog", Overlay("--set rounds=2", {"rules": {"rounds": 1}})])
    assert other.rounds == 1


def test_an_overlay_is_refused_with_a_files_errors(tmp_path: Path) -> None:
    path = write(tmp_path, "rules: {roundz: 2}\n", "roundz.yaml")
    with pytest.raises(RulesDataError) as from_file:
        ferry.load_rules([path])
    with pytest.raises(RulesDataError) as from_memory:
        ferry.load_rules([Overlay("--set roundz=2", {"rules": {"roundz": 2}})])
    assert from_memory.value.problem == from_file.value.problem
    assert from_memory.value.problem.startswith("unknown key 'roundz'; known keys: centre,")
    assert str(from_memory.value).startswith("--set roundz=2: rules.roundz: unknown key")


def test_an_overlay_of_yaml_text_has_lines() -> None:
    text = "rules:\n  rounds: 0\n  hand_size: -1\n"
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([Overlay("house rules", text)])
    assert str(caught.value).splitlines() == [
        "house rules:2:11: rules.rounds: must be at least 1, got 0",
        "house rules:3:14: rules.hand_size: must be at least 1, got -1",
    ]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({"rules": {"rounds": object()}}, "rules.rounds: object is not YAML data"),
        ({"rules": {1: 2}}, "rules: a key must be a string, not 1"),
        ({"rules": {"rounds": 10**30}}, "an integer of more than 18 digits"),
        ({"rules": {"x": [[[]]] * 2}}, "rules.x: unknown key 'x'"),
    ],
)
def test_an_overlay_of_odd_data_is_refused_naming_its_label(
    content: dict[str, object], words: str
) -> None:
    with pytest.raises(RulesDataError) as caught:
        island.load_rules([Overlay("odd", content)])
    assert str(caught.value).startswith("odd: ") and words in str(caught.value)


def test_an_overlay_nested_too_deep_is_refused() -> None:
    deep: object = 1
    for _ in range(MAX_DEPTH + 2):
        deep = [deep]
    with pytest.raises(RulesDataError, match=f"nested deeper than {MAX_DEPTH}"):
        island.load_rules([Overlay("deep", {"rules": {"water_tiles": deep}})])


def test_an_overlay_needs_a_label_and_yaml() -> None:
    with pytest.raises(ValueError, match="label"):
        Overlay("", {})
    with pytest.raises(TypeError, match="YAML text or a mapping"):
        Overlay("x", [1, 2])  # type: ignore[arg-type]


# --- merge keys -----------------------------------------------------------------------------


def test_merge_keys_work_as_in_yaml(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "animals:\n"
        "  add:\n"
        "    - &first {<<: {species: heron, gender: male, weight: 2, tears: 1}, id: heron-1}\n"
        "    - {<<: *first, id: heron-2, gender: female}\n"
        "    - <<: [{id: heron-3, tears: 5}, *first]\n"
        "      weight: 3\n",
    )
    rules = ferry.load_rules([path])
    herons = [rules.card[f"heron-{i}"] for i in (1, 2, 3)]
    assert [(c.gender.value, c.weight, c.tears) for c in herons] == [
        ("male", 2, 1),
        ("female", 2, 1),  # the mapping's own keys override the merged ones
        ("male", 3, 5),  # of several merged mappings, the first wins
    ]


def test_a_problem_in_a_merged_value_is_located_where_it_was_written(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "animals:\n"
        "  add:\n"
        "    - &first {<<: {species: heron, gender: male, weight: -2, tears: 1}, id: heron-1}\n",
    )
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([path])
    error = caught.value
    assert (error.path, error.line) == ("animals.add[0].weight", 3)
    assert error.problem == "must be at least 0, got -2"


def test_a_merge_of_a_scalar_is_a_clear_error(tmp_path: Path) -> None:
    path = write(tmp_path, "rules: {<<: 5}\n")
    with pytest.raises(RulesDataError, match="expected a mapping or list of mappings for merging"):
        island.load_rules([path])


def test_ferries_too_small_for_packaged_cards_are_blamed_once_in_the_variant(
    tmp_path: Path,
) -> None:
    # F12: a card heavier than the smallest ferry could never be played; the variant made the
    # ferry small, so the variant's change of the ferries is named, once.
    path = write(tmp_path, "ferries:\n  remove: [ferry-1]\n  add: [{id: ferry-1, capacity: 1}]\n")
    heavy = [c.id for c in ferry.load_rules().animals if c.weight > 1]
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([path])
    (problem,) = caught.value.problems
    assert (problem.file, problem.path, problem.line) == (str(path), "ferries", 2)
    assert problem.problem.startswith(
        f"the smallest ferry capacity 1 is below the weight of {len(heavy)} card(s) "
        f"('{heavy[0]}', '{heavy[1]}',"
    )
