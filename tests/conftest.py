"""Hypothesis profiles: ``ci`` (derandomized, many examples) when CI is set, else ``dev``.

Choose one explicitly with ``HYPOTHESIS_PROFILE=ci`` (or ``dev``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

_PHASES = tuple(p for p in Phase if p is not Phase.explain)
"""Every phase but explain, whose tracing takes minutes over whole games."""

settings.register_profile(
    "ci",
    max_examples=500,
    derandomize=True,
    deadline=None,
    print_blob=True,
    phases=_PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    max_examples=60,
    deadline=None,
    phases=_PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
