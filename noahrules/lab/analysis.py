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
from collections.abc import Callable, Sequence

from noahrules.game import RulesValue
from noahrules.games import game_named
from noahrules.lab.balance_report import (
    ArmReport,
    BalanceReport,
    Comparison,
    Length,
    Measures,
    Pairing,
    Power,
    Sample,
    Size,
    Sweep,
)
from noahrules.lab.cell_report import CellDeals, arm_report, balance_spread, win_spread
from noahrules.lab.checks import Silent
from noahrules.lab.deals import DECISIONS, LENGTH_UNITS, Deal, deals_of, grouped, median_of
from noahrules.lab.design import BASE, Study
from noahrules.lab.findings import check_findings, findings, readings
from noahrules.lab.run import Outcome
from noahrules.lab.sequential import Anytime
from noahrules.lab.settings import plain, shown
from noahrules.lab.stats import (
    PAIRED_BOOTSTRAP,
    Difference,
    bootstrap_spread,
    games_to_detect,
    ratio_difference,
    resample,
    resampled,
)
from noahrules.simulation import capped_because

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


class _Unreadable:
    """A parameter the base's rules do not hold as a value of its own."""


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
        arm_report(study, game, rules[a], a, n, games, cells[a, n], count_capped, _kept(samples, i))
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


def _cells(outcome: Outcome, count_capped: bool) -> dict[tuple[int, int], CellDeals]:
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
        found[a, n] = CellDeals(
            deals,
            len(played),
            resampled(deals, _spread_of(count_capped), draws[n]),
            {unit: resampled(deals, median_of(unit), draws[n]) for unit in units},
        )
    return found


def _spread_of(count_capped: bool) -> Callable[[Sequence[Deal]], float]:
    return lambda deals: win_spread(deals, count_capped)


def _compare(
    arm: ArmReport,
    base: ArmReport,
    cells: dict[tuple[int, int], CellDeals],
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
