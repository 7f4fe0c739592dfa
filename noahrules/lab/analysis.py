"""What a study's games show: per *cell* (an arm at a player count), the seats, the bots, the
lengths, the scores, the effects of the deal and the counts of play; per variant, its
differences from the base; every test as a finding, corrected within its family.

Seats are counted two ways. A *position* is a seat's place in the turn order of the first round
(position 0 moves first), so the position table is the seat balance; the *seat* table counts
seat numbers whatever the order (in the island game, seat k takes ark k: the ark colours). As
every deal is played from every seat order, a position's record is not the luck of its cards.

Wins are shared among tied winners; a game stopped at the decision cap has no winner. Lengths
are counted in decisions, and in turns and rounds where the game's statistics count them (the
per-game totals named in :data:`LENGTH_UNITS`).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import cattrs
from attrs import frozen

from noahrules.game import Game, RulesValue, game_named
from noahrules.lab.checks import Silent
from noahrules.lab.design import Study
from noahrules.lab.effects import Effect, Tally, dealt_effects, play_tallies, shares, species_of
from noahrules.lab.findings import Family, Finding, check_findings, findings
from noahrules.lab.ratings import Rating, rate_bots
from noahrules.lab.run import Outcome, Played
from noahrules.lab.stats import (
    ChiSquare,
    Interval,
    chi_square_even,
    games_to_detect,
    mean_difference,
    mean_interval,
    nearest_rank,
    paired_interval,
    percentile_interval,
    rate_difference,
    resample,
    resampled,
)
from noahrules.simulation import GameResult, Rate, Stats

__all__ = [
    "DECISIONS",
    "LENGTH_UNITS",
    "ArmReport",
    "BalanceReport",
    "Comparison",
    "Length",
    "Measures",
    "Power",
    "Sample",
    "Size",
    "analyse",
    "win_spread",
]

DECISIONS = "decisions"
LENGTH_UNITS = ("turns", "rounds")
"""Per-game totals of a game's statistics that count its length in other units than decisions:
what a turn and a round are is the game's to say (ferry: a turn is one play, F20, and a round
one deal, F25; island: a turn is one flood, I9, and a round every player's turn once)."""
DIFFERENCES = (0.02, 0.03, 0.05, 0.10)
"""The differences of win rate the power table is worked out for."""
RESAMPLES = 1000
MOST_UNITS = 1000
"""The most units a bootstrap resamples: more deals are summed into this many groups of
consecutive deals (deals are independent, so groups of them are too)."""

_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})


@frozen
class Length:
    """Game lengths in one unit: their distribution and how often the cap stopped a game."""

    mean: float
    median: float
    p90: float
    """The 90th percentile (nearest rank)."""
    minimum: float
    maximum: float
    capped: Rate
    """Games stopped at the decision cap, of all games."""


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
class Measures:
    """A cell's rule set judged by the measures of game-design research (Ludii's balance,
    decisiveness, drawishness and duration), each with its 95% interval."""

    win_spread: Interval
    """The best position's win rate less the worst's (0 for even seats; balance is 1 less
    it): a bootstrap over the deals."""
    first_seat: Interval
    """Position 0's win rate less an even share (1 / players): the first player's edge."""
    duration: dict[str, Interval]
    """Mean length per game, per unit (decisions, and turns and rounds where counted)."""


@frozen
class ArmReport:
    """One arm of a study at one player count."""

    name: str
    players: int
    variants: tuple[str, ...]
    settings: dict[str, Any]
    """The rules parameters the arm sets (``--set``)."""
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
    length: dict[str, Length]
    """Per unit (``decisions``, and ``turns`` and ``rounds`` where counted)."""
    lengths: dict[str, tuple[tuple[int, int], ...]]
    """Per unit, pairs (length, games): the distribution."""
    scores: tuple[Stats, ...]
    """Scores by position."""
    score_counts: tuple[tuple[tuple[int, int], ...], ...]
    """By position, pairs (score, games): the score distributions."""
    spread: Stats
    """The best score less the worst, per finished game."""
    decisive: Rate
    """Finished games with a single winner."""
    drawn: Rate
    """Finished games whose win was shared."""
    numbers: dict[str, Stats]
    """The game's own totals (departures, pairs rescued, ...)."""
    dealt: dict[str, tuple[Effect, ...]]
    """Per tally of what the deal gave a seat, per key: its effect on winning."""
    played: dict[str, tuple[Tally, ...]]
    """Per tally of the seats' own play, per key: counts (descriptive only)."""
    measures: Measures
    samples: tuple[Sample, ...] = ()


