"""Project-wide pytest hooks.

In CI (``STAMMTISCH_NO_SKIP=1``, set by ``.ci/run``) a skipped test is a failed test: the
integration tests must really run against Redis, a Celery worker, PostgreSQL and Chromium.
"""

import os

import pytest

NO_SKIP = os.environ.get("STAMMTISCH_NO_SKIP") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if NO_SKIP and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.longrepr = f"skipped in CI, where every test must run: {reason}"

# Property tests: no per-example deadline (CI machines vary); a fixed, generous budget.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("default", deadline=None, max_examples=100,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
