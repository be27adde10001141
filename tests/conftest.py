"""Shared test configuration."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI profile: deterministic and bounded so the suite stays well under 15 minutes.
settings.register_profile(
    "ci", max_examples=200, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
