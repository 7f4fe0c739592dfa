"""Reading names and short texts that players see, in several languages, from rules data.

A name in rules data is a plain string (English only) or a mapping of language codes to the
name in that language::

    name: {en: Giraffe, ja: キリン, de: Giraffe, ru: Жираф}

The languages are those of :data:`noahrules.names.LANGUAGES`; English is required in every
mapping and stands in for any language a name leaves out. Names are for people only: ids,
species and moves never change with them, and a rules digest leaves them out
(:func:`unnamed`).

Within one file, a language that some name has and another lacks is a warning naming the name
that lacks it (:func:`check_languages`, called on every file read): the file loads, and the
English name is shown for that language.
"""

from __future__ import annotations

import unicodedata

from noahrules.data.nodes import Node
from noahrules.errors import RulesDataError, excerpt
from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES, LONGEST_NAME, Names

__all__ = [
    "NAME_KEYS",
    "check_languages",
    "optional_names",
    "parse_names",
    "unnamed",
]

NAME_KEYS = ("name", "description")
"""The keys under which rules data gives names and texts in languages."""


def parse_names(node: Node, longest: int = LONGEST_NAME, lines: bool = False) -> Names:
    """A name read from rules data: a plain string (English only) or a mapping of languages
    (``{en: Giraffe, ja: キリン}``) with ``en`` and any of :data:`LANGUAGES`, each a non-empty
    string of at most ``longest`` characters without control characters (``lines`` allows line
    breaks and tabs, for a text). Every problem is a :class:`RulesDataError` naming file, line
    and key; all of them are raised at once."""
    if isinstance(node.value, str):
        return Names(_text(node, longest, lines))
    if not isinstance(node.value, dict):
        raise node.error(
            f"expected a name: a string, or a mapping of languages ({', '.join(LANGUAGES)}) to "
            f"strings, got {_kind(node.value)}"
        )
    problems: list[RulesDataError] = []
    given: dict[str, str] = {}
    for key in node.value:
        child = node.child(str(key))
        if not isinstance(key, str) or key not in LANGUAGES:
            problems.append(
                child.error(f"unknown language {excerpt(key)}; languages: {', '.join(LANGUAGES)}")
            )
            continue
        try:
            given[key] = _text(child, longest, lines)
        except RulesDataError as exc:
            problems.append(exc)
    if DEFAULT_LANGUAGE not in node.value:
        problems.append(node.error(f"no English name '{DEFAULT_LANGUAGE}': every name has one"))
    if problems:
        raise RulesDataError.of(problems)
    return Names(**given)


def optional_names(node: Node, longest: int = LONGEST_NAME) -> Names | None:
    """A name that the data may leave out: ``None`` where the value is absent (null), else as
    :func:`parse_names` reads it."""
    return None if node.value is None else parse_names(node, longest)


def _text(node: Node, longest: int, lines: bool) -> str:
    """A non-empty, non-blank string of at most ``longest`` characters without control
    characters (line breaks and tabs allowed with ``lines``)."""
    text = node.string(longest)
    if not text.strip():
        raise node.error("a blank name; leave the language out instead")
    allowed = "\n\t" if lines else ""
    bad = next((c for c in text if unicodedata.category(c) == "Cc" and c not in allowed), None)
    if bad is not None:
        raise node.error(f"holds the control character {bad!r}")
    return text


def _kind(value: object) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool | list):
        return type(value).__name__
    return f"{type(value).__name__} {excerpt(value)}"


def unnamed(value: object) -> object:
    """An item of rules data without its name, for a rules digest: names never change play, so
    data that differs only in its names has the same digest."""
    if isinstance(value, dict):
        return {key: item for key, item in value.items() if key != "name"}
    return value


def check_languages(root: Node) -> None:
    """Warn of every name of a file (under :data:`NAME_KEYS`, at any depth) that lacks a
    language another name of the same file has: a plain string counts as English alone. The
    warning names the file, line and key of the name and the languages it lacks."""
    found: list[tuple[Node, frozenset[str]]] = []
    _collect(root, found, 0)
    started = frozenset().union(*(langs for _, langs in found))
    for node, langs in found:
        missing = [
            lang
            for lang in LANGUAGES[1:]  # a name without English is an error of its own
            if lang in started and lang not in langs
        ]
        if missing:
            plural = "s" if len(missing) > 1 else ""
            node.warn(
                f"lacks the language{plural} {', '.join(missing)} that other names of this "
                "file give; English stands in"
            )


def _collect(node: Node, found: list[tuple[Node, frozenset[str]]], depth: int) -> None:
    value = node.value
    if depth > 64:
        return
    if isinstance(value, list):
        for item in node.items(len(value)):
            _collect(item, found, depth + 1)
        return
    if not isinstance(value, dict):
        return
    for key in value:
        child = node.child(str(key))
        if key in NAME_KEYS:
            if isinstance(child.value, str):
                found.append((child, frozenset((DEFAULT_LANGUAGE,))))
                continue
            if isinstance(child.value, dict):
                found.append((child, frozenset(k for k in child.value if k in LANGUAGES)))
                continue
        _collect(child, found, depth + 1)
