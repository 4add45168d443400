"""Listing every legal action, against one plain search per unit (a script, not a test).

    .venv/bin/python bench/legal_listing.py [--rounds 15] [--clock cpu|wall]

On the demo and Slaughter Mountain, in one run:
- the baseline: for every unit of the side to move, one networkx
  `single_source_dijkstra_path_length` from its hex on the map's plain graph (one cost, 4 to 8
  MPs, to enter each hex; no facing, formation or rule), with the unit's MPA as cutoff; the
  graph is built before timing. The sum over the units is what "one plain search per unit" costs;
- the listing on a fresh game (`list(Game.from_scenario(...).legal_actions())`, the game made
  before timing): what the random player and the AI pay at their first decision, every lazy
  cache of the game's own empty; what is kept with the map (step prices, command distances,
  open fields of fire: `costs.MapCaches`) was filled by the games before it on the same map,
  as in the harness and the AI's next game;
- the listing on a fresh game of a scenario loaded anew (loaded before timing): the first game
  on its map, the map's caches empty too (`new map`);
- the listing again on the same game (its caches filled);
- the first reach search of a fresh game, for each unit of the side to move in turn, each on
  its own new game (the first click on a counter): median and worst over the units.
Each round times the baseline and the two listings turn about, so that all three meet the same
load, and takes the ratios within the round; the medians over `--rounds` rounds are printed,
with the yardstick (bench/yardstick.py) timed in the same run. The clock is the process's CPU
time unless `--clock wall`: on a machine shared by many jobs it moves far less. The process's
own first-use costs (the tables read from the package's data files) are paid before timing, by
one listing on a game not timed.
"""

from __future__ import annotations

import argparse
import os
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


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


class Timer:
    """Times jobs with one clock: the process's CPU time by default, which a busy machine
    disturbs far less than the wall clock (`--clock wall` for the latter)."""

    def __init__(self, clock: str) -> None:
        self.clock = CLOCKS[clock]

    def ms(self, job: Callable[[], object]) -> float:
        start = self.clock()
        job()
        return (self.clock() - start) * 1000


def plain_searches(scenario: Scenario) -> Callable[[], None]:
    """One plain networkx search per unit of the side to move, its graph already built."""
    game = Game.from_scenario(scenario, seed=1)
    side = game.acting_side
    assert side is not None
    movement = tactical(game).movement
    _, graph = plain_graphs(scenario.map)
    starts = [(u.hex, int(movement.allowance(u).total)) for u in game.state.side_units(side)]

    def every_unit() -> None:
        for start, cutoff in starts:
            nx.single_source_dijkstra_path_length(graph, start, cutoff)
    return every_unit


def listing(game: Game) -> Callable[[], None]:
    return lambda: list(game.legal_actions()) and None


def first_searches_ms(scenario: Scenario, timer: Timer) -> list[float]:
    """The first reach search of a fresh game, for each unit of the side to move."""
    game = Game.from_scenario(scenario, seed=1)
    side = game.acting_side
    assert side is not None
    ids = [u.id for u in game.state.side_units(side)]
    times = []
    for uid in ids:
        game = Game.from_scenario(scenario, seed=1)
        times.append(timer.ms(lambda g=game, u=uid: tactical(g).movement.reachable(u)))
    return times


def measure(path: Path, scenario: Scenario, rounds: int, timer: Timer
            ) -> dict[str, list[float]]:
    """Each round times, turn about, the baseline, a listing on a fresh game and one again on
    the same game (so all three meet the same load); the ratios are taken round by round."""
    baseline = plain_searches(scenario)
    times: dict[str, list[float]] = {"baseline": [], "fresh": [], "again": [], "new map": []}
    for _ in range(rounds):
        game = Game.from_scenario(scenario, seed=1)
        first = Game.from_scenario(load_scenario(path), seed=1)
        times["baseline"].append(timer.ms(baseline))
        times["fresh"].append(timer.ms(listing(game)))
        times["again"].append(timer.ms(listing(game)))
        times["new map"].append(timer.ms(listing(first)))
    times["fresh / baseline"] = [f / b for f, b in zip(times["fresh"], times["baseline"],
                                                       strict=True)]
    times["again / baseline"] = [a / b for a, b in zip(times["again"], times["baseline"],
                                                       strict=True)]
    times["new map / baseline"] = [a / b for a, b in zip(times["new map"], times["baseline"],
                                                         strict=True)]
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--clock", choices=list(CLOCKS), default="cpu")
    args = parser.parse_args(argv)
    timer = Timer(args.clock)
    scenarios = {name: load_scenario(ROOT / "scenarios" / f"{name}.yaml") for name in SCENARIOS}
    for scenario in scenarios.values():  # the process's first-use costs, not timed
        list(Game.from_scenario(scenario, seed=1).legal_actions())
    print(f"yardstick (bench/yardstick.py, wall clock): {yardstick_ms():.1f} ms; "
          f"{args.clock} time, medians of {args.rounds} rounds; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'scenario':20} {'units':>5} {'actions':>7} {'baseline':>9} {'fresh':>8} "
          f"{'ratio':>6} {'again':>8} {'ratio':>6} {'new map':>8} {'ratio':>6} "
          f"{'1st reach med/worst':>20}")
    for name, scenario in scenarios.items():
        game = Game.from_scenario(scenario, seed=1)
        side = game.acting_side
        assert side is not None
        units = len(game.state.side_units(side))
        actions = len(list(game.legal_actions()))
        measured = measure(ROOT / "scenarios" / f"{name}.yaml", scenario, args.rounds, timer)
        times = {key: statistics.median(values) for key, values in measured.items()}
        firsts = first_searches_ms(scenario, timer)
        print(f"{name:20} {units:5d} {actions:7d} {times['baseline']:7.2f}ms "
              f"{times['fresh']:6.2f}ms {times['fresh / baseline']:6.2f} "
              f"{times['again']:6.2f}ms {times['again / baseline']:6.2f} "
              f"{times['new map']:6.2f}ms {times['new map / baseline']:6.2f} "
              f"{statistics.median(firsts):9.2f} / {max(firsts):5.2f}ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
