"""The packaged ferry card database and its loader (docs/ferry.md F1-F7, F25, V1-V4).

Expected values are written out by hand from the card table in docs/ferry.md, never read from the
YAML files or from the loader's own output.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from noahrules import ferry
from noahrules.ferry import Abilities, Boarded, Ferry, Gender, Rules, ShortDeal, load_rules

# species: (cards, weight, tears, males, females, eithers, abilities) -- the card table of
# docs/ferry.md, typed in by hand.
BASE_TABLE: dict[str, tuple[int, int, int, int, int, int, Abilities]] = {
    "woodpecker": (2, 0, 2, 1, 1, 0, Abilities(capacity_limit=13)),
    "parrot": (6, 0, 2, 3, 3, 0, Abilities()),
    "snail": (5, 1, 2, 0, 0, 5, Abilities(choose_gender=True)),
    "cat": (6, 2, 1, 3, 3, 0, Abilities()),
    "kangaroo": (6, 3, 1, 3, 3, 0, Abilities()),
    "panda": (6, 4, 4, 3, 3, 0, Abilities()),
    "lion": (4, 5, 1, 2, 2, 0, Abilities(steal_and_return=True)),
    "donkey": (4, 6, 1, 2, 2, 0, Abilities(noah_stays=True)),
    "bear": (2, 7, 0, 1, 1, 0, Abilities()),
    "giraffe": (2, 8, 0, 1, 1, 0, Abilities(look_at_hand=True)),
    "rhinoceros": (2, 9, 0, 1, 1, 0, Abilities()),
    "elephant": (2, 10, 0, 1, 1, 0, Abilities()),
}
FROG = Abilities(wild_weight=(1, 5))
CROCODILE = Abilities(reduce_penalty=2, first_escapes=True)
MARKED_SPECIES = ("parrot", "cat", "kangaroo", "panda")
PACKAGED_VARIANTS = ("penalty-limit", "frog", "crocodile", "roommate")


@pytest.fixture(scope="module")
def base() -> Rules:
    return load_rules()


def species_counts(rules: Rules) -> dict[str, int]:
    return dict(Counter(c.species for c in rules.animals))


def deck_size(rules: Rules, players: int) -> int:
    """Cards in play for a player count, as the set-up of a real game leaves them (F4)."""
    state = ferry.new_game(rules, players=players, seed=1)
    return len(rules.animals) - len(state.removed)


# --- F1: the 47 animal cards -------------------------------------------------------------------


def test_f1_base_deck_has_47_cards(base: Rules) -> None:
    assert len(base.animals) == 47


def test_f1_species_counts_match_card_table(base: Rules) -> None:
    expected = {species: row[0] for species, row in BASE_TABLE.items()}
    assert species_counts(base) == expected


@pytest.mark.parametrize("species", sorted(BASE_TABLE))
def test_f1_card_values_match_card_table(base: Rules, species: str) -> None:
    count, weight, tears, males, females, eithers, abilities = BASE_TABLE[species]
    cards = [c for c in base.animals if c.species == species]
    assert len(cards) == count
    assert {c.weight for c in cards} == {weight}
    assert {c.tears for c in cards} == {tears}
    genders = Counter(c.gender for c in cards)
    assert genders[Gender.MALE] == males
    assert genders[Gender.FEMALE] == females
    assert genders[Gender.EITHER] == eithers
    assert {c.abilities for c in cards} == {abilities}


def test_f1_card_ids_are_unique_and_index_the_cards(base: Rules) -> None:
    ids = [c.id for c in base.animals]
    assert len(set(ids)) == 47
    assert set(base.card) == set(ids)
    assert all(base.card[c.id] is c for c in base.animals)


def test_f1_weights_and_tears_are_in_printed_ranges(base: Rules) -> None:
    assert all(0 <= c.weight <= 10 for c in base.animals)
    assert all(0 <= c.tears <= 5 for c in base.animals)


def test_f1_gender_values_are_the_yaml_words() -> None:
    assert Gender.MALE.value == "male"
    assert Gender.FEMALE.value == "female"
    assert Gender.EITHER.value == "either"


# --- F2: the 8 ferries -------------------------------------------------------------------------


def test_f2_eight_ferries_of_capacity_21(base: Rules) -> None:
    assert len(base.ferries) == 8
    assert all(f.capacity == 21 for f in base.ferries)
    assert not any(f.unique_species for f in base.ferries)
    assert len({f.id for f in base.ferries}) == 8


# --- parameters (F4, F5, F7, F17, F25, V1) -----------------------------------------------------


def test_base_parameters(base: Rules) -> None:
    assert base.hand_size == 8  # F7
    assert base.rounds == 3  # F25
    assert base.docks == 5  # F5
    assert base.centre == 3  # F5
    assert base.departure_gifts == (1, 2, 3, 4)  # F17
    assert base.short_deal is ShortDeal.EQUAL  # F7 [choice]
    assert base.penalty_limit is None  # V1 off
    assert (base.min_players, base.max_players) == (2, 5)  # F4
    assert base.variants == ()


# --- F4: player-count marks --------------------------------------------------------------------


def test_f4_marks_are_one_male_and_one_female_of_four_species(base: Rules) -> None:
    for mark in ("4+", "5+"):
        marked = [c for c in base.animals if c.mark == mark]
        assert len(marked) == 8
        assert Counter((c.species, c.gender) for c in marked) == Counter(
            (s, g) for s in MARKED_SPECIES for g in (Gender.MALE, Gender.FEMALE)
        )
    unmarked = [c for c in base.animals if c.mark is None]
    assert len(unmarked) == 31


def test_f4_min_players_follow_the_mark(base: Rules) -> None:
    assert {c.min_players for c in base.animals if c.mark == "4+"} == {4}
    assert {c.min_players for c in base.animals if c.mark == "5+"} == {5}
    assert {c.min_players for c in base.animals if c.mark is None} == {0}


@pytest.mark.parametrize(("players", "cards"), [(2, 31), (3, 31), (4, 39), (5, 47)])
def test_f4_marks_give_31_39_47_cards(base: Rules, players: int, cards: int) -> None:
    assert sum(1 for c in base.animals if c.min_players <= players) == cards
    assert deck_size(base, players) == cards


# --- V1-V4: the packaged variants --------------------------------------------------------------


def test_v1_penalty_limit_variant() -> None:
    rules = load_rules(["penalty-limit"])
    assert rules.rounds is None
    assert rules.penalty_limit == 26
    assert len(rules.animals) == 47
    assert len(rules.ferries) == 8
    assert rules.variants == ("penalty-limit",)


def test_v2_frog_variant_replaces_snails_with_three_frogs() -> None:
    rules = load_rules(["frog"])
    expected = {s: row[0] for s, row in BASE_TABLE.items() if s != "snail"} | {"frog": 3}
    assert species_counts(rules) == expected
    frogs = [c for c in rules.animals if c.species == "frog"]
    assert Counter(c.gender for c in frogs) == {Gender.MALE: 2, Gender.FEMALE: 1}
    assert {c.tears for c in frogs} == {2}
    assert {c.abilities for c in frogs} == {FROG}
    assert all(1 <= c.weight <= 5 for c in frogs)
    assert {c.mark for c in frogs} == {None}
    assert rules.rounds == 3


@pytest.mark.parametrize(("players", "cards"), [(2, 29), (3, 29), (4, 37), (5, 45)])
def test_v2_frog_deck_sizes(players: int, cards: int) -> None:
    assert deck_size(load_rules(["frog"]), players) == cards


def test_v3_crocodile_variant_replaces_donkeys_with_one_crocodile() -> None:
    rules = load_rules(["crocodile"])
    expected = {s: row[0] for s, row in BASE_TABLE.items() if s != "donkey"} | {"crocodile": 1}
    assert species_counts(rules) == expected
    (croc,) = [c for c in rules.animals if c.species == "crocodile"]
    assert croc.weight == 6
    assert croc.tears == 1
    assert croc.gender is Gender.MALE
    assert croc.mark is None
    assert croc.abilities == CROCODILE


@pytest.mark.parametrize(("players", "cards"), [(2, 28), (3, 28), (4, 36), (5, 44)])
def test_v3_crocodile_deck_sizes(players: int, cards: int) -> None:
    assert deck_size(load_rules(["crocodile"]), players) == cards


def test_v4_roommate_ferry_replaces_one_standard_ferry() -> None:
    rules = load_rules(["roommate"])
    assert len(rules.ferries) == 8
    assert all(f.capacity == 21 for f in rules.ferries)
    assert sum(1 for f in rules.ferries if f.unique_species) == 1
    assert len({f.id for f in rules.ferries}) == 8
    assert len(rules.animals) == 47
    assert rules.docks + rules.centre == 8


def test_all_four_variants_combine() -> None:
    rules = load_rules(list(PACKAGED_VARIANTS))
    expected = {s: row[0] for s, row in BASE_TABLE.items() if s not in ("snail", "donkey")}
    expected |= {"frog": 3, "crocodile": 1}
    assert species_counts(rules) == expected
    assert len(rules.animals) == 47 - 5 + 3 - 4 + 1
    assert len(rules.ferries) == 8
    assert sum(1 for f in rules.ferries if f.unique_species) == 1
    assert rules.rounds is None
    assert rules.penalty_limit == 26
    assert rules.variants == PACKAGED_VARIANTS
    # promo cards carry no mark and the removed species had none: 42 - 16 / 42 - 8 / 42
    assert [deck_size(rules, n) for n in (2, 3, 4, 5)] == [26, 26, 34, 42]


def test_load_rules_accepts_a_single_variant_name_as_string() -> None:
    assert load_rules("frog") == load_rules(["frog"])


# --- variants from files -----------------------------------------------------------------------


HERON = """\
description: a heron that lowers a ferry's capacity to 15
animals:
  add:
    - id: heron-1
      species: heron
      gender: female
      weight: 3
      tears: 1
      abilities: {capacity_limit: 15}
