"""What nobody uses expires (docs/design.md principle 10): when a table is closed for want of
people or moves, and when a person's time to act has run out. Pure functions of a table, the
time by the server's clock and the settings; the hub acts on what they say.

>>> duration(1800), duration(7 * 24 * 3600), duration(90)
('30 minutes', '7 days', '90 seconds')
"""

from __future__ import annotations

from noahrules.serve.settings import Settings
from noahrules.serve.tables import ServerTable

__all__ = ["duration", "time_is_up", "why_close"]


def why_close(table: ServerTable, now: float, settings: Settings) -> str | None:
    """Why ``table`` is to be closed now, or ``None``: no person joined it within
    :attr:`Settings.unjoined_expiry` of its creation, or no move was made for
    :attr:`Settings.idle_expiry`. A table whose game is over or that is closed already stays."""
    if table.ended:
        return None
    people = [seat for seat in table.seats if seat.kind == "human"]
    unjoined = people and not any(seat.taken for seat in people)
    if unjoined and now - table.created >= settings.unjoined_expiry:
        return f"nobody joined it within {duration(settings.unjoined_expiry)}"
    if now - table.active >= settings.idle_expiry:
        return f"no move was made for {duration(settings.idle_expiry)}"
    return None


def time_is_up(table: ServerTable, now: float, settings: Settings) -> int | None:
    """The person's seat whose time to act (:attr:`Settings.turn_timeout`, from when its turn
    began) has run out, or ``None``."""
    seat = table.to_act
    limit = settings.turn_timeout
    if limit is None or seat is None or table.ended or table.seats[seat].kind != "human":
        return None
    return seat if now - table.turn_since >= limit else None


def duration(seconds: float) -> str:
    """A duration in the largest whole unit that fits it exactly."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = int(seconds // size)
            return f"{count} {unit}" + ("s" if count != 1 else "")
    return f"{seconds:g} seconds"
