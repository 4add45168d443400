"""Reach benchmark (a script, not a test): how long one unit's legal-move search takes.

    .venv/bin/python bench/bench_reach.py [--repeats N]

For infantry in column (24 MPs) and cavalry in column (32 MPs), standing at the centre of each
map, with every movement rule in force (terrain, slopes, hexsides, roads, facing, an enemy front
and field of fire, command control, stacking):
- cold: the first search there, which prices every step it meets;
- warm: the search again, with step costs and the search's arcs cached for the map (what a
  player meets when selecting units in an area already visited).
The maps: the demo, and a 150x100 synthetic map with crops of 24x18 and 60x40 around its centre,
so that the same ground surrounds the unit on the last three and only the map's size changes.
Then the search loop alone (dial.least_costs, the reach's loop without its pruning) on a plain
graph (one cost per hex, no facing or formation), against networkx's
single_source_dijkstra_path_length with the same cutoff: same graph, same answer (asserted),
timed turn about in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import networkx as nx  # noqa: E402

from bench.synthetic_maps import synthetic_map_data  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.engine import Game  # noqa: E402
from gameapp.core.hexgrid import Hex  # noqa: E402
from gameapp.core.mapdata import HexMap  # noqa: E402
from gameapp.core.mapfile import compile_map, load_map  # noqa: E402
from gameapp.core.rules.movement.dial import PlainGraph  # noqa: E402
from gameapp.core.rulesets.tactical import tactical  # noqa: E402
from gameapp.core.scenario import Scenario, TurnClock  # noqa: E402
from gameapp.core.units import Formation, Side, SmallArms, Unit, UnitDef, UnitKind  # noqa: E402


def median_ms(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def game_with_mover(game_map: HexMap, kind: UnitKind, at: tuple[int, int]) -> tuple[Game, str]:
    centre = game_map.numbering.offset_to_hex(*at)
    weapon = SmallArms.R if kind is UnitKind.INFANTRY else SmallArms.C
    mover = UnitDef("mover", Side.UNION, "mover", kind, 5, 35, brigade="1st",
                    division="1st Div", corps="I", weapon=weapon)
    leader = UnitDef("ldr", Side.UNION, "ldr", UnitKind.LEADER, 0, 0, brigade="1st",
                     division="1st Div", corps="I")
    enemy = UnitDef("reb", Side.CONFEDERATE, "reb", UnitKind.INFANTRY, 5, 35, weapon=SmallArms.R)
    units = [
        Unit(mover, centre, 2, Formation.COLUMN),
        Unit(leader, centre.neighbor(4).neighbor(4), 2, Formation.MOUNTED),
        Unit(enemy, _nearby(game_map, centre, 5), 5, Formation.LINE),
    ]
    scenario = Scenario(Path("bench.yaml"), "bench", "", game_map, "tactical",
                        {"stacking": "tec_sl"}, TurnClock(1, 10, 900, 20), Side.UNION, units)
    return Game.from_scenario(scenario), "mover"


def middle(game_map: HexMap) -> tuple[int, int]:
    return game_map.width // 2, game_map.height // 2


def crop(big: HexMap, width: int, height: int) -> tuple[HexMap, tuple[int, int]]:
    """The `width` x `height` window around the middle of `big`, and where that middle hex lies
    in it: a unit there meets exactly the same ground as on `big`, only the map's size differs."""
    col0 = (big.width - width) // 2 // 2 * 2  # an even column keeps the odd-q shove the same
    row0 = (big.height - height) // 2
    window = (slice(row0, row0 + height), slice(col0, col0 + width))
    numbering = replace(big.numbering, width=width, height=height)
    cropped = replace(big, numbering=numbering, terrain=big.terrain[window].copy(),
                      elevation=big.elevation[window].copy(),
                      features=big.features[window].copy(),
                      hexsides=big.hexsides[window].copy(), roads=big.roads[window].copy())
    col, row = middle(big)
    return cropped, (col - col0, row - row0)


def _nearby(game_map: HexMap, centre: Hex, distance: int) -> Hex:
    for h in centre.ring(distance):
        if game_map.contains(h):
            return h
    return centre


def plain_graphs(game_map: HexMap) -> tuple[PlainGraph, nx.DiGraph]:
    """The same plain graph both ways: one cost (4 to 8 MPs, from the terrain) to enter each
    hex, built before timing, as a networkx graph is."""
    cost = {h: 4 + int(game_map.terrain[game_map.index(h)]) % 5 for h in game_map.hexes()}
    graph = nx.DiGraph()
    for h, c in cost.items():
        for n in h.neighbors():
            if n in cost:
                graph.add_edge(n, h, weight=c)
    return PlainGraph(cost), graph


def paired_median_ms(ours: Callable[[], object], theirs: Callable[[], object],
                     repeats: int) -> tuple[float, float]:
    """Median times of two jobs run turn about, so that both meet the same load on a busy
    machine; the order within each pair alternates too."""
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(repeats):
        order = ((0, ours), (1, theirs)) if i % 2 == 0 else ((1, theirs), (0, ours))
        for slot, fn in order:
            start = time.perf_counter()
            fn()
            times[slot].append(time.perf_counter() - start)
    return statistics.median(times[0]) * 1000, statistics.median(times[1]) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=51)
    parser.add_argument("--plain-repeats", type=int, default=301)
    args = parser.parse_args()
    big = compile_map(synthetic_map_data(150, 100, seed=3))
    demo = load_map(ROOT / "maps" / "demo.yaml")
    maps = {
        "demo 24x18": (demo, middle(demo)),
        "24x18 crop": crop(big, 24, 18),
        "60x40 crop": crop(big, 60, 40),
        "150x100": (big, middle(big)),
    }
    print(f"yardstick (bench/yardstick.py): {yardstick_ms():.1f} ms")
    print(f"{'map':12} {'unit':22} {'hexes':>5} {'cold ms':>8} {'warm ms':>8}")
    for name, (game_map, at) in maps.items():
        for kind, label in ((UnitKind.INFANTRY, "infantry column 24"),
                            (UnitKind.CAVALRY, "cavalry column 32")):
            game, uid = game_with_mover(game_map, kind, at)
            start = time.perf_counter()
            found = tactical(game).movement.reachable(uid)
            cold = (time.perf_counter() - start) * 1000
            warm = median_ms(lambda g=game, u=uid: tactical(g).movement.reachable(u), args.repeats)
            print(f"{name:12} {label:22} {len(found):5d} {cold:8.2f} {warm:8.3f}")
    print()
    print(f"{'plain graph, cutoff':22} {'ours ms':>8} {'networkx ms':>12} {'ratio':>6}")
    ratios = []
    for name, (game_map, at) in maps.items():
        plain, graph = plain_graphs(game_map)
        centre = game_map.numbering.offset_to_hex(*at)
        for cutoff in (24, 32):
            # the same answer: every reachable hex, the start included, with its least cost
            assert plain.least_costs(centre, cutoff) == nx.single_source_dijkstra_path_length(
                graph, centre, cutoff)
            ours, theirs = paired_median_ms(
                lambda c=centre, k=cutoff, p=plain: p.least_costs(c, k),
                lambda c=centre, k=cutoff, g=graph: nx.single_source_dijkstra_path_length(g, c, k),
                args.plain_repeats,
            )
            ratios.append(ours / theirs)
            print(f"{name + ' ' + str(cutoff):22} {ours:8.3f} {theirs:12.3f} {ours / theirs:6.2f}")
    print(f"worst ratio {max(ratios):.2f}, median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