@frozen
class Comparison:
    """An arm against the base at one player count, on the same deals: each difference (arm
    less base) with its 95% interval and the p-value of its test."""

    arm: str
    players: int
    length: Interval
    """Mean decisions per game."""
    spread: Interval
    """Mean score spread (best less worst)."""
    first_seat: Interval
    """Win rate of position 0 (the first player)."""
    win_spread: Interval
    """The best position's win rate less the worst's: a paired bootstrap over deals."""
    decisive: Interval
    """Share of finished games with a single winner."""


@frozen
class Size:
    """How much a study played at one player count, and the smallest edge of one position it
    could find."""

    players: int
    deals: int
    games_per_arm: int
    detectable: float
    """The smallest difference of one position's win rate from an even share that these games
    find with 80% power in a test at 5% (percentage points as a share)."""


@frozen
class Power:
    """Games needed to find a difference of win rate with 80% power in a test at 5%."""

    players: int
    difference: float
    one_position: int
    """Games per arm to find one position's win rate that far from an even share."""
    two_arms: int
    """Games per arm to find the first player's win rate that far apart in two arms."""


@frozen
class BalanceReport:
    """What a balance study showed."""

    game: str
    score_name: str
    lower_scores_win: bool
    players: tuple[int, ...]
    bots: tuple[str, ...]
    seed: int
    sizes: tuple[Size, ...]
    max_decisions: int
    interrupted: bool
    """Whether the study was stopped early: the report covers the deals played."""
    correction: str
    """How each family of tests is corrected (``holm``, ``bonferroni`` or ``fdr_bh``)."""
    arms: tuple[ArmReport, ...]
    """Per cell, arm by arm, then player count."""
    comparisons: tuple[Comparison, ...]
    findings: tuple[Finding, ...]
    """Every test, with its p-value before and after its family's correction."""
    families: tuple[Family, ...]
    power: tuple[Power, ...]
    notes: tuple[str, ...] = ()
    """What the reader should know beside the findings (games stopped at the cap, arms played
    although they play as others)."""
    silent: tuple[Silent, ...] = ()
    """Arms that play as others, played anyway (``allow_identical``)."""
    check_bots: tuple[str, ...] = ()
    """The bots of the strength check, if there was one: each finding says whether it holds."""

    def to_dict(self) -> dict[str, object]:
        """The report as plain data, for JSON."""
        data: dict[str, object] = _PLAIN.unstructure(self)
        return data

    def arm(self, name: str, players: int | None = None) -> ArmReport:
        """The arm called ``name`` (at ``players``, default the study's first count)."""
        count = self.players[0] if players is None else players
        for arm in self.arms:
            if arm.name == name and arm.players == count:
                return arm
        raise KeyError(name if players is None else f"{name} at {players} players")

    @property
    def significant(self) -> tuple[Finding, ...]:
        """The findings significant after correction."""
        return tuple(f for f in self.findings if f.significant)


