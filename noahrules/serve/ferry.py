"""The ferry game's parts for the table server's page: its rules summary and its end explained
(:mod:`noahrules.serve.explain`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from noahrules.events import Event
from noahrules.ferry import RoundEnded
from noahrules.serialize import JsonValue
from noahrules.serve.explain import PageParts, names, public

__all__ = ["PARTS", "explain"]


def explain(view: Any, events: Sequence[Event], seat_labels: Sequence[str]) -> dict[str, JsonValue]:
    """The ferry game's end: per seat the tears left in hand at the end of each round (F22),
    the crocodile's reductions (V3), the cards left at the end, and the penalty; who went out."""
    table = public(view)
    rules = table.rules
    rounds = [e for e in events if isinstance(e, RoundEnded)]
    hands: Sequence[int] | None = getattr(view, "hand_sizes", None)
    players = range(table.players)
    columns: list[JsonValue] = [f"round {e.round} tears" for e in rounds]
    rows: list[list[JsonValue]] = [[e.tears[s] for e in rounds] for s in players]
    reduced = [table.penalties[s] - sum(e.tears[s] for e in rounds) for s in players]
    if any(reduced):
        columns.append("crocodile (V3)")
        for s in players:
            rows[s].append(reduced[s])
    if hands is not None:
        columns.append("cards left")
        for s in players:
            rows[s].append(hands[s])
    columns.append("penalty")
    for s in players:
        rows[s].append(table.penalties[s])
    last = rounds[-1].round if rounds else table.round
    if hands is None:
        reason = f"Round {last} ended: a hand was empty (F20) or the last ferry departed (F21)."
    elif out := [s for s in players if hands[s] == 0]:
        reason = f"Round {last} ended when {names(out, seat_labels)} had no card left (F20)."
    else:
        reason = f"Round {last} ended when the last waiting ferry departed (F21)."
    limit = rules.penalty_limit
    if limit is not None and max(table.penalties) >= limit:
        end = f"The game ended with that round: a penalty reached {limit} (V1)."
    else:
        end = f"The game ends after {rules.rounds} rounds (F25)."
    return {
        "reason": f"{reason} {end}",
        "columns": columns,
        "rows": cast(list[JsonValue], rows),
        "notes": [
            "When a round ends, each card left in a hand adds its tears to its holder's "
            "penalty (F22).",
            "The lowest penalty wins; tied players share the win (F25).",
        ],
    }


PARTS = PageParts(guide="guides/ferry.md", board="ferry", explain=explain)
"""The ferry game's parts for the page (``GameSpec.plugins["serve"]``)."""
