"""The turns the server plays itself: a bot's seat, and a person's whose time ran out.

A bot chooses its move on an executor, never on the event loop, seeded from the table's recorded
seed, so that a game with bots replays; the tables without a person choose apart from those
with one (:mod:`noahrules.serve.choosers`). A person's turn that lasted longer than
:attr:`Settings.turn_timeout` is played by :attr:`Settings.timeout_bot`, once per position,
with a note that says so (:mod:`noahrules.serve.notes`: stored as data, read by each client in
its language).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from noahrules.serve.choosers import BotMaker, Choosers
from noahrules.serve.creation import HUMAN
from noahrules.serve.errors import RequestError
from noahrules.serve.expiry import time_is_up
from noahrules.serve.notes import timed_out
from noahrules.serve.seats import has_person
from noahrules.serve.settings import Settings
from noahrules.serve.tables import ServerTable
from noahrules.serve.tasks import Tasks

__all__ = ["Play", "Turns"]

log = logging.getLogger("noahrules.serve")

Play = Callable[[ServerTable, int, int, object, str | None], Awaitable[None]]
"""How a move is played (table, seat, position, move, note): checked, stored, then sent."""


class Turns:
    """The bot turns and the turn timers of a hub: moves are played by ``play``, bots made by
    ``make`` think in ``choosers``, and each runs as one of ``tasks``."""

    def __init__(
        self,
        play: Play,
        make: BotMaker,
        choosers: Choosers,
        tasks: Tasks,
        settings: Settings,
        clock: Callable[[], float],
    ) -> None:
        self._play = play
        self._make = make
        self._choosers = choosers
        self._tasks = tasks
        self._settings = settings
        self._clock = clock

    def schedule(self, table: ServerTable) -> None:
        """Let the bot play if a bot's seat is to act (once per position)."""
        seat = table.to_act
        if seat is None or table.ended or table.seats[seat].kind == HUMAN:
            return
        if table.bot_seq == table.seq:
            return
        table.bot_seq = table.seq
        self._tasks.keep(self._bot_turn(table, seat, table.seq))

    def time_out(self, table: ServerTable, seat: int) -> None:
        """A person's time ran out: the timeout bot moves for their seat (once per position)."""
        if table.bot_seq == table.seq:
            return
        table.bot_seq = table.seq
        self._tasks.keep(self._timed_out(table, seat, table.seq))

    async def _bot_turn(self, table: ServerTable, seat: int, seq: int) -> None:
        if self._settings.bot_delay:
            await asyncio.sleep(self._settings.bot_delay)
        name = table.seats[seat].bot
        if name is not None:
            await self._bot_move(table, seat, seq, name)

    async def _timed_out(self, table: ServerTable, seat: int, seq: int) -> None:
        bot = self._settings.timeout_bot
        await self._bot_move(table, seat, seq, bot, timed_out(seat, bot))
        if time_is_up(table, self._clock(), self._settings) == seat:  # the same turn goes on
            self.time_out(table, seat)

    async def _bot_move(
        self, table: ServerTable, seat: int, seq: int, name: str, note: str | None = None
    ) -> None:
        """The bot ``name`` chooses ``seat``'s move at ``seq`` off the loop, and plays it."""
        live = table.live
        if live is None or table.seq != seq or table.ended:
            return
        view = table.game.view(live.state, seat)
        seed = _bot_seed(table.head.seed, seat, seq)
        people = has_person(table.seats)
        try:
            move = await self._choosers.choose(people, self._make, name, table.game, seed, view)
            await self._play(table, seat, seq, move, note)
        except RequestError as exc:
            log.warning("table %s: the %s bot's move was refused: %s", table.id, name, exc)
        except Exception:
            log.exception("table %s: the %s bot failed at move %d", table.id, name, seq + 1)


def _bot_seed(seed: int, seat: int, seq: int) -> int:
    """A bot's seed for one move, from the table's recorded seed: games with bots replay."""
    return (seed * 1_000_003 + seat * 10_007 + seq) % (1 << 62)
