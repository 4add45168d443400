"""Play each of the six strategic scenarios to its end with seeded random players (a script, not
a test; the test suite plays one seed of each).

    nice -n 10 .venv/bin/python bench/strategic_scenarios.py [--seeds 20] [--only east_1862]

A random player takes a listed legal action, or ends its phase about one time in three, until the
game is over. Any exception is a failure: the script prints it with the scenario and seed and
exits 1. It prints a line a game as it ends (so a run stopped early keeps what it saw), and for
each scenario the games played, the mean actions and weeks, and the mean
time a game took as a ratio of the yardstick (bench/yardstick.py) timed in the same run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.rulesets.strategic.actions import EndPhase  # noqa: E402

NAMES = ["east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864"]
MAX_ACTIONS = 20_000


def play(path: Path, seed: int) -> tuple[int, int]:
    """Actions taken and the turn the game ended on."""
    game = Game.from_scenario(path, seed=seed)
    rng = random.Random(seed)
    actions = 0
    while not game.is_over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"not over after {MAX_ACTIONS} actions (turn {game.state.turn})")
        legal = list(game.legal_actions())
        ends = EndPhase() in legal  # not while the rules owe a battle first (11.11)
        game.apply(EndPhase() if not legal or (ends and rng.random() < 0.3) else rng.choice(legal))
        actions += 1
    return actions, game.state.turn


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--only", choices=NAMES)
    args = parser.parse_args()
    yard = yardstick_ms()
    print(f"yardstick: {yard:.1f} ms")
    failed = False
    for name in [args.only] if args.only else NAMES:
        path = ROOT / "scenarios" / f"{name}.yaml"
        times, actions, turns = [], [], []
        for seed in range(1, args.seeds + 1):
            start = time.perf_counter()
            try:
                n, turn = play(path, seed)
            except Exception:
                failed = True
                print(f"{name} seed {seed}: FAILED")
                traceback.print_exc()
                continue
            times.append((time.perf_counter() - start) * 1000)
            actions.append(n)
            turns.append(turn)
            print(f"  {name} seed {seed}: {n} actions, ended after week {turn - 1}, "
                  f"{times[-1] / yard:.0f}x the yardstick", flush=True)
        if times:
            print(f"{name}: {len(times)}/{args.seeds} games to the end, "
                  f"{statistics.mean(actions):.0f} actions and {statistics.mean(turns) - 1:.0f} "
                  f"weeks a game, {statistics.mean(times) / yard:.0f}x the yardstick a game",
                  flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
