"""Is the engine behind its ruleset seam as fast as before? (a script, not a test)

    .venv/bin/python bench/seam_speed.py                        # this tree: one round of figures
    .venv/bin/python bench/seam_speed.py --compare OLD_TREE --rounds 5

Times, on the demo and Slaughter Mountain: loading the scenario file into a new game; listing
every legal action on a fresh game of the loaded scenario (the random player's and the AI's
cost at each decision, the game's first reach searches included); one unit's reach search once
its step costs are cached (the move highlight's); and `action in game.legal_actions()` for a
move plus applying and undoing it (a click). With `--compare`, each round runs one child
process on the other source tree (for example a `git worktree` of the commit before the seam)
and one on this tree, turn about, so both see the same load; it prints the medians over the
rounds and the ratio new / old, with the yardstick (bench/yardstick.py) of each child.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("demo", "slaughter_mountain")
REPEATS = 15


def _median_ms(run: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def measure(root: Path) -> dict[str, float]:
    """This process's figures, for the source tree at `root` (already first on sys.path)."""
    from bench.yardstick import yardstick_ms
    from gameapp.core.engine import Game

    try:  # after the seam the tactical queries are the ruleset's
        from gameapp.core.rulesets.tactical import tactical

        def movement(game: Any) -> Any:
            return tactical(game).movement
    except ImportError:  # before it, the engine's own
        def movement(game: Any) -> Any:
            return game.movement

    from gameapp.core.scenario import load_scenario

    figures: dict[str, float] = {"yardstick": yardstick_ms()}
    for name in SCENARIOS:
        path = root / "scenarios" / f"{name}.yaml"
        figures[f"{name} load"] = _median_ms(lambda p=path: Game.from_scenario(p, seed=1), 5)
        scenario = load_scenario(path)
        figures[f"{name} listing, fresh game"] = _median_ms(
            lambda s=scenario: list(Game.from_scenario(s, seed=1).legal_actions()), 7)
        game = Game.from_scenario(scenario, seed=1)
        side = game.acting_side
        rules = movement(game)
        units = [u for u in game.state.side_units(side) if rules.reachable(u.id)]
        unit = max(units, key=lambda u: len(rules.reachable(u.id)))
        figures[f"{name} reach"] = _median_ms(lambda g=game, u=unit: movement(g).reachable(u.id))
        move = next(a for a in game.legal_actions() if type(a).__name__ == "Move")

        def click(g: Any = game, a: Any = move) -> None:
            assert a in g.legal_actions()
            g.apply(a)
            g.undo()
        figures[f"{name} check+apply+undo"] = _median_ms(click)
    return figures


def _child(tree: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "seam_speed.py"), "--json",
                          "--tree", str(tree)], env=env, check=True, capture_output=True,
                         text=True, cwd=tree).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, help="the other source tree (the old code)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        sys.path.insert(0, str(args.tree))
        sys.path.insert(1, str(ROOT))  # bench.yardstick from this tree
        print(json.dumps(measure(args.tree)))
        return 0
    if args.compare is None:
        sys.path.insert(0, str(ROOT))
        for key, value in measure(ROOT).items():
            print(f"{key:36} {value:8.2f} ms")
        return 0
    old: list[dict[str, float]] = []
    new: list[dict[str, float]] = []
    for _ in range(args.rounds):
        old.append(_child(args.compare.resolve()))
        new.append(_child(ROOT))
    print(f"{'median of ' + str(args.rounds) + ' rounds, turn about':36} {'old':>9} {'new':>9}"
          f" {'new/old':>8}")
    for key in old[0]:
        before = statistics.median(r[key] for r in old)
        after = statistics.median(r[key] for r in new)
        print(f"{key:36} {before:7.2f}ms {after:7.2f}ms {after / before:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
