"""What a study's games show: per arm, the seats, the bots, the lengths, the scores and the
effects of cards or species on winning; per variant, its differences from the base.

Seats are counted two ways. A *position* is a seat's place in the turn order of the first round
(position 0 moves first), so the position table is the seat balance; the *seat* table counts
seat numbers whatever the order (in the island game, seat k takes ark k: the ark colours). As
every deal is played from every seat order, a position's record is not the luck of its cards.

Wins are shared among tied winners; a game stopped at the decision cap has no winner.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs
import cattrs
from attrs import frozen

from noahrules.game import Game, RulesValue, game_named
from noahrules.lab.design import Study
from noahrules.lab.findings import findings
from noahrules.lab.ratings import Rating, rate_bots
from noahrules.lab.run import Outcome, Played
from noahrules.lab.stats import (
    ChiSquare,
    Interval,
    bootstrap_difference,
    chi_square_even,
    holm,
    mean_difference,
    nearest_rank,
    proportions_p,
    rate_difference,
)
from noahrules.lab.tables import seat_tallies
from noahrules.simulation import GameResult, Rate, Stats

__all__ = [
    "ArmReport",
    "BalanceReport",
    "Comparison",
    "Effect",
    "Length",
    "Sample",
    "analyse",
    "imbalance",
]

_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})


@frozen
class Length:
    """Decisions per game: their distribution and how often the cap stopped a game."""

    mean: float
    median: float
    p90: float
    """The 90th percentile (nearest rank)."""
    minimum: float
    maximum: float
    capped: Rate
    """Games stopped at the decision cap, of all games."""


@frozen
class Effect:
    """How a seat fares when something is in its tally (a card played, a species rescued)
    against when it is not: win rates and their difference."""

    key: str
    present: Rate
    absent: Rate
    difference: Interval
    p_value: float
    """Of the pooled z-test that both rates are equal."""
    holm: bool
    """Whether it stays significant at 5% among all the keys of its tally (Holm's method)."""


@frozen
class Sample:
    """A game kept as a record: why (``decisive``, ``closest``, ``longest``), which, and where
    its record is, relative to the report's folder."""

    kind: str
    deal: int
    table: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    file: str


@frozen
class ArmReport:
    """One arm of a study."""

    name: str
    variants: tuple[str, ...]
    digest: str
    games: int
    unfinished: int
    positions: tuple[Rate, ...]
    """Win rates by position in the turn order (0 moves first)."""
    positions_test: ChiSquare
    """Whether positions win evenly."""
    seats: tuple[Rate, ...]
    """Win rates by seat number (island: ark colour)."""
    seats_test: ChiSquare
    bots: dict[str, Rate]
    ratings: dict[str, Rating]
    """OpenSkill ratings of the bots, when several bots played."""
    length: Length
    lengths: tuple[tuple[int, int], ...]
    """Pairs (decisions, games): the length distribution."""
    scores: tuple[Stats, ...]
    """Scores by position."""
    score_counts: tuple[tuple[tuple[int, int], ...], ...]
    """By position, pairs (score, games): the score distributions."""
    spread: Stats
    """The best score less the worst, per finished game."""
    decisive: Rate
    """Finished games with a single winner."""
    numbers: dict[str, Stats]
    """The game's own totals (departures, pairs rescued, ...)."""
    effects: dict[str, tuple[Effect, ...]]
    """Per tally of the game (plays per card, pairs rescued per species), per key."""
    samples: tuple[Sample, ...] = ()


@frozen
class Comparison:
    """An arm against the base, on the same deals: each difference (arm less base) with its
    95% interval and significance."""

    arm: str
    length: Interval
    """Mean decisions per game."""
    spread: Interval
    """Mean score spread (best less worst)."""
    first_seat: Interval
    """Win rate of position 0 (the first player)."""
    imbalance: Interval
    """Seat imbalance: how much win share would have to move for the positions to win evenly
    (half the summed distance from even shares); a paired bootstrap over deals."""
    decisive: Interval
    """Share of finished games with a single winner."""


@frozen
class BalanceReport:
    """What a balance study showed."""

    game: str
    score_name: str
    lower_scores_win: bool
    players: int
    bots: tuple[str, ...]
    seed: int
    deals: int
    games_per_arm: int
    max_decisions: int
    interrupted: bool
    """Whether the study was stopped early: the report covers the deals played."""
    arms: tuple[ArmReport, ...]
    comparisons: tuple[Comparison, ...]
    findings: tuple[str, ...]
    """The significant results, in words."""

    def to_dict(self) -> dict[str, object]:
        """The report as plain data, for JSON."""
        data: dict[str, object] = _PLAIN.unstructure(self)
        return data

    def arm(self, name: str) -> ArmReport:
        """The arm called ``name``."""
        for arm in self.arms:
            if arm.name == name:
                return arm
        raise KeyError(name)


def analyse(outcome: Outcome, samples: Sequence[Sequence[Sample]] = ()) -> BalanceReport:
    """The report of ``outcome``; ``samples`` are the games kept per arm, if any."""
    study = outcome.study
    game = game_named(study.game)
    arms = tuple(
        _arm(study, index, games, game.lower_scores_win, samples[index] if samples else ())
        for index, games in enumerate(outcome.games)
    )
    comparisons = tuple(
        _compare(study, outcome.games[0], outcome.games[i], arms[0], arms[i])
        for i in range(1, len(arms))
    )
    report = BalanceReport(
        game=game.name,
        score_name=game.score_name,
        lower_scores_win=game.lower_scores_win,
        players=study.players,
        bots=study.bot_names,
        seed=study.seed,
        deals=outcome.deals,
        games_per_arm=outcome.deals * study.tables,
        max_decisions=study.max_decisions,
        interrupted=outcome.interrupted,
        arms=arms,
        comparisons=comparisons,
        findings=(),
    )
    return attrs.evolve(report, findings=findings(report))


def _position(played: Played, seat: int, players: int) -> int:
    """A seat's position in the turn order of its game (0 moves first)."""
    return (seat - played.table) % players


def _shares(result: GameResult) -> list[float]:
    """Per seat, its share of the win."""
    shares = [0.0] * len(result.scores)
    for seat in result.winners:
        shares[seat] = 1 / len(result.winners)
    return shares


def _arm(
    study: Study, index: int, games: Sequence[Played], lower: bool, samples: Sequence[Sample]
) -> ArmReport:
    arm, players = study.arms[index], study.players
    rules = arm.rules(game_named(study.game))
    by_position, by_seat = [0.0] * players, [0.0] * players
    scores: list[list[int]] = [[] for _ in range(players)]
    for played in games:
        for seat, share in enumerate(_shares(played.result)):
            by_position[_position(played, seat, players)] += share
            by_seat[seat] += share
            scores[_position(played, seat, players)].append(played.result.scores[seat])
    finished = [p.result for p in games if p.result.finished]
    count = len(games)
    return ArmReport(
        name=arm.name,
        variants=tuple(rules.variants),
        digest=rules.digest,
        games=count,
        unfinished=count - len(finished),
        positions=tuple(Rate.of(w, count) for w in by_position),
        positions_test=chi_square_even(by_position),
        seats=tuple(Rate.of(w, count) for w in by_seat),
        seats_test=chi_square_even(by_seat),
        bots=_bots([p.result for p in games]),
        ratings=rate_bots([p.result for p in games], lower),
        length=_length([p.result for p in games]),
        lengths=_counted(p.result.decisions for p in games),
        scores=tuple(Stats.of(s) for s in scores),
        score_counts=tuple(_counted(s) for s in scores),
        spread=Stats.of([max(r.scores) - min(r.scores) for r in finished]),
        decisive=Rate.of(sum(len(r.winners) == 1 for r in finished), len(finished)),
        numbers=_numbers(finished),
        effects=_effects(finished, players, _species(game_named(study.game), rules)),
        samples=tuple(samples),
    )


def _counted(values: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(values).items()))


