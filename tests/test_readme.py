"""The README's examples run, so it cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

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
    assert len(python_blocks) == 3
    namespace: dict[str, object] = {}
    for code in python_blocks:
        exec(compile(code, str(README), "exec"), namespace)
    assert namespace["island"].is_over(namespace["state"])  # type: ignore[attr-defined]
    rules = namespace["rules"]
    assert rules.card["heron-1"].abilities.capacity_limit == 15  # type: ignore[attr-defined]
    assert rules.hand_size == 6  # type: ignore[attr-defined]
    assert "crocodile-1" in rules.card  # type: ignore[attr-defined]


def test_readme_commands_match_ci() -> None:
    (commands,) = blocks("sh")
    test_command = commands.strip().splitlines()[1]
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
