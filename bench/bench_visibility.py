"""How long "hide what your side cannot see" takes to work out after an action: the hidden
enemy units of each side at the start of each shipped scenario (sight/visibility.py), as times
and as ratios to the yardstick measured in the same run.

    .venv/bin/python bench/bench_visibility.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from yardstick import yardstick_ms

from gameapp import paths
from gameapp.core.engine import Game
from gameapp.core.rules.sight.visibility import hidden_units
from gameapp.core.units import Side


def median_ms(game: Game, side: Side, repeats: int = 7) -> tuple[float, int]:
    times, hidden = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        hidden = len(hidden_units(game.map, game.state.units.values(), side,
                                  game.scenario.los_conventions))
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, hidden


def main() -> None:
    stick = yardstick_ms()
    print(f"yardstick {stick:.1f} ms")
    for path in paths.shipped_scenarios():
        game = Game.from_scenario(path)
        for side in Side:
            ms, hidden = median_ms(game, side)
            enemies = sum(1 for u in game.state.units.values() if u.side is not side)
            print(f"{path.stem:20} {side.label:12} {hidden:3}/{enemies:3} hidden  "
                  f"{ms:6.1f} ms  {ms / stick:5.2f} yardsticks")


if __name__ == "__main__":
    main()
