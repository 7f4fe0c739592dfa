"""Bot options: what a bot declares it takes, and the spec strings that name a bot with some.

A *spec* names a bot and its options in one string, ``"name:key=value,key=value"``
(``"search:time=0.2"``). The name is a bot's name in :data:`noahrules.bots.BOTS` or a
``"package.module:Name"``; the options follow the *last* colon, and only when that last part
holds an ``=`` (no class or module name does), so ``"mypkg.bots:MyBot"`` is a bot without
options and ``"mypkg.bots:MyBot:depth=2"`` one with. A bot says which options it takes in an
``OPTIONS`` mapping on its class (or factory) from each option's name to an :class:`Option`;
its factory is then called as ``factory(game, seed, **options)``.

Limits: a spec is at most :data:`MAX_SPEC` characters; every option has a written range.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from noahrules.errors import excerpt

__all__ = ["MAX_SPEC", "Option", "canonical", "parse_spec", "split_bots"]

MAX_SPEC = 400
"""The longest bot spec taken, in characters."""


@frozen
class Option:
    """One option a bot takes: its type (``int``, ``float``, ``bool`` or ``str``), the range of
    its values (``minimum`` inclusive, ``above`` exclusive, ``maximum`` inclusive, for numbers;
    ``choices`` for strings) and what it does (``help``, for the docs and error messages)."""

    kind: type
    help: str
    minimum: float | None = None
    above: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()

    def value(self, given: object) -> Any:
        """``given`` (a string from a spec, or a Python value) as this option's type; a
        :class:`ValueError` saying what is expected when it is not a valid value."""
        value = self._typed(given)
        if value is None or not self._in_range(value):
            raise ValueError(f"must be {self.expected()}, got {excerpt(given)}")
        return value

    def _typed(self, given: object) -> Any:
        kind = self.kind
        if isinstance(given, str) and kind is not str:
            text = given.strip().lower()
            if kind is bool:
                return {"true": True, "yes": True, "1": True}.get(
                    text, {"false": False, "no": False, "0": False}.get(text)
                )
            try:
                return kind(text)
            except ValueError:
                return None
        if isinstance(given, bool) and kind is not bool:
            return None
        if kind is float and isinstance(given, int | float):
            return float(given)
        return given if isinstance(given, kind) else None

    def _in_range(self, value: Any) -> bool:
        if self.kind is str:
            return not self.choices or value in self.choices
        if self.kind is bool:
            return True
        return (
            math.isfinite(value)
            and (self.minimum is None or value >= self.minimum)
            and (self.above is None or value > self.above)
            and (self.maximum is None or value <= self.maximum)
        )

    def expected(self) -> str:
        """What a valid value is, in words (``"an integer from 1 to 10000000"``)."""
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return f"one of {', '.join(self.choices)}" if self.choices else "a string"
        what = "an integer" if self.kind is int else "a number"
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"{what} from {_number(low)} to {_number(high)}"
        parts = [what]
        if low is not None:
            parts.append(f"of at least {_number(low)}")
        if self.above is not None:
            parts.append(f"above {_number(self.above)}")
        if high is not None:
            parts.append(f"{'and ' if len(parts) > 1 else ''}at most {_number(high)}")
        return " ".join(parts)


def _number(value: float) -> str:
    """A number as written in a spec: ``1`` for 1.0, else its shortest exact form."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """A spec's bot name and its options as given (strings, in the order written); a
    :class:`ValueError` for a spec that cannot be read (an option without ``=``, one given
    twice, an empty name)."""
    if len(spec) > MAX_SPEC:
        raise ValueError(f"a bot spec is at most {MAX_SPEC} characters, got {len(spec)}")
    name, colon, tail = spec.rpartition(":")
    if not colon or "=" not in tail:
        return spec.strip(), {}
    options: dict[str, str] = {}
    for item in tail.split(","):
        key, equals, value = item.partition("=")
        key = key.strip()
        if not equals or not key:
            raise ValueError(f"bot spec {excerpt(spec)}: {excerpt(item)} is not key=value")
        if key in options:
            raise ValueError(f"bot spec {excerpt(spec)}: option '{key}' given twice")
        options[key] = value.strip()
    name = name.strip()
    if not name:
        raise ValueError(f"bot spec {excerpt(spec)} names no bot before its options")
    return name, options


def checked_options(
    bot: str, declared: Mapping[str, Option], given: Mapping[str, object]
) -> dict[str, Any]:
    """``given`` checked against the options the bot ``bot`` declares: their values typed, in
    the declared order; a :class:`ValueError` naming the bot and the option for an unknown
    option or a bad value."""
    for key in given:
        if key not in declared:
            if not declared:
                raise ValueError(f"bot '{bot}' takes no options, got '{excerpt(key)[1:-1]}'")
            raise ValueError(
                f"bot '{bot}' has no option {excerpt(key)}; its options: {', '.join(declared)}"
            )
    values: dict[str, Any] = {}
    for key, option in declared.items():
        if key in given:
            try:
                values[key] = option.value(given[key])
            except ValueError as exc:
                raise ValueError(f"bot '{bot}': option '{key}' {exc}") from None
    return values


def canonical(name: str, options: Mapping[str, object]) -> str:
    """The spec of a bot with checked options: ``name``, then ``:key=value,...`` in the order
    the bot declares them (``"search:time=0.2"``)."""
    if not options:
        return name
    return name + ":" + ",".join(f"{key}={_text(value)}" for key, value in options.items())


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return _number(value) if isinstance(value, float) else str(value)


def split_bots(text: str) -> list[str]:
    """The bot specs of a comma-separated list, as written on a command line: an item with
    ``=`` and no ``:`` continues the options of the bot before it, so
    ``"search:time=0.2,iterations=50,greedy"`` is ``["search:time=0.2,iterations=50",
    "greedy"]``; a :class:`ValueError` for options before any bot."""
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item:
            if not specs or "=" not in specs[-1].rpartition(":")[2]:
                raise ValueError(
                    f"the option {excerpt(item)} follows no bot with options "
                    "(write name:key=value,key=value)"
                )
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs
