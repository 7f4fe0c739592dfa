"""The notes of the moves a seat's player did not make, said in each reader's language.

A move the timeout bot made for a person whose time ran out is stored with a note that says so,
as data (JSON text): whose turn it was and which bot moved. Each client reads it in its own
language, the seat by its label there; a note an older server stored as English text is read
as it is.

>>> note = timed_out(0, "greedy")
>>> note
'{"timed_out": 0, "bot": "greedy"}'
>>> said(note, ("Ann", "Bo"), "en")
'Time ran out for Ann: the greedy bot moved for them.'
>>> said(note, ("Ann", "Bo"), "de")
'Die Zeit von Ann ist abgelaufen: Der Bot greedy hat stattdessen gezogen.'
>>> said("Time ran out for Ann: the greedy bot moved for them.", ("Ann", "Bo"), "ja")
'Time ran out for Ann: the greedy bot moved for them.'
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from noahrules.i18n import Words

__all__ = ["said", "timed_out"]


def timed_out(seat: int, bot: str) -> str:
    """The stored note of a move the bot ``bot`` made for ``seat``, whose time ran out."""
    return json.dumps({"timed_out": seat, "bot": bot})


def said(note: str | None, seat_labels: Sequence[str], language: str) -> str | None:
    """A stored note as a line in ``language``, naming the seats by ``seat_labels`` (labels in
    that language); ``None`` for a move without a note."""
    if note is None:
        return None
    try:
        data = json.loads(note)
    except ValueError:
        return note  # an older server's note: English text
    seat = data.get("timed_out") if isinstance(data, dict) else None
    bot = data.get("bot") if isinstance(data, dict) else None
    if not isinstance(seat, int) or not isinstance(bot, str) or not 0 <= seat < len(seat_labels):
        return note
    words = Words(language, "noahrules")
    who = seat_labels[seat]
    return words.gettext("Time ran out for {who}: the {bot} bot moved for them.", who=who, bot=bot)
