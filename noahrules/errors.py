"""The exceptions noahrules raises. Every one derives from :class:`NoahRulesError`."""

from __future__ import annotations

import reprlib
from collections.abc import Sequence

__all__ = [
    "BotError",
    "EntryPointError",
    "GameSpecError",
    "IllegalMoveError",
    "NoahRulesError",
    "PolicyError",
    "ReplayError",
    "RulesDataError",
    "SerializationError",
    "SetupError",
    "SimulationError",
    "excerpt",
]


class NoahRulesError(Exception):
    """Base class of every error this library raises on purpose. Every one pickles whole, so it
    crosses a process pool as it was raised."""


class IllegalMoveError(NoahRulesError, ValueError):
    """A move that the rules do not allow in this state.

    The message starts with the id of the rule that forbids it, e.g.
    ``"F11: load would be 23, capacity 21"``; the id is also in :attr:`rule`.
    """

    def __init__(self, rule: str, problem: str) -> None:
        super().__init__(f"{rule}: {problem}")
        self.rule = rule
        self.problem = problem

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[str, str]]:
        return type(self), (self.rule, self.problem)


class RulesDataError(NoahRulesError, ValueError):
    """Rules data (YAML) that cannot be loaded.

    Names the file, the line and column where known (from the YAML's own marks, counted from
    1), the key path inside the file (``animals[3].weight``) and the problem:
    ``"house.yaml:12:7: animals[3].weight: must be at least 0, got -1"``.

    One error holds every problem one load found: its attributes describe the first,
    :attr:`more` holds the others (each an error of its own) and the message has one line per
    problem (at most :data:`MOST_LINES`). :attr:`problems` lists them all.
    """

    MOST_LINES = 20
    """The most problems the message names, one a line; :attr:`problems` has every one."""

    def __init__(
        self,
        file: str,
        path: str,
        problem: str,
        line: int | None = None,
        column: int | None = None,
        more: Sequence[RulesDataError] = (),
    ) -> None:
        place = (
            file if line is None else f"{file}:{line}" + ("" if column is None else f":{column}")
        )
        where = f"{place}: {path}" if path else place
        self.more: tuple[RulesDataError, ...] = tuple(p for error in more for p in error.problems)
        """The other problems found with this one, in the order found."""
        lines = [f"{where}: {problem}", *map(str, self.more[: self.MOST_LINES - 1])]
        if len(self.more) >= self.MOST_LINES:
            lines[-1] = f"... and {len(self.more) - self.MOST_LINES + 2} more problems"
        super().__init__("\n".join(lines))
        self.file = file
        self.path = path
        self.problem = problem
        self.line = line
        self.column = column

    @classmethod
    def of(cls, errors: Sequence[RulesDataError]) -> RulesDataError:
        """One error holding every problem of ``errors`` (at least one), in order."""
        problems = [p for error in errors for p in error.problems]
        first = problems[0]
        return cls(first.file, first.path, first.problem, first.line, first.column, problems[1:])

    @property
    def problems(self) -> tuple[RulesDataError, ...]:
        """Every problem this error holds, each as an error of its own: this one, then
        :attr:`more`."""
        if not self.more:
            return (self,)
        alone = RulesDataError(self.file, self.path, self.problem, self.line, self.column)
        return (alone, *self.more)

    def __reduce__(
        self,
    ) -> tuple[
        type[RulesDataError],
        tuple[str, str, str, int | None, int | None, tuple[RulesDataError, ...]],
    ]:
        return type(self), (self.file, self.path, self.problem, self.line, self.column, self.more)


class BotError(NoahRulesError):
    """A bot that failed in a simulation: it raised, answered with an illegal move, or took
    longer than the time allowed for a move. Names the bot, its seat, the game and its seed, so
    that the game can be played again."""

    def __init__(self, bot: str, seat: int, game: int, seed: int, problem: str) -> None:
        super().__init__(f"bot {bot} at seat {seat} of game {game} (seed {seed}): {problem}")
        self.bot = bot
        self.seat = seat
        self.game = game
        self.seed = seed
        self.problem = problem

    def __reduce__(self) -> tuple[type[BotError], tuple[str, int, int, int, str]]:
        return type(self), (self.bot, self.seat, self.game, self.seed, self.problem)


class PolicyError(NoahRulesError, ValueError):
    """A policy under evaluation (``noahrules.rl.evaluate``) that answered something other than
    a legal action: an action the mask it was given marks illegal (the message names the move
    and the rule that forbids it), a number outside the actions, or no number at all. Names the
    policy, its seat, the game and its seed, and the action (:attr:`action`, ``None`` when the
    answer was not an integer)."""

    def __init__(
        self, policy: str, seat: int, game: int, seed: int, action: int | None, problem: str
    ) -> None:
        super().__init__(f"policy {policy} at seat {seat} of game {game} (seed {seed}): {problem}")
        self.policy = policy
        self.seat = seat
        self.game = game
        self.seed = seed
        self.action = action
        self.problem = problem

    def __reduce__(
        self,
    ) -> tuple[type[PolicyError], tuple[str, int, int, int, int | None, str]]:
        return type(self), (self.policy, self.seat, self.game, self.seed, self.action, self.problem)


class SimulationError(NoahRulesError):
    """A simulation that could not finish for a reason of its own, not a bot's: a worker
    process that ended abruptly (killed, out of memory)."""


class GameSpecError(NoahRulesError, TypeError):
    """A game's declaration that breaks the :class:`~noahrules.game.GameSpec` contract,
    refused by ``register_game`` (and by the loading of the entry-point group): names every part
    that does, one a line."""

    def __init__(self, game: str, problems: Sequence[str]) -> None:
        count = len(problems)
        lines = "".join(f"\n- {problem}" for problem in problems)
        super().__init__(
            f"the declaration of the game {game!r} breaks the GameSpec contract in {count} "
            f"way{'s'[: count - 1]} (see docs/new-game.md):{lines}"
        )
        self.game = game
        self.problems = tuple(problems)

    def __reduce__(self) -> tuple[type[GameSpecError], tuple[str, tuple[str, ...]]]:
        return type(self), (self.game, self.problems)


class EntryPointError(NoahRulesError, KeyError):
    """A name an installed package announced in an entry-point group (a game, a bot), looked up
    although its entry point failed to load: says which entry point and why. A ``KeyError``, as
    for any name not registered."""

    def __init__(self, what: str, name: str, point: str, group: str, reason: str) -> None:
        super().__init__(what, name, point, group, reason)
        self.what = what
        self.name = name
        self.point = point
        self.group = group
        self.reason = reason

    def __str__(self) -> str:
        return (
            f"no {self.what} '{self.name}': its entry point {self.point} of the group "
            f"{self.group} failed to load: {self.reason}"
        )


class SetupError(NoahRulesError, ValueError):
    """Arguments to ``new_game`` that cannot start a game (player count, seat, deck too small)."""


class SerializationError(NoahRulesError, ValueError):
    """Serialized data (JSON text or dicts) that cannot be read back: malformed JSON, wrong
    types, unknown ids, or values describing an impossible game state. Nothing half-read is
    ever returned."""


class ReplayError(NoahRulesError, ValueError):
    """A game record that cannot be replayed: its rules data changed since it was recorded, or a
    recorded move is not legal."""


_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6
_SHORT.maxlevel = 3


def excerpt(value: object) -> str:
    """A short, bounded ``repr`` of ``value`` for an error message: long strings, long lists and
    deep nesting are cut, so a message never grows with the value it quotes."""
    return _SHORT.repr(value)
