"""The seats of a table and what may be done with them (docs/design.md principle 10: a seat
someone was invited to is never offered to anyone else).

A person's seat is *invited* (only the token of its link opens it) or *open* (the lobby offers
it; whoever joins gets a token made for them, never one handed out before). The host, who holds
seat 0's token, may give a seat a new link (the old one stops working) or free it (it is open
again); *Play again* makes the same seats anew, each person's with a new token for the same
person. These functions change seats in memory only; the hub stores and announces the change.

>>> seats = make_seats(("human", "open", "greedy"), "Ann")
>>> [(s.kind, s.name, s.open, s.token is not None) for s in seats]  # doctest: +NORMALIZE_WHITESPACE
[('human', 'Ann', False, True), ('human', 'seat 1', True, False),
 ('bot', 'greedy bot', False, False)]
>>> join(seats, "Bo") == 1 and seats[1].token is not None and seats[1].name == "Bo"
True
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence

import attrs
from attrs import define, field

from noahrules.serialize import JsonValue
from noahrules.serve.creation import HUMAN, LEVELS, OPEN
from noahrules.serve.errors import RequestError

__all__ = [
    "HOST",
    "Seat",
    "again",
    "default_name",
    "free",
    "invite_links",
    "join",
    "make_seats",
    "new_token",
    "person_seat",
    "rekey",
    "rename",
    "seats_from_json",
    "seats_to_json",
]

HOST = 0
"""The host's seat: its token may re-key and free the others."""


