"""Loading a game's rules through its schema: once and cached (``load_rules``), or for every
problem it finds (``check_rules``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar, cast

from noahrules.data.findings import Findings
from noahrules.data.reading import Reader
from noahrules.data.schema import Schema, Source
from noahrules.data.variants import Variants, resolve_variants
from noahrules.errors import RulesDataError

T = TypeVar("T")

_CACHE: dict[tuple[object, ...], tuple[object, Reader]] = {}
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def cached_load(
    schema: Schema,
    variants: Variants,
    build: Callable[[Reader, tuple[Source, ...]], T],
) -> T:
    """Rules data loaded once: ``build(reader, sources)`` makes a game's rules from its
    packaged data (described by ``schema``) and the resolved ``variants``, reading every file
    through ``reader`` and noting its problems with ``reader.findings``; every problem found is
    raised at once, as one :class:`RulesDataError`.

    Rules are immutable values, so a load is cached by the game, the variants and the bytes of
    every file it read: a later load with the same files returns the same value at once, and a
    file edited since is read again. A load that fails caches nothing.
    """
    sources = resolve_variants(schema, variants)
    key = (schema.game, schema.folder, tuple(map(_cache_key, sources)))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None and hit[1].unchanged():
        return cast(T, hit[0])
    reader = Reader()
    rules = build(reader, sources)
    reader.findings.settle()
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = (rules, reader)
    return rules


def _cache_key(source: Source) -> object:
    if source.overlay is not None:
        return ("overlay", source.overlay.key())
    assert source.path is not None
    return source.path if source.packaged else source.path.resolve()


def check_load(
    schema: Schema,
    variants: Variants,
    build: Callable[[Reader, tuple[Source, ...]], object],
) -> Findings:
    """Every problem and trap that loading ``variants`` finds, in one pass, without caching:
    what ``noahrules validate`` reports. ``build`` is the game's loader, as for
    :func:`cached_load`."""
    reader = Reader()
    try:
        build(reader, resolve_variants(schema, variants))
    except RulesDataError as exc:
        reader.findings.add(exc)
    return reader.findings
