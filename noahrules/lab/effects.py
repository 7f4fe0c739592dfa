"""What cards and species do to winning, measured through the deal; what was played, counted.

*Effects* compare, over every seat of every finished game, the win rate of the seats the deal
gave a key (a card, a species) with that of the seats it could have given it to and did not,
as the game declares it (:attr:`noahrules.game.GameSpec.dealt`: ferry, the cards of the first
hand; island, the animals of the ark's x2 species that the first reveal lays face up). A random
deal decides who gets what before anyone chooses, so the two groups differ only by the key: the
difference is the key's effect (on these bots' play). The seats are compared within each turn
position (the Mantel-Haenszel difference and the Cochran-Mantel-Haenszel test), so a rule
that deals more to the first seats cannot pass for an effect of what is dealt.

*Play tallies* (ferry, the plays per card; island, the pairs rescued per species) count what
the seats did. Winners play and rescue differently from losers, so these are descriptive
tables only, never tested: "seats that rescued bears won more" says what winners did, not
what bears do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from attrs import frozen

from noahrules.game import Dealt, Game, RulesValue
from noahrules.lab.deals import shares
from noahrules.lab.run import Played
from noahrules.lab.stats import Interval, Stratum, mantel_haenszel
from noahrules.lab.tables import seat_tallies
from noahrules.simulation import Rate

__all__ = ["BY_SPECIES", "Effect", "Tally", "dealt_effects", "play_tallies"]

BY_SPECIES = " by species"
"""Added to the name of a tally whose keys have a species, for its grouping by species."""


@frozen
class Effect:
    """What being given ``key`` at the deal did to a seat's chance of winning: the win rates of
    the seats given it and of those not, and the difference within turn positions."""

    tally: str
    key: str
    given: Rate
    not_given: Rate
    difference: Interval
    """Given less not given, pooled over turn positions, with the CMH test's p-value."""


@frozen
class Tally:
    """How often ``key`` was played or rescued, and how the seats that did fared (descriptive:
    what winners did, not an effect)."""

    key: str
    per_game: float
    """Mean count per game."""
    seats_with: Rate
    """Win rate of the seats whose own tally held the key."""
    seats_without: Rate


SpeciesOf = Callable[[str], str | None]


def species_of(game: Game, rules: RulesValue) -> SpeciesOf:
    """The species of the thing a key names by id, where the game's declaration says which
    table of its rules holds such ids (ferry: ``rules.card``) and the thing has a ``species``;
    else ``None``."""
    tables = [getattr(rules, name, None) for name in game.references.values()]
    known: dict[str, str | None] = {}

    def species(key: str) -> str | None:
        if key not in known:
            known[key] = None
            for table in tables:
                found = table.get(key) if isinstance(table, Mapping) else None
                if isinstance(getattr(found, "species", None), str):
                    known[key] = str(found.species)  # type: ignore[union-attr]
                    break
        return known[key]

    return species


def _by_species(
    tallies: Sequence[Mapping[str, int]], species: SpeciesOf
) -> tuple[dict[str, int], ...] | None:
    """The tallies with their keys grouped by species, if every key has one."""
    grouped: list[dict[str, int]] = []
    for tally in tallies:
        counted: Counter[str] = Counter()
        for key, n in tally.items():
            kind = species(key)
            if kind is None:
                return None
            counted[kind] += n
        grouped.append(dict(counted))
    return tuple(grouped)


def _with_species(
    tallies: Mapping[str, Sequence[Mapping[str, int]]], species: SpeciesOf
) -> dict[str, Sequence[Mapping[str, int]]]:
    """``tallies`` and, for each whose keys have a species, its grouping by species."""
    found: dict[str, Sequence[Mapping[str, int]]] = {}
    for name, seats in tallies.items():
        found[name] = seats
        grouped = _by_species(seats, species)
        if grouped is not None:
            found[name + BY_SPECIES] = grouped
    return found


def dealt_effects(
    game: Game, rules: RulesValue, games: Sequence[Played], species: SpeciesOf
) -> dict[str, tuple[Effect, ...]]:
    """Per tally of what the deal gave (and its grouping by species), per key, its effect
    over the finished ``games`` (see the module's docstring); none if the game declares no
    deal."""
    if game.dealt is None:
        return {}
    # per tally, per key, per turn position: [wins given, seats given, wins not, seats not]
    counts: dict[str, dict[str, dict[int, list[float]]]] = {}
    for played in games:
        result = played.result
        if not result.finished:
            continue
        players = played.players
        first = game.new_game(rules, players, result.seed, played.table)
        won = shares(result)
        given: Dealt = game.dealt(first)
        for name, seats in _with_species(given, species).items():
            keys = counts.setdefault(name, {})
            for seat, tally in enumerate(seats):
                position = (seat - played.table) % players
                for key, n in tally.items():
                    cell = keys.setdefault(key, {}).setdefault(position, [0.0, 0, 0.0, 0])
                    side = 0 if n > 0 else 2
                    cell[side] += won[seat]
                    cell[side + 1] += 1
    return {
        name: tuple(_effect(name, key, keys[key]) for key in sorted(keys))
        for name, keys in sorted(counts.items())
    }


def _effect(tally: str, key: str, positions: Mapping[int, list[float]]) -> Effect:
    strata = [Stratum(c[0], int(c[1]), c[2], int(c[3])) for _, c in sorted(positions.items())]
    given = Rate.of(sum(s.wins_with for s in strata), sum(s.seats_with for s in strata))
    others = Rate.of(sum(s.wins_without for s in strata), sum(s.seats_without for s in strata))
    return Effect(tally, key, given, others, mantel_haenszel(strata))


def play_tallies(
    games: Sequence[Played], players: int, species: SpeciesOf
) -> dict[str, tuple[Tally, ...]]:
    """Per tally of the seats' own play (and its grouping by species), per key: how often it
    came up and how the seats that had it fared, over the finished ``games``."""
    seen: dict[str, list[tuple[Mapping[str, int], float]]] = {}
    finished = [p.result for p in games if p.result.finished]
    for result in finished:
        won = shares(result)
        own = seat_tallies(result.counts, players)
        for name, seats in _with_species(own, species).items():
            seen.setdefault(name, []).extend(zip(seats, won, strict=True))
    found = {}
    for name, held in sorted(seen.items()):
        keys = sorted({key for tally, _ in held for key, n in tally.items() if n > 0})
        found[name] = tuple(_tally(key, held, len(finished)) for key in keys)
    return found


def _tally(key: str, seats: Sequence[tuple[Mapping[str, int], float]], games: int) -> Tally:
    having = [won for tally, won in seats if tally.get(key, 0) > 0]
    lacking = [won for tally, won in seats if tally.get(key, 0) <= 0]
    total = sum(tally.get(key, 0) for tally, _ in seats)
    return Tally(
        key,
        total / games if games else 0.0,
        Rate.of(sum(having), len(having)),
        Rate.of(sum(lacking), len(lacking)),
    )
