"""What a study's games show: per *cell* (an arm at a player count), the seats, the bots, the
lengths, the scores, the effects of the deal and the counts of play; per variant, its
differences from the base, deal by deal; every test as a finding, corrected within its family.

Seats are counted two ways. A *position* is a seat's place in the turn order of the first round
(position 0 moves first), so the position table is the seat balance; the *seat* table counts
seat numbers whatever the order (in the island game, seat k takes ark k: the ark colours). As
every deal is played from every seat order, a position's record is not the luck of its cards.

Wins are shared among tied winners. A game stopped at the decision cap has no winner, no score
and no length: it is counted apart (``unfinished``, in the notes), left out of the lengths and
scores, and out of the win rates unless ``count_capped`` asks to count it as a game nobody won.
Lengths are counted in decisions, and in turns and rounds where the game's statistics count
them (the per-game totals named in :data:`~noahrules.lab.deals.LENGTH_UNITS`), and compared by
their medians, so that a few long games cannot reverse a difference.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import cattrs
from attrs import frozen

from noahrules.game import Game, RulesValue
from noahrules.games import game_named
from noahrules.lab.checks import Silent
from noahrules.lab.deals import (
    DECISIONS,
    LENGTH_UNITS,
    Deal,
    deals_of,
    grouped,
    lengths_of,
    median_of,
)
from noahrules.lab.design import BASE, Study
from noahrules.lab.effects import Effect, Tally, dealt_effects, play_tallies, species_of
from noahrules.lab.findings import Family, Finding, check_findings, findings, readings
from noahrules.lab.ratings import Rating, rate_bots
from noahrules.lab.run import Outcome, Played
from noahrules.lab.sequential import Anytime, Stopping
from noahrules.lab.settings import plain, shown
from noahrules.lab.stats import (
    LEVEL,
    PAIRED_BOOTSTRAP,
    ChiSquare,
    Difference,
    Interval,
    bias_corrected,
    bootstrap_spread,
    chi_square_even,
    games_to_detect,
    nearest_rank,
    percentile_interval,
    pooled_median,
    ratio_difference,
    ratio_edge,
    resample,
    resampled,
)
from noahrules.simulation import GameResult, Rate, Stats, capped_because

__all__ = [
    "DECISIONS",
    "LENGTH_UNITS",
    "ArmReport",
    "BalanceReport",
    "Comparison",
    "Length",
    "Measures",
    "Pairing",
    "Power",
    "Sample",
    "Size",
    "Sweep",
    "analyse",
    "balance_spread",
    "win_spread",
]

DIFFERENCES = (0.02, 0.03, 0.05, 0.10)
"""The differences of win rate the power table is worked out for."""
RESAMPLES = 1000
MOST_UNITS = 1000
"""The most units a bootstrap resamples: more deals are summed into this many groups of
consecutive deals (deals are independent, so groups of them are too)."""
MEDIANS = "paired bootstrap over deals of the difference of medians"
"""How two arms' game lengths are compared."""

_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})