def analyse(
    outcome: Outcome,
    samples: Sequence[Sequence[Sample]] = (),
    *,
    correction: str = "holm",
    check: Outcome | None = None,
    silent: Sequence[Silent] = (),
) -> BalanceReport:
    """The report of ``outcome``; ``samples`` are the games kept per cell, if any; each family
    of tests is corrected by ``correction``; ``check`` is the outcome of the same study played
    by other bots (a strength check); ``silent`` the arms played although they play as others.
    """
    study = outcome.study
    game = game_named(study.game)
    rules = [arm.rules(game) for arm in study.arms]
    units = {n: _deal_units(outcome.cell(0, n), n) for n in study.players}
    draws = {
        n: resample(len(u), study.seed, RESAMPLES) if len(u) > 1 else [] for n, u in units.items()
    }
    spreads: dict[tuple[int, int], list[float]] = {}
    arms = []
    for index, ((a, n), games) in enumerate(zip(study.cells, outcome.games, strict=True)):
        cell_units = _deal_units(games, n)
        spreads[a, n] = resampled(cell_units, win_spread, draws[n])
        kept = samples[index] if samples else ()
        arms.append(_arm(study, game, rules[a], a, n, games, cell_units, spreads[a, n], kept))
    comparisons = [
        _compare(
            outcome.cell(0, n),
            outcome.cell(a, n),
            arms[study.cells.index((0, n))],
            arms[study.cells.index((a, n))],
            spreads[0, n],
            spreads[a, n],
        )
        for a in range(1, len(study.arms))
        for n in study.players
    ]
    tested, families = findings(arms, comparisons, correction)
    check_bots: tuple[str, ...] = ()
    if check is not None:
        other = analyse(check, correction=correction)
        check_bots = other.bots
        tested = check_findings(tested, other.findings, check_bots)
    return BalanceReport(
        game=game.name,
        score_name=game.score_name,
        lower_scores_win=game.lower_scores_win,
        players=study.players,
        bots=study.bot_names,
        seed=study.seed,
        sizes=tuple(_size(n, outcome.deals_at(n)) for n in study.players),
        max_decisions=study.max_decisions,
        interrupted=outcome.interrupted,
        correction=correction,
        arms=tuple(arms),
        comparisons=tuple(comparisons),
        findings=tested,
        families=families,
        power=tuple(p for n in study.players for p in _power(n)),
        notes=_notes(arms, study, silent),
        silent=tuple(silent),
        check_bots=check_bots,
    )


def _position(played: Played, seat: int) -> int:
    """A seat's position in the turn order of its game (0 moves first)."""
    return (seat - played.table) % played.players


def _arm(
    study: Study,
    game: Game,
    rules: RulesValue,
    index: int,
    players: int,
    games: Sequence[Played],
    units: Sequence[Sequence[float]],
    spread: Sequence[float],
    samples: Sequence[Sample],
) -> ArmReport:
    arm = study.arms[index]
    by_position, by_seat = [0.0] * players, [0.0] * players
    scores: list[list[int]] = [[] for _ in range(players)]
    for played in games:
        for seat, share in enumerate(shares(played.result)):
            by_position[_position(played, seat)] += share
            by_seat[seat] += share
            scores[_position(played, seat)].append(played.result.scores[seat])
    results = [p.result for p in games]
    finished = [r for r in results if r.finished]
    count = len(games)
    positions = tuple(Rate.of(w, count) for w in by_position)
    lengths = _lengths(results)
    species = species_of(game, rules)
    return ArmReport(
        name=arm.name,
        players=players,
        variants=tuple(rules.variants),
        settings=dict(arm.settings),
        digest=rules.digest,
        games=count,
        unfinished=count - len(finished),
        positions=positions,
        positions_test=chi_square_even(by_position),
        seats=tuple(Rate.of(w, count) for w in by_seat),
        seats_test=chi_square_even(by_seat),
        bots=_bots(results),
        ratings=rate_bots(results, game.lower_scores_win),
        length={unit: _length(values, results) for unit, values in lengths.items()},
        lengths={unit: _counted(values) for unit, values in lengths.items()},
        scores=tuple(Stats.of(s) for s in scores),
        score_counts=tuple(_counted(s) for s in scores),
        spread=Stats.of([max(r.scores) - min(r.scores) for r in finished]),
        decisive=Rate.of(sum(len(r.winners) == 1 for r in finished), len(finished)),
        drawn=Rate.of(sum(len(r.winners) > 1 for r in finished), len(finished)),
        numbers=_numbers(finished),
        dealt=dealt_effects(game, rules, games, species),
        played=play_tallies(games, players, species),
        measures=Measures(
            win_spread=percentile_interval(win_spread(units), spread),
            first_seat=_edge(positions[0], players),
            duration={unit: mean_interval(values) for unit, values in lengths.items()},
        ),
        samples=tuple(samples),
    )


def _edge(rate: Rate, players: int) -> Interval:
    even = 1 / players
    return Interval(rate.rate - even, rate.low - even, rate.high - even)


def _lengths(results: Sequence[GameResult]) -> dict[str, list[int]]:
    """Per unit, the length of each game: decisions, and every unit of :data:`LENGTH_UNITS`
    the game's statistics count in every game."""
    found = {DECISIONS: [r.decisions for r in results]}
    for unit in LENGTH_UNITS:
        if results and all(unit in r.numbers for r in results):
            found[unit] = [r.numbers[unit] for r in results]
    return found


def _counted(values: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(values).items()))