def new_token() -> str:
    """A secret seat token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


@define
class Seat:
    """A seat: a person's (with its secret token) or a bot's (with the bot's name).

    A person's seat is invited (only its token opens it) or open (the lobby may offer it); an
    open seat has no token until someone joins it."""

    kind: str
    """``"human"`` or ``"bot"``."""
    name: str
    bot: str | None = None
    token: str | None = field(default=None, repr=False)
    taken: bool = False
    """Whether someone has claimed this person's seat (joined, or connected with its token)."""
    open: bool = False
    """Whether the lobby may offer this person's seat to anyone (else only its link opens it)."""
    named: bool = False
    """Whether its player chose its name (else it is the name it was made with)."""

    def public(self, seat: int, label: str, connected: bool) -> dict[str, JsonValue]:
        """What everyone may know of this seat (never the token); ``default``: the name the
        server gave it, as data (:func:`default_name`), for the page to say in its language."""
        return {
            "seat": seat,
            "kind": self.kind,
            "name": self.name,
            "label": label,
            "default": default_name(self, seat),
            "bot": self.bot,
            "open": self.open,
            "named": self.named,
            "taken": self.taken or self.kind == "bot",
            "connected": connected or self.kind == "bot",
        }

    @property
    def is_free(self) -> bool:
        """Whether the lobby may offer this seat now: a person's, open, not taken."""
        return self.kind == HUMAN and self.open and not self.taken

    @property
    def is_invited(self) -> bool:
        """Whether this is a person's seat that only its link opens."""
        return self.kind == HUMAN and not self.open


def has_person(seats: Sequence[Seat]) -> bool:
    """Whether a table of these seats has a seat for a person (else every seat is a bot's)."""
    return any(seat.kind == HUMAN for seat in seats)


def seats_to_json(seats: Sequence[Seat]) -> str:
    """The seats as stored."""
    return json.dumps([attrs.asdict(s) for s in seats])


def seats_from_json(text: str) -> list[Seat]:
    """The seats as stored (see :func:`seats_to_json`); a file of an older server has no
    ``open`` or ``named``: its seats are invited, and keep their names."""
    return [Seat(**item) for item in json.loads(text)]


def make_seats(kinds: Sequence[str], name: str = "") -> list[Seat]:
    """New seats of the kinds of a table request (:mod:`noahrules.serve.creation`); ``name``
    names the creator's seat, seat 0."""
    seats = []
    for index, kind in enumerate(kinds):
        if kind == HUMAN:
            seats.append(Seat(HUMAN, _unnamed(index), token=new_token()))
        elif kind == OPEN:
            seats.append(Seat(HUMAN, _unnamed(index), open=True))
        else:
            seats.append(Seat("bot", f"{kind} bot", bot=LEVELS.get(kind, kind), taken=True))
    if name and seats and seats[HOST].kind == HUMAN:
        seats[HOST].name, seats[HOST].named = name, True
    return seats


def join(seats: Sequence[Seat], name: str) -> int:
    """Take the first free seat for a newcomer called ``name`` (or keep its name): the seat's
    number; its token is made now, for this newcomer only."""
    for index, seat in enumerate(seats):
        if seat.is_free:
            seat.token, seat.taken = new_token(), True
            if name:
                seat.name, seat.named = name, True
            return index
    raise RequestError("full", "this table has no open seat")


def rename(seat: Seat, name: str) -> None:
    """The seat's player names it."""
    if not name:
        raise RequestError("bad_request", "a name has at least one character")
    seat.name, seat.named = name, True


def person_seat(seats: Sequence[Seat], index: object) -> tuple[int, Seat]:
    """The person's seat number ``index`` (from a request), and the seat; a
    :class:`RequestError` for anything else."""
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(seats):
        raise RequestError("bad_request", f"there is no seat {str(index)[:12]}")
    seat = seats[index]
    if seat.kind != HUMAN:
        raise RequestError("bad_request", f"seat {index} is a bot's")
    return index, seat


def rekey(seats: Sequence[Seat], index: object) -> int:
    """Give a person's seat a new link: a new token (the old one opens nothing any more); the
    seat is invited, unclaimed, and its next player names it (the host keeps their own
    name)."""
    number, seat = person_seat(seats, index)
    seat.token, seat.open, seat.taken = new_token(), False, False
    if number != HOST:
        seat.name, seat.named = _unnamed(number), False
    return number


def free(seats: Sequence[Seat], index: object) -> int:
    """Free a person's seat whose player left: no token (the old one opens nothing any more),
    open to the next who joins. The host's own seat is not freed."""
    number, seat = person_seat(seats, index)
    if number == HOST:
        raise RequestError("bad_request", "the host's own seat is not freed; give it a new link")
    seat.token, seat.open, seat.taken = None, True, False
    seat.name, seat.named = _unnamed(number), False
    return number


def again(seats: Sequence[Seat]) -> list[Seat]:
    """The seats of a new game with the same people: the same bots; each person's seat with a
    new token (given to whoever holds the old one), invited; an open seat nobody took stays
    open."""
    fresh = []
    for index, seat in enumerate(seats):
        if seat.kind != HUMAN:
            fresh.append(Seat(seat.kind, seat.name, bot=seat.bot, taken=True))
        elif seat.is_free:
            fresh.append(Seat(HUMAN, _unnamed(index), open=True))
        else:
            fresh.append(Seat(HUMAN, seat.name, token=new_token(), named=seat.named))
    return fresh


def invite_links(seats: Sequence[Seat]) -> list[dict[str, JsonValue]]:
    """The link (``seat``, ``token``) of every invited seat."""
    return [{"seat": i, "token": s.token} for i, s in enumerate(seats) if s.is_invited]


def _unnamed(index: int) -> str:
    return f"seat {index}"


def default_name(seat: Seat, number: int) -> dict[str, JsonValue] | None:
    """The name the server gave seat ``number``, as data to be said in any language:
    ``{"bot": kind}`` for a bot's seat (named ``"easy bot"`` after its kind, a level or a bot),
    ``{"seat": number}`` for a person's seat nobody named (``"seat 1"``); ``None`` for a name a
    person typed, which is shown as typed. The stored name stays English, whoever made the
    table.

    >>> seats = make_seats(("human", "open", "easy"), "Ann")
    >>> [default_name(s, n) for n, s in enumerate(seats)]
    [None, {'seat': 1}, {'bot': 'easy'}]
    """
    if seat.kind == HUMAN:
        return {"seat": number} if not seat.named and seat.name == _unnamed(number) else None
    kind = seat.name.removesuffix(" bot")
    return {"bot": kind} if kind and kind != seat.name else None