@frozen
class Length:
    """Game lengths in one unit, over the finished games: their distribution, and how often the
    cap stopped a game (of all games)."""

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
    """A game kept as a record: why (``capped``, ``decisive``, ``closest``, ``longest``), which,
    and where its record is, relative to the report's folder."""

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
    it), bias-corrected by a bootstrap over the deals; its interval reaches 0 whenever the
    chi-square test finds the positions even (:func:`~noahrules.lab.stats.bias_corrected`)."""
    first_seat: Interval
    """Position 0's win rate less an even share (1 / players): the first player's edge."""
    duration: dict[str, Interval]
    """The median length of a finished game, per unit (decisions, and turns and rounds where
    counted), with the percentile interval of a bootstrap over the deals."""


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
    deals: int
    unfinished: int
    """Games stopped at the decision cap."""
    positions: tuple[Rate, ...]
    """Win rates by position in the turn order (0 moves first)."""
    positions_test: ChiSquare
    """Whether positions win evenly."""
    position_edges: tuple[Difference, ...]
    """Each position's win rate less the mean of the positions' rates, with its error over the
    deals: what a test of even positions looked at after every block reads."""
    seats: tuple[Rate, ...]
    """Win rates by seat number (island: ark colour)."""
    seats_test: ChiSquare
    seat_edges: tuple[Difference, ...]
    bots: dict[str, Rate]
    ratings: dict[str, Rating]
    """OpenSkill ratings of the bots, when several bots played."""
    length: dict[str, Length]
    """Per unit (``decisions``, and ``turns`` and ``rounds`` where counted)."""
    lengths: dict[str, tuple[tuple[int, int], ...]]
    """Per unit, pairs (length, games): the distribution over the finished games."""
    scores: tuple[Stats, ...]
    """Scores by position, over the finished games."""
    score_counts: tuple[tuple[tuple[int, int], ...], ...]
    """By position, pairs (score, games): the score distributions."""
    spread: Stats
    """The best score less the worst, per finished game."""
    decisive: Rate
    """Games with a single winner, of the finished games (of all with ``count_capped``)."""
    drawn: Rate
    """Finished games whose win was shared."""
    numbers: dict[str, Stats]
    """The game's own totals per finished game (departures, pairs rescued, ...), its length
    units apart (they are in ``length``)."""
    dealt: dict[str, tuple[Effect, ...]]
    """Per tally of what the deal gave a seat, per key: its effect on winning."""
    played: dict[str, tuple[Tally, ...]]
    """Per tally of the seats' own play, per key: counts (descriptive only)."""
    measures: Measures
    samples: tuple[Sample, ...] = ()


@frozen
class Comparison:
    """An arm against the base at one player count, deal by deal: each difference (arm less
    base) with its 95% interval, the p-value of its test and the test's name (``method``)."""

    arm: str
    players: int
    length: Difference
    """The median decisions of a finished game: a paired bootstrap of the difference of
    medians."""
    spread: Difference
    """The mean score spread (best less worst) of a finished game."""
    first_seat: Difference
    """Win rate of position 0 (the first player)."""
    win_spread: Difference
    """The best position's win rate less the worst's: a paired bootstrap over deals."""
    decisive: Difference
    """Share of games with a single winner."""
    positions: tuple[Difference, ...] = ()
    """Each position's win rate, arm less base, by the same paired test (described, not
    tested in a family: the first player's and the spread's are)."""

    def differences(self) -> tuple[Difference, ...]:
        """The differences tested, in the order of the fields."""
        return (self.length, self.spread, self.first_seat, self.win_spread, self.decisive)


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
    """Games per arm to find the first player's win rate that far apart in two arms that play
    the same deals: the independent samples' number times ``paired``."""
    paired: float = 1.0
    """The variance of a paired difference of the first player's win rates as a share of that
    of independent samples, measured in this study (the median over its comparisons at this
    count; 1 where there was nothing to compare)."""


@frozen
class Sweep:
    """A parameter set alone by one arm or more: each of them, and the base, at its value."""

    parameter: str
    arms: tuple[str, ...]
    """The base first (when its value could be read from its rules), then the arms that set
    it, in the order of the study."""
    values: tuple[str, ...]
    """Each arm's value, as YAML writes it."""
    numbers: tuple[float, ...] | None
    """The values as numbers, when every one is a number: the figure places them so."""


@frozen
class Pairing:
    """How much playing the arms on the same deals narrowed the intervals of their differences:
    over the ``differences`` with an unpaired width, the paired width as a share of it."""

    differences: int
    median: float
    low: float
    high: float


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
    count_capped: bool = False
    """Whether games stopped at the cap count in the win rates (as games nobody won)."""
    sweeps: tuple[Sweep, ...] = ()
    pairing: Pairing | None = None
    readings: tuple[str, ...] = ()
    """How the seat tests of the arms read beside each other: only the test of the difference
    between two arms says that one is fairer."""
    pooled: tuple[int, ...] = ()
    """The seeds of the studies pooled into this report, if it pools several."""
    stopping: Stopping | None = None
    """When and why a study that looked after every block stopped (``--until-clear``)."""

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

    @property
    def unfinished(self) -> int:
        """Games stopped at the decision cap, over every cell."""
        return sum(arm.unfinished for arm in self.arms)


