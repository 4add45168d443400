"""Many seeded random strategic games, the invariants checked after every action (a script, not
a test; tests/rulesets/strategic/test_strategic_random_play.py plays two seeds of each).

    nice -n 10 .venv/bin/python bench/strategic_soak.py [--seeds 20] [--actions 600]

Plays the property test's scenarios (the Hazel test map and the skirmishes on both theatre
maps) and prints per scenario the actions, battles and pieces gone, and the time per action
beside the yardstick (bench/yardstick.py) timed in the same run. An AssertionError names the
first broken invariant.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402
from tests.rulesets.strategic.test_strategic_random_play import SCENARIOS, play  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--actions", type=int, default=600)
    args = parser.parse_args()
    yard = yardstick_ms()
    print(f"yardstick: {yard:.1f} ms")
    for path in SCENARIOS:
        actions = battles = gone = 0
        boarded: dict[str, int] = {}  # embarkings and landings, by the kind of piece
        started = time.perf_counter()
        for seed in range(1, args.seeds + 1):
            counts = play(path, seed, args.actions)
            actions += counts["actions"]
            battles += counts["battles"]
            gone += counts["gone"]
            for key, n in counts.items():
                if key.startswith("boarded "):
                    boarded[key[8:]] = boarded.get(key[8:], 0) + n
        per = (time.perf_counter() - started) * 1000 / max(actions, 1)
        print(f"{path.stem}: {args.seeds} games, {actions} actions, {battles} battles, {gone} "
              f"pieces gone; {per:.1f} ms an action ({per / yard:.2f} yardsticks); "
              "invariants held")
        if boarded:
            print("  embarked or landed: " + ", ".join(f"{kind} {n}" for kind, n in
                                                       sorted(boarded.items())))


if __name__ == "__main__":
    main()