def _bots(results: Sequence[GameResult]) -> dict[str, Rate]:
    wins: dict[str, float] = {}
    seats: Counter[str] = Counter()
    for result in results:
        seats.update(result.seats)
        for seat, share in enumerate(shares(result)):
            wins[result.seats[seat]] = wins.get(result.seats[seat], 0.0) + share
    return {name: Rate.of(wins.get(name, 0.0), seats[name]) for name in sorted(seats)}


def _length(values: Sequence[int], results: Sequence[GameResult]) -> Length:
    if not values:
        return Length(0.0, 0.0, 0.0, 0.0, 0.0, Rate.of(0, 0))
    return Length(
        mean=statistics.fmean(values),
        median=float(statistics.median(values)),
        p90=nearest_rank(values, 0.9),
        minimum=float(min(values)),
        maximum=float(max(values)),
        capped=Rate.of(sum(not r.finished for r in results), len(results)),
    )


def _numbers(results: Sequence[GameResult]) -> dict[str, Stats]:
    names = sorted({name for r in results for name in r.numbers})
    return {n: Stats.of([r.numbers[n] for r in results if n in r.numbers]) for n in names}


def win_spread(units: Sequence[Sequence[float]]) -> float:
    """The best position's share of the wins less the worst's, from per-deal wins by position:
    0 for even seats, 1 when one position always wins."""
    if not units:
        return 0.0
    totals = [float(sum(column)) for column in zip(*units, strict=True)]
    whole = sum(totals)
    if whole <= 0:
        return 0.0
    return (max(totals) - min(totals)) / whole


def _deal_units(games: Sequence[Played], players: int) -> list[list[float]]:
    """Per deal (in deal order), the wins of each position over its tables, summed into at most
    :data:`MOST_UNITS` groups of consecutive deals."""
    units: dict[int, list[float]] = {}
    for played in games:
        unit = units.setdefault(played.deal, [0.0] * players)
        for seat, share in enumerate(shares(played.result)):
            unit[_position(played, seat)] += share
    ordered = [units[d] for d in sorted(units)]
    if len(ordered) <= MOST_UNITS:
        return ordered
    groups = []
    for g in range(MOST_UNITS):
        part = ordered[g * len(ordered) // MOST_UNITS : (g + 1) * len(ordered) // MOST_UNITS]
        groups.append([sum(column) for column in zip(*part, strict=True)])
    return groups


def _compare(
    base_games: Sequence[Played],
    arm_games: Sequence[Played],
    base: ArmReport,
    arm: ArmReport,
    base_spread: Sequence[float],
    arm_spread: Sequence[float],
) -> Comparison:
    def spreads(games: Sequence[Played]) -> list[float]:
        return [max(p.result.scores) - min(p.result.scores) for p in games if p.result.finished]

    return Comparison(
        arm=arm.name,
        players=arm.players,
        length=mean_difference(
            [p.result.decisions for p in arm_games], [p.result.decisions for p in base_games]
        ),
        spread=mean_difference(spreads(arm_games), spreads(base_games)),
        first_seat=rate_difference(arm.positions[0], base.positions[0]),
        win_spread=paired_interval(
            arm.measures.win_spread.estimate - base.measures.win_spread.estimate,
            arm_spread,
            base_spread,
        ),
        decisive=rate_difference(arm.decisive, base.decisive),
    )


def _size(players: int, deals: int) -> Size:
    games = deals * players
    even = 1 / players
    steps = (d / 1000 for d in range(1, int(1000 * (1 - even))))
    detectable = next((d for d in steps if games_to_detect(even, d) <= games), 1 - even)
    return Size(players, deals, games, detectable)


def _power(players: int) -> list[Power]:
    even = 1 / players
    return [
        Power(
            players,
            d,
            games_to_detect(even, d),
            games_to_detect(even, d, groups=2),
        )
        for d in DIFFERENCES
    ]


def _notes(arms: Sequence[ArmReport], study: Study, silent: Sequence[Silent]) -> tuple[str, ...]:
    several = len(study.players) > 1
    notes = [
        f"{arm.name}{f' at {arm.players} players' if several else ''}: {arm.unfinished} of "
        f"{arm.games} games stopped at the cap of {study.max_decisions} decisions"
        for arm in arms
        if arm.unfinished
    ]
    notes += [f"played anyway: {s.text}" for s in silent]
    return tuple(notes)