class _Unreadable:
    """A parameter the base's rules do not hold as a value of its own."""


@frozen
class _Cell:
    """One cell's games summed deal by deal, and the bootstrap samples read from them."""

    deals: tuple[Deal, ...]
    """The deals, or groups of consecutive deals (at most :data:`MOST_UNITS`)."""
    count: int
    """The deals played."""
    spread: list[float]
    """The win-rate spread of each resample."""
    medians: dict[str, list[float]]
    """Per length unit, the median of each resample."""


def analyse(
    outcome: Outcome,
    samples: Sequence[Sequence[Sample]] = (),
    *,
    correction: str = "holm",
    check: Outcome | None = None,
    silent: Sequence[Silent] = (),
    count_capped: bool = False,
    anytime: Anytime | None = None,
) -> BalanceReport:
    """The report of ``outcome``; ``samples`` are the games kept per cell, if any; each family
    of tests is corrected by ``correction``; ``check`` is the outcome of the same study played
    by other bots (a strength check); ``silent`` the arms played although they play as others;
    ``count_capped`` counts the games stopped at the cap in the win rates, as games nobody won;
    ``anytime`` makes every test anytime-valid, for a study that looked after every block
    (:mod:`noahrules.lab.sequential`).
    """
    study = outcome.study
    game = game_named(study.game)
    rules = [arm.rules(game) for arm in study.arms]
    cells = _cells(outcome, count_capped)
    arms = [
        _arm(study, game, rules[a], a, n, games, cells[a, n], count_capped, _kept(samples, i))
        for i, ((a, n), games) in enumerate(zip(study.cells, outcome.games, strict=True))
    ]
    comparisons = [
        _compare(arms[study.cells.index((a, n))], arms[study.cells.index((0, n))], cells, a, n,
                 count_capped)
        for a in range(1, len(study.arms))
        for n in study.players
    ]  # fmt: skip
    if anytime is not None:
        comparisons = [_read(c, anytime, outcome.deals_at(c.players)) for c in comparisons]
    tested, families = findings(arms, comparisons, correction, anytime)
    check_bots: tuple[str, ...] = ()
    if check is not None:
        other = analyse(check, correction=correction, count_capped=count_capped, anytime=anytime)
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
        power=tuple(p for n in study.players for p in _power(n, comparisons)),
        notes=_notes(arms, study, silent, count_capped),
        silent=tuple(silent),
        check_bots=check_bots,
        count_capped=count_capped,
        sweeps=_sweeps(study, rules[0], arms),
        pairing=_pairing(comparisons),
        readings=readings(tested, len(study.players) > 1),
        pooled=outcome.pooled,
    )


def _read(comparison: Comparison, anytime: Anytime, deals: int) -> Comparison:
    """``comparison`` with every difference read as an anytime-valid test."""
    players = comparison.players
    length, spread, first_seat, win_spread, decisive = (
        anytime.difference(d, deals, players) for d in comparison.differences()
    )
    return Comparison(
        comparison.arm,
        players,
        length,
        spread,
        first_seat,
        win_spread,
        decisive,
        tuple(anytime.difference(d, deals, players) for d in comparison.positions),
    )


def _kept(samples: Sequence[Sequence[Sample]], index: int) -> Sequence[Sample]:
    return samples[index] if samples else ()


