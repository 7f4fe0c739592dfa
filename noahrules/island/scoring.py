"""Scoring of the island game (I17-I19)."""

from __future__ import annotations

from attrs import frozen

from noahrules.island.ruleset import Scoring
from noahrules.island.state import Phase, PublicFields, Table

__all__ = ["Breakdown", "breakdown", "final_scores", "final_winners", "scores", "winners"]


@frozen
class Breakdown:
    """The parts of one seat's score, for a user interface to show."""

    start: int
    """Starting points (I6)."""
    flood: int
    """Points for water placed (I10)."""
    animals: int
    """Points of the animals rescued, before doubling (I17 or I18)."""
    doubled: int
    """The extra points of the ark's x2 species (I17, I18)."""
    bonus: int
    """Sole-rescuer bonuses, never doubled (I17, I18)."""

    @property
    def total(self) -> int:
        """The seat's score: the sum of the parts."""
        return self.start + self.flood + self.animals + self.doubled + self.bonus


def breakdown(state: PublicFields) -> tuple[Breakdown, ...]:
    """Per seat, the parts of its score (of a state or a view). During play the animal parts
    say what the rescues so far would score if the game ended now."""
    return _breakdown(state.table)


def _breakdown(state: Table) -> tuple[Breakdown, ...]:
    rules = state.rules
    counts: list[dict[str, int]] = []
    rescuers: dict[str, int] = {}
    pairs: dict[str, int] = {}
    for rescued in state.rescued:
        mine: dict[str, int] = {}
        for species in rescued:
            mine[species] = mine.get(species, 0) + 1
        for species, n in mine.items():
            rescuers[species] = rescuers.get(species, 0) + 1
            pairs[species] = pairs.get(species, 0) + n // 2
        counts.append(mine)
    is_species = {species: rules.is_species(species) for species in rescuers}
    advanced = rules.scoring is Scoring.ADVANCED
    result = []
    for seat, mine in enumerate(counts):
        start = rules.starting_points[(seat - state.first_player) % state.players]
        animals = doubled = bonus = 0
        x2 = rules.arks[seat].doubled
        for species, n in mine.items():
            if advanced and is_species[species]:
                value = n // 2 * (rules.species_points // pairs[species])  # I18
            else:
                value = n * rules.kind[species].points  # I17
            animals += value
            if species in x2:
                doubled += value
            if is_species[species] and rescuers[species] == 1:
                bonus += rules.sole_rescuer_bonus
        result.append(Breakdown(start, state.points[seat] - start, animals, doubled, bonus))
    return tuple(result)


def scores(state: PublicFields) -> tuple[int, ...]:
    """Per seat: the running points (start and flood) during play, the final totals once the
    game is over (I17-I19)."""
    return final_scores(state.table)


def winners(state: PublicFields) -> tuple[int, ...]:
    """The winning seats once the game is over, ``()`` before (I19): the highest total; among
    tied players the most animals rescued, then the most species; still tied, all share."""
    return final_winners(state.table)


def final_scores(table: Table) -> tuple[int, ...]:
    """:func:`scores` of a table."""
    if table.phase is not Phase.OVER:
        return table.points
    return tuple(b.total for b in _breakdown(table))


def final_winners(table: Table) -> tuple[int, ...]:
    """:func:`winners` of a table."""
    if table.phase is not Phase.OVER:
        return ()
    rules = table.rules
    keys = [
        (total, len(rescued), len({s for s in rescued if rules.is_species(s)}))
        for total, rescued in zip(final_scores(table), table.rescued, strict=True)
    ]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)
