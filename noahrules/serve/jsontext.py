"""JSON text with parts written once: a message to several clients shares its largest part (the
public table), so that part is encoded once and spliced into each message's text.

>>> encode(Spliced({"type": "update", "view": Spliced({"table": Raw('{"noah":2}'), "seat": 1})}))
'{"type":"update","view":{"table":{"noah":2},"seat":1}}'
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
    """The JSON text of ``value``, with its :class:`Raw` parts as they are."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, Spliced):
        return "{" + ",".join([f"{dumps(k)}:{encode(v)}" for k, v in value.items()]) + "}"
    return _ENCODER.encode(value)
