"""The island game's parts for the table server's page: its rules summary and its end explained
(:mod:`noahrules.serve.explain`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from attrs import frozen

from noahrules.events import Event
from noahrules.island import Scoring, breakdown
from noahrules.island.state import PublicFields
from noahrules.serialize import JsonValue
from noahrules.serve.explain import PageParts, public

__all__ = ["PARTS", "explain"]


def explain(view: Any, events: Sequence[Event], seat_labels: Sequence[str]) -> dict[str, JsonValue]:
    """The island game's end: per seat its score in parts, as :func:`noahrules.island.breakdown`
    gives them (start, flood, animals, x2, bonus, total)."""
    table = public(view)
    rules = table.rules
    parts = breakdown(cast(PublicFields, _Holding(table)))
    advanced = rules.scoring is Scoring.ADVANCED
    rule = "I18" if advanced else "I17"
    animals = (
        f"animals: each species is worth {rules.species_points} in all, shared by the pairs "
        "rescued (I18)"
        if advanced
        else "animals: 1 point per animal rescued, 2 for either of the two rare ones (I17)"
    )
    if table.water_left == 0:
        reason = "The last water tile was placed (I16)."
    else:
        reason = "Nothing was left to rescue: no face-down animal and no pair (I16)."
    return {
        "reason": reason,
        "columns": ["start (I6)", "flood (I10)", f"animals ({rule})", "x2", "bonus", "total"],
        "rows": [[b.start, b.flood, b.animals, b.doubled, b.bonus, b.total] for b in parts],
        "notes": [
            "start: 1 point for the first player, 2 for the second, and so on (I6); flood: "
            "1 point per water space next to each water tile you laid (I10).",
            f"{animals}; x2: the three species your ark marks score again; bonus: "
            f"{rules.sole_rescuer_bonus} per species only you rescued, never doubled.",
            "The highest total wins; a tie goes to the most animals rescued, then the most "
            "species (I19).",
        ],
    }


@frozen
class _Holding:
    """A public table where the island's scoring expects a state or a view (``.table``)."""

    table: object


PARTS = PageParts(guide="guides/island.md", board="island", explain=explain)
"""The island game's parts for the page (``GameSpec.plugins["serve"]``)."""
