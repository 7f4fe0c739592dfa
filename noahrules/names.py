"""Names and short texts that players see, in the languages of :data:`LANGUAGES`.

:class:`Names` holds a name (a card's, a tile's, a variant's description) in English and any
of the other languages; :meth:`Names.in_language` falls back to English. Rules data gives names
as a plain string (English only) or as a mapping of languages, read by
:func:`noahrules.data.parse_names`; :func:`language_of_environment` tells the language the
locale environment asks for.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from noahrules.errors import excerpt

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LONGEST_NAME",
    "LONGEST_TEXT",
    "Names",
    "language_of_environment",
]

LANGUAGES: tuple[str, ...] = ("en", "ja", "de", "ru")
"""The languages a name may be given in, by two-letter code (ISO 639-1): English, Japanese,
German, Russian."""
DEFAULT_LANGUAGE = "en"
"""The language every name has, and that stands in for any other a name lacks."""
LONGEST_NAME = 100
"""The most characters of a name in one language (a card's, a ferry's, a tile's, an ark's)."""
LONGEST_TEXT = 2_000
"""The most characters of a short text in one language (a variant's description)."""


@frozen(cache_hash=True)
class Names:
    """A name (or a short text) in the languages of :data:`LANGUAGES`: English always, the
    others where given. :meth:`in_language` falls back to English."""

    en: str
    """The English name: always given."""
    ja: str | None = None
    """The Japanese name, if given."""
    de: str | None = None
    """The German name, if given."""
    ru: str | None = None
    """The Russian name, if given."""

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages given, in the order of :data:`LANGUAGES`."""
        return tuple(lang for lang in LANGUAGES if getattr(self, lang) is not None)

    def in_language(self, lang: str) -> str:
        """The name in ``lang`` (a code of :data:`LANGUAGES`), else in English. Raises
        :class:`ValueError` for a code that is not one of :data:`LANGUAGES`."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {excerpt(lang)}; languages: {', '.join(LANGUAGES)}")
        given: str | None = getattr(self, lang)
        return self.en if given is None else given

    def __str__(self) -> str:
        return self.en


def language_of_environment(environ: Mapping[str, str]) -> str:
    """The language of :data:`LANGUAGES` that the locale environment asks for, else English.

    ``LANGUAGE`` (a colon-separated list of preferences) is read first, then the first set of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; a value such as ``ja_JP.UTF-8`` means ``ja``. A
    locale of no language given here (``C``, ``fr_FR``) means English.
    """
    preferences = [part for part in environ.get("LANGUAGE", "").split(":") if part]
    locale = next((environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k)), "")
    if locale in ("C", "POSIX") or locale.startswith(("C.", "POSIX.")):
        preferences = []
    for value in [*preferences, locale]:
        code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE
