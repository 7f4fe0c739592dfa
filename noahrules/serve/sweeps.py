"""The sweep: every :attr:`Settings.sweep_period` seconds, the tables nobody uses are closed
(their records kept) and the people whose time ran out are moved for, as the server's clock says
then (:mod:`noahrules.serve.expiry` tells which). Tests sweep when they choose, with a clock of
their own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from noahrules.serve.expiry import time_is_up, why_close
from noahrules.serve.lobby import Lobby
from noahrules.serve.settings import Settings
from noahrules.serve.turns import Turns

__all__ = ["Sweeper"]

log = logging.getLogger("noahrules.serve")


class Sweeper:
    """What is due at the tables of ``lobby``: closing them, or a timed-out turn by ``turns``."""

    def __init__(
        self, lobby: Lobby, turns: Turns, settings: Settings, clock: Callable[[], float]
    ) -> None:
        self._lobby = lobby
        self._turns = turns
        self._settings = settings
        self._clock = clock

    async def sweep(self) -> None:
        """Close the tables nobody uses (their records kept) and move for the people whose
        time ran out, as the clock says now."""
        now = self._clock()
        for table in self._lobby.every_table():
            if table.ended or table.problem is not None:
                continue
            reason = why_close(table, now, self._settings)
            if reason is not None:
                await self._lobby.close(table, reason)
            elif (seat := time_is_up(table, now, self._settings)) is not None:
                self._turns.time_out(table, seat)
        self._lobby.forget_idle_addresses()

    async def run(self) -> None:
        """Sweep every :attr:`Settings.sweep_period` seconds, until cancelled."""
        while True:
            await asyncio.sleep(self._settings.sweep_period)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep for expired tables failed")
