"""The messages a client sends over the WebSocket, read strictly (docs/design.md principle 8).

- ``{"type": "hello", "table": ID, "token": TOKEN or null, "since": N, "lang": CODE}``: join a
  table, as the seat of ``TOKEN`` or (``null``) as a spectator, having seen ``N`` moves already
  (default 0), the game's text in the language ``CODE`` (``en``, ``ja``, ``de``, ``ru``;
  default ``en``);
- ``{"type": "move", "seq": N, "move": MOVE}``: play ``MOVE`` (as :func:`noahrules.serialize.
  to_dict` writes moves) at position ``N`` (the number of moves played so far, as the last
  ``welcome`` or ``update`` said); ``"table": ID`` may be added and must then be the joined
  table's;
- ``{"type": "name", "name": NAME}``: name the connection's own seat (a person arriving by an
  invite link chooses the name the others see).

Anything else (too large, not JSON, not an object, an unknown type, a missing, extra or mistyped
field) is a :class:`~noahrules.serve.errors.RequestError`.

>>> read('{"type": "hello", "table": "abc", "token": null}', 8192)
Hello(table='abc', token=None, since=0, lang='en')
>>> read('{"type": "move"}', 8192)
Traceback (most recent call last):
...
noahrules.serve.errors.RequestError: a move message needs 'seq' (an integer) and 'move' (an object)
"""

from __future__ import annotations

import json

from attrs import frozen

from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES
from noahrules.serve.errors import RequestError

__all__ = ["MAX_ID", "MAX_TOKEN", "Hello", "MoveRequest", "NameRequest", "read"]

MAX_ID = 64
"""The longest table id a message may name."""
MAX_TOKEN = 128
"""The longest token a message may carry."""


@frozen
class Hello:
    """A client's first message: which table, as which seat, from which position."""

    table: str
    token: str | None
    since: int = 0
    lang: str = DEFAULT_LANGUAGE
    """The language of the game's text for this client: a code of
    :data:`~noahrules.names.LANGUAGES`."""


@frozen
class MoveRequest:
    """A client's move, at the position it saw."""

    seq: int
    move: dict[str, object]
    table: str | None = None


@frozen
class NameRequest:
    """A person naming their own seat."""

    name: str


Request = Hello | MoveRequest | NameRequest


def read(text: str | bytes, limit: int) -> Request:
    """The request in one WebSocket message of at most ``limit`` bytes."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise RequestError("too_large", f"a message may have at most {limit} bytes, not {size}")
    if isinstance(text, bytes):
        raise RequestError("malformed", "send messages as text frames holding JSON")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RequestError("malformed", f"malformed JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RequestError("malformed", "a message is a JSON object with a 'type'")
    kind = data["type"]
    if kind == "hello":
        return _hello(data)
    if kind == "move":
        return _move(data)
    if kind == "name":
        return _name(data)
    raise RequestError("malformed", f"unknown message type {kind[:32]!r}; send hello, move or name")


def _hello(data: dict[str, object]) -> Hello:
    _only(data, {"type", "table", "token", "since", "lang"})
    table, token, since = data.get("table"), data.get("token"), data.get("since", 0)
    lang = data.get("lang", DEFAULT_LANGUAGE)
    if lang not in LANGUAGES:
        raise RequestError("malformed", f"a hello's 'lang' is one of {', '.join(LANGUAGES)}")
    if not _is_id(table, MAX_ID):
        raise RequestError("malformed", "a hello names its 'table' (a short string)")
    if token is not None and not _is_id(token, MAX_TOKEN):
        raise RequestError("malformed", "a hello's 'token' is a short string, or null to watch")
    if not _is_count(since):
        raise RequestError("malformed", "a hello's 'since' is a number of moves (0 or more)")
    assert isinstance(table, str) and isinstance(since, int) and isinstance(lang, str)
    return Hello(table, token if isinstance(token, str) else None, since, lang)


def _move(data: dict[str, object]) -> MoveRequest:
    _only(data, {"type", "seq", "move", "table"})
    seq, move, table = data.get("seq"), data.get("move"), data.get("table")
    if not _is_count(seq) or not isinstance(move, dict):
        raise RequestError(
            "malformed", "a move message needs 'seq' (an integer) and 'move' (an object)"
        )
    if table is not None and not _is_id(table, MAX_ID):
        raise RequestError("malformed", "a move's 'table' is a short string")
    assert isinstance(seq, int)
    return MoveRequest(seq, move, table if isinstance(table, str) else None)


def _name(data: dict[str, object]) -> NameRequest:
    _only(data, {"type", "name"})
    name = data.get("name")
    if not isinstance(name, str):
        raise RequestError("malformed", "a name message needs 'name' (a string)")
    return NameRequest(name)


def _only(data: dict[str, object], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        names = ", ".join(repr(k[:32]) for k in extra[:5])
        raise RequestError("malformed", f"unknown fields {names}; allowed: {sorted(allowed)}")


def _is_id(value: object, limit: int) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def _is_count(value: object) -> bool:
    return type(value) is int and 0 <= value < 1 << 62