def _cells(outcome: Outcome, count_capped: bool) -> dict[tuple[int, int], _Cell]:
    """Every cell's deals and bootstrap samples; the resamples draw the same deals for every
    arm at a player count, so that the arms' samples are paired."""
    study = outcome.study
    found = {}
    draws: dict[int, list[list[int]]] = {}
    for (a, n), games in zip(study.cells, outcome.games, strict=True):
        played = deals_of(games, n)
        deals = grouped(played, MOST_UNITS)
        if n not in draws:
            draws[n] = resample(len(deals), study.seed, RESAMPLES) if len(deals) > 1 else []
        units = sorted({unit for deal in deals for unit in deal.lengths})
        found[a, n] = _Cell(
            deals,
            len(played),
            resampled(deals, _spread_of(count_capped), draws[n]),
            {unit: resampled(deals, median_of(unit), draws[n]) for unit in units},
        )
    return found


def _spread_of(count_capped: bool) -> Callable[[Sequence[Deal]], float]:
    return lambda deals: win_spread(deals, count_capped)


def win_spread(deals: Sequence[Deal], count_capped: bool = False) -> float:
    """The best position's win rate less the worst's, over ``deals``: 0 for even seats, 1 when
    one position always wins (the rates of the finished games, or of all with
    ``count_capped``)."""
    counted = sum(deal.counted(count_capped) for deal in deals)
    if not deals or counted <= 0:
        return 0.0
    totals = _totals([deal.positions for deal in deals], len(deals[0].positions))
    return (max(totals) - min(totals)) / counted


def _totals(rows: Sequence[Sequence[float]], width: int) -> list[float]:
    """The column sums of ``rows`` (``width`` zeros for none)."""
    if not rows:
        return [0.0] * width
    return [float(sum(column)) for column in zip(*rows, strict=True)]


def balance_spread(
    deals: Sequence[Deal], resamples: Sequence[float], count_capped: bool = False
) -> Interval:
    """The win-rate spread of ``deals`` (:func:`win_spread`) corrected for the spread chance
    alone gives, from its bootstrap sample ``resamples``, with an interval that reaches 0
    whenever Pearson's chi-square finds the positions even at 5%
    (:func:`~noahrules.lab.stats.bias_corrected`): 1 less it is the balance score."""
    wins = _totals([d.positions for d in deals], len(deals[0].positions) if deals else 1)
    even = chi_square_even(wins).p_value >= LEVEL
    return bias_corrected(win_spread(deals, count_capped), resamples, even)


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
    cell: _Cell,
    count_capped: bool,
    samples: Sequence[Sample],
) -> ArmReport:
    arm = study.arms[index]
    deals = cell.deals
    by_position = _totals([d.positions for d in deals], players)
    by_seat = _totals([d.seats for d in deals], players)
    counted = sum(d.counted(count_capped) for d in deals)
    finished = [p for p in games if p.result.finished]
    results = [p.result for p in finished]
    scores: list[list[int]] = [[] for _ in range(players)]
    for played in finished:
        for seat, score in enumerate(played.result.scores):
            scores[_position(played, seat)].append(score)
    positions = tuple(Rate.of(w, counted) for w in by_position)
    positions_test = chi_square_even(by_position)
    lengths = _lengths(results)
    species = species_of(game, rules)
    return ArmReport(
        name=arm.name,
        players=players,
        variants=tuple(rules.variants),
        settings=dict(arm.settings),
        digest=rules.digest,
        games=len(games),
        deals=cell.count,
        unfinished=len(games) - len(finished),
        positions=positions,
        positions_test=positions_test,
        position_edges=_edges(deals, lambda d: d.positions, count_capped),
        seats=tuple(Rate.of(w, counted) for w in by_seat),
        seats_test=chi_square_even(by_seat),
        seat_edges=_edges(deals, lambda d: d.seats, count_capped),
        bots=_bots([p.result for p in games], count_capped),
        ratings=rate_bots(results, game.lower_scores_win),
        length={unit: _length(values, len(games)) for unit, values in lengths.items()},
        lengths={unit: _counted(values) for unit, values in lengths.items()},
        scores=tuple(Stats.of(s) for s in scores),
        score_counts=tuple(_counted(s) for s in scores),
        spread=Stats.of([max(r.scores) - min(r.scores) for r in results]),
        decisive=Rate.of(sum(d.decisive for d in deals), counted),
        drawn=Rate.of(sum(len(r.winners) > 1 for r in results), len(results)),
        numbers=_numbers(results),
        dealt=dealt_effects(game, rules, games, species),
        played=play_tallies(games, players, species),
        measures=Measures(
            win_spread=balance_spread(deals, cell.spread, count_capped),
            first_seat=_edge(positions[0], players),
            duration={
                unit: percentile_interval(pooled_median([values]), cell.medians.get(unit, []))
                for unit, values in lengths.items()
            },
        ),
        samples=tuple(samples),
    )


