"""``noahrules balance`` as a designer runs it: the report, sweeps, samples, the missing extra,
bad command lines and Ctrl-C."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

import pytest

from noahrules.cli import balance as cli
from noahrules.cli.balance import main
from tests.lab.jobs import interrupt_study


def test_balance_registers_beside_other_commands() -> None:
    parser = argparse.ArgumentParser(prog="noahrules")
    commands = parser.add_subparsers()
    cli.register(commands)
    args = parser.parse_args(["balance", "ferry", "--variant", "frog", "--games", "9"])
    assert args.command is cli.run
    assert (args.game, args.variant, args.games, args.keep, args.out) == (
        "ferry",
        ["frog"],
        9,
        3,
        "balance-report",
    )


def test_a_study_with_a_variant_file_and_a_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    owls = tmp_path / "owls.yaml"
    owls.write_text("description: owls\nrules: {departure_gifts: [0, 1, 2, 3]}\n", "utf-8")
    out = tmp_path / "report"
    status = main(
        ["balance", "ferry", "--variant", f"frog,{owls}", "--set", "hand_size=7", "--games",
         "6", "--keep", "2", "--workers", "1", "--out", str(out), "--bots", "greedy,random"]
    )  # fmt: skip
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "playing 24 games: 4 arms x (2 deals x 3 seat orders at 3 players)" in captured.err
    assert f"report written to {out / 'report.html'}" in captured.out
    assert "24 games under 4 arms" in captured.out
    data = json.loads((out / "report.json").read_text("utf-8"))
    assert [a["name"] for a in data["arms"]] == ["base", "frog", "owls.yaml", "hand_size=7"]
    assert data["arms"][3]["variants"] == ["--set hand_size=7"]
    assert data["arms"][3]["settings"] == {"hand_size": 7}
    assert not (out / "variants").exists()  # a setting leaves no file behind
    assert all(len(arm["samples"]) == 2 for arm in data["arms"])
    for arm in data["arms"]:
        for sample in arm["samples"]:
            assert (out / sample["file"]).is_file()
    for name in ("seats", "lengths", "scores", "differences"):
        assert (out / "figures" / f"{name}.png").is_file()
        assert (out / "figures" / f"{name}.svg").is_file()
    written = json.loads((out / ".noahrules-lab.json").read_text("utf-8"))
    assert "games.csv" in written and "figures/seats.svg" in written
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == sorted(
        [*written, ".noahrules-lab.json"]
    )


def test_three_player_counts_two_variants_and_a_strength_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A designer's study: one run over 2, 3 and 4 players, two variants, and the same study
    played again by other bots."""
    out = tmp_path / "report"
    args = ["balance", "island", "--variant", "advanced-scoring,small-island", "--players",
            "2,3,4", "--games", "4", "--check-bots", "search:iterations=2,random", "--keep", "0",
            "--no-figures",
            "--workers", "1", "--out", str(out)]  # fmt: skip
    assert main(args) == 0, capsys.readouterr().err
    captured = capsys.readouterr()
    assert "then again with search:iterations=2, random" in captured.err
    data = json.loads((out / "report.json").read_text("utf-8"))
    assert data["players"] == [2, 3, 4]
    assert data["check_bots"] == ["search:iterations=2", "random"]  # bots as spec strings
    assert [(a["name"], a["players"]) for a in data["arms"]][:4] == [
        ("base", 2), ("base", 3), ("base", 4), ("advanced-scoring", 2)
    ]  # fmt: skip
    assert [(s["players"], s["deals"], s["games_per_arm"]) for s in data["sizes"]] == [
        (2, 2, 4), (3, 2, 6), (4, 1, 4)
    ]  # fmt: skip
    findings = data["findings"]
    assert findings and all(f["check"] is not None for f in findings)
    for finding in findings:
        assert finding["p_adjusted"] >= finding["p_value"]
        assert finding["significant"] == (finding["p_adjusted"] < 0.05)
        assert finding["method"] and finding["family"]
    assert {f["name"] for f in data["families"]} == {
        "seats",
        "against the base",
        "dealt: x2 species face up at the start",
    }
    rows = list(csv.DictReader((out / "games.csv").open(encoding="utf-8")))
    main_rows = [r for r in rows if r["study"] == "main"]
    assert len(main_rows) == 3 * (4 + 6 + 4) and len(rows) == 2 * len(main_rows)
    four = next(r for r in main_rows if r["players"] == "4")
    assert four["seat 3 bot"] == "greedy" and four["turns"] and four["rounds"]
    two = next(r for r in main_rows if r["players"] == "2")
    assert two["seat 2 bot"] == "" and two["seat 2 score"] == ""
    text = (out / "report.md").read_text("utf-8")
    assert "## Does the first player's edge change with the player count?" in text
    assert "## Do the findings hold with other bots?" in text