def _bots(results: Sequence[GameResult]) -> dict[str, Rate]:
    wins: dict[str, float] = {}
    seats: Counter[str] = Counter()
    for result in results:
        seats.update(result.seats)
        for seat, share in enumerate(_shares(result)):
            wins[result.seats[seat]] = wins.get(result.seats[seat], 0.0) + share
    return {name: Rate.of(wins.get(name, 0.0), seats[name]) for name in sorted(seats)}


def _length(results: Sequence[GameResult]) -> Length:
    decisions = [r.decisions for r in results]
    if not decisions:
        return Length(0.0, 0.0, 0.0, 0.0, 0.0, Rate.of(0, 0))
    return Length(
        mean=statistics.fmean(decisions),
        median=float(statistics.median(decisions)),
        p90=nearest_rank(decisions, 0.9),
        minimum=float(min(decisions)),
        maximum=float(max(decisions)),
        capped=Rate.of(sum(not r.finished for r in results), len(results)),
    )


def _numbers(results: Sequence[GameResult]) -> dict[str, Stats]:
    names = sorted({name for r in results for name in r.numbers})
    return {n: Stats.of([r.numbers[n] for r in results if n in r.numbers]) for n in names}


def _species(game: Game, rules: RulesValue) -> Callable[[str], str | None]:
    """The species of the thing a tally key names by id, where the game's declaration says
    which table of its rules holds such ids (ferry: ``rules.card``) and the thing has a
    ``species``; else ``None``."""
    tables = [getattr(rules, name, None) for name in game.references.values()]

    def species(key: str) -> str | None:
        for table in tables:
            found = table.get(key) if isinstance(table, Mapping) else None
            if isinstance(getattr(found, "species", None), str):
                return str(found.species)  # type: ignore[union-attr]
        return None

    return species


