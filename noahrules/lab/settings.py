"""Rules parameters set by a study (``--set hand_size=7``), loaded as a variant held in memory.

A setting is an :class:`~noahrules.data.Overlay` labelled as the command line writes it: it is
checked exactly as the same line of a variant file would be, its errors name it (``--set
hand_size=-1: rules.hand_size: must be at least 1, got -1``), and nothing is written anywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml

from noahrules.data import Overlay
from noahrules.game import Game, RulesValue
from noahrules.games import load_variants

__all__ = ["Setting", "label", "load_with", "overlay", "plain", "shown", "warnings_with"]

Setting = tuple[str, Any]
"""A rules parameter and its value, as YAML reads it: ``("hand_size", 7)``."""


def shown(value: object) -> str:
    """A parameter value as YAML writes it in a flow (``null``, ``7``, ``[1, 2]``)."""
    text: str = yaml.safe_dump(value, default_flow_style=True, width=1000)
    return text.removesuffix("\n...\n").strip()


def plain(value: object) -> tuple[bool, Any]:
    """A rules value as a setting would give it (tuples as lists) and whether it is one: a
    number, a string, a truth value, ``None``, or lists and mappings of them (a board is
    not)."""
    if value is None or isinstance(value, bool | int | float | str):
        return True, value
    if isinstance(value, list | tuple):
        items = [plain(v) for v in value]
        return all(ok for ok, _ in items), [v for _, v in items]
    if isinstance(value, dict):
        pairs = {k: plain(v) for k, v in value.items()}
        ok = all(isinstance(k, str) and known for k, (known, _) in pairs.items())
        return ok, {k: v for k, (_, v) in pairs.items()}
    return False, None


def label(settings: Sequence[Setting]) -> str:
    """How an arm names some settings: ``hand_size=7, rounds=2``."""
    return ", ".join(f"{name}={shown(value)}" for name, value in settings)


def overlay(settings: Sequence[Setting]) -> Overlay:
    """``settings`` as a variant held in memory, labelled ``--set hand_size=7``: the label
    that names them in errors and in the rules' ``variants``. A relative path among the values
    (an island ``board``) is read from the working folder."""
    return Overlay(f"--set {label(settings)}", {"rules": dict(settings)})


def load_with(game: Game, variants: Sequence[str], settings: Sequence[Setting]) -> RulesValue:
    """``game``'s rules with ``variants`` and then ``settings`` applied; a
    :class:`~noahrules.errors.RulesDataError` naming the setting for a value the rules
    refuse."""
    return load_variants(game, _given(variants, settings))


def warnings_with(game: Game, variants: Sequence[str], settings: Sequence[Setting]) -> list[str]:
    """The warnings of ``noahrules validate`` for ``game``'s rules with ``variants`` and
    ``settings``: data that loads but leaves a rule unreachable (no action ever taken)."""
    if game.check_rules is None:
        return []
    return [str(warning) for warning in game.check_rules(_given(variants, settings)).warnings]


def _given(variants: Sequence[str], settings: Sequence[Setting]) -> list[str | Overlay]:
    return [*variants, overlay(settings)] if settings else [*variants]
