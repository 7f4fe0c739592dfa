"""A study run as a terminal runs a job, and interrupted with Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from attrs import frozen

from tests.interrupts import default_interrupts


@frozen
class Interrupted:
    """How an interrupted study ended: its status, its output, the plan it printed first and
    the seconds from Ctrl-C to its end."""

    status: int
    out: str
    err: str
    plan: str
    seconds: float


def interrupt_study(
    arguments: list[str], out: Path, *, group: bool, after: float = 4, command: str = "balance"
) -> Interrupted:
    """Run ``noahrules balance`` (or ``command``) with ``arguments`` and ``--out out`` in a
    process group of its own, and ``after`` seconds into its games send Ctrl-C: to the whole
    group (``group``, as a terminal does) or to the study's process alone."""
    run = [sys.executable, "-m", "noahrules.lab", command, *arguments, "--out", str(out)]
    with default_interrupts():  # the child gets Ctrl-C as it would in a terminal
        process = subprocess.Popen(
            run,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own group, as a terminal's job
        )
    try:
        assert process.stderr is not None
        plan = process.stderr.readline()
        while plan and not plan.startswith(("playing", "tuning")):  # past Dask's warnings
            plan = process.stderr.readline()
        time.sleep(after)
        sent = time.monotonic()
        if group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        out_text, err_text = process.communicate(timeout=120)
        return Interrupted(process.returncode, out_text, err_text, plan, time.monotonic() - sent)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
