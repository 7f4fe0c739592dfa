"""Where the server's bots choose their moves, so that tables without a person cannot slow the
tables with people.

A bot's search is Python: it holds the interpreter's lock while it thinks, so two bots thinking
on two threads of one process share one core's time, and a crowd of tables where only bots play
would slow every person's bot. The bots of tables with a person (and the timeout bot of a
person's seat) therefore choose on the server's threads (:attr:`Settings.bot_workers`), and
the bots of tables where every seat is a bot's in processes of their own
(:attr:`Settings.bot_only_processes`, started when the first such move comes, at a lower
priority): each process takes the next move in the order they were asked for, one move of a
table at a time, so those tables take turns among themselves and never hold the lock the
tables with people need. With ``bot_only_processes = 0`` they share the threads.

A move goes to a process as the pickled ``(make, name, game, seed, view)``; a game whose moves
cannot be pickled (a declaration or a bot maker made in a function, say) chooses on the threads,
as does a move whose process died (the next move starts a new one).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from noahrules.bots import Bot
from noahrules.game import Game

__all__ = ["BotMaker", "Choosers", "choose"]

log = logging.getLogger("noahrules.serve")

BotMaker = Callable[[str, Game, int], Bot[Any, object]]
"""How a bot is made from its name, the game and a seed (:func:`noahrules.bots.make_bot`)."""

NICENESS = 10
"""How much lower than the server's the priority of the processes is (:func:`os.nice`)."""


def choose(make: BotMaker, name: str, game: Game, seed: int, view: object) -> object:
    """The move the bot ``name`` (made by ``make``, with ``seed``) chooses in ``view``."""
    return make(name, game, seed).choose(view)


def _choose_pickled(job: bytes) -> object:
    """:func:`choose`, its arguments pickled: a process runs this."""
    return choose(*pickle.loads(job))


def _lower_priority() -> None:
    """Make this process yield to the server (where the platform can)."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)


class Choosers:
    """The bots' places to think: ``threads`` for tables with a person, and, when
    ``processes`` is more than 0, a pool of that many processes for tables without one."""

    def __init__(self, threads: Executor, processes: int) -> None:
        self._threads = threads
        self._processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._stay: set[str] = set()
        """The games that cannot go to a process, each said once."""

    async def choose(
        self, people: bool, make: BotMaker, name: str, game: Game, seed: int, view: object
    ) -> object:
        """The move of the bot ``name`` (made by ``make`` from ``game`` and ``seed``) in
        ``view``, chosen on the threads if its table has a person (``people``), else in a
        process."""
        loop = asyncio.get_running_loop()
        arguments = (make, name, game, seed, view)
        job = None if people or not self._processes else self._pickled(arguments, game.name)
        if job is not None:
            try:
                return await loop.run_in_executor(self._pool_now(), _choose_pickled, job)
            except BrokenProcessPool:
                log.warning("a bot process ended unexpectedly; a new one starts with the next move")
                self._pool = None
        return await loop.run_in_executor(self._threads, partial(choose, *arguments))

    @property
    def started(self) -> bool:
        """Whether the processes have been started."""
        return self._pool is not None

    def _pool_now(self) -> ProcessPoolExecutor:
        """The processes, started the first time."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self._processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
        return self._pool

    def shutdown(self) -> None:
        """Stop the processes (a move being chosen ends on its own)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _pickled(self, arguments: tuple[object, ...], game: str) -> bytes | None:
        """The arguments pickled, or ``None`` when they cannot be."""
        if game in self._stay:
            return None
        try:
            return pickle.dumps(arguments, pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            self._stay.add(game)
            log.warning("%s's bots choose on the threads: a move cannot be pickled (%s)", game, exc)
            return None
