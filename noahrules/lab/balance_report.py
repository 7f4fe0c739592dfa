"""What a balance study showed, as values: the report of each cell (an arm at a player
count), each arm against the base, the findings, the power table and the sweeps."""

from __future__ import annotations

from typing import Any

import cattrs
from attrs import frozen

from noahrules.lab.checks import Silent
from noahrules.lab.deals import DECISIONS
from noahrules.lab.effects import Effect, Tally
from noahrules.lab.findings import Family, Finding
from noahrules.lab.ratings import Rating
from noahrules.lab.sequential import Stopping
from noahrules.lab.stats import ChiSquare, Difference, Interval
from noahrules.simulation import Rate, Stats

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


def main_unit(report: BalanceReport) -> str:
    """The coarsest unit every arm counts its length in (turns before decisions)."""
    counted = set.intersection(*(set(arm.measures.duration) for arm in report.arms))
    return "turns" if "turns" in counted else DECISIONS
