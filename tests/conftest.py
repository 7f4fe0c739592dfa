"""Hypothesis profiles: ``ci`` (derandomized, many examples) when CI is set, else ``dev``;
``random`` for the randomized pass of CI (``.ci/run`` gives it a seed and prints it, so a
failure found there can be run again with ``--hypothesis-seed``).

Choose one explicitly with ``HYPOTHESIS_PROFILE=ci`` (or ``dev``, ``random``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

os.environ["LANGUAGE"] = "en"  # the suite reads English unless a test asks for a language

_PHASES = tuple(p for p in Phase if p is not Phase.explain)
"""Every phase but explain, whose tracing takes minutes over whole games."""

settings.register_profile(
    "ci",
    max_examples=300,
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
settings.register_profile(
    "random",
    max_examples=100,
    deadline=None,
    print_blob=True,
    database=None,
    phases=_PHASES,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
