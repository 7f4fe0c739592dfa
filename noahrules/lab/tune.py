"""Tuning rules parameters to a designer's targets (``noahrules tune``), with Optuna (the ``lab``
extra).

Each trial is a rule set: the parameters' values that Optuna's sampler (TPE, seeded) proposes,
played as a study of one arm (:mod:`noahrules.lab.run`): whole deals, every deal from every
seat order, the same deals for every trial (so that trials differ by their rules, not their
luck). Its measures (:data:`~noahrules.lab.targets.MEASURES`) come with 95% intervals; its
value, which the search makes as small as it can, is the targets' misses (each as a share, or
as a part of the target for a length) when any is missed, else minus the smallest margin by
which they are met.

A trial is played block by block. After each block, each target's measure is read through its
confidence sequence (:mod:`noahrules.lab.sequential`: valid however often it is looked at);
once one shows the target cannot be met, the trial is pruned (Optuna's ``ThresholdPruner`` on
the misses of the sequences' nearest ends), and its games are saved.

The best trial's values are played again on ``confirm`` fresh games (other deals), and its
measures there, with their intervals, say whether the targets hold.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from functools import partial
from typing import Any

import attrs
import cattrs
from attrs import frozen

from noahrules.bots import BotLike
from noahrules.errors import NoahRulesError
from noahrules.games import game_named
from noahrules.lab.analysis import RESAMPLES, balance_spread, win_spread
from noahrules.lab.deals import DECISIONS, Deal, deals_of, median_of
from noahrules.lab.design import DEFAULT_BLOCK, Arm, Study
from noahrules.lab.extra import require
from noahrules.lab.run import Outcome, play
from noahrules.lab.sequential import Anytime
from noahrules.lab.settings import label
from noahrules.lab.stats import (
    LEVEL,
    percentile_interval,
    ratio_edge,
    resample,
    resampled,
)
from noahrules.lab.targets import Parameter, Target, settings_of
from noahrules.simulation import DEFAULT_MAX_DECISIONS

__all__ = ["Confirmation", "Plan", "Reading", "Trial", "Tuning", "measure", "tune"]

_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})
COMPLETE, PRUNED, FAILED = "complete", "pruned", "failed"


@frozen
class Reading:
    """A measure of a rule set's games: its estimate, 95% interval and standard error."""

    estimate: float
    low: float
    high: float
    error: float


@frozen
class Trial:
    """One rule set tried: its values, its measures (over the deals it played), its value for
    the search, and whether it was played out, pruned or could not be played."""

    number: int
    params: dict[str, Any]
    state: str
    games: int
    measures: dict[str, Reading]
    value: float | None
    problem: str = ""
    """Why a failed trial could not be played (rules that do not load or cannot start)."""


@frozen
class Confirmation:
    """The best values played again on fresh deals: the measures, and whether every target
    holds by its estimate (``holds``) and by its whole interval (``sure``)."""

    games: int
    seed: int
    measures: dict[str, Reading]
    met: dict[str, bool]
    """Per target, whether its estimate meets it."""
    sure: dict[str, bool]
    """Per target, whether its whole 95% interval meets it."""
    holds: bool


@frozen
class Tuning:
    """What a tuning tried and found."""

    game: str
    players: int
    bots: tuple[str, ...]
    base: tuple[str, ...]
    seed: int
    games: int
    """Games per trial (whole deals)."""
    parameters: tuple[str, ...]
    targets: tuple[str, ...]
    trials: tuple[Trial, ...]
    best: dict[str, Any] | None
    """The values of the trial of the least value, ``None`` if no trial was played out."""
    best_trial: int | None
    confirmation: Confirmation | None
    interrupted: bool
    storage: str | None = None
    study_name: str = ""

    def to_dict(self) -> dict[str, object]:
        """The tuning as plain data, for JSON."""
        data: dict[str, object] = _PLAIN.unstructure(self)
        return data


