"""What a request to create a table asks for, read strictly from its JSON.

``{"game": "ferry", "players": 3, "variants": ["frog"], "seats": ["human", "open", "hard"],
"name": "Ann", "unlisted": false}``: ``seats`` gives each seat to a person, to a bot by its level
(:data:`LEVELS`: ``"easy"``, ``"medium"``, ``"hard"``) or to a bot by name, with a budget within
:data:`BUDGET_LIMITS` (``"search:time=0.2"``) (default: every seat a person's): ``"human"`` is a
seat for a person the creator invites with its link (only that link opens it), ``"open"`` a seat
the lobby offers to anyone; seat 0 is the creator's own (``"human"``, or a bot). ``name`` names
the creator's seat; ``unlisted`` keeps the table out of the lobby (reached by its links only);
``seed`` is accepted only when the server allows it (:attr:`Settings.allow_seed`). Only
packaged variants may be named: a request never makes the server open a file
(docs/design.md principle 8).

>>> from noahrules.serve.settings import Settings
>>> request = {"game": "island", "players": 2, "seats": ["human", "open"], "unlisted": True}
>>> read_table_request(request, Settings())  # doctest: +NORMALIZE_WHITESPACE
TableRequest(game='island', players=2, variants=(), seats=('human', 'open'), name='',
             seed=None, listed=False)
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import Factory, field, frozen

from noahrules.bots import BOTS, bot_factory
from noahrules.bots.options import parse_spec
from noahrules.games import GAMES
from noahrules.serve.errors import RequestError
from noahrules.serve.settings import Settings

__all__ = [
    "BUDGET_LIMITS",
    "HUMAN",
    "LEVELS",
    "OPEN",
    "PEOPLE",
    "TableRequest",
    "bot_spec",
    "clean_name",
    "read_seat_kind",
    "read_table_request",
]

HUMAN = "human"
"""A seat kept for a person the creator invites (only its link's token opens it)."""
OPEN = "open"
"""A seat for a person, offered by the lobby to anyone who joins."""
PEOPLE = (HUMAN, OPEN)
"""The seat kinds of people; any other seat kind is a bot."""
LEVELS: Mapping[str, str] = {"easy": "greedy", "medium": "search", "hard": "best:time=0.15"}
"""The levels of play the server offers, and the bot and budget each is (docs/bots.md)."""
BUDGET_LIMITS: Mapping[str, float] = {"time": 0.5, "iterations": 2000}
"""The options a seat's bot may be given, and their largest values. A seat given
``iterations`` and no ``time`` gets the ``time`` limit too (whichever runs out first), so a
stranger cannot make the server spend more than half a second of CPU on a bot's move on
average, and at most a second on one (the island's best bot gives a flood twice its budget,
``Strategy.share``): 2,000 iterations of the search bot take 0.5-0.7 s in a 4-player ferry
game. A bot named without options plays at its default budget (the search bot's 100
iterations, the best bot's tenth of a second)."""

_FIELDS = {"game", "players", "variants", "seats", "name", "seed", "unlisted"}


@frozen
class TableRequest:
    """A checked request for a new table."""

    game: str
    players: int
    variants: tuple[str, ...] = ()
    seats: tuple[str, ...] = field(
        default=Factory(lambda self: (HUMAN,) * self.players, takes_self=True)
    )
    """Per seat, :data:`HUMAN`, :data:`OPEN` or a bot (default: every seat a person's)."""
    name: str = ""
    seed: int | None = None
    listed: bool = True
    """Whether the lobby lists the table."""

    @seats.validator
    def _one_per_player(self, _: object, seats: tuple[str, ...]) -> None:
        if len(seats) != self.players:
            raise ValueError(f"{len(seats)} seats for {self.players} players")
        if seats and seats[0] == OPEN:
            raise ValueError("seat 0 is the creator's: 'human' or a bot, never 'open'")


def read_table_request(data: object, settings: Settings) -> TableRequest:
    """The request in ``data`` (parsed JSON); raises :class:`RequestError` naming the problem."""
    if not isinstance(data, dict):
        raise RequestError("bad_request", "send a JSON object")
    extra = sorted(str(k)[:32] for k in set(data) - _FIELDS)
    if extra:
        raise RequestError("bad_request", f"unknown fields {extra}; allowed: {sorted(_FIELDS)}")
    name = data.get("game")
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RequestError("bad_request", f"'game' must be one of {list(GAMES)}")
    players = data.get("players", game.min_players)
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        raise RequestError(
            "bad_request", f"{game.name} takes {game.min_players} to {game.max_players} players"
        )
    variants = _variants(data.get("variants", []), game.known_variants())
    seats = _seats(data.get("seats", [HUMAN] * players), players)
    seed = data.get("seed")
    if seed is not None and (not settings.allow_seed or type(seed) is not int or seed < 0):
        raise RequestError("bad_request", "this server chooses every table's seed itself")
    unlisted = data.get("unlisted", False)
    if type(unlisted) is not bool:
        raise RequestError("bad_request", "'unlisted' is true or false")
    name = clean_name(data.get("name", ""), settings.max_name)
    return TableRequest(game.name, players, variants, seats, name, seed, not unlisted)


def clean_name(value: object, limit: int) -> str:
    """A player's name: printable characters only, trimmed, at most ``limit`` long."""
    if not isinstance(value, str):
        raise RequestError("bad_request", "a name is a string")
    cleaned = "".join(c for c in value if c.isprintable()).strip()
    if len(cleaned) > limit:
        raise RequestError("bad_request", f"a name has at most {limit} characters")
    return cleaned


def read_seat_kind(value: object) -> str:
    """A seat kind of a request: :data:`HUMAN`, :data:`OPEN` or a bot (see :func:`bot_spec`);
    a :class:`RequestError` for anything else. The one place seat kinds are checked."""
    if value in PEOPLE:
        assert isinstance(value, str)
        return value
    try:
        return bot_spec(value)
    except ValueError as exc:
        raise RequestError("bad_request", f"a seat is 'human', 'open' or a bot: {exc}") from None


def bot_spec(value: object) -> str:
    """A bot as a seat kind names it: a level of :data:`LEVELS`, or the canonical spec of a
    registered bot, with options within :data:`BUDGET_LIMITS` only (and the ``time`` limit
    added to ``iterations`` given alone); a :class:`ValueError` naming the levels and bots for
    anything else. A spec never names a module to import."""
    if isinstance(value, str) and value in LEVELS:
        return value
    known = f"one of the levels {list(LEVELS)} or the bots {sorted(BOTS)}"
    if not isinstance(value, str):
        raise ValueError(f"{repr(value)[:40]} is not {known}")
    name, options = parse_spec(value)
    if name not in BOTS:
        raise ValueError(f"{repr(name)[:40]} is not {known}")
    capped = "iterations" in options and "time" not in options
    spec = bot_factory(value, **({"time": BUDGET_LIMITS["time"]} if capped else {}))[0]
    for key, given in options.items():
        limit = BUDGET_LIMITS.get(key)
        if limit is None or float(given) > limit:
            allowed = ", ".join(f"{k} at most {v:g}" for k, v in BUDGET_LIMITS.items())
            raise ValueError(f"a seat's bot takes only the options {allowed}, not {key}={given}")
    return spec


def _variants(value: object, known: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RequestError("bad_request", "'variants' is a list of names")
    unknown = [v[:32] for v in value if v not in known]
    if unknown or len(set(value)) != len(value):
        raise RequestError("bad_request", f"variants are distinct names among {list(known)}")
    return tuple(value)


def _seats(value: object, players: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != players:
        raise RequestError("bad_request", f"'seats' lists one seat kind per player ({players})")
    seats = tuple(read_seat_kind(v) for v in value)
    if seats[0] == OPEN:
        raise RequestError("bad_request", "seat 0 is the creator's: 'human' or a bot, never 'open'")
    return seats
