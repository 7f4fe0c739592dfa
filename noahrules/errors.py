"""The exceptions noahrules raises. Every one derives from :class:`NoahRulesError`."""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "NoahRulesError",
    "ReplayError",
    "RulesDataError",
    "SerializationError",
    "SetupError",
]


class NoahRulesError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalMoveError(NoahRulesError, ValueError):
    """A move that the rules do not allow in this state.

    The message starts with the id of the rule that forbids it, e.g.
    ``"F11: load would be 23, capacity 21"``; the id is also in :attr:`rule`.
    """

    def __init__(self, rule: str, problem: str) -> None:
        super().__init__(f"{rule}: {problem}")
        self.rule = rule
        self.problem = problem


class RulesDataError(NoahRulesError, ValueError):
    """Rules data (YAML) that cannot be loaded.

    Names the file, the key path inside it (``animals[3].weight``) and the problem.
    """

    def __init__(self, file: str, path: str, problem: str) -> None:
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {problem}")
        self.file = file
        self.path = path
        self.problem = problem


class SetupError(NoahRulesError, ValueError):
    """Arguments to ``new_game`` that cannot start a game (player count, seat, deck too small)."""


class SerializationError(NoahRulesError, ValueError):
    """Serialized data (JSON text or dicts) that cannot be read back: malformed JSON, wrong
    types, unknown ids, or values describing an impossible game state. Nothing half-read is
    ever returned."""


class ReplayError(NoahRulesError, ValueError):
    """A game record that cannot be replayed: its rules data changed since it was recorded, or a
    recorded move is not legal."""
