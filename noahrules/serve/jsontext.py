"""JSON text with parts written once: a message to several clients shares its largest part (the
public table), so that part is encoded once and spliced into each message's text.

>>> encode(Spliced({"type": "update", "view": Spliced({"table": Raw('{"noah":2}'), "seat": 1})}))
'{"view":{"table":{"noah":2},"seat":1},"type":"update"}'
"""

from __future__ import annotations

import json

__all__ = ["Raw", "Spliced", "dumps", "encode"]


class Raw(str):
    """A value already written as JSON text."""


class Spliced(dict[str, object]):
    """A JSON object whose values may be :class:`Raw` text or other spliced objects."""


_ENCODER = json.JSONEncoder(separators=(",", ":"))


def dumps(value: object) -> str:
    """Compact JSON text."""
    return _ENCODER.encode(value)


def encode(value: object) -> str:
    """The JSON text of ``value``, with its :class:`Raw` parts as they are. The plain values of
    a :class:`Spliced` object are written in one go, after its spliced ones (the order of an
    object's keys means nothing in JSON)."""
    if isinstance(value, Raw):
        return str(value)
    if not isinstance(value, Spliced):
        return _ENCODER.encode(value)
    parts = [f"{dumps(k)}:{encode(v)}" for k, v in value.items() if isinstance(v, Raw | Spliced)]
    plain = {k: v for k, v in value.items() if not isinstance(v, Raw | Spliced)}
    if plain:
        parts.append(_ENCODER.encode(plain)[1:-1])
    return "{" + ",".join(parts) + "}"
