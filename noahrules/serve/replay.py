"""The replay viewer's frames: every position of a recorded game, as the page draws it.

A record is replayed with :func:`noahrules.records.replay` (which refuses a record whose rules
data changed, or that names a variant file, or that has an illegal move). Each frame holds every
seat's view and the whole events of the move that led there: a replay is for a finished game or
a record its owner uploads, which already tell everything. A game played to its end comes with
its ``result``: the scores, the winners and the end explained (:mod:`noahrules.serve.explain`).
"""

from __future__ import annotations

from collections.abc import Sequence

from noahrules.data import is_file_name
from noahrules.errors import NoahRulesError, SerializationError
from noahrules.events import Event
from noahrules.game import Game
from noahrules.games import GAMES
from noahrules.names import DEFAULT_LANGUAGE
from noahrules.records import GameRecord, replay
from noahrules.serialize import JsonValue, from_json, to_dict
from noahrules.serve.errors import RequestError
from noahrules.serve.explain import explanation
from noahrules.serve.naming import named_screen, numbered
from noahrules.serve.visibility import AnyScreen, derived, lines

__all__ = ["frames", "read_record"]


def read_record(text: str | bytes, max_moves: int) -> GameRecord:
    """A game record uploaded as JSON; a :class:`RequestError` for anything else."""
    try:
        record = from_json(text, GameRecord)
    except SerializationError as exc:
        raise RequestError("bad_request", f"not a game record: {exc}") from None
    if len(record.moves) > max_moves:
        raise RequestError("limit", f"a record may have at most {max_moves} moves")
    return record


def frames(
    record: GameRecord, seat_labels: Sequence[str] = (), language: str = DEFAULT_LANGUAGE
) -> dict[str, JsonValue]:
    """The positions of ``record``: ``{"game", "players", "variants", "frames": [{"seq",
    "views", "derived", "events", "lines"}, ...], "result"}``, the first frame being the start;
    the lines and the result's explanation are in ``language`` and name the seats by
    ``seat_labels`` (labels in that language; default: their numbers); ``result`` is ``None``
    unless the game is over."""
    game = GAMES.get(record.game)
    if game is None:
        raise RequestError("bad_request", f"unknown game {record.game[:32]!r}")
    if any(is_file_name(v) for v in record.variants):
        raise RequestError("bad_request", "only records of packaged variants can be replayed here")
    try:
        rules = game.load_rules(record.variants)
        states = list(replay(record, rules))
    except NoahRulesError as exc:
        raise RequestError("bad_request", str(exc)) from None
    names = tuple(seat_labels) or numbered(record.players, language)
    screen = named_screen(game, rules, names, None, language)
    out: list[JsonValue] = [_frame(game, screen, record.players, 0, states[0], ())]
    every: list[Event] = []
    for seq, (before, move) in enumerate(zip(states, record.moves, strict=False), start=1):
        after, events = game.step(before, move)
        every.extend(events)
        out.append(_frame(game, screen, record.players, seq, after, events))
    return {
        "game": game.name,
        "players": record.players,
        "variants": list(record.variants),
        "frames": out,
        "result": _result(game, states[-1], every, names, language),
    }


def _result(
    game: Game, final: object, events: Sequence[Event], names: Sequence[str], language: str
) -> JsonValue:
    """The end of a finished game: scores, winners and its explanation (from seat 0's view,
    whose public parts every seat shares: the game is over, nothing is hidden any more)."""
    if not game.is_over(final):
        return None
    return {
        "scores": list(game.scores(final)),
        "winners": list(game.winners(final)),
        "outcome": explanation(game, game.view(final, 0), events, names, language),
    }


def _frame(
    game: Game,
    screen: AnyScreen,
    players: int,
    seq: int,
    state: object,
    events: tuple[Event, ...],
) -> JsonValue:
    views = [game.view(state, seat) for seat in range(players)]
    return {
        "seq": seq,
        "views": [to_dict(v) for v in views],
        "derived": [derived(game, v) for v in views],
        "events": [to_dict(e) for e in events],
        "lines": lines(screen, events),
    }
