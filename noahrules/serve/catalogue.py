"""The public description of a game's rules, for the page: cards, ferries, tiles, arks, the board.

It is what the printed game shows anyone: the rules value's own data fields (those it declares
for display: the attrs fields shown in its ``repr``), as plain JSON, and the names players read
(its :class:`~noahrules.names.Names` fields) in one language. Nothing of any game in progress is
in it; it is served over HTTP, never over the WebSocket.

>>> from noahrules import GAMES
>>> rules = describe(GAMES["island"].load_rules(), "de")
>>> sorted(rules)[:3]
['actions_per_turn', 'ark_spaces_are_water', 'arks']
>>> rules["tiles"][0]
{'species': 'bear', 'count': 6, 'points': 1, 'rescuable': True, 'name': 'Bär'}
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from noahrules.names import DEFAULT_LANGUAGE, Names
from noahrules.serialize import JsonValue

__all__ = ["describe"]


def describe(rules: object, language: str = DEFAULT_LANGUAGE) -> dict[str, JsonValue]:
    """The public data of a rules value, as plain JSON, its names in ``language`` (one of
    :data:`~noahrules.names.LANGUAGES`; English where a name has none in it)."""
    data = _plain(rules, language)
    assert isinstance(data, dict)
    return data


def _plain(value: object, language: str) -> JsonValue:
    cls: Any = type(value)
    if isinstance(value, Names):
        return value.in_language(language)
    if attrs.has(cls):
        return {
            f.name: _plain(getattr(value, f.name), language)
            for f in attrs.fields(cls)
            if f.init and (f.repr or isinstance(getattr(value, f.name), Names))
        }
    if isinstance(value, enum.Enum):
        return _plain(value.value, language)
    if isinstance(value, frozenset | set):
        return sorted(_plain(v, language) for v in value)  # type: ignore[type-var]
    if isinstance(value, tuple | list):
        return [_plain(v, language) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, language) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
