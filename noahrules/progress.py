"""Progress of long runs, as people expect it: a bar with the count done, the rate and the time
left on a terminal; plain lines now and then otherwise (a log, a pipe, CI).

A :class:`Progress` is a ``progress(done, total)`` callback, as :func:`noahrules.simulate` takes
one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Reports ``done`` of ``total`` to ``stream``: a bar redrawn in place at most ten times a
    second on a terminal, else a line every ``every`` seconds and at the end. ``clock`` gives
    the time in seconds (monotonic)."""

    def __init__(
        self,
        label: str,
        stream: TextIO,
        every: float = 10.0,
        width: int = 28,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.clock = clock
        self.stream = stream
        self.every = every
        self.width = width
        isatty = getattr(stream, "isatty", None)
        self.terminal = bool(isatty and isatty())
        self.started = clock()
        self.shown = 0.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        finished = done >= total
        wait = 0.1 if self.terminal else self.every
        if not finished and now - self.shown < wait:
            return
        self.shown = now
        text = self.line(done, total, now - self.started)
        if self.terminal:
            self.stream.write(f"\r{text}\x1b[K")
            self.drawn = True
            if finished:
                self.stream.write("\n")
                self.drawn = False
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def line(self, done: int, total: int, elapsed: float) -> str:
        """The progress as one line of text."""
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else None
        share = done / total if total else 1.0
        text = f"{self.label}: {done:,}/{total:,} ({share:.0%}), {rate:,.1f}/s"
        if done < total:
            text += f", {_duration(left)} left" if left is not None else ""
        else:
            text += f", {_duration(elapsed)} in all"
        if not self.terminal:
            return text
        filled = round(self.width * share)
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {text}"

    def close(self) -> None:
        """End an unfinished bar's line (after an interrupt)."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
