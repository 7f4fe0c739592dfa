"""Ctrl-C in tests as a terminal sends it, whatever the test run inherited.

A process started in the background by a shell without job control (``command &``) starts with
Ctrl-C ignored, and Python keeps it ignored, as do the processes it starts: a test of what
Ctrl-C does would wait for a signal nobody handles. :func:`default_interrupts` gives the test
Python's own handler for its time; a process started meanwhile gets the default action (a
handled signal is back to its default across ``exec``; an ignored one stays ignored).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def default_interrupts() -> Iterator[None]:
    """Ctrl-C raises :class:`KeyboardInterrupt` here, and is Ctrl-C in processes started
    meanwhile; the handler before is put back on leaving."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
