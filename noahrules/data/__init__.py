"""Reading rules data from YAML, shared by both games.

Everything read from a file is wrapped in a :class:`Node` that remembers the file and the key
path it came from, so that every problem found later, however deep, is reported as a
:class:`~noahrules.errors.RulesDataError` naming file, key path and problem. YAML is only ever read
with ``yaml.safe_load``.

A game's data is described by its :class:`Schema`: the folder of its packaged files, the
collections variants may change and the parameters of its rules file. The loaders here read any
game's data through its schema, so a game of another package loads its variants with the same
code and the same errors as the packaged games.

Variants are overlays: a variant file (or an :class:`Overlay` held in memory) may add and remove
items of a game's collections (cards, ferries, tiles) and set rules parameters. Several variants
apply in the order given.

Reading is strict: a :class:`Node` raises :class:`~noahrules.errors.RulesDataError` for an
unknown key or any other problem, naming every problem of the value at once, unless the caller
asks to collect them in a :class:`Findings` (as the loaders do, settling them before they
return, and as ``noahrules validate`` does, to list them all).
"""

from __future__ import annotations

from noahrules.data.digests import RulesIdentity, digest, param_values
from noahrules.data.findings import Findings
from noahrules.data.loading import cached_load, check_load
from noahrules.data.nodes import LARGEST, LONGEST, MOST_ITEMS, Node
from noahrules.data.overlay import Overlay
from noahrules.data.parsing import gather, parse_unique
from noahrules.data.reading import Reader, load_yaml
from noahrules.data.schema import (
    Listing,
    Schema,
    Source,
    data_dir,
    is_file_name,
    known_variants,
    packaged_names,
    resolve,
)
from noahrules.data.status import SETTLED_NS as SETTLED_NS
from noahrules.data.variants import (
    Layers,
    Variants,
    apply_collection_change,
    load_layers,
    resolve_variants,
    variant_names,
)

__all__ = [
    "LARGEST",
    "LONGEST",
    "MOST_ITEMS",
    "Findings",
    "Layers",
    "Listing",
    "Node",
    "Overlay",
    "Reader",
    "RulesIdentity",
    "Schema",
    "Source",
    "Variants",
    "apply_collection_change",
    "cached_load",
    "check_load",
    "data_dir",
    "digest",
    "gather",
    "is_file_name",
    "known_variants",
    "load_layers",
    "load_yaml",
    "packaged_names",
    "param_values",
    "parse_unique",
    "resolve",
    "resolve_variants",
    "variant_names",
]