def _edges(
    deals: Sequence[Deal], wins: Callable[[Deal], tuple[float, ...]], count_capped: bool
) -> tuple[Difference, ...]:
    """Per position (or seat), its win rate less the mean of all of them, over ``deals``."""
    players = len(wins(deals[0])) if deals else 0
    return tuple(
        ratio_edge([(wins(d)[k] - sum(wins(d)) / players, d.counted(count_capped)) for d in deals])
        for k in range(players)
    )


def _edge(rate: Rate, players: int) -> Interval:
    even = 1 / players
    return Interval(rate.rate - even, rate.low - even, rate.high - even)


def _lengths(results: Sequence[GameResult]) -> dict[str, list[int]]:
    """Per unit, the length of each finished game: decisions, and every unit of
    :data:`LENGTH_UNITS` the game's statistics count in every game."""
    per_game = [lengths_of(r) for r in results]
    units = [DECISIONS] + [u for u in LENGTH_UNITS if per_game and all(u in g for g in per_game)]
    return {unit: [g[unit] for g in per_game] for unit in units}


def _counted(values: Iterable[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(values).items()))


def _bots(results: Sequence[GameResult], count_capped: bool) -> dict[str, Rate]:
    wins: dict[str, float] = {}
    seats: Counter[str] = Counter()
    for result in results:
        if not (result.finished or count_capped):
            continue
        seats.update(result.seats)
        for seat in result.winners:
            name = result.seats[seat]
            wins[name] = wins.get(name, 0.0) + 1 / len(result.winners)
    names = sorted({name for r in results for name in r.seats})
    return {name: Rate.of(wins.get(name, 0.0), seats[name]) for name in names}


def _length(values: Sequence[int], games: int) -> Length:
    capped = Rate.of(games - len(values), games)
    if not values:
        return Length(0.0, 0.0, 0.0, 0.0, 0.0, capped)
    return Length(
        mean=statistics.fmean(values),
        median=float(statistics.median(values)),
        p90=nearest_rank(values, 0.9),
        minimum=float(min(values)),
        maximum=float(max(values)),
        capped=capped,
    )


def _numbers(results: Sequence[GameResult]) -> dict[str, Stats]:
    names = sorted({name for r in results for name in r.numbers} - set(LENGTH_UNITS))
    return {n: Stats.of([r.numbers[n] for r in results if n in r.numbers]) for n in names}


def _compare(
    arm: ArmReport,
    base: ArmReport,
    cells: dict[tuple[int, int], _Cell],
    index: int,
    players: int,
    count_capped: bool,
) -> Comparison:
    ours, theirs = cells[index, players], cells[0, players]

    def rates(part: Callable[[Deal], float], whole: Callable[[Deal], float]) -> Difference:
        return ratio_difference(
            [(part(d), whole(d)) for d in ours.deals], [(part(d), whole(d)) for d in theirs.deals]
        )

    counted: Callable[[Deal], float] = lambda d: d.counted(count_capped)  # noqa: E731
    decisions = (arm.length[DECISIONS].median, base.length[DECISIONS].median)
    return Comparison(
        arm=arm.name,
        players=players,
        length=bootstrap_spread(
            decisions[0] - decisions[1],
            ours.medians.get(DECISIONS, []),
            theirs.medians.get(DECISIONS, []),
            MEDIANS,
        ),
        spread=rates(lambda d: d.spread, lambda d: d.finished),
        first_seat=rates(lambda d: d.positions[0], counted),
        win_spread=bootstrap_spread(
            win_spread(ours.deals, count_capped) - win_spread(theirs.deals, count_capped),
            ours.spread,
            theirs.spread,
            PAIRED_BOOTSTRAP,
        ),
        decisive=rates(lambda d: d.decisive, counted),
        positions=tuple(
            rates(lambda d, k=k: d.positions[k], counted)  # type: ignore[misc]
            for k in range(players)
        ),
    )


