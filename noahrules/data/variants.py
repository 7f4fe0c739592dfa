"""Applying variants to a game's data: the ``variants`` argument resolved, each variant read
and its changes to the collections and parameters applied in order."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import partial
from typing import Any

from attrs import frozen

from noahrules.data.names import parse_names
from noahrules.data.nodes import Node
from noahrules.data.overlay import Overlay
from noahrules.data.parsing import note_problems
from noahrules.data.reading import Reader
from noahrules.data.schema import Listing, Schema, Source, resolve
from noahrules.errors import RulesDataError
from noahrules.names import LONGEST_TEXT, Names


@frozen
class Layers:
    """A game's raw data with its variants applied, every value still a :class:`Node`."""

    collections: dict[str, list[Node]]
    sources: dict[str, Node]
    """Per collection, where it was last set or changed: to blame for a count that does not fit."""
    params: dict[str, Node]
    """The ``rules`` parameters, each from the last file that set it."""
    variants: tuple[Source, ...]
    """The variants applied, in order."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The variants by label: packaged names, the file names of the user's files and the
        labels of overlays."""
        return tuple(v.label for v in self.variants)

    @property
    def packaged(self) -> tuple[str, ...]:
        """The packaged variants among them, in order: with the digest, a rules value's
        identity."""
        return tuple(v.label for v in self.variants if v.packaged)


Variants = Sequence[str | os.PathLike[str] | Overlay] | str | os.PathLike[str] | Overlay
"""The ``variants`` argument of ``load_rules``: several names, paths or overlays, or one."""


def variant_names(variants: Variants) -> tuple[str, ...]:
    """The ``variants`` argument of ``load_rules`` as a tuple of strings (one string is one
    variant; an overlay is named by its label)."""
    return tuple(v.label if isinstance(v, Overlay) else os.fspath(v) for v in _listed(variants))


def _listed(variants: Variants) -> tuple[str | os.PathLike[str] | Overlay, ...]:
    if isinstance(variants, str | os.PathLike | Overlay):
        return (variants,)
    return tuple(variants)


def resolve_variants(schema: Schema, variants: Variants) -> tuple[Source, ...]:
    """The ``variants`` argument of ``load_rules``, each resolved (:func:`resolve`); an
    overlay as itself."""
    return tuple(
        Source(None, v.label, packaged=False, overlay=v)
        if isinstance(v, Overlay)
        else resolve(schema, "variants", v)
        for v in _listed(variants)
    )


def load_layers(reader: Reader, schema: Schema, variants: Sequence[Source]) -> Layers:
    """Read a game's packaged data and apply variant overlays in order.

    The parameters come from ``rules.yaml`` (key ``rules``), where every parameter of the
    schema must be set; a variant may set any of them. Problems of the variants are noted with
    the reader's findings.
    """
    folder = schema.folder
    collections = schema.collections
    param_keys = schema.params
    sources = {c.name: reader.load(folder / c.file).fields((c.name,))[c.name] for c in collections}
    items = {name: node.items() for name, node in sources.items()}
    params = reader.load(folder / "rules.yaml").fields(("rules",))["rules"].fields(param_keys)
    allowed = ("description", "rules", *(c.name for c in collections))
    findings = reader.findings
    for variant in variants:
        parts = findings.attempt(partial(_variant_parts, reader, variant, allowed))
        if parts is None:
            continue
        for c in collections:
            if c.name in parts:
                changed = findings.attempt(
                    partial(apply_collection_change, items[c.name], parts[c.name], c)
                )
                if changed is not None:
                    items[c.name] = changed
                    sources[c.name] = parts[c.name]
        if "rules" in parts:
            changes = findings.attempt(partial(parts["rules"].fields, (), param_keys))
            params = {**params, **(changes or {})}
    return Layers(items, sources, params, tuple(variants))


def _variant_parts(reader: Reader, variant: Source, allowed: Sequence[str]) -> dict[str, Node]:
    """The top-level parts of a variant file or overlay."""
    if variant.overlay is not None:
        root = reader.load_overlay(variant.overlay)
    else:
        assert variant.path is not None
        root = reader.load(variant.path)
    if root.value is None:
        raise root.error("an empty variant file: a variant sets or changes something")
    parts = root.fields((), allowed)
    if "description" in parts:
        reader.findings.attempt(partial(describe, parts["description"]))
    return parts


def describe(node: Node) -> Names:
    """A variant's description: a text for players, in one or more languages
    (:func:`~noahrules.data.parse_names`), at most :data:`~noahrules.data.LONGEST_TEXT`
    characters in each."""
    return parse_names(node, LONGEST_TEXT, lines=True)


def apply_collection_change(items: list[Node], change: Node, collection: Listing) -> list[Node]:
    """Apply a variant's change to a collection: ``remove`` by key, ``remove_species``, ``add``.

    Removing something that is not there is an error: a variant that silently does nothing
    hides a typo.
    """
    if change.value is None:
        return items
    what = collection.what
    entries = change.fields((), ("remove", "remove_species", "add"))
    result = list(items)
    missing: list[RulesDataError] = []
    for key, field_name in (("remove", collection.key), ("remove_species", "species")):
        if key not in entries:
            continue
        for target in entries[key].items():
            wanted = target.string()
            kept = [item for item in result if _field(item, field_name) != wanted]
            if len(kept) == len(result):
                missing.append(target.error(f"no {what} with {field_name} '{wanted}' to remove"))
            result = kept
    note_problems(change, missing)
    if "add" in entries:
        result.extend(entries["add"].items())
    return result


def _field(item: Node, name: str) -> Any:
    return item.value.get(name) if isinstance(item.value, dict) else None