def measure(deals: Sequence[Deal], seed: int) -> dict[str, Reading]:
    """Every measure of ``deals`` (one cell's games summed per deal), with its 95% interval
    and standard error; ``seed`` draws the bootstrap of the spread and the medians."""
    draws = resample(len(deals), seed, RESAMPLES) if len(deals) > 1 else []
    spreads = resampled(deals, win_spread, draws)
    spread = balance_spread(deals, spreads)
    found = {
        "seat_spread": Reading(spread.estimate, spread.low, spread.high, _stdev(spreads)),
        "first_seat_win": _rate([(d.positions[0], d.finished) for d in deals]),
        "decisive": _rate([(d.decisive, d.finished) for d in deals]),
        "capped": _rate([(d.games - d.finished, d.games) for d in deals]),
    }
    units = sorted({unit for deal in deals for unit in deal.lengths})
    for unit in units:
        medians = resampled(deals, median_of(unit), draws)
        interval = percentile_interval(median_of(unit)(deals), medians)
        name = "length_median" if unit == DECISIONS else f"length_median.{unit}"
        found[name] = Reading(interval.estimate, interval.low, interval.high, _stdev(medians))
    return found


def _stdev(sample: Sequence[float]) -> float:
    return statistics.stdev(sample) if len(sample) > 1 else 0.0


def _rate(pairs: Sequence[tuple[float, float]]) -> Reading:
    edge = ratio_edge(pairs)
    return Reading(edge.estimate, max(0.0, edge.low), min(1.0, edge.high), edge.error)


def value_of(targets: Sequence[Target], measures: Mapping[str, Reading]) -> float:
    """A trial's value for the search: the sum of the targets' misses by the estimates, when
    one is missed; else minus the smallest margin by which one is met."""
    slacks = [t.slack(measures[t.measure].estimate, measures[t.measure].estimate) for t in targets]
    missed = sum(-s for s in slacks if s < 0)
    return missed if missed > 0 else -min(slacks)


def _bound_miss(
    targets: Sequence[Target], measures: Mapping[str, Reading], anytime: Anytime, deals: int,
    players: int,
) -> float:  # fmt: skip
    """The targets' misses by the nearest ends of their measures' confidence sequences (each
    at 5% / targets): above 0 once some target cannot be met."""
    missed = 0.0
    for target in targets:
        reading = measures[target.measure]
        read = anytime.test(reading.estimate, reading.error, deals, players, LEVEL / len(targets))
        missed += max(0.0, -target.slack(read.low, read.high))
    return missed


@frozen
class Plan:
    """What every trial of a tuning plays: ``games`` games of ``game`` (whole deals, every deal
    from every seat order) at ``players`` seats between ``bots``, on the deals of ``seed``,
    the values of ``parameters`` on top of the ``base`` variants."""

    game: str
    parameters: tuple[Parameter, ...]
    players: int
    games: int
    bots: tuple[BotLike, ...] = ("greedy",)
    base: tuple[str, ...] = ()
    seed: int = 0
    block: int = DEFAULT_BLOCK
    max_decisions: int = DEFAULT_MAX_DECISIONS

    def study(
        self, chosen: Mapping[str, Any], *, games: int | None = None, seed: int | None = None
    ) -> Study:
        """The study of one arm that plays the ``chosen`` values (none: the base rules), of
        ``games`` games on the deals of ``seed`` (default: the plan's)."""
        variants, settings = settings_of(self.parameters, chosen) if chosen else ((), ())
        design = Study.design(
            self.game,
            games=games or self.games,
            base=self.base,
            players=[self.players],
            bots=list(self.bots),
            seed=self.seed if seed is None else seed,
            block=self.block,
            max_decisions=self.max_decisions,
        )
        arm = Arm(label(settings) if settings else "trial", (*self.base, *variants), settings)
        return attrs.evolve(design, arms=(arm,))

    def check(self, targets: Sequence[Target], trials: int) -> None:
        """Refuse bad arguments before any game: every choice and each end of every range must
        load (a :class:`~noahrules.errors.RulesDataError` naming it otherwise)."""
        if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
            raise ValueError(f"trials must be a whole number of at least 1, got {trials!r}")
        if not self.parameters or not targets:
            raise ValueError("a tuning needs at least one parameter and one target")
        names = [p.name for p in self.parameters]
        if len(set(names)) < len(names):
            raise ValueError("a parameter is given twice")
        spec = game_named(self.game)
        for parameter in self.parameters:
            for value in parameter.values():
                chosen = {
                    p.name: value if p is parameter else p.values()[0] for p in self.parameters
                }
                self.study(chosen).arms[0].rules(spec)

    def name(self, targets: Sequence[Target]) -> str:
        """The name of the Optuna study of this plan and ``targets``: a tuning with the same
        ones goes on from its trials in the same storage."""
        study = self.study({})
        what = json.dumps(
            [self.game, [p.text for p in self.parameters], [t.text for t in targets],
             list(self.base), list(study.bot_names), self.players, study.games, self.seed,
             self.block, self.max_decisions],
            sort_keys=True,
        )  # fmt: skip
        return f"noahrules-tune-{self.game}-{hashlib.sha256(what.encode()).hexdigest()[:16]}"


