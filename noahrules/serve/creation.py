"""What a request to create a table asks for, read strictly from its JSON.

``{"game": "ferry", "players": 3, "variants": ["frog"], "seats": ["human", "greedy", "random"],
"name": "Ann"}``: ``seats`` gives each seat to a person (``"human"``) or to a bot by name (default:
every seat a person's); ``name`` names the first person's seat; ``seed`` is accepted only when the
server allows it (:attr:`Settings.allow_seed`). Only packaged variants may be named: a request
never makes the server open a file (DESIGN principle 8).

>>> from noahrules.serve.settings import Settings
>>> read_table_request({"game": "island", "players": 2, "seats": ["human", "greedy"]}, Settings())
TableRequest(game='island', players=2, variants=(), seats=('human', 'greedy'), name='', seed=None)
"""

from __future__ import annotations

from attrs import Factory, field, frozen

from noahrules.bots import BOTS
from noahrules.game import GAMES
from noahrules.serve.errors import RequestError
from noahrules.serve.settings import Settings

__all__ = ["HUMAN", "TableRequest", "clean_name", "read_table_request"]

HUMAN = "human"
"""A seat kept for a person."""

_FIELDS = {"game", "players", "variants", "seats", "name", "seed"}


@frozen
class TableRequest:
    """A checked request for a new table."""

    game: str
    players: int
    variants: tuple[str, ...] = ()
    seats: tuple[str, ...] = field(
        default=Factory(lambda self: (HUMAN,) * self.players, takes_self=True)
    )
    """Per seat, :data:`HUMAN` or a bot's name (default: every seat a person's)."""
    name: str = ""
    seed: int | None = None

    @seats.validator
    def _one_per_player(self, _: object, seats: tuple[str, ...]) -> None:
        if len(seats) != self.players:
            raise ValueError(f"{len(seats)} seats for {self.players} players")


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
    name = clean_name(data.get("name", ""), settings.max_name)
    return TableRequest(game.name, players, variants, seats, name, seed)


def clean_name(value: object, limit: int) -> str:
    """A player's name: printable characters only, trimmed, at most ``limit`` long."""
    if not isinstance(value, str):
        raise RequestError("bad_request", "a name is a string")
    cleaned = "".join(c for c in value if c.isprintable()).strip()
    if len(cleaned) > limit:
        raise RequestError("bad_request", f"a name has at most {limit} characters")
    return cleaned


def _variants(value: object, known: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RequestError("bad_request", "'variants' is a list of names")
    unknown = [v[:32] for v in value if v not in known]
    if unknown or len(set(value)) != len(value):
        raise RequestError("bad_request", f"variants are distinct names among {list(known)}")
    return tuple(value)


def _seats(value: object, players: int) -> tuple[str, ...]:
    kinds = (HUMAN, *sorted(BOTS))
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(isinstance(v, str) and v in kinds for v in value)
    ):
        raise RequestError("bad_request", f"'seats' lists one of {list(kinds)} per player")
    return tuple(value)
