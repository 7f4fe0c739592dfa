"""The README's examples run, so it cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (yaml_block,) = blocks("yaml")
    house_rules = tmp_path / "my" / "house-rules.yaml"
    house_rules.parent.mkdir()
    house_rules.write_text(yaml_block, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    python_blocks = blocks("python")
    assert len(python_blocks) == 5
    spaces: list[dict[str, Any]] = []
    for code in python_blocks:  # each example stands on its own
        spaces.append({})
        exec(compile(code, str(README), "exec"), spaces[-1])
    ferry_game, island_game, saved, house, learning = spaces
    assert ferry_game["ferry"].is_over(ferry_game["state"])
    assert island_game["island"].is_over(island_game["state"])
    assert len(saved["record"].moves) == 20
    rules = house["rules"]
    assert rules.card["heron-1"].abilities.capacity_limit == 15
    assert rules.hand_size == 6
    assert "crocodile-1" in rules.card
    assert learning["game"].possible_agents == [f"player_{i}" for i in range(4)]
    assert learning["single"].spec.id == "noahrules/Island-v0"
    assert learning["spiel"].num_players() == 3


def test_readme_commands_match_ci() -> None:
    commands = blocks("sh")[0]
    test_command = commands.strip().splitlines()[1]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
