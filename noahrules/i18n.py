"""Text for players in their language, through gettext catalogs.

English is the source language. The translations are compiled gettext catalogs in the package,
``noahrules/locales/<language>/LC_MESSAGES/<domain>.mo``, one *domain* per game (``ferry``,
``island``: what its screens say) and one for what every game shares (``noahrules``: the
command line's and the table server's words) and one for the browser's page (``page``: the
JavaScript of ``noahrules/serve/static``, served by ``GET /api/languages/{language}``). A
message a catalog lacks is shown in English.
Messages for developers (``IllegalMoveError`` with its rule id, ``RulesDataError``) are not
translated.

Messages name their placeholders as :meth:`str.format` does, so that a translation may put them
in another order; plural forms follow each language's rule (Japanese one, German two, Russian
three):

>>> words = Words("ru", "ferry")
>>> [words.ngettext("{count} card", "{count} cards", n) for n in (1, 2, 5, 21)]
['1 карта', '2 карты', '5 карт', '21 карта']
>>> Words("ja", "noahrules").gettext("Game over.")
'ゲーム終了。'
>>> Words("en", "ferry").ngettext("{count} card", "{count} cards", 1)
'1 card'

``docs/languages.md`` says how the catalogs are extracted, updated and compiled with Babel.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib.resources import files

from attrs import field, frozen

from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES

__all__ = ["DOMAINS", "Words", "translations"]

DOMAINS = ("noahrules", "ferry", "island", "page")
"""The catalogs of the library: what every game shares, one per game, then the table server's
page (its JavaScript's words, served to the browser as JSON)."""


def _language(_: object, __: object, language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; languages: {', '.join(LANGUAGES)}")


@cache
def translations(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (nothing to translate in English, or
    where the library has no catalog)."""
    _language(None, None, language)
    if language == DEFAULT_LANGUAGE or domain not in DOMAINS:
        return gettext.NullTranslations()
    catalog = files("noahrules").joinpath("locales", language, "LC_MESSAGES", f"{domain}.mo")
    try:
        with catalog.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    except FileNotFoundError:
        return gettext.NullTranslations()


@frozen
class Words:
    """The messages of one domain in one language, their placeholders filled."""

    language: str = field(validator=_language)
    domain: str

    def gettext(self, message: str, **values: object) -> str:
        """``message`` in this language, ``{name}`` placeholders filled from ``values``."""
        text = translations(self.language, self.domain).gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, one: str, many: str, count: int, **values: object) -> str:
        """The form of ``one``/``many`` for ``count`` in this language, its placeholders filled
        from ``values`` and ``count``."""
        text = translations(self.language, self.domain).ngettext(one, many, count)
        return text.format(count=count, **values)
