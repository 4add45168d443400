"""Listing every legal action, against one plain search per unit (a script, not a test).

    .venv/bin/python bench/legal_listing.py [--repeats 9]

On the demo and Slaughter Mountain, in one run:
- the baseline: for every unit of the side to move, one networkx
  `single_source_dijkstra_path_length` from its hex on the map's plain graph (one cost, 4 to 8
  MPs, to enter each hex; no facing, formation or rule), with the unit's MPA as cutoff; the
  graph is built before timing. The sum over the units is what "one plain search per unit" costs;
- the listing on a fresh game (`list(Game.from_scenario(...).legal_actions())`, the game made
  before timing): what the random player and the AI pay at their first decision, every lazy
  cache of the game's own empty;
- the listing again on the same game (its caches filled);
- the first reach search of a fresh game, for each unit of the side to move in turn, each on
  its own new game (the first click on a counter): median and worst over the units.
Medians over `--repeats` runs, with the yardstick (bench/yardstick.py) timed in the same run,
and the listing's ratio to the baseline. The process's own first-use costs (the tables read
from the package's data files) are paid before timing, by one listing on a game not timed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import networkx as nx  # noqa: E402

from bench.bench_reach import plain_graphs  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.rulesets.tactical import tactical  # noqa: E402
from gameapp.core.scenario import Scenario, load_scenario  # noqa: E402

SCENARIOS = ("demo", "slaughter_mountain")


def median_ms(setup: Callable[[], object], run: Callable[[object], object],
              repeats: int) -> float:
    """Median time of `run(setup())`, the setup not timed."""
    times = []
    for _ in range(repeats):
        made = setup()
        start = time.perf_counter()
        run(made)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def baseline_ms(scenario: Scenario, repeats: int) -> tuple[float, int]:
    """The sum of one plain networkx search per unit of the side to move, and how many."""
    game = Game.from_scenario(scenario, seed=1)
    side = game.acting_side
    assert side is not None
    movement = tactical(game).movement
    _, graph = plain_graphs(scenario.map)
    starts = [(u.hex, int(movement.allowance(u).total)) for u in game.state.side_units(side)]

    def every_unit(_: object) -> None:
        for start, cutoff in starts:
            nx.single_source_dijkstra_path_length(graph, start, cutoff)
    return median_ms(lambda: None, every_unit, repeats), len(starts)


def first_searches_ms(scenario: Scenario) -> list[float]:
    """The first reach search of a fresh game, for each unit of the side to move."""
    ids = [u.id for u in Game.from_scenario(scenario, seed=1).state.side_units(
        Game.from_scenario(scenario, seed=1).acting_side)]  # type: ignore[arg-type]
    times = []
    for uid in ids:
        game = Game.from_scenario(scenario, seed=1)
        start = time.perf_counter()
        tactical(game).movement.reachable(uid)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args(argv)
    scenarios = {name: load_scenario(ROOT / "scenarios" / f"{name}.yaml") for name in SCENARIOS}
    for scenario in scenarios.values():  # the process's first-use costs, not timed
        list(Game.from_scenario(scenario, seed=1).legal_actions())
    print(f"yardstick (bench/yardstick.py): {yardstick_ms():.1f} ms")
    print(f"{'scenario':20} {'units':>5} {'actions':>7} {'baseline':>9} {'fresh':>8} "
          f"{'ratio':>6} {'again':>8} {'ratio':>6} {'1st reach med/worst':>20}")
    for name, scenario in scenarios.items():
        baseline, units = baseline_ms(scenario, args.repeats)
        actions = len(list(Game.from_scenario(scenario, seed=1).legal_actions()))
        fresh = median_ms(lambda s=scenario: Game.from_scenario(s, seed=1),  # type: ignore[misc]
                          lambda g: list(g.legal_actions()), args.repeats)  # type: ignore[attr-defined]

        def warmed(s: Scenario = scenario) -> Game:
            game = Game.from_scenario(s, seed=1)
            list(game.legal_actions())
            return game
        again = median_ms(warmed, lambda g: list(g.legal_actions()),  # type: ignore[attr-defined]
                          args.repeats)
        firsts = first_searches_ms(scenario)
        print(f"{name:20} {units:5d} {actions:7d} {baseline:7.2f}ms {fresh:6.2f}ms "
              f"{fresh / baseline:6.2f} {again:6.2f}ms {again / baseline:6.2f} "
              f"{statistics.median(firsts):9.2f} / {max(firsts):5.2f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
