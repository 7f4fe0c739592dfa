"""Designing a study: arms from variants and sweeps, players, bots and deals."""

from __future__ import annotations

from pathlib import Path

import pytest

from noahrules import ferry
from noahrules.errors import RulesDataError
from noahrules.lab import BASE, Arm, Study, parse_setting


def test_sweep_values_are_read_as_yaml() -> None:
    assert parse_setting("hand_size=6,7,8") == ("hand_size", [6, 7, 8])
    assert parse_setting("rounds=null,2") == ("rounds", [None, 2])
    assert parse_setting("short_deal=stop") == ("short_deal", ["stop"])
    assert parse_setting("departure_gifts=[1,2],[2,3]") == (
        "departure_gifts",
        [[1, 2], [2, 3]],
    )


@pytest.mark.parametrize("text", ["hand_size", "=7", "hand size=7", "hand_size=", "x=[1"])
def test_a_bad_sweep_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"--set"):
        parse_setting(text)


def test_arms_from_variants_combinations_and_sweeps(tmp_path: Path) -> None:
    owls = tmp_path / "owls.yaml"
    owls.write_text("rules: {hand_size: 9}\n", encoding="utf-8")
    study = Study.design(
        "ferry",
        ["frog", f"crocodile+{owls}"],
        games=10,
        base=["roommate"],
        sweeps={"hand_size": [6, 7]},
        folder=tmp_path / "sweeps",
        bots=["greedy", "random"],
    )
    names = [arm.name for arm in study.arms]
    assert names == [BASE, "frog", "crocodile+owls.yaml", "hand_size=6", "hand_size=7"]
    assert study.arms[0] == Arm(BASE, ("roommate",))
    assert study.arms[2].variants == ("roommate", "crocodile", str(owls))
    sweep = study.arms[3]
    assert sweep.variants == ("roommate", str(tmp_path / "sweeps" / "hand_size=6.yaml"))
    assert sweep.rules(ferry.GAME).hand_size == 6  # type: ignore[attr-defined]
    assert study.players == 3 and study.tables == 3
    assert study.bots == ("greedy", "random", "greedy")
    assert study.deals == 4 and study.games_per_arm == 12  # 10 games rounded up to whole deals


def test_players_default_to_three_within_the_games_range() -> None:
    assert Study.design("island", games=4, players=2).players == 2
    assert Study.design("island", games=4).players == 3
    with pytest.raises(ValueError, match="takes 2 to 4 players"):
        Study.design("island", games=4, players=5)


def test_bad_studies_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="games must be"):
        Study.design("ferry", games=0)
    with pytest.raises(ValueError, match="two arms are called 'frog'"):
        Study.design("ferry", ["frog", "frog"], games=3)
    with pytest.raises(ValueError, match="needs a folder"):
        Study.design("ferry", games=3, sweeps={"hand_size": [7]})
    with pytest.raises(ValueError, match="unknown game"):
        Study.design("chess", games=3)
    with pytest.raises(RulesDataError, match="unknown ferry variant 'owl'"):
        Study.design("ferry", ["owl"], games=3)
    with pytest.raises(RulesDataError, match="unknown key 'hand_sise'"):
        Study.design("ferry", games=3, sweeps={"hand_sise": [7]}, folder=tmp_path)
    with pytest.raises(RulesDataError, match="hand_size"):
        Study.design("ferry", games=3, sweeps={"hand_size": [-1]}, folder=tmp_path)
