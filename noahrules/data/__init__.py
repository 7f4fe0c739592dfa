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

Names that players see (a card's, a tile's, a variant's description) may be given in the
languages of :data:`LANGUAGES`, read by :func:`parse_names` into :class:`Names`
(:mod:`noahrules.data.names`).
"""

from __future__ import annotations

from noahrules.data.digests import RulesIdentity, digest, param_values
from noahrules.data.findings import Findings
from noahrules.data.loading import cached_load, check_load
from noahrules.data.names import check_languages, optional_names, parse_names, unnamed
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
from noahrules.names import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LONGEST_NAME,
    LONGEST_TEXT,
    Names,
    language_of_environment,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LARGEST",
    "LONGEST",
    "LONGEST_NAME",
    "LONGEST_TEXT",
    "MOST_ITEMS",
    "Findings",
    "Layers",
    "Listing",
    "Names",
    "Node",
    "Overlay",
    "Reader",
    "RulesIdentity",
    "Schema",
    "Source",
    "Variants",
    "apply_collection_change",
    "cached_load",
    "check_languages",
    "check_load",
    "data_dir",
    "digest",
    "gather",
    "is_file_name",
    "known_variants",
    "language_of_environment",
    "load_layers",
    "load_yaml",
    "optional_names",
    "packaged_names",
    "param_values",
    "parse_names",
    "parse_unique",
    "resolve",
    "resolve_variants",
    "unnamed",
    "variant_names",
]
