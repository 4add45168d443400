"""Many seeded random strategic games, the invariants checked after every action (a script, not
a test; tests/rulesets/strategic/test_strategic_random_games.py runs a few seeds).

    nice -n 10 .venv/bin/python bench/strategic_soak.py [--seeds 20] [--weeks 6]

Plays the Hazel test scenario and a synthetic deployment on each theatre map, and prints per
game the actions, battles and pieces gone, and the time per action beside the yardstick
(bench/yardstick.py) timed in the same run. An AssertionError names the first broken invariant.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402
from tests.rulesets.strategic.positions import HAZEL  # noqa: E402
from tests.rulesets.strategic.random_games import play, synthetic_scenario  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--weeks", type=int, default=6)
    args = parser.parse_args()
    yard = yardstick_ms()
    print(f"yardstick: {yard:.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        games = {"hazel": HAZEL, **{k: synthetic_scenario(k, Path(folder))
                                    for k in ("east", "west")}}
        for name, path in games.items():
            actions = battles = gone = 0
            started = time.perf_counter()
            for seed in range(1, args.seeds + 1):
                counts = play(path, seed, args.weeks, max_actions=2000)
                actions += counts["actions"]
                battles += counts["battles"]
                gone += counts["gone"]
            per = (time.perf_counter() - started) * 1000 / max(actions, 1)
            print(f"{name}: {args.seeds} games, {actions} actions, {battles} battles, {gone} "
                  f"pieces gone; {per:.1f} ms an action ({per / yard:.2f} yardsticks), "
                  "invariants held")


if __name__ == "__main__":
    main()
