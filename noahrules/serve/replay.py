"""The replay viewer's frames: every position of a recorded game, as the page draws it.

A record is replayed with :func:`noahrules.records.replay` (which refuses a record whose rules
data changed, or that names a variant file, or that has an illegal move). Each frame holds every
seat's view and the whole events of the move that led there: a replay is for a finished game or
a record its owner uploads, which already tell everything.
"""

from __future__ import annotations

from noahrules.data import is_file_name
from noahrules.errors import NoahRulesError, SerializationError
from noahrules.events import Event
from noahrules.game import GAMES, Game
from noahrules.records import GameRecord, replay
from noahrules.render import PLAIN, screen_for
from noahrules.serialize import JsonValue, from_json, to_dict
from noahrules.serve.display import AnyScreen, derived, lines
from noahrules.serve.errors import RequestError

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


def frames(record: GameRecord) -> dict[str, JsonValue]:
    """The positions of ``record``: ``{"game", "players", "variants", "frames": [{"seq",
    "views", "derived", "events", "lines"}, ...]}``, the first frame being the start."""
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
    screen = screen_for(game, rules, {}, PLAIN, None)
    out: list[JsonValue] = [_frame(game, screen, record.players, 0, states[0], ())]
    for seq, (before, move) in enumerate(zip(states, record.moves, strict=False), start=1):
        after, events = game.step(before, move)
        out.append(_frame(game, screen, record.players, seq, after, events))
    return {
        "game": game.name,
        "players": record.players,
        "variants": list(record.variants),
        "frames": out,
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
