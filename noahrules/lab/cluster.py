"""Running a study on a Dask distributed cluster (the ``lab`` extra): the cluster's
``client.get_executor()`` is an ordinary :class:`concurrent.futures.Executor`, which
:func:`noahrules.lab.play` (through :func:`noahrules.simulate`) runs the games on."""

from __future__ import annotations

import logging
import math
import os
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import ExitStack, contextmanager
from typing import Any

from attrs import frozen

from noahrules.lab.extra import require

__all__ = ["Cluster", "dask_cluster", "runs_for"]


@frozen
class Cluster:
    """A connected Dask cluster: its executor, where it is and how many threads its workers
    have in all."""

    executor: Executor
    address: str
    threads: int


def runs_for(threads: int) -> int:
    """How many ``simulate`` runs to keep going at once to keep ``threads`` worker threads
    busy: each run keeps four batches of games in flight."""
    return max(1, math.ceil(threads / 3))


@contextmanager
def _workers_ignore_interrupts() -> Iterator[None]:
    """Ctrl-C ignored while worker processes start, so that they inherit it ignored (an
    ignored signal stays ignored across ``exec``, and Python keeps it so); in the main thread
    only, where signal handlers can be set."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def dask_cluster(scheduler: str | None = None, *, workers: int | None = None) -> Iterator[Cluster]:
    """Connect to the Dask scheduler at ``scheduler`` (``tcp://host:8786``), or start a local
    cluster of ``workers`` processes (all cores by default) with one thread each; close what
    was opened on leaving. The workers must have noahrules installed, at the same version;
    rules travel with the games, so they need no variant files.

    The local cluster's worker processes ignore Ctrl-C, as a process pool's do: a terminal sends
    it to the whole process group, and workers that died of it would leave the games under way
    waiting forever. The process that started them stops the study and closes the cluster. Its
    processes log errors only: the games they drop when a study stops are no news."""
    distributed: Any = require("distributed", "runs on a Dask cluster need it")
    with ExitStack() as stack:
        if scheduler is None:
            count = workers or os.cpu_count() or 1
            with _workers_ignore_interrupts():
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=count,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=logging.ERROR,
                    )
                )
            client = stack.enter_context(distributed.Client(cluster))
        else:
            client = stack.enter_context(distributed.Client(scheduler))
        info = client.scheduler_info()
        threads = sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values())
        yield Cluster(client.get_executor(), str(info.get("address", scheduler)), max(1, threads))
