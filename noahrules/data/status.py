"""Whether a file's status (inode, size, times) can vouch for its bytes without reading it."""

from __future__ import annotations

import os
import time

SETTLED_NS = 3_000_000_000
"""How long before it is read a file must have last changed for its status to vouch for its
bytes: longer than the coarsest file system clock (FAT's two seconds)."""


def file_status(st: os.stat_result) -> tuple[int, ...]:
    """The parts of a file's status that any change of its bytes changes: device, inode, size
    and the times of its last change."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def settled(status: tuple[int, ...]) -> bool:
    """Whether a file of this status changed long enough ago (:data:`SETTLED_NS`)."""
    return max(status[3], status[4]) < time.time_ns() - SETTLED_NS
