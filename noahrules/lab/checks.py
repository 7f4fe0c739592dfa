"""Arms that would tell nothing, found before anything is played.

An arm is *silent* when its rules are those of an earlier arm (the same rules digest: a
variant file that changes nothing, ``--set departure_gifts=[1,2,3,4]`` on the packaged rules),
or when, at some player count, it plays move for move as an earlier arm: a few probe games of
seeded random moves under both rules offer the same moves at every step and end with the same
scores. That is how a value the rules cap is caught without knowing the rule (the ferry game's
``hand_size=9`` deals 8 cards to each of 3 players: F7 deals what the deck allows); a change
that only rare positions reach may look silent too, so the check is a warning that
``allow_identical`` overrides.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from noahrules.errors import NoahRulesError
from noahrules.game import Game, RulesValue
from noahrules.games import game_named
from noahrules.lab.design import Study
from noahrules.rng import Rng
from noahrules.simulation import game_seed

__all__ = ["PROBES", "IdenticalArmsError", "Silent", "silent_arms"]

PROBES = 20
"""Probe games per arm and player count."""
PROBE_DECISIONS = 2000
"""The most decisions of a probe game."""
_PROBE_SEED = 0x5EED
"""The probes' own seeds, apart from the study's deals."""


@frozen
class Silent:
    """An arm that plays as an earlier one (``same_as``): with the same rules at every player
    count, or move for move in the probe games at ``players``."""

    arm: str
    same_as: str
    players: tuple[int, ...]
    same_rules: bool
    text: str


class IdenticalArmsError(NoahRulesError, ValueError):
    """A study has arms that would tell nothing (see :func:`silent_arms`); their sentences are
    in ``silent``."""

    def __init__(self, silent: Sequence[Silent]) -> None:
        lines = "\n".join(f"  - {s.text}" for s in silent)
        super().__init__(
            f"arms that would play as others:\n{lines}\n"
            "(allow_identical, or --allow-identical, plays them anyway)"
        )
        self.silent = tuple(silent)


def silent_arms(study: Study) -> tuple[Silent, ...]:
    """The arms of ``study`` that play as an earlier arm, at every player count (the same
    rules) or at some (the same play in :data:`PROBES` probe games of random moves)."""
    game = game_named(study.game)
    rules = [arm.rules(game) for arm in study.arms]
    names = [arm.name for arm in study.arms]
    found: list[Silent] = []
    twins: dict[int, int] = {}
    for i in range(1, len(rules)):
        twin = next((j for j in range(i) if rules[j].digest == rules[i].digest), None)
        if twin is not None:
            twins[i] = twin
            found.append(
                Silent(
                    names[i],
                    names[twin],
                    study.players,
                    True,
                    f"{names[i]} has the same rules as {names[twin]} (digest "
                    f"{rules[i].digest[:12]}): it would play the same games",
                )
            )
    for i, twin, counts in _same_play(game, rules, study.players, twins):
        found.append(
            Silent(
                names[i],
                names[twin],
                counts,
                False,
                f"{names[i]} plays move for move as {names[twin]} at "
                f"{' and '.join(map(str, counts))} players ({PROBES} probe games of random "
                "moves): the rules cap its value there, or random play never reaches it",
            )
        )
    return tuple(sorted(found, key=lambda s: names.index(s.arm)))


def _same_play(
    game: Game, rules: Sequence[RulesValue], players: Sequence[int], twins: dict[int, int]
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Per arm (not a twin by its rules), the earlier arm it plays as and at which counts."""
    same: dict[tuple[int, int], list[int]] = {}
    for count in players:
        prints: list[tuple[object, ...]] = []
        for i, value in enumerate(rules):
            prints.append(() if i in twins else _fingerprint(game, value, count))
            if i in twins:
                continue
            twin = next((j for j in range(i) if j not in twins and prints[j] == prints[i]), None)
            if twin is not None:
                same.setdefault((i, twin), []).append(count)
    return [(i, twin, tuple(counts)) for (i, twin), counts in sorted(same.items())]


def _fingerprint(game: Game, rules: RulesValue, players: int) -> tuple[object, ...]:
    """What the probe games of ``rules`` offered and did: every legal move list's length, every
        move made and the final scores. Raises the game's error for rules that cannot start (a
    :class:`~noahrules.errors.SetupError`), before anything is played."""
    games = []
    for probe in range(PROBES):
        seed = game_seed(_PROBE_SEED, probe)
        state = game.new_game(rules, players, seed)
        rng = Rng.from_seed(seed)
        trace: list[object] = []
        while not game.is_over(state) and len(trace) < 2 * PROBE_DECISIONS:
            moves = game.legal_moves(state)
            pick, rng = rng.below(len(moves))
            trace += [len(moves), moves[pick]]
            state = game.apply(state, moves[pick])
        games.append((tuple(trace), tuple(game.scores(state))))
    return tuple(games)
