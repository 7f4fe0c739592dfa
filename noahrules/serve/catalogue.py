"""The public description of a game's rules, for the page: cards, ferries, tiles, arks, the board.

It is what the printed game shows anyone: the rules value's own data fields (those it declares
for display: the attrs fields shown in its ``repr``), as plain JSON. Nothing of any game in
progress is in it; it is served over HTTP, never over the WebSocket.

>>> from noahrules import GAMES
>>> sorted(describe(GAMES["island"].load_rules()))[:3]
['actions_per_turn', 'ark_spaces_are_water', 'arks']
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from noahrules.serialize import JsonValue

__all__ = ["describe"]


def describe(rules: object) -> dict[str, JsonValue]:
    """The public data of a rules value, as plain JSON."""
    data = _plain(rules)
    assert isinstance(data, dict)
    return data


def _plain(value: object) -> JsonValue:
    cls: Any = type(value)
    if attrs.has(cls):
        return {
            f.name: _plain(getattr(value, f.name)) for f in attrs.fields(cls) if f.repr and f.init
        }
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)  # type: ignore[type-var]
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
