"""What every benchmark here needs: run a step for a while and count."""

from __future__ import annotations

import time
from collections.abc import Callable


def timed(seconds: float, step: Callable[[], int]) -> tuple[int, float, int]:
    """Run ``step`` until ``seconds`` have passed; returns (calls, elapsed, units), where
    ``units`` is the sum of what the steps returned (moves, hands, deals...)."""
    calls = units = 0
    start = time.perf_counter()
    while True:
        units += step()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls, elapsed, units
