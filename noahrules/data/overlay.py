"""A variant held in memory: :class:`Overlay`, its data checked within a YAML file's limits."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from noahrules.data.digests import digest
from noahrules.data.nodes import LONGEST
from noahrules.errors import RulesDataError, excerpt
from noahrules.safe_yaml import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_VALUES, parse


@frozen
class Overlay:
    """A variant held in memory rather than in a file: the same keys as a variant file, given
    as data (``{"rules": {"rounds": 2}}``) or as YAML text, and the ``label`` that names it in
    messages (as a file's name would) and in ``rules.variants``.

    ``load_rules([Overlay("--set rounds=2", {"rules": {"rounds": 2}})])`` loads the rules with
    that change, with the same checks and errors as a variant file, and no file written. Like a
    file of yours, an overlay is not packaged: a saved game under it reads back with its rules
    given (``rules=``). Its data may hold mappings with string keys, lists (or tuples),
    strings, integers, floats, booleans and ``None``, within the limits of a YAML file.
    """

    label: str
    content: str | Mapping[str, object]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label or len(self.label) > LONGEST:
            raise ValueError(
                f"an overlay's label is a string of 1 to {LONGEST} characters, "
                f"not {excerpt(self.label)}"
            )
        if not isinstance(self.content, str | Mapping):
            raise TypeError(
                f"an overlay holds YAML text or a mapping, not {type(self.content).__name__}"
            )

    def data(self) -> object:
        """The overlay's data as plain values (a mapping's copy, tuples as lists); a
        :class:`RulesDataError` naming the label for anything else, or beyond the limits of a
        YAML file."""
        if isinstance(self.content, str):
            value, _ = parse(self.content, self.label)
            return value
        return _plain(self.content, self.label)

    def key(self) -> str:
        """A digest of the overlay's content, for the rules cache."""
        content = self.content if isinstance(self.content, str) else self.data()
        return digest({"label": self.label, "content": content})


_PLAIN = (str, int, float, bool, type(None))


def _plain(data: Mapping[str, object], label: str) -> object:
    """``data`` as plain YAML data (a copy), checked within the limits of
    :mod:`noahrules.safe_yaml`; a :class:`RulesDataError` naming ``label`` and the key path."""
    count = 0

    def walk(value: object, path: str, depth: int) -> object:
        nonlocal count
        count += 1
        if depth > MAX_DEPTH or count > MAX_VALUES:
            limit = f"nested deeper than {MAX_DEPTH}" if depth > MAX_DEPTH else "too many values"
            raise RulesDataError(label, path, f"{limit}; an overlay is held to a file's limits")
        if isinstance(value, Mapping):
            plain: dict[str, object] = {}
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RulesDataError(label, path, f"a key must be a string, not {excerpt(key)}")
                plain[key] = walk(item, f"{path}.{key}" if path else key, depth + 1)
            return plain
        if isinstance(value, list | tuple):
            return [walk(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value)]
        if type(value) is int and abs(value) >= 10**MAX_DIGITS:
            raise RulesDataError(label, path, f"an integer of more than {MAX_DIGITS} digits")
        if isinstance(value, str) and len(value) > MAX_BYTES:
            raise RulesDataError(label, path, f"a string of more than {MAX_BYTES} characters")
        if not isinstance(value, _PLAIN):
            raise RulesDataError(label, path, f"{type(value).__name__} is not YAML data")
        return value

    return walk(data, "", 0)