def test_overwrite_replaces_a_previous_study_and_keeps_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report"
    out.mkdir()
    (out / "house-rule.yaml").write_text("rules: {water_tiles: 30}\n", encoding="utf-8")
    args = ["balance", "island", "--games", "3", "--keep", "1", "--workers", "1", "--out",
            str(out), "--no-figures"]  # fmt: skip
    assert main(args) == 1
    assert "is not empty (house-rule.yaml)" in capsys.readouterr().err
    assert main([*args, "--overwrite"]) == 0
    first = sorted(p.name for p in out.rglob("*"))
    assert main([*args, "--overwrite", "--keep", "0"]) == 0
    assert not (out / "games").exists()  # the previous study's samples are gone
    assert (out / "house-rule.yaml").is_file() and "games" in first


def test_a_silent_arm_is_refused_before_play_unless_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["balance", "ferry", "--set", "hand_size=9", "--games", "3", "--keep", "0",
            "--no-figures", "--workers", "1", "--out", str(tmp_path / "a")]  # fmt: skip
    assert main(args) == 1  # a problem with the study, in one message: no usage, no folder
    err = capsys.readouterr().err
    assert err.startswith("noahrules: error: arms that would play as others:")
    assert "hand_size=9 plays move for move as base at 3 players" in err
    assert "--allow-identical" in err and "playing" not in err and "usage:" not in err
    assert not (tmp_path / "a").exists()
    assert main([*args, "--allow-identical"]) == 0
    captured = capsys.readouterr()
    assert "playing anyway: hand_size=9 plays move for move as base" in captured.err
    assert "note: played anyway: hand_size=9" in captured.out


def test_the_missing_extra_is_explained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "openskill", None)
    args = ["balance", "island", "--games", "3", "--workers", "1", "--out", str(tmp_path)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "matplotlib" in err and "pip install 'noahrules[lab]'" in err
    assert "--no-figures" in err
    assert not (tmp_path / "report.json").exists()
    assert main([*args, "--bots", "greedy,random", "--no-figures"]) == 1
    assert "openskill" in capsys.readouterr().err
    assert main([*args, "--no-figures", "--keep", "0"]) == 0  # the core is enough
    assert (tmp_path / "report.json").is_file() and not (tmp_path / "figures").exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "3", "--set", "hand_size"], "expected NAME=VALUE"),
        (["--games", "3", "--players", "9"], "does not take 9 players"),
        (["--games", "3", "--players", "2,x"], "expected counts such as 3 or 2,3,4"),
        (["--games", "3", "--players", "3,3"], "given twice"),
        (["--games", "3", "--check-bots", "clever"], "unknown bot 'clever'"),
        (["--games", "3", "--correction", "sidak"], "invalid choice: 'sidak'"),
        (["--games", "3", "--keep", "-1"], "--keep must be at least 0"),
        (["--games", "3", "--bots", "clever"], "unknown bot 'clever'"),
        (["--games", "3", "--dask", "--scheduler", "tcp://x:1"], "not allowed with"),
        (["--games", "3", "--variant", "frog", "--variant", "frog"], "two arms are called 'frog'"),
        ([], "--games is required (unless --pool)"),
        (["--games", "3", "--margin", "0.02"], "--margin is for --until-clear"),
        (["--games", "3", "--until-clear", "--margin", "x"], "expected X or NAME=X"),
        (["--games", "3", "--until-clear", "--margin", "length=0.1"], "no margin for 'length'"),
        (["--games", "3", "--until-clear", "--margin", "seats=-1"], "a positive number"),
        (["--pool", "elsewhere", "--until-clear"], "--until-clear plays games: not with --pool"),
    ],
)
def test_bad_command_lines(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["balance", "ferry", "--out", str(tmp_path), *extra]) == 2
    assert message in capsys.readouterr().err