def tune(
    plan: Plan,
    targets: Sequence[Target],
    *,
    trials: int,
    confirm: int | None = None,
    storage: str | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    runs_at_once: int = 1,
    told: Callable[[Trial], None] | None = None,
) -> Tuning:
    """Search the parameters of ``plan`` for values that meet ``targets``, in ``trials``
    trials (every value once, when there are no more), and confirm the best on ``confirm``
    fresh games (default: as many as a trial). With ``storage`` (an Optuna storage URL,
    ``sqlite:///tune.db``) the trials are kept there and a tuning of the same plan and targets
    goes on from them. ``told(trial)`` hears of each trial as it ends. Ctrl-C keeps the trials
    played and skips the confirmation (``interrupted``). Bad arguments raise
    :class:`ValueError` and rules that do not load a
    :class:`~noahrules.errors.RulesDataError`, before any game."""
    optuna = require("optuna", "tuning needs it")
    plan = attrs.evolve(plan, game=game_named(plan.game).name)
    plan.check(targets, trials)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    space = math.prod(p.size for p in plan.parameters)
    searched = optuna.create_study(
        study_name=plan.name(targets),
        storage=storage,
        load_if_exists=True,
        direction="minimize",
        sampler=_sampler(optuna, space <= trials, plan.seed),
        pruner=optuna.pruners.ThresholdPruner(upper=0.0),
    )
    played = partial(play, executor=executor, workers=workers, runs_at_once=runs_at_once)
    objective = _Objective(plan, tuple(targets), searched, played, optuna)
    interrupted = False
    try:
        for _ in range(min(trials, space) - len(_finished(searched))):
            searched.optimize(objective, n_trials=1, catch=())
            if told is not None:
                told(_trial(searched.trials[-1], optuna))
    except KeyboardInterrupt:
        interrupted = True
    done = tuple(_trial(t, optuna) for t in _finished(searched))
    complete = [t for t in done if t.state == COMPLETE and t.value is not None]
    best = min(complete, key=lambda t: _rank(t, targets)) if complete else None
    confirmation = None
    if best is not None and not interrupted:
        fresh = plan.study(best.params, games=confirm or plan.games, seed=plan.seed + 1)
        confirmation = _confirm(fresh, targets, played)
    study = plan.study({})
    return Tuning(
        game=plan.game,
        players=plan.players,
        bots=study.bot_names,
        base=plan.base,
        seed=plan.seed,
        games=study.games_per_arm(plan.players),
        parameters=tuple(p.text for p in plan.parameters),
        targets=tuple(t.text for t in targets),
        trials=done,
        best=None if best is None else dict(best.params),
        best_trial=None if best is None else best.number,
        confirmation=confirmation,
        interrupted=interrupted,
        storage=storage,
        study_name=searched.study_name,
    )


def _finished(searched: Any) -> list[Any]:
    return [t for t in searched.trials if t.state.is_finished()]


class _Objective:
    """A trial of a tuning: the values Optuna suggests, played block by block (pruned once a
    target is out of reach), and its value."""

    def __init__(
        self,
        plan: Plan,
        targets: tuple[Target, ...],
        searched: Any,
        played: Callable[..., Outcome],
        optuna: Any,
    ) -> None:
        self.plan = plan
        self.targets = targets
        self.searched = searched
        self.played = played
        self.optuna = optuna
        self.anytime = Anytime({plan.players: plan.study({}).deals(plan.players)})

    def __call__(self, trial: Any) -> float:
        optuna, plan = self.optuna, self.plan
        chosen = {p.name: _suggest(trial, p) for p in plan.parameters}
        again = _played_before(self.searched, trial, optuna)
        if again is not None:  # the same values on the same deals: the same games
            for key, value in again.user_attrs.items():
                trial.set_user_attr(key, value)
            if again.state != optuna.trial.TrialState.COMPLETE:
                raise optuna.TrialPruned
            return float(again.value)
        try:
            outcome = self.played(plan.study(chosen), stop=self._looked(trial))
        except NoahRulesError as exc:
            trial.set_user_attr("problem", str(exc))
            raise optuna.TrialPruned from None
        if outcome.interrupted:
            raise KeyboardInterrupt
        measures = _record(trial, outcome, plan)
        if trial.should_prune():
            raise optuna.TrialPruned
        return value_of(self.targets, measures)

    def _looked(self, trial: Any) -> Callable[[Outcome], bool]:
        """After each block: report the targets' misses at their sequences' nearest ends, and
        stop when the pruner says so."""
        looks = 0
        players = self.plan.players

        def stop(outcome: Outcome) -> bool:
            nonlocal looks
            looks += 1
            measures = _record(trial, outcome, self.plan)
            deals = outcome.deals_at(players)
            trial.report(_bound_miss(self.targets, measures, self.anytime, deals, players), looks)
            return bool(trial.should_prune())

        return stop


