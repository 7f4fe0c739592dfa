"""The gettext catalogs of :mod:`noahrules.i18n`, kept with Babel (``pip install
"noahrules[test]"``)::

    python -m noahrules.catalogs update     # extract the messages, merge them into the .po files
    python -m noahrules.catalogs compile    # the .po files to the .mo files the package reads
    python -m noahrules.catalogs check      # what the test suite checks: exit 1 with the problems

``update`` extracts each domain's messages from its sources (:data:`SOURCES`: the calls of
``gettext``, ``_`` and ``ngettext``, in Python and in the page's JavaScript), writes
``noahrules/locales/<domain>.pot`` and merges it into
``noahrules/locales/<language>/LC_MESSAGES/<domain>.po`` for every language but English, new
messages untranslated and changed ones marked fuzzy, for a translator to finish. ``check``
finds, per catalog: a message of the sources missing or one no source has any more, an
untranslated or fuzzy message, a translation whose ``{placeholders}`` differ from the
message's, a plural without every form of the language, and a ``.mo`` that is not the
compiled ``.po``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from noahrules.i18n import DOMAINS
from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES

__all__ = ["LOCALES", "SOURCES", "check", "compile_catalogs", "extract", "update"]

PACKAGE = Path(__file__).resolve().parent
LOCALES = PACKAGE / "locales"
"""Where the catalogs are: ``<domain>.pot`` and ``<language>/LC_MESSAGES/<domain>.po|.mo``."""

SOURCES: dict[str, tuple[str, ...]] = {
    "noahrules": ("render.py", "cli", "serve/naming.py", "serve/notes.py"),
    "ferry": ("ferry", "serve/ferry.py"),
    "island": ("island", "serve/island.py"),
    "page": ("serve/static", "serve/routes.py"),
}
"""Per domain, the files and folders of the package its messages are extracted from: Python
(``.py``) and the page's JavaScript (``.js``). A game's domain holds its table server's words
too (``serve/ferry.py``: the end explained); ``noahrules`` the server's words of every game
(the seats' labels, the notes of moves)."""

METHODS = {".py": "python", ".js": "javascript"}
"""Babel's extraction method for each kind of source."""

KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
"""The calls whose messages are extracted: ``_`` and ``gettext`` (one message), ``ngettext``
(a message and its plural)."""

TRANSLATED = tuple(language for language in LANGUAGES if language != DEFAULT_LANGUAGE)
_PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _sources(domain: str) -> Iterator[Path]:
    for name in SOURCES[domain]:
        path = PACKAGE / name
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in METHODS)
        else:
            yield path


def extract(domain: str) -> Any:
    """The messages of ``domain``'s sources, as a Babel catalog."""

    catalog = Catalog(project="noahrules", domain=domain, charset="utf-8")
    for path in _sources(domain):
        where = path.relative_to(PACKAGE.parent).as_posix()
        found = extract_from_file(
            METHODS[path.suffix],
            str(path),
            keywords=KEYWORDS,
            options={"parse_template_string": "true"},
        )
        for line, message, comments, context in found:
            catalog.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return catalog


def _po(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, language: str | None = None) -> Any:

    with path.open("rb") as file:
        return read_po(file, locale=language)


def update() -> None:
    """Extract every domain's messages and merge them into its catalogs. A file whose messages
    did not change is left as it is (its dates too), and messages name their files without
    line numbers, so that catalogs change only when their messages do."""

    for domain in DOMAINS:
        template = extract(domain)
        LOCALES.mkdir(exist_ok=True)
        _write(LOCALES / f"{domain}.pot", template, omit_header=False)
        for language in TRANSLATED:
            path = _po(language, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                catalog = _read(path, language)
            else:
                catalog = Catalog(locale=language, domain=domain, project="noahrules")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.fuzzy = False  # the header: its plural forms are compiled only if not fuzzy
            _write(path, catalog, ignore_obsolete=True)


def _write(path: Path, catalog: Any, **options: bool) -> None:
    """Write ``catalog`` to ``path`` unless only its dates would change."""

    out = io.BytesIO()
    write_po(out, catalog, sort_output=True, include_lineno=False, **options)
    if not path.exists() or _undated(path.read_bytes()) != _undated(out.getvalue()):
        path.write_bytes(out.getvalue())


def _undated(text: bytes) -> bytes:
    return re.sub(rb'^"(POT-Creation|PO-Revision)-Date: .*$', b"", text, flags=re.M)


def _compiled(catalog: Any) -> bytes:

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_catalogs() -> None:
    """Compile every ``.po`` to the ``.mo`` beside it."""
    for language in TRANSLATED:
        for domain in DOMAINS:
            path = _po(language, domain)
            path.with_suffix(".mo").write_bytes(_compiled(_read(path, language)))


def check() -> list[str]:
    """Every problem of the catalogs (none: they are whole)."""
    problems: list[str] = []
    for domain in DOMAINS:
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in extract(domain) if m.id}
        for language in TRANSLATED:
            path = _po(language, domain)
            where = path.relative_to(PACKAGE.parent).as_posix()
            problems += _problems(path, language, wanted, where)
    return problems


def _problems(path: Path, language: str, wanted: set[str], where: str) -> list[str]:
    """The problems of the catalog at ``path`` (named ``where``), whose messages should be
    ``wanted``."""
    if not path.exists():
        return [f"{where}: missing (python -m noahrules.catalogs update)"]
    catalog = _read(path, language)
    found: list[str] = []
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    found += [f"{where}: {m!r} is not in the catalog" for m in sorted(wanted - have)]
    found += [f"{where}: {m!r} is in no source any more" for m in sorted(have - wanted)]
    forms = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        name = message.id if isinstance(message.id, str) else message.id[0]
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            found.append(f"{where}: {name!r} is fuzzy")
        if not all(texts) or (isinstance(message.id, tuple) and len(texts) < forms):
            found.append(f"{where}: {name!r} is not translated")
        found += _placeholder_problems(where, name, message.id, texts)
    mo = path.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != _compiled(catalog):
        found.append(
            f"{where}: its .mo is not compiled from it (python -m noahrules.catalogs compile)"
        )
    return found


def _placeholder_problems(
    where: str, name: str, ids: str | tuple[str, ...], texts: tuple[str, ...]
) -> list[str]:
    """A translation must name the placeholders its message names; a plural form may leave out
    ``{count}`` (Russian "одно", say)."""
    plural = isinstance(ids, tuple)
    every = ids if isinstance(ids, tuple) else (ids,)
    expected: set[str] = set().union(*(_placeholders(i) for i in every))
    found = []
    for text in filter(None, texts):
        got = _placeholders(text)
        if got != expected and not (plural and got <= expected and expected - got <= {"count"}):
            found.append(f"{where}: {name!r}: {text!r} names {sorted(got)}, not {sorted(expected)}")
    return found


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def main(argv: Sequence[str] | None = None) -> int:
    """``update``, ``compile`` or ``check`` (see the module's docstring)."""
    command = list(sys.argv[1:] if argv is None else argv)
    if command == ["update"]:
        update()
    elif command == ["compile"]:
        compile_catalogs()
    elif command == ["check"]:
        problems = check()
        print("\n".join(problems) or "the catalogs are whole")
        return 1 if problems else 0
    else:
        print("usage: python -m noahrules.catalogs update|compile|check", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