def _size(players: int, deals: int) -> Size:
    games = deals * players
    even = 1 / players
    steps = (d / 1000 for d in range(1, int(1000 * (1 - even))))
    detectable = next((d for d in steps if games_to_detect(even, d) <= games), 1 - even)
    return Size(players, deals, games, detectable)


def _power(players: int, comparisons: Sequence[Comparison]) -> list[Power]:
    """The power table at ``players``, the two arms' games shrunk by the variance that pairing
    the deals took away from the first player's win rate in ``comparisons``."""
    shares = [
        (c.first_seat.high - c.first_seat.low) ** 2 / c.first_seat.unpaired**2
        for c in comparisons
        if c.players == players and c.first_seat.unpaired
    ]
    paired = min(1.0, statistics.median(shares)) if shares else 1.0
    even = 1 / players
    return [
        Power(
            players,
            d,
            games_to_detect(even, d),
            max(1, round(paired * games_to_detect(even, d, groups=2))),
            paired,
        )
        for d in DIFFERENCES
    ]


def _pairing(comparisons: Sequence[Comparison]) -> Pairing | None:
    shares = sorted(
        (d.high - d.low) / d.unpaired
        for c in comparisons
        for d in c.differences()
        if d.unpaired and d.high > d.low
    )
    if not shares:
        return None
    return Pairing(len(shares), statistics.median(shares), shares[0], shares[-1])


def _sweeps(study: Study, base: RulesValue, arms: Sequence[ArmReport]) -> tuple[Sweep, ...]:
    """Every parameter set alone by an arm: the base (at its rules' value) and those arms."""
    first = [arm for arm in arms if arm.players == study.players[0]]
    setting: dict[str, list[ArmReport]] = {}
    for arm in first:
        if len(arm.settings) == 1:
            setting.setdefault(next(iter(arm.settings)), []).append(arm)
    found = []
    for parameter, setters in setting.items():
        points = [(arm.name, arm.settings[parameter]) for arm in setters]
        known, value = plain(getattr(base, parameter, _Unreadable()))
        if known:
            points.insert(0, (BASE, value))
        numbers = [v for _, v in points if isinstance(v, int | float) and not isinstance(v, bool)]
        found.append(
            Sweep(
                parameter,
                tuple(name for name, _ in points),
                tuple(shown(v) for _, v in points),
                tuple(map(float, numbers)) if len(numbers) == len(points) else None,
            )
        )
    return tuple(found)


def _notes(
    arms: Sequence[ArmReport], study: Study, silent: Sequence[Silent], count_capped: bool
) -> tuple[str, ...]:
    several = len(study.players) > 1
    left = "counted as games nobody won" if count_capped else "left out of the win rates"
    notes = []
    for arm in arms:
        if not arm.unfinished:
            continue
        sample = next((s.file for s in arm.samples if s.kind == "capped"), None)
        seen = f" (one is recorded in {sample})" if sample else ""
        notes.append(
            f"{arm.name}{f' at {arm.players} players' if several else ''}: {arm.unfinished} of "
            f"{arm.games} games stopped at the cap of {study.max_decisions:,} decisions: "
            f"{capped_because(study.max_decisions)}{seen}; {left}, the lengths and the scores"
        )
    notes += [f"played anyway: {s.text}" for s in silent]
    return tuple(notes)
