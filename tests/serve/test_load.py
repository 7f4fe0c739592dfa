"""The load test, bounded for continuous integration (issue 15, point 5): 50 tables x 4
clients over loopback, playing random legal moves against a real server for 20 s.

The full run (60 s, and at saturation) is ``benchmarks/serve_load.py``; this one uses the same
driver with a think time of 0.25 s on average per move, and checks that every move of 200
clients is answered without an error and that the server's memory grows by less than 50 MB.
Latency (the targets: p50 under 20 ms, p99 under 100 ms from a move to the last seat's update)
is measured by the benchmark, not asserted here: it depends on how busy the machine is.
"""

from __future__ import annotations

import importlib.util
from types import ModuleType

from tests.serve.support import ROOT


def driver() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "serve_load", ROOT / "benchmarks" / "serve_load.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fifty_tables_of_four_for_twenty_seconds() -> None:
    report = driver().main(
        ["--tables", "50", "--clients", "4", "--seconds", "20", "--think", "0.25"]
    )
    assert report["errors"] == 0, report["error_examples"]
    assert report["moves"] > 1000
    assert report["latency_ms"]["p50"] > 0, report  # every move was timed to its last update
    assert report["server_rss_mb"]["growth"] < 50, report
