"""The ``noahrules`` command line, driven through :func:`noahrules.cli.main` (and once through
the installed console script)."""

from __future__ import annotations

import builtins
import io
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from noahrules import GAMES, ferry, island, serialize
from noahrules.cli import Paint, main
from noahrules.cli.common import number
from noahrules.data import data_dir, known_variants
from noahrules.island.moves import EndTurn, MoveArk, Rescue
from noahrules.island.render import IslandScreen
from noahrules.records import GameRecord, final_state

ANSWERS = "1\n" * 5000
"""Enough "1" answers to finish any game."""


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    """Run the command line with ``stdin``; its exit status, standard output and error."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # names in English
        monkeypatch.delenv(name, raising=False)
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


# play


def test_play_ferry_to_the_end_reasking_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["play", "ferry", "--players", "3", "--bots", "random", "--seed", "3"]
    status, out, err = run(capsys, monkeypatch, args, "\nx\n999\n0\n" + ANSWERS)
    assert status == 0, err
    assert "Nothing typed; type a number from 1 to" in out
    assert "'x' is not a choice; type a number from 1 to" in out
    assert "999 is not a choice" in out
    assert "0 is not a choice" in out
    assert "Noah> dock" in out  # the table, with Noah's dock marked
    assert "Your hand:" in out
    assert "    1. play " in out  # numbered options with readable labels
    assert re.search(r"Seat [12] played \w+-\d+ \((male|female)", out)  # the bots' moves
    assert "Game over." in out
    assert re.search(r"you \(seat 0\)\s+\d+", out)
    assert re.search(r"seat 2 \(random\)\s+\d+", out)
    assert "You win!" in out or "Winners: " in out or "You share the win!" in out
    assert "Traceback" not in out + err
    assert "\x1b[" not in out  # no colours when the output is not a terminal


def test_play_island_to_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["play", "island", "--players", "2", "--bots", "random", "--seed", "5"]
    status, out, err = run(capsys, monkeypatch, args, "abc\n-1\n" + ANSWERS)
    assert status == 0, err
    assert "'abc' is not a choice" in out
    assert "'-1' is not a choice" in out
    assert re.search(r"^ +1\) s\d+ \d+,\d+ ark space +2\) s", out, re.MULTILINE)
    assert "Flood a space next to the water:" in out
    assert "Face up: " in out  # the legend of the face-up tiles on the map
    assert re.search(r"^ 8  ~ ~ ", out, re.MULTILINE)  # the map's rows, numbered
    assert re.search(r"Seat 1 flooded space \d+", out)
    assert "Game over." in out
    assert re.search(r"^points:\n  you \(seat 0\)\s+\d+", out, re.MULTILINE)


@pytest.mark.parametrize("game", ["ferry", "island"])
def test_play_ends_cleanly_at_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    status, out, err = run(capsys, monkeypatch, ["play", game, "--seed", "1"], "x\n")
    assert status == 0
    assert "'x' is not a choice" in out
    assert "Goodbye" in out
    assert "Game over." not in out
    assert err == ""


def test_play_quit_and_ctrl_c_end_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, ["play", "ferry", "--seed", "2"], "q\n1\n")
    assert status == 0
    assert "Goodbye" in out

    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    status, out, err = run(capsys, monkeypatch, ["play", "island", "--seed", "2"])
    assert status == 130  # interrupted, as the shell counts it
    assert "Goodbye" in out
    assert "Traceback" not in out + err


def test_play_default_bots_exist(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, ["play", "ferry", "--players", "2", "--seed", "4"])
    assert status == 0
    assert "seat 1 (greedy)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "ferry", "--players", "9"], "ferry takes 2 to 5 players, not 9"),
        (["play", "island", "--players", "5"], "island takes 2 to 4 players, not 5"),
        (["play", "ferry", "--bots", "random,nobody"], "unknown bot 'nobody'"),
        (["play", "chess"], "invalid choice: 'chess'"),
        (["simulate", "ferry", "--games", "0"], "--games must be at least 1"),
        (["simulate", "ferry"], "the following arguments are required: --games"),
        (["board", "ferry"], "invalid choice: 'ferry'"),
        (["cards"], "the following arguments are required: game"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_bad_command_lines_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    status, out, err = run(capsys, monkeypatch, args)
    assert status == 2
    assert message in err
    assert "Traceback" not in out + err


def test_unknown_variant_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, monkeypatch, ["cards", "ferry", "--variant", "nope"])
    assert status == 1
    assert out == ""
    assert "unknown ferry variant 'nope'; known variants: crocodile, frog" in err


# simulate


@pytest.mark.parametrize(("game", "players"), [("ferry", 3), ("island", 2)])
def test_simulate_prints_tables_and_writes_json(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
    players: int,
) -> None:
    target = tmp_path / "report.json"
    args = ["simulate", game, "--games", "5", "--players", str(players), "--bots", "random"]
    args += ["--workers", "1", "--seed", "7", "--json", str(target)]
    status, out, err = run(capsys, monkeypatch, args)
    assert status == 0, err
    assert f"{game}: 5 games, {players} players" in out
    assert "Wins by seat" in out
    assert re.search(r"seat 0\s+\d+\.\d%\s+[\d.]+/5\s+\d+\.\d% - \d+\.\d%", out)
    assert re.search(r"random\s+\d+\.\d%", out)
    assert re.search(r"decisions\s+\d+\.\d\d", out)
    report = json.loads(target.read_text())
    assert set(report) >= {"game", "players", "bots", "games", "by_seat", "by_bot", "results"}
    assert report["game"] == game
    assert report["games"] == 5
    assert len(report["results"]) == 5
    assert len(report["by_seat"]) == players
    assert f"report written to {target}" in out


# validate


@pytest.mark.parametrize(
    ("game", "name"), [(g, v) for g in sorted(GAMES) for v in known_variants(g)]
)
def test_validate_packaged_variants(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, name: str
) -> None:
    path = data_dir(game) / "variants" / f"{name}.yaml"
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 0
    assert out == f"{path}: ok ({game} variant)\n"


def test_validate_packaged_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = data_dir("island") / "boards" / "default.yaml"
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert (status, out) == (0, f"{path}: ok (island board)\n")


def test_validate_broken_variant(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "heron.yaml"
    path.write_text(
        "description: a heron\n"
        "animals:\n"
        "  add:\n"
        "    - id: heron-1\n"
        "      species: heron\n"
        "      gender: female\n"
        "      weight: 2\n"
        "      tears: one\n"
    )
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 1
    assert f"{path}:8:14: animals.add[0].tears: expected an integer, got str 'one'" in out
    assert out.endswith("1 problem\n")


def test_validate_reports_every_problem(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "herons.yaml"
    path.write_text(
        "animals:\n"
        "  add:\n"
        "    - {id: heron-1, species: heron, gender: female, weight: 2, tears: 1}\n"
        "    - {id: heron-2, species: heron, gender: female, weight: 40, tears: 1}\n"
        "    - id: heron-3\n"
        "      species: heron\n"
        "      gender: femal\n"
        "      weight: 2\n"
        "      tears: 1\n"
        "rules:\n"
        "  hand_size: 7\n"
        "  hand_size: 6\n"
    )
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 1
    assert out.splitlines() == [
        f"{path}:4:61: animals.add[1].weight: weight 40 exceeds capacity 21: "
        "the card could never be played (F12)",
        f"{path}:7:15: animals.add[2].gender: must be one of male, female, either, got 'femal'",
        f"{path}:12:3: bad YAML: duplicate key 'hand_size' (first at line 11)",
        "3 problems",
    ]


def test_validate_with_game_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("animals:\n  remove: [cat-1]\n")
    assert run(capsys, monkeypatch, ["validate", str(path)])[:2] == (
        0,
        f"{path}: ok (ferry variant)\n",
    )
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path), "--game", "island"])
    assert status == 1
    assert (
        f"{path}:1:1: animals: 'animals' is a key of ferry variants: this looks like a "
        "ferry variant, not one of the island game's (unknown key 'animals'; known keys:" in out
    )


def test_validate_a_variant_every_game_takes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "note.yaml"
    path.write_text("description: a house rule still to write\n")
    assert run(capsys, monkeypatch, ["validate", str(path)])[:2] == (
        0,
        f"{path}: ok (ferry variant or island variant)\n",
    )


def test_validate_malformed_yaml(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("rules:\n  hand_size: 6\n  rounds: [1\n")
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 1
    assert re.match(rf"{re.escape(str(path))}:4:1: malformed YAML: did not find expected", out)


def test_validate_board_problem_has_its_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text('# a board\nlegend: {"~": sea, "#": jungle}\nmap: |2\n   ~ ~ ~\n  ~ # X ~\n')
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 1
    assert f"{path}:5: map: row 2, column 5: 'X' is not in the legend" in out


def test_validate_missing_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "nothing.yaml"
    assert run(capsys, monkeypatch, ["validate", str(path)])[:2] == (1, f"{path}: no such file\n")


# cards and board


def test_cards_ferry_lists_every_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, ["cards", "ferry"])
    assert status == 0
    assert out.startswith("47 animal cards")
    rows = re.findall(
        r"^  ([a-z]+-\d+) +[A-Z][a-z]+ +[a-z]+ +(male|female|either) +\d+ +\d+", out, re.M
    )
    assert len(rows) == 47
    assert [r[0] for r in rows] == [c.id for c in ferry.load_rules().animals]
    assert re.search(r"^  woodpecker-1 .*capacity_limit 13$", out, re.MULTILINE)
    assert "8 ferry cards" in out


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "ferry", "--variant", "frog", "--variant", "roommate"],
        ["cards", "--variant", "frog", "ferry", "--variant", "roommate"],
        ["cards", "--variant", "frog,roommate", "ferry"],
        ["cards", "ferry", "--variant=frog, roommate"],
    ],
)
def test_cards_ferry_with_variants_repeated_or_comma_listed_in_any_position(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    status, out, err = run(capsys, monkeypatch, args)
    assert status == 0, err
    assert out.startswith("45 animal cards (variants: frog, roommate)")
    assert re.search(r"^  frog-1 .*wild_weight 1-5$", out, re.MULTILINE)
    assert "snail-1" not in out
    assert re.search(r"^  roommate +Roommate ferry +21 +one of each species$", out, re.MULTILINE)


def test_cards_island_lists_tiles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, ["cards", "island"])
    assert status == 0
    assert out.startswith("80 animal tiles")
    assert re.search(r"^  fishbone +Fishbone +6 +0 +no", out, re.MULTILINE)


@pytest.mark.parametrize(("variants", "jungle"), [([], 74), (["--variant", "small-island"], 24)])
def test_board_island_counts_spaces(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    variants: list[str],
    jungle: int,
) -> None:
    status, out, _ = run(capsys, monkeypatch, ["board", "island", *variants])
    assert status == 0
    assert re.search(rf"^  # jungle +{jungle} spaces$", out, re.MULTILINE)
    assert re.search(r"^ {2}1 +~ ~", out, re.MULTILINE)


# colours, the console script and the demo


def test_colours_only_for_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Paint.for_stream(Terminal())("x", "bold") == "\x1b[1mx\x1b[0m"
    assert Paint.for_stream(io.StringIO())("x", "bold") == "x"
    monkeypatch.setenv("NO_COLOR", "1")
    assert Paint.for_stream(Terminal())("x", "bold") == "x"


def test_installed_console_script() -> None:
    script = Path(sys.executable).parent / "noahrules"
    result = subprocess.run(
        [str(script), "board", "island"], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "74 spaces" in result.stdout
    result = subprocess.run(
        [str(script), "play", "chess"], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2
    assert "invalid choice: 'chess'" in result.stderr


def test_module_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "noahrules.cli", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    for command in ("play", "simulate", "validate", "cards", "board"):
        assert command in result.stdout


def test_python_dash_m_noahrules_is_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "noahrules", "simulate", "island", "--games", "2", "--workers", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "island: 2 games" in result.stdout and "Wins by seat" in result.stdout


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    script = Path(sys.executable).parent / "noahrules"
    result = subprocess.run(
        f"'{script}' cards ferry | head -n 2",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout.count("\n") == 2
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


# bots of your own

CAUTIOUS = '''
from noahrules import ferry
from noahrules.bots.base import moves_to_choose


class Cautious:
    """Plays the lightest card it may; otherwise the first legal move."""

    name = "cautious"

    def __init__(self, game, seed=0):
        self.game = game

    def choose(self, view):
        moves = moves_to_choose(view)
        plays = [m for m in moves if isinstance(m, ferry.PlayAnimal)]
        if not plays:
            return moves[0]
        return min(plays, key=lambda m: view.rules.card[m.card].weight)
'''


def test_a_bot_of_your_own_plays_in_noahrules_simulate_by_its_import_path(
    tmp_path: Path,
) -> None:
    (tmp_path / "cautious_bot.py").write_text(CAUTIOUS, encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "noahrules",
            "simulate",
            "ferry",
            "--games",
            "6",
            "--players",
            "2",
            "--workers",
            "2",
            "--bots",
            "cautious_bot:Cautious,greedy",
        ],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "bots cautious_bot:Cautious, greedy" in result.stdout
    assert re.search(r"\n  cautious_bot:Cautious +\d", result.stdout)


def test_an_installed_package_offers_a_bot_through_the_entry_point_group(tmp_path: Path) -> None:
    (tmp_path / "cautious_bot.py").write_text(CAUTIOUS, encoding="utf-8")
    info = tmp_path / "cautious-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cautious\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[noahrules.bots]\ncautious = cautious_bot:Cautious\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "noahrules",
            "simulate",
            "ferry",
            "--games",
            "4",
            "--players",
            "2",
            "--workers",
            "1",
            "--bots",
            "cautious,random",
        ],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "bots cautious, random" in result.stdout


def test_unknown_bots_and_unwritable_reports_are_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = ["simulate", "ferry", "--games", "100000", "--json", str(tmp_path / "no" / "r.json")]
    started = time.monotonic()
    status, _, err = run(capsys, monkeypatch, args)
    assert status == 2 and "cannot write there" in err
    assert time.monotonic() - started < 5
    status, _, err = run(
        capsys, monkeypatch, ["simulate", "ferry", "--games", "1", "--bots", "no.such.module:Bot"]
    )
    assert status == 2 and "cannot import the bot 'no.such.module:Bot'" in err


def screens(out: str) -> list[list[str]]:
    """The output cut after each decision: what a player sees for one decision."""
    chunks: list[list[str]] = [[]]
    for line in out.splitlines():
        chunks[-1].append(line)
        if line.startswith(("Your choice [", "Only one choice:")):
            chunks.append([])
    return chunks[:-1]


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (4, 3), (3, 4), (2, 5)])
def test_each_island_decision_fits_40_lines_of_100_columns_on_the_default_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, players: int, seed: int
) -> None:
    answers = "".join(f"{1 + (i * 7) % 3}\n" for i in range(3000))  # 1, 2, 3, 1, ...
    args = ["play", "island", "--players", str(players), "--bots", "greedy", "--seed", str(seed)]
    status, out, err = run(capsys, monkeypatch, args, answers)
    assert status == 0, err
    assert "Game over." in out
    decisions = screens(out)
    assert len(decisions) > 20
    assert max(len(lines) for lines in decisions) <= 40
    assert max(len(line) for line in out.splitlines()) <= 100


def test_an_island_choice_is_typed_as_its_number_its_space_or_its_map_place(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 3, 4 players: the ark spaces are 12 (row 2, column 15), 39 (5,6), 48 (5,24), ...
    args = ["play", "island", "--players", "4", "--bots", "greedy", "--seed", "3"]
    status, out, _ = run(capsys, monkeypatch, args, "s12\n5,6\ns999\n1,1\nq\n")
    assert status == 0
    assert "You placed your ark on space 12" in out
    # 5,6 is ark space 39, not among the flood choices; s999 and 1,1 name no choice
    assert "'5,6' is not a choice; type a number from 1 to" in out
    assert "'s999' is not a choice" in out and "'1,1' is not a choice" in out
    assert "a space as s12 or a place on the map as row,column" in out


def test_a_space_in_two_choices_asks_for_the_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = island.view(island.new_game(island.load_rules(), 2, seed=1), 0)
    screen = IslandScreen(view.rules, {}, Paint(False), 0)
    moves = (MoveArk(3), Rescue(3, 9), Rescue(9, 20), EndTurn())
    assert screen.named(view, moves, "s3") == (0, 1)
    assert screen.named(view, moves, "S9") == (1, 2)
    assert screen.named(view, moves, "s20") == (2,)
    assert screen.named(view, moves, "1 14") == (0, 1)  # space 3 is at row 1, column 14
    assert view.rules.board.position[3] == (1, 14)
    assert screen.named(view, moves, "end") == ()


def test_play_save_writes_the_record_and_replay_steps_through_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    args = ["play", "ferry", "--players", "3", "--bots", "random", "--seed", "8"]
    status, out, err = run(capsys, monkeypatch, [*args, "--save", str(saved)], ANSWERS)
    assert status == 0, err
    record = json.loads(saved.read_text())
    moves = len(record["moves"])
    assert f"game record written to {saved} ({moves} moves)" in out
    assert record["game"] == "ferry" and record["seed"] == 8 and record["players"] == 3

    status, out, err = run(capsys, monkeypatch, ["replay", str(saved)])
    assert status == 0, err
    assert f"ferry: 3 players, seed 8, {moves} moves" in out
    assert re.findall(r"^Move (\d+) \(seat \d\)$", out, re.MULTILINE) == [
        str(n) for n in range(1, moves + 1)
    ]
    assert "Hand of seat 0:" in out and "Hand of seat 2:" in out  # the whole table
    assert re.search(r"^Game over. penalties: seat 0 \d+, seat 1 \d+, seat 2 \d+$", out, re.M)

    status, out, err = run(capsys, monkeypatch, ["replay", str(saved), "--seat", "1"])
    assert status == 0, err
    assert "Your hand:" in out and "Hand of seat" not in out  # only what seat 1 saw


def test_play_saves_an_unfinished_game_and_refuses_an_unwritable_path_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "left.json"
    args = ["play", "island", "--seed", "4", "--save", str(saved)]
    status, out, _ = run(capsys, monkeypatch, args, "1\n1\nq\n")
    assert status == 0 and "Goodbye" in out
    record = json.loads(saved.read_text())
    assert len(record["moves"]) >= 2
    status, out, err = run(capsys, monkeypatch, ["replay", str(saved)])
    assert status == 0, err

    bad = ["play", "ferry", "--save", str(tmp_path / "no" / "such" / "g.json")]
    status, out, err = run(capsys, monkeypatch, bad, ANSWERS)
    assert status == 2 and "--save" in err and "cannot write there" in err
    assert "Round 1" not in out  # refused before the game began


def test_replay_refuses_bad_records_with_a_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = tmp_path / "none.json"
    status, _, err = run(capsys, monkeypatch, ["replay", str(missing)])
    assert status == 1 and "cannot read" in err
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "ferry", "moves": [')
    status, _, err = run(capsys, monkeypatch, ["replay", str(broken)])
    assert status == 1 and err.startswith("noahrules: error:")
    forged = tmp_path / "forged.json"
    record = {"game": "ferry", "variants": [], "players": 3, "seed": 1, "first_player": 0}
    record["digest"] = ferry.load_rules().digest
    record["moves"] = [{"type": "MoveNoah", "dock": 4}]  # the first move must play (F11)
    forged.write_text(json.dumps(record))
    status, _, err = run(capsys, monkeypatch, ["replay", str(forged)])
    assert status == 1 and "move 0" in err and "cannot be replayed" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("value", "shown"),
    [(300.0, "300"), (299.99999999999994, "300"), (300.5, "300.5"), (1 / 3, "0.33"), (0, "0")],
)
def test_numbers_print_without_float_noise(value: float, shown: str) -> None:
    assert number(value) == shown


def test_simulate_records_sample_games_that_replay_to_the_reported_scores(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder, report = tmp_path / "games", tmp_path / "report.json"
    args = ["simulate", "island", "--games", "6", "--players", "2", "--bots", "random,greedy"]
    args += ["--workers", "1", "--json", str(report), "--records", str(folder), "--keep", "2"]
    status, out, err = run(capsys, monkeypatch, args)
    assert status == 0, err
    results = json.loads(report.read_text())["results"]
    files = sorted(folder.iterdir())
    assert len(files) == 2
    for file in files:
        name = re.fullmatch(r"(decisive|closest|longest)-game(\d+)\.json", file.name)
        assert name is not None
        index = int(name[2])
        assert f"recorded in {file}" in out
        record = serialize.from_json(file.read_text(), GameRecord)
        assert record.seed == results[index]["seed"]
        assert list(GAMES["island"].scores(final_state(record))) == results[index]["scores"]
    bad = ["simulate", "ferry", "--games", "2", "--records", str(report / "x")]
    status, _, err = run(capsys, monkeypatch, bad)
    assert status == 2 and "--records" in err  # a file stands where the folder should be