def test_a_comma_list_of_base_variants_with_a_player_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--base", "advanced-scoring,small-island", "--players", "3"]
    args = ["balance", "island", *base, "--games", "3", "--keep", "0", "--no-figures"]
    assert main([*args, "--workers", "1", "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "report.json").read_text("utf-8"))
    assert report["players"] == [3]
    assert report["arms"][0]["variants"] == ["advanced-scoring", "small-island"]


def test_bad_rules_are_a_problem_not_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["balance", "ferry", "--games", "3", "--set", "hand_sise=7", "--out", str(tmp_path)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "noahrules: error: --set hand_sise=7: rules.hand_sise: unknown key 'hand_sise'" in err
    assert not any(tmp_path.iterdir())  # refused before anything is played or written


def test_ctrl_c_writes_the_report_of_the_deals_played(tmp_path: Path) -> None:
    out = tmp_path / "report"
    arguments = ["island", "--variant", "small-island", "--games", "300000", "--block", "4",
                 "--workers", "2", "--keep", "1"]  # fmt: skip
    ended = interrupt_study(arguments, out, group=False)
    assert ended.plan.startswith("playing 600,000 games")
    assert ended.status == 130, ended.err
    data = json.loads((out / "report.json").read_text("utf-8"))
    (size,) = data["sizes"]
    assert data["interrupted"] and size["deals"] % 4 == 0 and size["deals"] < 100_000
    assert size["games_per_arm"] == 3 * size["deals"]
    assert "interrupted: the report covers the deals played" in ended.out
    assert (out / "report.html").is_file() and (out / "figures" / "seats.svg").is_file()


def test_a_variant_of_the_other_game_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = tmp_path / "short-ferries.yaml"
    short.write_text("ferries:\n  remove: [ferry-1]\n  add: [{id: short, capacity: 18}]\n")
    args = ["balance", "island", "--variant", str(short), "--games", "3", "--out", str(tmp_path)]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert (
        "'ferries' is a key of ferry variants: this looks like a ferry variant, not one of "
        "the island game's" in err
    )


def test_what_validate_warns_of_is_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["balance", "island", "--set", "actions_per_turn=0", "--games", "3", "--keep", "0",
            "--no-figures", "--workers", "1", "--out", str(tmp_path)]  # fmt: skip
    assert main(args) == 0
    warning = (
        "actions_per_turn=0: warning: --set actions_per_turn=0: rules.actions_per_turn: "
        "no action is ever taken: nobody rescues (I12)"
    )
    assert f"note: {warning}" in capsys.readouterr().out
    assert warning in json.loads((tmp_path / "report.json").read_text("utf-8"))["notes"]


def test_games_stopped_at_the_cap_are_counted_apart_and_one_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a cap of 230 decisions half the two-player ferry games stop (F27 sets no end): they
    are named in the notes with a record of one, and left out of the win rates unless
    --count-capped counts them."""
    args = ["balance", "ferry", "--players", "2", "--games", "8", "--max-decisions", "230",
            "--keep", "1", "--no-figures", "--workers", "1"]  # fmt: skip
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    data = json.loads((tmp_path / "a" / "report.json").read_text("utf-8"))
    (base,) = data["arms"]
    assert 0 < base["unfinished"] < 8
    finished = 8 - base["unfinished"]
    assert base["positions"][0]["games"] == finished
    (sample,) = base["samples"]
    assert sample["kind"] == "capped" and sample["decisions"] == 230
    assert (tmp_path / "a" / sample["file"]).is_file()
    note = (
        f"base: {base['unfinished']} of 8 games stopped at the cap of 230 decisions: the bots "
        f"looped, or the games are longer than the cap (one is recorded in {sample['file']}); "
        "left out of the win rates"
    )
    assert data["notes"][0].startswith(note) and f"note: {note}" in out
    assert main([*args, "--count-capped", "--out", str(tmp_path / "b")]) == 0
    counted = json.loads((tmp_path / "b" / "report.json").read_text("utf-8"))
    assert counted["arms"][0]["positions"][0]["games"] == 8 and counted["count_capped"]
