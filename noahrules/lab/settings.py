"""Rules parameters set by a study (``--set hand_size=7``), loaded as a variant of their own.

A setting is checked exactly as the same line of a variant file would be, and its errors name
the setting (``--set hand_size=-1: rules.hand_size: must be at least 1, got -1``). Nothing is
left behind: the overlay is written to a temporary folder of its own while the rules load, then
removed (the rules, once loaded, are values that need no file).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from noahrules.errors import RulesDataError
from noahrules.game import Game, RulesValue

__all__ = ["Setting", "label", "load_with", "shown"]

Setting = tuple[str, Any]
"""A rules parameter and its value, as YAML reads it: ``("hand_size", 7)``."""


def shown(value: object) -> str:
    """A parameter value as YAML writes it in a flow (``null``, ``7``, ``[1, 2]``)."""
    text: str = yaml.safe_dump(value, default_flow_style=True, width=1000)
    return text.removesuffix("\n...\n").strip()


def label(settings: Sequence[Setting]) -> str:
    """How errors and rules values name some settings: ``hand_size=7, rounds=2``."""
    return ", ".join(f"{name}={shown(value)}" for name, value in settings)


def load_with(game: Game, variants: Sequence[str], settings: Sequence[Setting]) -> RulesValue:
    """``game``'s rules with ``variants`` and then ``settings`` applied; a
    :class:`~noahrules.errors.RulesDataError` naming the setting for a value the rules refuse.
    The rules' ``variants`` name the settings as a file: ``hand_size=7.yaml``."""
    if not settings:
        rules: RulesValue = game.load_rules(variants)
        return rules
    name = label(settings)
    values = {key: _anchored(value) for key, value in settings}
    text = yaml.safe_dump(
        {"description": f"balance study setting: {name}", "rules": values},
        sort_keys=False,
    )
    with tempfile.TemporaryDirectory(prefix="noahrules-set-") as folder:
        path = Path(folder) / f"{_file_name(name)}.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            rules = game.load_rules([*variants, str(path)])
        except RulesDataError as exc:
            if Path(exc.file) != path:
                raise
            raise RulesDataError(f"--set {name}", exc.path, exc.problem) from None
    return rules


def _anchored(value: object) -> object:
    """A value naming a YAML file of the working folder (an island ``board``) as an absolute
    path: a variant file's paths are read from its own folder, which here is a temporary one."""
    if isinstance(value, str) and value.endswith((".yaml", ".yml")):
        path = Path(value)
        if not path.is_absolute() and path.is_file():
            return str(path.resolve())
    return value


def _file_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "._=-" else "_" for c in name).strip("_")[:120]