"""


def test_variant_from_a_file_path(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        "description: no elephants\nanimals:\n  remove_species: [elephant]\n", encoding="utf-8"
    )
    rules = load_rules([str(path)])
    assert len(rules.animals) == 45
    assert "elephant" not in species_counts(rules)
    assert rules.variants == ("house.yaml",) and rules.packaged == ()


def test_new_animal_in_yaml_reuses_an_ability_with_other_numbers(tmp_path: Path) -> None:
    path = tmp_path / "heron.yaml"
    path.write_text(HERON, encoding="utf-8")
    rules = load_rules([str(path)])
    assert len(rules.animals) == 48
    heron = rules.card["heron-1"]
    assert heron.species == "heron"
    assert heron.gender is Gender.FEMALE
    assert (heron.weight, heron.tears, heron.mark) == (3, 1, None)
    assert heron.abilities == Abilities(capacity_limit=15)
    # the engine sees the ability, not the species: a ferry with the heron aboard holds 15 (F11)
    standard = rules.ferries[0]
    aboard = Ferry(standard, (Boarded(heron, Gender.FEMALE, 3),))
    assert aboard.capacity == 15
    assert aboard.load == 3


def test_heron_variant_combines_with_packaged_variants(tmp_path: Path) -> None:
    path = tmp_path / "heron.yaml"
    path.write_text(HERON, encoding="utf-8")
    rules = load_rules(["frog", str(path), "penalty-limit"])
    assert species_counts(rules)["heron"] == 1
    assert species_counts(rules)["frog"] == 3
    assert "snail" not in species_counts(rules)
    assert rules.penalty_limit == 26


def test_variant_changing_parameters_takes_effect(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    path.write_text(
        "description: shorter hands, bigger gifts\n"
        "rules:\n"
        "  hand_size: 6\n"
        "  departure_gifts: [2, 2, 3, 5]\n"
        "  rounds: 2\n"
        "  short_deal: stop\n",
        encoding="utf-8",
    )
    rules = load_rules([str(path)])
    assert rules.hand_size == 6
    assert rules.departure_gifts == (2, 2, 3, 5)
    assert rules.rounds == 2
    assert rules.short_deal is ShortDeal.STOP
    # untouched parameters keep their packaged values
    assert (rules.docks, rules.centre, rules.penalty_limit) == (5, 3, None)
    # and the new hand size is what a game deals (F7)
    state = ferry.new_game(rules, players=3, seed=5)
    assert [len(hand) for hand in state.hands] == [6, 6, 6]


def test_f7_base_game_deals_eight_cards(base: Rules) -> None:
    state = ferry.new_game(base, players=4, seed=5)
    assert [len(hand) for hand in state.hands] == [8, 8, 8, 8]


def test_later_variant_overrides_earlier_parameter(tmp_path: Path) -> None:
    path = tmp_path / "limit30.yaml"
    path.write_text("rules:\n  penalty_limit: 30\n", encoding="utf-8")
    assert load_rules(["penalty-limit", str(path)]).penalty_limit == 30
    assert load_rules([str(path), "penalty-limit"]).penalty_limit == 26


# --- equality and digest -----------------------------------------------------------------------


def test_two_loads_are_equal_with_equal_digest() -> None:
    first, second = load_rules(), load_rules()
    assert first is second  # rules are immutable values, loaded once
    assert first == second
    assert hash(first) == hash(second)
    assert first.digest == second.digest
    assert len(first.digest) == 64
    assert load_rules(["frog", "roommate"]) == load_rules(["frog", "roommate"])


def test_different_variant_gives_different_digest() -> None:
    digests = {load_rules().digest}
    digests |= {load_rules([name]).digest for name in PACKAGED_VARIANTS}
    assert len(digests) == 5
    assert load_rules(["frog"]) != load_rules()


def test_digest_depends_on_data_not_variant_name(tmp_path: Path) -> None:
    # the frog variant written out by hand, in block style and another key order
    path = tmp_path / "my-frogs.yaml"
    path.write_text(
        "description: hand-written frogs\n"
        "animals:\n"
        "  remove_species: [snail]\n"
        "  add:\n"
        + "".join(
            f"    - abilities: {{wild_weight: [1, 5]}}\n"
            f"      tears: 2\n"
            f"      weight: 1\n"
            f"      gender: {gender}\n"
            f"      species: frog\n"
            f"      id: frog-{n}\n"
            for n, gender in ((1, "male"), (2, "male"), (3, "female"))
        ),
        encoding="utf-8",
    )
    mine, packaged = load_rules([str(path)]), load_rules(["frog"])
    assert mine.digest == packaged.digest
    assert mine.animals == packaged.animals


def test_parameter_change_changes_digest(tmp_path: Path) -> None:
    path = tmp_path / "gifts.yaml"
    path.write_text("rules:\n  departure_gifts: [1, 2, 3, 5]\n", encoding="utf-8")
    assert load_rules([str(path)]).digest != load_rules().digest
