"""What a tuning searches (rules parameters and their ranges) and what it aims at (targets
over named measures of a rule set's games), read from the command line's words.

A parameter is ``NAME=LOW..HIGH`` (whole numbers) or ``NAME=A,B,C`` (values read as YAML);
``variant=none,frog,crocodile`` chooses among packaged variants (``none`` for none,
``frog+crocodile`` for both). A target is ``measure<=x``, ``measure>=x`` or ``measure=a..b``
over the measures of :data:`MEASURES`: rates as shares (``seat_spread<=0.10`` is 10 points).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from noahrules.lab.deals import DECISIONS, LENGTH_UNITS
from noahrules.lab.settings import shown
from noahrules.safe_yaml import parse

__all__ = ["MEASURES", "VARIANT", "Parameter", "Target", "parse_parameter", "parse_target"]

VARIANT = "variant"
"""The parameter that chooses among packaged variants."""
NONE = "none"
"""The choice of no variant."""
MEASURES: Mapping[str, str] = {
    "seat_spread": "the best position's win rate less the worst's (bias-corrected)",
    "first_seat_win": "the first player's win rate",
    "length_median": "the median length of a game, in decisions",
    **{f"length_median.{unit}": f"the median length of a game, in {unit}" for unit in LENGTH_UNITS},
    "decisive": "the share of games with one winner",
    "capped": "the share of games stopped at the decision cap",
}
"""The measures a target may name, and what each is."""
RATES = ("seat_spread", "first_seat_win", "decisive", "capped")
"""The measures that are shares (of games)."""
MOST_CHOICES = 1000


@frozen
class Parameter:
    """A rules parameter to tune: whole numbers from ``low`` to ``high``, or one of
    ``choices`` (YAML values; for :data:`VARIANT`, packaged variants' names)."""

    name: str
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()

    @property
    def text(self) -> str:
        """The parameter as the command line gives it."""
        if self.choices:
            return f"{self.name}={','.join(shown(c) for c in self.choices)}"
        return f"{self.name}={self.low}..{self.high}"

    @property
    def size(self) -> int:
        """How many values it may take."""
        if self.choices:
            return len(self.choices)
        assert self.low is not None and self.high is not None
        return self.high - self.low + 1

    def values(self) -> tuple[Any, ...]:
        """Every value it may take (a range's ends and a choice each, to check before any
        game)."""
        return self.choices or (self.low, self.high)


def parse_parameter(text: str) -> Parameter:
    """``NAME=LOW..HIGH`` or ``NAME=A,B,C``; a :class:`ValueError` for anything else."""
    name, equals, values = text.partition("=")
    name = name.strip()
    if not equals or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or not values.strip():
        raise ValueError(f"--param {text!r}: expected NAME=LOW..HIGH or NAME=A,B,C")
    span = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", values)
    if span:
        low, high = int(span[1]), int(span[2])
        if low >= high:
            raise ValueError(f"--param {text!r}: the range's low end must be below its high end")
        return Parameter(name, low, high)
    if name == VARIANT:
        choices: list[Any] = [part.strip() for part in values.split(",")]
    else:
        parsed, _ = parse(f"[{values}]", "--param")
        choices = parsed if isinstance(parsed, list) else []
    if len(choices) < 2 or len(choices) > MOST_CHOICES:
        raise ValueError(f"--param {text!r}: give 2 to {MOST_CHOICES} choices, or LOW..HIGH")
    if len({shown(c) for c in choices}) < len(choices):
        raise ValueError(f"--param {text!r}: a choice is given twice")
    return Parameter(name, choices=tuple(choices))


def settings_of(
    parameters: Sequence[Parameter], chosen: Mapping[str, Any]
) -> tuple[tuple[str, ...], tuple[tuple[str, Any], ...]]:
    """The variants and the rules settings of ``chosen`` values of ``parameters``."""
    variants: tuple[str, ...] = ()
    settings = []
    for parameter in parameters:
        value = chosen[parameter.name]
        if parameter.name == VARIANT:
            variants = () if value == NONE else tuple(p for p in str(value).split("+") if p)
        else:
            settings.append((parameter.name, value))
    return variants, tuple(settings)


@frozen
class Target:
    """A measure's aim: at most ``high``, at least ``low``, or both."""

    measure: str
    low: float | None
    high: float | None

    @property
    def text(self) -> str:
        """The target as the command line gives it."""
        if self.low is not None and self.high is not None:
            return f"{self.measure}={self.low:g}..{self.high:g}"
        if self.high is not None:
            return f"{self.measure}<={self.high:g}"
        return f"{self.measure}>={self.low:g}"

    @property
    def scale(self) -> float:
        """What a miss is measured against: 1 for a share, the target's size for a length."""
        if self.measure in RATES:
            return 1.0
        return max(abs(v) for v in (self.low, self.high) if v is not None) or 1.0

    def slack(self, low: float, high: float) -> float:
        """How far inside the target a value between ``low`` and ``high`` lies at best, in
        :attr:`scale`: below 0 by how far it misses (at its nearest)."""
        room = []
        if self.high is not None:
            room.append(self.high - low)
        if self.low is not None:
            room.append(high - self.low)
        return min(room) / self.scale

    @property
    def unit(self) -> str:
        """The measure's unit, for a length."""
        return self.measure.partition(".")[2] or DECISIONS


def parse_target(text: str) -> Target:
    """``measure<=x``, ``measure>=x`` or ``measure=a..b``; a :class:`ValueError` naming the
    measures for anything else."""
    number = r"(-?(?:\d+(?:\.\d+)?|\.\d+)(?:e-?\d+)?)"
    found = re.fullmatch(rf"\s*([a-z_.]+)\s*(<=|>=|=)\s*{number}(?:\s*\.\.\s*{number})?\s*", text)
    if not found:
        raise ValueError(f"--target {text!r}: expected measure<=x, measure>=x or measure=a..b")
    measure, relation, first, second = found.groups()
    if measure not in MEASURES:
        raise ValueError(f"--target {text!r}: unknown measure; known: {', '.join(MEASURES)}")
    try:
        a, b = float(first), None if second is None else float(second)
    except ValueError:
        raise ValueError(f"--target {text!r}: {first!r} is not a number") from None
    if relation == "=":
        if b is None or not a < b:
            raise ValueError(f"--target {text!r}: a range is measure=a..b with a below b")
        return Target(measure, a, b)
    if b is not None:
        raise ValueError(f"--target {text!r}: a range is written measure=a..b")
    return Target(measure, a, None) if relation == ">=" else Target(measure, None, a)