def _played_before(searched: Any, trial: Any, optuna: Any) -> Any:
    """A finished trial of the same values as ``trial``, if any."""
    finished = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
    for other in searched.get_trials(deepcopy=False, states=finished):
        if other.params == trial.params and "measures" in other.user_attrs:
            return other
    return None


def _rank(trial: Trial, targets: Sequence[Target]) -> tuple[float, float, int]:
    """How a trial ranks for best: its value, then by how much the far ends of its intervals
    miss the targets (the surer first), then the earlier."""
    assert trial.value is not None
    doubt = 0.0
    for target in targets:
        reading = trial.measures[target.measure]
        worst = min(target.slack(end, end) for end in (reading.low, reading.high))
        doubt += max(0.0, -worst)
    return trial.value, doubt, trial.number


def _record(trial: Any, outcome: Outcome, plan: Plan) -> dict[str, Reading]:
    """The measures of a trial's games so far, kept with the trial (and its games)."""
    measures = measure(deals_of(outcome.games[0], plan.players), plan.seed)
    trial.set_user_attr("measures", _PLAIN.unstructure(measures))
    trial.set_user_attr("games", len(outcome.games[0]))
    return measures


def _sampler(optuna: Any, every: bool, seed: int) -> Any:
    """Every value once (when there are no more values than trials), else TPE; seeded."""
    if not every:
        return optuna.samplers.TPESampler(seed=seed)
    with warnings.catch_warnings():  # "experimental" since Optuna 3.1, and stable in use
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return optuna.samplers.BruteForceSampler(seed=seed)


def _suggest(trial: Any, parameter: Parameter) -> Any:
    if parameter.choices:
        shown = {json.dumps(c, sort_keys=True): c for c in parameter.choices}
        return shown[trial.suggest_categorical(parameter.name, list(shown))]
    return trial.suggest_int(parameter.name, parameter.low, parameter.high)


def _trial(frozen_trial: Any, optuna: Any) -> Trial:
    states = {optuna.trial.TrialState.COMPLETE: COMPLETE, optuna.trial.TrialState.PRUNED: PRUNED}
    attrs_ = frozen_trial.user_attrs
    problem = str(attrs_.get("problem", ""))
    state = FAILED if problem else states.get(frozen_trial.state, FAILED)
    measures = cattrs.structure(attrs_.get("measures", {}), dict[str, Reading])
    params = {  # a choice is suggested as its JSON text
        name: json.loads(value) if isinstance(value, str) else value
        for name, value in frozen_trial.params.items()
    }
    return Trial(
        number=frozen_trial.number,
        params=params,
        state=state,
        games=int(attrs_.get("games", 0)),
        measures=measures,
        value=frozen_trial.value if state == COMPLETE else None,
        problem=problem,
    )


def _confirm(
    study: Study, targets: Sequence[Target], played: Callable[..., Outcome]
) -> Confirmation:
    """The best values played again on the fresh deals of ``study``: their measures, and
    whether each target holds."""
    outcome = played(study)
    measures = measure(deals_of(outcome.games[0], study.players[0]), study.seed)
    met = {t.text: t.slack(measures[t.measure].estimate, measures[t.measure].estimate) >= 0
           for t in targets}  # fmt: skip
    sure = {t.text: _within(t, measures[t.measure]) for t in targets}
    return Confirmation(
        games=sum(len(g) for g in outcome.games),
        seed=study.seed,
        measures=measures,
        met=met,
        sure=sure,
        holds=all(met.values()),
    )


def _within(target: Target, reading: Reading) -> bool:
    """Whether the whole interval of ``reading`` meets ``target``."""
    inside_high = target.high is None or reading.high <= target.high
    inside_low = target.low is None or reading.low >= target.low
    return inside_high and inside_low and not math.isnan(reading.estimate)
