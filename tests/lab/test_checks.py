"""Arms that would tell nothing are found before anything is played, and refused unless
allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from noahrules.lab import IdenticalArmsError, Study, balance, ready, silent_arms


def test_arms_with_the_base_rules_are_silent_at_every_count(tmp_path: Path) -> None:
    nothing = tmp_path / "nothing.yaml"
    nothing.write_text("rules: {hand_size: 8}\n", encoding="utf-8")  # the packaged value
    study = Study.design(
        "ferry",
        ["frog", str(nothing)],
        games=3,
        sweeps={"departure_gifts": [[1, 2, 3, 4], [0, 1, 2, 3]]},
        players=[2, 3],
    )
    found = {s.arm: s for s in silent_arms(study)}
    assert set(found) == {"nothing.yaml", "departure_gifts=[1, 2, 3, 4]"}
    for arm in found.values():
        assert arm.same_as == "base" and arm.same_rules and arm.players == (2, 3)
        assert arm.text.startswith(f"{arm.arm} has the same rules as base (digest ")


def test_a_setting_the_variant_already_makes_is_silent() -> None:
    study = Study.design("ferry", games=3, base=["penalty-limit"], sweeps={"rounds": [None, 2]})
    (silent,) = silent_arms(study)
    assert (silent.arm, silent.same_as, silent.same_rules) == ("rounds=null", "base", True)


def test_a_value_the_rules_cap_plays_as_the_base() -> None:
    """F7: 3 players share 31 - 5 = 26 cards, 8 each at most; a hand of 9 deals 8 as the
    base does. 2 players share 26 cards and get 9: there the arm plays."""
    study = Study.design("ferry", games=3, sweeps={"hand_size": [9, 7]}, players=[2, 3])
    (capped,) = silent_arms(study)
    assert (capped.arm, capped.same_as, capped.players) == ("hand_size=9", "base", (3,))
    assert not capped.same_rules
    assert "plays move for move as base at 3 players" in capped.text


def test_silent_arms_are_refused_before_anything_is_played(tmp_path: Path) -> None:
    study = Study.design("ferry", games=30000, sweeps={"hand_size": [9]}, players=[3])
    with pytest.raises(IdenticalArmsError, match="hand_size=9 plays move for move as base"):
        balance(study, tmp_path / "out", workers=1)
    assert not (tmp_path / "out").exists()  # nothing played, no folder made


def test_a_study_made_ready_keeps_the_arms_allowed_and_its_folder(tmp_path: Path) -> None:
    study = Study.design("ferry", games=3, sweeps={"hand_size": [9]}, players=[3])
    with pytest.raises(IdenticalArmsError):
        ready(study, tmp_path / "refused")
    assert not (tmp_path / "refused").exists()
    made = ready(study, tmp_path / "out", allow_identical=True)
    assert made.folder == tmp_path / "out" and made.folder.is_dir()
    assert [s.arm for s in made.silent] == ["hand_size=9"]


def test_balance_refuses_a_folder_made_ready_for_another_study(tmp_path: Path) -> None:
    study = Study.design("ferry", games=3, sweeps={"hand_size": [7]}, players=[3])
    other = Study.design("ferry", games=4, sweeps={"hand_size": [7]}, players=[3])
    made = ready(study, tmp_path / "out")
    with pytest.raises(ValueError, match="made ready for another study"):
        balance(other, made, workers=1)
    assert list(made.folder.iterdir()) == []
