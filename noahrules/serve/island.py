"""The island game's parts for the table server's page: its rules summary and its end explained
(:mod:`noahrules.serve.explain`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from attrs import frozen

from noahrules.events import Event
from noahrules.i18n import Words
from noahrules.island import Scoring, breakdown
from noahrules.island.state import PublicFields
from noahrules.serialize import JsonValue
from noahrules.serve.explain import PageParts, public

__all__ = ["PARTS", "explain"]


def explain(
    view: Any, events: Sequence[Event], seat_labels: Sequence[str], language: str
) -> dict[str, JsonValue]:
    """The island game's end: per seat its score in parts, as :func:`noahrules.island.breakdown`
    gives them (start, flood, animals, x2, bonus, total). Its words are the ``island``
    catalog's in ``language``."""
    words = Words(language, "island")
    table = public(view)
    rules = table.rules
    parts = breakdown(cast(PublicFields, _Holding(table)))
    advanced = rules.scoring is Scoring.ADVANCED
    if advanced:
        animals = words.gettext(
            "animals: each species is worth {points} in all, shared by the pairs rescued (I18)",
            points=rules.species_points,
        )
    else:
        animals = words.gettext(
            "animals: 1 point per animal rescued, 2 for either of the two rare ones (I17)"
        )
    if table.water_left == 0:
        reason = words.gettext("The last water tile was placed (I16).")
    else:
        reason = words.gettext("Nothing was left to rescue: no face-down animal and no pair (I16).")
    return {
        "reason": reason,
        "columns": [
            words.gettext("start (I6)"),
            words.gettext("flood (I10)"),
            words.gettext("animals (I18)") if advanced else words.gettext("animals (I17)"),
            words.gettext("x2"),
            words.gettext("bonus"),
            words.gettext("total"),
        ],
        "rows": [[b.start, b.flood, b.animals, b.doubled, b.bonus, b.total] for b in parts],
        "notes": [
            words.gettext(
                "start: 1 point for the first player, 2 for the second, and so on (I6); flood: "
                "1 point per water space next to each water tile you laid (I10)."
            ),
            words.gettext(
                "{animals}; x2: the three species your ark marks score again; bonus: {bonus} "
                "per species only you rescued, never doubled.",
                animals=animals,
                bonus=rules.sole_rescuer_bonus,
            ),
            words.gettext(
                "The highest total wins; a tie goes to the most animals rescued, then the most "
                "species (I19)."
            ),
        ],
    }


@frozen
class _Holding:
    """A public table where the island's scoring expects a state or a view (``.table``)."""

    table: object


PARTS = PageParts(guide="guides/island.md", board="island", explain=explain)
"""The island game's parts for the page (``GameSpec.plugins["serve"]``)."""