def _by_species(
    tallies: tuple[dict[str, int], ...], species: Callable[[str], str | None]
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


def _effects(
    results: Sequence[GameResult], players: int, species: Callable[[str], str | None]
) -> dict[str, tuple[Effect, ...]]:
    """Per tally and key: the win rate of the seats whose tally holds the key, against the
    others, over every seat of every finished game. A tally of things that have a species
    (ferry cards) is also grouped by species, as ``"<tally> by species"``."""
    tallied: dict[str, list[tuple[dict[str, int], float]]] = {}
    for result in results:
        shares = _shares(result)
        for name, tallies in seat_tallies(result.counts, players).items():
            tallied.setdefault(name, []).extend(zip(tallies, shares, strict=True))
            grouped = _by_species(tallies, species)
            if grouped is not None:
                tallied.setdefault(f"{name} by species", []).extend(
                    zip(grouped, shares, strict=True)
                )
    effects = {}
    for name, seats in sorted(tallied.items()):
        keys = sorted({key for tally, _ in seats for key, n in tally.items() if n > 0})
        rates = [_rates(key, seats) for key in keys]
        p_values = [proportions_p(present, absent) for present, absent in rates]
        effects[name] = tuple(
            Effect(key, present, absent, rate_difference(present, absent), p, passed)
            for key, (present, absent), p, passed in zip(
                keys, rates, p_values, holm(p_values), strict=True
            )
        )
    return effects


def _rates(key: str, seats: Sequence[tuple[dict[str, int], float]]) -> tuple[Rate, Rate]:
    """The win rates of the seats whose tally holds ``key`` and of the others."""
    present = [share for tally, share in seats if tally.get(key, 0) > 0]
    absent = [share for tally, share in seats if tally.get(key, 0) <= 0]
    return Rate.of(sum(present), len(present)), Rate.of(sum(absent), len(absent))


def imbalance(units: Sequence[Sequence[float]]) -> float:
    """Half the summed distance of the positions' win shares from even shares, from per-deal
    wins by position: 0 for even seats, up to 1 - 1/players when one position always wins."""
    if not units:
        return 0.0
    totals = [float(sum(column)) for column in zip(*units, strict=True)]
    whole = sum(totals)
    if whole <= 0:
        return 0.0
    even = 1 / len(totals)
    return float(sum(abs(t / whole - even) for t in totals)) / 2


def _deal_units(games: Sequence[Played], players: int) -> dict[int, list[float]]:
    """Per deal, the wins of each position over its tables."""
    units: dict[int, list[float]] = {}
    for played in games:
        unit = units.setdefault(played.deal, [0.0] * players)
        for seat, share in enumerate(_shares(played.result)):
            unit[_position(played, seat, players)] += share
    return units


MOST_UNITS = 1000
"""The most units a bootstrap resamples: more deals are summed into this many groups of
consecutive deals (deals are independent, so groups of them are too)."""


def _grouped(units: Sequence[list[float]]) -> list[list[float]]:
    """``units`` summed into at most :data:`MOST_UNITS` groups of consecutive units."""
    if len(units) <= MOST_UNITS:
        return list(units)
    groups = []
    for g in range(MOST_UNITS):
        part = units[g * len(units) // MOST_UNITS : (g + 1) * len(units) // MOST_UNITS]
        groups.append([sum(column) for column in zip(*part, strict=True)])
    return groups


def _compare(
    study: Study,
    base_games: Sequence[Played],
    arm_games: Sequence[Played],
    base: ArmReport,
    arm: ArmReport,
) -> Comparison:
    players = study.players
    base_units, arm_units = _deal_units(base_games, players), _deal_units(arm_games, players)
    deals = sorted(set(base_units) & set(arm_units))

    def spreads(games: Sequence[Played]) -> list[float]:
        return [max(p.result.scores) - min(p.result.scores) for p in games if p.result.finished]

    return Comparison(
        arm=arm.name,
        length=mean_difference(
            [p.result.decisions for p in arm_games], [p.result.decisions for p in base_games]
        ),
        spread=mean_difference(spreads(arm_games), spreads(base_games)),
        first_seat=rate_difference(arm.positions[0], base.positions[0]),
        imbalance=bootstrap_difference(
            _grouped([arm_units[d] for d in deals]),
            _grouped([base_units[d] for d in deals]),
            imbalance,
            study.seed,
        ),
        decisive=rate_difference(arm.decisive, base.decisive),
    )
