"""The ferry game's parts for the table server's page: its rules summary and its end explained
(:mod:`noahrules.serve.explain`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from noahrules.events import Event
from noahrules.ferry import RoundEnded
from noahrules.i18n import Words
from noahrules.serialize import JsonValue
from noahrules.serve.explain import PageParts, public

__all__ = ["PARTS", "explain"]


def explain(
    view: Any, events: Sequence[Event], seat_labels: Sequence[str], language: str
) -> dict[str, JsonValue]:
    """The ferry game's end: per seat the tears left in hand at the end of each round (F22),
    the crocodile's reductions (V3), the cards left at the end, and the penalty; who went out.
    Its words are the ``ferry`` catalog's in ``language``."""
    words = Words(language, "ferry")
    table = public(view)
    rules = table.rules
    rounds = [e for e in events if isinstance(e, RoundEnded)]
    hands: Sequence[int] | None = getattr(view, "hand_sizes", None)
    players = range(table.players)
    columns: list[JsonValue] = [words.gettext("round {round} tears", round=e.round) for e in rounds]
    rows: list[list[JsonValue]] = [[e.tears[s] for e in rounds] for s in players]
    reduced = [table.penalties[s] - sum(e.tears[s] for e in rounds) for s in players]
    if any(reduced):
        columns.append(words.gettext("crocodile (V3)"))
        for s in players:
            rows[s].append(reduced[s])
    if hands is not None:
        columns.append(words.gettext("cards left"))
        for s in players:
            rows[s].append(hands[s])
    columns.append(words.gettext("penalty"))
    for s in players:
        rows[s].append(table.penalties[s])
    last = rounds[-1].round if rounds else table.round
    if hands is None:
        reason = words.gettext(
            "Round {round} ended: a hand was empty (F20) or the last ferry departed (F21).",
            round=last,
        )
    elif out := [s for s in players if hands[s] == 0]:
        reason = words.ngettext(
            "Round {round} ended when {names} had no card left (F20).",
            "Round {round} ended when {names} had no card left (F20).",
            len(out),
            round=last,
            names=_names(out, seat_labels, words),
        )
    else:
        reason = words.gettext(
            "Round {round} ended when the last waiting ferry departed (F21).", round=last
        )
    limit = rules.penalty_limit
    if limit is not None and max(table.penalties) >= limit:
        end = words.gettext(
            "The game ended with that round: a penalty reached {limit} (V1).", limit=limit
        )
    else:
        end = words.ngettext(
            "The game ends after {count} round (F25).",
            "The game ends after {count} rounds (F25).",
            rules.rounds,
        )
    return {
        "reason": words.gettext("{reason} {end}", reason=reason, end=end),
        "columns": columns,
        "rows": cast(list[JsonValue], rows),
        "notes": [
            words.gettext(
                "When a round ends, each card left in a hand adds its tears to its holder's "
                "penalty (F22)."
            ),
            words.gettext("The lowest penalty wins; tied players share the win (F25)."),
        ],
    }


def _names(seats: Sequence[int], seat_labels: Sequence[str], words: Words) -> str:
    """Some seats by their labels, joined by "and" in the words' language."""
    joined = seat_labels[seats[0]]
    for seat in seats[1:]:
        joined = words.gettext("{first} and {second}", first=joined, second=seat_labels[seat])
    return joined


PARTS = PageParts(guide="guides/ferry.md", board="ferry", explain=explain)
"""The ferry game's parts for the page (``GameSpec.plugins["serve"]``)."""
