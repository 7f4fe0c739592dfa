"""What one load of rules data found: its errors and warnings, each kept once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from noahrules.errors import RulesDataError

T = TypeVar("T")


class Findings:
    """What one load of rules data found: every error (``load_rules`` raises them all at
    once; ``noahrules validate`` lists them) and the warnings (traps that load, but make some
    rule unreachable). Each problem is kept once."""

    def __init__(self) -> None:
        self.errors: list[RulesDataError] = []
        self.warnings: list[RulesDataError] = []

    @classmethod
    def of(cls, *errors: RulesDataError) -> Findings:
        """Findings of these errors alone."""
        found = cls()
        found.add(*errors)
        return found

    def add(self, *errors: RulesDataError) -> None:
        """Note every problem of ``errors`` not noted yet."""
        seen = {_key(e) for e in self.errors}
        for error in errors:
            for problem in error.problems:
                if _key(problem) not in seen:
                    seen.add(_key(problem))
                    self.errors.append(problem)

    def attempt(self, parse: Callable[[], T]) -> T | None:
        """``parse()``, or ``None`` with its problems noted: one bad item does not hide the
        next."""
        try:
            return parse()
        except RulesDataError as exc:
            self.add(exc)
            return None

    def settle(self) -> None:
        """Raise every error found, if any, as one :class:`RulesDataError`."""
        if self.errors:
            raise RulesDataError.of(self.errors)


def _key(error: RulesDataError) -> tuple[object, ...]:
    return (error.file, error.line, error.column, error.path, error.problem)
