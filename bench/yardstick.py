"""A fixed yardstick workload, timed in the same run as a benchmark.

The machines are noisy and shared, so benchmarks print their figures beside this one and as
ratios to it: a ratio moves much less between runs than a time does.
"""

from __future__ import annotations

import random
import statistics
import time


def yardstick_ms(repeats: int = 15) -> float:
    """Median time of a fixed pure-Python job (build and sort 50,000 floats, sum a dict)."""
    rng = random.Random(0)
    data = [rng.random() for _ in range(50_000)]
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        ordered = sorted(data)
        table = {i: x for i, x in enumerate(ordered)}
        sum(table.values())
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000
