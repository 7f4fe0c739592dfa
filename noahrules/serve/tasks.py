"""The hub's work in the background: bot turns, timed-out turns, sweeps and checkpoints run as
tasks of the event loop, kept here so that stopping the server cancels every one of them."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

__all__ = ["Tasks"]


class Tasks:
    """The tasks running beside the clients' messages."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()

    def keep(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task (cancelled by :meth:`cancel`)."""
        task = asyncio.get_running_loop().create_task(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def cancel(self) -> None:
        """Cancel every task still running, and wait until each has ended."""
        for task in list(self._running):
            task.cancel()
        await asyncio.gather(*self._running, return_exceptions=True)
