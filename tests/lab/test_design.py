"""Designing a study: arms from variants, settings and grids, player counts, bots and deals;
settings checked as a variant file's lines are, leaving nothing behind."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from noahrules import GAMES, ferry, island
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


def _left_behind() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("noahrules-set-*")}


def test_arms_from_variants_combinations_and_settings(tmp_path: Path) -> None:
    owls = tmp_path / "owls.yaml"
    owls.write_text("rules: {hand_size: 9}\n", encoding="utf-8")
    before = _left_behind()
    study = Study.design(
        "ferry",
        ["frog", f"crocodile+{owls}"],
        games=10,
        base=["roommate"],
        sweeps={"hand_size": [6, 7]},
        bots=["greedy", "random"],
    )
    names = [arm.name for arm in study.arms]
    assert names == [BASE, "frog", "crocodile+owls.yaml", "hand_size=6", "hand_size=7"]
    assert study.arms[0] == Arm(BASE, ("roommate",))
    assert study.arms[2].variants == ("roommate", "crocodile", str(owls))
    sweep = study.arms[3]
    assert sweep == Arm("hand_size=6", ("roommate",), (("hand_size", 6),))
    rules = sweep.rules(ferry.GAME)
    assert rules.hand_size == 6  # type: ignore[attr-defined]
    assert rules.variants == ("roommate", "--set hand_size=6")  # held in memory, so named
    assert study.players == (3,) and study.seating(3) == ("greedy", "random", "greedy")
    assert study.deals(3) == 4 and study.games_per_arm(3) == 12  # 10 rounded up to whole deals
    assert _left_behind() == before  # no variant file left anywhere
    assert not any(tmp_path.glob("*=*"))


def test_a_grid_crosses_the_settings_and_players_may_be_several() -> None:
    study = Study.design(
        "island",
        games=12,
        sweeps={"water_tiles": [30, 33], "actions_per_turn": [1, 3]},
        grid=True,
        players=[2, 4],
    )
    assert [arm.name for arm in study.arms][1:] == [
        "water_tiles=30, actions_per_turn=1",
        "water_tiles=30, actions_per_turn=3",
        "water_tiles=33, actions_per_turn=1",
        "water_tiles=33, actions_per_turn=3",
    ]
    rules = study.arms[4].rules(island.GAME)
    assert (rules.water_tiles, rules.actions_per_turn) == (33, 3)  # type: ignore[attr-defined]
    assert study.players == (2, 4)
    assert (study.deals(2), study.deals(4)) == (6, 3)
    assert study.cells[:3] == ((0, 2), (0, 4), (1, 2))
    assert study.with_bots(["random"]).seating(4) == ("random",) * 4


def test_players_default_to_three_within_the_games_range() -> None:
    assert Study.design("island", games=4, players=2).players == (2,)
    assert Study.design("island", games=4).players == (3,)
    with pytest.raises(ValueError, match="takes 2 to 4 players"):
        Study.design("island", games=4, players=5)
    with pytest.raises(ValueError, match="takes 2 to 4 players, not 5"):
        Study.design("island", games=4, players=[2, 5])
    with pytest.raises(ValueError, match="given twice"):
        Study.design("island", games=4, players=[3, 3])


@pytest.mark.parametrize(
    ("game", "setting", "message"),
    [
        ("ferry", {"hand_sise": [7]}, "--set hand_sise=7: rules.hand_sise: unknown key 'hand_s"),
        ("island", {"water_tyles": [7]}, "--set water_tyles=7: rules.water_tyles: unknown key"),
        ("ferry", {"hand_size": [-1]}, "--set hand_size=-1: rules.hand_size: must be at least 1"),
        ("ferry", {"hand_size": ["x"]}, "--set hand_size=x: rules.hand_size: expected an int"),
        (
            "ferry",
            {"rounds": [None, 2]},
            "--set rounds=null: rules.rounds: rounds and penalty_limit are both null",
        ),
        ("island", {"board": ["nowhere"]}, "--set board=nowhere: rules.board"),
    ],
)
def test_a_setting_is_checked_as_a_variant_file_and_named(
    game: str, setting: dict[str, list[object]], message: str
) -> None:
    before = _left_behind()
    with pytest.raises(RulesDataError) as caught:
        Study.design(game, games=3, sweeps=setting)
    assert str(caught.value).startswith(message)
    assert _left_behind() == before


def test_the_documented_sweep_of_rounds_runs_on_the_penalty_limit() -> None:
    study = Study.design("ferry", games=3, base=["penalty-limit"], sweeps={"rounds": [2, 4]})
    rules = [arm.rules(GAMES["ferry"]) for arm in study.arms]
    assert [r.rounds for r in rules] == [None, 2, 4]  # type: ignore[attr-defined]
    assert {r.penalty_limit for r in rules} == {26}  # type: ignore[attr-defined]


def test_bad_studies_are_refused() -> None:
    with pytest.raises(ValueError, match="games must be"):
        Study.design("ferry", games=0)
    with pytest.raises(ValueError, match="two arms are called 'frog'"):
        Study.design("ferry", ["frog", "frog"], games=3)
    with pytest.raises(ValueError, match="unknown game"):
        Study.design("chess", games=3)
    with pytest.raises(ValueError, match="has no values"):
        Study.design("ferry", games=3, sweeps={"hand_size": []})
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        Study.design("ferry", games=3, bots=["clever"])
    with pytest.raises(RulesDataError, match="unknown ferry variant 'owl'"):
        Study.design("ferry", ["owl"], games=3)
