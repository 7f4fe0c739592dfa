"""The identity of rules data: the digest of its content and the equality it gives rules values."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from noahrules.data.nodes import Node


def param_values(params: Mapping[str, Node], added: Mapping[str, object]) -> dict[str, Any]:
    """The rules parameters' values, for a rules digest. A parameter added to the data after
    rules values were first written (``added``: its name and the value that keeps the play as it
    was) is left out while it holds that value, so the digest of data that does not use it stays
    what it was before the parameter existed, and saved states and records still read."""
    return {
        key: node.value
        for key, node in params.items()
        if not (key in added and type(node.value) is type(added[key]) and node.value == added[key])
    }


def digest(values: Mapping[str, Any]) -> str:
    """A SHA-256 digest of rules data in canonical JSON form (key order does not matter)."""
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@frozen(eq=False, repr=False)
class RulesIdentity:
    """What every game's rules value has first: the variants applied and the digest of the
    content; and its equality and hashing, by the digest and the names of the packaged variants.
    The same data compares equal however its files were named (by name or by path, from any
    folder)."""

    variants: tuple[str, ...]
    """The variants applied, in order: packaged variants by name, the user's variant files by
    file name (``"heron.yaml"``)."""
    packaged: tuple[str, ...]
    """The packaged variants among them, in order."""
    digest: str
    """SHA-256 of the merged rules data; equal data, equal digest."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, RulesIdentity)
        return self.digest == other.digest and self.packaged == other.packaged

    def __hash__(self) -> int:
        return hash((self.digest, self.packaged))

    def __repr__(self) -> str:
        name = type(self).__qualname__
        return f"<{name} variants ({', '.join(self.variants)}), digest {self.digest[:12]}>"
